//! The window under Xvfb: screenshots of seeded boards, checked by pixel
//! properties (the solved board's colours, the placed tile's home ringed,
//! the title above the board), not against stored pictures.
//!
//! Skipped, with a line saying so on the terminal, when `xvfb-run` is not
//! installed, unless `FIFTEEN_GUI_TEST=require` (`.ci/run` sets it after
//! installing Xvfb): then a missing `xvfb-run` fails.
#![cfg(feature = "gui")]

use std::path::{Path, PathBuf};
use std::process::Command;

use fifteen_core::human::{Effort, Event, Finish, Planner, Recorder};
use fifteen_core::{Board, HumanOptions, Scramble};
use fifteen_view::scene::{ACCENT, BOARD, Layout, MARK, Rgba, TEXT, home_color, solved_samples};

fn xvfb_run() -> Option<PathBuf> {
    let found = std::env::var_os("PATH")
        .and_then(|path| std::env::split_paths(&path).map(|dir| dir.join("xvfb-run")).find(|p| p.is_file()));
    if found.is_none() {
        crate::common::skip_without(
            "FIFTEEN_GUI_TEST",
            "no xvfb-run (apt-get install xvfb xauth libgl1-mesa-dri libgl1 libegl1)",
        );
    }
    found
}

/// Runs `fifteen ARGS` in a virtual display; returns stderr.
fn fifteen_in_xvfb(xvfb: &Path, args: &[&str]) -> String {
    let out = Command::new(xvfb)
        .args(["-a", "-s", "-screen 0 1280x1024x24", env!("CARGO_BIN_EXE_fifteen")])
        .env("XDG_CACHE_HOME", crate::common::TEST_CACHE)
        .args(args)
        .output()
        .expect("xvfb-run runs");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "fifteen {args:?} failed under xvfb-run: {stderr}");
    stderr
}

struct Png {
    width: u32,
    height: u32,
    rgba: Vec<u8>,
}

impl Png {
    fn read(path: &Path) -> Png {
        let image = image::open(path).expect("the screenshot is a PNG").to_rgba8();
        let (width, height) = image.dimensions();
        Png { width, height, rgba: image.into_raw() }
    }

    fn pixel(&self, x: f32, y: f32) -> Rgba {
        let (x, y) = ((x as u32).min(self.width - 1), (y as u32).min(self.height - 1));
        let i = ((y * self.width + x) * 4) as usize;
        [self.rgba[i], self.rgba[i + 1], self.rgba[i + 2], self.rgba[i + 3]]
    }

    fn layout(&self, rows: usize, cols: usize) -> Layout {
        Layout::new(self.width as f32, self.height as f32, rows, cols)
    }
}

fn close(a: Rgba, b: Rgba, tolerance: u8) -> bool {
    a.iter().zip(b).take(3).all(|(&x, y)| x.abs_diff(y) <= tolerance)
}

/// Cells whose sampled colour is not the solved board's (see
/// [`solved_samples`]).
fn mismatches(png: &Png, rows: usize, cols: usize) -> Vec<String> {
    solved_samples(png.width as f32, png.height as f32, rows, cols)
        .into_iter()
        .enumerate()
        .filter(|&(_, ((x, y), expected))| !close(png.pixel(x, y), expected, 10))
        .map(|(i, ((x, y), expected))| {
            format!("cell ({}, {}): expected {expected:?}, got {:?}", i / cols, i % cols, png.pixel(x, y))
        })
        .collect()
}

#[test]
#[ignore = "seconds: a solve watched to the end in the window under Xvfb; CI runs it"]
fn the_window_shows_the_solved_board_at_the_end() {
    let Some(xvfb) = xvfb_run() else { return };
    let dir = tempfile::tempdir().unwrap();
    let solved = dir.path().join("solved.png");
    let scrambled = dir.path().join("scrambled.png");
    let board = ["watch", "--size", "4", "--seed", "7"];

    let args = [&board[..], &["--speed", "2000", "--until-solved", "--screenshot", solved.to_str().unwrap()]].concat();
    fifteen_in_xvfb(&xvfb, &args);
    let png = Png::read(&solved);
    assert!(png.width >= 200 && png.height >= 200, "{}×{}", png.width, png.height);
    let wrong = mismatches(&png, 4, 4);
    assert!(wrong.is_empty(), "the screenshot is not the solved board:\n{}", wrong.join("\n"));

    // The check can tell: the first frames show the scramble, which fails it.
    let args = [&board[..], &["--speed", "0.5", "--frames", "2", "--screenshot", scrambled.to_str().unwrap()]].concat();
    let stderr = fifteen_in_xvfb(&xvfb, &args);
    assert!(stderr.contains("frames: 2, fps: "), "{stderr}");
    let png = Png::read(&scrambled);
    assert!(mismatches(&png, 4, 4).len() >= 10);

    // The tiles being placed have their homes ringed in the mark colour
    // (the window solves with the effort the board's size picks).
    let start = Board::scrambled(4, 4, Scramble::Uniform, 7).unwrap();
    let options = HumanOptions { finish: Finish::Pairs, effort: Effort::for_size(4, 4), ..HumanOptions::default() };
    let mut first = None;
    Recorder::of(Planner::new(&start, &options).unwrap()).pull_all(&mut |event: &Event, _| {
        if let Event::Placement { group, .. } = event {
            first.get_or_insert(*group);
        }
    });
    let group = first.expect("the solve starts with a placement");
    let layout = png.layout(4, 4);
    let radius = (layout.tile_size() * 0.40).max(7.0);
    let mut ringed = 0;
    for &tile in group.tiles() {
        let home = start.home_of(tile);
        if start.position_of(tile) == home {
            continue;
        }
        let (cx, cy) = layout.center(home);
        let hits = (0..16)
            .filter(|k| {
                let a = std::f32::consts::TAU * *k as f32 / 16.0;
                close(png.pixel(cx + radius * a.cos(), cy + radius * a.sin()), MARK, 40)
            })
            .count();
        assert!(hits >= 12, "tile {tile}'s home {home:?} is not ringed ({hits} of 16 points)");
        ringed += 1;
    }
    assert!(ringed > 0);

    // The title is drawn above the board, never over it: bright title text
    // in the header band, and the header ends before the board starts.
    assert!(layout.header.bottom() <= layout.viewport.y);
    let header = layout.header;
    let mut text = 0;
    for y in (header.y as u32..header.bottom() as u32).step_by(2) {
        for x in (header.x as u32..header.right() as u32).step_by(2) {
            text += close(png.pixel(x as f32, y as f32), TEXT, 12) as usize;
        }
    }
    assert!(text > 40, "no title text above the board ({text} bright pixels)");
}

#[test]
fn a_long_board_fills_the_width_with_legible_tiles() {
    let Some(xvfb) = xvfb_run() else { return };
    let dir = tempfile::tempdir().unwrap();
    let shot = dir.path().join("strip.png");
    let args = ["watch", "--rows", "2", "--cols", "30", "--seed", "3", "--speed", "0.5", "--frames", "2"];
    fifteen_in_xvfb(&xvfb, &[&args[..], &["--screenshot", shot.to_str().unwrap()]].concat());
    let png = Png::read(&shot);
    let layout = png.layout(2, 30);
    assert!(layout.width() > png.width as f32 * 0.85, "the strip fills the width");
    assert!(layout.cell >= 30.0, "cells of {} px", layout.cell);
    // Every tile shows its own colour at its cell.
    let board = Board::scrambled(2, 30, Scramble::Uniform, 3).unwrap();
    let mut right = 0;
    for (i, &tile) in board.cells().iter().enumerate() {
        let (row, col) = (i / 30, i % 30);
        let (x, y) = layout.tile_origin(row as f32, col as f32);
        let inset = layout.tile_size() * 0.2;
        let expected = if tile == 0 { BOARD } else { home_color(tile, 2, 30) };
        right += close(png.pixel(x + inset, y + inset), expected, 12) as usize;
    }
    assert!(right >= 56, "{right} of 60 cells in their colour");
}

#[test]
#[ignore = "seconds: a person's solve in the window under Xvfb; CI runs it"]
fn the_window_plays_a_persons_solve_outlining_the_line_under_way() {
    let Some(xvfb) = xvfb_run() else { return };
    let dir = tempfile::tempdir().unwrap();
    let source = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/slidysim/4x4-single.txt");
    let solved = dir.path().join("solved.png");
    let start = dir.path().join("start.png");

    // To the end: the solved board, every tile locked (shaded) as its line was done.
    let args = ["replay", source, "--speed", "2000", "--until-solved", "--screenshot", solved.to_str().unwrap()];
    fifteen_in_xvfb(&xvfb, &args);
    let png = Png::read(&solved);
    let wrong = mismatches(&png, 4, 4);
    assert!(wrong.is_empty(), "the screenshot is not the solved board:\n{}", wrong.join("\n"));

    // At the start the person builds column 1: its cells are outlined in
    // the accent colour, and no other column is.
    let args = ["replay", source, "--speed", "0.5", "--frames", "2", "--screenshot", start.to_str().unwrap()];
    let stderr = fifteen_in_xvfb(&xvfb, &args);
    assert!(stderr.contains("frames: 2, fps: "), "{stderr}");
    let png = Png::read(&start);
    assert!(mismatches(&png, 4, 4).len() >= 10, "the scramble");
    let layout = png.layout(4, 4);
    let outlined = |area| {
        let r = layout.area(area);
        let line = (layout.tile_size() * 0.07).clamp(2.0, 6.0);
        let x = r.x + line * 0.5 + 1.0;
        (0..8).filter(|k| close(png.pixel(x, r.y + r.h * (0.2 + 0.08 * *k as f32)), ACCENT, 40)).count()
    };
    assert!(outlined((0, 0, 4, 1)) >= 7, "column 1 outlined: {} of 8", outlined((0, 0, 4, 1)));
    assert!(outlined((0, 2, 4, 3)) <= 1, "column 3 is not");
}

#[test]
#[ignore = "seconds: a 20×20 played in the window under Xvfb; CI runs it"]
fn the_window_plays_a_20x20_solve_of_a_person() {
    let Some(xvfb) = xvfb_run() else { return };
    let source = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/slidysim/world-records.txt");
    // Solve 3139 of that file is a 20×20 custom replay of 15 264 moves.
    let stderr = fifteen_in_xvfb(&xvfb, &["replay", source, "--solve", "3139", "--frames", "60"]);
    let fps: f64 = stderr.split("fps: ").nth(1).and_then(|s| s.trim().parse().ok()).expect("the frame rate");
    assert!(stderr.contains("frames: 60, fps: ") && fps > 0.0, "{stderr}");
}

#[test]
#[ignore = "seconds: two solves side by side in the window under Xvfb; CI runs it"]
fn compare_watch_shows_the_two_solves_side_by_side_from_one_scramble_to_the_goal() {
    let Some(xvfb) = xvfb_run() else { return };
    let dir = tempfile::tempdir().unwrap();
    let source = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/slidysim/4x4-single.txt");
    let start = dir.path().join("start.png");
    let solved = dir.path().join("solved.png");
    // Each half of the window is laid out as a whole window of its size.
    let halves = |png: &Png| {
        let half = (png.width / 2) as f32;
        [(0.0, half), (half, png.width as f32 - half)].map(|(x, w)| (x, solved_samples(w, png.height as f32, 4, 4)))
    };

    // At the start both halves show the one scramble (but for the marks
    // over fifteen's first tiles and route), and it is not solved.
    let args = ["compare", source, "--watch", "--speed", "0.5", "--frames", "2", "--screenshot"];
    let stderr = fifteen_in_xvfb(&xvfb, &[&args[..], &[start.to_str().unwrap()]].concat());
    assert!(stderr.contains("frames: 2, fps: "), "{stderr}");
    let png = Png::read(&start);
    let [(left_x, left), (right_x, right)] = halves(&png);
    let (mut unsolved, mut alike) = (0, 0);
    for (((lx, ly), expected), ((rx, ry), _)) in left.iter().zip(&right) {
        let (l, r) = (png.pixel(left_x + lx, *ly), png.pixel(right_x + rx, *ry));
        alike += close(l, r, 10) as usize;
        unsolved += !close(l, *expected, 10) as usize;
    }
    assert!(alike >= 10, "the two boards differ at the start: {alike} of 16 cells alike");
    assert!(unsolved >= 10, "the scramble, not the goal ({unsolved} cells differ from it)");

    // At the end both are solved: the top and bottom rows (the card saying
    // who made fewer moves covers the middle ones).
    let args = ["compare", source, "--watch", "--speed", "2000", "--until-solved", "--screenshot"];
    fifteen_in_xvfb(&xvfb, &[&args[..], &[solved.to_str().unwrap()]].concat());
    let png = Png::read(&solved);
    for (x0, samples) in halves(&png) {
        for (i, ((x, y), expected)) in samples.into_iter().enumerate().filter(|(i, _)| !(4..12).contains(i)) {
            let got = png.pixel(x0 + x, y);
            assert!(close(got, expected, 10), "half at {x0}: cell {i} is {got:?}, not the solved {expected:?}");
        }
    }
}

#[test]
#[ignore = "seconds: the coach in the window under Xvfb; CI runs it"]
fn coach_watch_draws_the_par_graph_with_the_mistake_in_the_panel() {
    let Some(xvfb) = xvfb_run() else { return };
    let dir = tempfile::tempdir().unwrap();
    // A 4×4 solve of 33 moves against par 31: its fourth move is a mistake.
    let link = "https://slidysim.github.io/replay?r=eNoliTkKwDAMBL%2ByqHaw11eSXqUqgaqQ%2F38jgjQ7M%2Bwj6qoW4Umz8DD1nPgrH5PCvVorsnGCmJUTHOi46sIAG9griRtpS8rB9wO58hOS";
    let (coached, replayed) = (dir.path().join("coach.png"), dir.path().join("replay.png"));
    let args = ["coach", link, "--watch", "--speed", "0.5", "--frames", "2", "--screenshot"];
    let stderr = fifteen_in_xvfb(&xvfb, &[&args[..], &[coached.to_str().unwrap()]].concat());
    assert!(stderr.contains("frames: 2, fps: "), "{stderr}");
    let args = ["replay", link, "--speed", "0.5", "--frames", "2", "--screenshot"];
    fifteen_in_xvfb(&xvfb, &[&args[..], &[replayed.to_str().unwrap()]].concat());
    // In the panel (right of the board), count the pixels of the par line
    // (the accent colour) and of the mistake's red ring.
    let panel_pixels = |png: &Png, color: Rgba| {
        let left = png.layout(4, 4).area((0, 0, 4, 4)).right() + 30.0;
        let mut count = 0;
        for y in (0..png.height).step_by(2) {
            for x in (left as u32..png.width).step_by(2) {
                count += close(png.pixel(x as f32, y as f32), color, 30) as usize;
            }
        }
        count
    };
    let (coached, replayed) = (Png::read(&coached), Png::read(&replayed));
    let (line, without) = (panel_pixels(&coached, ACCENT), panel_pixels(&replayed, ACCENT));
    assert!(line > without + 40, "the par line: {line} accent pixels in the coach's panel, {without} in the replay's");
    let red = panel_pixels(&coached, [255, 96, 96, 255]);
    assert!(red >= 2, "the mistake's ring: {red} red pixels");
    assert_eq!(panel_pixels(&replayed, [255, 96, 96, 255]), 0);
}

#[test]
#[ignore = "seconds: drills in the window under Xvfb; CI runs it"]
fn a_drill_outlines_its_line_and_an_attempt_shows_its_result_and_is_kept() {
    let Some(xvfb) = xvfb_run() else { return };
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("history.sqlite");
    let store = store.to_str().unwrap();
    let source = include_str!("../data/slidysim/world-records.txt").lines().next().unwrap();
    let (before, after) = (dir.path().join("before.png"), dir.path().join("after.png"));

    // The plan's first drill, before a move: its line outlined, no card.
    let args = ["train", "--store", store, source, "--seed", "5", "--drills", "3", "--frames", "3"];
    let stderr = fifteen_in_xvfb(&xvfb, &[&args[..], &["--screenshot", before.to_str().unwrap()]].concat());
    assert!(stderr.contains("0 attempts kept in"), "{stderr}");
    let fifteen = |args: &[&str]| {
        let out = crate::common::fifteen_command().args(args).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    let plan = fifteen(&["train", "--store", store, "--plan", "--format", "json"]);
    let first: serde_json::Value = serde_json::from_str(plan.lines().next().unwrap()).unwrap();
    let (top, left) = (first["top"].as_u64().unwrap() as usize, first["left"].as_u64().unwrap() as usize);
    let png = Png::read(&before);
    let layout = png.layout(3, 3);
    let edge = |area: (usize, usize, usize, usize)| {
        let r = layout.area(area);
        let line = (layout.tile_size() * 0.07).clamp(2.0, 6.0);
        let y = r.y + line * 0.5 + 1.0;
        (0..8).filter(|k| close(png.pixel(r.x + r.w * (0.1 + 0.1 * *k as f32), y), ACCENT, 40)).count()
    };
    let line_area = match first["line"].as_str().unwrap() {
        l if l.starts_with("row") => (top, left, top + 1, 3),
        l if l.starts_with("column") => (top, left, 3, left + 1),
        _ => (top, left, 3, 3),
    };
    assert!(edge(line_area) >= 7, "the drill's line is outlined: {} of 8", edge(line_area));
    let title = |png: &Png| {
        let v = png.layout(3, 3).viewport;
        let mut marked = 0;
        for y in (v.y as u32..(v.y + v.h * 0.6) as u32).step_by(2) {
            for x in (v.x as u32..v.right() as u32).step_by(2) {
                marked += usize::from(close(png.pixel(x as f32, y as f32), MARK, 25));
            }
        }
        marked
    };
    assert!(title(&png) < 20, "no result card before a move: {}", title(&png));

    // fifteen's way played elsewhere: weighed, kept, and its result shown.
    let way: fifteen_core::Moves = first["way"].as_str().unwrap().parse().unwrap();
    let link = crate::train::played_elsewhere(&first, &way);
    let args =
        ["train", "--store", store, "--attempt", &link, "--frames", "3", "--screenshot", after.to_str().unwrap()];
    let stderr = fifteen_in_xvfb(&xvfb, &args);
    assert!(stderr.contains("1 attempt kept in"), "{stderr}");
    let png = Png::read(&after);
    assert!(title(&png) > 100, "the result card's title: {} pixels", title(&png));
    let history = fifteen(&["train", "--store", store, "--export", "-"]);
    let kept: serde_json::Value = serde_json::from_str(history.trim()).unwrap();
    assert_eq!((&kept["board"], &kept["loss"]), (&first["board"], &serde_json::json!(0)), "{history}");
}
