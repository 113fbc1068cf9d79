//! slidysim's formats: real replay links read and replayed, fifteen's solves
//! written as links and read back, and every kind of bad input refused with
//! a message that names it.

use std::io::Write;

use base64::Engine;
use fifteen_core::slidysim::{self, LinkLimits};
use fifteen_core::{Board, HumanOptions, Moves, Scramble, human};
use proptest::prelude::*;

const WORLD_RECORDS: &str = include_str!("../data/slidysim/world-records.txt");
const SINGLE_4X4: &str = include_str!("../data/slidysim/4x4-single.txt");

fn replayed(solve: &slidysim::Solve) -> bool {
    let mut board = solve.scramble.clone();
    board.apply(&solve.moves).is_ok() && board.is_solved()
}

#[test]
fn every_world_record_link_reads_and_replays_to_the_goal() {
    let (mut custom, mut leaderboard, mut solves) = (0, 0, 0);
    for (line, link) in WORLD_RECORDS.lines().enumerate() {
        let read =
            slidysim::parse_source(link, &LinkLimits::DEFAULT).unwrap_or_else(|e| panic!("line {}: {e}", line + 1));
        for solve in &read {
            assert!(replayed(solve), "line {}: {}", line + 1, solve.event);
            assert!(solve.time_ms.is_some(), "line {}: no time", line + 1);
        }
        if read[0].event == "custom replay" {
            custom += 1;
        } else {
            leaderboard += 1;
        }
        solves += read.len();
    }
    assert_eq!(custom + leaderboard, 271);
    assert!(custom > 100 && leaderboard > 100, "{custom} custom, {leaderboard} leaderboard");
    assert!(solves > 1000, "{solves} solves");
}

#[test]
fn a_leaderboard_single_carries_its_time_player_and_move_times() {
    let solves = slidysim::parse_source(SINGLE_4X4, &LinkLimits::DEFAULT).unwrap();
    assert_eq!(solves.len(), 1);
    let solve = &solves[0];
    assert_eq!(solve.event, "4×4 single by dphdmn");
    assert_eq!(solve.player.as_deref(), Some("dphdmn"));
    assert_eq!(solve.moves.len(), 26);
    assert_eq!(solve.moves.run_length(), "R2ULDLULU2R3D3L3UR2U2L2");
    assert_eq!(solve.time_ms, Some(909));
    let times = solve.move_times_ms.as_ref().unwrap();
    assert_eq!((times.len(), times[0], times[25]), (26, 0, 909));
    assert!((solve.tps().unwrap() - 28.603).abs() < 0.01);
    assert!(replayed(solve));
}

#[test]
fn averages_relays_and_marathons_read_every_solve_at_its_size() {
    let mut kinds = std::collections::BTreeSet::new();
    for link in WORLD_RECORDS.lines() {
        let solves = slidysim::parse_source(link, &LinkLimits::DEFAULT).unwrap();
        let event = &solves[0].event;
        if event.contains("relay") {
            // A 2-N relay goes down one size a solve.
            for pair in solves.windows(2) {
                assert_eq!(pair[1].scramble.rows() + 1, pair[0].scramble.rows());
            }
            assert_eq!(solves.last().unwrap().scramble.rows(), 2);
            kinds.insert("relay");
        } else if event.contains("Marathon") {
            kinds.insert("marathon");
        } else if event.contains(" ao") {
            assert!(solves.len() >= 5, "{event}");
            assert!(event.ends_with(&format!("solve 1 of {}", solves.len())) || event.contains(" by "), "{event}");
            kinds.insert("average");
        }
    }
    assert_eq!(kinds.len(), 3, "{kinds:?}");
}

#[test]
fn the_bare_payload_and_several_links_a_line_read_the_same() {
    let link = SINGLE_4X4.trim();
    let payload = &link[link.find("r=").unwrap() + 2..];
    assert_eq!(
        slidysim::parse_source(payload, &LinkLimits::DEFAULT).unwrap(),
        slidysim::parse_source(link, &LinkLimits::DEFAULT).unwrap()
    );
    let two = format!("# two solves\n{link}\n\n{payload}\n");
    assert_eq!(slidysim::parse_source(&two, &LinkLimits::DEFAULT).unwrap().len(), 2);
}

proptest! {
    #![proptest_config(crate::common::fixed_cases(40))]

    /// Every fifteen solve written as a link reads back to the same scramble and moves.
    #[test]
    fn fifteen_solves_round_trip_through_links(rows in 2usize..9, cols in 2usize..9, seed in any::<u64>()) {
        let scramble = Board::scrambled(rows, cols, Scramble::Uniform, seed).unwrap();
        let moves = Moves(human::solve(&scramble, &HumanOptions::default()).unwrap().moves().to_vec());
        let link = slidysim::replay_link(&scramble, &moves, None);
        prop_assert!(link.starts_with("https://slidysim.github.io/replay?r="));
        let read = slidysim::parse_source(&link, &LinkLimits::DEFAULT).unwrap();
        prop_assert_eq!(read.len(), 1);
        prop_assert_eq!(&read[0].scramble, &scramble);
        prop_assert_eq!(&read[0].moves, &moves);
        let notation = slidysim::board_notation(&scramble);
        prop_assert_eq!(notation.parse::<Board>().unwrap(), scramble);
    }
}

#[test]
fn move_times_survive_the_round_trip() {
    let scramble: Board = "1 2 3/4 5 6/0 7 8".parse().unwrap();
    let moves: Moves = "LL".parse().unwrap();
    let link = slidysim::replay_link(&scramble, &moves, Some(&[0, 250]));
    let solve = slidysim::parse_source(&link, &LinkLimits::DEFAULT).unwrap().remove(0);
    assert_eq!(solve.move_times_ms, Some(vec![0, 250]));
    assert_eq!(solve.time_ms, Some(250));
}

/// A payload packing `text` the way slidysim does.
fn pack(text: &str) -> String {
    let mut encoder = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(text.as_bytes()).unwrap();
    base64::engine::general_purpose::STANDARD.encode(encoder.finish().unwrap())
}

fn error(text: &str) -> String {
    slidysim::parse_source(text, &LinkLimits::DEFAULT).unwrap_err().to_string()
}

#[test]
fn bad_links_are_refused_with_what_is_wrong() {
    assert_eq!(error(""), "no replay link found: the input is empty");
    assert!(
        error("https://slidysim.github.io/replay?r=not*base64").starts_with("the replay link's payload is not base64")
    );
    let not_zlib = base64::engine::general_purpose::STANDARD.encode(b"plain text");
    assert!(error(&not_zlib).starts_with("the replay link's payload is not zlib-compressed data"));
    assert!(error(&pack("[1, 2")).starts_with("the replay link's payload is not JSON"));
    assert!(error(&pack("{\"a\":1}")).starts_with("the replay link holds JSON of an unknown shape: expected an array"));
    assert!(error(&pack("[7, 8]")).contains("unknown shape"));
    assert!(error(&pack("[\"R\"]")).contains("the speed is missing"));
    let custom = |solution: &str, scramble: &str| error(&pack(&format!("[\"{solution}\", 15000, \"{scramble}\", -1]")));
    assert!(
        custom("R", "1 2 3/4 x 6/7 8 0")
            .starts_with("solve 1: the scramble is not a board: line 2: `x` is not a tile number")
    );
    assert!(custom("R", "2 1 3/4 5 6/7 8 0").starts_with("solve 1: the scramble cannot be solved"));
    assert!(custom("RQ", "1 2 3/4 5 6/7 0 8").starts_with("solve 1: the solution cannot be read: `RQ` is not a move"));
    assert_eq!(
        custom("LL", "1 2 3/4 5 6/7 0 8"),
        "solve 1: move 2 (L) is illegal: no tile can slide left into the blank at (2, 2)"
    );
    assert_eq!(
        custom("D", "1 2 3/4 5 6/7 0 8"),
        "solve 1: the solution does not reach the goal: after its 1 moves 2 tiles are not home (Manhattan distance 2 left)"
    );
    let leaderboard = |data: &str| error(&pack(&format!("[{{\"width\":3,\"height\":3}}, \"{}\"]", pack(data))));
    assert!(leaderboard("-1;-1;-1;-1;-1").contains("carries no solutions"));
    assert!(leaderboard("RRR;1.0;3;3.0;-1").starts_with("solve 1: move 3 (R) is illegal"));
    assert!(custom(&"R999999".repeat(60), "1 2 3/4 5 6/7 0 8").contains("more than 50000000 moves"));
    let wide = pack(&format!("[{{\"width\":100000,\"height\":100000}}, \"{}\"]", pack("R;1;1;1;-1")));
    assert!(error(&wide).contains("a 100000×100000 board is larger than fifteen replays"));
    let huge = pack(&" ".repeat(70 << 20));
    assert!(error(&huge).contains("unpacks to more than"));
}

#[test]
fn a_link_is_bounded_as_a_whole_before_its_moves_are_expanded() {
    use slidysim::SlidysimError;
    // The bomb: 1.3 kB whose solve data unpacks to 60 MB, refused as it
    // passes the 32 MiB a link may unpack to.
    let bomb = fifteen_core::testing::link_bomb(40, 250_000);
    assert!(bomb.len() < 2_000);
    let err = slidysim::parse_source(&bomb, &LinkLimits::DEFAULT).unwrap_err();
    assert_eq!(err, SlidysimError::TooLarge { limit: 32 << 20 });
    assert!(err.is_over_limit());
    // 12 million moves in one solve: refused by their count, unexpanded;
    // a trusted reader reads them.
    let long = fifteen_core::testing::link_bomb(1, 60_607);
    let err = slidysim::parse_source(&long, &LinkLimits::DEFAULT).unwrap_err();
    assert_eq!(err, SlidysimError::MovesOverLimit { solve: 1, moves: 12_000_186, limit: 10_000_000 });
    assert_eq!(err.to_string(), "solve 1 hold 12000186 moves, over the limit of 10000000 moves a link may hold");
    let read = slidysim::parse_source(&long, &LinkLimits::TRUSTED).unwrap();
    assert_eq!(read[0].moves.len(), 12_000_186);
    // Three solves of 4 million: the third passes the limit on all of them
    // together, and a reader of two never looks at it.
    let three = fifteen_core::testing::link_bomb(3, 20_000);
    let err = slidysim::parse_source(&three, &LinkLimits::DEFAULT).unwrap_err();
    assert!(matches!(err, SlidysimError::MovesOverLimit { solve: 3, moves: 11_880_000, .. }), "{err}");
    assert!(err.to_string().starts_with("solves 1 to 3 hold "), "{err}");
    let two = slidysim::parse_source(&three, &LinkLimits { solves: 2, ..LinkLimits::DEFAULT }).unwrap();
    assert_eq!(two.len(), 2);
    // Cells: the second 100×100 board passes 15 000.
    let cells = LinkLimits { cells: 15_000, ..LinkLimits::DEFAULT };
    let err = slidysim::parse_source(&fifteen_core::testing::link_bomb(2, 1), &cells).unwrap_err();
    assert_eq!(err, SlidysimError::CellsOverLimit { solve: 2, cells: 20_000, limit: 15_000 });
    assert_eq!(
        err.to_string(),
        "the boards of solves 1 to 2 have 20000 cells, over the limit of 15000 cells a link may hold"
    );
    // A custom replay's board is weighed by its text before it is built.
    let huge = format!("[\"R\", 15000, \"{}0\", -1]", "1 ".repeat(1_500_000));
    let err = slidysim::parse_source(&pack(&huge), &LinkLimits::DEFAULT).unwrap_err();
    assert_eq!(err, SlidysimError::CellsOverLimit { solve: 1, cells: 1_500_001, limit: 1_000_000 });
    // Lines past the solves read are not read at all, even broken ones.
    let first = WORLD_RECORDS.lines().next().unwrap();
    let one = LinkLimits { solves: 1, ..LinkLimits::DEFAULT };
    assert_eq!(slidysim::parse_source(&format!("{first}\nnot a link"), &one).unwrap().len(), 1);
    assert!(!slidysim::parse_source("not a link", &LinkLimits::DEFAULT).unwrap_err().is_over_limit());
}

proptest! {
    #![proptest_config(crate::common::fixed_cases(300))]

    /// Any text, and any JSON-like text packed as a payload, is read or
    /// refused with an error: never a panic.
    #[test]
    fn no_input_makes_the_reader_panic(text in ".{0,200}", json in r#"\[("[RULD0-9 /]{0,12}"|-?[0-9]{1,6}|\{"width":[0-9],"height":[0-9]\}|\[[0-9,]{0,8}\]|null)(,("[RULD0-9 ;,\[\]/]{0,12}"|-?[0-9]{1,4}|\[[0-9,]{0,8}\])){0,4}\]"#) {
        let _ = slidysim::parse_source(&text, &LinkLimits::DEFAULT);
        let _ = slidysim::parse_source(&pack(&json), &LinkLimits::DEFAULT);
    }
}
