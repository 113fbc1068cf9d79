//! Partitions of a board's tiles into groups fitted to its shape, for the
//! near solver's additive pattern databases.
//!
//! The rows are cut into bands of two (the last band three rows when the
//! rows are odd), each band's cells are read column by column, and each
//! band's tiles are split into consecutive runs of nearly equal length, at
//! most `group` tiles each: on a 5×5 with groups of 5, two groups of 5 in
//! the top two rows and groups of 4, 5 and 5 in the bottom three. Tiles
//! close to each other share a table, so the tables see most of the
//! interactions.
//!
//! A 5×5 in groups of 6 is the exception: Korf and Felner's 6-6-6-6
//! partition (three blocks of 2×3 or 3×2 tiles and the rest, which takes
//! the centre), turned to the blank-last goal:
//!
//! ```text
//!  d  d  d  c  c      d: 1 2 3 6 7 8
//!  d  d  d  c  c      c: 4 5 9 10 14 15
//!  b  b  a  c  c      b: 11 12 16 17 21 22
//!  b  b  a  a  a      a: 13 18 19 20 23 24
//!  b  b  a  a  _
//! ```

use crate::board::Tile;
use crate::search::optimal::{PatternSpec, PdbError};

use super::{MAX_NEAR_CELLS, MIN_NEAR_CELLS};

/// The largest group the near solver's tables take: 6 tiles of 25 cells is
/// 127.5 million entries a table.
pub const MAX_NEAR_GROUP: usize = 6;

/// The group size a shape's tables use unless told: 4 tiles up to 24
/// cells (tables of at most 255,024 entries, built in well under a second),
/// 5 on 25 to 36 cells (6,375,600 entries a table on a 5×5), 4 on a 6×6
/// and above (5,085,024 entries a table on a 7×7). The 6×6's and 7×7's
/// groups of 5 (the snake below) are built only when asked, being minutes
/// of work (`fifteen pdb build --partition 6x6|7x7`; the 7×7's needs 7.4 GB).
pub fn default_group_size(rows: usize, cols: usize) -> usize {
    match rows * cols {
        36 if rows == cols => 4,
        0..=24 => 4,
        25..=36 => 5,
        _ => 4,
    }
}

/// The shape-fitted partition of a rows×cols board (17 to 49 cells) into
/// groups of at most `group` tiles (1 to [`MAX_NEAR_GROUP`]), with the
/// mirror lookup on square boards and one-byte entries.
///
/// ```
/// # // The searches' own modules are public with the feature `testing`.
/// # #[cfg(feature = "testing")] {
/// use fifteen_core::search::near;
/// let spec = near::partition(5, 5, 5).unwrap();
/// assert_eq!(spec.partition(), "5-5-4-5-5");
/// # }
/// ```
pub fn partition(rows: usize, cols: usize, group: usize) -> Result<PatternSpec, PdbError> {
    let n = rows * cols;
    if !(MIN_NEAR_CELLS..=MAX_NEAR_CELLS).contains(&n) || rows < 2 || cols < 2 {
        return Err(PdbError::BadGroups(format!(
            "the near solver's tables are for boards of {MIN_NEAR_CELLS} to {MAX_NEAR_CELLS} cells, not {rows}×{cols}"
        )));
    }
    if !(1..=MAX_NEAR_GROUP).contains(&group) {
        return Err(PdbError::BadGroups(format!("groups of 1 to {MAX_NEAR_GROUP} tiles, not {group}")));
    }
    if rows == cols && group == 5 && (rows == 6 || rows == 7) {
        return PatternSpec::new(rows, cols, snake(rows, cols, group), true);
    }
    if (rows, cols, group) == (5, 5, 6) {
        let groups = vec![
            vec![1, 2, 3, 6, 7, 8],
            vec![4, 5, 9, 10, 14, 15],
            vec![11, 12, 16, 17, 21, 22],
            vec![13, 18, 19, 20, 23, 24],
        ];
        return PatternSpec::new(rows, cols, groups, true);
    }
    let mut bands = Vec::new();
    let mut top = 0;
    while top < rows {
        let height = if rows - top == 3 || rows - top == 1 { rows - top } else { 2 };
        bands.push(top..top + height);
        top += height;
    }
    let mut groups = Vec::new();
    for band in bands {
        let tiles: Vec<Tile> = (0..cols)
            .flat_map(|c| band.clone().map(move |r| r * cols + c))
            .filter(|&cell| cell != n - 1)
            .map(|cell| (cell + 1) as Tile)
            .collect();
        let count = tiles.len().div_ceil(group);
        let mut start = 0;
        for i in 0..count {
            let len = (tiles.len() - start) / (count - i);
            groups.push(tiles[start..start + len].to_vec());
            start += len;
        }
    }
    PatternSpec::new(rows, cols, groups, rows == cols)
}

/// The tiles in runs of `group` along a snake: the rows in bands of two
/// (three for the last band of an odd count), each band read column by
/// column, left to right in the first band, right to left in the next, and
/// so on, so that a run crossing from one band to the next turns the corner
/// and stays compact. A 6×6 in groups of 5 is seven blocks of 2×2 and one
/// more tile, and a strip of four down the right edge with one beside it;
/// a 7×7, nine runs of 5 and the last 3.
pub(super) fn snake(rows: usize, cols: usize, group: usize) -> Vec<Vec<Tile>> {
    let n = rows * cols;
    let mut order = Vec::new();
    let (mut top, mut band) = (0, 0);
    while top < rows {
        let height = if rows - top == 3 || rows - top == 1 { rows - top } else { 2 };
        let columns: Vec<usize> = if band % 2 == 0 { (0..cols).collect() } else { (0..cols).rev().collect() };
        for c in columns {
            order.extend((top..top + height).map(|r| r * cols + c).filter(|&cell| cell != n - 1));
        }
        top += height;
        band += 1;
    }
    order.chunks(group).map(|run| run.iter().map(|&cell| (cell + 1) as Tile).collect()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partitions_cover_every_tile_in_groups_of_at_most_the_size() {
        for (rows, cols) in [(3, 6), (6, 3), (4, 5), (3, 7), (5, 5), (4, 6), (6, 6), (7, 7), (5, 9), (2, 9)] {
            for group in 3..=6 {
                let spec = partition(rows, cols, group).unwrap();
                assert!(spec.groups().iter().all(|g| g.len() <= group && !g.is_empty()), "{rows}×{cols}");
            }
        }
        assert_eq!(partition(3, 6, 4).unwrap().partition(), "3-3-3-4-4");
        assert_eq!(partition(5, 5, 6).unwrap().partition(), "6-6-6-6");
        assert_eq!(partition(6, 6, 4).unwrap().partition(), "4-4-4-4-4-4-3-4-4");
        assert_eq!(partition(6, 6, 5).unwrap().partition(), "5-5-5-5-5-5-5");
        assert_eq!(partition(7, 7, 5).unwrap().partition(), "5-5-5-5-5-5-5-5-5-3");
        // The runs of the snake are compact: no two of a group's tiles more
        // than four moves apart.
        for (rows, group) in [(6, 5), (7, 5)] {
            for g in partition(rows, rows, group).unwrap().groups() {
                for (a, b) in g.iter().flat_map(|&a| g.iter().map(move |&b| (a as usize - 1, b as usize - 1))) {
                    let (ra, ca, rb, cb) = (a / rows, a % rows, b / rows, b % rows);
                    assert!(ra.abs_diff(rb) + ca.abs_diff(cb) <= 4, "{g:?}");
                }
            }
        }
        assert!(partition(4, 4, 4).is_err());
        assert!(partition(7, 8, 4).is_err());
    }
}
