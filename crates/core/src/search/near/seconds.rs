//! How long the near solver searches one board: by what the search is for
//! and the board's cells, decided here for every front end (the coach's
//! par, the window's and the terminal's hints, `fifteen solve --solver
//! near` without `--time`).

/// What a near search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NearPurpose {
    /// The coach's par of a line's board: one search a line, about ten on
    /// a 5×5 solve, so a whole coaching takes a few seconds on two cores.
    Par,
    /// A hint in play mode: one board while the person waits; the bounds
    /// shown improve as it searches.
    Hint,
    /// One board's solution printed by `fifteen solve --solver near`.
    Solve,
}

/// The seconds the near solver searches a board of `cells` cells for
/// `purpose`. Boards of 26 to 49 cells (6×6, 7×7) get longer: each of the
/// beam's rounds there holds more boards of more moves, so they take longer
/// to grow as wide. For a hint on a random 5×5, five seconds find a
/// solution about 2 % over the optimum on average, and a solve's later
/// boards are mostly proven optimal well before.
pub fn near_seconds(purpose: NearPurpose, cells: usize) -> f64 {
    match (purpose, cells) {
        (NearPurpose::Par, 0..=25) => 0.5,
        (NearPurpose::Par, 26..=36) => 2.0,
        (NearPurpose::Par, _) => 3.0,
        (NearPurpose::Hint, 0..=25) => 5.0,
        (NearPurpose::Hint, _) => 10.0,
        (NearPurpose::Solve, _) => 3.0,
    }
}
