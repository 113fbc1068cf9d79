//! Command-line definitions and one module of glue per subcommand.

mod bench;
mod bench_search;
#[cfg(feature = "net")]
mod bench_serve;
mod board_source;
#[cfg(feature = "net")]
mod bot;
mod error;
mod graph;
mod pdb;
#[cfg(feature = "record")]
mod record;
mod scramble;
#[cfg(feature = "net")]
mod serve;
mod solve;
mod solve_search;
mod watch;

use clap::{Parser, Subcommand};

pub use error::CliError;

const MOVES_HELP: &str = "\
Moves are letters naming the direction a TILE slides into the blank:
  U  the tile below the blank slides up    (the blank goes down)
  D  the tile above the blank slides down  (the blank goes up)
  L  the tile right of the blank slides left
  R  the tile left of the blank slides right";

/// Solves sliding-tile puzzles of any size the way a person would.
#[derive(Parser, Debug)]
#[command(name = "fifteen", version, about, after_help = MOVES_HELP)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Print a random solvable board.
    Scramble(scramble::ScrambleCommand),
    /// Solve a board and print the moves.
    #[command(after_help = MOVES_HELP)]
    Solve(solve::SolveCommand),
    /// Build the whole state graph of a small board (up to 10 cells).
    Graph(graph::GraphCommand),
    /// Measure a solver's moves and speed on random boards.
    Bench(bench::BenchCommand),
    /// Build the optimal solver's pattern databases (`pdb build --partition 7-8`).
    Pdb(pdb::PdbCommand),
    /// Serve seed 002's game over websockets, with a page to play and watch in a browser.
    #[cfg(feature = "net")]
    #[command(after_help = serve::SERVE_HELP)]
    Serve(serve::ServeCommand),
    /// Play a game server: solve the board dealt, send the moves, check every state.
    #[cfg(feature = "net")]
    #[command(after_help = bot::BOT_HELP)]
    Bot(bot::BotCommand),
    /// Benchmark the game server with many concurrent games.
    #[cfg(feature = "net")]
    #[command(hide = true)]
    BenchServe(bench_serve::BenchServeCommand),
    /// Watch the solve in a window, phase by phase (the default command).
    #[command(after_help = watch::WATCH_HELP)]
    Watch(watch::WatchCommand),
    /// Record the solve as a GIF (or one frame as a PNG), without a display.
    #[cfg(feature = "record")]
    #[command(after_help = record::RECORD_HELP)]
    Record(record::RecordCommand),
    /// Play yourself in a window, with hints from the strategy.
    #[command(after_help = watch::WATCH_HELP)]
    Play(watch::WatchCommand),
}

/// Parses the command line and runs the subcommand.
pub fn run() -> Result<(), CliError> {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) if !err.use_stderr() => err.exit(),
        Err(err) => return Err(CliError::Usage(one_line(&err))),
    };
    match cli.command {
        Some(Command::Scramble(cmd)) => scramble::run(cmd),
        Some(Command::Solve(cmd)) => solve::run(cmd),
        Some(Command::Graph(cmd)) => graph::run(cmd),
        Some(Command::Bench(cmd)) => bench::run(cmd),
        Some(Command::Pdb(cmd)) => pdb::run(cmd),
        #[cfg(feature = "net")]
        Some(Command::Serve(cmd)) => serve::run(cmd),
        #[cfg(feature = "net")]
        Some(Command::Bot(cmd)) => bot::run(cmd),
        #[cfg(feature = "net")]
        Some(Command::BenchServe(cmd)) => bench_serve::run(cmd),
        Some(Command::Watch(cmd)) => watch::run(cmd, false),
        Some(Command::Play(cmd)) => watch::run(cmd, true),
        #[cfg(feature = "record")]
        Some(Command::Record(cmd)) => record::run(cmd),
        // No command: watch a random 4×4 being solved.
        None => watch::run(watch::WatchCommand::default(), false),
    }
}

/// A command-line error as one line, like every other error: clap's message
/// with its tips and possible values after it, without the usage and the
/// pointer to `--help`.
fn one_line(err: &clap::Error) -> String {
    let text = err.render().to_string();
    let parts: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with("Usage:") && !line.starts_with("For more information"))
        .collect();
    parts.join("; ").trim_start_matches("error: ").to_string()
}
