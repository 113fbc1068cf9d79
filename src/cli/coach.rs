//! `fifteen coach`: a person's solve, line by line from their own boards:
//! the moves each line lost against fifteen's par and fifteen's way
//! through it; with several solves, the mean loss by size and kind of line.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

use clap::{Args, ValueEnum};
use fifteen_core::coach::{self, Coaching, LineCoaching, LineKind, Par};
use fifteen_core::human::Effort;
use fifteen_core::tables::Tables;
use rayon::prelude::*;
use serde_json::json;

use super::coach_plot::{self, ParGraph, PlotFile};
use super::coach_watch::{self, CoachWatchArgs};
use super::error::CliError;
use super::near_par::{self, ParArg};
use super::solve_source::{self, SourcedSolve};

pub const COACH_HELP: &str = "\
SOURCE is a slidysim replay link (https://slidysim.github.io/replay?r=…), its
bare payload, or a file holding links, one a line; `-` or nothing reads them
from stdin. A leaderboard replay of an average holds several solves.

Par is the moves fifteen needs from a board: the optimal number on boards of
up to 16 cells, else fifteen's own solve of what is left at --effort (an
upper bound); with --par near, on 17 to 49 cells, the near solver's solution
found in half a second a board (2 s on a 6×6, 3 s on a 7×7), or fifteen's
own solve when that is shorter
(a tighter upper bound). From the person's own board where each line began,
a line lost its moves plus the par after it less the par before it; the
losses add up to the solve's moves less the scramble's par, and a loss below
zero beat par. On boards of up to 16 cells every move either brings the goal one move
nearer or takes it one further away: those are the mistakes, listed by move
number.

After each table, fifteen's way through every line that lost moves, from
the person's board where the line began (the lines before it stay home):
the fewest moves that finish the line when it is small enough to search
exactly, else fifteen building that line first. Several solves end with the
mean moves lost a line, by size and by kind of line.

--plot FILE also draws the solve's par graph, as SVG or PNG by the name's
ending: the moves made across, par up; the person's solve, beside it the
solve that loses nothing (par falling one a move), each line's end marked
and named, and on boards of up to 16 cells the mistakes as dots.

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
    #[arg(long, value_enum, default_value_t = ParArg::Human)]
    par: ParArg,
    /// Also draw the solve's par graph into FILE (.svg or .png). One solve
    /// only: when the sources hold several, pick one with --solve N.
    #[arg(long, value_name = "FILE")]
    plot: Option<PathBuf>,
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
struct Coached {
    sourced: SourcedSolve,
    par_name: String,
    exact: bool,
    coaching: Coaching,
}

pub fn run(cmd: CoachCommand) -> Result<(), CliError> {
    let plot = cmd.plot.as_deref().map(PlotFile::check).transpose()?;
    cmd.watch.check()?;
    cmd.page.check(cmd.format == CoachFormat::Html)?;
    let mut solves = solve_source::read(&cmd.sources, cmd.pick.map(|n| n as usize))?;
    let tables = super::pdb::tables();
    if cmd.format == CoachFormat::Html {
        return cmd.page.write(&solves, cmd.effort, super::compare_page::Coach::Always, &tables);
    }
    if cmd.watch.watch && solves.len() > 1 {
        eprintln!(
            "note: the sources hold {} solves; watching solve {} (--solve N picks another)",
            solves.len(),
            solves[0].number
        );
        solves.truncate(1);
    }
    if plot.is_some() && solves.len() > 1 {
        return Err(CliError::Usage(format!(
            "--plot draws one solve, but the sources hold {}: pick one with --solve N",
            solves.len()
        )));
    }
    let boards: Vec<_> = solves.iter().map(|s| &s.solve.scramble).collect();
    super::pdb::find_optimal_tables(&tables, boards.iter().copied());
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
        return watch(coached, plot.as_ref(), &cmd.watch);
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
    out.flush()?;
    if let (Some(file), [one]) = (&plot, &coached[..]) {
        let (title, subtitle) = (one.sourced.heading(), headline(one));
        coach_plot::write(file, &ParGraph { title: &title, subtitle: &subtitle, coaching: &one.coaching })?;
    }
    Ok(())
}

/// `--watch`: the one solve coached, drawn into the plot file first when
/// one was asked for, then played.
fn watch(coached: Vec<Coached>, plot: Option<&PlotFile>, args: &CoachWatchArgs) -> Result<(), CliError> {
    let Some(one) = coached.into_iter().next() else {
        return Err(CliError::Usage("no solve to watch".into()));
    };
    if let Some(file) = plot {
        let (title, subtitle) = (one.sourced.heading(), headline(&one));
        coach_plot::write(file, &ParGraph { title: &title, subtitle: &subtitle, coaching: &one.coaching })?;
    }
    coach_watch::show(&one.sourced, one.coaching, one.par_name, args)
}

/// On a terminal, a bar over every solve's pieces of work (each solve adds
/// its own when it starts), since a big board's coaching takes minutes.
fn progress_bar() -> Option<indicatif::ProgressBar> {
    if !io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new(0);
    let template = "coaching [{bar:30}] {pos}/{len} pars and ways, {elapsed}, about {eta} left";
    bar.set_style(indicatif::ProgressStyle::with_template(template).expect("a valid template").progress_chars("=> "));
    Some(bar)
}

fn coach_one(
    sourced: SourcedSolve,
    effort: Effort,
    (tables, par_arg): (&dyn Tables, ParArg),
    bar: Option<&indicatif::ProgressBar>,
) -> Result<Coached, CliError> {
    let board = &sourced.solve.scramble;
    let effort = effort.resolve(board.rows(), board.cols());
    let optimal = super::pdb::optimal_tables(tables, board);
    let near = near_par::tables_for(par_arg, tables, board);
    let par = match (&optimal, &near) {
        (Some(optimal), _) => Par::Optimal(super::pdb::heuristic(optimal.as_deref())),
        (None, Some(near)) => Par::Near(near_par::near_par(near, effort, board)),
        (None, None) => Par::Human(effort),
    };
    let progress = |done: usize, of: usize| {
        if let Some(bar) = bar {
            if done == 1 {
                bar.inc_length(of as u64);
            }
            bar.inc(1);
        }
    };
    let coaching = coach::coach_until(board, &sourced.solve.moves, par, &near_par::clock(), &progress)
        .map_err(|e| CliError::Solver(format!("solve {}: {e}", sourced.number)))?;
    let par_name = if matches!(par, Par::Near(_)) { near_par::near_par_name(board.len()) } else { par.name() };
    Ok(Coached { par_name, exact: par.is_exact(), coaching, sourced })
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
    let mut head = format!("{}, {} moves", size(board.rows(), board.cols()), coaching.moves);
    if let Some(ms) = solve.time_ms {
        let _ = write!(head, " in {:.3} s", ms as f64 / 1000.0);
    }
    let bound = if one.exact { "" } else { ", an upper bound" };
    let _ = write!(head, "; par {} ({}{bound}): {} lost", coaching.par, one.par_name, signed(coaching.loss()));
    head
}

fn table(one: &Coached) -> String {
    let coaching = &one.coaching;
    let mut out = String::new();
    let _ = writeln!(out, "{}", one.sourced.heading());
    let _ = writeln!(out, "  {}", headline(one));
    let width = coaching.lines.iter().map(|l| l.line.name().chars().count()).max().unwrap_or(0).max(4);
    let _ = writeln!(
        out,
        "  {:<width$}  {:>11}  {:>5}  {:>6}  {:>11}  {:>5}  {:>7}",
        "line", "at moves", "moves", "left", "par", "lost", "way"
    );
    for line in &coaching.lines {
        let _ = writeln!(
            out,
            "  {:<width$}  {:>11}  {:>5}  {:>6}  {:>11}  {:>5}  {:>7}",
            line.line.name(),
            format!("{}–{}", line.from_move, line.to_move),
            line.moves(),
            size(line.rows_left, line.cols_left),
            format!("{} → {}", line.par_before, line.par_after),
            signed(line.loss()),
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
    if coaching.lines.iter().any(|l| l.loss() < 0) {
        let _ = writeln!(out, "  (a loss below zero: the person beat fifteen's par on that line)");
    }
    let worse: Vec<&LineCoaching> = coaching.lines.iter().filter(|l| l.loss() > 0).collect();
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
    let lines: Vec<_> = coaching
        .lines
        .iter()
        .map(|l| {
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
                "better": {"moves": l.better.moves.to_string(), "count": l.better.moves.len(), "way": l.better.way.name()},
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
        "time_ms": solve.time_ms,
        "par": coaching.par,
        "par_by": one.par_name,
        "par_exact": one.exact,
        "loss": coaching.loss(),
        "lines": lines,
    });
    if let Some(mistakes) = &coaching.mistakes {
        value["mistakes"] = json!(mistakes);
    }
    value
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
