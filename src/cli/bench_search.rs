//! The optimal solver's benchmark: random 15-puzzles, one line each.
//! `fifteen bench --solver optimal` runs it.

use std::io::Write;
use std::time::Instant;

use fifteen_core::solver::{self, Solver, SolverOptions};
use fifteen_core::{Board, Scramble};

use super::error::CliError;

/// Solves `count` uniformly random solvable 15-puzzles (seeds `seed`,
/// `seed + 1`, …) optimally and prints board, optimal length, nodes and ms,
/// then the mean and the maximum. The pattern databases are loaded (or
/// built) first and not counted.
pub fn run_optimal(count: u64, seed: u64) -> Result<(), CliError> {
    let tables = super::pdb::tables();
    fifteen_core::tables::Tables::optimal(&tables, 4, 4).expect("4×4 has pattern databases");
    let options = SolverOptions { solver: Solver::Optimal, tables: &tables, ..SolverOptions::default() };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    if let Some(account) = tables.account(false, 4, 4) {
        writeln!(out, "# {account}")?;
    }
    writeln!(out, "{:<6} {:<40} {:>7} {:>11} {:>11} {:>9}", "seed", "board", "optimal", "expanded", "generated", "ms")?;
    let (mut total_ms, mut max_ms, mut total_nodes, mut max_nodes, mut total_len) = (0.0f64, 0.0f64, 0u64, 0u64, 0u64);
    for i in 0..count {
        let s = seed.wrapping_add(i);
        let board = Board::scrambled(4, 4, Scramble::Uniform, s)?;
        let started = Instant::now();
        let solution = solver::solve(&board, &options).map_err(|e| CliError::Solver(e.to_string()))?;
        let ms = started.elapsed().as_secs_f64() * 1e3;
        let mut replay = board.clone();
        replay.apply(&solution.moves).map_err(|e| CliError::Solver(e.to_string()))?;
        if !replay.is_solved() {
            return Err(CliError::Solver(format!("seed {s}: the solution does not solve the board")));
        }
        let cells: Vec<String> = board.cells().iter().map(u32::to_string).collect();
        let st = solution.stats.unwrap_or_default();
        writeln!(
            out,
            "{s:<6} {:<40} {:>7} {:>11} {:>11} {:>9.1}",
            cells.join(" "),
            solution.moves.len(),
            st.expanded,
            st.generated,
            ms
        )?;
        out.flush()?;
        total_ms += ms;
        max_ms = max_ms.max(ms);
        total_nodes += st.generated;
        max_nodes = max_nodes.max(st.generated);
        total_len += solution.moves.len() as u64;
    }
    if count > 0 {
        let n = count as f64;
        writeln!(
            out,
            "mean over {count}: {:.2} moves, {:.0} nodes generated, {:.1} ms; max {max_nodes} nodes, {max_ms:.1} ms",
            total_len as f64 / n,
            total_nodes as f64 / n,
            total_ms / n
        )?;
    }
    out.flush()?;
    Ok(())
}
