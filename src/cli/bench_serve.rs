//! `fifteen bench-serve` (hidden): the server benchmark.
//!
//! For each number of games C, starts `fifteen serve` as a child process on a
//! free loopback port, plays C games of random legal moves at once against it
//! (every state checked against a replay), and reports moves per second, the
//! round-trip p50/p99 and the server's peak resident memory (Linux: VmHWM).
//! With `--optimal`, every game also asks for the optimal distance and waits
//! for each position's answer before its next move; the answers' p50, p99
//! and max (from the move) are reported too.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Stdio};

use clap::Args;
use fifteen_net::Load;

use super::error::CliError;
use super::numbers::{non_negative_real, positive_count};

#[derive(Args, Debug)]
pub struct BenchServeCommand {
    /// Games at once, one run (and one fresh server) per value.
    #[arg(long, value_name = "C,…", value_delimiter = ',', default_value = "1,100,1000", value_parser = positive_count)]
    games: Vec<usize>,
    /// Random legal moves per game.
    #[arg(long, value_name = "M", default_value_t = 100, value_parser = positive_count)]
    moves: usize,
    /// Board size.
    #[arg(long, short = 'n', value_name = "N", default_value_t = 4, value_parser = positive_count)]
    size: usize,
    /// Milliseconds each game waits after an answer before its next move (0: flat out).
    #[arg(long, value_name = "MS", default_value_t = 0.0, value_parser = non_negative_real)]
    pace: f64,
    /// Ask for the optimal distance ({"Optimal":true}) and wait for each
    /// position's answer before the next move (boards of up to 16 cells).
    #[arg(long)]
    optimal: bool,
}

pub fn run(cmd: BenchServeCommand) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    let pace = std::time::Duration::try_from_secs_f64(cmd.pace / 1e3)
        .map_err(|_| CliError::Usage(format!("--pace {} is not a number of milliseconds", cmd.pace)))?;
    let how = if pace.is_zero() { "flat out".to_string() } else { format!("one every {} ms", cmd.pace) };
    let waiting = if cmd.optimal { ", each waiting for its optimal distance" } else { "" };
    writeln!(
        out,
        "{}×{} boards, {} random moves per game ({how}{waiting}), client and server on one machine",
        cmd.size, cmd.size, cmd.moves
    )?;
    let answers = if cmd.optimal { " optimal p50 ms | p99 ms | max ms |" } else { "" };
    let more = if cmd.optimal { "---:|---:|---:|" } else { "" };
    writeln!(
        out,
        "| games | moves | moves/s | p50 ms | p99 ms | max ms | server CPU per move | server peak RSS |{answers}"
    )?;
    writeln!(out, "|---:|---:|---:|---:|---:|---:|---:|---:|{more}")?;
    for &games in &cmd.games {
        let mut server = ServerProcess::start(cmd.size, games)?;
        let load = Load { pace, optimal: cmd.optimal, ..Load::new(games, cmd.moves) };
        let result = load.run(&format!("ws://{}/ws", server.addr));
        let peak = server.peak_kib();
        let cpu = server.cpu_seconds();
        server.stop();
        let report = result?;
        let ms = |p: f64| report.percentile(p).as_secs_f64() * 1e3;
        let peak = peak.map_or("n/a".to_string(), |kib| format!("{:.1} MB", kib as f64 / 1024.0));
        let cpu = cpu.map_or("n/a".to_string(), |s| format!("{:.1} µs", s * 1e6 / report.moves.max(1) as f64));
        let answers = if cmd.optimal {
            let ms = |p: f64| report.answer_percentile(p).as_secs_f64() * 1e3;
            format!(" {:.3} | {:.3} | {:.3} |", ms(50.0), ms(99.0), ms(100.0))
        } else {
            String::new()
        };
        writeln!(
            out,
            "| {games} | {} | {:.0} | {:.3} | {:.3} | {:.3} | {cpu} | {peak} |{answers}",
            report.moves,
            report.moves_per_second(),
            ms(50.0),
            ms(99.0),
            ms(100.0),
        )?;
        out.flush()?;
    }
    Ok(())
}

struct ServerProcess {
    child: Child,
    addr: String,
}

impl ServerProcess {
    fn start(size: usize, games: usize) -> Result<ServerProcess, CliError> {
        let exe = std::env::current_exe().map_err(|e| CliError::Usage(format!("cannot find fifteen itself: {e}")))?;
        let mut child = Command::new(exe)
            .args(["serve", "--addr", "127.0.0.1:0", "--seed", "1", "--size", &size.to_string()])
            .args(["--max-games", &(games + 16).to_string()])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| CliError::Usage(format!("cannot start fifteen serve: {e}")))?;
        let mut lines = BufReader::new(child.stderr.take().expect("stderr is piped")).lines();
        let first = lines.next().and_then(Result::ok).unwrap_or_default();
        // Keep reading the game log so the server never blocks on a full pipe.
        std::thread::spawn(move || lines.for_each(drop));
        let addr = first.split("http://").nth(1).and_then(|rest| rest.split('/').next()).map(str::to_string);
        match addr {
            Some(addr) => Ok(ServerProcess { child, addr }),
            None => {
                let _ = child.kill();
                Err(CliError::Usage(format!("fifteen serve did not start: {first}")))
            }
        }
    }

    /// Peak resident memory in KiB, from /proc (Linux only).
    fn peak_kib(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }

    /// User + system CPU time so far, in seconds, from /proc (Linux only;
    /// assumes the usual 100 clock ticks a second).
    fn cpu_seconds(&self) -> Option<f64> {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).ok()?;
        // Fields after the parenthesised command name; utime and stime are the 12th and 13th.
        let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
        let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
        Some(ticks as f64 / 100.0)
    }

    fn stop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
