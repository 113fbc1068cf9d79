//! The frame rate of the viewer's page playing a 100×100 solve at its
//! default speed (about 40 000 moves a second), in headless Chromium, with
//! the follow view and without: alone, and side by side with a second
//! solve. A measurement that prints (docs/benchmarks.md has its figures),
//! not a test:
//!
//!     cargo bench -p fifteen-net --bench page_frames
//!
//! Needs Chromium and chromedriver (`apt-get install chromium
//! chromium-driver`) and fails saying so without them. With
//! `FIFTEEN_SCREENSHOT_DIR` set, it saves a screenshot of each.

use std::path::Path;
use std::time::Duration;

use fifteen_core::human::Effort;
use fifteen_core::slidysim::Solve;
use fifteen_core::{Board, HumanOptions, Scramble};
use fifteen_view::web::{self, CoachOnPage};

// The browser tests' page; this benchmark uses some of its helpers.
#[allow(dead_code)]
#[path = "../src/browser/page.rs"]
mod page;

use page::Page;

fn main() {
    let Some(page) = Page::open() else {
        eprintln!("page_frames: no chromium or no chromedriver on PATH (apt-get install chromium chromium-driver)");
        std::process::exit(1);
    };
    let dir = tempfile::tempdir().expect("a temporary directory");
    let board = Board::scrambled(100, 100, Scramble::Uniform, 1).expect("a 100×100");

    let alone = web::solve_data(&board, &HumanOptions::default(), "a 100×100", web::Work::default()).expect("planned");
    let path = dir.path().join("solve.html");
    std::fs::write(&path, web::page(&alone)).expect("the page is written");
    measure_frames(&page, &path, &format!("100×100, {} moves", alone.count), "viewer-100x100");

    // fifteen's fast solve as the person's, its `auto` solve beside it, both
    // boards drawn every frame.
    let fast = HumanOptions { effort: Effort::Fast, ..HumanOptions::default() };
    let solve = Solve {
        moves: fifteen_core::human::solve(&board, &fast).expect("planned").moves().to_vec().into(),
        scramble: board,
        time_ms: None,
        move_times_ms: None,
        player: None,
        event: "custom replay".into(),
    };
    let skipped = CoachOnPage::too_big(100, 100);
    let duo = web::compare_data(&solve, Effort::for_size(100, 100), "a 100×100", skipped, web::Work::default())
        .expect("planned");
    let path = dir.path().join("compare.html");
    std::fs::write(&path, web::page(&duo)).expect("the page is written");
    let what =
        format!("100×100 side by side, {} / {} moves", duo.count, duo.duo.as_ref().map_or(0, |d| d.fifteen.count));
    measure_frames(&page, &path, &what, "viewer-100x100-duo");
}

/// Plays the saved page at `path` for five seconds with the follow view
/// and five without, at 1280×800, and prints the frames a second the page
/// measured (`data-fps`); `shot` names the screenshots saved with
/// `FIFTEEN_SCREENSHOT_DIR` set.
fn measure_frames(page: &Page, path: &Path, what: &str, shot: &str) {
    page.fit_viewport(1280, 800);
    let bytes = std::fs::metadata(path).expect("the page").len();
    page.visit(&format!("file://{}", path.display()));
    assert_eq!(page.wait_for_viewer()["ready"], "true", "the page reads its data");
    for follow in [true, false] {
        page.js(&format!("window.fifteen.follow = {follow}; window.fifteen.jump(0); return null;"));
        page.press(' ');
        std::thread::sleep(Duration::from_secs(5));
        let state = page.viewer();
        page.press(' ');
        println!("{what}, page {bytes} bytes, follow {follow}: {} frames/s, at move {}", state["fps"], state["cursor"]);
        if let Some(dir) = std::env::var_os("FIFTEEN_SCREENSHOT_DIR") {
            page.screenshot(&Path::new(&dir).join(format!("{shot}-follow-{follow}.png")));
        }
    }
    assert_eq!(page.viewer()["errors"], "", "the page ran without errors");
}
