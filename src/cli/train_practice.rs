//! `fifteen train` with no listing asked for: the plan's drills practised
//! by hand in the window (the terminal without a display), each attempt
//! weighed against the par the size gets and kept in the history the
//! moment it is weighed.

use std::cell::Cell;
use std::io::{IsTerminal, Write};
use std::path::Path;
use std::rc::Rc;
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use fifteen_core::board::Moves;
use fifteen_core::human::Effort;
use fifteen_core::slidysim::Solve;
use fifteen_core::train::{self, history::Attempt, moves::MoveQuestion};
use fifteen_view::anim;
use fifteen_view::control::{App, DrillRun, Keeper, MoveGame, PlanDrill, PlayedDrill, Scorer};

use super::error::CliError;
use super::near_par::{self, ParArg};
use super::numbers::check_speed;
use super::paths;
use super::train_store::Store;
use super::watch::{WindowRun, show_app};

/// How the drills are practised.
pub struct Practice<'a> {
    /// The history store.
    pub path: &'a Path,
    /// How par is found (as the plan found it).
    pub par: ParArg,
    /// The effort of a par found by fifteen's solver.
    pub effort: Effort,
    /// Moves per second when a way is played back.
    pub speed: Option<f64>,
    /// How the window run ends.
    pub window: &'a WindowRun,
    /// A drill played elsewhere, to weigh and keep first.
    pub attempt: Option<Solve>,
}

/// True when the drills can be played: in the window (a display, and the
/// window not declined) or on a terminal.
fn can_show_drills(window: &WindowRun) -> bool {
    #[cfg(feature = "gui")]
    let window_opens = !window.tui && crate::gui::display_available();
    #[cfg(not(feature = "gui"))]
    let window_opens = {
        let _ = window;
        false
    };
    window_opens || std::io::stdout().is_terminal()
}

/// `--attempt LINK`: the solve it holds (a link, its payload, or a file of
/// one), read before any long work.
pub fn read_attempt(link: &str) -> Result<Solve, CliError> {
    let mut solves = super::solve_source::read(&[link.to_string()], Some(1), false)?;
    Ok(solves.remove(0).solve)
}

impl Practice<'_> {
    /// Checks the flags, and that there is a window or a terminal to
    /// practise in, before any source is read or coached.
    pub fn check(&self) -> Result<(), CliError> {
        if self.window.frames == Some(0) {
            return Err(CliError::Usage("--frames must be positive, got 0".into()));
        }
        check_speed(self.speed)?;
        if let Some(path) = &self.window.screenshot {
            if self.window.tui {
                return Err(CliError::Usage(
                    "--screenshot needs the window, and --tui practises in the terminal".into(),
                ));
            }
            paths::check_output(path, "--screenshot", "png")?;
        }
        if self.attempt.is_none() && !can_show_drills(self.window) {
            return Err(CliError::Usage(
                "practising drills needs a window or a terminal (no display, and the output is not a terminal): \
                 `fifteen train SOURCE --plan` prints them, `--attempt LINK` weighs one played elsewhere"
                    .into(),
            ));
        }
        Ok(())
    }
}

/// Practises `drills` (of a plan of `of`) until the window closes, then
/// says how many attempts were kept. An attempt made elsewhere is weighed
/// and kept first, and the window opens on its result (when there is a
/// window or a terminal to show it in, or a window flag asks for one).
pub fn practise(drills: Vec<PlanDrill>, of: usize, practice: &Practice) -> Result<(), CliError> {
    let board = &drills[0].drill.position.board;
    let speed = practice.speed.unwrap_or_else(|| anim::default_speed(board.rows(), board.cols()));
    let scorer = scorer(practice.par, practice.effort);
    let kept = Rc::new(Cell::new(0usize));
    let elsewhere = match &practice.attempt {
        Some(solve) => {
            let played = weigh_elsewhere(&drills, solve, &scorer)?;
            let mut keep = keeper(Store::open_or_create(practice.path)?, Rc::clone(&kept));
            keep(&played).map_err(CliError::Usage)?;
            println!("{}", played_text(&played));
            let window = practice.window;
            let shown = window.frames.is_some() || window.screenshot.is_some() || window.tui;
            if !shown && !std::io::stdout().is_terminal() {
                return Ok(());
            }
            Some(played)
        }
        None => None,
    };
    let make = || {
        // The store is opened before the window: one that cannot be read
        // or written stops here, not at the first attempt.
        let keeper = keeper(Store::open_or_create(practice.path)?, Rc::clone(&kept));
        let mut run = DrillRun::new(drills.clone(), of, Arc::clone(&scorer), keeper)
            .ok_or_else(|| CliError::Usage("no drill to practise".into()))?;
        if let Some(played) = &elsewhere {
            let index = drills.iter().position(|d| d.number == played.number).unwrap_or(0);
            run.show_attempt(index, played.moves.clone(), played.time_ms, played.score);
        }
        Ok(App::drills(run, speed))
    };
    show_app(&make, practice.window)?;
    let attempts = if kept.get() == 1 { "attempt" } else { "attempts" };
    eprintln!("{} {attempts} kept in {}", kept.get(), practice.path.display());
    let _ = std::io::stdout().flush();
    Ok(())
}

/// The attempt `solve` made at one of `drills` (the one with its board):
/// its moves up to the line home, their time, weighed.
fn weigh_elsewhere(drills: &[PlanDrill], solve: &Solve, scorer: &Scorer) -> Result<PlayedDrill, CliError> {
    let Some(planned) = drills.iter().find(|d| d.drill.position.board == solve.scramble) else {
        return Err(CliError::Usage(
            "--attempt: its board is none of the plan's drills (`fifteen train --plan` lists their boards)".into(),
        ));
    };
    let position = &planned.drill.position;
    let mut board = position.board.clone();
    let mut done = None;
    for (k, &mv) in solve.moves.iter().enumerate() {
        if board.slide(mv).is_none() {
            return Err(CliError::Usage(format!(
                "--attempt: move {} ({}) is illegal on its board",
                k + 1,
                mv.letter()
            )));
        }
        if train::is_done(position, &board) {
            done = Some(k + 1);
            break;
        }
    }
    let Some(count) = done else {
        return Err(CliError::Usage(format!(
            "--attempt: its moves never build {} of drill {}",
            position.line.name(),
            planned.number
        )));
    };
    let moves = Moves(solve.moves.0[..count].to_vec());
    let time_ms = solve.move_times_ms.as_ref().map_or(0, |times| times[count - 1].saturating_sub(times[0]));
    let score = scorer(&planned.drill, &moves).map_err(|e| CliError::Solver(format!("--attempt: {e}")))?;
    Ok(PlayedDrill { number: planned.number, drill: planned.drill.clone(), moves, score, time_ms })
}

/// One line about an attempt weighed.
fn played_text(played: &PlayedDrill) -> String {
    let par = &played.drill.par;
    let margin = if par.margin > 0 { format!(" ±{}", par.margin) } else { String::new() };
    format!(
        "drill {} ({} of a {}×{}): {} moves in {:.2} s + par {} of the board left − the board's par {}{margin}: lost {}",
        played.number,
        played.drill.position.line.name(),
        played.drill.position.board.rows(),
        played.drill.position.board.cols(),
        played.moves.len(),
        played.time_ms as f64 / 1000.0,
        played.score.par_after,
        par.par,
        played.score.loss
    )
}

/// The move game on `questions` until the window closes.
pub fn move_game(questions: Vec<MoveQuestion>, practice: &Practice) -> Result<(), CliError> {
    if questions.is_empty() {
        eprintln!("no move of these solves lost par: nothing to ask");
        return Ok(());
    }
    let asked = questions.len();
    let make = || {
        let game = MoveGame::new(questions.clone()).ok_or_else(|| CliError::Usage("no board to ask about".into()))?;
        Ok(App::move_game(game))
    };
    show_app(&make, practice.window)?;
    eprintln!("{asked} boards where your next move lost par");
    Ok(())
}

/// Weighs an attempt with the par its board's size gets, as the plan's
/// drills were given theirs.
fn scorer(par: ParArg, effort: Effort) -> Scorer {
    let tables = Arc::new(super::pdb::tables());
    Arc::new(move |drill, moves| {
        let chosen = near_par::chosen(&drill.position.board, par, effort, &*tables).map_err(|e| e.to_string())?;
        train::score(drill, moves, chosen.par(), &near_par::clock()).map_err(|e| e.to_string())
    })
}

/// Writes each weighed attempt to `store` at once, in a transaction of its
/// own, so that a window closed or killed keeps every attempt finished.
fn keeper(mut store: Store, kept: Rc<Cell<usize>>) -> Keeper {
    Box::new(move |played: &PlayedDrill| {
        let when = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64);
        let attempt = Attempt::new(&played.drill, &played.moves, &played.score, played.time_ms, when);
        store.add(&[attempt]).map_err(|e| e.to_string())?;
        kept.set(kept.get() + 1);
        Ok(())
    })
}
