//! The `fifteen` command: clap's definitions and one module of glue per
//! subcommand over the library crates, the window (`gui`, macroquad) and
//! the terminal (`tui`). Every error is printed here, once, as one `error:`
//! line.

#![forbid(unsafe_code)]

use std::process::ExitCode;

mod cli;
#[cfg(feature = "gui")]
mod gui;
mod output;
mod tui;

fn main() -> ExitCode {
    match cli::run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::from(err.exit_code())
        }
    }
}
