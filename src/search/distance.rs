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

use crate::board::{Board, Move, Tile};

use super::SearchError;
use super::optimal::{self, Heuristic, MAX_OPTIMAL_CELLS, PatternDatabase};
use super::packed::Packed;

/// Shortest solutions [`Answers`] keeps to answer later boards from.
pub(crate) const KEPT: usize = 8;

/// True when the optimal solver takes a board of this many cells (16 at
/// most); bigger boards get no optimal distance.
pub(crate) fn has_distance(cells: usize) -> bool {
    cells <= MAX_OPTIMAL_CELLS
}

/// How far a board is from the goal, at best.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Distance {
    /// Moves of a shortest solution.
    pub(crate) moves_left: usize,
    /// Its first move (tile notation); `None` on the goal.
    pub(crate) best: Option<Move>,
}

impl Distance {
    /// The tile the optimal move slides on `board`, if there is a move.
    pub(crate) fn best_tile(&self, board: &Board) -> Option<Tile> {
        self.best.and_then(|mv| board.clone().slide(mv))
    }
}

/// A shortest solution and every board along it, each packed in a word (a
/// server keeps a few per game: 8 bytes a board, not a `Board`'s two
/// vectors).
#[derive(Clone, Debug)]
pub(crate) struct ShortestPath {
    start: Board,
    boards: Vec<Packed>,
    moves: Vec<Move>,
}

impl ShortestPath {
    /// Searches a shortest solution of `board` by IDA*, with the pattern
    /// databases when given (they must be for the board's shape), else
    /// Manhattan distance and linear conflicts: slower on a 4×4, never wrong.
    pub(crate) fn search(board: &Board, tables: Option<&PatternDatabase>) -> Result<ShortestPath, SearchError> {
        ShortestPath::search_until(board, tables, &|| false)
    }

    /// [`ShortestPath::search`], given up ([`SearchError::Stopped`]) as
    /// soon as `stop()` says the answer is no longer wanted.
    pub(crate) fn search_until(
        board: &Board,
        tables: Option<&PatternDatabase>,
        stop: &dyn Fn() -> bool,
    ) -> Result<ShortestPath, SearchError> {
        let heuristic = tables.map_or(Heuristic::ManhattanConflicts, Heuristic::Patterns);
        let solution = optimal::solve_until(board, heuristic, |_| {}, stop)?;
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
    pub(crate) fn lookup(&self, board: &Board) -> Option<Distance> {
        if (board.rows(), board.cols()) != (self.start.rows(), self.start.cols()) {
            return None;
        }
        let packed = Packed::from_cells(board.cells());
        let k = self.boards.iter().position(|&b| b == packed)?;
        Some(Distance { moves_left: self.moves.len() - k, best: self.moves.get(k).copied() })
    }
}

/// The last [`KEPT`] shortest solutions, newest first in lookups.
#[derive(Clone, Debug, Default)]
pub(crate) struct Answers {
    known: Vec<ShortestPath>,
}

impl Answers {
    /// No answers yet.
    pub(crate) fn new() -> Answers {
        Answers::default()
    }

    /// Keeps a solution, forgetting the oldest when [`KEPT`] are kept.
    pub(crate) fn learn(&mut self, path: ShortestPath) {
        if self.known.len() == KEPT {
            self.known.remove(0);
        }
        self.known.push(path);
    }

    /// The distance of `board`, when one of the kept solutions passes it.
    pub(crate) fn answer(&self, board: &Board) -> Option<Distance> {
        self.known.iter().rev().find_map(|path| path.lookup(board))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Scramble;

    #[test]
    fn every_board_along_a_path_is_answered_and_the_oldest_is_forgotten() {
        let mut answers = Answers::new();
        let boards: Vec<Board> =
            (0..=KEPT as u64).map(|s| Board::scrambled(3, 3, Scramble::Uniform, s).unwrap()).collect();
        for board in &boards {
            answers.learn(ShortestPath::search(board, None).unwrap());
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
    fn the_best_tile_is_the_one_the_move_slides() {
        let board = Board::from_cells(2, 2, vec![1, 2, 0, 3]).unwrap();
        let path = ShortestPath::search(&board, None).unwrap();
        let distance = path.lookup(&board).unwrap();
        assert_eq!((distance.moves_left, distance.best), (1, Some(Move::Left)));
        assert_eq!(distance.best_tile(&board), Some(3));
        assert_eq!(path.start(), &board);
        assert!(has_distance(16) && !has_distance(20));
        // The same cells in another shape are another board.
        let wide = Board::from_cells(2, 3, vec![1, 2, 3, 4, 0, 5]).unwrap();
        let path = ShortestPath::search(&wide, None).unwrap();
        assert_eq!(path.lookup(&wide).map(|d| d.moves_left), Some(1));
        assert_eq!(path.lookup(&Board::from_cells(3, 2, vec![1, 2, 3, 4, 0, 5]).unwrap()), None);
    }
}

#[cfg(test)]
mod examples {
    #[test]
    fn answers_learn_a_shortest_path_and_answer_every_board_along_it() {
        use crate::search::distance::{Answers, ShortestPath};
        use crate::{Board, Scramble};

        let board = Board::scrambled(3, 3, Scramble::Uniform, 4).unwrap();
        let mut answers = Answers::new();
        assert_eq!(answers.answer(&board), None);
        answers.learn(ShortestPath::search(&board, None).unwrap());
        let distance = answers.answer(&board).unwrap();
        let shortest = crate::search::bfs::solve(&board).unwrap().moves;
        assert_eq!(distance.moves_left, shortest.len());

        // The board after the optimal move is answered too, one move nearer.
        let mut next = board.clone();
        next.slide(distance.best.unwrap());
        assert_eq!(answers.answer(&next).unwrap().moves_left, shortest.len() - 1);
    }
}
