//! What a host's monitoring reads (and where the log lines go): `/healthz` (alive, and how busy) and
//! `/metrics` in the Prometheus text format (OpenMetrics), which every
//! request passes through to be counted.
//!
//! - `fifteen_http_requests_total{path,status}`: requests answered, by
//!   route (`other` for any path the server does not serve, so a scan of
//!   random paths cannot grow the list) and status; a page whose client
//!   hung up first counts as status 499.
//! - `fifteen_page_seconds{path}`: how long pages took to answer, from
//!   the request to the answer (a histogram).
//! - `fifteen_page_queue_length`, `fifteen_page_workers_busy`: pages
//!   waiting for a worker, and workers making one.
//! - `fifteen_games_open`: websocket games being played.
//! - `fifteen_page_cache_hits_total`, `fifteen_page_cache_misses_total`,
//!   `fifteen_page_cache_pages`, `fifteen_page_cache_bytes`: pages served
//!   from the cache (or joined while being made), pages made, and what
//!   the cache holds.

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;

use super::pages::pool::PoolGauges;

/// Where a game's or a page's log line goes (stderr for the command; tests
/// collect them).
pub(crate) type LogSink = std::sync::Arc<dyn Fn(&str) + Send + Sync>;

/// The paths the server serves, as they are counted; any other is `other`.
const ROUTES: [&str; 11] = [
    "/",
    "/game.js",
    "/ws",
    "/eight/ws",
    "/viewer.js",
    "/viewer.css",
    "/replay",
    "/watch",
    "/solve",
    "/healthz",
    "/metrics",
];

/// The upper bounds of the page time histogram's buckets, in seconds.
const PAGE_SECONDS: [f64; 10] = [0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0];

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    path: &'static str,
    status: u16,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct PathLabel {
    path: &'static str,
}

/// The server's counters and gauges.
pub(crate) struct Metrics {
    registry: Registry,
    requests: Family<RequestLabels, Counter>,
    page_seconds: Family<PathLabel, Histogram, fn() -> Histogram>,
    pub(crate) pool: PoolGauges,
    pub(crate) games_open: Gauge,
    pub(crate) cache_hits: Counter,
    pub(crate) cache_misses: Counter,
    pub(crate) cache_pages: Gauge,
    pub(crate) cache_bytes: Gauge,
}

impl Metrics {
    pub(crate) fn new() -> Metrics {
        let mut registry = Registry::with_prefix("fifteen");
        let requests = Family::<RequestLabels, Counter>::default();
        registry.register("http_requests", "Requests answered, by route and status", requests.clone());
        let page_seconds: Family<PathLabel, Histogram, fn() -> Histogram> =
            Family::new_with_constructor(|| Histogram::new(PAGE_SECONDS));
        registry.register("page_seconds", "Seconds from a page's request to its answer", page_seconds.clone());
        let pool = PoolGauges::default();
        registry.register("page_queue_length", "Pages waiting for a worker", pool.queued.clone());
        registry.register("page_workers_busy", "Page workers making a page", pool.busy.clone());
        let games_open = Gauge::default();
        registry.register("games_open", "Websocket games being played", games_open.clone());
        let (cache_hits, cache_misses) = (Counter::default(), Counter::default());
        registry.register("page_cache_hits", "Pages served already made, or joined while made", cache_hits.clone());
        registry.register("page_cache_misses", "Pages made for a request", cache_misses.clone());
        let (cache_pages, cache_bytes) = (Gauge::default(), Gauge::default());
        registry.register("page_cache_pages", "Pages the cache holds", cache_pages.clone());
        registry.register("page_cache_bytes", "Bytes of the pages the cache holds", cache_bytes.clone());
        Metrics {
            registry,
            requests,
            page_seconds,
            pool,
            games_open,
            cache_hits,
            cache_misses,
            cache_pages,
            cache_bytes,
        }
    }

    /// Counts a request answered with `status`.
    pub(crate) fn request(&self, path: &str, status: u16) {
        self.requests.get_or_create(&RequestLabels { path: route(path), status }).inc();
    }

    /// Notes how long a page took.
    pub(crate) fn page_time(&self, path: &str, seconds: f64) {
        self.page_seconds.get_or_create(&PathLabel { path: route(path) }).observe(seconds);
    }

    /// The text `/metrics` answers.
    pub(crate) fn render(&self) -> String {
        let mut text = String::new();
        // Writing to a String cannot fail.
        let _ = prometheus_client::encoding::text::encode(&mut text, &self.registry);
        text
    }
}

/// `path` as counted: one of [`ROUTES`], or `other`.
fn route(path: &str) -> &'static str {
    ROUTES.into_iter().find(|r| *r == path).unwrap_or("other")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_are_counted_by_route_and_unknown_paths_as_other() {
        let metrics = Metrics::new();
        metrics.request("/watch", 200);
        metrics.request("/watch", 200);
        metrics.request("/wp-admin/x.php", 404);
        metrics.request("/anything-else", 404);
        metrics.page_time("/watch", 0.3);
        metrics.pool.queued.set(3);
        let text = metrics.render();
        assert!(text.contains("fifteen_http_requests_total{path=\"/watch\",status=\"200\"} 2"), "{text}");
        assert!(text.contains("fifteen_http_requests_total{path=\"other\",status=\"404\"} 2"), "{text}");
        assert!(text.contains("fifteen_page_seconds_bucket{le=\"0.5\",path=\"/watch\"} 1"), "{text}");
        assert!(text.contains("fifteen_page_queue_length 3"), "{text}");
        assert!(text.ends_with("# EOF\n"), "{text}");
    }
}
