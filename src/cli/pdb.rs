//! Loading the pattern databases for the optimal solver: the cache, the
//! progress bar while building, and the warnings; and `fifteen pdb build`,
//! which builds the 7-8 tables that are never built unasked.

use std::io::{IsTerminal, Write};
use std::time::Instant;

use clap::{Args, Subcommand, ValueEnum};
use fifteen::search::optimal::{BuildProgress, PatternDatabase, PatternSpec};
use fifteen::search::pdb_cache::{self, Origin};

use super::error::CliError;

/// The tables for a board shape, if it has any; `None` means the optimal
/// solver uses Manhattan distance and linear conflicts. For 4×4: the 7-8
/// tables when `fifteen pdb build --partition 7-8` has saved them (and the
/// file is sound), else the 6-6-3 tables, built at first use. Says on
/// stderr what it does when it has to build or cannot use a file.
pub fn tables_for(rows: usize, cols: usize) -> Option<(PatternDatabase, String)> {
    if (rows, cols) == (4, 4) {
        if let Some(found) = load_if_present(&PatternSpec::fifteen_78()) {
            return Some(found);
        }
    }
    let spec = PatternSpec::default_for(rows, cols)?;
    Some(load(&spec))
}

/// The tables of `spec` if their cache file is there and sound; a warning
/// when it is there and not.
fn load_if_present(spec: &PatternSpec) -> Option<(PatternDatabase, String)> {
    let started = Instant::now();
    let dir = pdb_cache::default_dir()?;
    match pdb_cache::load_if_present(spec, &dir) {
        Ok(Some(database)) => {
            let place = dir.join(pdb_cache::file_name(spec));
            let account = account(spec, &database, "loaded from", &place.display().to_string(), started);
            Some((database, account))
        }
        Ok(None) => None,
        Err(err) => {
            eprintln!(
                "warning: the {} pattern databases cannot be used ({err}); falling back; `fifteen pdb build --partition {}` builds them again",
                spec.partition(),
                spec.partition()
            );
            None
        }
    }
}

fn account(spec: &PatternSpec, database: &PatternDatabase, how: &str, place: &str, started: Instant) -> String {
    format!(
        "pattern databases {} ({}, {:.1} MB) {how} {place} in {:.0} ms",
        spec.partition(),
        spec.key(),
        database.size_bytes() as f64 / 1e6,
        started.elapsed().as_secs_f64() * 1e3
    )
}

/// `fifteen pdb`.
#[derive(Args, Debug)]
pub struct PdbCommand {
    #[command(subcommand)]
    action: PdbAction,
}

#[derive(Subcommand, Debug)]
enum PdbAction {
    /// Build a partition's tables into the cache directory (or check the
    /// ones there). The 7-8 tables take about two minutes on two cores and
    /// 2.1 GB of memory to build, 288 MB on disk; once there,
    /// `solve --solver optimal` uses them for 4×4 boards instead of 6-6-3.
    Build {
        /// Which partition of the 15-puzzle's tiles.
        #[arg(long, value_enum, default_value_t = Partition::SevenEight)]
        partition: Partition,
    },
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum Partition {
    /// 6-6-3 with the mirror lookup, 11.5 MB (built at first use anyway).
    #[value(name = "6-6-3")]
    SixSixThree,
    /// 7-8 with the mirror lookup, four bits an entry, 288 MB.
    #[value(name = "7-8")]
    SevenEight,
}

pub fn run(cmd: PdbCommand) -> Result<(), CliError> {
    let PdbAction::Build { partition } = cmd.action;
    let spec = match partition {
        Partition::SixSixThree => PatternSpec::fifteen_663(),
        Partition::SevenEight => PatternSpec::fifteen_78(),
    };
    if pdb_cache::default_dir().is_none() {
        return Err(CliError::Usage("no cache directory: set XDG_CACHE_HOME or HOME".into()));
    }
    let (loaded, account) = load_with_account(&spec);
    if let Some(e) = loaded.save_error {
        return Err(CliError::Solver(format!("could not save the pattern databases: {e}")));
    }
    println!("{account}");
    Ok(())
}

/// Loads (or builds and saves) the tables of `spec`; returns them and a
/// one-line account for `--stats`.
pub fn load(spec: &PatternSpec) -> (PatternDatabase, String) {
    let (loaded, account) = load_with_account(spec);
    if let Some(e) = &loaded.save_error {
        eprintln!("warning: could not save the pattern databases: {e}");
    }
    (loaded.database, account)
}

fn load_with_account(spec: &PatternSpec) -> (pdb_cache::Loaded, String) {
    let started = Instant::now();
    let dir = pdb_cache::default_dir();
    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::hidden();
        bar.set_style(
            indicatif::ProgressStyle::with_template("{msg} [{bar:30}] {percent:>3}% {elapsed}")
                .expect("a valid template")
                .progress_chars("=> "),
        );
        bar.set_message(format!("building {}x{} {} pattern databases", spec.rows(), spec.cols(), spec.partition()));
        bar
    });
    let mut announced = false;
    let loaded = pdb_cache::load_or_build(spec, dir.as_deref(), |p: BuildProgress| {
        if !announced {
            announced = true;
            match &bar {
                Some(bar) => {
                    bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
                    bar.set_length(p.total);
                }
                None => {
                    eprintln!("building pattern databases {} ({}); this happens once", spec.partition(), spec.key())
                }
            }
        }
        if let Some(bar) = &bar {
            bar.set_position(p.done);
        }
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let place =
        loaded.path.as_ref().map_or_else(|| "nowhere (no cache directory)".to_string(), |p| p.display().to_string());
    if let Origin::Rebuilt { reason } = &loaded.origin {
        let _ = writeln!(
            std::io::stderr().lock(),
            "warning: the pattern database cache could not be used ({reason}); rebuilt it"
        );
    }
    let how = match loaded.origin {
        Origin::Loaded => "loaded from",
        Origin::Built | Origin::Rebuilt { .. } => "built, saved to",
    };
    let account = account(spec, &loaded.database, how, &place, started);
    (loaded, account)
}
