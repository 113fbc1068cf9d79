//! The whole game graph of a small board: every arrangement of
//! the tiles is a vertex, every slide an edge.
//!
//! [`StateGraph::build`] walks all (rows·cols)! arrangements, up to 10 cells:
//! breadth-first from the goal for the distances, then a flood fill from each
//! arrangement not yet labelled for the other components. Parity theory says
//! there are exactly two components of equal size; the walk counts them
//! rather than assuming it. [`to_dot`] draws a graph of up to 6 cells in
//! Graphviz DOT (the 2×2 puzzle's 24 states make two 12-cycles). What
//! `fifteen graph` prints.

use std::fmt::Write;

use super::SearchError;
use super::bfs::{self, UNREACHED};
use super::packed::{NO_CELL, Packed, PackedGrid, factorial};

/// The most cells [`StateGraph::build`] takes.
pub const MAX_GRAPH_CELLS: usize = bfs::MAX_BFS_CELLS;
/// The most cells [`to_dot`] draws (720 vertices).
pub const MAX_DOT_CELLS: usize = 6;

/// Facts about the game graph of one board shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StateGraph {
    rows: usize,
    cols: usize,
    vertices: u64,
    edges: u64,
    /// Component sizes; the goal's first.
    components: Vec<u64>,
    histogram: Vec<u64>,
}

impl StateGraph {
    /// Walks the whole graph of a rows × cols board of at most 10 cells.
    pub fn build(rows: usize, cols: usize) -> Result<StateGraph, SearchError> {
        if rows * cols > MAX_GRAPH_CELLS {
            return Err(SearchError::TooLarge { solver: "graph", rows, cols, max_cells: MAX_GRAPH_CELLS });
        }
        let distances = bfs::distances_from_goal(rows, cols)?;
        let grid = distances.grid().clone();
        let len = grid.len();
        let mut labelled: Vec<bool> = distances.table().iter().map(|&d| d != UNREACHED).collect();
        let mut components = vec![distances.reached()];
        let mut stack = Vec::new();
        let mut next_unlabelled = 0usize;
        while let Some(offset) = labelled[next_unlabelled..].iter().position(|&l| !l) {
            let rank = next_unlabelled + offset;
            next_unlabelled = rank + 1;
            labelled[rank] = true;
            let start = Packed::unrank(rank as u64, len);
            stack.push((start, start.blank(len)));
            let mut size = 0u64;
            while let Some((state, blank)) = stack.pop() {
                size += 1;
                for m in 0..4 {
                    let from = grid.source(blank, m);
                    if from == NO_CELL {
                        continue;
                    }
                    let child = state.slid(blank, from as usize);
                    let r = child.rank(len) as usize;
                    if !labelled[r] {
                        labelled[r] = true;
                        stack.push((child, from as usize));
                    }
                }
            }
            components.push(size);
        }
        // Each vertex has one edge per neighbour of its blank cell, and
        // (n−1)! vertices have their blank in any given cell.
        let degree_sum: u64 = (0..len).map(|c| (0..4).filter(|&m| grid.source(c, m) != NO_CELL).count() as u64).sum();
        let edges = factorial(len - 1) * degree_sum / 2;
        Ok(StateGraph {
            rows,
            cols,
            vertices: factorial(len),
            edges,
            components,
            histogram: distances.histogram().to_vec(),
        })
    }

    /// Rows of the board.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the board.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Number of arrangements, (rows·cols)!.
    pub fn vertices(&self) -> u64 {
        self.vertices
    }

    /// Number of edges (each slide and its undoing are one edge).
    pub fn edges(&self) -> u64 {
        self.edges
    }

    /// Sizes of the connected components, the goal's first.
    pub fn component_sizes(&self) -> &[u64] {
        &self.components
    }

    /// Positions at each distance from the goal, within its component.
    pub fn histogram(&self) -> &[u64] {
        &self.histogram
    }

    /// The largest distance from the goal within its component.
    pub fn max_distance(&self) -> usize {
        self.histogram.len() - 1
    }
}

/// The graph in Graphviz DOT: one node per arrangement labelled with its
/// board, the goal framed in green, the goal's component in black and the
/// other in grey. At most [`MAX_DOT_CELLS`] cells.
pub fn to_dot(rows: usize, cols: usize) -> Result<String, SearchError> {
    if rows * cols > MAX_DOT_CELLS {
        return Err(SearchError::TooLarge { solver: "DOT drawing", rows, cols, max_cells: MAX_DOT_CELLS });
    }
    let grid = PackedGrid::new(rows, cols)?;
    let distances = bfs::distances_from_goal(rows, cols)?;
    let len = grid.len();
    let goal_rank = Packed::goal(len).rank(len);
    let mut out = String::new();
    let _ = writeln!(out, "graph \"{rows}x{cols} puzzle\" {{");
    let _ = writeln!(out, "  node [shape=box, fontname=\"monospace\"];");
    for rank in 0..factorial(len) {
        let state = Packed::unrank(rank, len);
        let label: Vec<String> = (0..rows)
            .map(|r| {
                (0..cols)
                    .map(|c| match state.tile(r * cols + c) {
                        0 => "_".to_string(),
                        t => t.to_string(),
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        let style = if rank == goal_rank {
            ", color=green, penwidth=3"
        } else if distances.table()[rank as usize] == UNREACHED {
            ", color=grey, fontcolor=grey"
        } else {
            ""
        };
        let _ = writeln!(out, "  s{rank} [label=\"{}\"{style}];", label.join("\\n"));
    }
    for rank in 0..factorial(len) {
        let state = Packed::unrank(rank, len);
        let blank = state.blank(len);
        for (_, child, _) in grid.successors(state, blank) {
            let other = child.rank(len);
            if rank < other {
                let _ = writeln!(out, "  s{rank} -- s{other};");
            }
        }
    }
    out.push_str("}\n");
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board, Scramble};

    #[test]
    fn parity_predicts_two_equal_components() {
        for (rows, cols) in [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4)] {
            let g = StateGraph::build(rows, cols).unwrap();
            let half = factorial(rows * cols) / 2;
            assert_eq!(g.component_sizes(), &[half, half], "{rows}×{cols}");
            assert_eq!(g.histogram().iter().sum::<u64>(), half);
        }
    }

    #[test]
    fn too_big_is_refused() {
        assert!(StateGraph::build(3, 4).is_err());
        assert!(StateGraph::build(4, 3).is_err());
        assert!(to_dot(3, 3).is_err());
    }

    #[test]
    fn the_2x2_graph_is_two_12_cycles_and_draws_every_edge() {
        let g = StateGraph::build(2, 2).unwrap();
        assert_eq!((g.vertices(), g.edges()), (24, 24));
        assert_eq!(g.component_sizes(), &[12, 12]);
        assert_eq!(g.histogram(), &[1, 2, 2, 2, 2, 2, 1]);
        let dot = to_dot(2, 2).unwrap();
        assert!(dot.starts_with("graph"));
        assert_eq!(dot.matches(" -- ").count(), 24);
    }

    #[test]
    fn the_3x3_graph_has_the_size_parity_predicts() {
        let g = StateGraph::build(3, 3).unwrap();
        assert_eq!(g.vertices(), 362_880);
        // 4 corner cells of degree 2, 4 edge cells of degree 3, the centre 4:
        // 8! vertices per blank cell, each edge counted from both ends.
        assert_eq!(g.edges(), 40_320 * (4 * 2 + 4 * 3 + 4) / 2);
        assert_eq!(g.component_sizes(), &[181_440, 181_440], "half the arrangements are solvable");
        // Every arrangement the goal reaches passes the parity test and no other does.
        let exact = bfs::distances_from_goal(3, 3).unwrap();
        for seed in 0..200 {
            let mut cells: Vec<u32> = Board::scrambled(3, 3, Scramble::Uniform, seed).unwrap().cells().to_vec();
            if seed % 2 == 0 {
                let (a, b) = if cells[0] != 0 && cells[1] != 0 { (0, 1) } else { (2, 3) };
                cells.swap(a, b);
            }
            let board = Board::from_cells(3, 3, cells).unwrap();
            assert_eq!(exact.distance(&board).is_some(), board.is_solvable(), "{board}");
        }
        // The 8-puzzle's hardest positions are 31 moves away, and there are two.
        assert_eq!((g.max_distance(), *g.histogram().last().unwrap()), (31, 2));
    }

    /// All arrangements of `rows × cols` cells as plain cell vectors, built
    /// a cell at a time, for checks that do not go through the packed
    /// encoding.
    fn arrangements(rows: usize, cols: usize) -> Vec<Vec<u32>> {
        let n = (rows * cols) as u32;
        let mut all: Vec<Vec<u32>> = vec![Vec::new()];
        for _ in 0..n {
            let mut longer = Vec::new();
            for start in &all {
                for t in (0..n).filter(|t| !start.contains(t)) {
                    let mut next = start.clone();
                    next.push(t);
                    longer.push(next);
                }
            }
            all = longer;
        }
        all
    }

    #[test]
    fn small_graphs_match_hand_counts_and_pathfinding_components() {
        for (rows, cols, edges, diameter) in [(2, 2, 24, 6), (2, 3, 840, 21), (3, 2, 840, 21)] {
            let g = StateGraph::build(rows, cols).unwrap();
            let boards = arrangements(rows, cols);
            assert_eq!(g.vertices() as usize, boards.len());
            let neighbours = |cells: &Vec<u32>| {
                let board = Board::from_cells(rows, cols, cells.clone()).unwrap();
                board
                    .legal_moves()
                    .map(|mv| {
                        let mut b = board.clone();
                        b.slide(mv);
                        b.cells().to_vec()
                    })
                    .collect::<Vec<_>>()
            };
            let degree_sum: usize = boards.iter().map(|b| neighbours(b).len()).sum();
            assert_eq!((g.edges(), degree_sum as u64 / 2), (edges, edges));
            let components = pathfinding::undirected::connected_components::connected_components(&boards, neighbours);
            let mut sizes: Vec<u64> = components.iter().map(|c| c.len() as u64).collect();
            sizes.sort_unstable();
            assert_eq!(sizes, g.component_sizes(), "{rows}×{cols}");
            let goal = Board::goal(rows, cols).unwrap().cells().to_vec();
            let goal_component = components.iter().find(|c| c.contains(&goal)).unwrap();
            assert_eq!(goal_component.len() as u64, g.component_sizes()[0]);
            assert_eq!(g.max_distance(), diameter);
        }
        // The 2×2 goal component is a 12-cycle: every vertex has two neighbours.
        let g = StateGraph::build(2, 2).unwrap();
        assert_eq!(g.histogram(), &[1, 2, 2, 2, 2, 2, 1]);
    }
}
