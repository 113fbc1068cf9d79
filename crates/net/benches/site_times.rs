//! How long the static site (docs/site.md) takes in headless Chromium on
//! this machine, beside the same work done natively: a 4×4 from opening
//! the page to its solve shown, a 100×100 solved, a 10×10 and a 30×30
//! record link coached, the 4×4's tables built and read back. A
//! measurement that prints (docs/site.md has its figures), not a test:
//!
//!     cargo xtask site --out target/site
//!     FIFTEEN_SITE_DIR=target/site cargo bench -p fifteen-net --bench site_times
//!
//! Needs Chromium, chromedriver and python3 (whose `http.server` serves the
//! site), and fails saying so without them.

// fantoccini's `CmdError` is large; the page's helpers hand it on as the
// browser tests do.
#![allow(clippy::result_large_err)]

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use fifteen_core::coach::{self, ParChoice};
use fifteen_core::human::Effort;
use fifteen_core::tables::BuiltTables;
use fifteen_core::{Board, HumanOptions, Scramble};
use fifteen_view::web;
use serde_json::Value;

// The browser tests' page; this benchmark uses some of its helpers.
#[allow(dead_code)]
#[path = "../src/browser/page.rs"]
mod page;

use page::{Page, free_port};

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

fn main() {
    let dir = page::workspace_dir("FIFTEEN_SITE_DIR").filter(|d| d.join("index.html").is_file());
    let Some(dir) = dir else {
        eprintln!("site_times: set FIFTEEN_SITE_DIR to a site built by `cargo xtask site --out DIR`");
        std::process::exit(1);
    };
    let port = free_port();
    let mut server = Command::new("python3")
        .args(["-m", "http.server", "--bind", "127.0.0.1", "--directory"])
        .arg(&dir)
        .arg(port.to_string())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("python3 -m http.server");
    std::thread::sleep(Duration::from_millis(500));
    let Some(page) = Page::open() else {
        eprintln!("site_times: no chromium or no chromedriver on PATH (apt-get install chromium chromium-driver)");
        std::process::exit(1);
    };
    let base = format!("http://127.0.0.1:{port}");
    let link = |file: &str| {
        let text = std::fs::read_to_string(format!("{ROOT}/tests/data/slidysim/{file}")).expect("a link");
        text.lines().next().expect("a link").to_string()
    };

    let first = visit(&page, &format!("{base}/watch?size=4&seed=7"));
    println!("4×4 watch page, first visit: solve shown {:.0} ms after the page opened", first["shown"]);

    let board = Board::scrambled(100, 100, Scramble::Uniform, 1).unwrap();
    for (effort, query) in [(Effort::for_page(100, 100), ""), (Effort::Best, "&effort=best")] {
        let shown = visit(&page, &format!("{base}/watch?size=100&seed=1{query}"));
        let solving = shown["done"].as_f64().unwrap() - step(&shown, "fifteen solving the 100×100");
        let native = timed(|| {
            let one = HumanOptions { effort, threads: 1, ..HumanOptions::default() };
            fifteen_core::human::solve(&board, &one).unwrap().moves().len()
        });
        // The same page's data made natively (on one thread: `fast` and
        // the beams of a 100×100 use one).
        let made = timed(|| web::solve_page(&board, Some(effort), web::Work::default()).unwrap().count);
        println!(
            "100×100 solve at {}: {:.2} s in the browser (its page made), native on one thread {:.2} s the page \
             ({:.2}×), {:.2} s the solve alone",
            effort.name(),
            solving / 1000.0,
            made,
            solving / 1000.0 / made,
            native
        );
    }

    for file in ["10x10-single.txt", "30x30-custom.txt"] {
        let url = link(file);
        let (_, query) = url.split_once('?').expect("a link's query");
        let shown = visit(&page, &format!("{base}/replay?{query}"));
        let coaching = step(&shown, "fifteen's solve") - step(&shown, "coaching");
        let total = shown["done"].as_f64().unwrap() - step(&shown, "coaching the solve");
        let solve =
            fifteen_core::slidysim::parse_source(&url, &fifteen_core::slidysim::LinkLimits::DEFAULT).unwrap().remove(0);
        let par =
            coach::par_for(&solve.scramble, ParChoice::Auto, Effort::Auto, &BuiltTables::optimal_only(2)).unwrap();
        let native = timed(|| coach::coach(&solve.scramble, &solve.moves, par.par()).unwrap().par);
        println!(
            "{file}: coached in {:.1} s in the browser ({:.1} s with fifteen's solve beside it), {:.1} s native on two \
             cores",
            coaching / 1000.0,
            total / 1000.0,
            native
        );
    }

    // The 4×4 pages above start building the tables in the background (for
    // their fewest possible moves); begin from none, as a new visitor does.
    page.visit(&format!("{base}/"));
    page.js("indexedDB.deleteDatabase('fifteen'); return true");
    let built = visit(&page, &format!("{base}/play?size=4&seed=3"));
    let building =
        built["done"].as_f64().unwrap() - step(&built, "building the 4×4's tables (once: this browser keeps them)");
    let kept = visit(&page, &format!("{base}/play?size=4&seed=4"));
    let reading = kept["done"].as_f64().unwrap() - step(&kept, "reading the 4×4's tables kept in this browser");
    println!(
        "4×4 tables: built in {:.1} s, read back from the browser's storage in {:.2} s",
        building / 1000.0,
        reading / 1000.0
    );
    let _ = server.kill();
}

/// Opens `url`, waits for its answer, and returns the page's times
/// (`window.fifteenTimes`: when each step began and the answer was shown,
/// in milliseconds from the page's opening).
fn visit(page: &Page, url: &str) -> Value {
    page.visit(url);
    page.wait_for(url, 600, |page| {
        let times = page.js("return document.body.dataset.state === 'done' ? window.fifteenTimes : null");
        let shown = times["shown"].is_number() || (times["done"].is_number() && url.contains("/play"));
        Ok(shown.then_some(times))
    })
}

/// When the step named `doing` began (ms), or the bench fails naming it.
fn step(times: &Value, doing: &str) -> f64 {
    times["steps"][doing].as_f64().unwrap_or_else(|| panic!("no step {doing:?} in {times}"))
}

/// Seconds `work` takes.
fn timed<T>(work: impl FnOnce() -> T) -> f64 {
    let start = Instant::now();
    std::hint::black_box(work());
    start.elapsed().as_secs_f64()
}
