//! Loading the pattern databases for the optimal solver: the cache, the
//! progress bar while building, and the warnings.

use std::io::{IsTerminal, Write};
use std::time::Instant;

use fifteen::search::optimal::{BuildProgress, PatternDatabase, PatternSpec};
use fifteen::search::pdb_cache::{self, Origin};

/// The tables for a board shape, if it has a default partition; `None`
/// means the optimal solver uses Manhattan distance and linear conflicts.
/// Says on stderr what it does when it has to build.
pub fn tables_for(rows: usize, cols: usize) -> Option<(PatternDatabase, String)> {
    let spec = PatternSpec::default_for(rows, cols)?;
    Some(load(&spec))
}

/// Loads (or builds and saves) the tables of `spec`; returns them and a
/// one-line account for `--stats`.
pub fn load(spec: &PatternSpec) -> (PatternDatabase, String) {
    let started = Instant::now();
    let dir = pdb_cache::default_dir();
    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::hidden();
        bar.set_style(
            indicatif::ProgressStyle::with_template("{msg} [{bar:30}] {percent:>3}% {elapsed}")
                .expect("a valid template")
                .progress_chars("=> "),
        );
        bar.set_message(format!("building {}x{} pattern databases", spec.rows(), spec.cols()));
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
                None => eprintln!("building pattern databases ({}); this happens once", spec.key()),
            }
        }
        if let Some(bar) = &bar {
            bar.set_position(p.done);
        }
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let mut err = std::io::stderr().lock();
    let place =
        loaded.path.as_ref().map_or_else(|| "nowhere (no cache directory)".to_string(), |p| p.display().to_string());
    if let Origin::Rebuilt { reason } = &loaded.origin {
        let _ = writeln!(err, "warning: the pattern database cache could not be used ({reason}); rebuilt it");
    }
    if let Some(e) = &loaded.save_error {
        let _ = writeln!(err, "warning: could not save the pattern databases: {e}");
    }
    let how = match loaded.origin {
        Origin::Loaded => "loaded from",
        Origin::Built | Origin::Rebuilt { .. } => "built, saved to",
    };
    let account = format!(
        "pattern databases {} ({:.1} MB) {how} {place} in {:.0} ms",
        spec.key(),
        loaded.database.size_bytes() as f64 / 1e6,
        started.elapsed().as_secs_f64() * 1e3
    );
    (loaded.database, account)
}
