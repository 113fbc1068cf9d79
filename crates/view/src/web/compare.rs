//! The replay page's two extra parts: fifteen's solve of the person's
//! scramble beside theirs, lined up stage by stage as `fifteen compare`
//! lines them up ([`coach::line_up`]), and the coach's lines and par
//! ([`coach::coach`], computed by the caller, which knows the par's
//! tables and how long it may take). No I/O.

use fifteen_core::coach::{self, ChosenPar, CoachError, Coaching};
use fifteen_core::human::{Effort, HumanError, HumanOptions};
use fifteen_core::lines;
use fifteen_core::slidysim::Solve;

use super::{CoachData, CoachLine, DuoData, DuoStageData, ViewerData, Work, pack_numbers, person_data, planned_data};

/// Boards of up to this many cells (100×100, the biggest the server
/// shows) are coached on a served replay page and on `fifteen replay
/// --format html`'s; bigger ones say how to get the coaching instead.
pub const MAX_COACHED_CELLS: usize = 10_000;

/// What the page says of the coach.
pub enum CoachOnPage<'a> {
    /// The person's solve coached, with how its par was found (`optimal`,
    /// `fifteen at best`) and whether that par is exact.
    Coached {
        /// The person's solve, coached line by line.
        coaching: &'a Coaching,
        /// How the par was found (`optimal`, `fifteen at best`).
        par_name: String,
        /// Whether the par is the fewest moves possible.
        exact: bool,
        /// The effort of a sharper par the page's host finds while the page
        /// is shown, where one is worth it ([`CoachOnPage::sharpened_later`]).
        sharper: Option<Effort>,
    },
    /// Not coached: the one line the page shows in its place.
    Skipped(String),
}

impl<'a> CoachOnPage<'a> {
    /// The person's solve coached with the par `chosen` (its name and
    /// whether it is exact).
    pub fn coached(coaching: &'a Coaching, chosen: &ChosenPar) -> CoachOnPage<'a> {
        CoachOnPage::Coached { coaching, par_name: chosen.name(), exact: chosen.is_exact(), sharper: None }
    }

    /// The same, on a page whose host finds the sharper par `chosen` names
    /// ([`ChosenPar::sharper`]) once the page is shown, and puts it in this
    /// one's place ([`sharper_coach`](super::sharper_coach)).
    pub fn sharpened_later(self, chosen: &ChosenPar) -> CoachOnPage<'a> {
        match self {
            CoachOnPage::Coached { coaching, par_name, exact, .. } => {
                CoachOnPage::Coached { coaching, par_name, exact, sharper: chosen.sharper() }
            }
            skipped => skipped,
        }
    }

    /// The line a page shows for a board too big to coach here.
    pub fn too_big(rows: usize, cols: usize) -> CoachOnPage<'static> {
        CoachOnPage::Skipped(format!(
            "no coaching here for a {rows}×{cols}: it is given for boards of up to {MAX_COACHED_CELLS} cells; \
             `fifteen coach LINK --format html --out FILE.html` writes this page with it"
        ))
    }
}

/// The person's solve (as [`person_data`] makes it) with fifteen's solve
/// of the same scramble at `effort` beside it (`duo`: fifteen's own data,
/// with its marks but not its start, which is the person's, and the stages
/// both reach) and the coach's part. fifteen's solve is planned within
/// `work` (its deadline over, it gives up with [`CoachError::Stopped`]).
pub fn compare_data(
    solve: &Solve,
    effort: Effort,
    title: &str,
    coach: CoachOnPage,
    work: Work,
) -> Result<ViewerData, CoachError> {
    let mut data = person_data(solve, title)?;
    let options = HumanOptions { effort, ..HumanOptions::default() };
    let fifteen_title = format!("fifteen, {}", effort.name());
    let (mut fifteen, moves) = planned_data(&solve.scramble, &options, &fifteen_title, work).map_err(|e| match e {
        HumanError::Stopped => CoachError::Stopped,
        other => CoachError::Solve(other),
    })?;
    // The same scramble as the person's: the page holds it once.
    fifteen.start = None;
    let comparison = coach::line_up(&solve.scramble, &solve.moves, moves, None);
    let stages = comparison
        .stages
        .iter()
        .map(|stage| {
            let left = if stage.rows_left == 0 {
                "solved".to_string()
            } else {
                format!("{}×{}", stage.rows_left, stage.cols_left)
            };
            DuoStageData(lines::names(&stage.finished), left, stage.first, stage.second)
        })
        .collect();
    data.duo = Some(Box::new(DuoData { effort: effort.name().to_string(), fifteen, stages }));
    match coach {
        CoachOnPage::Coached { coaching, par_name, exact, sharper } => {
            let mut coach = coach_data(coaching, par_name, exact);
            coach.sharper = sharper.map(|effort| effort.name().to_string());
            data.coach = Some(coach);
        }
        CoachOnPage::Skipped(note) => data.coach_note = Some(note),
    }
    Ok(data)
}

/// The coach's part: par (with the lower bound a search proved, when one
/// did), a [`CoachLine`] a line, the par graph's points as the coaching
/// gives them and, with an exact par, the mistakes.
pub(crate) fn coach_data(coaching: &Coaching, par_by: String, exact: bool) -> CoachData {
    let lines = coaching
        .lines
        .iter()
        .map(|l| {
            CoachLine(
                l.line.name(),
                l.from_move,
                l.to_move,
                l.par_before,
                l.par_after,
                l.better.moves.len(),
                l.better.way.name().to_string(),
                l.loss(),
                l.margin,
            )
        })
        .collect();
    let points = pack_numbers(coaching.graph_points().into_iter().flat_map(|(m, p)| [m as u64, p as u64]));
    CoachData {
        par: coaching.par,
        par_by,
        exact,
        lower_bound: coaching.lower_bound,
        loss: coaching.loss(),
        lines,
        mistakes: coaching.mistakes.clone(),
        points,
        sharper: None,
    }
}
