//! The region planner: puts tiles home one placement at a time.
//!
//! This module is the step loop: [`Planner`], chosen once at construction
//! (its [`Strategy`] read from `SIZE_BANDS`), and each step's driving,
//! from the phase's events to the placement's strategy. Each way of
//! putting a placement home is a module of its own:
//!
//! - [`beam_lines`]: a line by a beam, over the unsolved area, a long
//!   board's window or the grid as it rolls;
//! - [`small_lines`]: a small unsolved rectangle's lines searched whole,
//!   and the free order's row weighed against its column;
//! - [`tile_by_tile`]: one tile or one pair at a time, by their trips;
//! - [`exact_end`]: near the end, placements searched exactly together,
//!   and the last block.

mod beam_lines;
mod exact_end;
mod small_lines;
mod tile_by_tile;

use crate::board::{Board, Pos, Tile};
use crate::deadline::Deadline;
use crate::human::event::Sink;

use super::effort::{Effort, Look, Pull};
use super::event::{Event, Group, Phase};
use super::exact::finish::{ExactFinish, Finish, MAX_EXACT_CELLS};
use super::exact::tile_search::TileSearch;
use super::grid::{MAX_SIDE, PaddedGrid};
use super::lookahead::Lookahead;
use super::schedule::{Order, Placement, Schedule};
use super::shortcut::Shortcuts;
use super::small;
use super::trip::push::{FAR, PushWeights};
use super::trip::scratch::{RouteStats, Scratch, TripStyle};
use beam_lines::Ahead;
use tile_by_tile::PairSpec;

/// Why the human solver did not produce a solution.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum HumanError {
    /// The board is not in the goal's half of the positions.
    #[error("unsolvable board: {0}")]
    Unsolvable(#[from] crate::board::Unsolvable),
    /// A side longer than the planner handles.
    #[error("the human solver handles boards of up to {max} rows and columns, not {rows}×{cols}")]
    TooLong {
        /// Rows of the board.
        rows: usize,
        /// Columns of the board.
        cols: usize,
        /// The longest side it handles.
        max: usize,
    },
    /// Exact stages asked of a board too big for them.
    #[error("the exact finish takes boards of up to {max} cells (4×4, 3×5, 5×3, …), not {rows}×{cols}")]
    TooBigForExact {
        /// Rows of the board.
        rows: usize,
        /// Columns of the board.
        cols: usize,
        /// The most cells exact stages take.
        max: usize,
    },
    /// A bug: the planner found no way to place a tile.
    #[error("internal error: the human solver found no way to place tile {tile} at {at}; please report this board")]
    Stuck {
        /// The tile it was placing.
        tile: Tile,
        /// The tile's home.
        at: Pos,
    },
    /// The planner's deadline was over before the board was solved
    /// ([`Planner::until`]).
    #[error("the human solver was stopped before it solved the board")]
    Stopped,
}

/// Solves a board the way a person does, one placement per [`Planner::step`],
/// reporting every event to a callback before it happens.
///
/// The planner works on its own copy of the board; the caller's board is never
/// touched. Driving it a step at a time lets a caller stream moves, tick a
/// progress bar, or fetch more moves only when an animation needs them.
///
/// ```
/// use fifteen_core::{Board, Scramble, HumanOptions};
/// use fifteen_core::human::{Event, Order, Planner};
///
/// let board = Board::scrambled(5, 5, Scramble::Uniform, 3).unwrap();
/// let mut planner = Planner::new(&board, &HumanOptions { order: Order::Rows, ..HumanOptions::default() }).unwrap();
/// let mut replay = board.clone();
/// while planner.step(&mut |event: &Event| {
///     if let Event::Moved { mv, .. } = event {
///         replay.slide(*mv).unwrap();
///     }
/// }).unwrap() {}
/// assert!(replay.is_solved());
/// assert_eq!(planner.moves(), planner.stats().moves);
/// ```
pub struct Planner {
    grid: PaddedGrid,
    scratch: Scratch,
    /// Tables for the endgame and exact-stage searches.
    search: TileSearch,
    schedule: Schedule,
    phase: Option<Phase>,
    order: Order,
    solved: bool,
    placed: u64,
    exact: u64,
    /// Scratch for the cells of an exact search.
    cells: Vec<usize>,
    /// Set when the board is solved in exact stages instead.
    stages: Option<ExactFinish>,
    /// How wide the small rectangles' whole-line searches are.
    effort: Effort,
    /// How lines are built and trips made: chosen once, at construction.
    strategy: Strategy,
    /// The look-ahead's buffers.
    lookahead: Lookahead,
    /// Buffers for the row and the column [`Planner::try_both_lines`]
    /// builds side by side, one thread each, when it has threads.
    trial_lookaheads: Option<Box<[Lookahead; 2]>>,
    /// The whole-line search of the next line, when weighing the line
    /// before it has already made it (see [`Planner::try_both_lines`]).
    next_small: Option<small::LineChoice>,
    /// Where the lines are planned by beams: the stage that holds the
    /// last few moves back and shortens them (see `shortcut.rs`).
    shortcuts: Option<Shortcuts>,
    /// The phase whose line the look-ahead found no way to build: the
    /// rest of it is placed tile by tile, not searched again for each
    /// placement (each search would run to its cap and fail the same way).
    given_up: Option<Phase>,
    /// Asked before each placement: over, the planner stops.
    deadline: Deadline,
    /// The placement announced and not yet locked. A rolling beam that
    /// gives up partway through a placement leaves it open; the next step
    /// finishes that same placement and its second announcement is
    /// dropped, so each placement is reported once and then locked.
    open_placement: Option<Group>,
}

/// How a planner builds its lines, chosen once when it starts: from the
/// effort and the board's size band (`SIZE_BANDS`), or forced by a test's
/// knob.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Strategy {
    /// Lines by a beam over the whole unsolved area, by the rolling beam,
    /// or tile by tile.
    look: Look,
    /// How each single tile's trip is made, and how many ways it is tried
    /// (the best made).
    trips: (TripStyle, usize),
    /// Whether a knob forced the trips (and tile by tile): detours forced
    /// after it keep its planning ahead.
    trips_forced: bool,
}

impl Strategy {
    fn of(effort: Effort, rows: usize, cols: usize) -> Strategy {
        Strategy { look: effort.look(rows, cols), trips: effort.trip_plan(rows, cols), trips_forced: false }
    }
}

/// Counters for `--stats` and benchmarks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlannerStats {
    /// Moves made so far.
    pub moves: u64,
    /// Tiles locked home so far.
    pub placed: u64,
    /// How the blank's routes were found.
    pub routes: RouteStats,
    /// Placements searched exactly, several at once, near the end.
    pub exact: u64,
    /// The work of every search so far: the states the beams expanded,
    /// the entries of the stage tables they built and the states the
    /// exact searches took. It depends only on the board and the options
    /// (not on the machine or the threads), so tests bound it per move.
    pub work: u64,
}

/// How the human solver plays a board: the sweep order, how the end is
/// played and how hard it looks for fewer moves. The default is the
/// strategy as a person learns it, one tile at a time ([`Effort::Fast`]);
/// [`Effort::Auto`] picks an effort by the board's size, as the command
/// does when not told ([`Effort::for_watching`] the window's).
///
/// ```
/// use fifteen_core::{Board, Effort, Scramble, HumanOptions, human};
/// let board = Board::scrambled(5, 5, Scramble::Uniform, 3).unwrap();
/// let fast = human::solve(&board, &HumanOptions::default()).unwrap();
/// let best = human::solve(&board, &HumanOptions { effort: Effort::Best, ..HumanOptions::default() }).unwrap();
/// let mut replay = board.clone();
/// replay.apply(best.moves()).unwrap();
/// assert!(replay.is_solved());
/// assert!(best.moves().len() <= fast.moves().len());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct HumanOptions {
    /// The order lines are built in.
    pub order: Order,
    /// How the end is played: [`Finish::Exact`] solves a board of up to
    /// `MAX_EXACT_CELLS` cells in exact stages (and ignores `order`).
    pub finish: Finish,
    /// How far ahead each line is planned.
    pub effort: Effort,
    /// How many threads may share the work of planning a line at `best`
    /// (its area beam's rounds, when they are wide, and the row and the
    /// column [`Order::Free`] builds to weigh a 5×5's). 0 and 1 mean the
    /// caller's thread only. The moves are the same for any number: the
    /// command passes the machine's cores, a program what it can spare.
    pub threads: usize,
}

impl Planner {
    /// A planner for this board that plays as `options` say, or the reason
    /// it cannot be solved.
    ///
    /// ```
    /// use fifteen_core::{Board, Scramble};
    /// use fifteen_core::human::{Event, Finish, Phase, Planner, HumanOptions};
    ///
    /// let board = Board::scrambled(4, 4, Scramble::Uniform, 2).unwrap();
    /// let exact = HumanOptions { finish: Finish::Exact, ..HumanOptions::default() };
    /// let mut planner = Planner::new(&board, &exact).unwrap();
    /// let mut phases = Vec::new();
    /// planner.run(&mut |event: &Event| if let Event::PhaseStarted(p) = event { phases.push(*p) }).unwrap();
    /// assert_eq!(phases, [Phase::Row(0), Phase::Rest]);
    /// assert!(planner.board().is_solved());
    /// ```
    pub fn new(board: &Board, options: &HumanOptions) -> Result<Planner, HumanError> {
        let HumanOptions { order, finish, effort, threads } = *options;
        let effort = effort.resolve(board.rows(), board.cols());
        if board.rows() > MAX_SIDE || board.cols() > MAX_SIDE {
            return Err(HumanError::TooLong { rows: board.rows(), cols: board.cols(), max: MAX_SIDE });
        }
        board.check_solvable()?;
        if finish == Finish::Exact && board.len() > MAX_EXACT_CELLS {
            return Err(HumanError::TooBigForExact { rows: board.rows(), cols: board.cols(), max: MAX_EXACT_CELLS });
        }
        Ok(Planner {
            grid: PaddedGrid::new(board),
            scratch: Scratch::default(),
            search: TileSearch::default(),
            schedule: Schedule::new(board.rows(), board.cols(), order),
            phase: None,
            order,
            solved: false,
            placed: 0,
            exact: 0,
            cells: Vec::new(),
            stages: (finish == Finish::Exact).then(ExactFinish::new),
            effort,
            strategy: Strategy::of(effort, board.rows(), board.cols()),
            lookahead: Lookahead::new(threads),
            trial_lookaheads: None,
            next_small: None,
            shortcuts: (finish == Finish::Pairs && effort.shortens(board.rows(), board.cols()))
                .then(|| Shortcuts::new(board)),
            open_placement: None,
            given_up: None,
            deadline: Deadline::NONE,
        })
    }

    /// The same planner, stopping with [`HumanError::Stopped`] at the first
    /// placement it begins once `deadline` is over: a placement takes
    /// microseconds tile by tile and a line's beam at most a fraction of a
    /// second, so a stop is heard within that.
    pub fn until(mut self, deadline: Deadline) -> Planner {
        self.deadline = deadline;
        self
    }

    #[cfg_attr(not(feature = "testing"), allow(dead_code))]
    /// The same planner, building every line by the rolling look-ahead
    /// with `width` states, whatever the board's size: what `normal` and
    /// `best` do on boards of more than [`MAX_LOOKAHEAD_CELLS`](crate::human::MAX_LOOKAHEAD_CELLS) cells (up to
    /// [`MAX_ROLLING_CELLS`](crate::human::MAX_ROLLING_CELLS)), for tests and
    /// measurements on other sizes.
    pub(crate) fn force_rolling_beam(mut self, width: usize) -> Planner {
        let look = Look::Rolling(width.max(1), Pull::Light);
        self.strategy = Strategy { look, trips: (TripStyle::PLAIN, 1), trips_forced: false };
        self.shorten_moves()
    }

    #[cfg_attr(not(feature = "testing"), allow(dead_code))]
    /// The same planner, placing every line tile by tile with each tile's
    /// trip planned ahead for its pushes and tried `tries` ways (at most
    /// seven), the best made: what `normal` (1) and `best` (7) do on boards
    /// of more than [`MAX_ROLLING_CELLS`](crate::human::MAX_ROLLING_CELLS) cells,
    /// for tests and measurements on other sizes.
    pub(crate) fn force_planned_trips(mut self, tries: usize) -> Planner {
        self.strategy = Strategy { look: Look::Tiles, trips: (TripStyle::PLANNED, tries.max(1)), trips_forced: true };
        self.shorten_moves()
    }

    #[cfg_attr(not(feature = "testing"), allow(dead_code))]
    /// The same planner, its moves through the shortcuts (as `normal` and
    /// `best` are wherever they plan lines), unless it plays exact stages.
    fn shorten_moves(mut self) -> Planner {
        if self.stages.is_none() && self.shortcuts.is_none() {
            self.shortcuts = Some(Shortcuts::new(&self.grid.to_board()));
        }
        self
    }

    #[cfg_attr(not(feature = "testing"), allow(dead_code))]
    /// The same planner, placing every line tile by tile with the blank's
    /// approaches taking detours within `band` cells of the straight line
    /// (see `docs/fewest-moves.md`): what `normal` does on boards of more
    /// than 300×300 cells, for tests and measurements on other sizes. After
    /// [`Planner::force_planned_trips`] the trips are planned too, once
    /// each (`best` there).
    pub(crate) fn force_detours(mut self, band: usize) -> Planner {
        let planned = self.strategy.trips_forced && self.strategy.trips.0.plan_ahead;
        let trips = (TripStyle { plan_ahead: planned, ..TripStyle::detouring(band) }, 1);
        self.strategy = Strategy { look: Look::Tiles, trips, trips_forced: true };
        // Planned trips keep the shortcuts `force_planned_trips` gave them.
        if !planned {
            self.shortcuts = None;
        }
        self
    }

    /// Whether trips are planned ahead, and how many ways each single
    /// tile's trip is tried.
    fn trip_plan(&self) -> (TripStyle, usize) {
        self.strategy.trips
    }

    /// Carries out the next placement, reporting each event to `sink` before
    /// it happens. Returns `Ok(false)` once the board is solved.
    pub fn step<S: FnMut(&Event)>(&mut self, sink: &mut S) -> Result<bool, HumanError> {
        if !self.solved && self.deadline.is_over() {
            return Err(HumanError::Stopped);
        }
        let Some(mut shortcuts) = self.shortcuts.take() else {
            return self.announced_step(sink);
        };
        let step = self.announced_step(&mut |event: &Event| shortcuts.take(event, sink));
        if step.is_err() {
            shortcuts.flush(sink);
        }
        self.shortcuts = Some(shortcuts);
        step
    }

    /// [`Planner::plan_step`], each placement announced once (see
    /// [`Planner::open_placement`]).
    fn announced_step(&mut self, sink: &mut Sink<'_>) -> Result<bool, HumanError> {
        let mut open = self.open_placement.take();
        let resuming = open.is_some();
        let step = self.plan_step(resuming, &mut |event: &Event| {
            match *event {
                Event::Placement { group, .. } if open == Some(group) => return,
                Event::Placement { group, .. } => open = Some(group),
                Event::Locked { .. } => open = None,
                _ => {}
            }
            sink(event);
        });
        self.open_placement = open;
        step
    }

    /// [`Planner::step`] before the shortcuts. `resuming` when the last step
    /// left a placement half made: this one finishes that placement alone,
    /// not merged into a bigger search, so that what was announced is what
    /// is locked.
    fn plan_step(&mut self, resuming: bool, sink: &mut Sink<'_>) -> Result<bool, HumanError> {
        if self.solved {
            return Ok(false);
        }
        if let Some(stages) = &mut self.stages {
            let before = self.grid.unlocked();
            if stages.step(&mut self.grid, &mut self.search, sink) {
                self.placed += (before - self.grid.unlocked()) as u64;
                self.exact += 1;
                return Ok(true);
            }
            self.solved = true;
            sink(&Event::Solved { moves: self.grid.moves });
            return Ok(false);
        }
        let small = if resuming { None } else { self.choose_small_line() };
        let built = if small.is_none() && !resuming { self.try_both_lines() } else { None };
        let Some((phase, placement)) = self.schedule.next() else {
            if let Some(last) = self.phase.take() {
                sink(&Event::PhaseFinished(last));
            }
            self.solved = true;
            sink(&Event::Solved { moves: self.grid.moves });
            return Ok(false);
        };
        if self.phase != Some(phase) {
            if let Some(last) = self.phase {
                sink(&Event::PhaseFinished(last));
            }
            sink(&Event::PhaseStarted(phase));
            self.phase = Some(phase);
            // Pushes count most for the tiles placed soonest (see
            // `PushWeights`): the line's own and, in shells, the crossing line's.
            self.scratch.weights = self.weights_for(phase);
        }
        if let Some(trial) = built {
            self.make_trial(trial, sink);
            return Ok(true);
        }
        if small.is_some_and(|line| self.place_small(line, phase, placement, sink)) {
            return Ok(true);
        }
        let resuming = match self.place_line_ahead(phase, placement, sink) {
            Ahead::Home => return Ok(true),
            Ahead::Started => true,
            Ahead::Untouched => resuming,
        };
        if !resuming && self.place_exactly(phase, placement, sink)? {
            return Ok(true);
        }
        match placement {
            Placement::Single { row, col } => self.place_single(row, col, sink)?,
            Placement::RightPair { .. } | Placement::BottomPair { .. } => {
                self.place_pair(PairSpec::new(&self.grid, placement), sink)?
            }
            Placement::LastBlock => self.place_last_block(sink)?,
        }
        Ok(true)
    }

    /// How much pushes count while `phase` is placed (see [`PushWeights`]):
    /// most for the tiles of the line being placed and, in shells, the
    /// crossing line. On a board longer one way, the crossing line's turn
    /// comes only once the region is square, so it counts as that many
    /// lines farther off.
    fn weights_for(&self, phase: Phase) -> PushWeights {
        let (top, left) = self.grid.open_corner();
        let height = (self.grid.rows + 1).saturating_sub(top);
        let width = (self.grid.cols + 1).saturating_sub(left);
        match phase {
            Phase::Row(_) | Phase::Column(_) if self.order != Order::Rows && width > 2 && height > 2 => {
                PushWeights::sweeping(
                    top.wrapping_sub(width.saturating_sub(height)),
                    left.wrapping_sub(height.saturating_sub(width)),
                    height.max(width),
                )
            }
            Phase::Row(_) => PushWeights::sweeping(top, FAR, height),
            Phase::Column(_) => PushWeights::sweeping(FAR, left, width),
            _ => PushWeights::flat(),
        }
    }

    /// Runs every remaining step.
    pub fn run<S: FnMut(&Event)>(&mut self, sink: &mut S) -> Result<(), HumanError> {
        while self.step(sink)? {}
        Ok(())
    }

    /// Moves reported so far.
    pub fn moves(&self) -> u64 {
        self.shortcuts.as_ref().map_or(self.grid.moves, Shortcuts::reported)
    }

    /// Counters so far.
    pub fn stats(&self) -> PlannerStats {
        let trials = self.trial_lookaheads.as_deref().map_or(0, |[row, column]| row.work() + column.work());
        let work = self.lookahead.work() + trials + self.search.expanded;
        PlannerStats { moves: self.moves(), placed: self.placed, routes: self.scratch.stats, exact: self.exact, work }
    }

    /// The board as the planner has left it so far: where its moves are
    /// shortened, up to a few dozen moves ahead of those reported until
    /// the board is solved.
    pub fn board(&self) -> Board {
        self.grid.to_board()
    }

    /// The board's rows.
    pub(crate) fn rows(&self) -> usize {
        self.grid.rows
    }

    /// The board's columns.
    pub(crate) fn cols(&self) -> usize {
        self.grid.cols
    }

    /// The order the planner sweeps in.
    pub(crate) fn order(&self) -> Order {
        self.order
    }
}
