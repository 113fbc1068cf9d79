//! The page in a real browser, used as a person uses it: open it, press the
//! arrow keys, pick a speed and press Watch, read what the page shows.
//! Debian's headless Chromium is driven through its WebDriver server
//! (`chromedriver`, package `chromium-driver`) by the fantoccini client.
//!
//! The game page (`/`) draws with the viewer's board, so both are read
//! the same way: the page's state on `#viewer` (`data-*`), its canvas's pixels.
//!
//! Skipped, saying so, when Chromium or chromedriver is missing, unless
//! `FIFTEEN_BROWSER_TEST=require` (CI sets it after installing both), which
//! makes that a failure. With `FIFTEEN_SCREENSHOT_DIR` set, the Watch test
//! saves `watch.png` there (docs/serve.md's picture), the optimal-distance
//! test `optimal-page.png`, the served replay's test `viewer-replay.png`
//! and the sharpened par's `replay-sharpened.png`.

// fantoccini's `CmdError` is large; these helpers only hand it on to the
// test that fails with it, so its size costs nothing worth boxing.
#![allow(clippy::result_large_err)]

mod page;
mod site;
mod site_train;

use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::{Server, ServerConfig};
use fantoccini::key::Key;
use fifteen_core::{Board, Move};
use page::{Page, workspace_dir};

/// The browser client of the Eight game's walkthrough ("Eight slide puzzle
/// and breadth-first search", pointatinfinity.com; see the README's
/// Sources), its final listing verbatim: it plays the protocol that
/// `fifteen serve` speaks at /eight/ws.
const EIGHT_CLIENT: &str = include_str!("../../../../tests/data/eight_client.js");
const EIGHT_URL: &str = "wss://pointatinfinity.com/eight/ws";

/// The tests that keep both cores busy for many seconds (a `best` coaching
/// on the server or in the browser's worker, a 60×60 page read) take turns:
/// beside each other on two cores each waits past its own limits. Hold the
/// guard for the whole test.
pub(super) fn one_heavy_test_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    static HEAVY: Mutex<()> = Mutex::new(());
    HEAVY.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn start_server(rows: usize, cols: usize, seed: u64) -> (Server, ServerConfig, Arc<Mutex<Vec<String>>>) {
    let log = Arc::new(Mutex::new(Vec::new()));
    let mut config = ServerConfig::new(rows, cols).unwrap();
    config.seed = seed;
    let sink = log.clone();
    config.log = Arc::new(move |line: &str| sink.lock().unwrap().push(line.to_string()));
    let server = Server::start("127.0.0.1:0".parse().unwrap(), config.clone()).unwrap();
    (server, config, log)
}

/// The arrow key that slides a tile this way.
fn arrow(mv: Move) -> Key {
    match mv {
        Move::Left => Key::Left,
        Move::Right => Key::Right,
        Move::Up => Key::Up,
        Move::Down => Key::Down,
    }
}

#[test]
#[ignore = "seconds: plays and watches in headless Chromium; CI runs it"]
fn the_page_draws_the_first_state_plays_arrow_keys_and_watches_the_human_solver() {
    let Some(page) = Page::open() else { return };
    let (server, config, log) = start_server(4, 4, 3);
    let board = config.board(0).unwrap();
    page.visit(&format!("http://{}/", server.addr()));

    // The board is drawn from the server's first state.
    page.wait_for_tiles(board.cells(), 20);
    assert_eq!(page.text("status"), "playing");
    assert_eq!(page.text("score"), "0");

    // An arrow key slides a tile the way it points.
    let mv = [Move::Left, Move::Right].into_iter().find(|&mv| board.can_slide(mv)).unwrap();
    page.press(arrow(mv));
    let mut replay: Board = board.clone();
    replay.slide(mv);
    page.wait_for_tiles(replay.cells(), 10);
    assert_eq!(page.text("score"), "1");

    // Watch: the solver streams its moves with the region outlined and the target marked.
    page.choose("speed", "250");
    page.click("watch");
    // The line is outlined (ACCENT) and the homes of its tiles still to
    // place are ringed (MARK), on the viewer's canvas.
    page.wait_for("a row or column being built, 13 moves in, outlined and its homes ringed", 30, |page| {
        let title = page.try_text("title")?;
        let score: u64 = page.try_text("score")?.parse().unwrap_or(0);
        let building = (title.starts_with("Watching: row ") || title.starts_with("Watching: column ")) && score > 12;
        let [outline, marks] = page.canvas_pixels(&[[90, 210, 255], [255, 206, 64]], 6)[..] else { unreachable!() };
        Ok((building && outline > 200 && marks > 200).then_some(()))
    });
    let state = page.viewer();
    assert!(!state["targets"].as_str().unwrap_or("").is_empty(), "the tiles being placed: {state}");
    assert_eq!(page.text("watch"), "Stop");
    if let Some(dir) = workspace_dir("FIFTEEN_SCREENSHOT_DIR") {
        page.screenshot(&dir.join("watch.png"));
    }
    // Faster, to the end.
    page.choose("speed", "15");
    page.wait_for_text("status", 60, |s| s == "complete");
    page.wait_for_tiles(Board::goal(4, 4).unwrap().cells(), 5);
    let title = page.text("title");
    assert!(title.starts_with("Solved. Last: last 2×2"), "{title}");
    assert_eq!(page.viewer()["errors"], "", "the page reported errors (or its policy refused something)");

    // New game: a new connection, a new board.
    page.click("new");
    page.wait_for_tiles(config.board(1).unwrap().cells(), 20);
    drop(page);
    server.stop().unwrap();
    let log = log.lock().unwrap().clone();
    assert!(log[0].starts_with("game 1 ") && log[0].ends_with(", complete"), "{log:?}");
}

#[test]
#[ignore = "seconds: the optimal distance in headless Chromium; CI runs it"]
fn the_page_shows_the_optimal_distance_and_the_best_move_on_b() {
    let Some(page) = Page::open() else { return };
    let (server, config, _) = start_server(3, 3, 5);
    let board = config.board(0).unwrap();
    let shortest = fifteen_core::solver::solve(
        &board,
        &fifteen_core::solver::SolverOptions { solver: fifteen_core::solver::Solver::Optimal, ..Default::default() },
    )
    .unwrap()
    .moves;
    page.visit(&format!("http://{}/", server.addr()));
    let shown = page.wait_for_text("optimal", 20, |t| t.starts_with("optimal: ") && !t.ends_with('…'));
    assert_eq!(shown, format!("optimal: {} moves left", shortest.len()));

    // B: the best move, in words and marked on its tile.
    page.press('b');
    let text = page.wait_for_text("optimal", 5, |t| t.contains(", best: slide "));
    let (_, said) = text.split_once(", best: slide ").unwrap();
    let (tile, way) = said.split_once(' ').unwrap();
    assert_eq!(page.viewer()["best"], tile, "the tile named is marked");
    assert_eq!(page.attribute("best", "aria-pressed").as_deref(), Some("true"));
    if let Some(dir) = workspace_dir("FIFTEEN_SCREENSHOT_DIR") {
        page.screenshot(&dir.join("optimal-page.png"));
    }
    // Making it: one move fewer, known at once (it is on the solution found).
    let mv = Move::ALL.into_iter().find(|mv| mv.word() == way).unwrap();
    let mut next = board.clone();
    assert_eq!(next.slide(mv).map(|t| t.to_string()).as_deref(), Some(tile));
    page.press(arrow(mv));
    let after = page.wait_for_text("optimal", 20, |t| t.starts_with(&format!("optimal: {} move", shortest.len() - 1)));
    assert!(after.contains(", best: slide "), "{after}");
    page.press('b');
    page.wait_for_text("optimal", 5, |t| t == format!("optimal: {} moves left", shortest.len() - 1));

    // Following the best move to the end solves the board in the fewest moves.
    page.press('b');
    for left in (1..shortest.len()).rev() {
        let said = page
            .wait_for_text("optimal", 20, |t| t.starts_with(&format!("optimal: {left} move")) && t.contains("best"));
        let way = said.rsplit(' ').next().unwrap();
        let mv = Move::ALL.into_iter().find(|mv| mv.word() == way).unwrap();
        page.press(arrow(mv));
    }
    page.wait_for_text("optimal", 20, |t| t == "optimal: solved");
    let fewest = shortest.len();
    assert_eq!(page.text("title"), format!("Solved in {fewest} moves (the fewest possible: {fewest})."));
    drop(page);
    server.stop().unwrap();
}

#[test]
fn the_page_shows_no_optimal_line_for_boards_over_16_cells() {
    let Some(page) = Page::open() else { return };
    let (server, config, _) = start_server(3, 6, 1);
    let board = config.board(0).unwrap();
    page.visit(&format!("http://{}/", server.addr()));
    page.wait_for_tiles(board.cells(), 20);
    assert!(!page.shows("optimal") && !page.shows("best"), "no optimal line or button on 3×6");
    drop(page);
    server.stop().unwrap();
}

#[test]
#[ignore = "seconds: a big board's follow view in headless Chromium; CI runs it"]
fn the_page_follows_the_tile_on_its_way_on_a_big_board() {
    let Some(page) = Page::open() else { return };
    page.fit_viewport(1000, 640);
    let (server, config, _) = start_server(60, 60, 1);
    page.visit(&format!("http://{}/", server.addr()));
    page.wait_for_tiles(config.board(0).unwrap().cells(), 20);
    assert_eq!(page.viewer()["follow"], "true", "3 600 cells: the follow view");
    page.choose("speed", "15");
    page.click("watch");
    // A window round the tile on its way, in cells big enough for the
    // numbers (34 px for four digits), the blank in it.
    let (tile, to) = page.wait_for("a tile on its way", 30, |page| {
        let travel = page.viewer()["travel"].as_str().unwrap_or("").to_string();
        Ok(travel.split_once(' ').map(|(t, c)| (t.parse::<usize>().unwrap(), c.parse::<usize>().unwrap())))
    });
    page.click("watch");
    std::thread::sleep(Duration::from_secs(1));
    assert_follows_the_blank(
        &page.js("return window.fifteen.pane.v;"),
        &page.js("return window.fifteen.board.blank;"),
        60,
    );
    let _ = (tile, to);
    assert_eq!(page.viewer()["errors"], "");
    drop(page);
    server.stop().unwrap();
}

#[test]
fn the_eight_walkthroughs_own_client_finishes_a_game_unchanged() {
    let Some(page) = Page::open() else { return };
    let (server, config, log) = start_server(3, 3, 2);
    let board = config.board(0).unwrap();
    assert!(EIGHT_CLIENT.contains(EIGHT_URL));
    // The only change: the address of the server it plays.
    let script = EIGHT_CLIENT.replace(EIGHT_URL, &format!("ws://{}/eight/ws", server.addr()));
    let cells: String = (0..9).map(|i| format!("<div id=\"cell_{i}\"></div>")).collect();
    let html = format!(
        "<!doctype html><html><body>{cells}<p id=\"status\"></p><p id=\"score\"></p><script>{script}</script></body></html>"
    );
    let dir = std::env::temp_dir().join(format!("fifteen-eight-client-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("eight_client.html");
    std::fs::write(&path, html).unwrap();
    page.visit(&format!("file://{}", path.display()));

    page.wait_for_text("status", 120, |s| s == "complete");
    let moves: u64 = page.text("score").parse().unwrap();
    assert!(moves > 0 && moves <= 31, "BFS on a 3×3 takes at most 31 moves: {moves}");
    drop(page);
    server.stop().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let log = log.lock().unwrap().clone();
    assert_eq!(log.len(), 1, "{log:?}");
    assert!(log[0].contains(&format!("{moves} moves in")) && log[0].ends_with(", complete"), "{log:?} from {board:?}");
}

#[test]
fn the_eight_client_listing_is_whole() {
    assert!(EIGHT_CLIENT.starts_with("function recoverSolution(state)") && EIGHT_CLIENT.trim_end().ends_with("run();"));
}

/// The viewer's saved page for fifteen's solve of a 4×4, in a fresh directory.
fn saved_page(rows: usize, cols: usize, seed: u64) -> (PathBuf, serde_json::Value) {
    let board = Board::scrambled(rows, cols, fifteen_core::board::Scramble::Uniform, seed).unwrap();
    let data = fifteen_view::web::solve_data(
        &board,
        &fifteen_core::HumanOptions::default(),
        "a test solve",
        fifteen_view::web::Work::default(),
    )
    .unwrap();
    let dir = std::env::temp_dir().join(format!("fifteen-viewer-{}-{rows}x{cols}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("solve.html");
    std::fs::write(&path, fifteen_view::web::page(&data)).unwrap();
    (path, serde_json::to_value(data).unwrap())
}

#[test]
fn a_saved_page_opens_from_file_draws_the_marks_steps_and_plays_to_solved() {
    let Some(page) = Page::open() else { return };
    page.fit_viewport(1000, 640);
    let (path, data) = saved_page(4, 4, 7);
    page.visit(&format!("file://{}", path.display()));
    let state = page.wait_for_viewer();
    assert_eq!(state["ready"], "true", "{state}");
    assert_eq!(state["errors"], "", "the page reported errors");
    assert_eq!(state["cursor"], "0");
    assert_eq!(state["solved"], "false");
    assert!(page.text("title").starts_with("column 1") || page.text("title").starts_with("row 1"));

    // The line's outline (ACCENT) and the rings of its homes (MARK) are drawn.
    let [accent, mark] = page.canvas_pixels(&[[90, 210, 255], [255, 206, 64]], 6)[..] else { unreachable!() };
    assert!(accent > 500 && mark > 500, "outline {accent} px, rings {mark} px");
    if let Some(dir) = workspace_dir("FIFTEEN_SCREENSHOT_DIR") {
        page.screenshot(&dir.join("viewer-4x4.png"));
    }

    // → steps a move, ↓ jumps to the next line, ↑ back to the line before.
    page.press(Key::Right);
    page.wait_for("a step", 5, |page| Ok((page.viewer()["cursor"] == "1").then_some(())));
    let second = data["phases"][1][1].as_u64().unwrap().to_string();
    page.press(Key::Down);
    page.wait_for("the next line", 5, |page| Ok((page.viewer()["cursor"] == second.as_str()).then_some(())));
    page.press(Key::Up);
    page.wait_for("the line before", 5, |page| Ok((page.viewer()["cursor"] == "0").then_some(())));

    // Faster, and Space plays it to the end: the board is solved.
    plays_to_the_end(&page, 32, 30, &data);
    assert_eq!(page.text("title"), "solved");
    drop(page);
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}

#[test]
#[ignore = "seconds: a big board played in headless Chromium; CI runs it"]
fn a_board_of_small_cells_is_drawn_a_pixel_a_cell_and_plays_to_solved() {
    let Some(page) = Page::open() else { return };
    page.fit_viewport(420, 320);
    let (path, data) = saved_page(60, 60, 2);
    page.visit(&format!("file://{}", path.display()));
    let state = page.wait_for_viewer();
    assert_eq!(state["ready"], "true", "{state}");
    // Cells of under 5 pixels: the one-pixel-a-cell image, scaled.
    let cell = page.js(
        "window.fifteen.follow = false; window.fifteen.jump(0); window.fifteen.draw(); return window.fifteen.v.cell;",
    );
    assert!(cell.as_f64().unwrap() < 5.0, "cells of {cell} px");
    let colours = page.js(
        "const c = document.getElementById('board'); const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; \
         const seen = new Set(); for (let i = 0; i < d.length; i += 4) seen.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]); return seen.size;",
    );
    assert!(colours.as_u64().unwrap() > 1000, "{colours} colours on a scrambled 60×60");
    plays_to_the_end(&page, 64, 60, &data);
    drop(page);
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}

/// Space at `faster` times the speed plays a saved page to the goal within
/// `secs`: every one of the solve's moves made, no error on the page.
fn plays_to_the_end(page: &Page, faster: u32, secs: u64, data: &serde_json::Value) {
    page.js(&format!("window.fifteen.faster({faster}); return null;"));
    page.press(' ');
    page.wait_for("solved", secs, |page| Ok((page.viewer()["solved"] == "true").then_some(())));
    let state = page.viewer();
    assert_eq!(state["cursor"], data["count"].to_string());
    assert_eq!(state["errors"], "");
}

/// A follow view `v` of a board `cols` wide: cells of 34 px or more (four
/// digits' numbers), a window smaller than the board, `blank` in it.
fn assert_follows_the_blank(v: &serde_json::Value, blank: &serde_json::Value, cols: usize) {
    let at = |key: &str| v[key].as_f64().unwrap();
    let blank = blank.as_u64().unwrap() as f64;
    let (row, col) = ((blank / cols as f64).floor() + 0.5, blank % cols as f64 + 0.5);
    assert!(at("cell") >= 34.0, "{v}");
    assert!(at("bottom") - at("top") < cols as f64 && at("right") - at("left") < cols as f64, "{v}");
    assert!((at("top")..at("bottom")).contains(&row) && (at("left")..at("right")).contains(&col), "blank {blank}: {v}");
}

#[test]
#[ignore = "seconds: plans a 60×60 and follows it in headless Chromium; CI runs it"]
fn a_long_trip_on_a_big_board_is_followed_in_legible_cells_pointing_at_the_rest() {
    let _turn = one_heavy_test_at_a_time();
    let Some(page) = Page::open() else { return };
    page.fit_viewport(1000, 640);
    let (path, _) = saved_page(60, 60, 2);
    page.visit(&format!("file://{}", path.display()));
    assert_eq!(page.wait_for_viewer()["ready"], "true");
    assert_eq!(page.viewer()["follow"], "true", "on by default");
    // The longest trip among a hundred points of the solve: the tile and
    // where it goes too far apart for one window of legible cells.
    let at = page.js(
        "const f = window.fifteen, s = f.solve, cols = s.cols; let best = [-1, 0]; \
         for (let k = 1; k < 100; k++) { f.jump(Math.floor(s.count * k / 100)); const t = s.marks().target; if (!t) continue; \
           const a = s.pos[t.tile], d = Math.abs(Math.floor(a / cols) - Math.floor(t.to / cols)) + Math.abs(a % cols - t.to % cols); \
           if (d > best[0]) best = [d, s.cursor]; } \
         f.jump(best[1]); return best;",
    );
    assert!(at[0].as_u64().unwrap() > 30, "a long trip: {at}");
    std::thread::sleep(Duration::from_secs(1));
    assert_follows_the_blank(&page.js("return window.fifteen.v;"), &page.js("return window.fifteen.solve.blank;"), 60);
    // What the window leaves out is pointed at: where the tile goes, at least.
    let pointing = page.wait_for_text_in_state("pointing", 5);
    assert!(pointing.contains(" away"), "{pointing}");
    // Playing on, the view keeps up: the blank stays in the window.
    page.press(' ');
    std::thread::sleep(Duration::from_secs(2));
    page.press(' ');
    std::thread::sleep(Duration::from_secs(1));
    assert_follows_the_blank(&page.js("return window.fifteen.v;"), &page.js("return window.fifteen.solve.blank;"), 60);
    if let Some(dir) = workspace_dir("FIFTEEN_SCREENSHOT_DIR") {
        page.screenshot(&dir.join("viewer-follow.png"));
    }
    assert_eq!(page.viewer()["errors"], "");
    drop(page);
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}

/// The path the README's tour opens: a slidysim replay link (line 70 of
/// the record history's links, a 5×5) with its host swapped for the server's.
fn readme_replay_path() -> String {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md")).unwrap();
    let host = "http://127.0.0.1:8080";
    let at = readme.find(&format!("{host}/replay?r=")).expect("the README opens a replay link") + host.len();
    let path: String = readme[at..].chars().take_while(|c| !c.is_whitespace() && *c != '`').collect();
    let links =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/slidysim/world-records.txt"))
            .unwrap();
    let real = links.lines().nth(69).unwrap();
    assert_eq!(real.strip_prefix("https://slidysim.github.io"), Some(path.as_str()), "the README's link is a real one");
    path
}

/// Both boards' cursors and the stage, as the page says.
fn duo_state(page: &Page) -> (String, String, String) {
    let state = page.viewer();
    let text = |key: &str| state[key].as_str().unwrap_or("").to_string();
    (text("cursor"), text("fifteenCursor"), text("stage"))
}

#[test]
#[ignore = "seconds: a served replay page in headless Chromium; CI runs it"]
fn the_served_replay_page_plays_the_link_beside_fifteens_solve_in_step_under_its_policy() {
    let Some(page) = Page::open() else { return };
    page.fit_viewport(1280, 800);
    let (server, _, _) = start_server(4, 4, 1);
    let path = readme_replay_path();
    // The page is made (and the solve coached) before the visit returns.
    page.visit(&format!("http://{}{path}", server.addr()));
    let state = page.wait_for_viewer();
    assert_eq!(state["ready"], "true", "{state}");
    assert_eq!(state["errors"], "", "the page reported errors (or its policy refused something)");

    // The stages listed are `fifteen compare`'s: the person's moves and
    // fifteen's at the end of each.
    let data = page.js("return JSON.parse(document.getElementById('fifteen-data').textContent);");
    let solve =
        fifteen_core::slidysim::parse_source(&path, &fifteen_core::slidysim::LinkLimits::DEFAULT).unwrap().remove(0);
    let fifteen =
        fifteen_view::web::moves_of(&serde_json::from_value(data["duo"]["fifteen"].clone()).unwrap()).unwrap();
    let comparison = fifteen_core::coach::line_up(&solve.scramble, &solve.moves, fifteen.clone(), None);
    let shown: Vec<(usize, usize)> =
        serde_json::from_value(page.js(
            "return [...document.querySelectorAll('#splits li')].map(li => [+li.dataset.at, +li.dataset.fifteenAt]);",
        ))
        .unwrap();
    let expected: Vec<(usize, usize)> = comparison.stages.iter().map(|s| (s.first, s.second)).collect();
    assert_eq!(shown, expected);
    let mut board = solve.scramble.clone();
    board.apply(&fifteen).unwrap();
    assert!(board.is_solved(), "fifteen's moves on the page solve the scramble");

    // The coach's table shows the losses the server's coaching found.
    let losses: Vec<i64> = serde_json::from_value(
        page.js("return [...document.querySelectorAll('#coach tbody tr')].map(tr => +tr.dataset.loss);"),
    )
    .unwrap();
    let coached: Vec<i64> = data["coach"]["lines"]
        .as_array()
        .unwrap_or_else(|| panic!("the page was not coached: {}", data["coach_note"]))
        .iter()
        .map(|l| l[2].as_i64().unwrap() - l[1].as_i64().unwrap() + l[4].as_i64().unwrap() - l[3].as_i64().unwrap())
        .collect();
    assert_eq!(losses, coached);
    assert_eq!(losses.iter().sum::<i64>(), data["coach"]["loss"].as_i64().unwrap(), "the losses add up");
    if let Some(dir) = workspace_dir("FIFTEEN_SCREENSHOT_DIR") {
        page.js("window.fifteen.jumpStage(1, false); return null;");
        page.press(Key::Right);
        page.screenshot(&dir.join("viewer-replay.png"));
        page.press(Key::Home);
    }

    // ↓ takes both boards to the end of the same stage, and again to the next.
    for (k, stage) in comparison.stages.iter().enumerate().take(3) {
        page.press(Key::Down);
        let want = (stage.first.to_string(), stage.second.to_string(), k.to_string());
        page.wait_for("both at the stage's end", 10, |page| Ok((duo_state(page) == want).then_some(())));
    }
    page.press(Key::Up);
    let start = &comparison.stages[1];
    let want = (start.first.to_string(), start.second.to_string(), "2".to_string());
    page.wait_for("both at the stage's start", 10, |page| Ok((duo_state(page) == want).then_some(())));

    // Played, both boards end solved.
    page.js("window.fifteen.faster(64); return null;");
    page.press(' ');
    page.wait_for("both solved", 60, |page| {
        let state = page.viewer();
        Ok((state["solved"] == "true" && state["fifteenSolved"] == "true").then_some(()))
    });
    assert_eq!(page.viewer()["errors"], "");

    // A link that cannot be read: the reason on the page.
    page.visit(&format!("http://{}/replay?r=AAAA", server.addr()));
    let state = page.wait_for_viewer();
    let reason = fifteen_core::slidysim::parse_source("r=AAAA", &fifteen_core::slidysim::LinkLimits::DEFAULT)
        .unwrap_err()
        .to_string();
    assert_eq!(state["shown"], reason.as_str());
    drop(page);
    server.stop().unwrap();
}

#[test]
fn a_saved_coach_page_plays_from_file_at_the_persons_pace_and_shows_the_coachs_losses() {
    use fifteen_core::coach::{self, Par};
    use fifteen_core::human::Effort;
    use fifteen_view::web::CoachOnPage;

    let Some(page) = Page::open() else { return };
    page.fit_viewport(1000, 640);
    // A 4×4 average's first solve, with move times; par fifteen's (the
    // command's optimal par is tested in tests/it/web.rs).
    let links =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/slidysim/world-records.txt"))
            .unwrap();
    let solve = fifteen_core::slidysim::parse_source(
        links.lines().nth(35).unwrap(),
        &fifteen_core::slidysim::LinkLimits::DEFAULT,
    )
    .unwrap()
    .remove(0);
    assert!(solve.move_times_ms.is_some());
    let effort = Effort::for_size(4, 4);
    let coaching = coach::coach(&solve.scramble, &solve.moves, Par::Human(effort)).unwrap();
    let on_page = CoachOnPage::Coached { coaching: &coaching, par_name: "fifteen".into(), exact: false, sharper: None };
    let data =
        fifteen_view::web::compare_data(&solve, effort, "a test", on_page, fifteen_view::web::Work::default()).unwrap();
    let lines = &data.coach.as_ref().unwrap().lines;
    assert_eq!(lines[1].7, coaching.lines[1].loss(), "each line's loss is in the data");
    let dir = std::env::temp_dir().join(format!("fifteen-coach-page-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("coach.html");
    std::fs::write(&path, fifteen_view::web::page(&data)).unwrap();
    page.visit(&format!("file://{}", path.display()));
    let state = page.wait_for_viewer();
    assert_eq!(state["ready"], "true", "{state}");
    assert_eq!(state["errors"], "");

    let losses: Vec<i64> = serde_json::from_value(
        page.js("return [...document.querySelectorAll('#coach tbody tr')].map(tr => +tr.dataset.loss);"),
    )
    .unwrap();
    assert_eq!(losses, coaching.lines.iter().map(|l| l.loss()).collect::<Vec<_>>());
    // The graph draws the coaching's own points.
    let points: Vec<(usize, usize)> = serde_json::from_value(page.js("return window.fifteen.coach.points;")).unwrap();
    assert_eq!(points, coaching.graph_points());
    // A coach row and a split row focused from the keyboard: Enter jumps
    // as a click does.
    let line = &coaching.lines[1];
    page.js("document.querySelectorAll('#coach tbody tr')[1].focus(); return null;");
    page.press(Key::Enter);
    let at = line.from_move.to_string();
    page.wait_for("the coach row's jump", 10, |page| Ok((page.viewer()["cursor"] == at.as_str()).then_some(())));
    page.js("document.querySelectorAll('#splits li')[0].focus(); return null;");
    page.press(Key::Enter);
    page.wait_for("the split's jump", 10, |page| Ok((page.viewer()["cursor"] == "0").then_some(())));

    // T plays the person's solve at their own pace: some moves, not all.
    page.press('t');
    page.wait_for("their pace", 20, |page| {
        let state = page.viewer();
        Ok((state["realtime"] == "true" && state["cursor"] != "0").then_some(()))
    });
    // Back to the chosen speed, made fast: both boards play to solved.
    page.press('t');
    page.js("window.fifteen.faster(64); return null;");
    page.wait_for("both solved", 60, |page| {
        let state = page.viewer();
        Ok((state["solved"] == "true" && state["fifteenSolved"] == "true").then_some(()))
    });
    let state = page.viewer();
    assert_eq!(state["cursor"], solve.moves.len().to_string());
    assert_eq!(state["fifteenCount"], data.duo.as_ref().unwrap().fifteen.count.to_string());
    assert_eq!(state["errors"], "");
    drop(page);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The world records' 8×8 single solve (line 170 of the record history's
/// links): its par is fifteen's, sharpened to `best` on the pages.
pub(super) fn eight_by_eight_record() -> (String, fifteen_core::slidysim::Solve) {
    let links =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/slidysim/world-records.txt"))
            .unwrap();
    let link = links.lines().nth(169).unwrap();
    let solve =
        fifteen_core::slidysim::parse_source(link, &fifteen_core::slidysim::LinkLimits::DEFAULT).unwrap().remove(0);
    assert_eq!((solve.scramble.rows(), solve.scramble.cols()), (8, 8));
    let path = link.strip_prefix("https://slidysim.github.io").unwrap().to_string();
    (path, solve)
}

/// The coach's rows as the page shows them: each line's loss and the
/// head's text.
pub(super) fn coach_shown(page: &Page) -> (Vec<i64>, String) {
    let losses = serde_json::from_value(
        page.js("return [...document.querySelectorAll('#coach tbody tr')].map(tr => +tr.dataset.loss);"),
    )
    .unwrap();
    (losses, page.text("coach-head"))
}

/// Waits for the page's par to be sharpened (`data-sharpened` on the
/// viewer: `yes`, or `no` with the reason under the coach's head).
pub(super) fn sharpened(page: &Page, secs: u64) -> String {
    page.wait_for("the sharper par", secs, |page| {
        let state = page.js("return document.getElementById('viewer').dataset.sharpened || ''");
        Ok(state.as_str().filter(|s| *s != "finding" && !s.is_empty()).map(str::to_string))
    })
}

#[test]
#[ignore = "seconds: a served replay page's par sharpened (an 8×8 coached at best) in headless Chromium; CI runs it"]
fn a_served_replay_pages_par_sharpens_to_best_while_the_solve_plays() {
    let _turn = one_heavy_test_at_a_time();
    let Some(page) = Page::open() else { return };
    page.fit_viewport(1280, 800);
    let (server, _, log) = start_server(4, 4, 1);
    let (path, solve) = eight_by_eight_record();
    page.visit(&format!("http://{}{path}", server.addr()));
    let state = page.wait_for_viewer();
    assert_eq!(state["ready"], "true", "{state}");
    let data = page.js("return JSON.parse(document.getElementById('fifteen-data').textContent);");
    assert_eq!(data["coach"]["sharper"], "best", "the core finds a sharper par worth it on an 8×8");
    let (first, first_head) = coach_shown(&page);
    assert!(first_head.contains("normal after"), "the default par's lines are fifteen's at normal: {first_head}");
    // Played while the par is being found: it plays on where it was.
    page.press(' ');
    assert_eq!(sharpened(&page, 120), "yes", "{}", page.text("coach-sharper"));
    let sharp =
        fifteen_view::web::sharper_coach(&solve, &fifteen_core::tables::NoTables, fifteen_view::web::Work::default())
            .unwrap()
            .expect("a sharper coaching");
    let (losses, head) = coach_shown(&page);
    assert_eq!(losses, sharp.lines.iter().map(|l| l.7).collect::<Vec<_>>(), "the sharper coaching's losses");
    assert_ne!(losses, first, "the numbers changed");
    assert!(head.starts_with(&format!("par {} (fifteen at best, an upper bound", sharp.par)), "{head}");
    assert!(page.text("coach-sharper").contains("par sharpened"), "{}", page.text("coach-sharper"));
    let state = page.viewer();
    assert_eq!(state["playing"], "true", "{state}");
    assert_ne!(state["cursor"], "0", "{state}");
    assert_eq!(state["errors"], "", "the page reported errors (or its policy refused the request)");
    let logged = log.lock().unwrap().join("\n");
    assert!(logged.contains("page /replay?coach=sharper (a query of"), "{logged}");
    if let Some(dir) = workspace_dir("FIFTEEN_SCREENSHOT_DIR") {
        page.screenshot(&dir.join("replay-sharpened.png"));
    }
    // Opened again, the page gets the sharper par the server kept.
    page.visit(&format!("http://{}{path}", server.addr()));
    assert_eq!(page.wait_for_viewer()["ready"], "true");
    assert_eq!(sharpened(&page, 10), "yes", "{}", page.text("coach-sharper"));
    assert_eq!(coach_shown(&page).0, losses);
    let cached = |l: &String| l.starts_with("page /replay?coach=sharper") && l.ends_with("(cached)");
    assert!(log.lock().unwrap().iter().any(cached), "{:?}", log.lock().unwrap());
    drop(page);
    server.stop().unwrap();
}
