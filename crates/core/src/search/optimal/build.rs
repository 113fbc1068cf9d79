//! Building one pattern table: a layered breadth-first pass over
//! (placement, blank region) pairs, shared by every table size from the
//! tests' 3×3 groups to the 15-puzzle's 8-tile group (518,918,400
//! placements) and the near solver's groups of 4 to 6 tiles on boards of up
//! to 49 cells.
//!
//! Moving the blank is free and sliding a group tile costs one, so a state
//! is a placement of the group's tiles plus the *region* of free cells the
//! blank can wander in. Level d+1 is everything one tile slide away from
//! level d that no earlier level reached. Instead of a queue (which for 8
//! tiles would hold billions of entries) three bitmaps are kept, each with
//! one lane of 8, 16, 32 or 64 bits per placement, one bit per free cell
//! (the placement's free cells in ascending order, so 8 tiles on 16 cells
//! need exactly 8 bits, 5 tiles on 25 cells 32): the states seen, the current level and the next one. A
//! level is one sweep over the current bitmap; sweeps are split into chunks
//! that the worker threads claim, and the bitmaps are atomic words, so a
//! state reached by two threads at once is recorded once or twice, never
//! lost. A placement's value is the level at which the first of its regions
//! was reached.
//!
//! For 8 tiles of 16 cells the bitmaps take 3 × 519 MB and the byte table
//! another 519 MB.

use std::sync::atomic::{AtomicU8, AtomicU64, AtomicUsize, Ordering::Relaxed};

use super::placement::{MAX_GROUP_TILES, MAX_PATTERN_CELLS, NIBBLE_CELLS, UNSET, above, rank};

/// Placements a worker claims at a time.
const CHUNK: usize = 1 << 15;

/// Tables with fewer entries than this are built on one thread.
const PARALLEL_FROM: usize = 1 << 20;

/// The bits of `mask` at the positions of `free`'s set bits, packed
/// (bit i of the result: the i-th free cell).
#[inline]
fn extract(mask: u64, free: u64) -> u64 {
    let (mut out, mut f, mut bit) = (0u64, free, 0u32);
    while f != 0 {
        let low = f & f.wrapping_neg();
        if mask & low != 0 {
            out |= 1 << bit;
        }
        bit += 1;
        f ^= low;
    }
    out
}

/// The inverse of [`extract`]: the free cells whose bits are set.
#[inline]
fn deposit(bits: u64, free: u64) -> u64 {
    let (mut out, mut f, mut b) = (0u64, free, bits);
    while f != 0 && b != 0 {
        let low = f & f.wrapping_neg();
        if b & 1 != 0 {
            out |= low;
        }
        b >>= 1;
        f ^= low;
    }
    out
}

/// Cell masks of a grid, for growing blank regions by shifts.
pub(super) struct Regions {
    pub(super) full: u64,
    not_first_col: u64,
    not_last_col: u64,
    cols: u32,
    /// `next_to[cell]`: the cells next to it.
    pub(super) next_to: [u64; MAX_PATTERN_CELLS],
}

impl Regions {
    pub(super) fn new(rows: usize, cols: usize) -> Regions {
        let n = rows * cols;
        let full = (1u64 << n) - 1;
        let first_col = (0..n).filter(|c| c % cols == 0).fold(0u64, |m, c| m | 1 << c);
        let last_col = (0..n).filter(|c| c % cols == cols - 1).fold(0u64, |m, c| m | 1 << c);
        let mut next_to = [0u64; MAX_PATTERN_CELLS];
        for (cell, mask) in next_to.iter_mut().enumerate().take(n) {
            let (r, c) = (cell / cols, cell % cols);
            if r > 0 {
                *mask |= 1 << (cell - cols);
            }
            if r + 1 < rows {
                *mask |= 1 << (cell + cols);
            }
            if c > 0 {
                *mask |= 1 << (cell - 1);
            }
            if c + 1 < cols {
                *mask |= 1 << (cell + 1);
            }
        }
        Regions { full, not_first_col: full & !first_col, not_last_col: full & !last_col, cols: cols as u32, next_to }
    }

    /// The cells of `free` connected to `seed` (seed included).
    #[inline]
    pub(super) fn flood(&self, seed: u64, free: u64) -> u64 {
        let mut region = seed;
        loop {
            let grown = (region
                | ((region << 1) & self.not_first_col)
                | ((region >> 1) & self.not_last_col)
                | (region << self.cols)
                | (region >> self.cols))
                & (free | seed);
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}

/// What every worker reads: the shape of the pass and the shared tables.
struct Pass {
    n: usize,
    k: usize,
    regions: Regions,
    /// Radix of each digit: n, n−1, …
    radix: [u32; MAX_GROUP_TILES],
    entries: usize,
    /// Bits per placement in the bitmaps (8, 16, 32 or 64), placements per word as a shift.
    lane_bits: u32,
    lane_shift: u32,
    lane_mask: u64,
    seen: Vec<AtomicU64>,
    table: Vec<AtomicU8>,
}

/// What a slide led to.
enum Reached {
    /// A state seen before.
    Old,
    /// A new region of a placement seen before.
    NewRegion,
    /// A placement seen for the first time.
    NewPlacement,
}

/// A placement of the group's tiles taken apart (an arrangement, since the
/// human solver's `Placement` is another thing), with what ranking its
/// first i tiles left behind.
struct GroupArrangement {
    at: [u8; MAX_GROUP_TILES],
    /// `prefix[i]`: the index after the first i digits.
    prefix: [usize; MAX_GROUP_TILES + 1],
    /// `below[i]`: nibble counters of the first i cells (see [`rank`]), on
    /// boards of up to 16 cells.
    below: [u64; MAX_GROUP_TILES + 1],
    /// `used[i]`: the first i cells as a mask.
    used: [u64; MAX_GROUP_TILES + 1],
    occupied: u64,
}

impl Pass {
    #[inline]
    fn lane(&self, words: &[AtomicU64], index: usize) -> (usize, u32, u64) {
        let word = index >> self.lane_shift;
        let shift = ((index & ((1 << self.lane_shift) - 1)) as u32) * self.lane_bits;
        (word, shift, (words[word].load(Relaxed) >> shift) & self.lane_mask)
    }

    fn unrank(&self, mut index: usize) -> GroupArrangement {
        let mut digits = [0u32; MAX_GROUP_TILES];
        for i in (0..self.k).rev() {
            let radix = self.radix[i] as usize;
            digits[i] = (index % radix) as u32;
            index /= radix;
        }
        let mut p = GroupArrangement {
            at: [0; MAX_GROUP_TILES],
            prefix: [0; MAX_GROUP_TILES + 1],
            below: [0; MAX_GROUP_TILES + 1],
            used: [0; MAX_GROUP_TILES + 1],
            occupied: 0,
        };
        for (i, &digit) in digits.iter().enumerate().take(self.k) {
            let mut rest = self.regions.full & !p.occupied;
            for _ in 0..digit {
                rest &= rest - 1;
            }
            let cell = rest.trailing_zeros() as u8;
            p.at[i] = cell;
            p.occupied |= 1 << cell;
            p.prefix[i + 1] = p.prefix[i] * self.radix[i] as usize + digit as usize;
            p.below[i + 1] = p.below[i] + if self.n <= NIBBLE_CELLS { above(cell) } else { 0 };
            p.used[i + 1] = p.occupied;
        }
        p
    }

    /// The index of `p` with tile `i` moved to cell `to`.
    #[inline]
    fn moved_index(&self, p: &GroupArrangement, i: usize, to: u8) -> usize {
        if self.n > NIBBLE_CELLS {
            let (mut index, mut used) = (p.prefix[i], p.used[i]);
            for j in i..self.k {
                let cell = if j == i { to } else { p.at[j] };
                let free_below = u32::from(cell) - (used & ((1u64 << cell) - 1)).count_ones();
                index = index * self.radix[j] as usize + free_below as usize;
                used |= 1 << cell;
            }
            return index;
        }
        let mut index = p.prefix[i];
        let mut below = p.below[i];
        for j in i..self.k {
            let cell = if j == i { to } else { p.at[j] };
            let free_below = u64::from(cell) - ((below >> (4 * u32::from(cell))) & 0xF);
            index = index * self.radix[j] as usize + free_below as usize;
            below += above(cell);
        }
        index
    }

    /// Expands the current level's states in words `words` of `current`,
    /// clearing them; returns the placements reached for the first time and
    /// the states added to the next level.
    fn sweep(&self, current: &[AtomicU64], next: &[AtomicU64], words: std::ops::Range<usize>, level: u8) -> (u64, u64) {
        let per_word = 1usize << self.lane_shift;
        let (mut filled, mut added) = (0u64, 0u64);
        for w in words {
            let word = current[w].load(Relaxed);
            if word == 0 {
                continue;
            }
            current[w].store(0, Relaxed);
            for slot in 0..per_word {
                let lane = (word >> (slot as u32 * self.lane_bits)) & self.lane_mask;
                let index = (w << self.lane_shift) + slot;
                if lane == 0 || index >= self.entries {
                    continue;
                }
                let p = self.unrank(index);
                let free = self.regions.full & !p.occupied;
                let mut frontier = deposit(lane, free);
                while frontier != 0 {
                    let region = self.regions.flood(frontier & frontier.wrapping_neg(), free);
                    frontier &= !region;
                    for i in 0..self.k {
                        let from = p.at[i];
                        let mut targets = self.regions.next_to[from as usize] & region;
                        while targets != 0 {
                            let to = targets.trailing_zeros() as u8;
                            targets &= targets - 1;
                            match self.reach(&p, i, from, to, free, next, level) {
                                Reached::Old => {}
                                Reached::NewRegion => added += 1,
                                Reached::NewPlacement => {
                                    added += 1;
                                    filled += 1;
                                }
                            }
                        }
                    }
                }
            }
        }
        (filled, added)
    }

    /// Records the state where tile `i` slid from `from` into the blank at
    /// `to` (the blank now at `from`).
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn reach(
        &self,
        p: &GroupArrangement,
        i: usize,
        from: u8,
        to: u8,
        free: u64,
        next: &[AtomicU64],
        level: u8,
    ) -> Reached {
        let index = self.moved_index(p, i, to);
        let free = (free | 1 << from) & !(1u64 << to);
        let ordinal = (free & ((1u64 << from) - 1)).count_ones();
        let (word, shift, seen) = self.lane(&self.seen, index);
        if seen >> ordinal & 1 != 0 {
            return Reached::Old;
        }
        let region = extract(self.regions.flood(1 << from, free), free);
        let before = (self.seen[word].fetch_or(region << shift, Relaxed) >> shift) & self.lane_mask;
        if before >> ordinal & 1 != 0 {
            return Reached::Old; // another thread got here first
        }
        next[word].fetch_or(region << shift, Relaxed);
        if before == 0 {
            self.table[index].store(level + 1, Relaxed);
            Reached::NewPlacement
        } else {
            Reached::NewRegion
        }
    }
}

/// Builds one group's table, one byte per placement (the fewest slides of
/// the group's tiles), on up to `threads` threads; calls
/// `progress(newly_filled)` now and then on the calling thread.
pub(super) fn build_table(
    (rows, cols): (usize, usize),
    tiles: &[u8],
    threads: usize,
    progress: &mut dyn FnMut(u64),
) -> Vec<u8> {
    let n = rows * cols;
    let k = tiles.len();
    assert!(
        (1..=MAX_GROUP_TILES).contains(&k) && k < n && n <= MAX_PATTERN_CELLS,
        "a group of 1 to {MAX_GROUP_TILES} tiles, fewer than the cells"
    );
    let entries: usize = (0..k).map(|i| n - i).product();
    let lane_bits = lane_bits(n - k);
    let lane_shift = 6 - lane_bits.trailing_zeros();
    let words = entries.div_ceil(1 << lane_shift);
    let zeroed = || (0..words).map(|_| AtomicU64::new(0)).collect::<Vec<_>>();
    let mut radix = [0u32; MAX_GROUP_TILES];
    for (i, r) in radix.iter_mut().enumerate().take(k) {
        *r = (n - i) as u32;
    }
    let pass = Pass {
        n,
        k,
        regions: Regions::new(rows, cols),
        radix,
        entries,
        lane_bits,
        lane_shift,
        lane_mask: u64::MAX >> (64 - lane_bits),
        seen: zeroed(),
        table: (0..entries).map(|_| AtomicU8::new(UNSET)).collect(),
    };
    let (mut current, mut next) = (zeroed(), zeroed());

    // The goal: every tile home, the blank in the last cell.
    let home: Vec<u8> = tiles.iter().map(|&t| t - 1).collect();
    let goal = rank(&home, pass.n);
    let occupied = home.iter().fold(0u64, |m, &c| m | 1 << c);
    let free = pass.regions.full & !occupied;
    let region = extract(pass.regions.flood(1 << (n - 1), free), free);
    let (word, shift, _) = pass.lane(&pass.seen, goal);
    pass.seen[word].fetch_or(region << shift, Relaxed);
    current[word].fetch_or(region << shift, Relaxed);
    pass.table[goal].store(0, Relaxed);
    progress(1);

    let threads = if entries < PARALLEL_FROM { 1 } else { threads.max(1) };
    let chunk_words = CHUNK >> lane_shift;
    let mut level = 0u8;
    loop {
        assert!(level < UNSET - 1, "levels fit a byte below the unset mark");
        let claimed = AtomicUsize::new(0);
        // Sweeps chunks of the level until none is left, reporting the
        // placements it filled; the placements it added, in all.
        let sweep_chunks = |report: &mut dyn FnMut(u64)| -> u64 {
            let (mut total, mut unreported) = (0u64, 0u64);
            loop {
                let start = claimed.fetch_add(chunk_words, Relaxed);
                if start >= words {
                    break;
                }
                let (filled, added) = pass.sweep(&current, &next, start..(start + chunk_words).min(words), level);
                total += added;
                unreported += filled;
                if unreported >= 1 << 16 {
                    report(std::mem::take(&mut unreported));
                }
            }
            report(unreported);
            total
        };
        let added = if threads == 1 {
            // Here, on the calling thread: where no thread can be started
            // (a browser's), one is all there is.
            sweep_chunks(progress)
        } else {
            let (sender, receiver) = std::sync::mpsc::channel::<u64>();
            std::thread::scope(|scope| {
                let workers: Vec<_> = (0..threads)
                    .map(|_| {
                        let sender = sender.clone();
                        let sweep_chunks = &sweep_chunks;
                        scope.spawn(move || {
                            // The receiver lives until every worker is done.
                            sweep_chunks(&mut |filled| {
                                let _ = sender.send(filled);
                            })
                        })
                    })
                    .collect();
                drop(sender);
                for filled in receiver {
                    progress(filled);
                }
                workers.into_iter().map(|w| w.join().expect("a sweep does not panic")).sum::<u64>()
            })
        };
        // `current` was cleared by the sweep: it becomes the next level's target.
        std::mem::swap(&mut current, &mut next);
        level += 1;
        if added == 0 {
            break;
        }
    }
    drop((current, next));
    let Pass { table, .. } = pass;
    table.into_iter().map(AtomicU8::into_inner).collect()
}

/// Bits of a placement's lane in the bitmaps: one per free cell, rounded
/// up to 8, 16, 32 or 64.
pub(super) fn lane_bits(free_cells: usize) -> u32 {
    (free_cells as u32).next_power_of_two().max(8)
}

#[cfg(test)]
mod tests {
    use super::super::placement::for_each_placement;
    use super::*;

    #[test]
    fn extract_and_deposit_are_inverse() {
        let free = 0b1011_0110_0101u64 << 30;
        for mask in (0..(1u64 << 12)).map(|m| m << 30) {
            let bits = extract(mask, free);
            assert_eq!(deposit(bits, free), mask & free);
        }
    }

    #[test]
    fn unrank_and_moved_index_agree_with_rank() {
        let build = build_table((3, 3), &[1, 2, 3], 1, &mut |_| {});
        assert_eq!(build.len(), 9 * 8 * 7);
        let pass = Pass {
            n: 9,
            k: 3,
            regions: Regions::new(3, 3),
            radix: [9, 8, 7, 0, 0, 0, 0, 0],
            entries: 504,
            lane_bits: 8,
            lane_shift: 3,
            lane_mask: 0xFF,
            seen: Vec::new(),
            table: Vec::new(),
        };
        for_each_placement(9, 3, |index, at| {
            let p = pass.unrank(index);
            assert_eq!(&p.at[..3], at);
            for i in 0..3 {
                for to in (0..9u8).filter(|c| !at.contains(c)) {
                    let mut moved = [at[0], at[1], at[2]];
                    moved[i] = to;
                    assert_eq!(pass.moved_index(&p, i, to), rank(&moved, 9));
                }
            }
        });
    }
}
