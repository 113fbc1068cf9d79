//! What the command line adds to the human solver's choices, shared by
//! every command that solves: `auto` beside the efforts, and what `fifteen
//! solve --help` says of them. The choices themselves are the library's
//! own enums ([`Order`](crate::human::Order), [`Finish`](crate::human::Finish),
//! [`Effort`]), which derive clap's `ValueEnum` under the feature `cli`.

use clap::ValueEnum;
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};

use crate::human::Effort;

/// An `--effort` as asked for: an effort, or `None` for `auto`, which the
/// command turns into one by the board's size ([`Effort::for_size`], or
/// [`Effort::for_watching`] for a window or terminal). A name of its own,
/// too, so that clap takes it as one value parsed by [`effort_or_auto`]
/// rather than as a flag that may be left out.
pub type EffortOrAuto = Option<Effort>;

/// Parses `--effort`: the library's efforts, then `auto`.
pub fn effort_or_auto() -> impl TypedValueParser<Value = EffortOrAuto> {
    let auto = PossibleValue::new("auto").help("by the board's size (the table in `fifteen solve --help`)");
    let values = Effort::value_variants().iter().filter_map(ValueEnum::to_possible_value).chain([auto]);
    // `auto`, the one value allowed that names no effort, is `None`.
    PossibleValuesParser::new(values).map(|name| <Effort as ValueEnum>::from_str(&name, false).ok())
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
