//! How big a board each command takes, checked before anything is allocated.
//!
//! Two limits, both checked up front so a size that cannot fit gets one line
//! instead of a failed allocation minutes later:
//! - a fixed largest size per command, stated in `--help`;
//! - the memory the command would need, against what the machine has free
//!   (`MemAvailable` in `/proc/meminfo`, where there is one).

use super::error::CliError;

/// The most cells `scramble`, `solve` and `bench` take: 10000×10000.
pub const MAX_SOLVE_CELLS: usize = 100_000_000;
/// The most cells `watch` and `play` take: 1000×1000 (every move is kept
/// so the animation can step back).
pub const MAX_WATCH_CELLS: usize = 1_000_000;
/// The most cells `record` (and a page, `--format html`) takes: 300×300 (every move is kept, and a
/// 300×300 solve is about 75 million of them).
pub const MAX_RECORD_CELLS: usize = 90_000;

/// What a command does with the board, which decides its memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Use {
    /// Print a random board.
    Scramble,
    /// Solve with the human solver, streaming the moves out.
    Solve,
    /// Animate the solve, keeping every move.
    Watch,
    /// Record the solve as pictures, keeping every move.
    #[cfg_attr(not(feature = "record"), allow(dead_code))]
    Record,
    /// Write a page that plays the solve (`--format html`), keeping every move.
    Page,
}

impl Use {
    fn max_cells(self) -> usize {
        match self {
            Use::Scramble | Use::Solve => MAX_SOLVE_CELLS,
            Use::Watch => MAX_WATCH_CELLS,
            Use::Record | Use::Page => MAX_RECORD_CELLS,
        }
    }

    fn largest(self) -> &'static str {
        match self {
            Use::Scramble | Use::Solve => "10000×10000",
            Use::Watch => "1000×1000",
            Use::Record | Use::Page => "300×300",
        }
    }

    fn doing(self) -> &'static str {
        match self {
            Use::Scramble => "scrambling",
            Use::Solve => "solving",
            Use::Watch => "watching the solve of",
            Use::Record => "recording the solve of",
            Use::Page => "writing a page of the solve of",
        }
    }

    /// Bytes the command needs for a rows×cols board. Measured with
    /// `/usr/bin/time -f %M` on release builds: a scramble holds the board
    /// and a copy of its cells (16 bytes a cell); a solve holds the board, the
    /// planner's working grid and the input text (about 24 bytes a cell); an
    /// animation also keeps every move with its marks (about 4.5 bytes a move,
    /// and a solve makes about 1.8·R·C·(R+C)/2 moves).
    pub fn bytes(self, rows: usize, cols: usize) -> f64 {
        let cells = rows as f64 * cols as f64;
        let base = 8.0 * 1024.0 * 1024.0;
        match self {
            Use::Scramble => base + 16.0 * cells,
            Use::Solve => base + 24.0 * cells,
            Use::Watch | Use::Record | Use::Page => {
                base + 24.0 * cells + 4.5 * 1.8 * cells * (rows + cols) as f64 / 2.0
            }
        }
    }
}

/// Refuses a board that is over the command's largest size or would need
/// more memory than the machine has available. Call it before building the
/// board.
pub fn check(rows: usize, cols: usize, what: Use) -> Result<(), CliError> {
    if rows < 2 || cols < 2 {
        return Err(fifteen_core::SizeError::TooSmall { rows, cols }.into());
    }
    let cells = rows as f64 * cols as f64;
    let needed = what.bytes(rows, cols);
    if cells > what.max_cells() as f64 {
        return Err(CliError::Usage(format!(
            "{} a {rows}×{cols} board would need about {} of memory; the largest board is {} ({} cells)",
            what.doing(),
            human_bytes(needed),
            what.largest(),
            thousands(what.max_cells() as u64),
        )));
    }
    if let Some(available) = available_memory()
        && needed > available as f64
    {
        return Err(CliError::Usage(format!(
            "{} a {rows}×{cols} board needs about {} of memory, and this machine has {} available",
            what.doing(),
            human_bytes(needed),
            human_bytes(available as f64),
        )));
    }
    Ok(())
}

/// `MemAvailable` from `/proc/meminfo`, in bytes (Linux; `None` elsewhere).
pub fn available_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// Bytes as `512 MB`, `2.4 GB`, `103 GB`, `1.2 TB` (powers of 1000).
pub fn human_bytes(bytes: f64) -> String {
    let units = ["bytes", "kB", "MB", "GB", "TB", "PB"];
    let mut value = bytes;
    let mut unit = 0;
    while value >= 1000.0 && unit + 1 < units.len() {
        value /= 1000.0;
        unit += 1;
    }
    if value < 10.0 && unit > 0 { format!("{value:.1} {}", units[unit]) } else { format!("{value:.0} {}", units[unit]) }
}

/// A whole number with spaces between thousands: `100 000 000`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(' ');
        }
        out.push(ch);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_read_as_written() {
        assert_eq!(human_bytes(512.0), "512 bytes");
        assert_eq!(human_bytes(2.4e9), "2.4 GB");
        assert_eq!(human_bytes(1.03e11), "103 GB");
        assert_eq!(thousands(100_000_000), "100 000 000");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1 000");
    }

    #[test]
    fn the_largest_sizes_pass_the_fixed_limit_and_one_more_row_does_not() {
        assert!(!matches!(check(10_000, 10_000, Use::Scramble), Err(CliError::Usage(m)) if m.contains("largest")));
        assert!(matches!(check(10_001, 10_000, Use::Solve), Err(CliError::Usage(m)) if m.contains("largest")));
        assert!(matches!(check(1001, 1000, Use::Watch), Err(CliError::Usage(m)) if m.contains("1000×1000")));
    }
}
