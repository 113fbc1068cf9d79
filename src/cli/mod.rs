//! Command-line definitions and one module of glue per subcommand.

mod bench;
mod bench_search;
mod board_source;
mod error;
mod graph;
mod pdb;
mod scramble;
mod solve;
mod solve_search;

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
}

/// Parses the command line and runs the subcommand.
pub fn run() -> Result<(), CliError> {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Scramble(cmd)) => scramble::run(cmd),
        Some(Command::Solve(cmd)) => solve::run(cmd),
        Some(Command::Graph(cmd)) => graph::run(cmd),
        Some(Command::Bench(cmd)) => bench::run(cmd),
        None => Err(CliError::Usage("no command given; try `fifteen --help`".into())),
    }
}
