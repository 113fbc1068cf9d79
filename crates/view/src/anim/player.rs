//! A cursor walking a timeline: the board now, the tile sliding now, speed,
//! play/pause, seeking, and cues as moves complete.

use fifteen_core::board::{Board, Move, Pos, Tile};
use fifteen_core::human::{HumanError, HumanOptions};

use super::blank_after;
use super::timeline::{Cue, EventBatch, PhaseMark, PlacementMark, RouteMark, TargetMark, Timeline};

/// The slowest speed, in moves per second.
pub const MIN_SPEED: f64 = 0.5;
/// The fastest speed, in moves per second: high enough that the default
/// pace (a whole solve in about 45 s) needs no cap even for 1000×1000, whose
/// solve makes 1.75·10⁹ moves. A frame then makes many moves at once.
pub const MAX_SPEED: f64 = 100_000_000.0;

/// The speeds `faster` and `slower` step through: 1, 2, 5 per decade.
const LADDER: [f64; 26] = [
    0.5,
    1.0,
    2.0,
    5.0,
    10.0,
    20.0,
    50.0,
    100.0,
    200.0,
    500.0,
    1_000.0,
    2_000.0,
    5_000.0,
    10_000.0,
    20_000.0,
    50_000.0,
    100_000.0,
    200_000.0,
    500_000.0,
    1_000_000.0,
    2_000_000.0,
    5_000_000.0,
    10_000_000.0,
    20_000_000.0,
    50_000_000.0,
    100_000_000.0,
];

/// How many moves [`Player::advance_within`] makes between two questions
/// to its time budget: few enough that a frame overruns its budget by
/// microseconds, many enough that reading the clock costs nothing beside
/// the moves.
const MOVES_PER_CHECK: usize = 256;

/// How [`Player::advance_by`] may go: planning on demand or only over
/// planned moves, and while `more_time()` says so.
struct Limit<'a> {
    plan: bool,
    more_time: &'a mut dyn FnMut() -> bool,
}

/// How long a move takes to slide when playing at a person's pace, in
/// seconds of their solve (less when their next move came sooner): quick,
/// as fast fingers are, so the moves stay apart.
const PERSON_SLIDE: f64 = 0.06;

/// How the playback is paced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pace {
    /// A steady [`Player::speed`] moves a second.
    Steady,
    /// A person's solve at their own pace: each move happens when they made
    /// it, the clock running at [`Player::speed`] times theirs.
    RealTime,
}

/// A tile part-way through a slide: draw it at `from + (to - from) * t`
/// instead of at its cell on the board.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Slide {
    /// The tile.
    pub(crate) tile: Tile,
    /// The cell it leaves.
    pub(crate) from: Pos,
    /// The cell it goes to.
    pub(crate) to: Pos,
    /// How far it has gone, from 0 to 1.
    pub(crate) t: f32,
}

/// Plays a [`Timeline`]: a cursor (moves made), the board at the cursor,
/// the fraction of the next move already shown, a speed and a play/pause
/// state.
///
/// Time only passes when a front end says so (`Player::advance`); every
/// command is a plain method call, so the player is the whole state of an
/// animation and a front end only reads it and draws.
#[derive(Debug)]
pub struct Player {
    timeline: Timeline,
    board: Board,
    cursor: usize,
    progress: f64,
    speed: f64,
    playing: bool,
    next_cue: usize,
    pace: Pace,
    /// With [`Pace::RealTime`]: seconds into the person's solve shown now.
    clock: f64,
    /// No move is made beyond this many: playing on waits here.
    stop: Option<usize>,
    /// The board's Manhattan distance, kept up move by move.
    manhattan: usize,
    /// The start's Manhattan distance.
    start_manhattan: usize,
}

impl Player {
    /// A paused player at the start of `timeline`, at 4 moves a second.
    pub fn new(timeline: Timeline) -> Player {
        let start_manhattan = timeline.start().manhattan();
        let mut player = Player {
            manhattan: start_manhattan,
            start_manhattan,
            board: timeline.start().clone(),
            timeline,
            cursor: 0,
            progress: 0.0,
            speed: 4.0,
            playing: false,
            next_cue: 0,
            pace: Pace::Steady,
            clock: 0.0,
            stop: None,
        };
        player.timeline.pull_until(1);
        player
    }

    /// A paused player for the human solver's solution of `board`,
    /// played as `options` say.
    pub fn solve(board: &Board, options: &HumanOptions) -> Result<Player, HumanError> {
        Ok(Player::new(Timeline::solve(board, options)?))
    }

    /// Starts over on a new timeline, keeping the speed and play state;
    /// returns the timeline it played.
    pub(crate) fn replace(&mut self, timeline: Timeline) -> Timeline {
        let (speed, playing) = (self.speed, self.playing);
        let old = std::mem::replace(self, Player::new(timeline));
        self.speed = speed;
        self.playing = playing;
        self.sync_clock();
        old.timeline
    }

    /// The timeline being played.
    pub fn timeline(&self) -> &Timeline {
        &self.timeline
    }

    /// Plans ahead a placement at a time while `more_time()` says so, the
    /// total is still unknown and fewer than `horizon` moves are planned
    /// beyond the cursor (so a huge board's timeline grows only as fast as it
    /// is watched). Front ends call it once a frame with a
    /// closure that watches their clock: planning at `best` costs far more a
    /// move than at `fast`, so a budget in moves would stall a big board's
    /// frames.
    pub fn plan_ahead(&mut self, horizon: usize, more_time: &mut dyn FnMut() -> bool) {
        while self.wants_plans(horizon) && more_time() {
            if !self.timeline.pull() {
                break;
            }
        }
    }

    /// True while the solve is not all planned and fewer than `horizon`
    /// moves are planned beyond the cursor: a planner elsewhere is then
    /// welcome to send more ([`Player::receive`]).
    pub(crate) fn wants_plans(&self, horizon: usize) -> bool {
        self.timeline.total().is_none() && self.timeline.len() < self.cursor.saturating_add(horizon)
    }

    /// Adds moves planned elsewhere to the timeline (see
    /// [`Timeline::planned_elsewhere`]); the player plays them on.
    pub(crate) fn receive(&mut self, batch: EventBatch) {
        self.timeline.append(batch);
    }

    /// The board after [`Player::cursor`] moves.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The Manhattan distance of [`Player::board`], kept up move by move:
    /// summing it over a 1000×1000 board every frame took a tenth of the
    /// frame.
    pub(crate) fn manhattan(&self) -> usize {
        self.manhattan
    }

    /// The Manhattan distance of the timeline's start.
    pub(crate) fn start_manhattan(&self) -> usize {
        self.start_manhattan
    }

    /// Moves made so far.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// How much of the next move has been shown, from 0 up to (not
    /// including) 1.
    #[cfg(test)]
    pub(crate) fn progress(&self) -> f64 {
        self.progress
    }

    /// True once every move has been made.
    pub fn is_finished(&self) -> bool {
        self.timeline.total() == Some(self.cursor)
    }

    /// Moves per second.
    pub fn speed(&self) -> f64 {
        self.speed
    }

    /// Sets the speed, clamped to [`MIN_SPEED`]..=[`MAX_SPEED`]. The move in
    /// progress keeps the fraction already shown, so no move is skipped or
    /// repeated.
    pub fn set_speed(&mut self, moves_per_second: f64) {
        if moves_per_second.is_finite() {
            self.speed = moves_per_second.clamp(MIN_SPEED, MAX_SPEED);
        } else if moves_per_second == f64::INFINITY {
            self.speed = MAX_SPEED;
        }
    }

    /// The next speed up on the 1-2-5 ladder (0.5, 1, 2, 5, 10, … 100 000 000).
    pub(crate) fn faster(&mut self) {
        let next = LADDER.iter().copied().find(|&s| s > self.speed * 1.0001).unwrap_or(MAX_SPEED);
        self.set_speed(next);
    }

    /// The next speed down on the 1-2-5 ladder.
    pub(crate) fn slower(&mut self) {
        let next = LADDER.iter().rev().copied().find(|&s| s < self.speed / 1.0001).unwrap_or(MIN_SPEED);
        self.set_speed(next);
    }

    /// How the playback is paced.
    pub fn pace(&self) -> Pace {
        self.pace
    }

    /// Plays a person's solve at their own pace ([`Pace::RealTime`], the
    /// speed then a multiple of theirs) or steadily. Returns false, and
    /// changes nothing, when real time is asked of a timeline without move
    /// times.
    pub(crate) fn set_pace(&mut self, pace: Pace) -> bool {
        if pace == Pace::RealTime && self.move_times().is_none() {
            return false;
        }
        self.pace = pace;
        self.progress = 0.0;
        self.sync_clock();
        true
    }

    /// With [`Pace::RealTime`], seconds into the person's solve shown now
    /// (from their first move, which slides in just before 0).
    pub(crate) fn clock(&self) -> Option<f64> {
        (self.pace == Pace::RealTime).then_some(self.clock)
    }

    /// Makes no move beyond `moves` (or none beyond the end, with `None`):
    /// playing, stepping and seeking forward wait there, still playing, so
    /// two players can be kept in step. A player already beyond it stays
    /// where it is.
    pub(crate) fn set_stop(&mut self, moves: Option<usize>) {
        self.stop = moves;
    }

    /// True when the player is at its stop and would play on without it.
    pub(crate) fn is_held(&self) -> bool {
        self.stop.is_some_and(|stop| self.cursor >= stop) && !self.is_finished()
    }

    /// True while playing.
    pub fn is_playing(&self) -> bool {
        self.playing
    }

    /// Plays (from the start again if the solve is over).
    pub fn play(&mut self) {
        if self.is_finished() {
            self.restart();
        }
        self.playing = true;
    }

    /// Pauses; the tile in flight stays where it is.
    pub(crate) fn pause(&mut self) {
        self.playing = false;
    }

    /// Play or pause.
    pub(crate) fn toggle(&mut self) {
        if self.playing { self.pause() } else { self.play() }
    }

    /// Lets `seconds` pass: while playing, shows `seconds × speed` more
    /// moves, completing as many as that covers (thousands a frame at high
    /// speed) and keeping the rest as the tween of the next one. Reports
    /// each completed move and every cue passed to `sink`, in order.
    /// Returns the number of moves completed. Stops (paused) at the end.
    /// Plans what it needs as it goes, however long that takes: front ends
    /// that draw frames use [`Player::advance_within`].
    pub(crate) fn advance<S: FnMut(&Cue)>(&mut self, seconds: f64, sink: &mut S) -> usize {
        self.advance_by(seconds, sink, Limit { plan: true, more_time: &mut || true })
    }

    /// [`Player::advance`] for a front end that must not hold its frame:
    /// makes only moves already planned (planning is
    /// [`Player::plan_ahead`]'s, or a planner feeding the timeline), and
    /// asks `more_time()` before every few hundred moves, stopping
    /// when it says no. When the moves asked for are not all made, the rest
    /// is dropped: the playback falls behind the asked speed (which
    /// [`Player::speed`] still shows) rather than stalling the frames or
    /// piling up a debt.
    pub(crate) fn advance_within<S: FnMut(&Cue)>(
        &mut self,
        seconds: f64,
        sink: &mut S,
        more_time: &mut dyn FnMut() -> bool,
    ) -> usize {
        self.advance_by(seconds, sink, Limit { plan: false, more_time })
    }

    fn advance_by<S: FnMut(&Cue)>(&mut self, seconds: f64, sink: &mut S, limit: Limit<'_>) -> usize {
        self.fire_cues(sink);
        if !self.playing || seconds.is_nan() || seconds <= 0.0 {
            return 0;
        }
        if self.pace == Pace::RealTime {
            return self.advance_in_real_time(seconds, sink);
        }
        let budget = self.progress + seconds * self.speed;
        let whole = budget.floor();
        let wanted = if whole >= usize::MAX as f64 { usize::MAX } else { whole as usize };
        let mut done = 0;
        while done < wanted {
            if done % MOVES_PER_CHECK == 0 && !(limit.more_time)() {
                break;
            }
            let moved = if limit.plan { self.apply_next(sink) } else { self.apply_planned(sink) };
            if !moved {
                break;
            }
            done += 1;
        }
        self.progress = if done == wanted { budget - whole } else { 0.0 };
        if self.is_finished() {
            self.progress = 0.0;
            self.playing = false;
        }
        done
    }

    /// [`Player::advance`] at the person's pace: the clock runs at `speed`
    /// times theirs, and every move whose time it passes is made.
    fn advance_in_real_time<S: FnMut(&Cue)>(&mut self, seconds: f64, sink: &mut S) -> usize {
        self.clock += seconds * self.speed;
        let mut done = 0;
        while let Some((_, end)) = self.move_times().and_then(|times| slide_window(times, self.cursor))
            && self.clock >= end
            && self.apply_next(sink)
        {
            done += 1;
        }
        self.progress = match self.move_times().and_then(|times| slide_window(times, self.cursor)) {
            Some((start, end)) if self.clock > start && end > start => {
                ((self.clock - start) / (end - start)).min(0.999)
            }
            _ => 0.0,
        };
        if self.is_finished() {
            self.progress = 0.0;
            self.playing = false;
        }
        done
    }

    /// The person's move times, when the timeline has them.
    fn move_times(&self) -> Option<&[u64]> {
        self.timeline.person()?.move_times_ms.as_deref()
    }

    /// Sets the real-time clock to when the move before the cursor was
    /// made, after the cursor moved by a step, a seek or a restart.
    fn sync_clock(&mut self) {
        let Some(times) = self.move_times() else { return };
        self.clock = match self.cursor.checked_sub(1) {
            Some(last) => times.get(last).map_or(0.0, |&ms| ms as f64 / 1000.0),
            None => slide_window(times, 0).map_or(0.0, |(start, _)| start),
        };
    }

    /// Completes the next move (or the one in flight) and pauses.
    /// Returns false at the end.
    pub fn step_forward<S: FnMut(&Cue)>(&mut self, sink: &mut S) -> bool {
        self.playing = false;
        self.progress = 0.0;
        self.fire_cues(sink);
        let moved = self.apply_next(sink);
        self.sync_clock();
        moved
    }

    /// Undoes the last completed move exactly (dropping any move in flight)
    /// and pauses. Returns false at the start.
    pub(crate) fn step_back(&mut self) -> bool {
        self.playing = false;
        self.progress = 0.0;
        let undone = self.undo_one();
        self.rewind_cues();
        self.sync_clock();
        undone
    }

    /// Jumps to the start of the next phase (or the end), making the moves
    /// in between and reporting them to `sink`.
    pub(crate) fn next_phase<S: FnMut(&Cue)>(&mut self, sink: &mut S) {
        let target = loop {
            let phases = self.timeline.phases();
            let next = phases.partition_point(|p| p.start <= self.cursor);
            if let Some(phase) = phases.get(next) {
                break phase.start;
            }
            if !self.timeline.pull() {
                break self.timeline.len();
            }
        };
        self.seek(target, sink);
    }

    /// Jumps back to the start of the current phase, or to the start of the
    /// previous one when already at a phase start.
    pub(crate) fn previous_phase(&mut self) {
        let phases = self.timeline.phases();
        let before = phases.partition_point(|p| p.start < self.cursor);
        let target = before.checked_sub(1).map_or(0, |i| phases[i].start);
        self.seek(target, &mut |_: &Cue| {});
    }

    /// Back to the first move, keeping the speed and play state.
    pub(crate) fn restart(&mut self) {
        self.board = self.timeline.start().clone();
        self.manhattan = self.start_manhattan;
        self.cursor = 0;
        self.progress = 0.0;
        self.next_cue = 0;
        self.sync_clock();
    }

    /// Moves the cursor to `target` moves (clamped to the solve). Going
    /// forward makes the moves and reports them; going back undoes them
    /// silently. The move in flight is dropped.
    pub(crate) fn seek<S: FnMut(&Cue)>(&mut self, target: usize, sink: &mut S) {
        self.progress = 0.0;
        self.timeline.pull_until(target);
        let target = target.min(self.timeline.len());
        if target < self.cursor {
            if target < self.cursor - target {
                self.restart();
                while self.cursor < target && self.redo_quietly() {}
            } else {
                while self.cursor > target && self.undo_one() {}
            }
            self.rewind_cues();
        } else if target > self.cursor {
            self.fire_cues(sink);
            while self.cursor < target && self.apply_next(sink) {}
        }
        self.timeline.pull_until(self.cursor + 1);
        self.sync_clock();
    }

    /// The tile sliding now, and how far it has gone.
    pub(crate) fn sliding(&self) -> Option<Slide> {
        if self.progress <= 0.0 {
            return None;
        }
        let &mv = self.timeline.moves().get(self.cursor)?;
        let to = self.board.blank();
        let from = blank_after(to, mv);
        Some(Slide { tile: self.board.tile_at(from), from, to, t: self.progress as f32 })
    }

    /// The phase of the next move (the last phase once solved).
    pub fn phase(&self) -> Option<&PhaseMark> {
        self.timeline.phase_at(self.cursor)
    }

    /// The placement the next move belongs to (none once solved).
    pub fn placement(&self) -> Option<&PlacementMark> {
        self.timeline.placement_at(self.cursor)
    }

    /// The tile journey under way.
    pub(crate) fn target(&self) -> Option<TargetMark> {
        self.timeline.target_at(self.cursor)
    }

    /// The blank's route under way.
    pub(crate) fn route(&self) -> Option<RouteMark> {
        self.timeline.route_at(self.cursor)
    }

    /// The cells of the blank's route still ahead, starting with the
    /// blank's cell; empty when the blank is not on a route. At the last
    /// move planned a route may be known before all its moves are: only
    /// the moves known are followed.
    pub(crate) fn route_cells(&self, out: &mut Vec<Pos>) {
        out.clear();
        let Some(route) = self.route() else {
            return;
        };
        let mut at = self.board.blank();
        out.push(at);
        let moves = self.timeline.moves();
        let known = moves.get(self.cursor..(route.at + route.len).min(moves.len())).unwrap_or_default();
        for &mv in known {
            at = blank_after(at, mv);
            out.push(at);
        }
    }

    /// Moves made in the current phase, and the phase's length once known.
    pub fn phase_progress(&self) -> Option<(usize, Option<usize>)> {
        let phase = self.phase()?;
        Some((self.cursor - phase.start, phase.end.map(|end| end - phase.start)))
    }

    /// True when `tile` is locked home at the cursor.
    pub fn is_locked(&self, tile: Tile) -> bool {
        self.timeline.is_locked(tile, self.cursor)
    }

    /// Makes move `cursor`, planning it first if need be, then reports it
    /// and the cues it reaches.
    fn apply_next<S: FnMut(&Cue)>(&mut self, sink: &mut S) -> bool {
        self.timeline.pull_until(self.cursor + 1);
        if !self.apply_planned(sink) {
            return false;
        }
        // The cues at the new cursor (a phase ending) may come with the
        // next placement.
        self.timeline.pull_until(self.cursor + 1);
        self.fire_cues(sink);
        true
    }

    /// Makes move `cursor` if it is planned, then reports it and the cues
    /// it reaches that are known.
    fn apply_planned<S: FnMut(&Cue)>(&mut self, sink: &mut S) -> bool {
        if self.stop.is_some_and(|stop| self.cursor >= stop) {
            return false;
        }
        let Some(&mv) = self.timeline.moves().get(self.cursor) else {
            return false;
        };
        let Some((tile, from, to)) = self.slide(mv) else {
            return false;
        };
        self.cursor += 1;
        sink(&Cue::Moved { index: self.cursor - 1, mv, tile, from, to });
        self.fire_cues(sink);
        true
    }

    /// Slides the board and keeps its Manhattan distance: the tile, where
    /// it was and where it is now.
    fn slide(&mut self, mv: Move) -> Option<(Tile, Pos, Pos)> {
        let to = self.board.blank();
        let tile = self.board.slide(mv)?;
        let from = self.board.blank();
        let home = self.board.home_of(tile);
        self.manhattan = self.manhattan + to.manhattan(home) - from.manhattan(home);
        Some((tile, from, to))
    }

    fn redo_quietly(&mut self) -> bool {
        let Some(&mv) = self.timeline.moves().get(self.cursor) else {
            return false;
        };
        if self.slide(mv).is_none() {
            return false;
        }
        self.cursor += 1;
        true
    }

    fn undo_one(&mut self) -> bool {
        let Some(previous) = self.cursor.checked_sub(1) else {
            return false;
        };
        let mv = self.timeline.moves()[previous];
        if self.slide(mv.opposite()).is_none() {
            return false;
        }
        self.cursor = previous;
        true
    }

    /// Reports the cues due at the cursor that have not been reported.
    fn fire_cues<S: FnMut(&Cue)>(&mut self, sink: &mut S) {
        let cues = self.timeline.cues();
        while let Some(&(at, cue)) = cues.get(self.next_cue) {
            if at > self.cursor {
                break;
            }
            sink(&cue);
            self.next_cue += 1;
        }
    }

    /// After going back: the cues from the cursor on are due again, except
    /// the ends (locks, phase ends) that happened right at the cursor.
    fn rewind_cues(&mut self) {
        let cues = self.timeline.cues();
        let mut i = cues.partition_point(|&(at, _)| at < self.cursor);
        while cues.get(i).is_some_and(|&(at, cue)| at == self.cursor && !matches!(cue, Cue::PhaseStarted(_))) {
            i += 1;
        }
        self.next_cue = i;
    }
}

/// When move `k` of a person's solve slides, in seconds of their solve:
/// it ends when they made it, and starts [`PERSON_SLIDE`] before (or when
/// the move before it was made, if that was sooner). `None` past the end.
fn slide_window(times: &[u64], k: usize) -> Option<(f64, f64)> {
    let end = *times.get(k)? as f64 / 1000.0;
    let before = k.checked_sub(1).map_or(f64::NEG_INFINITY, |j| times[j] as f64 / 1000.0);
    Some(((end - PERSON_SLIDE).max(before), end))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::anim::Timeline;
    use fifteen_core::Scramble;

    fn player(rows: usize, cols: usize, seed: u64) -> Player {
        Player::solve(&Board::scrambled(rows, cols, Scramble::Uniform, seed).unwrap(), &HumanOptions::default())
            .unwrap()
    }

    fn ignore() -> impl FnMut(&Cue) {
        |_: &Cue| {}
    }

    #[test]
    fn stepping_forward_then_back_returns_the_exact_earlier_board() {
        for seed in 0..10 {
            let mut p = player(5, 4, seed);
            let mut boards = vec![p.board().clone()];
            for _ in 0..60 {
                assert!(p.step_forward(&mut ignore()));
                boards.push(p.board().clone());
            }
            for k in (0..60).rev() {
                assert!(p.step_back());
                assert_eq!(p.cursor(), k);
                assert_eq!(p.board(), &boards[k]);
            }
            assert!(!p.step_back(), "nothing before the start");
            assert_eq!(p.board(), p.timeline().start());
        }
    }

    #[test]
    fn stepping_back_mid_slide_drops_the_slide_and_undoes_one_move() {
        let mut p = player(4, 4, 1);
        p.set_speed(10.0);
        p.play();
        let before = p.board().clone();
        p.advance(0.25, &mut ignore()); // 2.5 moves
        assert_eq!(p.cursor(), 2);
        assert!(p.sliding().is_some());
        p.step_back();
        assert_eq!(p.cursor(), 1);
        assert!(p.sliding().is_none() && !p.is_playing());
        p.step_back();
        assert_eq!(p.board(), &before);
    }

    #[test]
    fn phase_jumps_land_on_phase_starts() {
        let mut p = player(6, 5, 8);
        let mut starts = vec![];
        loop {
            p.next_phase(&mut ignore());
            if p.is_finished() {
                break;
            }
            assert_eq!(p.phase().unwrap().start, p.cursor(), "lands on a phase start");
            starts.push(p.cursor());
        }
        let total = p.timeline().total().unwrap();
        let mut all: Vec<usize> =
            p.timeline().phases().iter().map(|ph| ph.start).filter(|&s| s > 0 && s < total).collect();
        all.dedup();
        assert_eq!(starts, all);
        let finished_board = p.board().clone();
        assert!(finished_board.is_solved());
        // Back through them, one phase at a time: each lands on a start, and the board
        // is the one the forward walk had there.
        for &start in starts.iter().rev() {
            p.previous_phase();
            assert_eq!(p.cursor(), start);
        }
        p.previous_phase();
        assert_eq!(p.cursor(), 0);
        assert_eq!(p.board(), p.timeline().start());
        // Mid-phase, "previous" goes to the current phase's start first.
        p.seek(starts[1] + 3, &mut ignore());
        p.previous_phase();
        assert_eq!(p.cursor(), starts[1]);
    }

    #[test]
    fn callbacks_fire_once_per_move_in_order() {
        let mut p = player(6, 6, 5);
        p.set_speed(37.0);
        p.play();
        let mut seen: Vec<usize> = vec![];
        let mut locks = 0usize;
        let mut phases_started = 0usize;
        let mut phases_finished = 0usize;
        let mut solved = 0usize;
        let mut dt = 0.003;
        while !p.is_finished() {
            p.advance(dt, &mut |cue: &Cue| match *cue {
                Cue::Moved { index, .. } => seen.push(index),
                Cue::Locked(group) => locks += group.tiles().len(),
                Cue::PhaseStarted(_) => phases_started += 1,
                Cue::PhaseFinished(_) => phases_finished += 1,
                Cue::Solved { .. } => solved += 1,
            });
            dt = (dt * 1.7) % 0.11 + 0.001;
        }
        let total = p.timeline().total().unwrap();
        assert_eq!(seen, (0..total).collect::<Vec<_>>());
        assert_eq!(locks, 35);
        assert_eq!(phases_started, p.timeline().phases().len());
        assert_eq!(phases_finished, phases_started);
        assert_eq!(solved, 1);
        assert!(!p.is_playing(), "stops at the end");
    }

    #[test]
    fn cues_come_with_the_moves_that_reach_them_and_report_the_real_slide() {
        let mut p = player(4, 4, 9);
        let mut board = p.board().clone();
        let mut order: Vec<Cue> = vec![];
        p.play();
        p.set_speed(1000.0);
        p.advance(10.0, &mut |cue: &Cue| {
            if let Cue::Moved { mv, tile, from, to, .. } = *cue {
                assert_eq!(board.position_of(tile), from);
                assert_eq!(board.blank(), to);
                assert_eq!(board.slide(mv), Some(tile));
            }
            order.push(*cue);
        });
        assert!(matches!(order[0], Cue::PhaseStarted(_)));
        assert!(matches!(order.last(), Some(Cue::Solved { .. })));
        // Every lock comes right after a move (or another cue), never before the move that homes it.
        let first_lock = order.iter().position(|c| matches!(c, Cue::Locked(_))).unwrap();
        assert!(order[..first_lock].iter().any(|c| matches!(c, Cue::Moved { .. })));
    }

    #[test]
    fn speed_changes_do_not_skip_or_repeat_moves() {
        let mut p = player(7, 7, 2);
        p.play();
        let speeds = [0.5, 3.0, 100_000.0, 7.0, 250.0, 1.0, 12_345.0];
        let mut expected = 0.0f64;
        let mut seen = 0usize;
        let mut next_index = 0usize;
        for round in 0..400 {
            let speed = speeds[round % speeds.len()];
            p.set_speed(speed);
            let dt = 0.001 + (round % 13) as f64 * 0.0007;
            expected += dt * p.speed();
            let done = p.advance(dt, &mut |cue: &Cue| {
                if let Cue::Moved { index, .. } = *cue {
                    assert_eq!(index, next_index, "moves neither skipped nor repeated");
                    next_index += 1;
                }
            });
            seen += done;
            if p.is_finished() {
                break;
            }
            // Every bit of elapsed time is accounted for: completed moves plus the tween.
            assert!((seen as f64 + p.progress() - expected).abs() < 1e-6, "{seen} + {} vs {expected}", p.progress());
            assert_eq!(p.cursor(), seen);
        }
        assert_eq!(seen, next_index);
    }

    #[test]
    fn many_moves_per_frame_at_top_speed_and_lazy_planning() {
        let board = Board::scrambled(30, 30, Scramble::Uniform, 1).unwrap();
        let mut p = Player::solve(&board, &HumanOptions::default()).unwrap();
        assert!(p.timeline().total().is_none(), "nothing planned beyond the first placement");
        p.set_speed(MAX_SPEED * 10.0);
        assert_eq!(p.speed(), MAX_SPEED);
        p.set_speed(100_000.0);
        p.play();
        let done = p.advance(1.0 / 30.0, &mut ignore());
        assert_eq!(done, 3333);
        while !p.is_finished() {
            p.advance(1.0 / 30.0, &mut ignore());
        }
        assert!(p.board().is_solved());
    }

    #[test]
    fn a_budget_of_k_checks_makes_at_most_k_batches_of_moves_and_drops_the_rest() {
        let board = Board::scrambled(30, 30, Scramble::Uniform, 4).unwrap();
        let mut p = Player::solve(&board, &fifteen_core::HumanOptions::default()).unwrap();
        p.timeline.pull_until(10 * MOVES_PER_CHECK);
        p.set_speed(MAX_SPEED);
        p.play();
        for k in [0, 1, 3] {
            let (cursor, planned) = (p.cursor(), p.timeline().len());
            let mut asked = 0;
            let done = p.advance_within(1.0, &mut ignore(), &mut || {
                asked += 1;
                asked <= k
            });
            assert_eq!(done, k * MOVES_PER_CHECK, "the budget allowed {k} batches");
            assert_eq!(p.cursor(), cursor + done);
            assert_eq!(p.progress(), 0.0, "what could not be made is dropped, not owed");
            assert_eq!(p.timeline().len(), planned, "nothing planned while playing");
            assert_eq!(p.speed(), MAX_SPEED, "the asked speed stands");
        }
        // An unbounded budget makes every planned move and waits there.
        let planned = p.timeline().len();
        p.advance_within(1.0, &mut ignore(), &mut || true);
        assert_eq!(p.cursor(), planned);
        assert!(p.is_playing() && !p.is_finished());
    }

    #[test]
    fn playing_within_a_budget_over_planned_moves_reaches_the_goal_with_every_move_once() {
        let board = Board::scrambled(12, 9, Scramble::Uniform, 5).unwrap();
        let mut p = Player::solve(&board, &fifteen_core::HumanOptions::default()).unwrap();
        p.set_speed(2_000.0);
        p.play();
        let mut replay = board.clone();
        let mut next = 0usize;
        let mut solved = 0;
        let mut frames = 0;
        while !p.is_finished() {
            // A planning budget of a placement or so a frame.
            let mut placements = 0;
            p.plan_ahead(usize::MAX, &mut || {
                placements += 1;
                placements <= 2
            });
            let mut checks = 0;
            p.advance_within(
                1.0 / 30.0,
                &mut |cue: &Cue| match *cue {
                    Cue::Moved { index, mv, .. } => {
                        assert_eq!(index, next, "moves neither skipped nor repeated");
                        replay.slide(mv).unwrap();
                        next += 1;
                    }
                    Cue::Solved { .. } => solved += 1,
                    _ => {}
                },
                &mut || {
                    checks += 1;
                    checks <= 1
                },
            );
            assert!(p.cursor() <= p.timeline().len());
            frames += 1;
            assert!(frames < 100_000, "the playback stalled");
        }
        assert_eq!(next, p.timeline().total().unwrap());
        assert!(replay.is_solved() && p.board().is_solved());
        assert_eq!(solved, 1);
    }

    #[test]
    fn a_player_fed_in_batches_plays_every_move_once_to_the_goal() {
        let board = Board::scrambled(16, 13, Scramble::Uniform, 9).unwrap();
        let (timeline, mut planning) =
            Timeline::planned_elsewhere(&board, &fifteen_core::HumanOptions::default()).unwrap();
        let mut p = Player::new(timeline);
        p.set_speed(50_000.0);
        p.play();
        let mut replay = board.clone();
        let (mut next, mut locked, mut solved, mut frames) = (0usize, 0usize, 0, 0);
        let horizon = 3_000;
        while !p.is_finished() {
            // A batch a frame at most, and none while far enough ahead.
            if p.wants_plans(horizon)
                && let Some(batch) = planning.next_batch(700)
            {
                p.receive(batch);
            }
            assert!(p.timeline().len() < p.cursor() + horizon + 2_000, "planned far beyond the horizon");
            p.advance_within(
                1.0 / 60.0,
                &mut |cue: &Cue| match *cue {
                    Cue::Moved { index, mv, .. } => {
                        assert_eq!(index, next, "moves neither skipped nor repeated");
                        replay.slide(mv).unwrap();
                        next += 1;
                    }
                    Cue::Locked(group) => locked += group.tiles().len(),
                    Cue::Solved { .. } => solved += 1,
                    _ => {}
                },
                &mut || true,
            );
            frames += 1;
            assert!(frames < 100_000, "the playback stalled");
        }
        assert_eq!(next, p.timeline().total().unwrap());
        assert!(replay.is_solved() && p.board().is_solved());
        assert_eq!((locked, solved), (board.len() - 1, 1));
        assert!(planning.next_batch(700).is_none());
    }

    #[test]
    fn the_manhattan_distance_kept_move_by_move_is_the_boards() {
        let mut p = player(9, 7, 3);
        assert_eq!(p.start_manhattan(), p.board().manhattan());
        p.set_speed(300.0);
        p.play();
        for round in 0..200 {
            match round % 7 {
                0 => {
                    p.step_back();
                }
                3 => p.seek(round * 5, &mut ignore()),
                5 => p.previous_phase(),
                _ => {
                    p.play();
                    p.advance(0.05, &mut ignore());
                }
            }
            assert_eq!(p.manhattan(), p.board().manhattan(), "round {round}");
        }
        p.restart();
        assert_eq!(p.manhattan(), p.start_manhattan());
    }

    #[test]
    fn speed_ladder_and_clamps() {
        let mut p = player(3, 3, 1);
        p.set_speed(4.0);
        p.faster();
        assert_eq!(p.speed(), 5.0);
        p.slower();
        assert_eq!(p.speed(), 2.0);
        for _ in 0..30 {
            p.slower();
        }
        assert_eq!(p.speed(), MIN_SPEED);
        for _ in 0..30 {
            p.faster();
        }
        assert_eq!(p.speed(), MAX_SPEED);
        p.set_speed(f64::NAN);
        assert_eq!(p.speed(), MAX_SPEED);
    }

    #[test]
    fn the_sliding_tile_is_the_one_the_next_move_slides() {
        let mut p = player(4, 4, 3);
        p.play();
        p.set_speed(2.0);
        p.advance(0.2, &mut ignore());
        let slide = p.sliding().unwrap();
        assert!((slide.t - 0.4).abs() < 1e-6);
        assert_eq!(slide.to, p.board().blank());
        assert_eq!(slide.from.manhattan(slide.to), 1);
        let mut next = p.board().clone();
        assert_eq!(next.slide(p.timeline().moves()[0]), Some(slide.tile));
        p.pause();
        assert_eq!(p.advance(10.0, &mut ignore()), 0, "paused players do not move");
    }

    #[test]
    fn route_cells_follow_the_blank_and_restart_and_seek_agree() {
        let mut p = player(6, 6, 12);
        let mut cells = vec![];
        for _ in 0..200 {
            p.route_cells(&mut cells);
            if let Some((&first, rest)) = cells.split_first() {
                assert_eq!(first, p.board().blank());
                let mut copy = p.board().clone();
                for (k, &cell) in rest.iter().enumerate() {
                    copy.slide(p.timeline().moves()[p.cursor() + k]).unwrap();
                    assert_eq!(copy.blank(), cell);
                }
            }
            p.step_forward(&mut ignore());
        }
        let at_200 = p.board().clone();
        p.restart();
        assert_eq!(p.board(), p.timeline().start());
        p.seek(200, &mut ignore());
        assert_eq!(p.board(), &at_200);
        p.seek(150, &mut ignore());
        p.seek(10, &mut ignore());
        p.seek(200, &mut ignore());
        assert_eq!(p.board(), &at_200);
    }

    /// Playback that keeps up with the planner waits at the last move
    /// planned, where a route may be announced with only some of its moves
    /// known: the cells drawn are those of the moves known.
    #[test]
    fn route_cells_at_the_planners_frontier_follow_the_moves_known() {
        let options = HumanOptions { effort: fifteen_core::human::Effort::Normal, ..HumanOptions::default() };
        let mut routes_cut = 0;
        for seed in 0..6 {
            let board = Board::scrambled(8, 7, Scramble::Uniform, seed).unwrap();
            let (timeline, mut planning) = Timeline::planned_elsewhere(&board, &options).unwrap();
            let mut p = Player::new(timeline);
            let mut cells = vec![];
            while let Some(batch) = planning.next_batch(3) {
                p.receive(batch);
                while p.cursor() < p.timeline().len() {
                    p.step_forward(&mut ignore());
                    p.route_cells(&mut cells);
                    let known = p.timeline().len() - p.cursor();
                    assert!(cells.len() <= known + 1, "a route drawn past the moves known");
                    let route_end = p.route().map_or(0, |route| route.at + route.len);
                    routes_cut += usize::from(route_end > p.timeline().len());
                }
            }
            assert!(p.board().is_solved());
        }
        assert!(routes_cut > 0, "no route was cut at the frontier: the test does not test it");
    }

    #[test]
    fn replaying_after_a_rewind_reports_the_phase_start_again() {
        let mut p = player(5, 5, 6);
        p.next_phase(&mut ignore());
        p.next_phase(&mut ignore());
        p.previous_phase();
        let mut cues = vec![];
        p.step_forward(&mut |c: &Cue| cues.push(*c));
        assert!(matches!(cues[0], Cue::PhaseStarted(_)), "{cues:?}");
        assert!(matches!(cues[1], Cue::Moved { .. }));
    }

    #[test]
    fn real_time_makes_each_move_when_the_person_made_it() {
        let solve = fifteen_core::slidysim::Solve {
            scramble: "1 2 3/4 5 6/0 7 8".parse().unwrap(),
            moves: "LL".parse().unwrap(),
            time_ms: Some(500),
            move_times_ms: Some(vec![0, 500]),
            player: None,
            event: "3×3 single".into(),
        };
        let mut p = Player::new(Timeline::from_person(&solve).unwrap());
        assert!(p.set_pace(Pace::RealTime));
        p.set_speed(1.0);
        p.play();
        assert_eq!(p.clock(), Some(-PERSON_SLIDE));
        p.advance(0.03, &mut ignore());
        assert_eq!((p.cursor(), p.sliding().map(|s| (s.t * 100.0).round())), (0, Some(50.0)));
        p.advance(0.03, &mut ignore());
        assert_eq!(p.cursor(), 1, "the first move is made at 0 s");
        p.advance(0.4, &mut ignore());
        assert_eq!((p.cursor(), p.progress()), (1, 0.0), "the person waited: nothing slides yet");
        p.advance(0.07, &mut ignore());
        assert_eq!(p.cursor(), 1);
        assert!((p.progress() - 0.5).abs() < 1e-6, "{}", p.progress());
        p.advance(0.03, &mut ignore());
        assert!(p.is_finished() && p.board().is_solved() && !p.is_playing());
        p.step_back();
        assert_eq!(p.clock(), Some(0.0), "a step back puts the clock at the move before");
        // Twice the person's pace: the last move comes after 0.25 s.
        p.set_speed(2.0);
        p.play();
        p.advance(0.24, &mut ignore());
        assert_eq!(p.cursor(), 1);
        p.advance(0.01, &mut ignore());
        assert!(p.is_finished());
        // Without move times there is no real time.
        let mut plain = Player::new(Timeline::from_moves(&solve.scramble, &solve.moves, "x").unwrap());
        assert!(!plain.set_pace(Pace::RealTime));
        assert_eq!(plain.pace(), Pace::Steady);
    }

    #[test]
    fn a_timeline_of_plain_moves_plays_too() {
        let board: Board = "1 2 3\n4 5 6\n_ 7 8".parse().unwrap();
        let moves: fifteen_core::Moves = "LL".parse().unwrap();
        let mut p = Player::new(Timeline::from_moves(&board, &moves, "optimal").unwrap());
        p.play();
        p.set_speed(100.0);
        p.advance(1.0, &mut ignore());
        assert!(p.is_finished() && p.board().is_solved());
        assert!(p.phase().is_none());
        assert_eq!(p.timeline().solver(), "optimal");
    }
}
