//! `fifteen check` on small boards: solutions check, wrong ones are named,
//! input that is not moves is refused, and `fifteen solve`'s output checks
//! as it is.

use std::path::Path;
use std::process::Output;

use crate::common::fifteen_with_cache;

fn fifteen(args: &[&str], stdin: &str) -> Output {
    let cache = tempfile::tempdir().unwrap();
    fifteen_with_cache(args, stdin, cache.path())
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// A failure: exit code and one `error:` line holding `needle`, nothing on stdout.
fn assert_error(out: &Output, code: i32, needle: &str) {
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "stderr: {err}");
    assert!(err.starts_with("error: ") && err.lines().count() == 1, "{err}");
    assert!(err.contains(needle), "`{needle}` in {err}");
    assert!(!err.contains("panicked"));
    assert!(out.stdout.is_empty(), "{}", text(&out.stdout));
}

/// A 5×4 board written to `dir`, and the path as an argument.
fn board_file(dir: &Path) -> String {
    let out = fifteen(&["scramble", "--rows", "5", "--cols", "4", "--seed", "3"], "");
    assert!(out.status.success());
    let path = dir.join("board");
    std::fs::write(&path, &out.stdout).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
#[ignore = "seconds: every format and notation through the binary; CI runs it"]
fn solve_output_piped_in_checks_in_every_format_and_notation() {
    let dir = tempfile::tempdir().unwrap();
    let board = board_file(dir.path());
    for (format, notation, blank) in
        [("letters", "tile", false), ("words", "tile", false), ("letters", "blank", true), ("words", "blank", true)]
    {
        let solved = fifteen(&["solve", &board, "--format", format, "--notation", notation], "");
        assert!(solved.status.success(), "{}", text(&solved.stderr));
        let moves = text(&solved.stdout);
        let count = moves.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty()).count();
        let count = if format == "letters" { moves.trim().len() } else { count };
        let args: Vec<&str> = ["check", board.as_str(), "-"].into_iter().chain(blank.then_some("--blank")).collect();
        let checked = fifteen(&args, &moves);
        assert!(checked.status.success(), "{format} {notation}: {}", text(&checked.stderr));
        assert_eq!(text(&checked.stdout), format!("ok {count}\n"), "{format} {notation}");
        // Read in the other notation, the same moves go wrong.
        let flipped: Vec<&str> =
            ["check", board.as_str(), "-"].into_iter().chain((!blank).then_some("--blank")).collect();
        assert_eq!(fifteen(&flipped, &moves).status.code(), Some(1), "{format} {notation} flipped");
    }
}

#[test]
fn moves_from_a_file_with_counts_and_new_lines() {
    let dir = tempfile::tempdir().unwrap();
    let moves = dir.path().join("moves");
    // 7 8 / 1 2 … : the blank (bottom left of a 3×3) is two slides from home.
    std::fs::write(&moves, "l\nL\n").unwrap();
    let out = fifteen(&["check", "1 2 3/4 5 6/0 7 8", moves.to_str().unwrap()], "");
    assert_eq!(text(&out.stdout), "ok 2\n", "{}", text(&out.stderr));
    std::fs::write(&moves, "R2L2 L2\n").unwrap();
    let out = fifteen(&["check", "1 2 3/4 5 6/0 7 8", moves.to_str().unwrap()], "");
    assert_error(&out, 1, "move 1 (R) is illegal");
    std::fs::write(&moves, "U D2 L2").unwrap();
    let out = fifteen(&["check", "1 2 3/4 5 6/7 8 0", moves.to_str().unwrap()], "");
    assert_error(&out, 1, "move 1 (U) is illegal");
}

#[test]
fn an_illegal_move_is_named_by_its_number() {
    let dir = tempfile::tempdir().unwrap();
    let board = board_file(dir.path());
    let solved = fifteen(&["solve", &board], "");
    let mut moves = text(&solved.stdout).trim().to_string();
    // Ten moves in, walk the blank off the board: some move of a straight
    // run of one direction is illegal within four.
    let walk = "L".repeat(4);
    moves.insert_str(10, &walk);
    let out = fifteen(&["check", &board, "-"], &moves);
    let err = text(&out.stderr);
    assert_error(&out, 1, "is illegal: no tile can slide left into the blank");
    let number: usize = err.split_whitespace().nth(2).unwrap().parse().unwrap();
    assert!((11..=14).contains(&number), "{err}");
}

#[test]
fn moves_that_stop_short_say_how_many_tiles_are_not_home() {
    let out = fifteen(&["check", "1 2 3/4 5 6/0 7 8", "-"], "L");
    assert_error(&out, 1, "the moves end short of the goal: after 1 move, 1 tile is not home");
    let out = fifteen(&["check", "1 2 3/4 5 6/0 7 8", "-"], "");
    assert_error(&out, 1, "after 0 moves, 2 tiles are not home");
}

#[test]
fn bad_input_exits_2() {
    let board = "1 2 3/4 5 6/0 7 8";
    assert_error(&fifteen(&["check", board, "-"], "LLDx"), 2, "line 1, column 4: `x` is not a move");
    assert_error(&fifteen(&["check", board, "-"], "D\nsideways"), 2, "line 2, column 1: `s` is not a move");
    assert_error(&fifteen(&["check", board, "-"], "L0"), 2, "a count repeats the letter before it");
    assert_error(&fifteen(&["check", "-", "-"], "L"), 2, "cannot both come from stdin");
    assert_error(&fifteen(&["check", "no-such-board", "-"], "L"), 2, "cannot read no-such-board");
    assert_error(&fifteen(&["check", board, "no-such-moves"], ""), 2, "cannot read no-such-moves");
    assert_error(&fifteen(&["check", "-", "no-such-moves"], "1 2\n3 3\n"), 2, "tile 3");
}
