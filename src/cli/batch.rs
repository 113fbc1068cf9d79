//! `fifteen solve --batch [FILE|-]`: many boards, one a line, solved on
//! every core, one JSON line each, in input order.
//!
//! A line is a board on one line (`1 2 3 … 0`, `[1, 2, …]`, the forms a
//! one-line board takes anywhere in fifteen) or a JSON object
//! `{"id": …, "board": …}` whose board is a flat list, a list of rows or
//! the board's text. Blank lines and `#` comment lines are skipped; every
//! other line gets exactly one answer:
//!
//! ```text
//! {"id":1,"solver":"optimal","count":52,"moves":"ULDR…","elapsed_ms":1.234,"nodes":5678}
//! {"id":2,"error":"unsolvable board: …"}
//! ```
//!
//! With `--solver near` each line also says `"lower_bound"`, and each
//! board is searched for `--time` seconds.
//!
//! The id is the object's `id`, else the line number. The reader hands
//! lines to a rayon pool (built here, with `--threads` workers), a writer
//! thread puts the answers back in input order and writes each as soon as
//! the ones before it are out, and at most [`IN_FLIGHT`] lines are held at
//! once, so input of any length streams through in bounded memory. That
//! makes the batch mode a filter (lines in, lines out, order kept) which GNU
//! parallel, Hadoop streaming or Spark's `RDD.pipe` can run over many
//! machines.

use std::collections::BTreeMap;
use std::io::{self, BufRead, IsTerminal, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use fifteen_core::board::{BoardLine, BoardLineError};
use fifteen_core::solver::Solver;
use fifteen_core::tables::Tables;
use fifteen_core::{Board, MoveNotation, Moves};
use serde_json::Value;

use super::error::CliError;
use super::solve_search::SearchRun;
use fifteen_core::tables::TableCache;

/// Lines read but not yet written, at most: enough to keep every worker
/// busy past a slow board, small enough that memory stays flat.
const IN_FLIGHT: usize = 4096;

/// What `--batch` was asked to do.
pub struct BatchOptions {
    /// The solver, and the seconds the near solver takes a board.
    pub search: SearchRun,
    pub notation: MoveNotation,
    /// Worker threads (the command's `--threads`, else every core).
    pub threads: usize,
    /// Leave the moves out of each line (`--format summary`).
    pub summary: bool,
    /// A line of totals on stderr at the end.
    pub stats: bool,
}

/// One line's answer, ready to write.
struct Answer {
    line: String,
    failed: bool,
}

/// Shared by the workers: the options, the tables (loaded when the first
/// board of their shape comes), and the time spent on the 6-6-3 tables.
struct Workers<'a> {
    options: &'a BatchOptions,
    tables: TableCache,
    slow_663_micros: AtomicU64,
}

pub fn run(input: &Path, options: BatchOptions) -> Result<(), CliError> {
    let started = Instant::now();
    let (reader, total): (Box<dyn BufRead + Send>, Option<u64>) = if input.as_os_str() == "-" {
        (Box::new(io::BufReader::new(io::stdin())), None)
    } else {
        let open = || {
            std::fs::File::open(input).map_err(|source| CliError::Read { what: input.display().to_string(), source })
        };
        let total = io::stderr().is_terminal().then(|| count_lines(open()?, input)).transpose()?;
        (Box::new(io::BufReader::with_capacity(1 << 16, open()?)), total)
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads)
        .thread_name(|i| format!("batch-{i}"))
        .build()
        .map_err(|e| CliError::Solver(format!("cannot start {} worker threads: {e}", options.threads)))?;
    let bar = progress_bar(total);
    let workers = Workers { options: &options, tables: super::pdb::tables(), slow_663_micros: AtomicU64::new(0) };
    let stop = AtomicBool::new(false);
    let (answers, received) = mpsc::channel::<(u64, Answer)>();
    let (written_tx, written) = mpsc::channel::<()>();
    let outcome = std::thread::scope(|scope| {
        let writer = scope.spawn(|| write_in_order(received, written_tx, bar.as_ref(), &stop));
        let read = pool.in_place_scope_fifo(|jobs| -> Result<u64, CliError> {
            let mut lines = reader;
            let (mut index, mut number, mut in_flight) = (0u64, 0u64, 0usize);
            let mut raw = Vec::new();
            loop {
                raw.clear();
                let n = lines.read_until(b'\n', &mut raw).map_err(|source| CliError::Read {
                    what: if input.as_os_str() == "-" { "stdin".into() } else { input.display().to_string() },
                    source,
                })?;
                if n == 0 || stop.load(Relaxed) {
                    return Ok(index);
                }
                number += 1;
                let Some(item) = Item::parse(&raw, number) else { continue };
                // Wait for room: the writer says when a line is out.
                in_flight -= written.try_iter().count();
                while in_flight >= IN_FLIGHT {
                    if written.recv().is_err() {
                        return Ok(index); // the writer stopped (a closed pipe)
                    }
                    in_flight -= 1;
                }
                in_flight += 1;
                let (answers, workers) = (answers.clone(), &workers);
                let i = index;
                jobs.spawn_fifo(move |_| {
                    let _ = answers.send((i, workers.answer(item)));
                });
                index += 1;
            }
        });
        drop(answers);
        let written = writer.join().expect("the writer does not panic");
        (read, written)
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let (read, written) = outcome;
    let lines = read?;
    let (_, failed) = match written {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(()),
        other => other?,
    };
    let slow = Duration::from_micros(workers.slow_663_micros.load(Relaxed));
    if slow > Duration::from_secs(1) {
        eprintln!(
            "hint: {:.1} s of this batch went to 4×4 solves on the 6-6-3 tables; `fifteen pdb build --partition 7-8` (once: about 2 minutes, 2.1 GB of memory, 288 MB on disk) makes them about ten times faster",
            slow.as_secs_f64()
        );
    }
    if options.stats {
        eprintln!(
            "{lines} boards, {failed} failed, {} solver, {} threads, {:.3} s",
            options.search.solver.name(),
            options.threads,
            started.elapsed().as_secs_f64()
        );
    }
    if failed > 0 {
        return Err(CliError::Solver(format!("{failed} of {lines} boards failed (see their \"error\" lines)")));
    }
    Ok(())
}

/// Lines in the input file, for the progress bar's length.
fn count_lines(file: std::fs::File, path: &Path) -> Result<u64, CliError> {
    let mut reader = io::BufReader::with_capacity(1 << 16, file);
    let mut count = 0u64;
    loop {
        let buf = reader.fill_buf().map_err(|source| CliError::Read { what: path.display().to_string(), source })?;
        if buf.is_empty() {
            return Ok(count);
        }
        count += buf.iter().filter(|&&b| b == b'\n').count() as u64;
        let n = buf.len();
        reader.consume(n);
    }
}

fn progress_bar(total: Option<u64>) -> Option<indicatif::ProgressBar> {
    if !io::stderr().is_terminal() {
        return None;
    }
    let (bar, template) = match total {
        Some(n) => (indicatif::ProgressBar::new(n), "[{bar:30}] {pos}/{len} boards, {per_sec}, about {eta} left"),
        None => (indicatif::ProgressBar::no_length(), "{spinner} {pos} boards, {per_sec}, {elapsed}"),
    };
    bar.set_style(indicatif::ProgressStyle::with_template(template).expect("a valid template").progress_chars("=> "));
    Some(bar)
}

/// Writes answers in input order as they complete; returns how many were
/// written and how many of those failed.
fn write_in_order(
    answers: mpsc::Receiver<(u64, Answer)>,
    written: mpsc::Sender<()>,
    bar: Option<&indicatif::ProgressBar>,
    stop: &AtomicBool,
) -> io::Result<(u64, u64)> {
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut pending = BTreeMap::new();
    let (mut next, mut failed) = (0u64, 0u64);
    let result = (|| {
        for (index, answer) in answers {
            pending.insert(index, answer);
            while let Some(answer) = pending.remove(&next) {
                out.write_all(answer.line.as_bytes())?;
                out.write_all(b"\n")?;
                failed += u64::from(answer.failed);
                next += 1;
                let _ = written.send(());
                if let Some(bar) = bar {
                    bar.inc(1);
                }
            }
            // Out as soon as it is known: a pipeline downstream sees each
            // line without waiting for the buffer to fill.
            out.flush()?;
        }
        out.flush()
    })();
    if result.is_err() {
        stop.store(true, Relaxed);
    }
    result.map(|()| (next, failed))
}

/// One input line: its id and the board, or why there is none.
struct Item {
    id: Value,
    board: Result<Board, String>,
}

impl Item {
    /// `None` for blank and comment lines; a line that is not a board says
    /// its number in its reason.
    fn parse(raw: &[u8], number: u64) -> Option<Item> {
        let line = BoardLine::parse_bytes(raw, number)?;
        let board = line.board.map_err(|e| match e {
            BoardLineError::NotText | BoardLineError::NotJson(_) | BoardLineError::NotAnObject(_) => {
                format!("line {number}: {e}")
            }
            other => other.to_string(),
        });
        Some(Item { id: line.id, board })
    }
}

/// The JSON line answering a board solved, its fields in this order.
#[derive(serde::Serialize)]
struct SolvedLine<'a> {
    id: &'a Value,
    solver: &'static str,
    count: usize,
    /// Left out with `--summary`.
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<String>,
    elapsed_ms: f64,
    nodes: Option<u64>,
    /// The near solver's proven lower bound, when it ran.
    #[serde(skip_serializing_if = "Option::is_none")]
    lower_bound: Option<u32>,
}

/// The JSON line answering a board that could not be solved.
#[derive(serde::Serialize)]
struct FailedLine<'a> {
    id: &'a Value,
    error: String,
}

/// A solved line.
struct Solved {
    moves: Moves,
    nodes: Option<u64>,
    /// The near solver's proven lower bound.
    lower_bound: Option<u32>,
    /// Time spent solving (not loading tables).
    elapsed: Duration,
}

impl Workers<'_> {
    fn answer(&self, item: Item) -> Answer {
        let solved = item.board.and_then(|board| {
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.solve(&board)))
                .unwrap_or_else(|_| Err("internal error: the solver panicked on this board".into()))
        });
        let (line, failed) = match solved {
            Ok(solved) => {
                let notation = self.options.notation;
                let answer = SolvedLine {
                    id: &item.id,
                    solver: self.options.search.solver.name(),
                    count: solved.moves.len(),
                    moves: (!self.options.summary)
                        .then(|| solved.moves.iter().map(|&mv| notation.name(mv).letter()).collect()),
                    elapsed_ms: (solved.elapsed.as_secs_f64() * 1e6).round() / 1e3,
                    nodes: solved.nodes,
                    lower_bound: solved.lower_bound,
                };
                (serde_json::to_string(&answer), false)
            }
            Err(error) => (serde_json::to_string(&FailedLine { id: &item.id, error }), true),
        };
        Answer { line: line.expect("a batch answer serializes"), failed }
    }

    fn solve(&self, board: &Board) -> Result<Solved, String> {
        board.check_solvable().map_err(|e| format!("unsolvable board: {e}"))?;
        let search = self.options.search;
        let solver = search.solver;
        // A batch wants answers in bounded time: the optimal solver only
        // where it finishes in seconds (on 17 to 49 cells it would run to
        // its proof, hours a board; `near` answers those in set time).
        if solver == Solver::Optimal {
            fifteen_core::search::check_optimal_size(board).map_err(|e| e.to_string())?;
        }
        let (found, elapsed) =
            super::solve_search::find(board, search, &self.tables, &|_| {}).map_err(|e| e.to_string())?;
        let on_663 = || self.tables.optimal(board.rows(), board.cols()).is_some_and(|pdb| pdb.partition() == "6-6-3");
        if solver == Solver::Optimal && on_663() {
            self.slow_663_micros.fetch_add(elapsed.as_micros() as u64, Relaxed);
        }
        Ok(Solved {
            nodes: found.stats.map(|s| s.expanded),
            lower_bound: (solver == Solver::Near).then_some(found.lower_bound).flatten(),
            moves: found.moves,
            elapsed,
        })
    }
}
