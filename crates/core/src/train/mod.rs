//! Training: drills made from a person's own weak lines.
//!
//! The coach says, from the person's own boards, what each line of a solve
//! lost against par. [`plan`] turns many coached solves into practice: the
//! kinds of line (by size) that cost the person most moves a solve come
//! first and get the most drills, and a kind that keeps being played at par
//! climbs [`repeat`]'s boxes and is drilled less. A **drill** is one line
//! from one board: the person's own board where one of their costliest
//! lines of that kind began, or a fresh one of the same line (the lines
//! before it home, the rest a uniformly random solvable arrangement, from a
//! seed). Its par is the coach's par of that board, and [`score`] weighs an
//! attempt as the coach weighs a line: the moves, plus the par of the board
//! they leave, less the drill's par.
//!
//! ```
//! use fifteen_core::{Board, Deadline, HumanOptions, coach::{self, Par}, human, search::Heuristic, train};
//! let scramble: Board = "4 1 3\n2 5 6\n7 8 _".parse().unwrap();
//! // A person's solve: fifteen's, with a slip and its undo first.
//! let slip = scramble.legal_moves().next().unwrap();
//! let mut moves = vec![slip, slip.opposite()];
//! moves.extend(human::solve(&scramble, &HumanOptions::default()).unwrap().moves());
//! let par = Par::Optimal(Heuristic::ManhattanConflicts);
//! let coaching = coach::coach(&scramble, &moves, par).unwrap();
//! let solve = train::CoachedSolve { number: 1, scramble: &scramble, moves: &moves, coaching: &coaching };
//! let plan = train::plan(&[solve], &train::Boxes::default(), &train::PlanOptions { drills: 2, seed: 7 });
//! // The kind that lost most comes first: its first drill is the person's
//! // own board, where that line began.
//! let worst = coaching.lines.iter().max_by_key(|l| l.loss()).unwrap();
//! assert_eq!(plan.costs[0].kind, worst.kind);
//! assert!(plan.drills[0].is_own());
//! let drill = train::drill(&plan.drills[0], par, &Deadline::NONE).unwrap();
//! assert_eq!(drill.par.par, worst.par_before);
//! let score = train::score(&drill, &drill.par.better.moves, par, &Deadline::NONE).unwrap();
//! assert!(score.loss < worst.loss(), "fifteen's way loses less than the person did");
//! //! ```

mod fresh;
pub mod history;
pub mod moves;
pub mod planned;
pub mod repeat;

use crate::board::{self, Board, IllegalMove, Move, Pos};
use crate::coach::{self, CoachError, Coaching, LineKind, LinePar, Par};
use crate::deadline::Deadline;
use crate::lines::Line;

pub use fresh::fresh_board;
pub use repeat::Boxes;

/// One solve coached, as the plan reads it.
#[derive(Clone, Copy)]
pub struct CoachedSolve<'a> {
    /// Which solve of the sources it is, from 1.
    pub number: usize,
    /// Its scramble.
    pub scramble: &'a Board,
    /// The person's moves.
    pub moves: &'a [Move],
    /// Its coaching.
    pub coaching: &'a Coaching,
}

/// How many drills a plan holds and the seed of its fresh boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlanOptions {
    /// Drills in all, shared among the kinds by their weight.
    pub drills: usize,
    /// The fresh boards' seed: the same seed, the same boards.
    pub seed: u64,
}

/// What one kind of line on one size costs the person, and its share of
/// the plan.
#[derive(Clone, Debug, PartialEq)]
pub struct KindCost {
    /// The kind of line.
    pub kind: LineKind,
    /// The board's rows.
    pub rows: usize,
    /// The board's columns.
    pub cols: usize,
    /// Solves of this size.
    pub solves: usize,
    /// Lines of this kind in them.
    pub lines: usize,
    /// The moves lines of this kind lost, a solve (their losses summed,
    /// over the solves of this size).
    pub loss_per_solve: f64,
    /// Its [`repeat`] box: 1 until it is played at par, one higher for
    /// each drill of it played at par since its last loss.
    pub level: u8,
    /// What it weighs in the plan: [`KindCost::loss_per_solve`] halved for
    /// each box it has climbed.
    pub weight: f64,
    /// The drills it gets.
    pub drills: usize,
}

/// Where a drill's board comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DrillOrigin {
    /// The person's own board where line `line` (from 0) of solve `solve`
    /// began; they took `moves` moves on it and lost `loss`.
    Own {
        /// The solve's number.
        solve: usize,
        /// The line's index in its coaching.
        line: usize,
        /// The person's moves on the line.
        moves: usize,
        /// What the line lost.
        loss: i64,
    },
    /// A fresh board of the same line, from this seed ([`fresh_board`]).
    Fresh {
        /// The seed that made it.
        seed: u64,
    },
}

/// A drill's board and line, before its par is known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// The kind of line.
    pub kind: LineKind,
    /// The line to build.
    pub line: Line,
    /// The board: everything above and left of the line's rectangle home.
    pub board: Board,
    /// Where the board comes from.
    pub origin: DrillOrigin,
    /// The coach's par and way, when the board is the person's own and
    /// their coaching already has them.
    pub known: Option<LinePar>,
}

impl Position {
    /// The unsolved rectangle's top row and left column.
    pub fn corner(&self) -> (usize, usize) {
        coach::before_line(self.line)
    }

    /// Whether the board is the person's own.
    pub fn is_own(&self) -> bool {
        matches!(self.origin, DrillOrigin::Own { .. })
    }
}

/// A drill: one line to build from one board, with the coach's par.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drill {
    /// The board and line.
    pub position: Position,
    /// The board's par, its margin, and fifteen's way through the line.
    pub par: LinePar,
}

/// A plan: the kinds by what they cost, and the drills, the costliest
/// kinds' first.
#[derive(Clone, Debug, PartialEq)]
pub struct DrillPlan {
    /// Every kind of every size the solves have that lost moves, the
    /// heaviest first.
    pub costs: Vec<KindCost>,
    /// The drills, kind by kind in [`DrillPlan::costs`]' order: the person's
    /// own boards first, the lines that lost most (and have not been
    /// played at par since) first, then fresh boards.
    pub drills: Vec<Position>,
}

/// The plan for `solves` (of any sizes), with `boxes` from the person's
/// history: each kind of line of each size weighed by the moves it loses
/// a solve, halved for each [`repeat`] box it has climbed; the drills
/// shared among the kinds by weight (largest remainders), heaviest first.
/// Each kind's drills are half (rounded up) the person's own boards where
/// its lines lost more than par's margin, as far as there are such lines,
/// and fresh boards of the same lines for the rest.
pub fn plan(solves: &[CoachedSolve<'_>], boxes: &Boxes, options: &PlanOptions) -> DrillPlan {
    let mut costs = kind_costs(solves, boxes);
    share(&mut costs, options.drills);
    let mut drills = Vec::new();
    for cost in &costs {
        let lines = lines_of(solves, cost, boxes);
        let worth_replaying = lines.iter().filter(|l| l.line.lost_more_than_margin()).count();
        let own = cost.drills.div_ceil(2).min(worth_replaying);
        for found in &lines[..own] {
            drills.push(found.own_position());
        }
        for j in 0..cost.drills - own {
            let template = &lines[j % lines.len()];
            let seed = fresh_seed(options.seed, drills.len() as u64);
            let (board, seed) = fresh_board(template.solve.scramble, template.line.line, seed);
            let origin = DrillOrigin::Fresh { seed };
            drills.push(Position { kind: cost.kind, line: template.line.line, board, origin, known: None });
        }
    }
    DrillPlan { costs, drills }
}

/// The drill at `position`: its par as `par` finds it (the coach's own
/// numbers when the board is the person's).
pub fn drill(position: &Position, par: Par<'_>, deadline: &Deadline) -> Result<Drill, CoachError> {
    let found = match &position.known {
        Some(known) => known.clone(),
        None => coach::line_par(&position.board, position.corner(), position.line, par, deadline)?,
    };
    Ok(Drill { position: position.clone(), par: found })
}

/// An attempt at a drill weighed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Score {
    /// The moves made.
    pub moves: usize,
    /// The par of the board they left.
    pub par_after: usize,
    /// What the attempt lost: `moves + par_after − par`, never below
    /// zero (where par is an upper bound, an attempt that beats it shows
    /// par was too high, as the coach lowers it).
    pub loss: i64,
    /// Whether the loss is more than par's margin.
    pub lost_more_than_margin: bool,
}

/// Why an attempt could not be weighed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ScoreError {
    /// A move the board does not allow.
    #[error(transparent)]
    IllegalMove(#[from] IllegalMove),
    /// The moves end before the line and those before it are home.
    #[error("the moves do not finish {line}: it or a line before it is not home after them")]
    NotDone {
        /// The line's name.
        line: String,
    },
    /// The par of the board left could not be found.
    #[error(transparent)]
    Coach(#[from] CoachError),
}

/// Whether the drill's line and everything above and left of the
/// rectangle it leaves are home on `board`.
pub fn is_done(position: &Position, board: &Board) -> bool {
    let (rows, cols) = (board.rows(), board.cols());
    let (top, left) = coach::after_line(position.line, rows, cols);
    (0..rows).all(|r| {
        (0..cols).all(|c| {
            let pos = Pos::new(r, c);
            (r >= top && c >= left) || board.tile_at(pos) == board::tile_for(pos, rows, cols)
        })
    })
}

/// `moves` on `drill`'s board weighed as the coach weighs a line: they
/// must finish the line (the lines before it still home).
pub fn score(drill: &Drill, moves: &[Move], par: Par<'_>, deadline: &Deadline) -> Result<Score, ScoreError> {
    let position = &drill.position;
    let mut board = position.board.clone();
    board.apply(moves)?;
    if !is_done(position, &board) {
        return Err(ScoreError::NotDone { line: position.line.name() });
    }
    let after = coach::after_line(position.line, board.rows(), board.cols());
    let par_after =
        if board.is_solved() || after.0 >= board.rows() { 0 } else { coach::board_par(&board, after, par, deadline)? };
    let loss = (moves.len() as i64 + par_after as i64 - drill.par.par as i64).max(0);
    Ok(Score { moves: moves.len(), par_after, loss, lost_more_than_margin: loss > drill.par.margin as i64 })
}

/// Each kind of each size that lost moves, weighed, heaviest first (on a
/// tie the bigger board, then [`LineKind::ALL`]'s order).
fn kind_costs(solves: &[CoachedSolve<'_>], boxes: &Boxes) -> Vec<KindCost> {
    let mut costs: Vec<KindCost> = Vec::new();
    let mut sizes: Vec<((usize, usize), usize)> = Vec::new();
    for solve in solves {
        let size = (solve.scramble.rows(), solve.scramble.cols());
        match sizes.iter_mut().find(|(s, _)| *s == size) {
            Some((_, n)) => *n += 1,
            None => sizes.push((size, 1)),
        }
    }
    for &((rows, cols), count) in &sizes {
        for kind in LineKind::ALL {
            let of_kind = solves
                .iter()
                .filter(|s| (s.scramble.rows(), s.scramble.cols()) == (rows, cols))
                .flat_map(|s| s.coaching.lines.iter().filter(|l| l.kind == kind));
            let (lines, lost) = of_kind.fold((0, 0i64), |(n, lost), l| (n + 1, lost + l.loss()));
            if lines == 0 || lost <= 0 {
                continue;
            }
            let level = boxes.level(kind, rows, cols);
            let loss_per_solve = lost as f64 / count as f64;
            let weight = loss_per_solve / f64::from(1u32 << (level - 1));
            costs.push(KindCost { kind, rows, cols, solves: count, lines, loss_per_solve, level, weight, drills: 0 });
        }
    }
    costs.sort_by(|a, b| {
        b.weight.total_cmp(&a.weight).then((b.rows * b.cols).cmp(&(a.rows * a.cols))).then(a.kind.cmp(&b.kind))
    });
    costs
}

/// Shares `drills` among `costs` by weight, largest remainders first (the
/// heavier kind on a tie).
fn share(costs: &mut [KindCost], drills: usize) {
    let total: f64 = costs.iter().map(|c| c.weight).sum();
    if total <= 0.0 {
        return;
    }
    let quotas: Vec<f64> = costs.iter().map(|c| c.weight / total * drills as f64).collect();
    for (cost, quota) in costs.iter_mut().zip(&quotas) {
        cost.drills = quota.floor() as usize;
    }
    let given: usize = costs.iter().map(|c| c.drills).sum();
    let mut by_remainder: Vec<usize> = (0..costs.len()).collect();
    by_remainder.sort_by(|&a, &b| (quotas[b] - quotas[b].floor()).total_cmp(&(quotas[a] - quotas[a].floor())));
    for &i in by_remainder.iter().take(drills - given) {
        costs[i].drills += 1;
    }
}

/// One of the person's lines, with the solve it is in.
struct FoundLine<'a> {
    solve: &'a CoachedSolve<'a>,
    index: usize,
    line: &'a coach::LineCoaching,
    /// The person's board where the line began.
    board: Board,
}

impl FoundLine<'_> {
    fn own_position(&self) -> Position {
        let origin = DrillOrigin::Own {
            solve: self.solve.number,
            line: self.index,
            moves: self.line.moves(),
            loss: self.line.loss(),
        };
        let known = LinePar { par: self.line.par_before, margin: self.line.margin, better: self.line.better.clone() };
        Position { kind: self.line.kind, line: self.line.line, board: self.board.clone(), origin, known: Some(known) }
    }
}

/// The person's lines of `cost`'s kind and size: those not yet played at
/// par first, then by loss, the most first (the earlier solve on a tie).
fn lines_of<'a>(solves: &'a [CoachedSolve<'a>], cost: &KindCost, boxes: &Boxes) -> Vec<FoundLine<'a>> {
    let mut keyed: Vec<(u8, FoundLine<'a>)> = Vec::new();
    for solve in solves.iter().filter(|s| (s.scramble.rows(), s.scramble.cols()) == (cost.rows, cost.cols)) {
        // One replay a solve: its lines begin in order.
        let (mut board, mut made) = (solve.scramble.clone(), 0);
        for (index, line) in solve.coaching.lines.iter().enumerate().filter(|(_, l)| l.kind == cost.kind) {
            board.apply(&solve.moves[made..line.from_move]).expect("a coached solve replays");
            made = line.from_move;
            keyed.push((boxes.position_level(&board), FoundLine { solve, index, line, board: board.clone() }));
        }
    }
    // A stable sort: the earlier solve first on a tie.
    keyed.sort_by_key(|(level, f)| (*level, std::cmp::Reverse(f.line.loss())));
    keyed.into_iter().map(|(_, f)| f).collect()
}

/// The `index`-th fresh board's seed: spread so that neighbouring plans'
/// seeds do not share boards, and below 2^53 so that every JSON reader
/// holds it exactly (JavaScript's numbers hold integers up to 2^53; the
/// browser's plan gives its drills back as it read them).
fn fresh_seed(seed: u64, index: u64) -> u64 {
    const EXACT_IN_JSON: u64 = (1 << 53) - 1;
    (seed ^ index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15)) & EXACT_IN_JSON
}

#[cfg(test)]
mod tests;
