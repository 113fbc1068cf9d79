//! `--format html` of `replay`, `compare` and `coach`: the person's solve
//! and fifteen's of the same scramble side by side in one self-contained
//! page, with the coach's table and par graph (`coach` always, coaching
//! the solve itself; `replay`
//! for boards of up to `web::MAX_COACHED_CELLS` cells; `compare` never).

use std::io::{self, IsTerminal};
use std::path::{Path, PathBuf};

use clap::Args;
use fifteen_core::coach;
use fifteen_core::human::Effort;
use fifteen_core::tables::Tables;
use fifteen_view::web::{self, CoachOnPage};

use super::error::CliError;
use super::near_par::ParArg;
use super::paths;
use super::sizes::{self, Use};
use super::solve_source::SourcedSolve;

/// The page's file, for `--format html`.
#[derive(Args, Debug, Default)]
pub struct PageArgs {
    /// With --format html: the page to write (one solve: the first, or
    /// the one --solve names).
    #[arg(long, short, value_name = "PATH")]
    out: Option<PathBuf>,
}

impl PageArgs {
    /// `--out` goes with `--format html` and only with it; the file can be
    /// written. Checked before any solve is read or planned.
    pub fn check(&self, html: bool) -> Result<(), CliError> {
        match (html, &self.out) {
            (true, None) => Err(CliError::Usage("--format html writes a page: name it with --out FILE.html".into())),
            (true, Some(out)) => paths::check_output(out, "--out", "html"),
            (false, Some(_)) => Err(CliError::Usage("--out names the page of --format html".into())),
            (false, None) => Ok(()),
        }
    }
}

/// When the page holds the coach's part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coach {
    /// For boards of up to `MAX_COACHED_CELLS` cells, the biggest the
    /// server shows (`fifteen replay`, as the server's replay page).
    Small,
    /// Never (`fifteen compare`): the page says how to get it.
    Never,
}

impl PageArgs {
    /// The page's file (checked by [`PageArgs::check`]).
    pub fn out(&self) -> Result<&Path, CliError> {
        self.out.as_deref().ok_or_else(|| CliError::Usage("--format html needs --out FILE.html".into()))
    }

    /// Writes the page of the first of `solves` to `--out` (checked by
    /// [`PageArgs::check`]), its par found with `tables`.
    pub fn write(
        &self,
        solves: &[SourcedSolve],
        effort: Effort,
        coach: Coach,
        tables: &dyn Tables,
    ) -> Result<(), CliError> {
        write(solves, effort, coach, tables, self.out()?)
    }
}

/// Writes the page of the first of `solves` to `out`, coached as `coach`
/// says with the par the core picks (`auto`) from `tables`.
pub fn write(
    solves: &[SourcedSolve],
    effort: Effort,
    coach: Coach,
    tables: &dyn Tables,
    out: &Path,
) -> Result<(), CliError> {
    let Some(sourced) = solves.first() else {
        return Err(CliError::Usage("no solve to show".into()));
    };
    if solves.len() > 1 {
        eprintln!(
            "note: the sources hold {} solves; the page shows solve {} (--solve N picks another)",
            solves.len(),
            sourced.number
        );
    }
    let board = &sourced.solve.scramble;
    sizes::check(board.rows(), board.cols(), Use::Page)?;
    match coach {
        // The served replay page, as the server makes it, its par's
        // tables found first (a build says so before the bar).
        Coach::Small => {
            super::near_par::chosen(board, ParArg::Auto, Effort::Auto, tables)?;
            let bar = coaching_bar();
            let progress = |doing: &str, done: usize, of: usize| {
                if let Some(bar) = bar.as_ref().filter(|_| doing == web::COACHING) {
                    bar.set_length(of as u64);
                    bar.set_position(done as u64);
                }
            };
            let deadline = super::near_par::clock();
            let work = web::Work { deadline: &deadline, progress: &progress };
            let data = web::replay_page(&sourced.solve, tables, work)
                .map_err(|e| CliError::Solver(format!("solve {}: {e}", sourced.number)))?;
            if let Some(bar) = bar {
                bar.finish_and_clear();
            }
            write_data(sourced, &data, out)
        }
        Coach::Never => {
            let note = CoachOnPage::Skipped(
                "`fifteen coach LINK --format html --out FILE.html` writes this page with the coach's table".into(),
            );
            write_page(sourced, effort, note, out)
        }
    }
}

/// Writes the page of `sourced` beside fifteen's solve at `effort`, with
/// the coach's part `on_page`, to `out`.
pub fn write_page(sourced: &SourcedSolve, effort: Effort, on_page: CoachOnPage, out: &Path) -> Result<(), CliError> {
    let solve = &sourced.solve;
    let board = &solve.scramble;
    sizes::check(board.rows(), board.cols(), Use::Page)?;
    let effort = effort.resolve(board.rows(), board.cols());
    let failed = |e: coach::CoachError| CliError::Solver(format!("solve {}: {e}", sourced.number));
    let title = format!("fifteen: {}", solve.event);
    let data = web::compare_data(solve, effort, &title, on_page, web::Work::default()).map_err(failed)?;
    write_data(sourced, &data, out)
}

/// Writes the page of `data` (the side by side of `sourced`) to `out`.
fn write_data(sourced: &SourcedSolve, data: &web::ViewerData, out: &Path) -> Result<(), CliError> {
    let page = web::page(data);
    write_file(out, &page)?;
    eprintln!(
        "{} moves beside fifteen's {}, a page of {} bytes: {}",
        sourced.solve.moves.len(),
        data.duo.as_ref().map_or(0, |duo| duo.fifteen.count),
        page.len(),
        out.display()
    );
    Ok(())
}

/// The coach's progress bar, on a terminal.
fn coaching_bar() -> Option<indicatif::ProgressBar> {
    io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new(0);
        let template = "coaching [{bar:30}] {pos}/{len} pars and ways, {elapsed}";
        bar.set_style(
            indicatif::ProgressStyle::with_template(template).expect("a valid template").progress_chars("=> "),
        );
        bar
    })
}

/// Writes a page to `out`, naming it in the error when it cannot.
pub fn write_file(out: &Path, page: &str) -> Result<(), CliError> {
    std::fs::write(out, page).map_err(|e| CliError::Write(io::Error::new(e.kind(), format!("{}: {e}", out.display()))))
}
