//! `fifteen solve`: read a board, solve it, write the moves.
//!
//! The human solver streams: moves are written as the planner makes them,
//! so a 1000×1000 board never holds its billions of moves in memory.

use std::io::{self, Write};
use std::time::Instant;

use clap::{Args, ValueEnum};
use fifteen::human::{Event, Order, Planner};
use fifteen::output::{Format, MoveWriter, PhaseCount, Report};
use fifteen::{Board, MoveNotation};

use super::board_source::BoardInput;
use super::error::CliError;

#[derive(Args, Debug)]
pub struct SolveCommand {
    #[command(flatten)]
    input: BoardInput,
    /// How to write the moves.
    #[arg(long, short, value_enum, default_value_t = FormatArg::Letters)]
    format: FormatArg,
    /// Which way the human solver sweeps the board.
    #[arg(long, value_enum, default_value_t = OrderArg::Rows)]
    order: OrderArg,
    /// Print moves per phase and the time taken on stderr.
    #[arg(long)]
    stats: bool,
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
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum OrderArg {
    /// row by row, then the bottom two rows (the reference game's order)
    Rows,
    /// row r, column r, row r+1, … (fewer moves on big boards)
    Shells,
}

impl From<FormatArg> for Format {
    fn from(f: FormatArg) -> Format {
        match f {
            FormatArg::Letters => Format::Letters,
            FormatArg::Words => Format::Words,
            FormatArg::Steps => Format::Steps,
            FormatArg::Json => Format::Json,
            FormatArg::Summary => Format::Summary,
        }
    }
}

impl From<OrderArg> for Order {
    fn from(o: OrderArg) -> Order {
        match o {
            OrderArg::Rows => Order::Rows,
            OrderArg::Shells => Order::Shells,
        }
    }
}

pub fn run(cmd: SolveCommand) -> Result<(), CliError> {
    let board = cmd.input.read()?;
    board.check_solvable()?;
    let stdout = io::stdout().lock();
    let result = solve_human(
        &board,
        cmd.order.into(),
        cmd.format.into(),
        cmd.stats,
        io::BufWriter::with_capacity(1 << 16, stdout),
    );
    match result {
        // A closed pipe (`fifteen solve | head`) is the reader's choice, not an error.
        Err(CliError::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}

/// Moves per phase, counted from the planner's events.
#[derive(Default)]
struct PhaseTally {
    phases: Vec<PhaseCount>,
    placements: Vec<u64>,
}

impl PhaseTally {
    fn start(&mut self, name: &'static str) {
        if self.phases.last().map(|p| p.phase) != Some(name) && !self.phases.iter().any(|p| p.phase == name) {
            self.phases.push(PhaseCount { phase: name, moves: 0 });
            self.placements.push(0);
        }
    }

    fn index(&self, name: &'static str) -> usize {
        self.phases.iter().position(|p| p.phase == name).unwrap_or(0)
    }
}

fn solve_human<W: Write>(board: &Board, order: Order, format: Format, stats: bool, out: W) -> Result<(), CliError> {
    let started = Instant::now();
    let mut planner = Planner::new(board, order)?;
    let mut writer = MoveWriter::new(out, format, MoveNotation::Tile, board);
    writer.begin()?;
    let mut tally = PhaseTally::default();
    let mut current = 0usize;
    let mut write_error: Option<io::Error> = None;
    loop {
        let more = planner.step(&mut |event: &Event| match *event {
            Event::PhaseStarted(phase) => {
                tally.start(phase.name());
                current = tally.index(phase.name());
            }
            Event::Placement { .. } => tally.placements[current] += 1,
            Event::Moved { mv, .. } => {
                tally.phases[current].moves += 1;
                if write_error.is_none() {
                    if let Err(e) = writer.push(mv) {
                        write_error = Some(e);
                    }
                }
            }
            _ => {}
        })?;
        if let Some(e) = write_error {
            return Err(e.into());
        }
        if !more {
            break;
        }
    }
    let elapsed = started.elapsed();
    let report = Report {
        solver: "human".into(),
        rows: board.rows(),
        cols: board.cols(),
        count: planner.moves(),
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
            "{}×{} board, order {}, {:.3} ms; blank routes: {} round the tile, {} straight, {} searched",
            board.rows(),
            board.cols(),
            order.name(),
            elapsed.as_secs_f64() * 1e3,
            s.routes.ring,
            s.routes.straight,
            s.routes.searched
        )?;
    }
    Ok(())
}
