//! The one way a test skips when a program it needs besides Rust is
//! missing (a browser, a display server, Python, a second core, a
//! terminal): this file is the browser tests' (`browser::page`) and, by
//! `#[path]`, the binary's integration tests' (`tests/it/common.rs`).

/// What a test does when a program it needs besides Rust is missing: it
/// fails when `var` (`FIFTEEN_BROWSER_TEST`, `FIFTEEN_SITE_TEST`,
/// `FIFTEEN_GUI_TEST`, `FIFTEEN_PARALLEL_TEST`, `FIFTEEN_TERMINAL_TEST`) is
/// `require`, as CI sets them all, so a missing tool never passes
/// unnoticed there; else it says `skipped: WHY` on the terminal (past the
/// harness's capture of what passing tests print) and the test returns.
pub fn skip_without(var: &str, why: &str) {
    let required = std::env::var(var).is_ok_and(|v| v == "require");
    assert!(!required, "{var}=require but {why}");
    let _ = std::io::Write::write_all(&mut std::io::stderr().lock(), format!("skipped: {why}\n").as_bytes());
}
