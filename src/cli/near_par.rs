//! `--par near` of `compare` and `coach`: the near solver's tables for each
//! shape of 17 to 49 cells among the solves, loaded once before the work is
//! spread over the cores, and the clock each board's search stops by (the
//! library reads none).

use std::collections::BTreeMap;
use std::time::Instant;

use clap::ValueEnum;

use crate::Board;
use crate::coach::{NearPar, StopCheck};
use crate::human::Effort;
use crate::search::near::{MAX_NEAR_CELLS, MIN_NEAR_CELLS};
use crate::search::optimal::PatternDatabase;

use super::error::CliError;

/// Seconds the near solver searches each board whose par it finds: a 5×5
/// solve has about ten lines, so its whole coaching takes a few seconds.
pub const NEAR_PAR_SECONDS: f64 = 0.5;

/// How par is found on boards of more than 16 cells (up to 16, par is
/// always the optimal distance).
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParArg {
    /// fifteen's human solve at --effort
    Human,
    /// on 17 to 49 cells the near solver too, half a second a board
    /// (coach: its par or the human one, the shorter); bigger boards as
    /// `human`
    Near,
}

/// The near solver's tables by board shape.
pub type NearTablesByShape = BTreeMap<(usize, usize), PatternDatabase>;

/// The near solver's tables for every shape of 17 to 49 cells among
/// `boards` when `par` is `near` (none otherwise).
pub fn tables_for(par: ParArg, boards: &[&Board]) -> Result<NearTablesByShape, CliError> {
    let mut tables = BTreeMap::new();
    if par != ParArg::Near {
        return Ok(tables);
    }
    for board in boards.iter().filter(|b| (MIN_NEAR_CELLS..=MAX_NEAR_CELLS).contains(&b.len())) {
        if let std::collections::btree_map::Entry::Vacant(entry) = tables.entry((board.rows(), board.cols())) {
            entry.insert(super::pdb::near_tables(board.rows(), board.cols())?.0);
        }
    }
    Ok(tables)
}

/// A stop check that says stop [`NEAR_PAR_SECONDS`] after it is made.
pub fn stop_after_budget() -> StopCheck {
    let started = Instant::now();
    Box::new(move || started.elapsed().as_secs_f64() >= NEAR_PAR_SECONDS)
}

/// The near par for `board` when its shape has tables in `tables`.
pub fn near_par<'a>(tables: &'a NearTablesByShape, board: &Board, effort: Effort) -> Option<NearPar<'a>> {
    let tables = tables.get(&(board.rows(), board.cols()))?;
    Some(NearPar { tables, stop_for_board: &stop_after_budget, effort })
}

/// What par was found by, for the output: `near solver, 0.5 s a board`.
pub fn near_par_name() -> String {
    format!("near solver, {NEAR_PAR_SECONDS} s a board")
}
