//! Replaying moves fast, from text fed in chunks: what `fifteen check`
//! and the bench's "× replay" column run.
//!
//! A [`Replay`] keeps only the cells and the blank's cell and column (no
//! tile→position index, which a replay never asks), so a move is one table
//! look-up, one bounds test and one store. Text is read as it comes, in
//! chunks of any size, by the one reader of move text (`move_text.rs`,
//! which `Moves::from_str` reads with too): a run of move letters goes
//! straight into this board's loop. Nothing is kept per move, so billions
//! of moves replay in constant memory.

use super::move_text::{Code, MoveReader, NOT_A_MOVE, ReplayError, Slides, code_of, move_of};
use super::{BLANK, Board, IllegalMove, Move, MoveNotation, Pos, Tile};

/// Where a replay stands once every move is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Replayed {
    /// Moves played.
    pub moves: u64,
    /// Tiles (the blank aside) not in their home cell: 0 when solved.
    pub misplaced: usize,
}

impl Replayed {
    /// True when the moves took the board to the goal.
    pub fn is_solved(&self) -> bool {
        self.misplaced == 0
    }
}

/// A board being replayed: moves are fed as text in chunks
/// ([`Replay::feed`]) or as [`Move`]s ([`Replay::play`]), then
/// [`Replay::finish`] says how many were played and how far from the goal
/// they left the board.
#[derive(Debug, Clone)]
pub struct Replay {
    grid: ReplayGrid,
    /// The one reader of move text, shared with `Moves::from_str`.
    reader: MoveReader,
}

/// The board a replay plays on.
#[derive(Debug, Clone)]
struct ReplayGrid {
    cols: usize,
    /// The tiles in reading order; the blank's own cell holds a stale tile
    /// (writing the blank at every move would be a store for nothing), so
    /// whatever reads the cells skips it.
    cells: Vec<Tile>,
    blank: usize,
    /// The blank's column, kept so a sideways move needs no division.
    col: usize,
    moves: u64,
}

impl Replay {
    /// A replay starting from `board`, reading move letters and words in
    /// `notation`.
    pub fn new(board: &Board, notation: MoveNotation) -> Replay {
        let blank = board.cells().iter().position(|&t| t == BLANK).unwrap_or(0);
        let grid = ReplayGrid {
            cols: board.cols(),
            cells: board.cells().to_vec(),
            blank,
            col: blank % board.cols(),
            moves: 0,
        };
        Replay { grid, reader: MoveReader::new(notation) }
    }

    /// Plays moves named by the tile's direction (whatever the notation the
    /// text is read in), stopping at the first illegal one.
    pub fn play(&mut self, moves: &[Move]) -> Result<(), IllegalMove> {
        self.grid.slide_codes(moves.iter().map(|&mv| code_of(mv))).map(drop)
    }

    /// Reads the next chunk of move text and plays its moves. A token may
    /// be cut anywhere between two chunks.
    pub fn feed(&mut self, bytes: &[u8]) -> Result<(), ReplayError> {
        self.reader.feed(bytes, &mut self.grid)
    }

    /// Ends the text (a word or a count cut by the end is read as it
    /// stands) and says where the moves left the board.
    pub fn finish(&mut self) -> Result<Replayed, ReplayError> {
        self.reader.finish(&mut self.grid)?;
        Ok(Replayed { moves: self.grid.moves, misplaced: self.grid.misplaced() })
    }

    /// The board as the moves so far left it.
    #[cfg(test)]
    pub(crate) fn board(&self) -> Board {
        let mut cells = self.grid.cells.clone();
        cells[self.grid.blank] = BLANK;
        Board::from_valid_cells(cells.len() / self.grid.cols, self.grid.cols, cells)
    }
}

impl ReplayGrid {
    /// Tiles not home, the blank aside.
    fn misplaced(&self) -> usize {
        let last = self.cells.len() - 1;
        self.cells
            .iter()
            .enumerate()
            .filter(|&(i, &tile)| i != self.blank && (i == last || tile as usize != i + 1))
            .count()
    }
}

impl Slides for ReplayGrid {
    /// Plays codes until the first [`NOT_A_MOVE`] (or the end); returns how
    /// many were played. The one loop every replay runs through.
    ///
    /// A move adds its step to the blank's cell and column with wrapping
    /// arithmetic, so one test (the cell and the column both on the board)
    /// finds an illegal move, and [`NOT_A_MOVE`] (whose column step is too
    /// big for any board) stops the loop by the same test: no branch on
    /// the move's direction.
    #[inline(always)]
    fn slide_codes(&mut self, codes: impl Iterator<Item = Code>) -> Result<usize, IllegalMove> {
        let (cols, len) = (self.cols, self.cells.len());
        let steps = [cols.wrapping_neg(), cols, usize::MAX, 1, 0];
        let col_steps = [0, 0, usize::MAX, 1, usize::MAX / 2];
        let cells = &mut self.cells[..];
        let (mut blank, mut col) = (self.blank, self.col);
        let mut played = 0;
        let mut stopped = NOT_A_MOVE;
        for code in codes {
            let target = blank.wrapping_add(steps[code as usize]);
            let target_col = col.wrapping_add(col_steps[code as usize]);
            if target >= len || target_col >= cols {
                stopped = code;
                break;
            }
            cells[blank] = cells[target];
            blank = target;
            col = target_col;
            played += 1;
        }
        self.blank = blank;
        self.col = col;
        self.moves += played as u64;
        if stopped == NOT_A_MOVE {
            return Ok(played);
        }
        Err(IllegalMove { index: (self.moves + 1) as usize, mv: move_of(stopped), blank: Pos::new(blank / cols, col) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Moves, Scramble};

    #[test]
    fn moves_fed_as_text_are_counted_and_the_board_checked() {
        let board: Board = "1 2 3/4 5 6/7 0 8".parse().unwrap();
        let mut replay = Replay::new(&board, MoveNotation::Tile);
        replay.feed(b"LRL").unwrap();
        let done = replay.finish().unwrap();
        assert_eq!(done.moves, 3);
        assert!(done.is_solved());
    }

    /// Replays `text` fed in chunks of `chunk` bytes.
    fn replay(board: &Board, text: &str, chunk: usize, notation: MoveNotation) -> Result<Replayed, ReplayError> {
        let mut replay = Replay::new(board, notation);
        for part in text.as_bytes().chunks(chunk) {
            replay.feed(part)?;
        }
        replay.finish()
    }

    #[test]
    fn agrees_with_board_apply_in_every_chunking() {
        let board = Board::scrambled(4, 5, Scramble::Uniform, 3).unwrap();
        let plan = crate::human::solve(&board, &crate::human::HumanOptions::default()).unwrap();
        let letters: String = plan.moves().iter().map(|mv| mv.letter()).collect();
        let moves: Moves = letters.parse().unwrap();
        let spaced = moves.run_length().chars().map(|c| format!("{c} ")).collect::<String>();
        let words = moves.iter().map(|mv| mv.word()).collect::<Vec<_>>().join(",\n");
        for text in [letters.clone(), moves.run_length(), words, letters.to_lowercase()] {
            for chunk in [1, 2, 3, 7, 1 << 20] {
                let done = replay(&board, &text, chunk, MoveNotation::Tile).unwrap();
                assert_eq!(done, Replayed { moves: moves.len() as u64, misplaced: 0 }, "{text:?} in chunks of {chunk}");
            }
        }
        // Counts split from their letter by a separator are not counts.
        assert!(matches!(replay(&board, &spaced, 4, MoveNotation::Tile), Err(ReplayError::BadCount { .. })));
    }

    #[test]
    fn a_prefix_leaves_the_same_board_as_apply() {
        let board = Board::scrambled(5, 3, Scramble::Uniform, 8).unwrap();
        let plan = crate::human::solve(&board, &crate::human::HumanOptions::default()).unwrap();
        let half = &plan.moves()[..plan.moves().len() / 2];
        let mut expected = board.clone();
        expected.apply(half).unwrap();
        let mut replay = Replay::new(&board, MoveNotation::Tile);
        replay.play(half).unwrap();
        assert_eq!(replay.board(), expected);
        let done = replay.finish().unwrap();
        let home = (1..15).filter(|&t| expected.position_of(t) == expected.home_of(t)).count();
        assert_eq!(done.misplaced, 14 - home);
        assert!(done.misplaced > 0 && !done.is_solved());
    }

    #[test]
    fn blank_notation_reads_the_blanks_way() {
        let board: Board = "1 2 3/4 5 6/7 0 8".parse().unwrap();
        assert!(replay(&board, "R", 1, MoveNotation::Blank).unwrap().is_solved());
        assert!(replay(&board, "right", 2, MoveNotation::Blank).unwrap().is_solved());
        assert!(!replay(&board, "L", 1, MoveNotation::Blank).unwrap().is_solved());
    }

    #[test]
    fn the_first_illegal_move_is_named() {
        let board = Board::goal(3, 3).unwrap();
        // Tile moves: D slides 6 down (the blank goes up), then U twice, the second impossible.
        let err = replay(&board, "D U\nU", 1, MoveNotation::Tile).unwrap_err();
        assert_eq!(err, ReplayError::Illegal(IllegalMove { index: 3, mv: Move::Up, blank: Pos::new(2, 2) }));
        let err = replay(&board, "R2L3", 64, MoveNotation::Tile).unwrap_err();
        assert_eq!(err, ReplayError::Illegal(IllegalMove { index: 5, mv: Move::Left, blank: Pos::new(2, 2) }));
        let err = replay(&board, "R3", 64, MoveNotation::Tile).unwrap_err();
        assert_eq!(err, ReplayError::Illegal(IllegalMove { index: 3, mv: Move::Right, blank: Pos::new(2, 0) }));
    }

    #[test]
    fn text_that_is_not_moves_is_placed() {
        let board = Board::goal(3, 3).unwrap();
        let not_a_move = |text: &str| match replay(&board, text, 3, MoveNotation::Tile) {
            Err(ReplayError::NotAMove { line, column, found }) => (line, column, found),
            other => panic!("{text:?}: {other:?}"),
        };
        assert_eq!(not_a_move("DR\nDx"), (2, 2, "x".to_string()));
        assert_eq!(not_a_move("dow"), (1, 1, "dow".to_string()));
        assert_eq!(not_a_move("R\nD lef t"), (2, 3, "lef".to_string()));
        assert_eq!(not_a_move("D upx"), (1, 5, "x".to_string()));
        assert_eq!(not_a_move("R\u{e9}"), (1, 2, "\\xc3".to_string()));
        let bad_count = |text: &str| match replay(&board, text, 2, MoveNotation::Tile) {
            Err(ReplayError::BadCount { line, column }) => (line, column),
            other => panic!("{text:?}: {other:?}"),
        };
        assert_eq!(bad_count("R0"), (1, 2));
        assert_eq!(bad_count("3R"), (1, 1));
        assert_eq!(bad_count("D\nR99999999999999999999999"), (2, 2));
    }

    #[test]
    fn nothing_leaves_the_board_as_it_was() {
        let board = Board::scrambled(3, 3, Scramble::Uniform, 1).unwrap();
        let done = replay(&board, " \n", 1, MoveNotation::Tile).unwrap();
        assert_eq!(done.moves, 0);
        assert_eq!(done.misplaced, 8 - (1..9).filter(|&t| board.position_of(t) == board.home_of(t)).count());
        assert!(replay(&Board::goal(2, 2).unwrap(), "", 1, MoveNotation::Tile).unwrap().is_solved());
    }
}
