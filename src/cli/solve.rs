//! `fifteen solve`: read a board, solve it, write the moves.
//!
//! The human solver streams: moves are written as the planner makes them,
//! so a 1000×1000 board never holds its billions of moves in memory.

use std::io::{self, IsTerminal, Write};
use std::time::Instant;

use clap::{Args, ValueEnum};
use fifteen::human::{Effort, Event, Finish, Order, Planner};
use fifteen::output::{Format, MoveWriter, PhaseCount, Report};
use fifteen::{Board, MoveNotation};
use indicatif::{ProgressBar, ProgressStyle};

use super::board_source::BoardInput;
use super::error::CliError;
use super::solve_search::SearchSolver;

#[derive(Args, Debug)]
pub struct SolveCommand {
    #[command(flatten)]
    input: BoardInput,
    /// How to write the moves.
    #[arg(long, short, value_enum, default_value_t = FormatArg::Letters)]
    format: FormatArg,
    /// Which way the human solver sweeps the board.
    #[arg(long, value_enum, default_value_t = OrderArg::Shells)]
    order: OrderArg,
    /// How the human solver ends: the strategy's pairs and last 2×2 block,
    /// or (boards of up to 16 cells) a line at a time by exact search, then
    /// the last 12 cells optimally.
    #[arg(long, value_enum, default_value_t = FinishArg::Pairs)]
    finish: FinishArg,
    /// How hard the human solver looks ahead for fewer moves: `fast` (one
    /// tile at a time), `normal` or `best` (each line by a beam search over
    /// the blank's moves, boards of up to 2500 cells), or `auto` (by size:
    /// best up to 30×30, fast beyond).
    #[arg(long, value_enum, default_value_t = EffortArg::Auto)]
    effort: EffortArg,
    /// Print moves per phase and the time taken on stderr.
    #[arg(long)]
    stats: bool,
    /// Which solver: the human strategy, or a search for a shortest solution.
    #[arg(long, value_enum, default_value_t = SolverArg::Human)]
    solver: SolverArg,
    /// Name moves by the direction the tile slides or the blank goes.
    #[arg(long, value_enum, default_value_t = NotationArg::Tile)]
    notation: NotationArg,
    /// Run the human and the optimal solver and print both move counts.
    #[arg(long, conflicts_with_all = ["solver", "format"])]
    compare: bool,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum SolverArg {
    /// region by region, the way a person would (any size)
    Human,
    /// breadth-first search: shortest, up to 10 cells (3×3, 2×5)
    Bfs,
    /// iterative deepening (seed 000): shortest, shallow positions only
    Iddfs,
    /// IDA* with pattern databases: shortest, up to 16 cells (4×4, 3×5)
    Optimal,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum NotationArg {
    /// the direction the tile slides
    Tile,
    /// the direction the blank goes (seed 002's server)
    Blank,
}

impl From<NotationArg> for MoveNotation {
    fn from(n: NotationArg) -> MoveNotation {
        match n {
            NotationArg::Tile => MoveNotation::Tile,
            NotationArg::Blank => MoveNotation::Blank,
        }
    }
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum FormatArg {
    /// ULDR… on one line
    Letters,
    /// up, left, down, …
    Words,
    /// the board after every move
    Steps,
    /// one JSON object with the moves and moves per phase
    Json,
    /// the JSON object without the moves (for huge boards)
    Summary,
    /// one {"Move":"left"} object per line (use with --notation blank for seed 002's server)
    JsonStream,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum OrderArg {
    /// row by row, then the bottom two rows (the reference game's order)
    Rows,
    /// the shorter line first until square, then row r, column r, row r+1, … (fewer moves)
    Shells,
    /// (bench only) measure both
    #[value(hide = true)]
    Both,
}

#[derive(ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FinishArg {
    /// single tiles, pairs, then the last 2×2 block (the way a person plays)
    #[default]
    Pairs,
    /// up to 4×4 or 3×5: each line by exact search, then the last 12 cells optimally (fewer moves)
    Exact,
}

#[derive(ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EffortArg {
    /// one tile at a time: fastest, linear on any size
    Fast,
    /// each line by a narrow beam search over the blank's moves (up to 2500 cells)
    Normal,
    /// each line by a wide beam search: fewest moves (up to 2500 cells)
    Best,
    /// by the board's size: best up to 30×30, fast beyond
    #[default]
    Auto,
}

impl EffortArg {
    /// The effort a board of this shape gets (look-ahead only up to
    /// `MAX_LOOKAHEAD_CELLS` cells).
    pub fn for_size(self, rows: usize, cols: usize) -> Effort {
        let asked = match self {
            EffortArg::Fast => Effort::Fast,
            EffortArg::Normal => Effort::Normal,
            EffortArg::Best => Effort::Best,
            EffortArg::Auto => Effort::for_size(rows, cols),
        };
        asked.on(rows, cols)
    }
}

impl From<FinishArg> for Finish {
    fn from(f: FinishArg) -> Finish {
        match f {
            FinishArg::Pairs => Finish::Pairs,
            FinishArg::Exact => Finish::Exact,
        }
    }
}

impl From<FormatArg> for Format {
    fn from(f: FormatArg) -> Format {
        match f {
            FormatArg::Letters => Format::Letters,
            FormatArg::Words => Format::Words,
            FormatArg::Steps => Format::Steps,
            FormatArg::Json => Format::Json,
            FormatArg::Summary => Format::Summary,
            FormatArg::JsonStream => Format::JsonStream,
        }
    }
}

impl From<OrderArg> for Order {
    fn from(o: OrderArg) -> Order {
        match o {
            OrderArg::Rows => Order::Rows,
            OrderArg::Shells | OrderArg::Both => Order::Shells,
        }
    }
}

pub fn run(cmd: SolveCommand) -> Result<(), CliError> {
    let board = cmd.input.read()?;
    board.check_solvable()?;
    let stdout = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let (format, notation) = (cmd.format.into(), cmd.notation.into());
    let search = match cmd.solver {
        SolverArg::Human => None,
        SolverArg::Bfs => Some(SearchSolver::Bfs),
        SolverArg::Iddfs => Some(SearchSolver::Iddfs),
        SolverArg::Optimal => Some(SearchSolver::Optimal),
    };
    let result = match search {
        _ if cmd.compare => super::solve_search::compare(&board, stdout),
        None => solve_human(
            &board,
            Strategy {
                order: cmd.order.into(),
                finish: cmd.finish.into(),
                effort: cmd.effort.for_size(board.rows(), board.cols()),
            },
            format,
            notation,
            cmd.stats,
            stdout,
        ),
        Some(solver) => super::solve_search::run(&board, solver, format, notation, cmd.stats, stdout),
    };
    match result {
        // A closed pipe (`fifteen solve | head`) is the reader's choice, not an error.
        Err(CliError::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}

/// Moves per kind of phase, counted from the planner's events.
#[derive(Default)]
struct PhaseTally {
    phases: Vec<PhaseCount>,
    placements: Vec<u64>,
    current: usize,
    /// Moves made when the current phase started.
    mark: u64,
}

impl PhaseTally {
    /// A phase starts after `moves` moves: close the one before.
    fn start(&mut self, name: &'static str, moves: u64) {
        self.close(moves);
        self.current = match self.phases.iter().position(|p| p.phase == name) {
            Some(i) => i,
            None => {
                self.phases.push(PhaseCount { phase: name, moves: 0 });
                self.placements.push(0);
                self.phases.len() - 1
            }
        };
    }

    fn close(&mut self, moves: u64) {
        if let Some(phase) = self.phases.get_mut(self.current) {
            phase.moves += moves - self.mark;
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

/// The human solver's options.
struct Strategy {
    order: Order,
    finish: Finish,
    effort: Effort,
}

fn solve_human<W: Write>(
    board: &Board,
    Strategy { order, finish, effort }: Strategy,
    format: Format,
    notation: MoveNotation,
    stats: bool,
    out: W,
) -> Result<(), CliError> {
    let started = Instant::now();
    let mut planner = Planner::with_finish(board, order, finish)?.with_effort(effort);
    let mut writer = MoveWriter::new(out, format, notation, board);
    writer.begin()?;
    let mut tally = PhaseTally::default();
    let mut progress = Progress::new(started, board.len() as u64 - 1);
    let mut moves = 0u64;
    let mut write_error: Option<io::Error> = None;
    let mut steps = 0u64;
    loop {
        let more = planner.step(&mut |event: &Event| match *event {
            Event::Moved { mv, .. } => {
                moves += 1;
                if write_error.is_none() {
                    if let Err(e) = writer.push(mv) {
                        write_error = Some(e);
                    }
                }
            }
            Event::PhaseStarted(phase) => tally.start(phase.name(), moves),
            Event::Placement { .. } => tally.placements[tally.current] += 1,
            _ => {}
        })?;
        if let Some(e) = write_error {
            return Err(e.into());
        }
        steps += 1;
        if steps % 256 == 0 {
            progress.update(planner.stats().placed, moves);
        }
        if !more {
            break;
        }
    }
    tally.close(moves);
    progress.finish();
    let elapsed = started.elapsed();
    let report = Report {
        solver: "human".into(),
        rows: board.rows(),
        cols: board.cols(),
        count: moves,
        moves: None,
        phases: tally.phases.clone(),
        elapsed_ms: (elapsed.as_secs_f64() * 1e6).round() / 1e3,
    };
    writer.finish(Some(report))?;
    if stats {
        let s = planner.stats();
        let mut err = io::stderr().lock();
        writeln!(err, "{:<14} {:>10} {:>14} {:>7}", "phase", "placements", "moves", "share")?;
        for (p, &n) in tally.phases.iter().zip(&tally.placements) {
            let share = 100.0 * p.moves as f64 / s.moves.max(1) as f64;
            writeln!(err, "{:<14} {:>10} {:>14} {:>6.1}%", p.phase, n, p.moves, share)?;
        }
        writeln!(err, "{:<14} {:>10} {:>14} {:>6.1}%", "total", tally.placements.iter().sum::<u64>(), s.moves, 100.0)?;
        writeln!(
            err,
            "{}×{} board, order {}, effort {}, {:.3} ms; blank routes: {} round the tile, {} direct, {} searched; {} groups placed by exact search",
            board.rows(),
            board.cols(),
            order.name(),
            effort.name(),
            elapsed.as_secs_f64() * 1e3,
            s.routes.ring,
            s.routes.direct,
            s.routes.searched,
            s.exact
        )?;
    }
    Ok(())
}
