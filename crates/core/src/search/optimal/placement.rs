//! Placements of a group's tiles and their ranks: the index scheme the
//! table builder writes and the lookups read, kept apart so that neither
//! side depends on the other.
//!
//! A placement of k tiles on n cells (the cell of each tile, in the group's
//! order) is numbered by its rank among the n·(n−1)·…·(n−k+1) placements.
//! Boards of up to 16 cells count the cells below by nibble counters in one
//! word; bigger ones (up to [`MAX_PATTERN_CELLS`]) by comparing each cell
//! with the ones before it (a group has at most 8 tiles, so at most 28
//! comparisons: cheaper than a population count where the processor has
//! no instruction for it, as in a build for any x86-64).

/// The most cells a board with pattern databases may have (7×7).
pub(crate) const MAX_PATTERN_CELLS: usize = 49;

/// The most cells whose rank the nibble counters work out.
pub(super) const NIBBLE_CELLS: usize = 16;

/// The most tiles in one group (8 tiles of 16 cells: 518,918,400 placements).
pub(crate) const MAX_GROUP_TILES: usize = 8;

/// A table entry not reached yet while building.
pub(super) const UNSET: u8 = u8::MAX;

/// Nibble `q` is 1 for every cell `q`: adding `(ONES << 4p) << 4` counts
/// one more placed cell below each cell above `p`.
const ONES: u64 = 0x1111_1111_1111_1111;

/// The cells above `p`, as nibble counters (see [`ONES`]).
#[inline]
pub(super) fn above(p: u8) -> u64 {
    (ONES << (4 * u32::from(p))) << 4
}

/// Index of a placement of k distinct cells among n: the cells' ranks
/// among the cells still free, read as a mixed-radix number (n, n−1, …).
#[inline]
pub(crate) fn rank(at: &[u8], n: usize) -> usize {
    if n > NIBBLE_CELLS {
        return rank_by_comparison(at, n);
    }
    // Nibble q of `below` counts the cells placed so far that lie below q.
    let mut below = 0u64;
    let mut index = 0usize;
    for (i, &p) in at.iter().enumerate() {
        let free_below = u64::from(p) - ((below >> (4 * u32::from(p))) & 0xF);
        index = index * (n - i) + free_below as usize;
        below += above(p);
    }
    index
}

/// [`rank`] for boards of any size up to 127 cells: the placed cells below
/// each cell counted by comparing it with all of them at once, a byte each
/// in one word (a group has at most 8 tiles).
#[inline]
pub(crate) fn rank_by_comparison(at: &[u8], n: usize) -> usize {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    const ONE_EACH: u64 = 0x0101_0101_0101_0101;
    debug_assert!(at.len() <= MAX_GROUP_TILES && n < 128);
    // Byte j: the j-th cell placed, 0x7F while none is (above every cell).
    let mut placed = 0x7F7F_7F7F_7F7F_7F7Fu64;
    let mut index = 0usize;
    for (i, &p) in at.iter().enumerate() {
        // Each byte 0x80 + p − placed: its high bit stays set exactly when
        // the placed cell is below p, and no byte borrows from the next.
        let differences = ((u64::from(p) * ONE_EACH) | HIGH) - placed;
        let placed_below = (((differences & HIGH) >> 7).wrapping_mul(ONE_EACH) >> 56) as usize;
        index = index * (n - i) + usize::from(p) - placed_below;
        placed = (placed & !(0xFF << (8 * i))) | u64::from(p) << (8 * i);
    }
    index
}

/// Calls `visit(index, cells)` for every placement of `k` tiles on `n`
/// cells, in index order.
pub(super) fn for_each_placement(n: usize, k: usize, mut visit: impl FnMut(usize, &[u8])) {
    fn walk(
        n: usize,
        k: usize,
        at: &mut [u8; MAX_GROUP_TILES],
        i: usize,
        used: u64,
        next: &mut usize,
        visit: &mut dyn FnMut(usize, &[u8]),
    ) {
        if i == k {
            visit(*next, &at[..k]);
            *next += 1;
            return;
        }
        for cell in 0..n as u8 {
            if used & 1 << cell == 0 {
                at[i] = cell;
                walk(n, k, at, i + 1, used | 1 << cell, next, visit);
            }
        }
    }
    let mut at = [0u8; MAX_GROUP_TILES];
    let mut next = 0;
    walk(n, k, &mut at, 0, 0, &mut next, &mut visit);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_count_up_in_enumeration_order_and_match_the_comparison_rank() {
        for (n, k) in [(6, 3), (9, 4), (16, 3), (8, 8), (25, 3), (49, 2), (49, 3), (18, 5), (10, 8)] {
            let mut count = 0;
            for_each_placement(n, k, |index, at| {
                assert_eq!(rank(at, n), index);
                assert_eq!(rank_by_comparison(at, n), index);
                count += 1;
            });
            assert_eq!(count, (0..k).map(|i| n - i).product::<usize>());
        }
        assert_eq!(rank(&[15, 14, 13, 12, 11, 10, 9, 8], 16), 518_918_400 - 1);
    }

    #[test]
    fn placement_ranks_are_a_bijection() {
        let n = 6;
        let mut seen = [false; 6 * 5 * 4];
        for a in 0..6u8 {
            for b in (0..6u8).filter(|&b| b != a) {
                for c in (0..6u8).filter(|&c| c != a && c != b) {
                    let r = rank(&[a, b, c], n);
                    assert!(!std::mem::replace(&mut seen[r], true));
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }
}
