//! The animation queue: a solve as a timeline of annotated moves, and a
//! player that walks it.
//!
//! [`Timeline`] is fed by the human planner's [`Event`](fifteen_core::human::Event)s,
//! one placement at a time and only as far as it is needed, so a 100×100
//! solve (about 2.8 million moves, one byte each) starts playing at once.
//! Every move keeps what it was for: its phase, the region and tiles being
//! placed, the tile being targeted and the blank's planned route.
//!
//! [`Player`] holds a cursor into the timeline, the board at the cursor, the
//! tween of the tile sliding now, a speed and a play/pause state. It moves
//! only when told how much time has passed (`Player::advance`): this module
//! does no I/O and never reads a clock, so it runs the same in a window, a
//! terminal, a web page and a unit test. It reports what happens through a
//! callback ([`Cue`]): each move as it completes, tiles as they lock, phases
//! as they start and end.
//!
//! `Game` is the play mode: a board the user slides tiles on, with a
//! hint from the strategy on request. Examples of each are the tests in
//! `tests.rs`.

mod branch;
mod duo;
mod game;
mod person;
mod player;
mod timeline;

#[cfg(test)]
mod tests;

pub use duo::{Duo, Side};
pub use game::Game;
pub(crate) use person::Person;
pub use player::{MAX_SPEED, MIN_SPEED, Pace, Player, Slide};
pub use timeline::{Cue, EventBatch, Planning, Timeline};

use fifteen_core::board::{Move, Pos};

/// The cell next to `pos` in the direction the blank goes for `mv`.
///
/// Callers only pass moves that are legal from `pos`, so the result is on
/// the board.
pub(crate) fn blank_after(pos: Pos, mv: Move) -> Pos {
    let (dr, dc) = mv.blank_step();
    Pos::new(pos.row.wrapping_add_signed(dr), pos.col.wrapping_add_signed(dc))
}

/// A speed that shows a rows × cols solve in about 45 seconds at every
/// size, but at least 6 moves a second so small boards stay easy to follow
/// (a 4×4 plays in about 14 s).
///
/// A 4×4 plays at 6 moves a second, a 1000×1000 (1.8·10⁹ moves in 45 s)
/// at 40 million.
pub fn default_speed(rows: usize, cols: usize) -> f64 {
    // The human solver makes about 1.8 · cells · (rows + cols) / 2 moves
    // (1.75 n³ on big square boards, up to 1.95 n³ on long ones).
    let estimate = 0.9 * (rows * cols) as f64 * (rows + cols) as f64;
    (estimate / 45.0).clamp(6.0, MAX_SPEED).round()
}
