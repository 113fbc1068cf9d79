//! `fifteen serve`: the game server (axum on tokio) and its page.
//!
//! Every websocket connection, at `/eight/ws` (the path older clients use) or `/ws`, is
//! its own [`Session`] on a new board. The server sends the state on connect and
//! after every message; bad messages get the unchanged board with an
//! `error: …` status. Idle connections are closed, the number of games is
//! capped, and stopping the server closes every game with a close frame.
//! A connection whose request head (request line and headers) is not in
//! within [`ServerConfig::header_timeout`], or runs past [`HEAD_LIMIT`], is
//! closed: a client that sends half a request and waits (the slow-headers
//! attack) holds its socket for seconds, not for ever. A `/replay` request
//! line may be longer (`head.rs`); connections are closed after their
//! first answer, so that every request's line passes there.
//! A client that asks (`{"Optimal":true}`) also gets each position's
//! optimal distance once it is known (see `net/optimal.rs`).
//! The viewer's pages are made on workers of their own, each under a
//! deadline, and kept (`pages/`); `/healthz` and `/metrics` say how busy the
//! server is (`metrics.rs`).

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use axum::Router;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade, close_code};
use axum::extract::{ConnectInfo, Request as HttpRequest, State as Extract};
use axum::http::{HeaderMap, StatusCode, Uri, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get};
use axum::serve::{Listener, ListenerExt};
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::{Semaphore, watch};
use tokio::time::{Instant, sleep_until, timeout};
use tokio_tungstenite::tungstenite;
use tower::ServiceExt;

use fifteen_core::board::{Board, Scramble, SizeError};
use fifteen_core::tables::Tables;

use super::head::{self, Dropped, LongQuery};
use super::metrics::{LogSink, Metrics};
use super::optimal::{GameOracle, Searches};
use super::pages::{PageKind, PageLimits, Pages};
use super::viewer;
use fifteen_view::game::Session;
use fifteen_view::game::protocol::{BadRequest, Request, State};
use fifteen_view::web;

/// The largest board the server will deal (a state is sent per move) or
/// show on a page.
pub(crate) const MAX_CELLS: usize = 10_000;

/// Text frames longer than this get an `error:` reply.
pub(crate) const MESSAGE_LIMIT: usize = 4 * 1024;

/// Frames longer than this are not read at all: the connection is closed
/// with code 1009 (message too big).
pub(crate) const FRAME_LIMIT: usize = 64 * 1024;

/// A request's head (request line and headers) longer than this is refused
/// with 431 and its connection closed. A browser's upgrade request is well
/// under 2 KiB; this leaves room for cookies of other pages on the host.
pub(crate) const HEAD_LIMIT: usize = 16 * 1024;

/// How the server deals boards and guards itself.
#[derive(Clone)]
pub struct ServerConfig {
    /// Board rows.
    pub(crate) rows: usize,
    /// Board columns.
    pub(crate) cols: usize,
    /// How each new board is mixed.
    pub scramble: Scramble,
    /// Session `i` of the server's life gets the board of seed `game_seed(seed, i)`.
    pub seed: u64,
    /// Games open at once; further connections are closed with code 1013.
    pub max_games: usize,
    /// A game with no message (and no watched move) for this long is closed.
    pub idle_timeout: Duration,
    /// A connection whose request head is not complete this long after it
    /// opened is closed, however slowly it trickles in (a connection carries
    /// one request).
    pub header_timeout: Duration,
    /// One line per game, written when it ends.
    pub(crate) log: LogSink,
    /// Where the optimal distance's searches and the replay pages' par get
    /// pattern databases ([`NoTables`](fifteen_core::tables::NoTables) by
    /// default: Manhattan distance and linear conflicts, and the human par
    /// above 16 cells); asked at every search, off the async executor, so
    /// pass tables that keep what they find (a `TableCache`, made with
    /// `never_building_near` for a server strangers use).
    pub tables: Arc<dyn Tables>,
    /// Optimal-distance searches that may run at once, over all games.
    pub optimal_threads: usize,
    /// Threads that make the viewer's pages (at least one); small pages
    /// (a board of up to 100 cells at the served effort) have one more of
    /// their own.
    pub page_workers: usize,
    /// Pages that may wait for a worker; more are refused with 503.
    pub page_queue: usize,
    /// How long a page may take to make, counted from when a worker starts
    /// it (and how long it may wait for one); past it the page is 504.
    pub page_seconds: Duration,
    /// How long a replay page's sharper par may take (`best`'s coaching,
    /// asked for by the page once it is shown, where the core finds it
    /// worth it), on a worker of its own; past it the page keeps its par.
    pub sharper_seconds: Duration,
    /// Page requests one client address may have in flight; more get 429.
    pub per_client: usize,
    /// Made pages kept: at most this many …
    pub page_cache_pages: usize,
    /// … and at most this many bytes of them.
    pub page_cache_bytes: usize,
    /// The server is behind a reverse proxy on the same machine: a request
    /// from a loopback address is counted against the client that the last
    /// address of its `X-Forwarded-For` names.
    pub behind_proxy: bool,
}

/// Seconds a replay page's sharper par may take by default: a 30×30
/// record's `best` coaching takes about two minutes on two idle cores
/// (docs/people.md), and it is made once per scramble and kept, on one
/// worker whatever the number asked for, so a page of any size the coach
/// sharpens gets it on an idle server.
pub const SHARPER_SECONDS: f64 = 180.0;

impl ServerConfig {
    /// Uniform boards of this shape, seed 0, 1 024 games, 5 minutes idle, 5
    /// seconds for a request's head, log to stderr, no pattern databases,
    /// one optimal search at a time; pages made by 2 workers with 8 more
    /// waiting, 5 seconds a page, [`SHARPER_SECONDS`] a sharper par on a
    /// worker of its own, 4 page requests in flight a client, up to
    /// 256 pages and 64 MiB of them kept. The size is checked before
    /// anything is made: a board of more than 10 000 cells is
    /// [`ServeError::TooLarge`].
    pub fn new(rows: usize, cols: usize) -> Result<ServerConfig, ServeError> {
        if rows.saturating_mul(cols) > MAX_CELLS && rows >= 2 && cols >= 2 {
            return Err(ServeError::TooLarge { rows, cols });
        }
        Board::goal(rows, cols)?;
        Ok(ServerConfig {
            rows,
            cols,
            scramble: Scramble::Uniform,
            seed: 0,
            max_games: 1024,
            idle_timeout: Duration::from_secs(300),
            header_timeout: Duration::from_secs(5),
            // A log write that fails (stderr closed) must not take a game down.
            log: Arc::new(|line: &str| {
                use std::io::Write;
                let _ = writeln!(std::io::stderr().lock(), "{line}");
            }),
            tables: Arc::new(fifteen_core::tables::NoTables),
            optimal_threads: 1,
            page_workers: 2,
            page_queue: 8,
            page_seconds: Duration::from_secs(5),
            sharper_seconds: Duration::from_secs_f64(SHARPER_SECONDS),
            per_client: 4,
            page_cache_pages: 256,
            page_cache_bytes: 64 << 20,
            behind_proxy: false,
        })
    }

    fn page_limits(&self) -> PageLimits {
        PageLimits {
            workers: self.page_workers.max(1),
            queue: self.page_queue,
            seconds: self.page_seconds.as_secs_f64(),
            per_client: self.per_client.max(1),
            cache_pages: self.page_cache_pages,
            cache_bytes: self.page_cache_bytes,
            max_cells: MAX_CELLS,
            sharper_seconds: self.sharper_seconds.as_secs_f64(),
        }
    }

    /// The board of game `index` (counted from 0).
    pub(crate) fn board(&self, index: u64) -> Result<Board, SizeError> {
        Board::scrambled(self.rows, self.cols, self.scramble, game_seed(self.seed, index))
    }
}

/// The seed of game `index` on a server started with `seed` (SplitMix64 of
/// both, so neighbouring games get unrelated boards).
pub(crate) fn game_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed ^ index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Why the server could not run.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// A shape that makes no board.
    #[error("{0}")]
    Size(#[from] SizeError),
    /// A board too big to send a state per move.
    #[error("a {rows}×{cols} board is too big to serve: at most {MAX_CELLS} cells")]
    TooLarge {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
    /// The address could not be listened on.
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address.
        addr: SocketAddr,
        /// Why.
        source: std::io::Error,
    },
    /// The async runtime or the listener failed.
    #[error("server failed: {0}")]
    Io(#[from] std::io::Error),
}

/// A server running on its own thread, for the tests.
#[cfg(test)]
pub(crate) struct Server {
    addr: SocketAddr,
    stop: watch::Sender<bool>,
    thread: Option<std::thread::JoinHandle<Result<(), ServeError>>>,
}

#[cfg(test)]
impl Server {
    /// Binds `addr` (port 0: any free port) and serves until [`Server::stop`].
    pub(crate) fn start(addr: SocketAddr, config: ServerConfig) -> Result<Server, ServeError> {
        let runtime = runtime()?;
        let listener = runtime.block_on(bind(addr))?;
        let addr = listener.local_addr()?;
        let (stop, stopped) = watch::channel(false);
        let thread = std::thread::Builder::new().name("fifteen-serve".into()).spawn(move || {
            let result = runtime.block_on(run(listener, config, stopped));
            end_runtime(runtime);
            result
        })?;
        Ok(Server { addr, stop, thread: Some(thread) })
    }

    /// The address it listens on.
    pub(crate) fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Closes every game (code 1001) and waits for the server to end.
    pub(crate) fn stop(mut self) -> Result<(), ServeError> {
        self.finish()
    }

    fn finish(&mut self) -> Result<(), ServeError> {
        let _ = self.stop.send(true);
        match self.thread.take().map(|t| t.join()) {
            Some(Ok(result)) => result,
            Some(Err(_)) => Err(ServeError::Io(std::io::Error::other("the server thread panicked"))),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.finish();
    }
}

/// Serves on `addr` until Ctrl-C (or SIGTERM), then closes every game and
/// returns. `ready` is told the address once it listens.
pub fn serve_until_signal(
    addr: SocketAddr,
    config: ServerConfig,
    ready: impl FnOnce(SocketAddr),
) -> Result<(), ServeError> {
    let runtime = runtime()?;
    let result = runtime.block_on(async move {
        let listener = bind(addr).await?;
        ready(listener.local_addr()?);
        let (stop, stopped) = watch::channel(false);
        tokio::spawn(async move {
            stop_signal().await;
            let _ = stop.send(true);
        });
        run(listener, config, stopped).await
    });
    end_runtime(runtime);
    result
}

/// Ends the runtime without waiting long for an optimal search still
/// running on the blocking pool: its game is gone, and the search stops
/// within milliseconds of noticing.
fn end_runtime(runtime: tokio::runtime::Runtime) {
    runtime.shutdown_timeout(Duration::from_millis(500));
}

fn runtime() -> Result<tokio::runtime::Runtime, ServeError> {
    Ok(tokio::runtime::Builder::new_multi_thread().enable_all().thread_name("fifteen-serve").build()?)
}

async fn bind(addr: SocketAddr) -> Result<TcpListener, ServeError> {
    TcpListener::bind(addr).await.map_err(|source| ServeError::Bind { addr, source })
}

async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}

/// What every connection shares.
struct ServerShared {
    config: ServerConfig,
    /// Games started so far: the next game's number.
    games: AtomicU64,
    /// One permit per game that may be open.
    slots: Arc<Semaphore>,
    /// Becomes true when the server stops.
    stopped: watch::Receiver<bool>,
    started: Instant,
    /// The optimal-distance searches' tables and turns.
    searches: Arc<Searches>,
    /// The viewer's pages: their workers, cache and limits.
    pages: Arc<Pages>,
    metrics: Arc<Metrics>,
}

/// The routes: the game page, the viewer's pages, their scripts and style,
/// the two websocket paths, and what monitoring reads; every request counted.
fn router(shared: Arc<ServerShared>) -> Router {
    Router::new()
        .route("/", get(|| async { viewer::game_page() }))
        .route("/game.js", get(|| async { viewer::asset("text/javascript; charset=utf-8", web::game_js()) }))
        .route("/ws", any(connect))
        .route("/eight/ws", any(connect))
        .route("/viewer.js", get(|| async { viewer::asset("text/javascript; charset=utf-8", web::viewer_js()) }))
        .route("/viewer.css", get(|| async { viewer::asset("text/css; charset=utf-8", web::viewer_css()) }))
        .route("/replay", get(page::<REPLAY>))
        .route("/watch", get(page::<WATCH>))
        .route("/solve", get(page::<SOLVE>))
        .route("/healthz", get(healthz))
        .route("/metrics", get(metrics))
        .layer(middleware::from_fn_with_state(shared.clone(), count_request))
        .with_state(shared)
}

/// Counts every request answered, by route and status, and closes its
/// connection after the answer (but a websocket's, which goes on): every
/// request then starts a connection, so that its line is read by
/// `head::open` (a kept-alive connection's second request would be hyper's
/// alone, its head under the small limit however long a link it carries).
async fn count_request(Extract(shared): Extract<Arc<ServerShared>>, request: HttpRequest, next: Next) -> Response {
    let path = request.uri().path().to_string();
    let mut response = next.run(request).await;
    shared.metrics.request(&path, response.status().as_u16());
    if response.status() != StatusCode::SWITCHING_PROTOCOLS {
        response.headers_mut().insert(header::CONNECTION, header::HeaderValue::from_static("close"));
    }
    response
}

/// The viewer's pages, as the handler's constant parameter.
const REPLAY: u8 = 0;
const WATCH: u8 = 1;
const SOLVE: u8 = 2;

/// One of the viewer's pages (`pages/`), for the client the request comes
/// from.
async fn page<const KIND: u8>(
    Extract(shared): Extract<Arc<ServerShared>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    long: Option<axum::Extension<LongQuery>>,
    headers: HeaderMap,
    uri: Uri,
) -> Response {
    let kind = match KIND {
        REPLAY => PageKind::of_replay(long.as_ref().map(|l| &*l.0.0).or(uri.query())),
        WATCH => PageKind::Watch,
        _ => PageKind::Solve,
    };
    let client = client_address(peer, &headers, shared.config.behind_proxy);
    shared.pages.serve(kind, uri, long.map(|l| l.0), client).await
}

/// The address a page request is counted against: the peer's, or behind a
/// proxy on this machine the last address its `X-Forwarded-For` names
/// (the one the proxy added).
fn client_address(peer: SocketAddr, headers: &HeaderMap, behind_proxy: bool) -> std::net::IpAddr {
    if behind_proxy && peer.ip().is_loopback() {
        let forwarded = headers.get_all("x-forwarded-for").iter().filter_map(|v| v.to_str().ok()).next_back();
        if let Some(ip) = forwarded.and_then(|v| v.rsplit(',').next()).and_then(|a| a.trim().parse().ok()) {
            return ip;
        }
    }
    peer.ip()
}

/// `/healthz`: alive, with the pages waiting and being made and the games
/// open, as one line of JSON.
async fn healthz(Extract(shared): Extract<Arc<ServerShared>>) -> Response {
    let (queued, busy) = shared.pages.load();
    let body = serde_json::json!({
        "status": "ok",
        "page_queue": queued,
        "page_workers_busy": busy,
        "games_open": shared.metrics.games_open.get(),
    });
    let headers = [(header::CONTENT_TYPE, "application/json"), (header::CACHE_CONTROL, "no-store")];
    (headers, format!("{body}\n")).into_response()
}

/// `/metrics`: the counters in the Prometheus text format (OpenMetrics).
async fn metrics(Extract(shared): Extract<Arc<ServerShared>>) -> Response {
    let headers = [
        (header::CONTENT_TYPE, "application/openmetrics-text; version=1.0.0; charset=utf-8"),
        (header::CACHE_CONTROL, "no-store"),
    ];
    (headers, shared.metrics.render()).into_response()
}

async fn run(listener: TcpListener, config: ServerConfig, stopped: watch::Receiver<bool>) -> Result<(), ServeError> {
    let max_games = config.max_games;
    let searches = Arc::new(Searches::new(config.tables.clone(), config.optimal_threads));
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new()).max_buf_size(HEAD_LIMIT);
    let metrics = Arc::new(Metrics::new());
    let pages = Arc::new(Pages::new(config.page_limits(), config.tables.clone(), metrics.clone(), config.log.clone())?);
    let header_timeout = config.header_timeout;
    let shared = Arc::new(ServerShared {
        config,
        games: AtomicU64::new(0),
        slots: Arc::new(Semaphore::new(max_games)),
        stopped: stopped.clone(),
        started: Instant::now(),
        searches,
        pages: pages.clone(),
        metrics,
    });
    let app = router(shared.clone());
    let long_lines = Arc::new(Semaphore::new(head::LONG_LINES));
    // Small messages one after another (a watched solve): send each at once.
    // axum's listener retries failed accepts (out of file descriptors) after
    // a pause instead of ending the server.
    let mut listener = listener.tap_io(|tcp| {
        let _ = tcp.set_nodelay(true);
    });
    let mut stop = stopped.clone();
    loop {
        let (tcp, peer) = tokio::select! {
            () = until_stopped(&mut stop) => break,
            accepted = listener.accept() => accepted,
        };
        let connection = Connection { app: app.clone(), http: http.clone(), header_timeout, peer };
        tokio::spawn(connection.serve(tcp, long_lines.clone(), stopped.clone()));
    }
    // Every page's work stops; every game holds a permit until it has sent
    // its close frame and logged.
    let _ = tokio::task::spawn_blocking(move || pages.shut_down(Duration::from_secs(2))).await;
    let all = u32::try_from(max_games).unwrap_or(u32::MAX);
    let _ = timeout(Duration::from_secs(5), shared.slots.acquire_many(all)).await;
    Ok(())
}

/// One connection: its request line read (`head.rs`), then hyper's.
struct Connection {
    app: Router,
    http: http1::Builder,
    header_timeout: Duration,
    peer: SocketAddr,
}

impl Connection {
    async fn serve(self, tcp: tokio::net::TcpStream, long_lines: Arc<Semaphore>, mut stop: watch::Receiver<bool>) {
        let Connection { app, mut http, header_timeout, peer } = self;
        let began = Instant::now();
        let (opened, dropped) = tokio::select! {
            opened = head::open(tcp, header_timeout, &long_lines) => opened,
            () = until_stopped(&mut stop) => return,
        };
        match dropped {
            Some(Dropped::Silent) => return,
            Some(Dropped::Answered(status, reason)) => return head::answer(opened.io, status, reason).await,
            None => {}
        }
        let long = opened.query;
        let service = app.map_request(move |mut request: hyper::Request<Incoming>| {
            request.extensions_mut().insert(ConnectInfo(peer));
            if let Some(long) = &long {
                request.extensions_mut().insert(long.clone());
            }
            request
        });
        // The head's time counts from the connection's start.
        http.header_read_timeout(header_timeout.saturating_sub(began.elapsed()).max(Duration::from_millis(1)));
        let connection =
            http.serve_connection(TokioIo::new(opened.io), TowerToHyperService::new(service)).with_upgrades();
        let mut connection = std::pin::pin!(connection);
        tokio::select! {
            _ = connection.as_mut() => return,
            () = until_stopped(&mut stop) => connection.as_mut().graceful_shutdown(),
        }
        let _ = connection.await;
    }
}

/// Returns once the server is stopping (or its stop switch is gone).
async fn until_stopped(stopped: &mut watch::Receiver<bool>) {
    let _ = stopped.wait_for(|&s| s).await;
}

async fn connect(
    upgrade: WebSocketUpgrade,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Extract(shared): Extract<Arc<ServerShared>>,
) -> Response {
    let upgrade = upgrade
        .max_message_size(FRAME_LIMIT)
        .max_frame_size(FRAME_LIMIT)
        // Small buffers: a thousand open games must fit in a few megabytes.
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0);
    match shared.slots.clone().try_acquire_owned() {
        Ok(permit) => upgrade.on_upgrade(move |socket| async move {
            shared.metrics.games_open.inc();
            play(socket, peer, &shared).await;
            shared.metrics.games_open.dec();
            drop(permit);
        }),
        Err(_) => upgrade.on_upgrade(move |mut socket| async move {
            let max = shared.config.max_games;
            (shared.config.log)(&format!("refused {peer}: {max} games are open"));
            let why = format!("server full: {max} games are open; try again later");
            let _ = close(&mut socket, close_code::AGAIN, &why).await;
        }),
    }
}

/// How a game ended.
enum End {
    Closed,
    Idle,
    Stopped,
    Broken(String),
}

/// One game, from the first state to the log line.
async fn play(mut socket: WebSocket, peer: SocketAddr, shared: &ServerShared) {
    let config = &shared.config;
    let number = shared.games.fetch_add(1, Ordering::Relaxed);
    let began = Instant::now();
    let board = match config.board(number) {
        Ok(board) => board,
        Err(e) => {
            (config.log)(&format!("game {} from {peer}: {e}", number + 1));
            let _ = close(&mut socket, close_code::ERROR, "the server cannot deal this board").await;
            return;
        }
    };
    let mut game = Session::new(board);
    let end = converse(&mut socket, &mut game, shared).await;
    let outcome = if game.is_complete() {
        "complete".to_string()
    } else {
        match end {
            End::Closed => "dropped (closed by the client)".to_string(),
            End::Idle => format!("dropped (idle for {} s)", config.idle_timeout.as_secs_f64()),
            End::Stopped => "dropped (server stopping)".to_string(),
            End::Broken(why) => format!("dropped ({why})"),
        }
    };
    (config.log)(&format!(
        "game {} from {peer}: {}×{} board, started at +{:.1} s, {} moves in {:.1} s, {outcome}",
        number + 1,
        config.rows,
        config.cols,
        (began - shared.started).as_secs_f64(),
        game.score(),
        began.elapsed().as_secs_f64(),
    ));
}

/// The message loop: replies, watched moves, optimal distances, the idle
/// clock and the stop signal.
async fn converse(socket: &mut WebSocket, game: &mut Session, shared: &ServerShared) -> End {
    let idle = shared.config.idle_timeout;
    let mut stopped = shared.stopped.clone();
    let mut oracle: Option<GameOracle> = None;
    if let Err(end) = send(socket, &game.state(), idle).await {
        return end;
    }
    let mut idle_at = Instant::now() + idle;
    let mut tick_at: Option<Instant> = None;
    loop {
        tokio::select! {
            biased;
            () = until_stopped(&mut stopped) => {
                let _ = close(socket, close_code::AWAY, "server stopping").await;
                return End::Stopped;
            }
            message = socket.recv() => {
                let request = match message {
                    None | Some(Ok(Message::Close(_))) => return End::Closed,
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    Some(Ok(Message::Text(text))) if text.len() > MESSAGE_LIMIT => {
                        Err(BadRequest::TooLarge { len: text.len(), max: MESSAGE_LIMIT })
                    }
                    Some(Ok(Message::Text(text))) => Request::parse(text.as_str()),
                    Some(Ok(Message::Binary(_))) => Err(BadRequest::Binary),
                    Some(Err(e)) => return refuse_broken(socket, e).await,
                };
                let was_watching = game.watch_delay_ms().map(Duration::from_millis);
                let optimal_asked = match &request {
                    Ok(Request::Optimal(wanted)) => Some(*wanted),
                    _ => None,
                };
                let reply = game.handle(request);
                if let Err(end) = send(socket, &reply, idle).await {
                    return end;
                }
                if let Some(wanted) = optimal_asked {
                    // Made once, at the first request, and kept: at most one
                    // search per game however often the client toggles.
                    oracle.get_or_insert_with(|| GameOracle::new(shared.searches.clone())).ask(wanted);
                }
                if let Err(end) = send_optimal(socket, &mut oracle, game, idle).await {
                    return end;
                }
                let now = Instant::now();
                idle_at = now + idle;
                if game.watch_delay_ms().map(Duration::from_millis) != was_watching {
                    tick_at = game.watch_delay_ms().map(Duration::from_millis).map(|d| now + d);
                }
            }
            _ = sleep_until(tick_at.unwrap_or(idle_at)), if tick_at.is_some() => {
                if let Some(state) = game.advance_watch() {
                    if let Err(end) = send(socket, &state, idle).await {
                        return end;
                    }
                    if let Err(end) = send_optimal(socket, &mut oracle, game, idle).await {
                        return end;
                    }
                }
                let now = Instant::now();
                idle_at = now + idle;
                tick_at = game.watch_delay_ms().map(Duration::from_millis).map(|d| now + d);
            }
            finished = searched(&mut oracle) => {
                let answer = oracle.as_mut().and_then(|o| o.settle(finished, game.board(), game.score()));
                if let Some(answer) = answer
                    && let Err(end) = send_text(socket, answer.to_json(), idle).await {
                        return end;
                    }
            }
            _ = sleep_until(idle_at) => {
                let why = format!("idle for {} s", idle.as_secs_f64());
                let _ = close(socket, close_code::AWAY, &why).await;
                return End::Idle;
            }
        }
    }
}

/// A frame that could not be read: too big (close 1009), not UTF-8 (1007),
/// or a broken connection.
async fn refuse_broken(socket: &mut WebSocket, error: axum::Error) -> End {
    let error = error.into_inner();
    let (code, why) = match error.downcast_ref::<tungstenite::Error>() {
        Some(tungstenite::Error::Capacity(_)) => {
            (close_code::SIZE, format!("message over the {FRAME_LIMIT}-byte limit"))
        }
        Some(tungstenite::Error::Utf8(_)) => (close_code::INVALID, "text frame is not UTF-8".to_string()),
        Some(tungstenite::Error::Protocol(tungstenite::error::ProtocolError::ResetWithoutClosingHandshake)) => {
            return End::Broken("connection reset by the client".into());
        }
        Some(tungstenite::Error::Protocol(e)) => (close_code::PROTOCOL, format!("protocol error: {e}")),
        _ => return End::Broken(format!("connection error: {error}")),
    };
    let _ = close(socket, code, &why).await;
    End::Broken(why)
}

/// After a state: the optimal distance of the game's position, when the
/// client asked and it is known (else its search starts).
async fn send_optimal(
    socket: &mut WebSocket,
    oracle: &mut Option<GameOracle>,
    game: &Session,
    wait: Duration,
) -> Result<(), End> {
    match oracle.as_mut().and_then(|o| o.observe(game.board(), game.score())) {
        Some(answer) => send_text(socket, answer.to_json(), wait).await,
        None => Ok(()),
    }
}

/// The end of the game's optimal search; never, while there is none.
async fn searched(oracle: &mut Option<GameOracle>) -> super::optimal::Finished {
    match oracle {
        Some(oracle) => oracle.finished().await,
        None => std::future::pending().await,
    }
}

async fn send(socket: &mut WebSocket, state: &State, wait: Duration) -> Result<(), End> {
    send_text(socket, state.to_json(), wait).await
}

async fn send_text(socket: &mut WebSocket, text: String, wait: Duration) -> Result<(), End> {
    match timeout(wait, socket.send(Message::Text(text.into()))).await {
        Ok(Ok(())) => Ok(()),
        Ok(Err(e)) => Err(End::Broken(format!("connection error: {e}"))),
        Err(_) => Err(End::Broken("client stopped reading".into())),
    }
}

async fn close(socket: &mut WebSocket, code: u16, reason: &str) -> Result<(), axum::Error> {
    let frame = CloseFrame { code, reason: reason.into() };
    match timeout(Duration::from_secs(2), socket.send(Message::Close(Some(frame)))).await {
        Ok(result) => result,
        Err(_) => Ok(()),
    }
}

#[cfg(test)]
mod examples {
    // What were examples in the docs of items only the crate uses.

    #[test]
    fn game_seed() {
        use crate::server::game_seed;
        assert_eq!(game_seed(7, 3), game_seed(7, 3));
        assert_ne!(game_seed(7, 3), game_seed(7, 4));
    }
}
