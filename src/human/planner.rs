//! The region planner: puts tiles home one placement at a time.

use crate::board::{Board, Pos, Tile, tile_for};

use super::cell_rect::CellRect;
use super::effort::{AreaBeam, Effort, Look, Pull};
use super::event::{Event, EventLog, Group, Phase, Region};
use super::exact::endgame::{finish_among, finish_in_window};
use super::exact::finish::{ExactFinish, Finish, MAX_EXACT_CELLS};
use super::exact::tile_search::TileSearch;
use super::grid::{Dir, MAX_SIDE, PaddedGrid};
use super::lookahead::{Lookahead, Outcome};
use super::schedule::{Order, Placement, Schedule};
use super::shortcut::Shortcuts;
use super::small;
use super::strip;
use super::trip::push::{FAR, PushWeights};
use super::trip::router::route_blank;
use super::trip::scratch::{RouteStats, Scratch, TripStyle};
use super::trip::transport::transport;
use super::trip::tries::best_style;

/// Why the human solver did not produce a solution.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
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
}

/// Solves a board the way a person does, one placement per [`Planner::step`],
/// reporting every event to a callback before it happens.
///
/// The planner works on its own copy of the board; the caller's board is never
/// touched. Driving it a step at a time lets a caller stream moves, tick a
/// progress bar, or fetch more moves only when an animation needs them.
///
/// ```
/// use fifteen::{Board, Scramble, SolveOptions};
/// use fifteen::human::{Event, Order, Planner};
///
/// let board = Board::scrambled(5, 5, Scramble::Uniform, 3).unwrap();
/// let mut planner = Planner::new(&board, &SolveOptions { order: Order::Rows, ..SolveOptions::default() }).unwrap();
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

/// What [`Planner::place_line_ahead`] did with the line's first placement.
enum Ahead {
    /// It is home.
    Home,
    /// It has been announced and perhaps partly made: the caller finishes
    /// it alone.
    Started,
    /// Nothing was announced or moved.
    Untouched,
}

/// A line built on a copy of the board (see [`Planner::try_both_lines`]).
struct Trial {
    /// The board after it.
    grid: PaddedGrid,
    /// Its events, to report if it is chosen.
    events: EventLog,
    /// How many placements and tiles it puts home.
    placements: usize,
    tiles: u64,
    /// Its moves plus the whole-line search's total for the rest.
    total: u64,
    /// That search's choice of the next line.
    next: small::LineChoice,
}

/// The most cells of a square unsolved rectangle whose row and column the
/// free order weighs by building both with the area beam: a 5×5, whose
/// rest the whole-line search takes. Bigger ones would pay twice their
/// beam (a 6×6's is 60 000 states wide) for each line.
const FREE_BEAM_CELLS: usize = 25;

/// Near the end, when few cells are unlocked, a placement and the ones after
/// it in the same phase (up to three tiles) are searched together, exactly:
/// over the positions of those tiles and the blank on every unlocked cell,
/// as long as that is at most this many states. The budget is where fewer
/// moves stop paying for the time: a pair over about 46 unlocked cells fits,
/// and a search costs a few milliseconds, small beside a big board's solve.
/// A lone single tile keeps the heuristic: the shortest placement of one
/// tile ignores what it does to the tiles after it, so it is no better.
const EXACT_STATES: usize = 100_000;

/// States of a search over `tracked` tiles and the blank on `cells` cells.
fn exact_states(cells: usize, tracked: usize) -> usize {
    (cells.saturating_sub(tracked)..=cells).product()
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
/// use fifteen::{Board, Effort, Scramble, SolveOptions, human};
/// let board = Board::scrambled(5, 5, Scramble::Uniform, 3).unwrap();
/// let fast = human::solve(&board, &SolveOptions::default()).unwrap();
/// let best = human::solve(&board, &SolveOptions { effort: Effort::Best, ..SolveOptions::default() }).unwrap();
/// let mut replay = board.clone();
/// replay.apply(best.moves()).unwrap();
/// assert!(replay.is_solved());
/// assert!(best.moves().len() <= fast.moves().len());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SolveOptions {
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
    /// use fifteen::{Board, Scramble};
    /// use fifteen::human::{Event, Finish, Phase, Planner, SolveOptions};
    ///
    /// let board = Board::scrambled(4, 4, Scramble::Uniform, 2).unwrap();
    /// let exact = SolveOptions { finish: Finish::Exact, ..SolveOptions::default() };
    /// let mut planner = Planner::new(&board, &exact).unwrap();
    /// let mut phases = Vec::new();
    /// planner.run(&mut |event: &Event| if let Event::PhaseStarted(p) = event { phases.push(*p) }).unwrap();
    /// assert_eq!(phases, [Phase::Row(0), Phase::Rest]);
    /// assert!(planner.board().is_solved());
    /// ```
    pub fn new(board: &Board, options: &SolveOptions) -> Result<Planner, SolveError> {
        let SolveOptions { order, finish, effort, threads } = *options;
        let effort = effort.resolve(board.rows(), board.cols());
        if board.rows() > MAX_SIDE || board.cols() > MAX_SIDE {
            return Err(SolveError::TooLong { rows: board.rows(), cols: board.cols(), max: MAX_SIDE });
        }
        board.check_solvable()?;
        if finish == Finish::Exact && board.len() > MAX_EXACT_CELLS {
            return Err(SolveError::TooBigForExact { rows: board.rows(), cols: board.cols(), max: MAX_EXACT_CELLS });
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
        })
    }

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

    /// The same planner, placing every line tile by tile with each tile's
    /// trip planned ahead for its pushes and tried `tries` ways (at most
    /// seven), the best made: what `normal` (1) and `best` (7) do on boards
    /// of more than [`MAX_ROLLING_CELLS`](crate::human::MAX_ROLLING_CELLS) cells,
    /// for tests and measurements on other sizes.
    pub(crate) fn force_planned_trips(mut self, tries: usize) -> Planner {
        self.strategy = Strategy { look: Look::Tiles, trips: (TripStyle::PLANNED, tries.max(1)), trips_forced: true };
        self.shorten_moves()
    }

    /// The same planner, its moves through the shortcuts (as `normal` and
    /// `best` are wherever they plan lines), unless it plays exact stages.
    fn shorten_moves(mut self) -> Planner {
        if self.stages.is_none() && self.shortcuts.is_none() {
            self.shortcuts = Some(Shortcuts::new(&self.grid.to_board()));
        }
        self
    }

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
    pub fn step<S: FnMut(&Event)>(&mut self, sink: &mut S) -> Result<bool, SolveError> {
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
    fn announced_step<S: FnMut(&Event)>(&mut self, sink: &mut S) -> Result<bool, SolveError> {
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
    fn plan_step<S: FnMut(&Event)>(&mut self, resuming: bool, sink: &mut S) -> Result<bool, SolveError> {
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
    pub fn run<S: FnMut(&Event)>(&mut self, sink: &mut S) -> Result<(), SolveError> {
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

    fn place_single<S: FnMut(&Event)>(&mut self, row: usize, col: usize, sink: &mut S) -> Result<(), SolveError> {
        let (base, tries) = self.trip_plan();
        let (grid, scratch) = (&mut self.grid, &mut self.scratch);
        let tile = tile_for(Pos::new(row, col), grid.rows, grid.cols);
        let home = grid.index(row, col);
        scratch.style = base;
        let style = best_style(grid, scratch, tile, home, tries);
        let group = Group::new(&[tile]);
        sink(&Event::Placement { region: Region::TopLeft, group });
        scratch.style = style;
        let arrived = transport(grid, scratch, tile, home, sink);
        scratch.style = base;
        if !arrived {
            return Err(SolveError::Stuck { tile, at: Pos::new(row, col) });
        }
        sink(&Event::Locked { group });
        grid.lock(home);
        self.placed += 1;
        Ok(())
    }

    /// Puts a pair home: park the first tile in the second one's home, bring
    /// the second beside it, then turn both in with two slides. Arrangements
    /// near the homes, where that can jam, are finished by the window search.
    fn place_pair<S: FnMut(&Event)>(&mut self, pair: PairSpec, sink: &mut S) -> Result<(), SolveError> {
        self.scratch.style = self.trip_plan().0;
        let (grid, scratch, search) = (&mut self.grid, &mut self.scratch, &mut self.search);
        let group = Group::new(&[pair.first, pair.second]);
        sink(&Event::Placement { region: pair.region, group });
        let stuck = SolveError::Stuck { tile: pair.first, at: grid.pos(pair.first_home) };
        let tracked = [(pair.first, pair.first_home), (pair.second, pair.second_home)];
        let inside = |grid: &PaddedGrid, tile: Tile| {
            let at = grid.pos(grid.where_is(tile));
            pair.window.contains(at.row, at.col)
        };
        let home = |grid: &PaddedGrid| {
            grid.where_is(pair.first) == pair.first_home && grid.where_is(pair.second) == pair.second_home
        };

        let mut finished = home(grid)
            || inside(grid, pair.first)
                && inside(grid, pair.second)
                && finish_in_window(grid, scratch, search, pair.window, &tracked, sink);
        if !finished {
            if !transport(grid, scratch, pair.first, pair.second_home, sink) {
                return Err(stuck);
            }
            finished =
                inside(grid, pair.second) && finish_in_window(grid, scratch, search, pair.window, &tracked, sink);
        }
        if !finished {
            grid.hold(pair.second_home);
            let parked = transport(grid, scratch, pair.second, pair.second_park, sink) && {
                grid.hold(pair.second_park);
                route_blank(grid, scratch, pair.first_home, sink)
            };
            grid.release(pair.second_home);
            grid.release(pair.second_park);
            if !parked {
                return Err(stuck);
            }
            grid.slide(pair.first_slide, sink);
            grid.slide(pair.second_slide, sink);
        }
        debug_assert!(home(grid));
        sink(&Event::Locked { group });
        grid.lock(pair.first_home);
        grid.lock(pair.second_home);
        self.placed += 2;
        Ok(())
    }

    /// Near the end: places `first` together with the next placements of the
    /// same phase by an exact search, when that is small enough (see
    /// [`EXACT_STATES`]). False, with nothing done, otherwise.
    fn place_exactly<S: FnMut(&Event)>(
        &mut self,
        phase: Phase,
        first: Placement,
        sink: &mut S,
    ) -> Result<bool, SolveError> {
        let unlocked = self.grid.unlocked();
        let mut tracked: Vec<(Tile, usize)> = Vec::with_capacity(3);
        let region = first.region();
        if region == Region::LastBlock {
            return Ok(false);
        }
        self.targets(first, &mut tracked);
        while let Some((next_phase, next)) = self.schedule.clone().next() {
            if next_phase != phase {
                break;
            }
            let before = tracked.len();
            self.targets(next, &mut tracked);
            if tracked.len() > 3 || exact_states(unlocked, tracked.len()) > EXACT_STATES {
                tracked.truncate(before);
                break;
            }
            self.schedule.next();
        }
        if tracked.len() < 2 || exact_states(unlocked, tracked.len()) > EXACT_STATES {
            return Ok(false);
        }
        let mut cells = std::mem::take(&mut self.cells);
        let listed = self.grid.unlocked_cells(unlocked, &mut cells);
        let tiles: Vec<Tile> = tracked.iter().map(|&(tile, _)| tile).collect();
        let group = Group::new(&tiles);
        sink(&Event::Placement { region, group });
        let done = listed && finish_among(&mut self.grid, &mut self.scratch, &mut self.search, &cells, &tracked, sink);
        self.cells = cells;
        if !done {
            let (tile, home) = tracked[0];
            return Err(SolveError::Stuck { tile, at: self.grid.pos(home) });
        }
        sink(&Event::Locked { group });
        for &(_, home) in &tracked {
            self.grid.lock(home);
        }
        self.placed += tracked.len() as u64;
        self.exact += 1;
        Ok(true)
    }

    /// With look-ahead: builds the line that starts with `first` (the rest of
    /// its phase) by a beam search, unless it is small enough for the exact
    /// search. [`Ahead::Home`] when at least `first` is home (the rolling
    /// beam may give up later in the line; the next step then takes up the
    /// rest); otherwise the caller places `first`.
    fn place_line_ahead<S: FnMut(&Event)>(&mut self, phase: Phase, first: Placement, sink: &mut S) -> Ahead {
        let look = self.strategy.look;
        if look == Look::Tiles || first == Placement::LastBlock || self.given_up == Some(phase) {
            return Ahead::Untouched;
        }
        let mut line = vec![first];
        let mut rest = self.schedule.clone().peekable();
        while let Some((_, next)) = rest.next_if(|&(p, _)| p == phase) {
            line.push(next);
        }
        let tiles_of = |p: &Placement| if matches!(p, Placement::Single { .. }) { 1 } else { 2 };
        let tiles = line.iter().map(tiles_of).sum::<usize>();
        if tiles <= 3 && exact_states(self.grid.unlocked(), tiles) <= EXACT_STATES {
            return Ahead::Untouched;
        }
        let area = self.grid.unsolved_area();
        let windowed = window_width(&self.grid, &area, look).is_some();
        let (area, look) = if windowed {
            match self.bring_into_window(look, &mut line, &area, sink) {
                Ok(window) => window,
                Err(ahead) => return ahead,
            }
        } else {
            (area, narrowed(&self.grid, &area, look))
        };
        // The bottom rows are one long line of pairs in a two-row strip,
        // where the rolling beam's blank paths lose to the pairs placed one
        // by one (see docs/fewest-moves.md).
        if matches!(look, Look::Rolling(..)) && phase == Phase::BottomRows {
            return Ahead::Untouched;
        }
        let done = match self.lookahead.place_line(&mut self.grid, &area, &line, rest, look, sink) {
            Outcome::Built => line.len(),
            // A window's first placement was announced before its tiles
            // were brought; a window that fails is a small search, and the
            // next placement's window is another.
            Outcome::Stalled { done: 0, started } if windowed || started => return Ahead::Started,
            Outcome::Stalled { done: 0, .. } => {
                self.given_up = Some(phase);
                return Ahead::Untouched;
            }
            Outcome::Stalled { done, .. } => done,
        };
        for _ in 1..done {
            self.schedule.next();
        }
        self.placed += line[..done].iter().map(tiles_of).sum::<usize>() as u64;
        Ahead::Home
    }

    /// On a long board (see `strip`): announces the line's first
    /// placement, brings its tiles into the window of the long `area`
    /// nearest the line, and cuts `line` to the placements the window
    /// holds; then the window, and the area beam that searches it, as wide
    /// as the board's length affords. `Err` with what the caller does
    /// instead: place the first placement by its trips, announced or not.
    fn bring_into_window<S: FnMut(&Event)>(
        &mut self,
        look: Look,
        line: &mut Vec<Placement>,
        area: &CellRect,
        sink: &mut S,
    ) -> Result<(CellRect, Look), Ahead> {
        let Some(width) = window_width(&self.grid, area, look).flatten() else {
            return Err(Ahead::Untouched);
        };
        let pull = match look {
            Look::Whole(beam) => beam.pull,
            Look::Rolling(_, pull) => pull,
            Look::Tiles => Pull::Light,
        };
        let first = line[0];
        sink(&Event::Placement { region: first.region(), group: first.group(self.grid.rows, self.grid.cols) });
        let window =
            strip::bring_into_window(&mut self.grid, &mut self.scratch, area, line, sink).ok_or(Ahead::Started)?;
        line.truncate(window.placements);
        Ok((window.area, Look::Whole(AreaBeam::new(width, pull))))
    }

    /// With look-ahead, before the next placement is taken from the
    /// schedule: the next line of a small unsolved rectangle searched whole
    /// (see `small`). With [`Order::Free`], between lines, the search
    /// weighs the rectangle's top row against its left column, and the
    /// schedule is turned to the one chosen.
    fn choose_small_line(&mut self) -> Option<small::LineChoice> {
        if let Some(line) = self.next_small.take() {
            return Some(line);
        }
        let free = self.order == Order::Free && self.schedule.between_lines();
        let line = small::choose_line(&self.grid, self.effort, free, self.schedule.clone())?;
        if free {
            self.schedule.turn(line.is_column());
        }
        Some(line)
    }

    /// With [`Order::Free`], between lines of a square unsolved rectangle
    /// whose lines the area beam builds and whose rest the whole-line
    /// search takes (a 5×5): builds its top row and its left column, each
    /// on a copy of the board, weighs each by its moves plus that search of
    /// what it leaves, and turns the schedule to the cheaper. The winner is
    /// kept, to be made by reporting its events rather than built again.
    fn try_both_lines(&mut self) -> Option<Trial> {
        if self.order != Order::Free || !self.schedule.between_lines() {
            return None;
        }
        let (top, left) = self.grid.open_corner();
        let (height, width) = (self.grid.rows + 1 - top, self.grid.cols + 1 - left);
        if height != width || height < 3 || height * width > FREE_BEAM_CELLS {
            return None;
        }
        // Forced trips and the forced rolling beam build no whole lines.
        let look = self.strategy.look;
        if !matches!(look, Look::Whole(..)) {
            return None;
        }
        let (grid, schedule, effort) = (&self.grid, &self.schedule, self.effort);
        let (row, column) = match self.lookahead.pool() {
            // The two lines are independent: each is built on a thread of
            // the pool with its own buffers (the moves are the same as on one).
            Some(pool) => {
                let [for_row, for_column] = &mut **self
                    .trial_lookaheads
                    .get_or_insert_with(|| Box::new([Lookahead::new(1), Lookahead::new(1)]));
                pool.install(|| {
                    rayon::join(
                        || trial(grid, schedule, for_row, effort, false, look),
                        || trial(grid, schedule, for_column, effort, true, look),
                    )
                })
            }
            None => {
                let lookahead = &mut self.lookahead;
                (
                    trial(grid, schedule, lookahead, effort, false, look),
                    trial(grid, schedule, lookahead, effort, true, look),
                )
            }
        };
        let (row, column) = (row?, column?);
        let take_column = column.total < row.total;
        self.schedule.turn(take_column);
        Some(if take_column { column } else { row })
    }

    /// Makes the line [`Planner::try_both_lines`] chose, which begins with
    /// the placement just taken from the schedule: its events reported, the
    /// board as it left it taken over.
    fn make_trial<S: FnMut(&Event)>(&mut self, trial: Trial, sink: &mut S) {
        trial.events.report(sink);
        self.grid = trial.grid;
        for _ in 1..trial.placements {
            self.schedule.next();
        }
        self.placed += trial.tiles;
        self.next_small = Some(trial.next);
    }

    /// Makes the line [`Planner::choose_small_line`] chose, which begins
    /// with `first`. False, with nothing done, if the schedule's line is
    /// not that one.
    fn place_small<S: FnMut(&Event)>(
        &mut self,
        line: small::LineChoice,
        phase: Phase,
        first: Placement,
        sink: &mut S,
    ) -> bool {
        let later = self.schedule.clone();
        let Some((placements, tiles)) =
            small::make_line(&mut self.grid, &mut self.scratch, line, (phase, first), later, sink)
        else {
            return false;
        };
        for _ in 1..placements {
            self.schedule.next();
        }
        self.placed += tiles as u64;
        self.exact += 1;
        true
    }

    /// Appends the tiles a placement puts home, with their padded homes.
    fn targets(&self, placement: Placement, out: &mut Vec<(Tile, usize)>) {
        let (rows, cols) = (self.grid.rows, self.grid.cols);
        let cells = placement.cells(rows, cols);
        out.extend(cells.iter().map(|&(r, c)| (tile_for(Pos::new(r, c), rows, cols), self.grid.index(r, c))));
    }

    fn place_last_block<S: FnMut(&Event)>(&mut self, sink: &mut S) -> Result<(), SolveError> {
        let (grid, scratch, search) = (&mut self.grid, &mut self.scratch, &mut self.search);
        let (rows, cols) = (grid.rows, grid.cols);
        let cells = Placement::LastBlock.cells(rows, cols);
        let tracked: [(Tile, usize); 3] = std::array::from_fn(|k| {
            (tile_for(Pos::new(cells[k].0, cells[k].1), rows, cols), grid.index(cells[k].0, cells[k].1))
        });
        let tiles = tracked.map(|(tile, _)| tile);
        let group = Group::new(&tiles);
        sink(&Event::Placement { region: Region::LastBlock, group });
        let window = CellRect { top: rows - 2, left: cols - 2, height: 2, width: 2 };
        if !finish_in_window(grid, scratch, search, window, &tracked, sink) {
            return Err(SolveError::Stuck { tile: tiles[0], at: Pos::new(rows - 2, cols - 2) });
        }
        sink(&Event::Locked { group });
        for &(_, home) in &tracked {
            grid.lock(home);
        }
        self.placed += 3;
        Ok(())
    }
}

/// The width of the beam that searches the lines of `area` in windows,
/// if it is long (see [`strip::width_for`]).
fn window_width(grid: &PaddedGrid, area: &CellRect, look: Look) -> Option<Option<usize>> {
    match look {
        Look::Whole(beam) => strip::width_for(grid, area, beam.width, false),
        Look::Rolling(width, _) => strip::width_for(grid, area, width, true),
        Look::Tiles => None,
    }
}

/// `look`, its area beam narrowed on a stretched `area` searched whole
/// (see [`strip::whole_width`]).
fn narrowed(grid: &PaddedGrid, area: &CellRect, look: Look) -> Look {
    match look {
        Look::Whole(beam) => match strip::whole_width(grid, area, beam.width) {
            Some(width) => Look::Whole(AreaBeam { width, ..beam }),
            None => look,
        },
        _ => look,
    }
}

/// One pair's cells (see [`PairCells`](super::schedule::PairCells)) in
/// the grid's numbering, with its tiles and the endgame's window.
struct PairSpec {
    region: Region,
    /// The tile nearer the top-left, and its home.
    first: Tile,
    first_home: usize,
    /// The tile in the last column (right pair) or last row (bottom pair).
    second: Tile,
    second_home: usize,
    /// Where the second tile waits while the first is parked in its home.
    second_park: usize,
    /// The blank's two steps that turn the pair in, from the first home.
    first_slide: Dir,
    second_slide: Dir,
    /// The cells the endgame search may use.
    window: CellRect,
}

impl PairSpec {
    fn new(grid: &PaddedGrid, placement: Placement) -> PairSpec {
        let (rows, cols) = (grid.rows, grid.cols);
        let pair = placement.pair(rows, cols).expect("a pair placement");
        let [first, second] = pair.homes;
        let window = match placement {
            // Rows row..row+2 (the last one may be the padding's), the
            // last three columns.
            Placement::RightPair { row } => {
                CellRect { top: row, left: cols.saturating_sub(3), height: 3, width: cols.min(3) }
            }
            // The last three rows, columns col..col+2.
            _ => CellRect { top: rows.saturating_sub(3), left: first.col, height: rows.min(3), width: 3 },
        };
        PairSpec {
            region: pair.region,
            first: tile_for(first, rows, cols),
            first_home: grid.index(first.row, first.col),
            second: tile_for(second, rows, cols),
            second_home: grid.index(second.row, second.col),
            second_park: grid.index(pair.park.row, pair.park.col),
            first_slide: pair.turn[0],
            second_slide: pair.turn[1],
            window,
        }
    }
}

/// The line [`Planner::try_both_lines`] weighs: the column (`column`) or
/// the row of the unsolved rectangle, built on a copy of `grid` with the
/// buffers `lookahead`; `None` if the beam stalls or what it leaves is not
/// for the whole-line search.
fn trial(
    grid: &PaddedGrid,
    schedule: &Schedule,
    lookahead: &mut Lookahead,
    effort: Effort,
    column: bool,
    look: Look,
) -> Option<Trial> {
    let mut grid = grid.clone();
    let mut schedule = schedule.clone();
    schedule.turn(column);
    let (phase, first) = schedule.next()?;
    let mut line = vec![first];
    while let Some((_, next)) = schedule.clone().next().filter(|&(p, _)| p == phase) {
        line.push(next);
        schedule.next();
    }
    let mut events = EventLog::default();
    let start = grid.moves;
    let area = grid.unsolved_area();
    let built = lookahead.place_line(&mut grid, &area, &line, schedule.clone(), look, &mut |e| events.push(e));
    if !matches!(built, Outcome::Built) {
        return None;
    }
    let free = schedule.between_lines();
    let next = small::choose_line(&grid, effort, free, schedule)?;
    let total = grid.moves - start + next.total();
    let tiles = line.iter().map(|p| p.cells(grid.rows, grid.cols).len() as u64).sum();
    Some(Trial { grid, events, placements: line.len(), tiles, total, next })
}
