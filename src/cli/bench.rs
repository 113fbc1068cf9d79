//! `fifteen bench`: moves and speed of the human solver over random boards.

use std::io::Write;
use std::time::Instant;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Args, ValueEnum};
use fifteen_core::board::Replay;
use fifteen_core::human::{Effort, Event, Finish, MAX_EXACT_CELLS, Order, Planner};
use fifteen_core::{Board, HumanOptions, Move, MoveNotation, Scramble};

use super::error::CliError;
use super::numbers::whole;
use super::sizes::{self, Use, thousands};

pub const BENCH_HELP: &str = "\
Columns: mean moves, moves/n³, MMD (moves over the start board's Manhattan
distance), the boards' Manhattan distance over n³, the mean time a board,
moves a second, × replay (the solve's time over the time replaying its moves
on a copy of the board the way `fifteen check` does, every solve replayed to
the goal), and the process's peak resident memory.";

#[derive(Args, Debug)]
pub struct BenchCommand {
    /// Board sizes, comma-separated: n for n×n, or RxC for R rows and C
    /// columns (moves/n³ then divides by R·C·(R+C)/2, which is n³ for n×n);
    /// the largest is 10000×10000 (default: 4,10,30,100,300; with
    /// `--solver near`, 5).
    #[arg(long, value_delimiter = ',')]
    sizes: Vec<Size>,
    /// Boards per size (default: 300 up to 10×10, 50 up to 30×30, 10 up to
    /// 100×100, 3 up to 300×300, then 1).
    #[arg(long, value_parser = whole)]
    count: Option<u64>,
    /// Seed of the first board; board k of a size uses seed S + k.
    #[arg(long, default_value_t = 1, value_parser = whole)]
    seed: u64,
    /// Methods to measure, comma-separated, a line each (and, for more than
    /// one, their moves/n³ side by side at the end): `free` (the solver's
    /// default order), `rows`, `shells`, `exact` (exact stages, boards of
    /// up to 16 cells) or `all`.
    #[arg(long, value_enum, value_delimiter = ',', default_value = "free")]
    method: Vec<MethodArg>,
    /// Efforts to measure for each method, comma-separated: `fast`,
    /// `normal`, `best` or `auto` (the default for the size).
    #[arg(long, value_parser = super::choices::effort(), value_delimiter = ',', default_value = "auto")]
    effort: Vec<Effort>,
    /// Sweep order (the same as --method; `both` is rows and shells).
    #[arg(long, value_parser = order_methods(), hide = true)]
    order: Option<&'static [MethodArg]>,
    /// `human`: moves and speed per size. `optimal`: random 15-puzzles solved
    /// optimally, one line each (length, nodes, ms; --count defaults to 100).
    /// `near`: boards of 17 to 49 cells solved by `solve --solver near` for
    /// --time seconds each, one line each (length, lower bound, the optimum
    /// when --boards gives it, the human solver's `best`; --count defaults
    /// to 10).
    #[arg(long, value_enum, default_value_t = BenchSolver::Human)]
    solver: BenchSolver,
    /// (near) Seconds a board; several, comma-separated (`10,60,300`),
    /// solve each board once per budget and give a line of means per
    /// budget: how the length falls with the time.
    #[arg(long, value_name = "S", value_parser = super::numbers::positive_real, value_delimiter = ',', default_value = "5")]
    time: Vec<f64>,
    /// (near) Time each board by the process's processor time over the
    /// solver's two threads instead of the wall clock: on a machine busy
    /// with other work, what the search finds on two idle cores in --time
    /// (the `s` column stays the wall clock's).
    #[arg(long)]
    cpu_clock: bool,
    /// (near) Boards from a file instead of random ones, one a line as
    /// `solve --batch` reads them; a JSON line's `"optimal": N` is the
    /// board's known optimal length (benches/data/korf-felner-24.jsonl).
    #[arg(long, value_name = "FILE", conflicts_with = "sizes")]
    boards: Option<std::path::PathBuf>,
    /// Threads a `best` solve's look-ahead may share (default: one per
    /// core); the moves are the same for any number.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
}

/// A board shape to measure: `10` (10×10) or `10x30`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Size {
    rows: usize,
    cols: usize,
}

impl std::str::FromStr for Size {
    type Err = String;

    fn from_str(text: &str) -> Result<Size, String> {
        let side = |part: &str| {
            part.trim()
                .parse::<usize>()
                .map_err(|_| format!("'{text}' is not a size: write n (n×n) or RxC, like 10x30"))
        };
        let (rows, cols) = match text.split_once(['x', 'X', '×']) {
            Some((rows, cols)) => (side(rows)?, side(cols)?),
            None => (side(text)?, side(text)?),
        };
        if rows < 2 || cols < 2 {
            return Err(format!("'{text}': a board needs at least 2 rows and 2 columns"));
        }
        Ok(Size { rows, cols })
    }
}

impl std::fmt::Display for Size {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.rows == self.cols { write!(f, "{}", self.rows) } else { write!(f, "{}x{}", self.rows, self.cols) }
    }
}

impl Size {
    /// The side of a square board with as many cells.
    fn side(self) -> usize {
        ((self.rows * self.cols) as f64).sqrt().round() as usize
    }

    /// n³ for n×n: R·C·(R+C)/2 (cells times the mean side).
    fn cube(self) -> f64 {
        (self.rows * self.cols) as f64 * (self.rows + self.cols) as f64 / 2.0
    }
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum MethodArg {
    /// row by row, pairs, last block
    Rows,
    /// the shorter line first until square, then rows and columns alternately
    Shells,
    /// rows and columns in whichever order takes fewer moves (the default solver)
    Free,
    /// exact stages (`solve --finish exact`), boards of up to 16 cells
    Exact,
    /// every method that takes the size
    All,
}

/// Parses the hidden `--order`, the methods it stands for: an order's
/// name is its method's, and `both` (hidden too) is rows and shells.
fn order_methods() -> impl TypedValueParser<Value = &'static [MethodArg]> {
    let orders = super::choices::ORDERS.iter().map(|c| PossibleValue::new(c.name).help(c.help));
    let both = PossibleValue::new("both").hide(true);
    PossibleValuesParser::new(orders.chain([both])).map(|name| {
        match super::choices::ORDERS.iter().find(|c| c.name == name).map(|c| c.value) {
            Some(Order::Rows) => &[MethodArg::Rows][..],
            Some(Order::Shells) => &[MethodArg::Shells],
            Some(_) => &[MethodArg::Free],
            // `both`, the one value allowed that names no order.
            None => &[MethodArg::Rows, MethodArg::Shells],
        }
    })
}

/// One way of solving that the bench measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Method {
    order: Order,
    finish: Finish,
    /// `None`: auto, the effort for each size.
    effort: Effort,
}

impl Method {
    fn name(self) -> String {
        match self.finish {
            Finish::Pairs if self.effort == Effort::Auto => self.order.name().into(),
            // The default effort goes unnamed (the effort column says which it was).
            Finish::Pairs => format!("{}/{}", self.order.name(), self.effort_name()),
            other => other.name().into(),
        }
    }

    fn effort_name(self) -> &'static str {
        self.effort.name()
    }

    fn effort(self, size: Size) -> Effort {
        self.effort.resolve(size.rows, size.cols)
    }

    fn takes(self, size: Size) -> bool {
        self.finish == Finish::Pairs || size.rows * size.cols <= MAX_EXACT_CELLS
    }
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum BenchSolver {
    Human,
    Optimal,
    Near,
}

/// The sizes measured unless `--sizes` says.
const DEFAULT_SIZES: [Size; 5] = [
    Size { rows: 4, cols: 4 },
    Size { rows: 10, cols: 10 },
    Size { rows: 30, cols: 30 },
    Size { rows: 100, cols: 100 },
    Size { rows: 300, cols: 300 },
];

/// `--solver near`: the boards of `--boards`, else `--count` random ones
/// of each size (5×5 unless told), every board checked before any solve.
fn run_near(cmd: &BenchCommand) -> Result<(), CliError> {
    use super::bench_near;
    use fifteen_core::search::{MAX_NEAR_CELLS, MIN_NEAR_CELLS};
    let cases = match &cmd.boards {
        Some(path) => bench_near::file_cases(path)?,
        None => {
            let sizes = if cmd.sizes.is_empty() { vec![Size { rows: 5, cols: 5 }] } else { cmd.sizes.clone() };
            let mut cases = Vec::new();
            for size in sizes {
                cases.extend(bench_near::random_cases(size.rows, size.cols, cmd.count.unwrap_or(10), cmd.seed)?);
            }
            cases
        }
    };
    if let Some(case) = cases.iter().find(|c| !(MIN_NEAR_CELLS..=MAX_NEAR_CELLS).contains(&c.board.len())) {
        let (id, rows, cols) = (&case.id, case.board.rows(), case.board.cols());
        return Err(CliError::Usage(format!(
            "board {id} is {rows}×{cols}: the near solver takes boards of {MIN_NEAR_CELLS} to {MAX_NEAR_CELLS} cells"
        )));
    }
    bench_near::run(&cases, &cmd.time, cmd.cpu_clock)
}

pub fn run(cmd: BenchCommand) -> Result<(), CliError> {
    if cmd.count == Some(0) {
        return Err(CliError::Usage("--count must be positive, got 0".into()));
    }
    if cmd.solver == BenchSolver::Near {
        return run_near(&cmd);
    }
    let sizes = if cmd.sizes.is_empty() { DEFAULT_SIZES.to_vec() } else { cmd.sizes.clone() };
    for size in &sizes {
        sizes::check(size.rows, size.cols, Use::Solve)?;
    }
    if cmd.solver == BenchSolver::Optimal {
        return super::bench_search::run_optimal(cmd.count.unwrap_or(100), cmd.seed);
    }
    let count_for = |n: usize| {
        cmd.count.unwrap_or(match n {
            0..=10 => 300,
            11..=30 => 50,
            31..=100 => 10,
            101..=300 => 3,
            _ => 1,
        })
    };
    let exact = Method { order: Order::Shells, finish: Finish::Exact, effort: Effort::Fast };
    let mut methods: Vec<Method> = Vec::new();
    let asked: Vec<MethodArg> = cmd.order.map_or_else(|| cmd.method.clone(), <[MethodArg]>::to_vec);
    for arg in asked {
        let orders: &[Order] = match arg {
            MethodArg::Rows => &[Order::Rows],
            MethodArg::Shells => &[Order::Shells],
            MethodArg::Free => &[Order::Free],
            MethodArg::Exact => &[],
            MethodArg::All => &[Order::Rows, Order::Shells, Order::Free],
        };
        let mut add: Vec<Method> = orders
            .iter()
            .flat_map(|&order| cmd.effort.iter().map(move |&effort| Method { order, finish: Finish::Pairs, effort }))
            .collect();
        if matches!(arg, MethodArg::Exact | MethodArg::All) {
            add.push(exact);
        }
        for m in add {
            if !methods.contains(&m) {
                methods.push(m);
            }
        }
    }
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{:>7} {:>13} {:>6} {:>6} {:>14} {:>9} {:>6} {:>11} {:>10} {:>12} {:>9} {:>9}",
        "n",
        "method",
        "effort",
        "boards",
        "mean moves",
        "moves/n³",
        "MMD",
        "manhattan/n³",
        "mean ms",
        "moves/s",
        "× replay",
        "peak RSS"
    )?;
    // Mean moves/n³ and MMD per size and method, for the side-by-side table.
    let mut per_method: Vec<SizeRow> = Vec::new();
    let threads = cmd.threads.map_or_else(super::pdb::cores, usize::from);
    for &size in &sizes {
        let count = count_for(size.side());
        per_method.push((size, vec![None; methods.len()]));
        for (column, &method) in methods.iter().enumerate().filter(|(_, m)| m.takes(size)) {
            let mut moves = 0u64;
            let mut manhattan = 0u64;
            let mut seconds = 0f64;
            let mut replay_seconds = 0f64;
            for k in 0..count {
                let board = Board::scrambled(size.rows, size.cols, Scramble::Uniform, cmd.seed + k)?;
                manhattan += board.manhattan() as u64;
                let timed = solve_and_replay(&board, method, size, threads)?;
                seconds += timed.solve;
                replay_seconds += timed.replay;
                moves += timed.moves;
            }
            let boards = count as f64;
            let cube = size.cube();
            writeln!(
                out,
                "{:>7} {:>13} {:>6} {:>6} {:>14.1} {:>9.3} {:>6.3} {:>11.3} {:>10.2} {:>12} {:>9} {:>9}",
                size.to_string(),
                method.name(),
                if method.finish == Finish::Exact { "—" } else { method.effort(size).name() },
                count,
                moves as f64 / boards,
                moves as f64 / boards / cube,
                moves as f64 / manhattan.max(1) as f64,
                manhattan as f64 / boards / cube,
                seconds * 1e3 / boards,
                per_second(moves as f64 / seconds),
                times(seconds / replay_seconds),
                peak_rss().unwrap_or_else(|| "n/a".into()),
            )?;
            out.flush()?;
            if let Some((_, row)) = per_method.last_mut() {
                row[column] = Some((moves as f64 / boards / cube, moves as f64 / manhattan.max(1) as f64));
            }
        }
    }
    write_side_by_side(&mut out, &methods, &per_method)?;
    Ok(())
}

/// Moves the bench holds before replaying them: a 1000×1000 solve's
/// moves would fill 1.7 GB, these 1 MiB.
const REPLAY_CHUNK: usize = 1 << 20;

/// One solve's moves and times.
struct Timed {
    moves: u64,
    /// Seconds the solver took, replays excluded.
    solve: f64,
    /// Seconds replaying its moves took.
    replay: f64,
}

/// Solves `board` and replays its moves on a copy of it as `fifteen check`
/// does, each time [`REPLAY_CHUNK`] moves have been made (so memory stays
/// flat), timing the replays apart from the solve; a solve whose moves do
/// not reach the goal is an error.
fn solve_and_replay(board: &Board, method: Method, size: Size, threads: usize) -> Result<Timed, CliError> {
    let mut replay = Replay::new(board, MoveNotation::Tile);
    let mut pending: Vec<Move> = Vec::with_capacity(REPLAY_CHUNK);
    let mut replay_seconds = 0f64;
    let mut illegal = None;
    let mut flush = |pending: &mut Vec<Move>, replay: &mut Replay| {
        let started = Instant::now();
        if let Err(err) = replay.play(pending) {
            illegal.get_or_insert(err);
        }
        replay_seconds += started.elapsed().as_secs_f64();
        pending.clear();
    };
    let started = Instant::now();
    let options = HumanOptions { order: method.order, finish: method.finish, effort: method.effort(size), threads };
    let mut planner = Planner::new(board, &options)?;
    planner.run(&mut |event: &Event| {
        if let Event::Moved { mv, .. } = *event {
            pending.push(mv);
            if pending.len() == REPLAY_CHUNK {
                flush(&mut pending, &mut replay);
            }
        }
    })?;
    flush(&mut pending, &mut replay);
    let total = started.elapsed().as_secs_f64();
    let done = replay.finish().map_err(|err| CliError::Solver(err.to_string()))?;
    match illegal {
        Some(err) => Err(CliError::Solver(format!("the solver's moves do not replay: {err}"))),
        None if !done.is_solved() => {
            Err(CliError::Solver(format!("the solver's moves leave {} tiles away from home", done.misplaced)))
        }
        None => Ok(Timed { moves: done.moves, solve: total - replay_seconds, replay: replay_seconds }),
    }
}

/// A size with, per method, its mean moves/n³ and MMD (when it takes the size).
type SizeRow = (Size, Vec<Option<(f64, f64)>>);

/// Moves/n³ and MMD (moves over the start board's Manhattan distance)
/// again, a pair of columns per method, beside the people's fewest-moves
/// record for the size (moves/n³) and Parberry's 8/3; `—` where there is
/// no figure.
fn write_side_by_side(out: &mut impl Write, methods: &[Method], rows: &[SizeRow]) -> std::io::Result<()> {
    write!(out, "\n{:>8}", "moves/n³")?;
    for method in methods {
        write!(out, " {:>13} {:>6}", method.name(), "MMD")?;
    }
    writeln!(out, " {:>7} {:>7}", "record", "8/3")?;
    for (size, values) in rows {
        write!(out, "{:>8}", size.to_string())?;
        for value in values {
            match value {
                Some((per_cube, mmd)) => write!(out, " {per_cube:>13.3} {mmd:>6.3}")?,
                None => write!(out, " {:>13} {:>6}", "—", "—")?,
            }
        }
        match fifteen_core::slidysim::records::fewest_moves(size.rows).filter(|_| size.rows == size.cols) {
            Some(record) => write!(out, " {:>7.3}", record.moves / size.cube())?,
            None => write!(out, " {:>7}", "—")?,
        }
        writeln!(out, " {:>7.3}", 8.0 / 3.0)?;
    }
    Ok(())
}

/// Moves per second as people read them: `335 000`, `36.2 M`.
fn per_second(rate: f64) -> String {
    if !rate.is_finite() {
        "-".into()
    } else if rate >= 1e7 {
        format!("{:.1} M", rate / 1e6)
    } else {
        // Three significant figures, spaces between thousands.
        let magnitude = 10f64.powi((rate.max(1.0).log10().floor() as i32 - 2).max(0));
        thousands(((rate / magnitude).round() * magnitude) as u64)
    }
}

/// How many times longer one time is than another: `3.4`, `57 600`.
fn times(ratio: f64) -> String {
    if ratio.is_finite() && ratio < 100.0 { format!("{ratio:.1}") } else { per_second(ratio) }
}

/// The process's peak resident memory, from `/proc/self/status` (Linux).
fn peak_rss() -> Option<String> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(if kib >= 1024.0 * 1024.0 {
        format!("{:.2} GiB", kib / 1024.0 / 1024.0)
    } else {
        format!("{:.1} MiB", kib / 1024.0)
    })
}

#[cfg(test)]
mod tests {
    use super::{per_second, times};

    #[test]
    fn rates_read_as_numbers() {
        assert_eq!(per_second(335_212.0), "335 000");
        assert_eq!(per_second(7_812_345.0), "7 810 000");
        assert_eq!(per_second(36_240_000.0), "36.2 M");
        assert_eq!(per_second(12.4), "12");
        assert_eq!(times(3.42), "3.4");
        assert_eq!(times(57_574.7), "57 600");
    }
}
