//! fifteen's integration tests, in one binary: one module per subject.
//! One binary links once, so a change to the library rebuilds the tests in
//! seconds, where eighteen binaries took minutes.
//!
//! The modules that run the `fifteen` binary need the feature `cli`.
//! `cargo test` runs what takes seconds; the heavy cases (whole golden set
//! at every effort, long strips, table builds, a thousand clients) are
//! `#[ignore]`d with the reason and run by CI (`cargo test -- --ignored`).

// Without `cli`, the helpers only its modules use lie unused.

mod common;

mod batch;
mod check;
mod cli;
mod exact_stages;
mod fuzz_corpus;
mod gui;
mod human;
mod human_effort;
mod near;
mod net;
mod people;
mod readme;
mod record;
mod replay_window;
mod search;
mod slidysim;
mod tidy;
mod train;
mod unchanged_moves;
mod watch;
mod web;
