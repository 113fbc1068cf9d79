//! `--finish exact`: small boards a line at a time by exact search, then the
//! rest optimally. Every solution is replayed with the same checks as the
//! strategy's (`crate::common::checked_solve`).

use crate::common::{checked_human_solve, checked_solve};
use fifteen_core::human::{Event, Finish, HumanError, Order, Phase, Planner};
use fifteen_core::search::{bfs, optimal};
use fifteen_core::{Board, HumanOptions, Scramble};

const SHAPES: [(usize, usize); 14] =
    [(2, 2), (2, 3), (3, 2), (3, 3), (2, 5), (3, 4), (4, 3), (4, 4), (3, 5), (5, 3), (2, 7), (7, 2), (2, 8), (8, 2)];

fn phases(board: &Board) -> Vec<Phase> {
    let mut phases = Vec::new();
    let mut planner =
        Planner::new(board, &HumanOptions { order: Order::Shells, finish: Finish::Exact, ..HumanOptions::default() })
            .unwrap();
    planner
        .run(&mut |e: &Event| {
            if let Event::PhaseStarted(p) = e {
                phases.push(*p)
            }
        })
        .unwrap();
    phases
}

#[test]
fn every_small_shape_solves_in_exact_stages() {
    for (rows, cols) in SHAPES {
        for seed in 0..8 {
            let board = Board::scrambled(rows, cols, Scramble::Uniform, seed).unwrap();
            let moves = checked_solve(&board, Order::Shells, Finish::Exact);
            assert!(moves.len() >= board.manhattan(), "{rows}×{cols} seed {seed}");
        }
        for walk in [0, 1, 2, 5] {
            let board = Board::scrambled(rows, cols, Scramble::Walk(walk), 3).unwrap();
            checked_solve(&board, Order::Shells, Finish::Exact);
        }
    }
}

#[test]
fn stages_are_lines_then_the_rest() {
    let board = |rows, cols| Board::scrambled(rows, cols, Scramble::Uniform, 5).unwrap();
    assert_eq!(phases(&board(4, 4)), [Phase::Row(0), Phase::Rest]);
    assert_eq!(phases(&board(3, 5)), [Phase::Column(0), Phase::Rest]);
    assert_eq!(phases(&board(5, 3)), [Phase::Row(0), Phase::Rest]);
    assert_eq!(phases(&board(2, 8)), [Phase::Column(0), Phase::Column(1), Phase::Column(2), Phase::Rest]);
    assert_eq!(phases(&board(3, 3)), [Phase::Rest]);
}

#[test]
#[ignore = "seconds: every board of up to twelve cells against its optimum; CI runs it"]
fn boards_of_up_to_twelve_cells_are_solved_optimally() {
    for (rows, cols) in [(2, 2), (2, 3), (3, 3), (2, 5), (5, 2)] {
        for seed in 0..6 {
            let board = Board::scrambled(rows, cols, Scramble::Uniform, seed).unwrap();
            let exact = checked_solve(&board, Order::Shells, Finish::Exact).len();
            assert_eq!(exact, bfs::solve(&board).unwrap().moves.len(), "{rows}×{cols} seed {seed}");
        }
    }
    for seed in 0..4 {
        let board = Board::scrambled(3, 4, Scramble::Uniform, seed).unwrap();
        let exact = checked_solve(&board, Order::Shells, Finish::Exact).len();
        assert_eq!(exact, optimal::solve(&board).unwrap().moves.len(), "3×4 seed {seed}");
    }
}

#[test]
#[ignore = "ten seconds: an average over 40 boards; CI runs it"]
fn a_4x4_takes_at_most_65_moves_on_average_far_fewer_than_pairs() {
    let (mut exact, mut pairs) = (0, 0);
    let boards = 40;
    for seed in 0..boards {
        let board = Board::scrambled(4, 4, Scramble::Uniform, seed).unwrap();
        exact += checked_solve(&board, Order::Shells, Finish::Exact).len();
        pairs += checked_human_solve(&board, Order::Shells).len();
    }
    let (exact, pairs) = (exact as f64 / boards as f64, pairs as f64 / boards as f64);
    assert!(exact <= 65.0, "exact stages average {exact} moves on a 4×4");
    assert!(exact + 10.0 < pairs, "exact {exact} against pairs {pairs}");
}

#[test]
fn boards_over_sixteen_cells_are_refused() {
    let board = Board::scrambled(5, 4, Scramble::Uniform, 1).unwrap();
    let err =
        Planner::new(&board, &HumanOptions { order: Order::Shells, finish: Finish::Exact, ..HumanOptions::default() })
            .err()
            .unwrap();
    assert!(matches!(err, HumanError::TooBigForExact { rows: 5, cols: 4, max: 16 }));
    assert!(err.to_string().contains("5×4"), "{err}");
}
