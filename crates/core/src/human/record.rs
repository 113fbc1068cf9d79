//! Pulling a solve from the planner one placement at a time, with each
//! event's context and the moves per phase: what every consumer of the
//! planner's events (a [`Plan`](super::Plan), the animation queue, the
//! network game, the command line) needs, written once.

use super::event::{Event, Group, Phase, Region};
use super::planner::{HumanError, Planner, PlannerStats};
use super::schedule::Corner;

/// What the planner is doing when it reports an event: the phase and the
/// placement under way, and the moves made before the event.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Context {
    /// The phase under way (set by its `PhaseStarted`).
    pub phase: Option<Phase>,
    /// Where the unsolved rectangle's corner was as that phase began,
    /// which names and outlines its line
    /// ([`PlacementTitle`](super::PlacementTitle)).
    pub corner: Corner,
    /// The placement under way: its region and tiles (set by its `Placement`).
    pub placement: Option<(Region, Group)>,
    /// Moves made before this event.
    pub moves: u64,
}

/// Moves made in one kind of phase (or, for the search solvers, one stage).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PhaseTotal {
    /// The phase's name: `top-rows`, `left-columns`, `bottom-rows`,
    /// `last-block`, `rest`, or a search solver's name.
    pub phase: &'static str,
    /// Moves made in those phases.
    pub moves: usize,
    /// Placements made in those phases (not written in JSON).
    #[serde(skip)]
    pub placements: usize,
}

/// Moves and placements per kind of phase, in the order the phases first
/// appear, counted from the planner's events.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct PhaseTally {
    totals: Vec<PhaseTotal>,
    /// Index into `totals` of the phase under way.
    current: Option<usize>,
    /// Moves made when the phase under way started.
    mark: usize,
}

impl PhaseTally {
    /// Counts one event, reported after `moves` moves.
    pub(crate) fn count(&mut self, event: &Event, moves: usize) {
        match *event {
            Event::PhaseStarted(phase) => {
                self.close(moves);
                let name = phase.name();
                self.current = Some(match self.totals.iter().position(|t| t.phase == name) {
                    Some(i) => i,
                    None => {
                        self.totals.push(PhaseTotal { phase: name, moves: 0, placements: 0 });
                        self.totals.len() - 1
                    }
                });
            }
            Event::Placement { .. } => {
                if let Some(i) = self.current {
                    self.totals[i].placements += 1;
                }
            }
            Event::Solved { .. } => self.close(moves),
            _ => {}
        }
    }

    /// Adds the moves since the last mark to the phase under way.
    fn close(&mut self, moves: usize) {
        if let Some(i) = self.current {
            self.totals[i].moves += moves - self.mark;
        }
        self.mark = moves;
    }

    /// The totals, counting the phase under way up to `moves` moves.
    pub(crate) fn totals(&self, moves: usize) -> Vec<PhaseTotal> {
        let mut totals = self.totals.clone();
        if let Some(i) = self.current {
            totals[i].moves += moves - self.mark;
        }
        totals
    }
}

/// Where the recorder stands.
enum PullStatus {
    /// More placements can be pulled.
    Planning,
    /// The board is solved.
    Done,
    /// The planner failed (a bug in it); nothing more will come.
    Failed(HumanError),
}

/// Drives a [`Planner`] one placement at a time and hands each event on
/// with its [`Context`]; keeps the moves per phase.
///
/// ```
/// use fifteen_core::human::{Event, Planner, Recorder, HumanOptions};
/// use fifteen_core::{Board, Scramble};
///
/// let board = Board::scrambled(4, 4, Scramble::Uniform, 3).unwrap();
/// let mut recorder = Recorder::of(Planner::new(&board, &HumanOptions::default()).unwrap());
/// let mut replay = board.clone();
/// while recorder.pull(&mut |event: &Event, _| {
///     if let Event::Moved { mv, .. } = event {
///         replay.slide(*mv).unwrap();
///     }
/// }) {}
/// assert!(recorder.error().is_none() && replay.is_solved());
/// let per_phase: usize = recorder.totals().iter().map(|t| t.moves).sum();
/// assert_eq!(per_phase as u64, recorder.moves());
/// ```
pub struct Recorder {
    planner: Box<Planner>,
    status: PullStatus,
    context: Context,
    tally: PhaseTally,
}

impl Recorder {
    /// A recorder of this planner's events.
    pub fn of(planner: Planner) -> Recorder {
        Recorder {
            planner: Box::new(planner),
            status: PullStatus::Planning,
            context: Context::default(),
            tally: PhaseTally::default(),
        }
    }

    /// Plans one more placement, reporting each of its events to `sink`
    /// with the context it happens in. Returns false once nothing more will
    /// come: the board is solved, or the planner failed ([`Recorder::error`]).
    pub fn pull<S: FnMut(&Event, &Context)>(&mut self, sink: &mut S) -> bool {
        if !matches!(self.status, PullStatus::Planning) {
            return false;
        }
        let (context, tally) = (&mut self.context, &mut self.tally);
        let step = self.planner.step(&mut |event: &Event| {
            // Moves are most of the events: they take the short way, the
            // rest a call of its own, so that this stays small enough to
            // inline where the moves are made.
            if let Event::Moved { .. } = event {
                sink(event, context);
                context.moves += 1;
            } else {
                note(event, context, tally, sink);
            }
        });
        match step {
            Ok(true) => true,
            Ok(false) => {
                self.status = PullStatus::Done;
                false
            }
            Err(err) => {
                self.status = PullStatus::Failed(err);
                false
            }
        }
    }

    /// Plans every remaining placement.
    pub fn pull_all<S: FnMut(&Event, &Context)>(&mut self, sink: &mut S) {
        while self.pull(sink) {}
    }

    /// True once the board is solved.
    pub fn is_done(&self) -> bool {
        matches!(self.status, PullStatus::Done)
    }

    /// Why the planner stopped early, if it did.
    pub fn error(&self) -> Option<&HumanError> {
        match &self.status {
            PullStatus::Failed(err) => Some(err),
            _ => None,
        }
    }

    /// Moves made so far.
    pub fn moves(&self) -> u64 {
        self.context.moves
    }

    /// Moves and placements per kind of phase so far.
    pub fn totals(&self) -> Vec<PhaseTotal> {
        self.tally.totals(self.context.moves as usize)
    }

    /// The planner's counters so far.
    pub fn stats(&self) -> PlannerStats {
        self.planner.stats()
    }
}

/// Keeps the context and the tally up to date with an event other than a
/// move, then reports it.
#[inline(never)]
fn note<S: FnMut(&Event, &Context)>(event: &Event, context: &mut Context, tally: &mut PhaseTally, sink: &mut S) {
    match *event {
        Event::PhaseStarted(phase) => {
            if let Some(done) = context.phase {
                context.corner = context.corner.after(done);
            }
            context.phase = Some(phase);
        }
        Event::Placement { region, group } => context.placement = Some((region, group)),
        _ => {}
    }
    tally.count(event, context.moves as usize);
    sink(event, context);
}
