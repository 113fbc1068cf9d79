//! `fifteen solve`: read a board, solve it, write the moves.
//!
//! The human solver streams: moves are written as the planner makes them,
//! so a 1000×1000 board never holds its billions of moves in memory.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::mpsc::SyncSender;
use std::time::Instant;

use crate::output::{Format, Metric, MoveWriter, SolveReport};
use clap::Args;
use fifteen_core::human::{Effort, Event, Finish, Order, Phase, PhaseTotal, PlacementTitle, Planner, Recorder};
use fifteen_core::solver::Solver;
use fifteen_core::{Board, HumanOptions, Move, MoveNotation};
use fifteen_view::control::{batch_channel, send_batches};
use indicatif::{ProgressBar, ProgressStyle};

use super::board_source::BoardInput;
use super::error::CliError;
use super::numbers::{positive_real, whole_u32};
use super::sizes::{self, Use};
use super::solve_search::SearchRun;
use fifteen_core::search::{NearPurpose, near_seconds};

#[derive(Args, Debug)]
pub struct SolveCommand {
    #[command(flatten)]
    input: BoardInput,
    /// How to write the moves.
    #[arg(long, short, value_enum, default_value_t = Format::Letters)]
    format: Format,
    /// Which way the human solver sweeps the board.
    #[arg(long, value_parser = super::choices::order(), default_value = "free")]
    order: Order,
    /// How the human solver ends: the strategy's pairs and last 2×2 block,
    /// or (boards of up to 16 cells) a line at a time by exact search, then
    /// the last 12 cells optimally.
    #[arg(long, value_parser = super::choices::finish(), default_value = "pairs")]
    finish: Finish,
    /// How hard the human solver looks ahead for fewer moves: `fast` (one
    /// tile at a time), `normal` or `best` (each line by a beam search over
    /// the blank's moves on boards small enough for it, tile by tile with
    /// detours on bigger ones), or `auto` (by size: the table below). The
    /// look-ahead's biggest tables are kept in the cache directory
    /// ($XDG_CACHE_HOME/fifteen, else ~/.cache/fifteen) for the next solve.
    #[arg(long, value_parser = super::choices::effort(), default_value = "auto")]
    effort: Effort,
    /// Print moves per phase and the time taken on stderr.
    #[arg(long)]
    stats: bool,
    /// Which solver: the human strategy, or a search for a shortest solution.
    #[arg(long, value_parser = super::choices::solver(), default_value = "human")]
    solver: Solver,
    /// Name moves by the direction the tile slides or the blank goes.
    #[arg(long, value_parser = super::choices::notation(), default_value = "tile")]
    notation: MoveNotation,
    /// Run the human and the optimal solver and print both move counts.
    #[arg(long, conflicts_with_all = ["solver", "format"])]
    compare: bool,
    /// Solve many boards, one a line (a one-line board or
    /// {"id":…,"board":[…]}), on every core; write one JSON line each, in
    /// input order (FILE, or stdin when FILE is `-` or left out).
    #[arg(long, value_name = "FILE", num_args = 0..=1, default_missing_value = "-", conflicts_with_all = ["file", "compare"])]
    batch: Option<PathBuf>,
    /// Worker threads: with --batch, boards solved at once; else threads a
    /// `best` look-ahead shares, with the same moves for any number
    /// (default: one per core).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
    /// (iddfs) The deepest search: boards that need more moves are refused
    /// up front (default: 40 up to 9 cells, else 25; each move more doubles
    /// the time, and 25 takes seconds on a 4×4).
    #[arg(long, value_name = "N", value_parser = whole_u32)]
    max_depth: Option<u32>,
    /// How moves are counted: `stm`, each tile's slide; `mtm`, a run of
    /// one letter (tiles of one row or column slid at once) as one move:
    /// letters with counts (`R3U2L`), JSON's `count` in it.
    #[arg(long, value_enum, default_value_t = Metric::Stm)]
    metric: Metric,
    #[arg(long, value_name = "S", value_parser = positive_real, help = near_time_help())]
    time: Option<f64>,
}

pub fn run(cmd: SolveCommand) -> Result<(), CliError> {
    if cmd.max_depth.is_some() && cmd.solver != Solver::Iddfs {
        return Err(CliError::Usage("--max-depth is for --solver iddfs".into()));
    }
    if cmd.time.is_some() && cmd.solver != Solver::Near {
        return Err(CliError::Usage("--time is for --solver near".into()));
    }
    if let Some(input) = &cmd.batch {
        return super::batch::run(input, batch_options(&cmd)?);
    }
    let board = cmd.input.read()?;
    sizes::check(board.rows(), board.cols(), Use::Solve)?;
    board.check_solvable()?;
    let stdout = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let effort = cmd.effort.resolve(board.rows(), board.cols());
    let result = match cmd.search() {
        _ if cmd.compare => super::solve_search::compare(&board, effort, stdout),
        None => solve_human(
            &board,
            HumanOptions {
                order: cmd.order,
                finish: cmd.finish,
                effort,
                threads: cmd.threads.map_or_else(super::pdb::cores, usize::from),
            },
            (cmd.format, cmd.metric),
            cmd.notation,
            cmd.stats,
            stdout,
        ),
        Some(search) => {
            super::solve_search::run(&board, search, (cmd.format, cmd.metric), cmd.notation, cmd.stats, stdout)
        }
    };
    match result {
        // A closed pipe (`fifteen solve | head`) is the reader's choice, not an error.
        Err(CliError::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}

/// Moves per stretch of the solve, named as the window names it
/// (`row 1: tiles 1–2`); only the first [`TITLED_LINES`] stretches are kept.
#[derive(Default)]
struct TitleTally {
    /// The phase and whether its placements are single tiles: the title
    /// changes only when these do, so it is named once per stretch.
    key: Option<(Phase, bool)>,
    titled: Vec<(String, u64)>,
    /// Moves made when the current stretch started.
    mark: u64,
    more: usize,
}

const TITLED_LINES: usize = 40;

impl TitleTally {
    fn placement(&mut self, phase: Phase, title: impl FnOnce() -> String, single: bool, moves: u64) {
        // Single tiles share their line's title: name them once.
        if single && self.key == Some((phase, true)) {
            return;
        }
        self.key = Some((phase, single));
        let title = title();
        if self.more == 0 && self.titled.last().is_some_and(|(last, _)| *last == title) {
            return;
        }
        self.close(moves);
        if self.more == 0 && self.titled.len() < TITLED_LINES {
            self.titled.push((title, 0));
        } else {
            self.more += 1;
        }
    }

    fn close(&mut self, moves: u64) {
        if self.more == 0
            && let Some((_, n)) = self.titled.last_mut()
        {
            *n += moves - self.mark;
        }
        self.mark = moves;
    }
}

/// A progress bar on stderr for solves that take more than a moment, and
/// only when stderr is a terminal.
struct Progress {
    started: Instant,
    total: u64,
    bar: Option<ProgressBar>,
}

impl Progress {
    fn new(started: Instant, total: u64) -> Progress {
        Progress { started, total, bar: None }
    }

    fn update(&mut self, placed: u64, moves: u64) {
        if self.bar.is_none() {
            if !io::stderr().is_terminal() || self.started.elapsed().as_millis() < 300 {
                return;
            }
            let bar = ProgressBar::new(self.total);
            bar.set_style(
                ProgressStyle::with_template("[{bar:24}] {pos}/{len} tiles, {msg} {elapsed}")
                    .expect("a valid template")
                    .progress_chars("=> "),
            );
            self.bar = Some(bar);
        }
        if let Some(bar) = &self.bar {
            let seconds = self.started.elapsed().as_secs_f64().max(1e-9);
            bar.set_position(placed);
            bar.set_message(format!("{:.1}M moves, {:.1}M/s", moves as f64 / 1e6, moves as f64 / seconds / 1e6));
        }
    }

    fn finish(self) {
        if let Some(bar) = self.bar {
            bar.finish_and_clear();
        }
    }
}

/// Moves handed from the planner to the writer at a time.
const BATCH_MOVES: usize = 1 << 16;

/// Plans the whole solve, sending its moves to `outbox` in batches (the
/// view's planner-thread pipeline) and keeping the placements' titles and
/// the progress bar; stops early (with what it has) when the batches are no
/// longer taken.
fn plan_human(
    mut recorder: Recorder,
    board: &Board,
    started: Instant,
    outbox: &SyncSender<Vec<Move>>,
) -> Result<(Recorder, TitleTally, Progress), CliError> {
    let mut titles = TitleTally::default();
    let mut progress = Progress::new(started, board.len() as u64 - 1);
    let (mut steps, mut planned) = (0u64, false);
    let next_batch = || {
        let mut batch = Vec::with_capacity(BATCH_MOVES);
        while !planned && batch.len() < BATCH_MOVES && recorder.error().is_none() {
            planned = !recorder.pull(&mut |event: &Event, context| match *event {
                Event::Moved { mv, .. } => batch.push(mv),
                Event::Placement { region, group } => {
                    let phase = context.phase.unwrap_or(Phase::Rest);
                    let (shape, corner) = ((board.rows(), board.cols()), context.corner);
                    let title = || PlacementTitle { phase, region, group, shape, corner }.to_string();
                    titles.placement(phase, title, group.tiles().len() == 1, context.moves);
                }
                _ => {}
            });
            steps += 1;
            if steps.is_multiple_of(256) {
                progress.update(recorder.stats().placed, recorder.moves());
            }
        }
        (!batch.is_empty()).then_some(batch)
    };
    // A writer that failed stops taking batches, and says why itself.
    send_batches(outbox, next_batch);
    if let Some(err) = recorder.error() {
        return Err(err.clone().into());
    }
    Ok((recorder, titles, progress))
}

fn solve_human<W: Write>(
    board: &Board,
    options: HumanOptions,
    (format, metric): (Format, Metric),
    notation: MoveNotation,
    stats: bool,
    out: W,
) -> Result<(), CliError> {
    let started = Instant::now();
    if options.effort != Effort::Fast {
        super::pdb::tables().provide_line_tables(board.rows(), board.cols());
    }
    let recorder = Recorder::of(Planner::new(board, &options)?);
    let mut writer =
        MoveWriter::new(out, format, notation, board).in_metric(metric).map_err(|e| CliError::Usage(e.to_string()))?;
    writer.begin()?;
    // The planner runs on a thread of its own and hands its moves over in
    // batches, so that writing them (a letter a move, 1.6·10⁹ of them on a
    // 1000×1000) runs beside the planning on a second core. If the
    // writing fails, the batches stop being taken and the planner stops.
    let (outbox, batches) = batch_channel();
    let (planned, write_error) = std::thread::scope(|scope| {
        let planner = scope.spawn(move || plan_human(recorder, board, started, &outbox));
        let mut write_error: Option<io::Error> = None;
        for batch in batches {
            if let Err(e) = batch.into_iter().try_for_each(|mv| writer.push(mv)) {
                write_error = Some(e);
                break;
            }
        }
        (planner.join(), write_error)
    });
    let (recorder, mut titles, progress) = match planned {
        Ok(planned) => planned?,
        Err(panic) => std::panic::resume_unwind(panic),
    };
    if let Some(e) = write_error {
        return Err(e.into());
    }
    titles.close(recorder.moves());
    progress.finish();
    let elapsed = started.elapsed();
    let totals = recorder.totals();
    let report = SolveReport {
        solver: "human".into(),
        rows: board.rows(),
        cols: board.cols(),
        count: recorder.moves(),
        moves: None,
        phases: totals.clone(),
        elapsed_ms: (elapsed.as_secs_f64() * 1e6).round() / 1e3,
        lower_bound: None,
        metric: None,
        single_tile_count: None,
    };
    writer.finish(Some(report))?;
    if stats {
        print_stats(board, &options, &recorder, &totals, &titles, elapsed)?;
    }
    Ok(())
}

/// `--stats`: the moves per kind of phase and per named stretch, and how
/// the solve went, on stderr.
fn print_stats(
    board: &Board,
    options: &HumanOptions,
    recorder: &Recorder,
    totals: &[PhaseTotal],
    titles: &TitleTally,
    elapsed: std::time::Duration,
) -> Result<(), CliError> {
    let s = recorder.stats();
    let mut err = io::stderr().lock();
    writeln!(err, "{:<14} {:>10} {:>14} {:>7}", "phase", "placements", "moves", "share")?;
    for p in totals {
        let share = 100.0 * p.moves as f64 / s.moves.max(1) as f64;
        writeln!(err, "{:<14} {:>10} {:>14} {:>6.1}%", p.phase, p.placements, p.moves, share)?;
    }
    let placements: usize = totals.iter().map(|p| p.placements).sum();
    writeln!(err, "{:<14} {:>10} {:>14} {:>6.1}%", "total", placements, s.moves, 100.0)?;
    for (title, n) in &titles.titled {
        writeln!(err, "  {title:<34} {n:>14} moves")?;
    }
    if titles.more > 0 {
        writeln!(err, "  … and {} more stretches", titles.more)?;
    }
    write!(
        err,
        "{}×{} board, order {}, effort {}, {:.3} ms",
        board.rows(),
        board.cols(),
        options.order.name(),
        options.effort.name(),
        elapsed.as_secs_f64() * 1e3
    )?;
    // Tile-by-tile placements route the blank one step at a time; lines
    // planned by look-ahead have no such routes to count.
    let routes = s.routes.ring + s.routes.direct + s.routes.detours + s.routes.searched;
    if routes > 0 {
        write!(
            err,
            "; blank routes: {} round the tile, {} direct, {} by detours, {} searched",
            s.routes.ring, s.routes.direct, s.routes.detours, s.routes.searched
        )?;
    }
    writeln!(err, "; {} groups placed by exact search", s.exact)?;
    let per_move = s.work as f64 / s.moves.max(1) as f64;
    writeln!(err, "search work: {} states and table entries, {per_move:.0} a move", s.work)?;
    Ok(())
}

/// `--time`'s help, its default the core's (`near_seconds` for a solve).
fn near_time_help() -> String {
    format!(
        "(near) Seconds to search: the best solution found by then is written, with the proven lower bound on the \
         shortest (default {})",
        near_seconds(NearPurpose::Solve, 0)
    )
}

/// The `--batch` options from the command line.
impl SolveCommand {
    /// The search asked for, or `None` for the human strategy (which
    /// streams its moves, so it is run apart).
    fn search(&self) -> Option<SearchRun> {
        let seconds = match self.solver {
            Solver::Human => return None,
            Solver::Near => Some(self.time.unwrap_or(near_seconds(NearPurpose::Solve, 0))),
            _ => None,
        };
        // The near solver starts from the human solution at these options.
        let human = HumanOptions { order: self.order, finish: self.finish, effort: self.effort, threads: 1 };
        Some(SearchRun { solver: self.solver, human, max_depth: self.max_depth, seconds, cpu_clock: false })
    }
}

fn batch_options(cmd: &SolveCommand) -> Result<super::batch::BatchOptions, CliError> {
    use super::batch::BatchOptions;
    let human = HumanOptions { order: cmd.order, finish: cmd.finish, effort: cmd.effort, threads: 1 };
    let search = SearchRun {
        solver: cmd.solver,
        human,
        max_depth: cmd.max_depth,
        seconds: Some(cmd.time.unwrap_or(near_seconds(NearPurpose::Solve, 0))),
        cpu_clock: false,
    };
    let summary = match cmd.format {
        Format::Letters | Format::Json => false,
        Format::Summary => true,
        _ => {
            return Err(CliError::Usage(
                "--batch writes one JSON line per board: --format summary leaves the moves out, other formats do not apply"
                    .into(),
            ));
        }
    };
    let threads = cmd.threads.map_or_else(super::pdb::cores, usize::from);
    Ok(BatchOptions { search, notation: cmd.notation, threads, summary, stats: cmd.stats })
}
