//! The search solvers and the pattern-database cache, checked against each
//! other and against facts the tests derive themselves. The state graph's
//! checks are unit tests beside it (`crates/core/src/search/graph.rs`).

use std::collections::HashSet;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

use fifteen_core::search::optimal::{self, Entries, Heuristic, PatternDatabase, PatternSpec};
use fifteen_core::search::pdb_cache::{self, Origin};
use fifteen_core::search::{SearchError, bfs, iddfs};
use fifteen_core::{Board, Moves, Scramble};

fn replays(board: &Board, moves: &Moves) {
    let mut replay = board.clone();
    replay.apply(moves).unwrap_or_else(|e| panic!("{e}\n{board}"));
    assert!(replay.is_solved(), "the moves solve the board\n{board}");
}

fn small_spec() -> PatternSpec {
    PatternSpec::new(3, 3, vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]], true).unwrap()
}

/// The 15-puzzle's 6-6-3 tables, built once per test run in a temporary cache.
fn fifteen_pdb() -> &'static PatternDatabase {
    static PDB: OnceLock<PatternDatabase> = OnceLock::new();
    PDB.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let loaded = pdb_cache::load_or_build(&PatternSpec::fifteen_663(), Some(dir.path()), 2, |_| {});
        assert_eq!(loaded.origin, Origin::Built);
        assert!(loaded.save_error.is_none());
        loaded.database
    })
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

#[test]
fn the_7_8_spec_is_the_row_split_and_is_never_built_unasked() {
    let spec = PatternSpec::fifteen_78();
    assert_eq!(spec.partition(), "7-8");
    assert_eq!(spec.entries(), Entries::Nibbles);
    assert_eq!((spec.table_len(0), spec.table_len(1)), (57_657_600, 518_918_400));
    assert_eq!((spec.table_bytes(0), spec.table_bytes(1)), (28_828_800, 259_459_200));
    assert_eq!(PatternSpec::default_for(4, 4), Some(PatternSpec::fifteen_663()));
    // No file: nothing loaded, nothing built.
    let dir = tempfile::tempdir().unwrap();
    assert!(pdb_cache::load_if_present(&spec, dir.path()).unwrap().is_none());
    assert!(std::fs::read_dir(dir.path()).unwrap().next().is_none());
    // A damaged file is an error, not a build.
    std::fs::write(dir.path().join(pdb_cache::file_name(&spec)), b"FIFTEEN-PDB\n\x01\0\0\0").unwrap();
    let err = pdb_cache::load_if_present(&spec, dir.path()).unwrap_err();
    assert!(err.to_string().contains("truncated"), "{err}");
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

fn corrupt(path: &Path, how: &str) {
    let mut bytes = std::fs::read(path).unwrap();
    match how {
        "flip" => {
            let i = bytes.len() - 7;
            bytes[i] ^= 0x40;
        }
        "truncate" => bytes.truncate(bytes.len() / 2),
        "empty" => bytes.clear(),
        "garbage" => bytes = b"this is not a pattern database at all".to_vec(),
        _ => unreachable!(),
    }
    std::fs::write(path, bytes).unwrap();
}

#[test]
fn a_damaged_cache_is_rebuilt_with_a_reason_and_never_gives_a_wrong_answer() {
    let exact = bfs::distances_from_goal(3, 3).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let spec = small_spec();
    let first = pdb_cache::load_or_build(&spec, Some(dir.path()), 2, |_| {});
    assert_eq!(first.origin, Origin::Built);
    let path = first.path.clone().unwrap();
    assert!(path.starts_with(dir.path()));
    let good = std::fs::read(&path).unwrap();
    // Damage is done in place, which fifteen itself never does: no mapping
    // of the file may be alive meanwhile, so keep a copy and drop `first`.
    let first_tables: Vec<Vec<u8>> = first.database.tables().iter().map(|t| t.to_vec()).collect();
    drop(first);
    for how in ["flip", "truncate", "empty", "garbage"] {
        corrupt(&path, how);
        let loaded = pdb_cache::load_or_build(&spec, Some(dir.path()), 2, |_| {});
        let Origin::Rebuilt { reason } = &loaded.origin else { panic!("{how}: {:?}", loaded.origin) };
        assert!(!reason.is_empty());
        assert_eq!(loaded.database.tables(), first_tables, "{how}");
        assert_eq!(std::fs::read(&path).unwrap(), good, "{how}: the file is written again");
        for seed in 0..20 {
            let board = Board::scrambled(3, 3, Scramble::Uniform, seed).unwrap();
            let s = optimal::solve_with(&board, Heuristic::Patterns(&loaded.database), |_| {}).unwrap();
            assert_eq!(Some(s.moves.len() as u32), exact.distance(&board));
        }
        assert_eq!(pdb_cache::load_or_build(&spec, Some(dir.path()), 2, |_| {}).origin, Origin::Loaded);
    }
}

// ---- the command ----

fn fifteen(args: &[&str], stdin: &str, cache: &Path) -> Output {
    crate::common::fifteen_with_cache(args, stdin, cache)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

#[test]
fn the_command_runs_every_search_solver() {
    let cache = tempfile::tempdir().unwrap();
    let board = Board::scrambled(3, 3, Scramble::Uniform, 9).unwrap();
    let shortest = bfs::solve(&board).unwrap().moves.len();
    for solver in ["bfs", "iddfs", "optimal"] {
        let out = fifteen(&["solve", "--solver", solver], &board.to_string(), cache.path());
        assert!(out.status.success(), "{solver}: {}", text(&out.stderr));
        let moves: Moves = text(&out.stdout).trim().parse().unwrap();
        assert_eq!(moves.len(), shortest, "{solver}");
        replays(&board, &moves);
    }
    // iddfs reports each depth limit on stderr, like Sweigart's solver (README: Sources).
    let out = fifteen(&["solve", "--solver", "iddfs"], &board.to_string(), cache.path());
    let err = text(&out.stderr);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), shortest + 1, "{err}");
    assert_eq!(lines[0], "Attempting to solve in at most 0 moves...");
    assert_eq!(lines[shortest], format!("Attempting to solve in at most {shortest} moves..."));
}

#[test]
fn blank_notation_and_json_stream_speak_the_game_servers_protocol() {
    let cache = tempfile::tempdir().unwrap();
    let out = fifteen(
        &["solve", "--solver", "bfs", "--notation", "blank", "--format", "json-stream"],
        "1 2 3\n4 5 6\n_ 7 8\n",
        cache.path(),
    );
    assert!(out.status.success());
    assert_eq!(text(&out.stdout), "{\"Move\":\"right\"}\n{\"Move\":\"right\"}\n");
    let tile = fifteen(&["solve", "--solver", "bfs", "--format", "words"], "1 2 3\n4 5 6\n_ 7 8\n", cache.path());
    assert_eq!(text(&tile.stdout), "left, left\n");
}

#[test]
fn the_graph_command_prints_the_facts_and_dot() {
    let cache = tempfile::tempdir().unwrap();
    let out = fifteen(&["graph", "--rows", "2", "--cols", "3"], "", cache.path());
    assert!(out.status.success());
    let s = text(&out.stdout);
    assert!(s.contains("vertices           720"), "{s}");
    assert!(s.contains("edges              840"), "{s}");
    assert!(s.contains("components           2  sizes 360, 360"), "{s}");
    assert!(s.contains("the farthest lie 21 moves away"), "{s}");
    let dot = text(&fifteen(&["graph", "--rows", "2", "--cols", "2", "--dot"], "", cache.path()).stdout);
    assert!(dot.starts_with("graph") && dot.trim_end().ends_with('}'));
    assert_eq!(dot.matches("color=green").count(), 1, "the goal is framed");
    assert_eq!(dot.matches(" -- ").count(), 24);
    let too_big = fifteen(&["graph", "--rows", "3", "--cols", "3", "--dot"], "", cache.path());
    assert_eq!(too_big.status.code(), Some(2));
    let too_big = fifteen(&["graph", "--rows", "4", "--cols", "4"], "", cache.path());
    assert_eq!(too_big.status.code(), Some(2));
    assert!(text(&too_big.stderr).starts_with("error: "));
}

#[test]
#[ignore = "seconds: builds the 4×4 tables for the comparison; CI runs it"]
fn too_big_for_optimal_exits_2_naming_human_and_compare_still_runs_human() {
    let cache = tempfile::tempdir().unwrap();
    let board = Board::scrambled(8, 8, Scramble::Uniform, 3).unwrap().to_string();
    let out = fifteen(&["solve", "--solver", "optimal"], &board, cache.path());
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.starts_with("error: ") && err.contains("`human` solver"), "{err}");
    let out = fifteen(&["solve", "--compare"], &board, cache.path());
    assert!(out.status.success());
    let s = text(&out.stdout);
    assert!(s.contains("human") && s.contains("only for boards of up to 16 cells"), "{s}");
}

#[test]
#[ignore = "half a minute: builds the 6-6-3 tables afresh; CI runs it"]
fn the_15_puzzle_from_the_command_with_a_damaged_cache() {
    // One build of the 6-6-3 tables through the command, then a truncated
    // cache file: a warning, a rebuild, and still the optimal answer.
    let cache = tempfile::tempdir().unwrap();
    let board = Board::scrambled(4, 4, Scramble::Uniform, 2).unwrap();
    let expected = optimal::solve_with(&board, Heuristic::Patterns(fifteen_pdb()), |_| {}).unwrap().moves.len();
    let first = fifteen(&["solve", "--solver", "optimal", "--stats"], &board.to_string(), cache.path());
    assert!(first.status.success(), "{}", text(&first.stderr));
    assert!(text(&first.stderr).contains("built, saved to"), "{}", text(&first.stderr));
    let file = std::fs::read_dir(cache.path().join("fifteen")).unwrap().next().unwrap().unwrap().path();
    corrupt(&file, "truncate");
    let out = fifteen(&["solve", "--solver", "optimal", "--stats"], &board.to_string(), cache.path());
    assert!(out.status.success());
    let err = text(&out.stderr);
    assert!(
        err.contains("warning: the pattern database cache could not be used") && err.contains("truncated"),
        "{err}"
    );
    let moves: Moves = text(&out.stdout).trim().parse().unwrap();
    assert_eq!(moves.len(), expected);
    replays(&board, &moves);
    // Loaded from the repaired cache now, and --compare agrees.
    let compare = fifteen(&["solve", "--compare"], &board.to_string(), cache.path());
    let s = text(&compare.stdout);
    assert!(
        s.lines().any(|l| l.starts_with("optimal") && l.split_whitespace().nth(1) == Some(&expected.to_string())),
        "{s}"
    );
    assert!(!text(&compare.stderr).contains("warning"));
}

#[test]
#[ignore = "twenty seconds: builds the 6-6-3 tables afresh; CI runs it"]
fn a_damaged_7_8_cache_falls_back_to_6_6_3_with_a_warning() {
    // The 7-8 tables take minutes to build, so a test only plants a bad
    // file where they would be: the command warns, says which tables it
    // used, and answers with 6-6-3 (built by `pdb build`).
    let cache = tempfile::tempdir().unwrap();
    let built = fifteen(&["pdb", "build", "--partition", "6-6-3"], "", cache.path());
    assert!(built.status.success(), "{}", text(&built.stderr));
    assert!(text(&built.stdout).contains("pattern databases 6-6-3"), "{}", text(&built.stdout));
    let dir = cache.path().join("fifteen");
    // Another partition's file under the 7-8 name: foreign, refused in one line.
    let six = dir.join(pdb_cache::file_name(&PatternSpec::fifteen_663()));
    let seven = dir.join(pdb_cache::file_name(&PatternSpec::fifteen_78()));
    std::fs::copy(&six, &seven).unwrap();
    let board = Board::scrambled(4, 4, Scramble::Uniform, 4).unwrap();
    let out = fifteen(&["solve", "--solver", "optimal"], &board.to_string(), cache.path());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("warning: the 7-8 pattern databases cannot be used") && err.contains("built for"), "{err}");
    std::fs::write(&seven, b"not tables").unwrap();
    let board = Board::scrambled(4, 4, Scramble::Uniform, 3).unwrap();
    let expected = optimal::solve_with(&board, Heuristic::Patterns(fifteen_pdb()), |_| {}).unwrap().moves.len();
    let out = fifteen(&["solve", "--solver", "optimal", "--stats"], &board.to_string(), cache.path());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(err.contains("warning: the 7-8 pattern databases cannot be used"), "{err}");
    assert!(err.contains("pdb build --partition 7-8"), "{err}");
    assert!(err.contains("pattern databases 6-6-3") && err.contains("mapped from"), "{err}");
    let moves: Moves = text(&out.stdout).trim().parse().unwrap();
    assert_eq!(moves.len(), expected);
    replays(&board, &moves);
}

/// Three 5-tile groups of the 15-puzzle: 24 blocks of table, built in well
/// under a second.
fn three_fives() -> PatternSpec {
    PatternSpec::new(4, 4, vec![(1..=5).collect(), (6..=10).collect(), (11..=15).collect()], false).unwrap()
}

#[test]
#[ignore = "seconds: writes and damages mapped tables; CI runs it"]
fn a_mapped_table_is_refused_when_damaged_at_open_or_by_the_full_check() {
    let dir = tempfile::tempdir().unwrap();
    let spec = three_fives();
    let built = pdb_cache::load_or_build(&spec, Some(dir.path()), 2, |_| {});
    assert_eq!(built.origin, Origin::Built);
    assert!(built.database.is_shared(), "read back in place from the file just written");
    let path = built.path.clone().unwrap();
    drop(built);
    let good = std::fs::read(&path).unwrap();
    let header = good.len() - (0..3).map(|g| spec.table_bytes(g)).sum::<usize>();
    assert_eq!(header % 4096, 0, "the tables start on a page");
    assert!(pdb_cache::verify(&path, &spec).is_ok());
    let damaged = |at: usize| {
        let mut bytes = good.clone();
        bytes[at] ^= 0x10;
        std::fs::write(&path, bytes).unwrap();
    };
    // The header, the first and last byte of the tables, the goal's entry:
    // refused at every open, without reading the whole file.
    for at in [12, 30, 60, header, good.len() - 1, header + spec.goal_entry_byte(0)] {
        damaged(at);
        let err = pdb_cache::open(&path, &spec).unwrap_err().to_string();
        assert!(err.contains(".v2.bin: "), "byte {at}: names the file: {err}");
    }
    // Any byte of any block: refused by the full check.
    for at in (header..good.len()).step_by(65_536 / 3) {
        damaged(at);
        let err = pdb_cache::verify(&path, &spec).unwrap_err().to_string();
        assert!(err.contains("checksum of block"), "byte {at}: {err}");
    }
    // A file of the same spec's size but another spec's key: foreign.
    std::fs::write(&path, &good).unwrap();
    let other =
        PatternSpec::new(4, 4, vec![(1..=5).collect(), (11..=15).collect(), (6..=10).collect()], false).unwrap();
    let err = pdb_cache::open(&path, &other).unwrap_err().to_string();
    assert!(err.contains("built for"), "{err}");
    let db = pdb_cache::open(&path, &spec).unwrap();
    let board = Board::scrambled(4, 4, Scramble::Walk(30), 5).unwrap();
    let s = optimal::solve_with(&board, Heuristic::Patterns(&db), |_| {}).unwrap();
    replays(&board, &s.moves);
}

#[test]
#[ignore = "twenty seconds: builds and maps the tables from several processes; CI runs it"]
fn many_processes_solve_at_once_from_one_mapped_table() {
    let cache = tempfile::tempdir().unwrap();
    let built = fifteen(&["pdb", "build", "--partition", "6-6-3"], "", cache.path());
    assert!(built.status.success(), "{}", text(&built.stderr));
    let dir = cache.path().join("fifteen");
    let file = dir.join(pdb_cache::file_name(&PatternSpec::fifteen_663()));
    let before = std::fs::metadata(&file).unwrap().modified().unwrap();
    let boards: Vec<Board> = (0..8).map(|seed| Board::scrambled(4, 4, Scramble::Walk(60), seed).unwrap()).collect();
    let children: Vec<_> = boards
        .iter()
        .map(|board| {
            let mut child = Command::new(env!("CARGO_BIN_EXE_fifteen"))
                .args(["solve", "--solver", "optimal", "--stats"])
                .env("XDG_CACHE_HOME", cache.path())
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            child.stdin.take().unwrap().write_all(board.to_string().as_bytes()).unwrap();
            child
        })
        .collect();
    for (board, child) in boards.iter().zip(children) {
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert!(text(&out.stderr).contains("pattern databases 6-6-3") && text(&out.stderr).contains("mapped from"));
        let moves: Moves = text(&out.stdout).trim().parse().unwrap();
        let expected = optimal::solve_with(board, Heuristic::Patterns(fifteen_pdb()), |_| {}).unwrap();
        assert_eq!(moves.len(), expected.moves.len());
        replays(board, &moves);
    }
    // One file, read by all, rewritten by none.
    let files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(files.len(), 1, "{files:?}");
    assert_eq!(std::fs::metadata(&file).unwrap().modified().unwrap(), before);
    // Building again checks every block instead of building.
    let again = fifteen(&["pdb", "build", "--partition", "6-6-3"], "", cache.path());
    assert!(text(&again.stdout).contains("already built") && text(&again.stdout).contains("every block checked"));
}

#[test]
fn pdb_build_refuses_politely_without_the_memory() {
    let cache = tempfile::tempdir().unwrap();
    let out = fifteen(&["pdb", "build", "--partition", "7-8", "--assume-available-mb", "500"], "", cache.path());
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("error: building the 7-8 tables needs about 2.1 GB of memory and 500 MB is available"),
        "{err}"
    );
    assert_eq!(PatternSpec::fifteen_78().build_memory_bytes() / 100_000_000, 21);
    assert!(!cache.path().join("fifteen").exists(), "nothing written");
}
