//! Criterion benches for the search solvers on fixed boards, each beside its
//! `pathfinding`-crate counterpart.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use fifteen_core::search::optimal::{self, Heuristic, PatternDatabase, PatternSpec};
use fifteen_core::search::{bfs, iddfs};
use fifteen_core::tables::{Partition, TableCache, Tables};
use fifteen_core::{Board, Scramble};

fn board(rows: usize, cols: usize, how: Scramble, seed: u64) -> Board {
    Board::scrambled(rows, cols, how, seed).unwrap()
}

fn bench_bfs(c: &mut Criterion) {
    let mut g = c.benchmark_group("bfs");
    g.sample_size(20);
    g.bench_function("3x3 whole graph from the goal", |b| b.iter(|| bfs::distances_from_goal(3, 3).unwrap()));
    // One of the two 31-move 8-puzzles: the search visits the whole component.
    let hardest: Board = "8 6 7\n2 5 4\n3 _ 1".parse().unwrap();
    g.bench_function("3x3 hardest, packed", |b| b.iter(|| bfs::solve(black_box(&hardest)).unwrap()));
    g.bench_function("3x3 hardest, pathfinding", |b| {
        b.iter(|| bfs::solve_with_pathfinding(black_box(&hardest)).unwrap())
    });
    let typical = board(3, 3, Scramble::Uniform, 1);
    g.bench_function("3x3 uniform seed 1, packed", |b| b.iter(|| bfs::solve(black_box(&typical)).unwrap()));
    g.bench_function("3x3 uniform seed 1, pathfinding", |b| {
        b.iter(|| bfs::solve_with_pathfinding(black_box(&typical)).unwrap())
    });
    g.finish();
}

fn bench_iddfs(c: &mut Criterion) {
    let mut g = c.benchmark_group("iddfs");
    g.sample_size(20);
    let seed_board: Board = "7 1 3 4\n2 5 10 8\n_ 6 9 11\n13 14 15 12".parse().unwrap();
    g.bench_function("4x4 board 18 moves away", |b| {
        b.iter(|| iddfs::solve(black_box(&seed_board), iddfs::Limits::default(), |_| {}).unwrap())
    });
    let eight = board(3, 3, Scramble::Uniform, 1);
    g.bench_function("3x3 uniform seed 1", |b| {
        b.iter(|| iddfs::solve(black_box(&eight), iddfs::Limits::default(), |_| {}).unwrap())
    });
    g.finish();
}

fn bench_optimal(c: &mut Criterion) {
    let mut g = c.benchmark_group("optimal");
    g.sample_size(10);
    let eight = board(3, 3, Scramble::Uniform, 1);
    g.bench_function("3x3 md+lc, in place", |b| b.iter(|| optimal::solve(black_box(&eight)).unwrap()));
    g.bench_function("3x3 md+lc, pathfinding idastar", |b| {
        b.iter(|| optimal::solve_with_pathfinding(black_box(&eight), Heuristic::ManhattanConflicts).unwrap())
    });
    let walk = board(4, 4, Scramble::Walk(40), 3);
    g.bench_function("4x4 walk 40 md+lc, in place", |b| b.iter(|| optimal::solve(black_box(&walk)).unwrap()));
    g.bench_function("4x4 walk 40 md+lc, pathfinding idastar", |b| {
        b.iter(|| optimal::solve_with_pathfinding(black_box(&walk), Heuristic::ManhattanConflicts).unwrap())
    });
    let pdb = PatternDatabase::build(PatternSpec::fifteen_663(), 2, |_| {});
    let fifteen = board(4, 4, Scramble::Uniform, 1);
    g.bench_function("4x4 uniform seed 1 pdb, in place", |b| {
        b.iter(|| optimal::solve_with(black_box(&fifteen), Heuristic::Patterns(&pdb), |_| {}).unwrap())
    });
    g.bench_function("4x4 uniform seed 1 pdb, pathfinding idastar", |b| {
        b.iter(|| optimal::solve_with_pathfinding(black_box(&fifteen), Heuristic::Patterns(&pdb)).unwrap())
    });
    // The same tables read in place from a mapped cache file: opening it
    // (the checks every process makes), checking every block, and solving.
    let dir = tempfile::tempdir().unwrap();
    let cache = || TableCache::new(Some(dir.path().to_path_buf()), 2);
    let mapped = cache().optimal(4, 4).unwrap();
    g.bench_function("6-6-3 cache file: open, mapped", |b| b.iter(|| cache().optimal(black_box(4), 4).unwrap()));
    g.bench_function("6-6-3 cache file: check every block", |b| {
        b.iter(|| cache().build(black_box(Partition::SixSixThree)).unwrap())
    });
    g.bench_function("4x4 uniform seed 1 pdb mapped, in place", |b| {
        b.iter(|| optimal::solve_with(black_box(&fifteen), Heuristic::Patterns(&mapped), |_| {}).unwrap())
    });
    g.finish();
}

criterion_group!(benches, bench_bfs, bench_iddfs, bench_optimal);
criterion_main!(benches);
