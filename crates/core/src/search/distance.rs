//! The optimal distance of the boards a game goes through: what the window
//! and the page show as "optimal: N moves left", with the first optimal
//! move for an optimal hint.
//!
//! One search answers one board with a whole shortest solution
//! (`ShortestPath`), and so answers every board along it: a player who
//! follows the optimal moves, or a watched solve stepped back and forth,
//! gets the distance without a new search. `Answers` keeps the last few
//! solutions and looks boards up in them.
//!
//! Nothing here waits, spawns or reads a file: the front ends run the
//! searches where they may (the window's worker thread in `control::oracle`,
//! the server's blocking pool in `net::optimal`), and the command passes in
//! the `solver::Tables` that find the pattern databases.

use crate::board::{Board, Move, Moves, Tile};
use crate::deadline::Deadline;

use super::SearchError;
use super::optimal::{self, Heuristic, MAX_OPTIMAL_CELLS, PatternDatabase};
use super::packed::Packed;

/// Shortest solutions [`Answers`] keeps to answer later boards from.
pub(crate) const KEPT: usize = 8;

/// True when the optimal solver takes a board of this many cells (16 at
/// most); bigger boards get no optimal distance.
pub fn has_distance(cells: usize) -> bool {
    cells <= MAX_OPTIMAL_CELLS
}

/// How far a board is from the goal, at best.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Distance {
    /// Moves of a shortest solution.
    pub moves_left: usize,
    /// Its first move (tile notation); `None` on the goal.
    pub best: Option<Move>,
}

impl Distance {
    /// The tile the optimal move slides on `board`, if there is a move.
    pub fn best_tile(&self, board: &Board) -> Option<Tile> {
        self.best.and_then(|mv| board.clone().slide(mv))
    }
}

/// A shortest solution and every board along it, each packed in a word (a
/// server keeps a few per game: 8 bytes a board, not a `Board`'s two
/// vectors).
#[derive(Clone, Debug)]
pub struct ShortestPath {
    start: Board,
    boards: Vec<Packed>,
    moves: Vec<Move>,
}

impl ShortestPath {
    /// Searches a shortest solution of `board` by IDA*, with the pattern
    /// databases when given (they must be for the board's shape), else
    /// Manhattan distance and linear conflicts: slower on a 4×4, never wrong.
    /// Given up ([`SearchError::Stopped`]) as soon as `deadline` is over
    /// (`&Deadline::NONE`: never).
    pub fn search(
        board: &Board,
        tables: Option<&PatternDatabase>,
        deadline: &Deadline,
    ) -> Result<ShortestPath, SearchError> {
        let heuristic = tables.map_or(Heuristic::ManhattanConflicts, Heuristic::Patterns);
        let solution = optimal::solve_until(board, heuristic, |_| {}, &|| deadline.is_over())?;
        Ok(ShortestPath::along(board.clone(), solution.moves.0))
    }

    /// The boards from `start` (of at most 16 cells) along `moves`, which
    /// must be a shortest solution of it.
    fn along(start: Board, moves: Vec<Move>) -> ShortestPath {
        let mut boards = Vec::with_capacity(moves.len() + 1);
        let mut board = start.clone();
        boards.push(Packed::from_cells(board.cells()));
        for &mv in &moves {
            board.slide(mv);
            boards.push(Packed::from_cells(board.cells()));
        }
        ShortestPath { start, boards, moves }
    }

    /// The board the search was asked about.
    #[cfg(test)]
    pub(crate) fn start(&self) -> &Board {
        &self.start
    }

    /// The distance of `board`, if it is on this path.
    pub fn lookup(&self, board: &Board) -> Option<Distance> {
        if (board.rows(), board.cols()) != (self.start.rows(), self.start.cols()) {
            return None;
        }
        let packed = Packed::from_cells(board.cells());
        let k = self.boards.iter().position(|&b| b == packed)?;
        Some(Distance { moves_left: self.moves.len() - k, best: self.moves.get(k).copied() })
    }
}

/// The last `KEPT` solutions: shortest ones (`ShortestPath`, newest
/// first in lookups) or the near solver's (`NearPath`, whose bounds
/// combine).
#[derive(Clone, Debug)]
pub struct Answers<P = ShortestPath> {
    known: Vec<P>,
}

impl<P> Default for Answers<P> {
    fn default() -> Answers<P> {
        Answers { known: Vec::new() }
    }
}

impl<P> Answers<P> {
    /// No answers yet.
    pub fn new() -> Answers<P> {
        Answers::default()
    }

    /// Keeps a solution, forgetting the oldest when `KEPT` are kept.
    pub fn learn(&mut self, path: P) {
        if self.known.len() == KEPT {
            self.known.remove(0);
        }
        self.known.push(path);
    }
}

impl Answers<ShortestPath> {
    /// The distance of `board`, when one of the kept solutions passes it.
    pub fn answer(&self, board: &Board) -> Option<Distance> {
        self.known.iter().rev().find_map(|path| path.lookup(board))
    }
}

/// A near solver's solution and its proven lower bound. Every board along
/// it is at most its moves left from the goal, and at least the bound less
/// the moves made to reach it (a shorter way from there would make a
/// shorter way from the start). Boards of 17 to 49 cells do not pack in a
/// word, so a lookup replays the moves from the start: a hundred slides.
#[derive(Clone, Debug)]
pub struct NearPath {
    start: Board,
    moves: Vec<Move>,
    lower_bound: usize,
}

/// How far a board is from the goal: between two bounds, with the first
/// move of the shortest solution known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DistanceRange {
    /// No solution is shorter.
    pub at_least: usize,
    /// A solution this long is known.
    pub at_most: usize,
    /// Its first move (tile notation); `None` on the goal.
    pub next: Option<Move>,
}

impl DistanceRange {
    /// Whether the known solution is proven shortest.
    pub fn is_exact(&self) -> bool {
        self.at_least == self.at_most
    }
}

impl From<Distance> for DistanceRange {
    fn from(exact: Distance) -> DistanceRange {
        DistanceRange { at_least: exact.moves_left, at_most: exact.moves_left, next: exact.best }
    }
}

impl NearPath {
    /// The path of `moves`, a solution of `start` by the near solver
    /// ([`Solver::Near`](crate::solver::Solver::Near)), with the lower bound
    /// it proved.
    pub fn new(start: Board, moves: Moves, lower_bound: usize) -> NearPath {
        NearPath { start, lower_bound, moves: moves.0 }
    }

    /// The bounds of `board`, if it is on this path.
    pub(crate) fn lookup(&self, board: &Board) -> Option<DistanceRange> {
        if (board.rows(), board.cols()) != (self.start.rows(), self.start.cols()) {
            return None;
        }
        let mut along = self.start.clone();
        for made in 0..=self.moves.len() {
            if along == *board {
                let at_most = self.moves.len() - made;
                let at_least = self.lower_bound.saturating_sub(made).min(at_most);
                return Some(DistanceRange { at_least, at_most, next: self.moves.get(made).copied() });
            }
            if let Some(&mv) = self.moves.get(made) {
                along.slide(mv);
            }
        }
        None
    }
}

/// A board on several kept near solutions gets the tightest bounds they
/// give together, and the next move of the shortest.
impl Answers<NearPath> {
    /// The bounds of `board`, when one of the kept solutions passes it.
    pub fn answer(&self, board: &Board) -> Option<DistanceRange> {
        let on_paths = self.known.iter().filter_map(|path| path.lookup(board));
        on_paths.reduce(|a, b| {
            let shorter = if b.at_most < a.at_most { b } else { a };
            DistanceRange { at_least: a.at_least.max(b.at_least), ..shorter }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Moves, Scramble};

    #[test]
    fn every_board_along_a_path_is_answered_and_the_oldest_is_forgotten() {
        let mut answers = Answers::new();
        let boards: Vec<Board> =
            (0..=KEPT as u64).map(|s| Board::scrambled(3, 3, Scramble::Uniform, s).unwrap()).collect();
        for board in &boards {
            answers.learn(ShortestPath::search(board, None, &Deadline::NONE).unwrap());
        }
        assert_eq!(answers.answer(&boards[0]), None, "forgotten");
        let last = boards.last().unwrap();
        let shortest = crate::search::bfs::solve(last).unwrap().moves;
        let mut board = last.clone();
        for left in (1..=shortest.len()).rev() {
            let distance = answers.answer(&board).unwrap();
            assert_eq!(distance.moves_left, left);
            board.slide(distance.best.unwrap()).unwrap();
        }
        assert!(board.is_solved());
        assert_eq!(answers.answer(&board), Some(Distance { moves_left: 0, best: None }));
    }

    #[test]
    fn near_paths_through_a_board_give_it_their_tightest_bounds_together() {
        let board = Board::scrambled(3, 3, Scramble::Uniform, 6).unwrap();
        let shortest = crate::search::bfs::solve(&board).unwrap().moves;
        let n = shortest.len();
        let path = |start: &Board, moves: Vec<Move>, lower_bound: u32| {
            NearPath::new(start.clone(), Moves(moves), lower_bound as usize)
        };
        let first = shortest[0];
        let mut after_one = board.clone();
        after_one.slide(first).unwrap();
        let mut answers = Answers::<NearPath>::new();
        // The shortest solution with a weak bound, and a detour of two
        // moves with the exact bound.
        answers.learn(path(&board, shortest.0.clone(), n as u32 - 3));
        let detour = [vec![first, first.opposite()], shortest.0.clone()].concat();
        answers.learn(path(&board, detour, n as u32));
        assert_eq!(answers.answer(&board), Some(DistanceRange { at_least: n, at_most: n, next: Some(first) }));
        // One move on, the detour (which passes there too) gives the bound
        // and the shortest path the length: exact together.
        let range = answers.answer(&after_one).unwrap();
        assert_eq!(range, DistanceRange { at_least: n - 1, at_most: n - 1, next: Some(shortest[1]) });
        // Two moves on, each path's bound is less by the moves made to it
        // (the detour's four, the shortest's two).
        let mut after_two = after_one.clone();
        after_two.slide(shortest[1]).unwrap();
        let range = answers.answer(&after_two).unwrap();
        assert_eq!((range.at_least, range.at_most, range.next), (n - 4, n - 2, Some(shortest[2])));
        assert!(!range.is_exact());
        assert_eq!(answers.answer(&Board::goal(3, 3).unwrap()).map(|r| (r.at_least, r.at_most)), Some((0, 0)));
        assert_eq!(answers.answer(&Board::goal(2, 2).unwrap()), None);
    }

    #[test]
    fn the_best_tile_is_the_one_the_move_slides() {
        let board = Board::from_cells(2, 2, vec![1, 2, 0, 3]).unwrap();
        let path = ShortestPath::search(&board, None, &Deadline::NONE).unwrap();
        let distance = path.lookup(&board).unwrap();
        assert_eq!((distance.moves_left, distance.best), (1, Some(Move::Left)));
        assert_eq!(distance.best_tile(&board), Some(3));
        assert_eq!(path.start(), &board);
        assert!(has_distance(16) && !has_distance(20));
        // The same cells in another shape are another board.
        let wide = Board::from_cells(2, 3, vec![1, 2, 3, 4, 0, 5]).unwrap();
        let path = ShortestPath::search(&wide, None, &Deadline::NONE).unwrap();
        assert_eq!(path.lookup(&wide).map(|d| d.moves_left), Some(1));
        assert_eq!(path.lookup(&Board::from_cells(3, 2, vec![1, 2, 3, 4, 0, 5]).unwrap()), None);
    }
}

#[cfg(test)]
mod examples {
    #[test]
    fn answers_learn_a_shortest_path_and_answer_every_board_along_it() {
        use crate::Deadline;
        use crate::search::distance::{Answers, ShortestPath};
        use crate::{Board, Scramble};

        let board = Board::scrambled(3, 3, Scramble::Uniform, 4).unwrap();
        let mut answers: Answers = Answers::new();
        assert_eq!(answers.answer(&board), None);
        answers.learn(ShortestPath::search(&board, None, &Deadline::NONE).unwrap());
        let distance = answers.answer(&board).unwrap();
        let shortest = crate::search::bfs::solve(&board).unwrap().moves;
        assert_eq!(distance.moves_left, shortest.len());

        // The board after the optimal move is answered too, one move nearer.
        let mut next = board.clone();
        next.slide(distance.best.unwrap());
        assert_eq!(answers.answer(&next).unwrap().moves_left, shortest.len() - 1);
    }
}
