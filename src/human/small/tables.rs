//! Exact tables that depend only on a rectangle's shape, built once per
//! process and shared: how far a line is from home ([`LineTable`]), and
//! the fewest moves to finish a rectangle of at most [`REST_CELLS`] cells
//! stage by stage ([`RestTable`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use super::shape::{Cut, Shape};

/// The most cells a rectangle solved by a [`RestTable`] has (a 3×3: 9!
/// arrangements, built in a few tens of milliseconds).
pub(super) const REST_CELLS: usize = 9;

/// The most entries a [`LineTable`] may have: a 4×5's column of four is
/// 20⁵ ≈ 3.2 million bytes.
const MAX_LINE_ENTRIES: usize = 4_000_000;

/// Unreached.
const FAR: u8 = u8::MAX;

/// The fewest moves that put a cut's line home, from every place of its
/// tiles and the blank (the other tiles interchangeable): a breadth-first
/// search back from the goal, over `cells^(tiles+1)` entries.
pub(super) struct LineTable {
    cells: usize,
    /// The line's tiles (their numbers, which are their homes).
    tiles: Vec<usize>,
    /// `cells^k` for the k-th slot (the tiles', then the blank's).
    scale: Vec<usize>,
    moves: Vec<u8>,
}

impl LineTable {
    fn build(shape: Shape, cut: Cut) -> Option<LineTable> {
        let cells = shape.len();
        let tiles = shape.line(cut);
        let slots = tiles.len() + 1;
        let entries = cells.checked_pow(slots as u32).filter(|&e| e <= MAX_LINE_ENTRIES)?;
        let scale: Vec<usize> = (0..slots).map(|k| cells.pow(k as u32)).collect();
        let mut moves = vec![FAR; entries];
        let mut queue: Vec<u32> = Vec::new();
        let home: usize = tiles.iter().zip(&scale).map(|(&t, s)| t * s).sum();
        for blank in (0..cells).filter(|c| !tiles.contains(c)) {
            let i = home + blank * scale[tiles.len()];
            moves[i] = 0;
            queue.push(i as u32);
        }
        let mut at = vec![0usize; slots];
        let mut head = 0;
        while head < queue.len() {
            let i = queue[head] as usize;
            head += 1;
            let mut rest = i;
            for slot in at.iter_mut() {
                *slot = rest % cells;
                rest /= cells;
            }
            let blank = at[tiles.len()];
            let next_moves = moves[i] + 1;
            for to in shape.neighbours(blank) {
                // The tile in `to`, if tracked, slides into the blank's cell.
                let mut j = i + to * scale[tiles.len()] - blank * scale[tiles.len()];
                if let Some(k) = at[..tiles.len()].iter().position(|&p| p == to) {
                    j = j + blank * scale[k] - to * scale[k];
                }
                if moves[j] == FAR {
                    moves[j] = next_moves;
                    queue.push(j as u32);
                }
            }
        }
        Some(LineTable { cells, tiles, scale, moves })
    }

    /// The fewest moves to put the line home from `cells` (an arrangement).
    pub(super) fn moves(&self, cells: &[u8], blank: u8) -> u8 {
        self.moves[self.index(cells, blank)]
    }

    /// The table's entry for an arrangement.
    pub(super) fn index(&self, cells: &[u8], blank: u8) -> usize {
        let mut i = 0;
        for (cell, &label) in cells.iter().enumerate() {
            if let Some(k) = self.slot_of(usize::from(label)) {
                i += cell * self.scale[k];
            }
        }
        i + usize::from(blank) * self.scale[self.tiles.len()]
    }

    /// The entry after the blank moves from `blank` to `to`, where `tile` was.
    #[inline]
    pub(super) fn slide(&self, index: usize, blank: usize, to: usize, tile: u8) -> usize {
        let b = self.scale[self.tiles.len()];
        let mut j = index + to * b - blank * b;
        if let Some(k) = self.slot_of(usize::from(tile)) {
            j = j + blank * self.scale[k] - to * self.scale[k];
        }
        j
    }

    #[inline]
    pub(super) fn at(&self, index: usize) -> u8 {
        self.moves[index]
    }

    #[inline]
    fn slot_of(&self, label: usize) -> Option<usize> {
        self.tiles.iter().position(|&t| t == label)
    }

    pub(super) fn cells(&self) -> usize {
        self.cells
    }
}

/// The fewest moves to finish a rectangle of at most [`REST_CELLS`] cells
/// stage by stage (each cut's line home, then only the rest moves), from
/// every arrangement: one table per stage, over the permutations of its
/// rectangle, each filled by a shortest-path search back from the
/// arrangements that finish the stage, weighted by the next stage's table.
pub(super) struct RestTable {
    stages: Vec<(Shape, Cut, Vec<u8>)>,
}

impl RestTable {
    fn build(shape: Shape, cuts: &[Cut]) -> RestTable {
        let mut rects = vec![shape];
        for &cut in &cuts[..cuts.len() - 1] {
            let last = *rects.last().expect("one rectangle at least");
            rects.push(last.after(cut).expect("only the last cut takes all"));
        }
        let mut stages: Vec<(Shape, Cut, Vec<u8>)> = Vec::new();
        for (&shape, &cut) in rects.iter().zip(cuts).rev() {
            let m = shape.len();
            let mut moves = vec![FAR; factorial(m)];
            let mut buckets: Vec<Vec<u32>> = Vec::new();
            let push = |buckets: &mut Vec<Vec<u32>>, d: u8, i: usize| {
                if buckets.len() <= usize::from(d) {
                    buckets.resize_with(usize::from(d) + 1, Vec::new);
                }
                buckets[usize::from(d)].push(i as u32);
            };
            if cut == Cut::All {
                moves[0] = 0; // rank 0: every cell holds its own number
                push(&mut buckets, 0, 0);
            } else {
                let (small, next) = match stages.last() {
                    Some((small, _, next)) => (*small, next),
                    None => unreachable!("the last cut takes all"),
                };
                let mut part = vec![0u8; small.len()];
                let mut whole = vec![0u8; m];
                for cell in shape.line(cut) {
                    whole[cell] = cell as u8;
                }
                for (r, &d) in next.iter().enumerate() {
                    if d == FAR {
                        continue;
                    }
                    unrank(r, &mut part);
                    for (k, &label) in part.iter().enumerate() {
                        whole[shape.grow_label(cut, k)] = shape.grow_label(cut, usize::from(label)) as u8;
                    }
                    let i = rank(&whole);
                    moves[i] = d;
                    push(&mut buckets, d, i);
                }
            }
            let mut cells = vec![0u8; m];
            let blank = shape.blank();
            let mut d = 0;
            while d < buckets.len() {
                let bucket = std::mem::take(&mut buckets[d]);
                for &i in &bucket {
                    let i = i as usize;
                    if usize::from(moves[i]) != d {
                        continue;
                    }
                    unrank(i, &mut cells);
                    let at = cells.iter().position(|&l| l == blank).expect("a blank");
                    for to in shape.neighbours(at) {
                        cells.swap(at, to);
                        let j = rank(&cells);
                        cells.swap(at, to);
                        if usize::from(moves[j]) > d + 1 {
                            moves[j] = (d + 1) as u8;
                            push(&mut buckets, (d + 1) as u8, j);
                        }
                    }
                }
                d += 1;
            }
            stages.push((shape, cut, moves));
        }
        stages.reverse();
        RestTable { stages }
    }

    /// The fewest moves to finish from `cells`, an arrangement of the
    /// first stage's rectangle.
    pub(super) fn moves(&self, cells: &[u8]) -> u8 {
        self.stages[0].2[rank(cells)]
    }

    /// The blank's cells, move by move, along a shortest way through the
    /// first stage: to an arrangement with its line home from which the
    /// rest takes the fewest moves. Empty if the line is already there.
    pub(super) fn first_stage(&self, cells: &[u8]) -> Vec<usize> {
        let (shape, cut, moves) = &self.stages[0];
        let mut cells = cells.to_vec();
        let mut blank = cells.iter().position(|&l| l == shape.blank()).expect("a blank");
        let mut path = Vec::new();
        let mut part = Vec::new();
        loop {
            let here = moves[rank(&cells)];
            debug_assert!(here != FAR, "a solvable arrangement");
            if shape.line_home(*cut, &cells) {
                let rest = match self.stages.get(1) {
                    Some((_, _, next)) => {
                        shape.shrink(*cut, &cells, &mut part);
                        next[rank(&part)]
                    }
                    None => 0,
                };
                if rest == here {
                    return path;
                }
            }
            let to = shape
                .neighbours(blank)
                .find(|&to| {
                    cells.swap(blank, to);
                    let closer = moves[rank(&cells)] + 1 == here;
                    cells.swap(blank, to);
                    closer
                })
                .expect("a shortest way goes on");
            cells.swap(blank, to);
            blank = to;
            path.push(to);
        }
    }
}

fn factorial(n: usize) -> usize {
    (1..=n).product()
}

/// The number of a permutation of `0..n` among all `n!` (Lehmer code).
pub(super) fn rank(perm: &[u8]) -> usize {
    let n = perm.len();
    let mut r = 0;
    for i in 0..n {
        let smaller = perm[i + 1..].iter().filter(|&&x| x < perm[i]).count();
        r = r * (n - i) + smaller;
    }
    r
}

/// The permutation numbered `r` by [`rank`], into `out` (its length is n).
pub(super) fn unrank(mut r: usize, out: &mut [u8]) {
    let n = out.len();
    let mut digits = [0usize; 16];
    for i in (0..n).rev() {
        digits[i] = r % (n - i);
        r /= n - i;
    }
    let mut unused: u16 = (1u32 << n).wrapping_sub(1) as u16;
    for i in 0..n {
        let mut k = digits[i];
        let mut v = 0;
        loop {
            if unused & (1 << v) != 0 {
                if k == 0 {
                    break;
                }
                k -= 1;
            }
            v += 1;
        }
        unused &= !(1 << v);
        out[i] = v as u8;
    }
}

/// Tables built so far, by shape, for the process.
type Cache<K, V> = OnceLock<Mutex<HashMap<K, V>>>;

/// The line table of a cut of a rectangle, built on first use and kept
/// for the process (a few megabytes at most); `None` when it would be too big.
pub(super) fn line_table(shape: Shape, cut: Cut) -> Option<Arc<LineTable>> {
    static TABLES: Cache<(Shape, Cut), Option<Arc<LineTable>>> = OnceLock::new();
    let mut tables = TABLES.get_or_init(Default::default).lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    tables.entry((shape, cut)).or_insert_with(|| LineTable::build(shape, cut).map(Arc::new)).clone()
}

/// The rest table of a rectangle of at most [`REST_CELLS`] cells cut in
/// this order, built on first use and kept for the process.
pub(super) fn rest_table(shape: Shape, cuts: &[Cut]) -> Arc<RestTable> {
    static TABLES: Cache<(Shape, Vec<Cut>), Arc<RestTable>> = OnceLock::new();
    debug_assert!(shape.len() <= REST_CELLS && cuts.last() == Some(&Cut::All));
    let mut tables = TABLES.get_or_init(Default::default).lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    Arc::clone(tables.entry((shape, cuts.to_vec())).or_insert_with(|| Arc::new(RestTable::build(shape, cuts))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_number_every_permutation_once() {
        let mut perm = [0u8; 5];
        let ranks: Vec<usize> = (0..factorial(5))
            .map(|r| {
                unrank(r, &mut perm);
                rank(&perm)
            })
            .collect();
        assert_eq!(ranks, (0..factorial(5)).collect::<Vec<_>>());
        assert_eq!(rank(&[0, 1, 2, 3]), 0);
    }

    #[test]
    fn a_2x2_block_takes_its_distance_and_a_2x3_at_least_its_optimum() {
        let block = rest_table(Shape { height: 2, width: 2 }, &[Cut::All]);
        // 1 2 / _ 3 is one move from home, 1 2 / 3 _ none.
        assert_eq!(block.moves(&[0, 1, 3, 2]), 1);
        assert_eq!(block.moves(&[0, 1, 2, 3]), 0);
        // The 2×3: its left pair, then the 2×2; staged can only be longer
        // than optimal, and from the goal's neighbours it is the same.
        let shape = Shape { height: 2, width: 3 };
        let staged = rest_table(shape, &[Cut::Left, Cut::All]);
        assert_eq!(staged.moves(&[0, 1, 2, 3, 5, 4]), 1);
        assert_eq!(staged.first_stage(&[0, 1, 2, 3, 4, 5]), Vec::<usize>::new());
        let reached = staged.stages[0].2.iter().filter(|&&d| d != FAR).count();
        assert_eq!(reached, factorial(6) / 2, "half the arrangements are solvable");
    }

    #[test]
    fn a_line_table_counts_the_moves_of_a_tile_home() {
        let shape = Shape { height: 2, width: 3 };
        let table = LineTable::build(shape, Cut::Left).unwrap();
        // Tiles 0 and 3 (the left column) home, the blank anywhere else: 0.
        assert_eq!(table.moves(&[0, 1, 2, 3, 4, 5], 5), 0);
        // Tile 0 one cell right of home with the blank at home: one move.
        assert_eq!(table.moves(&[5, 0, 2, 3, 4, 1], 0), 1);
    }
}
