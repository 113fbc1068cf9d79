//! `fifteen scramble`: print a random solvable board.

use std::io::Write;

use clap::Args;

use super::board_source::ScrambleArgs;
use super::error::CliError;
use super::sizes::Use;

#[derive(Args, Debug)]
pub struct ScrambleCommand {
    #[command(flatten)]
    board: ScrambleArgs,
}

pub fn run(cmd: ScrambleCommand) -> Result<(), CliError> {
    let board = cmd.board.board(4, Use::Scramble)?;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    write!(out, "{board}")?;
    out.flush()?;
    Ok(())
}
