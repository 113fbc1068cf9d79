//! Recordings (feature `record`): a solve drawn frame by frame in software,
//! in the window's look (the same [`scene`](crate::scene) painted on a
//! software `Canvas`), written as an animated GIF or
//! a PNG still; and the scene's charts as PNG or SVG. No display, no GPU.

mod raster;
mod svg;

use std::io::Write;

pub(crate) use raster::Raster;
pub use raster::RasterError;

use crate::anim::{Cue, Player, Timeline};
use crate::scene::{Chart, Layout, Painter, Row, watch_frame};
use fifteen_core::board::Pos;
use fifteen_core::human::{Effort, Finish, HumanError};

/// How far the solve moves between frames.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FrameStep {
    /// This many moves a frame.
    Moves(usize),
    /// One frame at the start of each phase (row, column, …), for huge boards.
    Phases,
}

/// The frames a recording aims for when no pace is given.
pub(crate) const DEFAULT_FRAMES: usize = 300;

impl FrameStep {
    /// One move a frame when the solve has at most [`DEFAULT_FRAMES`]
    /// moves, else as many as keep it near that many frames.
    pub(crate) fn auto(moves: usize) -> FrameStep {
        FrameStep::Moves(moves.div_ceil(DEFAULT_FRAMES).max(1))
    }
}

/// What a recording looks like.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Recording {
    /// Frame width in pixels.
    pub width: u32,
    /// Frame height in pixels.
    pub height: u32,
    /// Moves between frames (`None`: one move a frame for a short solve, else as many as keep a
    /// long one near the default number of frames).
    pub pace: Option<FrameStep>,
    /// Frames a second when played.
    pub fps: f64,
    /// How the solve ends.
    pub finish: Finish,
    /// How hard the solver looks ahead.
    pub effort: Effort,
}

/// A recording could not be made.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    /// The board cannot be solved.
    #[error(transparent)]
    Solve(#[from] HumanError),
    /// The renderer could not start.
    #[error(transparent)]
    Raster(#[from] RasterError),
    /// The image could not be encoded or written.
    #[error("cannot write the recording: {0}")]
    Write(String),
}

/// What a recording did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecordingReport {
    /// Frames written.
    pub frames: usize,
    /// Moves in the solve.
    pub moves: usize,
}

/// The cursor positions (moves made) drawn as frames: the start, every
/// `pace`, and the solved board last.
pub(crate) fn frame_marks(total: usize, phase_starts: &[usize], pace: FrameStep) -> Vec<usize> {
    let mut marks: Vec<usize> = match pace {
        FrameStep::Moves(k) => (0..total).step_by(k.max(1)).collect(),
        FrameStep::Phases => phase_starts.iter().copied().filter(|&s| s < total).collect(),
    };
    if marks.first() != Some(&0) {
        marks.insert(0, 0);
    }
    marks.dedup();
    marks.push(total);
    marks
}

/// Draws frames of one solve.
struct FrameDrawer {
    player: Player,
    raster: Raster,
    painter: Painter,
    route: Vec<Pos>,
    total: usize,
}

impl FrameDrawer {
    #[cfg(test)]
    fn new(board: &fifteen_core::board::Board, recording: &Recording) -> Result<FrameDrawer, RecordError> {
        use fifteen_core::human::HumanOptions;
        let timeline = Timeline::solve(
            board,
            &HumanOptions { finish: recording.finish, effort: recording.effort, ..HumanOptions::default() },
        )?;
        FrameDrawer::of(timeline, recording)
    }

    fn of(mut timeline: Timeline, recording: &Recording) -> Result<FrameDrawer, RecordError> {
        timeline.finish();
        if let Some(err) = timeline.error() {
            return Err(RecordError::Write(err.to_string()));
        }
        let total = timeline.len();
        Ok(FrameDrawer {
            player: Player::new(timeline),
            raster: Raster::new(recording.width, recording.height)?,
            painter: Painter::new(),
            route: Vec::new(),
            total,
        })
    }

    /// Draws the board after `at` moves.
    fn draw(&mut self, at: usize) {
        self.player.seek(at, &mut |_: &Cue| {});
        let board = self.player.board();
        let (rows, cols) = (board.rows(), board.cols());
        let mut frame = watch_frame(&self.player, &mut self.route, &[]);
        frame.subtitle = match self.player.timeline().person() {
            Some(person) => format!("{}   move {} of {}", person.about(), self.player.cursor(), self.total),
            None => format!("move {} of {}   fifteen record", self.player.cursor(), self.total),
        };
        // Key hints mean nothing in a recording.
        frame.panel.retain(|row| !matches!(row, Row::Note(_)));
        for row in &mut frame.panel {
            if let Row::Heading(text) = row
                && text.starts_with("splits")
            {
                *text = "splits".to_string();
            }
        }
        let layout = Layout::new(self.raster.width() as f32, self.raster.height() as f32, rows, cols);
        self.painter.paint(&frame, &layout, &mut self.raster, None);
    }
}

/// `chart` drawn `width` × `height` pixels as PNG bytes: RGB (a chart is
/// opaque) at the best compression, since a chart is written once and
/// kept (a third the size of the recordings' fast RGBA).
pub fn chart_png(chart: &Chart, width: u32, height: u32) -> Result<Vec<u8>, RasterError> {
    let mut raster = Raster::new(width, height)?;
    chart.paint(&mut raster, width as f32, height as f32);
    let rgb: Vec<u8> = raster.rgba().chunks_exact(4).flat_map(|p| [p[0], p[1], p[2]]).collect();
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Best);
    encoder.set_adaptive_filter(png::AdaptiveFilterType::Adaptive);
    let encoded = encoder.write_header().and_then(|mut writer| writer.write_image_data(&rgb));
    encoded.map_err(|e| RasterError::from(e.to_string()))?;
    Ok(bytes)
}

/// `chart` drawn `width` × `height` pixels as an SVG document.
pub fn chart_svg(chart: &Chart, width: u32, height: u32) -> Result<String, RasterError> {
    let mut svg = svg::Svg::new(width, height)?;
    chart.paint(&mut svg, width as f32, height as f32);
    Ok(svg.finish())
}

/// One frame of a timeline (a person's solve from
/// [`Timeline::from_person`], say) after `at` moves, as PNG bytes;
/// `recording`'s finish and effort are not used.
pub fn still_timeline(timeline: Timeline, recording: &Recording, at: usize) -> Result<Vec<u8>, RecordError> {
    still_of(FrameDrawer::of(timeline, recording)?, at)
}

fn still_of(mut drawer: FrameDrawer, at: usize) -> Result<Vec<u8>, RecordError> {
    drawer.draw(at.min(drawer.total));
    drawer.raster.png().map_err(RecordError::Write)
}

/// Records a timeline (a person's solve from
/// [`Timeline::from_person`], say) as an animated GIF into `out`, calling
/// `progress(frames done, frames in all)` as it goes. Each frame after the
/// first stores only the rectangle that changed; `recording`'s finish and
/// effort are not used.
pub fn gif_timeline<W: Write>(
    timeline: Timeline,
    recording: &Recording,
    out: W,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<RecordingReport, RecordError> {
    gif_of(FrameDrawer::of(timeline, recording)?, recording, out, progress)
}

/// Records `board`'s solve as [`gif_timeline`] records a timeline.
#[cfg(test)]
fn gif<W: Write>(
    board: &fifteen_core::board::Board,
    recording: &Recording,
    out: W,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<RecordingReport, RecordError> {
    gif_of(FrameDrawer::new(board, recording)?, recording, out, progress)
}

fn gif_of<W: Write>(
    mut drawer: FrameDrawer,
    recording: &Recording,
    out: W,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<RecordingReport, RecordError> {
    let total = drawer.total;
    let pace = recording.pace.unwrap_or(FrameStep::auto(total));
    let starts: Vec<usize> = drawer.player.timeline().phases().iter().map(|p| p.start).collect();
    let marks = frame_marks(total, &starts, pace);
    let (w, h) = (recording.width as u16, recording.height as u16);
    let encode = |e: gif::EncodingError| RecordError::Write(e.to_string());
    let mut encoder = gif::Encoder::new(out, w, h, &[]).map_err(encode)?;
    encoder.set_repeat(gif::Repeat::Infinite).map_err(encode)?;
    let delay = (100.0 / recording.fps.clamp(0.5, 50.0)).round() as u16;
    let mut previous: Option<Vec<u8>> = None;
    for (i, &at) in marks.iter().enumerate() {
        drawer.draw(at);
        let rgba = drawer.raster.rgba();
        let (x0, y0, x1, y1) = match &previous {
            Some(before) => changed(before, rgba, w as usize, h as usize).unwrap_or((0, 0, 1, 1)),
            None => (0, 0, w as usize, h as usize),
        };
        let mut crop = Vec::with_capacity((x1 - x0) * (y1 - y0) * 4);
        for y in y0..y1 {
            crop.extend_from_slice(&rgba[(y * w as usize + x0) * 4..(y * w as usize + x1) * 4]);
        }
        let mut frame = gif::Frame::from_rgba_speed((x1 - x0) as u16, (y1 - y0) as u16, &mut crop, 10);
        frame.left = x0 as u16;
        frame.top = y0 as u16;
        frame.dispose = gif::DisposalMethod::Keep;
        // Hold the scramble a moment, and the solved board longer.
        frame.delay = if i == 0 {
            delay.max(100)
        } else if i + 1 == marks.len() {
            300
        } else {
            delay
        };
        encoder.write_frame(&frame).map_err(encode)?;
        previous = Some(rgba.to_vec());
        progress(i + 1, marks.len());
    }
    Ok(RecordingReport { frames: marks.len(), moves: total })
}

/// The smallest rectangle `(x0, y0, x1, y1)` holding every pixel that
/// differs, if any does.
fn changed(before: &[u8], after: &[u8], width: usize, height: usize) -> Option<(usize, usize, usize, usize)> {
    let (mut x0, mut y0, mut x1, mut y1) = (width, height, 0, 0);
    for y in 0..height {
        let row = y * width * 4..(y + 1) * width * 4;
        let (a, b) = (&before[row.clone()], &after[row]);
        if a == b {
            continue;
        }
        let first = a.chunks_exact(4).zip(b.chunks_exact(4)).position(|(p, q)| p != q).unwrap_or(0);
        let last = width - a.chunks_exact(4).rev().zip(b.chunks_exact(4).rev()).position(|(p, q)| p != q).unwrap_or(0);
        (x0, y0, x1, y1) = (x0.min(first), y0.min(y), x1.max(last), y + 1);
    }
    (x1 > x0).then_some((x0, y0, x1, y1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::solved_samples;
    use fifteen_core::Scramble;
    use fifteen_core::board::Board;

    fn recording() -> Recording {
        Recording { width: 640, height: 480, pace: None, fps: 8.0, finish: Finish::Pairs, effort: Effort::Fast }
    }

    #[test]
    fn a_still_of_the_solved_board_shows_its_gradient() {
        let board = Board::scrambled(4, 4, Scramble::Uniform, 7).unwrap();
        let mut drawer = FrameDrawer::new(&board, &recording()).unwrap();
        drawer.draw(usize::MAX);
        let rgba = drawer.raster.rgba();
        for ((x, y), expected) in solved_samples(640.0, 480.0, 4, 4) {
            let i = ((y as usize) * 640 + x as usize) * 4;
            let got = &rgba[i..i + 3];
            assert!(got.iter().zip(expected).all(|(&a, b)| a.abs_diff(b) <= 10), "{got:?} vs {expected:?}");
        }
    }

    #[test]
    #[ignore = "seconds: encodes a GIF; CI runs it"]
    fn a_gif_has_a_frame_per_move_and_stores_only_changes() {
        let board = Board::scrambled(3, 3, Scramble::Uniform, 2).unwrap();
        let mut out = Vec::new();
        let mut seen = 0;
        let report = gif(&board, &recording(), &mut out, &mut |done, _| seen = done).unwrap();
        assert_eq!(report.frames, report.moves + 1);
        assert_eq!(seen, report.frames);
        assert_eq!(&out[..6], b"GIF89a");
        let full = 640 * 480;
        assert!(out.len() < full * report.frames / 8, "{} bytes for {} frames", out.len(), report.frames);
    }

    #[test]
    fn the_finished_card_sits_over_the_board_in_the_same_look() {
        let mut game = crate::anim::Game::new("1 2 3\n4 5 6\n7 _ 8".parse().unwrap());
        game.click(Pos::new(2, 2));
        let (panel, card) = crate::scene::play_panel(&game, Some(4.0), 1);
        let mut frame = crate::scene::Frame::plain(game.board());
        frame.panel = panel;
        frame.card = card;
        frame.title = "solved!".into();
        let mut raster = Raster::new(640, 480).unwrap();
        let layout = Layout::new(640.0, 480.0, 3, 3);
        Painter::new().paint(&frame, &layout, &mut raster, None);
        // The card's dark face covers the board's centre.
        let (cx, cy) =
            (layout.viewport.x + layout.viewport.w / 2.0, layout.viewport.y + layout.viewport.h / 2.0 - 40.0);
        let i = ((cy as usize) * 640 + cx as usize) * 4;
        assert!(raster.rgba()[i..i + 3].iter().all(|&c| c < 40), "{:?}", &raster.rgba()[i..i + 3]);
    }

    #[test]
    fn changed_finds_the_rectangle() {
        let before = vec![0u8; 4 * 4 * 4];
        let mut after = before.clone();
        after[(2 * 4 + 1) * 4] = 9;
        assert_eq!(changed(&before, &after, 4, 4), Some((1, 2, 2, 3)));
        assert_eq!(changed(&before, &before, 4, 4), None);
    }
}

#[cfg(test)]
mod examples {
    // What were examples in the docs of items only the crate uses.

    #[test]
    fn frame_marks() {
        use crate::record::{FrameStep, frame_marks};
        assert_eq!(frame_marks(10, &[0, 4, 9], FrameStep::Moves(4)), vec![0, 4, 8, 10]);
        assert_eq!(frame_marks(10, &[0, 4, 9], FrameStep::Phases), vec![0, 4, 9, 10]);
    }
}
