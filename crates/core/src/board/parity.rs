//! Which boards can be solved, from permutation parity.
//!
//! Count the blank as tile N. Every slide swaps the blank with a neighbour, so
//! it flips the parity of the permutation (cells → tiles) and moves the blank
//! one step, flipping the parity of the blank's distance from its home corner.
//! The two parities therefore agree on every board reachable from the goal,
//! where both are even. The converse holds for every rows × cols with both
//! at least 2 (the tests check it against a full breadth-first enumeration),
//! so the test is exact for squares and rectangles, odd and even widths alike.
//! Parity comes from the cycle count, so the check is O(N), not O(N²).

use super::{BLANK, Board};

/// Why a board cannot be solved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "the tiles are an {} permutation of the goal but the blank is {blank_distance} moves from its home corner, an {} number; every slide flips both, so only boards where they agree can be solved (swapping two tiles fixes it)",
    parity_word(*odd_permutation),
    parity_word(blank_distance % 2 == 1)
)]
pub struct Unsolvable {
    /// Whether the arrangement is an odd permutation of the goal.
    pub odd_permutation: bool,
    /// Steps from the blank to the bottom-right corner.
    pub blank_distance: usize,
}

fn parity_word(odd: bool) -> &'static str {
    if odd { "odd" } else { "even" }
}

impl Board {
    /// `Ok` when the goal can be reached from this board, otherwise the reason.
    ///
    /// ```
    /// use fifteen_core::Board;
    /// let solvable: Board = "1 2 3\n4 5 6\n7 _ 8".parse().unwrap();
    /// assert!(solvable.check_solvable().is_ok());
    /// let swapped: Board = "2 1 3\n4 5 6\n7 8 _".parse().unwrap();
    /// assert!(swapped.check_solvable().unwrap_err().odd_permutation);
    /// ```
    pub fn check_solvable(&self) -> Result<(), Unsolvable> {
        let odd_permutation = self.permutation_is_odd();
        let blank_distance = self.blank().manhattan(self.home_of(BLANK));
        if odd_permutation == (blank_distance % 2 == 1) {
            Ok(())
        } else {
            Err(Unsolvable { odd_permutation, blank_distance })
        }
    }

    /// Whether the goal can be reached from this board.
    pub fn is_solvable(&self) -> bool {
        self.check_solvable().is_ok()
    }

    /// Parity of the permutation taking the goal to this board, blank counted
    /// as the last tile: (cells − cycles) mod 2.
    fn permutation_is_odd(&self) -> bool {
        let cells = self.cells();
        let n = cells.len();
        let goal_index = |tile: u32| if tile == BLANK { n - 1 } else { tile as usize - 1 };
        let mut visited = vec![false; n];
        let mut cycles = 0usize;
        for start in 0..n {
            if visited[start] {
                continue;
            }
            cycles += 1;
            let mut i = start;
            while !visited[i] {
                visited[i] = true;
                i = goal_index(cells[i]);
            }
        }
        (n - cycles) % 2 == 1
    }

    /// The same board with two tiles (not the blank) swapped: solvable exactly
    /// when this one is not.
    pub(crate) fn swap_two_tiles(&mut self) {
        // A board has at least four cells, so two of the first three are tiles.
        let mut tiles = (0..3).filter(|&i| self.cells[i] != BLANK);
        let (a, b) = (tiles.next().unwrap_or(0), tiles.next().unwrap_or(1));
        self.cells.swap(a, b);
        self.at[self.cells[a] as usize] = a as u32;
        self.at[self.cells[b] as usize] = b as u32;
    }
}

#[cfg(test)]
mod tests {
    use super::super::Move;
    use super::*;
    use std::collections::{HashSet, VecDeque};

    /// Every arrangement reachable from the goal, by breadth-first search.
    fn reachable(rows: usize, cols: usize) -> HashSet<Vec<u32>> {
        let goal = Board::goal(rows, cols).unwrap();
        let mut seen = HashSet::from([goal.cells().to_vec()]);
        let mut queue = VecDeque::from([goal]);
        while let Some(board) = queue.pop_front() {
            for mv in Move::ALL {
                let mut next = board.clone();
                if next.slide(mv).is_some() && seen.insert(next.cells().to_vec()) {
                    queue.push_back(next);
                }
            }
        }
        seen
    }

    /// Every arrangement of the cells, reachable or not (Heap's algorithm).
    fn all_arrangements(n: usize) -> Vec<Vec<u32>> {
        fn heap(k: usize, a: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
            if k == 1 {
                out.push(a.clone());
                return;
            }
            for i in 0..k {
                heap(k - 1, a, out);
                let j = if k.is_multiple_of(2) { i } else { 0 };
                if i + 1 < k {
                    a.swap(j, k - 1);
                }
            }
        }
        let mut out = Vec::new();
        heap(n, &mut (0..n as u32).collect(), &mut out);
        out
    }

    #[test]
    fn parity_matches_breadth_first_enumeration() {
        for (rows, cols) in [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4)] {
            let reachable = reachable(rows, cols);
            let all = all_arrangements(rows * cols);
            assert_eq!(all.len(), (1..=rows * cols).product::<usize>());
            assert_eq!(reachable.len() * 2, all.len(), "{rows}×{cols}: half the arrangements are reachable");
            for cells in all {
                let board = Board::from_cells(rows, cols, cells.clone()).unwrap();
                assert_eq!(board.is_solvable(), reachable.contains(&cells), "{rows}×{cols}\n{board}");
            }
        }
    }

    #[test]
    fn swapping_two_tiles_flips_solvability() {
        for cells in all_arrangements(6) {
            let mut board = Board::from_cells(2, 3, cells).unwrap();
            let before = board.is_solvable();
            board.swap_two_tiles();
            assert_ne!(board.is_solvable(), before, "{board}");
        }
    }

    #[test]
    fn the_reason_names_both_parities() {
        let b: Board = "2 1\n3 0".parse().unwrap();
        let err = b.check_solvable().unwrap_err();
        assert!(err.to_string().starts_with("the tiles are an odd permutation of the goal but the blank is 0 moves"));
    }
}
