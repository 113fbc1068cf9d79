//! The window under Xvfb: watch a seeded 4×4 to the end, screenshot it, and
//! check the picture shows the solved board. Skips (passing) when
//! `xvfb-run` is not installed; `.ci/run` installs it.
#![cfg(feature = "gui")]

use std::path::{Path, PathBuf};
use std::process::Command;

use fifteen::Pos;
use fifteen::board::tile_for;
use fifteen::gui::{BOARD, Layout, Rgba, home_color, shaded};

fn xvfb_run() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|dir| dir.join("xvfb-run")).find(|p| p.is_file())
}

/// Runs `fifteen ARGS` in a virtual display; returns stderr.
fn fifteen_in_xvfb(xvfb: &Path, args: &[&str]) -> String {
    let out = Command::new(xvfb)
        .args(["-a", "-s", "-screen 0 1280x1024x24", env!("CARGO_BIN_EXE_fifteen")])
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
        let (x, y) = (x as u32, y as u32);
        let i = ((y * self.width + x) * 4) as usize;
        [self.rgba[i], self.rgba[i + 1], self.rgba[i + 2], self.rgba[i + 3]]
    }
}

/// Cells whose sampled colour is not the solved board's: each tile shaded
/// (locked) in its home colour, the blank the board's colour. Samples a
/// point near each tile's top-left corner, away from its number.
fn mismatches(png: &Png, rows: usize, cols: usize) -> Vec<String> {
    let layout = Layout::new(png.width as f32, png.height as f32, rows, cols);
    let mut wrong = Vec::new();
    for row in 0..rows {
        for col in 0..cols {
            let tile = tile_for(Pos::new(row, col), rows, cols);
            let expected = if tile == 0 { BOARD } else { shaded(home_color(tile, rows, cols)) };
            let (x, y) = layout.tile_origin(row as f32, col as f32);
            let inset = layout.tile_size() * 0.12;
            let got = png.pixel(x + inset, y + inset);
            let close = got.iter().zip(expected).take(3).all(|(&a, b)| a.abs_diff(b) <= 8);
            if !close {
                wrong.push(format!("cell ({row}, {col}): expected {expected:?}, got {got:?}"));
            }
        }
    }
    wrong
}

#[test]
fn the_window_shows_the_solved_board_at_the_end() {
    let Some(xvfb) = xvfb_run() else {
        eprintln!("skipped: xvfb-run is not installed (apt-get install xvfb xauth libgl1-mesa-dri libgl1 libegl1)");
        return;
    };
    let dir = std::env::temp_dir().join(format!("fifteen-gui-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let solved = dir.join("solved.png");
    let scrambled = dir.join("scrambled.png");
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
    assert!(mismatches(&Png::read(&scrambled), 4, 4).len() >= 10);
    let _ = std::fs::remove_dir_all(&dir);
}
