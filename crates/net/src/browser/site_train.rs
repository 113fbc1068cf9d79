//! The static site's training page (`/train`) in a real browser: a
//! person's link made into the plan the core makes, a drill built by hand
//! with the arrow keys and weighed as `fifteen train` weighs it, the
//! attempts kept in the browser (IndexedDB) across visits, the plan
//! carried on, and the history exported and imported as the command's
//! JSON lines; and the move game on the same solves. With `FIFTEEN_SCREENSHOT_DIR` set, a drill before and after
//! its attempt is saved there (`site-train-drill.png`,
//! `site-train-result.png`), and a move game's answer (`site-train-moves.png`).

use fifteen_core::board::Move;
use fifteen_core::coach::{self, ParChoice};
use fifteen_core::human::Effort;
use fifteen_core::tables::BuiltTables;
use fifteen_core::train::history::Attempt;
use fifteen_core::train::planned::PlannedDrill;
use fifteen_core::train::{self, Boxes, CoachedSolve, PlanOptions};
use fifteen_core::{Deadline, slidysim};

use super::page::{Page, workspace_dir};
use super::site::{errors, open, settled};

/// WebDriver's arrow keys, for the way a tile slides.
fn arrow(mv: Move) -> char {
    match mv {
        Move::Left => '\u{E012}',
        Move::Up => '\u{E013}',
        Move::Right => '\u{E014}',
        Move::Down => '\u{E015}',
    }
}

fn play(page: &Page, moves: &[Move]) {
    for &mv in moves {
        page.press(arrow(mv));
    }
}

/// The result the page shows once the attempt is weighed.
fn result(page: &Page) -> serde_json::Value {
    let text = page.wait_for_text_in_state("result", 60);
    serde_json::from_str(&text).unwrap()
}

#[test]
#[ignore = "seconds: the static site's training page in headless Chromium; CI builds the site and runs it"]
fn drills_on_the_static_site_are_the_cores_played_by_hand_and_kept_in_the_browser() {
    let Some((site, page)) = open() else { return };
    let records =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/slidysim/world-records.txt"))
            .unwrap();
    let link = records.lines().next().unwrap();
    let (_, query) = link.split_once('?').unwrap();
    page.visit(&site.url(&format!("/train?{query}")));
    page.js("document.getElementById('drills').value = '4'; document.getElementById('train-seed').value = '5'; \
             document.getElementById('make-plan').click();");
    page.wait_for("the plan of 4", 120, |page| {
        Ok((page.js("return document.querySelectorAll('#drills-list li').length") == 4).then_some(()))
    });
    assert_eq!(settled(&page, 60), "done", "{}", page.text("message"));

    let (native, kinds_native, chosen) = core_plan(link);
    let shown: Vec<PlannedDrill> =
        serde_json::from_value(page.js("return window.fifteenTrain.plan.drills.map(d => d.planned)")).unwrap();
    assert_eq!(shown, native, "the page's plan is the core's");
    let kinds =
        page.js("return [...document.querySelectorAll('#costs tbody tr')].map(tr => tr.children[0].textContent)");
    assert_eq!(kinds, serde_json::json!(kinds_native), "the costliest kinds first");

    // Drill 1 built by hand with fifteen's way: what the core weighs it at.
    page.js("document.querySelector('#drills-list button.practise').click()");
    let first = &native[0];
    let board = first.to_drill().unwrap().position.board;
    let cells = |b: &fifteen_core::Board| b.cells().iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
    page.wait_for("drill 1's board", 30, |page| Ok((page.viewer()["cells"] == cells(&board)).then_some(())));
    if let Some(dir) = workspace_dir("FIFTEEN_SCREENSHOT_DIR") {
        page.screenshot(&dir.join("site-train-drill.png"));
    }
    let way: fifteen_core::Moves = first.way.parse().unwrap();
    let expected = train::score(&first.to_drill().unwrap(), &way, chosen.par(), &Deadline::NONE).unwrap();
    play(&page, &way);
    let weighed = result(&page);
    assert_eq!((weighed["moves"].as_u64(), weighed["loss"].as_i64()), (Some(way.len() as u64), Some(expected.loss)));
    assert_eq!(weighed["par"], first.par);
    page.wait_for("the attempt kept", 30, |page| Ok((page.viewer()["attempts"] == "1").then_some(())));
    if let Some(dir) = workspace_dir("FIFTEEN_SCREENSHOT_DIR") {
        std::thread::sleep(std::time::Duration::from_millis(200 * way.len() as u64 + 500));
        page.screenshot(&dir.join("site-train-result.png"));
    }

    // Again, with a slide and its undo first: two moves more lost.
    page.press('r');
    let detour = board.legal_moves().next().unwrap();
    play(&page, &[detour, detour.opposite()]);
    play(&page, &way);
    let lost = result(&page);
    assert_eq!((lost["moves"].as_u64(), lost["loss"].as_i64()), (Some(way.len() as u64 + 2), Some(expected.loss + 2)));
    page.wait_for("two attempts kept", 30, |page| Ok((page.viewer()["attempts"] == "2").then_some(())));
    assert!(page.text("trend").contains(&first.kind), "{}", page.text("trend"));

    // A new visit carries on with the kept plan: drill 1 is played.
    page.visit(&site.url("/train"));
    page.wait_for_text("plan-summary", 60, |t| t.contains("Carrying on"));
    assert!(page.text("plan-summary").contains("3 of its 4 drills not played yet"), "{}", page.text("plan-summary"));

    // The history exported as the command's JSON lines, and imported back.
    page.js("window.fifteenTrain.exportHistory()");
    let exported = page.wait_for("the export", 30, |page| {
        Ok(page.js("return window.fifteenExported || ''").as_str().filter(|t| !t.is_empty()).map(str::to_string))
    });
    let attempts: Vec<Attempt> = exported.lines().map(|l| Attempt::from_json(l).unwrap()).collect();
    assert_eq!(attempts.iter().map(|a| a.loss).collect::<Vec<_>>(), [expected.loss, expected.loss + 2]);
    assert_eq!(attempts[1].moves.len(), way.len() + 2);
    page.js(&format!(
        "window.fifteenTrain.importText({}, 'bad.jsonl')",
        serde_json::json!(format!("{}\nnot json\n", attempts[0].to_json()))
    ));
    page.wait_for_text("message", 30, |m| m.starts_with("bad.jsonl: line 2: "));
    assert_eq!(page.viewer()["attempts"], "2", "a bad import keeps none");
    page.js(&format!("window.fifteenTrain.importText({}, 'good.jsonl')", serde_json::json!(exported)));
    page.wait_for("four attempts", 30, |page| Ok((page.viewer()["attempts"] == "4").then_some(())));

    move_game(&page);
    assert_eq!(errors(&page), "");
}

/// The plan the core makes from `link`'s solves with seed 5, 4 drills and
/// no history: its drills as kept, its kinds in order, and the par.
fn core_plan(link: &str) -> (Vec<PlannedDrill>, Vec<&'static str>, coach::ChosenPar) {
    let solves = slidysim::parse_source(link, &slidysim::LinkLimits::DEFAULT).unwrap();
    let tables = BuiltTables::optimal_only(1);
    let chosen = coach::par_for(&solves[0].scramble, ParChoice::Auto, Effort::Auto, &tables).unwrap();
    let coachings: Vec<_> = solves.iter().map(|s| coach::coach(&s.scramble, &s.moves, chosen.par()).unwrap()).collect();
    let read: Vec<CoachedSolve> = solves
        .iter()
        .zip(&coachings)
        .enumerate()
        .map(|(i, (s, coaching))| CoachedSolve { number: i + 1, scramble: &s.scramble, moves: &s.moves, coaching })
        .collect();
    let made = train::plan(&read, &Boxes::default(), &PlanOptions { drills: 4, seed: 5 });
    let native: Vec<PlannedDrill> = made
        .drills
        .iter()
        .enumerate()
        .map(|(i, p)| PlannedDrill::new(i + 1, &train::drill(p, chosen.par(), &Deadline::NONE).unwrap(), &made.costs))
        .collect();
    let kinds = made.costs.iter().map(|c| c.kind.name()).collect();
    (native, kinds, chosen)
}

/// The move game on the link kept in the page: the person's own losing
/// move is told so, and a move that keeps par is told that.
fn move_game(page: &Page) {
    // The move game on the same solves: the person's own losing move is
    // told so, and a move that keeps par is told that.
    page.click("move-game");
    page.wait_for("the move game", 120, |page| Ok((page.viewer()["mode"] == "moves").then_some(())));
    let question = page.js("return window.fifteenTrain.questions[0]");
    let letter = |text: &serde_json::Value| -> Move {
        let letter = text.as_str().unwrap();
        Move::ALL.into_iter().find(|m| m.letter().to_string() == letter).unwrap()
    };
    play(page, &[letter(&question["played"])]);
    let told = result(page);
    assert_eq!(told["keeps"], false, "{question}");
    if let Some(dir) = workspace_dir("FIFTEEN_SCREENSHOT_DIR") {
        page.screenshot(&dir.join("site-train-moves.png"));
    }
    page.press('r');
    play(page, &[letter(&question["keeping"][0])]);
    assert_eq!(result(page)["keeps"], true, "{question}");
}
