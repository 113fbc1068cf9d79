//! A person's solve played as fifteen's own: `fifteen replay` in the
//! terminal and its mistakes. The timeline read from the board and the
//! real-time pace are the animation queue's unit tests (`crates/view/src/anim/tests.rs`);
//! the window itself is checked under Xvfb in `tests/it/gui.rs`.

use std::process::Output;

use fifteen_core::lines;
use fifteen_core::slidysim::{self, Solve};

fn fixture(name: &str) -> Vec<Solve> {
    let path = format!("{}/tests/data/slidysim/{name}", env!("CARGO_MANIFEST_DIR"));
    slidysim::parse_source(&std::fs::read_to_string(path).unwrap(), &slidysim::LinkLimits::DEFAULT).unwrap()
}

fn fifteen(args: &[&str]) -> Output {
    crate::common::fifteen_command()
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("fifteen runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn replay_in_the_terminal_names_the_person_and_each_line() {
    let out = fifteen(&["replay", "tests/data/slidysim/4x4-single.txt", "--tui"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let names: Vec<String> = lines::detect(&fixture("4x4-single.txt")[0].scramble, &fixture("4x4-single.txt")[0].moves)
        .iter()
        .map(|d| d.line.name())
        .collect();
    for name in &names {
        assert!(stdout.contains(&format!("{name}  |  move ")), "{name} missing:\n{stdout}");
    }
    assert!(stdout.contains("4×4 single by dphdmn"), "{stdout}");
    assert!(stdout.contains(" 1  2  3  4\n 5  6  7  8\n 9 10 11 12\n13 14 15 __\n"));
    assert!(stdout.ends_with("Solved in 26 moves.\n"), "{stdout}");

    // No display: the window falls back to the terminal with one note.
    let out = fifteen(&["replay", "tests/data/slidysim/4x4-single.txt", "--real-time", "--frames", "3"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    // "no display", or "built without the window" under --no-default-features.
    assert!(stderr.starts_with("note: ") && stderr.contains("in the terminal"), "{stderr}");
    assert!(stderr.contains("frames: "), "{stderr}");
    assert!(text(&out.stdout).contains("1× their pace"), "{}", text(&out.stdout));
}

#[test]
fn replay_mistakes_fail_with_one_line() {
    let four = "tests/data/slidysim/4x4-single.txt";
    let cases: [(&[&str], &str); 5] = [
        (&["replay", "tests/data/slidysim/30x30-custom.txt", "--real-time", "--tui"], "no move times"),
        (&["replay", four, "--frames", "0"], "--frames"),
        (&["replay", four, "--speed", "1e12"], "out of range"),
        (&["replay", four, "--screenshot", "x.jpg"], ".png"),
        (&["replay", four, "--tui", "--screenshot", "x.png"], "--tui"),
    ];
    for (args, says) in cases {
        let out = fifteen(args);
        let stderr = text(&out.stderr);
        assert!(!out.status.success(), "{args:?} succeeded");
        assert_eq!(stderr.trim().lines().count(), 1, "one line: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
}

#[test]
fn compare_watch_needs_a_window_and_says_so_in_one_line() {
    let source = "tests/data/slidysim/4x4-single.txt";
    let out = fifteen(&["compare", source, "--watch"]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.starts_with("error: ") && err.lines().count() == 1 && err.contains("--watch needs"), "{err}");
    assert!(out.stdout.is_empty(), "no table instead");
    // The window's flags need --watch, and --watch prints no table.
    for (args, needle) in [
        (&["compare", source, "--frames", "3"][..], "--watch"),
        (&["compare", source, "--watch", "--format", "json"][..], "cannot be used with"),
    ] {
        let out = fifteen(args);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

/// A 4×4 solve of 33 moves against par 31 (its first row lost two).
const COACHED_4X4: &str = "https://slidysim.github.io/replay?r=eNoliTkKwDAMBL%2ByqHaw11eSXqUqgaqQ%2F38jgjQ7M%2Bwj6qoW4Umz8DD1nPgrH5PCvVorsnGCmJUTHOi46sIAG9griRtpS8rB9wO58hOS";

#[test]
fn coach_watch_plays_the_solve_in_the_terminal_with_each_lines_loss() {
    // The coaching as JSON, to check the terminal's lines against.
    let out = fifteen(&["coach", COACHED_4X4, "--format", "json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let coached: serde_json::Value = serde_json::from_str(text(&out.stdout).lines().next().unwrap()).unwrap();
    // No display: the terminal, each line with its par and loss.
    let out = fifteen(&["coach", COACHED_4X4, "--watch"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    assert!(stderr.starts_with("note: ") && stderr.contains("in the terminal"), "{stderr}");
    let stdout = text(&out.stdout);
    for line in coached["lines"].as_array().unwrap() {
        let loss = match line["loss"].as_i64().unwrap() {
            0 => "lost none".to_string(),
            l => format!("lost {l}"),
        };
        let said = format!(
            "{}: {} moves, par {} → {} (optimal): {loss}; 2 lost in all   C: fifteen's way ({} moves)",
            line["line"].as_str().unwrap(),
            line["moves"],
            line["par_before"],
            line["par_after"],
            line["better"]["count"],
        );
        assert!(stdout.contains(&said), "{said}\nnot in\n{stdout}");
    }
    assert!(stdout.ends_with("Solved in 33 moves.\n"), "{stdout}");
}

#[test]
fn coach_watch_flags_are_checked_before_the_coaching() {
    for (args, needle, code) in [
        (&["coach", COACHED_4X4, "--frames", "3"][..], "--watch", 2),
        (&["coach", COACHED_4X4, "--watch", "--format", "json"][..], "cannot be used with", 2),
        (&["coach", COACHED_4X4, "--watch", "--tui", "--screenshot", "x.png"][..], "cannot be used with", 2),
        (&["coach", COACHED_4X4, "--watch", "--frames", "0"][..], "--frames must be positive", 2),
        (&["coach", COACHED_4X4, "--watch", "--speed", "1e12"][..], "out of range", 2),
        (&["coach", COACHED_4X4, "--watch", "--screenshot", "x.jpg"][..], ".png", 2),
    ] {
        let out = fifteen(args);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        // fifteen's own checks say it in one line (clap's list the flags).
        if !needle.contains("--watch") && !needle.contains("cannot") {
            assert_eq!(err.trim().lines().count(), 1, "one line: {err}");
        }
    }
}
