//! The human solver's choices as the command line names them: the sweep
//! order, the finish and the effort, shared by every command that solves.

use clap::ValueEnum;
use fifteen::human::{Effort, Finish, Order};

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum OrderArg {
    /// row by row, then the bottom two rows
    Rows,
    /// the shorter line first until square, then row r, column r, row r+1, … (fewer moves)
    Shells,
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
    /// one tile at a time: fastest, linear on any size
    Fast,
    /// each line by a narrow beam search over the blank's moves, up to 100×100; above 100×100 a tile at a time, the blank's way to it by detours that push tiles home, each trip planned 16 steps ahead up to 300×300
    Normal,
    /// each line by a wide beam search: fewest moves, slowest; above 100×100 as normal, each trip tried 7 ways
    Best,
    /// by the board's size: best up to 30×30, normal up to 50×50, best up to 100×100, normal beyond
    #[default]
    Auto,
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
        }
    }
}
