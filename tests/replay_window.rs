//! A person's solve played as fifteen's own: the timeline read from the
//! board (phases are the lines `lines::detect` finds, locks only on
//! finished lines, replayed to the goal), the real-time pace, and `fifteen replay` in the terminal.
//! The window itself is checked under Xvfb in `tests/gui.rs`.

use std::process::{Command, Output};

use fifteen::anim::{Cue, Pace, Player, Timeline};
use fifteen::board::Tile;
use fifteen::lines;
use fifteen::slidysim::{self, Solve};

fn fixture(name: &str) -> Vec<Solve> {
    let path = format!("{}/tests/data/slidysim/{name}", env!("CARGO_MANIFEST_DIR"));
    slidysim::parse_source(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn fifteen(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fifteen"))
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
fn a_persons_timeline_replays_to_the_goal_its_phases_are_the_lines_and_only_finished_lines_lock() {
    for solve in fixture("4x4-single.txt").iter().chain(&fixture("10x10-single.txt")) {
        let timeline = Timeline::from_person(solve).unwrap();
        let found = lines::detect(&solve.scramble, &solve.moves);
        let phases = timeline.phases();
        assert_eq!(phases.len(), found.len());
        let mut start = 0;
        for (mark, done) in phases.iter().zip(&found) {
            assert_eq!(timeline.phase_name(mark.phase), done.line.name());
            assert_eq!((mark.start, mark.end), (start, Some(done.at)));
            start = done.at;
        }
        assert!(timeline.placements().is_empty() && timeline.targets().is_empty() && timeline.routes().is_empty());

        // Played through with uneven frame times, every move comes once, in
        // order; each tile that locks is home from then to the end, and it
        // locks when a line holding its home is finished.
        let mut player = Player::new(timeline);
        player.set_speed(977.0);
        player.play();
        let mut board = solve.scramble.clone();
        let mut next = 0;
        let mut dt = 0.004;
        let mut locks = Vec::new();
        while !player.is_finished() {
            player.advance(dt, &mut |cue: &Cue| match *cue {
                Cue::Moved { index, mv, .. } => {
                    assert_eq!((index, mv), (next, solve.moves[next]));
                    board.slide(mv).unwrap();
                    next += 1;
                }
                Cue::Locked(group) => {
                    assert!(found.iter().any(|d| d.at == next), "tiles lock when a line is done");
                    for &tile in group.tiles() {
                        assert_eq!(board.position_of(tile), board.home_of(tile), "tile {tile} locked away from home");
                        locks.push((tile, next));
                    }
                }
                _ => {}
            });
            dt = (dt * 1.9) % 0.05 + 0.001;
        }
        assert_eq!(next, solve.moves.len());
        assert!(player.board().is_solved() && board.is_solved());
        let timeline = player.timeline();
        assert_eq!(locks.len(), solve.scramble.len() - 1, "every tile locks once");
        for (tile, at) in locks {
            assert_eq!(timeline.locked_at(tile), Some(at));
        }
        let mut replay = solve.scramble.clone();
        for k in 0..=solve.moves.len() {
            for tile in 1..replay.len() as Tile {
                if timeline.is_locked(tile, k) {
                    assert_eq!(replay.position_of(tile), replay.home_of(tile), "tile {tile} locked at move {k}");
                }
            }
            if k < solve.moves.len() {
                replay.slide(solve.moves[k]).unwrap();
            }
        }
        assert!((1..replay.len() as Tile).all(|t| timeline.locked_at(t).is_some()), "every tile locks by the end");
    }
}

#[test]
fn real_time_plays_each_move_when_the_person_made_it() {
    let solve = &fixture("10x10-single.txt")[0];
    let times = solve.move_times_ms.clone().expect("this replay has move times");
    let mut player = Player::new(Timeline::from_person(solve).unwrap());
    assert!(player.set_pace(Pace::RealTime));
    player.set_speed(1.0);
    player.play();
    // Sixty frames a second of the person's 51 s: at each frame, the moves
    // made are those they had made by then.
    let mut frames = 0;
    while !player.is_finished() {
        player.advance(1.0 / 60.0, &mut |_: &Cue| {});
        frames += 1;
        let clock = player.clock().unwrap();
        let made = times.iter().filter(|&&ms| ms as f64 / 1000.0 <= clock).count();
        assert_eq!(player.cursor(), made, "at {clock:.3} s");
    }
    let seconds = frames as f64 / 60.0;
    let last = *times.last().unwrap() as f64 / 1000.0;
    assert!((seconds - last).abs() < 0.1, "played in {seconds:.2} s, the person took {last:.2} s");
    // Paused, stepped and sped up as usual.
    player.restart();
    player.set_speed(10.0);
    player.play();
    player.advance(1.0, &mut |_: &Cue| {});
    let made = times.iter().filter(|&&ms| ms as f64 <= 10_000.0 - 60.0).count();
    assert!(player.cursor().abs_diff(made) <= 1, "{} vs {made}", player.cursor());
    player.pause();
    let at = player.cursor();
    player.advance(5.0, &mut |_: &Cue| {});
    assert_eq!(player.cursor(), at, "paused");
    player.step_forward(&mut |_: &Cue| {});
    assert_eq!(player.cursor(), at + 1);
    assert_eq!(player.clock(), Some(times[at] as f64 / 1000.0));
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
