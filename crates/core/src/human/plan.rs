//! A whole solution, with every move tagged by what it was for.

use std::ops::Range;

use crate::board::{Board, Move, Moves};

use super::event::{Event, Group, Phase, Region};
use super::planner::{HumanError, HumanOptions, Planner};
use super::record::{Context, PhaseTotal, Recorder};
use super::schedule::Order;

/// The moves of one placement: which phase and region, which tiles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Span {
    /// The phase the placement belongs to.
    pub phase: Phase,
    /// The region its tiles belong to.
    pub region: Region,
    /// The tiles it puts home.
    pub group: Group,
    /// Its moves, as indices into [`Plan::moves`].
    pub moves: Range<usize>,
}

/// A complete solution from the human solver: the moves, and for each
/// placement the span of moves that made it.
///
/// ```
/// use fifteen_core::{Board, Scramble};
/// use fifteen_core::human::{self, Region, HumanOptions};
///
/// let board = Board::scrambled(4, 4, Scramble::Uniform, 1).unwrap();
/// let plan = human::solve(&board, &HumanOptions::default()).unwrap();
/// let mut replay = board.clone();
/// replay.apply(plan.moves()).unwrap();
/// assert!(replay.is_solved());
/// // Every move knows what it was for.
/// let (_, span) = plan.tagged().last().unwrap();
/// assert_eq!(span.region, Region::LastBlock);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    rows: usize,
    cols: usize,
    order: Order,
    moves: Moves,
    spans: Vec<Span>,
    totals: Vec<PhaseTotal>,
}

impl Plan {
    /// Rows of the board solved.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the board solved.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The sweep order used.
    pub fn order(&self) -> Order {
        self.order
    }

    /// All moves, in order.
    pub fn moves(&self) -> &Moves {
        &self.moves
    }

    /// One span per placement, in order; together they cover every move.
    pub fn spans(&self) -> &[Span] {
        &self.spans
    }

    /// Number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// True when the board was already solved.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The placement move `index` belongs to.
    pub fn span_of(&self, index: usize) -> Option<&Span> {
        let k = self.spans.partition_point(|span| span.moves.end <= index);
        self.spans.get(k).filter(|span| span.moves.contains(&index))
    }

    /// Every move with the placement it belongs to.
    pub fn tagged(&self) -> impl Iterator<Item = (Move, &Span)> + '_ {
        self.spans.iter().flat_map(move |span| self.moves[span.moves.clone()].iter().map(move |&mv| (mv, span)))
    }

    /// Moves per kind of phase, in the order the phases first appear.
    pub fn phase_totals(&self) -> Vec<PhaseTotal> {
        self.totals.clone()
    }
}

/// Solves a board the way a person does, as `options` say.
///
/// The caller's board is not changed; the moves are in the returned plan.
/// Within a deadline: `Planner::new(board, options)?.until(deadline).plan()`.
pub fn solve(board: &Board, options: &HumanOptions) -> Result<Plan, HumanError> {
    Planner::new(board, options)?.plan()
}

impl Planner {
    /// Plans the whole solve and collects it: the moves and the spans each
    /// placement made ([`solve`] is this on a new planner). Here, beside
    /// [`Plan`], so that the planner needs nothing above it.
    pub fn plan(self) -> Result<Plan, HumanError> {
        collect(self)
    }
}

/// Runs a planner to the end and collects its plan.
fn collect(planner: Planner) -> Result<Plan, HumanError> {
    let (rows, cols, order) = (planner.rows(), planner.cols(), planner.order());
    let mut recorder = Recorder::of(planner);
    let mut moves: Vec<Move> = Vec::new();
    let mut spans: Vec<Span> = Vec::new();
    recorder.pull_all(&mut |event: &Event, at: &Context| match *event {
        Event::Placement { region, group } => {
            let phase = at.phase.unwrap_or(Phase::LastBlock);
            spans.push(Span { phase, region, group, moves: moves.len()..moves.len() });
        }
        Event::Moved { mv, .. } => moves.push(mv),
        Event::Locked { .. } => {
            if let Some(span) = spans.last_mut() {
                span.moves.end = moves.len();
            }
        }
        _ => {}
    });
    if let Some(err) = recorder.error() {
        return Err(err.clone());
    }
    let totals = recorder.totals();
    Ok(Plan { rows, cols, order, moves: Moves(moves), spans, totals })
}
