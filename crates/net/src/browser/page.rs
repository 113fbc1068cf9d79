//! One headless Chromium window driven through chromedriver (WebDriver)
//! by the fantoccini client: the browser tests' page, and the frame-rate
//! benchmark's (`benches/page_frames.rs` includes this file).

// fantoccini's `CmdError` is large; these helpers only hand it on to the
// caller that fails with it, so its size costs nothing worth boxing.
#![allow(clippy::result_large_err)]

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::error::CmdError;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::json;

#[path = "skip.rs"]
mod skip;
pub(crate) use skip::skip_without;

/// The first of `names` on PATH, or the path in `variable` when it is set.
pub(crate) fn program(variable: &str, names: &[&str]) -> Option<PathBuf> {
    if let Some(path) = std::env::var_os(variable) {
        return Some(PathBuf::from(path));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).find_map(|dir| names.iter().map(|name| dir.join(name)).find(|exe| exe.is_file()))
}

/// A port on loopback that was free a moment ago, for chromedriver.
pub(crate) fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// One headless Chromium window, through chromedriver; both end on drop.
pub(crate) struct Page {
    runtime: tokio::runtime::Runtime,
    client: Option<Client>,
    driver: Child,
}

impl Page {
    /// Starts chromedriver and a browser, or returns `None` (the test is
    /// skipped) when either is not installed.
    pub(crate) fn open() -> Option<Page> {
        let chromium = program("FIFTEEN_CHROMIUM", &["chromium", "chromium-browser", "google-chrome"]);
        let chromedriver = program("FIFTEEN_CHROMEDRIVER", &["chromedriver"]);
        let (Some(chromium), Some(chromedriver)) = (chromium, chromedriver) else {
            skip_without(
                "FIFTEEN_BROWSER_TEST",
                "no chromium or no chromedriver on PATH (apt-get install chromium chromium-driver)",
            );
            return None;
        };
        let port = free_port();
        let driver = Command::new(&chromedriver)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("{}: {e}", chromedriver.display()));
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        let mut page = Page { runtime, client: None, driver };
        let options = json!({
            "binary": chromium,
            "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--no-first-run"],
        });
        let mut capabilities = serde_json::Map::new();
        capabilities.insert("goog:chromeOptions".into(), options);
        let url = format!("http://127.0.0.1:{port}");
        let until = Instant::now() + Duration::from_secs(30);
        let client = page.runtime.block_on(async {
            loop {
                // chromedriver takes a moment to listen.
                let connector = hyper_util::client::legacy::connect::HttpConnector::new();
                match ClientBuilder::new(connector).capabilities(capabilities.clone()).connect(&url).await {
                    Ok(client) => return client,
                    Err(e) if Instant::now() > until => panic!("no browser session from chromedriver: {e}"),
                    Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
                }
            }
        });
        page.client = Some(client);
        page.fit_viewport(560, 760);
        Some(page)
    }

    /// Sizes the window so the page itself gets `width`×`height` pixels (the
    /// screenshots' size), whatever the browser's frame takes.
    pub(crate) fn fit_viewport(&self, width: u32, height: u32) {
        let script = "return [window.outerWidth - window.innerWidth, window.outerHeight - window.innerHeight]";
        let frame = self.runtime.block_on(self.client().execute(script, vec![])).unwrap();
        let extra = |i: usize| frame[i].as_u64().and_then(|v| u32::try_from(v).ok()).unwrap_or(0);
        self.runtime.block_on(self.client().set_window_size(width + extra(0), height + extra(1))).unwrap();
    }

    pub(crate) fn client(&self) -> &Client {
        self.client.as_ref().expect("an open session")
    }

    pub(crate) fn visit(&self, url: &str) {
        self.runtime.block_on(self.client().goto(url)).unwrap();
    }

    /// The text the page shows in the element with this id ("" when hidden).
    pub(crate) fn text(&self, id: &str) -> String {
        self.try_text(id).unwrap_or_else(|e| panic!("#{id}: {e}"))
    }

    pub(crate) fn try_text(&self, id: &str) -> Result<String, CmdError> {
        self.runtime.block_on(async { self.client().find(Locator::Id(id)).await?.text().await })
    }

    /// Whether the element with this id is on screen.
    pub(crate) fn shows(&self, id: &str) -> bool {
        self.runtime
            .block_on(async { self.client().find(Locator::Id(id)).await?.is_displayed().await })
            .unwrap_or_else(|e| panic!("#{id}: {e}"))
    }

    /// An attribute of the element with this id.
    pub(crate) fn attribute(&self, id: &str, name: &str) -> Option<String> {
        self.runtime
            .block_on(async { self.client().find(Locator::Id(id)).await?.attr(name).await })
            .unwrap_or_else(|e| panic!("#{id}: {e}"))
    }

    /// The game page's board as last drawn: each cell's tile in reading
    /// order, 0 for the gap (empty before the first state is drawn).
    pub(crate) fn tiles(&self) -> Result<Vec<u32>, CmdError> {
        let script = "return window.fifteen && window.fifteen.shown ? window.fifteen.shown() : null;";
        let shown = self.runtime.block_on(self.client().execute(script, vec![]))?;
        Ok(serde_json::from_value(shown).unwrap_or_default())
    }

    pub(crate) fn click(&self, id: &str) {
        self.runtime
            .block_on(async { self.client().find(Locator::Id(id)).await?.click().await })
            .unwrap_or_else(|e| panic!("clicking #{id}: {e}"));
    }

    /// Follows the first link inside the element with this id.
    pub(crate) fn click_link_in(&self, id: &str) {
        self.runtime
            .block_on(async { self.client().find(Locator::Id(id)).await?.find(Locator::Css("a")).await?.click().await })
            .unwrap_or_else(|e| panic!("the link in #{id}: {e}"));
    }

    /// Picks the option with this value in the drop-down with this id.
    pub(crate) fn choose(&self, id: &str, value: &str) {
        self.runtime
            .block_on(async { self.client().find(Locator::Id(id)).await?.select_by_value(value).await })
            .unwrap_or_else(|e| panic!("choosing {value} in #{id}: {e}"));
    }

    /// Presses and releases one key, wherever the page has its focus.
    pub(crate) fn press(&self, key: impl Into<char>) {
        let key = key.into();
        let actions =
            KeyActions::new("keyboard".into()).then(KeyAction::Down { value: key }).then(KeyAction::Up { value: key });
        self.runtime.block_on(self.client().perform_actions(actions)).unwrap();
    }

    /// Polls `look` until it sees what it waits for (`Some`), or fails naming
    /// `what` after `secs`; an error (the page redrawing meanwhile) is a miss.
    pub(crate) fn wait_for<T>(
        &self,
        what: &str,
        secs: u64,
        mut look: impl FnMut(&Page) -> Result<Option<T>, CmdError>,
    ) -> T {
        let until = Instant::now() + Duration::from_secs(secs);
        loop {
            let last = match look(self) {
                Ok(Some(seen)) => return seen,
                Ok(None) => "not yet".to_string(),
                Err(e) => e.to_string(),
            };
            assert!(Instant::now() < until, "timed out after {secs} s waiting for {what} ({last})");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Waits until the board shown is `cells`.
    pub(crate) fn wait_for_tiles(&self, cells: &[u32], secs: u64) {
        self.wait_for(&format!("the board {cells:?}"), secs, |page| Ok((page.tiles()? == cells).then_some(())));
    }

    /// Waits until the element with this id shows text that `done` accepts.
    pub(crate) fn wait_for_text(&self, id: &str, secs: u64, done: impl Fn(&str) -> bool) -> String {
        self.wait_for(&format!("#{id}"), secs, |page| {
            let text = page.try_text(id)?;
            Ok(done(&text).then_some(text))
        })
    }

    pub(crate) fn screenshot(&self, path: &Path) {
        let png = self.runtime.block_on(self.client().screenshot()).unwrap();
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).unwrap_or_else(|e| panic!("cannot make {}: {e}", dir.display()));
        }
        std::fs::write(path, png).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
    }
}

/// The directory an environment variable names (`FIFTEEN_SITE_DIR`,
/// `FIFTEEN_SCREENSHOT_DIR`), a relative one taken from the workspace's
/// root: the documented commands are typed there, while Cargo runs this
/// crate's tests and benchmarks in `crates/net`.
pub(crate) fn workspace_dir(var: &str) -> Option<PathBuf> {
    let dir = PathBuf::from(std::env::var_os(var)?);
    Some(if dir.is_relative() { Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join(dir) } else { dir })
}

impl Drop for Page {
    fn drop(&mut self) {
        if let Some(client) = self.client.take() {
            let _ =
                self.runtime.block_on(async { tokio::time::timeout(Duration::from_secs(10), client.close()).await });
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

impl Page {
    /// Runs `script` in the page and returns what it returns.
    pub(crate) fn js(&self, script: &str) -> serde_json::Value {
        self.runtime.block_on(self.client().execute(script, vec![])).unwrap_or_else(|e| panic!("{script}: {e}"))
    }

    /// The viewer's state as its root element says (`data-*`), with what
    /// went wrong on the page (`errors`: uncaught errors, refused scripts).
    pub(crate) fn viewer(&self) -> serde_json::Value {
        self.js("const v = document.getElementById('viewer'); \
             return Object.assign({}, v ? v.dataset : {}, {errors: document.documentElement.dataset.errors || '', \
             shown: (document.getElementById('error') || {}).textContent || ''});")
    }

    /// The viewer's state `key` once it is not empty.
    pub(crate) fn wait_for_text_in_state(&self, key: &str, secs: u64) -> String {
        self.wait_for(key, secs, |page| {
            let text = page.viewer()[key].as_str().unwrap_or("").to_string();
            Ok((!text.is_empty()).then_some(text))
        })
    }

    /// Waits until the viewer has read its data (or said why not): a
    /// saved 60×60 reads in about 3 s alone, and can take several times
    /// that beside the other browser tests and the server's flood tests on
    /// two cores, so the wait is long (what it checks is that the viewer
    /// comes up, not how fast).
    pub(crate) fn wait_for_viewer(&self) -> serde_json::Value {
        self.wait_for("the viewer", 60, |page| {
            let state = page.viewer();
            Ok((state["ready"] == "true" || !state["shown"].as_str().unwrap_or("").is_empty()).then_some(state))
        })
    }

    /// Pixels of the board's canvas within `tolerance` of each colour.
    pub(crate) fn canvas_pixels(&self, colours: &[[u8; 3]], tolerance: i32) -> Vec<u64> {
        let script = format!(
            "const c = document.getElementById('board'); const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; \
             const want = {colours:?}; const n = want.map(() => 0); \
             for (let i = 0; i < d.length; i += 4) want.forEach((w, k) => {{ \
               if (Math.abs(d[i] - w[0]) <= {tolerance} && Math.abs(d[i + 1] - w[1]) <= {tolerance} && Math.abs(d[i + 2] - w[2]) <= {tolerance}) n[k]++; }}); \
             return n;"
        );
        serde_json::from_value(self.js(&script)).unwrap()
    }
}
