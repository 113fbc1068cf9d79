//! `fifteen graph`: the whole state graph of a small board.

use std::io::Write;
use std::time::Instant;

use clap::Args;
use fifteen_core::search::graph::{self, MAX_DOT_CELLS, MAX_GRAPH_CELLS, StateGraph};

use super::error::CliError;
use super::numbers::positive_count;

#[derive(Args, Debug)]
pub struct GraphCommand {
    /// Rows of the board.
    #[arg(long, value_name = "R", value_parser = positive_count)]
    rows: usize,
    /// Columns of the board (rows × columns at most 10: 2×5, 3×3, …).
    #[arg(long, value_name = "C", value_parser = positive_count)]
    cols: usize,
    /// Write the graph in Graphviz DOT instead (up to 6 cells, e.g. 2×2, 2×3).
    #[arg(long)]
    dot: bool,
}

pub fn run(cmd: GraphCommand) -> Result<(), CliError> {
    // Checked before any board is made: the graph has (rows·cols)! vertices.
    let (limit, what) = if cmd.dot { (MAX_DOT_CELLS, "drawn") } else { (MAX_GRAPH_CELLS, "built") };
    let cells = cmd.rows.saturating_mul(cmd.cols);
    if cells > limit {
        return Err(CliError::Usage(format!(
            "a {}×{} board has {cells} cells, and its state graph has {cells}! vertices: \
             it is {what} for boards of up to {limit} cells",
            cmd.rows, cmd.cols
        )));
    }
    fifteen_core::Board::goal(cmd.rows, cmd.cols)?;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    if cmd.dot {
        out.write_all(graph::to_dot(cmd.rows, cmd.cols)?.as_bytes())?;
        out.flush()?;
        return Ok(());
    }
    let started = Instant::now();
    let g = StateGraph::build(cmd.rows, cmd.cols)?;
    let elapsed = started.elapsed();
    let n = cmd.rows * cmd.cols;
    writeln!(out, "{}×{} state graph", g.rows(), g.cols())?;
    writeln!(out, "vertices    {:>10}  ({n}! arrangements)", g.vertices())?;
    writeln!(out, "edges       {:>10}", g.edges())?;
    let sizes: Vec<String> = g.component_sizes().iter().map(u64::to_string).collect();
    writeln!(out, "components  {:>10}  sizes {}", g.component_sizes().len(), sizes.join(", "))?;
    writeln!(
        out,
        "the goal is in component 1 ({} positions); the farthest lie {} moves away",
        g.component_sizes()[0],
        g.max_distance()
    )?;
    writeln!(out)?;
    writeln!(out, "{:>8} {:>10}", "distance", "positions")?;
    for (d, count) in g.histogram().iter().enumerate() {
        writeln!(out, "{d:>8} {count:>10}")?;
    }
    writeln!(out)?;
    writeln!(out, "time {:.1} ms", elapsed.as_secs_f64() * 1e3)?;
    out.flush()?;
    Ok(())
}
