//! `fifteen bot`: plays a game server and checks every state it sends.

use std::io::Write;
use std::time::Duration;

use clap::{Args, ValueEnum};
use fifteen_core::solver::Solver;
use fifteen_net::Bot;

use super::error::CliError;
use super::numbers::{positive_real, whole};

pub const BOT_HELP: &str = "\
Prints the moves as sent (where the blank goes: left, up, …) and the count.
Exit status: 0 when the server says complete; 1 when the game ended
otherwise, the server and the bot disagree, or the server cannot be reached
or sends something malformed; 2 for bad arguments.";

#[derive(Args, Debug)]
pub struct BotCommand {
    /// The server's websocket address, e.g. ws://127.0.0.1:8080/eight/ws.
    url: String,
    /// Solver [default: bfs up to 9 cells, optimal up to 16, human beyond].
    #[arg(long, value_enum)]
    solver: Option<BotSolverArg>,
    /// Milliseconds to wait between moves.
    #[arg(long, value_name = "MS", default_value_t = 0, value_parser = whole)]
    delay: u64,
    /// Seconds to wait for the connection and for each state.
    #[arg(long, value_name = "SECS", default_value_t = 10.0, value_parser = positive_real)]
    timeout: f64,
    /// Also ask for the optimal distance of every position and check each
    /// answer against the bot's own search (boards of up to 16 cells).
    #[arg(long)]
    check_optimal: bool,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum BotSolverArg {
    /// breadth-first search (fewest moves; small boards)
    Bfs,
    /// IDA* (fewest moves; up to 4×4)
    Optimal,
    /// the human strategy (any size)
    Human,
}

pub fn run(cmd: BotCommand) -> Result<(), CliError> {
    let mut bot = Bot::new(cmd.url);
    bot.solver = cmd.solver.map(|s| match s {
        BotSolverArg::Bfs => Solver::Bfs,
        BotSolverArg::Optimal => Solver::Optimal,
        BotSolverArg::Human => Solver::Human,
    });
    bot.delay = Duration::from_millis(cmd.delay);
    bot.check_optimal = cmd.check_optimal;
    // Pattern databases come from the cache (built once, with a bar).
    bot.tables = Some(std::sync::Arc::new(super::pdb::tables()));
    bot.timeout = Duration::try_from_secs_f64(cmd.timeout)
        .ok()
        .filter(|d| !d.is_zero())
        .ok_or_else(|| CliError::Usage(format!("--timeout {} is not a positive number of seconds", cmd.timeout)))?;
    let report = bot.play()?;
    let mut out = std::io::stdout().lock();
    if !report.moves.is_empty() {
        writeln!(out, "{}", report.sent().join(", "))?;
    }
    let checked = if cmd.check_optimal {
        format!("; {} optimal distances checked", report.optimal_checked)
    } else {
        String::new()
    };
    writeln!(
        out,
        "complete in {} moves ({} solver, {}×{} board{checked})",
        report.moves.len(),
        report.solver,
        report.board.rows(),
        report.board.cols()
    )?;
    out.flush()?;
    Ok(())
}
