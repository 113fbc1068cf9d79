//! The look-ahead efforts over many shapes: every solution replays to the
//! goal with no locked tile moving (checked from the planner's events by
//! `crate::common::checked_solve_with`), and the phases come in the same order as
//! the one-tile-at-a-time planner's.

use crate::common::{
    checked_solve_detours, checked_solve_planned, checked_solve_planned_detours, checked_solve_rolling,
    checked_solve_with,
};
use fifteen_core::human::{Context, Effort, Event, Finish, Order, Phase, PlacementTitle, Planner, Recorder};
use fifteen_core::{Board, HumanOptions, Scramble, human};

const LOOKING_AHEAD: [Effort; 2] = [Effort::Normal, Effort::Best];

fn phases(board: &Board, order: Order, effort: Effort) -> Vec<Phase> {
    let mut phases = Vec::new();
    let mut planner = Planner::new(board, &HumanOptions { order, effort, ..HumanOptions::default() }).unwrap();
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
#[ignore = "a minute and a half: every shape up to 6×6 at two efforts; CI runs it"]
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
#[ignore = "seconds a board: boards up to 30×30 at look-ahead; CI runs it"]
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
#[ignore = "ten seconds: every effort on several sizes; CI runs it"]
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

/// Moves of the checked solves of `boards` square boards (seeds 0, 1, …).
fn total_moves(size: usize, boards: u64, effort: Effort) -> usize {
    (0..boards)
        .map(|seed| {
            let board = Board::scrambled(size, size, Scramble::Uniform, seed).unwrap();
            checked_solve_with(&board, Order::Shells, Finish::Pairs, effort).len()
        })
        .sum()
}

#[test]
fn looking_ahead_saves_moves() {
    for size in [5, 7] {
        let (fast, normal) = (total_moves(size, 4, Effort::Fast), total_moves(size, 4, Effort::Normal));
        assert!(normal * 10 < fast * 9, "{size}×{size}: normal {normal} against fast {fast}");
    }
}

#[test]
#[ignore = "half a minute: long boards at every effort; CI runs it"]
fn long_boards_solve_at_every_effort() {
    for (rows, cols) in [(2, 8), (8, 2), (3, 7), (7, 3), (2, 9), (9, 2), (4, 7), (7, 4)] {
        for seed in 0..2 {
            let board = Board::scrambled(rows, cols, Scramble::Uniform, seed).unwrap();
            for effort in [Effort::Fast, Effort::Normal, Effort::Best] {
                for order in [Order::Shells, Order::Rows] {
                    checked_solve_with(&board, order, Finish::Pairs, effort);
                }
            }
        }
    }
}

/// The rolling look-ahead (what `normal` and `best` use above
/// `MAX_LOOKAHEAD_CELLS` cells) at a small width, on a square board and a
/// long one in both orders: every move replays, no locked tile moves, and
/// the board ends solved.
#[test]
#[ignore = "seconds: the rolling beam on square and long boards; CI runs it"]
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

/// Planning each trip ahead, and trying it several ways (what `normal` and
/// `best` do above `MAX_ROLLING_CELLS` cells), on square and long boards in
/// both orders: every move replays, no locked tile moves, and the board
/// ends solved.
#[test]
#[ignore = "seconds: planned trips on square and long boards; CI runs it"]
fn planned_trips_solve_square_and_long_boards() {
    for (board, order) in square_and_long_boards() {
        for tries in [1, 7] {
            checked_solve_planned(&board, order, tries);
        }
    }
}

/// A square board, long ones both ways, a small one and the smallest, in
/// both orders, two seeds each.
fn square_and_long_boards() -> impl Iterator<Item = (Board, Order)> {
    let shapes = [
        (40, 40, Order::Shells),
        (6, 50, Order::Shells),
        (50, 6, Order::Rows),
        (9, 9, Order::Rows),
        (2, 2, Order::Shells),
    ];
    shapes.into_iter().flat_map(|(rows, cols, order)| {
        [1, 2].map(|seed| (Board::scrambled(rows, cols, Scramble::Uniform, seed).unwrap(), order))
    })
}

/// Detours in a band (what `normal` and `best` do above 300×300), on
/// square and long boards in both orders, narrow bands and wide: every
/// move replays, no locked tile moves, the board ends solved, and on a
/// big board they save moves.
#[test]
#[ignore = "seconds: solves with and without detours; CI runs it"]
fn detours_solve_square_and_long_boards_and_save_moves() {
    for (board, order) in square_and_long_boards() {
        for band in [1, 8] {
            checked_solve_detours(&board, order, band);
            checked_solve_planned_detours(&board, order, band);
        }
    }
    let (mut plain, mut detoured, mut planned) = (0, 0, 0);
    for seed in [1, 2] {
        let board = Board::scrambled(40, 40, Scramble::Uniform, seed).unwrap();
        plain += checked_solve_with(&board, Order::Shells, Finish::Pairs, Effort::Fast).len();
        detoured += checked_solve_detours(&board, Order::Shells, 8).len();
        planned += checked_solve_planned_detours(&board, Order::Shells, 8).len();
    }
    assert!(detoured * 100 < plain * 97, "40×40: detours {detoured} against plain {plain}");
    // What `best` does above 300×300 (docs/fewest-moves.md: 1.607 → 1.566·n³ on a 400×400).
    assert!(planned * 100 < detoured * 98, "40×40: planned detours {planned} against detours {detoured}");
}

/// Planning trips ahead pays on a big board, and trying them several ways
/// pays a little more (100×100: 1.766·n³ one step at a time, 1.676
/// planned, 1.653 planned and tried seven ways).
#[test]
#[ignore = "seconds: solves with and without planned trips; CI runs it"]
fn planning_trips_saves_moves() {
    let (mut plain, mut planned, mut tried) = (0, 0, 0);
    for seed in [1, 2] {
        let board = Board::scrambled(40, 40, Scramble::Uniform, seed).unwrap();
        plain += checked_solve_with(&board, Order::Shells, Finish::Pairs, Effort::Fast).len();
        planned += checked_solve_planned(&board, Order::Shells, 1).len();
        tried += checked_solve_planned(&board, Order::Shells, 7).len();
    }
    assert!(planned * 100 < plain * 97, "40×40: planned {planned} against plain {plain}");
    assert!(tried < planned, "40×40: tried {tried} against planned {planned}");
}

/// The placements' titles, in order, as the window and `--stats` name them.
fn titles(board: &Board, order: Order, effort: Effort) -> Vec<String> {
    let (rows, cols) = (board.rows(), board.cols());
    let mut titles = Vec::new();
    let planner = Planner::new(board, &HumanOptions { order, effort, ..HumanOptions::default() }).unwrap();
    let mut recorder = Recorder::of(planner);
    recorder.pull_all(&mut |event: &Event, context: &Context| {
        if let Event::Placement { region, group } = *event {
            let (phase, corner) = (context.phase.unwrap(), context.corner);
            titles.push(PlacementTitle { phase, region, group, shape: (rows, cols), corner }.to_string())
        }
    });
    assert!(recorder.is_done(), "{:?}", recorder.error());
    titles
}

/// The lines in a free order: each the top row or the left column of the
/// rectangle still unsolved, whole, and on some boards the column first.
#[test]
#[ignore = "seconds: free-order solves at look-ahead; CI runs it"]
fn in_a_free_order_each_line_is_the_unsolved_rectangles_top_row_or_left_column() {
    let mut column_first = 0;
    for seed in 1..=20 {
        let board = Board::scrambled(4, 4, Scramble::Uniform, seed).unwrap();
        let moves = checked_solve_with(&board, Order::Free, Finish::Pairs, Effort::Best);
        let shells = checked_solve_with(&board, Order::Shells, Finish::Pairs, Effort::Best);
        assert!(moves.len() <= shells.len() + 4, "seed {seed}: free {} against shells {}", moves.len(), shells.len());
        let titles = titles(&board, Order::Free, Effort::Best);
        assert_eq!(titles.len(), 5, "seed {seed}: {titles:?}");
        let (mut top, mut left) = (0, 0);
        for title in &titles {
            if title.starts_with("row ") {
                assert!(title.starts_with(&format!("row {}: ", top + 1)), "seed {seed}: {titles:?}");
                top += 1;
            } else if title.starts_with("column ") {
                assert!(title.starts_with(&format!("column {}: ", left + 1)), "seed {seed}: {titles:?}");
                left += 1;
            }
        }
        column_first += usize::from(titles[0].starts_with("column 1: tiles 1, 5, 9, 13"));
        assert_eq!(titles[4], "last 2×2");
    }
    assert!((2..=18).contains(&column_first), "{column_first} of 20 boards began with the column");
}

/// A 5×5's first line in a free order: its row and its column each built
/// by the beam, the one that leaves less made; fewer moves in all than
/// always the row, and the lines still whole rows and columns in turn.
#[test]
#[ignore = "ten seconds: 5×5 boards built both ways at best; CI runs it"]
fn in_a_free_order_a_5x5_begins_with_the_row_or_the_column_that_leaves_less() {
    let (mut free, mut shells, mut column_first) = (0, 0, 0);
    for seed in 1..=8 {
        let board = Board::scrambled(5, 5, Scramble::Uniform, seed).unwrap();
        free += checked_solve_with(&board, Order::Free, Finish::Pairs, Effort::Best).len();
        shells += checked_solve_with(&board, Order::Shells, Finish::Pairs, Effort::Best).len();
        let titles = titles(&board, Order::Free, Effort::Best);
        let mut lines: Vec<&str> = titles.iter().map(|t| t.split(':').next().unwrap()).collect();
        lines.dedup();
        column_first += usize::from(lines[0] == "column 1");
        let (mut top, mut left) = (0, 0);
        for line in &lines {
            if line.starts_with("row ") {
                assert_eq!(*line, format!("row {}", top + 1), "seed {seed}: {lines:?}");
                top += 1;
            } else if line.starts_with("column ") {
                assert_eq!(*line, format!("column {}", left + 1), "seed {seed}: {lines:?}");
                left += 1;
            }
        }
        assert_eq!(lines.last(), Some(&"last 2×2"));
    }
    assert!(free < shells, "free {free} moves against shells {shells} on 8 boards");
    assert!((1..=7).contains(&column_first), "{column_first} of 8 boards began with the column");
}

#[test]
fn at_best_a_small_boards_lines_are_placed_whole_still_region_by_region() {
    for seed in 0..4 {
        let board = Board::scrambled(4, 4, Scramble::Uniform, seed).unwrap();
        assert_eq!(
            titles(&board, Order::Shells, Effort::Best),
            [
                "row 1: tiles 1–4",
                "column 1: tiles 5, 9, 13",
                "row 2: tiles 6–8",
                "bottom rows: pair 10 + 14",
                "last 2×2"
            ],
            "seed {seed}"
        );
        assert_eq!(
            titles(&board, Order::Rows, Effort::Best),
            [
                "row 1: tiles 1–4",
                "row 2: tiles 5–8",
                "bottom rows: pair 9 + 13",
                "bottom rows: pair 10 + 14",
                "last 2×2"
            ],
            "seed {seed}"
        );
        // At fast the same lines, tile by tile and pair by pair.
        let fast = titles(&board, Order::Shells, Effort::Fast);
        assert_eq!(fast[0], "row 1: tiles 1–2");
        assert!(fast.len() > 5, "{fast:?}");
    }
    // A 5×5's first row is too long for the whole-line search: the beam
    // builds it, tile by tile then the end pair; the rest line by line.
    let board = Board::scrambled(5, 5, Scramble::Uniform, 1).unwrap();
    assert_eq!(
        titles(&board, Order::Shells, Effort::Best),
        [
            "row 1: tiles 1–3",
            "row 1: tiles 1–3",
            "row 1: tiles 1–3",
            "row 1: end pair 4 + 5",
            "column 1: tiles 6, 11, 16, 21",
            "row 2: tiles 7–10",
            "column 2: tiles 12, 17, 22",
            "row 3: tiles 13–15",
            "bottom rows: pair 18 + 23",
            "last 2×2"
        ]
    );
}

#[test]
#[ignore = "seconds: solves with and without whole-line search; CI runs it"]
fn searching_small_lines_whole_saves_a_quarter_of_the_moves() {
    for size in [4, 5] {
        let fast = total_moves(size, 6, Effort::Fast);
        for effort in LOOKING_AHEAD {
            let moves = total_moves(size, 6, effort);
            assert!(moves * 100 < fast * 80, "{size}×{size}: {effort:?} {moves} against fast {fast}");
        }
    }
    // Wider is no worse here.
    assert!(total_moves(4, 6, Effort::Best) <= total_moves(4, 6, Effort::Normal));
}

/// Fails unless `tile` (if any) is at `to` on `board`.
fn arrived(board: &Board, target: Option<(fifteen_core::Tile, fifteen_core::Pos)>) {
    if let Some((tile, to)) = target {
        assert_eq!(board.position_of(tile), to, "tile {tile} reached its target before the next leg\n{board}");
    }
}

#[test]
fn at_best_a_whole_lines_moves_come_in_legs_each_bringing_one_of_its_tiles_home() {
    for seed in 0..4 {
        let board = Board::scrambled(4, 4, Scramble::Uniform, seed).unwrap();
        let mut replay = board.clone();
        let (mut group, mut target, mut legs) = (None, None, 0);
        let mut planner = Planner::new(
            &board,
            &HumanOptions { order: Order::Shells, effort: Effort::Best, ..HumanOptions::default() },
        )
        .unwrap();
        planner
            .run(&mut |event: &Event| match *event {
                Event::Placement { group: g, .. } => group = Some(g),
                Event::TileTargeted { tile, to, .. } => {
                    arrived(&replay, target);
                    assert!(group.unwrap().tiles().contains(&tile), "the target is one of the line's tiles");
                    target = Some((tile, to));
                    legs += 1;
                }
                Event::Moved { mv, .. } => {
                    replay.slide(mv).unwrap();
                }
                Event::Locked { .. } => {
                    arrived(&replay, target);
                    target = None;
                }
                _ => {}
            })
            .unwrap();
        assert!(replay.is_solved());
        assert!(legs >= 8, "seed {seed}: {legs} legs");
    }
}

/// `normal` on a board above `MAX_LOOKAHEAD_CELLS` cells is the rolling
/// beam, and it pays: fewer moves than one tile at a time (about 10 % on
/// 51×51; 1.59 against 1.80·n³ on 50×50).
#[test]
#[ignore = "seconds: a big board at two efforts; CI runs it"]
fn normal_on_a_big_board_makes_fewer_moves_than_fast() {
    let board = Board::scrambled(51, 51, Scramble::Uniform, 1).unwrap();
    let fast = checked_solve_with(&board, Order::Shells, Finish::Pairs, Effort::Fast).len();
    let normal = checked_solve_with(&board, Order::Shells, Finish::Pairs, Effort::Normal).len();
    assert!(normal * 20 < fast * 19, "51×51: normal {normal} against fast {fast}");
}

/// A wide beam's rounds are shared between threads, the tables its
/// stages read are built in the same order whatever their number, and a
/// 5×5's row and column are weighed side by side: so the moves are the
/// same on one thread and on several.
#[test]
#[ignore = "twenty seconds: wide beams on one and on several threads; CI runs it"]
fn the_moves_are_the_same_on_any_number_of_threads() {
    for (size, seed) in [(5, 4), (7, 1), (8, 2), (9, 3)] {
        let board = Board::scrambled(size, size, Scramble::Uniform, seed).unwrap();
        let solve = |threads| {
            let options = HumanOptions { effort: Effort::Best, threads, ..HumanOptions::default() };
            human::solve(&board, &options).unwrap().moves().to_vec()
        };
        let one = solve(1);
        let mut replay = board.clone();
        replay.apply(&one).unwrap();
        assert!(replay.is_solved());
        for threads in [2, 3] {
            assert_eq!(solve(threads), one, "{size}×{size} seed {seed} on {threads} threads");
        }
    }
}

/// docs/solving.md's table of mean moves (`fifteen bench --sizes 4,5,6,10
/// --count 20 --effort fast,normal,best`: boards of seeds 1 to 20, the
/// default order) for `size`×`size`, as the doc prints it: `[fast, normal,
/// best]`.
fn documented_means(size: usize) -> [String; 3] {
    let doc = include_str!("../../docs/solving.md");
    let row = format!("| {size}×{size} | ");
    let line =
        doc.lines().find(|l| l.starts_with(&row)).unwrap_or_else(|| panic!("docs/solving.md has no {size}×{size} row"));
    let cells: Vec<&str> = line.split('|').map(str::trim).collect();
    [cells[2].to_string(), cells[3].to_string(), cells[4].to_string()]
}

#[test]
#[ignore = "a minute: docs/solving.md's means over 20 boards at every effort, 4×4 to 6×6; CI runs it"]
fn the_documented_mean_moves_are_what_the_solver_makes() {
    for size in [4, 5, 6] {
        assert_the_documented_means(size);
    }
    // The default effort on these sizes is the doc's best column.
    assert!([4, 5, 6, 10].iter().all(|&n| Effort::for_size(n, n) == Effort::Best));
}

#[test]
#[ignore = "minutes: docs/solving.md's means over 20 boards at every effort, 10×10; CI runs it"]
fn the_documented_mean_moves_on_10x10_are_what_the_solver_makes() {
    // A test of its own so that CI's two test threads share the sizes.
    assert_the_documented_means(10);
}

fn assert_the_documented_means(size: usize) {
    let claimed = documented_means(size);
    for (effort, claim) in [Effort::Fast, Effort::Normal, Effort::Best].into_iter().zip(claimed) {
        let total: usize = (1..=20)
            .map(|seed| {
                let board = Board::scrambled(size, size, Scramble::Uniform, seed).unwrap();
                checked_solve_with(&board, Order::default(), Finish::Pairs, effort).len()
            })
            .sum();
        let mean = total as f64 / 20.0;
        // Small boards in moves, bigger ones per n³, as the doc writes them.
        let now = if size <= 6 { format!("{mean:.1}") } else { format!("{:.3}·n³", mean / (size as f64).powi(3)) };
        assert_eq!(now, claim, "{size}×{size} at {}: docs/solving.md says {claim}", effort.name());
    }
}
