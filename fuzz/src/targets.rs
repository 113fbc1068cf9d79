//! The fuzz targets: each reads any bytes as one parser's outside input and
//! panics only when that parser breaks a promise. Refusing the input is
//! fine; panicking, hanging, or accepting something that does not read back
//! the same is not.
//!
//! `tests/it/fuzz_corpus.rs` in the crate includes this file as it is and runs
//! every target on its corpus (`fuzz/corpus/NAME`) and on every input the
//! fuzzer ever failed on (`fuzz/regressions/NAME`), so this file uses
//! nothing but fifteen and the standard library.
//!
//! Adding a target: a function here, its line in [`all`], and a folder
//! `fuzz/corpus/NAME` of real inputs.

use fifteen_core::{Board, Moves, slidysim};

/// One target: any bytes in, a panic when the parser breaks its promise.
pub type Check = fn(&[u8]);

/// Every target, by the name `fuzz/run` and the corpus folders use.
pub fn all() -> Vec<(&'static str, Check)> {
    let targets: [(&'static str, Check); 5] = [
        ("board_text", board_text),
        ("board_line", board_line),
        ("moves", moves),
        ("pdb_header", pdb_header),
        ("slidysim", slidysim),
    ];
    targets.into_iter().chain(network_targets()).collect()
}

#[cfg(feature = "net")]
fn network_targets() -> Vec<(&'static str, Check)> {
    vec![("ws_message", ws_message)]
}

#[cfg(not(feature = "net"))]
fn network_targets() -> Vec<(&'static str, Check)> {
    Vec::new()
}

/// The target called `name`.
pub fn find(name: &str) -> Option<Check> {
    all().into_iter().find(|(n, _)| *n == name).map(|(_, check)| check)
}

/// Board text, as `fifteen solve` reads it from a file or standard input:
/// one row per line or a square board on one line, any blank mark, commas,
/// brackets and comments. A board read is a permutation with one blank,
/// and the way fifteen prints it reads back as the same board.
pub fn board_text(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(board) = text.parse::<Board>() else {
        return;
    };
    let mut seen = vec![false; board.len()];
    for &tile in board.cells() {
        let tile = tile as usize;
        assert!(tile < board.len() && !seen[tile], "{board:?} is not a permutation");
        seen[tile] = true;
    }
    let printed = board.to_string();
    let again: Board =
        printed.parse().unwrap_or_else(|e| panic!("the printed board\n{printed}does not read back: {e}"));
    assert!(again == board, "the printed board\n{printed}reads back as another board");
    let _ = board.is_solvable();
}

/// Move strings (`fifteen solve --moves`, `fifteen check`): letters and
/// words, in either notation. What is read prints as letters that read
/// back the same, and both notations name the same moves.
pub fn moves(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(moves) = text.parse::<Moves>() else {
        return;
    };
    let printed = moves.to_string();
    assert_eq!(printed.parse::<Moves>().as_ref(), Ok(&moves), "{printed}");
    for &mv in &moves {
        let blank = fifteen_core::MoveNotation::Blank;
        assert_eq!(blank.read(blank.name(mv)), mv);
    }
}

/// A line of boards, as `solve --batch` and `bench --boards` read them: a
/// board on one line or a JSON object with one; a board read writes back
/// the same.
pub fn board_line(data: &[u8]) {
    fifteen_core::fuzzing::board_line(data);
}

/// A pattern-database file (the cache `fifteen pdb` writes and the solver
/// maps): header, block checksums and tables, for a 2×3 spec. What is
/// accepted encodes back to the same bytes.
pub fn pdb_header(data: &[u8]) {
    fifteen_core::fuzzing::pdb_file(data);
}

/// A good file for [`pdb_header`], as the cache writes it (for the corpus).
pub fn pdb_file() -> Vec<u8> {
    fifteen_core::fuzzing::pdb_file_example()
}

/// A websocket text frame both ways: what a client sends the server
/// (`{"Move":"left"}`, `Watch`, `Stop`, `Optimal`), answered by a game as
/// the server answers it, and what the server sends a client (states and
/// optimal distances), read as `fifteen bot` reads them. A refused request
/// leaves the game unchanged; a state's board is checked as the bot does
/// (`fifteen_net::check_message`).
#[cfg(feature = "net")]
pub fn ws_message(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        fifteen_net::check_message(text);
    }
}

/// slidysim replay sources, as `fifteen replay` and `fifteen compare` read
/// them: links, bare payloads, one a line. Every solve read is a solvable
/// scramble whose moves are legal and reach the goal, and fifteen's own link
/// and notation for it read back as the same scramble and moves.
pub fn slidysim(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(solves) = slidysim::parse_source(text, &slidysim::LinkLimits::DEFAULT) else {
        return;
    };
    assert!(!solves.is_empty(), "a source read holds a solve");
    for solve in &solves {
        let mut board = solve.scramble.clone();
        assert!(board.apply(&solve.moves).is_ok(), "{}: an illegal move was accepted", solve.event);
        assert!(board.is_solved(), "{}: a solution that does not solve was accepted", solve.event);
        let notation = slidysim::board_notation(&solve.scramble);
        assert_eq!(notation.parse::<Board>().as_ref(), Ok(&solve.scramble), "the notation reads back");
        let link = slidysim::replay_link(&solve.scramble, &solve.moves, solve.move_times_ms.as_deref());
        let again = slidysim::parse_source(&link, &slidysim::LinkLimits::DEFAULT).expect("fifteen's own link reads");
        assert_eq!((&again[0].scramble, &again[0].moves), (&solve.scramble, &solve.moves), "the link reads back");
    }
}
