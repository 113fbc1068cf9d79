//! The human solver's moves do not change by accident: a few hundred boards
//! (2×2 to 30×30, long boards, both orders, both finishes), each with the
//! moves the solver made when `tests/fixtures/human_moves.txt` was recorded.
//!
//! A change that is meant to change moves (a better strategy) records the
//! file again and says so in its commit, with the move counts before and
//! after. The checks write the lines they check instead of comparing them
//! when, and only when, `FIFTEEN_RECORD_FIXTURE=1` asks for it:
//!
//! ```text
//! FIFTEEN_RECORD_FIXTURE=1 cargo test --test it -- --include-ignored unchanged_moves
//! ```
//!
//! The boards are solved at `fast` (one tile at a time) and, a few dozen of
//! them from 2×2 to 30×30, at the effort `auto` gives their size (what a
//! user gets by default).
//!
//! Each line is `rows cols scramble seed order finish effort board-hash
//! count moves`, where `moves` is the move string itself for solutions of up to
//! [`FULL_UP_TO`] moves and a 64-bit FNV-1a hash of it (`#` and 16 hex
//! digits) for longer ones. The board hash tells a changed scrambler from
//! changed moves.

use std::fmt::Write as _;

use fifteen_core::human::{Effort, Event, Finish, Order, Planner};
use fifteen_core::{Board, HumanOptions, Scramble};

const FIXTURE: &str = "tests/fixtures/human_moves.txt";

/// Solutions this long or shorter are stored whole, so a difference shows
/// the first move that changed.
const FULL_UP_TO: usize = 160;

/// One board and the options it is solved with.
#[derive(Clone, Copy, Debug)]
struct Case {
    rows: usize,
    cols: usize,
    scramble: Scramble,
    seed: u64,
    order: Order,
    finish: Finish,
    effort: Effort,
}

fn cases() -> Vec<Case> {
    let mut cases = Vec::new();
    let mut both_orders = |rows, cols, scramble, seeds: std::ops::Range<u64>| {
        for seed in seeds {
            for order in [Order::Rows, Order::Shells] {
                cases.push(Case { rows, cols, scramble, seed, order, finish: Finish::Pairs, effort: Effort::Fast });
            }
        }
    };
    for n in 2..=10 {
        both_orders(n, n, Scramble::Uniform, 0..6);
    }
    for n in [11, 12, 15, 20] {
        both_orders(n, n, Scramble::Uniform, 0..3);
    }
    for n in [25, 30] {
        both_orders(n, n, Scramble::Uniform, 0..2);
    }
    let long = [
        (3, 8),
        (8, 3),
        (5, 20),
        (20, 5),
        (2, 10),
        (10, 2),
        (2, 30),
        (30, 2),
        (3, 30),
        (4, 12),
        (12, 4),
        (10, 30),
        (30, 10),
    ];
    for (rows, cols) in long {
        both_orders(rows, cols, Scramble::Uniform, 0..3);
    }
    for (rows, cols) in [(4, 4), (10, 10), (6, 9)] {
        for walk in [0, 1, 5, 50] {
            both_orders(rows, cols, Scramble::Walk(walk), 7..8);
        }
    }
    let exact = [
        (2, 2),
        (2, 3),
        (3, 2),
        (3, 3),
        (2, 5),
        (3, 4),
        (4, 3),
        (4, 4),
        (3, 5),
        (5, 3),
        (2, 7),
        (7, 2),
        (2, 8),
        (8, 2),
    ];
    for (rows, cols) in exact {
        for seed in 0..5 {
            let scramble = Scramble::Uniform;
            let (order, finish, effort) = (Order::Shells, Finish::Exact, Effort::Fast);
            cases.push(Case { rows, cols, scramble, seed, order, finish, effort });
        }
    }
    cases.extend(default_effort_cases());
    cases
}

/// Boards solved as a user solves them by default: the effort `auto`
/// picks for the size (beams of every width up to 30×30), both fixed
/// orders, and the free order (the default) where it chooses lines.
fn default_effort_cases() -> Vec<Case> {
    // More seeds where a board solves in a blink, fewer where it takes seconds.
    let mut shapes: Vec<(usize, usize, std::ops::Range<u64>)> = (2..=5).map(|n| (n, n, 0..4)).collect();
    shapes.extend((6..=10).map(|n| (n, n, 0..2)));
    shapes.extend([(12, 12, 0..1), (15, 15, 0..1), (20, 20, 0..1), (30, 30, 0..1)]);
    shapes.extend([(3, 8, 0..2), (8, 3, 0..2), (2, 30, 0..2), (5, 20, 0..2), (10, 30, 0..1)]);
    let mut cases = Vec::new();
    for (rows, cols, seeds) in shapes {
        for seed in seeds {
            // The free order where it chooses lines; rows up to 15×15 (past
            // it the rows order's beams take a minute a board, and the
            // default order is the shells').
            let free = (rows * cols <= 100).then_some(Order::Free);
            let by_rows = (rows * cols <= 225).then_some(Order::Rows);
            for order in [Order::Shells].into_iter().chain(by_rows).chain(free) {
                let (scramble, finish, effort) = (Scramble::Uniform, Finish::Pairs, Effort::for_size(rows, cols));
                cases.push(Case { rows, cols, scramble, seed, order, finish, effort });
            }
        }
    }
    cases
}

/// 64-bit FNV-1a: small, fixed, and the same on every platform.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// The fixture line for a case, solved now.
fn line(case: Case) -> String {
    let board = Board::scrambled(case.rows, case.cols, case.scramble, case.seed).unwrap();
    let options = HumanOptions { order: case.order, finish: case.finish, effort: case.effort, threads: 1 };
    let mut planner = Planner::new(&board, &options).unwrap();
    let mut moves = String::new();
    planner
        .run(&mut |event: &Event| {
            if let Event::Moved { mv, .. } = event {
                moves.push(mv.letter());
            }
        })
        .unwrap();
    let mut replay = board.clone();
    replay.apply(&moves.parse::<fifteen_core::Moves>().unwrap()).unwrap();
    assert!(replay.is_solved(), "{case:?} does not solve");
    let scramble = match case.scramble {
        Scramble::Uniform => "uniform".to_string(),
        Scramble::Walk(n) => format!("walk{n}"),
        other => unreachable!("the cases are scrambled uniformly or by walks, not {other:?}"),
    };
    let mut text = format!(
        "{} {} {scramble} {} {} {} {} {:016x} {} ",
        case.rows,
        case.cols,
        case.seed,
        case.order.name(),
        case.finish.name(),
        case.effort.name(),
        fnv(board.to_string().as_bytes()),
        moves.len()
    );
    if moves.len() <= FULL_UP_TO {
        text.push_str(if moves.is_empty() { "-" } else { &moves });
    } else {
        write!(text, "#{:016x}", fnv(moves.as_bytes())).unwrap();
    }
    text
}

/// The cases that solve in a blink: every effort and both finishes still
/// covered (`fast` up to 8×8, the default effort up to 4×4, the exact
/// stages), so that the default run catches a changed move in seconds.
/// The rest (`fast` past 8×8, the default effort's beams from 5×5 to
/// 30×30, the long boards) are checked by the ignored tests, which CI runs.
fn quick(case: &Case) -> bool {
    let cells = case.rows * case.cols;
    match case.effort {
        Effort::Fast => cells <= 64,
        _ => cells <= 16,
    }
}

/// Solves the cases `chosen` picks and compares each with its fixture line;
/// with `FIFTEEN_RECORD_FIXTURE=1`, writes those lines instead.
fn check_recorded_moves(chosen: impl Fn(&Case) -> bool) {
    if std::env::var_os("FIFTEEN_RECORD_FIXTURE").is_some_and(|v| v == "1") {
        return record_lines(chosen);
    }
    let recorded = std::fs::read_to_string(FIXTURE).expect("the fixture is in the repository");
    let recorded: Vec<&str> = recorded.lines().collect();
    let cases = cases();
    assert!(cases.len() >= 300, "a few hundred boards");
    assert_eq!(recorded.len(), cases.len(), "one fixture line per case");
    let mut changed = Vec::new();
    let mut checked = 0;
    for (case, want) in cases.into_iter().zip(recorded).filter(|(case, _)| chosen(case)) {
        checked += 1;
        let got = line(case);
        if got != want {
            changed.push(format!("recorded: {want}\n     now: {got}"));
        }
    }
    assert!(checked > 0, "some cases are chosen");
    assert!(changed.is_empty(), "{} boards solve differently:\n{}", changed.len(), changed.join("\n"));
}

/// The checks run side by side; one writes the fixture at a time.
static FIXTURE_WRITER: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Writes the lines of the cases `chosen` picks into the fixture, keeping
/// the others (a fixture of another length starts from placeholders, which
/// the other checks' recordings fill).
fn record_lines(chosen: impl Fn(&Case) -> bool) {
    let cases = cases();
    let lines: Vec<(usize, String)> =
        cases.iter().enumerate().filter(|(_, case)| chosen(case)).map(|(i, &case)| (i, line(case))).collect();
    let _writing = FIXTURE_WRITER.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let old = std::fs::read_to_string(FIXTURE).unwrap_or_default();
    let mut fixture: Vec<String> = old.lines().map(str::to_string).collect();
    if fixture.len() != cases.len() {
        fixture = vec!["not recorded yet".to_string(); cases.len()];
    }
    for (i, line) in lines {
        fixture[i] = line;
    }
    let text: String = fixture.iter().map(|line| format!("{line}\n")).collect();
    std::fs::write(FIXTURE, text).expect("writing the fixture");
}

#[test]
fn the_human_solver_makes_the_recorded_moves_on_the_quick_boards() {
    check_recorded_moves(quick);
}

#[test]
#[ignore = "a minute: `fast` on boards past 8×8; CI runs it"]
fn the_human_solver_makes_the_recorded_moves_tile_by_tile_on_big_boards() {
    check_recorded_moves(|case| !quick(case) && case.effort == Effort::Fast);
}

#[test]
#[ignore = "a minute or two: the default effort's beams from 5×5 to 12×12; CI runs it"]
fn the_human_solver_makes_the_recorded_moves_at_the_default_effort_up_to_12x12() {
    check_recorded_moves(|case| !quick(case) && case.effort != Effort::Fast && case.rows * case.cols <= 144);
}

#[test]
#[ignore = "minutes: the default effort's beams past 12×12 (up to 30×30 and 10×30); CI runs it"]
fn the_human_solver_makes_the_recorded_moves_at_the_default_effort_past_12x12() {
    check_recorded_moves(|case| !quick(case) && case.effort != Effort::Fast && case.rows * case.cols > 144);
}
