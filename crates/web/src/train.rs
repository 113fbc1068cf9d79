//! The site's training page (`/train`): a plan of drills from a person's
//! links, an attempt weighed, the history's trend and an import checked,
//! with the core's `train` as `fifteen train` uses it. The page keeps the
//! history (the attempts, as JSON lines) and the plan in the browser's
//! storage and gives them back with each request; nothing is kept here.

use fifteen_core::Deadline;
use fifteen_core::board::{Board, Moves};
use fifteen_core::coach::{self, ChosenPar, Coaching, ParChoice};
use fifteen_core::human::Effort;
use fifteen_core::search::MAX_OPTIMAL_CELLS;
use fifteen_core::slidysim::{self, Solve};
use fifteen_core::tables::Tables;
use fifteen_core::train::history::{self, Attempt};
use fifteen_core::train::planned::PlannedDrill;
use fifteen_core::train::{self, Boxes, CoachedSolve, PlanOptions};
use fifteen_view::web::{MAX_COACHED_CELLS, Work};
use serde_json::{Value, json};

use crate::Answered;

/// What the plan's coaching is reported as.
const COACHING: &str = "coaching";
/// What the drills' pars are reported as.
const DRILL_PARS: &str = "the drills' pars";
/// The most drills a plan holds, as `fifteen train --drills` allows.
const MAX_DRILLS: usize = 1000;

/// The par a board is coached with here: `fifteen coach`'s, with the
/// tables this worker has (no near solver's: fifteen's `best` on 17 to 49
/// cells, as `fifteen coach --par human`).
fn chosen_par(board: &Board, tables: &dyn Tables) -> Result<ChosenPar, String> {
    coach::par_for(board, ParChoice::Auto, Effort::Auto, tables).map_err(|e| e.to_string())
}

/// The attempts of the page's history, each line checked.
fn attempts(history: &[String]) -> Result<Vec<Attempt>, String> {
    history
        .iter()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| Attempt::from_json(line).map_err(|e| format!("the history's attempt {}: {e}", i + 1)))
        .collect()
}

/// `train_plan`: every solve of `links` coached, the plan made with the
/// boxes of `history`, and each drill's par: the kinds by what they cost,
/// and the drills as `fifteen train --plan --format json` prints them,
/// each with the cells of its line (`area`: top, left, bottom, right) and
/// the unsolved rectangle it leaves (`after`: top, left).
pub(crate) fn plan(
    tables: &dyn Tables,
    solves: &[Solve],
    history: &[String],
    (drills, seed): (usize, u64),
    work: Work,
) -> Answered {
    if !(1..=MAX_DRILLS).contains(&drills) {
        return Err(format!("drills={drills}: give 1 to {MAX_DRILLS}"));
    }
    if let Some(big) = solves.iter().find(|s| s.scramble.len() > MAX_COACHED_CELLS) {
        let (rows, cols) = (big.scramble.rows(), big.scramble.cols());
        return Err(format!("a {rows}×{cols} is too big to coach here: at most {MAX_COACHED_CELLS} cells"));
    }
    let boxes = Boxes::from_attempts(&attempts(history)?);
    let (coached, _) = coach_all(tables, solves, work)?;
    let read = coached_solves(solves, &coached);
    let made = train::plan(&read, &boxes, &PlanOptions { drills, seed });
    let mut planned = Vec::with_capacity(made.drills.len());
    for (done, position) in made.drills.iter().enumerate() {
        (work.progress)(DRILL_PARS, done, made.drills.len());
        let chosen = chosen_par(&position.board, tables)?;
        let drill = train::drill(position, chosen.par(), work.deadline).map_err(|e| format!("a drill's par: {e}"))?;
        let kept = PlannedDrill::new(done + 1, &drill, &made.costs);
        let (top, left, bottom, right) = drill.position.line.area(kept.rows, kept.cols);
        let after = coach::after_line(drill.position.line, kept.rows, kept.cols);
        planned.push(json!({ "planned": kept, "area": [top, left, bottom, right], "after": [after.0, after.1] }));
    }
    let costs: Vec<Value> = made
        .costs
        .iter()
        .map(|c| {
            json!({
                "kind": c.kind.name(), "rows": c.rows, "cols": c.cols, "solves": c.solves, "lines": c.lines,
                "loss_per_solve": c.loss_per_solve, "box": c.level, "weight": c.weight, "drills": c.drills,
            })
        })
        .collect();
    Ok(json!({ "solves": solves.len(), "seed": seed, "costs": costs, "drills": planned }))
}

/// Every solve coached with the par `fifteen coach` gives it here, with
/// that par.
fn coach_all(tables: &dyn Tables, solves: &[Solve], work: Work) -> Result<(Vec<Coaching>, Vec<ChosenPar>), String> {
    let mut coached = Vec::with_capacity(solves.len());
    let mut pars = Vec::with_capacity(solves.len());
    for (done, solve) in solves.iter().enumerate() {
        (work.progress)(COACHING, done, solves.len());
        let chosen = chosen_par(&solve.scramble, tables)?;
        let coaching = coach::CoachRun::new(&solve.scramble, &solve.moves, chosen.par())
            .until(work.deadline.clone())
            .run()
            .map_err(|e| format!("solve {}: {e}", done + 1))?;
        coached.push(coaching);
        pars.push(chosen);
    }
    Ok((coached, pars))
}

/// The solves and their coachings as the core's plan reads them, numbered from 1.
fn coached_solves<'a>(solves: &'a [Solve], coached: &'a [Coaching]) -> Vec<CoachedSolve<'a>> {
    solves
        .iter()
        .zip(coached)
        .enumerate()
        .map(|(i, (solve, coaching))| CoachedSolve {
            number: i + 1,
            scramble: &solve.scramble,
            moves: &solve.moves,
            coaching,
        })
        .collect()
}

/// `train_move_game`: up to `limit` of the person's own boards where their
/// next move lost par, each with the moves that keep it (boards of up to
/// 16 cells, where par is the optimal distance), as `fifteen train
/// --move-game` deals them.
pub(crate) fn move_game(tables: &dyn Tables, solves: &[Solve], limit: usize, work: Work) -> Answered {
    if !(1..=MAX_DRILLS).contains(&limit) {
        return Err(format!("drills={limit}: give 1 to {MAX_DRILLS}"));
    }
    if let Some((i, big)) = solves.iter().enumerate().find(|(_, s)| s.scramble.len() > MAX_OPTIMAL_CELLS) {
        let (rows, cols) = (big.scramble.rows(), big.scramble.cols());
        return Err(format!(
            "the move game needs par to be the optimal distance, boards of up to {MAX_OPTIMAL_CELLS} cells; \
             solve {} is {rows}×{cols}",
            i + 1
        ));
    }
    let (coached, pars) = coach_all(tables, solves, work)?;
    let read = coached_solves(solves, &coached);
    let mut questions = Vec::new();
    for (solve, chosen) in read.iter().zip(&pars) {
        let left = limit - questions.len();
        let asked =
            train::moves::move_questions(&[*solve], chosen.par(), left, work.deadline).map_err(|e| e.to_string())?;
        questions.extend(asked);
        if questions.len() == limit {
            break;
        }
    }
    let letters = |moves: &[fifteen_core::Move]| moves.iter().map(|m| m.letter().to_string()).collect::<Vec<_>>();
    let asked: Vec<Value> = questions
        .iter()
        .map(|q| {
            json!({
                "solve": q.solve, "move_number": q.move_number, "rows": q.board.rows(), "cols": q.board.cols(),
                "board": slidysim::board_notation(&q.board), "par": q.par,
                "played": q.played.letter().to_string(), "keeping": letters(&q.keeping),
            })
        })
        .collect();
    Ok(json!({ "questions": asked }))
}

/// `train_score`: `moves` at `planned` weighed as `fifteen train` weighs
/// them (they must finish the line), as the attempt the history keeps.
pub(crate) fn score(
    tables: &dyn Tables,
    planned: &PlannedDrill,
    moves: &str,
    (time_ms, when): (u64, i64),
    deadline: &Deadline,
) -> Answered {
    let drill = planned.to_drill().map_err(|e| e.to_string())?;
    let moves: Moves = moves.parse().map_err(|e| format!("the attempt's moves: {e}"))?;
    let chosen = chosen_par(&drill.position.board, tables)?;
    let score = train::score(&drill, &moves, chosen.par(), deadline).map_err(|e| e.to_string())?;
    let attempt = Attempt::new(&drill, &moves, &score, time_ms, when);
    Ok(json!({
        "attempt": attempt.to_json(),
        "moves": score.moves,
        "par": drill.par.par,
        "margin": drill.par.margin,
        "par_after": score.par_after,
        "loss": score.loss,
        "at_par": !score.lost_more_than_margin,
    }))
}

/// `train_history`: the trend of each kind, as `fifteen train --history
/// --format json` gives it.
pub(crate) fn trend(history: &[String]) -> Answered {
    let attempts = attempts(history)?;
    Ok(history::trends_json("this browser", attempts.len(), &history::trends(&attempts)))
}

/// `train_import`: JSON lines read as attempts, every line checked before
/// any is kept (one that does not read names its line, and none is).
pub(crate) fn import(text: &str) -> Answered {
    let mut lines = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let attempt = Attempt::from_json(line).map_err(|e| format!("line {}: {e}; nothing was imported", i + 1))?;
        lines.push(attempt.to_json());
    }
    Ok(json!({ "attempts": lines }))
}

/// The drills of a kept plan not played by the attempts made since it was.
pub(crate) fn unplayed(drills: &[PlannedDrill], played: &[String]) -> Answered {
    let played = attempts(played)?;
    let left: Vec<usize> = train::planned::unplayed(drills, &played).iter().map(|d| d.drill).collect();
    Ok(json!({ "left": left }))
}
