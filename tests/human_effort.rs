//! The look-ahead efforts over many shapes: every solution replays to the
//! goal with no locked tile moving (checked from the planner's events by
//! `common::checked_solve_with`), and the phases come in the same order as
//! the one-tile-at-a-time planner's.

mod common;

use common::{checked_solve_rolling, checked_solve_with};
use fifteen::human::{Effort, Event, Finish, Order, Phase, Planner};
use fifteen::{Board, Scramble};

const LOOKING_AHEAD: [Effort; 2] = [Effort::Normal, Effort::Best];

fn phases(board: &Board, order: Order, effort: Effort) -> Vec<Phase> {
    let mut phases = Vec::new();
    let mut planner = Planner::new(board, order).unwrap().with_effort(effort);
    planner
        .run(&mut |event: &Event| {
            if let Event::PhaseStarted(p) = event {
                phases.push(*p)
            }
        })
        .unwrap();
    phases
}

#[test]
fn every_small_shape_solves_with_look_ahead() {
    for rows in 2..=6 {
        for cols in 2..=6 {
            for seed in 0..3 {
                let board = Board::scrambled(rows, cols, Scramble::Uniform, seed).unwrap();
                for effort in LOOKING_AHEAD {
                    for order in [Order::Shells, Order::Rows] {
                        checked_solve_with(&board, order, Finish::Pairs, effort);
                    }
                }
            }
        }
    }
}

#[test]
fn larger_and_long_boards_solve_with_look_ahead() {
    for (rows, cols, effort) in [
        (10, 10, Effort::Normal),
        (12, 12, Effort::Normal),
        (8, 8, Effort::Best),
        (3, 14, Effort::Normal),
        (14, 3, Effort::Normal),
        (2, 12, Effort::Best),
        (12, 2, Effort::Best),
        (5, 11, Effort::Normal),
    ] {
        let board = Board::scrambled(rows, cols, Scramble::Uniform, 7).unwrap();
        checked_solve_with(&board, Order::Shells, Finish::Pairs, effort);
    }
}

#[test]
fn phases_come_in_the_same_order_at_every_effort() {
    for (rows, cols) in [(4, 4), (5, 5), (7, 7), (4, 7), (7, 4)] {
        let board = Board::scrambled(rows, cols, Scramble::Uniform, 3).unwrap();
        for order in [Order::Shells, Order::Rows] {
            let fast = phases(&board, order, Effort::Fast);
            for effort in LOOKING_AHEAD {
                assert_eq!(phases(&board, order, effort), fast, "{rows}×{cols} {order:?} {effort:?}");
            }
        }
    }
}

#[test]
fn looking_ahead_saves_moves() {
    let total = |size: usize, effort: Effort| -> usize {
        (0..4)
            .map(|seed| {
                let board = Board::scrambled(size, size, Scramble::Uniform, seed).unwrap();
                checked_solve_with(&board, Order::Shells, Finish::Pairs, effort).len()
            })
            .sum()
    };
    for size in [5, 7] {
        let (fast, normal) = (total(size, Effort::Fast), total(size, Effort::Normal));
        assert!(normal * 10 < fast * 9, "{size}×{size}: normal {normal} against fast {fast}");
    }
}

/// The rolling look-ahead (what `normal` and `best` use above
/// `MAX_LOOKAHEAD_CELLS` cells) at a small width, on a square board and a
/// long one in both orders: every move replays, no locked tile moves, and
/// the board ends solved.
#[test]
fn rolling_look_ahead_solves_square_and_long_boards() {
    for (rows, cols, order) in
        [(60, 60, Order::Shells), (8, 70, Order::Shells), (70, 8, Order::Rows), (9, 9, Order::Rows)]
    {
        for seed in [1, 2] {
            let board = Board::scrambled(rows, cols, Scramble::Uniform, seed).unwrap();
            checked_solve_rolling(&board, order, 3);
        }
    }
}

/// `normal` on a board above `MAX_LOOKAHEAD_CELLS` cells is the rolling
/// beam, and it pays: fewer moves than one tile at a time (about 10 % on
/// 51×51; 1.59 against 1.80·n³ on 50×50).
#[test]
fn normal_on_a_big_board_makes_fewer_moves_than_fast() {
    let board = Board::scrambled(51, 51, Scramble::Uniform, 1).unwrap();
    let fast = checked_solve_with(&board, Order::Shells, Finish::Pairs, Effort::Fast).len();
    let normal = checked_solve_with(&board, Order::Shells, Finish::Pairs, Effort::Normal).len();
    assert!(normal * 20 < fast * 19, "51×51: normal {normal} against fast {fast}");
}
