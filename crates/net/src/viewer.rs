//! The viewer's pages (`crates/view/src/web/`) as the server sends them: `/replay?r=…`
//! (slidysim's own path and parameter: a person's solve with its splits),
//! `/watch?size=N&seed=S` (fifteen's solve of a seeded board) and
//! `/solve?board=…` (of a board in slidysim's notation, `1 2 3/4 5 6/7 8 0`),
//! the game page `/` (which draws with the viewer's board), and the
//! viewer's and the game's scripts and style. Nothing a request carries is
//! written anywhere: made pages are kept in memory only (`pages/cache.rs`).
//! A request that cannot be shown gets a 4xx and a page with the one line
//! that says why (for a link, the reason `fifteen replay` gives). Every
//! page is sent with a Content-Security-Policy that allows only the
//! server's own script and style.

use axum::body::Bytes;
use axum::http::{StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use fifteen_view::web::ViewerData;

use std::sync::Arc;

use fifteen_core::Deadline;
use fifteen_core::board::{Board, Scramble};
use fifteen_core::coach::CoachError;
use fifteen_core::human::{Effort, HumanError};
use fifteen_core::slidysim::{self, LinkLimits, Solve};
use fifteen_core::tables::Tables;
use fifteen_view::web::{self, Work};

/// Every page's policy: only the page's own script and style (no inline
/// script: the data is a `type="application/json"` element, which is never
/// run), and requests back to this server only (`connect-src 'self'`: a
/// replay page's sharper par, the game page's websocket, `ws:` to the same
/// host and port).
pub(crate) const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
     img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// A request the pages refuse: the status and the one line shown.
#[derive(Clone, Debug, PartialEq, Eq)]
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

/// The limits on a link a page reads: [`LinkLimits::DEFAULT`], but only
/// the first solve (the one the page shows), on a board of at most
/// `max_cells` cells.
pub(crate) fn page_link_limits(max_cells: usize) -> LinkLimits {
    LinkLimits { solves: 1, cells: max_cells, ..LinkLimits::DEFAULT }
}

/// The effort the query names (`effort=fast`, `normal`, `best` or `auto`),
/// if any: without one a page solves at the size table's page effort.
fn effort_asked(uri: &Uri) -> Result<Option<Effort>, Refused> {
    let Some(name) = query_value(uri, "effort") else {
        return Ok(None);
    };
    [Effort::Fast, Effort::Normal, Effort::Best, Effort::Auto]
        .into_iter()
        .find(|e| e.name() == name.trim())
        .map(Some)
        .ok_or_else(|| Refused::bad(format!("effort={name} is not an effort: give fast, normal, best or auto")))
}

/// Why work under `deadline` stopped: its time ran out (504, naming the
/// budget of `seconds`) or its client left or the server is stopping (the
/// answer goes nowhere; 503 all the same).
pub(crate) fn stopped(deadline: &Deadline, seconds: f64, what: &str) -> Refused {
    if deadline.is_stopped() {
        return Refused { status: StatusCode::SERVICE_UNAVAILABLE, reason: format!("{what} was stopped") };
    }
    Refused {
        status: StatusCode::GATEWAY_TIMEOUT,
        reason: format!("{what} takes longer than the {seconds} s a page may take here"),
    }
}

/// `/replay?r=PAYLOAD` (its query `query`): the first solve of the link,
/// as `fifteen replay` reads it (the same checks, within
/// [`page_link_limits`]: only the first solve is read); a link past them
/// is 413 and names the limit.
pub(crate) fn read_link(query: Option<&str>, max_cells: usize) -> Result<Solve, Refused> {
    let query = query.filter(|q| q.split('&').any(|p| p.starts_with("r=")));
    let Some(query) = query else {
        return Err(Refused::bad("no replay: give one as /replay?r=PAYLOAD, as slidysim's replay links do"));
    };
    // slidysim reads the payload after `r=` up to the next `&` itself.
    let mut solves = slidysim::parse_source(query, &page_link_limits(max_cells)).map_err(|e| {
        let status = if e.is_over_limit() { StatusCode::PAYLOAD_TOO_LARGE } else { StatusCode::BAD_REQUEST };
        Refused { status, reason: e.to_string() }
    })?;
    let solve = solves.swap_remove(0);
    check_size(solve.scramble.rows(), solve.scramble.cols(), max_cells)?;
    Ok(solve)
}

/// The replay page of `solve` (as [`read_link`] read it), as every host
/// of the viewer makes it ([`web::replay_page`]), until `deadline`.
pub(crate) fn replay_data(
    solve: &Solve,
    tables: &dyn Tables,
    deadline: &Deadline,
    seconds: f64,
) -> Result<ViewerData, Refused> {
    web::replay_page(solve, tables, Work::until(deadline)).map_err(|e| match e {
        CoachError::Stopped => stopped(deadline, seconds, "this replay's page"),
        other => Refused::bad(other.to_string()),
    })
}

/// The coaching of `solve`'s replay page at its sharper par
/// ([`web::sharper_coach`]), as the page asks for it once it is shown:
/// `{"coach": …}` (null where no sharper par is worth finding), until
/// `deadline` (`seconds` of it).
pub(crate) fn sharper_json(
    solve: &Solve,
    tables: &dyn Tables,
    deadline: &Deadline,
    seconds: f64,
) -> Result<String, Refused> {
    match web::sharper_coach(solve, tables, Work::until(deadline)) {
        Ok(coach) => Ok(serde_json::json!({ "coach": coach }).to_string()),
        Err(CoachError::Stopped) => Err(stopped(deadline, seconds, "a sharper par")),
        Err(other) => Err(Refused::bad(other.to_string())),
    }
}

/// A page that is a function of its query, as a key: everything it
/// depends on, so that it is made once and kept.
#[derive(Clone, Debug, Hash, PartialEq, Eq)]
pub(crate) enum PageKey {
    /// `/watch?size=N&seed=S`: the seeded board.
    Watch { rows: usize, cols: usize, seed: u64, effort: Option<Effort> },
    /// `/solve?board=…`: the board's cells.
    Solve { rows: usize, cols: usize, cells: Arc<[u32]>, effort: Option<Effort> },
    /// `/replay?r=…`: a replay's page depends on its first solve alone
    /// (the link's other solves are never read).
    Replay { solve: Arc<Solve> },
    /// `/replay?r=…&coach=sharper`: a replay's sharper par depends on its
    /// scramble and moves alone, so its solve is kept without its player,
    /// time or event; it is the dearest thing the server makes (a 30×30's
    /// takes minutes), so it is kept: a visitor who comes back, or another
    /// who opens the same link, gets it at once.
    Sharper { solve: Arc<Solve> },
}

/// What a [`PageKey`] makes: a page's data, or a sharper par's JSON.
#[derive(Debug)]
pub(crate) enum KeyedPage {
    Page(Box<ViewerData>),
    Json(String),
}

impl PageKey {
    /// The key of `solve`'s sharper par: its scramble and moves.
    pub(crate) fn sharper(solve: Solve) -> PageKey {
        let bare = Solve { time_ms: None, move_times_ms: None, player: None, event: String::new(), ..solve };
        PageKey::Sharper { solve: Arc::new(bare) }
    }

    /// Whether the page is made in well under a second (any effort up to
    /// 5×5): such pages have a worker of their own, so that a crowd of big
    /// ones never keeps a small one waiting.
    pub(crate) fn is_small(&self) -> bool {
        match self {
            PageKey::Watch { rows, cols, .. } | PageKey::Solve { rows, cols, .. } => rows * cols <= 25,
            PageKey::Replay { .. } | PageKey::Sharper { .. } => false,
        }
    }

    /// Bytes the key itself holds, for the cache's bound.
    pub(crate) fn bytes(&self) -> usize {
        std::mem::size_of::<PageKey>()
            + match self {
                PageKey::Watch { .. } => 0,
                PageKey::Solve { cells, .. } => cells.len() * 4,
                PageKey::Replay { solve } | PageKey::Sharper { solve } => {
                    let texts = solve.player.as_ref().map_or(0, String::len) + solve.event.len();
                    let times = solve.move_times_ms.as_ref().map_or(0, |t| t.len() * 8);
                    solve.scramble.cells().len() * 4 + solve.moves.len() + times + texts
                }
            }
    }

    /// What the key makes, until `deadline` (`seconds` of it): for a
    /// `/watch` or `/solve` page fifteen's solve of the board ([`board_page`]);
    /// for a replay, its page ([`replay_data`]), and for its sharper par
    /// [`sharper_json`], both with the coach's `tables`.
    pub(crate) fn make(&self, tables: &dyn Tables, deadline: &Deadline, seconds: f64) -> Result<KeyedPage, Refused> {
        match self {
            PageKey::Watch { rows, cols, seed, effort } => {
                let board = Board::scrambled(*rows, *cols, Scramble::Uniform, *seed)
                    .map_err(|e| Refused::bad(e.to_string()))?;
                board_page(&board, *effort, deadline, seconds)
            }
            PageKey::Solve { rows, cols, cells, effort } => {
                let board = Board::from_cells(*rows, *cols, cells.to_vec()).map_err(|e| Refused::bad(e.to_string()))?;
                board_page(&board, *effort, deadline, seconds)
            }
            PageKey::Replay { solve } => {
                replay_data(solve, tables, deadline, seconds).map(|data| KeyedPage::Page(Box::new(data)))
            }
            PageKey::Sharper { solve } => sharper_json(solve, tables, deadline, seconds).map(KeyedPage::Json),
        }
    }
}

/// A `/watch` or `/solve` page: fifteen's solve of `board` at the effort
/// asked for, else the page's ([`web::solve_page`]), planned until
/// `deadline` (`seconds` of it).
fn board_page(board: &Board, effort: Option<Effort>, deadline: &Deadline, seconds: f64) -> Result<KeyedPage, Refused> {
    let (rows, cols) = (board.rows(), board.cols());
    let chosen = effort.unwrap_or_else(|| Effort::for_page(rows, cols)).resolve(rows, cols);
    match web::solve_page(board, effort, Work::until(deadline)) {
        Ok(data) => Ok(KeyedPage::Page(Box::new(data))),
        Err(HumanError::Stopped) => {
            Err(stopped(deadline, seconds, &format!("a {rows}×{cols} solve at effort {}", chosen.name())))
        }
        Err(other) => Err(Refused::bad(other.to_string())),
    }
}

/// `/watch?size=N&seed=S` (or `rows=R&cols=C`; `effort=E`): the page's key.
pub(crate) fn watch_key(uri: &Uri, max_cells: usize) -> Result<PageKey, Refused> {
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
    // The shape is checked here, so that a bad one is refused before any work.
    Board::goal(rows, cols).map_err(|e| Refused::bad(e.to_string()))?;
    Ok(PageKey::Watch { rows, cols, seed, effort: effort_asked(uri)? })
}

/// `/solve?board=1 2 3/4 5 6/7 8 0` (`effort=E`): the page's key.
pub(crate) fn solve_key(uri: &Uri, max_cells: usize) -> Result<PageKey, Refused> {
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
    Ok(PageKey::Solve {
        rows: board.rows(),
        cols: board.cols(),
        cells: board.cells().into(),
        effort: effort_asked(uri)?,
    })
}

/// A made page.
pub(crate) fn page_response(body: Bytes) -> Response {
    (StatusCode::OK, page_headers(), body).into_response()
}

/// A replay page's sharper par, as JSON.
pub(crate) fn json_response(body: Bytes) -> Response {
    (StatusCode::OK, json_headers(), body).into_response()
}

/// Why a sharper par was refused, as JSON (`{"error": …}`) for the page
/// that asked, with `Retry-After` as [`refused_response`] gives it.
pub(crate) fn refused_json(refused: &Refused, retry_after: u64) -> Response {
    let body = serde_json::json!({ "error": refused.reason }).to_string();
    retry_later((refused.status, json_headers(), body).into_response(), retry_after)
}

/// `response` with `Retry-After` where trying again later may succeed.
fn retry_later(mut response: Response, retry_after: u64) -> Response {
    if matches!(response.status(), StatusCode::SERVICE_UNAVAILABLE | StatusCode::TOO_MANY_REQUESTS) {
        response.headers_mut().insert(header::RETRY_AFTER, header::HeaderValue::from(retry_after));
    }
    response
}

fn json_headers() -> [(header::HeaderName, &'static str); 3] {
    [
        (header::CONTENT_TYPE, "application/json"),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::CACHE_CONTROL, "no-cache"),
    ]
}

/// The page that says why there is none: the status and the one line,
/// with `Retry-After` (seconds) when trying again later may succeed (503,
/// 429).
pub(crate) fn refused_response(refused: &Refused, retry_after: u64) -> Response {
    retry_later((refused.status, page_headers(), web::error_page(&refused.reason)).into_response(), retry_after)
}

fn page_headers() -> [(header::HeaderName, &'static str); 4] {
    [
        (header::CONTENT_TYPE, "text/html; charset=utf-8"),
        (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::CACHE_CONTROL, "no-cache"),
    ]
}

/// The game page (`GET /`).
pub(crate) fn game_page() -> Response {
    let headers = [
        (header::CONTENT_TYPE, "text/html; charset=utf-8"),
        (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
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
    use fifteen_core::human::HumanOptions;

    fn uri(text: &str) -> Uri {
        text.parse().unwrap()
    }

    #[test]
    fn queries_are_read_and_refused_with_one_line() {
        assert_eq!(query_value(&uri("/x?a=1&board=1+2%2F3+0"), "board").as_deref(), Some("1 2/3 0"));
        assert_eq!(query_value(&uri("/x?a=1"), "board"), None);
        assert_eq!(read_link(None, 10_000).unwrap_err().status, StatusCode::BAD_REQUEST);
        let refused = read_link(Some("r=notbase64!!"), 10_000).unwrap_err();
        assert_eq!(refused.status, StatusCode::BAD_REQUEST);
        assert!(!refused.reason.contains('\n'), "{}", refused.reason);
        assert_eq!(watch_key(&uri("/watch?size=101"), 10_000).unwrap_err().status, StatusCode::PAYLOAD_TOO_LARGE);
        assert_eq!(
            watch_key(&uri("/watch?size=99999999999&seed=1"), 10_000).unwrap_err().status,
            StatusCode::PAYLOAD_TOO_LARGE
        );
        assert!(watch_key(&uri("/watch?size=x"), 10_000).is_err());
        assert!(watch_key(&uri("/watch?size=1"), 10_000).is_err(), "not a board");
        assert!(watch_key(&uri("/watch?effort=lazy"), 10_000).unwrap_err().reason.contains("effort=lazy"));
        assert_eq!(
            watch_key(&uri("/watch?size=5&seed=3&effort=fast"), 10_000).unwrap(),
            PageKey::Watch { rows: 5, cols: 5, seed: 3, effort: Some(Effort::Fast) }
        );
        let PageKey::Solve { cells, .. } =
            solve_key(&uri("/solve?board=1%202%203/4%205%206/7%200%208"), 10_000).unwrap()
        else {
            panic!("a solve page's key")
        };
        assert_eq!(&cells[..], &[1, 2, 3, 4, 5, 6, 7, 0, 8]);
        assert!(solve_key(&uri("/solve?board=1 2 3/4 5 6/8 7 0".replace(' ', "%20").as_str()), 10_000).is_err());
    }

    #[test]
    fn pages_out_of_time_or_stopped_say_so_and_a_served_100x100_fits_the_time() {
        let key = watch_key(&uri("/watch?size=30&seed=1"), 10_000).unwrap();
        let refused = key.make(&fifteen_core::tables::NO_TABLES, &Deadline::stopped(), 5.0).unwrap_err();
        assert_eq!(refused.status, StatusCode::SERVICE_UNAVAILABLE, "{}", refused.reason);
        // A clock already past the time: out of time, not stopped.
        let late = Deadline::NONE.with_clock(|| 10.0).within(0.0);
        let refused = key.make(&fifteen_core::tables::NO_TABLES, &late, 5.0).unwrap_err();
        assert_eq!(refused.status, StatusCode::GATEWAY_TIMEOUT);
        assert!(refused.reason.contains("longer than the 5 s"), "{}", refused.reason);
    }

    #[test]
    fn a_replay_links_text_reaches_the_page_escaped() {
        let board = Board::scrambled(3, 3, Scramble::Uniform, 2).unwrap();
        let plan = fifteen_core::human::solve(&board, &HumanOptions::default()).unwrap();
        let link = slidysim::replay_link(&board, &plan.moves().to_vec().into(), None);
        let (_, payload) = link.split_once("?r=").unwrap();
        let query = format!("r={payload}");
        let solve = read_link(Some(&query), 10_000).unwrap();
        let data = replay_data(&solve, &fifteen_core::tables::NO_TABLES, &Deadline::NONE, 5.0).unwrap();
        let data = serde_json::to_value(data).unwrap();
        assert_eq!(data["count"], plan.moves().len());
        // fifteen's solve beside it, and the coach's lines (a 3×3: par optimal).
        let fifteen =
            fifteen_core::human::solve(&board, &HumanOptions { effort: Effort::Auto, ..HumanOptions::default() });
        assert_eq!(data["duo"]["fifteen"]["count"], fifteen.unwrap().moves().len());
        assert_eq!(data["coach"]["exact"], true);
        let par = data["coach"]["par"].as_i64().unwrap();
        assert_eq!(data["coach"]["loss"].as_i64(), Some(plan.moves().len() as i64 - par));
        let response = refused_response(&Refused::bad("<script>alert(1)</script>"), 5);
        assert_eq!(response.status(), StatusCode::BAD_REQUEST);
        assert!(response.headers().get(header::RETRY_AFTER).is_none());
        let busy = Refused { status: StatusCode::SERVICE_UNAVAILABLE, reason: "busy".into() };
        assert_eq!(refused_response(&busy, 5).headers()[header::RETRY_AFTER], "5");
        assert_eq!(response.headers()[header::CONTENT_SECURITY_POLICY], CONTENT_SECURITY_POLICY);
        assert!(web::error_page("<script>").contains("&lt;script&gt;"));
    }
}
