//! `fifteen compare --watch`: the person's solve and fifteen's side by side
//! in the window, kept in step stage by stage.

use std::path::PathBuf;

use clap::Args;
use fifteen_core::HumanOptions;
use fifteen_core::human::Effort;
use fifteen_core::lines;
use fifteen_view::anim::{self, Duo, Player, Timeline};

use super::error::CliError;
use super::numbers::{check_speed, positive_real, whole};
use super::paths;
use super::sizes::{self, Use};
use super::solve_source::SourcedSolve;

/// The flags of `compare --watch`.
#[derive(Args, Debug, Default)]
pub struct WatchArgs {
    /// Show the person's solve and fifteen's side by side in the window,
    /// both boards finishing the same lines together (the first solve, or
    /// the one --solve names).
    #[arg(long, conflicts_with_all = ["format", "threads"])]
    pub watch: bool,
    /// With --watch: moves per second, the same on both boards, 0.5 to
    /// 100000000 (default: fifteen's solve in about 45 s).
    #[arg(long, value_name = "MPS", value_parser = positive_real, requires = "watch")]
    speed: Option<f64>,
    /// With --watch: close after N frames and print `frames: N, fps: F` on
    /// stderr.
    #[arg(long, value_name = "N", value_parser = whole, requires = "watch")]
    frames: Option<u64>,
    /// With --watch: close once both boards are solved.
    #[arg(long, requires = "watch")]
    until_solved: bool,
    /// With --watch: write the window to this PNG file when it closes.
    #[arg(long, value_name = "PATH", requires = "watch")]
    screenshot: Option<PathBuf>,
}

/// Plays the first of `solves` beside fifteen's solve of its scramble.
pub fn run(solves: Vec<SourcedSolve>, effort: Effort, args: WatchArgs) -> Result<(), CliError> {
    if args.frames == Some(0) {
        return Err(CliError::Usage("--frames must be positive, got 0".into()));
    }
    check_speed(args.speed)?;
    if let Some(path) = &args.screenshot {
        paths::check_output(path, "--screenshot", "png")?;
    }
    window_available()?;
    let count = solves.len();
    let Some(sourced) = solves.into_iter().next() else {
        return Err(CliError::Usage("no solve to compare".into()));
    };
    let board = &sourced.solve.scramble;
    sizes::check(board.rows(), board.cols(), Use::Watch)?;
    if count > 1 {
        eprintln!(
            "note: the sources hold {count} solves; comparing solve {} (--solve N picks another)",
            sourced.number
        );
    }
    let effort = effort.resolve(board.rows(), board.cols());
    // fifteen's solve is planned once, whole: its moves line the two up,
    // and its timeline plays them with their targets and routes.
    let mut fifteen = Player::new(Timeline::solve(board, &HumanOptions { effort, ..HumanOptions::default() })?);
    fifteen.plan_ahead(usize::MAX, &mut || true);
    if fifteen.timeline().total() != Some(fifteen.timeline().len()) {
        return Err(CliError::Solver(format!("fifteen's solve of solve {} stopped before the goal", sourced.number)));
    }
    let person = Timeline::from_person(&sourced.solve)
        .map_err(|e| CliError::Solver(format!("solve {}: {e}", sourced.number)))?;
    let stages =
        lines::line_up(&lines::detect(board, &sourced.solve.moves), &lines::detect(board, fifteen.timeline().moves()));
    let mut duo = Duo::new(Player::new(person), fifteen, stages);
    duo.set_speed(args.speed.unwrap_or_else(|| anim::default_speed(board.rows(), board.cols())));
    let about =
        [sourced.solve.player.clone().unwrap_or_else(|| "person".into()), format!("fifteen, {}", effort.name())];
    show(duo, about, &args)
}

/// The window's checks before any solving: there is one, and a display.
fn window_available() -> Result<(), CliError> {
    #[cfg(feature = "gui")]
    let why = (!crate::gui::display_available())
        .then_some("--watch needs a window, and there is no display (DISPLAY and WAYLAND_DISPLAY are unset)");
    #[cfg(not(feature = "gui"))]
    let why = Some("--watch needs the window, and this fifteen was built without it (cargo feature `gui`)");
    match why {
        Some(why) => Err(CliError::Window(format!("{why}; leave out --watch for the table"))),
        None => Ok(()),
    }
}

/// Plays the two solves in the window until it closes.
fn show(duo: Duo, about: [String; 2], args: &WatchArgs) -> Result<(), CliError> {
    #[cfg(feature = "gui")]
    {
        use crate::gui::{self, WindowError};

        let options = gui::Options {
            speed: duo.speed(),
            frames: args.frames,
            until_solved: args.until_solved,
            screenshot: args.screenshot.clone(),
            ..gui::Options::default()
        };
        match gui::compare(duo, ["the person".into(), "fifteen".into()], about, options) {
            Ok(report) => {
                if args.frames.is_some() {
                    eprintln!("frames: {}, fps: {:.1}", report.frames, report.fps());
                }
                Ok(())
            }
            Err(WindowError::Unavailable(why)) => Err(CliError::Window(format!(
                "--watch cannot open a window ({}); leave out --watch for the table",
                why.trim()
            ))),
            Err(err) => Err(CliError::Window(err.to_string())),
        }
    }
    #[cfg(not(feature = "gui"))]
    {
        let _ = (duo, about, args);
        window_available()
    }
}
