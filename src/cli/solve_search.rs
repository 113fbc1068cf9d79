//! `fifteen solve --solver bfs|iddfs|optimal` and `--compare`: the search
//! solvers' glue. The library finds the moves; this writes them, prints
//! iterative deepening's progress lines and the stats, and measures time.

use std::io::{self, Write};
use std::time::{Duration, Instant};

use crate::human::{self, PhaseTotal};
use crate::output::{Format, MoveWriter, SolveReport};
use crate::search::optimal::{self, Heuristic, MAX_OPTIMAL_CELLS};
use crate::search::{SearchError, Solution, bfs, iddfs};
use crate::{Board, MoveNotation, SolveOptions};

use super::error::CliError;

/// The search solvers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchSolver {
    Bfs,
    /// Iterative deepening, to `--max-depth` moves (or the default reach).
    Iddfs {
        max_depth: Option<u32>,
    },
    Optimal,
}

/// How deep iterative deepening goes unless told: boards of up to 9 cells
/// are searched whole in under a second (every 3×3 position is within 31
/// moves, every 2×4 within 36); on bigger boards each move more roughly
/// doubles the time, and 25 moves take a few seconds on a 4×4.
fn default_max_depth(board: &Board) -> u32 {
    if board.len() <= 9 { 40 } else { 25 }
}

/// Iterative deepening, refused up front when the board needs more moves
/// than the search will go.
pub(super) fn solve_iddfs(
    board: &Board,
    max_depth: Option<u32>,
    progress: impl FnMut(u32),
) -> Result<Solution, CliError> {
    let max = max_depth.unwrap_or_else(|| default_max_depth(board));
    let at_least = iddfs::lower_bound(board)?;
    if at_least > max {
        return Err(CliError::Usage(format!(
            "this board needs at least {at_least} moves, and iddfs searches only up to {max} \
             (--max-depth; each move more doubles its time): --solver optimal finds a shortest solution"
        )));
    }
    let limits = iddfs::Limits { start: 0, max };
    match iddfs::solve(board, limits, progress) {
        Err(SearchError::DepthLimit { limit }) => Err(CliError::Solver(format!(
            "no solution of at most {limit} moves (--max-depth): --solver optimal finds a shortest solution"
        ))),
        other => Ok(other?),
    }
}

impl SearchSolver {
    pub fn name(self) -> &'static str {
        match self {
            SearchSolver::Bfs => "bfs",
            SearchSolver::Iddfs { .. } => "iddfs",
            SearchSolver::Optimal => "optimal",
        }
    }
}

/// Solves with the optimal solver, loading the pattern databases the shape
/// has; returns the solution, a line about the tables for `--stats`, and
/// the time of the search alone.
pub fn solve_optimal(board: &Board) -> Result<(Solution, Option<String>, Duration), CliError> {
    if board.len() > MAX_OPTIMAL_CELLS {
        // Refuse before loading anything.
        let (rows, cols) = (board.rows(), board.cols());
        return Err(SearchError::TooLarge { solver: "optimal", rows, cols, max_cells: MAX_OPTIMAL_CELLS }.into());
    }
    board.check_solvable()?;
    let tables = super::pdb::tables_for(board.rows(), board.cols());
    let started = Instant::now();
    let (solution, account) = match &tables {
        Some((pdb, account)) => (optimal::solve_with(board, Heuristic::Patterns(pdb), |_| {})?, Some(account.clone())),
        None => (optimal::solve_with(board, Heuristic::ManhattanConflicts, |_| {})?, None),
    };
    let elapsed = started.elapsed();
    if let Some((pdb, _)) = &tables {
        if let Some(hint) = faster_tables_hint(pdb, elapsed) {
            eprintln!("{hint}");
        }
    }
    Ok((solution, account, elapsed))
}

/// A solve on the 6-6-3 tables that took over a second: the line that says
/// the 7-8 tables would make it about ten times faster.
pub fn faster_tables_hint(pdb: &optimal::PatternDatabase, elapsed: Duration) -> Option<String> {
    (pdb.spec() == &optimal::PatternSpec::fifteen_663() && elapsed > Duration::from_secs(1)).then(|| {
        format!(
            "hint: this took {:.1} s with the 6-6-3 tables; `fifteen pdb build --partition 7-8` (once: about 2 minutes, 2.1 GB of memory, 288 MB on disk) makes such solves about ten times faster",
            elapsed.as_secs_f64()
        )
    })
}

pub fn run<W: Write>(
    board: &Board,
    solver: SearchSolver,
    format: Format,
    notation: MoveNotation,
    stats: bool,
    out: W,
) -> Result<(), CliError> {
    let started = Instant::now();
    let mut tables = None;
    let (solution, elapsed) = match solver {
        SearchSolver::Bfs => (bfs::solve(board)?, started.elapsed()),
        SearchSolver::Iddfs { max_depth } => (
            solve_iddfs(board, max_depth, |limit| eprintln!("Attempting to solve in at most {limit} moves..."))?,
            started.elapsed(),
        ),
        SearchSolver::Optimal => {
            let (solution, account, elapsed) = solve_optimal(board)?;
            tables = account;
            (solution, elapsed)
        }
    };
    let mut writer = MoveWriter::new(out, format, notation, board);
    writer.begin()?;
    for &mv in solution.moves.iter() {
        writer.push(mv)?;
    }
    let count = solution.moves.len() as u64;
    let report = SolveReport {
        solver: solver.name().into(),
        rows: board.rows(),
        cols: board.cols(),
        count,
        moves: None,
        phases: vec![PhaseTotal { phase: solver.name(), moves: solution.moves.len(), placements: 0 }],
        elapsed_ms: (elapsed.as_secs_f64() * 1e6).round() / 1e3,
    };
    writer.finish(Some(report))?;
    if stats {
        let mut err = io::stderr().lock();
        let s = solution.stats;
        writeln!(
            err,
            "{}: {count} moves (shortest), {} nodes expanded, {} generated, {} iterations, {:.3} ms",
            solver.name(),
            s.expanded,
            s.generated,
            s.iterations,
            elapsed.as_secs_f64() * 1e3
        )?;
        if let Some(line) = tables {
            writeln!(err, "{line}")?;
        }
    }
    Ok(())
}

/// `--compare`: the human solver and, where the size allows, the optimal one.
pub fn compare<W: Write>(board: &Board, effort: human::Effort, mut out: W) -> Result<(), CliError> {
    board.check_solvable()?;
    let started = Instant::now();
    let plan = human::solve(board, &SolveOptions { effort, ..SolveOptions::default() })?;
    let human_ms = started.elapsed().as_secs_f64() * 1e3;
    let human_moves = plan.moves().len();
    writeln!(out, "{:<8} {:>8} {:>12}", "solver", "moves", "ms")?;
    writeln!(out, "{:<8} {:>8} {:>12.3}", "human", human_moves, human_ms)?;
    if board.len() > MAX_OPTIMAL_CELLS {
        writeln!(
            out,
            "{:<8} {:>8} {:>12}  (only for boards of up to {MAX_OPTIMAL_CELLS} cells; this one has {})",
            "optimal",
            "-",
            "-",
            board.len()
        )?;
    } else {
        let (solution, _, elapsed) = solve_optimal(board)?;
        let ms = elapsed.as_secs_f64() * 1e3;
        let best = solution.moves.len();
        writeln!(out, "{:<8} {:>8} {:>12.3}", "optimal", best, ms)?;
        if best > 0 {
            writeln!(
                out,
                "the human way takes {} more moves than the shortest ({:.2}×)",
                human_moves.saturating_sub(best),
                human_moves as f64 / best as f64
            )?;
        }
    }
    out.flush()?;
    Ok(())
}
