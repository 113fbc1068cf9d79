//! The near solver (`search::near`): every solution replays to the goal,
//! every lower bound is at most the optimum, and with IDA* left to finish
//! the solution is a shortest one (checked against a plain IDA* here).

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU32, Ordering::Relaxed};

use fifteen_core::search::near::{self, NearOptions, NearRun};
use fifteen_core::search::optimal::PatternDatabase;
use fifteen_core::{Board, Deadline, Scramble};
use proptest::prelude::*;

/// Tables of groups of 3 tiles per shape, built once.
fn tables(rows: usize, cols: usize) -> &'static PatternDatabase {
    static TABLES: OnceLock<Vec<((usize, usize), PatternDatabase)>> = OnceLock::new();
    let all = TABLES.get_or_init(|| {
        [(3, 6), (4, 5), (3, 7), (5, 5)]
            .into_iter()
            .map(|(r, c)| ((r, c), PatternDatabase::build(near::partition(r, c, 3).unwrap(), 2, |_| {})))
            .collect()
    });
    &all.iter().find(|(shape, _)| *shape == (rows, cols)).unwrap().1
}

/// A deadline out of time after its clock has been read `calls` times: a
/// budget of work that is the same on every machine.
fn after(calls: u32) -> Deadline {
    let asked = AtomicU32::new(0);
    Deadline::NONE.with_clock(move || f64::from(asked.fetch_add(1, Relaxed))).within(f64::from(calls))
}

fn replays(board: &Board, moves: &fifteen_core::Moves) {
    let mut replay = board.clone();
    replay.apply(moves).unwrap_or_else(|e| panic!("{e}\n{board}"));
    assert!(replay.is_solved(), "{board}\n{moves}");
}

/// The length of a shortest solution by a plain IDA* on Manhattan distance
/// over the board's cells, independent of the solver under test.
fn shortest(board: &Board) -> u32 {
    fn manhattan(cells: &[usize], cols: usize) -> u32 {
        cells
            .iter()
            .enumerate()
            .filter(|&(_, &t)| t != 0)
            .map(|(cell, &t)| ((cell / cols).abs_diff((t - 1) / cols) + (cell % cols).abs_diff((t - 1) % cols)) as u32)
            .sum()
    }
    fn dfs(
        cells: &mut Vec<usize>,
        dims: (usize, usize),
        blank: usize,
        prev: usize,
        g: u32,
        bound: u32,
    ) -> Result<(), u32> {
        let h = manhattan(cells, dims.1);
        if h == 0 {
            return Ok(());
        }
        if g + h > bound {
            return Err(g + h);
        }
        let (rows, cols) = dims;
        let mut next = u32::MAX;
        let (r, c) = (blank / cols, blank % cols);
        let around = [
            (r > 0).then(|| blank - cols),
            (r + 1 < rows).then(|| blank + cols),
            (c > 0).then(|| blank - 1),
            (c + 1 < cols).then(|| blank + 1),
        ];
        for from in around.into_iter().flatten().filter(|&f| f != prev) {
            cells.swap(blank, from);
            let result = dfs(cells, dims, from, blank, g + 1, bound);
            cells.swap(blank, from);
            match result {
                Ok(()) => return Ok(()),
                Err(f) => next = next.min(f),
            }
        }
        Err(next)
    }
    let mut cells: Vec<usize> = board.cells().iter().map(|&t| t as usize).collect();
    let blank = cells.iter().position(|&t| t == 0).unwrap();
    let mut bound = manhattan(&cells, board.cols());
    loop {
        match dfs(&mut cells, (board.rows(), board.cols()), blank, usize::MAX, 0, bound) {
            Ok(()) => return bound,
            Err(next) => bound = next,
        }
    }
}

proptest! {
    #![proptest_config(crate::common::fixed_cases(24))]

    #[test]
    #[ignore = "seconds: the near solver on shapes from 3×6 up; CI runs it"]
    fn every_solution_replays_and_its_bound_is_below_it(shape in 0..4usize, seed in any::<u64>()) {
        let (rows, cols) = [(3, 6), (4, 5), (3, 7), (5, 5)][shape];
        let board = Board::scrambled(rows, cols, Scramble::Uniform, seed).unwrap();
        let tables = tables(rows, cols);
        let found = near::solve(&board, tables, NearOptions { max_width: 1024, ..NearOptions::default() }, &after(200)).unwrap();
        replays(&board, &found.moves);
        prop_assert!(found.lower_bound as usize <= found.moves.len());
        prop_assert!(found.lower_bound >= tables.estimate(&board).unwrap());
    }
}

#[test]
fn left_to_finish_it_is_optimal_and_every_bound_is_at_most_the_optimum() {
    for (rows, cols) in [(3, 6), (4, 5)] {
        for seed in 0..6 {
            let board = Board::scrambled(rows, cols, Scramble::Walk(40), seed).unwrap();
            let optimum = shortest(&board);
            let found = near::solve(
                &board,
                tables(rows, cols),
                NearOptions { max_width: 1024, ..NearOptions::default() },
                &Deadline::NONE,
            )
            .unwrap();
            replays(&board, &found.moves);
            assert_eq!(found.moves.len() as u32, optimum, "{board}");
            assert!(found.is_optimal());
            for calls in [0, 1, 3, 10] {
                let stopped = near::solve(&board, tables(rows, cols), NearOptions::default(), &after(calls)).unwrap();
                replays(&board, &stopped.moves);
                assert!(stopped.lower_bound <= optimum, "{board}");
                assert!(stopped.moves.len() as u32 >= optimum);
            }
        }
    }
}

#[test]
fn a_seed_caps_the_answer_and_one_that_does_not_solve_is_ignored() {
    use fifteen_core::{HumanOptions, Move, human};
    for (rows, cols) in [(3, 6), (4, 5), (5, 5)] {
        for seed in 0..3 {
            let board = Board::scrambled(rows, cols, Scramble::Uniform, seed).unwrap();
            let human = human::solve(&board, &HumanOptions::default()).unwrap().moves().0.clone();
            let tables = tables(rows, cols);
            for calls in [0, 5, 50] {
                let seeded = || Some(human.clone());
                let stop = after(calls);
                let run = NearRun { seed: Some(&seeded), ..NearRun::until(&stop) };
                let found = near::solve_with(&board, tables, NearOptions::default(), &run).unwrap();
                replays(&board, &found.moves);
                assert!(found.moves.len() <= human.len(), "{board}");
                assert!(found.lower_bound as usize <= found.moves.len());
            }
            // A seed one move short of solving is not taken.
            let broken = || Some(human[..human.len() - 1].to_vec());
            let not_a_move = || Some(vec![Move::Up; 3]);
            for bad in [&broken as &(dyn Fn() -> Option<Vec<Move>> + Sync), &not_a_move] {
                let stop = after(5);
                let run = NearRun { seed: Some(bad), ..NearRun::until(&stop) };
                replays(&board, &near::solve_with(&board, tables, NearOptions::default(), &run).unwrap().moves);
            }
        }
    }
}

#[test]
fn boards_outside_17_to_49_cells_are_refused() {
    let small = Board::scrambled(4, 4, Scramble::Uniform, 1).unwrap();
    let err = near::solve(&small, tables(3, 6), NearOptions::default(), &Deadline::NONE).unwrap_err();
    assert!(err.to_string().contains("17 to 49 cells"), "{err}");
    let wrong = Board::scrambled(6, 3, Scramble::Uniform, 1).unwrap();
    assert!(near::solve(&wrong, tables(3, 6), NearOptions::default(), &Deadline::NONE).is_err());
}

/// `solve --solver near`: the moves solve the board, the summary says the
/// bound, and boards of the wrong size get one line.
#[test]
fn the_command_writes_moves_that_solve_the_board_and_the_bound() {
    let cache = tempfile::tempdir().unwrap();
    let board = Board::scrambled(3, 6, Scramble::Uniform, 3).unwrap().to_string();
    let out = crate::common::fifteen_with_cache(&["solve", "--solver", "near", "--time", "0.5"], &board, cache.path());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let moves: fifteen_core::Moves = String::from_utf8(out.stdout).unwrap().trim().parse().unwrap();
    replays(&board.parse().unwrap(), &moves);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains(&format!("{} moves, optimal", moves.len())), "{stderr}");

    let json = crate::common::fifteen_with_cache(
        &["solve", "--solver", "near", "--time", "0.5", "--format", "summary"],
        &board,
        cache.path(),
    );
    let report: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert!(report["lower_bound"].as_u64().unwrap() <= report["count"].as_u64().unwrap(), "{report}");

    let batch = crate::common::fifteen_with_cache(
        &["solve", "--batch", "--solver", "near", "--time", "0.2", "--format", "summary"],
        &format!("{}\n", serde_json::json!({ "id": 1, "board": board })),
        cache.path(),
    );
    let line: serde_json::Value = serde_json::from_slice(&batch.stdout).unwrap();
    assert_eq!(line["solver"], "near", "{line}");
    assert!(line["lower_bound"].as_u64().unwrap() <= line["count"].as_u64().unwrap(), "{line}");

    let small = Board::scrambled(4, 4, Scramble::Uniform, 3).unwrap().to_string();
    let refused = crate::common::fifteen_with_cache(&["solve", "--solver", "near"], &small, cache.path());
    assert!(!refused.status.success());
    let err = String::from_utf8(refused.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("17 to 49 cells"), "{err}");
}

/// `coach --par near` and `compare --par near` on a person's 3×6 (fifteen's
/// `fast` solve as a link): the par is the near solver's, never above the
/// human par, the lines' losses add up to the solve's, and the comparison's
/// near solution is no shorter than its proven bound.
#[test]
fn coach_and_compare_take_their_par_from_the_near_solver() {
    let cache = tempfile::tempdir().unwrap();
    // The first line of each command's JSON is the solve's (a summary by
    // size follows).
    let run = |args: &[&str], stdin: &str| {
        let out = crate::common::fifteen_with_cache(args, stdin, cache.path());
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    let board = Board::scrambled(3, 6, Scramble::Uniform, 3).unwrap().to_string();
    let link = run(&["solve", "--effort", "fast", "--format", "slidysim"], &board);
    let link = link.trim();
    let coach = |par: &str| -> serde_json::Value {
        serde_json::from_str(run(&["coach", "--par", par, "--format", "json", link], "").lines().next().unwrap())
            .unwrap()
    };
    let (near, human) = (coach("near"), coach("human"));
    assert_eq!(near["par_by"], "near solver, 0.5 s a board, or fifteen at best", "{near}");
    let par = near["par"].as_i64().unwrap();
    let proven = near["par_lower_bound"].as_i64().unwrap();
    assert!(proven <= par, "the proven bound is at most par: {near}");
    assert!(par <= human["par"].as_i64().unwrap(), "near {near}\nhuman {human}");
    let loss = near["loss"].as_i64().unwrap();
    assert_eq!(near["moves"].as_i64().unwrap() - par, loss, "{near}");
    let lines: i64 = near["lines"].as_array().unwrap().iter().map(|line| line["loss"].as_i64().unwrap()).sum();
    assert_eq!(lines, loss, "the lines' losses add up: {near}");

    let compared = run(&["compare", "--par", "near", "--format", "json", link], "");
    let compared: serde_json::Value = serde_json::from_str(compared.lines().next().unwrap()).unwrap();
    let found = &compared["near"];
    assert!(found["lower_bound"].as_u64().unwrap() <= found["moves"].as_u64().unwrap(), "{compared}");
}

/// `bench --solver near --time A,B`: each board solved once per budget (a
/// row each, every solution replayed by the command), and a line of means
/// per budget.
#[test]
fn the_benchmark_gives_a_row_per_board_and_budget_and_means_per_budget() {
    let cache = tempfile::tempdir().unwrap();
    let boards = cache.path().join("boards.jsonl");
    let lines: Vec<String> = (1..=2)
        .map(|seed| {
            let board = Board::scrambled(3, 6, Scramble::Walk(60), seed).unwrap();
            // One line, rows apart by `/` (a 3×6 is not square).
            let rows: Vec<String> = board
                .cells()
                .chunks(6)
                .map(|row| row.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(" "))
                .collect();
            serde_json::json!({ "id": seed, "board": rows.join("/") }).to_string()
        })
        .collect();
    std::fs::write(&boards, lines.join("\n")).unwrap();
    let out = crate::common::fifteen_with_cache(
        &["bench", "--solver", "near", "--boards", boards.to_str().unwrap(), "--time", "0.1,0.3"],
        "",
        cache.path(),
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{}{stdout}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("mean over 2 at 0.1 s:") && stdout.contains("mean over 2 at 0.3 s:"), "{stdout}");
    let rows = stdout.lines().filter(|l| l.starts_with("1 ") || l.starts_with("2 ")).count();
    assert_eq!(rows, 4, "{stdout}");
    // --cpu-clock: the budget is processor time, and the header says so.
    let out = crate::common::fifteen_with_cache(
        &["bench", "--solver", "near", "--boards", boards.to_str().unwrap(), "--time", "0.1", "--cpu-clock"],
        "",
        cache.path(),
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{}{stdout}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("0.1 s of processor time over two threads a board"), "{stdout}");
    assert!(stdout.contains("mean over 2 at 0.1 s:"), "{stdout}");
}
