//! Another way through one line of a person's solve, as a timeline of its
//! own: what the coach plays from the person's board (`fifteen coach
//! --watch`, key C).

use fifteen_core::board::{IllegalMove, Move};
use fifteen_core::human::Group;
use fifteen_core::lines::LineDone;

use super::person::{Person, line_tiles};
use super::timeline::{Cue, PhaseMark, Timeline};

impl Timeline {
    /// Another way through line `index` of a person's solve: `moves`, made
    /// from the board where the person began that line, shown as that one
    /// line (outlined and named as in their solve, its tiles locked once
    /// the moves are made, the lines before it locked from the start).
    /// `about` heads it (`fifteen's way through row 2`). `None` when this
    /// is not a person's solve or has no such line; an error when the moves
    /// do not fit that board.
    pub(crate) fn way_through(
        &self,
        index: usize,
        moves: &[Move],
        about: String,
    ) -> Option<Result<Timeline, IllegalMove>> {
        let person = self.person.as_deref()?;
        let (done, mark) = (person.lines.get(index)?, *self.record.phases.get(index)?);
        let mut start = self.start.clone();
        if let Err(err) = start.apply(&self.moves()[..mark.start]) {
            return Some(Err(err));
        }
        let mut way = match Timeline::from_moves(&start, moves, "person") {
            Ok(way) => way,
            Err(err) => return Some(Err(err)),
        };
        let (rows, cols) = (start.rows(), start.cols());
        let end = moves.len();
        let record = &mut way.record;
        record.cues.clear();
        record.phases.push(PhaseMark { start: 0, end: Some(end), ..mark });
        record.cues.push((0, Cue::PhaseStarted(mark.phase)));
        for before in &person.lines[..index] {
            for tile in line_tiles(before.line, rows, cols) {
                record.locked_at[tile as usize] = 0;
            }
        }
        let tiles = line_tiles(done.line, rows, cols);
        for &tile in &tiles {
            record.locked_at[tile as usize] = end;
        }
        for chunk in tiles.chunks(Group::MAX) {
            record.cues.push((end, Cue::Locked(Group::new(chunk))));
        }
        record.cues.push((end, Cue::PhaseFinished(mark.phase)));
        if start.apply(moves).is_ok() && start.is_solved() {
            record.cues.push((end, Cue::Solved { moves: end }));
        }
        way.person = Some(Box::new(Person {
            player: None,
            event: about,
            time_ms: None,
            move_times_ms: None,
            lines: vec![LineDone { at: end, ..*done }],
            multi_tile: fifteen_core::Moves(moves.to_vec()).multi_tile_count(),
            time_as_4x4_ms: None,
        }));
        Some(Ok(way))
    }
}
