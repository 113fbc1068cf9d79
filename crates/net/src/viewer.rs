//! The viewer's pages (`crates/view/src/web/`) as the server sends them: `/replay?r=…`
//! (slidysim's own path and parameter: a person's solve with its splits),
//! `/watch?size=N&seed=S` (fifteen's solve of a seeded board) and
//! `/solve?board=…` (of a board in slidysim's notation, `1 2 3/4 5 6/7 8 0`),
//! the game page `/` (which draws with the viewer's board), and the
//! viewer's and the game's scripts and style. Read-only: nothing a request carries
//! is kept. A request that cannot be shown gets a 4xx and a page with the
//! one line that says why (for a link, the reason `fifteen replay` gives).
//! Every page is sent with a Content-Security-Policy that allows only the
//! server's own script and style.

use axum::http::{StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use serde_json::Value;

use std::sync::Arc;
use std::time::Instant;

use fifteen_core::Deadline;
use fifteen_core::board::{Board, Scramble};
use fifteen_core::coach::{self, CoachError, ParChoice};
use fifteen_core::human::{Effort, SolveOptions};
use fifteen_core::slidysim;
use fifteen_core::tables::{NO_TABLES, PatternDatabase, Tables, TablesError};
use fifteen_view::web::{self, CoachOnPage};

/// Only the page's own script and style (no inline script: the data is a
/// `type="application/json"` element, which is never run).
pub(crate) const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
     img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// The game page's policy: the viewer's, and its websocket back to the
/// server (`connect-src 'self'` covers `ws:` to the same host and port).
pub(crate) const GAME_POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
     img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// A request the pages refuse: the status and the one line shown.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Refused {
    pub(crate) status: StatusCode,
    pub(crate) reason: String,
}

impl Refused {
    fn bad(reason: impl Into<String>) -> Refused {
        Refused { status: StatusCode::BAD_REQUEST, reason: reason.into() }
    }
}

/// The value of `name` in a query string, URL-decoded (`+` as a space).
fn query_value(uri: &Uri, name: &str) -> Option<String> {
    let query = uri.query()?;
    query.split('&').find_map(|pair| {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        (key == name).then(|| percent_encoding::percent_decode_str(&value.replace('+', " ")).decode_utf8_lossy().into())
    })
}

/// Refuses a board over `max_cells` (the server passes the largest it
/// deals games of).
fn check_size(rows: usize, cols: usize, max_cells: usize) -> Result<(), Refused> {
    if rows.saturating_mul(cols) > max_cells {
        return Err(Refused {
            status: StatusCode::PAYLOAD_TOO_LARGE,
            reason: format!("a {rows}×{cols} board is too big to show here: at most {max_cells} cells"),
        });
    }
    Ok(())
}

/// The tables a replay page's par uses (the optimal solver's up to 16
/// cells, the near solver's on 17 to 49), through the server's loader,
/// which finds each shape's once (none: Manhattan distance and linear
/// conflicts up to 16 cells, fifteen's human solve above).
pub(crate) struct CoachTables {
    loader: Option<Arc<dyn Tables>>,
}

impl CoachTables {
    pub(crate) fn new(loader: Option<Arc<dyn Tables>>) -> CoachTables {
        CoachTables { loader }
    }
}

impl Tables for CoachTables {
    fn optimal(&self, rows: usize, cols: usize) -> Option<Arc<PatternDatabase>> {
        self.loader.as_ref().and_then(|t| t.optimal(rows, cols))
    }

    fn near(&self, rows: usize, cols: usize) -> Result<Arc<PatternDatabase>, TablesError> {
        self.loader.as_deref().unwrap_or(&NO_TABLES).near(rows, cols)
    }
}

/// The longest a replay page spends on its coaching before it is sent
/// without (saying so): a page's par (`ChosenPar::on_page`) coaches a
/// 30×30 solve in a second or two on two cores.
const COACH_SECONDS: f64 = 30.0;

/// `/replay?r=PAYLOAD`: the first solve of the link, as `fifteen replay`
/// reads it (the same checks and limits, the same reason when it fails),
/// beside fifteen's solve of its scramble, coached with the par the core
/// picks for it (`coach::par_for`) when that takes at most
/// [`COACH_SECONDS`].
pub(crate) fn replay_data(uri: &Uri, max_cells: usize, tables: &CoachTables) -> Result<Value, Refused> {
    let query = uri.query().filter(|q| q.split('&').any(|p| p.starts_with("r=")));
    let Some(query) = query else {
        return Err(Refused::bad("no replay: give one as /replay?r=PAYLOAD, as slidysim's replay links do"));
    };
    // slidysim reads the payload after `r=` up to the next `&` itself.
    let solves = slidysim::parse_source(query).map_err(|e| Refused::bad(e.to_string()))?;
    let solve = &solves[0];
    let (rows, cols) = (solve.scramble.rows(), solve.scramble.cols());
    check_size(rows, cols, max_cells)?;
    let effort = Effort::for_size(rows, cols);
    let title = format!("fifteen: {}", solve.event);
    let bad = |e: CoachError| Refused::bad(e.to_string());
    if rows * cols > web::MAX_COACHED_CELLS {
        return web::compare_data(solve, effort, &title, CoachOnPage::too_big(rows, cols)).map_err(bad);
    }
    let chosen = coach::par_for(&solve.scramble, ParChoice::Auto, Effort::Auto, tables)
        .map_err(|e| Refused::bad(e.to_string()))?
        .on_page(&solve.scramble);
    let started = Instant::now();
    let deadline = Deadline::NONE.with_clock(move || started.elapsed().as_secs_f64()).within(COACH_SECONDS);
    match coach::coach_until(&solve.scramble, &solve.moves, chosen.par(), &deadline, &|_, _| {}) {
        Ok(coaching) => web::compare_data(solve, effort, &title, CoachOnPage::coached(&coaching, &chosen)).map_err(bad),
        Err(CoachError::Stopped) => {
            let note = format!(
                "no coaching here: it took longer than the {COACH_SECONDS} s a page may spend on it; `fifteen coach LINK \
                 --format html --out FILE.html` writes this page with it"
            );
            web::compare_data(solve, effort, &title, CoachOnPage::Skipped(note)).map_err(bad)
        }
        Err(e) => Err(bad(e)),
    }
}

/// `/watch?size=N&seed=S` (or `rows=R&cols=C`): the board to solve.
pub(crate) fn watch_board(uri: &Uri, max_cells: usize) -> Result<Board, Refused> {
    let number = |name: &str| -> Result<Option<u64>, Refused> {
        query_value(uri, name)
            .map(|v| v.trim().parse::<u64>().map_err(|_| Refused::bad(format!("{name}={v} is not a whole number"))))
            .transpose()
    };
    let size = number("size")?.unwrap_or(4) as usize;
    let rows = number("rows")?.map_or(size, |r| r as usize);
    let cols = number("cols")?.map_or(size, |c| c as usize);
    let seed = number("seed")?.unwrap_or(1);
    check_size(rows, cols, max_cells)?;
    Board::scrambled(rows, cols, Scramble::Uniform, seed).map_err(|e| Refused::bad(e.to_string()))
}

/// `/solve?board=1 2 3/4 5 6/7 8 0`: the board, in slidysim's notation.
pub(crate) fn solve_board(uri: &Uri, max_cells: usize) -> Result<Board, Refused> {
    let Some(text) = query_value(uri, "board") else {
        return Err(Refused::bad("no board: give one as /solve?board=1 2 3/4 5 6/7 8 0"));
    };
    if text.len() > 64 * 1024 {
        return Err(Refused::bad("the board's text is too long"));
    }
    let board: Board =
        text.replace('/', "\n").parse().map_err(|e: fifteen_core::ParseBoardError| Refused::bad(e.to_string()))?;
    check_size(board.rows(), board.cols(), max_cells)?;
    board.check_solvable().map_err(|e| Refused::bad(format!("unsolvable board: {e}")))?;
    Ok(board)
}

/// The data of fifteen's solve of `board` (the effort `auto` picks).
pub(crate) fn solved_data(board: &Board, title: &str) -> Result<Value, Refused> {
    let options = SolveOptions { effort: Effort::Auto, ..SolveOptions::default() };
    web::solve_data(board, &options, title).map_err(|e| Refused::bad(e.to_string()))
}

/// The page for `data`, or the page that says why there is none.
pub(crate) fn respond(data: Result<Value, Refused>) -> Response {
    let (status, body) = match data {
        Ok(data) => (StatusCode::OK, web::served_page(&data)),
        Err(refused) => (refused.status, web::error_page(&refused.reason)),
    };
    let headers = [
        (header::CONTENT_TYPE, "text/html; charset=utf-8"),
        (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::CACHE_CONTROL, "no-cache"),
    ];
    (status, headers, body).into_response()
}

/// The game page (`GET /`).
pub(crate) fn game_page() -> Response {
    let headers = [
        (header::CONTENT_TYPE, "text/html; charset=utf-8"),
        (header::CONTENT_SECURITY_POLICY, GAME_POLICY),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::CACHE_CONTROL, "no-cache"),
    ];
    (headers, web::GAME_PAGE).into_response()
}

/// The viewer's script or style.
pub(crate) fn asset(content_type: &'static str, body: &'static str) -> Response {
    let headers = [
        (header::CONTENT_TYPE, content_type),
        (header::CACHE_CONTROL, "no-cache"),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    ];
    (headers, body).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn uri(text: &str) -> Uri {
        text.parse().unwrap()
    }

    #[test]
    fn queries_are_read_and_refused_with_one_line() {
        assert_eq!(query_value(&uri("/x?a=1&board=1+2%2F3+0"), "board").as_deref(), Some("1 2/3 0"));
        assert_eq!(query_value(&uri("/x?a=1"), "board"), None);
        let refused = replay_data(&uri("/replay"), 10_000, &CoachTables::new(None)).unwrap_err();
        assert_eq!(refused.status, StatusCode::BAD_REQUEST);
        let refused = replay_data(&uri("/replay?r=notbase64!!"), 10_000, &CoachTables::new(None)).unwrap_err();
        assert!(!refused.reason.contains('\n'), "{}", refused.reason);
        assert_eq!(watch_board(&uri("/watch?size=101"), 10_000).unwrap_err().status, StatusCode::PAYLOAD_TOO_LARGE);
        assert_eq!(
            watch_board(&uri("/watch?size=99999999999&seed=1"), 10_000).unwrap_err().status,
            StatusCode::PAYLOAD_TOO_LARGE
        );
        assert!(watch_board(&uri("/watch?size=x"), 10_000).is_err());
        assert_eq!(
            watch_board(&uri("/watch?size=5&seed=3"), 10_000).unwrap(),
            Board::scrambled(5, 5, Scramble::Uniform, 3).unwrap()
        );
        let board = solve_board(&uri("/solve?board=1%202%203/4%205%206/7%200%208"), 10_000).unwrap();
        assert_eq!(board.cells(), &[1, 2, 3, 4, 5, 6, 7, 0, 8]);
        assert!(solve_board(&uri("/solve?board=1 2 3/4 5 6/8 7 0".replace(' ', "%20").as_str()), 10_000).is_err());
    }

    #[test]
    fn a_replay_links_text_reaches_the_page_escaped() {
        let board = Board::scrambled(3, 3, Scramble::Uniform, 2).unwrap();
        let plan = fifteen_core::human::solve(&board, &SolveOptions::default()).unwrap();
        let link = slidysim::replay_link(&board, &plan.moves().to_vec().into(), None);
        let (_, payload) = link.split_once("?r=").unwrap();
        let data = replay_data(&uri(&format!("/replay?r={payload}")), 10_000, &CoachTables::new(None)).unwrap();
        assert_eq!(data["count"], plan.moves().len());
        // fifteen's solve beside it, and the coach's lines (a 3×3: par optimal).
        let fifteen = fifteen_core::human::solve(
            &board,
            &SolveOptions { effort: Effort::for_size(3, 3), ..SolveOptions::default() },
        );
        assert_eq!(data["duo"]["fifteen"]["count"], fifteen.unwrap().moves().len());
        assert_eq!(data["coach"]["exact"], true);
        let par = data["coach"]["par"].as_i64().unwrap();
        assert_eq!(data["coach"]["loss"].as_i64(), Some(plan.moves().len() as i64 - par));
        let response = respond(Err(Refused::bad("<script>alert(1)</script>")));
        assert_eq!(response.status(), StatusCode::BAD_REQUEST);
        assert_eq!(response.headers()[header::CONTENT_SECURITY_POLICY], CONTENT_SECURITY_POLICY);
        assert!(web::error_page("<script>").contains("&lt;script&gt;"));
    }
}
