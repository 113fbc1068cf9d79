//! `fifteen train` through the binary: the plan from real slidysim links
//! (its drills' pars the coach's, its order the session's losses by
//! kind), the plan carried on, and the history store: imported, exported,
//! shown, refused when it is not one, and whole after a kill mid-write.

use std::path::Path;
use std::process::Output;

use fifteen_core::{Board, HumanOptions, Moves, human, slidysim};

use crate::common::fifteen_with_cache;

/// A 3×3 average of 5 (line 1 of world-records.txt).
fn average_3x3() -> String {
    include_str!("../data/slidysim/world-records.txt").lines().next().unwrap().to_string()
}

/// Runs `fifteen train` with `args`, its store `store`.
fn train(args: &[&str], store: &Path) -> Output {
    let cache = tempfile::tempdir().unwrap();
    let mut all = vec!["train", "--store", store.to_str().unwrap()];
    all.extend_from_slice(args);
    fifteen_with_cache(&all, "", cache.path())
}

fn stdout(out: &Output) -> String {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn json_lines(out: &Output) -> Vec<serde_json::Value> {
    stdout(out).lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

fn assert_one_error_line(out: &Output, needle: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(err.starts_with("error: ") && err.contains(needle), "`{needle}` in {err}");
    assert!(out.stdout.is_empty());
}

/// An attempt at `drill` (a line of `--plan --format json`) that lost `loss`.
fn attempt(drill: &serde_json::Value, loss: i64) -> String {
    serde_json::json!({
        "kind": drill["kind"], "rows": drill["rows"], "cols": drill["cols"], "board": drill["board"],
        "line": drill["line"], "own": drill["own"], "moves": drill["way"], "par": drill["par"],
        "margin": drill["margin"], "loss": loss, "time_ms": 4200, "when": 1_790_000_000,
    })
    .to_string()
}

/// `drill` (a line of `--plan --format json`) played elsewhere as slidysim
/// keeps it: `moves`, then fifteen's solve of the rest, a move every 100 ms.
pub fn played_elsewhere(drill: &serde_json::Value, moves: &Moves) -> String {
    let board: Board = drill["board"].as_str().unwrap().parse().unwrap();
    let mut after = board.clone();
    after.apply(moves).unwrap();
    let mut all = moves.0.clone();
    all.extend(human::solve(&after, &HumanOptions::default()).unwrap().moves());
    let times: Vec<u64> = (0..all.len() as u64).map(|k| k * 100).collect();
    slidysim::replay_link(&board, &Moves(all), Some(&times))
}

/// A plan of three drills from the 3×3 average, kept in `store`.
fn three_drills(store: &Path) -> Vec<serde_json::Value> {
    json_lines(&train(&["--plan", "--format", "json", "--seed", "5", "--drills", "3", &average_3x3()], store))
}

#[test]
fn a_drill_played_elsewhere_is_weighed_and_kept_with_its_loss_and_time() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("history.sqlite");
    let plan = three_drills(&store);
    let way: Moves = plan[1]["way"].as_str().unwrap().parse().unwrap();
    // fifteen's way loses nothing against the exact par; a slip and its
    // undo first lose those two moves.
    let board: Board = plan[1]["board"].as_str().unwrap().parse().unwrap();
    let slip = board.legal_moves().next().unwrap();
    let mut slipped = vec![slip, slip.opposite()];
    slipped.extend(way.iter().copied());
    let slipped = Moves(slipped);
    for (moves, loss) in [(&way, 0), (&slipped, 2)] {
        let link = played_elsewhere(&plan[1], moves);
        let said = stdout(&train(&["--attempt", &link], &store));
        let line = plan[1]["line"].as_str().unwrap();
        assert!(said.starts_with(&format!("drill 2 ({line} of a 3×3): {} moves", moves.len())), "{said}");
        assert!(said.trim_end().ends_with(&format!("lost {loss}")), "{said}");
    }
    let export = stdout(&train(&["--export", "-"], &store));
    let kept: Vec<serde_json::Value> = export.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(kept.len(), 2, "{export}");
    for (attempt, (moves, loss)) in kept.iter().zip([(&way, 0), (&slipped, 2)]) {
        assert_eq!(attempt["board"], plan[1]["board"]);
        assert_eq!(attempt["moves"].as_str().unwrap(), moves.to_string(), "the moves up to the line home only");
        assert_eq!(attempt["loss"], loss);
        assert_eq!(attempt["time_ms"], (moves.len() as u64 - 1) * 100, "from the first move to the line home");
    }
    // The drill played is no longer left in the plan.
    let left = json_lines(&train(&["--plan", "--format", "json"], &store));
    assert_eq!(left, vec![plan[0].clone(), plan[2].clone()]);

    let elsewhere = played_elsewhere(&serde_json::json!({"board": "1 2 3/4 5 6/7 0 8"}), &Moves(Vec::new()));
    assert_one_error_line(&train(&["--attempt", &elsewhere], &store), "none of the plan's drills");
    assert_one_error_line(&train(&["--attempt", "not a link"], &store), "");
    assert_one_error_line(&train(&["--history", "--frames", "3"], &store), "are for practising");
    // Practice's own flags are checked before the window is looked for.
    assert_one_error_line(&train(&["--frames", "0", &average_3x3()], &store), "--frames must be positive");
    assert_one_error_line(&train(&["--screenshot", "shot.txt", &average_3x3()], &store), "png");
    assert_one_error_line(&train(&["--move-game", "tests/data/slidysim/30x30-custom.txt"], &store), "up to 16 cells");
}

#[test]
fn the_plan_drills_the_sessions_costliest_kinds_first_at_the_coachs_par() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("history.sqlite");
    let source = average_3x3();
    let plan = json_lines(&train(&["--plan", "--format", "json", "--seed", "9", "--drills", "8", &source], &store));
    assert_eq!(plan.len(), 8);
    let cache = tempfile::tempdir().unwrap();
    let coach = fifteen_with_cache(&["coach", "--format", "json", &source], "", cache.path());
    let coached: Vec<serde_json::Value> =
        String::from_utf8(coach.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    for (i, drill) in plan.iter().enumerate() {
        assert_eq!(drill["drill"], i + 1);
        for field in ["kind", "board", "line", "way"] {
            assert!(drill[field].is_string(), "{field} in {drill}");
        }
        assert!(drill["par"].is_u64() && drill["own"].is_boolean() && drill["rows"] == 3 && drill["cols"] == 3);
        let board: Board = drill["board"].as_str().unwrap().parse().unwrap();
        assert!(board.is_solvable());
        let (top, left) = (drill["top"].as_u64().unwrap() as usize, drill["left"].as_u64().unwrap() as usize);
        for (cell, &tile) in board.cells().iter().enumerate() {
            let (r, c) = (cell / 3, cell % 3);
            if r < top || c < left {
                assert_eq!(tile as usize, cell + 1, "the lines before the drill's are home: {drill}");
            }
        }
        // fifteen's way finishes the line from the drill's board.
        let mut after = board.clone();
        after.apply(&drill["way"].as_str().unwrap().parse::<fifteen_core::Moves>().unwrap()).unwrap();
        if drill["own"] == true {
            let from = &drill["from"];
            let solve = &coached[from["solve"].as_u64().unwrap() as usize - 1];
            let line = &solve["lines"][from["line"].as_u64().unwrap() as usize - 1];
            assert_eq!(drill["par"], line["par_before"], "the coach's par of the person's board");
            assert_eq!((&from["moves"], &from["loss"]), (&line["moves"], &line["loss"]));
            assert_eq!(drill["line"], line["line"]);
        } else {
            assert!(drill["seed"].is_u64());
        }
    }
    assert!(plan.iter().any(|d| d["own"] == true) && plan.iter().any(|d| d["own"] == false));
    // The kinds come in the order of what they lost a solve, as the
    // coach's session weighs them.
    let session = coached.last().unwrap();
    assert!(session["session"].is_string(), "the coach's last line is the session: {session}");
    let solves = session["solves"].as_array().unwrap().len() as f64;
    let mut kinds: Vec<(String, f64)> = session["by_kind"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| {
            let lost = k["loss_mean"].as_f64().unwrap() * k["lines"].as_f64().unwrap() / solves;
            (k["kind"].as_str().unwrap().to_string(), lost)
        })
        .filter(|(_, lost)| *lost > 0.0)
        .collect();
    kinds.sort_by(|a, b| b.1.total_cmp(&a.1));
    let mut drilled: Vec<String> = plan.iter().map(|d| d["kind"].as_str().unwrap().to_string()).collect();
    drilled.dedup();
    let heaviest: Vec<String> = kinds.iter().take(drilled.len()).map(|(k, _)| k.clone()).collect();
    assert_eq!(drilled, heaviest, "the drills come kind by kind, costliest first: {kinds:?}");
    for d in &plan {
        let (_, lost) = kinds.iter().find(|(k, _)| k == d["kind"].as_str().unwrap()).unwrap();
        assert!((d["kind_loss_per_solve"].as_f64().unwrap() - lost).abs() < 1e-9);
    }
    // The same seed makes the same plan; the text names the seed.
    let again = json_lines(&train(&["--plan", "--format", "json", "--seed", "9", "--drills", "8", &source], &store));
    assert_eq!(again, plan);
    let text = stdout(&train(&["--plan", "--seed", "9", "--drills", "8", &source], &store));
    assert!(text.starts_with("plan: 8 drills from 5 solves") && text.contains("--seed 9"), "{text}");
    assert!(text.contains("drill 8: "), "{text}");
}

#[test]
fn the_plan_is_carried_on_without_the_drills_played_since() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("deep/er/history.sqlite");
    let none = train(&["--plan"], &store);
    assert_one_error_line(&none, "no plan to carry on with");
    let plan =
        json_lines(&train(&["--plan", "--format", "json", "--seed", "2", "--drills", "4", &average_3x3()], &store));
    let kept = json_lines(&train(&["--plan", "--format", "json"], &store));
    assert_eq!(kept, plan);
    let played = dir.path().join("played.jsonl");
    std::fs::write(&played, format!("{}\n{}\n", attempt(&plan[0], 0), attempt(&plan[2], 3))).unwrap();
    stdout(&train(&["--import", played.to_str().unwrap()], &store));
    let left = json_lines(&train(&["--plan", "--format", "json"], &store));
    assert_eq!(left, vec![plan[1].clone(), plan[3].clone()]);
    let text = stdout(&train(&["--plan"], &store));
    assert!(text.contains("2 of its 4 drills not played yet"), "{text}");
}

#[test]
fn the_history_is_imported_exported_and_shown_by_kind() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("history.sqlite");
    let empty = stdout(&train(&["--history"], &store));
    assert!(empty.starts_with("no attempts yet"), "{empty}");
    assert!(!store.exists(), "looking at the history creates no store");
    let empty_json = json_lines(&train(&["--history", "--format", "json"], &store));
    assert_eq!(empty_json[0]["attempts"], 0);
    let plan =
        json_lines(&train(&["--plan", "--format", "json", "--seed", "4", "--drills", "3", &average_3x3()], &store));
    let lines: Vec<String> =
        [(0, 5), (1, 0), (0, 0), (2, 1)].iter().map(|&(d, loss)| attempt(&plan[d], loss)).collect();
    let file = dir.path().join("in.jsonl");
    std::fs::write(&file, lines.join("\n") + "\n").unwrap();
    let imported = train(&["--import", file.to_str().unwrap()], &store);
    assert!(String::from_utf8_lossy(&imported.stderr).contains("imported 4 attempts"));
    let exported = stdout(&train(&["--export", "-"], &store));
    let back: Vec<serde_json::Value> = exported.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let sent: Vec<serde_json::Value> = lines.iter().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(back, sent);
    let shown = json_lines(&train(&["--history", "--format", "json"], &store));
    assert_eq!(shown[0]["attempts"], 4);
    let kinds = shown[0]["kinds"].as_array().unwrap();
    let first = kinds.iter().find(|k| k["kind"] == plan[0]["kind"]).unwrap();
    let of_first_kind: Vec<i64> = [(0, 5), (1, 0), (0, 0), (2, 1)]
        .iter()
        .filter(|&&(d, _)| plan[d]["kind"] == plan[0]["kind"])
        .map(|&(_, loss)| loss)
        .collect();
    assert_eq!(first["loss_by_attempt"], serde_json::json!(of_first_kind));
    let text = stdout(&train(&["--history"], &store));
    assert!(text.starts_with("history: 4 attempts") && text.contains(plan[0]["kind"].as_str().unwrap()), "{text}");
    let svg = dir.path().join("trend.svg");
    stdout(&train(&["--history", "--plot", svg.to_str().unwrap()], &store));
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<svg"));
}

#[test]
fn a_bad_import_or_a_store_that_is_not_one_is_one_line_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("history.sqlite");
    let plan =
        json_lines(&train(&["--plan", "--format", "json", "--seed", "1", "--drills", "1", &average_3x3()], &store));
    let bad = dir.path().join("bad.jsonl");
    std::fs::write(
        &bad,
        format!("{}\n{}\n", attempt(&plan[0], 1), attempt(&plan[0], 1).replace("\"kind\":\"", "\"kind\":\"x")),
    )
    .unwrap();
    assert_one_error_line(&train(&["--import", bad.to_str().unwrap()], &store), "line 2");
    assert_eq!(
        json_lines(&train(&["--history", "--format", "json"], &store))[0]["attempts"],
        0,
        "nothing was imported"
    );
    let not_a_store = dir.path().join("notes.sqlite");
    std::fs::write(&not_a_store, "my notes, not a database\n".repeat(200)).unwrap();
    let before = std::fs::read(&not_a_store).unwrap();
    for args in [
        vec!["--history"],
        vec!["--import", bad.to_str().unwrap()],
        vec!["--export", "-"],
        vec!["--plan", "--drills", "1", "--seed", "1", "tests/data/slidysim/30x30-custom.txt"],
    ] {
        let out = train(&args, &not_a_store);
        let needle = if args[0] == "--import" { "line 2" } else { "cannot be read" };
        assert_one_error_line(&out, needle);
    }
    assert_eq!(std::fs::read(&not_a_store).unwrap(), before, "never written to");
    assert_one_error_line(&train(&["--history", "--plan"], &store), "one at a time");
    // Practice with no window and no terminal says so before any coaching.
    assert_one_error_line(&train(&[&average_3x3()], &store), "needs a window or a terminal");
    assert_one_error_line(&train(&["--plot", "x.svg"], &store), "--history");
}

#[test]
fn a_store_killed_while_writing_keeps_every_finished_import_whole() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("history.sqlite");
    let plan =
        json_lines(&train(&["--plan", "--format", "json", "--seed", "3", "--drills", "2", &average_3x3()], &store));
    let batch = 40_000;
    let file = dir.path().join("batch.jsonl");
    let text: String = (0..batch).map(|i| attempt(&plan[i % 2], (i % 7) as i64) + "\n").collect();
    std::fs::write(&file, text).unwrap();
    let import = || {
        crate::common::fifteen_command()
            .args(["train", "--store", store.to_str().unwrap(), "--import", file.to_str().unwrap()])
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap()
    };
    // One import whole, timed, then imports killed at tenths of that time:
    // while reading, while writing, while committing.
    let started = std::time::Instant::now();
    assert!(import().wait().unwrap().success());
    let whole = started.elapsed();
    let (mut finished, mut killed) = (1, 0);
    for tenth in 1..10 {
        let mut child = import();
        std::thread::sleep(whole * tenth / 10);
        let _ = child.kill();
        match child.wait().unwrap().success() {
            true => finished += 1,
            false => killed += 1,
        }
    }
    assert!(killed > 0, "no import was killed before it finished");
    let shown = json_lines(&train(&["--history", "--format", "json"], &store));
    let attempts = shown[0]["attempts"].as_u64().unwrap() as usize;
    assert_eq!(attempts % batch, 0, "every import whole or absent: {attempts}");
    assert!(attempts >= finished * batch, "{attempts} attempts after {finished} finished imports");
}

/// The arrow keys that slide the tiles as `moves` do, as the window's do.
fn arrows(moves: &Moves) -> Vec<u8> {
    let mut keys = Vec::new();
    for mv in moves.iter() {
        let arrow = match mv.letter() {
            'U' => "\x1b[A",
            'D' => "\x1b[B",
            'R' => "\x1b[C",
            _ => "\x1b[D",
        };
        keys.extend_from_slice(arrow.as_bytes());
    }
    keys
}

#[test]
fn the_move_game_asks_where_the_person_lost_par_and_says_whether_a_move_keeps_it() {
    use fifteen_core::coach::{self, Par};
    use fifteen_core::search::Heuristic;
    use fifteen_core::train::{CoachedSolve, moves::move_questions};
    let par = Par::Optimal(Heuristic::ManhattanConflicts);
    let solves = slidysim::parse_source(&average_3x3(), &slidysim::LinkLimits::DEFAULT).unwrap();
    let coached: Vec<_> = solves.iter().map(|s| coach::coach(&s.scramble, &s.moves, par).unwrap()).collect();
    let read: Vec<CoachedSolve> = solves
        .iter()
        .zip(&coached)
        .enumerate()
        .map(|(i, (s, c))| CoachedSolve { number: i + 1, scramble: &s.scramble, moves: &s.moves, coaching: c })
        .collect();
    let questions = move_questions(&read, par, 10, &fifteen_core::Deadline::NONE).unwrap();
    let first = &questions[0];
    let dir = tempfile::tempdir().unwrap();
    let args = format!("train --store {} --move-game --tui {}", dir.path().join("h.sqlite").display(), average_3x3());
    for (mv, said) in [(first.keeping[0], "keeps par: "), (first.played, "loses par (2 moves)")] {
        let mut keys = arrows(&Moves(vec![mv]));
        keys.push(b'q');
        let Some((screen, _)) = crate::cli::fifteen_in_a_terminal(&args, &keys) else { return };
        assert!(screen.contains(&format!("which move? 1 of {}", questions.len())), "{screen}");
        assert!(screen.contains(said), "{said}: {screen}");
    }
}

#[test]
fn a_drill_played_with_the_keys_in_the_terminal_is_kept_with_its_loss() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("history.sqlite");
    let plan = three_drills(&store);
    let way: Moves = plan[0]["way"].as_str().unwrap().parse().unwrap();
    let mut keys = arrows(&way);
    keys.push(b'q');
    let args = format!("train --store {} --tui", store.display());
    let Some((screen, _)) = crate::cli::fifteen_in_a_terminal(&args, &keys) else { return };
    assert!(screen.contains("drill 1 of 3: "), "{screen}");
    let export = stdout(&train(&["--export", "-"], &store));
    let kept: serde_json::Value = serde_json::from_str(export.trim()).expect("one attempt kept");
    assert_eq!(kept["moves"].as_str().unwrap(), way.to_string());
    assert_eq!((&kept["board"], &kept["loss"]), (&plan[0]["board"], &serde_json::json!(0)));
}
