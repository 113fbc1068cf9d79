//! The data and the fit behind `docs/fewest-moves.md`, *What a line
//! leaves*: what the lines still to build cost, from what a finished line
//! leaves behind.
//!
//! `collect` solves random boards the way `fifteen solve` does at the
//! effort given, replays the planner's events on a copy of the board and,
//! each time a row or column line the area beam built is finished, writes
//! one CSV row: the board size, the seed, the line's number, the moves
//! still to come (the target) and the features of the board as the line
//! left it. `fit` reads such files and fits the target by least squares, a
//! constant for each board size and line number (so only differences
//! between boards at the same point of the solve count) plus a weight for
//! each feature, and prints how much of the target's spread each set of
//! features explains on held-out boards (fitted on the odd seeds, scored
//! on the even ones, and the other way round) and the weights, fitted on
//! all boards and on each half.
//!
//! The recipe (one process at a time; the moves are deterministic, so the
//! data are too):
//!
//! ```text
//! cargo run --release --no-default-features --example leftover -- collect 20 1001 100 > leftover20.csv
//! cargo run --release --no-default-features --example leftover -- collect 30 1001 20 > leftover30.csv
//! cargo run --release --no-default-features --example leftover -- fit leftover20.csv
//! cargo run --release --no-default-features --example leftover -- fit leftover30.csv
//! ```
//!
//! The seeds (1001 on) are not those the benchmarks measure (1 on).

use std::io::{BufRead, Write};

#[path = "shared/least_squares.rs"]
mod least_squares;

use fifteen_core::board::{Board, Pos, Scramble};
use fifteen_core::human::{Effort, Event, HumanOptions, Order, Phase, Planner};
use least_squares::{Sample, explained, fit};

/// Later lines weighed one by one; the ones after are pooled.
const LINES: usize = 8;

/// The per-tile basis: for a tile `d` cells from its line (across) or
/// from its home along its line (along), `d` itself and whether it is at
/// least 1, 2 and 3 cells: a piecewise-linear cost of the distance, steeper
/// or flatter for the first cells than for the rest.
const BASIS: usize = 4;

fn basis(d: usize) -> [f64; BASIS] {
    [d as f64, f64::from(d >= 1), f64::from(d >= 2), f64::from(d >= 3)]
}

/// Names of the per-tile features, in the order of a CSV row.
fn tile_feature_names() -> Vec<String> {
    let mut names = Vec::new();
    for k in 0..=LINES {
        for axis in ["across", "along"] {
            for b in ["d", "ge1", "ge2", "ge3"] {
                names.push(format!("k{k}_{axis}_{b}"));
            }
        }
    }
    names
}

/// The board-wide features tried beside the per-tile ones.
const EXTRA: [&str; 5] = ["blank_to_next", "next_in_order", "next_pair_wrong", "next_line_conflicts", "next_home"];

/// A line of the shells order on a square board: a row from its first
/// open column, or a column from its first open row.
#[derive(Clone, Copy)]
struct Line {
    row: bool,
    index: usize,
    from: usize,
}

/// The lines after the unsolved corner (`top`, `left`) on an n×n board,
/// in the order shells builds them (the shorter line first, a row when
/// square), while more than two rows and columns are open.
fn lines_after(n: usize, mut top: usize, mut left: usize) -> Vec<Line> {
    let mut lines = Vec::new();
    while n - top > 2 && n - left > 2 {
        if n - top < n - left {
            lines.push(Line { row: false, index: left, from: top });
            left += 1;
        } else {
            lines.push(Line { row: true, index: top, from: left });
            top += 1;
        }
    }
    lines
}

fn features(board: &Board, top: usize, left: usize) -> (Vec<f64>, [f64; EXTRA.len()]) {
    let n = board.rows();
    let lines = lines_after(n, top, left);
    let mut tiles = vec![0.0; (LINES + 1) * 2 * BASIS];
    let mut at = vec![Pos::new(0, 0); n * n];
    for r in 0..n {
        for c in 0..n {
            at[board.tile_at(Pos::new(r, c)) as usize] = Pos::new(r, c);
        }
    }
    let tile_of = |p: Pos| p.row * n + p.col + 1;
    // Every tile not yet home for good, by the line it belongs to (the
    // last rows' tiles pooled with the farthest lines).
    let mut line_of = vec![usize::MAX; n * n];
    for (k, line) in lines.iter().enumerate() {
        for j in line.from..n {
            let home = if line.row { Pos::new(line.index, j) } else { Pos::new(j, line.index) };
            line_of[tile_of(home)] = k;
        }
    }
    for r in top..n {
        for c in left..n {
            let t = tile_of(Pos::new(r, c));
            if t == n * n {
                continue;
            }
            let k = line_of[t].min(LINES);
            let (row_line, home, p) = match lines.get(line_of[t]) {
                Some(line) => (line.row, Pos::new(r, c), at[t]),
                None => (true, Pos::new(r, c), at[t]),
            };
            let (across, along) = if row_line {
                (p.row.abs_diff(home.row), p.col.abs_diff(home.col))
            } else {
                (p.col.abs_diff(home.col), p.row.abs_diff(home.row))
            };
            for (axis, d) in [across, along].into_iter().enumerate() {
                for (b, v) in basis(d).into_iter().enumerate() {
                    tiles[(k * 2 + axis) * BASIS + b] += v;
                }
            }
        }
    }
    let mut extra = [0.0; EXTRA.len()];
    if let Some(next) = lines.first() {
        let homes: Vec<Pos> =
            (next.from..n).map(|j| if next.row { Pos::new(next.index, j) } else { Pos::new(j, next.index) }).collect();
        let first = at[tile_of(homes[0])];
        let blank = board.blank();
        extra[0] = (blank.row.abs_diff(first.row) + blank.col.abs_diff(first.col)) as f64;
        // Consecutive tiles of the line side by side as in the line,
        // anywhere on the board (a stretch of conveyor belt).
        for w in homes.windows(2) {
            let (a, b) = (at[tile_of(w[0])], at[tile_of(w[1])]);
            let beside =
                if next.row { a.row == b.row && b.col == a.col + 1 } else { a.col == b.col && b.row == a.row + 1 };
            extra[1] += f64::from(beside);
        }
        // The line's last two turned the wrong way round: side by side
        // across the line's direction, in each other's order.
        let (a, b) = (at[tile_of(homes[homes.len() - 2])], at[tile_of(homes[homes.len() - 1])]);
        let swapped =
            if next.row { a.row == b.row && a.col == b.col + 1 } else { a.col == b.col && a.row == b.row + 1 };
        extra[2] = f64::from(swapped);
        // Pairs of the line's tiles in the line's row (or column) in the
        // wrong order.
        let in_line: Vec<(usize, usize)> = homes
            .iter()
            .enumerate()
            .map(|(i, &h)| (i, at[tile_of(h)]))
            .filter(|&(_, p)| if next.row { p.row == next.index } else { p.col == next.index })
            .map(|(i, p)| (i, if next.row { p.col } else { p.row }))
            .collect();
        for (x, &(i, pi)) in in_line.iter().enumerate() {
            for &(j, pj) in &in_line[x + 1..] {
                extra[3] += f64::from((i < j) != (pi < pj));
            }
        }
        // Tiles of the next line already home.
        extra[4] = homes.iter().filter(|&&h| at[tile_of(h)] == h).count() as f64;
    }
    (tiles, extra)
}

/// Solves boards `seed..seed + count` of n×n and writes a CSV row at each
/// finished row or column line.
fn collect(n: usize, seed: u64, count: u64, effort: Effort) {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    write!(out, "n,seed,line,left,moves").unwrap();
    for name in tile_feature_names().iter().map(String::as_str).chain(EXTRA) {
        write!(out, ",{name}").unwrap();
    }
    writeln!(out).unwrap();
    for seed in seed..seed + count {
        let board = Board::scrambled(n, n, Scramble::Uniform, seed).unwrap();
        let options = HumanOptions { order: Order::Free, effort, threads: 1, ..HumanOptions::default() };
        let mut planner = Planner::new(&board, &options).unwrap();
        let mut replay = board.clone();
        let mut moves = 0u64;
        // (line number, moves so far, features) at each finished line.
        let mut rows: Vec<(usize, u64, Vec<f64>, [f64; EXTRA.len()])> = Vec::new();
        let (mut top, mut left) = (0, 0);
        planner
            .run(&mut |event: &Event| match *event {
                Event::Moved { mv, .. } => {
                    replay.slide(mv).expect("a legal move");
                    moves += 1;
                }
                Event::PhaseFinished(phase @ (Phase::Row(_) | Phase::Column(_))) => {
                    match phase {
                        Phase::Row(r) => top = r + 1,
                        Phase::Column(c) => left = c + 1,
                        _ => {}
                    }
                    // The lines the area beam builds: the small rectangles'
                    // search takes the last 5×5.
                    if (n - top) * (n - left) > 25 {
                        let (tiles, extra) = features(&replay, top, left);
                        rows.push((rows.len(), moves, tiles, extra));
                    }
                }
                _ => {}
            })
            .unwrap();
        assert!(replay.is_solved(), "seed {seed} does not solve");
        for (line, at, tiles, extra) in rows {
            write!(out, "{n},{seed},{line},{},{moves}", moves - at).unwrap();
            for v in tiles.iter().chain(&extra) {
                write!(out, ",{v}").unwrap();
            }
            writeln!(out).unwrap();
        }
        out.flush().unwrap();
        eprintln!("{n}x{n} seed {seed}: {moves} moves");
    }
}

fn read(paths: &[String]) -> (Vec<String>, Vec<Sample>) {
    let mut names = Vec::new();
    let mut samples = Vec::new();
    for path in paths {
        let file = std::io::BufReader::new(std::fs::File::open(path).expect("a data file"));
        for (i, line) in file.lines().enumerate() {
            let line = line.unwrap();
            let fields: Vec<&str> = line.split(',').collect();
            if i == 0 {
                names = fields[5..].iter().map(|s| s.to_string()).collect();
                continue;
            }
            let n: usize = fields[0].parse().unwrap();
            let seed: u64 = fields[1].parse().unwrap();
            let number: usize = fields[2].parse().unwrap();
            samples.push(Sample {
                group: (n, number),
                board: (n, seed),
                left: fields[3].parse().unwrap(),
                x: fields[5..].iter().map(|s| s.parse().unwrap()).collect(),
            });
        }
    }
    (names, samples)
}

fn report(paths: &[String]) {
    let (names, samples) = read(paths);
    let tile_features: Vec<usize> = (0..tile_feature_names().len()).collect();
    let linear: Vec<usize> = tile_features.iter().copied().filter(|&f| f % BASIS == 0).collect();
    let manhattan_by_line: Vec<usize> = linear.clone();
    let with_extra: Vec<usize> = tile_features.iter().copied().chain(names.len() - EXTRA.len()..names.len()).collect();
    // Boards split in two by seed: fitted on one half, scored on the other, both ways.
    let halves = |odd: bool| samples.iter().filter(|s| (s.board.1 % 2 == 1) == odd).collect::<Vec<_>>();
    let (a, b) = (halves(true), halves(false));
    println!("samples: {} ({} and {} in the halves)", samples.len(), a.len(), b.len());
    for (label, chosen) in [
        ("distances per line and axis", &manhattan_by_line),
        ("piecewise per line and axis", &tile_features),
        ("piecewise, and the board-wide features", &with_extra),
    ] {
        for ridge in [0.0, 1e-3, 1e-2] {
            let share = (explained(&a, &b, chosen, ridge) + explained(&b, &a, chosen, ridge)) / 2.0;
            println!("{label}, ridge {ridge}: {:.1} % of the spread explained on held-out boards", 100.0 * share);
        }
    }
    let all: Vec<&Sample> = samples.iter().collect();
    let linear_extra: Vec<usize> = linear.iter().copied().chain(names.len() - EXTRA.len()..names.len()).collect();
    let share = (explained(&a, &b, &linear_extra, 0.0) + explained(&b, &a, &linear_extra, 0.0)) / 2.0;
    println!("distances per line and axis, and the board-wide features: {:.1} %", 100.0 * share);
    // Each weight fitted on all boards and on each half: how far the halves
    // part is how far to trust it.
    let (whole, odd, even) = (fit(&all, &linear_extra, 0.0), fit(&a, &linear_extra, 0.0), fit(&b, &linear_extra, 0.0));
    println!("\nweights (moves) on all boards, the odd seeds' and the even seeds':");
    for (i, &f) in linear_extra.iter().enumerate() {
        println!("  {:<24} {:8.3} {:8.3} {:8.3}", names[f], whole[i], odd[i], even[i]);
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("collect") => {
            let n = args[1].parse().expect("a board size");
            let seed = args[2].parse().expect("a first seed");
            let count = args[3].parse().expect("a count");
            let effort = match args.get(4).map(String::as_str) {
                Some("normal") => Effort::Normal,
                _ => Effort::Best,
            };
            collect(n, seed, count, effort);
        }
        Some("fit") => report(&args[1..]),
        _ => eprintln!("usage: leftover collect N SEED COUNT [best|normal] > data.csv | leftover fit DATA..."),
    }
}
