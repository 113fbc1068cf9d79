//! What a tile's trip costs on open ground: the one cost model the one-tile
//! path, the rolling beam and the stage tables estimate with.
//!
//! To move a tile one cell the blank must be in front of it. After a slide
//! the blank is just behind the tile, so a step straight on costs the slide
//! and four moves round the tile, and a step that turns costs the slide and
//! two (the blank hops round one corner). Tiles therefore travel
//! diagonally, as staircases, and finish along the longer axis.

/// Moves a tile step costs on open ground when it goes straight on.
pub(super) const STRAIGHT: usize = 5;
/// Moves a tile step costs when it turns.
pub(super) const TURN: usize = 3;

/// Moves left for a tile `along` steps from home on the axis it just moved
/// along and `across` steps on the other, with the blank just behind it.
pub(super) fn trip_cost(along: usize, across: usize) -> usize {
    // The most turns come from spreading the shorter axis between the longer.
    let turns = if across == 0 {
        0
    } else if along >= across {
        2 * across
    } else {
        2 * along + 1
    };
    STRAIGHT * (along + across) - (STRAIGHT - TURN) * turns
}

/// A quick upper estimate, for a tile too far for an exact count: every
/// step of the tile straight on, plus the blank's way to the tile.
pub(super) fn rough_cost(tile_steps: usize, blank_steps: usize) -> u32 {
    (STRAIGHT * tile_steps + blank_steps) as u32
}

/// A tile `rows` and `cols` from its target, brought within `reach` of it
/// on both axes: the nearer offset and what the rest of the way costs, a
/// staircase while both axes are beyond reach, then straight on.
pub(super) fn bring_within(mut rows: usize, mut cols: usize, reach: usize) -> (usize, usize, u32) {
    let diagonal = rows.min(cols).saturating_sub(reach);
    rows -= diagonal;
    cols -= diagonal;
    let mut extra = 2 * TURN * diagonal;
    for axis in [&mut rows, &mut cols] {
        let straight = axis.saturating_sub(reach);
        *axis -= straight;
        extra += STRAIGHT * straight;
    }
    (rows, cols, extra as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trip_cost_counts_turns_and_straights() {
        assert_eq!(trip_cost(0, 0), 0);
        assert_eq!(trip_cost(3, 0), 15, "three straight steps");
        assert_eq!(trip_cost(0, 3), 13, "a turn, then two straight");
        assert_eq!(trip_cost(2, 2), 12, "a staircase: 3 per step");
        assert_eq!(trip_cost(3, 1), 16);
    }

    #[test]
    fn far_tiles_are_costed_as_a_staircase_then_straight_on() {
        const REACH: usize = 4;
        assert_eq!(bring_within(2, REACH, REACH), (2, REACH, 0), "within reach: as it is");
        assert_eq!(bring_within(REACH + 2, REACH + 2, REACH), (REACH, REACH, 12), "two staircase steps");
        assert_eq!(
            bring_within(REACH + 3, REACH + 1, REACH),
            (REACH, REACH, 6 + 5 * 2),
            "one staircase step, two straight"
        );
        assert_eq!(bring_within(0, REACH + 10, REACH), (0, REACH, 50), "straight on");
    }
}
