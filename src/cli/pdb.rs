//! The command's pattern databases: the core's table cache in the command's
//! cache directory, with a progress bar while building and the warnings on
//! stderr; and `fifteen pdb build`, which builds the tables that are never
//! built unasked (7-8, 6-6-6-6).

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use clap::{Args, Subcommand, ValueEnum};
use fifteen_core::tables::{BuildProgress, Partition, TableCache, TableEvent};

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

/// `$XDG_CACHE_HOME/fifteen`, else `$HOME/.cache/fifteen`: where the
/// command keeps its tables.
pub fn cache_dir() -> Option<PathBuf> {
    let nonempty = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    nonempty("XDG_CACHE_HOME")
        .filter(|p| p.is_absolute())
        .or_else(|| nonempty("HOME").map(|home| home.join(".cache")))
        .map(|base| base.join("fifteen"))
}

/// The command's pattern databases: the core's cache in the cache
/// directory, building on every core, a build shown on stderr (a bar on a
/// terminal), warnings as `warning:` lines.
pub fn tables() -> TableCache {
    tables_saying(None)
}

/// [`tables`] that also say on stderr which they use, `{announce}
/// {account}`, as each shape's are found (`fifteen serve`'s line).
#[cfg(feature = "net")]
pub fn announcing(announce: &'static str) -> TableCache {
    tables_saying(Some(announce))
}

fn tables_saying(announce: Option<&'static str>) -> TableCache {
    let report = Mutex::new(None::<BuildReport>);
    TableCache::new(cache_dir(), cores()).with_reports(move |event| {
        let mut report = report.lock().unwrap_or_else(PoisonError::into_inner);
        match event {
            TableEvent::BuildStarts { .. } => *report = Some(BuildReport::new(&event)),
            TableEvent::Progress(progress) => {
                if let Some(report) = report.as_mut() {
                    report.update(progress);
                }
            }
            TableEvent::BuildEnds => {
                if let Some(report) = report.take() {
                    report.finish();
                }
            }
            TableEvent::Found(account) => {
                if let Some(announce) = announce {
                    eprintln!("{announce} {account}");
                }
            }
            TableEvent::Warning(text) => eprintln!("warning: {text}"),
            _ => {}
        }
    })
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
    /// of 5-5-4-5-5. The 6×6's tables in groups of 5 (`--partition 6x6`)
    /// take about 2 minutes of processor time and 0.85 GB of memory, 317 MB
    /// on disk; the 7×7's (`--partition 7x7`) about 20 minutes of processor
    /// time and 7.4 GB of memory, 2.1 GB on disk; once there, the near solver uses them
    /// instead of its groups of 3 and 4.
    /// The file is written whole and renamed into place, so stopping a
    /// build (Ctrl-C) leaves no broken file behind.
    Build {
        /// Which tables: the board they are for and its tiles' groups.
        #[arg(long, value_enum, default_value_t = PartitionArg::SevenEight)]
        partition: PartitionArg,
        /// Memory to assume available, in MB, instead of reading
        /// /proc/meminfo (for tests).
        #[arg(long, value_name = "MB", hide = true)]
        assume_available_mb: Option<u64>,
    },
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum PartitionArg {
    /// The 4×4's 6-6-3 with the mirror lookup, 11.5 MB (built at first use anyway).
    #[value(name = "6-6-3")]
    SixSixThree,
    /// The 4×4's 7-8 with the mirror lookup, four bits an entry, 288 MB.
    #[value(name = "7-8")]
    SevenEight,
    /// The 5×5's 6-6-6-6 with the mirror lookup, for the near solver, 510 MB.
    #[value(name = "6-6-6-6")]
    SixSixSixSix,
    /// The 6×6's seven groups of 5 with the mirror lookup, for the near
    /// solver, 317 MB (also `6x6`).
    #[value(name = "5-5-5-5-5-5-5", alias = "6x6")]
    SixBySixFives,
    /// The 7×7's nine groups of 5 and one of 3 with the mirror lookup, for
    /// the near solver, 2.1 GB (also `7x7`).
    #[value(name = "5-5-5-5-5-5-5-5-5-3", alias = "7x7")]
    SevenBySevenFives,
}

pub fn run(cmd: PdbCommand) -> Result<(), CliError> {
    let PdbAction::Build { partition, assume_available_mb } = cmd.action;
    let partition = match partition {
        PartitionArg::SixSixThree => Partition::SixSixThree,
        PartitionArg::SevenEight => Partition::SevenEight,
        PartitionArg::SixSixSixSix => Partition::SixSixSixSix,
        PartitionArg::SixBySixFives => Partition::SixBySixFives,
        PartitionArg::SevenBySevenFives => Partition::SevenBySevenFives,
    };
    let Some(dir) = cache_dir() else {
        return Err(CliError::Usage("no cache directory: set XDG_CACHE_HOME or HOME".into()));
    };
    // Refuse before minutes of work: too little memory, or nowhere to save.
    let already = dir.join(partition.file_name()).exists();
    let needed = partition.build_memory_bytes();
    let available = match assume_available_mb {
        Some(mb) => Some(mb * 1_000_000),
        None => sizes::available_memory(),
    };
    if let Some(available) = available.filter(|&a| a < needed && !already) {
        return Err(CliError::Solver(format!(
            "building the {} tables needs about {} of memory and {} is available; close other programs, or build them on a bigger machine and copy {} into {}",
            partition_name(partition),
            human_bytes(needed as f64),
            human_bytes(available as f64),
            partition.file_name(),
            dir.display()
        )));
    }
    check_writable(&dir)?;
    let asked = tables_saying(None);
    let started = Instant::now();
    let account = asked.build(partition).map_err(|e| CliError::Solver(e.to_string()))?;
    println!("{account} in {}", duration(started.elapsed()));
    Ok(())
}

fn partition_name(partition: Partition) -> &'static str {
    match partition {
        Partition::SixSixThree => "6-6-3",
        Partition::SevenEight => "7-8",
        Partition::SixBySixFives => "6×6 5-5-5-5-5-5-5",
        Partition::SevenBySevenFives => "7×7 5-5-5-5-5-5-5-5-5-3",
        _ => "6-6-6-6",
    }
}

/// Creates the cache directory and a file in it, so that a build is not
/// wasted on a directory it cannot write.
fn check_writable(dir: &Path) -> Result<(), CliError> {
    let probe = dir.join(format!(".write-test-{}", std::process::id()));
    let result = std::fs::create_dir_all(dir).and_then(|()| std::fs::write(&probe, b""));
    let _ = std::fs::remove_file(&probe);
    result.map_err(|e| CliError::Solver(format!("cannot write to the cache directory {}: {e}", dir.display())))
}

/// How a build is shown: a bar with the time left on a terminal, else a
/// line at every tenth (only for builds asked for: a build at first use
/// says once that it happens).
struct BuildReport {
    bar: Option<indicatif::ProgressBar>,
    lines: bool,
    started: Instant,
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
    /// The report of the build `starts` announces, saying first what it
    /// costs.
    fn new(starts: &TableEvent) -> BuildReport {
        let TableEvent::BuildStarts { partition, key, memory_bytes, disk_bytes, seconds, threads, asked } = starts
        else {
            unreachable!("a build report starts with its build")
        };
        eprintln!(
            "building pattern databases {partition} ({key}, about {} of memory, {} on disk, {} on {threads} cores); this happens once",
            human_bytes(*memory_bytes as f64),
            human_bytes(*disk_bytes as f64),
            rough_duration(*seconds),
        );
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = indicatif::ProgressBar::new(0);
            bar.set_style(bar_style(false));
            bar.set_message(format!("building {partition} pattern databases"));
            bar
        });
        BuildReport { lines: bar.is_none() && *asked, bar, started: Instant::now(), tenths: 0, eta_shown: false }
    }

    fn update(&mut self, p: BuildProgress) {
        if let Some(bar) = &self.bar {
            bar.set_length(p.total);
            bar.set_position(p.done);
            if !self.eta_shown && self.started.elapsed() >= ETA_AFTER && p.done * 100 >= p.total {
                self.eta_shown = true;
                bar.set_style(bar_style(true));
            }
        } else if self.lines && p.total > 0 {
            let tenths = p.done * 10 / p.total;
            if tenths > self.tenths && tenths < 10 {
                self.tenths = tenths;
                let elapsed = self.started.elapsed();
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
