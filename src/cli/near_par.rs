//! `--par near` of `compare` and `coach`: the near solver's tables for each
//! shape of 17 to 49 cells among the solves, found once before the work is
//! spread over the cores, and the clock each board's search stops by (the
//! library reads none).

use std::sync::Arc;
use std::time::Instant;

use clap::ValueEnum;

use fifteen_core::Board;
use fifteen_core::Deadline;
use fifteen_core::coach::NearPar;
use fifteen_core::human::Effort;
use fifteen_core::search::{MAX_NEAR_CELLS, MIN_NEAR_CELLS};
use fifteen_core::tables::PatternDatabase;
use fifteen_core::tables::Tables;

use super::error::CliError;

/// Seconds the near solver searches each board of up to 25 cells whose par
/// it finds: a 5×5 solve has about ten lines, so its whole coaching takes a
/// few seconds.
pub const NEAR_PAR_SECONDS: f64 = 0.5;

/// Seconds a board of 26 to 36 cells (a 6×6): its beam's rounds need
/// longer than a 5×5's to grow as wide (each level holds more boards of
/// more moves), and a solve has about a dozen lines, so its coaching takes
/// well under half a minute.
pub const NEAR_PAR_SECONDS_36: f64 = 2.0;

/// Seconds a board of 37 to 49 cells (a 7×7), whose beam needs longer
/// still.
pub const NEAR_PAR_SECONDS_49: f64 = 3.0;

/// The seconds the near par searches a board of `cells` cells.
pub fn near_par_seconds(cells: usize) -> f64 {
    match cells {
        0..=25 => NEAR_PAR_SECONDS,
        26..=36 => NEAR_PAR_SECONDS_36,
        _ => NEAR_PAR_SECONDS_49,
    }
}

/// How par is found on boards of more than 16 cells (up to 16, par is
/// always the optimal distance).
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParArg {
    /// fifteen's human solve at --effort
    Human,
    /// on 17 to 49 cells the near solver too, half a second a board up to
    /// 5×5, 2 s on 6×6, 3 s on 7×7 (coach: its par or the human one, the
    /// shorter); bigger boards as `human`
    Near,
}

/// Whether the near solver finds par for `board` when `par` is `near`: a
/// board of 17 to 49 cells.
fn takes(par: ParArg, board: &Board) -> bool {
    par == ParArg::Near && (MIN_NEAR_CELLS..=MAX_NEAR_CELLS).contains(&board.len())
}

/// Finds the near solver's tables for every shape of 17 to 49 cells among
/// `boards` when `par` is `near`, before the work is spread over the
/// cores: a build says so once, and a shape without them stops the
/// command before any solve.
pub fn find_tables(par: ParArg, boards: &[&Board], tables: &dyn Tables) -> Result<(), CliError> {
    for board in boards.iter().filter(|b| takes(par, b)) {
        tables.near(board.rows(), board.cols()).map_err(|e| CliError::Usage(e.to_string()))?;
    }
    Ok(())
}

/// The near solver's tables for `board` when it finds its par (see
/// [`find_tables`]).
pub fn tables_for(par: ParArg, tables: &dyn Tables, board: &Board) -> Option<Arc<PatternDatabase>> {
    takes(par, board).then(|| tables.near(board.rows(), board.cols()).ok()).flatten()
}

/// The command's clock, for the near par's searches (the library reads
/// none): no time limit of its own, [`near_par_seconds`] a board.
pub fn clock() -> Deadline {
    let started = Instant::now();
    Deadline::NONE.with_clock(move || started.elapsed().as_secs_f64())
}

/// The near par of `board`, whose shape's tables are `tables`.
pub fn near_par<'a>(tables: &'a PatternDatabase, effort: Effort, board: &Board) -> NearPar<'a> {
    NearPar { tables, seconds: near_par_seconds(board.len()), effort }
}

/// What par was found by on a board of `cells` cells, for the output:
/// `near solver, 0.5 s a board`.
pub fn near_par_name(cells: usize) -> String {
    format!("near solver, {} s a board", near_par_seconds(cells))
}
