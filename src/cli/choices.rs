//! The library's enums as command-line values: each value's name and its
//! line of `--help`, and clap's parser over them. The library stays free of
//! clap; this table is the one place a name on the command line becomes a
//! library value.

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use fifteen_core::MoveNotation;
use fifteen_core::human::{Effort, Finish, Order};
use fifteen_core::solver::Solver;

/// One value of an option: its name on the command line, the library value
/// it stands for, and its line in `--help`.
pub struct NamedValue<T: 'static> {
    pub name: &'static str,
    pub value: T,
    pub help: &'static str,
}

const fn named<T>(name: &'static str, value: T, help: &'static str) -> NamedValue<T> {
    NamedValue { name, value, help }
}

pub const EFFORTS: &[NamedValue<Effort>] = &[
    named("fast", Effort::Fast, "one tile at a time, each by its own best route: fastest, linear on any size"),
    named(
        "normal",
        Effort::Normal,
        "each line by a narrow beam search over the blank's moves; boards too big for it tile by tile, the blank \
         taking detours that push tiles home",
    ),
    named(
        "best",
        Effort::Best,
        "each line by a wide beam search: fewest moves, slowest; boards too big for it as normal, each trip tried \
         several ways",
    ),
    named("auto", Effort::Auto, "by the board's size (the table in `fifteen solve --help`)"),
];

pub const ORDERS: &[NamedValue<Order>] = &[
    named("rows", Order::Rows, "row by row, then the bottom two rows"),
    named("shells", Order::Shells, "the shorter line first until square, then row r, column r, row r+1, …"),
    named(
        "free",
        Order::Free,
        "as shells, but on a 4×4 or 5×5 (or the last one of a bigger board) at normal and best the row or the \
         column, whichever the look-ahead finds leaves fewer moves",
    ),
];

pub const FINISHES: &[NamedValue<Finish>] = &[
    named("pairs", Finish::Pairs, "single tiles, pairs, then the last 2×2 block (the way a person plays)"),
    named(
        "exact",
        Finish::Exact,
        "up to 4×4 or 3×5: each line by exact search, then the last 12 cells optimally (fewer moves)",
    ),
];

pub const SOLVERS: &[NamedValue<Solver>] = &[
    named("human", Solver::Human, "region by region, the way a person would (any size)"),
    named("bfs", Solver::Bfs, "breadth-first search: shortest, up to 10 cells (3×3, 2×5)"),
    named("iddfs", Solver::Iddfs, "iterative deepening: shortest, positions up to --max-depth moves away"),
    named(
        "optimal",
        Solver::Optimal,
        "IDA* with pattern databases: shortest, up to 16 cells (4×4, 3×5); on 17 to 49 cells the near solver left \
         to finish (hours on a 5×5)",
    ),
    named(
        "near",
        Solver::Near,
        "beam search beside IDA* on pattern databases: near-shortest in --time seconds, with a lower bound on the \
         shortest, 17 to 49 cells (3×6 up to 7×7)",
    ),
];

pub const NOTATIONS: &[NamedValue<MoveNotation>] = &[
    named("tile", MoveNotation::Tile, "the direction the tile slides"),
    named("blank", MoveNotation::Blank, "the direction the blank goes (the game server's protocol)"),
];

/// clap's parser for one of the tables above: the names it lists, each
/// with its help, turned into the library's value.
pub fn parser<T: Clone + Send + Sync + 'static>(table: &'static [NamedValue<T>]) -> impl TypedValueParser<Value = T> {
    PossibleValuesParser::new(table.iter().map(|c| PossibleValue::new(c.name).help(c.help)))
        .try_map(move |name| table.iter().find(|c| c.name == name).map(|c| c.value.clone()).ok_or("not a listed name"))
}

pub fn effort() -> impl TypedValueParser<Value = Effort> {
    parser(EFFORTS)
}

pub fn order() -> impl TypedValueParser<Value = Order> {
    parser(ORDERS)
}

pub fn finish() -> impl TypedValueParser<Value = Finish> {
    parser(FINISHES)
}

pub fn solver() -> impl TypedValueParser<Value = Solver> {
    parser(SOLVERS)
}

pub fn notation() -> impl TypedValueParser<Value = MoveNotation> {
    parser(NOTATIONS)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every variant of each library enum has a name, and no name is listed
    /// twice: a variant added to the library without a name here fails.
    #[test]
    fn every_value_is_named_once() {
        fn check<T: PartialEq + std::fmt::Debug>(table: &[NamedValue<T>], all: &[T]) {
            for value in all {
                assert_eq!(table.iter().filter(|c| c.value == *value).count(), 1, "{value:?}");
            }
            let mut names: Vec<_> = table.iter().map(|c| c.name).collect();
            names.dedup();
            assert_eq!(names.len(), table.len());
        }
        check(EFFORTS, &[Effort::Fast, Effort::Normal, Effort::Best, Effort::Auto]);
        check(ORDERS, &[Order::Rows, Order::Shells, Order::Free]);
        check(FINISHES, &[Finish::Pairs, Finish::Exact]);
        check(SOLVERS, &[Solver::Human, Solver::Bfs, Solver::Iddfs, Solver::Optimal, Solver::Near]);
        check(NOTATIONS, &[MoveNotation::Tile, MoveNotation::Blank]);
    }
}
