//! Where a command's board comes from: a file, stdin, or a scramble.

use std::io::Read;
use std::path::PathBuf;

use clap::Args;
use fifteen::{Board, Scramble};

use super::error::CliError;

/// A board read from a file or stdin.
#[derive(Args, Debug, Clone)]
pub struct BoardInput {
    /// Board file: one row per line, blank as 0 or _ (`-` or nothing: stdin).
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

fn decode(bytes: Vec<u8>, what: &str) -> Result<String, CliError> {
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
    /// Square board of N×N.
    #[arg(long, short = 'n', value_name = "N", conflicts_with_all = ["rows", "cols"])]
    pub size: Option<usize>,
    /// Rows (with --cols).
    #[arg(long, value_name = "R", requires = "cols")]
    pub rows: Option<usize>,
    /// Columns (with --rows).
    #[arg(long, value_name = "C", requires = "rows")]
    pub cols: Option<usize>,
    /// Make K random slides from the goal instead (never undoing the last one).
    #[arg(long, value_name = "K")]
    pub walk: Option<u64>,
    /// Seed for a reproducible board (same seed, same board, on every machine).
    #[arg(long, value_name = "S")]
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

    /// A random solvable board of the shape asked for (`default`×`default` if none).
    pub fn board(&self, default: usize) -> Result<Board, CliError> {
        let (rows, cols) = self.shape(default);
        let how = self.walk.map_or(Scramble::Uniform, Scramble::Walk);
        Ok(Board::scrambled(rows, cols, how, self.seed())?)
    }
}
