//! Every request answered natively, as the browser's build answers it:
//! the answers are the core's and the pages' own.

use fifteen_core::board::{Board, Scramble};
use fifteen_core::human::{Effort, HumanOptions};
use serde_json::{Value, json};

use super::{Host, MAX_CELLS, Worker};

/// A page whose clock stands still and whose progress bar is not looked at.
struct Still;

impl Host for Still {
    fn now(&self) -> f64 {
        0.0
    }

    fn progress(&self, _: &str, done: usize, of: usize) {
        assert!(done <= of, "{done} of {of}");
    }
}

fn ask(worker: &Worker, request: Value) -> Result<Value, String> {
    let answer: Value = serde_json::from_str(&worker.respond(&request.to_string(), &Still)).unwrap();
    match answer.get("ok") {
        Some(ok) => Ok(ok.clone()),
        None => Err(answer["error"].as_str().unwrap().to_string()),
    }
}

const RECORDS: &str = include_str!("../../../tests/data/slidysim/world-records.txt");

#[test]
fn boards_and_links_are_read_and_bad_ones_get_one_line() {
    let worker = Worker::new();
    let board = ask(&worker, json!({"op": "read", "text": "1 2 3/4 5 6/7 0 8"})).unwrap();
    assert_eq!(board["board"], json!({"rows": 3, "cols": 3, "cells": [1, 2, 3, 4, 5, 6, 7, 0, 8]}));
    let link = ask(&worker, json!({"op": "read", "text": RECORDS.lines().next().unwrap()})).unwrap();
    assert_eq!((link["link"]["solves"].as_u64(), link["link"]["rows"].as_u64()), (Some(5), Some(3)));
    for (text, says) in [
        ("1 2 3/4 5 6/8 7 0", "unsolvable board"),
        ("1 2 2/4 5 6/7 8 0", ""),
        ("", "nothing to read"),
        ("https://slidysim.github.io/replay?r=!!", ""),
    ] {
        let error = ask(&worker, json!({"op": "read", "text": text})).unwrap_err();
        assert!(error.contains(says) && !error.is_empty() && !error.contains('\n'), "{text:?}: {error}");
    }
    assert!(ask(&worker, json!({"op": "nonsense"})).unwrap_err().starts_with("not a request"));
    let big = ask(&worker, json!({"op": "scramble", "rows": 301, "cols": 300, "seed": 1})).unwrap_err();
    assert!(big.contains("too big for a browser tab") && big.contains(&MAX_CELLS.to_string()), "{big}");
}

#[test]
fn a_seeded_board_and_its_solve_are_the_commands() {
    let worker = Worker::new();
    let dealt = ask(&worker, json!({"op": "scramble", "rows": 5, "cols": 4, "seed": 9})).unwrap();
    let board = Board::scrambled(5, 4, Scramble::Uniform, 9).unwrap();
    assert_eq!(dealt["cells"], json!(board.cells()));
    let request =
        json!({"op": "solve", "board": {"rows": 5, "cols": 4, "seed": 9}, "effort": "best", "moves_only": true});
    let solved = ask(&worker, request).unwrap();
    let options = HumanOptions { effort: Effort::Best, ..HumanOptions::default() };
    let native: String =
        fifteen_core::human::solve(&board, &options).unwrap().moves().iter().map(|m| m.letter()).collect();
    assert_eq!(solved["moves"], native);
    // The page's data: the page's effort, named.
    let page = ask(&worker, json!({"op": "solve", "board": {"rows": 5, "cols": 4, "seed": 9}})).unwrap();
    assert_eq!((page["effort"].as_str(), page["count"].as_u64()), (Some("best"), Some(native.len() as u64)));
    assert_eq!(page["has_distance"], false, "20 cells: no optimal distance in the page");
    let small = ask(&worker, json!({"op": "solve", "board": {"rows": 4, "cols": 4, "seed": 9}})).unwrap();
    assert_eq!(small["has_distance"], true);
    let refused = ask(&worker, json!({"op": "solve", "board": {"rows": 3, "cols": 3, "seed": 1}, "effort": "lazy"}));
    assert!(refused.unwrap_err().contains("effort \"lazy\" is not one"));
}

#[test]
fn a_link_is_coached_as_a_replay_and_an_averages_as_a_session() {
    let worker = Worker::new();
    let average = RECORDS.lines().next().unwrap();
    let replay = ask(&worker, json!({"op": "replay", "link": average})).unwrap();
    assert_eq!(replay["solves"], 5);
    assert_eq!(replay["coach"]["exact"], true, "a 3×3's par is the optimal distance");
    let session = ask(&worker, json!({"op": "session", "link": average})).unwrap();
    let listed = session["session"]["solves"].as_array().unwrap();
    assert_eq!(listed.len(), 5);
    assert_eq!(listed[0]["loss"], replay["coach"]["loss"], "the first solve coached the same way");
    let single = RECORDS.lines().nth(69).unwrap();
    assert!(ask(&worker, json!({"op": "session", "link": single})).unwrap_err().contains("one solve"));
}

#[test]
fn hints_and_the_game_answer_as_the_server_does() {
    let worker = Worker::new();
    let hint =
        ask(&worker, json!({"op": "hint", "board": {"rows": 3, "cols": 3, "cells": [1, 2, 3, 4, 5, 6, 7, 0, 8]}}))
            .unwrap();
    assert_eq!(hint["optimal"]["moves"], 1);
    assert_eq!(hint["strategy"]["move"], "L");
    assert!(ask(&worker, json!({"op": "game", "tick": true})).unwrap_err().contains("no game"));
    let started =
        ask(&worker, json!({"op": "game", "start": {"rows": 3, "cols": 3, "cells": [1, 2, 3, 4, 5, 6, 7, 0, 8]}}));
    assert!(started.unwrap()["messages"][0].as_str().unwrap().contains(r#""Status":"playing""#));
    let asked = ask(&worker, json!({"op": "game", "message": r#"{"Optimal":true}"#})).unwrap();
    assert!(asked["messages"][1].as_str().unwrap().contains(r#""Moves":1"#), "{asked}");
    // The blank goes right: tile 8 slides left, home.
    let moved = ask(&worker, json!({"op": "game", "message": r#"{"Move":"right"}"#})).unwrap();
    assert!(moved["messages"][0].as_str().unwrap().contains(r#""Status":"complete""#), "{moved}");
    assert!(moved["delay_ms"].is_null());
}

#[test]
fn tables_a_shape_has_none_of_and_bytes_that_are_not_tables_are_refused() {
    let worker = Worker::new();
    assert!(
        ask(&worker, json!({"op": "tables", "rows": 3, "cols": 3, "keep": true})).unwrap_err().contains("no pattern")
    );
    worker.give_bytes(b"not tables".to_vec());
    let refused = ask(&worker, json!({"op": "tables", "rows": 4, "cols": 4})).unwrap_err();
    assert!(refused.contains("cannot be used"), "{refused}");
    let about = ask(&worker, json!({"op": "about"})).unwrap();
    assert_eq!(about["records"][0], json!({"size": 4, "moves": 55.9, "mean_of": 100}));
}

#[test]
fn a_training_plan_its_drills_and_an_attempt_are_the_commands() {
    use fifteen_core::coach;
    use fifteen_core::tables::BuiltTables;
    use fifteen_core::train::planned::PlannedDrill;

    let worker = Worker::new();
    let link = RECORDS.lines().next().unwrap();
    let plan = ask(&worker, json!({"op": "train_plan", "links": [link], "drills": 4, "seed": 5})).unwrap();
    assert_eq!(plan["solves"], 5);
    let drills = plan["drills"].as_array().unwrap();
    assert_eq!(drills.len(), 4, "{plan}");
    let tables = BuiltTables::optimal_only(1);
    for shown in drills {
        let planned: PlannedDrill = serde_json::from_value(shown["planned"].clone()).unwrap();
        let drill = planned.to_drill().unwrap();
        // Its par is the coach's par of its board.
        let chosen = coach::par_for(&drill.position.board, coach::ParChoice::Auto, Effort::Auto, &tables).unwrap();
        let corner = drill.position.corner();
        let found =
            coach::line_par(&drill.position.board, corner, drill.position.line, chosen.par(), &Default::default())
                .unwrap();
        assert_eq!(planned.par, found.par, "drill {}", planned.drill);
        let (t, l, b, r) = drill.position.line.area(3, 3);
        assert_eq!(shown["area"], json!([t, l, b, r]));
    }
    // fifteen's way through the first drill, weighed: at par.
    let first = &drills[0]["planned"];
    let scored = ask(
        &worker,
        json!({"op": "train_score", "drill": first, "moves": first["way"], "time_ms": 1200, "when": 1_764_000_000}),
    )
    .unwrap();
    assert_eq!(scored["loss"], 0, "{scored}");
    assert_eq!(scored["at_par"], true);
    let kept = scored["attempt"].as_str().unwrap().to_string();
    let attempt = fifteen_core::train::history::Attempt::from_json(&kept).unwrap();
    assert_eq!((attempt.time_ms, attempt.par, attempt.loss), (1200, first["par"].as_u64().unwrap() as usize, 0));
    // Moves that do not finish the line are refused, in one line.
    let short = ask(&worker, json!({"op": "train_score", "drill": first, "moves": "", "time_ms": 0, "when": 0}));
    assert!(short.unwrap_err().contains("do not finish"));
    // The attempt counts in the history's trend and in the next plan's boxes.
    let trend = ask(&worker, json!({"op": "train_history", "history": [kept]})).unwrap();
    assert_eq!((trend["attempts"].as_u64(), trend["kinds"][0]["at_par"].as_u64()), (Some(1), Some(1)));
    let left = ask(
        &worker,
        json!({"op": "train_unplayed", "drills": drills.iter().map(|d| &d["planned"]).collect::<Vec<_>>(), "played": [kept]}),
    )
    .unwrap();
    assert!(!left["left"].as_array().unwrap().contains(&first["drill"]), "{left}");
    // An import is checked line by line, and a bad line keeps none.
    let imported = ask(&worker, json!({"op": "train_import", "text": format!("{kept}\n\n{kept}\n")})).unwrap();
    assert_eq!(imported["attempts"].as_array().unwrap().len(), 2);
    let bad = ask(&worker, json!({"op": "train_import", "text": format!("{kept}\n{{\"kind\":1}}\n")})).unwrap_err();
    assert!(bad.starts_with("line 2: ") && bad.ends_with("nothing was imported"), "{bad}");
}

#[test]
fn the_move_game_asks_the_persons_losing_moves_and_refuses_inexact_sizes() {
    let worker = Worker::new();
    let link = RECORDS.lines().next().unwrap();
    let game = ask(&worker, json!({"op": "train_move_game", "links": [link], "limit": 3})).unwrap();
    let questions = game["questions"].as_array().unwrap();
    assert!(!questions.is_empty() && questions.len() <= 3, "{game}");
    for q in questions {
        let keeping = q["keeping"].as_array().unwrap();
        assert!(!keeping.is_empty() && !keeping.contains(&q["played"]), "{q}");
    }
    let big = RECORDS.lines().find(|l| {
        fifteen_core::slidysim::parse_source(l, &fifteen_core::slidysim::LinkLimits::DEFAULT)
            .is_ok_and(|s| s[0].scramble.len() > 16)
    });
    let refused = ask(&worker, json!({"op": "train_move_game", "links": [big.unwrap()]})).unwrap_err();
    assert!(refused.contains("optimal distance") && refused.contains("solve 1 is"), "{refused}");
}
