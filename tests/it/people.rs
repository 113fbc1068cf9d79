//! People's solves through the binary: `replay`, `compare` and `coach` on real
//! slidysim links, fifteen's solves written as links and read back, and bad
//! sources refused with one line.

use std::process::Output;

use crate::common::fifteen_with_cache;

const SINGLE_4X4: &str = "tests/data/slidysim/4x4-single.txt";

/// A 5×5 custom replay from the world-record history (line 70 of world-records.txt).
fn custom_5x5() -> String {
    include_str!("../data/slidysim/world-records.txt").lines().nth(69).unwrap().to_string()
}

/// A 5×5 average of 5 (line 85 of world-records.txt).
fn average_5x5() -> String {
    include_str!("../data/slidysim/world-records.txt").lines().nth(84).unwrap().to_string()
}

fn fifteen(args: &[&str], stdin: &str) -> Output {
    let cache = tempfile::tempdir().unwrap();
    fifteen_with_cache(args, stdin, cache.path())
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).unwrap()
}

fn json_lines(out: &Output) -> Vec<serde_json::Value> {
    assert!(out.status.success(), "{}", stderr(out));
    stdout(out).lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

fn assert_error(out: &Output, needle: &str) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(2), "stderr: {err}");
    assert!(err.starts_with("error: "), "{err}");
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(err.contains(needle), "`{needle}` in {err}");
    assert!(!err.contains("panicked"));
    assert!(out.stdout.is_empty());
}

#[test]
fn a_link_past_the_limits_is_refused_at_once_naming_the_limit_and_trusted_reads_it() {
    let dir = tempfile::tempdir().unwrap();
    let bomb = dir.path().join("bomb.txt");
    std::fs::write(&bomb, fifteen_core::testing::link_bomb(40, 250_000)).unwrap();
    let bomb = bomb.to_str().unwrap();
    for command in ["replay", "compare", "coach"] {
        let out = fifteen(&[command, bomb, "--format", "json"], "");
        assert_error(&out, "unpacks to more than 33554432 bytes (--trusted reads it, for a source you trust)");
    }
    let long = dir.path().join("long.txt");
    std::fs::write(&long, fifteen_core::testing::link_bomb(1, 60_607)).unwrap();
    let long = long.to_str().unwrap();
    assert_error(&fifteen(&["replay", long, "--format", "summary"], ""), "over the limit of 10000000 moves");
    let summary = json_lines(&fifteen(&["replay", long, "--format", "summary", "--trusted"], ""));
    assert_eq!(summary[0]["moves"], 12_000_186);
}

#[test]
fn replay_prints_the_persons_splits_per_line() {
    let text = stdout(&fifteen(&["replay", "--format", "text", SINGLE_4X4], ""));
    assert!(text.starts_with("solve 1: 4×4 single by dphdmn"), "{text}");
    assert!(text.contains("26 moves in 0.909 s, 28.60 tps, MMD 1.625"), "{text}");
    let json = json_lines(&fifteen(&["replay", "--format", "json", SINGLE_4X4], ""));
    let solve = &json[0];
    assert_eq!(solve["moves"], 26);
    assert_eq!(solve["solution"], "R2ULDLULU2R3D3L3UR2U2L2");
    let lines = solve["lines"].as_array().unwrap();
    assert_eq!(lines.last().unwrap()["line"], "last 2×2");
    assert_eq!(lines.last().unwrap()["at"], 26);
    assert_eq!(lines.last().unwrap()["at_ms"], 909);
    let total: u64 = lines.iter().map(|l| l["moves"].as_u64().unwrap()).sum();
    assert_eq!(total, 26);
    let summary = json_lines(&fifteen(&["replay", "--format", "summary", SINGLE_4X4], ""));
    assert!(summary[0].get("solution").is_none() && summary[0].get("scramble").is_none());
}

#[test]
#[ignore = "ten seconds: builds the 4×4 tables for the optimum; CI runs it"]
fn compare_lines_up_the_two_solves_and_knows_the_optimum_on_a_4x4() {
    let json = json_lines(&fifteen(&["compare", "--format", "json", SINGLE_4X4], ""));
    let keys: Vec<&String> = json[0].as_object().unwrap().keys().collect();
    assert_eq!(&keys[..5], ["solve", "source", "event", "rows", "cols"]);
    assert_eq!(json[0]["person"]["moves"], 26);
    let fifteen_moves = json[0]["fifteen"]["moves"].as_u64().unwrap();
    let optimal = json[0]["optimal"].as_u64().unwrap();
    assert!(optimal <= 26 && optimal <= fifteen_moves, "{optimal} {fifteen_moves}");
    let stages = json[0]["stages"].as_array().unwrap();
    let last = stages.last().unwrap();
    assert_eq!((last["person"].as_u64(), last["fifteen"].as_u64()), (Some(26), Some(fifteen_moves)));
    assert_eq!(json[1]["summary"], "4x4");
}

#[test]
#[ignore = "seconds: compares many people's solves; CI runs it"]
fn compare_reads_many_sources_from_stdin_and_sums_up_by_size() {
    let input = format!("# a custom replay and an average\n{}\n{}\n", custom_5x5(), average_5x5());
    let json = json_lines(&fifteen(&["compare", "--format", "json", "--threads", "2"], &input));
    assert_eq!(json.len(), 7, "6 solves and one size");
    for (i, solve) in json[..6].iter().enumerate() {
        assert_eq!(solve["solve"], i as u64 + 1);
        assert_eq!((solve["rows"].as_u64(), solve["cols"].as_u64()), (Some(5), Some(5)));
        assert!(solve["optimal"].is_null());
    }
    assert_eq!(json[6]["solves"], 6);
    let table = stdout(&fifteen(&["compare", "--solve", "3", "-"], &input));
    assert!(table.starts_with("solve 3: 5×5 ao5, solve 2 of 5 by "), "{table}");
    assert!(table.contains("finished") && table.contains("solved"), "{table}");
}

/// A 3×3 average of 5 (line 1 of world-records.txt).
fn average_3x3() -> String {
    include_str!("../data/slidysim/world-records.txt").lines().next().unwrap().to_string()
}

/// The cells above row `top` and left of column `left` hold their home tiles.
fn finished_lines_home(board: &fifteen_core::Board, top: usize, left: usize) -> bool {
    board.cells().iter().enumerate().all(|(i, &tile)| {
        let (row, col) = (i / board.cols(), i % board.cols());
        (row >= top && col >= left) || tile as usize == i + 1
    })
}

#[test]
fn coach_finds_each_lines_loss_and_a_way_through_it_from_the_persons_board() {
    let source = average_3x3();
    let coached = json_lines(&fifteen(&["coach", "--format", "json", &source], ""));
    let replayed = json_lines(&fifteen(&["replay", "--format", "json", &source], ""));
    assert_eq!(coached.len(), 7, "5 solves, a summary and the session");
    for (solve, person) in coached[..5].iter().zip(&replayed) {
        let moves = solve["moves"].as_i64().unwrap();
        let par = solve["par"].as_i64().unwrap();
        assert_eq!(solve["par_by"], "optimal");
        assert_eq!(solve["loss"].as_i64().unwrap(), moves - par);
        let lines = solve["lines"].as_array().unwrap();
        let lost: i64 = lines.iter().map(|l| l["loss"].as_i64().unwrap()).sum();
        assert_eq!(lost, moves - par, "the lines' losses add up to the solve's");
        let mistakes = solve["mistakes"].as_array().unwrap();
        assert_eq!(2 * mistakes.len() as i64, moves - par, "each mistake costs two moves");
        // Every way through a line, made from the person's own board where
        // the line began, finishes it and the lines before it.
        let scramble: fifteen_core::Board = person["scramble"].as_str().unwrap().parse().unwrap();
        let solution: fifteen_core::Moves = person["solution"].as_str().unwrap().parse().unwrap();
        for line in lines {
            let mut board = scramble.clone();
            board.apply(&solution[..line["from_move"].as_u64().unwrap() as usize]).unwrap();
            let way: fifteen_core::Moves = line["better"]["moves"].as_str().unwrap().parse().unwrap();
            assert_eq!(way.len() as u64, line["better"]["count"].as_u64().unwrap());
            board.apply(&way).unwrap();
            let (rows, cols) =
                (line["left"]["rows"].as_u64().unwrap() as usize, line["left"]["cols"].as_u64().unwrap() as usize);
            assert!(finished_lines_home(&board, 3 - rows.min(3), 3 - cols.min(3)) || rows == 0 && board.is_solved());
        }
    }
    let summary = &coached[5];
    assert_eq!((summary["summary"].as_str(), summary["solves"].as_u64()), (Some("3x3"), Some(5)));
    assert!(summary["loss_by_kind"]["rows"]["lines"].as_u64().unwrap() >= 1, "{summary}");
    session_agrees_with_its_solves(&coached[6], &coached[..5]);
    let table = stdout(&fifteen(&["coach", &source], ""));
    assert!(table.starts_with("solve 1: 3×3 ao5, solve 1 of 5 by "), "{table}");
    assert!(table.contains("(optimal)") && table.contains("mistakes") && table.contains("means by size"), "{table}");
}

/// A session's numbers are its solves' numbers gathered: each solve's
/// loss, each kind of line's mean moves and mean loss over the solves'
/// lines, the solves ranked by loss, and the ao5 of their times and moves
/// as the leaderboard counts it (the best and the worst dropped).
fn session_agrees_with_its_solves(session: &serde_json::Value, solves: &[serde_json::Value]) {
    let losses: Vec<i64> = solves.iter().map(|s| s["loss"].as_i64().unwrap()).collect();
    assert_eq!(session["loss_by_solve"], serde_json::json!(losses), "{session}");
    for kind in session["by_kind"].as_array().unwrap() {
        let lines: Vec<&serde_json::Value> =
            solves.iter().flat_map(|s| s["lines"].as_array().unwrap()).filter(|l| l["kind"] == kind["kind"]).collect();
        let mean = |key: &str| lines.iter().map(|l| l[key].as_f64().unwrap()).sum::<f64>() / lines.len() as f64;
        assert_eq!(kind["lines"].as_u64(), Some(lines.len() as u64), "{kind}");
        assert!((kind["loss_mean"].as_f64().unwrap() - mean("loss")).abs() < 1e-9, "{kind}");
        assert!((kind["moves_mean"].as_f64().unwrap() - mean("moves")).abs() < 1e-9, "{kind}");
        let by_solve: i64 = kind["loss_by_solve"].as_array().unwrap().iter().filter_map(|l| l.as_i64()).sum();
        assert_eq!(by_solve, lines.iter().map(|l| l["loss"].as_i64().unwrap()).sum::<i64>(), "{kind}");
    }
    let ranked: Vec<i64> = session["ranked"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| solves.iter().find(|s| s["solve"] == *n).unwrap()["loss"].as_i64().unwrap())
        .collect();
    assert!(ranked.windows(2).all(|w| w[0] >= w[1]), "ranked by loss, the most first: {ranked:?}");
    let trimmed = |key: &str| {
        let mut values: Vec<f64> = solves.iter().map(|s| s[key].as_f64().unwrap()).collect();
        values.sort_by(f64::total_cmp);
        values[1..values.len() - 1].iter().sum::<f64>() / (values.len() - 2) as f64
    };
    let ao = |of: &str, what: &str| session[of][what]["last"].as_f64().unwrap();
    assert!((ao("time_averages", "ao5") - trimmed("time_ms") / 1000.0).abs() < 1e-9, "{session}");
    assert!((ao("move_averages", "ao5") - trimmed("moves")).abs() < 1e-9, "{session}");
}

#[test]
fn coach_takes_fifteens_own_solve_for_par_on_bigger_boards() {
    let table = stdout(&fifteen(&["coach", "--par", "human", "--effort", "normal", &custom_5x5()], ""));
    assert!(table.contains("(fifteen at normal, an upper bound)"), "{table}");
    assert!(table.contains("last 2×2") && table.contains("fifteen's way through the lines that lost moves"), "{table}");
    assert!(!table.contains("mistakes"), "mistakes only where par is exact: {table}");
    assert!(table.contains("(a sharper par: --effort best, which takes longer;"), "{table}");
    let sharp = stdout(&fifteen(&["coach", "--par", "human", "--effort", "best", &custom_5x5()], ""));
    assert!(!sharp.contains("a sharper par"), "best is as sharp as it gets: {sharp}");
    assert_error(&fifteen(&["coach", "--solve", "9", SINGLE_4X4], ""), "solve 9 was asked for, but the source holds 1");
    assert_error(&fifteen(&["coach", "https://slidysim.github.io/replay?r=abc*"], ""), "payload is not base64");
}

#[test]
#[ignore = "seconds: solves and reads back links of several sizes; CI runs it"]
fn fifteens_solve_goes_out_as_a_link_and_comes_back_the_same() {
    let scramble = stdout(&fifteen(&["scramble", "--size", "5", "--seed", "4", "--format", "slidysim"], ""));
    assert_eq!(scramble.matches('/').count(), 4, "{scramble}");
    let link = stdout(&fifteen(&["solve", "--format", "slidysim"], &scramble));
    assert!(link.starts_with("https://slidysim.github.io/replay?r="), "{link}");
    let letters = stdout(&fifteen(&["solve"], &scramble));
    let back = json_lines(&fifteen(&["replay", "--format", "json", "-"], &link));
    assert_eq!(back[0]["scramble"], scramble.trim());
    let moves: fifteen_core::Moves = back[0]["solution"].as_str().unwrap().parse().unwrap();
    assert_eq!(moves.to_string(), letters.trim());
}

#[test]
fn bad_sources_get_one_line_naming_what_is_wrong() {
    assert_error(&fifteen(&["replay", "--format", "text", "no-such-file.txt"], ""), "no such file");
    assert_error(&fifteen(&["compare", "https://slidysim.github.io/replay?r=abc*"], ""), "payload is not base64");
    assert_error(&fifteen(&["replay", "--format", "json", "-"], ""), "the input is empty");
    assert_error(
        &fifteen(&["compare", "--solve", "9", SINGLE_4X4], ""),
        "solve 9 was asked for, but the source holds 1",
    );
    // A real link with its payload cut short.
    let cut = &custom_5x5()[..120];
    let out = fifteen(&["replay", "--format", "text", cut], "");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("payload is not"), "{}", stderr(&out));
}

#[test]
fn boards_in_slash_notation_are_read_wherever_boards_are() {
    let out = fifteen(&["solve", "--format", "json"], "1 2 3/4 5 6/7 0 8\n");
    assert_eq!(json_lines(&out)[0]["moves"], "L");
}

/// The tags of `svg` nest: every one opened is closed, in order.
fn tags_nest(svg: &str) -> bool {
    let mut open: Vec<&str> = Vec::new();
    for tag in svg.split('<').skip(1).map(|piece| piece.split('>').next().unwrap()) {
        let name = tag.trim_start_matches('/').split_whitespace().next().unwrap_or("");
        if tag.starts_with('/') {
            if open.pop() != Some(name) {
                return false;
            }
        } else if !tag.ends_with('/') && !tag.starts_with('?') {
            open.push(name);
        }
    }
    open.is_empty()
}

#[test]
fn coach_draws_the_par_graph_as_svg_or_png() {
    let dir = tempfile::tempdir().unwrap();
    let source = average_3x3();
    let svg = dir.path().join("graph.svg");
    let out = fifteen(&["coach", "--solve", "2", "--format", "json", "--plot", svg.to_str().unwrap(), &source], "");
    let solve = &json_lines(&out)[0];
    assert_eq!(solve["solve"], 2, "the coaching still goes to stdout");
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg") && text.trim_end().ends_with("</svg>") && tags_nest(&text), "{text}");
    assert!(text.contains("solve 2: 3×3 ao5, solve 2 of 5 by dphdmn"), "the title");
    assert!(text.contains("moves made by the person") && text.contains("par: moves fifteen still needs"));
    let lines = solve["lines"].as_array().unwrap();
    assert!(lines.len() >= 3);
    for line in lines {
        let name = line["line"].as_str().unwrap();
        assert!(text.contains(&format!(">{name}</text>")), "{name} is named on the graph");
    }
    // The person's solve (blue) and the solve that loses nothing (grey,
    // dashed) are lines; each mistake is a red dot, and one more in the legend.
    let lines = |colour: &str| {
        let stroke = format!("stroke=\"{colour}\"");
        text.split("<line").skip(1).filter(|tag| tag.split('>').next().unwrap().contains(&stroke)).count()
    };
    assert!(lines("#1F6FC4") >= 2 && lines("#8A8A8A") >= 5, "{text}");
    let mistakes = solve["mistakes"].as_array().unwrap().len();
    assert!(mistakes > 0);
    assert_eq!(text.matches("fill=\"#D62728\"").count(), mistakes + 1);

    let png = dir.path().join("graph.PNG");
    let out = fifteen(&["coach", "--solve", "2", "--plot", png.to_str().unwrap(), &source], "");
    assert!(stdout(&out).starts_with("solve 2: 3×3 ao5"), "{}", stderr(&out));
    let bytes = std::fs::read(&png).unwrap();
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"));
    let mut reader = png::Decoder::new(std::io::Cursor::new(bytes)).read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size()];
    let frame = reader.next_frame(&mut pixels).unwrap();
    assert_eq!((frame.width, frame.height, frame.color_type), (1280, 720, png::ColorType::Rgb));
    let rgb: Vec<&[u8]> = pixels[..frame.buffer_size()].chunks(3).collect();
    assert_eq!(rgb[0], [255, 255, 255], "a white page");
    for colour in [[0x1F, 0x6F, 0xC4], [0xD6, 0x27, 0x28]] {
        assert!(rgb.iter().filter(|&&p| p == colour).count() > 20, "{colour:?} is drawn");
    }
}

#[test]
fn coach_plot_refuses_a_bad_file_or_solves_of_no_session_before_the_work() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let one = ["coach", "--solve", "1"];
    let jpg = path("graph.jpg");
    assert_error(&fifteen(&[&one[..], &["--plot", &jpg, &average_3x3()]].concat(), ""), "ending in .svg or .png");
    let nowhere = path("no-such-dir/graph.svg");
    assert_error(&fifteen(&[&one[..], &["--plot", &nowhere, &average_3x3()]].concat(), ""), "there is no directory");
    let svg = path("graph.svg");
    // Two solves of two sizes are no session, even with --session.
    let five = custom_5x5();
    for session in [&[][..], &["--session"][..]] {
        assert_error(
            &fifteen(&[&["coach", "--plot", &svg][..], session, &[SINGLE_4X4, &five[..]]].concat(), ""),
            "the sources hold 2 solves of no one session",
        );
    }
    assert!(std::fs::read_dir(dir.path()).unwrap().next().is_none(), "nothing is written");
    // An average's link is a session: its trend is drawn.
    let out = fifteen(&["coach", "--plot", &svg, &average_3x3()], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let drawn = std::fs::read_to_string(&svg).unwrap();
    assert!(drawn.contains("session: 3×3") && drawn.contains("ao5"), "{drawn}");
}
