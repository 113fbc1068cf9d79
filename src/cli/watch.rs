//! `fifteen watch` and `fifteen play`: the window, or the terminal when
//! there is no display.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

use clap::Args;
use fifteen::Board;
use fifteen::anim::{self, Game, MAX_SPEED, MIN_SPEED, Player};
use fifteen::tui::{self, TuiOptions};

use super::board_source::{BoardInput, ScrambleArgs};
use super::error::CliError;
use super::solve::{EffortArg, FinishArg};

/// What `--picture` with no value stands for: the picture shipped in `assets/`.
const SHIPPED_PICTURE: &str = "shipped";

pub const WATCH_HELP: &str = "\
Controls (? or H in the window shows them):
  Space play/pause   Right/Left one move   Down/N, Up/P next/previous phase
  +/- speed   R restart   S new scramble   O overlays   M play yourself   Esc quit
  Play mode: click a tile next to the blank or use the arrows; I for a hint.

With no display (DISPLAY and WAYLAND_DISPLAY unset) or with --tui, the solve
is shown in the terminal instead; `play` then reads moves from stdin.";

#[derive(Args, Debug, Default)]
pub struct WatchCommand {
    /// Board file: one row per line, blank as 0 or _ (`-`: stdin; nothing: a scramble).
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,
    #[command(flatten)]
    scramble: ScrambleArgs,
    /// Moves per second, 0.5 to 100000 (default: about 45 s for the whole solve).
    #[arg(long, value_name = "MPS")]
    speed: Option<f64>,
    /// Picture mode: tiles show pieces of this PNG (`--picture` alone: the shipped picture).
    #[arg(long, value_name = "PATH", num_args = 0..=1, default_missing_value = SHIPPED_PICTURE)]
    picture: Option<PathBuf>,
    /// Close after N frames and print `frames: N, fps: F` on stderr.
    #[arg(long, value_name = "N")]
    frames: Option<u64>,
    /// Close once the board is solved.
    #[arg(long)]
    until_solved: bool,
    /// Write the window to this PNG file when it closes.
    #[arg(long, value_name = "PATH")]
    screenshot: Option<PathBuf>,
    /// Show the solve in the terminal even when a window could open.
    #[arg(long)]
    tui: bool,
    /// How the solver ends: the strategy's pairs, or (up to 4×4 and 3×5)
    /// exact stages.
    #[arg(long, value_enum, default_value_t = FinishArg::Pairs)]
    finish: FinishArg,
    /// How hard the solver looks ahead for fewer moves (see `fifteen solve
    /// --help`): fast, normal, best, or auto (by size).
    #[arg(long, value_enum, default_value_t = EffortArg::Auto)]
    effort: EffortArg,
}

impl WatchCommand {
    fn board(&self) -> Result<Board, CliError> {
        let s = &self.scramble;
        let scrambling = s.size.is_some() || s.rows.is_some() || s.walk.is_some() || s.seed.is_some();
        match &self.file {
            Some(_) if scrambling => {
                Err(CliError::Usage("give a board file or scramble options (--size, --seed, …), not both".into()))
            }
            Some(file) => BoardInput { file: Some(file.clone()) }.read(),
            None => s.board(4),
        }
    }

    fn speed(&self, board: &Board) -> Result<f64, CliError> {
        match self.speed {
            None => Ok(anim::default_speed(board.rows(), board.cols())),
            Some(speed) if (MIN_SPEED..=MAX_SPEED).contains(&speed) => Ok(speed),
            Some(speed) => Err(CliError::Usage(format!(
                "--speed {speed} is out of range: give {MIN_SPEED} to {MAX_SPEED} moves per second"
            ))),
        }
    }
}

pub fn run(cmd: WatchCommand, play: bool) -> Result<(), CliError> {
    let board = cmd.board()?;
    board.check_solvable()?;
    let speed = cmd.speed(&board)?;
    if cmd.frames == Some(0) {
        return Err(CliError::Usage("--frames needs at least 1 frame".into()));
    }
    if cmd.tui {
        return terminal(board, &cmd, speed, play);
    }
    window(board, &cmd, speed, play)
}

#[cfg(feature = "gui")]
fn window(board: Board, cmd: &WatchCommand, speed: f64, play: bool) -> Result<(), CliError> {
    use fifteen::gui::{self, Picture, WindowError};

    let picture = match &cmd.picture {
        None => None,
        Some(path) if path.as_os_str() == SHIPPED_PICTURE => Some(Picture::default_picture()),
        Some(path) => Some(Picture::load(path).map_err(|e| CliError::Window(e.to_string()))?),
    };
    let reason = if gui::display_available() {
        let options = gui::Options {
            speed,
            play,
            picture,
            frames: cmd.frames,
            until_solved: cmd.until_solved,
            screenshot: cmd.screenshot.clone(),
            finish: cmd.finish.into(),
            effort: (cmd.effort != EffortArg::Auto).then(|| cmd.effort.for_size(board.rows(), board.cols())),
        };
        match gui::run(board.clone(), options) {
            Ok(report) => {
                if cmd.frames.is_some() {
                    eprintln!("frames: {}, fps: {:.1}", report.frames, report.fps());
                }
                return Ok(());
            }
            Err(WindowError::Unavailable(why)) => format!("cannot open a window ({})", why.trim()),
            Err(WindowError::Solve(err)) => return Err(err.into()),
            Err(err) => return Err(CliError::Window(err.to_string())),
        }
    } else {
        "no display (DISPLAY and WAYLAND_DISPLAY are unset)".to_string()
    };
    if cmd.screenshot.is_some() {
        return Err(CliError::Window(format!("{reason}, so no screenshot can be taken")));
    }
    eprintln!("note: {reason}; showing it in the terminal instead");
    terminal(board, cmd, speed, play)
}

#[cfg(not(feature = "gui"))]
fn window(board: Board, cmd: &WatchCommand, speed: f64, play: bool) -> Result<(), CliError> {
    if cmd.screenshot.is_some() || cmd.picture.is_some() {
        return Err(CliError::Window(
            "this fifteen was built without the window (cargo feature `gui`): no --screenshot or --picture".into(),
        ));
    }
    eprintln!("note: this fifteen was built without the window (cargo feature `gui`); showing it in the terminal");
    terminal(board, cmd, speed, play)
}

fn terminal(board: Board, cmd: &WatchCommand, speed: f64, play: bool) -> Result<(), CliError> {
    let stdout = io::stdout();
    let ansi = stdout.is_terminal();
    let mut out = io::BufWriter::new(stdout.lock());
    let result = if play {
        let mut game = Game::new(board);
        tui::play(&mut game, io::stdin().lock(), &mut out).map(|_| ())
    } else {
        let effort = cmd.effort.for_size(board.rows(), board.cols());
        let mut player = Player::solve_with_effort(&board, cmd.finish.into(), effort)?;
        player.set_speed(speed);
        let options = TuiOptions { ansi, frames: cmd.frames, ..TuiOptions::default() };
        tui::watch(&mut player, &mut out, &options).map(|report| {
            if cmd.frames.is_some() {
                eprintln!("frames: {}, fps: {:.1}", report.frames, report.frames as f64 / report.seconds.max(1e-9));
            }
        })
    };
    match result.and_then(|()| out.flush()) {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => other.map_err(CliError::from),
    }
}
