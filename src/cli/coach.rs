//! `fifteen coach`: a person's solve, line by line from their own boards:
//! the moves each line lost against fifteen's par and fifteen's way
//! through it; with several solves, the mean loss by size and kind of line.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

use clap::{Args, ValueEnum};
use fifteen_core::coach::{self, ChosenPar, Coaching, LineCoaching, LineKind};
use fifteen_core::human::Effort;
use fifteen_core::slidysim;
use fifteen_core::tables::Tables;
use fifteen_core::{Board, Move};
use rayon::prelude::*;
use serde_json::json;

use super::coach_plot::{self, PlotFile};
use super::coach_watch::{self, CoachWatchArgs};
use super::error::CliError;
use super::near_par::{self, ParArg};
use super::solve_source::{self, SourcedSolve};
use fifteen_core::coach::session::{SessionReport, SessionSolve};
use fifteen_view::scene::{Chart, Trend};

/// What `coach --help` says after the options: the near solver's seconds
/// as the core decides them.
pub fn coach_help() -> String {
    COACH_HELP.replace("{near_seconds}", &near_par::seconds_a_board())
}

const COACH_HELP: &str = "\
SOURCE is a slidysim replay link (https://slidysim.github.io/replay?r=…), its
bare payload, or a file holding links, one a line; `-` or nothing reads them
from stdin. A leaderboard replay of an average holds several solves.

Par is the moves fifteen needs from a board: the optimal number on boards of
up to 16 cells; on 17 to 49 cells (--par auto, the default) the near
solver's solution ({near_seconds}), or fifteen's own solve
when that is shorter, with the lower bound the search proved; else fifteen's
own solve of what is left, at --effort (auto: best up to 49 cells, normal
up to 30×30, fast beyond, so that a whole solve is coached in seconds; an
upper bound). From the person's own board where each line began, a line lost
its moves plus the par after it less the par before it; the losses add up
to the solve's moves less the scramble's par. Where par is an upper bound
it is lowered to the person's own way from a board where that was shorter
(so no loss is below zero), and each loss has a margin (±N) it may be off
by; a loss within it is no finding. On boards of up to 16 cells every move
either brings the goal one move nearer or takes it one further away: those
are the mistakes, listed by move number.

After each table, fifteen's way through every line that lost moves, from
the person's board where the line began (the lines before it stay home):
the fewest moves that finish the line when it is small enough to search
exactly, else fifteen building that line first. Several solves end with the
mean moves lost a line, by size and by kind of line.

A session is the solves of one size from one source (an average's link, a
file of links), or with --session from every source: it ends with each kind
of line's mean moves, mean loss, its spread and how it changed from the
session's first half to its second, the averages as slidysim's leaderboard
counts them (ao5, ao12, ao50, ao100: the best and the worst solve dropped,
the rest's mean) of the times and the moves, and the solves that lost most.

--plot FILE also draws the solve's par graph, as SVG or PNG by the name's
ending: the moves made across, par up; the person's solve, beside it the
solve that loses nothing (par falling one a move), each line's end marked
and named, and on boards of up to 16 cells the mistakes as dots. For a
session it draws the session's trend instead: each solve's loss, and each
kind of line's.

--format html writes the page of the solve (or of the session: its numbers
and its solves listed, a click opens one coached) beside fifteen's.

--watch plays the solve in the window (the terminal without a display):
each split with the moves its line lost, the line under way with its par
and fifteen's way, the par graph (a click jumps to that move). C plays
fifteen's way through the line under way from the person's board, X goes
back to their solve; ? lists every key.";

#[derive(Args, Debug)]
pub struct CoachCommand {
    /// Replay links, payloads or files of them (stdin when none or `-`).
    #[arg(value_name = "SOURCE")]
    sources: Vec<String>,
    /// Coach only the N-th solve of all the sources (from 1).
    #[arg(long = "solve", value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pick: Option<u32>,
    /// Read the sources whatever their size: lifts the limits on a link
    /// (10 million moves and a million cells in all, 32 MiB unpacked) for
    /// sources you trust.
    #[arg(long)]
    trusted: bool,
    /// How to print: a table per solve, or one JSON line per solve.
    #[arg(long, short, value_enum, default_value_t = CoachFormat::Table)]
    format: CoachFormat,
    /// How hard fifteen looks for fewer moves when it finds par on boards
    /// of more than 16 cells (as `solve --effort`).
    #[arg(long, value_parser = super::choices::effort(), default_value = "auto")]
    effort: Effort,
    /// Worker threads (default: one per core).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
    /// How par is found on boards of more than 16 cells.
    #[arg(long, value_enum, default_value_t = ParArg::Auto)]
    par: ParArg,
    /// Also draw the solve's par graph into FILE (.svg or .png); when the
    /// sources hold a session, its trend instead (--solve N picks one solve).
    #[arg(long, value_name = "FILE")]
    plot: Option<PathBuf>,
    /// The solves of all the sources are one session (by size), not each
    /// source's its own.
    #[arg(long)]
    session: bool,
    #[command(flatten)]
    page: super::compare_page::PageArgs,
    #[command(flatten)]
    watch: CoachWatchArgs,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum CoachFormat {
    /// the lines and fifteen's ways, then a summary by size
    Table,
    /// one JSON object per solve, then one per size
    Json,
    /// one self-contained page (HTML, --out): the solve beside fifteen's, with this table and graph
    Html,
}

/// One solve coached, with how its par was found.
pub(super) struct Coached {
    pub sourced: SourcedSolve,
    pub par_name: String,
    exact: bool,
    pub coaching: Coaching,
    pub chosen: ChosenPar,
}

pub fn run(cmd: CoachCommand) -> Result<(), CliError> {
    let plot = cmd.plot.as_deref().map(PlotFile::check).transpose()?;
    cmd.watch.check()?;
    cmd.page.check(cmd.format == CoachFormat::Html)?;
    let mut solves = solve_source::read(&cmd.sources, cmd.pick.map(|n| n as usize), cmd.trusted)?;
    let tables = super::pdb::tables();
    let one_only = if cmd.watch.watch { Some("watching") } else { None };
    if let Some(doing) = one_only.filter(|_| solves.len() > 1) {
        eprintln!(
            "note: the sources hold {} solves; {doing} solve {} (--solve N picks another)",
            solves.len(),
            solves[0].number
        );
        solves.truncate(1);
    }
    if (plot.is_some() || cmd.format == CoachFormat::Html)
        && solves.len() > 1
        && sessions(&solves, cmd.session).is_empty()
    {
        return Err(CliError::Usage(format!(
            "--plot and --format html draw one solve or one session, but the sources hold {} solves of no \
             one session: pick one with --solve N, or make them one session with --session",
            solves.len()
        )));
    }
    let boards: Vec<_> = solves.iter().map(|s| &s.solve.scramble).collect();
    near_par::find_tables(cmd.par, &boards, &tables)?;
    let pool = super::pdb::worker_pool(cmd.threads)?;
    let bar = progress_bar();
    let coached: Vec<Coached> = pool.install(|| {
        solves
            .into_par_iter()
            .map(|sourced| coach_one(sourced, cmd.effort, (&tables, cmd.par), bar.as_ref()))
            .collect::<Result<_, _>>()
    })?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    if cmd.watch.watch {
        return watch(coached, plot.as_ref(), (cmd.effort, cmd.par), &cmd.watch);
    }
    let sessions = sessions(&coached.iter().map(|c| &c.sourced).collect::<Vec<_>>(), cmd.session);
    if cmd.format == CoachFormat::Html {
        return page(&coached, sessions.first(), cmd.effort, plot.as_ref(), cmd.page.out()?);
    }
    let mut out = io::BufWriter::new(io::stdout().lock());
    for (i, one) in coached.iter().enumerate() {
        match cmd.format {
            CoachFormat::Table => write!(out, "{}{}", if i > 0 { "\n" } else { "" }, table(one))?,
            CoachFormat::Json => writeln!(out, "{}", solve_json(one))?,
            CoachFormat::Html => unreachable!("a page is written above"),
        }
    }
    summary(&coached, cmd.format, &mut out)?;
    for group in &sessions {
        let (heading, session) = (group.heading(), group.session(&coached));
        match cmd.format {
            CoachFormat::Table => write!(out, "{}", session_table(&session, &heading))?,
            _ => {
                let summary = session.summary(&heading, group.size.0, group.size.1);
                writeln!(out, "{}", serde_json::to_string(&summary).map_err(std::io::Error::other)?)?
            }
        }
    }
    out.flush()?;
    match (&plot, &coached[..], sessions.first()) {
        (Some(file), [one], _) => {
            let (title, subtitle) = (one.sourced.heading(), headline(one));
            coach_plot::write(file, &Chart::par_graph(&title, &subtitle, &one.coaching))?;
        }
        (Some(file), _, Some(group)) => plot_session(file, group, &coached)?,
        _ => {}
    }
    Ok(())
}

/// The solves of one session: those of one size from one source (from all
/// of them with `--session`), two or more, as indices into the solves.
struct SessionGroup {
    origin: Option<String>,
    size: (usize, usize),
    members: Vec<usize>,
}

impl SessionGroup {
    fn heading(&self) -> String {
        let size = size(self.size.0, self.size.1);
        match &self.origin {
            Some(origin) => format!("{size} from {origin}"),
            None => format!("{size}, every source"),
        }
    }

    fn session<'a>(&self, coached: &'a [Coached]) -> SessionReport<'a> {
        let solves = self
            .members
            .iter()
            .map(|&i| {
                let one = &coached[i];
                SessionSolve { number: one.sourced.number, time_ms: one.sourced.solve.time_ms, coaching: &one.coaching }
            })
            .collect();
        SessionReport::new(solves)
    }
}

/// The sessions among `solves`, in the order their first solves come.
fn sessions(solves: &[impl std::borrow::Borrow<SourcedSolve>], whole: bool) -> Vec<SessionGroup> {
    let mut groups: Vec<SessionGroup> = Vec::new();
    for (i, sourced) in solves.iter().map(|s| s.borrow()).enumerate() {
        let board = &sourced.solve.scramble;
        let origin = (!whole).then(|| sourced.origin.clone());
        let size = (board.rows(), board.cols());
        match groups.iter_mut().find(|g| g.origin == origin && g.size == size) {
            Some(group) => group.members.push(i),
            None => groups.push(SessionGroup { origin, size, members: vec![i] }),
        }
    }
    groups.retain(|g| g.members.len() > 1);
    groups
}

/// `--format html` of a session: the page of its first solve coached,
/// with the session's numbers and every one of its solves listed; a click
/// on one opens it coached (each solve's data is in the page).
fn session_page(
    group: &SessionGroup,
    coached: &[Coached],
    effort: Effort,
    out: &std::path::Path,
) -> Result<(), CliError> {
    let entries: Vec<_> = group
        .members
        .iter()
        .map(|&i| {
            let one = &coached[i];
            fifteen_view::web::SessionEntry {
                number: one.sourced.number,
                solve: &one.sourced.solve,
                coaching: &one.coaching,
                chosen: &one.chosen,
            }
        })
        .collect();
    let data = fifteen_view::web::session_page(&entries, &group.heading(), effort, fifteen_view::web::Work::default())
        .map_err(|e| CliError::Solver(e.to_string()))?;
    let page = fifteen_view::web::page(&data);
    super::compare_page::write_file(out, &page)?;
    eprintln!("a session of {} solves, a page of {} bytes: {}", group.members.len(), page.len(), out.display());
    Ok(())
}

/// The session as text, under a heading naming it.
fn session_table(session: &SessionReport, heading: &str) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let _ = writeln!(out, "\nsession: {heading}, {} solves", session.solves.len());
    let _ = writeln!(
        out,
        "  {:<13} {:>6} {:>7} {:>7} {:>7}   {:>15}",
        "line kind", "lines", "moves", "lost", "spread", "1st → 2nd half"
    );
    for k in &session.by_kind {
        let half = |h: Option<f64>| h.map_or("-".to_string(), |v| format!("{v:.2}"));
        let _ = writeln!(
            out,
            "  {:<13} {:>6} {:>7.1} {:>7.2} {:>7.2}   {:>15}",
            k.kind.name(),
            k.lines,
            k.moves_mean,
            k.loss_mean,
            k.loss_spread,
            format!("{} → {}", half(k.halves.0), half(k.halves.1))
        );
    }
    if let Some(worst) = session.by_kind.iter().max_by(|a, b| a.loss_mean.total_cmp(&b.loss_mean)) {
        let _ = writeln!(
            out,
            "  the costliest kind of line: {} ({:.2} moves lost a line)",
            worst.kind.name(),
            worst.loss_mean
        );
    }
    for (what, list, unit) in [("time", &session.time_averages, " s"), ("moves", &session.move_averages, "")] {
        if !list.is_empty() {
            let text: Vec<String> =
                list.iter().map(|a| format!("ao{} {:.3}{unit} (best {:.3}{unit})", a.of, a.last, a.best)).collect();
            let _ = writeln!(out, "  {what}: {}", text.join(", "));
        }
    }
    let first: Vec<String> = session
        .ranked
        .iter()
        .take(5)
        .map(|&i| format!("solve {} ({:+})", session.solves[i].number, session.solves[i].coaching.loss()))
        .collect();
    let _ = writeln!(out, "  look first at: {}", first.join(", "));
    out
}

/// `--plot` of a session: its trend.
fn plot_session(file: &PlotFile, group: &SessionGroup, coached: &[Coached]) -> Result<(), CliError> {
    let session = group.session(coached);
    let title = format!("session: {}", group.heading());
    let mut subtitle = format!("{} solves", session.solves.len());
    if let Some(a) = session.time_averages.last() {
        subtitle.push_str(&format!(", ao{} {:.3} s", a.of, a.last));
    }
    if let Some(a) = session.move_averages.last() {
        subtitle.push_str(&format!(", ao{} {:.1} moves", a.of, a.last));
    }
    let trend = Trend {
        title,
        subtitle,
        unit: "solve",
        losses: session.solves.iter().map(|s| (s.number, s.coaching.loss())).collect(),
        kinds: session.by_kind.iter().map(|k| (k.kind.name(), session.loss_by_kind(k.kind))).collect(),
    };
    coach_plot::write(file, &Chart::trend(&trend))
}

/// `--watch`: the one solve coached, drawn into the plot file first when
/// one was asked for, then played. When the effort was left to the coach
/// and the core finds a sharper par worth it
/// ([`ChosenPar::sharper`](fifteen_core::coach::ChosenPar::sharper)), par
/// is sharpened while the solve plays: that coaching takes the place of
/// this one when it is done.
fn watch(
    coached: Vec<Coached>,
    plot: Option<&PlotFile>,
    (effort, par): (Effort, ParArg),
    args: &CoachWatchArgs,
) -> Result<(), CliError> {
    let Some(one) = coached.into_iter().next() else {
        return Err(CliError::Usage("no solve to watch".into()));
    };
    if let Some(file) = plot {
        let (title, subtitle) = (one.sourced.heading(), headline(&one));
        coach_plot::write(file, &Chart::par_graph(&title, &subtitle, &one.coaching))?;
    }
    let sharper = one.chosen.sharper().filter(|_| effort == Effort::Auto).map(|sharper| {
        let sourced = one.sourced.clone();
        let job: coach_watch::SharperJob = std::sync::Arc::new(move || {
            let tables = super::pdb::tables();
            let found = coach_one(sourced.clone(), sharper, (&tables, par), None).ok()?;
            Some((found.coaching, found.par_name))
        });
        job
    });
    coach_watch::show(&one.sourced, one.coaching, one.par_name, sharper, args)
}

/// `--format html`: the page of the one solve coached, or of the first
/// session (its solves listed, the first shown), drawn into the plot file
/// too when one was asked for.
fn page(
    coached: &[Coached],
    session: Option<&SessionGroup>,
    effort: Effort,
    plot: Option<&PlotFile>,
    out: &std::path::Path,
) -> Result<(), CliError> {
    let Some(one) = coached.first() else {
        return Err(CliError::Usage("no solve to show".into()));
    };
    if let (Some(group), true) = (session, coached.len() > 1) {
        if let Some(file) = plot {
            plot_session(file, group, coached)?;
        }
        return session_page(group, coached, effort, out);
    }
    if let Some(file) = plot {
        let (title, subtitle) = (one.sourced.heading(), headline(one));
        coach_plot::write(file, &Chart::par_graph(&title, &subtitle, &one.coaching))?;
    }
    let on_page = fifteen_view::web::CoachOnPage::coached(&one.coaching, &one.chosen);
    super::compare_page::write_page(&one.sourced, effort, on_page, out)
}

/// On a terminal, a bar over every solve's pieces of work (each solve adds
/// its own when it starts), since a big board's coaching takes minutes.
pub(super) fn progress_bar() -> Option<indicatif::ProgressBar> {
    if !io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new(0);
    let template = "coaching [{bar:30}] {pos}/{len} pars and ways, {elapsed}, about {eta} left";
    bar.set_style(indicatif::ProgressStyle::with_template(template).expect("a valid template").progress_chars("=> "));
    Some(bar)
}

pub(super) fn coach_one(
    sourced: SourcedSolve,
    effort: Effort,
    (tables, par_arg): (&dyn Tables, ParArg),
    bar: Option<&indicatif::ProgressBar>,
) -> Result<Coached, CliError> {
    let board = &sourced.solve.scramble;
    let chosen = near_par::chosen(board, par_arg, effort, tables)?;
    let progress = |done: usize, of: usize| {
        if let Some(bar) = bar {
            if done == 1 {
                bar.inc_length(of as u64);
            }
            bar.inc(1);
        }
    };
    let coaching = coach::CoachRun::new(board, &sourced.solve.moves, chosen.par())
        .until(near_par::clock())
        .progress(&progress)
        .run()
        .map_err(|e| CliError::Solver(format!("solve {}: {e}", sourced.number)))?;
    Ok(Coached { par_name: chosen.name(), exact: chosen.is_exact(), coaching, sourced, chosen })
}

fn size(rows: usize, cols: usize) -> String {
    if rows == 0 { "solved".into() } else { format!("{rows}×{cols}") }
}

/// A loss with its sign: `+4`, `0`, `-2`.
fn signed(loss: i64) -> String {
    if loss > 0 { format!("+{loss}") } else { loss.to_string() }
}

/// The solve in one line: `4×4, 33 moves in 2.000 s; par 31 (optimal): +2 lost`.
fn headline(one: &Coached) -> String {
    let solve = &one.sourced.solve;
    let board = &solve.scramble;
    let coaching = &one.coaching;
    let mut head = format!(
        "{}, {} moves ({} multi-tile)",
        size(board.rows(), board.cols()),
        coaching.moves,
        solve.moves.multi_tile_count()
    );
    if let Some(ms) = solve.time_ms {
        let _ = write!(head, " in {:.3} s", ms as f64 / 1000.0);
    }
    if let Some(ms) = solve.time_as_4x4_ms().filter(|_| (board.rows(), board.cols()) != (4, 4)) {
        let _ = write!(head, " ({:.3} s as on a 4×4)", ms / 1000.0);
    }
    let bound = match (one.exact, coaching.lower_bound) {
        (true, _) => String::new(),
        (false, Some(proven)) => format!(", an upper bound; the fewest are at least {proven}, proven"),
        (false, None) => ", an upper bound".to_string(),
    };
    let _ = write!(head, "; par {} ({}{bound}): {} lost", coaching.par, one.par_name, signed(coaching.loss()));
    head
}

/// `+12`, or with par's margin `+12 ±9`.
fn loss_with_margin(line: &LineCoaching) -> String {
    match line.margin {
        0 => signed(line.loss()),
        margin => format!("{} ±{margin}", signed(line.loss())),
    }
}

fn table(one: &Coached) -> String {
    let coaching = &one.coaching;
    let mut out = String::new();
    let _ = writeln!(out, "{}", one.sourced.heading());
    let _ = writeln!(out, "  {}", headline(one));
    let width = coaching.lines.iter().map(|l| l.line.name().chars().count()).max().unwrap_or(0).max(4);
    let lost = coaching.lines.iter().map(|l| loss_with_margin(l).chars().count()).max().unwrap_or(0).max(5);
    let _ = writeln!(
        out,
        "  {:<width$}  {:>11}  {:>5}  {:>6}  {:>11}  {:>lost$}  {:>7}",
        "line", "at moves", "moves", "left", "par", "lost", "way"
    );
    for line in &coaching.lines {
        let _ = writeln!(
            out,
            "  {:<width$}  {:>11}  {:>5}  {:>6}  {:>11}  {:>lost$}  {:>7}",
            line.line.name(),
            format!("{}–{}", line.from_move, line.to_move),
            line.moves(),
            size(line.rows_left, line.cols_left),
            format!("{} → {}", line.par_before, line.par_after),
            loss_with_margin(line),
            line.better.moves.len(),
        );
    }
    if let Some(mistakes) = &coaching.mistakes {
        let _ = writeln!(
            out,
            "  mistakes (moves that took the goal a move further away): {}",
            if mistakes.is_empty() { "none".to_string() } else { runs(mistakes) }
        );
    }
    if coaching.lines.iter().any(|l| l.margin > 0) {
        let _ = writeln!(out, "  (±: how far par's own error may move a loss; a loss within it is no finding)");
    }
    if let Some(sharper) = one.chosen.sharper() {
        let _ = writeln!(
            out,
            "  (a sharper par: --effort {}, which takes longer; --watch and the replay pages sharpen it while they \
             show the solve)",
            sharper.name()
        );
    }
    let worse: Vec<&LineCoaching> = coaching.lines.iter().filter(|l| l.lost_more_than_margin()).collect();
    if !worse.is_empty() {
        let _ = writeln!(out, "  fifteen's way through the lines that lost moves, from the person's board:");
        for line in worse {
            let how = line.better.way.name();
            let moves = if line.better.moves.is_empty() { "(no moves)".into() } else { line.better.moves.run_length() };
            let _ = writeln!(out, "    {:<width$}  {:>4} ({how}): {moves}", line.line.name(), line.better.moves.len());
        }
    }
    out
}

/// Move numbers with runs written as ranges: `3, 17–19, 25`.
fn runs(numbers: &[usize]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < numbers.len() {
        let mut j = i;
        while j + 1 < numbers.len() && numbers[j + 1] == numbers[j] + 1 {
            j += 1;
        }
        parts.push(if j == i { numbers[i].to_string() } else { format!("{}–{}", numbers[i], numbers[j]) });
        i = j + 1;
    }
    parts.join(", ")
}

fn solve_json(one: &Coached) -> serde_json::Value {
    let solve = &one.sourced.solve;
    let board = &solve.scramble;
    let coaching = &one.coaching;
    let predicted = predicted_at_line_ends(&solve.scramble, &solve.moves, coaching);
    let lines: Vec<_> = coaching
        .lines
        .iter()
        .zip(predicted)
        .map(|(l, predicted)| {
            json!({
                "line": l.line.name(),
                "kind": l.kind.name(),
                "from_move": l.from_move,
                "to_move": l.to_move,
                "left": {"rows": l.rows_left, "cols": l.cols_left},
                "moves": l.moves(),
                "par_before": l.par_before,
                "par_after": l.par_after,
                "loss": l.loss(),
                "loss_margin": l.margin,
                "better": {"moves": l.better.moves.to_string(), "count": l.better.moves.len(), "way": l.better.way.name()},
                "predicted_moves": predicted,
            })
        })
        .collect();
    let mut value = json!({
        "solve": one.sourced.number,
        "source": one.sourced.origin,
        "event": solve.event,
        "player": solve.player,
        "rows": board.rows(),
        "cols": board.cols(),
        "moves": coaching.moves,
        "multi_tile_moves": solve.moves.multi_tile_count(),
        "time_ms": solve.time_ms,
        "time_as_4x4_ms": solve.time_as_4x4_ms(),
        "par": coaching.par,
        "par_by": one.par_name,
        "par_exact": one.exact,
        "par_lower_bound": coaching.lower_bound,
        "loss": coaching.loss(),
        "lines": lines,
    });
    if let Some(mistakes) = &coaching.mistakes {
        value["mistakes"] = json!(mistakes);
    }
    value
}

/// The final move count predicted when each line was done, as slidysim's
/// replay page predicts it (`slidysim::predicted_moves`).
fn predicted_at_line_ends(scramble: &Board, moves: &[Move], coaching: &Coaching) -> Vec<Option<f64>> {
    let start = scramble.manhattan();
    let mut board = scramble.clone();
    let mut made = 0;
    coaching
        .lines
        .iter()
        .map(|line| {
            // The moves were checked when the solve was coached.
            let _ = board.apply(&moves[made..line.to_move]);
            made = line.to_move;
            slidysim::predicted_moves(made, start, board.manhattan())
        })
        .collect()
}

/// Per size: the solves, the means of the person's moves, par and loss,
/// and the mean loss a line of each kind (lines counted, loss summed).
#[derive(Default)]
struct SizeSummary {
    solves: usize,
    moves: usize,
    par: usize,
    par_by: String,
    by_kind: BTreeMap<LineKind, (usize, i64)>,
}

fn summary(coached: &[Coached], format: CoachFormat, out: &mut impl Write) -> io::Result<()> {
    let mut by_size: BTreeMap<(usize, usize), SizeSummary> = BTreeMap::new();
    for one in coached {
        let board = &one.sourced.solve.scramble;
        let entry = by_size.entry((board.rows(), board.cols())).or_default();
        entry.solves += 1;
        entry.moves += one.coaching.moves;
        entry.par += one.coaching.par;
        entry.par_by.clone_from(&one.par_name);
        for line in &one.coaching.lines {
            let kind = entry.by_kind.entry(line.kind).or_default();
            *kind = (kind.0 + 1, kind.1 + line.loss());
        }
    }
    let mean_loss = |s: &SizeSummary, kind: LineKind| s.by_kind.get(&kind).map(|&(n, lost)| lost as f64 / n as f64);
    if format == CoachFormat::Table {
        if coached.len() < 2 {
            return Ok(());
        }
        writeln!(out, "\nmeans by size; under each kind of line, the moves a line of it lost:")?;
        write!(out, "{:<8} {:>6} {:>8} {:>8} {:>8}", "size", "solves", "moves", "par", "lost")?;
        for kind in LineKind::ALL {
            write!(out, " {:>13}", kind.name())?;
        }
        writeln!(out)?;
    }
    for (&(rows, cols), s) in &by_size {
        let n = s.solves as f64;
        let (moves, par) = (s.moves as f64 / n, s.par as f64 / n);
        match format {
            CoachFormat::Table => {
                write!(out, "{:<8} {:>6} {moves:>8.1} {par:>8.1} {:>8.1}", size(rows, cols), s.solves, moves - par)?;
                for kind in LineKind::ALL {
                    let cell = mean_loss(s, kind).map_or("-".to_string(), |m| format!("{m:.2}"));
                    write!(out, " {cell:>13}")?;
                }
                writeln!(out)?;
            }
            CoachFormat::Json | CoachFormat::Html => {
                let kinds: serde_json::Map<String, serde_json::Value> = LineKind::ALL
                    .iter()
                    .filter_map(|&kind| {
                        let &(lines, lost) = s.by_kind.get(&kind)?;
                        Some((
                            kind.name().to_string(),
                            json!({"lines": lines, "loss_mean": lost as f64 / lines as f64}),
                        ))
                    })
                    .collect();
                writeln!(
                    out,
                    "{}",
                    json!({"summary": format!("{rows}x{cols}"), "rows": rows, "cols": cols, "solves": s.solves,
                           "moves_mean": moves, "par_mean": par, "loss_mean": moves - par, "par_by": s.par_by,
                           "loss_by_kind": kinds})
                )?;
            }
        }
    }
    Ok(())
}
