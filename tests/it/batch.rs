//! `fifteen solve --batch`: one JSON line per input line, in input order,
//! error lines for bad boards, every solver, and the batch mode run as a
//! filter under GNU parallel.
//!
//! The GNU parallel test is skipped (with a line on stderr) when `parallel`
//! is not installed, unless `FIFTEEN_PARALLEL_TEST=require` (CI sets it
//! after installing Debian's `parallel`), which makes it fail instead.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use fifteen_core::search::bfs;
use fifteen_core::{Board, Moves, Scramble};
use serde_json::Value;

fn fifteen(args: &[&str], stdin: &str, cache: &Path) -> Output {
    crate::common::fifteen_with_cache(args, stdin, cache)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

fn json_lines(out: &Output) -> Vec<Value> {
    text(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"))).collect()
}

/// A board on one line, the way `--batch` reads it.
fn flat(board: &Board) -> String {
    board.cells().iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
}

/// Checks a solved line: its fields, and that its moves solve `board`.
fn check_solved(line: &Value, board: &Board, solver: &str) -> usize {
    assert_eq!(line["solver"], solver, "{line}");
    let moves: Moves = line["moves"].as_str().unwrap().parse().unwrap();
    assert_eq!(line["count"].as_u64(), Some(moves.len() as u64), "{line}");
    assert!(line["elapsed_ms"].as_f64().is_some_and(|ms| ms >= 0.0), "{line}");
    let mut replay = board.clone();
    replay.apply(&moves).unwrap();
    assert!(replay.is_solved(), "{line}\n{board}");
    moves.len()
}

#[test]
fn answers_come_back_in_input_order_with_error_lines_and_the_batch_goes_on() {
    let cache = tempfile::tempdir().unwrap();
    let boards: Vec<Board> = (0..12).map(|seed| Board::scrambled(3, 3, Scramble::Uniform, seed).unwrap()).collect();
    let unsolvable = "2 1 3 4 5 6 7 8 0";
    let mut input = String::from("# 3×3 boards, two bad lines among them\n");
    // The id each board's answer carries: its line number, or its own id.
    let mut ids = Vec::new();
    for (i, board) in boards.iter().enumerate() {
        match i {
            3 => input.push_str("1 2 3 4 x 6 7 8 0\n"),
            7 => input.push_str(&format!("{unsolvable}\n\n")),
            _ => {}
        }
        if i % 2 == 0 {
            input.push_str(&format!("{}\n", flat(board)));
            ids.push(Value::from(input.lines().count()));
        } else {
            input.push_str(&format!("{{\"id\":\"b{i}\",\"board\":{:?}}}\n", board.cells()));
            ids.push(Value::from(format!("b{i}")));
        }
    }
    for threads in ["1", "2", "3"] {
        let out = fifteen(&["solve", "--solver", "bfs", "--batch", "--threads", threads], &input, cache.path());
        assert_eq!(out.status.code(), Some(1), "a failed line fails the batch");
        let err = text(&out.stderr);
        assert_eq!(err.trim(), "error: 2 of 14 boards failed (see their \"error\" lines)");
        let lines = json_lines(&out);
        assert_eq!(lines.len(), 14, "one line per board, none for the comment and the blank line");
        let mut next_board = boards.iter().enumerate();
        for line in &lines {
            if let Some(error) = line.get("error") {
                let error = error.as_str().unwrap();
                assert!(error.contains("`x` is not a tile number") || error.starts_with("unsolvable board"), "{line}");
                assert_eq!(line.as_object().unwrap().len(), 2, "{line}");
                continue;
            }
            let (i, board) = next_board.next().unwrap();
            assert_eq!(line["id"], ids[i], "{line}");
            let count = check_solved(line, board, "bfs");
            assert_eq!(Some(count), bfs::solve(board).ok().map(|s| s.moves.len()), "shortest");
            assert!(line["nodes"].as_u64().is_some(), "{line}");
        }
        assert!(next_board.next().is_none(), "every board answered");
        // The error lines stand where their input lines stood: ids are line numbers.
        assert_eq!(lines[3]["id"], 5, "the bad line is line 5");
        assert!(lines[3]["error"].as_str().unwrap().contains("`x`"));
        assert_eq!(lines[8]["id"], 10, "the unsolvable line is line 10");
        assert!(lines[8]["error"].as_str().unwrap().starts_with("unsolvable board"));
    }
}

#[test]
#[ignore = "seconds: the batch mode with every solver; CI runs it"]
fn every_solver_and_any_size_for_the_human_one() {
    let cache = tempfile::tempdir().unwrap();
    // Human: a 3×5 as rows, a 7×7 flat, a 6×9 as text.
    let shapes = [(3, 5), (7, 7), (6, 9)];
    let boards: Vec<Board> = shapes
        .iter()
        .enumerate()
        .map(|(i, &(r, c))| Board::scrambled(r, c, Scramble::Uniform, i as u64).unwrap())
        .collect();
    let rows: Vec<Vec<u32>> = boards[0].cells().chunks(5).map(<[u32]>::to_vec).collect();
    let input = format!(
        "{{\"id\":1,\"board\":{rows:?}}}\n{}\n{}\n",
        flat(&boards[1]),
        serde_json::json!({"id": 3, "board": boards[2].to_string()})
    );
    let out = fifteen(&["solve", "--batch"], &input, cache.path());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 3);
    for (line, board) in lines.iter().zip(&boards) {
        check_solved(line, board, "human");
        assert!(line["nodes"].is_null(), "the human solver searches nothing: {line}");
    }
    // The search solvers on shallow 3×3 boards (iddfs only takes shallow ones).
    let small: Vec<Board> = (0..6).map(|s| Board::scrambled(3, 3, Scramble::Walk(14), s).unwrap()).collect();
    let input: String = small.iter().map(|b| format!("{}\n", flat(b))).collect();
    for solver in ["bfs", "iddfs", "optimal"] {
        let out = fifteen(&["solve", "--batch", "-", "--solver", solver], &input, cache.path());
        assert!(out.status.success(), "{solver}: {}", text(&out.stderr));
        let lines = json_lines(&out);
        for (line, board) in lines.iter().zip(&small) {
            let count = check_solved(line, board, solver);
            assert_eq!(count, bfs::solve(board).unwrap().moves.len(), "{solver}: shortest");
        }
    }
    // Too big for a search solver: an error line, not the end of the batch.
    let five = Board::scrambled(5, 5, Scramble::Uniform, 1).unwrap();
    let out = fifteen(
        &["solve", "--batch", "--solver", "optimal"],
        &format!("{}\n{}\n", flat(&five), flat(&small[0])),
        cache.path(),
    );
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    assert!(lines[0]["error"].as_str().unwrap().contains("`human` solver"), "{}", lines[0]);
    check_solved(&lines[1], &small[0], "optimal");
    // --format summary leaves the moves out; other formats are refused.
    let out = fifteen(&["solve", "--batch", "--solver", "bfs", "--format", "summary"], &input, cache.path());
    assert!(json_lines(&out).iter().all(|l| l.get("moves").is_none() && l["count"].is_u64()));
    let out = fifteen(&["solve", "--batch", "--format", "steps"], &input, cache.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).starts_with("error: --batch writes one JSON line per board"));
}

#[test]
fn thousands_of_lines_stream_through_on_two_threads_none_lost() {
    let cache = tempfile::tempdir().unwrap();
    let count = 3000u64;
    let input: String = (0..count)
        .map(|seed| {
            format!(
                "{{\"id\":{seed},\"board\":{:?}}}\n",
                Board::scrambled(3, 3, Scramble::Walk(12), seed).unwrap().cells()
            )
        })
        .collect();
    let out = fifteen(
        &["solve", "--batch", "--solver", "optimal", "--threads", "2", "--format", "summary"],
        &input,
        cache.path(),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let ids: Vec<u64> = json_lines(&out).iter().map(|l| l["id"].as_u64().unwrap()).collect();
    assert_eq!(ids, (0..count).collect::<Vec<_>>());
}

#[test]
fn the_batch_mode_runs_under_gnu_parallel_and_keeps_every_line_in_order() {
    let found = Command::new("parallel").arg("--version").stdout(Stdio::null()).stderr(Stdio::null()).status();
    if !found.is_ok_and(|s| s.success()) {
        crate::common::skip_without(
            "FIFTEEN_PARALLEL_TEST",
            "GNU parallel is not installed (apt-get install parallel)",
        );
        return;
    }
    let cache = tempfile::tempdir().unwrap();
    let count = 400u64;
    let boards: Vec<Board> = (0..count).map(|seed| Board::scrambled(3, 3, Scramble::Uniform, seed).unwrap()).collect();
    let mut input = String::new();
    for (i, board) in boards.iter().enumerate() {
        if i == 123 {
            input.push_str("{\"id\":\"bad\",\"board\":[1,2,3]}\n");
        }
        input.push_str(&format!("{{\"id\":{i},\"board\":{:?}}}\n", board.cells()));
    }
    let mut child = Command::new("parallel")
        .args(["--will-cite", "--pipe", "--keep-order", "-j", "4", "-N", "37"])
        .arg(env!("CARGO_BIN_EXE_fifteen"))
        .args(["solve", "--batch", "--solver", "optimal", "--threads", "1"])
        .env("XDG_CACHE_HOME", cache.path())
        .env("HOME", cache.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap().unwrap();
    // The one bad line fails its job, and parallel reports that.
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), count as usize + 1, "every line came back once");
    assert_eq!(lines[123]["id"], "bad");
    assert!(lines[123]["error"].as_str().is_some());
    let solved: Vec<&Value> = lines.iter().filter(|l| l.get("error").is_none()).collect();
    for (i, (line, board)) in solved.iter().zip(&boards).enumerate() {
        assert_eq!(line["id"], i as u64, "in order");
        check_solved(line, board, "optimal");
    }
}
