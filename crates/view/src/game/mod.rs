//! The network game, for every host of it: `fifteen serve` over its
//! websocket (`fifteen-net`), and the static site's play page, whose worker
//! runs it in the visitor's browser (`fifteen-web`). The messages are
//! [`protocol`]'s, field for field (docs/serve.md); one game is a
//! [`Session`]: pure and synchronous, fed messages and clock ticks by its
//! host, answering with the states to send.

pub mod protocol;
mod served;

pub use served::{Session, WATCH_DELAY};
