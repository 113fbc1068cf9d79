//! Where a command's board comes from: a file, stdin, or a scramble.

use std::io::{IsTerminal, Read};
use std::path::PathBuf;

use clap::Args;
use fifteen_core::{Board, Scramble};

use super::error::CliError;
use super::numbers::{positive_count, whole};
use super::sizes::{self, Use};

/// A board read from a file or stdin.
#[derive(Args, Debug, Clone)]
pub struct BoardInput {
    /// Board file: one row per line, blank as 0 or _, up to 10000×10000 (`-`
    /// or nothing: stdin).
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
}

impl BoardInput {
    pub fn read(&self) -> Result<Board, CliError> {
        let (text, path) = match &self.file {
            Some(path) if path.as_os_str() != "-" => {
                let bytes = std::fs::read(path)
                    .map_err(|source| CliError::Read { what: path.display().to_string(), source })?;
                (decode(bytes, &path.display().to_string())?, Some(path.clone()))
            }
            _ => {
                if std::io::stdin().is_terminal() {
                    eprintln!(
                        "reading a board from the terminal: one row per line, the blank as 0 or _; \
                         end with Ctrl-D (or pipe one in: fifteen scramble | fifteen solve)"
                    );
                }
                let mut bytes = Vec::new();
                std::io::stdin()
                    .read_to_end(&mut bytes)
                    .map_err(|source| CliError::Read { what: "stdin".into(), source })?;
                (decode(bytes, "stdin")?, None)
            }
        };
        text.parse::<Board>().map_err(|source| CliError::BadBoard { source, path })
    }
}

/// `bytes` as text, or an error naming `what` held something else.
pub fn decode(bytes: Vec<u8>, what: &str) -> Result<String, CliError> {
    String::from_utf8(bytes).map_err(|e| CliError::Read {
        what: what.to_string(),
        source: std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("not UTF-8 text (byte {})", e.utf8_error().valid_up_to()),
        ),
    })
}

/// The shape and mixing of a random board.
#[derive(Args, Debug, Clone, Default)]
pub struct ScrambleArgs {
    /// Square board of N×N, N from 2 to 10000 (watch and play: to 1000;
    /// serve: to 100).
    #[arg(long, short = 'n', value_name = "N", conflicts_with_all = ["rows", "cols"], value_parser = positive_count)]
    pub size: Option<usize>,
    /// Rows (with --cols); rows × cols at most 100 000 000 (watch and play:
    /// 1 000 000; serve: 10 000).
    #[arg(long, value_name = "R", requires = "cols", value_parser = positive_count)]
    pub rows: Option<usize>,
    /// Columns (with --rows).
    #[arg(long, value_name = "C", requires = "rows", value_parser = positive_count)]
    pub cols: Option<usize>,
    /// Make K random slides from the goal instead (never undoing the last one).
    #[arg(long, value_name = "K", value_parser = whole)]
    pub walk: Option<u64>,
    /// Seed for a reproducible board (same seed, same board, on every machine).
    #[arg(long, value_name = "S", value_parser = whole)]
    pub seed: Option<u64>,
}

impl ScrambleArgs {
    /// Rows and columns asked for, or `default`.
    pub fn shape(&self, default: usize) -> (usize, usize) {
        match (self.size, self.rows, self.cols) {
            (Some(n), _, _) => (n, n),
            (None, Some(r), Some(c)) => (r, c),
            _ => (default, default),
        }
    }

    /// The seed asked for, or a fresh one from the operating system.
    pub fn seed(&self) -> u64 {
        self.seed.unwrap_or_else(rand::random)
    }

    /// A random solvable board of the shape asked for (`default`×`default`
    /// if none), refused before anything is allocated when it is too big for
    /// what the command does with it.
    pub fn board(&self, default: usize, what: Use) -> Result<Board, CliError> {
        let (rows, cols) = self.shape(default);
        sizes::check(rows, cols, what)?;
        let how = self.walk.map_or(Scramble::Uniform, Scramble::Walk);
        Ok(Board::scrambled(rows, cols, how, self.seed())?)
    }
}
