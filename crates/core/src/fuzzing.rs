//! The fuzz targets' ways into parsers of outside input that a program
//! never calls directly (feature `fuzzing`, off by default: the fuzz
//! package and the test that replays its corpus turn it on). Each panics
//! only when the parser breaks a promise.

use crate::search::optimal::{PatternDatabase, PatternSpec};

/// The small spec the pattern-database file target reads files of: 2×3
/// tiles in two groups.
fn pdb_spec() -> PatternSpec {
    PatternSpec::new(2, 3, vec![vec![1, 2, 3], vec![4, 5]], false).expect("a valid 2×3 spec")
}

/// A pattern-database cache file (header, block checksums and tables) of a
/// 2×3 spec: what is accepted encodes back to the same bytes.
pub fn pdb_file(data: &[u8]) {
    if let Ok(database) = crate::tables::decode(data, &pdb_spec()) {
        assert!(crate::tables::encode(&database) == data, "an accepted file does not encode back to itself");
    }
}

/// A good file for [`pdb_file`], as the cache writes it (for the corpus).
pub fn pdb_file_example() -> Vec<u8> {
    crate::tables::encode(&PatternDatabase::build(pdb_spec(), 1, |_| {}))
}

/// A line of boards (`solve --batch`, `bench --boards`): read or refused
/// with a reason, never a panic; a board read writes as text that reads
/// back as the same board.
pub fn board_line(data: &[u8]) {
    if let Some(crate::board::BoardLine { board: Ok(board), .. }) = crate::board::BoardLine::parse_bytes(data, 1) {
        let again: crate::Board = board.to_string().parse().expect("a board's text reads back");
        assert_eq!(again, board, "a board read from a line writes as text that reads back the same");
    }
}
