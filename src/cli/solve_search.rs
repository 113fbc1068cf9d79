//! `fifteen solve --solver bfs|iddfs|optimal|near` and `--compare`: the
//! search solvers' glue. The library finds the moves; this writes them, prints
//! iterative deepening's progress lines and the stats, and measures time.

use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant};

use crate::output::{Format, Metric, MoveWriter, SolveReport};
use fifteen_core::human::{self, PhaseTotal};
use fifteen_core::search::MAX_OPTIMAL_CELLS;
use fifteen_core::search::NearProgress;
use fifteen_core::search::{SearchError, Solution};
use fifteen_core::solver::{self, Found, SearchProgress, Solver, SolverError, SolverOptions};
use fifteen_core::tables::PatternDatabase;
use fifteen_core::tables::Tables;
use fifteen_core::{Board, Deadline, HumanOptions, MoveNotation};

use super::error::CliError;
use fifteen_core::tables::{TableCache, TablesAccount};

/// A search as the command asked for it: the solver and its options, and
/// the seconds `--solver near` may take (`None`: until it proves its
/// answer).
#[derive(Clone, Copy, Debug)]
pub struct SearchRun {
    pub solver: Solver,
    pub human: HumanOptions,
    pub max_depth: Option<u32>,
    pub seconds: Option<f64>,
    /// The near solver's seconds are the process's processor time over its
    /// two threads ([`processor_seconds`]), not the wall clock's.
    pub cpu_clock: bool,
}

/// The processor time this process has had, in seconds, over the near
/// solver's two threads: on two cores of their own its beam and IDA* take
/// one second of it in a second of the wall clock; on a machine shared with
/// other work, as long as the search would take alone. (Wall-clock seconds
/// where there is no such clock.)
pub fn processor_seconds() -> f64 {
    #[cfg(unix)]
    {
        let t = rustix::time::clock_gettime(rustix::time::ClockId::ProcessCPUTime);
        (t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9) / 2.0
    }
    #[cfg(not(unix))]
    {
        use std::sync::OnceLock;
        static START: OnceLock<Instant> = OnceLock::new();
        START.get_or_init(Instant::now).elapsed().as_secs_f64()
    }
}

/// Runs the search on `board` with the command's tables, stopping the
/// near solver after `seconds`; returns what it found and the time of the
/// search alone (the tables found first).
pub fn find(
    board: &Board,
    search: SearchRun,
    tables: &TableCache,
    progress: &(dyn Fn(SearchProgress) + Sync),
) -> Result<(Found, Duration), CliError> {
    // Find the tables first (minutes when they are built), so that the
    // search's clock starts after them.
    let asked = SolverOptions { solver: search.solver, tables, ..SolverOptions::default() };
    solver::find_tables(board, &asked).map_err(|e| CliError::Usage(e.to_string()))?;
    let started = Instant::now();
    let clocked = if search.cpu_clock {
        let first = processor_seconds();
        Deadline::NONE.with_clock(move || processor_seconds() - first)
    } else {
        Deadline::NONE.with_clock(move || started.elapsed().as_secs_f64())
    };
    let deadline = match search.seconds {
        Some(seconds) => clocked.within(seconds),
        None => clocked,
    };
    // A near search with no time limit (`--solver optimal` on 17 to 49
    // cells) can take hours: on a terminal, a line each time it comes nearer.
    let show = search.seconds.is_none() && io::stderr().is_terminal();
    let progress = |p: SearchProgress| match p {
        SearchProgress::Near(p) if show => eprintln!("{}", progress_line(p, started.elapsed())),
        SearchProgress::Near(_) => {}
        depth => progress(depth),
    };
    let options = SolverOptions {
        solver: search.solver,
        human: search.human,
        max_depth: search.max_depth,
        tables,
        deadline: &deadline,
        progress: &progress,
    };
    let found = solver::solve(board, &options).map_err(|e| match e {
        SolverError::TooDeep { at_least, max } => CliError::Usage(format!(
            "this board needs at least {at_least} moves, and iddfs searches only up to {max} \
             (--max-depth; each move more doubles its time): --solver optimal finds a shortest solution"
        )),
        SolverError::Search(SearchError::DepthLimit { limit }) => CliError::Solver(format!(
            "no solution of at most {limit} moves (--max-depth): --solver optimal finds a shortest solution"
        )),
        SolverError::Search(SearchError::NearSize { .. }) => CliError::Usage(e.to_string()),
        other => near_error(other),
    })?;
    Ok((found, started.elapsed()))
}

fn near_error(e: SolverError) -> CliError {
    match e {
        SolverError::Tables(why) => CliError::Usage(why.to_string()),
        SolverError::Human(e) => e.into(),
        SolverError::Search(e) => e.into(),
        other => CliError::Solver(other.to_string()),
    }
}

/// `optimal is at least 94, best so far 110 moves, after 12 s`.
fn progress_line(p: NearProgress, elapsed: Duration) -> String {
    let best = p.best.map_or_else(|| "no solution yet".to_string(), |b| format!("best so far {b} moves"));
    format!("optimal is at least {}, {best}, after {:.0} s", p.lower_bound, elapsed.as_secs_f64())
}

/// The near solver on a board of 17 to 49 cells for `seconds` (`None`:
/// until it proves its answer), with the command's tables: what it found,
/// the tables' account line and the search's time.
pub fn solve_near(
    board: &Board,
    seconds: Option<f64>,
    cpu_clock: bool,
) -> Result<(Found, Option<TablesAccount>, Duration), CliError> {
    let tables = super::pdb::tables();
    // Seeded with the human solution at the effort the size calls for.
    let human = HumanOptions { effort: human::Effort::Auto, threads: 1, ..HumanOptions::default() };
    let search = SearchRun { solver: Solver::Near, human, max_depth: None, seconds, cpu_clock };
    let (found, elapsed) = find(board, search, &tables, &|_| {})?;
    Ok((found, tables.account(true, board.rows(), board.cols()), elapsed))
}

/// `104 moves, optimal is at least 100`, or `100 moves, optimal`.
pub fn near_summary(count: usize, lower_bound: u32) -> String {
    if count as u32 == lower_bound {
        format!("{count} moves, optimal")
    } else {
        format!("{count} moves, optimal is at least {lower_bound}")
    }
}

/// A solve on the 6-6-3 tables that took over a second: the line that says
/// the 7-8 tables would make it about ten times faster.
pub fn faster_tables_hint(pdb: &PatternDatabase, elapsed: Duration) -> Option<String> {
    (pdb.partition() == "6-6-3" && elapsed > Duration::from_secs(1)).then(|| {
        format!(
            "hint: this took {:.1} s with the 6-6-3 tables; `fifteen pdb build --partition 7-8` (once: about 2 minutes, 2.1 GB of memory, 288 MB on disk) makes such solves about ten times faster",
            elapsed.as_secs_f64()
        )
    })
}

/// The optimal solver on a board of up to 16 cells with the command's
/// tables: the solution, the tables' account line and the search's time.
pub fn solve_optimal(board: &Board) -> Result<(Solution, Option<TablesAccount>, Duration), CliError> {
    let tables = super::pdb::tables();
    let search = SearchRun {
        solver: Solver::Optimal,
        human: HumanOptions::default(),
        max_depth: None,
        seconds: None,
        cpu_clock: false,
    };
    fifteen_core::search::check_optimal_size(board)?;
    let (found, elapsed) = find(board, search, &tables, &|_| {})?;
    hint_after(&tables, board, elapsed);
    let solution = Solution { moves: found.moves, stats: found.stats.unwrap_or_default() };
    Ok((solution, tables.account(false, board.rows(), board.cols()), elapsed))
}

/// Says on stderr when the 7-8 tables would have made an optimal solve
/// much faster.
fn hint_after(tables: &TableCache, board: &Board, elapsed: Duration) {
    if let Some(hint) = tables.optimal(board.rows(), board.cols()).and_then(|pdb| faster_tables_hint(&pdb, elapsed)) {
        eprintln!("{hint}");
    }
}

pub fn run<W: Write>(
    board: &Board,
    search: SearchRun,
    (format, metric): (Format, Metric),
    notation: MoveNotation,
    stats: bool,
    out: W,
) -> Result<(), CliError> {
    let solver = search.solver;
    let name = solver.name();
    let to_proof = solver == Solver::Optimal && solver.runs_near_search(board.len());
    if to_proof && io::IsTerminal::is_terminal(&io::stderr()) {
        eprintln!(
            "searching for a shortest solution by IDA* on pattern databases: on a 5×5 this can take hours (--solver near --time S answers in S seconds, with a bound)"
        );
    }
    let tables = super::pdb::tables();
    let progress = |p: SearchProgress| {
        if let (Solver::Iddfs, SearchProgress::Depth(limit)) = (solver, p) {
            eprintln!("Attempting to solve in at most {limit} moves...");
        }
    };
    let (found, elapsed) = find(board, search, &tables, &progress)?;
    let near = solver == Solver::Near || to_proof;
    let account = tables.account(near, board.rows(), board.cols());
    if solver == Solver::Optimal && !near {
        hint_after(&tables, board, elapsed);
    }
    let lower_bound = near.then_some(found.lower_bound).flatten();
    let solution = Solution { moves: found.moves.clone(), stats: found.stats.unwrap_or_default() };
    write_solution(board, name, &solution, elapsed, lower_bound, (format, metric, notation), out)?;
    let mut err = io::stderr().lock();
    if near {
        let line = if stats {
            format!(
                "{name}: {}; beam {} wide, {} IDA* nodes, {:.3} ms\n{}",
                near_summary(found.moves.len(), found.lower_bound.unwrap_or(0)),
                found.beam_width,
                solution.stats.expanded,
                elapsed.as_secs_f64() * 1e3,
                account.map(|a| a.to_string()).unwrap_or_default()
            )
        } else if matches!(format, Format::Json | Format::Summary) {
            return Ok(());
        } else {
            near_summary(found.moves.len(), found.lower_bound.unwrap_or(0))
        };
        writeln!(err, "{line}")?;
        return Ok(());
    }
    if stats {
        let s = solution.stats;
        writeln!(
            err,
            "{name}: {} moves (shortest), {} nodes expanded, {} generated, {} iterations, {:.3} ms",
            solution.moves.len(),
            s.expanded,
            s.generated,
            s.iterations,
            elapsed.as_secs_f64() * 1e3
        )?;
        if let Some(line) = account {
            writeln!(err, "{line}")?;
        }
    }
    Ok(())
}

/// Writes a search's moves and its report.
fn write_solution<W: Write>(
    board: &Board,
    name: &'static str,
    solution: &Solution,
    elapsed: Duration,
    lower_bound: Option<u32>,
    (format, metric, notation): (Format, Metric, MoveNotation),
    out: W,
) -> Result<(), CliError> {
    let mut writer =
        MoveWriter::new(out, format, notation, board).in_metric(metric).map_err(|e| CliError::Usage(e.to_string()))?;
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
        metric: None,
        single_tile_count: None,
    };
    writer.finish(Some(report))?;
    Ok(())
}

/// `--compare`: the human solver and, where the size allows, the optimal one.
pub fn compare<W: Write>(board: &Board, effort: human::Effort, mut out: W) -> Result<(), CliError> {
    board.check_solvable()?;
    let started = Instant::now();
    let plan = human::solve(board, &HumanOptions { effort, ..HumanOptions::default() })?;
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
