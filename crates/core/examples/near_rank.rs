//! The data and the fit behind the near solver's beam ranking on 6×6 and
//! 7×7 (`docs/optimal.md`, *The beam's ranking*): how many moves a board
//! still needs, from its groups' table entries.
//!
//! `collect` solves boards with the near solver for the seconds given,
//! replays each solution and writes one CSV row a board on the way: the
//! size, the seed, the moves made, the moves still to come (the target),
//! the number of entries, each group's entry (as the board is, then
//! mirrored) and the board-wide features (Manhattan distance, linear
//! conflicts, tiles not at home, the blank's distance from home). `fit`
//! reads such files and fits the target by least squares (a constant per
//! size and a weight per feature), prints how much of what the bound alone
//! leaves unexplained each set of features explains on held-out boards
//! (fitted on the odd seeds, scored on the even ones, and the other way
//! round), and the weights of two sets fitted on all boards.
//!
//! The recipe (the tables built first with `fifteen pdb build --partition
//! 6x6` and `7x7`; one process at a time, about 25 minutes in all; the
//! solutions depend on the time each search had, so the weights come out a
//! little different each run):
//!
//! ```text
//! cargo run --release --features testing --example near_rank -- collect 6 1001 100 walk340 1 > rank6.csv
//! cargo run --release --features testing --example near_rank -- collect 6 2001 40 uniform 1 >> rank6.csv
//! cargo run --release --features testing --example near_rank -- collect 7 1001 70 walk1700 2 > rank7.csv
//! cargo run --release --features testing --example near_rank -- collect 7 2001 30 uniform 2 >> rank7.csv
//! cargo run --release --features testing --example near_rank -- fit rank6.csv
//! cargo run --release --features testing --example near_rank -- fit rank7.csv
//! ```
//!
//! The seeds (1001 on) are not those of the benchmark boards (1 to 100).

#[path = "shared/least_squares.rs"]
mod least_squares;

use std::io::{BufRead, Write};
use std::sync::Arc;

use fifteen_core::Deadline;
use fifteen_core::board::{Board, Scramble};
use fifteen_core::search::near::{self, NearOptions, NearRun};
use fifteen_core::tables::{TableCache, Tables};
use least_squares::{Sample, explained, fit};

fn collect(n: usize, first: u64, count: u64, scramble: Scramble, seconds: f64) {
    let dir = std::env::var_os("HOME").map(|home| std::path::Path::new(&home).join(".cache/fifteen"));
    let tables: Arc<_> = TableCache::new(dir, 2).near(n, n).expect("the near tables");
    let mut out = std::io::stdout().lock();
    for seed in first..first + count {
        let board = Board::scrambled(n, n, scramble, seed).unwrap();
        let started = processor_seconds();
        let deadline = Deadline::NONE.with_clock(move || processor_seconds() - started).within(seconds);
        let run = NearRun::until(&deadline);
        let Ok(found) = near::solve_with(&board, &tables, NearOptions::default(), &run) else {
            // No beam round finished in time (a deep uniform 7×7 at a second or two).
            eprintln!("{n}x{n} seed {seed}: no solution in time");
            continue;
        };
        let moves = found.moves.len();
        let mut replay = board.clone();
        for (made, mv) in found.moves.0.iter().enumerate() {
            write_row(&mut out, n, seed, made, moves, &replay, &tables);
            replay.apply([mv]).unwrap();
        }
        assert!(replay.is_solved());
        out.flush().unwrap();
        eprintln!("{n}x{n} seed {seed}: {moves} moves, bound {}", found.lower_bound);
    }
}

/// The processor time this process has had over two threads, in seconds
/// (from `/proc/self/stat`, in hundredths): the searches get the same
/// work whatever else the machine runs.
fn processor_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").expect("/proc/self/stat");
    // The fields after the command's name, which ends with ')'.
    let fields: Vec<&str> = stat[stat.rfind(')').unwrap() + 2..].split(' ').collect();
    let ticks: f64 = fields[11].parse::<f64>().unwrap() + fields[12].parse::<f64>().unwrap();
    ticks / 100.0 / 2.0
}

fn write_row(
    out: &mut impl Write,
    n: usize,
    seed: u64,
    made: usize,
    moves: usize,
    board: &Board,
    tables: &fifteen_core::search::optimal::PatternDatabase,
) {
    let entries = near::group_entries(board, tables).unwrap();
    write!(out, "{n},{seed},{made},{},{}", moves - made, entries.len()).unwrap();
    for e in entries {
        write!(out, ",{e}").unwrap();
    }
    for f in board_features(board).into_iter().chain(cross_pairs(board, tables)) {
        write!(out, ",{f}").unwrap();
    }
    writeln!(out).unwrap();
}

/// Names of the features besides the entries, in the order of a CSV row.
const BOARD_FEATURES: [&str; 6] =
    ["manhattan", "linear conflicts", "misplaced", "blank from home", "cross pairs", "cross pairs mirrored"];

/// The pairs of tiles of different groups that stand in each other's way
/// in a row or column (both at home in it, in the wrong order): in the
/// groups as the board is, and as the mirrored view groups them.
fn cross_pairs(board: &Board, tables: &fifteen_core::search::optimal::PatternDatabase) -> [usize; 2] {
    let (rows, cols) = (board.rows(), board.cols());
    let n = rows * cols;
    let mut group = [vec![usize::MAX; n], vec![usize::MAX; n]];
    for (g, tiles) in tables.spec().groups().iter().enumerate() {
        for &t in tiles {
            let t = t as usize;
            group[0][t] = g;
            // The mirrored view reads the tile whose home is t's mirrored.
            let (r, c) = ((t - 1) / cols, (t - 1) % cols);
            group[1][c * cols + r + 1] = g;
        }
    }
    let mut pairs = [0; 2];
    let mut count = |line: &[(usize, usize)]| {
        for (i, &(a, pa)) in line.iter().enumerate() {
            for &(b, pb) in &line[i + 1..] {
                if pa > pb {
                    for view in 0..2 {
                        pairs[view] += usize::from(group[view][a] != group[view][b]);
                    }
                }
            }
        }
    };
    for line in lines_at_home(board) {
        count(&line);
    }
    pairs
}

/// The board-wide features: the Manhattan distance, the linear conflicts
/// (twice the tiles to take out of each row and column so that the tiles
/// at home in it are in order), the tiles not at home, and the blank's
/// distance from its home.
fn board_features(board: &Board) -> [usize; 4] {
    let (rows, cols) = (board.rows(), board.cols());
    let cells = board.cells();
    let home = |tile: usize| ((tile - 1) / cols, (tile - 1) % cols);
    let (mut manhattan, mut misplaced, mut blank) = (0, 0, 0);
    for (cell, &tile) in cells.iter().enumerate() {
        let (r, c) = (cell / cols, cell % cols);
        if tile == 0 {
            blank = (rows - 1 - r) + (cols - 1 - c);
            continue;
        }
        let (hr, hc) = home(tile as usize);
        manhattan += r.abs_diff(hr) + c.abs_diff(hc);
        misplaced += usize::from((r, c) != (hr, hc));
    }
    let mut conflicts = 0;
    for line in lines_at_home(board) {
        let places: Vec<usize> = line.iter().map(|&(_, place)| place).collect();
        conflicts += 2 * (places.len() - longest_rising(&places));
    }
    [manhattan, conflicts, misplaced, blank]
}

/// Each row's and then each column's tiles that are at home in it, in the
/// order they stand, with their home places along it.
fn lines_at_home(board: &Board) -> Vec<Vec<(usize, usize)>> {
    let (rows, cols) = (board.rows(), board.cols());
    let cells = board.cells();
    let home = |tile: usize| ((tile - 1) / cols, (tile - 1) % cols);
    let row = |r: usize| -> Vec<(usize, usize)> {
        (0..cols)
            .map(|c| cells[r * cols + c] as usize)
            .filter(|&t| t != 0 && home(t).0 == r)
            .map(|t| (t, home(t).1))
            .collect()
    };
    let col = |c: usize| -> Vec<(usize, usize)> {
        (0..rows)
            .map(|r| cells[r * cols + c] as usize)
            .filter(|&t| t != 0 && home(t).1 == c)
            .map(|t| (t, home(t).0))
            .collect()
    };
    (0..rows).map(row).chain((0..cols).map(col)).collect()
}

/// The length of the longest rising run (not necessarily contiguous).
fn longest_rising(values: &[usize]) -> usize {
    let mut best = vec![1; values.len()];
    for i in 0..values.len() {
        for j in 0..i {
            if values[j] < values[i] {
                best[i] = best[i].max(best[j] + 1);
            }
        }
    }
    best.into_iter().max().unwrap_or(0)
}

fn read(paths: &[String]) -> Vec<Sample> {
    let mut samples = Vec::new();
    for path in paths {
        let file = std::io::BufReader::new(std::fs::File::open(path).expect("a data file"));
        for line in file.lines() {
            let line = line.unwrap();
            let fields: Vec<&str> = line.split(',').collect();
            let n: usize = fields[0].parse().unwrap();
            let seed: u64 = fields[1].parse().unwrap();
            let x: Vec<f64> = fields[5..].iter().map(|s| s.parse().unwrap()).collect();
            samples.push(Sample { group: (n, 0), board: (n, seed), left: fields[3].parse().unwrap(), x });
        }
    }
    samples
}

fn report(paths: &[String]) {
    let mut samples = read(paths);
    let features = samples[0].x.len();
    let entries = features - BOARD_FEATURES.len();
    let groups = entries / 2;
    // The bound (the larger view's sum) and the views' difference, appended.
    for s in &mut samples {
        let views = (s.x[..groups].iter().sum::<f64>(), s.x[groups..entries].iter().sum::<f64>());
        s.x.push(views.0.max(views.1));
        s.x.push((views.0 - views.1).abs());
    }
    let mut names: Vec<String> = (0..entries).map(|e| format!("entry {e}")).collect();
    names.extend(BOARD_FEATURES.iter().map(|s| s.to_string()));
    names.extend(["bound".to_string(), "views apart".to_string()]);
    let bound = features;
    let board_wide: Vec<usize> = (entries..features).collect();
    let cross = entries + 4;
    let sets: [(&str, Vec<usize>); 10] = [
        ("the bound, the views apart, cross pairs", vec![bound, bound + 1, cross, cross + 1]),
        ("the bound, the views apart, conflicts, cross pairs", vec![bound, bound + 1, entries + 1, cross, cross + 1]),
        ("the bound", vec![bound]),
        ("the bound and the views apart", vec![bound, bound + 1]),
        ("the bound, the views apart, manhattan, misplaced", vec![bound, bound + 1, entries, entries + 2]),
        ("the bound, the views apart, conflicts", vec![bound, bound + 1, entries + 1]),
        ("each entry weighed", (0..entries).collect()),
        ("the bound and the board-wide features", vec![bound, bound + 1, entries, entries + 1, entries + 2]),
        ("each entry and the board-wide features", (0..entries).chain(board_wide).collect()),
        ("all", (0..features + 2).collect()),
    ];
    let halves = |odd: bool| samples.iter().filter(|s| (s.board.1 % 2 == 1) == odd).collect::<Vec<_>>();
    let (a, b) = (halves(true), halves(false));
    println!("samples: {} ({} and {} in the halves)", samples.len(), a.len(), b.len());
    // The share of what the bound leaves unexplained that each set explains.
    let left_by_bound = 1.0 - (explained(&a, &b, &[bound], 0.0) + explained(&b, &a, &[bound], 0.0)) / 2.0;
    for (label, chosen) in &sets {
        let share = (explained(&a, &b, chosen, 0.0) + explained(&b, &a, chosen, 0.0)) / 2.0;
        let of_rest = 1.0 - (1.0 - share) / left_by_bound;
        println!(
            "{label}: {:.2} % of the spread explained on held-out boards, {:.1} % of what the bound leaves",
            100.0 * share,
            100.0 * of_rest
        );
    }
    let all: Vec<&Sample> = samples.iter().collect();
    for (label, chosen) in [&sets[0], &sets[1], &sets[5]] {
        let whole = fit(&all, chosen, 0.0);
        let (odd, even) = (fit(&a, chosen, 0.0), fit(&b, chosen, 0.0));
        println!("\nweights of {label} on all boards, the odd seeds' and the even seeds':");
        for (i, &f) in chosen.iter().enumerate() {
            println!("  {:<20} {:8.3} {:8.3} {:8.3}", names[f], whole[i], odd[i], even[i]);
        }
        let sixteenths: Vec<String> = whole.iter().map(|w| format!("{}", (w * 16.0).round() as i32)).collect();
        println!("in sixteenths of a move: {}", sixteenths.join(", "));
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("collect") => {
            let n = args[1].parse().expect("a board size");
            let first = args[2].parse().expect("a first seed");
            let count = args[3].parse().expect("a count");
            let scramble = match args[4].strip_prefix("walk") {
                Some(walk) => Scramble::Walk(walk.parse().expect("a walk length")),
                None => Scramble::Uniform,
            };
            let seconds = args[5].parse().expect("seconds a board");
            collect(n, first, count, scramble, seconds);
        }
        Some("fit") => report(&args[1..]),
        _ => eprintln!("usage: near_rank collect SIZE FIRST_SEED COUNT walkK|uniform SECONDS | fit FILE..."),
    }
}
