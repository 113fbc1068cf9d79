//! `fifteen record` run as a user would: a 4×4 GIF with no display, decoded
//! and checked (frames, size, the last frame the solved board), a PNG
//! still, and the mistakes that must fail before any work.
#![cfg(feature = "record")]

use std::path::Path;
use std::process::Output;

use fifteen_view::scene::solved_samples;

fn fifteen(args: &[&str]) -> Output {
    crate::common::fifteen_command()
        .args(args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("fifteen runs")
}

/// Every frame of a GIF, composed as a viewer shows them.
fn frames(path: &Path) -> (usize, usize, Vec<Vec<u8>>) {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(std::fs::File::open(path).unwrap()).unwrap();
    let (w, h) = (decoder.width() as usize, decoder.height() as usize);
    let mut canvas = vec![0u8; w * h * 4];
    let mut out = Vec::new();
    while let Some(frame) = decoder.read_next_frame().unwrap() {
        let (fx, fy, fw) = (frame.left as usize, frame.top as usize, frame.width as usize);
        for (i, px) in frame.buffer.chunks_exact(4).enumerate() {
            let (x, y) = (fx + i % fw, fy + i / fw);
            canvas[(y * w + x) * 4..(y * w + x) * 4 + 4].copy_from_slice(px);
        }
        out.push(canvas.clone());
    }
    (w, h, out)
}

/// Cells showing the solved board's colour (see [`solved_samples`]).
fn solved_cells(rgba: &[u8], w: usize, h: usize, rows: usize, cols: usize) -> usize {
    solved_samples(w as f32, h as f32, rows, cols)
        .into_iter()
        .filter(|&((x, y), expected)| {
            let i = ((y as usize) * w + x as usize) * 4;
            rgba[i..i + 3].iter().zip(expected).all(|(&a, b)| a.abs_diff(b) <= 16)
        })
        .count()
}

#[test]
#[ignore = "seconds: encodes a GIF of every move and a still; CI runs it"]
fn a_4x4_recording_is_a_gif_that_ends_solved() {
    let dir = tempfile::tempdir().unwrap();
    let gif = dir.path().join("s.gif");
    let out = fifteen(&["record", "--size", "4", "--seed", "7", "--out", gif.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let bytes = std::fs::metadata(&gif).unwrap().len();
    assert!(bytes < 5_000_000, "{bytes} bytes");
    let (w, h, frames) = frames(&gif);
    assert!(frames.len() >= 30, "{} frames", frames.len());
    assert_eq!(solved_cells(frames.last().unwrap(), w, h, 4, 4), 16, "the last frame shows the solved board");
    assert!(solved_cells(&frames[0], w, h, 4, 4) < 8, "the first frame shows the scramble");
    assert!(!dir.path().join("s.gif.part").exists());

    let png = dir.path().join("still.png");
    let out = fifteen(&["record", "--size", "4", "--seed", "7", "--at", "1000", "--out", png.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let still = tiny_skia::Pixmap::decode_png(&std::fs::read(&png).unwrap()).unwrap();
    let (pw, ph) = (still.width() as usize, still.height() as usize);
    assert_eq!(solved_cells(still.data(), pw, ph, 4, 4), 16, "--at past the end shows the solved board");
}

#[test]
fn mistakes_fail_at_once_and_leave_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&[&str], &str); 4] = [
        (&["--out", "x.jpg"], ".gif"),
        (&["--out", "x.gif", "--at", "3"], "--at"),
        (&["--out", "no/such/dir/x.gif"], "no/such/dir/x.gif"),
        (&["--size", "1000", "--out", "x.gif"], "the largest board is 300×300"),
    ];
    for (args, says) in cases {
        let out = crate::common::fifteen_command().arg("record").args(args).current_dir(dir.path()).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?} succeeded");
        assert_eq!(stderr.trim().lines().count(), 1, "one line: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "no file left behind");
}

#[test]
#[ignore = "seconds: encodes a GIF of a person's solve; CI runs it"]
fn a_persons_solve_records_from_its_replay_link() {
    let dir = tempfile::tempdir().unwrap();
    let gif = dir.path().join("theirs.gif");
    let source = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/slidysim/4x4-single.txt");
    let out = fifteen(&["record", "--replay", source, "--out", gif.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("27 frames, 26 moves"), "one frame a move, and the start");
    let (w, h, frames) = frames(&gif);
    assert_eq!(frames.len(), 27);
    assert_eq!(solved_cells(frames.last().unwrap(), w, h, 4, 4), 16, "the last frame shows the solved board");
    assert!(solved_cells(&frames[0], w, h, 4, 4) < 8, "the first frame shows the scramble");

    let cases: [(&[&str], &str); 3] = [
        (&["--replay", source, "--solve", "2", "--out", "x.gif"], "solve 2 was asked for"),
        (&["--replay", source, "--size", "4", "--out", "x.gif"], "not both"),
        (&["--replay", "no-such-file", "--out", "x.gif"], "no-such-file"),
    ];
    for (args, says) in cases {
        let out = crate::common::fifteen_command().arg("record").args(args).current_dir(dir.path()).output();
        let out = out.unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?} succeeded");
        assert_eq!(stderr.trim().lines().count(), 1, "one line: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
    assert!(!dir.path().join("x.gif").exists() && !dir.path().join("x.gif.part").exists());
}
