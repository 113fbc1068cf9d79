//! `fifteen scramble`: print a random solvable board.

use std::io::Write;

use clap::{Args, ValueEnum};
use fifteen_core::slidysim;

use super::board_source::ScrambleArgs;
use super::error::CliError;
use super::sizes::Use;

#[derive(Args, Debug)]
pub struct ScrambleCommand {
    #[command(flatten)]
    board: ScrambleArgs,
    /// How to write the board.
    #[arg(long, short, value_enum, default_value_t = BoardFormat::Grid)]
    format: BoardFormat,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum BoardFormat {
    /// one row a line, the columns aligned, the blank as __
    Grid,
    /// slidysim's notation: rows split by `/`, the blank as 0 (`1 2 3/4 5 6/7 0 8`)
    Slidysim,
}

pub fn run(cmd: ScrambleCommand) -> Result<(), CliError> {
    let board = cmd.board.board(4, Use::Scramble)?;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    match cmd.format {
        BoardFormat::Grid => write!(out, "{board}")?,
        BoardFormat::Slidysim => writeln!(out, "{}", slidysim::board_notation(&board))?,
    }
    out.flush()?;
    Ok(())
}
