//! The human planner on fixed random boards: `cargo bench --bench planner`.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use fifteen_core::human::{Order, Planner};
use fifteen_core::{Board, HumanOptions, Scramble};

fn solve(board: &Board, order: Order) -> u64 {
    let mut planner = Planner::new(board, &HumanOptions { order, ..HumanOptions::default() }).expect("solvable");
    planner.run(&mut |_| {}).expect("solved");
    planner.moves()
}

fn planner(c: &mut Criterion) {
    let mut group = c.benchmark_group("human planner");
    group.sample_size(20);
    for n in [30, 100] {
        let board = Board::scrambled(n, n, Scramble::Uniform, 1).expect("a board");
        for order in [Order::Shells, Order::Rows] {
            group.throughput(Throughput::Elements(solve(&board, order)));
            group.bench_with_input(BenchmarkId::new(order.name(), format!("{n}x{n}")), &board, |b, board| {
                b.iter(|| solve(board, order))
            });
        }
    }
    group.finish();
}

fn parse(c: &mut Criterion) {
    let text = Board::scrambled(300, 300, Scramble::Uniform, 1).expect("a board").to_string();
    c.bench_function("parse 300x300", |b| b.iter(|| text.parse::<Board>().expect("parses")));
}

criterion_group!(benches, planner, parse);
criterion_main!(benches);
