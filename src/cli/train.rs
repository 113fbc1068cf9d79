//! `fifteen train`: a plan of drills from a person's own costliest lines
//! (the core's `train`), and the history of their attempts (the store).

use std::io::{self, BufRead, Write};
use std::path::PathBuf;

use clap::{Args, ValueEnum};
use fifteen_core::human::Effort;
use fifteen_core::train::planned::PlannedDrill;
use fifteen_core::train::{self, Boxes, CoachedSolve, PlanOptions, history::Attempt};
use fifteen_view::control::PlanDrill;
use rayon::prelude::*;

use super::coach::{self, Coached};
use super::coach_plot::PlotFile;
use super::error::CliError;
use super::near_par::{self, ParArg};
use super::solve_source;
use super::train_history;
use super::train_practice::{self, Practice};
use super::train_store::{self, Store};
use super::watch::WindowRun;

pub const TRAIN_HELP: &str = "\
SOURCE is what `fifteen coach` reads: slidysim replay links, their bare
payloads, or files of them (`-` reads stdin). Every solve is coached, and
each kind of line (rows, columns, end pairs, bottom pairs, the last 2×2) of
each size is weighed by the moves it lost a solve against par. --plan
shares --drills among the kinds by that weight, the costliest first: half
of a kind's drills (rounded up) are the person's own boards where their
lines of that kind lost more than par's margin, the rest fresh boards of
the same lines (the lines before it home, the rest a uniformly random
solvable arrangement, from --seed). A drill's par is the coach's par of its
board; an attempt loses its moves plus the par of the board it leaves less
the drill's par.

Repetition adapts as Leitner's boxes do (Sebastian Leitner, So lernt man
lernen, 1972), counted in drills: a drill played at par (its loss within
par's margin) moves its kind and its board up a box, one that loses more
sends them back to box 1, and a kind in box b weighs 1/2^(b-1) of its loss.

The history (every attempt: kind, size, board, moves, par, loss, time,
when) is kept in $XDG_DATA_HOME/fifteen/history.sqlite, else
~/.local/share/fifteen/history.sqlite (--store names another), with the
plan being worked through: `fifteen train --plan` with no source carries on
with its drills not yet played. --history shows the trend of each kind;
--export and --import move the attempts as JSON lines, one an attempt.

With no --plan, --history, --export or --import the drills are practised
by hand in the window (the terminal without a display): `fifteen train
SOURCE…` makes the plan and starts at its first drill, `fifteen train` alone
carries on with the kept plan's drills not played yet. The drill's line is
outlined and the lines before it shaded; the clock starts at the first move
and the attempt is done when the line is home (the rest of the board may be
as it likes). It is then weighed against par, kept in the history at once,
and its moves, par, loss and time shown. R tries the drill again, S goes to
the next (skipping this one), C plays fifteen's way through it from its
board (before an attempt: the way first; after one: the attempt and the
way side by side), X plays the attempt back, M returns to the drill, Esc
stops.

--move-game deals the boards of the sources' solves where the person's
next move lost par (boards of up to 16 cells, where par is the optimal
distance): slide the tile you would move, and you are told whether it keeps
par and, if not, which moves would have.

A drill's board is in slidysim's notation, so it can be played there too:
--attempt LINK weighs and keeps the moves of that game's replay link up to
the line home (its board must be one of the plan's drills), prints the
result, and in a terminal (or with --frames or --screenshot) shows it in
the window.";

#[derive(Args, Debug)]
pub struct TrainCommand {
    /// Replay links, payloads or files of them (`-`: stdin).
    #[arg(value_name = "SOURCE")]
    sources: Vec<String>,
    /// Print the plan: the kinds of line by what they cost, then the drills.
    #[arg(long)]
    plan: bool,
    /// Drills in the plan.
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=1000))]
    drills: u32,
    /// Seed of the fresh boards (default: a fresh one, printed).
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// Show the attempts so far: each kind's trend.
    #[arg(long)]
    history: bool,
    /// Write every attempt to FILE as JSON lines (`-`: stdout).
    #[arg(long, value_name = "FILE")]
    export: Option<PathBuf>,
    /// Add the attempts of FILE (JSON lines, as --export writes them; `-`: stdin).
    #[arg(long, value_name = "FILE")]
    import: Option<PathBuf>,
    /// With --history, also draw the trend into FILE (.svg or .png).
    #[arg(long, value_name = "FILE")]
    plot: Option<PathBuf>,
    /// The history store (default: history.sqlite in the user's data directory).
    #[arg(long, value_name = "FILE")]
    store: Option<PathBuf>,
    /// How to print: text, or JSON (--plan: one object a drill; --history: one object).
    #[arg(long, short, value_enum, default_value_t = TrainFormat::Text)]
    format: TrainFormat,
    /// How hard fifteen looks for fewer moves when it finds par (as `coach --effort`).
    #[arg(long, value_parser = super::choices::effort(), default_value = "auto")]
    effort: Effort,
    /// How par is found on boards of more than 16 cells (as `coach --par`).
    #[arg(long, value_enum, default_value_t = ParArg::Auto)]
    par: ParArg,
    /// Worker threads (default: one per core).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
    /// Read the sources whatever their size (as `coach --trusted`).
    #[arg(long)]
    trusted: bool,
    /// Practice: a drill played elsewhere (slidysim's replay link of its
    /// board), weighed and kept, then its result shown (C plays fifteen's way).
    #[arg(long, value_name = "LINK")]
    attempt: Option<String>,
    /// The move game instead of drills: the boards of the sources' solves
    /// where the person's next move lost par; choose the move that keeps it
    /// (boards of up to 16 cells, where par is exact; --drills boards).
    #[arg(long, conflicts_with = "attempt")]
    move_game: bool,
    /// Practice: moves per second when a way is played back (default: by the board's size).
    #[arg(long, value_name = "MPS", value_parser = super::numbers::positive_real)]
    speed: Option<f64>,
    #[command(flatten)]
    window: WindowRun,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum TrainFormat {
    /// for a reader
    Text,
    /// for a program
    Json,
}

pub fn run(cmd: TrainCommand) -> Result<(), CliError> {
    let plot = cmd.plot.as_deref().map(PlotFile::check).transpose()?;
    if plot.is_some() && !cmd.history {
        return Err(CliError::Usage("--plot draws the history's trend: give it with --history".into()));
    }
    let acts = [cmd.plan, cmd.history, cmd.export.is_some(), cmd.import.is_some()];
    let practising = match acts.iter().filter(|&&a| a).count() {
        0 => true,
        1 => false,
        _ => return Err(CliError::Usage("--plan, --history, --export and --import are one at a time".into())),
    };
    let window = &cmd.window;
    let window_flags = window.frames.is_some() || window.until_solved || window.screenshot.is_some() || window.tui;
    if !practising && (window_flags || cmd.speed.is_some() || cmd.attempt.is_some() || cmd.move_game) {
        return Err(CliError::Usage(
            "--move-game, --attempt, --speed, --frames, --until-solved, --screenshot and --tui are for practising: \
             give them without --plan, --history, --export or --import"
                .into(),
        ));
    }
    if !cmd.sources.is_empty() && !cmd.plan && !practising {
        return Err(CliError::Usage("sources make a plan: give them alone (practice) or with --plan".into()));
    }
    let path = train_store::path(cmd.store.as_deref())?;
    if practising {
        return practise(&cmd, &path);
    }
    if let Some(file) = &cmd.import {
        return import(file, &path);
    }
    if let Some(file) = &cmd.export {
        return export(file, &path);
    }
    if cmd.history {
        return train_history::show(&path, cmd.format == TrainFormat::Json, plot.as_ref());
    }
    if cmd.sources.is_empty() { carry_on(&path, cmd.format) } else { plan(&cmd, &path) }
}

/// `--plan SOURCE…`: the sources coached, the plan made, printed and kept.
fn plan(cmd: &TrainCommand, path: &std::path::Path) -> Result<(), CliError> {
    // The store is checked before the long work: one that cannot be read
    // stops the command at once.
    let mut store = Store::open_or_create(path)?;
    let made = make_plan(cmd, &mut store)?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    match cmd.format {
        TrainFormat::Json => {
            for line in &made.lines {
                writeln!(out, "{line}")?;
            }
        }
        TrainFormat::Text => {
            write!(out, "{}", costs_text(&made.costs, made.solves, made.seed))?;
            for drill in &made.planned {
                write!(out, "{}", drill_text(drill))?;
            }
            writeln!(out, "\nkept in {}: `fifteen train --plan` carries on with it", store.path().display())?;
        }
    }
    out.flush()?;
    Ok(())
}

/// A plan made and kept.
struct MadePlan {
    costs: Vec<train::KindCost>,
    drills: Vec<train::Drill>,
    planned: Vec<PlannedDrill>,
    /// The drills as kept, one JSON object each.
    lines: Vec<String>,
    /// Solves coached.
    solves: usize,
    seed: u64,
}

/// The sources coached, the plan made and kept in `store`.
fn make_plan(cmd: &TrainCommand, store: &mut Store) -> Result<MadePlan, CliError> {
    let boxes = Boxes::from_attempts(&store.attempts()?);
    let solves = solve_source::read(&cmd.sources, None, cmd.trusted)?;
    let (coached, tables, pool) = coach_sources(cmd, solves)?;
    let seed = cmd.seed.unwrap_or_else(rand::random);
    let read: Vec<CoachedSolve> = coached.iter().map(Coached::as_coached_solve).collect();
    let made = train::plan(&read, &boxes, &PlanOptions { drills: cmd.drills as usize, seed });
    let clock = near_par::clock();
    let drills: Vec<train::Drill> = pool.install(|| {
        made.drills
            .par_iter()
            .with_max_len(1)
            .map(|position| {
                let chosen = near_par::chosen(&position.board, cmd.par, cmd.effort, &tables)?;
                train::drill(position, chosen.par(), &clock)
                    .map_err(|e| CliError::Solver(format!("a drill's par: {e}")))
            })
            .collect::<Result<_, _>>()
    })?;
    let planned: Vec<PlannedDrill> =
        drills.iter().enumerate().map(|(i, d)| PlannedDrill::new(i + 1, d, &made.costs)).collect();
    let lines: Vec<String> = planned.iter().map(|p| serde_json::to_string(p).expect("plain data")).collect();
    store.save_plan(&lines, &cmd.sources.join(" "))?;
    Ok(MadePlan { costs: made.costs, drills, planned, lines, solves: coached.len(), seed })
}

/// Every solve of the sources coached, with the tables and the workers
/// that did it.
fn coach_sources(
    cmd: &TrainCommand,
    solves: Vec<solve_source::SourcedSolve>,
) -> Result<(Vec<Coached>, fifteen_core::tables::TableCache, rayon::ThreadPool), CliError> {
    let tables = super::pdb::tables();
    let boards: Vec<_> = solves.iter().map(|s| &s.solve.scramble).collect();
    near_par::find_tables(cmd.par, &boards, &tables)?;
    let pool = super::pdb::worker_pool(cmd.threads)?;
    let bar = coach::progress_bar();
    let coached: Vec<Coached> = pool.install(|| {
        solves
            .into_par_iter()
            .map(|sourced| coach::coach_one(sourced, cmd.effort, (&tables, cmd.par), bar.as_ref()))
            .collect::<Result<_, _>>()
    })?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    Ok((coached, tables, pool))
}

/// `--move-game SOURCE…`: the boards where the person's next move lost par,
/// asked one after another.
fn move_game(cmd: &TrainCommand, practice: &Practice) -> Result<(), CliError> {
    if cmd.sources.is_empty() {
        return Err(CliError::Usage("--move-game asks from the person's own solves: give their links".into()));
    }
    let solves = solve_source::read(&cmd.sources, None, cmd.trusted)?;
    if let Some(big) = solves.iter().find(|s| s.solve.scramble.len() > 16) {
        let (rows, cols) = (big.solve.scramble.rows(), big.solve.scramble.cols());
        return Err(CliError::Usage(format!(
            "--move-game needs par to be the optimal distance, boards of up to 16 cells; solve {} is {rows}×{cols}",
            big.number
        )));
    }
    practice.check()?;
    let (coached, _, _) = coach_sources(cmd, solves)?;
    let clock = near_par::clock();
    let wanted = cmd.drills as usize;
    let mut questions = Vec::new();
    for solve in &coached {
        let left = wanted - questions.len();
        // The par the solve was coached at: the optimal distance, on its tables.
        let asked = train::moves::move_questions(&[solve.as_coached_solve()], solve.chosen.par(), left, &clock)
            .map_err(|e| CliError::Usage(e.to_string()))?;
        questions.extend(asked);
        if questions.len() == wanted {
            break;
        }
    }
    train_practice::move_game(questions, practice)
}

/// No --plan, --history, --export or --import: the drills practised by
/// hand, a new plan's (from the sources) or the kept plan's not played yet.
fn practise(cmd: &TrainCommand, path: &std::path::Path) -> Result<(), CliError> {
    let practice = Practice {
        path,
        par: cmd.par,
        effort: cmd.effort,
        speed: cmd.speed,
        window: &cmd.window,
        attempt: cmd.attempt.as_deref().map(train_practice::read_attempt).transpose()?,
    };
    if cmd.move_game {
        return move_game(cmd, &practice);
    }
    practice.check()?;
    if cmd.sources.is_empty() {
        let (saved, mut left) = unplayed(path)?;
        if cmd.attempt.is_some() {
            // An attempt made elsewhere may be at any drill of the plan.
            left = saved
                .drills
                .iter()
                .map(|line| Ok((line.clone(), read_drill(line, path)?)))
                .collect::<Result<_, CliError>>()?;
        }
        if left.is_empty() {
            eprintln!(
                "every drill of the plan made from {} has been played: `fifteen train SOURCE` makes a new one",
                saved.sources
            );
            return Ok(());
        }
        let drills = left.iter().map(|(_, d)| to_plan_drill(d, path)).collect::<Result<Vec<_>, _>>()?;
        return train_practice::practise(drills, saved.drills.len(), &practice);
    }
    let mut store = Store::open_or_create(path)?;
    let made = make_plan(cmd, &mut store)?;
    drop(store);
    let of = made.drills.len();
    if of == 0 {
        eprintln!("no line lost a move against par: nothing to drill");
        return Ok(());
    }
    let drills = made.drills.into_iter().enumerate().map(|(i, drill)| PlanDrill { number: i + 1, drill }).collect();
    train_practice::practise(drills, of, &practice)
}

fn costs_text(costs: &[train::KindCost], solves: usize, seed: u64) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let drills: usize = costs.iter().map(|c| c.drills).sum();
    let _ = writeln!(
        out,
        "plan: {drills} drills from {solves} solves, the costliest kinds first (fresh boards' --seed {seed})"
    );
    let _ = writeln!(out, "  {:<13} {:>7} {:>14} {:>4} {:>7}", "line kind", "size", "lost a solve", "box", "drills");
    for c in costs {
        let size = format!("{}×{}", c.rows, c.cols);
        let _ = writeln!(
            out,
            "  {:<13} {:>7} {:>14.1} {:>4} {:>7}",
            c.kind.name(),
            size,
            c.loss_per_solve,
            c.level,
            c.drills
        );
    }
    if costs.is_empty() {
        let _ = writeln!(out, "  no line lost a move against par: nothing to drill");
    }
    out
}

fn drill_text(d: &PlannedDrill) -> String {
    let whose = match (&d.from, d.seed) {
        (Some(f), _) => format!(
            "your board from solve {}, line {} (you took {} moves and lost {})",
            f.solve, f.line, f.moves, f.loss
        ),
        (None, Some(seed)) => format!("a fresh board (seed {seed})"),
        (None, None) => "a board".to_string(),
    };
    let margin = if d.margin > 0 { format!(" ±{}", d.margin) } else { String::new() };
    let grid = d.board.parse::<fifteen_core::Board>().map_or_else(|_| d.board.clone(), |b| b.to_string());
    let board: String = grid.lines().map(|row| format!("    {row}\n")).collect();
    format!(
        "\ndrill {}: {} of a {}×{} ({}), {whose}; the board's par {}{margin}\n{board}  fifteen's way through the line ({} moves, {}): {}\n",
        d.drill, d.line, d.rows, d.cols, d.kind, d.par, d.way_moves, d.way_found_by, d.way
    )
}

/// `--plan` with no source: the kept plan's drills not played since it
/// was made.
fn carry_on(path: &std::path::Path, format: TrainFormat) -> Result<(), CliError> {
    let (saved, left) = unplayed(path)?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    match format {
        TrainFormat::Json => {
            for (line, _) in &left {
                writeln!(out, "{line}")?;
            }
        }
        TrainFormat::Text => {
            writeln!(
                out,
                "carrying on the plan made from {}: {} of its {} drills not played yet",
                saved.sources,
                left.len(),
                saved.drills.len()
            )?;
            for (_, drill) in &left {
                write!(out, "{}", drill_text(drill))?;
            }
        }
    }
    out.flush()?;
    Ok(())
}

/// The kept plan, and its drills with no attempt since it was made (each
/// as kept and as read).
fn unplayed(path: &std::path::Path) -> Result<(train_store::SavedPlan, Vec<(String, PlannedDrill)>), CliError> {
    let none = || {
        CliError::Usage(format!(
            "no plan to carry on with in {}: make one with `fifteen train SOURCE --plan` (SOURCE: slidysim links, a file of them)",
            path.display()
        ))
    };
    let store = Store::open_existing(path)?.ok_or_else(none)?;
    let saved = store.plan()?.ok_or_else(none)?;
    let played: Vec<Attempt> = store.attempts()?.into_iter().skip(saved.after_attempts).collect();
    let mut left = Vec::new();
    for line in &saved.drills {
        let drill = read_drill(line, path)?;
        if !played.iter().any(|a| drill.is_played_by(a)) {
            left.push((line.clone(), drill));
        }
    }
    Ok((saved, left))
}

/// One drill of the kept plan, as kept.
fn read_drill(line: &str, path: &std::path::Path) -> Result<PlannedDrill, CliError> {
    serde_json::from_str(line)
        .map_err(|e| CliError::Usage(format!("the kept plan in {} does not read: {e}", path.display())))
}

impl Coached {
    /// The solve and its coaching as the core's plan reads them.
    fn as_coached_solve(&self) -> CoachedSolve<'_> {
        CoachedSolve {
            number: self.sourced.number,
            scramble: &self.sourced.solve.scramble,
            moves: &self.sourced.solve.moves,
            coaching: &self.coaching,
        }
    }
}

/// A kept drill as the plan made it, or the line that says why it does not read.
fn to_plan_drill(planned: &PlannedDrill, path: &std::path::Path) -> Result<PlanDrill, CliError> {
    let drill = planned.to_drill().map_err(|e| CliError::Usage(format!("the kept plan in {}: {e}", path.display())))?;
    Ok(PlanDrill { number: planned.drill, drill })
}

/// `--import FILE`: every line read and checked first, then all added in
/// one transaction, or none.
fn import(file: &std::path::Path, path: &std::path::Path) -> Result<(), CliError> {
    let shown = file.display().to_string();
    let reader: Box<dyn BufRead> = if shown == "-" {
        Box::new(io::stdin().lock())
    } else {
        super::paths::check_input(file, "--import")?;
        let opened = std::fs::File::open(file).map_err(|e| CliError::Read { what: shown.clone(), source: e })?;
        Box::new(io::BufReader::new(opened))
    };
    let mut attempts = Vec::new();
    for (i, line) in reader.lines().enumerate() {
        let line = line.map_err(|e| CliError::Read { what: shown.clone(), source: e })?;
        if line.trim().is_empty() {
            continue;
        }
        let attempt = Attempt::from_json(&line)
            .map_err(|e| CliError::Usage(format!("--import {shown}, line {}: {e}; nothing was imported", i + 1)))?;
        attempts.push(attempt);
    }
    let mut store = Store::open_or_create(path)?;
    store.add(&attempts)?;
    eprintln!("imported {} attempts into {}", attempts.len(), store.path().display());
    Ok(())
}

/// `--export FILE`: every attempt, one JSON line each.
fn export(file: &std::path::Path, path: &std::path::Path) -> Result<(), CliError> {
    let attempts = match Store::open_existing(path)? {
        Some(store) => store.attempts()?,
        None => Vec::new(),
    };
    let mut text = String::new();
    for attempt in &attempts {
        text.push_str(&attempt.to_json());
        text.push('\n');
    }
    if file.as_os_str() == "-" {
        io::stdout().lock().write_all(text.as_bytes())?;
    } else {
        std::fs::write(file, text).map_err(|e| CliError::Usage(format!("--export {}: {e}", file.display())))?;
        eprintln!("exported {} attempts to {}", attempts.len(), file.display());
    }
    Ok(())
}
