//! What `fifteen solve --help` says of the human solver's choices. The
//! choices themselves are the library's own enums
//! ([`Order`](fifteen_core::human::Order), [`Finish`](fifteen_core::human::Finish),
//! [`Effort`](fifteen_core::human::Effort), `auto` among them), which derive
//! clap's `ValueEnum` under the feature `cli`.

/// What `fifteen solve --help` ends with: the moves' letters, and what each
/// effort does on each size of board: the library's one table, as the
/// library renders it.
pub fn solve_long_help() -> String {
    format!(
        "{}\n\nWhat each --effort does by the board's size (`auto` takes the auto column; a \
         window or terminal, when not told, the watching column; a page, served or on the static \
         site, the page column; `fast` is one tile at a time on every size):\n\n{}",
        super::MOVES_HELP,
        fifteen_core::human::size_table().trim_end()
    )
}
