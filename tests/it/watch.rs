//! `fifteen watch` / `fifteen play` without a display: the terminal
//! animation, the fallback line, and option errors.

use fifteen_core::HumanOptions;
use std::io::Write;
use std::process::{Output, Stdio};

fn fifteen(args: &[&str], stdin: &str) -> Output {
    let mut child = crate::common::fifteen_command()
        .args(args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

#[test]
fn tui_watch_prints_each_phase_and_the_solved_board() {
    let out = fifteen(&["watch", "--tui", "--size", "4", "--seed", "7"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    // At the default effort a 4×4's lines are each searched whole: one
    // placement a line, this board's column first (the default order is
    // free), then the row beside it.
    assert!(stdout.starts_with("column 1: tiles 1, 5, 9, 13  |  move 0"), "{stdout}");
    assert!(stdout.contains("row 1: tiles 2–4"), "{stdout}");
    assert!(stdout.contains("last 2×2"));
    assert!(stdout.contains(" 1  2  3  4\n 5  6  7  8\n 9 10 11 12\n13 14 15 __\n"));
    let board = fifteen_core::Board::scrambled(4, 4, fifteen_core::Scramble::Uniform, 7).unwrap();
    // By default the effort goes by size (see `Effort::for_size`).
    let effort = fifteen_core::human::Effort::for_size(4, 4);
    let mut planner =
        fifteen_core::human::Planner::new(&board, &HumanOptions { effort, ..HumanOptions::default() }).unwrap();
    planner.run(&mut |_| {}).unwrap();
    let moves = planner.moves();
    assert!(stdout.ends_with(&format!("Solved in {moves} moves.\n")), "{stdout}");
    assert!(out.stderr.is_empty(), "--tui asks for the terminal: no note needed");
}

#[test]
fn no_display_falls_back_to_the_terminal_with_one_line() {
    let out = fifteen(&["watch", "--rows", "3", "--cols", "5", "--seed", "2", "--frames", "3"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 2, "{stderr}");
    // "no display", or "built without the window" under --no-default-features.
    assert!(lines[0].starts_with("note: ") && lines[0].contains("in the terminal"), "{stderr}");
    assert!(lines[1].starts_with("frames: 3, fps: "), "{stderr}");
    assert!(!stderr.contains("panicked"));
}

#[test]
fn a_board_file_can_be_watched() {
    let out = fifteen(&["watch", "--tui", "-"], "1 2 3\n4 5 6\n_ 7 8\n");
    assert!(out.status.success());
    assert!(text(&out.stdout).ends_with("Solved in 2 moves.\n"));
}

#[test]
fn play_reads_moves_in_the_terminal() {
    let out = fifteen(&["play", "--tui", "-"], "1 2 3\n4 5 6\n_ 7 8\n");
    // The board came from stdin, so there are no moves left to read.
    assert!(out.status.success());
    let board = "1 2 3\n4 5 6\n7 _ 8\n";
    let dir = std::env::temp_dir().join(format!("fifteen-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("board.txt");
    std::fs::write(&file, board).unwrap();
    let out = fifteen(&["play", "--tui", file.to_str().unwrap()], "i\nL\n");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(stdout.contains("hint: L (slide 8 left)"), "{stdout}");
    assert!(stdout.contains("Solved in 1 moves.\n"), "{stdout}");
    // The game solved by hand comes out as a replay link that reads back.
    let link = stdout.lines().last().unwrap().strip_prefix("your solve as a slidysim replay link: ").unwrap();
    let solve = &fifteen_core::slidysim::parse_source(link, &fifteen_core::slidysim::LinkLimits::DEFAULT).unwrap()[0];
    assert_eq!(
        (solve.scramble.to_string(), solve.moves.to_string()),
        (board.parse::<fifteen_core::Board>().unwrap().to_string(), "L".to_string())
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_options_are_one_line_errors() {
    for (args, code, needle) in [
        (&["watch", "--speed", "0"][..], 2, "--speed must be positive, got 0"),
        (&["watch", "--speed", "200000000000"][..], 2, "out of range"),
        (&["watch", "--frames", "0"][..], 2, "--frames must be positive, got 0"),
        (&["watch", "--size", "1"][..], 2, "at least 2 rows"),
        (&["watch", "some-file", "--size", "4"][..], 2, "not both"),
        (&["watch", "--size", "4", "--screenshot", "/tmp/x.png"][..], 1, "screenshot"),
    ] {
        let out = fifteen(args, "");
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {stderr}");
        assert!(stderr.starts_with("error: ") && stderr.lines().count() == 1, "{args:?}: {stderr}");
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
    }
}

#[test]
fn an_unsolvable_board_is_refused_before_any_window() {
    let out = fifteen(&["watch", "-"], "2 1\n3 0\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).starts_with("error: unsolvable board"));
}
