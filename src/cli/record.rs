//! `fifteen record`: the solve as an animated GIF, or one frame as a PNG,
//! drawn without a display in the window's look (feature `record`), or as
//! a page that plays it in a browser (`--format html`, any build).

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use fifteen_core::human::{Effort, Finish};
use fifteen_core::{Board, HumanOptions};
#[cfg(feature = "record")]
use fifteen_view::anim::Timeline;
#[cfg(feature = "record")]
use fifteen_view::record::{self, FrameStep, RecordError, Recording};
#[cfg(feature = "record")]
use indicatif::{ProgressBar, ProgressStyle};

use super::board_source::{BoardInput, ScrambleArgs};
use super::error::CliError;
use super::sizes::{self, Use};
use super::solve_source::SourcedSolve;

pub const RECORD_HELP: &str = "\
Examples:
  fifteen record --size 4 --seed 7 --out solve.gif
  fifteen record --size 100 --seed 1 --phases --out big.gif
  fifteen record --size 4 --seed 7 --at 20 --out still.png
  fifteen record --replay solves.txt --solve 2 --out theirs.gif
  fifteen record --size 30 --seed 1 --out solve.html   (a page that plays it, offline)";

#[derive(Args, Debug)]
pub struct RecordCommand {
    /// Board file: one row per line, blank as 0 or _ (`-`: stdin; nothing: a scramble).
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,
    /// Record a person's solve instead: a slidysim replay link, its bare
    /// payload, or a file of them (`-`: stdin), as `fifteen replay` reads.
    #[arg(long, value_name = "SOURCE", conflicts_with = "file")]
    replay: Option<String>,
    /// With --replay: the N-th solve of the source (from 1; default the first).
    #[arg(long = "solve", value_name = "N", requires = "replay", value_parser = clap::value_parser!(u32).range(1..))]
    pick: Option<u32>,
    /// With --replay: read the source whatever its size (lifts the limits
    /// on a link, as `replay --trusted`).
    #[arg(long, requires = "replay")]
    trusted: bool,
    #[command(flatten)]
    scramble: ScrambleArgs,
    /// Where to write: a .gif for the whole solve, a .png for one frame,
    /// a .html for a page that plays the solve in a browser.
    #[arg(long, short, value_name = "PATH")]
    out: PathBuf,
    /// What to write (default: from --out's extension).
    #[arg(long, short, value_enum, value_name = "FORMAT")]
    format: Option<RecordFormat>,
    /// PNG only: the frame after this many moves (default: the scramble).
    #[arg(long, value_name = "MOVE")]
    at: Option<usize>,
    /// Moves a frame (default: one, or enough for about 300 frames).
    #[arg(long, value_name = "N", conflicts_with = "phases")]
    every: Option<usize>,
    /// One frame a phase (each row and column), for huge boards.
    #[arg(long)]
    phases: bool,
    /// Frames a second when the GIF plays.
    #[arg(long, value_name = "F", default_value_t = 8.0)]
    fps: f64,
    /// Frame width in pixels.
    #[arg(long, value_name = "PX", default_value_t = 720)]
    width: u32,
    /// Frame height in pixels.
    #[arg(long, value_name = "PX", default_value_t = 500)]
    height: u32,
    /// How the solver ends: the strategy's pairs, or (up to 4×4 and 3×5) exact stages.
    #[arg(long, value_parser = super::choices::finish(), default_value = "pairs")]
    finish: Finish,
    /// How hard the solver looks ahead for fewer moves (see `fifteen solve
    /// --help`): fast, normal, best, or auto (by size).
    #[arg(long, value_parser = super::choices::effort(), default_value = "auto")]
    effort: Effort,
}

/// What `record` writes.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum RecordFormat {
    /// the whole solve as an animated GIF
    Gif,
    /// one frame as a PNG
    Png,
    /// one self-contained page (HTML) that plays the solve, with no network
    Html,
}

impl RecordCommand {
    fn board(&self, what: Use) -> Result<Board, CliError> {
        let s = &self.scramble;
        let scrambling = s.size.is_some() || s.rows.is_some() || s.walk.is_some() || s.seed.is_some();
        match &self.file {
            Some(_) if scrambling => {
                Err(CliError::Usage("give a board file or scramble options (--size, --seed, …), not both".into()))
            }
            Some(file) => BoardInput { file: Some(file.clone()) }.read(),
            None => s.board(4, what),
        }
    }

    /// Everything that can be checked before any work.
    fn check(&self) -> Result<RecordFormat, CliError> {
        let s = &self.scramble;
        if self.replay.is_some() && (s.size.is_some() || s.rows.is_some() || s.walk.is_some() || s.seed.is_some()) {
            return Err(CliError::Usage("give --replay or scramble options (--size, --seed, …), not both".into()));
        }
        let ext = self.out.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
        let kind = match (self.format, ext.as_deref()) {
            (Some(format), _) => format,
            (None, Some("gif")) => RecordFormat::Gif,
            (None, Some("png")) => RecordFormat::Png,
            (None, Some("html" | "htm")) => RecordFormat::Html,
            _ => {
                return Err(CliError::Usage(format!(
                    "--out {}: name a .gif (the whole solve), a .png (one frame) or a .html (a page), or give --format",
                    self.out.display()
                )));
            }
        };
        if kind == RecordFormat::Html && (self.at.is_some() || self.every.is_some() || self.phases) {
            return Err(CliError::Usage(
                "--at, --every and --phases pick frames; a page (html) holds every move".into(),
            ));
        }
        if kind != RecordFormat::Html && !cfg!(feature = "record") {
            return Err(CliError::Usage(
                "this fifteen was built without the feature `record`: it writes only pages (--format html)".into(),
            ));
        }
        if self.at.is_some() && kind == RecordFormat::Gif {
            return Err(CliError::Usage("--at picks one frame: use it with a .png --out".into()));
        }
        if kind == RecordFormat::Png && (self.every.is_some() || self.phases) {
            return Err(CliError::Usage("--every and --phases pace a .gif; a .png is one frame (--at)".into()));
        }
        if self.every == Some(0) {
            return Err(CliError::Usage("--every needs at least 1 move a frame".into()));
        }
        if !(0.5..=50.0).contains(&self.fps) {
            return Err(CliError::Usage(format!("--fps {} is out of range: give 0.5 to 50", self.fps)));
        }
        for (name, px) in [("--width", self.width), ("--height", self.height)] {
            if !(160..=4096).contains(&px) {
                return Err(CliError::Usage(format!("{name} {px} is out of range: give 160 to 4096 pixels")));
            }
        }
        if self.out.is_dir() {
            return Err(CliError::Usage(format!("--out {} is a directory", self.out.display())));
        }
        Ok(kind)
    }
}

/// A file written next to the output and renamed over it once complete, so
/// a failure leaves no empty or half-written file behind.
struct Pending {
    part: PathBuf,
    done: bool,
}

impl Pending {
    fn create(out: &Path) -> Result<(Pending, File), CliError> {
        let mut name = out.file_name().unwrap_or_default().to_os_string();
        name.push(".part");
        let part = out.with_file_name(name);
        let file = File::create(&part)
            .map_err(|e| CliError::Write(io::Error::new(e.kind(), format!("{}: {e}", out.display()))))?;
        Ok((Pending { part, done: false }, file))
    }

    fn finish(mut self, out: &Path) -> Result<(), CliError> {
        std::fs::rename(&self.part, out)
            .map_err(|e| CliError::Write(io::Error::new(e.kind(), format!("{}: {e}", out.display()))))?;
        self.done = true;
        Ok(())
    }
}

impl Drop for Pending {
    fn drop(&mut self) {
        if !self.done {
            let _ = std::fs::remove_file(&self.part);
        }
    }
}

#[cfg(feature = "record")]
fn record_error(err: RecordError) -> CliError {
    match err {
        RecordError::Solve(err) => err.into(),
        other => CliError::Write(io::Error::other(other.to_string())),
    }
}

pub fn run(cmd: RecordCommand) -> Result<(), CliError> {
    let kind = cmd.check()?;
    if kind == RecordFormat::Html {
        return page(&cmd);
    }
    #[cfg(feature = "record")]
    return pictures(cmd, kind);
    #[cfg(not(feature = "record"))]
    unreachable!("check refuses pictures without the feature")
}

/// `--format html`: the solve (fifteen's, or the person's of `--replay`)
/// and the viewer in one page.
fn page(cmd: &RecordCommand) -> Result<(), CliError> {
    let data = match &cmd.replay {
        Some(source) => {
            let sourced = person_source(cmd, source, Use::Page)?;
            let solve = &sourced.solve;
            let title = format!("fifteen: {}", solve.event);
            fifteen_view::web::person_data(solve, &title)
                .map_err(|e| CliError::Solver(format!("solve {}: {e}", sourced.number)))?
        }
        None => {
            let board = cmd.board(Use::Page)?;
            board.check_solvable()?;
            sizes::check(board.rows(), board.cols(), Use::Page)?;
            let options = solve_options(cmd);
            let title = format!("fifteen: a {}×{} solve", board.rows(), board.cols());
            fifteen_view::web::solve_data(&board, &options, &title, fifteen_view::web::Work::default())?
        }
    };
    let page = fifteen_view::web::page(&data);
    let (pending, file) = Pending::create(&cmd.out)?;
    let mut out = BufWriter::new(file);
    out.write_all(page.as_bytes())?;
    out.flush()?;
    drop(out);
    pending.finish(&cmd.out)?;
    eprintln!("{} moves, a page of {} bytes: {}", data.count, page.len(), cmd.out.display());
    Ok(())
}

/// How the board is solved: on every core, as `solve` does (the moves are
/// the same on any number; a 30×30 at `best` takes 14 s on one).
fn solve_options(cmd: &RecordCommand) -> HumanOptions {
    HumanOptions { finish: cmd.finish, effort: cmd.effort, threads: super::pdb::cores(), ..HumanOptions::default() }
}

/// A GIF or a PNG, drawn by the rasteriser.
#[cfg(feature = "record")]
fn pictures(cmd: RecordCommand, kind: RecordFormat) -> Result<(), CliError> {
    let timeline = match &cmd.replay {
        Some(source) => person(&cmd, source)?,
        None => {
            let board = cmd.board(Use::Record)?;
            board.check_solvable()?;
            sizes::check(board.rows(), board.cols(), Use::Record)?;
            Timeline::solve(&board, &solve_options(&cmd))?
        }
    };
    let (rows, cols) = (timeline.start().rows(), timeline.start().cols());
    let (pending, file) = Pending::create(&cmd.out)?;
    let recording = Recording {
        width: cmd.width,
        height: cmd.height,
        pace: if cmd.phases { Some(FrameStep::Phases) } else { cmd.every.map(FrameStep::Moves) },
        fps: cmd.fps,
        finish: cmd.finish,
        effort: cmd.effort.resolve(rows, cols),
    };
    let mut out = BufWriter::new(file);
    match kind {
        RecordFormat::Png => {
            let png = record::still_timeline(timeline, &recording, cmd.at.unwrap_or(0)).map_err(record_error)?;
            out.write_all(&png)?;
        }
        RecordFormat::Html => unreachable!("a page is written by `page`"),
        RecordFormat::Gif => {
            let bar = progress_bar();
            let report = record::gif_timeline(timeline, &recording, &mut out, &mut |done, all| {
                bar.set_length(all as u64);
                bar.set_position(done as u64);
            })
            .map_err(record_error)?;
            bar.finish_and_clear();
            eprintln!("{} frames, {} moves: {}", report.frames, report.moves, cmd.out.display());
        }
    }
    out.flush()?;
    drop(out);
    pending.finish(&cmd.out)
}

/// `--replay`: the solve the source names, its size checked for `what`.
fn person_source(cmd: &RecordCommand, source: &str, what: Use) -> Result<SourcedSolve, CliError> {
    let solves = super::solve_source::read(&[source.to_string()], cmd.pick.map(|n| n as usize), cmd.trusted)?;
    let Some(sourced) = solves.into_iter().next() else {
        return Err(CliError::Usage("no solve to record".into()));
    };
    let board = &sourced.solve.scramble;
    sizes::check(board.rows(), board.cols(), what)?;
    Ok(sourced)
}

/// `--replay`: a person's solve, to be recorded as fifteen's own are.
#[cfg(feature = "record")]
fn person(cmd: &RecordCommand, source: &str) -> Result<Timeline, CliError> {
    let sourced = person_source(cmd, source, Use::Record)?;
    // The source was checked when read: its moves are legal and solve it.
    Timeline::from_person(&sourced.solve).map_err(|e| CliError::Solver(format!("solve {}: {e}", sourced.number)))
}

/// The recording's progress on a terminal (hidden otherwise).
#[cfg(feature = "record")]
fn progress_bar() -> ProgressBar {
    let bar = if std::io::IsTerminal::is_terminal(&io::stderr()) { ProgressBar::new(0) } else { ProgressBar::hidden() };
    bar.set_style(
        ProgressStyle::with_template("recording [{bar:30}] {pos}/{len} frames {elapsed}")
            .expect("a valid template")
            .progress_chars("=> "),
    );
    bar
}
