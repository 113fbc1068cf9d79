//! The viewer's data as types: what a page inlines and `viewer.js` reads,
//! one struct a JSON object, written by serde (`docs/browser.md` lists the
//! fields). The packed parts are strings (see the [module](super)); the
//! short lists the page reads item by item are JSON arrays.

use fifteen_core::coach::session::SessionSummary;
use serde::{Deserialize, Serialize};

/// One solve on a page: fifteen's or a person's, with the parts a page of
/// its kind adds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ViewerData {
    /// The layout's version (see the module of [`page`](super::page)).
    pub v: u32,
    /// The page's title.
    pub title: String,
    /// Who solved it: `human`, `exact stages` or `person`.
    pub solver: String,
    /// The board's rows.
    pub rows: usize,
    /// The board's columns.
    pub cols: usize,
    /// The scramble's tiles in reading order, packed (absent from the
    /// second solve of a duo, which starts from the first's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// How many moves.
    pub count: usize,
    /// The playback's moves a second at first.
    pub speed: f64,
    /// The moves, packed two bits each.
    pub moves: String,
    /// A phase (a line, for a person) each.
    pub phases: Vec<PhaseData>,
    /// Each distinct placement's title, once.
    pub titles: Vec<String>,
    /// The placements, packed numbers.
    pub placements: String,
    /// The tiles' journeys, packed numbers.
    pub targets: String,
    /// The blank's routes, packed numbers (empty when they would cost more
    /// than the page saves by them).
    pub routes: String,
    /// The moves as slidysim counts them (a run of tiles slid at once is one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mtm: Option<usize>,
    /// A person's solve: the lines as `fifteen replay` splits them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub splits: Option<Vec<Split>>,
    /// A person's solve: the milliseconds between moves, packed numbers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub times: Option<String>,
    /// A person's solve: who, which event, and their numbers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub person: Option<PersonStats>,
    /// `/watch` and `/solve`: the effort fifteen's solve was planned at.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effort: Option<String>,
    /// A replay page: fifteen's solve of the same scramble beside the
    /// person's, lined up stage by stage.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duo: Option<Box<DuoData>>,
    /// A replay page: the coach's part.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub coach: Option<CoachData>,
    /// A replay page not coached: the one line it shows instead.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub coach_note: Option<String>,
    /// A session's page: its numbers and every solve of it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session: Option<SessionData>,
    /// The site's pages: whether the page can ask for the fewest moves
    /// possible (a hint's optimal distance).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub has_distance: Option<bool>,
    /// The site's replay page: how many solves the link holds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solves: Option<usize>,
}

/// A phase: its name, its moves `start..end`, and the cells of its line
/// `[top, left, bottom, right]` (bottom and right exclusive) when it has one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PhaseData(pub String, pub usize, pub usize, pub Option<[usize; 4]>);

/// A line of a person's solve: its name, the moves it took (`start..at`)
/// and their time, when the link has the moves' times.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Split {
    /// The line's name (`row 1`).
    pub name: String,
    /// The move it began at.
    pub start: usize,
    /// The move it was finished at.
    pub at: usize,
    /// Its moves.
    pub moves: usize,
    /// Its milliseconds.
    pub time_ms: Option<u64>,
}

/// Who made a person's solve, and their numbers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PersonStats {
    /// Their name, when the link has it.
    pub player: Option<String>,
    /// The event (`4×4 single`).
    pub event: String,
    /// The solve's time.
    pub time_ms: Option<u64>,
    /// Tiles a second.
    pub tps: Option<f64>,
    /// Moves over the scramble's Manhattan distance.
    pub mmd: Option<f64>,
    /// The time scaled to a 4×4's, as slidysim compares sizes.
    pub time_as_4x4_ms: Option<f64>,
}

/// fifteen's solve beside a person's.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DuoData {
    /// The effort fifteen's solve was planned at.
    pub effort: String,
    /// fifteen's solve (no `start`: the person's scramble).
    pub fifteen: ViewerData,
    /// Each stage both solves reach.
    pub stages: Vec<DuoStageData>,
}

/// A stage both solves reach: the lines finished by then, the rectangle
/// left (`7×7`, or `solved`), and the moves each solve reached it at.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DuoStageData(pub String, pub String, pub usize, pub usize);

/// The coach's part of a replay page. The page draws these and computes
/// none of them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CoachData {
    /// The scramble's par.
    pub par: usize,
    /// How par was found (`optimal`, `fifteen at best`).
    pub par_by: String,
    /// Whether par is the fewest moves possible.
    pub exact: bool,
    /// The lower bound a search proved, when one did.
    pub lower_bound: Option<usize>,
    /// The moves lost in all.
    pub loss: i64,
    /// A line each.
    pub lines: Vec<CoachLine>,
    /// With an exact par: the moves that raised it.
    pub mistakes: Option<Vec<usize>>,
    /// The par graph's points, packed numbers: move and par in turn.
    pub points: String,
    /// The effort of a sharper par worth finding while the page is shown
    /// (`best`: [`ChosenPar::sharper`](fifteen_core::coach::ChosenPar::sharper)),
    /// where the page's host can find it ([`sharper_coach`](super::sharper_coach)).
    pub sharper: Option<String>,
}

/// A coached line: its name, the person's moves `from..to` on it, par
/// before and after, fifteen's way's moves and how it was found, the loss
/// and how far par's error may move it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CoachLine(pub String, pub usize, pub usize, pub usize, pub usize, pub usize, pub String, pub i64, pub usize);

/// A session's page: its heading, its numbers (the core's session report)
/// and every solve.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SessionData {
    /// What the session is.
    pub heading: String,
    /// The session's numbers, as `fifteen coach --format json` gives them.
    pub summary: SessionSummary,
    /// Each solve, in order.
    pub solves: Vec<SessionListing>,
}

/// One solve of a session's list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SessionListing {
    /// Its number among the sources, from 1.
    pub number: usize,
    /// Its event.
    pub event: String,
    /// The person's moves.
    pub moves: usize,
    /// The person's time.
    pub time_ms: Option<u64>,
    /// Its par.
    pub par: usize,
    /// The moves it lost.
    pub loss: i64,
    /// Its own side by side, for every solve but the first (whose is the
    /// page's own).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<Box<ViewerData>>,
}
