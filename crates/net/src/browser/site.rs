//! The static site (`cargo xtask site --out DIR`, docs/site.md) in a real
//! browser, served by a plain static file server (Python's `http.server`:
//! no fifteen process), as a visitor uses it: a board, a seeded board and a
//! person's link each give the answer the command gives; bad input gives
//! one line and leaves the page working; a 4×4 played by hand gets its
//! optimal hints from tables the browser keeps; and the worker makes the
//! golden fixture's moves byte for byte.
//!
//! The site is built beforehand (it needs the wasm target): the tests read
//! it from `FIFTEEN_SITE_DIR`, and are skipped, saying so, without it,
//! unless `FIFTEEN_SITE_TEST=require` (CI builds the site and sets both).
//! With `FIFTEEN_SCREENSHOT_DIR` set, the first test saves the coached
//! replay page there as `site-replay.png` (docs/watching.md's picture).

use std::process::{Child, Command, Stdio};
use std::time::Duration;

use fifteen_core::board::{Board, Scramble};
use fifteen_core::human::{Effort, HumanOptions};
use fifteen_core::tables::BuiltTables;
use fifteen_view::web::{self, Work};

use super::page::{Page, free_port, program, skip_without, workspace_dir};
use super::{coach_shown, eight_by_eight_record, one_heavy_test_at_a_time, readme_replay_path, sharpened};

/// The built site and a static server on it; the server ends on drop.
pub(super) struct Site {
    server: Child,
    base: String,
}

impl Site {
    /// The site in `FIFTEEN_SITE_DIR` served on loopback, or `None` (the
    /// test is skipped) when there is no site or no Python.
    fn serve() -> Option<Site> {
        let dir = workspace_dir("FIFTEEN_SITE_DIR").filter(|d| d.join("index.html").is_file());
        let python = program("FIFTEEN_PYTHON", &["python3", "python"]);
        let (Some(dir), Some(python)) = (dir, python) else {
            skip_without(
                "FIFTEEN_SITE_TEST",
                "no site (build one with `cargo xtask site --out DIR`, then set FIFTEEN_SITE_DIR=DIR) or no python3 to \
                 serve it",
            );
            return None;
        };
        let port = free_port();
        let server = Command::new(python)
            .args(["-m", "http.server", "--bind", "127.0.0.1", "--directory"])
            .arg(&dir)
            .arg(port.to_string())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("python3 -m http.server");
        let site = Site { server, base: format!("http://127.0.0.1:{port}") };
        for _ in 0..100 {
            if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
                return Some(site);
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("the static server did not listen on {port}");
    }

    pub(super) fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }
}

impl Drop for Site {
    fn drop(&mut self) {
        let _ = self.server.kill();
        let _ = self.server.wait();
    }
}

/// Opens the site and the browser, or `None` when either cannot be had.
pub(super) fn open() -> Option<(Site, Page)> {
    let site = Site::serve()?;
    let page = Page::open()?;
    page.fit_viewport(1280, 800);
    Some((site, page))
}

/// Waits for the page's work to end: its answer shown, or its one line of
/// what is wrong. Returns the page's state: `done` or `error`.
pub(super) fn settled(page: &Page, secs: u64) -> String {
    page.wait_for("the page's answer", secs, |page| {
        let state = page
            .js("const v = document.getElementById('viewer'); const s = document.body.dataset.state || ''; \
             return s === 'error' || (s === 'done' && v && v.dataset.ready === 'true') ? s : '';");
        Ok(state.as_str().filter(|s| !s.is_empty()).map(str::to_string))
    })
}

pub(super) fn errors(page: &Page) -> String {
    page.js("return document.documentElement.dataset.errors || ''").as_str().unwrap_or("").to_string()
}

/// fifteen's moves for `board` at the page's effort (up to 12×12 `auto`'s,
/// as `fifteen solve` makes them).
fn native_count(board: &Board) -> usize {
    let options = HumanOptions { effort: Effort::for_page(board.rows(), board.cols()), ..HumanOptions::default() };
    fifteen_core::human::solve(board, &options).unwrap().moves().len()
}

#[test]
#[ignore = "seconds: the static site in headless Chromium, its solves in WebAssembly; CI builds the site and runs it"]
fn the_static_site_solves_watches_and_coaches_as_the_command_does_with_no_fifteen_server() {
    let Some((site, page)) = open() else { return };

    // A board typed in slidysim's notation.
    let board: Board = "12 1 2 15/11 6 5 8/7 10 9 4/0 13 14 3".parse().unwrap();
    page.visit(&site.url("/solve?board=12%201%202%2015/11%206%205%208/7%2010%209%204/0%2013%2014%203"));
    assert_eq!(settled(&page, 60), "done", "{}", page.text("message"));
    let count = native_count(&board);
    assert_eq!(page.viewer()["count"], count.to_string());
    assert!(page.text("summary").contains(&format!("in {count} moves")), "{}", page.text("summary"));

    // A seeded board: the one `fifteen scramble --size 10 --seed 3` prints.
    page.visit(&site.url("/watch?size=10&seed=3"));
    assert_eq!(settled(&page, 120), "done", "{}", page.text("message"));
    let board = Board::scrambled(10, 10, Scramble::Uniform, 3).unwrap();
    let answer = page.js("return window.fifteenAnswer");
    let native = web::solve_page(&board, None, Work::default()).unwrap();
    assert_eq!(answer["start"].as_str(), native.start.as_deref());
    assert_eq!(page.viewer()["count"], native_count(&board).to_string());

    // A person's 5×5 link with the host swapped: their moves, fifteen's, and
    // the coach's rows as the same core gives them with the site's tables.
    let path = readme_replay_path();
    page.visit(&site.url(&path));
    assert_eq!(settled(&page, 180), "done", "{}", page.text("message"));
    let solve =
        fifteen_core::slidysim::parse_source(&path, &fifteen_core::slidysim::LinkLimits::DEFAULT).unwrap().remove(0);
    let native = web::replay_page(&solve, &BuiltTables::optimal_only(1), Work::default()).unwrap();
    let native = serde_json::to_value(native).unwrap();
    let shown = page.js("return window.fifteenAnswer");
    assert_eq!(shown["count"], solve.moves.len());
    assert_eq!(shown["duo"]["fifteen"]["count"], native["duo"]["fifteen"]["count"]);
    assert_eq!(shown["coach"]["lines"], native["coach"]["lines"], "the coach's rows");
    assert_eq!(shown["coach"]["par"], native["coach"]["par"]);
    let rows = page.js("return document.querySelectorAll('#coach tbody tr').length");
    assert_eq!(rows, native["coach"]["lines"].as_array().unwrap().len());
    let summary = page.text("summary");
    assert!(summary.contains(&format!("the person {} moves", solve.moves.len())), "{summary}");
    assert!(summary.contains(&format!("lost {}", native["coach"]["loss"])), "{summary}");
    assert_eq!(errors(&page), "", "the page reported errors (or its policy refused something)");
    if let Some(dir) = workspace_dir("FIFTEEN_SCREENSHOT_DIR") {
        page.screenshot(&dir.join("site-replay.png"));
    }

    // An average's link: its replay page says it holds five solves and
    // links to the session, whose page lists them, each coached.
    let records =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/slidysim/world-records.txt"))
            .unwrap();
    let average = records.lines().next().unwrap();
    let solves = fifteen_core::slidysim::parse_source(average, &fifteen_core::slidysim::LinkLimits::DEFAULT).unwrap();
    assert_eq!((solves.len(), solves[0].scramble.rows()), (5, 3), "a 3×3 average of 5");
    let (_, query) = average.split_once('?').unwrap();
    page.visit(&site.url(&format!("/replay?{query}")));
    assert_eq!(settled(&page, 60), "done", "{}", page.text("message"));
    assert!(page.text("session-note").contains("holds 5 solves"), "{}", page.text("session-note"));
    page.click_link_in("session-note");
    page.wait_for("the session's page", 30, |page| {
        Ok(page.js("return location.pathname").as_str().is_some_and(|p| p.contains("session")).then_some(()))
    });
    assert_eq!(settled(&page, 120), "done", "{}", page.text("message"));
    let moves: Vec<usize> = serde_json::from_value(page.js(
        "return [...document.querySelectorAll('#session-solves tbody tr')].map(tr => +tr.children[1].textContent)",
    ))
    .unwrap();
    assert_eq!(moves, solves.iter().map(|s| s.moves.len()).collect::<Vec<_>>(), "each solve listed, coached");
    assert!(page.text("session").contains("5 solves"), "{}", page.text("session"));
    assert_eq!(errors(&page), "");
}

#[test]
#[ignore = "seconds: an 8×8 coached at best in WebAssembly in headless Chromium; CI builds the site and runs it"]
fn the_static_sites_replay_par_sharpens_in_the_browser_as_the_server_sharpens_it() {
    let _turn = one_heavy_test_at_a_time();
    let Some((site, page)) = open() else { return };
    let (path, solve) = eight_by_eight_record();
    page.visit(&site.url(&path));
    assert_eq!(settled(&page, 120), "done", "{}", page.text("message"));
    assert_eq!(page.js("return window.fifteenAnswer.coach.sharper"), "best");
    let (first, _) = coach_shown(&page);
    assert_eq!(sharpened(&page, 300), "yes", "{}", page.text("coach-sharper"));
    let sharp = web::sharper_coach(&solve, &BuiltTables::optimal_only(1), Work::default())
        .unwrap()
        .expect("a sharper coaching");
    let (losses, head) = coach_shown(&page);
    assert_eq!(
        losses,
        sharp.lines.iter().map(|l| l.7).collect::<Vec<_>>(),
        "the core's sharper coaching, in the browser"
    );
    assert_ne!(losses, first);
    assert!(head.starts_with(&format!("par {} (fifteen at best, an upper bound", sharp.par)), "{head}");
    let summary = page.text("summary");
    assert!(summary.contains(&format!("par {} (fifteen at best), lost {}", sharp.par, sharp.loss)), "{summary}");
    assert_eq!(errors(&page), "");
}

#[test]
#[ignore = "seconds: the static site in headless Chromium; CI builds the site and runs it"]
fn bad_input_on_the_static_site_gets_one_line_and_the_page_still_works() {
    let Some((site, page)) = open() else { return };
    let cases = [
        (
            "/replay?r=not-a-link!!",
            fifteen_core::slidysim::parse_source("r=not-a-link!!", &fifteen_core::slidysim::LinkLimits::DEFAULT)
                .unwrap_err()
                .to_string(),
        ),
        ("/solve?board=1%202%203/4%205%206/8%207%200", "unsolvable board".to_string()),
        ("/solve?board=1%202%202/4%205%206/7%208%200", "".to_string()),
        ("/watch?size=400&seed=1", "too big for a browser tab".to_string()),
        ("/watch?size=4&effort=lazy", "effort=lazy is not an effort".to_string()),
    ];
    for (path, reason) in cases {
        page.visit(&site.url(path));
        assert_eq!(settled(&page, 60), "error", "{path}");
        let message = page.text("message");
        assert!(
            !message.is_empty() && message.contains(&reason) && !message.contains('\n'),
            "{path}: {message:?} does not say {reason:?}"
        );
        assert_eq!(errors(&page), "", "{path}: the page reported errors");
    }
    // The form still works: a board typed after the error opens its solve.
    page.js("document.getElementById('source').value = '1 2 3/4 5 6/7 0 8'");
    page.click("go");
    page.wait_for("the solve's page", 30, |page| {
        Ok(page.js("return location.pathname").as_str().is_some_and(|p| p.contains("solve")).then_some(()))
    });
    assert_eq!(settled(&page, 60), "done");
    assert_eq!(page.viewer()["count"], "1");
    // A bad board typed in the form: one line, and the solve shown stays.
    page.js("document.getElementById('source').value = '1 2 3/4 5'");
    page.click("go");
    page.wait_for_text("message", 20, |m| !m.is_empty());
    assert_eq!(page.viewer()["count"], "1", "what was open is still there");
}

#[test]
#[ignore = "seconds: the static site's play page in headless Chromium, its 4×4 tables built once; CI runs it"]
fn a_4x4_played_by_hand_on_the_static_site_gets_optimal_hints_from_tables_the_browser_keeps() {
    let Some((site, page)) = open() else { return };
    page.visit(&site.url("/play?size=4&seed=3"));
    let board = Board::scrambled(4, 4, Scramble::Uniform, 3).unwrap();
    page.wait_for_tiles(board.cells(), 120);
    let shortest =
        fifteen_core::search::distance::ShortestPath::search(&board, None, &fifteen_core::Deadline::NONE).unwrap();
    let moves = shortest.lookup(&board).unwrap().moves_left;
    page.wait_for_text("optimal", 120, |t| t == format!("optimal: {moves} moves left"));
    assert_eq!(page.js("return document.body.dataset.tables"), "built");
    // The best move shown is one of a shortest solution; pressing it plays it.
    page.press('b');
    let best = page.wait_for_text("optimal", 30, |t| t.contains("best: slide"));
    assert!(best.contains("best: slide"), "{best}");
    // A second visit reads the tables the browser kept.
    page.visit(&site.url("/play?size=4&seed=4"));
    page.wait_for_tiles(Board::scrambled(4, 4, Scramble::Uniform, 4).unwrap().cells(), 60);
    page.wait_for_text("optimal", 60, |t| t.starts_with("optimal: ") && t != "optimal: …");
    assert_eq!(page.js("return document.body.dataset.tables"), "kept");
    assert_eq!(errors(&page), "");
}

/// 64-bit FNV-1a, as the fixture hashes long solutions.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

#[test]
#[ignore = "minutes: a golden board of every shape, order, finish and effort solved by the site's WebAssembly in headless Chromium; CI runs it"]
fn the_browser_makes_the_golden_moves_byte_for_byte() {
    let Some((site, page)) = open() else { return };
    let fixture =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/human_moves.txt")).unwrap();
    // `rows cols scramble seed order finish effort board-hash count moves`
    // The first board of each shape, scramble kind, order, finish and effort:
    // every way the solver can go, in minutes of WebAssembly rather than ten.
    let mut seen = std::collections::HashSet::new();
    let cases: Vec<Vec<&str>> = fixture
        .lines()
        .map(|l| l.split(' ').collect::<Vec<_>>())
        .filter(|f| {
            let kind = if f[2].starts_with("walk") { "walk" } else { f[2] };
            seen.insert((f[0], f[1], kind, f[4], f[5], f[6]))
        })
        .collect();
    let requests: Vec<serde_json::Value> = cases
        .iter()
        .map(|f| {
            let walk = f[2].strip_prefix("walk").map(|k| k.parse::<u64>().unwrap());
            let board = serde_json::json!({
                "rows": f[0].parse::<usize>().unwrap(), "cols": f[1].parse::<usize>().unwrap(),
                "seed": f[3].parse::<u64>().unwrap(), "walk": walk,
            });
            serde_json::json!({ "op": "solve", "board": board, "order": f[4], "finish": f[5], "effort": f[6],
                                "moves_only": true })
        })
        .collect();
    page.visit(&site.url("/"));
    // The site's own worker, asked each case in turn.
    page.js(&format!(
        "const requests = {}; window.golden = []; const worker = new Worker('worker.js'); \
         let next = 0; const ask = () => worker.postMessage({{ id: next, request: requests[next] }}); \
         worker.onmessage = (e) => {{ if (e.data.progress) return; \
           window.golden.push(e.data.answer ? e.data.answer : {{ error: e.data.failed || e.data.panic }}); \
           if (++next < requests.length) ask(); }}; ask();",
        serde_json::Value::Array(requests)
    ));
    let answers = page.wait_for("every golden board solved", 1800, |page| {
        let done = page.js("return window.golden.length");
        Ok((done.as_u64() == Some(cases.len() as u64)).then(|| page.js("return window.golden")))
    });
    let mut differ = Vec::new();
    for (fields, answer) in cases.iter().zip(answer_list(&answers)) {
        let moves = answer["ok"]["moves"].as_str().unwrap_or_else(|| panic!("{fields:?}: {answer}"));
        let count = fields[8].parse::<usize>().unwrap();
        let kept = if moves.len() <= 160 {
            if moves.is_empty() { "-".to_string() } else { moves.to_string() }
        } else {
            format!("#{:016x}", fnv(moves.as_bytes()))
        };
        if moves.len() != count || kept != fields[9] {
            differ.push(format!("{} ({} moves in the browser)", fields[..8].join(" "), moves.len()));
        }
    }
    assert!(differ.is_empty(), "the browser's moves differ from the fixture's on:\n{}", differ.join("\n"));
}

fn answer_list(answers: &serde_json::Value) -> &Vec<serde_json::Value> {
    answers.as_array().expect("a list of answers")
}
