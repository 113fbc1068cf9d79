//! `fifteen watch` and `fifteen play`: the window, or the terminal when
//! there is no display.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

use crate::tui::{self, TuiOptions};
use clap::Args;
use fifteen_core::Board;
use fifteen_core::human::{Effort, Finish, HumanOptions};
use fifteen_view::anim::{self, Game};
use fifteen_view::control::{self, App, Mode};

use super::board_source::{BoardInput, ScrambleArgs};
use super::error::CliError;
use super::numbers::{check_speed, positive_real, whole};
use super::paths;
use super::sizes::{self, Use};

/// What `--picture` with no value stands for: the picture shipped in `assets/`.
const SHIPPED_PICTURE: &str = "shipped";

/// `watch --help` and `play --help` after the options: the keys, from
/// the one binding table the window and the terminal read.
pub fn watch_help() -> String {
    let mut help = String::from("Keys, in the window and in the terminal alike (? or H shows them):\n");
    for line in control::help_lines() {
        help.push_str("  ");
        help.push_str(line);
        help.push('\n');
    }
    help.push_str(
        "
With no display (DISPLAY and WAYLAND_DISPLAY unset) or with --tui, the solve
is shown in the terminal instead, answering the same keys; `play` then reads
moves from stdin.

The side panel's \"optimal: N moves left\": the optimal distance on boards of
up to 16 cells; on 17 to 49 cells the near solver's bounds, `optimal: 99–103
moves left`, tightening for 5 s a board up to 5×5 and 10 s on 6×6 and 7×7
(one number once they meet).

Boards up to 1000×1000: the animation keeps every move so it can step back
(a 1000×1000 solve makes 1.75 billion moves and needs about 8 GB).",
    );
    help
}

#[derive(Args, Debug, Default)]
pub struct WatchCommand {
    /// Board file: one row per line, blank as 0 or _, up to 1000×1000 (`-`:
    /// stdin; nothing: a scramble).
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,
    #[command(flatten)]
    options: WatchOptions,
}

impl From<WatchOptions> for WatchCommand {
    /// `fifteen [OPTIONS]`: a scramble, watched.
    fn from(options: WatchOptions) -> WatchCommand {
        WatchCommand { file: None, options }
    }
}

/// Everything `watch` and `play` take but the board file; `fifteen` alone
/// takes these too.
#[derive(Args, Debug, Default)]
pub struct WatchOptions {
    #[command(flatten)]
    scramble: ScrambleArgs,
    /// Moves per second, 0.5 to 100000000 (default: the whole solve in about
    /// 45 s at any size, many moves a frame on big boards).
    #[arg(long, value_name = "MPS", value_parser = positive_real)]
    speed: Option<f64>,
    /// Picture mode: tiles show pieces of this PNG (`--picture` alone: the shipped picture).
    #[arg(long, value_name = "PATH", num_args = 0..=1, default_missing_value = SHIPPED_PICTURE)]
    picture: Option<PathBuf>,
    #[command(flatten)]
    run: WindowRun,
    /// How the solver ends: the strategy's pairs, or (up to 4×4 and 3×5)
    /// exact stages.
    #[arg(long, value_parser = super::choices::finish(), default_value = "pairs")]
    finish: Finish,
    /// How hard the solver looks ahead for fewer moves: fast, normal, best,
    /// or auto (by size: the watching column of the table in `fifteen solve
    /// --help`, so that planning keeps ahead of the playback).
    #[arg(long, value_parser = super::choices::effort(), default_value = "auto")]
    effort: Effort,
}

/// How a window run ends and what it leaves behind; `watch`, `play` and
/// `replay` take these alike.
#[derive(Args, Debug, Default)]
pub struct WindowRun {
    /// Close after N frames and print `frames: N, fps: F` on stderr.
    #[arg(long, value_name = "N", value_parser = whole)]
    pub frames: Option<u64>,
    /// Close once the board is solved.
    #[arg(long)]
    pub until_solved: bool,
    /// Write the window to this PNG file when it closes (checked before
    /// anything starts).
    #[arg(long, value_name = "PATH")]
    pub screenshot: Option<PathBuf>,
    /// Show the solve in the terminal even when a window could open.
    #[arg(long)]
    pub tui: bool,
}

impl WatchOptions {
    /// How the solve watched is planned.
    fn solve_options(&self) -> HumanOptions {
        HumanOptions { finish: self.finish, effort: self.effort, ..HumanOptions::default() }
    }
}

impl WatchCommand {
    fn board(&self) -> Result<Board, CliError> {
        let s = &self.options.scramble;
        let scrambling = s.size.is_some() || s.rows.is_some() || s.walk.is_some() || s.seed.is_some();
        match &self.file {
            Some(_) if scrambling => {
                Err(CliError::Usage("give a board file or scramble options (--size, --seed, …), not both".into()))
            }
            Some(file) => {
                let board = BoardInput { file: Some(file.clone()) }.read()?;
                sizes::check(board.rows(), board.cols(), Use::Watch)?;
                Ok(board)
            }
            None => s.board(4, Use::Watch),
        }
    }

    /// Checks the files named by --screenshot and --picture, before any
    /// board is read or solved; returns the picture.
    fn files(&self) -> Result<LoadedPicture, CliError> {
        if self.options.run.tui && (self.options.run.screenshot.is_some() || self.options.picture.is_some()) {
            let flag = if self.options.run.screenshot.is_some() { "--screenshot" } else { "--picture" };
            return Err(CliError::Usage(format!("{flag} needs the window, and --tui shows the solve in the terminal")));
        }
        if let Some(path) = &self.options.run.screenshot {
            paths::check_output(path, "--screenshot", "png")?;
        }
        load_picture(self.options.picture.as_deref())
    }

    fn speed(&self, board: &Board) -> Result<f64, CliError> {
        Ok(check_speed(self.options.speed)?.unwrap_or_else(|| anim::default_speed(board.rows(), board.cols())))
    }
}

pub fn run(cmd: WatchCommand, play: bool) -> Result<(), CliError> {
    if cmd.options.run.frames == Some(0) {
        return Err(CliError::Usage("--frames must be positive, got 0".into()));
    }
    let picture = cmd.files()?;
    let board = cmd.board()?;
    board.check_solvable()?;
    let speed = cmd.speed(&board)?;
    if cmd.options.run.tui {
        return terminal(board, &cmd, speed, play);
    }
    window(board, &cmd, picture, speed, play)
}

#[cfg(feature = "gui")]
use crate::gui::Picture;
/// Without the window there is no picture mode, and no picture to hold.
#[cfg(not(feature = "gui"))]
use std::convert::Infallible as Picture;

/// The picture for picture mode, decoded (`None`: plain tiles; always
/// `None` without the window).
type LoadedPicture = Option<Picture>;

#[cfg(feature = "gui")]
fn load_picture(path: Option<&std::path::Path>) -> Result<LoadedPicture, CliError> {
    match path {
        None => Ok(None),
        Some(path) if path.as_os_str() == SHIPPED_PICTURE => Ok(Some(Picture::default_picture())),
        Some(path) => {
            paths::check_input(path, "--picture")?;
            Ok(Some(Picture::load(path).map_err(|e| CliError::Usage(e.to_string()))?))
        }
    }
}

#[cfg(not(feature = "gui"))]
fn load_picture(path: Option<&std::path::Path>) -> Result<LoadedPicture, CliError> {
    match path {
        None => Ok(None),
        Some(path) => {
            if path.as_os_str() != SHIPPED_PICTURE {
                paths::check_input(path, "--picture")?;
            }
            Err(CliError::Window(
                "this fifteen was built without the window (cargo feature `gui`): no --screenshot or --picture".into(),
            ))
        }
    }
}

/// `watch` and `play` in the window, with their picture and the optimal
/// distance's tables; the terminal when no window opens.
fn window(board: Board, cmd: &WatchCommand, picture: LoadedPicture, speed: f64, play: bool) -> Result<(), CliError> {
    let mode = if play { Mode::Play } else { Mode::Watch };
    let make = || Ok(App::new(board.clone(), speed, mode, cmd.options.solve_options())?);
    let extras = WindowExtras { picture, optimal_distance: true };
    show_in_window_or(&make, &cmd.options.run, extras, &|| terminal(board.clone(), cmd, speed, play))
}

fn terminal(board: Board, cmd: &WatchCommand, speed: f64, play: bool) -> Result<(), CliError> {
    if play {
        let stdout = io::stdout();
        let mut out = io::BufWriter::new(stdout.lock());
        let mut game = Game::new(board);
        let result = tui::play(&mut game, io::stdin().lock(), &mut out).map(|_| ());
        finish_output(result.and_then(|()| out.flush()))?;
        drop(out);
        return match game.replay_link() {
            Some(link) => print_hand_solve(&link),
            None => Ok(()),
        };
    }
    let mut app = App::new(board, speed, Mode::Watch, cmd.options.solve_options())?;
    watch_in_terminal(&mut app, cmd.options.run.frames)
}

/// Shows the app `make` makes in the window, or in the terminal when
/// `run.tui` asks for it, there is no display or this fifteen has no window
/// (saying why on stderr). `make` is called again for the terminal when the
/// window could not open.
pub(super) fn show_app(make: &dyn Fn() -> Result<App, CliError>, run: &WindowRun) -> Result<(), CliError> {
    let terminal = || watch_in_terminal(&mut make()?, run.frames);
    show_in_window_or(make, run, WindowExtras::default(), &terminal)
}

/// What a window shows beyond its app: `watch`'s and `play`'s picture mode
/// and the optimal distance (whose tables the command finds).
#[derive(Default)]
#[cfg_attr(not(feature = "gui"), allow(dead_code))]
struct WindowExtras {
    picture: LoadedPicture,
    optimal_distance: bool,
}

/// The one choice between the window and the terminal: the window on the
/// app `make` makes, unless `run.tui` says the terminal; `terminal` when no
/// window opens (saying why on stderr), or an error when a screenshot was
/// asked for.
fn show_in_window_or(
    make: &dyn Fn() -> Result<App, CliError>,
    run: &WindowRun,
    extras: WindowExtras,
    terminal: &dyn Fn() -> Result<(), CliError>,
) -> Result<(), CliError> {
    if run.tui {
        return terminal();
    }
    let reason = match in_window(make, run, extras)? {
        None => return Ok(()),
        Some(reason) => reason,
    };
    if run.screenshot.is_some() {
        return Err(CliError::Window(format!("{reason}, so no screenshot can be taken")));
    }
    eprintln!("note: {reason}; showing it in the terminal instead");
    terminal()
}

/// Runs the app in the window; `Some(why)` when no window could open.
fn in_window(
    make: &dyn Fn() -> Result<App, CliError>,
    run: &WindowRun,
    extras: WindowExtras,
) -> Result<Option<String>, CliError> {
    #[cfg(feature = "gui")]
    {
        use crate::gui::{self, WindowError};

        if !gui::display_available() {
            return Ok(Some("no display (DISPLAY and WAYLAND_DISPLAY are unset)".into()));
        }
        let app = make()?;
        let oracle_tables = extras
            .optimal_distance
            .then(|| std::sync::Arc::new(super::pdb::tables()) as std::sync::Arc<dyn fifteen_core::tables::Tables>);
        let options = gui::Options {
            speed: app.player().speed(),
            picture: extras.picture,
            frames: run.frames,
            until_solved: run.until_solved,
            screenshot: run.screenshot.clone(),
            oracle_tables,
        };
        match gui::run_app(app, options) {
            Ok(report) => {
                if run.frames.is_some() {
                    eprintln!("frames: {}, fps: {:.1}", report.frames, report.fps());
                }
                if let Some(link) = &report.hand_solve {
                    print_hand_solve(link)?;
                }
                Ok(None)
            }
            Err(WindowError::Unavailable(why)) => Ok(Some(format!("cannot open a window ({})", why.trim()))),
            Err(WindowError::Solve(err)) => Err(err.into()),
            Err(err) => Err(CliError::Window(err.to_string())),
        }
    }
    #[cfg(not(feature = "gui"))]
    {
        let _ = (make, run, extras);
        Ok(Some("this fifteen was built without the window (cargo feature `gui`)".into()))
    }
}

/// Plays `app`'s solve in the terminal: redrawn in place with keys on a
/// terminal, a board a phase into a pipe; with `frames`, stops after that
/// many and prints the frame rate on stderr.
pub(super) fn watch_in_terminal(app: &mut App, frames: Option<u64>) -> Result<(), CliError> {
    let stdout = io::stdout();
    let ansi = stdout.is_terminal();
    let mut out = io::BufWriter::new(stdout.lock());
    let options = TuiOptions { ansi, frames, ..TuiOptions::default() };
    // Keys only while redrawing in place; into a pipe it just plays through.
    let keys = if ansi { super::keys::TerminalKeys::open() } else { None };
    let report = match keys {
        Some(mut keys) => tui::watch_with_keys(app, &mut out, &options, &mut keys),
        None => tui::watch(app, &mut out, &options),
    };
    let mut hand_solve = None;
    let result = report.map(|report| {
        if frames.is_some() {
            eprintln!("frames: {}, fps: {:.1}", report.frames, report.frames as f64 / report.seconds.max(1e-9));
        }
        hand_solve = report.hand_solve;
    });
    finish_output(result.and_then(|()| out.flush()))?;
    drop(out);
    match hand_solve {
        Some(link) => print_hand_solve(&link),
        None => Ok(()),
    }
}

/// A game solved by hand, written as a link slidysim's replay page opens
/// (and `fifteen replay` reads).
fn print_hand_solve(link: &str) -> Result<(), CliError> {
    finish_output(writeln!(io::stdout(), "your solve as a slidysim replay link: {link}"))
}

/// A closed pipe (`| head`) ends the output quietly.
fn finish_output(result: io::Result<()>) -> Result<(), CliError> {
    match result {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => other.map_err(CliError::from),
    }
}
