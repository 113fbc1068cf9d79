//! Checks of the repository's own rules, the ones the compiler cannot see
//! (after rust-analyzer's `tidy` test). Each invariant is stated in
//! ARCHITECTURE.md; a failure names the file and line that breaks it.

use std::fs;
use std::path::{Path, PathBuf};

/// Every file under `dir` (relative to the crate root), sorted.
fn files_under(dir: &str) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<PathBuf> = fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|entry| entry.expect("a readable directory entry").path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, out);
            } else {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    let path = root().join(dir);
    if path.is_file() {
        out.push(path);
    } else {
        walk(&path, &mut out);
    }
    out
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The path relative to the crate root, with forward slashes.
fn relative(path: &Path) -> String {
    path.strip_prefix(root()).unwrap_or(path).to_string_lossy().replace('\\', "/")
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The Rust files under `dir`, each with its code lines (comments left out)
/// as (line number, text).
fn code_lines(dir: &str) -> Vec<(String, Vec<(usize, String)>)> {
    files_under(dir)
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .map(|path| {
            let lines = read(&path)
                .lines()
                .enumerate()
                .filter(|(_, line)| !line.trim_start().starts_with("//"))
                .map(|(i, line)| (i + 1, line.to_string()))
                .collect();
            (relative(&path), lines)
        })
        .collect()
}

/// Places that break a rule today, each as (file, what it uses), with the
/// reason it is allowed for now. An entry that no longer matches fails the
/// test too, so the list only shrinks.
const KNOWN_EXCEPTIONS: &[(&str, &str, &str)] = &[(
    "src/search/optimal/build.rs",
    "std::thread",
    "builds the tables on scoped threads, as many as the command passes in",
)];

/// Finds `needles` in the code of every file under `dirs` (except
/// `allowed`), less the known exceptions; fails naming each place.
fn forbid(dirs: &[&str], allowed: &[&str], needles: &[&str], rule: &str) {
    let mut found = Vec::new();
    let mut used_exceptions = Vec::new();
    for dir in dirs {
        for (file, lines) in code_lines(dir) {
            if allowed.iter().any(|a| file.starts_with(a)) {
                continue;
            }
            for (number, line) in &lines {
                for needle in needles {
                    if !line.contains(needle) {
                        continue;
                    }
                    match KNOWN_EXCEPTIONS.iter().find(|(f, n, _)| *f == file && n == needle) {
                        Some(exception) => used_exceptions.push(*exception),
                        None => found.push(format!("{file}:{number}: {}", line.trim())),
                    }
                }
            }
        }
    }
    assert!(found.is_empty(), "{rule}; these break it:\n{}", found.join("\n"));
    for exception in KNOWN_EXCEPTIONS {
        let in_scope = dirs.iter().any(|d| exception.0.starts_with(d)) && needles.contains(&exception.1);
        assert!(
            !in_scope || used_exceptions.contains(exception),
            "{} no longer uses {}: remove it from KNOWN_EXCEPTIONS",
            exception.0,
            exception.1
        );
    }
}

#[test]
fn the_board_solvers_and_animation_queue_read_no_clock_files_environment_or_threads() {
    forbid(
        &["src/board", "src/search", "src/human", "src/anim", "src/slidysim", "src/lines.rs"],
        &["src/search/pdb_cache.rs"],
        &["std::time", "std::fs", "std::env", "std::thread", "Instant::", "SystemTime"],
        "board/, search/ (but its cache module), human/, anim/, slidysim/ and lines.rs do no I/O \
         and read no clock, environment or thread count: the command passes them in",
    );
}

#[test]
fn only_the_window_uses_macroquad() {
    forbid(&["src"], &["src/gui/"], &["macroquad", "miniquad"], "only src/gui imports macroquad");
}

#[test]
fn only_the_network_module_uses_the_async_crates() {
    forbid(
        &["src"],
        &["src/net/"],
        &["tokio", "axum", "tungstenite", "futures"],
        "only src/net imports tokio, axum, tungstenite and futures",
    );
}

#[test]
fn only_the_recordings_use_the_rasteriser_and_the_gif_encoder() {
    forbid(
        &["src"],
        &["src/record/"],
        &["tiny_skia", "fontdue", "gif::"],
        "only src/record imports tiny-skia, fontdue and gif",
    );
}

/// References to things a reader of the repository cannot open: the
/// project's private notes, its seeds and issue tracker, a folder beside
/// the repository.
fn outside_references(text: &str) -> Vec<String> {
    let lower = text.to_lowercase();
    let mut found = Vec::new();
    let words: Vec<&str> = lower.split(|c: char| c.is_whitespace() || "()[]`'\",;:".contains(c)).collect();
    for pair in words.windows(2) {
        let numbered = |w: &str| w.trim_start_matches('#').chars().next().is_some_and(|c| c.is_ascii_digit());
        // The project's numbered seeds (`seed 000`), not a random seed 0.
        let seed_number = |w: &str| w.len() == 3 && w.starts_with('0') && w.chars().all(|c| c.is_ascii_digit());
        if (pair[0] == "seed" || pair[0] == "seeds") && seed_number(pair[1]) {
            found.push(format!("{} {}", pair[0], pair[1]));
        }
        if (pair[0] == "issue" || pair[0] == "issues") && numbered(pair[1]) {
            found.push(format!("{} {}", pair[0], pair[1]));
        }
    }
    for word in &words {
        if word.starts_with("issue-") && word[6..].starts_with(|c: char| c.is_ascii_digit()) {
            found.push(word.to_string());
        }
    }
    for needle in ["../shared", "shared/docs", "reference game", "the seed's", "the seeds'"] {
        if lower.contains(needle) {
            found.push(needle.to_string());
        }
    }
    // Design notes live in docs/: a bare `strategy.md` means notes outside.
    let mut rest = lower.as_str();
    while let Some(at) = rest.find("strategy.md") {
        if !rest[..at].ends_with("docs/") {
            found.push("strategy.md (not docs/strategy.md)".to_string());
        }
        rest = &rest[at + 1..];
    }
    found
}

/// Paths like `docs/x.md`, `src/y.rs` or `tests/z` named in `text` that do
/// not exist in the repository.
fn missing_paths(text: &str) -> Vec<String> {
    let mut missing = Vec::new();
    for word in text.split(|c: char| c.is_whitespace() || "()[]`'\",;<>*".contains(c)) {
        let word = word.trim_end_matches(['.', ':']);
        let in_repository = ["docs/", "src/", "tests/", "benches/", "examples/", "assets/", ".ci/"];
        if !in_repository.iter().any(|dir| word.starts_with(dir)) || word.contains("...") || word.contains('*') {
            continue;
        }
        // `src/human/**`-style globs and `tests/NAME` placeholders aside.
        if word.chars().any(|c| c.is_ascii_uppercase()) && !word.ends_with(".md") {
            continue;
        }
        if !root().join(word).exists() {
            missing.push(word.to_string());
        }
    }
    missing
}

fn check_references(files: &[PathBuf]) {
    let mut found = Vec::new();
    for path in files {
        let text = read(path);
        for reference in outside_references(&text) {
            found.push(format!("{}: {reference}", relative(path)));
        }
        if path.extension().is_some_and(|e| e == "md") {
            for reference in missing_paths(&text) {
                found.push(format!("{}: {reference} does not exist", relative(path)));
            }
        }
    }
    assert!(
        found.is_empty(),
        "everything the code and docs rely on must be in the repository; these point outside it:\n{}",
        found.join("\n")
    );
}

fn text_files(dir: &str) -> Vec<PathBuf> {
    files_under(dir)
        .into_iter()
        .filter(|p| {
            p.extension().is_some_and(|e| ["rs", "md", "js", "html", "css", "toml"].contains(&&*e.to_string_lossy()))
        })
        .collect()
}

#[test]
fn the_code_and_docs_point_at_nothing_outside_the_repository() {
    let mut files = text_files("src");
    files.extend(text_files("docs"));
    files.push(root().join("ARCHITECTURE.md"));
    check_references(&files);
}

/// The tests too (all but this file, whose checks spell out what they
/// look for).
#[test]
fn the_tests_point_at_nothing_outside_the_repository() {
    let files: Vec<PathBuf> = text_files("tests").into_iter().filter(|p| !p.ends_with("tidy.rs")).collect();
    assert!(files.iter().any(|p| p.ends_with("browser.rs")), "the tests are read");
    check_references(&files);
}

#[test]
fn the_readme_points_at_nothing_outside_the_repository() {
    check_references(&[root().join("README.md")]);
}

#[test]
fn the_checks_catch_what_they_look_for() {
    assert_eq!(outside_references("as seed 000 does"), ["seed 000"]);
    assert_eq!(outside_references("see issue 5, then Issue #12"), ["issue 5", "issue #12"]);
    assert_eq!(outside_references("the issue-5 build"), ["issue-5"]);
    assert_eq!(outside_references("(see `strategy.md`)"), ["strategy.md (not docs/strategy.md)"]);
    assert!(outside_references("see docs/strategy.md; seed 0, seed 42 and seed 7; an issue with it").is_empty());
    assert_eq!(missing_paths("see docs/no-such-file.md and src/lib.rs."), ["docs/no-such-file.md"]);
    assert!(code_lines("src/board").iter().any(|(file, _)| file == "src/board/mod.rs"));
}
