//! fifteen's integration tests, in one binary: one module per subject.
//! One binary links once, so a change to the library rebuilds the tests in
//! seconds, where eighteen binaries took minutes.
//!
//! The modules that run the `fifteen` binary need the feature `cli`.
//! `cargo test` runs what takes seconds; the heavy cases (whole golden set
//! at every effort, long strips, table builds, a thousand clients) are
//! `#[ignore]`d with the reason and run by CI (`cargo test -- --ignored`).

// Without `cli`, the helpers only its modules use lie unused.
#![cfg_attr(not(feature = "cli"), allow(unused_imports, dead_code))]

mod common;

#[cfg(feature = "cli")]
mod batch;
#[cfg(feature = "cli")]
mod check;
#[cfg(feature = "cli")]
mod cli;
mod exact_stages;
mod fuzz_corpus;
#[cfg(feature = "cli")]
mod gui;
mod human;
mod human_effort;
mod near;
#[cfg(feature = "cli")]
mod net;
#[cfg(feature = "cli")]
mod people;
#[cfg(feature = "cli")]
mod readme;
#[cfg(feature = "cli")]
mod record;
#[cfg(feature = "cli")]
mod replay_window;
mod search;
mod slidysim;
mod tidy;
mod unchanged_moves;
#[cfg(feature = "cli")]
mod watch;
#[cfg(feature = "cli")]
mod web;
