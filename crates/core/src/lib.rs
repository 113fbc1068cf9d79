//! # fifteen-core
//!
//! Solves sliding-tile puzzles (the 15-puzzle and every rows × cols size)
//! the way a person would: region by region, with a shortest-path router for
//! the blank, reporting each step so it can be watched; and by search, the
//! fewest moves on small boards and near the fewest up to 7×7.
//!
//! Data flows one way: text → [`Board`] → solver → [`human::Plan`] / events →
//! output. The board knows nothing of solvers; solvers do no I/O and never
//! read a clock: time comes in a [`Deadline`], tables from a
//! [`tables::Tables`].
//!
//! ## Solve a board the way a person would
//!
//! [`HumanOptions`] say how: the sweep order, the finish, the effort.
//!
//! ```
//! use fifteen_core::{Board, Effort, Scramble, HumanOptions, human};
//! let board = Board::scrambled(6, 4, Scramble::Uniform, 9).unwrap();
//! let options = HumanOptions { effort: Effort::Best, ..HumanOptions::default() };
//! let plan = human::solve(&board, &options).unwrap();
//! let mut replay = board.clone();
//! replay.apply(plan.moves()).unwrap();
//! assert!(replay.is_solved());
//! ```
//!
//! ## Watch it: the events, each before it happens
//!
//! ```
//! use fifteen_core::human::{Event, Planner, Recorder};
//! use fifteen_core::{Board, Scramble, HumanOptions};
//! let board = Board::scrambled(4, 4, Scramble::Uniform, 7).unwrap();
//! let mut recorder = Recorder::of(Planner::new(&board, &HumanOptions::default()).unwrap());
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
//! ## Stream a huge board's moves in constant memory
//!
//! The planner hands over one placement at a time; nothing keeps the moves
//! but the caller (a 1000×1000 makes 1.6·10⁹ of them).
//!
//! ```
//! use fifteen_core::human::{Event, Planner};
//! use fifteen_core::{Board, Effort, Scramble, HumanOptions};
//! let board = Board::scrambled(60, 60, Scramble::Uniform, 1).unwrap();
//! let options = HumanOptions { effort: Effort::Fast, ..HumanOptions::default() };
//! let mut planner = Planner::new(&board, &options).unwrap();
//! let mut replay = board.clone();
//! while planner.step(&mut |event: &Event| {
//!     if let Event::Moved { mv, .. } = event {
//!         replay.slide(*mv).unwrap();
//!     }
//! }).unwrap() {}
//! assert!(replay.is_solved());
//! ```
//!
//! ## Solve optimally, or nearly, within a deadline
//!
//! Every solver behind one name, [`solver::solve`]; the searches' pattern
//! databases from a [`tables::TableCache`] (saved in a directory of the
//! caller's) or [`tables::BuiltTables`] (in memory).
//!
//! ```
//! use std::time::Instant;
//! use fifteen_core::solver::{self, Solver, SolverOptions};
//! use fifteen_core::tables::BuiltTables;
//! use fifteen_core::{Board, Deadline};
//! let board: Board = "5 1 2 3\n9 6 7 4\n13 10 11 8\n_ 14 15 12".parse().unwrap();
//! let shortest = solver::solve(&board, &SolverOptions { solver: Solver::Optimal, ..SolverOptions::default() }).unwrap();
//! assert_eq!(shortest.moves.len(), 9);
//! assert!(shortest.is_shortest());
//!
//! // A 3×6 near-optimally, for at most half a second by this clock.
//! let start = Instant::now();
//! let deadline = Deadline::NONE.with_clock(move || start.elapsed().as_secs_f64()).within(0.5);
//! let tables = BuiltTables::new(2);
//! let board = Board::scrambled(3, 6, fifteen_core::Scramble::Uniform, 1).unwrap();
//! let near = SolverOptions { solver: Solver::Near, tables: &tables, deadline: &deadline, ..SolverOptions::default() };
//! let found = solver::solve(&board, &near).unwrap();
//! assert!(found.lower_bound.unwrap() as usize <= found.moves.len());
//! ```
//!
//! ## Coach a person's solve from a slidysim replay link
//!
//! ```
//! use fifteen_core::coach::{self, Par};
//! use fifteen_core::search::Heuristic;
//! use fifteen_core::{Board, Moves, slidysim};
//! let scramble: Board = "1 2 3\n4 5 6\n_ 7 8".parse().unwrap();
//! let person: Moves = "DULL".parse().unwrap();
//! let link = slidysim::replay_link(&scramble, &person, None);
//! let solve = slidysim::parse_source(&link, &slidysim::LinkLimits::DEFAULT).unwrap().remove(0);
//! let coaching = coach::coach(&solve.scramble, &solve.moves, Par::Optimal(Heuristic::ManhattanConflicts)).unwrap();
//! assert_eq!((coaching.par, coaching.loss()), (2, 2));
//! assert_eq!(coaching.mistakes, Some(vec![1]));
//! ```
//!
//! Two solves of one scramble lined up by the lines each had finished:
//! [`lines`]; the page and window front ends: the `fifteen-view` crate.
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
pub mod train;

pub use deadline::Deadline;
pub use human::{Effort, Finish, HumanOptions, Order};

pub use board::{
    BLANK, Board, IllegalMove, Move, MoveNotation, Moves, ParseBoardError, ParseMoveError, Pos, Scramble, SizeError,
    Tile, Unsolvable,
};
