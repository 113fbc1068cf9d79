//! The `fifteen` command: thin glue over the library. Every error is printed
//! here, once, as one `error:` line.

#![forbid(unsafe_code)]

use std::process::ExitCode;

fn main() -> ExitCode {
    match fifteen::run_command() {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::from(err.exit_code())
        }
    }
}
