//! `fifteen compare`: a person's solve beside fifteen's solve of the same
//! scramble, line by line, and a summary by size when there are several.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{self, Write};

use clap::{Args, ValueEnum};
use fifteen_core::coach::{self, Comparison, Par};
use fifteen_core::human::Effort;
use fifteen_core::lines::{self, Stage};
use fifteen_core::search::{NearPurpose, near_seconds};
use fifteen_core::solver::Found;
use fifteen_core::tables::Tables;
use rayon::prelude::*;
use serde_json::json;

use super::compare_watch::WatchArgs;
use super::error::CliError;
use super::near_par::{self, ParArg};
use super::solve_source::{self, SourcedSolve};

pub const COMPARE_HELP: &str = "\
SOURCE is a slidysim replay link (https://slidysim.github.io/replay?r=…), its
bare payload, or a file holding links, one a line; `-` or nothing reads them
from stdin. A leaderboard replay of an average holds several solves.

The two solves are lined up by what each had finished: a row of the table
for every unsolved rectangle both left behind (a line is finished at the move
after which it stays home to the end). `finished` names the person's lines
of that stretch, `left` the rectangle still unsolved, `person` and `fifteen`
the moves each had made by then, `stretch` the moves each made on the
stretch (person/fifteen) and `lost` the person's beyond fifteen's.

--watch plays the two solves side by side in the window instead, at one
speed; at the end of each stretch the one that got there first waits for the
other, so both boards always show the same lines finished. Space plays or
pauses, → and ← jump a stretch, + and - change the speed, H lists the keys.";

#[derive(Args, Debug)]
pub struct CompareCommand {
    /// Replay links, payloads or files of them (stdin when none or `-`).
    #[arg(value_name = "SOURCE")]
    sources: Vec<String>,
    /// Compare only the N-th solve of all the sources (from 1).
    #[arg(long = "solve", value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pick: Option<u32>,
    /// Read the sources whatever their size: lifts the limits on a link
    /// (10 million moves and a million cells in all, 32 MiB unpacked) for
    /// sources you trust.
    #[arg(long)]
    trusted: bool,
    /// How to print: a table per solve, or one JSON line per solve.
    #[arg(long, short, value_enum, default_value_t = CompareFormat::Table)]
    format: CompareFormat,
    /// How hard fifteen looks for fewer moves (as `solve --effort`).
    #[arg(long, value_parser = super::choices::effort(), default_value = "auto")]
    effort: Effort,
    /// Worker threads (default: one per core).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
    /// `near` or `auto`: also the near solver's solution of each scramble
    /// of 17 to 49 cells and its proven lower bound.
    #[arg(long, value_enum, default_value_t = ParArg::Human, help = format!(
        "`near` or `auto`: also the near solver's solution of each scramble of 17 to 49 cells ({}) \
         and its proven lower bound",
        near_par::seconds_a_board()
    ))]
    par: ParArg,
    #[command(flatten)]
    page: super::compare_page::PageArgs,
    #[command(flatten)]
    watch: WatchArgs,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum CompareFormat {
    /// the lines side by side, then a summary by size
    Table,
    /// one JSON object per solve, then one per size
    Json,
    /// one self-contained page (HTML, --out): the solve beside fifteen's in a browser
    Html,
}

/// One solve compared.
struct Compared {
    sourced: SourcedSolve,
    effort: Effort,
    comparison: Comparison,
    /// `--par near`: the near solver's solution of the scramble.
    near: Option<Found>,
}

pub fn run(cmd: CompareCommand) -> Result<(), CliError> {
    cmd.page.check(cmd.format == CompareFormat::Html)?;
    let solves = solve_source::read(&cmd.sources, cmd.pick.map(|n| n as usize), cmd.trusted)?;
    if cmd.format == CompareFormat::Html {
        return cmd.page.write(&solves, cmd.effort, super::compare_page::Coach::Never, &super::pdb::tables());
    }
    if cmd.watch.watch {
        return super::compare_watch::run(solves, cmd.effort, cmd.watch);
    }
    let tables = super::pdb::tables();
    let boards: Vec<_> = solves.iter().map(|s| &s.solve.scramble).collect();
    near_par::find_tables(cmd.par, &boards, &tables)?;
    let pool = super::pdb::worker_pool(cmd.threads)?;
    let compared: Vec<Compared> = pool.install(|| {
        solves.into_par_iter().map(|sourced| compare(sourced, cmd.effort, (&tables, cmd.par))).collect::<Result<_, _>>()
    })?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    for one in &compared {
        match cmd.format {
            CompareFormat::Table => write!(out, "{}", table(one))?,
            CompareFormat::Json => writeln!(out, "{}", solve_json(one))?,
            CompareFormat::Html => unreachable!("a page is written above"),
        }
    }
    summary(&compared, cmd.format, &mut out)?;
    out.flush()?;
    Ok(())
}

fn compare(sourced: SourcedSolve, effort: Effort, (tables, par): (&dyn Tables, ParArg)) -> Result<Compared, CliError> {
    let board = &sourced.solve.scramble;
    let effort = effort.resolve(board.rows(), board.cols());
    let failed = |e: &dyn std::fmt::Display| CliError::Solver(format!("solve {}: {e}", sourced.number));
    // The core's par decides: the optimal distance up to 16 cells, the
    // near solver's on 17 to 49.
    let chosen = near_par::chosen(board, par, effort, tables)?;
    let (optimal, near) = match chosen.par() {
        Par::Optimal(heuristic) => (Some(heuristic), None),
        Par::Near(near) => (None, Some(near.solve(board, &near_par::clock()).map_err(|e| failed(&e))?)),
        _ => (None, None),
    };
    let comparison = coach::compare(board, &sourced.solve.moves, effort, optimal).map_err(|e| failed(&e))?;
    Ok(Compared { sourced, effort, comparison, near })
}

/// What a stage finished: the person's lines, `row 1, column 1`, with runs
/// of rows or columns written as ranges (`rows 2–15, columns 1–14`).
fn finished(stage: &Stage) -> String {
    lines::names(&stage.finished)
}

fn table(one: &Compared) -> String {
    let solve = &one.sourced.solve;
    let board = &solve.scramble;
    let mut out = String::new();
    let _ = writeln!(out, "{}", one.sourced.heading());
    let mut person = format!("{} moves", solve.moves.len());
    if let Some(ms) = solve.time_ms {
        let _ = write!(person, " in {:.3} s", ms as f64 / 1000.0);
    }
    if let Some(tps) = solve.tps() {
        let _ = write!(person, ", {tps:.2} tps");
    }
    let _ = writeln!(
        out,
        "  person:  {person}, {} multi-tile, MMD {}",
        solve.moves.multi_tile_count(),
        mmd(solve.moves.len(), board.manhattan())
    );
    let _ = writeln!(
        out,
        "  fifteen: {} moves ({}), {} multi-tile, MMD {}",
        one.comparison.fifteen.len(),
        one.effort.name(),
        one.comparison.fifteen.multi_tile_count(),
        mmd(one.comparison.fifteen.len(), board.manhattan())
    );
    if let Some(best) = one.comparison.optimal {
        let _ = writeln!(out, "  optimal: {best} moves");
    }
    if let Some(near) = &one.near {
        let _ = writeln!(
            out,
            "  near:    {} (near solver, {} s)",
            super::solve_search::near_summary(near.moves.len(), near.lower_bound.unwrap_or(0)),
            near_seconds(NearPurpose::Par, board.len())
        );
    }
    let width = one.comparison.stages.iter().map(|s| finished(s).chars().count()).max().unwrap_or(0).max(8);
    let _ = writeln!(
        out,
        "  {:<width$}  {:>6}  {:>7}  {:>7}  {:>13}  {:>5}",
        "finished", "left", "person", "fifteen", "stretch", "lost"
    );
    let (mut before_person, mut before_fifteen) = (0, 0);
    for stage in &one.comparison.stages {
        let left =
            if stage.rows_left == 0 { "solved".into() } else { format!("{}×{}", stage.rows_left, stage.cols_left) };
        let (p, f) = (stage.first - before_person, stage.second - before_fifteen);
        let _ = writeln!(
            out,
            "  {:<width$}  {left:>6}  {:>7}  {:>7}  {:>13}  {:>+5}",
            finished(stage),
            stage.first,
            stage.second,
            format!("{p}/{f}"),
            p as i64 - f as i64
        );
        (before_person, before_fifteen) = (stage.first, stage.second);
    }
    out
}

fn mmd(moves: usize, manhattan: usize) -> String {
    if manhattan == 0 { "-".into() } else { format!("{:.3}", moves as f64 / manhattan as f64) }
}

fn solve_json(one: &Compared) -> serde_json::Value {
    let solve = &one.sourced.solve;
    let board = &solve.scramble;
    let manhattan = board.manhattan();
    let ratio = |moves: usize| (manhattan > 0).then(|| moves as f64 / manhattan as f64);
    let stages: Vec<_> = one
        .comparison
        .stages
        .iter()
        .map(|s| {
            json!({
                "finished": finished(s),
                "rows_left": s.rows_left,
                "cols_left": s.cols_left,
                "person": s.first,
                "fifteen": s.second,
            })
        })
        .collect();
    json!({
        "solve": one.sourced.number,
        "source": one.sourced.origin,
        "event": solve.event,
        "rows": board.rows(),
        "cols": board.cols(),
        "manhattan": manhattan,
        "person": {
            "moves": solve.moves.len(),
            "multi_tile_moves": solve.moves.multi_tile_count(),
            "time_ms": solve.time_ms,
            "time_as_4x4_ms": solve.time_as_4x4_ms(),
            "tps": solve.tps(),
            "mmd": ratio(solve.moves.len()),
            "player": solve.player,
        },
        "fifteen": {
            "moves": one.comparison.fifteen.len(),
            "multi_tile_moves": one.comparison.fifteen.multi_tile_count(),
            "effort": one.effort.name(),
            "mmd": ratio(one.comparison.fifteen.len()),
        },
        "optimal": one.comparison.optimal,
        "near": one.near.as_ref().map(|n| json!({ "moves": n.moves.len(), "lower_bound": n.lower_bound })),
        "stages": stages,
    })
}

/// Per size: solves, the people's mean moves, fifteen's, and how often
/// fifteen made more.
fn summary(compared: &[Compared], format: CompareFormat, out: &mut impl Write) -> io::Result<()> {
    let mut by_size: BTreeMap<(usize, usize), (usize, usize, usize, usize)> = BTreeMap::new();
    for one in compared {
        let board = &one.sourced.solve.scramble;
        let entry = by_size.entry((board.rows(), board.cols())).or_default();
        let (person, fifteen) = (one.sourced.solve.moves.len(), one.comparison.fifteen.len());
        *entry = (entry.0 + 1, entry.1 + person, entry.2 + fifteen, entry.3 + usize::from(fifteen > person));
    }
    if format == CompareFormat::Table {
        if compared.len() < 2 {
            return Ok(());
        }
        writeln!(
            out,
            "{:<8} {:>6} {:>12} {:>12} {:>13}",
            "size", "solves", "person mean", "fifteen mean", "fifteen more"
        )?;
    }
    for (&(rows, cols), &(n, person, fifteen, more)) in &by_size {
        let (person_mean, fifteen_mean) = (person as f64 / n as f64, fifteen as f64 / n as f64);
        match format {
            CompareFormat::Table => writeln!(
                out,
                "{:<8} {n:>6} {person_mean:>12.1} {fifteen_mean:>12.1} {more:>13}",
                format!("{rows}×{cols}")
            )?,
            CompareFormat::Json | CompareFormat::Html => writeln!(
                out,
                "{}",
                json!({"summary": format!("{rows}x{cols}"), "rows": rows, "cols": cols, "solves": n,
                       "person_mean": person_mean, "fifteen_mean": fifteen_mean, "fifteen_more": more})
            )?,
        }
    }
    Ok(())
}
