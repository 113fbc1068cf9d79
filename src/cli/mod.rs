//! The `fifteen` command's arguments (clap) and one module of glue per
//! subcommand; [`run`] parses them and runs the subcommand.

mod batch;
mod bench;
mod bench_near;
mod bench_search;
#[cfg(feature = "net")]
mod bench_serve;
mod board_source;
#[cfg(feature = "net")]
mod bot;
mod check;
mod choices;
mod coach;
mod coach_plot;
mod coach_watch;
mod compare;
mod compare_page;
mod compare_watch;
mod error;
mod graph;
mod keys;
mod near_par;
mod numbers;
mod paths;
mod pdb;
mod record;
mod replay;
mod replay_window;
mod scramble;
#[cfg(feature = "net")]
mod serve;
mod sizes;
mod solve;
mod solve_search;
mod solve_source;
mod strategy;
mod train;
mod train_history;
mod train_practice;
mod train_store;
mod watch;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

pub(crate) use error::CliError;

const MOVES_HELP: &str = "\
Moves are letters naming the direction a TILE slides into the blank:
  U  the tile below the blank slides up    (the blank goes down)
  D  the tile above the blank slides down  (the blank goes up)
  L  the tile right of the blank slides left
  R  the tile left of the blank slides right";

/// Solves sliding-tile puzzles of any size the way a person would.
///
/// With no command, `fifteen [OPTIONS]` is `fifteen watch [OPTIONS]`: a
/// window showing a random 4×4 (or the board asked for) being solved.
#[derive(Parser, Debug)]
#[command(name = "fifteen", version, about, after_help = MOVES_HELP, args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<CliCommand>,
    #[command(flatten)]
    watch: watch::WatchOptions,
}

#[derive(Subcommand, Debug)]
enum CliCommand {
    /// Print a random solvable board.
    Scramble(scramble::ScrambleCommand),
    /// Solve a board and print the moves.
    // 110 columns: the effort table's rows fit whole.
    #[command(after_help = MOVES_HELP, after_long_help = strategy::solve_long_help(), term_width = 120)]
    Solve(solve::SolveCommand),
    /// Replay moves on a board: `ok N` when they solve it, else the first illegal move.
    #[command(after_help = check::CHECK_HELP)]
    Check(check::CheckCommand),
    /// A person's solve (a slidysim replay link) beside fifteen's, line by line.
    #[command(after_help = compare::COMPARE_HELP)]
    Compare(compare::CompareCommand),
    /// A person's solve coached: what each line lost against fifteen's par, and fifteen's way.
    #[command(after_help = coach::coach_help())]
    Coach(coach::CoachCommand),
    /// Drills from a person's own costliest lines, and the history of their attempts.
    #[command(after_help = train::TRAIN_HELP)]
    Train(train::TrainCommand),
    /// Build the whole state graph of a small board (up to 10 cells).
    Graph(graph::GraphCommand),
    /// Measure a solver's moves and speed on random boards.
    #[command(after_help = bench::BENCH_HELP)]
    Bench(bench::BenchCommand),
    /// Build the optimal solver's pattern databases (`pdb build --partition 7-8`).
    Pdb(pdb::PdbCommand),
    /// Serve the game over websockets, with a page to play and watch in a browser.
    #[cfg(feature = "net")]
    #[command(after_help = serve::SERVE_HELP)]
    Serve(serve::ServeCommand),
    /// Play a game server: solve the board dealt, send the moves, check every state.
    #[cfg(feature = "net")]
    #[command(after_help = bot::BOT_HELP)]
    Bot(bot::BotCommand),
    /// Benchmark the game server with many concurrent games.
    #[cfg(feature = "net")]
    #[command(hide = true)]
    BenchServe(bench_serve::BenchServeCommand),
    /// Watch the solve in a window, phase by phase (the default command).
    #[command(after_help = watch::watch_help())]
    Watch(watch::WatchCommand),
    /// Play a person's solve (a slidysim replay link) with splits per line.
    #[command(after_help = replay::REPLAY_HELP)]
    Replay(replay::ReplayCommand),
    /// Record the solve as a GIF, one frame as a PNG, or a page (HTML) that plays it.
    #[command(after_help = record::RECORD_HELP)]
    Record(record::RecordCommand),
    /// Play yourself in a window, with hints from the strategy.
    #[command(after_help = watch::watch_help())]
    Play(watch::WatchCommand),
}

/// Runs the `fifteen` command on this process's arguments: parses them and
/// runs the subcommand. `--help` and `--version` print their text and
/// return; every error is returned for `main` to print once, as one `error:`
/// line, and to exit with [`CliError::exit_code`].
pub(crate) fn run() -> Result<(), CliError> {
    let cli = match parse() {
        Ok(cli) => cli,
        Err(err) if !err.use_stderr() => return err.print().map_err(CliError::Write),
        Err(err) => return Err(CliError::Usage(usage_error(&err))),
    };
    match cli.command {
        Some(CliCommand::Scramble(cmd)) => scramble::run(cmd),
        Some(CliCommand::Solve(cmd)) => solve::run(cmd),
        Some(CliCommand::Check(cmd)) => check::run(cmd),
        Some(CliCommand::Compare(cmd)) => compare::run(cmd),
        Some(CliCommand::Coach(cmd)) => coach::run(cmd),
        Some(CliCommand::Train(cmd)) => train::run(cmd),
        Some(CliCommand::Graph(cmd)) => graph::run(cmd),
        Some(CliCommand::Bench(cmd)) => bench::run(cmd),
        Some(CliCommand::Pdb(cmd)) => pdb::run(cmd),
        #[cfg(feature = "net")]
        Some(CliCommand::Serve(cmd)) => serve::run(cmd),
        #[cfg(feature = "net")]
        Some(CliCommand::Bot(cmd)) => bot::run(cmd),
        #[cfg(feature = "net")]
        Some(CliCommand::BenchServe(cmd)) => bench_serve::run(cmd),
        Some(CliCommand::Replay(cmd)) => replay::run(cmd),
        Some(CliCommand::Watch(cmd)) => watch::run(cmd, false),
        Some(CliCommand::Play(cmd)) => watch::run(cmd, true),
        Some(CliCommand::Record(cmd)) => record::run(cmd),
        // No command: watch a random 4×4 (or the board the options ask for).
        None => watch::run(cli.watch.into(), false),
    }
}

/// Parses the command line with negative numbers taken as values in every
/// subcommand, so `--speed -1` reaches the option's own check instead of
/// being read as a flag named `-1`.
fn parse() -> Result<Cli, clap::Error> {
    let mut command = Cli::command().allow_negative_numbers(true);
    let names: Vec<String> = command.get_subcommands().map(|c| c.get_name().to_string()).collect();
    for name in names {
        command = command.mut_subcommand(name, |sub| sub.allow_negative_numbers(true));
    }
    let mut matches = command.try_get_matches()?;
    Cli::from_arg_matches_mut(&mut matches)
}

/// A command-line error as printed after `error: `: a bad value as "--speed
/// must be positive, got -1"; otherwise clap's message, a list of arguments
/// keeping a line each, with its tips and possible values but without the
/// usage and the pointer to `--help`.
fn usage_error(err: &clap::Error) -> String {
    if err.kind() == ErrorKind::ValueValidation {
        let arg = err.get(ContextKind::InvalidArg);
        let value = err.get(ContextKind::InvalidValue);
        let reason = std::error::Error::source(err).map(ToString::to_string);
        // The parsers in `numbers` say "must be …" or "is too large": those
        // read as a sentence after the option's name.
        if let (Some(ContextValue::String(arg)), Some(ContextValue::String(value)), Some(reason)) =
            (arg, value, reason.filter(|r| r.starts_with("must ") || r.starts_with("is ")))
        {
            let name = arg.split(' ').next().unwrap_or(arg);
            return format!("{name} {reason}, got {value}");
        }
    }
    // A list of arguments keeps a line each; tips and possible values join
    // the line they explain.
    let text = err.render().to_string();
    let mut out = String::new();
    let mut in_usage = false;
    for line in text.lines().map(str::trim_end) {
        let trimmed = line.trim_start();
        // The usage block runs from `Usage:` to the next blank line.
        in_usage = line.starts_with("Usage:") || (in_usage && !trimmed.is_empty());
        if in_usage || trimmed.is_empty() || line.starts_with("For more information") {
            continue;
        }
        if out.is_empty() {
            out.push_str(trimmed.trim_start_matches("error: "));
        } else if trimmed.starts_with('-') || trimmed.starts_with('<') {
            out.push_str("\n  ");
            out.push_str(trimmed);
        } else {
            out.push_str("; ");
            out.push_str(trimmed);
        }
    }
    out
}
