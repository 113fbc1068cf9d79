//! The human-strategy solver: the region planner and its shortest-path router.
//!
//! A person solves a sliding puzzle region by region (see `docs/strategy.md`):
//! the top-left block tile by tile, the two right columns in row pairs, the
//! two bottom rows in column pairs, and the last 2×2 block. [`Planner`] does
//! the same, one placement per step, and reports what it does as [`Event`]s;
//! [`solve`] collects them into a [`Plan`].
//!
//! ```
//! use fifteen_core::{Board, HumanOptions, human};
//! let board: Board = "1 2 3\n4 5 6\n_ 7 8".parse().unwrap();
//! let plan = human::solve(&board, &HumanOptions::default()).unwrap();
//! assert_eq!(plan.moves().to_string(), "LL");
//! ```

mod cell_rect;
mod effort;
mod event;
mod exact;
mod grid;
mod lookahead;
mod open_board;
mod plan;
mod planner;
mod record;
mod schedule;
mod shortcut;
mod small;
mod strip;
mod trip;

pub use effort::Effort;
pub use effort::size_table;
pub use event::{Event, Group, Phase, Region};
pub use exact::finish::Finish;
pub use exact::finish::MAX_EXACT_CELLS;
pub use plan::{Plan, Span, solve};
pub use planner::{HumanError, HumanOptions, Planner, PlannerStats};
pub use record::{Context, PhaseTotal, Recorder};
pub use schedule::line_area;
pub use schedule::{Corner, Order, PlacementTitle};
pub(crate) use small::KeptTable;
pub use trip::scratch::RouteStats;
