//! The viewer's pages as the server makes them: every page's work bounded,
//! work nobody waits for stopped, and a page made once.
//!
//! - **Its own workers.** Pages are made on the page pool (`pool.rs`): a
//!   fixed number of threads and a short queue; past it a page is refused
//!   at once with 503 and `Retry-After`. Small pages (made in well under a
//!   second: [`PageKey::is_small`]) and the reading of replay links (each
//!   bounded by the link limits, a bomb refused in a fraction of a second)
//!   have a worker of their own, so a crowd of big pages never keeps them
//!   waiting. Games never wait for pages.
//! - **A deadline a page.** Each page's work runs under its own
//!   [`Deadline`]: the server's (stopped when the server stops) with a stop
//!   flag of its own and `page_seconds` of time from when a worker starts
//!   it. The flag is tripped when the request's future is dropped, which
//!   hyper does when the client hangs up; the planner, the coach and the
//!   searches all honour it within milliseconds. A page out of time is
//!   answered 504 and the reason, never half made.
//! - **Made once.** `/watch` and `/solve` pages depend only on their query,
//!   a replay's page only on the link's first solve and its sharper par on
//!   that solve's scramble and moves ([`PageKey`]), so a made page is kept
//!   (`cache.rs`) and one being made is shared: a hundred visitors of the
//!   same link cost one solve. Its work stops only when every visitor
//!   waiting for it has gone.
//! - **A few at a time per client.** At most `per_client` page requests of
//!   one address are in flight; more are answered 429.
//! - **One log line a page**: the path (without a link's payload), the
//!   status, the time and the bytes.

pub(crate) mod cache;
pub(crate) mod pool;

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Bytes;
use axum::http::{StatusCode, Uri};
use axum::response::Response;
use futures_util::FutureExt;
use futures_util::future::{BoxFuture, Shared, WeakShared};
use tokio::sync::oneshot;
use tokio::time::Instant;

use fifteen_core::Deadline;
use fifteen_core::slidysim::Solve;
use fifteen_core::tables::Tables;
use fifteen_view::web;

use super::head::LongQuery;
use super::metrics::{LogSink, Metrics};
use super::viewer::{self, KeyedPage, PageKey, Refused};
use cache::PageCache;
use pool::{Busy, PagePool};

/// A made page: its HTML, or for a sharper par its JSON.
pub(crate) struct MadePage {
    body: Bytes,
    json: bool,
    /// Whether the cache keeps it: not a replay page the coach was left
    /// out of (it may have run out of its share of the time, and a quieter
    /// moment may coach it).
    keep: bool,
}

/// A page, or why there is none.
type Made = Result<Arc<MadePage>, Refused>;

/// A page being made, shared by everyone who asked for it.
type Making = BoxFuture<'static, Made>;

/// Which page a request asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PageKind {
    Replay,
    /// `/replay?r=…&coach=sharper`: the replay page's coaching at the
    /// sharper par its data names, as JSON, for the page once it is shown.
    Sharper,
    Watch,
    Solve,
}

/// The query parameter that asks `/replay` for its sharper par.
pub(crate) const SHARPER_PARAMETER: &str = "coach=sharper";

impl PageKind {
    /// `/replay`'s kind for `query`: the page, or its sharper par.
    pub(crate) fn of_replay(query: Option<&str>) -> PageKind {
        let sharper = query.is_some_and(|q| q.split('&').any(|p| p == SHARPER_PARAMETER));
        if sharper { PageKind::Sharper } else { PageKind::Replay }
    }

    fn path(self) -> &'static str {
        match self {
            PageKind::Replay | PageKind::Sharper => "/replay",
            PageKind::Watch => "/watch",
            PageKind::Solve => "/solve",
        }
    }
}

/// How the pages guard the server (from `ServerConfig`).
#[derive(Clone, Debug)]
pub(crate) struct PageLimits {
    pub(crate) workers: usize,
    pub(crate) queue: usize,
    pub(crate) seconds: f64,
    pub(crate) per_client: usize,
    pub(crate) cache_pages: usize,
    pub(crate) cache_bytes: usize,
    pub(crate) max_cells: usize,
    /// Seconds a replay's sharper par may take (on a worker of its own).
    pub(crate) sharper_seconds: f64,
}

/// Everything the pages share.
pub(crate) struct Pages {
    limits: PageLimits,
    pool: PagePool,
    /// The small pages' worker.
    small_pool: PagePool,
    /// The sharper pars' worker: one, so that however many are asked for,
    /// they never take the pages' workers.
    sharper_pool: PagePool,
    cache: Mutex<PageCache<PageKey, MadePage>>,
    making: Mutex<HashMap<PageKey, WeakShared<Making>>>,
    /// Page requests in flight, by client address.
    clients: Mutex<HashMap<IpAddr, usize>>,
    /// Every page's deadline is a part of this one: stopped, the server is
    /// stopping.
    root: Deadline,
    coach_tables: Arc<dyn Tables>,
    metrics: Arc<Metrics>,
    log: LogSink,
}

/// Sharper pars that may wait for their worker; more are refused with 503
/// (the page keeps its first par and says why).
const SHARPER_QUEUE: usize = 2;

/// How a page request was answered, for its log line.
#[derive(Clone, Copy)]
enum Source {
    Made,
    Cached,
    Joined,
    Refused,
}

impl Pages {
    pub(crate) fn new(
        limits: PageLimits,
        coach_tables: Arc<dyn Tables>,
        metrics: Arc<Metrics>,
        log: LogSink,
    ) -> std::io::Result<Pages> {
        let pool = PagePool::new(limits.workers, limits.queue, limits.seconds, metrics.pool.clone())?;
        let small_pool = PagePool::new(1, limits.queue, limits.seconds, metrics.pool.clone())?;
        let sharper_pool = PagePool::new(1, SHARPER_QUEUE, limits.sharper_seconds, metrics.pool.clone())?;
        let started = std::time::Instant::now();
        Ok(Pages {
            cache: Mutex::new(PageCache::new(limits.cache_pages, limits.cache_bytes)),
            making: Mutex::new(HashMap::new()),
            clients: Mutex::new(HashMap::new()),
            root: Deadline::stoppable().with_clock(move || started.elapsed().as_secs_f64()),
            limits,
            pool,
            small_pool,
            sharper_pool,
            coach_tables,
            metrics,
            log,
        })
    }

    /// Stops every page's work and the workers (waiting up to `wait`).
    pub(crate) fn shut_down(&self, wait: Duration) {
        self.root.stop();
        self.pool.shut_down(wait);
        self.small_pool.shut_down(wait);
        self.sharper_pool.shut_down(wait);
    }

    /// Pages waiting for a worker, and workers busy.
    pub(crate) fn load(&self) -> (i64, i64) {
        (self.metrics.pool.queued.get(), self.metrics.pool.busy.get())
    }

    /// Answers a page request from `client`.
    pub(crate) async fn serve(
        self: &Arc<Self>,
        kind: PageKind,
        uri: Uri,
        long: Option<LongQuery>,
        client: IpAddr,
    ) -> Response {
        let mut note = Noted {
            pages: self.clone(),
            kind,
            uri: uri.clone(),
            long: long.clone(),
            client,
            began: Instant::now(),
            done: false,
        };
        let (made, source) = match self.client_turn(client) {
            None => {
                let reason = format!(
                    "too many pages asked for at once from {client}: at most {} at a time",
                    self.limits.per_client
                );
                (Err(Refused { status: StatusCode::TOO_MANY_REQUESTS, reason }), Source::Refused)
            }
            Some(_turn) => self.answer(kind, &uri, long).await,
        };
        let response = match (&made, kind) {
            (Ok(page), _) if page.json => viewer::json_response(page.body.clone()),
            (Ok(page), _) => viewer::page_response(page.body.clone()),
            (Err(refused), PageKind::Sharper) => viewer::refused_json(refused, self.retry_after()),
            (Err(refused), _) => viewer::refused_response(refused, self.retry_after()),
        };
        note.done(response.status(), made.as_ref().map_or(0, |p| p.body.len()), source);
        response
    }

    /// The seconds a refused client is told to wait.
    fn retry_after(&self) -> u64 {
        self.limits.seconds.ceil().max(1.0) as u64
    }

    async fn answer(self: &Arc<Self>, kind: PageKind, uri: &Uri, long: Option<LongQuery>) -> (Made, Source) {
        let max_cells = self.limits.max_cells;
        let key = match kind {
            PageKind::Replay => self.read_link(uri, long).await.map(|solve| PageKey::Replay { solve: Arc::new(solve) }),
            PageKind::Sharper => self.read_link(uri, long).await.map(PageKey::sharper),
            PageKind::Watch => viewer::watch_key(uri, max_cells),
            PageKind::Solve => viewer::solve_key(uri, max_cells),
        };
        let key = match key {
            Ok(key) => key,
            Err(refused) => return (Err(refused), Source::Refused),
        };
        if let Some(page) = self.cache.lock().unwrap_or_else(|p| p.into_inner()).get(&key) {
            self.metrics.cache_hits.inc();
            return (Ok(page), Source::Cached);
        }
        let (making, joined) = self.making(key);
        if joined {
            self.metrics.cache_hits.inc();
        } else {
            self.metrics.cache_misses.inc();
        }
        (making.await, if joined { Source::Joined } else { Source::Made })
    }

    /// A replay's solve, read on the small pages' worker: a link is
    /// refused for its size in a fraction of a second, however busy the
    /// other workers are; its page and its sharper par are made on theirs
    /// (see [`Pages::making`]).
    async fn read_link(self: &Arc<Self>, uri: &Uri, long: Option<LongQuery>) -> Result<Solve, Refused> {
        let query: Option<Arc<str>> = long.map(|q| q.0).or_else(|| uri.query().map(Arc::from));
        let max_cells = self.limits.max_cells;
        let read = move |_: &Deadline| viewer::read_link(query.as_deref(), max_cells);
        self.run(&self.small_pool, self.root.with_own_stop(), read).await
    }

    /// The page of `key` being made, joined (true) or started (false).
    fn making(self: &Arc<Self>, key: PageKey) -> (Shared<Making>, bool) {
        let mut making = self.making.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(shared) = making.get(&key).and_then(WeakShared::upgrade) {
            return (shared, true);
        }
        let pages = self.clone();
        let kept = key.clone();
        let future: Making = async move {
            let job = kept.clone();
            let pool = match &kept {
                PageKey::Sharper { .. } => &pages.sharper_pool,
                small if small.is_small() => &pages.small_pool,
                _ => &pages.pool,
            };
            let (seconds, tables) = (pool.seconds(), pages.coach_tables.clone());
            let make = move |deadline: &Deadline| job.make(&*tables, deadline, seconds).map(made_page);
            let made = pages.run(pool, pages.root.with_own_stop(), make).await;
            if let Some(page) = made.as_ref().ok().filter(|page| page.keep) {
                let mut cache = pages.cache.lock().unwrap_or_else(|p| p.into_inner());
                cache.insert(kept.clone(), page.clone(), page.body.len() + kept.bytes());
                let (count, bytes) = cache.size();
                pages.metrics.cache_pages.set(count as i64);
                pages.metrics.cache_bytes.set(bytes as i64);
            }
            pages.making.lock().unwrap_or_else(|p| p.into_inner()).remove(&kept);
            made
        }
        .boxed();
        let shared = future.shared();
        // Pages whose every visitor left are forgotten here.
        making.retain(|_, weak| weak.upgrade().is_some());
        if let Some(weak) = shared.downgrade() {
            making.insert(key, weak);
        }
        (shared, false)
    }

    /// Does `make` on `pool` under `deadline`, stopping it if this future
    /// is dropped first (nobody waits for it any more).
    async fn run<T: Send + 'static>(
        &self,
        pool: &PagePool,
        deadline: Deadline,
        make: impl FnOnce(&Deadline) -> Result<T, Refused> + Send + 'static,
    ) -> Result<T, Refused> {
        let mut stop = StopOnDrop(Some(deadline.clone()));
        let (answer, answered) = oneshot::channel::<Result<T, Refused>>();
        let seconds = pool.seconds();
        let work = Box::new(move |deadline: Option<&Deadline>| {
            let made = match deadline {
                Some(deadline) => make(deadline),
                None => Err(Refused {
                    status: StatusCode::SERVICE_UNAVAILABLE,
                    reason: format!("the server is busy: no page worker was free within {seconds} s"),
                }),
            };
            let _ = answer.send(made);
        });
        let busy = |reason: &str| Refused { status: StatusCode::SERVICE_UNAVAILABLE, reason: reason.into() };
        match pool.submit(deadline.clone(), work) {
            Ok(()) => {}
            Err(Busy::Full) => return Err(busy("the server is busy making other pages: try again in a few seconds")),
            Err(Busy::Closed) => return Err(busy("the server is stopping")),
        }
        // The work keeps its own time; this is for work that does not
        // (queued, then its full time, and a second more).
        let most = Duration::from_secs_f64(2.0 * seconds + 1.0);
        let answer = tokio::time::timeout(most, answered).await;
        // Answered (or given up on): the deadline stays as it is, for what
        // the same page does next.
        stop.0 = None;
        match answer {
            Ok(Ok(made)) => made,
            Ok(Err(_)) if deadline.is_stopped() => Err(busy("the server is stopping")),
            Ok(Err(_)) => {
                Err(Refused { status: StatusCode::INTERNAL_SERVER_ERROR, reason: "the page could not be made".into() })
            }
            Err(_) => Err(viewer::stopped(&Deadline::NONE, seconds, "this page")),
        }
    }

    /// A turn for one more page request of `client`, if it has one left.
    fn client_turn(self: &Arc<Self>, client: IpAddr) -> Option<ClientTurn> {
        let mut clients = self.clients.lock().unwrap_or_else(|p| p.into_inner());
        let count = clients.entry(client).or_insert(0);
        if *count >= self.limits.per_client {
            return None;
        }
        *count += 1;
        Some(ClientTurn { pages: self.clone(), client })
    }
}

/// A page made on the worker: its HTML, or a sharper par's JSON.
fn made_page(page: KeyedPage) -> Arc<MadePage> {
    match page {
        KeyedPage::Page(data) => {
            let keep = data.coach_note.is_none();
            Arc::new(MadePage { body: web::served_page(&data).into(), json: false, keep })
        }
        KeyedPage::Json(json) => Arc::new(MadePage { body: json.into(), json: true, keep: true }),
    }
}

/// Stops a deadline when dropped before it is taken out: the future
/// waiting for its work is gone.
struct StopOnDrop(Option<Deadline>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        if let Some(deadline) = &self.0 {
            deadline.stop();
        }
    }
}

/// One of a client's page requests in flight.
struct ClientTurn {
    pages: Arc<Pages>,
    client: IpAddr,
}

impl Drop for ClientTurn {
    fn drop(&mut self) {
        let mut clients = self.pages.clients.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(count) = clients.get_mut(&self.client) {
            *count -= 1;
            if *count == 0 {
                clients.remove(&self.client);
            }
        }
    }
}

/// A page request's log line and time, written when it is answered, or
/// when it is dropped unanswered (its client hung up: status 499, as
/// nginx logs it).
struct Noted {
    pages: Arc<Pages>,
    kind: PageKind,
    uri: Uri,
    long: Option<LongQuery>,
    client: IpAddr,
    began: Instant,
    done: bool,
}

impl Noted {
    fn done(&mut self, status: StatusCode, bytes: usize, source: Source) {
        self.done = true;
        self.write(status.as_u16(), bytes, source);
    }

    fn write(&self, status: u16, bytes: usize, source: Source) {
        let seconds = self.began.elapsed().as_secs_f64();
        let path = self.kind.path();
        self.pages.metrics.page_time(path, seconds);
        let how = match (status, source) {
            (499, _) => " (the client left)",
            (_, Source::Cached) => " (cached)",
            (_, Source::Joined) => " (joined one being made)",
            (_, Source::Made | Source::Refused) => "",
        };
        (self.pages.log)(&format!(
            "page {} from {}: {status} in {seconds:.2} s, {bytes} bytes{how}",
            shown_path(self.kind, &self.uri, self.long.as_ref()),
            self.client
        ));
    }
}

impl Drop for Noted {
    fn drop(&mut self) {
        if !self.done {
            self.pages.metrics.request(self.kind.path(), 499);
            self.write(499, 0, Source::Refused);
        }
    }
}

/// The path as logged: a `/watch` query in full (it is short), a link's or
/// a board's only by its length.
fn shown_path(kind: PageKind, uri: &Uri, long: Option<&LongQuery>) -> String {
    let query_len = long.map_or(uri.query().map_or(0, str::len), |q| q.0.len());
    match kind {
        PageKind::Watch if query_len <= 100 => uri.to_string(),
        PageKind::Sharper => format!("/replay?{SHARPER_PARAMETER} (a query of {query_len} bytes)"),
        _ if query_len == 0 => kind.path().to_string(),
        _ => format!("{} (a query of {query_len} bytes)", kind.path()),
    }
}
