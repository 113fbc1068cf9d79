//! # fifteen-view
//!
//! What fifteen's front ends share, with no window, terminal or network of
//! its own: the animation queue ([`anim::Timeline`]) and the player that walks
//! it, the controls (keys → commands, and the [`control::App`] that carries
//! them out as time passes), the scene (what a frame shows and where, the
//! palette), recordings drawn in software (feature `record`), the browser
//! viewer's data and page, and the network game's rules and messages.
//!
//! It reads solves only through `fifteen-core`'s public events and boards:
//! the solvers know nothing of it. Nothing here reads a clock or the
//! environment: the front end passes the time that has passed.
#![forbid(missing_docs)]
#![forbid(unsafe_code)]

pub mod anim;
pub mod control;
pub mod game;
#[cfg(feature = "record")]
pub mod record;
pub mod scene;
pub mod web;
