//! Reading move text: the one place that knows how moves are written.
//!
//! Letters `U D L R` (either case) and words `up down left right` (any
//! case), naming the tile's way or the blank's ([`MoveNotation`]); a count
//! after a letter, as speedsolvers and slidysim write runs (`R3` is `RRR`);
//! white space and commas between tokens.
//!
//! A [`MoveReader`] reads text byte by byte as it comes, in chunks of any
//! size, and hands what it reads to a [`Slides`] as move codes: a run of
//! letters through one tight loop, anything else (separators, counts,
//! words) through a small state machine that remembers a token cut between
//! two chunks. Nothing is kept per move: `Moves::from_str` collects the
//! moves in a list, and the replay behind `fifteen check` plays them on a
//! bare board as they come, so billions of moves read in constant memory.

use super::{IllegalMove, Move, MoveNotation};

/// A move as the readers pass it on: the way the blank goes. Values `0..4`
/// are [`BLANK_UP`], [`BLANK_DOWN`], [`BLANK_LEFT`], [`BLANK_RIGHT`];
/// [`NOT_A_MOVE`] ends a run of letters.
pub(super) type Code = u8;

pub(super) const BLANK_UP: Code = 0;
pub(super) const BLANK_DOWN: Code = 1;
pub(super) const BLANK_LEFT: Code = 2;
pub(super) const BLANK_RIGHT: Code = 3;
pub(super) const NOT_A_MOVE: Code = 4;

/// The most moves one count may stand for (`R` followed by a larger number
/// is refused rather than filling memory).
pub(super) const MAX_RUN: usize = 1 << 20;

/// The code of a move named by the tile's direction.
pub(super) const fn code_of(mv: Move) -> Code {
    match mv {
        Move::Down => BLANK_UP,
        Move::Up => BLANK_DOWN,
        Move::Right => BLANK_LEFT,
        Move::Left => BLANK_RIGHT,
    }
}

/// The move (the tile's direction) of a code below [`NOT_A_MOVE`].
pub(super) const fn move_of(code: Code) -> Move {
    match code {
        BLANK_UP => Move::Down,
        BLANK_DOWN => Move::Up,
        BLANK_LEFT => Move::Right,
        _ => Move::Left,
    }
}

/// What was wrong with the move text read, or with a move in it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReplayError {
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

/// What the moves read go to.
pub(super) trait Slides {
    /// Takes codes until the first [`NOT_A_MOVE`] (or the end); returns how
    /// many it took, or the first move it cannot make.
    fn slide_codes(&mut self, codes: impl Iterator<Item = Code>) -> Result<usize, IllegalMove>;
}

/// A list takes every move.
impl Slides for Vec<Move> {
    fn slide_codes(&mut self, codes: impl Iterator<Item = Code>) -> Result<usize, IllegalMove> {
        let before = self.len();
        self.extend(codes.take_while(|&code| code != NOT_A_MOVE).map(move_of));
        Ok(self.len() - before)
    }
}

/// Where the reader is inside a token.
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

/// Move text read in chunks: [`MoveReader::feed`] each, then
/// [`MoveReader::finish`].
#[derive(Debug, Clone)]
pub(super) struct MoveReader {
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

impl MoveReader {
    /// A reader of move letters and words in `notation`.
    pub(super) fn new(notation: MoveNotation) -> MoveReader {
        let mut codes = [NOT_A_MOVE; 256];
        for mv in Move::ALL {
            let code = code_of(notation.read(mv));
            codes[mv.letter() as usize] = code;
            codes[mv.letter().to_ascii_lowercase() as usize] = code;
        }
        MoveReader { codes, notation, token: Token::Between, line: 1, line_start: 0, offset: 0 }
    }

    /// Reads the next chunk of text and hands its moves to `to`. A token
    /// may be cut anywhere between two chunks.
    #[inline]
    pub(super) fn feed<S: Slides>(&mut self, bytes: &[u8], to: &mut S) -> Result<(), ReplayError> {
        let mut i = 0;
        while i < bytes.len() {
            if let Token::Letters { .. } = self.token {
                // The tight loop over a run of letters: in letters notation
                // this is nearly every byte.
                let codes = &self.codes;
                let played = to.slide_codes(bytes[i..].iter().map(|&b| codes[b as usize]))?;
                i += played;
                if played > 0 {
                    self.token = Token::Letters { last: self.codes[bytes[i - 1] as usize] };
                }
                if i == bytes.len() {
                    break;
                }
            }
            self.byte(bytes[i], self.offset + i as u64, to)?;
            i += 1;
        }
        self.offset += bytes.len() as u64;
        Ok(())
    }

    /// Ends the text: a word or a count cut by the end is read as it stands.
    pub(super) fn finish<S: Slides>(&mut self, to: &mut S) -> Result<(), ReplayError> {
        self.end_token(self.offset, to)
    }

    /// One byte outside a run of letters: a separator, a digit, a word's
    /// next letter or something that is not a move.
    #[inline]
    fn byte<S: Slides>(&mut self, b: u8, at: u64, to: &mut S) -> Result<(), ReplayError> {
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
                    play_one(to, first)?;
                    self.token = Token::Letters { last: first };
                    return self.byte(b, at, to);
                }
                if !is_separator(b) {
                    return Err(self.not_a_move(at, b));
                }
                // A whole word is played; one cut short is named.
                self.end_token(at, to)?;
            }
            Token::Count { last, count, column } if b.is_ascii_digit() => {
                let count = count.saturating_mul(10).saturating_add(usize::from(b - b'0'));
                self.token = Token::Count { last, count, column };
            }
            _ if is_separator(b) => self.end_token(at, to)?,
            Token::Letters { last } if b.is_ascii_digit() => {
                let column = at - self.line_start + 1;
                self.token = Token::Count { last, count: usize::from(b - b'0'), column };
            }
            // A token's first letter may begin a word.
            Token::Between if code != NOT_A_MOVE => {
                self.token = Token::Word { mv: self.notation.name(move_of(code)), matched: 1 };
            }
            Token::Letters { .. } | Token::Count { .. } if code != NOT_A_MOVE => {
                self.end_token(at, to)?;
                play_one(to, code)?;
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

    /// Hands on what the token before byte `at` still owes (a whole word,
    /// the rest of a count) and stands between tokens.
    #[inline]
    fn end_token<S: Slides>(&mut self, at: u64, to: &mut S) -> Result<(), ReplayError> {
        match std::mem::replace(&mut self.token, Token::Between) {
            Token::Between | Token::Letters { .. } => {}
            Token::Word { mv, matched } if matched == 1 || matched == mv.word().len() => {
                play_one(to, code_of(self.notation.read(mv)))?;
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
                to.slide_codes(std::iter::repeat_n(last, count - 1))?;
            }
        }
        Ok(())
    }

    fn not_a_move(&self, at: u64, b: u8) -> ReplayError {
        let found = if b.is_ascii_graphic() { (b as char).to_string() } else { format!("\\x{b:02x}") };
        ReplayError::NotAMove { line: self.line, column: at - self.line_start + 1, found }
    }
}

/// Hands on one move.
#[inline]
fn play_one<S: Slides>(to: &mut S, code: Code) -> Result<(), IllegalMove> {
    to.slide_codes(std::iter::once(code)).map(drop)
}

/// White space and commas separate tokens.
fn is_separator(b: u8) -> bool {
    b.is_ascii_whitespace() || b == b','
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Moves, ParseMoveError};

    /// `text` read whole into a list, as a replay reads it.
    fn listed(text: &str, notation: MoveNotation) -> Result<Vec<Move>, ReplayError> {
        let mut moves = Vec::new();
        let mut reader = MoveReader::new(notation);
        reader.feed(text.as_bytes(), &mut moves)?;
        reader.finish(&mut moves)?;
        Ok(moves)
    }

    #[test]
    fn a_move_list_and_a_replay_read_the_same_moves_from_the_same_text() {
        let texts = [
            "U",
            "ulDR",
            "R3U2L d10",
            "up, left,down",
            "UP Down",
            "L R3",
            "u,d",
            "R03",
            "",
            "3R",
            "R0",
            "R2x",
            "L-1",
            "UUX",
            "dow",
            "upx",
            "leftright",
            "up2",
            "Uup",
            "right3",
            "R99999999999999999999",
            "lr",
        ];
        for text in texts {
            let list: Result<Moves, ParseMoveError> = text.parse();
            let read = listed(text, MoveNotation::Tile);
            match (&list, &read) {
                (Ok(list), Ok(read)) => assert_eq!(&list.0, read, "{text:?}"),
                (Err(_), Err(_)) => {}
                _ => panic!("{text:?}: the list reads {list:?}, the replay {read:?}"),
            }
        }
        assert_eq!(listed("R3U2L", MoveNotation::Tile).unwrap().len(), 6);
    }

    #[test]
    fn blank_notation_names_the_other_way() {
        assert_eq!(listed("R right", MoveNotation::Blank).unwrap(), [Move::Left, Move::Left]);
        assert_eq!(listed("R right", MoveNotation::Tile).unwrap(), [Move::Right, Move::Right]);
    }

    #[test]
    fn a_list_names_the_whole_token_it_cannot_read() {
        for bad in ["3R", "R0", "R2x", "dow", "upx"] {
            assert_eq!(format!("U {bad} D").parse::<Moves>().unwrap_err().token, bad);
        }
    }
}
