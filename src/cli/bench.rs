//! `fifteen bench`: moves and speed of the human solver over random boards.

use std::io::Write;
use std::time::Instant;

use clap::Args;
use fifteen::human::{Order, Planner};
use fifteen::{Board, Scramble};

use super::error::CliError;
use super::solve::OrderArg;

#[derive(Args, Debug)]
pub struct BenchCommand {
    /// Board sizes n (n×n), comma-separated.
    #[arg(long, value_delimiter = ',', default_value = "4,10,30,100,300")]
    sizes: Vec<usize>,
    /// Boards per size (default: 300 up to 10×10, 50 up to 30×30, 10 up to
    /// 100×100, 3 up to 300×300, then 1).
    #[arg(long)]
    count: Option<u64>,
    /// Seed of the first board; board k of a size uses seed S + k.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Sweep order; `both` measures each.
    #[arg(long, value_enum, default_value_t = OrderArg::Shells)]
    order: OrderArg,
    /// `human`: moves and speed per size. `optimal`: random 15-puzzles solved
    /// optimally, one line each (length, nodes, ms; --count defaults to 100).
    #[arg(long, value_enum, default_value_t = BenchSolver::Human)]
    solver: BenchSolver,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum BenchSolver {
    Human,
    Optimal,
}

pub fn run(cmd: BenchCommand) -> Result<(), CliError> {
    if cmd.count == Some(0) {
        return Err(CliError::Usage("--count must be at least 1".into()));
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
    let orders: Vec<Order> = match cmd.order {
        OrderArg::Both => vec![Order::Rows, Order::Shells],
        one => vec![one.into()],
    };
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{:>5} {:>7} {:>6} {:>14} {:>9} {:>11} {:>10} {:>12} {:>9}",
        "n", "order", "boards", "mean moves", "moves/n³", "manhattan/n³", "mean ms", "moves/s", "peak RSS"
    )?;
    for &n in &cmd.sizes {
        let count = count_for(n);
        for &order in &orders {
            let mut moves = 0u64;
            let mut manhattan = 0u64;
            let mut seconds = 0f64;
            for k in 0..count {
                let board = Board::scrambled(n, n, Scramble::Uniform, cmd.seed + k)?;
                manhattan += board.manhattan() as u64;
                let started = Instant::now();
                let mut planner = Planner::new(&board, order)?;
                planner.run(&mut |_| {})?;
                seconds += started.elapsed().as_secs_f64();
                moves += planner.moves();
            }
            let boards = count as f64;
            let cube = (n * n * n) as f64;
            writeln!(
                out,
                "{:>5} {:>7} {:>6} {:>14.1} {:>9.3} {:>11.3} {:>10.2} {:>12.3e} {:>9}",
                n,
                order.name(),
                count,
                moves as f64 / boards,
                moves as f64 / boards / cube,
                manhattan as f64 / boards / cube,
                seconds * 1e3 / boards,
                moves as f64 / seconds,
                peak_rss().unwrap_or_else(|| "n/a".into()),
            )?;
            out.flush()?;
        }
    }
    Ok(())
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
