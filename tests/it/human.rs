//! Properties of the human solver over many sizes and seeds: every plan
//! replays to the goal, every move is legal, and no tile moves once locked
//! (checked from the planner's events by `crate::common::checked_human_solve`).

use crate::common::{checked_human_solve, checked_run_stats};
use fifteen_core::human::{self, Effort, Order, Planner};
use fifteen_core::{Board, HumanOptions, Scramble};
use proptest::prelude::*;

const ORDERS: [Order; 2] = [Order::Rows, Order::Shells];

#[test]
#[ignore = "seconds: every size to 8×8 in both orders; CI runs it"]
fn every_size_from_2x2_to_8x8_solves_in_both_orders() {
    for rows in 2..=8 {
        for cols in 2..=8 {
            for seed in 0..8 {
                let board = Board::scrambled(rows, cols, Scramble::Uniform, seed).unwrap();
                for order in ORDERS {
                    checked_human_solve(&board, order);
                }
            }
        }
    }
}

#[test]
#[ignore = "seconds: larger and thin boards; CI runs it"]
fn larger_and_thin_boards_solve() {
    for (rows, cols, seeds) in
        [(12, 12, 6), (3, 20, 10), (20, 3, 10), (2, 30, 10), (30, 2, 10), (50, 50, 2), (100, 100, 1)]
    {
        for seed in 0..seeds {
            let board = Board::scrambled(rows, cols, Scramble::Uniform, seed).unwrap();
            for order in ORDERS {
                checked_human_solve(&board, order);
            }
        }
    }
}

#[test]
fn shells_take_the_short_lines_of_a_long_board_first() {
    // A person cuts a long board down to a square with its short lines; the
    // rows order does that only on tall boards. Measured (20 boards each):
    // 10×30 shells 11.5k moves, rows 14.9k; 30×10 11.6k and 11.7k.
    let total = |rows, cols, order| -> usize {
        (1..=4)
            .map(|seed| {
                checked_human_solve(&Board::scrambled(rows, cols, Scramble::Uniform, seed).unwrap(), order).len()
            })
            .sum()
    };
    let (wide_shells, wide_rows) = (total(8, 24, Order::Shells), total(8, 24, Order::Rows));
    assert!(wide_shells * 10 < wide_rows * 9, "8×24: shells {wide_shells} against rows {wide_rows}");
    let (tall_shells, tall_rows) = (total(24, 8, Order::Shells), total(24, 8, Order::Rows));
    assert!(tall_shells * 100 < tall_rows * 102, "24×8: shells {tall_shells} against rows {tall_rows}");
    // The two are mirror images, so a person takes about as many moves on each.
    assert!(wide_shells.abs_diff(tall_shells) * 10 < tall_shells, "8×24 {wide_shells}, 24×8 {tall_shells}");
}

#[test]
fn boards_near_the_goal_solve_too() {
    // Short walks leave pairs and the last block in the awkward nearly-solved
    // arrangements that the pair endgame must handle.
    for (rows, cols) in [(3, 3), (4, 4), (3, 5), (5, 3), (2, 6), (6, 2)] {
        for walk in [0, 1, 2, 3, 5, 8, 13] {
            for seed in 0..20 {
                let board = Board::scrambled(rows, cols, Scramble::Walk(walk), seed).unwrap();
                for order in ORDERS {
                    checked_human_solve(&board, order);
                }
            }
        }
    }
}

#[test]
fn a_solved_board_needs_no_moves() {
    let plan = human::solve(&Board::goal(5, 7).unwrap(), &HumanOptions::default()).unwrap();
    assert!(plan.is_empty());
    // Every tile is still placed, and locked, once.
    let placed: usize = plan.spans().iter().map(|span| span.group.tiles().len()).sum();
    assert_eq!(placed, 5 * 7 - 1);
    assert!(plan.spans().iter().all(|span| span.moves.is_empty()));
}

#[test]
fn unsolvable_boards_are_refused_before_any_work() {
    let mut board: Board = "2 1 3\n4 5 6\n7 8 _".parse().unwrap();
    let err = human::solve(&board, &HumanOptions::default()).unwrap_err();
    assert!(err.to_string().starts_with("unsolvable board: the tiles are an odd permutation"));
    board = "1 2 3\n4 5 6\n7 8 _".parse().unwrap();
    assert!(human::solve(&board, &HumanOptions::default()).is_ok());
}

#[test]
fn the_callers_board_is_not_changed() {
    let board = Board::scrambled(6, 6, Scramble::Uniform, 5).unwrap();
    let copy = board.clone();
    let plan = human::solve(&board, &HumanOptions::default()).unwrap();
    assert_eq!(board, copy);
    assert!(!plan.is_empty());
}

#[test]
fn plan_spans_cover_every_move_in_order() {
    let board = Board::scrambled(7, 5, Scramble::Uniform, 11).unwrap();
    for order in ORDERS {
        let plan = human::solve(&board, &HumanOptions { order, ..HumanOptions::default() }).unwrap();
        let mut next = 0;
        for span in plan.spans() {
            assert_eq!(span.moves.start, next);
            next = span.moves.end;
        }
        assert_eq!(next, plan.len());
        assert_eq!(plan.tagged().count(), plan.len());
        let total: usize = plan.phase_totals().iter().map(|t| t.moves).sum();
        assert_eq!(total, plan.len());
        for i in [0, plan.len() / 2, plan.len() - 1] {
            assert!(plan.span_of(i).unwrap().moves.contains(&i));
        }
    }
}

proptest! {
    #![proptest_config(crate::common::fixed_cases(120))]

    #[test]
    fn random_shapes_and_seeds_replay_to_the_goal(rows in 2usize..=16, cols in 2usize..=16, seed in any::<u64>(), shells in any::<bool>()) {
        let board = Board::scrambled(rows, cols, Scramble::Uniform, seed).unwrap();
        let order = if shells { Order::Shells } else { Order::Rows };
        let moves = checked_human_solve(&board, order);
        prop_assert!(moves.len() >= board.manhattan());
    }
}

/// An 8×8 board with the given tiles at home, `placed` tiles and the blank
/// at the given cells, everything else in reading order, made solvable by
/// swapping two tiles far from the corner being tested.
fn arranged(placed: &[(u32, (usize, usize))], blank: (usize, usize)) -> Board {
    const N: usize = 8;
    let mut cells: Vec<u32> = vec![u32::MAX; N * N];
    for &(tile, (r, c)) in placed {
        cells[r * N + c] = tile;
    }
    cells[blank.0 * N + blank.1] = 0;
    let used: Vec<u32> = cells.iter().copied().filter(|&t| t != u32::MAX).collect();
    let mut rest = (1..(N * N) as u32).filter(|t| !used.contains(t));
    for cell in cells.iter_mut().filter(|c| **c == u32::MAX) {
        *cell = rest.next().unwrap();
    }
    let mut board = Board::from_cells(N, N, cells.clone()).unwrap();
    if !board.is_solvable() {
        // Swap the tiles in cells (4, 4) and (4, 5): away from both corners tested.
        cells.swap(4 * N + 4, 4 * N + 5);
        board = Board::from_cells(N, N, cells).unwrap();
    }
    assert!(board.is_solvable());
    board
}

/// Solves, in both orders, every arrangement of a pair's tiles and the blank
/// on `cells`, with `home` tiles already home; returns how many boards.
fn every_arrangement(pair: [u32; 2], cells: &[(usize, usize)], home: &[(u32, (usize, usize))]) -> usize {
    let mut boards = 0;
    for &a in cells {
        for &b in cells {
            for &blank in cells {
                if a == b || a == blank || b == blank {
                    continue;
                }
                let mut placed = home.to_vec();
                placed.extend([(pair[0], a), (pair[1], b)]);
                let board = arranged(&placed, blank);
                for order in ORDERS {
                    checked_human_solve(&board, order);
                }
                boards += 1;
            }
        }
    }
    boards
}

#[test]
fn every_arrangement_of_a_right_pair_and_the_blank_near_home_solves() {
    // Row 0 is home up to its last single (tile 6 at (0, 5)); its pair is
    // tiles 7 and 8 (homes (0, 6), (0, 7)). Put them and the blank every way
    // in the rest of the 2×3 corner, stuck cases included (7 and 8 swapped,
    // 8 in 7's home, …). An 8×8 is too big for the exact endgame, so this
    // runs the pair procedure and its window search.
    let cells = [(0, 6), (0, 7), (1, 5), (1, 6), (1, 7)];
    let home: Vec<(u32, (usize, usize))> = (0..6).map(|c| (c as u32 + 1, (0, c))).collect();
    assert_eq!(every_arrangement([7, 8], &cells, &home), 60);
}

#[test]
fn every_arrangement_of_a_bottom_pair_and_the_blank_near_home_solves() {
    // Shells: row 0 and column 0's singles are home (down to tile 41 at
    // (5, 0)); column 0's pair is tiles 49 and 57 (homes (6, 0), (7, 0)).
    let cells = [(6, 0), (7, 0), (5, 1), (6, 1), (7, 1)];
    let home: Vec<(u32, (usize, usize))> =
        (0..8).map(|c| (c as u32 + 1, (0, c))).chain((1..6).map(|r| (r as u32 * 8 + 1, (r, 0)))).collect();
    assert_eq!(every_arrangement([49, 57], &cells, &home), 60);
}

/// The most search work (states the beams expand, entries of the tables
/// they build, states the exact searches take: `PlannerStats::work`) a
/// move may cost on any shape at any effort, and what a solve may spend
/// besides (a small board's beam works for few moves). The work is counted,
/// not timed, so the bound holds on any machine: with it, the time is
/// linear in the moves.
const WORK_PER_MOVE: u64 = 100_000;
const WORK_TO_START: u64 = 5_000_000;

/// Solves a `rows` × `cols` board at `effort` (`None`: what `auto`
/// picks), checking every event as the other tests do, and its work
/// against [`WORK_PER_MOVE`].
fn solve_in_bounded_work(rows: usize, cols: usize, seed: u64, effort: Option<Effort>) {
    let board = Board::scrambled(rows, cols, Scramble::Uniform, seed).unwrap();
    let effort = effort.unwrap_or_else(|| Effort::for_size(rows, cols));
    let planner = Planner::new(&board, &HumanOptions { effort, threads: 1, ..HumanOptions::default() }).unwrap();
    let (moves, stats) = checked_run_stats(&board, planner);
    let bound = WORK_PER_MOVE * moves.len() as u64 + WORK_TO_START;
    assert!(
        stats.work <= bound,
        "{rows}×{cols} seed {seed} at {}: {} work for {} moves",
        effort.name(),
        stats.work,
        moves.len()
    );
}

#[test]
fn strips_solve_at_the_default_effort_in_work_linear_in_their_moves() {
    // Short strips both ways; the ones whose lines are searched in windows
    // (from 17 cells) are the next test's.
    for n in [3, 5, 8] {
        for (rows, cols) in [(2, n), (n, 2), (3, n), (n, 3)] {
            solve_in_bounded_work(rows, cols, n as u64, None);
        }
    }
}

#[test]
#[ignore = "twenty seconds: strips 16 and 17 long at `best`; CI runs it"]
fn strips_searched_in_windows_solve_at_the_default_effort_in_work_linear_in_their_moves() {
    // Up to 17 long the default effort is `best`, and from 17 cells on a
    // strip's lines are searched in windows.
    for (rows, cols) in [(2, 17), (17, 2), (3, 17), (17, 3)] {
        solve_in_bounded_work(rows, cols, 17, None);
    }
    // A 2×16 is too short for windows; its line of fifteen pairs once took
    // a square board's beam two tries and 140 million states.
    solve_in_bounded_work(2, 16, 84, None);
}

#[test]
#[ignore = "a minute: thin strips (2×1000, 3×300 and both ways round) at two efforts; CI runs it"]
fn long_strips_solve_at_the_default_effort_and_at_best_in_work_linear_in_their_moves() {
    let strips =
        [(2, 13), (3, 13), (2, 24), (3, 24), (2, 40), (2, 100), (3, 40), (3, 100), (2, 300), (2, 1000), (3, 300)];
    solve_both_ways_round_at_two_efforts(&strips);
}

#[test]
#[ignore = "a minute: wider strips (4×100, 5×60, 7×30 and both ways round) at two efforts; CI runs it"]
fn wider_strips_solve_at_the_default_effort_and_at_best_in_work_linear_in_their_moves() {
    // A test of their own so that CI's two test threads share the strips.
    solve_both_ways_round_at_two_efforts(&[(4, 100), (5, 60), (7, 30)]);
}

fn solve_both_ways_round_at_two_efforts(shapes: &[(usize, usize)]) {
    for &(rows, cols) in shapes {
        for (rows, cols) in [(rows, cols), (cols, rows)] {
            for effort in [None, Some(Effort::Best)] {
                solve_in_bounded_work(rows, cols, 1, effort);
            }
        }
    }
}

#[test]
#[ignore = "a minute or two: four random shapes up to 100 cells on a side, `best` on the smaller; CI runs it"]
fn random_shapes_up_to_100_a_side_solve_in_work_linear_in_their_moves() {
    solve_random_shapes(0..4);
}

#[test]
#[ignore = "a minute or two: four more random shapes up to 100 cells on a side, `best` on the smaller; CI runs it"]
fn more_random_shapes_up_to_100_a_side_solve_in_work_linear_in_their_moves() {
    // The second half of the same eight shapes, a test of its own so that
    // CI's two test threads share them.
    solve_random_shapes(4..8);
}

/// The shapes of seeds `seeds` of one fixed draw of eight.
fn solve_random_shapes(seeds: std::ops::Range<u64>) {
    use rand::SeedableRng;
    let mut rng = rand_pcg::Pcg64::seed_from_u64(39);
    for seed in 0..8 {
        let (rows, cols) = (rng.random_range(2..=100), rng.random_range(2..=100));
        if !seeds.contains(&seed) {
            continue;
        }
        solve_in_bounded_work(rows, cols, seed, None);
        // `best` on the smaller shapes: its beams are what cost minutes on
        // the biggest, and strips and squares take it in the tests above.
        if rows * cols <= BEST_ON_RANDOM_SHAPES_UP_TO {
            solve_in_bounded_work(rows, cols, seed, Some(Effort::Best));
        }
    }
}

/// Cells up to which a random shape is solved at `best` as well.
const BEST_ON_RANDOM_SHAPES_UP_TO: usize = 3000;

proptest! {
    // Four cases here; the random shapes up to 100 a side are the ignored
    // test's, which CI runs.
    #![proptest_config(crate::common::fixed_cases(4))]

    #[test]
    fn random_small_shapes_solve_in_work_linear_in_their_moves(
        rows in 2usize..=4, cols in 2usize..=8, tall in any::<bool>(), seed in 0u64..1000,
    ) {
        let (rows, cols) = if tall { (cols, rows) } else { (rows, cols) };
        solve_in_bounded_work(rows, cols, seed, None);
    }
}
