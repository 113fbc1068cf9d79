//! Move pruning: move sequences that never need to be searched, because
//! a shorter sequence, or an equally long one that comes first, leaves the
//! board the same and fits wherever they fit.
//!
//! IDA* stores no visited set, so every way of reaching a board is searched
//! again. Undoing the last move is the shortest such waste; the next are
//! the blank's trips around a 2×2 block (going one and a half times round
//! clockwise leaves the three tiles as going one and a half times round
//! the other way), then longer trips over several blocks. Following Taylor
//! and Korf (L. A. Taylor and R. E. Korf, "Pruning duplicate nodes in
//! depth-first search", AAAI 1993,
//! <http://aaai.org/Library/AAAI/1993/aaai93-113.php>), every move sequence
//! of up to 12 moves is played on an unbounded
//! board; a sequence is *redundant* when an earlier one in shortlex order
//! (shorter, or as long and first in `U D L R` order) ends in
//! the same board and keeps the blank inside the rectangle the redundant
//! one's blank covers, so it is legal wherever the redundant one is. The
//! shortest redundant sequences (none of whose parts is redundant) go into
//! an automaton (Aho and Corasick's) that the search steps with each move;
//! a move that completes a redundant sequence is not made.
//!
//! Why no shortest solution is lost: of all the paths to a board within a
//! bound, the first in shortlex order contains no redundant sequence (else
//! swapping that sequence for its earlier twin would give an earlier path),
//! and along a shortest solution every board is within the bound.
//!
//! The list is worked out once, by the generator in this module's tests
//! (708,588 sequences played, 2536 shortest redundant ones kept), and kept
//! in `pruning.txt`; the test checks that it is still what the generator
//! gives. The automaton (11,763 states) is built from it while compiling,
//! so a solve starts with it ready.

/// The shortest redundant sequences, one a line, as tile-move letters.
const REDUNDANT: &str = include_str!("pruning.txt");

/// A state of the automaton: which end of which redundant sequences the
/// moves so far could be in.
pub(crate) type PruneState = u16;

/// The automaton's transition to stop at: the move completes a redundant
/// sequence.
pub(crate) const PRUNED: PruneState = PruneState::MAX;

/// A trie node's missing child while the trie is built.
const NONE: PruneState = PRUNED;

/// Room for the trie: no more nodes than letters, plus the root and the
/// four reversals.
const CAPACITY: usize = REDUNDANT.len() + 9;

/// The trie of the redundant sequences and the four reversals (`UD`, `DU`,
/// `LR`, `RL`): `next[node][m]` is the node's child by move m.
struct Trie {
    next: [[PruneState; 4]; CAPACITY],
    stop: [bool; CAPACITY],
    len: usize,
}

impl Trie {
    /// The trie of `text`'s lines and the reversals.
    const fn of(text: &[u8]) -> Trie {
        let mut trie = Trie { next: [[NONE; 4]; CAPACITY], stop: [false; CAPACITY], len: 1 };
        let (mut node, mut i) = (0, 0);
        while i <= text.len() {
            if i == text.len() || text[i] == b'\n' {
                if node != 0 {
                    trie.stop[node] = true;
                }
                node = 0;
            } else {
                let m = match letter_index(text[i]) {
                    Some(m) => m as usize,
                    None => panic!("pruning.txt holds U D L R only"),
                };
                node = trie.child(node, m);
            }
            i += 1;
        }
        let mut m = 0;
        while m < 4 {
            let first = trie.child(0, m);
            let second = trie.child(first, m ^ 1);
            trie.stop[second] = true;
            m += 1;
        }
        trie
    }

    /// The child of `node` by move `m`, added if missing.
    const fn child(&mut self, node: usize, m: usize) -> usize {
        if self.next[node][m] == NONE {
            self.next[node][m] = self.len as PruneState;
            self.len += 1;
        }
        self.next[node][m] as usize
    }
}

const TRIE: Trie = Trie::of(REDUNDANT.as_bytes());

/// States of the automaton: the trie's nodes.
const STATES: usize = TRIE.len;
const _: () = assert!(STATES < PRUNED as usize, "the automaton fits its state type");

/// The automaton, worked out while compiling, so a solve starts with it.
pub(crate) static MOVE_PRUNING: MovePruning = MovePruning { next: automaton(&TRIE) };

/// Breadth first, the trie becomes the automaton: a missing child is the
/// transition of the node's longest proper suffix in the trie, a node stops
/// when that suffix stops, and a transition into a stopping node is
/// [`PRUNED`].
const fn automaton(trie: &Trie) -> [[PruneState; 4]; STATES] {
    let mut next = [[0; 4]; STATES];
    let mut stop = [false; STATES];
    let mut i = 0;
    while i < STATES {
        next[i] = trie.next[i];
        stop[i] = trie.stop[i];
        i += 1;
    }
    let mut suffix = [0 as PruneState; STATES];
    let mut queue = [0 as PruneState; STATES];
    let (mut head, mut tail) = (0, 0);
    let mut m = 0;
    while m < 4 {
        if next[0][m] == NONE {
            next[0][m] = 0;
        } else {
            queue[tail] = next[0][m];
            tail += 1;
        }
        m += 1;
    }
    while head < tail {
        let node = queue[head] as usize;
        head += 1;
        let fallback = suffix[node] as usize;
        if stop[fallback] {
            stop[node] = true;
        }
        let mut m = 0;
        while m < 4 {
            let fallback_to = next[fallback][m];
            let child = next[node][m];
            if child == NONE {
                next[node][m] = fallback_to;
            } else {
                suffix[child as usize] = fallback_to;
                queue[tail] = child;
                tail += 1;
            }
            m += 1;
        }
    }
    let mut i = 0;
    while i < STATES {
        let mut m = 0;
        while m < 4 {
            if stop[next[i][m] as usize] {
                next[i][m] = PRUNED;
            }
            m += 1;
        }
        i += 1;
    }
    next
}

/// Where the letter is in `U D L R` order ([`Move::ALL`](crate::board::Move::ALL)).
const fn letter_index(letter: u8) -> Option<u8> {
    match letter {
        b'U' => Some(0),
        b'D' => Some(1),
        b'L' => Some(2),
        b'R' => Some(3),
        _ => None,
    }
}

/// Moves to stop at, as a table of `state × move → next state` (or
/// [`PRUNED`]); the start state is 0.
pub(crate) struct MovePruning {
    next: [[PruneState; 4]; STATES],
}

impl MovePruning {
    /// The state after move `m` (`U D L R` order), or [`PRUNED`].
    #[inline]
    pub(crate) fn step(&self, state: PruneState, m: usize) -> PruneState {
        self.next[usize::from(state)][m]
    }

    /// States of the automaton.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.next.len()
    }
}

#[cfg(test)]
mod tests {
    use std::collections::{HashMap, HashSet};

    use super::*;
    use crate::board::Move;

    /// The longest redundant sequence looked for.
    const MAX_LEN: usize = 12;

    /// The shortest redundant move sequences of up to `max_len` moves (see the
    /// module's comment), in shortlex order, moves in `U D L R` order.
    fn redundant_sequences(max_len: usize) -> Vec<Vec<u8>> {
        let steps: Vec<(i32, i32)> = Move::ALL
            .iter()
            .map(|m| {
                let (dr, dc) = m.blank_step();
                (dr as i32, dc as i32)
            })
            .collect();
        let side = 2 * max_len as i32 + 1;
        let centre = max_len as i32;
        let cell = |r: i32, c: i32| (r * side + c) as usize;
        let plane: Vec<u16> = (0..(side * side) as u16).collect();
        // Board after a sequence (the cells that changed and what they hold,
        // the blank's cell) → the blank's rectangle of each earlier sequence
        // that ends in it.
        let mut first: HashMap<Vec<u16>, Vec<[i32; 4]>> = HashMap::new();
        // Sequences that are, or contain, a redundant one.
        let mut contains: HashSet<Vec<u8>> = HashSet::new();
        let mut shortest = Vec::new();
        let mut level: Vec<Vec<u8>> = vec![Vec::new()];
        let mut board = plane.clone();
        // The empty sequence: a sequence that comes back is redundant.
        first.insert(vec![cell(centre, centre) as u16], vec![[0; 4]]);
        for _ in 1..=max_len {
            let mut longer = Vec::with_capacity(level.len() * 3);
            for s in &level {
                for m in 0..4u8 {
                    if s.last().is_none_or(|&last| last != m ^ 1) {
                        let mut t = s.clone();
                        t.push(m);
                        longer.push(t);
                    }
                }
            }
            level = longer;
            for s in &level {
                board.copy_from_slice(&plane);
                let (mut r, mut c) = (centre, centre);
                let mut visited = vec![cell(r, c)];
                let mut rect = [0i32; 4];
                for &m in s {
                    let (dr, dc) = steps[usize::from(m)];
                    let (nr, nc) = (r + dr, c + dc);
                    board.swap(cell(r, c), cell(nr, nc));
                    (r, c) = (nr, nc);
                    visited.push(cell(r, c));
                    rect = [
                        rect[0].min(r - centre),
                        rect[1].max(r - centre),
                        rect[2].min(c - centre),
                        rect[3].max(c - centre),
                    ];
                }
                visited.sort_unstable();
                visited.dedup();
                let mut key = vec![cell(r, c) as u16];
                for &v in &visited {
                    if board[v] != v as u16 {
                        key.extend([v as u16, board[v]]);
                    }
                }
                let inside = |e: &[i32; 4]| rect[0] <= e[0] && e[1] <= rect[1] && rect[2] <= e[2] && e[3] <= rect[3];
                let part_contains = contains.contains(&s[..s.len() - 1]) || contains.contains(&s[1..]);
                let earlier = first.entry(key).or_default();
                if earlier.iter().any(inside) {
                    if !part_contains {
                        shortest.push(s.clone());
                    }
                    contains.insert(s.clone());
                } else if part_contains {
                    contains.insert(s.clone());
                }
                earlier.push(rect);
            }
        }
        shortest
    }

    /// Sequences as lines of tile-move letters.
    fn as_lines(sequences: &[Vec<u8>]) -> String {
        sequences
            .iter()
            .map(|s| s.iter().map(|&m| Move::ALL[usize::from(m)].letter()).collect::<String>() + "\n")
            .collect()
    }

    #[test]
    #[ignore = "ten seconds: generates every redundant sequence again; CI runs it"]
    fn the_kept_list_is_what_the_generator_gives() {
        let generated = as_lines(&redundant_sequences(MAX_LEN));
        assert!(
            generated == REDUNDANT,
            "crates/core/src/search/optimal/pruning.txt is out of date; write this into it:\n{generated}"
        );
    }

    #[test]
    fn the_six_move_trips_round_a_block_are_redundant_once_per_pair() {
        let six: Vec<Vec<u8>> = redundant_sequences(6);
        // Four 2×2 blocks around the blank's start, two directions each:
        // one of each pair of twins is kept.
        assert_eq!(six.len(), 4, "{}", as_lines(&six));
    }

    #[test]
    fn letters_are_in_the_order_of_the_moves() {
        for (i, m) in Move::ALL.iter().enumerate() {
            assert_eq!(letter_index(m.letter() as u8), Some(i as u8));
        }
    }

    #[test]
    fn the_automaton_stops_reversals_and_the_listed_sequences() {
        let pruning = &MOVE_PRUNING;
        for m in 0..4 {
            assert_eq!(pruning.step(pruning.step(0, m), m ^ 1), PRUNED);
        }
        for line in REDUNDANT.lines() {
            let moves: Vec<usize> = line.bytes().map(|b| usize::from(letter_index(b).unwrap())).collect();
            let mut state = 0;
            for (i, &m) in moves.iter().enumerate() {
                state = pruning.step(state, m);
                assert_eq!(state == PRUNED, i + 1 == moves.len(), "{line} stops at its end only");
            }
        }
        assert!(pruning.len() > 1);
    }
}
