//! The one beam search over the blank's moves that builds a line, generic
//! over the board it reads: [`whole`](super::whole) keeps a copy of the
//! unsolved area in every state, [`rolling`](super::rolling) a few moves
//! over the one grid (see [`BeamBoard`]).
//!
//! Every state in the beam has made the same number of moves. A state's
//! children are the blank's moves that do not undo its last one; each is
//! scored, duplicates (the same board) dropped, and the best `width` kept.
//! The score, in hundredths of a move:
//!
//! ```text
//! exact cost of the stage under way (tile and blank, see `table`)
//!   + Σ weight(tile) · its distance from home, for the line's later tiles
//!     and for the tiles of the lines after it (nearer lines weigh more)
//!   + an offset that keeps the score level when a stage finishes
//! ```
//!
//! The distance terms are what makes the blank's path earn: among routes
//! equally good for the tile being placed, the one that pushes the next
//! lines' tiles home wins. The offset matters as much: when a tile arrives,
//! its share of the distance term is swapped for the next stage's exact
//! cost; if that made the score jump up, the beam would rather not finish
//! the stage and stall.

use crate::board::Tile;

use super::line::{Goal, NO_RANK, StagedLine};
use super::table::StageTarget;

/// The most cells a board may have for the whole-area beam: tiles and
/// cells are kept in 16 bits.
pub(super) const MAX_CELLS: usize = 1 << 16;

/// Score units per move.
pub(super) const MOVE: i64 = 100;

/// How a line is scored (all in score units per cell of distance).
#[derive(Clone, Copy, Debug)]
pub(super) struct Scoring {
    /// The line's later tiles.
    pub(super) line: i64,
    /// What a later tile's placement is guessed to cost when its turn
    /// comes: `per_step` per cell of distance plus `base`, in moves.
    pub(super) per_step: i64,
    pub(super) base: i64,
}

impl Scoring {
    /// When a tile's stage begins: its distance term (`cells` from home)
    /// gives way to the stage's exact `cost`. The changes to the potential
    /// and to the offset, which keep the score level, or lower when the
    /// exact cost is below the guess: a finished stage never raises the
    /// score, or the beam would put off finishing it (but a `trapped` one
    /// does).
    pub(super) fn arrival(&self, cells: i64, cost: u32, trapped: bool) -> (i64, i64) {
        let guess = (self.per_step * cells + self.base) * MOVE;
        let exact = i64::from(cost) * MOVE;
        let jump = if trapped { exact - guess } else { (exact - guess).min(0) };
        (-self.line * cells, self.line * cells - exact + jump)
    }
}

/// A state's score in two parts: the exact cost of the stage under way (in
/// moves), which each stage update replaces, and the rest, which moves and
/// stage ends add to: the weighted distances and the offset.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Tally {
    pub(super) cost: u32,
    pub(super) level: i64,
}

impl Tally {
    pub(super) fn score(&self) -> i64 {
        i64::from(self.cost) * MOVE + self.level
    }

    /// Ends a stage update with the stage's `cost`: an `arriving` tile
    /// (its cells from home) gives up its distance term (see
    /// [`Scoring::arrival`]). True when the stage is `done`, for the caller
    /// to go on to the next one; else the cost is kept.
    pub(super) fn settle(
        &mut self,
        scoring: &Scoring,
        arriving: Option<i64>,
        cost: u32,
        trapped: bool,
        done: bool,
    ) -> bool {
        if let Some(cells) = arriving {
            let (potential, offset) = scoring.arrival(cells, cost, trapped);
            self.level += potential + offset;
        }
        if !done {
            self.cost = cost;
        }
        done
    }
}

/// Moves added to a stage's cost while a tile sits where it must not stay
/// (about what it takes to move it out), so the beam clears it first.
const KEEP_OUT: u32 = 10;

/// One stage of the line in the board's own cell numbers. A tile is named
/// by its number and by its word: what the board holds in its cell (the
/// tile's number in the area's copies, its home word on the grid).
#[derive(Clone, Copy, Debug)]
pub(super) struct BeamStage {
    pub(super) goal: BeamGoal,
    /// The blank may not enter a line cell whose lock rank is below this.
    pub(super) locked: u16,
    /// The line's tiles ranked below this are covered by the stage's cost.
    pub(super) current: u16,
    /// A pair already home: its tiles' words and cells, and the stage to skip to.
    pub(super) skip: Option<([(u32, usize); 2], u32)>,
    /// A tile (its number and word) that must not end the stage in these
    /// cells: a pair's second tile in its partner's home would be shut in
    /// there, and from the corner it is pushed there.
    pub(super) keep_out: Option<(Tile, u32, [usize; 2])>,
    /// Forced moves after this stage (a pair's turn).
    pub(super) forced_after: u32,
}

#[derive(Clone, Copy, Debug)]
pub(super) enum BeamGoal {
    /// Bring the tile (number, word) to `cell`, and the blank to `blank` if set.
    Reach { tile: Tile, word: u32, cell: usize, blank: Option<usize> },
    /// Forced moves left, counting this one.
    Forced { dir: u8, left: u32 },
}

/// The line's stages in a board's numbering: `cell` maps an area cell to
/// the board's, `word` a tile to what the board holds for it.
pub(super) fn beam_stages(
    line: &StagedLine,
    cell: impl Fn(usize) -> usize,
    word: impl Fn(Tile) -> u32,
    out: &mut Vec<BeamStage>,
) {
    out.clear();
    for (k, stage) in line.stages.iter().enumerate() {
        let goal = match stage.goal {
            Goal::Reach { tile, target } => {
                let (at, blank) = match target {
                    StageTarget::Tile { cell } => (cell, None),
                    StageTarget::Tuck { cell: at, blank } => (at, Some(cell(blank))),
                };
                BeamGoal::Reach { tile, word: word(tile), cell: cell(at), blank }
            }
            Goal::Forced(dir) => BeamGoal::Forced { dir: dir as u8, left: 1 + line.forced_after(k) as u32 },
        };
        out.push(BeamStage {
            goal,
            locked: stage.locked,
            current: stage.current,
            skip: stage.skip.map(|skip| (skip.cells.map(|(tile, at)| (word(tile), cell(at))), skip.to as u32)),
            keep_out: stage.keep_out.map(|(tile, cells)| (tile, word(tile), cells.map(&cell))),
            forced_after: line.forced_after(k) as u32,
        });
    }
}

/// A state of the beam: where the blank is, how far the line is, its score
/// and its board's hash; `extra` is what its board keeps besides.
#[derive(Clone, Copy, Debug)]
pub(super) struct BeamState<E> {
    pub(super) blank: u32,
    /// Cell of the tile of the stage under way.
    pub(super) at: u32,
    pub(super) stage: u32,
    /// The direction of the last move (4: none yet).
    pub(super) last: u8,
    pub(super) tally: Tally,
    pub(super) hash: u64,
    pub(super) extra: E,
}

impl<E> BeamState<E> {
    pub(super) fn root(blank: usize, hash: u64, extra: E) -> BeamState<E> {
        BeamState { blank: blank as u32, at: 0, stage: 0, last: 4, tally: Tally::default(), hash, extra }
    }

    pub(super) fn score(&self) -> i64 {
        self.tally.score()
    }
}

/// A child of a state: its parent's index, the word of the tile it slid
/// and the state it makes (whose last move is the blank's direction).
#[derive(Clone, Copy, Debug)]
pub(super) struct BeamCandidate<E> {
    pub(super) parent: u32,
    pub(super) moved: u32,
    pub(super) state: BeamState<E>,
}

impl<E> BeamCandidate<E> {
    /// The blank's direction.
    pub(super) fn dir(&self) -> u8 {
        self.state.last
    }

    /// The order candidates are kept in: best score first, then by the
    /// board's hash so that ties are broken the same way every run.
    pub(super) fn order(&self) -> (i64, u64) {
        (self.state.score(), self.state.hash)
    }
}

/// A move being looked at: the word of the tile that slid, the cell it
/// slid to and the blank's new cell.
pub(super) type ChildMove = (u32, usize, usize);

/// The board a beam reads: its cells, numbered its own way, as they are in
/// each state, and what each stage costs from a state.
pub(super) trait BeamBoard {
    /// What a state keeps besides the common fields.
    type Extra: Copy;
    /// The tables the stages' costs are read from, filled as needed.
    type Costs;
    /// The cost of a stage whose goal cannot be reached from a state: the
    /// beam steers clear of it.
    const TRAPPED: u32;

    /// The cell a step in `dir` (north, east, south, west) leads to, if on the board.
    fn step(&self, from: usize, dir: usize) -> Option<usize>;
    /// Whether the blank may not enter `cell` in a stage with this lock rank.
    fn blocked(&self, cell: usize, locked: u16) -> bool;
    /// The word in `cell` of state `i`, with `slide` made after it if given.
    fn word_at(&self, i: usize, state: &BeamState<Self::Extra>, slide: Option<ChildMove>, cell: usize) -> u32;
    /// The cell of a tile (number, word, rank in the line) in state `i`, with `slide` made.
    fn cell_of(
        &self,
        i: usize,
        state: &BeamState<Self::Extra>,
        slide: Option<ChildMove>,
        tile: (Tile, u32, u16),
    ) -> usize;
    /// The tile a word names.
    fn tile_of(&self, word: u32) -> Tile;
    /// What the blank's word is.
    fn blank_word(&self) -> u32;
    /// How many cells farther from home the tile of `word` is after it
    /// slides from `next` to `from` (the blank's step in `dir`): 1 or -1.
    fn farther(&self, word: u32, from: usize, next: usize, dir: usize) -> i64;
    fn distance(&self, a: usize, b: usize) -> usize;
    /// Moves to finish stage `k` with its tile in `at` and the blank in `blank`.
    fn stage_cost(&self, costs: &mut Self::Costs, stage: &BeamStage, k: usize, at: usize, blank: usize) -> u32;
    /// Whether a stage's cost was asked for since the last call that
    /// `costs` could not give without building a table (only when they
    /// are shared between threads, see [`Beam::expand_part`]).
    fn missed(_costs: &mut Self::Costs) -> bool {
        false
    }
}

/// The search for one line: what does not change while it runs.
pub(super) struct Beam<'a> {
    pub(super) stages: &'a [BeamStage],
    /// Rank of each tile in the line (`NO_RANK` for the others).
    pub(super) rank: &'a [u16],
    /// Weight of each tile of the later lines (by tile number): of a cell
    /// of its distance from home up or down, and left or right.
    pub(super) weight: &'a [[i32; 2]],
    /// Each of the line's tiles' home, by rank, in the board's numbering.
    pub(super) homes: &'a [usize],
    pub(super) scoring: Scoring,
    pub(super) width: usize,
    /// The next line's tiles in its row (or column) in each other's order,
    /// weighed (see [`NextLine`]), where the beam weighs them.
    pub(super) next_line: Option<&'a NextLine>,
}

/// The line after the one a beam builds, as its conflicts are counted: the
/// cells of its row (or column) in line order, in the board's numbering,
/// and each of its tiles' rank in it. Two of its tiles in that row in each
/// other's order are a conflict: one must go round the other.
#[derive(Default)]
pub(super) struct NextLine {
    /// The line's cells, first to last.
    pub(super) cells: Vec<usize>,
    /// Each cell's place in `cells` (`NO_RANK` off the line), by cell.
    pub(super) place: Vec<u16>,
    /// Each tile's rank in the line (`NO_RANK` for the others), by tile.
    pub(super) rank: Vec<u16>,
    /// What a conflict counts, in score units.
    pub(super) weight: i64,
}

impl NextLine {
    /// How many of the line's tiles on its cells are in conflict with the
    /// tile of rank `rank` on the line's cell number `at`, in state `i`'s
    /// board.
    fn conflicts<B: BeamBoard>(
        &self,
        board: &B,
        (i, state): (usize, &BeamState<B::Extra>),
        rank: u16,
        at: usize,
    ) -> i64 {
        let mut count = 0;
        for (k, &cell) in self.cells.iter().enumerate() {
            let other = self.rank[board.tile_of(board.word_at(i, state, None, cell)) as usize];
            count += i64::from(k != at && other != NO_RANK && (other < rank) != (k < at));
        }
        count
    }
}

impl Beam<'_> {
    /// Brings the root up to date (see [`Beam::settle`]).
    pub(super) fn settle_root<B: BeamBoard>(&self, board: &B, costs: &mut B::Costs, root: &mut BeamState<B::Extra>) {
        let view = *root;
        self.settle(board, costs, root, (0, &view, None), true);
    }

    /// Every state's children, into `candidates`.
    pub(super) fn expand<B: BeamBoard>(
        &self,
        board: &B,
        costs: &mut B::Costs,
        states: &[BeamState<B::Extra>],
        candidates: &mut Vec<BeamCandidate<B::Extra>>,
    ) {
        candidates.clear();
        self.expand_part(board, costs, (states, 0), candidates, &mut Vec::new());
    }

    /// The children of `states`, the states from number `first` on, added
    /// to `candidates`. A child whose cost needs a table that `costs`
    /// cannot build here (see [`BeamBoard::missed`]) is added as it was
    /// before its stage was brought up to date, and its place in
    /// `candidates` to `unsettled`, for [`Beam::settle_child`] to finish on
    /// one thread in order: so the tables are built from the same states,
    /// and the moves are the same, whatever the number of threads.
    pub(super) fn expand_part<B: BeamBoard>(
        &self,
        board: &B,
        costs: &mut B::Costs,
        (states, first): (&[BeamState<B::Extra>], usize),
        candidates: &mut Vec<BeamCandidate<B::Extra>>,
        unsettled: &mut Vec<u32>,
    ) {
        let blank_word = board.blank_word();
        for (i, s) in states.iter().enumerate().map(|(i, s)| (first + i, s)) {
            let stage = &self.stages[s.stage as usize];
            let forced = match stage.goal {
                BeamGoal::Forced { dir, .. } => Some(usize::from(dir)),
                BeamGoal::Reach { .. } => None,
            };
            let from = s.blank as usize;
            for dir in 0..4usize {
                match forced {
                    Some(f) if f != dir => continue,
                    None if usize::from(s.last) == (dir + 2) % 4 => continue,
                    _ => {}
                }
                let Some(next) = board.step(from, dir) else { continue };
                if forced.is_none() && board.blocked(next, stage.locked) {
                    continue;
                }
                let word = board.word_at(i, s, None, next);
                let tile = board.tile_of(word);
                let rank = self.rank[tile as usize];
                let mut child = *s;
                child.blank = next as u32;
                child.last = dir as u8;
                child.tally.level += self.weight_of(tile, rank, stage, dir) * board.farther(word, from, next, dir);
                if let Some(line) = self.next_line {
                    // The tile slides from `next` to `from`: onto the next
                    // line's row or off it, it makes or ends its conflicts
                    // there (along the row, it passes no tile of it).
                    let ranked = line.rank[tile as usize];
                    let (onto, off) = (line.place[from], line.place[next]);
                    if ranked != NO_RANK && (onto == NO_RANK) != (off == NO_RANK) {
                        let (at, sign) = if onto != NO_RANK { (onto, 1) } else { (off, -1) };
                        child.tally.level +=
                            sign * line.weight * line.conflicts(board, (i, s), ranked, usize::from(at));
                    }
                }
                child.hash ^= key(word, next) ^ key(word, from) ^ key(blank_word, next) ^ key(blank_word, from);
                if forced.is_some() {
                    child.stage += 1;
                }
                let unsettled_child = child;
                self.settle(board, costs, &mut child, (i, s, Some((word, from, next))), forced.is_some());
                if B::missed(costs) {
                    unsettled.push(candidates.len() as u32);
                    child = unsettled_child;
                }
                candidates.push(BeamCandidate { parent: i as u32, moved: word, state: child });
            }
        }
    }

    /// Brings up to date the stage of a child [`Beam::expand_part`] left
    /// unsettled.
    pub(super) fn settle_child<B: BeamBoard>(
        &self,
        board: &B,
        costs: &mut B::Costs,
        states: &[BeamState<B::Extra>],
        candidate: &mut BeamCandidate<B::Extra>,
    ) {
        let i = candidate.parent as usize;
        let parent = &states[i];
        let forced = matches!(self.stages[parent.stage as usize].goal, BeamGoal::Forced { .. });
        let slide = (candidate.moved, parent.blank as usize, candidate.state.blank as usize);
        self.settle(board, costs, &mut candidate.state, (i, parent, Some(slide)), forced);
    }

    /// The best candidate that finishes the line, if any.
    pub(super) fn finished<E: Copy>(&self, candidates: &[BeamCandidate<E>]) -> Option<BeamCandidate<E>> {
        let finished = self.stages.len() as u32;
        candidates.iter().filter(|c| c.state.stage == finished).min_by_key(|c| c.order()).copied()
    }

    /// How much a cell of the tile's distance from home counts in `stage`,
    /// along the axis of a move in `dir`.
    #[inline]
    fn weight_of(&self, tile: Tile, rank: u16, stage: &BeamStage, dir: usize) -> i64 {
        if rank == NO_RANK {
            i64::from(self.weight[tile as usize][dir & 1])
        } else if rank < stage.current {
            0
        } else {
            self.scoring.line
        }
    }

    /// Brings a state's stage up to date: finishes stages whose goal is met,
    /// skips pairs already home, and sets the cost of the stage under way.
    /// `view` is the board it reads: state `i`'s (the parent's) with a
    /// slide made. `arrived` says the state has just entered its stage.
    #[inline(always)]
    fn settle<B: BeamBoard>(
        &self,
        board: &B,
        costs: &mut B::Costs,
        state: &mut BeamState<B::Extra>,
        view: (usize, &BeamState<B::Extra>, Option<ChildMove>),
        mut arrived: bool,
    ) {
        let (i, parent, slide) = view;
        loop {
            let k = state.stage as usize;
            let Some(stage) = self.stages.get(k) else {
                state.tally.cost = 0;
                return;
            };
            let (tile, word, target, tuck) = match stage.goal {
                BeamGoal::Forced { left, .. } => {
                    state.tally.cost = left;
                    return;
                }
                BeamGoal::Reach { tile, word, cell, blank } => (tile, word, cell, blank),
            };
            let rank = self.rank[tile as usize];
            // On arrival the tile leaves the distance term for the exact
            // cost; its cells of distance from home, if it was weighed.
            let mut arriving = None;
            if arrived {
                if let Some((cells, to)) = stage.skip
                    && cells.iter().all(|&(w, cell)| board.word_at(i, parent, slide, cell) == w)
                {
                    state.stage = to;
                    continue;
                }
                let previous = k.checked_sub(1).map_or(0, |p| self.stages[p].current);
                if rank >= previous {
                    let at = board.cell_of(i, parent, slide, (tile, word, rank));
                    arriving = Some(board.distance(at, self.homes[usize::from(rank)]) as i64);
                }
            }
            state.at = match slide {
                _ if arrived => board.cell_of(i, parent, slide, (tile, word, rank)) as u32,
                Some((moved, to, _)) if moved == word => to as u32,
                _ => state.at,
            };
            let (at, blank) = (state.at as usize, state.blank as usize);
            // A stage is not over while a tile it must keep out of a cell
            // is there (the pair already turned the wrong way round, say).
            let shut_in = stage.keep_out.is_some_and(|(t, w, cells)| {
                cells.contains(&board.cell_of(i, parent, slide, (t, w, self.rank[t as usize])))
            });
            let done = !shut_in && at == target && tuck.is_none_or(|b| blank == b);
            let cost = if done {
                0
            } else {
                board.stage_cost(costs, stage, k, at, blank) + stage.forced_after + if shut_in { KEEP_OUT } else { 0 }
            };
            if !state.tally.settle(&self.scoring, arriving, cost, cost >= B::TRAPPED, done) {
                return;
            }
            state.stage += 1;
            arrived = true;
        }
    }
}

/// A random-looking key for a tile in a cell (for board hashes).
#[inline]
pub(super) fn key(tile: Tile, cell: usize) -> u64 {
    let mut z = (u64::from(tile) << 32 | cell as u64).wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
