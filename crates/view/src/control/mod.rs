//! The player's controls, with no display: the keys fifteen answers
//! ([`Key`]), what they ask for ([`Command`]), the one table between them
//! (`BINDINGS`, which the help list is written from), and [`App`], the
//! watched solve and the played game that carry the commands out as time
//! passes. The window and the terminal only turn their own key events into
//! [`Key`]s and draw what the [`App`] holds, so a key does the same in
//! both.
//!
//! [`oracle`] works out the optimal distance of the board on screen on a
//! thread of its own.

mod app;
mod coached;
mod command;
mod drill;
mod keys;
mod move_game;
pub mod oracle;
pub mod planner_thread;

pub use app::App;
pub use coached::CoachedReplay;
pub use command::{Command, Mode};
pub use drill::{DrillRun, Keeper, PlanDrill, PlayedDrill, Scorer};
pub use keys::{Key, command_for, help_lines};
pub use move_game::MoveGame;
pub use planner_thread::{FrameBudget, Tick, batch_channel, plans_elsewhere, send_batches};
