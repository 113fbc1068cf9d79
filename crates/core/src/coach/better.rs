//! The better way through a line: from the person's board where the line
//! began, the moves that finish it with the lines before it left home.
//!
//! When par is exact, the soonest finish on a shortest solution (see
//! `lossless.rs`): a way that loses nothing. Otherwise, or when that search
//! runs out of its budget: when the line's tiles and the blank have few
//! enough places in the unsolved rectangle, A* over just those places (the
//! other tiles are all alike to it) finds the fewest moves that finish the
//! line; else fifteen builds that line first, as it builds lines, on the
//! rectangle alone: its rows first, the rectangle turned on its side for a
//! column.

use pathfinding::directed::astar::astar;

use crate::board::{Board, Move, Moves, Pos, Tile};
use crate::human::{Effort, Event, HumanError, HumanOptions, Order, Planner};
use crate::lines::{self, Line, LineDone};

use super::{CoachError, Par, lossless, rect};

/// The most places (the line's tiles and the blank in the rectangle's
/// cells, `cells × (cells − 1) × …`) the fewest-moves search may have to
/// visit: a 4×4's first row has 524 160, and the search's map stays under
/// about 50 MB.
const FEWEST_STATES: u64 = 1 << 20;

/// How fifteen's way through a line was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Way {
    /// The soonest finish on a shortest solution: it loses nothing.
    Lossless,
    /// The fewest moves that finish the line inside the unsolved
    /// rectangle, whatever they leave.
    Fewest,
    /// fifteen's human solver building the line first.
    LineFirst,
}

impl Way {
    /// Every way, in the order the coach tries them.
    pub const ALL: [Way; 3] = [Way::Lossless, Way::Fewest, Way::LineFirst];

    /// The way [`Way::name`] names `name`.
    pub fn from_name(name: &str) -> Option<Way> {
        Way::ALL.into_iter().find(|way| way.name() == name)
    }

    /// `loses nothing`, `fewest moves` or `fifteen's line first`.
    pub const fn name(self) -> &'static str {
        match self {
            Way::Lossless => "loses nothing",
            Way::Fewest => "fewest moves",
            Way::LineFirst => "fifteen's line first",
        }
    }
}

/// fifteen's way through one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetterWay {
    /// The moves, from the board where the person began the line.
    pub moves: Moves,
    /// How they were found.
    pub way: Way,
}

/// fifteen's way through `done.line` from `board`, whose unsolved
/// rectangle starts at row `top` and column `left`, par `par_before`.
pub(super) fn better_way(
    board: &Board,
    (top, left): (usize, usize),
    done: &LineDone,
    par: Par<'_>,
    par_before: usize,
) -> Result<BetterWay, CoachError> {
    let line = done.line;
    if let Par::Optimal(heuristic) = par
        && let Some(moves) = lossless::lossless_way(board, done.top, done.left, heuristic, par_before)?
    {
        return Ok(BetterWay { moves: Moves(moves), way: Way::Lossless });
    }
    let transposed = matches!(line, Line::Column { .. }) && board.rows() - top > 2;
    let sub = rect::sub_board(board, top, left, transposed).ok_or(CoachError::NotHome)?;
    let cells = rect::line_cells(line, board.rows(), board.cols(), top, left, transposed);
    let goals: Vec<(Tile, Pos)> = cells
        .iter()
        .map(|&p| ((p.row * sub.cols() + p.col + 1) as Tile, p))
        .filter(|&(tile, _)| (tile as usize) < sub.len())
        .collect();
    // `cells × (cells − 1) × …`, stopped once over the limit (a big
    // rectangle's line would overflow it).
    let places = (0..=goals.len() as u64)
        .try_fold(1u64, |places, i| places.checked_mul(sub.len() as u64 - i).filter(|&p| p <= FEWEST_STATES))
        .unwrap_or(u64::MAX);
    let (moves, way) = if places <= FEWEST_STATES && sub.len() <= 256 {
        (fewest_moves(&sub, &goals).ok_or(CoachError::NotHome)?, Way::Fewest)
    } else {
        (built_first(&sub, &cells, par.effort())?, Way::LineFirst)
    };
    let moves = if transposed { moves.into_iter().map(rect::untranspose).collect() } else { moves };
    Ok(BetterWay { moves: Moves(moves), way })
}

/// The fewest moves that bring each `(tile, home)` of `goals` home on
/// `board`, by A* over the places of those tiles and the blank, one byte
/// each in a word (the blank in the lowest), Manhattan distance as the
/// estimate.
fn fewest_moves(board: &Board, goals: &[(Tile, Pos)]) -> Option<Vec<Move>> {
    let (rows, cols) = (board.rows(), board.cols());
    let index = |p: Pos| (p.row * cols + p.col) as u64;
    let place = |state: u64, j: usize| ((state >> (8 * j)) & 0xff) as usize;
    let mut start = index(board.blank());
    for (j, &(tile, _)) in goals.iter().enumerate() {
        start |= index(board.position_of(tile)) << (8 * (j + 1));
    }
    let estimate = |state: &u64| -> usize {
        goals
            .iter()
            .enumerate()
            .map(|(j, &(_, home))| {
                let at = place(*state, j + 1);
                (at / cols).abs_diff(home.row) + (at % cols).abs_diff(home.col)
            })
            .sum()
    };
    let successors = |state: &u64| {
        let blank = place(*state, 0);
        let (r, c) = (blank / cols, blank % cols);
        let mut next = Vec::with_capacity(4);
        let neighbours = [
            (r > 0, blank.wrapping_sub(cols)),
            (r + 1 < rows, blank + cols),
            (c > 0, blank.wrapping_sub(1)),
            (c + 1 < cols, blank + 1),
        ];
        for (on_board, to) in neighbours {
            if !on_board {
                continue;
            }
            let mut moved = (*state & !0xff) | to as u64;
            if let Some(j) = (1..=goals.len()).find(|&j| place(*state, j) == to) {
                moved = (moved & !(0xff << (8 * j))) | ((blank as u64) << (8 * j));
            }
            next.push((moved, 1usize));
        }
        next
    };
    let (path, _) = astar(&start, successors, estimate, |state| estimate(state) == 0)?;
    Some(
        path.windows(2)
            .map(|step| {
                let (from, to) = (place(step[0], 0), place(step[1], 0));
                // The blank goes to `to`: the tile there slides the other way.
                match to as isize - from as isize {
                    d if d == cols as isize => Move::Up,
                    d if d == -(cols as isize) => Move::Down,
                    1 => Move::Left,
                    _ => Move::Right,
                }
            })
            .collect(),
    )
}

/// fifteen's human solve of the rectangle `board`, rows first, placement
/// by placement until every one of `cells` is home (the rest is never
/// planned).
fn built_first(board: &Board, cells: &[Pos], effort: Effort) -> Result<Vec<Move>, HumanError> {
    let options = HumanOptions { order: Order::Rows, effort, ..HumanOptions::default() };
    let mut planner = Planner::new(board, &options)?;
    let mut replay = board.clone();
    let mut moves = Vec::new();
    let home = |b: &Board| cells.iter().all(|&p| b.tile_at(p) as usize == p.row * b.cols() + p.col + 1);
    while !home(&replay) {
        let more = planner.step(&mut |event: &Event| {
            if let Event::Moved { mv, .. } = *event {
                replay.slide(mv);
                moves.push(mv);
            }
        })?;
        if !more {
            break;
        }
    }
    // The last placement may have run on past the line: cut the moves after
    // the last one that touched its cells.
    let settled = lines::settled(board, &moves);
    let done = cells.iter().map(|p| settled[p.row * board.cols() + p.col]).max().unwrap_or(0);
    moves.truncate(done);
    Ok(moves)
}
