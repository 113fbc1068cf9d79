//! The search solvers through the command: `solve --solver …`, the graph,
//! `pdb build` and the pattern databases in the cache directory (their
//! library checks are the core's unit tests).

use std::io::Write;
use std::path::Path;
use std::process::{Output, Stdio};
use std::sync::OnceLock;

use fifteen_core::solver::{self, Solver, SolverOptions};
use fifteen_core::tables::{BuiltTables, Partition};
use fifteen_core::{Board, Moves, Scramble};

fn replays(board: &Board, moves: &Moves) {
    let mut replay = board.clone();
    replay.apply(moves).unwrap_or_else(|e| panic!("{e}\n{board}"));
    assert!(replay.is_solved(), "the moves solve the board\n{board}");
}

/// The optimal length of a 4×4, by the library with the 6-6-3 tables built
/// once per test run in memory.
fn optimal_length(board: &Board) -> usize {
    static TABLES: OnceLock<BuiltTables> = OnceLock::new();
    let tables = TABLES.get_or_init(|| BuiltTables::new(2));
    let options = SolverOptions { solver: Solver::Optimal, tables, ..SolverOptions::default() };
    solver::solve(board, &options).unwrap().moves.len()
}

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
    let bfs = SolverOptions { solver: Solver::Bfs, ..SolverOptions::default() };
    let shortest = solver::solve(&board, &bfs).unwrap().moves.len();
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
    let expected = optimal_length(&board);
    let first = fifteen(&["solve", "--solver", "optimal", "--stats"], &board.to_string(), cache.path());
    assert!(first.status.success(), "{}", text(&first.stderr));
    assert!(text(&first.stderr).contains("built, saved to"), "{}", text(&first.stderr));
    let file = std::fs::read_dir(cache.path().join("fifteen")).unwrap().next().unwrap().unwrap().path();
    let bytes = std::fs::read(&file).unwrap();
    std::fs::write(&file, &bytes[..bytes.len() / 2]).unwrap();
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
    let six = dir.join(Partition::SixSixThree.file_name());
    let seven = dir.join(Partition::SevenEight.file_name());
    std::fs::copy(&six, &seven).unwrap();
    let board = Board::scrambled(4, 4, Scramble::Uniform, 4).unwrap();
    let out = fifteen(&["solve", "--solver", "optimal"], &board.to_string(), cache.path());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("warning: the 7-8 pattern databases cannot be used") && err.contains("built for"), "{err}");
    std::fs::write(&seven, b"not tables").unwrap();
    let board = Board::scrambled(4, 4, Scramble::Uniform, 3).unwrap();
    let expected = optimal_length(&board);
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

#[test]
#[ignore = "twenty seconds: builds and maps the tables from several processes; CI runs it"]
fn many_processes_solve_at_once_from_one_mapped_table() {
    let cache = tempfile::tempdir().unwrap();
    let built = fifteen(&["pdb", "build", "--partition", "6-6-3"], "", cache.path());
    assert!(built.status.success(), "{}", text(&built.stderr));
    let dir = cache.path().join("fifteen");
    let file = dir.join(Partition::SixSixThree.file_name());
    let before = std::fs::metadata(&file).unwrap().modified().unwrap();
    let boards: Vec<Board> = (0..8).map(|seed| Board::scrambled(4, 4, Scramble::Walk(60), seed).unwrap()).collect();
    let children: Vec<_> = boards
        .iter()
        .map(|board| {
            let mut child = crate::common::fifteen_command()
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
        assert_eq!(moves.len(), optimal_length(board));
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
    assert_eq!(Partition::SevenEight.build_memory_bytes() / 100_000_000, 21);
    assert!(!cache.path().join("fifteen").exists(), "nothing written");
}
