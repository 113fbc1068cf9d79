//! # fifteen
//!
//! Solves sliding-tile puzzles (the 15-puzzle and every rows × cols size)
//! the way a person would: region by region, with a shortest-path router for
//! the blank, reporting each step so it can be watched.
//!
//! Data flows one way: text → [`Board`] → solver → [`human::Plan`] / events →
//! output. The board knows nothing of solvers; solvers do no I/O and never
//! read a clock.
//!
//! ```
//! use fifteen::{Board, Scramble, human};
//! let board = Board::scrambled(6, 4, Scramble::Uniform, 9).unwrap();
//! let plan = human::solve(&board).unwrap();
//! let mut replay = board.clone();
//! replay.apply(plan.moves()).unwrap();
//! assert!(replay.is_solved());
//! ```
#![forbid(missing_docs)]
// Unsafe code is denied everywhere but in one function that maps the pattern
// database cache read-only (`search::pdb_cache`), which states why it is sound.
#![deny(unsafe_code)]

pub mod anim;
pub mod board;
#[cfg(feature = "gui")]
pub mod gui;
pub mod human;
pub mod lines;
#[cfg(feature = "net")]
pub mod net;
pub mod output;
#[cfg(feature = "record")]
pub mod record;
pub mod scene;
pub mod search;
pub mod slidysim;
pub mod tui;

pub use board::{
    BLANK, Board, IllegalMove, Move, MoveNotation, Moves, ParseBoardError, ParseMoveError, Pos, Scramble, SizeError,
    Tile, Unsolvable,
};
