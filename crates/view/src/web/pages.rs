//! What the viewer's pages show, decided once for every host of the
//! viewer: `fifteen serve`'s `/watch`, `/solve` and `/replay`, the static
//! site's same paths (whose worker runs these functions in the visitor's
//! browser), and the command's `--format html`. A board or a link gives the
//! same solve, par and losses in each: fifteen's solve at the size table's
//! page effort ([`Effort::for_page`]: `auto`'s up to 12×12, what a shared
//! server can afford beyond), the par `fifteen coach` gives
//! ([`coach::par_for`] with `auto`). The hosts differ only in the time they
//! give ([`Work`]) and the tables they have.

use fifteen_core::board::Board;
use fifteen_core::coach::session::{SessionReport, SessionSolve};
use fifteen_core::coach::{self, ChosenPar, CoachError, Coaching, ParChoice};
use fifteen_core::human::{Effort, HumanError, HumanOptions};
use fifteen_core::slidysim::Solve;
use fifteen_core::tables::Tables;

use super::compare::coach_data;
use super::{
    CoachData, CoachOnPage, MAX_COACHED_CELLS, SessionData, SessionListing, ViewerData, Work, compare_data, solve_data,
};

/// What coaching is reported as ([`Work::progress`]).
pub const COACHING: &str = "coaching";

/// The most moves of a person's solve coached on a page with an exact par
/// (one optimal search a move: a few seconds of searches for a thousand).
const MAX_EXACTLY_COACHED_MOVES: usize = 1_000;

/// fifteen's solve of `board` as `/watch` and `/solve` show it: at the
/// effort asked for, else [`Effort::for_page`]'s, within `work`. The data
/// names the effort (`effort`).
pub fn solve_page(board: &Board, effort: Option<Effort>, work: Work) -> Result<ViewerData, HumanError> {
    let (rows, cols) = (board.rows(), board.cols());
    let title = format!("fifteen: a {rows}×{cols} solve");
    let effort = effort.unwrap_or_else(|| Effort::for_page(rows, cols)).resolve(rows, cols);
    let options = HumanOptions { effort, ..HumanOptions::default() };
    let mut data = solve_data(board, &options, &title, work)?;
    data.effort = Some(effort.name().to_string());
    Ok(data)
}

/// A person's solve as `/replay?r=…` shows it: beside fifteen's solve of
/// its scramble at [`Effort::for_page`]'s effort, coached as `fifteen
/// coach` coaches it (the par [`coach::par_for`] picks from `tables`) on
/// boards of up to [`MAX_COACHED_CELLS`] cells, when the coach finishes in
/// half of `work`'s time (else the page says why it is not coached).
pub fn replay_page(solve: &Solve, tables: &dyn Tables, work: Work) -> Result<ViewerData, CoachError> {
    let (rows, cols) = (solve.scramble.rows(), solve.scramble.cols());
    let effort = Effort::for_page(rows, cols);
    let title = format!("fifteen: {}", solve.event);
    match coached(solve, tables, work)? {
        Ok((coaching, chosen)) => {
            let on_page = CoachOnPage::coached(&coaching, &chosen).sharpened_later(&chosen);
            compare_data(solve, effort, &title, on_page, work)
        }
        Err(skipped) => compare_data(solve, effort, &title, skipped, work),
    }
}

/// The coach's part of `/replay?r=…` again, at the sharper par its data
/// names (`coach.sharper`, from [`ChosenPar::sharper`]): what the page's
/// host works out once the page is shown, within `work` (the server's
/// budget for it, or the visitor's browser's patience), for the viewer to
/// put in the first coaching's place. `None` where no sharper par is worth
/// finding (par is exact, already `best`, or the board too big).
pub fn sharper_coach(solve: &Solve, tables: &dyn Tables, work: Work) -> Result<Option<CoachData>, CoachError> {
    let (rows, cols) = (solve.scramble.rows(), solve.scramble.cols());
    if rows * cols > MAX_COACHED_CELLS {
        return Ok(None);
    }
    let first = |effort| coach::par_for(&solve.scramble, ParChoice::Auto, effort, tables).ok();
    let Some(sharper) = first(Effort::Auto).and_then(|chosen| chosen.sharper()) else {
        return Ok(None);
    };
    let Some(chosen) = first(sharper) else {
        return Ok(None);
    };
    let progress = |done: usize, of: usize| (work.progress)(SHARPENING, done, of);
    let coaching = coach::CoachRun::new(&solve.scramble, &solve.moves, chosen.par())
        .until(work.deadline.clone())
        .progress(&progress)
        .run()?;
    Ok(Some(coach_data(&coaching, chosen.name(), chosen.is_exact())))
}

/// What the sharpening of a page's par is reported as ([`Work::progress`]).
const SHARPENING: &str = "sharpening par";

/// The person's solve coached (with the par it was coached with), or what
/// the page shows instead: the board is too big, the solve too long for
/// an exact par, or the coach needs more than half the time left. Only a
/// stop is an error.
fn coached(
    solve: &Solve,
    tables: &dyn Tables,
    work: Work,
) -> Result<Result<(Coaching, ChosenPar), CoachOnPage<'static>>, CoachError> {
    let (rows, cols) = (solve.scramble.rows(), solve.scramble.cols());
    if rows * cols > MAX_COACHED_CELLS {
        return Ok(Err(CoachOnPage::too_big(rows, cols)));
    }
    let chosen = match coach::par_for(&solve.scramble, ParChoice::Auto, Effort::Auto, tables) {
        Ok(chosen) => chosen,
        // Only a par that insists on the near solver fails; `Auto` falls back.
        Err(e) => return Ok(Err(CoachOnPage::Skipped(format!("no coaching here: {e}")))),
    };
    if chosen.is_exact() && solve.moves.len() > MAX_EXACTLY_COACHED_MOVES {
        return Ok(Err(CoachOnPage::Skipped(format!(
            "no coaching here for a solve of {} moves: the page coaches up to {MAX_EXACTLY_COACHED_MOVES} (one \
             optimal search a move); `fifteen coach LINK` coaches it",
            solve.moves.len()
        ))));
    }
    // Half the time left, so that fifteen's solve beside it has the rest.
    let deadline = work.deadline;
    let half = deadline.seconds_left().map_or(deadline.clone(), |left| deadline.within(left / 2.0));
    let progress = |done: usize, of: usize| (work.progress)(COACHING, done, of);
    match coach::CoachRun::new(&solve.scramble, &solve.moves, chosen.par()).until(half).progress(&progress).run() {
        Ok(coaching) => Ok(Ok((coaching, chosen))),
        Err(CoachError::Stopped) if !deadline.is_over() => Ok(Err(CoachOnPage::Skipped(
            "no coaching here: it takes longer than this page may; `fifteen coach LINK --format html --out \
             FILE.html` writes this page with it"
                .to_string(),
        ))),
        Err(e) => Err(e),
    }
}

/// One solve of a session's page, coached.
pub struct SessionEntry<'a> {
    /// Which solve of the sources it is, from 1 (`#solve-N` on the page).
    pub number: usize,
    /// The person's solve.
    pub solve: &'a Solve,
    /// Its coaching.
    pub coaching: &'a Coaching,
    /// The par it was coached with.
    pub chosen: &'a ChosenPar,
}

/// The page of a session (an average's link, or a file of solves of one
/// size, as `fifteen coach --format html` writes it): the first solve's
/// side by side, coached, with the session's numbers (`heading` names it)
/// and every solve listed, each with its own side by side to open. Each
/// of fifteen's solves is planned at `effort` (`auto` on the pages, as
/// `fifteen compare`) within `work`.
pub fn session_page(
    entries: &[SessionEntry],
    heading: &str,
    effort: Effort,
    work: Work,
) -> Result<ViewerData, CoachError> {
    let Some(first) = entries.first() else {
        return Err(CoachError::NotSolved { misplaced: 0 });
    };
    let (rows, cols) = (first.solve.scramble.rows(), first.solve.scramble.cols());
    let mut first_page = None;
    let mut listed = Vec::new();
    for (done, entry) in entries.iter().enumerate() {
        (work.progress)(SESSION, done, entries.len());
        let solve = entry.solve;
        let effort = effort.resolve(solve.scramble.rows(), solve.scramble.cols());
        let title = format!("fifteen: {}", solve.event);
        let on_page = CoachOnPage::coached(entry.coaching, entry.chosen);
        let page = compare_data(solve, effort, &title, on_page, work)?;
        let mut listing = SessionListing {
            number: entry.number,
            event: solve.event.clone(),
            moves: entry.coaching.moves,
            time_ms: solve.time_ms,
            par: entry.coaching.par,
            loss: entry.coaching.loss(),
            data: None,
        };
        match first_page {
            None => first_page = Some(page),
            Some(_) => listing.data = Some(Box::new(page)),
        }
        listed.push(listing);
    }
    let report = SessionReport::new(
        entries
            .iter()
            .map(|e| SessionSolve { number: e.number, time_ms: e.solve.time_ms, coaching: e.coaching })
            .collect(),
    );
    let Some(mut data) = first_page else {
        return Err(CoachError::NotSolved { misplaced: 0 });
    };
    let summary = report.summary(heading, rows, cols);
    data.session = Some(SessionData { heading: heading.to_string(), summary, solves: listed });
    Ok(data)
}

/// What a session's solves beside fifteen's are reported as ([`Work::progress`]).
pub const SESSION: &str = "the session's solves";
