//! `fifteen train --history`: the attempts so far, by kind of line and
//! size: how many, the mean loss, the first few against the last few, the
//! share played at par and the kind's box; as text, JSON or a plot.

use std::io::{self, Write};
use std::path::Path;

use fifteen_core::coach::LineKind;
use fifteen_core::train::{Boxes, history::Attempt};

use super::coach_plot::{self, Plot, PlotFile, SessionGraph};
use super::error::CliError;
use super::train_store::Store;

/// One kind of one size over the history.
struct KindTrend {
    kind: LineKind,
    rows: usize,
    cols: usize,
    losses: Vec<i64>,
    at_par: usize,
    level: u8,
}

/// The number of attempts whose mean a trend's ends compare.
const TREND_SPAN: usize = 5;

fn mean(values: &[i64]) -> Option<f64> {
    (!values.is_empty()).then(|| values.iter().sum::<i64>() as f64 / values.len() as f64)
}

/// `--history`: each kind's attempts, mean loss, first and last few, share
/// at par and box.
pub fn show(path: &Path, json: bool, plot: Option<&PlotFile>) -> Result<(), CliError> {
    let attempts = match Store::open_existing(path)? {
        Some(store) => store.attempts()?,
        None => Vec::new(),
    };
    let trends = trends(&attempts);
    let mut out = io::BufWriter::new(io::stdout().lock());
    if json {
        writeln!(out, "{}", trends_json(path, &attempts, &trends))?;
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

/// Each kind of each size the attempts are of, in the order first played.
fn trends(attempts: &[Attempt]) -> Vec<KindTrend> {
    let boxes = Boxes::from_attempts(attempts);
    let mut trends: Vec<KindTrend> = Vec::new();
    for attempt in attempts {
        let Some(kind) = LineKind::from_name(&attempt.kind) else { continue };
        let key = (kind, attempt.rows, attempt.cols);
        let trend = match trends.iter_mut().position(|t| (t.kind, t.rows, t.cols) == key) {
            Some(i) => &mut trends[i],
            None => {
                let level = boxes.level(kind, attempt.rows, attempt.cols);
                trends.push(KindTrend {
                    kind,
                    rows: attempt.rows,
                    cols: attempt.cols,
                    losses: Vec::new(),
                    at_par: 0,
                    level,
                });
                trends.last_mut().expect("just pushed")
            }
        };
        trend.losses.push(attempt.loss);
        trend.at_par += usize::from(attempt.loss <= attempt.margin as i64);
    }
    trends
}

/// The history as one JSON object.
fn trends_json(path: &Path, attempts: &[Attempt], trends: &[KindTrend]) -> serde_json::Value {
    let kinds: Vec<_> = trends
        .iter()
        .map(|t| {
            let n = t.losses.len();
            serde_json::json!({
                "kind": t.kind.name(), "rows": t.rows, "cols": t.cols, "attempts": n,
                "loss_mean": mean(&t.losses), "loss_mean_first": mean(&t.losses[..n.min(TREND_SPAN)]),
                "loss_mean_last": mean(&t.losses[n.saturating_sub(TREND_SPAN)..]),
                "at_par": t.at_par, "box": t.level, "loss_by_attempt": t.losses,
            })
        })
        .collect();
    serde_json::json!({"store": path.display().to_string(), "attempts": attempts.len(), "kinds": kinds})
}

/// The history as a table, a row a kind.
fn trends_text(path: &Path, attempts: &[Attempt], trends: &[KindTrend]) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let _ = writeln!(out, "history: {} attempts ({})", attempts.len(), path.display());
    let _ = writeln!(
        out,
        "  {:<13} {:>7} {:>8} {:>7} {:>17} {:>7} {:>4}",
        "line kind", "size", "attempts", "lost", "first 5 → last 5", "at par", "box"
    );
    for t in trends {
        let n = t.losses.len();
        let first = mean(&t.losses[..n.min(TREND_SPAN)]).unwrap_or(0.0);
        let last = mean(&t.losses[n.saturating_sub(TREND_SPAN)..]).unwrap_or(0.0);
        let _ = writeln!(
            out,
            "  {:<13} {:>7} {:>8} {:>7.1} {:>17} {:>7} {:>4}",
            t.kind.name(),
            format!("{}×{}", t.rows, t.cols),
            n,
            mean(&t.losses).unwrap_or(0.0),
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
    let graph = SessionGraph {
        title: "training history",
        subtitle: &format!("{} attempts", attempts.len()),
        unit: "drill",
        losses: attempts.iter().enumerate().map(|(i, a)| (i + 1, a.loss)).collect(),
        kinds,
    };
    coach_plot::write_plot(file, &Plot::Session(&graph))
}
