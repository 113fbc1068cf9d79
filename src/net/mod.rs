//! The puzzle game over the network (feature `net`): `fifteen serve` and
//! `fifteen bot`.
//!
//! - [`protocol`]: the messages, field for field as a client reads
//!   and writes them: states `{"Board":[…],"Status":"playing","Score":0}` and
//!   moves `{"Move":"left"}` naming where the blank goes.
//! - [`game`]: one game's rules, pure and synchronous (moves, refusals, the
//!   watched human solver).
//! - `optimal`: the optimal distance of each position, for clients that
//!   ask, searched off the async executor.
//! - [`server`]: the axum websocket server and its embedded page.
//! - [`Bot`]: a client that solves the board it is dealt and checks every
//!   state the server sends against its own replay.
//! - `load`: many concurrent games on loopback, for the benchmark.
//!
//! This is the only module that uses the async and network crates (axum,
//! tokio, tungstenite); the rest of fifteen builds without them.

pub(crate) mod bot;
pub mod game;
pub(crate) mod load;
pub(crate) mod optimal;
pub(crate) mod page;
pub mod protocol;
pub mod server;

pub use bot::{Bot, BotError, BotReport, Solver};
pub use server::{ServeError, Server, ServerConfig};
