//! `fifteen replay`'s window: the person's solve played as fifteen's own,
//! or in the terminal when there is no display.

use clap::Args;
use fifteen_view::anim::{self, Pace, Timeline};
use fifteen_view::control::App;

use super::error::CliError;
use super::numbers::{check_speed, positive_real};
use super::paths;
use super::sizes::{self, Use};
use super::solve_source::SourcedSolve;
use super::watch::{WindowRun, show_app};

/// What the window takes besides the sources.
#[derive(Args, Debug, Default)]
pub struct WindowArgs {
    /// Moves per second, 0.5 to 100000000 (default: the whole solve in
    /// about 45 s); with --real-time, a multiple of the person's own pace
    /// (default 1).
    #[arg(long, value_name = "MPS", value_parser = positive_real)]
    speed: Option<f64>,
    /// Play at the person's own pace: each move when they made it (replays
    /// with move times only). T in the window switches too.
    #[arg(long)]
    real_time: bool,
    #[command(flatten)]
    run: WindowRun,
}

/// Plays the first of the solves (the command has picked one when
/// `--solve` was given) in the window, or in the terminal.
pub fn run(solves: Vec<SourcedSolve>, args: WindowArgs) -> Result<(), CliError> {
    if args.run.frames == Some(0) {
        return Err(CliError::Usage("--frames must be positive, got 0".into()));
    }
    if args.run.tui && args.run.screenshot.is_some() {
        return Err(CliError::Usage("--screenshot needs the window, and --tui shows the solve in the terminal".into()));
    }
    if let Some(path) = &args.run.screenshot {
        paths::check_output(path, "--screenshot", "png")?;
    }
    let count = solves.len();
    let Some(sourced) = solves.into_iter().next() else {
        return Err(CliError::Usage("no solve to play".into()));
    };
    let solve = &sourced.solve;
    sizes::check(solve.scramble.rows(), solve.scramble.cols(), Use::Watch)?;
    let pace = if args.real_time { Pace::RealTime } else { Pace::Steady };
    if args.real_time && solve.move_times_ms.is_none() {
        return Err(CliError::Usage(format!(
            "--real-time: solve {} ({}) has no move times, so it cannot play at the person's pace; leave out --real-time",
            sourced.number, sourced.origin
        )));
    }
    let speed = match (check_speed(args.speed)?, pace) {
        (Some(speed), _) => speed,
        (None, Pace::RealTime) => 1.0,
        (None, Pace::Steady) => anim::default_speed(solve.scramble.rows(), solve.scramble.cols()),
    };
    if count > 1 {
        eprintln!("note: the sources hold {count} solves; playing solve {} (--solve N plays another)", sourced.number);
    }
    show_app(&|| Ok(App::replay(timeline(&sourced)?, speed, pace)), &args.run)
}

/// The person's solve as a timeline.
fn timeline(sourced: &SourcedSolve) -> Result<Timeline, CliError> {
    // The source was checked when read: its moves are legal and solve it.
    Timeline::from_person(&sourced.solve).map_err(|e| CliError::Solver(format!("solve {}: {e}", sourced.number)))
}
