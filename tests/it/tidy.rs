//! Checks of the repository's own rules, the ones Cargo and the compiler
//! cannot see (after rust-analyzer's `tidy` test). Each invariant is stated
//! in ARCHITECTURE.md; a failure names the file and line that breaks it.
//!
//! Which crate may use which is Cargo's to keep: each crate's manifest
//! lists what it depends on, and [`each_crate_depends_only_on_what_its_layer_may`]
//! reads the manifests. Inside a crate these checks read the code.

use std::fs;
use std::path::{Path, PathBuf};

/// The source folders of the workspace's crates.
const CORE: &str = "crates/core/src";
const VIEW: &str = "crates/view/src";
const NET: &str = "crates/net/src";
const WEB: &str = "crates/web/src";
const XTASK: &str = "xtask/src";
const BIN: &str = "src";

/// Every file under `dir` (relative to the workspace root), sorted.
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

/// The path relative to the workspace root, with forward slashes.
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

/// The Rust files under each of `dirs`, with their [`bare_code`].
fn rust_files(dirs: &[&str]) -> Vec<(String, String)> {
    dirs.iter()
        .flat_map(|dir| files_under(dir))
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .map(|p| (relative(&p), bare_code(&read(&p))))
        .collect()
}

/// The Rust files under each of `dirs`, with their source as written.
fn rust_sources(dirs: &[&str]) -> Vec<(String, String)> {
    dirs.iter()
        .flat_map(|dir| files_under(dir))
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .map(|p| (relative(&p), read(&p)))
        .collect()
}

/// Places that break a rule today, each as (file, what it uses), with the
/// reason it is allowed for now. An entry that no longer matches fails the
/// test too, so the list only shrinks.
const KNOWN_EXCEPTIONS: &[(&str, &str, &str)] = &[(
    "crates/core/src/search/optimal/build.rs",
    "std::thread",
    "builds the tables on scoped threads, as many as the command passes in",
)];

/// Finds `needles` in the code of every file under `dirs` (except
/// `allowed`), less the known exceptions; fails naming each place.
fn forbid(dirs: &[&str], allowed: &[&str], needles: &[&str], rule: &str) {
    forbid_but_lines(dirs, allowed, needles, &[], rule);
}

/// As [`forbid`], but a line that is (trimmed) one of `lines_allowed`
/// may name the needles.
fn forbid_but_lines(dirs: &[&str], allowed: &[&str], needles: &[&str], lines_allowed: &[&str], rule: &str) {
    let mut found = Vec::new();
    let mut used_exceptions = Vec::new();
    for dir in dirs {
        for (file, lines) in code_lines(dir) {
            if allowed.iter().any(|a| file.starts_with(a)) {
                continue;
            }
            for (number, line) in lines.iter().filter(|(_, line)| !lines_allowed.contains(&line.trim())) {
                let named = paths_in(&bare_code(line));
                for needle in needles {
                    let path = needle.trim_end_matches("::");
                    let names = named.iter().any(|p| p == path || p.starts_with(&format!("{path}::")));
                    if !line.contains(needle) && !names {
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

/// What a solver or the animation queue may not read: the clock, files,
/// the environment, the machine's threads. The command passes them in.
const OUTSIDE_WORLD: &[&str] =
    &["std::time", "std::fs", "std::env", "std::thread", "Instant::", "SystemTime", "available_parallelism"];

#[test]
fn the_board_solvers_and_animation_queue_read_no_clock_files_environment_or_threads() {
    forbid(
        &[CORE, "crates/view/src/anim", "crates/view/src/web", "crates/view/src/game", WEB],
        &["crates/core/src/tables/"],
        OUTSIDE_WORLD,
        "the core crate (but its table cache module), the animation queue, the viewer's data, the game and the \
         browser's crate do no I/O and read no clock, environment or thread count: the command (or the page) \
         passes them in",
    );
}

#[test]
fn only_the_window_uses_macroquad() {
    forbid(&[BIN], &["src/gui/"], &["macroquad", "miniquad"], "only src/gui imports macroquad");
}

#[test]
fn the_controls_read_no_clock() {
    // The oracle's tests wait for its worker thread with a deadline.
    forbid(
        &["crates/view/src/control"],
        &["crates/view/src/control/oracle.rs"],
        &["std::time", "Instant::", "std::env", "std::fs"],
        "the controls read no clock, environment or files: the front ends pass the time in",
    );
}

#[test]
fn only_the_recordings_use_the_rasteriser_and_the_gif_encoder() {
    forbid(
        &[VIEW],
        &["crates/view/src/record/"],
        &["tiny_skia", "fontdue", "gif::"],
        "only fifteen-view's record module imports tiny-skia, fontdue and gif",
    );
}

/// Every picture is drawn through the scene's `Canvas`: the window by
/// macroquad, recordings and `--plot` by fifteen-view's software canvases.
/// No crate brings a second drawing stack or font rasteriser.
#[test]
fn pictures_have_one_drawing_stack() {
    let second = ["plotters", "plotters-backend", "ab_glyph", "rusttype", "resvg", "cairo-rs"];
    for manifest in [
        "Cargo.toml",
        "crates/core/Cargo.toml",
        "crates/view/Cargo.toml",
        "crates/net/Cargo.toml",
        "crates/web/Cargo.toml",
    ] {
        let found: Vec<String> = dependencies(manifest).into_iter().filter(|d| second.contains(&d.as_str())).collect();
        assert!(found.is_empty(), "{manifest} depends on {found:?}: draw through fifteen-view's scene::Canvas instead");
    }
    assert!(dependencies("Cargo.toml").contains(&"fifteen-view".to_string()), "the root manifest is read");
}

/// The crates a manifest's `[dependencies]` names (not its dev- or build
/// dependencies).
fn dependencies(manifest: &str) -> Vec<String> {
    let text = read(&root().join(manifest));
    let mut out = Vec::new();
    let mut in_dependencies = false;
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            in_dependencies = line == "[dependencies]";
            continue;
        }
        if in_dependencies && let Some((name, _)) = line.split_once('=').filter(|_| !line.starts_with('#')) {
            out.push(name.trim().trim_end_matches(".workspace").to_string());
        }
    }
    out
}

/// The front ends' crates: a window, a terminal, a command line, the
/// network, drawing.
const FRONT_END_CRATES: &[&str] = &[
    "clap",
    "indicatif",
    "crossterm",
    "macroquad",
    "image",
    "tokio",
    "axum",
    "hyper",
    "hyper-util",
    "tower",
    "tokio-tungstenite",
    "futures-util",
    "tiny-skia",
    "fontdue",
    "gif",
    "png",
];

/// Each crate depends only on the crates below it and on no front end's
/// crate it has no use for: the core on none, fifteen-view on the core and
/// its recordings' rasteriser, fifteen-net on both and the async crates.
/// Cargo then refuses any import across the layers.
#[test]
fn each_crate_depends_only_on_what_its_layer_may() {
    let core = dependencies("crates/core/Cargo.toml");
    assert!(core.contains(&"rayon".to_string()), "the core's manifest is read");
    let fifteen: Vec<&str> = vec!["fifteen-core", "fifteen-view", "fifteen-net", "fifteen-web"];
    let wrong = |deps: &[String], allowed: &[&str]| -> Vec<String> {
        deps.iter()
            .filter(|d| {
                (FRONT_END_CRATES.contains(&d.as_str()) || fifteen.contains(&d.as_str()))
                    && !allowed.contains(&d.as_str())
            })
            .cloned()
            .collect()
    };
    assert_eq!(
        wrong(&core, &[]),
        Vec::<String>::new(),
        "the core depends on no front end's crate and no other fifteen crate"
    );
    let view = dependencies("crates/view/Cargo.toml");
    assert_eq!(
        wrong(&view, &["fifteen-core", "tiny-skia", "fontdue", "gif", "png", "image"]),
        Vec::<String>::new(),
        "fifteen-view depends on the core and its recordings' rasteriser only"
    );
    let net = dependencies("crates/net/Cargo.toml");
    assert_eq!(
        wrong(
            &net,
            &[
                "fifteen-core",
                "fifteen-view",
                "tokio",
                "axum",
                "hyper",
                "hyper-util",
                "tower",
                "tokio-tungstenite",
                "futures-util"
            ]
        ),
        Vec::<String>::new(),
        "fifteen-net depends on the core, fifteen-view and the async crates only"
    );
    let web = dependencies("crates/web/Cargo.toml");
    assert_eq!(
        wrong(&web, &["fifteen-core", "fifteen-view"]),
        Vec::<String>::new(),
        "fifteen-web depends on the core and fifteen-view only (the browser has no window, rasteriser or network)"
    );
    assert!(
        !web.iter().any(|d| d == "fifteen-web")
            && !dependencies("crates/net/Cargo.toml").contains(&"fifteen-web".to_string()),
        "nothing below the browser's crate depends on it"
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
        // The same seeds in a name: `speak_seed_002s_protocol`.
        for (at, _) in word.match_indices("seed_0") {
            if word[at + 5..].chars().take(3).filter(char::is_ascii_digit).count() == 3 {
                found.push(word[at..at + 8].to_string());
            }
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
        let in_repository = ["docs/", "src/", "crates/", "tests/", "benches/", "examples/", "assets/", ".ci/"];
        if !in_repository.iter().any(|dir| word.starts_with(dir)) || word.contains("...") || word.contains('*') {
            continue;
        }
        // `crates/core/src/human/**`-style globs and `tests/NAME` placeholders aside.
        if word.chars().any(|c| c.is_ascii_uppercase()) && !word.ends_with(".md") {
            continue;
        }
        if !root().join(word).exists() {
            missing.push(word.to_string());
        }
    }
    missing
}

/// The targets of the Markdown links in `text` (the file at `path`) that
/// are not in the repository: a file is looked for from the linking file's
/// folder, and a `#part` among that file's [`anchors`]. Web addresses aside.
fn missing_links(path: &Path, text: &str) -> Vec<String> {
    let mut missing = Vec::new();
    for (at, _) in text.match_indices("](") {
        let target: String = text[at + 2..].chars().take_while(|c| *c != ')' && !c.is_whitespace()).collect();
        if target.contains("://") || target.starts_with("mailto:") {
            continue;
        }
        let (file, part) = target.split_once('#').unwrap_or((&target, ""));
        let file = if file.is_empty() { path.to_path_buf() } else { path.parent().unwrap().join(file) };
        let is_markdown = file.extension().is_some_and(|e| e == "md");
        if !file.exists() || (!part.is_empty() && is_markdown && !anchors(&read(&file)).iter().any(|a| a == part)) {
            missing.push(target);
        }
    }
    missing
}

/// A Markdown file's headings as GitHub's anchors name them: lower case,
/// spaces as `-`, other punctuation than `-` and `_` left out.
fn anchors(text: &str) -> Vec<String> {
    text.lines()
        .filter(|line| line.starts_with('#'))
        .filter_map(|line| line.trim_start_matches('#').strip_prefix(' '))
        .map(|heading| {
            let lower = heading.trim().to_lowercase();
            lower
                .chars()
                .filter(|c| c.is_alphanumeric() || "-_ ".contains(*c))
                .map(|c| if c == ' ' { '-' } else { c })
                .collect()
        })
        .collect()
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
            for link in missing_links(path, &text) {
                found.push(format!("{}: the link {link} leads nowhere", relative(path)));
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
    files.extend(text_files("crates"));
    files.extend(text_files("docs"));
    files.push(root().join("ARCHITECTURE.md"));
    check_references(&files);
}

/// The tests too (all but this file, whose checks spell out what they
/// look for).
#[test]
fn the_tests_point_at_nothing_outside_the_repository() {
    let files: Vec<PathBuf> = text_files("tests").into_iter().filter(|p| !p.ends_with("tidy.rs")).collect();
    assert!(files.iter().any(|p| p.ends_with("net.rs")), "the tests are read");
    check_references(&files);
}

#[test]
fn the_readme_points_at_nothing_outside_the_repository() {
    check_references(&[root().join("README.md")]);
}

#[test]
fn the_checks_catch_what_they_look_for() {
    assert_eq!(outside_references("as seed 000 does"), ["seed 000"]);
    assert_eq!(outside_references("fn speak_seed_002s_protocol()"), ["seed_002"]);
    assert!(outside_references("a random_seed_0 board").is_empty());
    assert_eq!(outside_references("see issue 5, then Issue #12"), ["issue 5", "issue #12"]);
    assert_eq!(outside_references("the issue-5 build"), ["issue-5"]);
    assert_eq!(outside_references("(see `strategy.md`)"), ["strategy.md (not docs/strategy.md)"]);
    assert!(outside_references("see docs/strategy.md; seed 0, seed 42 and seed 7; an issue with it").is_empty());
    assert_eq!(missing_paths("see docs/no-such-file.md and src/main.rs."), ["docs/no-such-file.md"]);
    // Links from a doc are read from its folder, their `#part` against the headings.
    let links = "[a](search.md), [b](no-such.md), [c](search.md#pattern-databases), [d](search.md#no-such-part), \
                 ![e](../assets/watch.png) and [f](https://example.org/x.md)";
    assert_eq!(missing_links(&root().join("docs/any.md"), links), ["no-such.md", "search.md#no-such-part"]);
    assert_eq!(anchors("## Look-ahead (`--effort normal|best`)\n#not a heading"), ["look-ahead---effort-normalbest"]);
    assert!(code_lines("crates/core/src/board").iter().any(|(file, _)| file == "crates/core/src/board/mod.rs"));
    // A group names each of its members.
    assert_eq!(paths_in("use std::{fs, time::Instant};"), ["std::fs", "std::time", "std"]);
}

/// A Rust file's module path, rooted at its crate: `core::human::grid` for
/// crates/core/src/human/grid.rs, `bin::cli::solve` for src/cli/solve.rs.
fn module_of(file: &str) -> String {
    let (crate_root, path) = match file.strip_prefix("crates/") {
        Some(rest) => rest.split_once("/src/").expect("a crate's source file"),
        None => ("bin", file.trim_start_matches("src/")),
    };
    let mut parts: Vec<&str> = vec![crate_root];
    parts.extend(path.trim_end_matches(".rs").split('/').filter(|p| !["lib", "main", "mod"].contains(p)));
    parts.join("::")
}

/// The code of a file without comments, string and character literals, so
/// that the paths [`paths_in`] and [`forbid`] find are only the code's.
fn bare_code(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                out.push(if chars[i] == '\n' { '\n' } else { ' ' });
                i += 1;
            }
            i += 2;
        } else if c == 'r'
            && (next == Some('#') || next == Some('"'))
            && !chars[..i].last().is_some_and(|p| p.is_alphanumeric() || *p == '_')
        {
            let hashes = chars[i + 1..].iter().take_while(|&&h| h == '#').count();
            if chars.get(i + 1 + hashes) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            i += 2 + hashes;
            let close: Vec<char> = std::iter::once('"').chain(std::iter::repeat_n('#', hashes)).collect();
            while i < chars.len() && !chars[i..].starts_with(&close) {
                if chars[i] == '\n' {
                    out.push('\n');
                }
                i += 1;
            }
            i += close.len();
            out.push_str("\"\"");
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                if chars.get(i) == Some(&'\n') {
                    out.push('\n');
                }
                i += 1;
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\''
            && (chars.get(i + 2) == Some(&'\'') || (next == Some('\\') && chars.get(i + 3) == Some(&'\'')))
        {
            i += if next == Some('\\') { 4 } else { 3 };
            out.push_str("' '");
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// Every module of the workspace with the modules its code names (by
/// `crate::`, `super::`, `self::`, a crate's name, or a child module's
/// name), each as the deepest module of the path that exists.
fn module_imports() -> Vec<(String, String, Vec<String>)> {
    let files = rust_files(&[CORE, VIEW, NET, BIN]);
    let modules: Vec<String> = files.iter().map(|(file, _)| module_of(file)).collect();
    let mut out = Vec::new();
    for (file, code) in &files {
        let module = module_of(file);
        let mut found: Vec<String> = Vec::new();
        for path in paths_in(code) {
            let mut segments: Vec<&str> = path.split("::").collect();
            let mut at: Vec<String> = module.split("::").map(str::to_string).collect();
            // A `mod.rs` or a crate root is its module; other files' `super` is their parent.
            let other_crate = match segments[0] {
                "fifteen_core" => Some("core"),
                "fifteen_view" => Some("view"),
                "fifteen_net" => Some("net"),
                _ => None,
            };
            match segments[0] {
                "crate" => at.truncate(1),
                _ if other_crate.is_some() => at = vec![other_crate.unwrap_or_default().to_string()],
                "self" => {}
                "super" => {}
                name if modules.contains(&format!("{module}::{name}")) => {}
                _ => continue,
            }
            if segments[0] == "crate" || other_crate.is_some() || segments[0] == "self" {
                segments.remove(0);
            }
            while segments.first() == Some(&"super") {
                segments.remove(0);
                at.pop();
            }
            for segment in segments {
                let deeper = format!("{}::{segment}", at.join("::"));
                if !modules.contains(&deeper) {
                    break;
                }
                at.push(segment.to_string());
            }
            let target = at.join("::");
            // A module's own submodules are its to use: declaring them is using them.
            let own = target.starts_with(&format!("{module}::"));
            if target != module && !own && !found.contains(&target) {
                found.push(target);
            }
        }
        found.sort();
        out.push((file.clone(), module, found));
    }
    out
}

/// The module paths a file's code names: `a::b::c` runs of lower-case
/// segments (a `{` group adds each of its members' first segments).
fn paths_in(code: &str) -> Vec<String> {
    let mut paths = Vec::new();
    let bytes: Vec<char> = code.chars().collect();
    let is_ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut i = 0;
    while i < bytes.len() {
        let visibility = i >= 3 && bytes[..i].ends_with(&['(', 'i', 'n', ' ']);
        if visibility || !is_ident(bytes[i]) || (i > 0 && (is_ident(bytes[i - 1]) || bytes[i - 1] == ':')) {
            i += 1;
            continue;
        }
        let mut end = i;
        let mut path = String::new();
        loop {
            let start = end;
            while end < bytes.len() && is_ident(bytes[end]) {
                end += 1;
            }
            path.extend(&bytes[start..end]);
            if bytes[end..].starts_with(&[':', ':'])
                && bytes.get(end + 2).is_some_and(|&c| c.is_ascii_lowercase() || c == '_')
            {
                path.push_str("::");
                end += 2;
            } else {
                break;
            }
        }
        if bytes[end..].starts_with(&[':', ':', '{']) {
            let close = bytes[end..].iter().position(|&c| c == '}').map_or(bytes.len(), |p| end + p);
            let group: String = bytes[end + 3..close].iter().collect();
            for member in group.split(',') {
                let first = member.trim().split("::").next().unwrap_or("");
                if first.starts_with(|c: char| c.is_ascii_lowercase()) && first != "self" {
                    paths.push(format!("{path}::{first}"));
                }
            }
            paths.push(path.clone());
        } else if path.contains("::") {
            paths.push(path.clone());
        }
        i = end.max(i + 1);
    }
    paths
}

/// Pairs of modules that import each other today, with the reason; like
/// [`KNOWN_EXCEPTIONS`], an entry that no longer holds fails the test, so
/// the list only shrinks.
const KNOWN_CYCLES: &[(&str, &str, &str)] = &[];

#[test]
fn no_module_imports_a_module_that_imports_it_back() {
    let imports = module_imports();
    let edges = |m: &str| imports.iter().find(|(_, module, _)| module == m).map_or(&[][..], |(_, _, to)| &to[..]);
    let known = |a: &str, b: &str| KNOWN_CYCLES.iter().any(|(x, y, _)| (*x, *y) == (a, b) || (*y, *x) == (a, b));
    let mut cycles = Vec::new();
    for (_, module, _) in &imports {
        // A path back to `module`, breadth first, so the shortest one is named.
        let mut came: Vec<(String, String)> = Vec::new();
        let mut queue: Vec<String> = edges(module).iter().filter(|to| !known(module, to)).cloned().collect();
        for next in &queue {
            came.push((next.clone(), module.clone()));
        }
        let mut head = 0;
        while head < queue.len() {
            let at = queue[head].clone();
            head += 1;
            if at == *module {
                let mut cycle = vec![module.clone()];
                let mut back = came.iter().find(|(to, _)| *to == at).map(|(_, from)| from.clone());
                while let Some(from) = back.filter(|f| f != module) {
                    cycle.push(from.clone());
                    back = came.iter().find(|(to, _)| *to == from).map(|(_, f)| f.clone());
                }
                cycle.push(module.clone());
                cycle.reverse();
                cycles.push(cycle.join(" → "));
                break;
            }
            for next in edges(&at) {
                if known(&at, next) {
                    continue;
                }
                if !came.iter().any(|(to, _)| to == next) {
                    came.push((next.clone(), at.clone()));
                    queue.push(next.clone());
                }
            }
        }
    }
    assert!(cycles.is_empty(), "no module may import a module that imports it back; these do:\n{}", cycles.join("\n"));
    for (a, b, _) in KNOWN_CYCLES {
        assert!(
            edges(a).iter().any(|to| to == b) && edges(b).iter().any(|to| to == a),
            "{a} and {b} no longer import each other: remove them from KNOWN_CYCLES"
        );
    }
}

/// The parts of the core's human solver (its folders, and its files
/// outside them) from the bottom up, as ARCHITECTURE.md's codemap lists
/// them: each may import only the parts before it. `mod` is
/// crates/core/src/human/mod.rs, the public face.
const HUMAN_LAYERS: &[&str] = &[
    "event",
    "cell_rect",
    "open_board",
    "grid",
    "schedule",
    "trip",
    "exact",
    "strip",
    "effort",
    "lookahead",
    "small",
    "shortcut",
    "planner",
    "record",
    "plan",
    "mod",
];

#[test]
fn the_parts_of_the_human_solver_import_one_way() {
    let part = |module: &str| {
        module.strip_prefix("core::human").map(|rest| rest.split("::").nth(1).unwrap_or("mod").to_string())
    };
    let mut wrong = Vec::new();
    let mut seen = Vec::new();
    for (file, module, imports) in module_imports() {
        let Some(from) = part(&module) else { continue };
        let rank = HUMAN_LAYERS.iter().position(|&p| p == from);
        assert!(rank.is_some(), "{file}: human/{from} is not in HUMAN_LAYERS (nor in ARCHITECTURE.md's codemap?)");
        seen.push(from.clone());
        for to in imports.iter().filter_map(|m| part(m)) {
            if to != from && HUMAN_LAYERS.iter().position(|&p| p == to) >= rank {
                wrong.push(format!("{file}: {from} imports {to}"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "the human solver's parts import only the parts below them (HUMAN_LAYERS):\n{}",
        wrong.join("\n")
    );
    for layer in HUMAN_LAYERS {
        assert!(seen.iter().any(|s| s == layer), "HUMAN_LAYERS names {layer}, which the human solver no longer has");
    }
}

/// Functions longer than [`MAX_FUNCTION_LINES`], each with the reason it
/// is one piece. An entry that is no longer that long fails the test too.
const LONG_FUNCTIONS: &[(&str, &str, &str)] = &[
    (
        "src/cli/batch.rs",
        "run",
        "the reader, the worker pool and the ordered writer share one thread scope and its channels",
    ),
    (
        "src/cli/bench.rs",
        "run",
        "checks the arguments, then runs every size and method and writes the table as it goes",
    ),
    (
        "crates/core/src/human/trip/router.rs",
        "monotone_path",
        "one dynamic programme over the band's rows, forward then back along the best path",
    ),
    (
        "crates/core/src/human/trip/transport.rs",
        "plan_ahead",
        "one dynamic programme over the staircases ahead, its pushes read from the board as it is",
    ),
    (
        "crates/core/src/search/optimal/build.rs",
        "build_table",
        "one breadth-first sweep of a pattern database, its threads sharing the frontier",
    ),
];

/// Lines a function may take, from its `fn` to its closing brace.
const MAX_FUNCTION_LINES: usize = 80;

/// Every function of the workspace with a body as (file, name, first
/// line, lines), from the line of its `fn` to its closing brace: free
/// functions, methods and trait methods with a default body, nested ones
/// too. (Functions inside a macro's input, as `proptest!`'s, are the
/// macro's tokens, not items, and are not read.)
fn functions() -> Vec<(String, String, usize, usize)> {
    let mut out = Vec::new();
    for (file, code) in rust_sources(&[CORE, VIEW, NET, BIN]) {
        let mut finder = FunctionFinder::default();
        syn::visit::Visit::visit_file(&mut finder, &parse_rust(&file, &code));
        out.extend(finder.found.into_iter().map(|(name, first, lines)| (file.clone(), name, first, lines)));
    }
    out
}

/// The file's code as the compiler reads it; a file that does not parse
/// fails the check, naming it.
fn parse_rust(file: &str, code: &str) -> syn::File {
    syn::parse_file(code).unwrap_or_else(|e| panic!("{file}:{}: cannot parse: {e}", e.span().start().line))
}

/// Collects [`functions`]' (name, first line, lines) of one file.
#[derive(Default)]
struct FunctionFinder {
    found: Vec<(String, usize, usize)>,
}

impl FunctionFinder {
    fn add(&mut self, sig: &syn::Signature, block: &syn::Block) {
        let (first, last) = (sig.fn_token.span.start().line, block.brace_token.span.close().end().line);
        self.found.push((sig.ident.to_string(), first, last - first + 1));
    }
}

impl<'ast> syn::visit::Visit<'ast> for FunctionFinder {
    fn visit_item_fn(&mut self, item: &'ast syn::ItemFn) {
        self.add(&item.sig, &item.block);
        syn::visit::visit_item_fn(self, item);
    }

    fn visit_impl_item_fn(&mut self, item: &'ast syn::ImplItemFn) {
        self.add(&item.sig, &item.block);
        syn::visit::visit_impl_item_fn(self, item);
    }

    fn visit_trait_item_fn(&mut self, item: &'ast syn::TraitItemFn) {
        if let Some(block) = &item.default {
            self.add(&item.sig, block);
        }
        syn::visit::visit_trait_item_fn(self, item);
    }
}

#[test]
fn functions_over_eighty_lines_are_listed_with_a_reason() {
    let all = functions();
    let long: Vec<_> = all.iter().filter(|(_, _, _, lines)| *lines > MAX_FUNCTION_LINES).collect();
    let unlisted: Vec<String> = long
        .iter()
        .filter(|(file, name, _, _)| !LONG_FUNCTIONS.iter().any(|(f, n, _)| f == file && n == name))
        .map(|(file, name, line, lines)| format!("{file}:{line}: fn {name}, {lines} lines"))
        .collect();
    assert!(
        unlisted.is_empty(),
        "functions over {MAX_FUNCTION_LINES} lines: split them, or list them in LONG_FUNCTIONS with the reason they are one piece:\n{}",
        unlisted.join("\n")
    );
    for (file, name, _) in LONG_FUNCTIONS {
        assert!(
            long.iter().any(|(f, n, _, _)| f == file && n == name),
            "{file}: fn {name} is no longer over {MAX_FUNCTION_LINES} lines: remove it from LONG_FUNCTIONS"
        );
    }
}

/// ARCHITECTURE.md's codemap section for the human solver: every folder
/// and file of crates/core/src/human is named there (as `name/` or
/// `name.rs`), so a newcomer finds each from it.
#[test]
fn the_codemap_names_every_part_of_the_human_solver() {
    let text = read(&root().join("ARCHITECTURE.md"));
    let start = text.find("### `human/`").expect("ARCHITECTURE.md has a human/ section");
    let end = text[start + 1..].find("\n### ").map_or(text.len(), |e| start + 1 + e);
    let section = &text[start..end];
    let mut missing = Vec::new();
    for path in files_under("crates/core/src/human").into_iter().filter(|p| p.extension().is_some_and(|e| e == "rs")) {
        let file = relative(&path);
        let inside = file.trim_start_matches("crates/core/src/human/");
        let named = match inside.split_once('/') {
            Some((folder, "mod.rs")) => format!("`{folder}/`"),
            Some((_, name)) => format!("`{name}`"),
            None if inside == "mod.rs" => continue,
            None => format!("`{inside}`"),
        };
        if !section.contains(&named) {
            missing.push(format!("{file} (as {named})"));
        }
    }
    assert!(missing.is_empty(), "ARCHITECTURE.md's human/ codemap does not name:\n{}", missing.join("\n"));
}

/// The types `code` (a file's source) defines, as (name, line): its
/// structs, enums, unions, traits and type aliases, at module level or
/// inside a function or a `mod` block alike. Associated types are left
/// out: they name a trait's type, not a new one (`type Err = …;` in an
/// `impl FromStr`, `type Item;` in a trait); the parser tells them apart
/// as the compiler does.
fn types_defined(file: &str, code: &str) -> Vec<(String, usize)> {
    let mut finder = TypeFinder::default();
    syn::visit::Visit::visit_file(&mut finder, &parse_rust(file, code));
    finder.found
}

/// Collects [`types_defined`]' (name, line) of one file.
#[derive(Default)]
struct TypeFinder {
    found: Vec<(String, usize)>,
}

impl<'ast> syn::visit::Visit<'ast> for TypeFinder {
    // Items only: an impl's or a trait's associated types are `ImplItem`s
    // and `TraitItem`s, which this never sees as items.
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let ident = match item {
            syn::Item::Struct(item) => Some(&item.ident),
            syn::Item::Enum(item) => Some(&item.ident),
            syn::Item::Union(item) => Some(&item.ident),
            syn::Item::Trait(item) => Some(&item.ident),
            syn::Item::Type(item) => Some(&item.ident),
            _ => None,
        };
        if let Some(ident) = ident {
            self.found.push((ident.to_string(), ident.span().start().line));
        }
        syn::visit::visit_item(self, item);
    }
}

#[test]
fn the_type_and_function_checks_read_the_code_as_the_compiler_does() {
    let code = "impl FromStr for Row { type Err = Bad; fn f() { type Local = u8; } }\n\
                #[cfg(test)]\npub(crate) trait Solver<T>\nwhere\n    T: Copy,\n{\n    type Item;\n}\n\
                struct Cells([u8; 4]);\nimpl Tidy for [u8; 4] { type Out = u8; }\n\
                mod inner { pub(super) type Alias = u8; enum Kind {} }\nfn union() {}\nunion Bits { a: u8 }";
    let names: Vec<String> = types_defined("test", code).into_iter().map(|(name, _)| name).collect();
    assert_eq!(names, ["Local", "Solver", "Cells", "Alias", "Kind", "Bits"]);
    assert_eq!(types_defined("test", "\n\nstruct Three;"), [("Three".to_string(), 3)]);
    let long = "fn outer() {\n    fn inner() {\n    }\n}\nimpl X {\n    fn method(&self) {}\n}\n";
    let mut finder = FunctionFinder::default();
    syn::visit::Visit::visit_file(&mut finder, &parse_rust("test", long));
    let found: Vec<(&str, usize, usize)> = finder.found.iter().map(|(n, f, l)| (n.as_str(), *f, *l)).collect();
    assert_eq!(found, [("outer", 1, 4), ("inner", 2, 2), ("method", 6, 1)]);
}

/// A type's name means one thing in the workspace: two types of one name (a private
/// `Grid` here, another there) make a search, a doc link or a reader guess
/// which is meant. Each is named for what it is in its module instead.
/// Alternatives chosen by `#[cfg]` count twice too: they can share one
/// definition whose parts differ.
#[test]
fn no_type_name_is_defined_twice() {
    let mut definitions: Vec<(String, String)> = Vec::new();
    for (file, code) in rust_sources(&[CORE, VIEW, NET, WEB, XTASK, BIN]) {
        for (name, line) in types_defined(&file, &code) {
            definitions.push((name, format!("{file}:{line}")));
        }
    }
    assert!(definitions.iter().any(|(name, _)| name == "Board"), "the types of the workspace are read");
    definitions.sort();
    let mut twice = Vec::new();
    for group in definitions.chunk_by(|a, b| a.0 == b.0).filter(|group| group.len() > 1) {
        let places: Vec<&str> = group.iter().map(|(_, place)| place.as_str()).collect();
        twice.push(format!("{}: {}", group[0].0, places.join(", ")));
    }
    assert!(
        twice.is_empty(),
        "every struct, enum, trait and type alias of the workspace has a name of its own (rename one for what it is in \
         its module); these are defined more than once:\n{}",
        twice.join("\n")
    );
}
