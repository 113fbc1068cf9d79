//! Loading the pattern databases for the optimal solver: the cache, the
//! progress bar while building, and the warnings; and `fifteen pdb build`,
//! which builds the 7-8 tables that are never built unasked.

use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use clap::{Args, Subcommand, ValueEnum};
use fifteen_core::Board;
use fifteen_core::search::near;
use fifteen_core::search::optimal::{BuildProgress, Heuristic, MAX_OPTIMAL_CELLS, PatternDatabase, PatternSpec};
use fifteen_core::search::pdb_cache::{self, Origin};
use fifteen_core::solver::{SolverError, Tables};

use super::error::CliError;
use super::sizes::{self, human_bytes};

/// Every core the machine offers: threads for table builds, batches and
/// a `best` look-ahead.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// A pool of `threads` workers (default: one per core) for a command
/// that spreads its solves over the cores.
pub fn worker_pool(threads: Option<u16>) -> Result<rayon::ThreadPool, CliError> {
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(n) = threads {
        pool = pool.num_threads(n as usize);
    }
    pool.build().map_err(|e| CliError::Solver(format!("cannot start worker threads: {e}")))
}

/// Finds the optimal solver's tables for every shape of up to 16 cells
/// among `boards` before the solves are spread over the cores, so that a
/// build says so once, before any progress bar, and no worker waits on
/// another's build.
pub fn find_optimal_tables<'a>(tables: &dyn Tables, boards: impl Iterator<Item = &'a Board>) {
    for board in boards.filter(|b| b.len() <= MAX_OPTIMAL_CELLS) {
        tables.optimal(board.rows(), board.cols());
    }
}

/// The optimal solver's tables for `board`, if the optimal solver takes it
/// (up to 16 cells): `Some(None)` when its shape has none (Manhattan
/// distance and linear conflicts serve). Read the lower bound from them
/// with [`heuristic`].
pub fn optimal_tables(tables: &dyn Tables, board: &Board) -> Option<Option<Arc<PatternDatabase>>> {
    (board.len() <= MAX_OPTIMAL_CELLS).then(|| tables.optimal(board.rows(), board.cols()))
}

/// The optimal solver's lower bound from a shape's tables: its pattern
/// databases, or Manhattan distance when it has none.
pub fn heuristic(tables: Option<&PatternDatabase>) -> Heuristic<'_> {
    tables.map_or(Heuristic::ManhattanConflicts, Heuristic::Patterns)
}

/// The tables for a board shape, if it has any; `None` means the optimal
/// solver uses Manhattan distance and linear conflicts. For 4×4: the 7-8
/// tables when `fifteen pdb build --partition 7-8` has saved them (and the
/// file is sound), else the 6-6-3 tables, built at first use. Says on
/// stderr what it does when it has to build or cannot use a file.
pub fn tables_for(rows: usize, cols: usize) -> Option<(PatternDatabase, String)> {
    if (rows, cols) == (4, 4)
        && let Some(found) = load_if_present(&PatternSpec::fifteen_78())
    {
        return Some(found);
    }
    let spec = PatternSpec::default_for(rows, cols)?;
    Some(load(&spec))
}

/// The near solver's tables for a shape of 17 to 49 cells: for 5×5 the
/// 6-6-6-6 tables when `fifteen pdb build --partition 6-6-6-6` has saved
/// them (and the file is sound); else the shape's partition of
/// `near::default_group_size` tiles a group, mapped from the cache
/// directory, or built (saying first what that costs) and saved.
fn near_tables(rows: usize, cols: usize) -> Result<(PatternDatabase, String), CliError> {
    if (rows, cols) == (5, 5)
        && let Some(found) = near::partition(5, 5, 6).ok().and_then(|spec| load_if_present(&spec))
    {
        return Ok(found);
    }
    let spec = near::partition(rows, cols, near::default_group_size(rows, cols))
        .map_err(|e| CliError::Usage(e.to_string()))?;
    Ok(load(&spec))
}

/// The pattern databases the command's searches use: found in the cache
/// directory (or built and saved there, saying so) at a shape's first
/// board and kept for the rest, each with the line `--stats` prints about
/// it. Finding holds a lock, so boards of a new shape solved at once wait
/// for one build.
#[derive(Default)]
pub struct CachedTables {
    found: Mutex<BTreeMap<TablesKey, Result<FoundTables, String>>>,
    /// Said on stderr before the account line of each shape's tables when
    /// they are found (`fifteen serve`'s line); `None`: nothing is said.
    announce: Option<&'static str>,
}

/// The solver the tables are for (true: the near solver's) and the shape.
type TablesKey = (bool, usize, usize);
/// Tables (`None`: the shape has none) and their account line.
type FoundTables = (Option<Arc<PatternDatabase>>, Option<String>);

impl CachedTables {
    /// Tables that say on stderr which they use, `{announce} {account}`,
    /// as each shape's are found (the server's).
    #[cfg(feature = "net")]
    pub fn announcing(announce: &'static str) -> CachedTables {
        CachedTables { announce: Some(announce), ..CachedTables::default() }
    }

    fn find(&self, key: TablesKey) -> Result<FoundTables, String> {
        let mut found = self.found.lock().unwrap_or_else(|e| e.into_inner());
        found
            .entry(key)
            .or_insert_with(|| {
                let made = match key {
                    (false, rows, cols) => Ok(tables_for(rows, cols)
                        .map_or((None, None), |(tables, account)| (Some(Arc::new(tables)), Some(account)))),
                    (true, rows, cols) => near_tables(rows, cols)
                        .map(|(tables, account)| (Some(Arc::new(tables)), Some(account)))
                        .map_err(|e| e.to_string()),
                };
                if let (Some(announce), Ok((_, Some(account)))) = (self.announce, &made) {
                    eprintln!("{announce} {account}");
                }
                made
            })
            .clone()
    }

    /// The account line of the tables found for this shape, if any were.
    pub fn account(&self, near: bool, rows: usize, cols: usize) -> Option<String> {
        let found = self.found.lock().unwrap_or_else(|e| e.into_inner());
        found.get(&(near, rows, cols)).and_then(|f| f.as_ref().ok()).and_then(|(_, account)| account.clone())
    }
}

impl Tables for CachedTables {
    fn optimal(&self, rows: usize, cols: usize) -> Option<Arc<PatternDatabase>> {
        self.find((false, rows, cols)).ok().and_then(|(tables, _)| tables)
    }

    fn near(&self, rows: usize, cols: usize) -> Result<Arc<PatternDatabase>, SolverError> {
        match self.find((true, rows, cols)) {
            Ok((Some(tables), _)) => Ok(tables),
            Ok((None, _)) => Err(SolverError::Tables(format!("no near tables for {rows}×{cols}"))),
            Err(why) => Err(SolverError::Tables(why)),
        }
    }
}

/// The tables of `spec` if their cache file is there and sound; a warning
/// when it is there and not.
fn load_if_present(spec: &PatternSpec) -> Option<(PatternDatabase, String)> {
    let started = Instant::now();
    let dir = pdb_cache::default_dir()?;
    match pdb_cache::load_if_present(spec, &dir) {
        Ok(Some(database)) => {
            let place = dir.join(pdb_cache::file_name(spec));
            let account = account(spec, &database, "mapped from", &place.display().to_string(), started);
            Some((database, account))
        }
        Ok(None) => None,
        Err(err) => {
            eprintln!(
                "warning: the {} pattern databases cannot be used ({err}); falling back; `fifteen pdb build --partition {}` builds them again",
                spec.partition(),
                spec.partition()
            );
            None
        }
    }
}

fn account(spec: &PatternSpec, database: &PatternDatabase, how: &str, place: &str, started: Instant) -> String {
    format!(
        "pattern databases {} ({}, {:.1} MB) {how} {place} in {:.1} ms",
        spec.partition(),
        spec.key(),
        database.size_bytes() as f64 / 1e6,
        started.elapsed().as_secs_f64() * 1e3
    )
}

/// `fifteen pdb`.
#[derive(Args, Debug)]
pub struct PdbCommand {
    #[command(subcommand)]
    action: PdbAction,
}

#[derive(Subcommand, Debug)]
enum PdbAction {
    /// Build a partition's tables into the cache directory, or check every
    /// byte of the ones there. The 7-8 tables take about two minutes on two
    /// cores and 2.1 GB of memory to build, 288 MB on disk; once there,
    /// `solve --solver optimal` uses them for 4×4 boards instead of 6-6-3.
    /// The 5×5's 6-6-6-6 tables take 11 minutes of processor time (about
    /// six on two idle cores) and 2.0 GB of memory to build, 510 MB on
    /// disk; once there, the near solver uses them for 5×5 boards instead
    /// of 5-5-4-5-5.
    /// The file is written whole and renamed into place, so stopping a
    /// build (Ctrl-C) leaves no broken file behind.
    Build {
        /// Which partition of the 15-puzzle's tiles.
        #[arg(long, value_enum, default_value_t = Partition::SevenEight)]
        partition: Partition,
        /// Memory to assume available, in MB, instead of reading
        /// /proc/meminfo (for tests).
        #[arg(long, value_name = "MB", hide = true)]
        assume_available_mb: Option<u64>,
    },
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum Partition {
    /// 6-6-3 with the mirror lookup, 11.5 MB (built at first use anyway).
    #[value(name = "6-6-3")]
    SixSixThree,
    /// 7-8 with the mirror lookup, four bits an entry, 288 MB.
    #[value(name = "7-8")]
    SevenEight,
    /// The 5×5's 6-6-6-6 with the mirror lookup, for the near solver, 510 MB.
    #[value(name = "6-6-6-6")]
    SixSixSixSix,
}

pub fn run(cmd: PdbCommand) -> Result<(), CliError> {
    let PdbAction::Build { partition, assume_available_mb } = cmd.action;
    let spec = match partition {
        Partition::SixSixThree => PatternSpec::fifteen_663(),
        Partition::SevenEight => PatternSpec::fifteen_78(),
        Partition::SixSixSixSix => near::partition(5, 5, 6).expect("the 5×5's 6-6-6-6 partition"),
    };
    let Some(dir) = pdb_cache::default_dir() else {
        return Err(CliError::Usage("no cache directory: set XDG_CACHE_HOME or HOME".into()));
    };
    let path = dir.join(pdb_cache::file_name(&spec));
    let started = Instant::now();
    match pdb_cache::verify(&path, &spec) {
        Ok(database) => {
            let place = path.display().to_string();
            println!("{}; every block checked", account(&spec, &database, "already built in", &place, started));
            return Ok(());
        }
        Err(err) if err.is_missing() => {}
        Err(err) => eprintln!("warning: the cache file cannot be used ({err}); building it again"),
    }
    // Refuse before minutes of work: too little memory, or nowhere to save.
    let needed = spec.build_memory_bytes();
    let available = match assume_available_mb {
        Some(mb) => Some(mb * 1_000_000),
        None => sizes::available_memory(),
    };
    if let Some(available) = available.filter(|&a| a < needed) {
        return Err(CliError::Solver(format!(
            "building the {} tables needs about {} of memory and {} is available; close other programs, or build them on a bigger machine and copy {} into {}",
            spec.partition(),
            human_bytes(needed as f64),
            human_bytes(available as f64),
            pdb_cache::file_name(&spec),
            dir.display()
        )));
    }
    check_writable(&dir)?;
    let (loaded, account) = load_with_account(&spec, true);
    if let Some(e) = loaded.save_error {
        return Err(CliError::Solver(format!("could not save the pattern databases: {e}")));
    }
    println!("{account}");
    Ok(())
}

/// Creates the cache directory and a file in it, so that a build is not
/// wasted on a directory it cannot write.
fn check_writable(dir: &Path) -> Result<(), CliError> {
    let probe = dir.join(format!(".write-test-{}", std::process::id()));
    let result = std::fs::create_dir_all(dir).and_then(|()| std::fs::write(&probe, b""));
    let _ = std::fs::remove_file(&probe);
    result.map_err(|e| CliError::Solver(format!("cannot write to the cache directory {}: {e}", dir.display())))
}

/// Loads (or builds and saves) the tables of `spec`; returns them and a
/// one-line account for `--stats`.
pub fn load(spec: &PatternSpec) -> (PatternDatabase, String) {
    let (loaded, account) = load_with_account(spec, false);
    if let Some(e) = &loaded.save_error {
        eprintln!("warning: could not save the pattern databases: {e}");
    }
    (loaded.database, account)
}

/// How a build is shown: a bar with the time left on a terminal, else a
/// line at every tenth (only for builds asked for: a build at first use
/// says once that it happens).
struct BuildReport {
    bar: Option<indicatif::ProgressBar>,
    lines: bool,
    started: Option<Instant>,
    tenths: u64,
    eta_shown: bool,
}

/// The rate of the first seconds says little about the rest (the first
/// layers of a breadth-first build are tiny), so the bar shows the time left
/// only once the build has run this long and done a hundredth of its work.
const ETA_AFTER: Duration = Duration::from_secs(3);

fn bar_style(with_eta: bool) -> indicatif::ProgressStyle {
    let template = if with_eta {
        "{msg} [{bar:30}] {percent:>3}% {elapsed_precise}, about {eta} left"
    } else {
        "{msg} [{bar:30}] {percent:>3}% {elapsed_precise}, estimating the time left"
    };
    indicatif::ProgressStyle::with_template(template).expect("a valid template").progress_chars("=> ")
}

impl BuildReport {
    fn new(spec: &PatternSpec, asked: bool) -> BuildReport {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = indicatif::ProgressBar::hidden();
            bar.set_style(bar_style(false));
            bar.set_message(format!("building {}x{} {} pattern databases", spec.rows(), spec.cols(), spec.partition()));
            bar
        });
        BuildReport { lines: bar.is_none() && asked, bar, started: None, tenths: 0, eta_shown: false }
    }

    fn update(&mut self, spec: &PatternSpec, p: BuildProgress) {
        let started = *self.started.get_or_insert_with(|| {
            eprintln!(
                "building pattern databases {} ({}, about {} of memory, {} on disk, {} on {} cores); this happens once",
                spec.partition(),
                spec.key(),
                human_bytes(spec.build_memory_bytes() as f64),
                human_bytes((0..spec.groups().len()).map(|g| spec.table_bytes(g)).sum::<usize>() as f64),
                rough_duration(spec.build_seconds(cores())),
                cores()
            );
            if let Some(bar) = &self.bar {
                bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
                bar.set_length(p.total);
            }
            Instant::now()
        });
        if let Some(bar) = &self.bar {
            bar.set_position(p.done);
            if !self.eta_shown && started.elapsed() >= ETA_AFTER && p.done * 100 >= p.total {
                self.eta_shown = true;
                bar.set_style(bar_style(true));
            }
        } else if self.lines && p.total > 0 {
            let tenths = p.done * 10 / p.total;
            if tenths > self.tenths && tenths < 10 {
                self.tenths = tenths;
                let elapsed = started.elapsed();
                let left = elapsed.mul_f64((p.total - p.done) as f64 / p.done.max(1) as f64);
                eprintln!("{}0% after {}, about {} left", tenths, duration(elapsed), duration(left));
            }
        }
    }

    fn finish(self) {
        if let Some(bar) = self.bar {
            bar.finish_and_clear();
        }
    }
}

/// `about 6 min`, `about 40 s`, `under a second`: a time estimate.
fn rough_duration(seconds: f64) -> String {
    match seconds {
        s if s < 1.0 => "under a second".to_string(),
        s if s < 90.0 => format!("about {:.0} s", s),
        s => format!("about {:.0} min", s / 60.0),
    }
}

/// `1 min 05 s`, `42 s`.
fn duration(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 60 { format!("{} min {:02} s", s / 60, s % 60) } else { format!("{s} s") }
}

fn load_with_account(spec: &PatternSpec, asked: bool) -> (pdb_cache::Loaded, String) {
    let started = Instant::now();
    let dir = pdb_cache::default_dir();
    let mut report = BuildReport::new(spec, asked);
    let loaded = pdb_cache::load_or_build(spec, dir.as_deref(), cores(), |p| report.update(spec, p));
    report.finish();
    let place =
        loaded.path.as_ref().map_or_else(|| "nowhere (no cache directory)".to_string(), |p| p.display().to_string());
    if let Origin::Rebuilt { reason } = &loaded.origin {
        let _ = writeln!(
            std::io::stderr().lock(),
            "warning: the pattern database cache could not be used ({reason}); rebuilt it"
        );
    }
    let how = match loaded.origin {
        Origin::Loaded => "mapped from",
        Origin::Built | Origin::Rebuilt { .. } => "built, saved to",
    };
    let account = account(spec, &loaded.database, how, &place, started);
    (loaded, account)
}
