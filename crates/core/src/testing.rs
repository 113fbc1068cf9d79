//! Knobs for tests and measurements, not for programs: each forces one way
//! of planning lines on a board of any size, where the solver would
//! otherwise pick it by the board's size and the effort
//! ([`HumanOptions::effort`](crate::HumanOptions::effort)). The tests and
//! benchmarks use them to try the big boards' methods on small boards.
//!
//! ```
//! use fifteen_core::human::Planner;
//! use fifteen_core::testing::PlannerKnobs;
//! use fifteen_core::{Board, Scramble, HumanOptions};
//!
//! let board = Board::scrambled(12, 12, Scramble::Uniform, 1).unwrap();
//! let mut planner = Planner::new(&board, &HumanOptions::default()).unwrap().with_rolling_beam(4);
//! planner.run(&mut |_| {}).unwrap();
//! assert!(planner.board().is_solved());
//! ```

use crate::human::Planner;

/// Ways of planning lines forced on a [`Planner`] whatever the board's size.
pub trait PlannerKnobs {
    /// The same planner, building every line by the rolling look-ahead
    /// with `width` states: what `normal` and `best` do on boards of more
    /// than `MAX_LOOKAHEAD_CELLS`
    /// cells (up to `MAX_ROLLING_CELLS`).
    fn with_rolling_beam(self, width: usize) -> Planner;

    /// The same planner, placing every line tile by tile with each tile's
    /// trip planned ahead for its pushes and tried `tries` ways (at most
    /// seven), the best made: what `normal` (1) and `best` (7) do on boards
    /// of more than `MAX_ROLLING_CELLS`
    /// cells.
    ///
    /// ```
    /// use fifteen_core::human::Planner;
    /// use fifteen_core::testing::PlannerKnobs;
    /// use fifteen_core::{Board, Scramble, HumanOptions};
    ///
    /// let board = Board::scrambled(12, 12, Scramble::Uniform, 1).unwrap();
    /// let mut plain = Planner::new(&board, &HumanOptions::default()).unwrap();
    /// let mut planned = Planner::new(&board, &HumanOptions::default()).unwrap().with_planned_trips(7);
    /// plain.run(&mut |_| {}).unwrap();
    /// planned.run(&mut |_| {}).unwrap();
    /// assert!(planned.board().is_solved());
    /// assert!(planned.moves() < plain.moves());
    /// ```
    fn with_planned_trips(self, tries: usize) -> Planner;

    /// The same planner, placing every line tile by tile with the blank's
    /// approaches taking detours within `band` cells of the straight line
    /// (see `docs/fewest-moves.md`): what `normal` does on boards of more
    /// than 300×300 cells. After [`with_planned_trips`](Self::with_planned_trips)
    /// each trip is also planned ahead, tried once: what `best` does there.
    ///
    /// ```
    /// use fifteen_core::human::Planner;
    /// use fifteen_core::testing::PlannerKnobs;
    /// use fifteen_core::{Board, Scramble, HumanOptions};
    ///
    /// let board = Board::scrambled(30, 30, Scramble::Uniform, 1).unwrap();
    /// let mut plain = Planner::new(&board, &HumanOptions::default()).unwrap();
    /// let mut detours = Planner::new(&board, &HumanOptions::default()).unwrap().with_detours(8);
    /// plain.run(&mut |_| {}).unwrap();
    /// detours.run(&mut |_| {}).unwrap();
    /// assert!(detours.board().is_solved());
    /// assert!(detours.moves() < plain.moves());
    /// ```
    fn with_detours(self, band: usize) -> Planner;
}

impl PlannerKnobs for Planner {
    fn with_rolling_beam(self, width: usize) -> Planner {
        self.force_rolling_beam(width)
    }

    fn with_planned_trips(self, tries: usize) -> Planner {
        self.force_planned_trips(tries)
    }

    fn with_detours(self, band: usize) -> Planner {
        self.force_detours(band)
    }
}

/// A slidysim link's payload (what follows `?r=`, URL-encoded) holding a
/// leaderboard replay of `solves` legal solves on 100×100, each the blank's
/// trip across the bottom row and back `trips` times (198 moves a trip),
/// its solve data packed inside the payload packed again: 40 solves of
/// 250 000 trips (49.5 million moves each) make 1.3 kB, which unpacks to
/// 60 MB of moves. The limits on links are tested with it.
///
/// ```
/// use fifteen_core::slidysim::{LinkLimits, parse_source};
///
/// let bomb = fifteen_core::testing::link_bomb(40, 250_000);
/// assert!(bomb.len() < 2_000);
/// let refused = parse_source(&bomb, &LinkLimits::default());
/// assert!(refused.is_err());
/// ```
pub fn link_bomb(solves: usize, trips: usize) -> String {
    let solution = "R99L99".repeat(trips);
    let data = format!("{};{}", vec![solution.as_str(); solves].join(","), vec!["100"; solves].join(","));
    let header = serde_json::json!({
        "width": 100, "height": 100, "nameFilter": "bomb", "avglen": solves, "gameMode": "Standard"
    });
    let json = serde_json::Value::Array(vec![header, crate::slidysim::pack(&data).into()]);
    crate::slidysim::encode_payload(&json.to_string())
}
