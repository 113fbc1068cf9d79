//! People's solves in slidysim's formats: the board notation, run-length
//! moves and replay links.
//!
//! Speedsolvers keep their solves as replay links of slidysim, the
//! simulator their community uses; this module reads such a link (or its
//! bare payload) into [`Solve`]s and writes fifteen's own solves back as
//! links slidysim's replay page opens. It does no I/O: the command reads
//! files and standard input and hands the text in. The formats are
//! described in `docs/people.md`.
//!
//! ```
//! use fifteen_core::{Board, Moves, slidysim};
//! let scramble: Board = "1 2 3/4 5 6/7 0 8".parse().unwrap();
//! let moves: Moves = "L".parse().unwrap();
//! let link = slidysim::replay_link(&scramble, &moves, None);
//! let solves = slidysim::parse_source(&link, &slidysim::LinkLimits::DEFAULT).unwrap();
//! assert_eq!(solves.len(), 1);
//! assert_eq!(solves[0].scramble, scramble);
//! assert_eq!(solves[0].moves, moves);
//! ```

mod limits;
mod link;
pub mod records;

use crate::board::{Board, IllegalMove, Moves, ParseBoardError, ParseMoveError, SizeError, Unsolvable};

pub use limits::LinkLimits;
pub use link::replay_link;
#[cfg(feature = "testing")]
pub(crate) use link::{encode_payload, pack};

/// One person's solve: the board they were dealt and the moves they made.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Solve {
    /// The board before the first move.
    pub scramble: Board,
    /// The moves, named by the direction the tile slides.
    pub moves: Moves,
    /// The solve's time in milliseconds, when the replay says.
    pub time_ms: Option<u64>,
    /// When each move was made, in milliseconds from the first, when the
    /// replay has them (one per move).
    pub move_times_ms: Option<Vec<u64>>,
    /// Who solved it, when the replay says.
    pub player: Option<String>,
    /// What the solve was: `custom replay`, `4×4 single`, `3×3 ao5, solve 2`, …
    pub event: String,
}

impl Solve {
    /// Tiles per second: moves over the time, when the time is known and
    /// not zero.
    pub fn tps(&self) -> Option<f64> {
        self.time_ms.filter(|&t| t > 0).map(|t| self.moves.len() as f64 * 1000.0 / t as f64)
    }

    /// Moves per Manhattan distance of the scramble (MMD), when it has one.
    pub fn mmd(&self) -> Option<f64> {
        let md = self.scramble.manhattan();
        (md > 0).then(|| self.moves.len() as f64 / md as f64)
    }

    /// The time as on a 4×4, to weigh solves of different sizes together:
    /// the time × 64 / (R·C·(R+C)/2). A solve of R×C takes about
    /// R·C·(R+C) moves (each of its R·C tiles travels about (R+C)/2; a
    /// 4×4's 64 is its R·C·(R+C)/2), so at one speed and one skill every
    /// size gives about the same number. `None` without a time.
    ///
    /// ```
    /// use fifteen_core::{Board, Moves, slidysim::Solve};
    /// let solve = Solve {
    ///     scramble: Board::goal(10, 10).unwrap(),
    ///     moves: Moves::default(),
    ///     time_ms: Some(50_000),
    ///     move_times_ms: None,
    ///     player: None,
    ///     event: "10×10 single".into(),
    /// };
    /// assert_eq!(solve.time_as_4x4_ms(), Some(3200.0));
    /// ```
    pub fn time_as_4x4_ms(&self) -> Option<f64> {
        let (rows, cols) = (self.scramble.rows() as f64, self.scramble.cols() as f64);
        self.time_ms.map(|ms| ms as f64 * 64.0 / (rows * cols * (rows + cols) / 2.0))
    }
}

/// The final move count a solve is heading for, as slidysim's replay page
/// shows it beside the moves as the solve goes: the moves made so far per
/// unit of Manhattan distance brought home, times the scramble's Manhattan
/// distance, `made × start / (start − now)` (`now` the distance left).
/// `None` until the distance has come down.
///
/// ```
/// use fifteen_core::slidysim::predicted_moves;
/// assert_eq!(predicted_moves(30, 40, 25), Some(80.0));
/// assert_eq!(predicted_moves(3, 40, 41), None);
/// ```
pub fn predicted_moves(made: usize, start_manhattan: usize, manhattan_now: usize) -> Option<f64> {
    let brought_home = start_manhattan.checked_sub(manhattan_now).filter(|&d| d > 0)?;
    Some(made as f64 * start_manhattan as f64 / brought_home as f64)
}

/// Why a text could not be read as a solve.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum SlidysimError {
    /// Nothing to read.
    #[error("no replay link found: the input is empty")]
    Empty,
    /// The payload is not base64.
    #[error("the replay link's payload is not base64 ({0})")]
    NotBase64(String),
    /// The payload's bytes are not zlib data.
    #[error("the replay link's payload is not zlib-compressed data ({0})")]
    NotZlib(String),
    /// The decompressed payload is not JSON (or not UTF-8).
    #[error("the replay link's payload is not JSON ({0})")]
    NotJson(String),
    /// JSON of a shape no slidysim replay has.
    #[error("the replay link holds JSON of an unknown shape: {0}")]
    UnknownShape(String),
    /// The payload is larger than any replay fifteen can play.
    #[error("the replay link's payload unpacks to more than {limit} bytes")]
    TooLarge {
        /// The limit in bytes.
        limit: usize,
    },
    /// A solution longer than any replay fifteen plays.
    #[error("solve {solve}: the solution has more than {limit} moves")]
    TooManyMoves {
        /// Which solve of the source, from 1.
        solve: usize,
        /// The most moves a solution may have.
        limit: usize,
    },
    /// A leaderboard replay of a board larger than fifteen replays.
    #[error("solve {solve}: a {rows}×{cols} board is larger than fifteen replays (at most {limit} cells)")]
    TooBig {
        /// Which solve of the source, from 1.
        solve: usize,
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
        /// The most cells.
        limit: usize,
    },
    /// The solves read hold more moves in all than [`LinkLimits::moves`].
    #[error("{} hold {moves} moves, over the limit of {limit} moves a link may hold", solves_up_to(*solve))]
    MovesOverLimit {
        /// The solve that passed the limit, from 1.
        solve: usize,
        /// The moves of the solves up to it.
        moves: usize,
        /// The most moves.
        limit: usize,
    },
    /// The boards of the solves read have more cells in all than
    /// [`LinkLimits::cells`].
    #[error("{} have {cells} cells, over the limit of {limit} cells a link may hold", boards_up_to(*solve))]
    CellsOverLimit {
        /// The solve that passed the limit, from 1.
        solve: usize,
        /// The cells of the boards of the solves up to it.
        cells: usize,
        /// The most cells.
        limit: usize,
    },
    /// The scramble is not a board.
    #[error("solve {solve}: the scramble is not a board: {source}")]
    BadScramble {
        /// Which solve of the source, from 1.
        solve: usize,
        /// What is wrong with it.
        source: ParseBoardError,
    },
    /// The board's size from a leaderboard replay cannot be used.
    #[error("solve {solve}: {source}")]
    BadSize {
        /// Which solve of the source, from 1.
        solve: usize,
        /// What is wrong with the size.
        source: SizeError,
    },
    /// The scramble cannot be solved.
    #[error("solve {solve}: the scramble cannot be solved: {source}")]
    Unsolvable {
        /// Which solve of the source, from 1.
        solve: usize,
        /// Why.
        source: Unsolvable,
    },
    /// The solution holds something that is not a move.
    #[error("solve {solve}: the solution cannot be read: {source}")]
    BadMoves {
        /// Which solve of the source, from 1.
        solve: usize,
        /// What could not be read.
        source: ParseMoveError,
    },
    /// A move the board does not allow.
    #[error("solve {solve}: {source}")]
    IllegalMove {
        /// Which solve of the source, from 1.
        solve: usize,
        /// The move and where the blank was.
        source: IllegalMove,
    },
    /// The moves end before the board is solved.
    #[error(
        "solve {solve}: the solution does not reach the goal: after its {moves} moves {misplaced} tiles are not home (Manhattan distance {distance} left)"
    )]
    NotSolved {
        /// Which solve of the source, from 1.
        solve: usize,
        /// Moves in the solution.
        moves: usize,
        /// Tiles not home at the end.
        misplaced: usize,
        /// Manhattan distance left at the end.
        distance: usize,
    },
}

impl SlidysimError {
    /// Whether the source was refused for its size, not for what it says:
    /// it unpacks to too much, or holds too many moves or cells (one of
    /// [`LinkLimits`], or a solve's own limits).
    pub fn is_over_limit(&self) -> bool {
        matches!(
            self,
            SlidysimError::TooLarge { .. }
                | SlidysimError::TooManyMoves { .. }
                | SlidysimError::TooBig { .. }
                | SlidysimError::MovesOverLimit { .. }
                | SlidysimError::CellsOverLimit { .. }
        )
    }
}

/// `solve 1` or `solves 1 to N`, as the subject of an error.
fn solves_up_to(solve: usize) -> String {
    if solve == 1 { "solve 1".into() } else { format!("solves 1 to {solve}") }
}

/// `solve 1's board` or `the boards of solves 1 to N`.
fn boards_up_to(solve: usize) -> String {
    if solve == 1 { "solve 1's board".into() } else { format!("the boards of solves 1 to {solve}") }
}

/// Reads every solve a text holds, in order, within `limits`: a replay
/// link, its bare payload, or several of either, one a line (blank lines
/// and `#` comments are skipped). Each solve is checked: its scramble is a
/// solvable board and its moves are legal and reach the goal. A source
/// past the limits is refused before the work it would cost is done (see
/// [`LinkLimits`]: [`LinkLimits::DEFAULT`] for a person's own links, a
/// server's tighter), and solves past [`LinkLimits::solves`] are not read.
pub fn parse_source(text: &str, limits: &LinkLimits) -> Result<Vec<Solve>, SlidysimError> {
    let mut budget = limits::Budget::new(limits);
    let mut solves = Vec::new();
    for line in text.lines().map(|l| l.split('#').next().unwrap_or("").trim()).filter(|l| !l.is_empty()) {
        if budget.solves_left() == 0 {
            break;
        }
        let first = solves.len() + 1;
        solves.extend(link::read(line, first, &mut budget)?);
    }
    if solves.is_empty() {
        return Err(SlidysimError::Empty);
    }
    Ok(solves)
}

/// The board in slidysim's notation: rows split by `/`, numbers by spaces,
/// the blank as `0`.
///
/// ```
/// use fifteen_core::{Board, slidysim};
/// let board: Board = "1 2\n0 3".parse().unwrap();
/// assert_eq!(slidysim::board_notation(&board), "1 2/0 3");
/// ```
pub fn board_notation(board: &Board) -> String {
    let mut out = String::with_capacity(board.len() * 4);
    for (i, tile) in board.cells().iter().enumerate() {
        if i > 0 {
            out.push(if i % board.cols() == 0 { '/' } else { ' ' });
        }
        out.push_str(&tile.to_string());
    }
    out
}

/// Checks that `moves` are legal on `scramble` and solve it.
fn check_solution(scramble: &Board, moves: &Moves, solve: usize) -> Result<(), SlidysimError> {
    scramble.check_solvable().map_err(|source| SlidysimError::Unsolvable { solve, source })?;
    let mut board = scramble.clone();
    board.apply(moves).map_err(|source| SlidysimError::IllegalMove { solve, source })?;
    if !board.is_solved() {
        let goal = Board::goal(board.rows(), board.cols()).expect("the board's own shape");
        let misplaced =
            board.cells().iter().zip(goal.cells()).filter(|&(&t, &g)| t != g && t != crate::board::BLANK).count();
        return Err(SlidysimError::NotSolved { solve, moves: moves.len(), misplaced, distance: board.manhattan() });
    }
    Ok(())
}
