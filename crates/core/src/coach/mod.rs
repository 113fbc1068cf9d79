//! A person's solve weighed against fifteen's: [`compare`] sets fifteen's
//! solve of the same scramble beside it, lined up at the rectangles both
//! leave behind; [`coach()`] goes through it line by line from the person's
//! own board where each line began: how many moves the line lost against
//! fifteen's par, and fifteen's way through the same line.
//!
//! The **par** of a board is the moves fifteen needs to solve it from
//! there: the optimal distance on boards of up to 16 cells, fifteen's human
//! solve of the unsolved rectangle at a named effort on bigger ones (an
//! upper bound), or on 17 to 49 cells the near solver's, searching each
//! board for a time the caller sets ([`Par::Near`], also an upper bound).
//! A stretch of the solve from move `i` to move `j` **lost**
//! `(j − i) + par(after j) − par(after i)` moves. Losses add up: over the
//! lines they sum to the person's moves less the scramble's par. Where par
//! is an upper bound it is lowered to the person's own way from a board
//! where that was shorter, so no line loses less than nothing; each loss
//! then carries the margin par's own error leaves it. When par is
//! optimal, every single move loses 0 or 2 (it brings the goal one move
//! nearer or one further away): the moves that lose 2 are the mistakes.
//!
//! ```
//! use fifteen_core::{Board, Moves, coach::{self, Par}, search::Heuristic};
//! let scramble: Board = "1 2 3\n4 5 6\n_ 7 8".parse().unwrap();
//! let person: Moves = "DULL".parse().unwrap();
//! let coaching = coach::coach(&scramble, &person, Par::Optimal(Heuristic::ManhattanConflicts)).unwrap();
//! assert_eq!((coaching.par, coaching.loss()), (2, 2));
//! assert_eq!(coaching.mistakes, Some(vec![1]));
//! // Column 1 took three moves where one (L) finishes it and loses nothing.
//! let column = &coaching.lines[1];
//! assert_eq!((column.moves(), column.loss(), column.better.moves.to_string()), (3, 2, "L".to_string()));
//! ```

mod better;
mod compare;
mod lossless;
mod par;
mod rect;
pub mod session;

use std::sync::atomic::{AtomicUsize, Ordering};

use rayon::prelude::*;

use crate::board::{Board, IllegalMove, Move};
use crate::deadline::Deadline;
use crate::human::{Effort, HumanError, HumanOptions};
use crate::lines::{self, Line};
use crate::search::SearchError;
use crate::search::Stats;
use crate::search::near::{self, NearOptions};
use crate::search::optimal::{self, Heuristic, PatternDatabase};
use crate::solver::{self, Found, SolverError, SolverOptions};

pub use better::{BetterWay, Way};
pub use compare::line_up;
pub use compare::{Comparison, compare};
pub use par::{ChosenPar, ParChoice, par_for};

/// How the par of a board is found.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum Par<'a> {
    /// The optimal distance, by IDA* with this lower bound: exact, for
    /// boards of up to 16 cells.
    Optimal(Heuristic<'a>),
    /// fifteen's human solve of the unsolved rectangle at this effort: an
    /// upper bound on the optimal distance.
    Human(Effort),
    /// fifteen's human solve as [`Par::Human`], the scramble's at
    /// `scramble` and every later board's at `lines`: [`par_for`]'s choice
    /// where the scramble's par, one solve whose error falls wholly on the
    /// first line's loss, can afford a stronger effort than a line's.
    HumanGraded {
        /// The effort of the scramble's par.
        scramble: Effort,
        /// The effort of every other board's par and of fifteen's ways.
        lines: Effort,
    },
    /// The near solver's solution of the whole board (17 to 49 cells), or
    /// the human solve's when that is shorter: an upper bound, never above
    /// [`Par::Human`] at the same effort.
    Near(NearPar<'a>),
}

/// What the near solver needs to find a par: its tables and how long to
/// search each board, by the clock of the [`Deadline`] the coach is given
/// (the library reads none; without a clock each search runs until it
/// proves its answer, hours on a 5×5).
#[derive(Clone, Copy)]
pub struct NearPar<'a> {
    /// The tables for the board's shape, as `near::partition` makes them.
    pub tables: &'a PatternDatabase,
    /// Seconds each board is searched.
    pub seconds: f64,
    /// The human solver's effort, for the par it is weighed against and
    /// for fifteen's ways through lines.
    pub effort: Effort,
}

impl NearPar<'_> {
    /// The near solver's solution of `board` (17 to 49 cells, the tables'
    /// shape), searched for [`NearPar::seconds`] within `deadline`, with
    /// the lower bound it proved.
    pub fn solve(&self, board: &Board, deadline: &Deadline) -> Result<Found, SearchError> {
        let found = near::solve(board, self.tables, NearOptions::default(), &deadline.within(self.seconds))?;
        let stats = Stats { expanded: found.ida_expanded, ..Stats::default() };
        Ok(Found {
            moves: found.moves,
            lower_bound: Some(found.lower_bound),
            stats: Some(stats),
            beam_width: found.beam_width,
        })
    }
}

impl std::fmt::Debug for NearPar<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NearPar")
            .field("tables", &self.tables.partition())
            .field("seconds", &self.seconds)
            .field("effort", &self.effort)
            .finish()
    }
}

impl Par<'_> {
    /// Whether par is the optimal distance rather than an upper bound.
    pub fn is_exact(&self) -> bool {
        matches!(self, Par::Optimal(_))
    }

    /// `optimal`, or `fifteen at best` (the effort named).
    pub fn name(&self) -> String {
        match self {
            Par::Optimal(_) => "optimal".to_string(),
            Par::Human(effort) => format!("fifteen at {}", effort.name()),
            Par::HumanGraded { scramble, lines } => {
                format!("fifteen at {} for the scramble, {} after", scramble.name(), lines.name())
            }
            Par::Near(_) => "near solver".to_string(),
        }
    }

    /// How far the loss of a line begun at a par of `par_before` may be
    /// off: 0 where par is exact, else [`par::margin_per_root`] of the
    /// effort times √`par_before`.
    pub(crate) fn loss_margin(&self, par_before: usize) -> usize {
        match self {
            Par::Optimal(_) => 0,
            Par::Human(effort) | Par::HumanGraded { lines: effort, .. } | Par::Near(NearPar { effort, .. }) => {
                (par::margin_per_root(*effort) * (par_before as f64).sqrt()).ceil() as usize
            }
        }
    }

    /// The effort of fifteen's way through a line too big to search
    /// exactly (only lines of boards over 16 cells are).
    pub(crate) fn effort(&self) -> Effort {
        match self {
            Par::Optimal(_) => Effort::Best,
            Par::Human(effort) | Par::HumanGraded { lines: effort, .. } | Par::Near(NearPar { effort, .. }) => *effort,
        }
    }

    /// The par of `board`, whose unsolved rectangle starts at row `top` and
    /// column `left` (everything above and left of it home), with the lower
    /// bound a search proved on the way.
    fn of(&self, board: &Board, (top, left): (usize, usize), deadline: &Deadline) -> Result<ParFound, CoachError> {
        match self {
            Par::Optimal(heuristic) => {
                let moves = optimal::solve_until(board, *heuristic, |_| {}, &|| deadline.is_over())?.moves.len();
                Ok(ParFound { moves, lower_bound: Some(moves) })
            }
            Par::Human(effort) => human_par(board, (top, left), *effort, 1, deadline),
            // Only the scramble's unsolved rectangle starts at the corner.
            // Its par is the coaching's longest piece of work, so its beams'
            // rounds may use the cores the rest leaves idle.
            Par::HumanGraded { scramble, .. } if (top, left) == (0, 0) => {
                human_par(board, (top, left), *scramble, rayon::current_num_threads(), deadline)
            }
            Par::HumanGraded { lines, .. } => human_par(board, (top, left), *lines, 1, deadline),
            Par::Near(near_par) => {
                if board.is_solved() {
                    return Ok(ParFound { moves: 0, lower_bound: Some(0) });
                }
                let human = Par::Human(near_par.effort).of(board, (top, left), deadline)?.moves;
                let near = near_par.solve(board, deadline)?;
                Ok(ParFound { moves: near.moves.len().min(human), lower_bound: near.lower_bound.map(|b| b as usize) })
            }
        }
    }
}

/// fifteen's human solve of `board`'s unsolved rectangle from `top`,
/// `left` at `effort` on `threads` threads (the moves are the same for any
/// number), or its optimal distance when it is small.
fn human_par(
    board: &Board,
    (top, left): (usize, usize),
    effort: Effort,
    threads: usize,
    deadline: &Deadline,
) -> Result<ParFound, CoachError> {
    let rest = rect::sub_board(board, top, left, false).ok_or(CoachError::NotHome)?;
    if rest.len() <= EXACT_RECTANGLE_CELLS {
        let moves = optimal::solve_until(&rest, Heuristic::ManhattanConflicts, |_| {}, &|| deadline.is_over())?;
        return Ok(ParFound { moves: moves.moves.len(), lower_bound: Some(moves.moves.len()) });
    }
    let human = HumanOptions { effort, threads, ..HumanOptions::default() };
    let found = solver::solve(&rest, &SolverOptions { human, deadline, ..SolverOptions::default() })?;
    Ok(ParFound { moves: found.moves.len(), lower_bound: None })
}

/// The most cells an unsolved rectangle may have for its par to be its
/// optimal distance whatever par the solve's board gets: IDA* solves a
/// 3×4 in milliseconds, so a solve's last lines are weighed exactly.
const EXACT_RECTANGLE_CELLS: usize = 12;

/// A par found, with the lower bound on the optimal distance the search
/// proved (none from fifteen's human solve).
#[derive(Clone, Copy, Debug)]
struct ParFound {
    moves: usize,
    lower_bound: Option<usize>,
}

/// The kinds of line a summary over many solves weighs apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum LineKind {
    /// A row of a rectangle more than two columns wide.
    Row,
    /// A column of a rectangle more than two rows tall.
    Column,
    /// A row of the last two columns: two tiles.
    EndPair,
    /// A column of the last two rows: two tiles.
    BottomPair,
    /// The last 2×2 block.
    LastBlock,
}

impl LineKind {
    /// Every kind, in the order a summary lists them.
    pub const ALL: [LineKind; 5] =
        [LineKind::Row, LineKind::Column, LineKind::EndPair, LineKind::BottomPair, LineKind::LastBlock];

    /// `rows`, `columns`, `end pairs`, `bottom pairs` or `last 2×2`.
    pub const fn name(self) -> &'static str {
        match self {
            LineKind::Row => "rows",
            LineKind::Column => "columns",
            LineKind::EndPair => "end pairs",
            LineKind::BottomPair => "bottom pairs",
            LineKind::LastBlock => "last 2×2",
        }
    }

    /// The kind named `name` (as [`LineKind::name`] gives it).
    pub fn from_name(name: &str) -> Option<LineKind> {
        LineKind::ALL.into_iter().find(|kind| kind.name() == name)
    }

    /// The kind of `line` built in a rectangle of `rows` × `cols`.
    pub(crate) fn of(line: Line, rows: usize, cols: usize) -> LineKind {
        match line {
            Line::Row { .. } if cols <= 2 => LineKind::EndPair,
            Line::Row { .. } => LineKind::Row,
            Line::Column { .. } if rows <= 2 => LineKind::BottomPair,
            Line::Column { .. } => LineKind::Column,
            Line::LastBlock { .. } => LineKind::LastBlock,
        }
    }
}

/// One line of the person's solve, coached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineCoaching {
    /// The line.
    pub line: Line,
    /// Its kind.
    pub kind: LineKind,
    /// The person's moves made when the line began (the line before it was
    /// done).
    pub from_move: usize,
    /// The person's moves made when it was done for good.
    pub to_move: usize,
    /// Rows still unsolved after it (0 when solved).
    pub rows_left: usize,
    /// Columns still unsolved after it (0 when solved).
    pub cols_left: usize,
    /// Par of the person's board when the line began.
    pub par_before: usize,
    /// Par of the person's board when it was done.
    pub par_after: usize,
    /// How far the loss may be off where par is an upper bound (0 where
    /// it is exact): nine lines in ten of the solves measured lost within
    /// this many moves of what `best`'s par says. A loss within it is too
    /// small to tell from par's own error.
    pub margin: usize,
    /// fifteen's way through the line from the person's board.
    pub better: BetterWay,
}

impl LineCoaching {
    /// The person's moves on the line.
    pub fn moves(&self) -> usize {
        self.to_move - self.from_move
    }

    /// The moves the line lost against par: never below zero, since a
    /// par that is an upper bound is lowered to the person's own way where
    /// that was shorter (see [`coach()`]).
    pub fn loss(&self) -> i64 {
        self.moves() as i64 + self.par_after as i64 - self.par_before as i64
    }

    /// Whether the loss is more than par's own error: a line worth
    /// looking at.
    pub fn lost_more_than_margin(&self) -> bool {
        self.loss() > self.margin as i64
    }
}

/// A person's solve, coached line by line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coaching {
    /// Par of the scramble.
    pub par: usize,
    /// No solution of the scramble is shorter than this, when a search
    /// proved it: par itself when par is exact, the near solver's bound
    /// when it found par; `None` from fifteen's human solve.
    pub lower_bound: Option<usize>,
    /// The person's moves.
    pub moves: usize,
    /// Every line, in the order the person finished them.
    pub lines: Vec<LineCoaching>,
    /// When par is optimal: the moves (numbered from 1) that took the goal
    /// one move further away.
    pub mistakes: Option<Vec<usize>>,
    /// When par is optimal: par after each of the person's moves, from the
    /// scramble's (index 0) to the goal's 0.
    pub par_by_move: Option<Vec<usize>>,
}

impl Coaching {
    /// The moves the whole solve lost against par: the lines' losses
    /// summed.
    pub fn loss(&self) -> i64 {
        self.moves as i64 - self.par as i64
    }

    /// Each line's loss, in order: they add up to [`Coaching::loss`].
    pub fn line_losses(&self) -> Vec<i64> {
        self.lines.iter().map(LineCoaching::loss).collect()
    }

    /// The par graph's points, `(moves made, par then)` from `(0, par)` to
    /// `(moves, 0)`: after every move where par is exact, else where each
    /// line ended (where the next began). Every front end draws these.
    pub fn graph_points(&self) -> Vec<(usize, usize)> {
        match &self.par_by_move {
            Some(pars) => pars.iter().copied().enumerate().collect(),
            None => std::iter::once((0, self.par)).chain(self.lines.iter().map(|l| (l.to_move, l.par_after))).collect(),
        }
    }
}

/// Why a solve could not be coached.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CoachError {
    /// A move the board does not allow.
    #[error(transparent)]
    IllegalMove(#[from] IllegalMove),
    /// The moves end before the goal.
    #[error("the moves do not solve the board: {misplaced} tiles are not home after them")]
    NotSolved {
        /// Tiles not home at the end.
        misplaced: usize,
    },
    /// A bug: a line's rectangle holds a tile that belongs outside it.
    #[error("internal error: a finished line is not home; please report this solve")]
    NotHome,
    /// The human solver could not find par or a better way.
    #[error(transparent)]
    Solve(#[from] HumanError),
    /// The optimal solver could not find par (the board is too big).
    #[error(transparent)]
    Search(#[from] SearchError),
    /// The solver entry could not find fifteen's par.
    #[error(transparent)]
    Solver(#[from] SolverError),
    /// The deadline was over before the solve was coached.
    #[error("the coach was stopped before it finished")]
    Stopped,
}

impl CoachError {
    /// Each solver's "stopped" as the one [`CoachError::Stopped`].
    fn stopped_as_one(self) -> CoachError {
        match self {
            CoachError::Solve(HumanError::Stopped)
            | CoachError::Search(SearchError::Stopped)
            | CoachError::Solver(SolverError::Stopped) => CoachError::Stopped,
            other => other,
        }
    }
}

/// Coaches the person's `moves` on `scramble`, with par as `par` says. The
/// lines' pars and better ways are found in parallel (rayon's pool).
/// Within a deadline, or reporting progress: [`CoachRun`].
pub fn coach(scramble: &Board, moves: &[Move], par: Par<'_>) -> Result<Coaching, CoachError> {
    CoachRun::new(scramble, moves, par).run()
}

/// A coaching to run: a person's solve and its par, with no deadline and
/// no progress until [`until`](CoachRun::until) and
/// [`progress`](CoachRun::progress) give them.
pub struct CoachRun<'a> {
    scramble: &'a Board,
    moves: &'a [Move],
    par: Par<'a>,
    deadline: Deadline,
    progress: &'a (dyn Fn(usize, usize) + Sync),
}

impl<'a> CoachRun<'a> {
    /// The person's `moves` on `scramble`, with par as `par` says.
    pub fn new(scramble: &'a Board, moves: &'a [Move], par: Par<'a>) -> CoachRun<'a> {
        CoachRun { scramble, moves, par, deadline: Deadline::NONE, progress: &|_, _| {} }
    }

    /// Gives up with [`CoachError::Stopped`] once `deadline` is over; its
    /// clock times [`Par::Near`]'s searches.
    pub fn until(mut self, deadline: Deadline) -> CoachRun<'a> {
        self.deadline = deadline;
        self
    }

    /// Calls `progress(done, of)` each time one of its `of` pieces of work
    /// (a par, a way through a line) is done: from any thread of the pool,
    /// in any order, `done` counting up to `of`.
    pub fn progress(mut self, progress: &'a (dyn Fn(usize, usize) + Sync)) -> CoachRun<'a> {
        self.progress = progress;
        self
    }

    /// Coaches the solve.
    pub fn run(self) -> Result<Coaching, CoachError> {
        coach_lines(self.scramble, self.moves, self.par, &self.deadline, self.progress)
            .map_err(CoachError::stopped_as_one)
    }
}

fn coach_lines(
    scramble: &Board,
    moves: &[Move],
    par: Par<'_>,
    deadline: &Deadline,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Coaching, CoachError> {
    let done = lines::detect(scramble, moves);
    let starts = line_starts(scramble, moves, &done)?;
    let pars_to_find = if par.is_exact() { moves.len() + 1 } else { starts.len() };
    let work = pars_to_find + starts.len();
    let finished = AtomicUsize::new(0);
    let tick = || progress(finished.fetch_add(1, Ordering::Relaxed) + 1, work);
    let way = |i: usize, par_before: usize| {
        if deadline.is_over() {
            return Err(CoachError::Stopped);
        }
        let start = &starts[i];
        better::better_way(&start.board, (start.top, start.left), &done[i], par, par_before).inspect(|_| tick())
    };
    // Par where each line began (then 0 at the goal), fifteen's ways, the
    // scramble's lower bound; with an exact par, par after every move.
    let (mut pars, betters, lower_bounds, par_by_move) = match par {
        Par::Optimal(heuristic) => {
            // A way that loses nothing needs the par where its line began.
            let distances = optimal_distances(moves, &starts, heuristic, deadline, &tick)?;
            let pars: Vec<usize> = starts.iter().map(|s| distances[s.from]).collect();
            let betters = (0..starts.len())
                .into_par_iter()
                .with_max_len(1)
                .map(|i| way(i, pars[i]))
                .collect::<Result<Vec<_>, _>>()?;
            let bounds = pars.iter().map(|&p| Some(p)).collect();
            (pars, betters, bounds, Some(distances))
        }
        Par::Human(_) | Par::HumanGraded { .. } | Par::Near(_) => {
            let found = pars_and_ways(&starts, par, deadline, &tick, &way)?;
            (found.pars, found.betters, found.lower_bounds, None)
        }
    };
    let mistakes = par_by_move.as_ref().map(|d| (1..d.len()).filter(|&i| d[i] > d[i - 1]).collect::<Vec<usize>>());
    pars.push(0);
    if !par.is_exact() {
        let line_moves: Vec<usize> = done.iter().zip(&starts).map(|(line, start)| line.at - start.from).collect();
        chain_pars(&mut pars, &line_moves);
    }
    let (rows, cols) = (scramble.rows(), scramble.cols());
    let lines = done
        .iter()
        .zip(starts.iter().zip(betters))
        .enumerate()
        .map(|(i, (line, (start, better)))| LineCoaching {
            line: line.line,
            kind: LineKind::of(line.line, rows - start.top, cols - start.left),
            from_move: start.from,
            to_move: line.at,
            rows_left: rows - line.top,
            cols_left: cols - line.left,
            par_before: pars[i],
            par_after: pars[i + 1],
            margin: loss_margin(par, &pars, &lower_bounds, i),
            better,
        })
        .collect();
    Ok(Coaching { par: pars[0], lower_bound: lower_bounds[0], moves: moves.len(), lines, mistakes, par_by_move })
}

/// The par of `board`, whose unsolved rectangle starts at row `top` and
/// column `left` (everything above and left of it home), found as `par`
/// finds a line's par before: what the coach says of a line begun there.
pub fn board_par(
    board: &Board,
    (top, left): (usize, usize),
    par: Par<'_>,
    deadline: &Deadline,
) -> Result<usize, CoachError> {
    par.of(board, (top, left), deadline).map(|found| found.moves).map_err(CoachError::stopped_as_one)
}

/// A line as the coach weighs it from a board of the caller's (a drill's,
/// not a solve's): its par before, its margin and fifteen's way through it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinePar {
    /// The board's par.
    pub par: usize,
    /// How far a loss measured against it may be off (0 when exact).
    pub margin: usize,
    /// fifteen's way through the line.
    pub better: BetterWay,
}

/// `line` from `board`, whose unsolved rectangle starts at row `top` and
/// column `left`, weighed as [`coach()`] weighs a line begun there.
pub fn line_par(
    board: &Board,
    (top, left): (usize, usize),
    line: Line,
    par: Par<'_>,
    deadline: &Deadline,
) -> Result<LinePar, CoachError> {
    let found = par.of(board, (top, left), deadline).map_err(CoachError::stopped_as_one)?;
    let (after_top, after_left) = after_line(line, board.rows(), board.cols());
    let done = lines::LineDone { line, at: 0, top: after_top, left: after_left };
    let better = better::better_way(board, (top, left), &done, par, found.moves).map_err(CoachError::stopped_as_one)?;
    Ok(LinePar { par: found.moves, margin: par.loss_margin(found.moves), better })
}

/// The unsolved rectangle's top row and left column once `line` is done on
/// a `rows` × `cols` board (`(rows, cols)` after the last 2×2).
pub fn after_line(line: Line, rows: usize, cols: usize) -> (usize, usize) {
    match line {
        Line::Row { row, from } => (row + 1, from),
        Line::Column { col, from } => (from, col + 1),
        Line::LastBlock { .. } => (rows, cols),
    }
}

/// The unsolved rectangle's top row and left column when `line` begins.
pub fn before_line(line: Line) -> (usize, usize) {
    match line {
        Line::Row { row, from } => (row, from),
        Line::Column { col, from } => (from, col),
        Line::LastBlock { row, col } => (row, col),
    }
}

/// How far line `i`'s loss may be off: [`Par::loss_margin`]'s measured
/// rule, or where searches proved lower bounds on both its boards the
/// proven one if smaller. The optimal distances `d` lie between bound and
/// par, so the loss against them, `moves + d(after) − d(before)`, is within
/// the larger of the two gaps of the loss against par.
fn loss_margin(par: Par<'_>, pars: &[usize], lower_bounds: &[Option<usize>], i: usize) -> usize {
    let measured = par.loss_margin(pars[i]);
    let after_bound = if i + 1 == lower_bounds.len() { Some(0) } else { lower_bounds[i + 1] };
    match (lower_bounds[i], after_bound) {
        (Some(before), Some(after)) => {
            measured.min(pars[i].saturating_sub(before).max(pars[i + 1].saturating_sub(after)))
        }
        _ => measured,
    }
}

/// Lowers each par that is an upper bound to the person's own way from
/// there where that was shorter: the line's moves and the par after it
/// (`pars` has one more entry than `line_moves`, the goal's 0). Taken from
/// the last line back, so each par is the shortest solution known from its
/// board: fifteen's, or the person's as far as some later line and
/// fifteen's from there. The losses still add up to the person's moves
/// less the scramble's par, and none is below zero: a line where the
/// person beat fifteen is one where par was too high, and the line before
/// it is then credited with leaving that better board.
fn chain_pars(pars: &mut [usize], line_moves: &[usize]) {
    for k in (0..line_moves.len()).rev() {
        pars[k] = pars[k].min(line_moves[k] + pars[k + 1]);
    }
}

/// Where par is not exact: the par where each line began and fifteen's way
/// through it, and the scramble's proven lower bound. Pars and ways are one
/// pool of work, the biggest boards (the first lines') first, so that
/// neither core waits for the other at the end; a par found is both the
/// line's par before and the line before's par after.
fn pars_and_ways(
    starts: &[LineStart],
    par: Par<'_>,
    deadline: &Deadline,
    tick: &(dyn Fn() + Sync),
    way: &(dyn Fn(usize, usize) -> Result<BetterWay, CoachError> + Sync),
) -> Result<LinesFound, CoachError> {
    let found = (0..2 * starts.len())
        .into_par_iter()
        .with_max_len(1)
        .map(|job| {
            let i = job / 2;
            if job % 2 == 0 {
                let start = &starts[i];
                par.of(&start.board, (start.top, start.left), deadline).inspect(|_| tick()).map(CoachWork::Par)
            } else {
                way(i, 0).map(CoachWork::Way)
            }
        })
        .collect::<Result<Vec<_>, _>>()?;
    let (mut pars, mut betters, mut lower_bounds) = (Vec::new(), Vec::new(), Vec::new());
    for job in found {
        match job {
            CoachWork::Par(found) => {
                lower_bounds.push(found.lower_bound);
                pars.push(found.moves);
            }
            CoachWork::Way(way) => betters.push(way),
        }
    }
    Ok(LinesFound { pars, betters, lower_bounds })
}

/// Every line's par before it, way through it, and the lower bound on the
/// optimal distance a search proved where it began.
struct LinesFound {
    pars: Vec<usize>,
    betters: Vec<BetterWay>,
    lower_bounds: Vec<Option<usize>>,
}

/// One piece of the coach's work done: a par, or a way through a line.
enum CoachWork {
    Par(ParFound),
    Way(BetterWay),
}

/// Where a line began: the person's moves made, the unsolved rectangle's
/// top row and left column, and the board.
struct LineStart {
    from: usize,
    top: usize,
    left: usize,
    board: Board,
}

/// Where each line of `done` began. The last line ends at the last move,
/// so this replays every move once and is where an illegal move or an
/// unsolved end is caught.
fn line_starts(scramble: &Board, moves: &[Move], done: &[lines::LineDone]) -> Result<Vec<LineStart>, CoachError> {
    let mut starts = Vec::with_capacity(done.len());
    let (mut from, mut top, mut left) = (0, 0, 0);
    let mut board = scramble.clone();
    for line in done {
        starts.push(LineStart { from, top, left, board: board.clone() });
        board.apply(&moves[from..line.at])?;
        (from, top, left) = (line.at, line.top, line.left);
    }
    if !board.is_solved() {
        let misplaced = board.cells().iter().enumerate().filter(|&(i, &t)| t != 0 && t as usize != i + 1).count();
        return Err(CoachError::NotSolved { misplaced });
    }
    Ok(starts)
}

/// The optimal distance after each of the person's moves (from 0): found
/// by IDA* where each line began (the lines in parallel), and from there
/// move by move, since a move takes the goal exactly one move nearer or
/// one further: one pass of IDA*'s search at the nearer distance says
/// which.
fn optimal_distances(
    moves: &[Move],
    starts: &[LineStart],
    heuristic: Heuristic<'_>,
    deadline: &Deadline,
    tick: &(dyn Fn() + Sync),
) -> Result<Vec<usize>, CoachError> {
    let stop = || deadline.is_over();
    // Line i gives the distances from its first board up to (not with) the
    // next line's; the last line's run to the goal's.
    let chunks = (0..starts.len())
        .into_par_iter()
        .with_max_len(1)
        .map(|i| {
            let start = &starts[i];
            let end = starts.get(i + 1).map_or(moves.len() + 1, |next| next.from);
            let mut distances = Vec::with_capacity(end.saturating_sub(start.from));
            if end == start.from {
                return Ok(distances);
            }
            let mut board = start.board.clone();
            let mut distance = optimal::solve_until(&board, heuristic, |_| {}, &stop)?.moves.len();
            distances.push(distance);
            tick();
            for &mv in &moves[start.from..end - 1] {
                board.slide(mv);
                let nearer = distance > 0 && optimal::solvable_within(&board, heuristic, distance as u32 - 1, &stop)?;
                distance = if nearer { distance - 1 } else { distance + 1 };
                distances.push(distance);
                tick();
            }
            Ok::<_, CoachError>(distances)
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(chunks.concat())
}

#[cfg(test)]
mod tests;
