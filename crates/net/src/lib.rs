//! # fifteen-net
//!
//! The puzzle game over the network: `fifteen serve` and `fifteen bot`.
//!
//! - `protocol`: the messages, field for field as a client reads
//!   and writes them: states `{"Board":[…],"Status":"playing","Score":0}` and
//!   moves `{"Move":"left"}` naming where the blank goes.
//! - `game`: one game's rules, pure and synchronous (moves, refusals, the
//!   watched human solver).
//! - `optimal`: the optimal distance of each position, for clients that
//!   ask, searched off the async executor.
//! - `server`: the axum websocket server and its routes; `head`: each
//!   connection's request line, read first (long `/replay` links).
//! - `viewer`: the pages it serves: the game (`/`) and the viewer's.
//! - `pages`: how the viewer's pages are made: their own workers, a
//!   deadline each, a cache, a limit a client.
//! - `metrics`: `/healthz` and `/metrics`.
//! - `Bot`: a client that solves the board it is dealt and checks every
//!   state the server sends against its own replay.
//! - `load`: many concurrent games on loopback, for the benchmark.
//!
//! This is the only crate of fifteen that uses the async and network crates
//! (axum, tokio, tungstenite); the rest builds without them.
#![forbid(missing_docs)]
#![forbid(unsafe_code)]

pub(crate) mod bot;
mod head;
mod load;
mod metrics;
pub(crate) mod optimal;
mod pages;
mod server;
pub(crate) mod viewer;

#[cfg(test)]
mod browser;
#[cfg(test)]
mod page_tests;
#[cfg(any(test, feature = "testing"))]
pub mod testing;
#[cfg(test)]
mod tests;

pub use bot::{Bot, BotError};
pub use load::{Load, LoadReport};
#[cfg(test)]
pub(crate) use server::Server;
pub use server::{SHARPER_SECONDS, ServeError, ServerConfig, serve_until_signal};

use fifteen_core::Board;
use fifteen_view::game::Session;
use fifteen_view::game::protocol::{Optimal, Request, State};

/// One websocket text frame both ways, for the fuzzer (`fuzz/`): as a
/// client's message (`{"Move":"left"}`, `Watch`, `Stop`, `Optimal`),
/// answered by a game on a 3×3 board as the server answers it, a watch
/// streamed a few moves on; and as the server's (a state or an optimal
/// distance), read as `fifteen bot` reads it, a state's board checked as
/// the bot checks it. Any text is fine; it panics only when a promise
/// breaks: a refused message must leave the game unchanged.
pub fn check_message(text: &str) {
    let board = Board::from_cells(3, 3, vec![1, 2, 3, 4, 0, 6, 7, 5, 8]).expect("a 3×3 board");
    let mut game = Session::new(board.clone());
    let request = Request::parse(text);
    let refused = request.is_err();
    let reply = game.handle(request);
    if refused {
        assert!(reply.board == board.cells() && reply.score == 0, "a refused message changed the game");
    }
    // A Watch streams the solver: a few of its moves, each legal.
    for _ in 0..4 {
        if game.advance_watch().is_none() {
            break;
        }
    }
    let _ = Optimal::parse(text).map(|o| o.best_move());
    let state = serde_json::from_str::<State>(text).ok();
    if let Some((rows, cols, cells)) = state.and_then(|s| s.shape().map(|(rows, cols)| (rows, cols, s.board))) {
        let _ = Board::from_cells(rows, cols, cells);
    }
}
