//! `fifteen check`: replay moves on a board and say whether they solve it.
//!
//! The moves are read in chunks and replayed as they come
//! ([`fifteen_core::board::Replay`]), so a 1000×1000 solve's billions of moves
//! check in seconds and constant memory.

use std::fs::File;
use std::io::{self, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};

use clap::Args;
use fifteen_core::board::{Replay, ReplayError};
use fifteen_core::{Board, MoveNotation};

use super::board_source::BoardInput;
use super::error::CliError;

pub const CHECK_HELP: &str = "\
Prints `ok N` (N moves played) and exits 0 when the moves solve the board.
Otherwise it names the first illegal move (counted from 1) or how many tiles
the moves leave away from home, and exits 1; a board or moves it cannot read
exit 2.

Moves are letters naming the direction a TILE slides into the blank (U D L R,
either case, a count after a letter repeating it: R3U2L), or the words up,
down, left, right; white space, new lines and commas between them are
ignored. So the output of `fifteen solve` (letters or --format words) checks
as it is:
  fifteen scramble --size 5 --seed 1 > board
  fifteen solve board | fifteen check board -";

/// Bytes read from the moves at a time.
const CHUNK: usize = 1 << 20;

#[derive(Args, Debug)]
pub struct CheckCommand {
    /// Board file: one row per line, blank as 0 or _ (rows may be split by
    /// `/`, as in `1 2 3/4 5 6/7 8 0`, which may also be given here
    /// instead of a file); `-`: stdin.
    #[arg(value_name = "BOARD")]
    board: PathBuf,
    /// Moves file (`-`: stdin).
    #[arg(value_name = "MOVES")]
    moves: PathBuf,
    /// The moves name the direction the blank goes (as `solve --notation
    /// blank` writes them), not the tile's.
    #[arg(long)]
    blank: bool,
}

pub fn run(cmd: CheckCommand) -> Result<(), CliError> {
    let (board_stdin, moves_stdin) = (is_stdin(&cmd.board), is_stdin(&cmd.moves));
    if board_stdin && moves_stdin {
        return Err(CliError::Usage("the board and the moves cannot both come from stdin (`-`)".into()));
    }
    let board = read_board(&cmd.board)?;
    let notation = if cmd.blank { MoveNotation::Blank } else { MoveNotation::Tile };
    let mut replay = Replay::new(&board, notation);
    let what = if moves_stdin { "stdin".to_string() } else { cmd.moves.display().to_string() };
    let result = if moves_stdin {
        if io::stdin().is_terminal() {
            eprintln!("reading moves from the terminal (U D L R …); end with Ctrl-D");
        }
        feed(&mut replay, io::stdin().lock(), &what)
    } else {
        let file = File::open(&cmd.moves).map_err(|source| CliError::Read { what: what.clone(), source })?;
        feed(&mut replay, file, &what)
    };
    let done = result.and_then(|()| replay.finish().map_err(|err| verdict(err, &what)))?;
    if !done.is_solved() {
        return Err(CliError::Check(format!(
            "the moves end short of the goal: after {} {}, {} {} not home",
            done.moves,
            if done.moves == 1 { "move" } else { "moves" },
            done.misplaced,
            if done.misplaced == 1 { "tile is" } else { "tiles are" },
        )));
    }
    writeln!(io::stdout().lock(), "ok {}", done.moves)?;
    Ok(())
}

fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// The board from a file or stdin, or from the argument itself when no
/// file has that name and it reads as a board (`"1 2 3/4 5 6/7 8 0"`).
fn read_board(arg: &Path) -> Result<Board, CliError> {
    let input = BoardInput { file: Some(arg.to_path_buf()) };
    if is_stdin(arg) || arg.exists() {
        return input.read();
    }
    match arg.to_str().map(str::parse::<Board>) {
        Some(Ok(board)) => Ok(board),
        _ => input.read(),
    }
}

/// Reads `from` in chunks of [`CHUNK`] bytes into the replay.
fn feed(replay: &mut Replay, mut from: impl Read, what: &str) -> Result<(), CliError> {
    let mut buffer = vec![0u8; CHUNK];
    loop {
        let read = match from.read(&mut buffer) {
            Ok(0) => return Ok(()),
            Ok(read) => read,
            Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
            Err(source) => return Err(CliError::Read { what: what.to_string(), source }),
        };
        replay.feed(&buffer[..read]).map_err(|err| verdict(err, what))?;
    }
}

/// An illegal move is the check's answer (exit 1); text that is not moves
/// is bad input (exit 2).
fn verdict(err: ReplayError, what: &str) -> CliError {
    match err {
        ReplayError::Illegal(illegal) => CliError::Check(illegal.to_string()),
        other => CliError::Usage(format!("{what}: {other}")),
    }
}
