//! # fifteen-core
//!
//! Solves sliding-tile puzzles (the 15-puzzle and every rows × cols size)
//! the way a person would: region by region, with a shortest-path router for
//! the blank, reporting each step so it can be watched.
//!
//! Data flows one way: text → [`Board`] → solver → [`human::Plan`] / events →
//! output. The board knows nothing of solvers; solvers do no I/O and never
//! read a clock.
//!
//! [`SolveOptions`] say how: the sweep order, the finish, the effort.
//!
//! ```
//! use fifteen_core::{Board, Effort, Scramble, SolveOptions, human};
//! let board = Board::scrambled(6, 4, Scramble::Uniform, 9).unwrap();
//! let options = SolveOptions { effort: Effort::Best, ..SolveOptions::default() };
//! let plan = human::solve(&board, &options).unwrap();
//! let mut replay = board.clone();
//! replay.apply(plan.moves()).unwrap();
//! assert!(replay.is_solved());
//! ```
//!
//! The same solve as the events a viewer steps through, each reported
//! before it happens, with the phase and the moves so far:
//!
//! ```
//! use fifteen_core::human::{Event, Planner, Recorder};
//! use fifteen_core::{Board, Scramble, SolveOptions};
//! let board = Board::scrambled(4, 4, Scramble::Uniform, 7).unwrap();
//! let mut recorder = Recorder::of(Planner::new(&board, &SolveOptions::default()).unwrap());
//! let (mut phases, mut moves) = (Vec::new(), 0);
//! recorder.pull_all(&mut |event: &Event, at| match event {
//!     Event::PhaseStarted(phase) => phases.push((phase.to_string(), at.moves)),
//!     Event::Moved { .. } => moves += 1,
//!     _ => {}
//! });
//! assert_eq!(phases[0], ("row 1".to_string(), 0));
//! assert_eq!(phases.last().unwrap().0, "last block");
//! assert!(moves > 0 && recorder.is_done());
//! ```
//!
//! A person's solve, from a slidysim replay link, lined up with fifteen's
//! by the lines each had finished: see [`slidysim`] and [`lines`]; and
//! coached line by line from the person's own boards: see [`coach`].
//!
//! Every solver, the human strategy and the searches, behind one name:
//! [`solver::solve`].
#![forbid(missing_docs)]
// Unsafe code is denied everywhere but in one function that maps the pattern
// database cache read-only (`tables::file`), which states why it is sound.
#![deny(unsafe_code)]

/// An item public to the project's own tests and benchmarks (feature
/// `testing`), crate-private otherwise: the solvers' inner ways in, which
/// a program reaches through [`solver::solve`] and [`tables`].
macro_rules! testing_pub {
    ($(#[$meta:meta])* fn $($rest:tt)*) => {
        #[cfg(feature = "testing")]
        $(#[$meta])*
        pub fn $($rest)*
        #[cfg(not(feature = "testing"))]
        $(#[$meta])*
        #[allow(dead_code)]
        pub(crate) fn $($rest)*
    };
}

pub mod board;
pub mod coach;
pub mod deadline;
#[cfg(feature = "fuzzing")]
pub mod fuzzing;
pub mod human;
pub mod lines;
pub mod search;
pub mod slidysim;
pub mod solver;
pub mod tables;
#[cfg(feature = "testing")]
pub mod testing;

pub use deadline::Deadline;
pub use human::{Effort, Finish, Order, SolveOptions};

pub use board::{
    BLANK, Board, IllegalMove, Move, MoveNotation, Moves, ParseBoardError, ParseMoveError, Pos, Scramble, SizeError,
    Tile, Unsolvable,
};
