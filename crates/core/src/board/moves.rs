//! Moves and move lists.
//!
//! fifteen names a move by the direction the **tile** slides into the blank:
//! `U` means the tile below the blank slides up (so the blank goes down).
//! The network game (`fifteen serve`) names the direction the **blank** goes;
//! [`MoveNotation`] converts between the two.

use std::fmt;
use std::ops::{Deref, DerefMut};
use std::str::FromStr;

use super::move_text::MoveReader;

/// One slide, named by the direction the tile moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Move {
    /// The tile below the blank slides up.
    Up,
    /// The tile above the blank slides down.
    Down,
    /// The tile right of the blank slides left.
    Left,
    /// The tile left of the blank slides right.
    Right,
}

impl Move {
    /// All four moves, in `U D L R` order.
    pub const ALL: [Move; 4] = [Move::Up, Move::Down, Move::Left, Move::Right];

    /// The move that undoes this one.
    ///
    /// ```
    /// use fifteen_core::Move;
    /// assert_eq!(Move::Left.opposite(), Move::Right);
    /// ```
    pub const fn opposite(self) -> Move {
        match self {
            Move::Up => Move::Down,
            Move::Down => Move::Up,
            Move::Left => Move::Right,
            Move::Right => Move::Left,
        }
    }

    /// The letter used in move strings: `U`, `D`, `L` or `R`.
    pub const fn letter(self) -> char {
        match self {
            Move::Up => 'U',
            Move::Down => 'D',
            Move::Left => 'L',
            Move::Right => 'R',
        }
    }

    /// The word used by `--format words`: `up`, `down`, `left` or `right`.
    pub const fn word(self) -> &'static str {
        match self {
            Move::Up => "up",
            Move::Down => "down",
            Move::Left => "left",
            Move::Right => "right",
        }
    }

    /// How the tile moves, as (row, column) deltas.
    pub(crate) const fn tile_step(self) -> (isize, isize) {
        match self {
            Move::Up => (-1, 0),
            Move::Down => (1, 0),
            Move::Left => (0, -1),
            Move::Right => (0, 1),
        }
    }

    /// How the blank moves: the opposite of the tile.
    pub const fn blank_step(self) -> (isize, isize) {
        self.opposite().tile_step()
    }

    /// The move whose tile goes by `(dr, dc)`, one of the four unit steps.
    pub const fn from_tile_step(dr: isize, dc: isize) -> Option<Move> {
        match (dr, dc) {
            (-1, 0) => Some(Move::Up),
            (1, 0) => Some(Move::Down),
            (0, -1) => Some(Move::Left),
            (0, 1) => Some(Move::Right),
            _ => None,
        }
    }

    /// Reads one word (`up down left right`, any case).
    pub fn from_word(word: &str) -> Option<Move> {
        Move::ALL.into_iter().find(|mv| mv.word().eq_ignore_ascii_case(word))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Which thing a move's direction names.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum MoveNotation {
    /// The direction the tile slides (fifteen's own convention).
    #[default]
    Tile,
    /// The direction the blank goes (the network game and many solvers).
    Blank,
}

impl MoveNotation {
    /// Writes a move in this notation: the blank goes the opposite way to the tile.
    ///
    /// ```
    /// use fifteen_core::{Move, MoveNotation};
    /// assert_eq!(MoveNotation::Blank.name(Move::Up), Move::Down);
    /// assert_eq!(MoveNotation::Tile.name(Move::Up), Move::Up);
    /// ```
    pub const fn name(self, mv: Move) -> Move {
        match self {
            MoveNotation::Tile => mv,
            MoveNotation::Blank => mv.opposite(),
        }
    }

    /// Reads a move written in this notation (the inverse of [`MoveNotation::name`]).
    pub const fn read(self, named: Move) -> Move {
        self.name(named)
    }
}

/// A list of moves. Prints as letters (`ULDR…`) and parses from letters or
/// words, separated or not by spaces and commas. A letter may carry a count,
/// as speedsolvers write moves: `R3U2L` is `RRRUUL`.
///
/// ```
/// use fifteen_core::{Move, Moves};
/// let moves: Moves = "up, left, down".parse().unwrap();
/// assert_eq!(moves.to_string(), "ULD");
/// assert_eq!("U L D".parse::<Moves>().unwrap(), moves);
/// assert_eq!(moves.to_string().parse::<Moves>().unwrap(), moves);
/// assert_eq!("R3U2L".parse::<Moves>().unwrap().to_string(), "RRRUUL");
/// assert_eq!("RRRUUL".parse::<Moves>().unwrap().run_length(), "R3U2L");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Moves(pub Vec<Move>);

impl Deref for Moves {
    type Target = Vec<Move>;
    fn deref(&self) -> &Vec<Move> {
        &self.0
    }
}

impl DerefMut for Moves {
    fn deref_mut(&mut self) -> &mut Vec<Move> {
        &mut self.0
    }
}

impl From<Vec<Move>> for Moves {
    fn from(moves: Vec<Move>) -> Self {
        Moves(moves)
    }
}

impl FromIterator<Move> for Moves {
    fn from_iter<I: IntoIterator<Item = Move>>(iter: I) -> Self {
        Moves(iter.into_iter().collect())
    }
}

impl<'a> IntoIterator for &'a Moves {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl Moves {
    /// The moves counted as the multi-tile metric counts them: a run of
    /// one letter slides several tiles of one row or column at once (the
    /// blank goes straight along it), one move however many tiles. The
    /// leaderboards rank fewest-moves solves in it too.
    ///
    /// ```
    /// use fifteen_core::Moves;
    /// let moves: Moves = "RRRUULD".parse().unwrap();
    /// assert_eq!((moves.len(), moves.multi_tile_count()), (7, 4));
    /// ```
    pub fn multi_tile_count(&self) -> usize {
        self.iter().enumerate().filter(|&(i, mv)| i == 0 || self[i - 1] != *mv).count()
    }

    /// The moves with each run of one letter written once with its count
    /// (`R3U2L`), the way speedsolvers' tools write them.
    pub fn run_length(&self) -> String {
        run_length(&self.0)
    }
}

/// `moves` with each run of one letter written once with its count: `R3U2L`.
pub(crate) fn run_length(moves: &[Move]) -> String {
    let mut out = String::new();
    let mut rest = moves;
    while let Some(&first) = rest.first() {
        let run = rest.iter().take_while(|&&mv| mv == first).count();
        out.push(first.letter());
        if run > 1 {
            out.push_str(&run.to_string());
        }
        rest = &rest[run..];
    }
    out
}

impl fmt::Display for Moves {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letters: String = self.0.iter().map(|mv| mv.letter()).collect();
        f.write_str(&letters)
    }
}

/// A move string held something that is not a move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{token}` is not a move: write U, D, L, R (with a count if you like: R3) or up, down, left, right")]
pub struct ParseMoveError {
    /// The word or letter that could not be read.
    pub token: String,
}

impl FromStr for Moves {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut moves = Vec::new();
        let mut reader = MoveReader::new(MoveNotation::Tile);
        // Split first on any white space (Unicode's too) and commas, then
        // each token read whole by the one move reader; a token that is not
        // moves is named.
        for token in s.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty()) {
            reader
                .feed(token.as_bytes(), &mut moves)
                .and_then(|()| reader.finish(&mut moves))
                .map_err(|_| ParseMoveError { token: token.to_string() })?;
        }
        Ok(Moves(moves))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_and_words_agree() {
        for mv in Move::ALL {
            assert_eq!(mv.letter().to_string().parse::<Moves>().unwrap().0, [mv]);
            assert_eq!(Move::from_word(mv.word()), Some(mv));
            assert_eq!(mv.opposite().opposite(), mv);
            let (dr, dc) = mv.tile_step();
            assert_eq!(Move::from_tile_step(dr, dc), Some(mv));
            assert_eq!(mv.blank_step(), (-dr, -dc));
        }
    }

    #[test]
    fn counts_repeat_the_letter_before_them() {
        let moves: Moves = "R3U2L d10".parse().unwrap();
        assert_eq!(moves.to_string(), format!("RRRUUL{}", "D".repeat(10)));
        assert_eq!(moves.run_length(), "R3U2LD10");
        assert_eq!(moves.run_length().parse::<Moves>().unwrap(), moves);
        for bad in ["3R", "R0", "U99999999999999999999", "R2x", "L-1"] {
            assert_eq!(bad.parse::<Moves>().unwrap_err().token, bad, "{bad}");
        }
    }

    #[test]
    fn bad_tokens_are_named() {
        let err = "UUX".parse::<Moves>().unwrap_err();
        assert_eq!(err.token, "UUX");
        assert!("up, sideways".parse::<Moves>().unwrap_err().to_string().contains("sideways"));
    }
}
