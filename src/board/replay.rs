//! Replaying moves fast, from text fed in chunks: what `fifteen check`
//! and the bench's "× replay" column run.
//!
//! A [`Replay`] keeps only the cells and the blank's cell and column (no
//! tile→position index, which a replay never asks), so a move is one table
//! look-up, one bounds test and one store. Text is read byte by byte as it
//! comes, in chunks of any size: a run of move letters goes through a
//! tight loop, anything else (separators, counts, words) through a small
//! state machine that remembers a token cut between two chunks. Nothing is
//! kept per move, so billions of moves replay in constant memory.

use super::moves::MAX_RUN;
use super::{BLANK, Board, IllegalMove, Move, MoveNotation, Pos, Tile};

/// A move as the replay loop reads it: the way the blank goes. Values
/// `0..4` are [`BLANK_UP`], [`BLANK_DOWN`], [`BLANK_LEFT`], [`BLANK_RIGHT`];
/// [`NOT_A_MOVE`] stops the loop.
type Code = u8;

const BLANK_UP: Code = 0;
const BLANK_DOWN: Code = 1;
const BLANK_LEFT: Code = 2;
const BLANK_RIGHT: Code = 3;
const NOT_A_MOVE: Code = 4;

/// The code of a move named by the tile's direction.
const fn code_of(mv: Move) -> Code {
    match mv {
        Move::Down => BLANK_UP,
        Move::Up => BLANK_DOWN,
        Move::Right => BLANK_LEFT,
        Move::Left => BLANK_RIGHT,
    }
}

/// The move (the tile's direction) of a code below [`NOT_A_MOVE`].
const fn move_of(code: Code) -> Move {
    match code {
        BLANK_UP => Move::Down,
        BLANK_DOWN => Move::Up,
        BLANK_LEFT => Move::Right,
        _ => Move::Left,
    }
}

/// What a replay found wrong in the moves it was fed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum ReplayError {
    /// A move no tile can make; the moves before it were played.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    /// Text that is not a move.
    #[error(
        "line {line}, column {column}: `{found}` is not a move: write U, D, L, R (with a count if you like: R3) or up, down, left, right"
    )]
    NotAMove {
        /// Line of the text, from 1.
        line: u64,
        /// Byte of that line, from 1.
        column: u64,
        /// What was there: the character, or the word begun.
        found: String,
    },
    /// A count of 0, one over a million, or a count with no letter before it.
    #[error("line {line}, column {column}: a count repeats the letter before it, from 1 to {MAX_RUN} times")]
    BadCount {
        /// Line of the count, from 1.
        line: u64,
        /// Byte of that line where the count starts, from 1.
        column: u64,
    },
}

/// Where a replay stands once every move is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Replayed {
    /// Moves played.
    pub(crate) moves: u64,
    /// Tiles (the blank aside) not in their home cell: 0 when solved.
    pub(crate) misplaced: usize,
}

impl Replayed {
    /// True when the moves took the board to the goal.
    pub(crate) fn is_solved(&self) -> bool {
        self.misplaced == 0
    }
}

/// Where the text reader is inside a token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Token {
    /// Between tokens.
    Between,
    /// At the start of a token that may still be a word (`up`, `down`,
    /// `left`, `right`): `matched` bytes of the word of `mv` read.
    Word { mv: Move, matched: usize },
    /// Inside a run of letters; `last` is the letter just played.
    Letters { last: Code },
    /// Inside a count after the letter `last`, played once already.
    Count { last: Code, count: usize, column: u64 },
}

/// A board being replayed: moves are fed as text in chunks
/// ([`Replay::feed`]) or as [`Move`]s ([`Replay::play`]), then
/// [`Replay::finish`] says how many were played and how far from the goal
/// they left the board.
#[derive(Debug, Clone)]
pub(crate) struct Replay {
    grid: Grid,
    /// The code of every byte: move letters in the notation asked for,
    /// [`NOT_A_MOVE`] for the rest.
    codes: [Code; 256],
    notation: MoveNotation,
    token: Token,
    line: u64,
    /// Bytes read before the current line.
    line_start: u64,
    /// Bytes read before the current chunk.
    offset: u64,
}

/// The board a replay plays on.
#[derive(Debug, Clone)]
struct Grid {
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
    pub(crate) fn new(board: &Board, notation: MoveNotation) -> Replay {
        let mut codes = [NOT_A_MOVE; 256];
        for mv in Move::ALL {
            let code = code_of(notation.read(mv));
            codes[mv.letter() as usize] = code;
            codes[mv.letter().to_ascii_lowercase() as usize] = code;
        }
        let blank = board.cells().iter().position(|&t| t == BLANK).unwrap_or(0);
        let grid =
            Grid { cols: board.cols(), cells: board.cells().to_vec(), blank, col: blank % board.cols(), moves: 0 };
        Replay { grid, codes, notation, token: Token::Between, line: 1, line_start: 0, offset: 0 }
    }

    /// Plays moves named by the tile's direction (whatever the notation the
    /// text is read in), stopping at the first illegal one.
    pub(crate) fn play(&mut self, moves: &[Move]) -> Result<(), IllegalMove> {
        self.grid.slide_codes(moves.iter().map(|&mv| code_of(mv))).map(drop)
    }

    /// Reads the next chunk of move text and plays its moves. A token may
    /// be cut anywhere between two chunks.
    pub(crate) fn feed(&mut self, bytes: &[u8]) -> Result<(), ReplayError> {
        let mut i = 0;
        while i < bytes.len() {
            if let Token::Letters { .. } = self.token {
                // The tight loop over a run of letters: in letters notation
                // this is nearly every byte.
                let codes = &self.codes;
                let played = self.grid.slide_codes(bytes[i..].iter().map(|&b| codes[b as usize]))?;
                i += played;
                if played > 0 {
                    self.token = Token::Letters { last: self.codes[bytes[i - 1] as usize] };
                }
                if i == bytes.len() {
                    break;
                }
            }
            self.byte(bytes[i], self.offset + i as u64)?;
            i += 1;
        }
        self.offset += bytes.len() as u64;
        Ok(())
    }

    /// Ends the text (a word or a count cut by the end is read as it
    /// stands) and says where the moves left the board.
    pub(crate) fn finish(&mut self) -> Result<Replayed, ReplayError> {
        self.end_token(self.offset)?;
        Ok(Replayed { moves: self.grid.moves, misplaced: self.grid.misplaced() })
    }

    /// The board as the moves so far left it.
    #[cfg(test)]
    pub(crate) fn board(&self) -> Board {
        let mut cells = self.grid.cells.clone();
        cells[self.grid.blank] = BLANK;
        Board::from_valid_cells(cells.len() / self.grid.cols, self.grid.cols, cells)
    }

    /// Plays one move read in the text's notation.
    fn play_one(&mut self, code: Code) -> Result<(), IllegalMove> {
        self.grid.slide_codes(std::iter::once(code)).map(drop)
    }

    /// One byte outside a run of letters: a separator, a digit, a word's
    /// next letter or something that is not a move.
    fn byte(&mut self, b: u8, at: u64) -> Result<(), ReplayError> {
        let code = self.codes[b as usize];
        match self.token {
            Token::Word { mv, matched } => {
                let word = mv.word().as_bytes();
                if matched < word.len() && b.to_ascii_lowercase() == word[matched] {
                    self.token = Token::Word { mv, matched: matched + 1 };
                    return Ok(());
                }
                if matched == 1 {
                    // A letter after all: play it and read `b` in the run.
                    let first = code_of(self.notation.read(mv));
                    self.play_one(first)?;
                    self.token = Token::Letters { last: first };
                    return self.byte(b, at);
                }
                if !is_separator(b) {
                    return Err(self.not_a_move(at, b));
                }
                // A whole word is played; one cut short is named.
                self.end_token(at)?;
            }
            Token::Count { last, count, column } if b.is_ascii_digit() => {
                let count = count.saturating_mul(10).saturating_add(usize::from(b - b'0'));
                self.token = Token::Count { last, count, column };
            }
            _ if is_separator(b) => self.end_token(at)?,
            Token::Letters { last } if b.is_ascii_digit() => {
                let column = at - self.line_start + 1;
                self.token = Token::Count { last, count: usize::from(b - b'0'), column };
            }
            // A token's first letter may begin a word.
            Token::Between if code != NOT_A_MOVE => {
                self.token = Token::Word { mv: self.notation.name(move_of(code)), matched: 1 };
            }
            Token::Letters { .. } | Token::Count { .. } if code != NOT_A_MOVE => {
                self.end_token(at)?;
                self.play_one(code)?;
                self.token = Token::Letters { last: code };
            }
            _ if b.is_ascii_digit() => {
                return Err(ReplayError::BadCount { line: self.line, column: at - self.line_start + 1 });
            }
            _ => return Err(self.not_a_move(at, b)),
        }
        if b == b'\n' {
            self.line += 1;
            self.line_start = at + 1;
        }
        Ok(())
    }

    /// Plays what the token before byte `at` still owes (a whole word, the
    /// rest of a count) and stands between tokens.
    fn end_token(&mut self, at: u64) -> Result<(), ReplayError> {
        match std::mem::replace(&mut self.token, Token::Between) {
            Token::Between | Token::Letters { .. } => {}
            Token::Word { mv, matched } if matched == 1 || matched == mv.word().len() => {
                self.play_one(code_of(self.notation.read(mv)))?;
            }
            Token::Word { mv, matched } => {
                let begun = &mv.word()[..matched];
                return Err(ReplayError::NotAMove {
                    line: self.line,
                    column: at - self.line_start - matched as u64 + 1,
                    found: begun.to_string(),
                });
            }
            Token::Count { last, count, column } => {
                if !(1..=MAX_RUN).contains(&count) {
                    return Err(ReplayError::BadCount { line: self.line, column });
                }
                self.grid.repeat(last, count - 1)?;
            }
        }
        Ok(())
    }

    fn not_a_move(&self, at: u64, b: u8) -> ReplayError {
        let found = if b.is_ascii_graphic() { (b as char).to_string() } else { format!("\\x{b:02x}") };
        ReplayError::NotAMove { line: self.line, column: at - self.line_start + 1, found }
    }
}

impl Grid {
    /// Tiles not home, the blank aside.
    fn misplaced(&self) -> usize {
        let last = self.cells.len() - 1;
        self.cells
            .iter()
            .enumerate()
            .filter(|&(i, &tile)| i != self.blank && (i == last || tile as usize != i + 1))
            .count()
    }

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

    /// Plays one code `times` times (a counted letter).
    fn repeat(&mut self, code: Code, times: usize) -> Result<(), IllegalMove> {
        self.slide_codes(std::iter::repeat_n(code, times)).map(drop)
    }
}

/// White space and commas separate tokens, as [`super::Moves`] reads them.
fn is_separator(b: u8) -> bool {
    b.is_ascii_whitespace() || b == b','
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
        let plan = crate::human::solve(&board, &crate::human::SolveOptions::default()).unwrap();
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
        let plan = crate::human::solve(&board, &crate::human::SolveOptions::default()).unwrap();
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
