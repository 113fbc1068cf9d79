//! `fifteen bench --solver near`: the near solver at a fixed time a board,
//! against the published optimum when the boards file gives one
//! (`"optimal": N`), and against the proven lower bound and the human
//! solver's `best` always.

use std::io::Write;
use std::path::Path;

use serde_json::Value;

use fifteen_core::board::BoardLine;
use fifteen_core::human::{self, Effort};
use fifteen_core::{Board, HumanOptions, Scramble};

use super::error::CliError;

/// A board to measure: its name in the table, the board and its optimal
/// length when known.
pub struct NearCase {
    pub id: String,
    pub board: Board,
    pub optimal: Option<u32>,
}

/// `count` uniformly random boards of `rows`×`cols`, seeds `seed`, `seed + 1`, …
pub fn random_cases(rows: usize, cols: usize, count: u64, seed: u64) -> Result<Vec<NearCase>, CliError> {
    (0..count)
        .map(|i| {
            let s = seed.wrapping_add(i);
            let board = Board::scrambled(rows, cols, Scramble::Uniform, s)?;
            Ok(NearCase { id: format!("{rows}x{cols}/{s}"), board, optimal: None })
        })
        .collect()
}

/// The boards of a file, one a line as `solve --batch` reads them (a board
/// on one line, or `{"id": …, "board": …, "optimal": N}`); blank lines and
/// `#` lines skipped. Every line is checked before any is solved.
pub fn file_cases(path: &Path) -> Result<Vec<NearCase>, CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::Usage(format!("cannot read the boards file {}: {e}", path.display())))?;
    let mut cases = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let number = index + 1;
        let bad = |why: String| CliError::Usage(format!("{}, line {number}: {why}", path.display()));
        let case = parse_case(line, number).map_err(bad)?;
        case.board.check_solvable().map_err(|e| bad(e.to_string()))?;
        cases.push(case);
    }
    if cases.is_empty() {
        return Err(CliError::Usage(format!("{} holds no boards", path.display())));
    }
    Ok(cases)
}

fn parse_case(line: &str, number: usize) -> Result<NearCase, String> {
    let line = BoardLine::parse(line, number as u64).ok_or("no board on the line")?;
    let id = match line.id {
        Value::String(id) => id,
        id => id.to_string(),
    };
    Ok(NearCase { id, board: line.board.map_err(|e| e.to_string())?, optimal: line.optimal })
}

/// Sums over the boards measured at one budget, for its closing line.
#[derive(Default)]
struct Totals {
    boards: u32,
    moves: f64,
    bound: f64,
    proven_gap: f64,
    human: f64,
    manhattan: f64,
    seconds: f64,
    /// Boards with a known optimum: their count, optimum and gap to it.
    known: u32,
    optimal: f64,
    gap: f64,
    at_optimum: u32,
}

/// Solves every case with the near solver for each of `budgets` seconds
/// (a separate search each), one line a board and budget, then the means,
/// a line a budget: what waiting longer buys. Loading or building the
/// tables is not counted.
pub fn run(cases: &[NearCase], budgets: &[f64], cpu_clock: bool) -> Result<(), CliError> {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let said: Vec<String> = budgets.iter().map(|s| format!("{s} s")).collect();
    let clock = if cpu_clock { " of processor time over two threads" } else { "" };
    writeln!(
        out,
        "# near solver, {}{clock} a board; gaps are length / optimum − 1 and length / lower bound − 1",
        said.join(", ")
    )?;
    writeln!(
        out,
        "{:<10} {:>6} {:>6} {:>6} {:>8} {:>8} {:>8} {:>11} {:>6} {:>8}",
        "board", "budget", "near", "bound", "optimal", "gap", "proven", "human best", "md", "s"
    )?;
    let mut totals: Vec<Totals> = budgets.iter().map(|_| Totals::default()).collect();
    let mut accounts = std::collections::BTreeSet::new();
    for case in cases {
        let plan = human::solve(&case.board, &HumanOptions { effort: Effort::Best, ..HumanOptions::default() })?;
        let human = plan.moves().len() as f64;
        let md = case.board.manhattan() as f64;
        for (&seconds, totals) in budgets.iter().zip(totals.iter_mut()) {
            // Loads (or builds) the tables first; the time is the search's alone.
            let (found, account, elapsed) = super::solve_search::solve_near(&case.board, Some(seconds), cpu_clock)?;
            // Which tables a shape's boards were solved with, once a shape.
            if let Some(a) = account.filter(|_| accounts.insert((case.board.rows(), case.board.cols()))) {
                writeln!(out, "# {}", a.name())?;
            }
            let mut replay = case.board.clone();
            replay.apply(&found.moves).map_err(|e| CliError::Solver(e.to_string()))?;
            if !replay.is_solved() {
                return Err(CliError::Solver(format!("board {}: the solution does not solve it", case.id)));
            }
            let (moves, bound) = (found.moves.len() as f64, f64::from(found.lower_bound.unwrap_or(0)));
            let proven = moves / bound - 1.0;
            let (optimal, gap) = match case.optimal {
                Some(optimal) if found.lower_bound.is_some_and(|bound| bound > optimal) => {
                    return Err(CliError::Solver(format!(
                        "board {}: the proven lower bound {} is above the optimum {optimal} the file gives",
                        case.id,
                        found.lower_bound.unwrap_or(0)
                    )));
                }
                Some(optimal) => {
                    let gap = moves / f64::from(optimal) - 1.0;
                    totals.known += 1;
                    totals.optimal += f64::from(optimal);
                    totals.gap += gap;
                    totals.at_optimum += u32::from(found.moves.len() as u32 == optimal);
                    (optimal.to_string(), format!("{:.1} %", 100.0 * gap))
                }
                None => ("-".into(), "-".into()),
            };
            let secs = elapsed.as_secs_f64();
            writeln!(
                out,
                "{:<10} {seconds:>6} {moves:>6} {bound:>6} {optimal:>8} {gap:>8} {:>6.1} % {human:>11} {md:>6} {secs:>8.2}",
                case.id,
                100.0 * proven
            )?;
            out.flush()?;
            totals.boards += 1;
            totals.moves += moves;
            totals.bound += bound;
            totals.proven_gap += proven;
            totals.human += human;
            totals.manhattan += md;
            totals.seconds += secs;
        }
    }
    for (&seconds, totals) in budgets.iter().zip(&totals) {
        write_means(&mut out, seconds, totals)?;
    }
    out.flush()?;
    Ok(())
}

fn write_means(out: &mut impl Write, budget: f64, t: &Totals) -> Result<(), CliError> {
    let n = f64::from(t.boards);
    write!(
        out,
        "mean over {} at {budget} s: {:.2} moves, lower bound {:.2}, proven gap {:.1} %, human best {:.2}, Manhattan distance {:.2}, {:.2} s a board",
        t.boards,
        t.moves / n,
        t.bound / n,
        100.0 * t.proven_gap / n,
        t.human / n,
        t.manhattan / n,
        t.seconds / n
    )?;
    if t.known > 0 {
        let k = f64::from(t.known);
        write!(
            out,
            "; optimum known for {}: mean optimum {:.2}, gap to it {:.2} %, {} solved optimally",
            t.known,
            t.optimal / k,
            100.0 * t.gap / k,
            t.at_optimum
        )?;
    }
    writeln!(out)?;
    Ok(())
}
