//! The command's errors and their exit codes.

use std::io;
use std::path::PathBuf;

use fifteen_core::{ParseBoardError, SizeError, Unsolvable};

/// Everything the command can fail with. Printed once, in `main`.
#[derive(Debug, thiserror::Error)]
pub(crate) enum CliError {
    /// The board text could not be read.
    #[error("{source}{}", origin(.path))]
    BadBoard { source: ParseBoardError, path: Option<PathBuf> },
    /// A replay link (or a file of them) that holds no good solve; `hint`
    /// says how to read it anyway, when a flag does.
    #[error("{origin}: {source}{hint}")]
    BadReplay { origin: String, source: fifteen_core::slidysim::SlidysimError, hint: &'static str },
    /// A size option that makes no board.
    #[error("{0}")]
    BadSize(#[from] SizeError),
    /// Options that make no sense together, or a value out of range.
    #[error("{0}")]
    Usage(String),
    /// The input file or stdin could not be read.
    #[error("cannot read {what}: {source}")]
    Read { what: String, source: io::Error },
    /// The board cannot be solved.
    #[error("unsolvable board: {0}")]
    Unsolvable(#[from] Unsolvable),
    /// `fifteen check`: the moves do not solve the board.
    #[error("{0}")]
    Check(String),
    /// A solver failed for a reason other than the board (a bug, a limit).
    #[error("{0}")]
    Solver(String),
    /// Writing the output failed.
    #[error("cannot write output: {0}")]
    Write(#[from] io::Error),
    /// `fifteen serve` could not start or run.
    #[cfg(feature = "net")]
    #[error("{0}")]
    Serve(#[from] fifteen_net::ServeError),
    /// `fifteen bot` did not finish its game.
    #[cfg(feature = "net")]
    #[error("{0}")]
    Bot(#[from] fifteen_net::BotError),
    /// The window (or its screenshot, or its picture) failed.
    #[error("{0}")]
    Window(String),
}

fn origin(path: &Option<PathBuf>) -> String {
    path.as_ref().map(|p| format!(" (in {})", p.display())).unwrap_or_default()
}

impl CliError {
    /// 2 for bad input or usage, 1 for everything else.
    pub(crate) fn exit_code(&self) -> u8 {
        match self {
            CliError::BadBoard { .. }
            | CliError::BadReplay { .. }
            | CliError::BadSize(_)
            | CliError::Usage(_)
            | CliError::Read { .. } => 2,
            #[cfg(feature = "net")]
            CliError::Serve(fifteen_net::ServeError::Size(_) | fifteen_net::ServeError::TooLarge { .. }) => 2,
            #[cfg(feature = "net")]
            CliError::Bot(fifteen_net::BotError::BadUrl(_)) => 2,
            #[cfg(feature = "net")]
            CliError::Serve(_) | CliError::Bot(_) => 1,
            CliError::Unsolvable(_)
            | CliError::Check(_)
            | CliError::Solver(_)
            | CliError::Write(_)
            | CliError::Window(_) => 1,
        }
    }
}

impl From<fifteen_core::human::HumanError> for CliError {
    fn from(err: fifteen_core::human::HumanError) -> Self {
        match err {
            fifteen_core::human::HumanError::Unsolvable(u) => CliError::Unsolvable(u),
            // A board the chosen method does not take: a usage error, as
            // for the search solvers' size limits.
            too_big @ (fifteen_core::human::HumanError::TooLong { .. }
            | fifteen_core::human::HumanError::TooBigForExact { .. }) => CliError::Usage(too_big.to_string()),
            other => CliError::Solver(other.to_string()),
        }
    }
}

impl From<fifteen_core::search::SearchError> for CliError {
    fn from(err: fifteen_core::search::SearchError) -> Self {
        use fifteen_core::search::SearchError;
        match err {
            SearchError::Unsolvable(u) => CliError::Unsolvable(u),
            SearchError::TooLarge { .. } => CliError::Usage(err.to_string()),
            other => CliError::Solver(other.to_string()),
        }
    }
}
