//! `fifteen replay`: a person's solve (a slidysim replay link) played in
//! the window, or its splits per line printed as text or JSON.

use std::fmt::Write as _;
use std::io::{self, Write};

use clap::{Args, ValueEnum};
use fifteen_core::lines::{self, LineDone};
use fifteen_core::slidysim;
use serde_json::json;

use super::error::CliError;
use super::solve_source::{self, SourcedSolve};

pub const REPLAY_HELP: &str = "\
SOURCE is a slidysim replay link (https://slidysim.github.io/replay?r=…), its
bare payload, or a file holding links, one a line; `-` or nothing reads them
from stdin. A leaderboard replay of an average holds several solves: the
window plays the first (or the one --solve names), the text formats print all.

A line (a row or column of the unsolved rectangle, then the last 2×2) is
done at the move after which it stays home to the end, whatever order the
person built the lines in; its split is the moves (and the time, when the
replay has move times) it took since the line before.

In the window and in the terminal the keys are watch's (? lists them); T
switches between a steady speed and the person's own pace (--real-time
starts with it).";

#[derive(Args, Debug)]
pub struct ReplayCommand {
    /// Replay links, payloads or files of them (stdin when none or `-`).
    #[arg(value_name = "SOURCE")]
    sources: Vec<String>,
    /// Only the N-th solve of all the sources (from 1).
    #[arg(long = "solve", value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pick: Option<u32>,
    /// Read the sources whatever their size: lifts the limits on a link
    /// (10 million moves and a million cells in all, 32 MiB unpacked) for
    /// sources you trust.
    #[arg(long)]
    trusted: bool,
    /// Where to show it: the window (the terminal with no display), or
    /// printed: the splits as text, one JSON object per solve, or that
    /// object without the scramble and moves.
    #[arg(long, short, value_enum, default_value_t = ReplayFormat::Window)]
    format: ReplayFormat,
    /// With --format html: the page to write (one solve: the first, or
    /// the one --solve names).
    #[arg(long, short, value_name = "PATH")]
    out: Option<std::path::PathBuf>,
    #[command(flatten)]
    window: super::replay_window::WindowArgs,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum ReplayFormat {
    /// play it in the window (the terminal without a display)
    Window,
    /// the splits per line as a table
    Text,
    /// one JSON object per solve, with the scramble and the moves
    Json,
    /// the JSON object without the scramble and the moves
    Summary,
    /// one self-contained page (HTML, --out) that plays the solve with its splits beside fifteen's
    /// solve of the same scramble, with the coach's table on boards of up to 100 cells, offline
    Html,
}

pub fn run(cmd: ReplayCommand) -> Result<(), CliError> {
    match (cmd.format, &cmd.out) {
        (ReplayFormat::Html, None) => {
            return Err(CliError::Usage("--format html writes a page: name it with --out FILE.html".into()));
        }
        (ReplayFormat::Html, Some(_)) | (_, None) => {}
        (_, Some(_)) => return Err(CliError::Usage("--out names the page of --format html".into())),
    }
    let solves = solve_source::read(&cmd.sources, cmd.pick.map(|n| n as usize), cmd.trusted)?;
    if let (ReplayFormat::Html, Some(out)) = (cmd.format, &cmd.out) {
        let first = &solves[..1];
        let (effort, coach, tables) =
            (fifteen_core::human::Effort::Auto, super::compare_page::Coach::Small, super::pdb::tables());
        return super::compare_page::write(first, effort, coach, &tables, out);
    }
    if cmd.format == ReplayFormat::Window {
        return super::replay_window::run(solves, cmd.window);
    }
    let mut out = io::BufWriter::new(io::stdout().lock());
    for (i, sourced) in solves.iter().enumerate() {
        let done = lines::detect(&sourced.solve.scramble, &sourced.solve.moves);
        match cmd.format {
            // A blank line between solves.
            ReplayFormat::Text => write!(out, "{}{}", if i > 0 { "\n" } else { "" }, text(sourced, &done))?,
            ReplayFormat::Json => writeln!(out, "{}", solve_json(sourced, &done, true))?,
            ReplayFormat::Summary => writeln!(out, "{}", solve_json(sourced, &done, false))?,
            ReplayFormat::Window | ReplayFormat::Html => unreachable!("handled above"),
        }
    }
    out.flush()?;
    Ok(())
}

/// The time of the move that made `moves` moves, when the replay has move
/// times (0 before the first move).
fn time_at(sourced: &SourcedSolve, moves: usize) -> Option<u64> {
    let times = sourced.solve.move_times_ms.as_ref()?;
    Some(if moves == 0 { 0 } else { times[moves.min(times.len()) - 1] })
}

fn text(sourced: &SourcedSolve, done: &[LineDone]) -> String {
    let solve = &sourced.solve;
    let mut out = String::new();
    let _ = writeln!(out, "{}", sourced.heading());
    let mut head = format!("  {}×{}, {} moves", solve.scramble.rows(), solve.scramble.cols(), solve.moves.len());
    if let Some(ms) = solve.time_ms {
        let _ = write!(head, " in {:.3} s", ms as f64 / 1000.0);
    }
    if let Some(tps) = solve.tps() {
        let _ = write!(head, ", {tps:.2} tps");
    }
    if let Some(mmd) = solve.mmd() {
        let _ = write!(head, ", MMD {mmd:.3}");
    }
    let _ = writeln!(out, "{head}");
    let timed = solve.move_times_ms.is_some();
    let _ = write!(out, "  {:<10} {:>7} {:>7}", "line", "moves", "total");
    let _ = writeln!(out, "{}", if timed { format!(" {:>9} {:>9}", "time", "at") } else { String::new() });
    let mut before = 0;
    for d in done {
        let _ = write!(out, "  {:<10} {:>7} {:>7}", d.line.name(), d.at - before, d.at);
        if let (Some(t0), Some(t1)) = (time_at(sourced, before), time_at(sourced, d.at)) {
            let _ = write!(out, " {:>8.3}s {:>8.3}s", (t1 - t0) as f64 / 1000.0, t1 as f64 / 1000.0);
        }
        out.push('\n');
        before = d.at;
    }
    out
}

fn solve_json(sourced: &SourcedSolve, done: &[LineDone], with_moves: bool) -> serde_json::Value {
    let solve = &sourced.solve;
    let mut before = 0;
    let lines: Vec<_> = done
        .iter()
        .map(|d| {
            let line = json!({
                "line": d.line.name(),
                "moves": d.at - before,
                "at": d.at,
                "time_ms": time_at(sourced, d.at).zip(time_at(sourced, before)).map(|(t1, t0)| t1 - t0),
                "at_ms": time_at(sourced, d.at),
            });
            before = d.at;
            line
        })
        .collect();
    let mut value = json!({
        "solve": sourced.number,
        "source": sourced.origin,
        "event": solve.event,
        "player": solve.player,
        "rows": solve.scramble.rows(),
        "cols": solve.scramble.cols(),
        "moves": solve.moves.len(),
        "time_ms": solve.time_ms,
        "tps": solve.tps(),
        "manhattan": solve.scramble.manhattan(),
        "mmd": solve.mmd(),
        "lines": lines,
    });
    if with_moves {
        value["scramble"] = json!(slidysim::board_notation(&solve.scramble));
        value["solution"] = json!(solve.moves.run_length());
    }
    value
}
