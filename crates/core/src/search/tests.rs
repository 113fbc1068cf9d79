//! The search solvers and the pattern-database cache, checked against each
//! other and against facts the tests derive themselves. The state graph's
//! checks are beside it (`graph.rs`); the command's, in `tests/it/search.rs`.

use std::collections::HashSet;
use std::sync::OnceLock;

use crate::search::optimal::{self, Entries, Heuristic, PatternDatabase, PatternSpec};
use crate::search::{SearchError, bfs, iddfs};
use crate::{Board, Moves, Scramble};

fn replays(board: &Board, moves: &Moves) {
    let mut replay = board.clone();
    replay.apply(moves).unwrap_or_else(|e| panic!("{e}\n{board}"));
    assert!(replay.is_solved(), "the moves solve the board\n{board}");
}

fn small_spec() -> PatternSpec {
    PatternSpec::new(3, 3, vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]], true).unwrap()
}

/// The 15-puzzle's 6-6-3 tables, built once per test run.
fn fifteen_pdb() -> &'static PatternDatabase {
    static PDB: OnceLock<PatternDatabase> = OnceLock::new();
    PDB.get_or_init(|| PatternDatabase::build(PatternSpec::fifteen_663(), 2, |_| {}))
}

#[test]
#[ignore = "seconds: every solver against a 3×3's whole graph; CI runs it"]
fn on_3x3_every_solver_finds_the_breadth_first_distance() {
    let exact = bfs::distances_from_goal(3, 3).unwrap();
    let pdb = PatternDatabase::build(small_spec(), 2, |_| {});
    for seed in 0..300 {
        let board = Board::scrambled(3, 3, Scramble::Uniform, seed).unwrap();
        let shortest = exact.distance(&board).expect("a scramble is solvable") as usize;
        let by_bfs = bfs::solve(&board).unwrap();
        let by_lc = optimal::solve(&board).unwrap();
        let by_pdb = optimal::solve_with(&board, Heuristic::Patterns(&pdb), |_| {}).unwrap();
        for (name, s) in [("bfs", &by_bfs), ("optimal md+lc", &by_lc), ("optimal pdb", &by_pdb)] {
            assert_eq!(s.moves.len(), shortest, "{name}, seed {seed}\n{board}");
            replays(&board, &s.moves);
        }
        assert!(u32::try_from(shortest).unwrap() >= optimal::estimate(&board, Heuristic::Patterns(&pdb)).unwrap());
        if shortest <= 20 {
            let by_iddfs = iddfs::solve(&board, iddfs::Limits::default(), |_| {}).unwrap();
            assert_eq!(by_iddfs.moves.len(), shortest, "iddfs, seed {seed}");
            assert_eq!(by_iddfs.stats.iterations as usize, shortest + 1, "limits 0 to the answer");
            replays(&board, &by_iddfs.moves);
        }
        if seed % 30 == 0 {
            // The pathfinding-crate versions agree too.
            let theirs = bfs::solve_with_pathfinding(&board).unwrap();
            let ida = optimal::solve_with_pathfinding(&board, Heuristic::Patterns(&pdb)).unwrap();
            assert_eq!((theirs.moves.len(), ida.moves.len()), (shortest, shortest));
            replays(&board, &theirs.moves);
            replays(&board, &ida.moves);
        }
    }
}

/// The search skips move sequences that a shorter or earlier one does the
/// same as (trips of the blank around blocks): on every board of the
/// smallest shapes, and on thousands of 8-puzzles and 2×5 boards, it still
/// finds the breadth-first distance, with both bounds.
#[test]
#[ignore = "fifteen seconds: exhaustive searches with and without pruning; CI runs it"]
fn move_pruning_loses_no_shortest_solution() {
    let pdb = PatternDatabase::build(small_spec(), 2, |_| {});
    let check = |board: &Board, shortest: u32| {
        let s = optimal::solve(board).unwrap();
        assert_eq!(s.moves.len() as u32, shortest, "md+lc\n{board}");
        replays(board, &s.moves);
        if board.rows() == 3 && board.cols() == 3 {
            let s = optimal::solve_with(board, Heuristic::Patterns(&pdb), |_| {}).unwrap();
            assert_eq!(s.moves.len() as u32, shortest, "pdb\n{board}");
            replays(board, &s.moves);
        }
    };
    for (rows, cols, every) in [(2, 3, 1), (3, 2, 1), (2, 4, 2), (4, 2, 2), (3, 3, 90)] {
        let exact = bfs::distances_from_goal(rows, cols).unwrap();
        let mut checked = 0;
        for cells in all_boards(rows, cols).into_iter().step_by(every) {
            let board = Board::from_cells(rows, cols, cells).unwrap();
            if let Some(shortest) = exact.distance(&board) {
                check(&board, shortest);
                checked += 1;
            }
        }
        assert!(checked >= 100, "{rows}×{cols}: {checked} boards checked");
    }
    for (rows, cols) in [(2, 5), (5, 2)] {
        let exact = bfs::distances_from_goal(rows, cols).unwrap();
        for seed in 0..300 {
            let board = Board::scrambled(rows, cols, Scramble::Uniform, seed).unwrap();
            check(&board, exact.distance(&board).unwrap());
        }
    }
}

/// The 7-8 code paths at 3×3 scale: the same row split (the bottom row and
/// the top two), four-bit entries over the Manhattan distance, the mirror.
#[test]
fn a_small_7_8_analogue_with_four_bit_entries_finds_the_breadth_first_distance() {
    let exact = bfs::distances_from_goal(3, 3).unwrap();
    let rows =
        |entries| PatternSpec::new(3, 3, vec![vec![7, 8], vec![1, 2, 3, 4, 5, 6]], true).unwrap().with_entries(entries);
    let nibbles = PatternDatabase::build(rows(Entries::Nibbles), 2, |_| {});
    let bytes = PatternDatabase::build(rows(Entries::Bytes), 2, |_| {});
    assert_eq!(nibbles.size_bytes(), (9 * 8usize).div_ceil(2) + (9 * 8 * 7 * 6 * 5 * 4usize).div_ceil(2));
    assert!(nibbles.spec().key().ends_with(" nibbles") && !bytes.spec().key().ends_with(" nibbles"));
    for seed in 0..200 {
        let board = Board::scrambled(3, 3, Scramble::Uniform, seed).unwrap();
        let shortest = exact.distance(&board).unwrap();
        // No 8-puzzle group is 30 moves past its Manhattan distance: no cap, the same bound.
        let h = nibbles.estimate(&board).unwrap();
        assert_eq!(h, bytes.estimate(&board).unwrap(), "seed {seed}\n{board}");
        assert!(h <= shortest);
        let s = optimal::solve_with(&board, Heuristic::Patterns(&nibbles), |_| {}).unwrap();
        assert_eq!(s.moves.len() as u32, shortest, "seed {seed}\n{board}");
        replays(&board, &s.moves);
    }
    // The 2×4 analogue (no mirror on a non-square board): 4 and 3 tiles.
    let exact = bfs::distances_from_goal(2, 4).unwrap();
    let spec = PatternSpec::new(2, 4, vec![vec![5, 6, 7], vec![1, 2, 3, 4]], false).unwrap();
    let pdb = PatternDatabase::build(spec.with_entries(Entries::Nibbles), 2, |_| {});
    for seed in 0..50 {
        let board = Board::scrambled(2, 4, Scramble::Uniform, seed).unwrap();
        let s = optimal::solve_with(&board, Heuristic::Patterns(&pdb), |_| {}).unwrap();
        assert_eq!(Some(s.moves.len() as u32), exact.distance(&board), "seed {seed}\n{board}");
    }
}

/// All arrangements of a small board as plain cell vectors, for checks that
/// do not go through the packed encoding.
fn all_boards(rows: usize, cols: usize) -> Vec<Vec<u32>> {
    let goal = Board::goal(rows, cols).unwrap();
    let mut all: Vec<Vec<u32>> = vec![goal.cells().to_vec()];
    let mut seen: HashSet<Vec<u32>> = all.iter().cloned().collect();
    // Swapping any two cells generates every permutation.
    let mut i = 0;
    while i < all.len() {
        for a in 0..rows * cols {
            for b in a + 1..rows * cols {
                let mut next = all[i].clone();
                next.swap(a, b);
                if seen.insert(next.clone()) {
                    all.push(next);
                }
            }
        }
        i += 1;
    }
    all
}

#[test]
fn bigger_boards_are_refused_with_the_human_solver_named() {
    let big = Board::scrambled(5, 5, Scramble::Uniform, 1).unwrap();
    let err = optimal::solve(&big).unwrap_err();
    assert!(matches!(err, SearchError::TooLarge { max_cells: 16, .. }));
    assert!(err.to_string().contains("`human` solver"), "{err}");
    assert!(bfs::solve(&Board::goal(4, 4).unwrap()).is_err());
    let pdb = PatternDatabase::build(small_spec(), 2, |_| {});
    let wrong = Board::goal(4, 4).unwrap();
    assert!(matches!(
        optimal::solve_with(&wrong, Heuristic::Patterns(&pdb), |_| {}),
        Err(SearchError::WrongShape { .. })
    ));
}

#[test]
#[ignore = "fifteen seconds: exhaustive searches of 4×4 boards; CI runs it"]
fn on_4x4_two_independent_bounds_and_exhaustive_search_agree() {
    let pdb = fifteen_pdb();
    // Short walks: iterative deepening tries every sequence, so its length is
    // the optimum; both IDA* bounds must find the same.
    for seed in 0..12 {
        let board = Board::scrambled(4, 4, Scramble::Walk(10 + seed), seed).unwrap();
        let exhaustive = iddfs::solve(&board, iddfs::Limits::default(), |_| {}).unwrap();
        let by_pdb = optimal::solve_with(&board, Heuristic::Patterns(pdb), |_| {}).unwrap();
        let by_lc = optimal::solve(&board).unwrap();
        assert_eq!(by_pdb.moves.len(), exhaustive.moves.len(), "seed {seed}\n{board}");
        assert_eq!(by_lc.moves.len(), exhaustive.moves.len(), "seed {seed}\n{board}");
        replays(&board, &by_pdb.moves);
    }
    // The example board of Sweigart's sliding-tile solver (README: Sources):
    // 18 moves, proved by iterative deepening.
    let sweigart_board: Board = "7 1 3 4\n2 5 10 8\n_ 6 9 11\n13 14 15 12".parse().unwrap();
    assert_eq!(optimal::solve_with(&sweigart_board, Heuristic::Patterns(pdb), |_| {}).unwrap().moves.len(), 18);
    // Deeper walks: Manhattan + linear conflict and the pattern databases are
    // independent lower bounds; IDA* with either proves the same optimum,
    // which is at most the walk's length and has its parity.
    for seed in 0..8 {
        let walk = 36 + 2 * seed;
        let board = Board::scrambled(4, 4, Scramble::Walk(walk), 100 + seed).unwrap();
        let by_pdb = optimal::solve_with(&board, Heuristic::Patterns(pdb), |_| {}).unwrap();
        let by_lc = optimal::solve(&board).unwrap();
        assert_eq!(by_pdb.moves.len(), by_lc.moves.len(), "seed {seed}\n{board}");
        assert!(by_pdb.moves.len() as u64 <= walk && (walk - by_pdb.moves.len() as u64).is_multiple_of(2));
        assert!(by_pdb.stats.generated <= by_lc.stats.generated, "the databases prune more");
        replays(&board, &by_pdb.moves);
    }
}

#[test]
#[ignore = "ten seconds: optimal solves of random 4×4 boards; CI runs it"]
fn uniform_15_puzzles_are_solved_and_replay() {
    let pdb = fifteen_pdb();
    for seed in 0..5 {
        let board = Board::scrambled(4, 4, Scramble::Uniform, seed).unwrap();
        let s = optimal::solve_with(&board, Heuristic::Patterns(pdb), |_| {}).unwrap();
        assert!(s.moves.len() as u32 >= optimal::estimate(&board, Heuristic::Patterns(pdb)).unwrap());
        assert!(s.moves.len() as u32 >= optimal::estimate(&board, Heuristic::ManhattanConflicts).unwrap());
        replays(&board, &s.moves);
    }
}
