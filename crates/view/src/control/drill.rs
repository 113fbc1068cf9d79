//! Drills practised by hand (`fifteen train`): the drills of a plan one
//! after another, each an attempt at building one line from one board.
//!
//! An attempt is done when the drill's line and everything before it are
//! home ([`train::is_done`]); it is then weighed against par on a thread
//! of its own (finding the par of the board it leaves can take a search's
//! seconds on 17 to 49 cells, and the frames must go on), and once weighed
//! handed to the front end's keeper (the command writes it to the history
//! at once, so that nothing played is lost when the window closes).

use std::sync::{Arc, mpsc};

use fifteen_core::board::{Board, Move, Moves, Pos};
use fifteen_core::train::{self, Drill, DrillOrigin, Score};

use crate::scene::{Card, Row};

/// Weighs an attempt at a drill as the front end's par does (its tables,
/// the par the size gets): [`train::score`] with that par.
pub type Scorer = Arc<dyn Fn(&Drill, &[Move]) -> Result<Score, String> + Send + Sync>;

/// Keeps an attempt once it is weighed; `Err` says why it could not.
pub type Keeper = Box<dyn FnMut(&PlayedDrill) -> Result<(), String>>;

/// One drill of the plan, with its place in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlanDrill {
    /// Its number in the plan, from 1.
    pub number: usize,
    /// The drill.
    pub drill: Drill,
}

/// An attempt played and weighed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedDrill {
    /// The drill's number in the plan, from 1.
    pub number: usize,
    /// The drill.
    pub drill: Drill,
    /// The moves, from the drill's board to the line home.
    pub moves: Moves,
    /// How they weigh against par.
    pub score: Score,
    /// From the first move to the last, in milliseconds.
    pub time_ms: u64,
}

/// Where the attempt at the drill on screen is.
enum AttemptStage {
    /// Being played.
    Playing,
    /// The line is home; its par after is being found.
    Weighing { moves: Moves, time_ms: u64, result: mpsc::Receiver<Result<Score, String>> },
    /// Weighed (and handed to the keeper).
    Weighed { moves: Moves, time_ms: u64, score: Score, kept: Result<(), String> },
    /// The line is home but the attempt could not be weighed.
    Unweighed { moves: Moves, time_ms: u64, why: String },
}

/// A plan's drills practised one after another.
pub struct DrillRun {
    drills: Vec<PlanDrill>,
    /// The drills in the whole plan (some may have been played before).
    of: usize,
    at: usize,
    stage: AttemptStage,
    scorer: Scorer,
    keeper: Keeper,
    /// Attempts weighed so far.
    played: usize,
    /// Per tile, the moves after which it is shown locked ([`DrillRun::locks`]).
    locks: Vec<usize>,
}

impl DrillRun {
    /// A run through `drills` (of a plan of `of`), each attempt weighed by
    /// `scorer` and handed to `keeper`; `None` when there is no drill.
    pub fn new(drills: Vec<PlanDrill>, of: usize, scorer: Scorer, keeper: Keeper) -> Option<DrillRun> {
        if drills.is_empty() {
            return None;
        }
        let of = of.max(drills.iter().map(|d| d.number).max().unwrap_or(0));
        let mut run =
            DrillRun { drills, of, at: 0, stage: AttemptStage::Playing, scorer, keeper, played: 0, locks: Vec::new() };
        run.lock_tiles();
        Some(run)
    }

    /// Shows drill `index` (from 0 in the run) with an attempt made
    /// elsewhere and already weighed and kept: its result, the way and
    /// the attempt to watch. False when there is no such drill or the
    /// moves do not start from its board.
    pub fn show_attempt(&mut self, index: usize, moves: Moves, time_ms: u64, score: Score) -> bool {
        let Some(planned) = self.drills.get(index) else { return false };
        let mut board = planned.drill.position.board.clone();
        if board.apply(&moves).is_err() || !train::is_done(&planned.drill.position, &board) {
            return false;
        }
        self.at = index;
        self.stage = AttemptStage::Weighed { moves, time_ms, score, kept: Ok(()) };
        self.played += 1;
        self.lock_tiles();
        true
    }

    /// The drill on screen.
    pub(crate) fn current(&self) -> &PlanDrill {
        &self.drills[self.at]
    }

    /// The drill's board.
    pub(crate) fn board(&self) -> &Board {
        &self.current().drill.position.board
    }

    /// True while the attempt on screen is being played.
    pub(crate) fn is_playing(&self) -> bool {
        matches!(self.stage, AttemptStage::Playing)
    }

    /// True while the attempt on screen waits for its par.
    pub(crate) fn is_weighing(&self) -> bool {
        matches!(self.stage, AttemptStage::Weighing { .. })
    }

    /// The attempt's moves, once its line is home.
    pub(crate) fn attempt(&self) -> Option<&Moves> {
        match &self.stage {
            AttemptStage::Playing => None,
            AttemptStage::Weighing { moves, .. }
            | AttemptStage::Weighed { moves, .. }
            | AttemptStage::Unweighed { moves, .. } => Some(moves),
        }
    }

    /// Whether `board` (the game played from the drill's board) has the
    /// drill's line and those before it home.
    pub(crate) fn is_done(&self, board: &Board) -> bool {
        train::is_done(&self.current().drill.position, board)
    }

    /// The line is home after `moves`, the last made `time_ms` after the
    /// first: weighs them on a thread of their own.
    pub(crate) fn finished(&mut self, moves: Moves, time_ms: u64) {
        let (send, result) = mpsc::channel();
        let scorer = Arc::clone(&self.scorer);
        let drill = self.current().drill.clone();
        let played = moves.0.clone();
        let weigh = move || {
            let _ = send.send(scorer(&drill, &played));
        };
        if std::thread::Builder::new().name("drill score".into()).spawn(weigh).is_err() {
            let why = "no thread to weigh the attempt on".to_string();
            self.stage = AttemptStage::Unweighed { moves, time_ms, why };
        } else {
            self.stage = AttemptStage::Weighing { moves, time_ms, result };
        }
        self.lock_tiles();
    }

    /// Takes the attempt's score if it has come, and hands the attempt to
    /// the keeper; returns what to say.
    pub(crate) fn poll(&mut self) -> Option<String> {
        self.take_score(false)
    }

    /// [`DrillRun::poll`], waiting for the score when it has not come yet.
    pub(crate) fn wait(&mut self) -> Option<String> {
        self.take_score(true)
    }

    fn take_score(&mut self, wait: bool) -> Option<String> {
        let AttemptStage::Weighing { moves, time_ms, result } = &self.stage else {
            return None;
        };
        let (moves, time_ms) = (moves.clone(), *time_ms);
        let stopped = || Err("the attempt's weighing stopped".to_string());
        let outcome = match (wait, result.try_recv()) {
            (_, Ok(outcome)) => outcome,
            (false, Err(mpsc::TryRecvError::Empty)) => return None,
            (true, Err(mpsc::TryRecvError::Empty)) => result.recv().unwrap_or_else(|_| stopped()),
            (_, Err(mpsc::TryRecvError::Disconnected)) => stopped(),
        };
        let line = self.current().drill.position.line.name();
        let score = match outcome {
            Ok(score) => score,
            Err(why) => {
                let said = format!("{line} is home, but the attempt could not be weighed: {why}");
                self.stage = AttemptStage::Unweighed { moves, time_ms, why };
                return Some(said);
            }
        };
        let played = PlayedDrill {
            number: self.current().number,
            drill: self.current().drill.clone(),
            moves: moves.clone(),
            score,
            time_ms,
        };
        let kept = (self.keeper)(&played);
        self.played += 1;
        let said = match &kept {
            Ok(()) => format!("{line} home in {} moves: {}", score.moves, loss_text(&score)),
            Err(why) => format!("{line} home, {}, but it could not be kept: {why}", loss_text(&score)),
        };
        self.stage = AttemptStage::Weighed { moves, time_ms, score, kept };
        Some(said)
    }

    /// The same drill again from its board.
    pub(crate) fn retry(&mut self) {
        self.stage = AttemptStage::Playing;
        self.lock_tiles();
    }

    /// On to the next drill; false at the last one.
    pub(crate) fn next(&mut self) -> bool {
        if self.at + 1 >= self.drills.len() {
            return false;
        }
        self.at += 1;
        self.stage = AttemptStage::Playing;
        self.lock_tiles();
        true
    }

    /// True at the run's last drill.
    pub(crate) fn is_last(&self) -> bool {
        self.at + 1 == self.drills.len()
    }

    /// Per tile, the moves after which it is shown locked: the tiles
    /// home before the line from the start, the line's own once it is home.
    pub(crate) fn locks(&self) -> &[usize] {
        &self.locks
    }

    fn lock_tiles(&mut self) {
        let board = self.board();
        let (rows, cols) = (board.rows(), board.cols());
        let position = &self.current().drill.position;
        let (first_row, first_col) = position.corner();
        let (top, left, bottom, right) = position.line.area(rows, cols);
        let mut locks = vec![usize::MAX; board.len()];
        for r in 0..rows {
            for c in 0..cols {
                let tile = fifteen_core::board::tile_for(Pos::new(r, c), rows, cols);
                let in_line = (top..bottom).contains(&r) && (left..right).contains(&c);
                if tile == 0 {
                    continue;
                }
                let home_before = r < first_row || c < first_col;
                if home_before || (in_line && !self.is_playing()) {
                    locks[tile as usize] = 0;
                }
            }
        }
        self.locks = locks;
    }

    /// The big line above the board: the drill and its line.
    pub(crate) fn title(&self) -> String {
        let position = &self.current().drill.position;
        let line = position.line.name();
        match self.stage {
            AttemptStage::Playing => format!("drill {} of {}: {line}", self.current().number, self.of),
            _ => format!("{line} home"),
        }
    }

    /// The panel's rows about the drill and the attempt so far.
    pub(crate) fn rows(&self, moves: usize, seconds: Option<f64>) -> Vec<Row> {
        let drill = &self.current().drill;
        let position = &drill.position;
        let board = &position.board;
        let mut rows = vec![
            Row::Heading(format!("DRILL {} of {}  {}×{}", self.current().number, self.of, board.rows(), board.cols())),
            Row::Stat("line".into(), format!("{} ({})", position.line.name(), position.kind.name())),
            Row::Stat("board".into(), whose(&position.origin)),
        ];
        if let DrillOrigin::Own { moves, loss, .. } = position.origin {
            rows.push(Row::Stat("your solve there".into(), format!("{moves} moves, lost {loss}")));
        }
        rows.push(Row::Stat("the board's par".into(), par_text(drill)));
        let (moves, time_ms) = match &self.stage {
            AttemptStage::Playing => (moves, seconds.map(|s| (s * 1000.0).round() as u64)),
            AttemptStage::Weighing { moves, time_ms, .. }
            | AttemptStage::Weighed { moves, time_ms, .. }
            | AttemptStage::Unweighed { moves, time_ms, .. } => (moves.len(), Some(*time_ms)),
        };
        rows.push(Row::Stat("moves".into(), moves.to_string()));
        rows.push(Row::Stat("time".into(), format!("{:.1} s", time_ms.unwrap_or(0) as f64 / 1000.0)));
        match &self.stage {
            AttemptStage::Playing => {}
            AttemptStage::Weighing { .. } => rows.push(Row::Stat("lost".into(), "weighing…".into())),
            AttemptStage::Weighed { score, .. } => {
                rows.push(Row::Stat("par of the board left".into(), score.par_after.to_string()));
                rows.push(Row::Stat("lost".into(), loss_text(score)));
            }
            AttemptStage::Unweighed { .. } => rows.push(Row::Stat("lost".into(), "not weighed".into())),
        }
        rows.push(Row::Stat("fifteen's way (C plays it)".into(), drill.par.better.moves.len().to_string()));
        if self.played > 0 {
            rows.push(Row::Stat("played this time".into(), self.played.to_string()));
        }
        rows.push(Row::Note("build the outlined line: lost = moves".into()));
        rows.push(Row::Note("+ par of the board left − the board's par".into()));
        rows.push(Row::Note("R again · S next drill · C fifteen's way".into()));
        rows.push(Row::Note("X your moves · Esc stop · ? help".into()));
        rows
    }

    /// The card over the board once the line is home.
    pub(crate) fn card(&self) -> Option<Card> {
        let drill = &self.current().drill;
        let line = drill.position.line.name();
        let next = if self.is_last() { "R again · Esc stop" } else { "R again · S next drill · Esc stop" };
        let (moves, time_ms, verdict, kept) = match &self.stage {
            AttemptStage::Playing => return None,
            AttemptStage::Weighing { moves, time_ms, .. } => {
                (moves, time_ms, "weighing against par…".to_string(), None)
            }
            AttemptStage::Weighed { moves, time_ms, score, kept } => {
                let kept = match kept {
                    Ok(()) => "kept in your history".to_string(),
                    Err(why) => format!("not kept: {why}"),
                };
                let sum = format!(
                    "{} moves + {} left − {} par: {}",
                    moves.len(),
                    score.par_after,
                    drill.par.par,
                    loss_text(score)
                );
                (moves, time_ms, sum, Some(kept))
            }
            AttemptStage::Unweighed { moves, time_ms, why } => (moves, time_ms, format!("not weighed: {why}"), None),
        };
        let mut lines = vec![
            format!("{} moves · par {}", moves.len(), par_text(drill)),
            verdict,
            format!("time {:.2} s", *time_ms as f64 / 1000.0),
            format!("fifteen's way: {} moves (C plays it beside yours, X yours)", drill.par.better.moves.len()),
        ];
        lines.extend(kept);
        lines.push(next.to_string());
        Some(Card { title: format!("{line} home"), lines })
    }
}

impl Drop for DrillRun {
    /// An attempt still being weighed when the drills stop (Esc, the last
    /// frame) is waited for and kept: a finished attempt is never lost.
    fn drop(&mut self) {
        self.wait();
    }
}

/// What an attempt lost, for a reader.
fn loss_text(score: &Score) -> String {
    match score.loss {
        0 => "at par".to_string(),
        loss if !score.lost_more_than_margin => format!("lost {loss}, within par's margin"),
        1 => "lost 1 move".to_string(),
        loss => format!("lost {loss} moves"),
    }
}

/// The drill's par and its margin: `28`, `28 ±2`.
fn par_text(drill: &Drill) -> String {
    match drill.par.margin {
        0 => drill.par.par.to_string(),
        margin => format!("{} ±{margin}", drill.par.par),
    }
}

/// Whose board the drill is.
fn whose(origin: &DrillOrigin) -> String {
    match origin {
        DrillOrigin::Own { solve, line, .. } => format!("yours: solve {solve}, line {}", line + 1),
        DrillOrigin::Fresh { seed } => format!("fresh (seed {seed})"),
    }
}
