//! The module's exports and imports: the whole binding between the
//! worker's JavaScript and [`Worker::respond`].
//!
//! The worker writes a request's UTF-8 bytes into the buffer
//! `fifteen_buffer(len)` returns, calls `fifteen_respond()`, which answers
//! it and returns the answer's length, and reads the answer from
//! `fifteen_answer()`. Bytes beside a request (tables kept in the
//! browser's storage) go in the same way through `fifteen_bytes_in(len)`;
//! bytes beside an answer come out of `fifteen_bytes_out()` and
//! `fifteen_bytes_out_len()`. The module imports, from `fifteen`, the
//! page's clock (`now`, seconds), its progress bar (`progress`) and a
//! panic's message (`panicked`), which the worker reports before the trap
//! that follows ends the request.
//!
//! Everything is on the worker's one thread: the buffers live in a
//! thread-local and no reference to them is held across calls.
#![allow(unsafe_code)]

use std::cell::RefCell;

use crate::{Host, Worker};

#[link(wasm_import_module = "fifteen")]
unsafe extern "C" {
    /// The page's clock: seconds since the worker started.
    fn now() -> f64;
    /// How far the work has come: `doing` (UTF-8, `doing_len` bytes), and
    /// `done` of `of` steps.
    fn progress(doing: *const u8, doing_len: usize, done: f64, of: f64);
    /// A panic's message (UTF-8), just before the module traps.
    fn panicked(message: *const u8, len: usize);
}

/// The page, as the work sees it.
struct PageHost;

impl Host for PageHost {
    fn now(&self) -> f64 {
        // SAFETY: an imported function of no arguments that returns a number.
        unsafe { now() }
    }

    fn progress(&self, doing: &str, done: usize, of: usize) {
        // SAFETY: the pointer and length are a live `&str`'s, read by the
        // import before it returns.
        unsafe { progress(doing.as_ptr(), doing.len(), done as f64, of as f64) }
    }
}

/// The request and answer as the worker reads and writes them.
#[derive(Default)]
struct Exchange {
    request: Vec<u8>,
    bytes_in: Vec<u8>,
    answer: String,
    bytes_out: Vec<u8>,
}

thread_local! {
    /// The worker's fifteen, kept for its later requests (its tables).
    static WORKER: Worker = {
        std::panic::set_hook(Box::new(|info| {
            let message = info.to_string();
            // SAFETY: as in `PageHost::progress`.
            unsafe { panicked(message.as_ptr(), message.len()) }
        }));
        Worker::new()
    };
    static BUFFERS: RefCell<Exchange> = RefCell::new(Exchange::default());
}

fn with<R>(f: impl FnOnce(&mut Exchange) -> R) -> R {
    BUFFERS.with(|cell| f(&mut cell.borrow_mut()))
}

/// Room for a request of `len` bytes; the worker writes it there.
#[unsafe(no_mangle)]
pub extern "C" fn fifteen_buffer(len: usize) -> *mut u8 {
    with(|b| {
        b.request.clear();
        b.request.resize(len, 0);
        b.request.as_mut_ptr()
    })
}

/// Room for `len` bytes beside the next request (tables the page kept).
#[unsafe(no_mangle)]
pub extern "C" fn fifteen_bytes_in(len: usize) -> *mut u8 {
    with(|b| {
        b.bytes_in.clear();
        b.bytes_in.resize(len, 0);
        b.bytes_in.as_mut_ptr()
    })
}

/// Answers the request in the buffer; returns the answer's length.
#[unsafe(no_mangle)]
pub extern "C" fn fifteen_respond() -> usize {
    // Taken out of the buffers, so that none is borrowed while the work
    // runs.
    let (request, bytes_in) = with(|b| (std::mem::take(&mut b.request), std::mem::take(&mut b.bytes_in)));
    let (answer, bytes_out) = WORKER.with(|session| {
        if !bytes_in.is_empty() {
            session.give_bytes(bytes_in);
        }
        let answer = session.respond(&String::from_utf8_lossy(&request), &PageHost);
        (answer, session.take_bytes())
    });
    with(|b| {
        b.bytes_out = bytes_out;
        b.answer = answer;
        b.answer.len()
    })
}

/// The last answer's bytes.
#[unsafe(no_mangle)]
pub extern "C" fn fifteen_answer() -> *const u8 {
    with(|b| b.answer.as_ptr())
}

/// The bytes beside the last answer (tables to keep).
#[unsafe(no_mangle)]
pub extern "C" fn fifteen_bytes_out() -> *const u8 {
    with(|b| b.bytes_out.as_ptr())
}

/// The length of [`fifteen_bytes_out`]'s bytes.
#[unsafe(no_mangle)]
pub extern "C" fn fifteen_bytes_out_len() -> usize {
    with(|b| b.bytes_out.len())
}
