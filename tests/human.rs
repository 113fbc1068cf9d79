//! Properties of the human solver over many sizes and seeds.

mod common;

use common::checked_human_solve;
use fifteen::human::{self, Order};
use fifteen::{Board, Scramble};
use proptest::prelude::*;

#[test]
fn every_small_size_solves_in_both_orders() {
    for rows in 2..=8 {
        for cols in 2..=8 {
            for seed in 0..40 {
                let board = Board::scrambled(rows, cols, Scramble::Uniform, seed).unwrap();
                for order in [Order::Rows, Order::Shells] {
                    checked_human_solve(&board, order);
                }
            }
        }
    }
}
