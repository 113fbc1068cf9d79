//! `fifteen replay`'s window: the person's solve played as fifteen's own.

use clap::Args;

use super::error::CliError;
use super::solve_source::SourcedSolve;

/// What the window takes besides the sources.
#[derive(Args, Debug, Default)]
pub struct WindowArgs {}

/// Plays the solves in the window.
pub fn run(_solves: Vec<SourcedSolve>, _args: WindowArgs) -> Result<(), CliError> {
    Err(CliError::Usage("the window cannot play a person's solve yet; use --format text, json or summary".into()))
}
