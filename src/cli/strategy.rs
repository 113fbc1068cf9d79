//! The human solver's choices as the command line names them: the sweep
//! order, the finish and the effort, shared by every command that solves.

use crate::human::{Effort, Finish, Order};
use clap::ValueEnum;

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum OrderArg {
    /// row by row, then the bottom two rows
    Rows,
    /// the shorter line first until square, then row r, column r, row r+1, …
    Shells,
    /// as shells, but on a 4×4 or 5×5 (or the last one of a bigger board) at normal and best the
    /// row or the column, whichever the look-ahead finds leaves fewer moves
    Free,
    /// (bench only) measure both
    #[value(hide = true)]
    Both,
}

#[derive(ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FinishArg {
    /// single tiles, pairs, then the last 2×2 block (the way a person plays)
    #[default]
    Pairs,
    /// up to 4×4 or 3×5: each line by exact search, then the last 12 cells optimally (fewer moves)
    Exact,
}

#[derive(ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EffortArg {
    /// one tile at a time, each by its own best route: fastest, linear on any size
    Fast,
    /// each line by a narrow beam search over the blank's moves; boards too big for it tile by tile, the blank taking detours that push tiles home
    Normal,
    /// each line by a wide beam search: fewest moves, slowest; boards too big for it as normal, each trip tried several ways
    Best,
    /// by the board's size (the table in `fifteen solve --help`)
    #[default]
    Auto,
}

/// What `fifteen solve --help` ends with: the moves' letters, and what each
/// effort does on each size of board, from the library's one table.
pub fn solve_long_help() -> String {
    format!(
        "{}\n\nWhat each --effort does by the board's size (`auto` takes the auto column; a \
         window or terminal, when not told, the watching column; `fast` is one tile at a time on \
         every size):\n\n{}",
        super::MOVES_HELP,
        crate::human::size_table().trim_end()
    )
}

impl EffortArg {
    /// The effort a board of this shape gets.
    pub fn for_size(self, rows: usize, cols: usize) -> Effort {
        match self {
            EffortArg::Fast => Effort::Fast,
            EffortArg::Normal => Effort::Normal,
            EffortArg::Best => Effort::Best,
            EffortArg::Auto => Effort::for_size(rows, cols),
        }
    }

    /// The effort a watched board of this shape gets: `auto` as
    /// [`Effort::for_watching`] says.
    pub fn for_watching(self, rows: usize, cols: usize) -> Effort {
        match self {
            EffortArg::Auto => Effort::for_watching(rows, cols),
            other => other.for_size(rows, cols),
        }
    }
}

impl From<FinishArg> for Finish {
    fn from(f: FinishArg) -> Finish {
        match f {
            FinishArg::Pairs => Finish::Pairs,
            FinishArg::Exact => Finish::Exact,
        }
    }
}

impl From<OrderArg> for Order {
    fn from(o: OrderArg) -> Order {
        match o {
            OrderArg::Rows => Order::Rows,
            OrderArg::Shells | OrderArg::Both => Order::Shells,
            OrderArg::Free => Order::Free,
        }
    }
}
