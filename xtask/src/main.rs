//! fifteen's project tasks, run as `cargo xtask TASK` (the alias in
//! `.cargo/config.toml`; rust-analyzer's convention): Rust, so that they
//! need nothing but Cargo.
//!
//! - `cargo xtask site --out DIR`: the static site (docs/site.md). It
//!   builds `fifteen-web` for `wasm32-unknown-unknown` and writes into DIR
//!   every file the site needs: the pages, the viewer, the worker and the
//!   module. Any static host serves DIR; nothing is fetched from anywhere
//!   else.

mod site;

use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str = "usage: cargo xtask site --out DIR   (the static site, docs/site.md)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &[String]) -> Result<(), String> {
    match args {
        [task, rest @ ..] if task == "site" => {
            let out = match rest {
                [flag, dir] if flag == "--out" => PathBuf::from(dir),
                [] => return Err(format!("site needs --out DIR\n{USAGE}")),
                _ => return Err(format!("site takes --out DIR, not {}\n{USAGE}", rest.join(" "))),
            };
            site::build(&out)
        }
        [task, ..] if task == "--help" || task == "-h" || task == "help" => {
            println!("{USAGE}");
            Ok(())
        }
        [task, ..] => Err(format!("no task {task:?}\n{USAGE}")),
        [] => Err(USAGE.to_string()),
    }
}
