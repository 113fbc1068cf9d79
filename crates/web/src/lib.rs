//! # fifteen-web
//!
//! fifteen in the visitor's browser: the core and the viewer's data
//! (`fifteen-view`'s `web`) compiled to WebAssembly, behind one entry,
//! [`Worker::respond`]: a request as JSON text in, its answer as JSON text
//! out. The static site's Web Worker (`assets/web/worker.js`) posts the
//! page's requests to it one at a time and posts the answers back; the
//! pages draw them with the same viewer `fifteen serve` sends.
//!
//! The work is the served pages' own ([`web::solve_page`],
//! [`web::replay_page`], [`web::session_page`]), so a board or a link gives
//! the same solve, par and losses here as in the command and on the
//! server. What the browser brings is its clock and its progress bar
//! ([`Host`]): time comes from the page (`performance.now()`), randomness
//! only from seeds, tables are built in memory or read from bytes the page
//! kept ([`BuiltTables::saved_optimal`]), and everything runs on the
//! worker's one thread. A request is stopped by ending the worker, which
//! the page does when a new one comes.
//!
//! The binding is a handful of plain exports over the module's memory
//! (`src/exports.rs`) and a loader of a few dozen lines in the worker, not
//! wasm-bindgen: every call is one JSON text each way, which the worker's
//! `postMessage` carries as it is, so generated glue would buy nothing, and
//! the build needs only `cargo` and the wasm target, no binding generator
//! whose version must match the crate's.
//!
//! ```
//! use fifteen_web::{Host, Worker};
//!
//! struct Quiet;
//! impl Host for Quiet {
//!     fn now(&self) -> f64 { 0.0 }
//!     fn progress(&self, _: &str, _: usize, _: usize) {}
//! }
//! let worker = Worker::new();
//! let answer = worker.respond(r#"{"op":"scramble","rows":4,"cols":4,"seed":3}"#, &Quiet);
//! let answer: serde_json::Value = serde_json::from_str(&answer).unwrap();
//! assert_eq!(answer["ok"]["cells"].as_array().unwrap().len(), 16);
//! ```
#![forbid(missing_docs)]
#![deny(unsafe_code)]

mod answer;
#[cfg(target_arch = "wasm32")]
mod exports;
mod request;
mod train;

use std::sync::Mutex;

use fifteen_core::tables::BuiltTables;
use fifteen_view::web;
use serde_json::{Value, json};

pub use request::PageRequest;

/// The most cells a board may have here: the viewer's page limit
/// (300×300), whose solve keeps every move, about 75 million of them.
pub const MAX_CELLS: usize = web::MAX_PAGE_CELLS;

/// What the page gives the work: its clock and its progress bar.
pub trait Host: Sync {
    /// Seconds since any point the page likes, never going back.
    fn now(&self) -> f64;
    /// How far the work under way has come: what it is doing, and `done`
    /// of its `of` steps.
    fn progress(&self, doing: &str, done: usize, of: usize);
}

/// One worker's fifteen: the tables it has built or been given, kept for
/// its later requests, the play page's game, and the bytes the last
/// request left for the page.
pub struct Worker {
    tables: BuiltTables,
    game: Mutex<Option<answer::Played>>,
    bytes: Mutex<Vec<u8>>,
}

impl Default for Worker {
    fn default() -> Self {
        Worker::new()
    }
}

impl Worker {
    /// A session with no tables yet: the optimal solver's are built when
    /// first needed (or given, [`PageRequest::Tables`]); the near solver's
    /// never (a 5×5's would take minutes and more memory than a tab has),
    /// so the coach's par on 17 to 49 cells is fifteen's own solve at
    /// `best`, as `fifteen coach --par human` gives it.
    pub fn new() -> Worker {
        Worker { tables: BuiltTables::optimal_only(1), game: Mutex::new(None), bytes: Mutex::new(Vec::new()) }
    }

    /// The answer to `request` (a [`PageRequest`] as JSON): `{"ok": …}` with
    /// what it asked for, or `{"error": "…"}` with one line that says what
    /// is wrong.
    pub fn respond(&self, request: &str, host: &'static dyn Host) -> String {
        let answer = match serde_json::from_str::<PageRequest>(request) {
            Ok(request) => answer::answer(self, request, host),
            Err(e) => Err(format!("not a request: {e}")),
        };
        match answer {
            Ok(value) => json!({ "ok": value }),
            Err(reason) => json!({ "error": reason }),
        }
        .to_string()
    }

    /// Bytes for the page beside the last answer (the tables it asked to
    /// keep), taken: the next call finds none.
    pub fn take_bytes(&self) -> Vec<u8> {
        std::mem::take(&mut self.bytes.lock().unwrap_or_else(std::sync::PoisonError::into_inner))
    }

    /// Bytes the page gives the next request (tables it kept).
    pub fn give_bytes(&self, bytes: Vec<u8>) {
        *self.bytes.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = bytes;
    }

    fn tables(&self) -> &BuiltTables {
        &self.tables
    }

    fn game(&self) -> std::sync::MutexGuard<'_, Option<answer::Played>> {
        self.game.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// What [`Worker::respond`] answers with, before it is written as JSON.
type Answered = Result<Value, String>;

#[cfg(test)]
mod tests;
