//! `fifteen train --history`: the attempts so far, by kind of line and
//! size: how many, the mean loss, the first few against the last few, the
//! share played at par and the kind's box; as text, JSON or a plot.

use std::io::{self, Write};
use std::path::Path;

use fifteen_core::train::history::{self, Attempt, KindTrend, TREND_SPAN};

use super::coach_plot::{self, PlotFile};
use super::error::CliError;
use super::train_store::Store;
use fifteen_view::scene::{Chart, Trend};

/// `--history`: each kind's attempts, mean loss, first and last few, share
/// at par and box.
pub fn show(path: &Path, json: bool, plot: Option<&PlotFile>) -> Result<(), CliError> {
    let attempts = match Store::open_existing(path)? {
        Some(store) => store.attempts()?,
        None => Vec::new(),
    };
    let trends = history::trends(&attempts);
    let mut out = io::BufWriter::new(io::stdout().lock());
    if json {
        writeln!(out, "{}", history::trends_json(&path.display().to_string(), attempts.len(), &trends))?;
    } else if attempts.is_empty() {
        writeln!(out, "no attempts yet in {}: play the drills of `fifteen train SOURCE --plan`", path.display())?;
    } else {
        write!(out, "{}", trends_text(path, &attempts, &trends))?;
    }
    out.flush()?;
    match plot {
        Some(file) if attempts.is_empty() => {
            eprintln!("no attempts yet: no trend drawn into {}", file.path().display());
            Ok(())
        }
        Some(file) => draw(file, &attempts, &trends),
        None => Ok(()),
    }
}

/// The history as a table, a row a kind.
fn trends_text(path: &Path, attempts: &[Attempt], trends: &[KindTrend]) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let _ = writeln!(out, "history: {} attempts ({})", attempts.len(), path.display());
    let _ = writeln!(
        out,
        "  {:<13} {:>7} {:>8} {:>7} {:>17} {:>7} {:>4}",
        "line kind",
        "size",
        "attempts",
        "lost",
        format!("first {TREND_SPAN} → last {TREND_SPAN}"),
        "at par",
        "box"
    );
    for t in trends {
        let n = t.losses.len();
        let (first, last) = (t.mean_first(), t.mean_last());
        let _ = writeln!(
            out,
            "  {:<13} {:>7} {:>8} {:>7.1} {:>17} {:>7} {:>4}",
            t.kind.name(),
            format!("{}×{}", t.rows, t.cols),
            n,
            t.mean(),
            format!("{first:.1} → {last:.1}"),
            format!("{}/{n}", t.at_par),
            t.level
        );
    }
    out
}

/// `--plot`: each attempt's loss, and each kind's.
fn draw(file: &PlotFile, attempts: &[Attempt], trends: &[KindTrend]) -> Result<(), CliError> {
    let kinds = trends
        .iter()
        .map(|t| {
            let key = (t.kind.name(), t.rows, t.cols);
            let by_attempt = attempts
                .iter()
                .map(|a| (a.kind.as_str() == key.0 && (a.rows, a.cols) == (key.1, key.2)).then_some(a.loss))
                .collect();
            (t.kind.name(), by_attempt)
        })
        .collect();
    let trend = Trend {
        title: "training history".into(),
        subtitle: format!("{} attempts", attempts.len()),
        unit: "drill",
        losses: attempts.iter().enumerate().map(|(i, a)| (i + 1, a.loss)).collect(),
        kinds,
    };
    coach_plot::write(file, &Chart::trend(&trend))
}
