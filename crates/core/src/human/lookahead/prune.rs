//! A round's survivors: of the candidates that reach the same board (and
//! stage) the best, the first of equals; of those, the `width` best by
//! score, then hash, then index, kept by index in increasing order.
//! [`Pruning::keep`] does it on one thread; [`Pruning::keep_shared`] splits
//! it between the threads of the pool it runs in, reading each candidate's
//! [`CandidateKey`], and keeps the same candidates in the same order, so that the
//! moves do not depend on the number of threads.

use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use super::beam::BeamCandidate;

/// Reusable buffers of the pruning.
#[derive(Default)]
pub(super) struct Pruning {
    /// Open-addressing table of (the top half of a board and stage key,
    /// candidate): 8 bytes a slot, so that it stays in the cache.
    seen: Vec<(u32, u32)>,
    /// Whether each candidate is its board's best.
    is_best: Vec<bool>,
    /// Each board's best candidate: its score, hash and index, in the
    /// candidates' order.
    best: Vec<(i64, u64, u32)>,
    /// The buckets of scores [`nth_key`] counts, and the keys of the bucket
    /// the cut falls in.
    counts: Vec<u32>,
    middle: Vec<(i64, u64, u32)>,
    /// The candidates kept, by index, in increasing order.
    kept: Vec<u32>,
    /// On several threads: each thread's share of the boards (by their
    /// keys), and whether each candidate is kept, which each thread sets
    /// for the members of its share.
    board_shares: Vec<BoardShare>,
    is_kept: Vec<AtomicBool>,
}

/// What the shared pruning reads of a candidate: what orders it and what
/// tells its board apart, in under half the candidate's bytes.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct CandidateKey {
    score: i64,
    hash: u64,
    stage: u32,
    /// The candidate's index.
    index: u32,
}

impl CandidateKey {
    pub(super) fn of<E>(candidate: &BeamCandidate<E>, index: u32) -> CandidateKey {
        let state = &candidate.state;
        CandidateKey { score: state.score(), hash: state.hash, stage: state.stage, index }
    }

    pub(super) fn score(&self) -> i64 {
        self.score
    }

    /// Which of `shares` shares of the boards this one's falls in: by the
    /// key's top bits, which the tables' slots do not use.
    #[inline]
    pub(super) fn share(&self, shares: usize) -> usize {
        (((self.key() >> 32) * shares as u64) >> 32) as usize
    }

    #[inline]
    fn key(&self) -> u64 {
        self.hash ^ stage_key(self.stage)
    }

    /// The order candidates are kept in, as [`BeamCandidate::order`] with
    /// the index after: a total order, so that the best of a board does
    /// not depend on the order its candidates are looked at in.
    #[inline]
    fn order(&self) -> (i64, u64, u32) {
        (self.score, self.hash, self.index)
    }
}

/// The best candidates of the boards whose keys fall in one share of them
/// ([`CandidateKey::share`]).
#[derive(Default)]
struct BoardShare {
    /// The share's candidates.
    members: Vec<CandidateKey>,
    /// Open-addressing table of (the top half of a board and stage key,
    /// member): 8 bytes a slot, so that it stays in the cache.
    seen: Vec<(u32, u32)>,
    /// Whether each member is its board's best.
    is_best: Vec<bool>,
    /// How many of the best fall in each bucket of scores.
    counts: Vec<u32>,
    /// The best in the bucket the cut falls in.
    middle: Vec<(i64, u64, u32)>,
}

impl Pruning {
    /// The best `width` candidates, one for each board, by index in
    /// increasing order. Selection works on small keys, not on the
    /// candidates themselves, and the order kept does not depend on how
    /// the selection shuffles them.
    pub(super) fn keep<E: Copy>(&mut self, candidates: &[BeamCandidate<E>], width: usize) -> &[u32] {
        let Pruning { seen, is_best, best, counts, middle, kept, .. } = self;
        let key = |c: &BeamCandidate<E>| c.state.hash ^ stage_key(c.state.stage);
        best_of_each_board(candidates, key, |a, b| a.order() < b.order(), (seen, is_best));
        best.clear();
        extend_where(
            best,
            candidates.iter().zip(is_best.iter()).enumerate().map(|(i, (candidate, &is_best))| {
                let (score, hash) = candidate.order();
                ((score, hash, i as u32), is_best)
            }),
        );
        kept.clear();
        match width.checked_sub(1) {
            Some(last) if best.len() > width => {
                let cut = nth_key(best, last, counts, middle);
                extend_where(kept, best.iter().map(|&key| (key.2, key <= cut)));
            }
            _ => kept.extend(best.iter().map(|&(_, _, i)| i)),
        }
        kept
    }

    /// [`Pruning::keep`] with its work split between `threads` threads of
    /// the pool it runs in: the same candidates kept, in the same order.
    /// `keys(part, share)` are the keys of share `share` of the
    /// boards ([`CandidateKey::share`]) among part `part` of the `count`
    /// candidates, for `threads` parts; `span` is the lowest and highest
    /// score of them all. Each thread finds the best candidates of the
    /// boards of its share and counts their scores into buckets; the bucket
    /// the cut falls in is found from the sums; then each thread marks
    /// those of its share below that bucket and puts aside those in it,
    /// and only the few in it are selected from on one thread.
    pub(super) fn keep_shared<'e>(
        &mut self,
        (count, keys): (usize, impl Fn(usize, usize) -> &'e [CandidateKey] + Sync),
        span: (i64, i64),
        width: usize,
        threads: usize,
    ) -> &[u32] {
        let Pruning { counts, middle, kept, board_shares, is_kept, .. } = self;
        board_shares.resize_with(threads, BoardShare::default);
        let buckets = Buckets::spanning(span);
        board_shares.par_iter_mut().enumerate().for_each(|(share, boards)| {
            boards.members.clear();
            for part in 0..threads {
                boards.members.extend_from_slice(keys(part, share));
            }
            boards.find_best();
            boards.count_best(buckets);
        });
        counts.clear();
        counts.resize(SCORE_BUCKETS, 0);
        for boards in board_shares.iter() {
            for (sum, &count) in counts.iter_mut().zip(&boards.counts) {
                *sum += count;
            }
        }
        let best: usize = counts.iter().map(|&count| count as usize).sum();
        let last = width.saturating_sub(1);
        // Every best candidate is kept when there are no more than `width`.
        let (at, below) = if best > width { bucket_of_nth(counts, last) } else { (SCORE_BUCKETS, 0) };
        if is_kept.len() < count {
            is_kept.resize_with(count, AtomicBool::default);
        }
        // Every candidate is one share's member, so each of the first
        // `count` flags is set, true or false, this round.
        let flags: &[AtomicBool] = is_kept;
        board_shares.par_iter_mut().for_each(|boards| boards.mark_kept(flags, (buckets, at)));
        if at < SCORE_BUCKETS {
            middle.clear();
            for boards in board_shares.iter() {
                middle.extend_from_slice(&boards.middle);
            }
            let cut = *middle.select_nth_unstable(last - below).1;
            for &(_, _, i) in middle.iter().filter(|&&key| key <= cut) {
                is_kept[i as usize].store(true, Ordering::Relaxed);
            }
        }
        kept.clear();
        extend_where(
            kept,
            is_kept[..count].iter().enumerate().map(|(i, flag)| (i as u32, flag.load(Ordering::Relaxed))),
        );
        kept
    }
}

/// Marks in `is_best`, of the `items` that reach the same board (and
/// stage: the same `key`), the one that comes first (`first_of`; the first
/// of equals): an open-addressing table of their keys, so that this costs
/// about the items' number, not a sort of them.
fn best_of_each_board<T>(
    items: &[T],
    key: impl Fn(&T) -> u64,
    first_of: impl Fn(&T, &T) -> bool,
    (seen, is_best): (&mut Vec<(u32, u32)>, &mut Vec<bool>),
) {
    let size = (2 * items.len()).next_power_of_two().max(16);
    seen.clear();
    seen.resize(size, (0, EMPTY));
    is_best.clear();
    is_best.resize(items.len(), false);
    let mask = size - 1;
    for (i, item) in items.iter().enumerate() {
        let full = key(item);
        let top = (full >> 32) as u32;
        let mut slot = full as usize & mask;
        loop {
            let (k, at) = seen[slot];
            if at == EMPTY {
                seen[slot] = (top, i as u32);
                is_best[i] = true;
                break;
            }
            let other = &items[at as usize];
            if k == top && key(other) == full {
                if first_of(item, other) {
                    is_best[at as usize] = false;
                    is_best[i] = true;
                    seen[slot].1 = i as u32;
                }
                break;
            }
            slot = (slot + 1) & mask;
        }
    }
}

impl BoardShare {
    /// Marks in [`BoardShare::is_best`], of the members that reach the
    /// same board, the one first in [`CandidateKey::order`].
    fn find_best(&mut self) {
        let BoardShare { members, seen, is_best, .. } = self;
        best_of_each_board(members, CandidateKey::key, |a, b| a.order() < b.order(), (seen, is_best));
    }

    /// Counts the members that are their boards' best into
    /// [`BoardShare::counts`].
    fn count_best(&mut self, buckets: Buckets) {
        self.counts.clear();
        self.counts.resize(SCORE_BUCKETS, 0);
        for (member, &is_best) in self.members.iter().zip(&self.is_best) {
            self.counts[buckets.of(member.score)] += u32::from(is_best);
        }
    }

    /// Sets whether each member is kept in `is_kept`: kept if it is the
    /// best of its board and its score falls below bucket `at`; the best in
    /// that bucket are put aside.
    fn mark_kept(&mut self, is_kept: &[AtomicBool], (buckets, at): (Buckets, usize)) {
        let BoardShare { members, is_best, middle, .. } = self;
        middle.clear();
        for (member, &is_best) in members.iter().zip(is_best.iter()) {
            let bucket = if at == SCORE_BUCKETS { 0 } else { buckets.of(member.score) };
            // Rare, unlike the choice between kept and not.
            if is_best && bucket == at {
                middle.push(member.order());
            }
            is_kept[member.index as usize].store(is_best & (bucket < at), Ordering::Relaxed);
        }
    }
}

/// Appends to `out` the items for which their flag is set, without a
/// branch on it: whether a candidate is kept looks random, and a branch on
/// it was mispredicted about half the time.
fn extend_where<T: Copy + Default>(out: &mut Vec<T>, items: impl ExactSizeIterator<Item = (T, bool)>) {
    let mut end = out.len();
    out.resize(end + items.len(), T::default());
    for (item, flag) in items {
        out[end] = item;
        end += usize::from(flag);
    }
    out.truncate(end);
}

/// What a board's stage adds to its hash in the key that tells boards
/// (and stages) apart.
#[inline]
fn stage_key(stage: u32) -> u64 {
    u64::from(stage).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// An empty slot of a table of boards.
const EMPTY: u32 = u32::MAX;

/// Buckets [`nth_key`] sorts the scores into.
const SCORE_BUCKETS: usize = 4096;

/// [`SCORE_BUCKETS`] buckets of equal spans over a span of scores, in
/// increasing order.
#[derive(Clone, Copy)]
struct Buckets {
    low: i64,
    shift: u32,
}

impl Buckets {
    fn spanning((low, high): (i64, i64)) -> Buckets {
        let span = high.abs_diff(low);
        // The fewest bits to drop so that every score's offset fits a bucket.
        let shift = (u64::BITS - (span / SCORE_BUCKETS as u64).leading_zeros()).min(63);
        Buckets { low, shift }
    }

    #[inline]
    fn of(self, score: i64) -> usize {
        (score.abs_diff(self.low) >> self.shift) as usize
    }
}

/// The bucket the `n`th smallest of the counted scores falls in, and how
/// many fall below it.
fn bucket_of_nth(counts: &[u32], n: usize) -> (usize, usize) {
    let mut below = 0;
    for (bucket, &count) in counts.iter().enumerate() {
        if below + count as usize > n {
            return (bucket, below);
        }
        below += count as usize;
    }
    (counts.len(), below)
}

/// The `n`th smallest of `keys` (all distinct), as a selection over all of
/// them would find it, leaving `keys` in their order: the scores are
/// counted into buckets of equal spans, and only the bucket the `n`th falls
/// in is selected from. A round's children span a few thousand score
/// units, so that bucket holds a few of them; a selection over all of
/// them, which moves every key about, and the second pass over the
/// children it made necessary took about a tenth of a 20×20's time.
fn nth_key(
    keys: &[(i64, u64, u32)],
    n: usize,
    counts: &mut Vec<u32>,
    middle: &mut Vec<(i64, u64, u32)>,
) -> (i64, u64, u32) {
    middle.clear();
    if keys.len() < SCORE_BUCKETS {
        // Too few to pay for the buckets (a rolling beam's rounds).
        middle.extend_from_slice(keys);
        return *middle.select_nth_unstable(n).1;
    }
    let span = keys.iter().fold((i64::MAX, i64::MIN), |(low, high), &(s, _, _)| (low.min(s), high.max(s)));
    let buckets = Buckets::spanning(span);
    counts.clear();
    counts.resize(SCORE_BUCKETS, 0);
    for &(score, _, _) in keys {
        counts[buckets.of(score)] += 1;
    }
    let (at, below) = bucket_of_nth(counts, n);
    middle.extend(keys.iter().filter(|&&(score, _, _)| buckets.of(score) == at));
    *middle.select_nth_unstable(n - below).1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::human::lookahead::beam::{BeamState, key};
    use proptest::prelude::*;

    proptest! {
        /// The bucketed selection finds the key a full selection finds, for
        /// sets too small for buckets and big ones, scores spread wide or
        /// bunched into a few values (ties broken by the hash).
        #[test]
        fn nth_key_is_the_nth_smallest(
            scores in prop::collection::vec(-3i64..3, 1..6000),
            spread in prop::sample::select(vec![1i64, 1000, 1 << 40]),
            n in any::<prop::sample::Index>(),
        ) {
            let keys: Vec<(i64, u64, u32)> = scores
                .iter()
                .enumerate()
                .map(|(i, &s)| (s * spread + (i as i64 % 7), key(i as u32, 3), i as u32))
                .collect();
            let n = n.index(keys.len());
            let (mut counts, mut middle) = (Vec::new(), Vec::new());
            let found = nth_key(&keys, n, &mut counts, &mut middle);
            let mut sorted = keys.clone();
            sorted.sort_unstable();
            prop_assert_eq!(found, sorted[n]);
        }

        /// Split between threads, the pruning keeps what it keeps on one:
        /// boards reached many times (few distinct hashes and stages),
        /// scores bunched or spread, beams narrower and wider than the
        /// boards' number.
        #[test]
        fn shared_keeps_what_one_thread_keeps(
            children in prop::collection::vec((0u32..400, 0u32..3, 0u32..40), 1..12_000),
            spread in prop::sample::select(vec![1i64, 1000, 1 << 40]),
            width in 1usize..5000,
            threads in 2usize..4,
        ) {
            let candidates: Vec<BeamCandidate<u32>> = children
                .iter()
                .map(|&(board, stage, cost)| {
                    let mut state = BeamState::root(0, key(board, 7), 0);
                    state.stage = stage;
                    state.tally.cost = cost;
                    state.tally.level = i64::from(board % 5) * spread;
                    BeamCandidate { parent: 0, moved: 0, state }
                })
                .collect();
            let mut pruning = Pruning::default();
            let alone = pruning.keep(&candidates, width).to_vec();
            prop_assert!(alone.windows(2).all(|w| w[0] < w[1]));
            // The candidates in `threads` parts, each part's keys by share.
            let part = candidates.len().div_ceil(threads);
            let mut keys = vec![vec![Vec::new(); threads]; threads];
            for (i, candidate) in candidates.iter().enumerate() {
                let key = CandidateKey::of(candidate, i as u32);
                keys[i / part][key.share(threads)].push(key);
            }
            let span = candidates.iter().fold((i64::MAX, i64::MIN), |(low, high), c| {
                (low.min(c.state.score()), high.max(c.state.score()))
            });
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
            let of = |part: usize, share: usize| keys[part][share].as_slice();
            let shared = pool.install(|| pruning.keep_shared((candidates.len(), of), span, width, threads).to_vec());
            prop_assert_eq!(shared, alone);
        }
    }
}
