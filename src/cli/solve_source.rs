//! Where a command's people's solves come from: replay links, their bare
//! payloads, or files (or stdin) holding them, one a line.

use std::io::{IsTerminal, Read};
use std::path::Path;

use fifteen_core::slidysim::{self, LinkLimits, SlidysimError, Solve};

use super::board_source::decode;
use super::error::CliError;

impl SourcedSolve {
    /// The heading of the solve's output: `solve 1: 4×4 single by dphdmn`,
    /// with the file it came from when there is one.
    pub fn heading(&self) -> String {
        let mut heading = format!("solve {}: {}", self.number, self.solve.event);
        if self.from_file {
            heading.push_str(&format!(" ({})", self.origin));
        }
        heading
    }
}

/// A solve with the source it came from, for messages and output.
#[derive(Clone)]
pub struct SourcedSolve {
    /// The source as given (a link shortened), or `stdin`.
    pub origin: String,
    /// Whether the source was a file or stdin (not a link given as an
    /// argument), so that output names it.
    pub from_file: bool,
    /// Which solve of all the sources, from 1.
    pub number: usize,
    pub solve: Solve,
}

/// Reads every solve of `sources` (stdin when there are none or one is
/// `-`), in order, numbering them from 1; `pick` keeps only the N-th (and
/// none after it is read). Each source is read within
/// [`LinkLimits::DEFAULT`], or only the limits every link has when
/// `trusted`.
pub fn read(sources: &[String], pick: Option<usize>, trusted: bool) -> Result<Vec<SourcedSolve>, CliError> {
    let stdin_only = [String::from("-")];
    let sources = if sources.is_empty() { &stdin_only[..] } else { sources };
    let base = if trusted { LinkLimits::TRUSTED } else { LinkLimits::DEFAULT };
    let mut solves = Vec::new();
    for source in sources {
        let wanted = pick.map_or(usize::MAX, |n| n.saturating_sub(solves.len()));
        if wanted == 0 {
            break;
        }
        let (origin, text, from_file) = source_text(source)?;
        let limits = LinkLimits { solves: wanted, ..base };
        let read = slidysim::parse_source(&text, &limits).map_err(|e| bad(&origin, e, trusted))?;
        for solve in read {
            solves.push(SourcedSolve { origin: origin.clone(), from_file, number: solves.len() + 1, solve });
        }
    }
    match pick {
        None => Ok(solves),
        Some(n) if (1..=solves.len()).contains(&n) => Ok(vec![solves.swap_remove(n - 1)]),
        Some(n) => {
            Err(CliError::Usage(format!("--solve: solve {n} was asked for, but the source holds {}", solves.len())))
        }
    }
}

/// A source that could not be read; one refused for a limit `--trusted`
/// lifts says so.
fn bad(origin: &str, source: SlidysimError, trusted: bool) -> CliError {
    let lifted = match &source {
        SlidysimError::MovesOverLimit { .. } | SlidysimError::CellsOverLimit { .. } => true,
        SlidysimError::TooLarge { limit } => *limit < LinkLimits::TRUSTED.unpacked_bytes,
        _ => false,
    };
    let hint = if lifted && !trusted { " (--trusted reads it, for a source you trust)" } else { "" };
    CliError::BadReplay { origin: origin.to_string(), source, hint }
}

/// The text of one source: stdin for `-`, a file when one is there, the
/// argument itself when it is a link or a payload.
fn source_text(source: &str) -> Result<(String, String, bool), CliError> {
    if source == "-" {
        if std::io::stdin().is_terminal() {
            eprintln!("reading replay links from the terminal, one a line; end with Ctrl-D");
        }
        let mut bytes = Vec::new();
        std::io::stdin().read_to_end(&mut bytes).map_err(|source| CliError::Read { what: "stdin".into(), source })?;
        return Ok(("stdin".into(), decode(bytes, "stdin")?, true));
    }
    let path = Path::new(source);
    if path.is_file() {
        let bytes = std::fs::read(path).map_err(|e| CliError::Read { what: source.to_string(), source: e })?;
        return Ok((source.to_string(), decode(bytes, source)?, true));
    }
    if source.contains("r=") || looks_like_payload(source) {
        return Ok((shorten(source), source.to_string(), false));
    }
    Err(CliError::Read {
        what: source.to_string(),
        source: std::io::Error::new(std::io::ErrorKind::NotFound, "no such file, and it is not a replay link"),
    })
}

/// A bare payload: long, and only base64 letters or URL escapes.
fn looks_like_payload(text: &str) -> bool {
    text.len() >= 16 && text.bytes().all(|b| b.is_ascii_alphanumeric() || b"+/=%".contains(&b))
}

/// A link as named in messages: its first 40 characters.
fn shorten(link: &str) -> String {
    match link.char_indices().nth(40) {
        Some((at, _)) => format!("{}…", &link[..at]),
        None => link.to_string(),
    }
}
