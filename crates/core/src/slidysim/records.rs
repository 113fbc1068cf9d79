//! The slidysim community's fewest-moves records: the yardstick of "few
//! moves" that fifteen's own solves are measured against (`fifteen bench`,
//! the README, the site).

/// One fewest-moves record of the leaderboard.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FewestMoves {
    /// The side of the square board.
    pub size: usize,
    /// The record's moves (one move per tile slid).
    pub moves: f64,
    /// How many solves the figure is a mean of.
    pub mean_of: u32,
}

/// The fewest-moves records of the slidysim speedsolving community's
/// leaderboard (self-reported, mid-2026), smallest board first.
pub const FEWEST_MOVES: [FewestMoves; 8] = [
    FewestMoves { size: 4, moves: 55.9, mean_of: 100 },
    FewestMoves { size: 5, moves: 126.9, mean_of: 100 },
    FewestMoves { size: 6, moves: 271.4, mean_of: 100 },
    FewestMoves { size: 10, moves: 1251.0, mean_of: 5 },
    FewestMoves { size: 20, moves: 9410.0, mean_of: 1 },
    FewestMoves { size: 30, moves: 35151.0, mean_of: 1 },
    FewestMoves { size: 100, moves: 1_555_865.0, mean_of: 1 },
    FewestMoves { size: 128, moves: 3_005_918.0, mean_of: 1 },
];

/// The record of an `n`×`n` board, if the leaderboard has one.
pub fn fewest_moves(n: usize) -> Option<FewestMoves> {
    FEWEST_MOVES.iter().copied().find(|r| r.size == n)
}
