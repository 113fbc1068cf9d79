//! `fifteen solve --solver bfs|iddfs|optimal|near` and `--compare`: the
//! search solvers' glue. The library finds the moves; this writes them, prints
//! iterative deepening's progress lines and the stats, and measures time.

use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant};

use crate::human::{self, PhaseTotal};
use crate::output::{Format, MoveWriter, SolveReport};
use crate::search::near::{self, MAX_NEAR_CELLS, MIN_NEAR_CELLS, NearOptions, NearProgress, NearSolution};
use crate::search::optimal::{self, Heuristic, MAX_OPTIMAL_CELLS};
use crate::search::{SearchError, Solution, bfs, iddfs};
use crate::{Board, MoveNotation, SolveOptions};

use super::error::CliError;

/// The search solvers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SearchSolver {
    Bfs,
    /// Iterative deepening, to `--max-depth` moves (or the default reach).
    Iddfs {
        max_depth: Option<u32>,
    },
    Optimal,
    /// The near solver, searching for `seconds` (`--time`).
    Near {
        seconds: f64,
    },
}

/// Seconds `--solver near` searches unless told.
pub const NEAR_SECONDS: f64 = 3.0;

/// The near solver on a board of 17 to 49 cells: its tables (from the
/// cache, or built and saved), then the search for `seconds` (`None`: until
/// it proves its solution shortest). Returns the solution, the tables'
/// account line and the time of the search alone.
pub fn solve_near(board: &Board, seconds: Option<f64>) -> Result<(NearSolution, String, Duration), CliError> {
    let (rows, cols) = (board.rows(), board.cols());
    if !(MIN_NEAR_CELLS..=MAX_NEAR_CELLS).contains(&board.len()) {
        return Err(CliError::Usage(SearchError::NearSize { rows, cols }.to_string()));
    }
    board.check_solvable()?;
    let (tables, account) = super::pdb::near_tables(rows, cols)?;
    let started = Instant::now();
    let stop = move || seconds.is_some_and(|s| started.elapsed().as_secs_f64() >= s);
    // A search with no time limit (`--solver optimal`) can take hours: on a
    // terminal, a line each time it comes nearer.
    let show = seconds.is_none() && io::stderr().is_terminal();
    let progress = |p: NearProgress| {
        if show {
            eprintln!("{}", progress_line(p, started.elapsed()));
        }
    };
    let found = near::solve_with_progress(board, &tables, NearOptions::default(), &stop, &progress)?;
    Ok((found, account, started.elapsed()))
}

/// `optimal is at least 94, best so far 110 moves, after 12 s`.
fn progress_line(p: NearProgress, elapsed: Duration) -> String {
    let best = p.best.map_or_else(|| "no solution yet".to_string(), |b| format!("best so far {b} moves"));
    format!("optimal is at least {}, {best}, after {:.0} s", p.lower_bound, elapsed.as_secs_f64())
}

/// `104 moves, optimal is at least 100`, or `100 moves, optimal`.
pub fn near_summary(found: &NearSolution) -> String {
    let count = found.moves.len();
    if found.is_optimal() {
        format!("{count} moves, optimal")
    } else {
        format!("{count} moves, optimal is at least {}", found.lower_bound)
    }
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
            SearchSolver::Near { .. } => "near",
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
    let near_seconds = match solver {
        SearchSolver::Near { seconds } => Some(Some(seconds)),
        SearchSolver::Optimal if board.len() > MAX_OPTIMAL_CELLS && board.len() <= MAX_NEAR_CELLS => {
            if std::io::IsTerminal::is_terminal(&io::stderr()) {
                eprintln!(
                    "searching for a shortest solution by IDA* on pattern databases: on a 5×5 this can take hours (--solver near --time S answers in S seconds, with a bound)"
                );
            }
            Some(None)
        }
        _ => None,
    };
    if let Some(seconds) = near_seconds {
        return run_near(board, solver.name(), seconds, (format, notation), stats, out);
    }
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
        SearchSolver::Near { .. } => unreachable!("answered above"),
    };
    write_solution(board, solver.name(), &solution, elapsed, None, (format, notation), out)?;
    let count = solution.moves.len();
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

/// `--solver near`, or `--solver optimal` on 17 to 49 cells (`seconds`
/// `None`): the moves, the report with the lower bound, and the line
/// `N moves, optimal is at least L` on stderr (or the stats).
fn run_near<W: Write>(
    board: &Board,
    name: &'static str,
    seconds: Option<f64>,
    (format, notation): (Format, MoveNotation),
    stats: bool,
    out: W,
) -> Result<(), CliError> {
    let (found, account, elapsed) = solve_near(board, seconds)?;
    let stats = stats.then(|| {
        format!(
            "{}: {}; beam {} wide, {} IDA* nodes, {:.3} ms\n{account}",
            name,
            near_summary(&found),
            found.beam_width,
            found.ida_expanded,
            elapsed.as_secs_f64() * 1e3
        )
    });
    let summary = (!matches!(format, Format::Json | Format::Summary)).then(|| near_summary(&found));
    let solution = Solution { moves: found.moves, stats: crate::search::Stats::default() };
    write_solution(board, name, &solution, elapsed, Some(found.lower_bound), (format, notation), out).and_then(|()| {
        let mut err = io::stderr().lock();
        if let Some(line) = stats.or(summary) {
            writeln!(err, "{line}")?;
        }
        Ok(())
    })
}

/// Writes a search's moves and its report.
fn write_solution<W: Write>(
    board: &Board,
    name: &'static str,
    solution: &Solution,
    elapsed: Duration,
    lower_bound: Option<u32>,
    (format, notation): (Format, MoveNotation),
    out: W,
) -> Result<(), CliError> {
    let mut writer = MoveWriter::new(out, format, notation, board);
    writer.begin()?;
    for &mv in solution.moves.iter() {
        writer.push(mv)?;
    }
    let report = SolveReport {
        solver: name.into(),
        rows: board.rows(),
        cols: board.cols(),
        count: solution.moves.len() as u64,
        moves: None,
        phases: vec![PhaseTotal { phase: name, moves: solution.moves.len(), placements: 0 }],
        elapsed_ms: (elapsed.as_secs_f64() * 1e6).round() / 1e3,
        lower_bound,
    };
    writer.finish(Some(report))?;
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
