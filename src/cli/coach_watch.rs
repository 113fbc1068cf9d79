//! `fifteen coach --watch`: the person's solve with its coaching, in the
//! window or the terminal: each line's loss, the par graph, and fifteen's
//! way through a line played from the person's board.

use std::path::PathBuf;

use clap::Args;
use fifteen_core::coach::Coaching;
use fifteen_view::anim::{self, Timeline};
use fifteen_view::control::{App, CoachedReplay};

use super::error::CliError;
use super::numbers::{check_speed, positive_real, whole};
use super::paths;
use super::sizes::{self, Use};
use super::solve_source::SourcedSolve;
use super::watch::{WindowRun, show_app};

/// The flags of `coach --watch`.
#[derive(Args, Debug, Default)]
pub struct CoachWatchArgs {
    /// Play the solve with its coaching in the window (the terminal
    /// without a display): the panel shows each line's loss and the par
    /// graph (click it to jump), C plays fifteen's way through the line
    /// under way from the person's board, X goes back to their solve. The
    /// first solve, or the one --solve names.
    #[arg(long, conflicts_with_all = ["format", "threads"])]
    pub watch: bool,
    /// With --watch: moves per second, 0.5 to 100000000 (default: by the
    /// board's size, as `replay`).
    #[arg(long, value_name = "MPS", value_parser = positive_real, requires = "watch")]
    speed: Option<f64>,
    /// With --watch: close after N frames and print `frames: N, fps: F` on
    /// stderr.
    #[arg(long, value_name = "N", value_parser = whole, requires = "watch")]
    frames: Option<u64>,
    /// With --watch: close once the board is solved.
    #[arg(long, requires = "watch")]
    until_solved: bool,
    /// With --watch: write the window to this PNG file when it closes.
    #[arg(long, value_name = "PATH", requires = "watch")]
    screenshot: Option<PathBuf>,
    /// With --watch: show it in the terminal even when a window could open.
    #[arg(long, requires = "watch", conflicts_with = "screenshot")]
    tui: bool,
}

impl CoachWatchArgs {
    /// Checks the flags before any solve is read or coached.
    pub fn check(&self) -> Result<(), CliError> {
        if self.frames == Some(0) {
            return Err(CliError::Usage("--frames must be positive, got 0".into()));
        }
        check_speed(self.speed)?;
        if let Some(path) = &self.screenshot {
            paths::check_output(path, "--screenshot", "png")?;
        }
        Ok(())
    }
}

/// Finds a sharper coaching of the solve watched (and what its par is),
/// on a thread of its own, once for each app made.
pub type SharperJob = std::sync::Arc<dyn Fn() -> Option<(Coaching, String)> + Send + Sync>;

/// Plays `sourced` with its coaching until the window closes; `sharper`,
/// when given, finds a sharper coaching that takes its place.
pub fn show(
    sourced: &SourcedSolve,
    coaching: Coaching,
    par_name: String,
    sharper: Option<SharperJob>,
    args: &CoachWatchArgs,
) -> Result<(), CliError> {
    let board = &sourced.solve.scramble;
    sizes::check(board.rows(), board.cols(), Use::Watch)?;
    let speed = args.speed.unwrap_or_else(|| anim::default_speed(board.rows(), board.cols()));
    let timeline = || {
        // The source was checked when read: its moves are legal and solve it.
        Timeline::from_person(&sourced.solve).map_err(|e| CliError::Solver(format!("solve {}: {e}", sourced.number)))
    };
    let coached = || {
        let shown = CoachedReplay::new(coaching.clone(), par_name.clone());
        match &sharper {
            Some(job) => {
                let job = job.clone();
                shown.sharpening(move || job())
            }
            None => shown,
        }
    };
    let make = || Ok(App::coach(timeline()?, coached(), speed));
    let run = WindowRun {
        frames: args.frames,
        until_solved: args.until_solved,
        screenshot: args.screenshot.clone(),
        tui: args.tui,
    };
    show_app(&make, &run)
}
