//! A person's solve as a timeline: the lines read from the board, each a
//! phase, its tiles locked from the move it was done for good.
//!
//! A person's moves carry no intent: there are no placements, targets or
//! routes here, only what the board itself says (see [`lines::detect`]).
//! The pace is data too: the move times the replay recorded, if any.

use crate::board::{BLANK, IllegalMove, Pos, Tile, tile_for};
use crate::human::{Group, Order, Phase};
use crate::lines::{self, Line, LineDone};
use crate::slidysim::Solve;

use super::timeline::{Cue, PhaseMark, Timeline};

/// Who made a solve and how fast, and the lines it finished.
#[derive(Clone, Debug, PartialEq)]
pub struct Person {
    /// Who solved it, when the replay says.
    pub player: Option<String>,
    /// What the solve was: `4×4 single`, `custom replay`, …
    pub event: String,
    /// The solve's time in milliseconds, when the replay says.
    pub time_ms: Option<u64>,
    /// When each move was made, in milliseconds from the first (one per
    /// move, never decreasing), when the replay has them.
    pub move_times_ms: Option<Vec<u64>>,
    /// The lines, in the order they were finished (see [`lines::detect`]).
    pub lines: Vec<LineDone>,
}

impl Person {
    /// Whose solve it is, for a header: `4×4 single by dphdmn`.
    pub fn about(&self) -> String {
        match &self.player {
            Some(player) if !self.event.contains(player.as_str()) => format!("{} by {player}", self.event),
            _ => self.event.clone(),
        }
    }

    /// Seconds from the first move until `moves` moves were made, when the
    /// replay has move times (0 before the first move).
    pub fn seconds_at(&self, moves: usize) -> Option<f64> {
        let times = self.move_times_ms.as_deref()?;
        let at = match moves.checked_sub(1) {
            None => 0,
            Some(last) => *times.get(last).or(times.last())?,
        };
        Some(at as f64 / 1000.0)
    }

    /// The cells `(top, left, bottom, right)` of the line `phase` stands for.
    pub(super) fn line_area(&self, phase: Phase, rows: usize, cols: usize) -> Option<(usize, usize, usize, usize)> {
        let done = self.lines.iter().find(|d| phase_of(d.line) == phase)?;
        Some(match done.line {
            Line::Row { row, from } => (row, from, row + 1, cols),
            Line::Column { col, from } => (from, col, rows, col + 1),
            Line::LastBlock { row, col } => (row, col, (row + 2).min(rows), (col + 2).min(cols)),
        })
    }
}

/// The phase a line is shown as.
fn phase_of(line: Line) -> Phase {
    match line {
        Line::Row { row, .. } => Phase::Row(row),
        Line::Column { col, .. } => Phase::Column(col),
        Line::LastBlock { .. } => Phase::LastBlock,
    }
}

/// The tiles whose homes make up `line` (never the blank).
fn line_tiles(line: Line, rows: usize, cols: usize) -> Vec<Tile> {
    let cells: Vec<Pos> = match line {
        Line::Row { row, from } => (from..cols).map(|c| Pos::new(row, c)).collect(),
        Line::Column { col, from } => (from..rows).map(|r| Pos::new(r, col)).collect(),
        Line::LastBlock { row, col } => {
            (row..rows.min(row + 2)).flat_map(|r| (col..cols.min(col + 2)).map(move |c| Pos::new(r, c))).collect()
        }
    };
    cells.into_iter().map(|p| tile_for(p, rows, cols)).filter(|&t| t != BLANK).collect()
}

impl Timeline {
    /// A person's solve: one phase a line, in the order the board shows
    /// them finished (a line is done at the move after which it stays home
    /// to the end), each line's tiles locked from that move. No placements,
    /// targets or routes: what the person meant is not known.
    ///
    /// ```
    /// use fifteen::anim::Timeline;
    /// use fifteen::slidysim;
    /// use fifteen::{Board, Moves};
    ///
    /// let scramble: Board = "1 2 3/4 5 6/7 0 8".parse().unwrap();
    /// let moves: Moves = "L".parse().unwrap();
    /// let solve = &slidysim::parse_source(&slidysim::replay_link(&scramble, &moves, None)).unwrap()[0];
    /// let timeline = Timeline::from_person(solve).unwrap();
    /// let names: Vec<String> = timeline.phases().iter().map(|p| timeline.phase_name(p.phase)).collect();
    /// assert_eq!(names, ["row 1", "column 1", "last 2×2"]);
    /// assert_eq!(timeline.locked_at(1), Some(0));
    /// assert_eq!(timeline.locked_at(8), Some(1));
    /// ```
    pub fn from_person(solve: &Solve) -> Result<Timeline, IllegalMove> {
        let mut timeline = Timeline::from_moves(&solve.scramble, &solve.moves, "person")?;
        let (rows, cols) = (solve.scramble.rows(), solve.scramble.cols());
        let found = lines::detect(&solve.scramble, &solve.moves);
        let total = solve.moves.len();
        // from_moves left no phases, locks or cues but the solved one.
        let record = &mut timeline.record;
        record.cues.clear();
        let mut start = 0;
        for done in &found {
            let phase = phase_of(done.line);
            record.phases.push(PhaseMark { phase, start, end: Some(done.at) });
            record.cues.push((start, Cue::PhaseStarted(phase)));
            let tiles = line_tiles(done.line, rows, cols);
            for &tile in &tiles {
                record.locked_at[tile as usize] = done.at;
            }
            // A line of a big board has more tiles than a group holds.
            for chunk in tiles.chunks(Group::MAX) {
                record.cues.push((done.at, Cue::Locked(Group::new(chunk))));
            }
            record.cues.push((done.at, Cue::PhaseFinished(phase)));
            start = done.at;
        }
        record.cues.push((total, Cue::Solved { moves: total }));
        // Move times must be one a move to pace the playback; they are
        // kept never decreasing so a move never happens before the one
        // before it.
        let move_times_ms = solve.move_times_ms.as_ref().filter(|t| t.len() == total && total > 0).map(|times| {
            let mut latest = 0;
            times
                .iter()
                .map(|&t| {
                    latest = latest.max(t);
                    latest
                })
                .collect()
        });
        timeline.order = Order::default();
        timeline.person = Some(Box::new(Person {
            player: solve.player.clone(),
            event: solve.event.clone(),
            time_ms: solve.time_ms,
            move_times_ms,
            lines: found,
        }));
        Ok(timeline)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Moves, Scramble};

    fn solve_of(scramble: Board, moves: Moves, times: Option<Vec<u64>>) -> Solve {
        Solve {
            scramble,
            moves,
            time_ms: Some(1000),
            move_times_ms: times,
            player: Some("someone".into()),
            event: "4×4 single".into(),
        }
    }

    #[test]
    fn a_persons_lines_are_its_phases_and_lock_only_finished_lines() {
        let scramble = Board::scrambled(5, 5, Scramble::Uniform, 11).unwrap();
        let plan = crate::human::solve(&scramble).unwrap();
        let moves = Moves(plan.moves().to_vec());
        let timeline = Timeline::from_person(&solve_of(scramble.clone(), moves.clone(), None)).unwrap();
        let found = lines::detect(&scramble, &moves);
        assert_eq!(timeline.phases().len(), found.len());
        for (mark, done) in timeline.phases().iter().zip(&found) {
            assert_eq!(mark.phase, phase_of(done.line));
            assert_eq!(mark.end, Some(done.at));
        }
        assert!(timeline.placements().is_empty() && timeline.routes().is_empty() && timeline.targets().is_empty());
        let mut board = scramble.clone();
        for k in 0..=moves.len() {
            for tile in 1..board.len() as Tile {
                if timeline.is_locked(tile, k) {
                    assert_eq!(board.position_of(tile), board.home_of(tile), "tile {tile} locked at move {k}");
                }
            }
            if let Some(&mv) = moves.get(k) {
                board.slide(mv).unwrap();
            }
        }
        assert!(board.is_solved());
        assert!((1..board.len() as Tile).all(|t| timeline.locked_at(t).is_some()));
        assert_eq!(timeline.person().unwrap().about(), "4×4 single by someone");
    }

    #[test]
    fn move_times_that_do_not_fit_the_moves_are_dropped() {
        let scramble: Board = "1 2 3/4 5 6/0 7 8".parse().unwrap();
        let moves: Moves = "LL".parse().unwrap();
        let kept = Timeline::from_person(&solve_of(scramble.clone(), moves.clone(), Some(vec![0, 90]))).unwrap();
        assert_eq!(kept.person().unwrap().seconds_at(2), Some(0.09));
        let dropped = Timeline::from_person(&solve_of(scramble, moves, Some(vec![0]))).unwrap();
        assert_eq!(dropped.person().unwrap().move_times_ms, None);
    }

    #[test]
    fn a_long_line_locks_in_groups_a_group_can_hold() {
        let scramble = Board::scrambled(20, 20, Scramble::Uniform, 1).unwrap();
        let plan = crate::human::solve(&scramble).unwrap();
        let timeline = Timeline::from_person(&solve_of(scramble, Moves(plan.moves().to_vec()), None)).unwrap();
        let locked: usize = timeline
            .cues()
            .iter()
            .map(|(_, cue)| if let Cue::Locked(group) = cue { group.tiles().len() } else { 0 })
            .sum();
        assert_eq!(locked, 399);
        assert_eq!(timeline.line_area(Phase::Row(0)), Some((0, 0, 1, 20)));
    }
}
