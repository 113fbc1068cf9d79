//! `cargo xtask site --out DIR`: the static site. Every page is the same
//! small HTML file (its `data-page` says which) that loads `site.js`; the
//! scripts and styles are the repository's `assets/web/` as they are, and
//! `fifteen.wasm` is `fifteen-web` built for `wasm32-unknown-unknown` with
//! the `web` profile.
//!
//! A page is written twice: `replay.html`, which a host that maps `/replay`
//! to `replay.html` serves (GitHub Pages does), and `replay/index.html`, which
//! a plain static server serves after redirecting `/replay?r=…` to
//! `/replay/?r=…` (Python's `http.server`, nginx, Apache). Each names the
//! other files relative to itself, so the site works under any path.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The pages: the file's name and its title.
const PAGES: [(&str, &str); 7] = [
    ("index", "fifteen: sliding-tile puzzles solved the way a person would"),
    ("solve", "fifteen: a board solved"),
    ("watch", "fifteen: a board solved"),
    ("replay", "fifteen: a replay coached"),
    ("session", "fifteen: a session coached"),
    ("play", "fifteen: play by hand"),
    ("train", "fifteen: train on your own weak lines"),
];

/// The scripts and styles, from `assets/web/`.
const ASSETS: [&str; 8] =
    ["viewer.js", "viewer.css", "site.js", "site.css", "worker.js", "play.js", "game.js", "train.js"];
/// The scripts a page loads only when it needs them (the play and training pages').
const LOADED_LATER: [&str; 3] = ["play.js", "game.js", "train.js"];

/// The module's name in DIR.
const WASM: &str = "fifteen.wasm";

/// What the pages may load: only the site's own files (no inline script
/// or style), the module compiled in the worker.
const POLICY: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; \
     style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'";

pub fn build(out: &Path) -> Result<(), String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask sits in the workspace");
    // The output first: a directory that cannot be made fails before the build.
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let wasm = build_wasm(root)?;
    let mut written = Vec::new();
    copy(&wasm, &out.join(WASM), &mut written)?;
    for asset in ASSETS {
        copy(&root.join("assets/web").join(asset), &out.join(asset), &mut written)?;
    }
    for (name, title) in PAGES {
        write(&out.join(format!("{name}.html")), &page(name, title, ""), &mut written)?;
        if name != "index" {
            let dir = out.join(name);
            std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            write(&dir.join("index.html"), &page(name, title, "../"), &mut written)?;
        }
    }
    // GitHub Pages serves the files as they are (no Jekyll).
    write(&out.join(".nojekyll"), "", &mut written)?;
    report(out, &written);
    Ok(())
}

/// Builds the module; its path.
fn build_wasm(root: &Path) -> Result<PathBuf, String> {
    let target = "wasm32-unknown-unknown";
    if !target_installed(target) {
        return Err(format!("the Rust target {target} is not installed: rustup target add {target}"));
    }
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let status = Command::new(&cargo)
        .current_dir(root)
        .args(["build", "--package", "fifteen-web", "--target", target, "--profile", "web"])
        .status()
        .map_err(|e| format!("{cargo}: {e}"))?;
    if !status.success() {
        return Err(format!("building fifteen-web for {target} failed ({status})"));
    }
    let target_dir = std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    Ok(target_dir.join(target).join("web").join("fifteen_web.wasm"))
}

/// Whether the toolchain has the standard library of `target`.
fn target_installed(target: &str) -> bool {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let Ok(output) = Command::new(rustc).args(["--print", "sysroot"]).output() else { return false };
    let sysroot = String::from_utf8_lossy(&output.stdout).trim().to_string();
    Path::new(&sysroot).join("lib/rustlib").join(target).is_dir()
}

/// The page `name`, its other files named with `prefix` (`../` in a
/// directory of its own).
fn page(name: &str, title: &str, prefix: &str) -> String {
    format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"{POLICY}\">\n\
         <title>{title}</title>\n\
         <link rel=\"stylesheet\" href=\"{prefix}viewer.css\">\n\
         <link rel=\"stylesheet\" href=\"{prefix}site.css\">\n\
         <link rel=\"modulepreload\" href=\"{prefix}viewer.js\">\n\
         </head>\n<body class=\"fifteen-viewer fifteen-site\" data-page=\"{name}\">\n\
         <noscript><p class=\"error\">fifteen runs in your browser: this page needs JavaScript.</p></noscript>\n\
         <script type=\"module\" src=\"{prefix}site.js\"></script>\n</body></html>\n"
    )
}

fn copy(from: &Path, to: &Path, written: &mut Vec<PathBuf>) -> Result<(), String> {
    std::fs::copy(from, to).map_err(|e| format!("{} → {}: {e}", from.display(), to.display()))?;
    written.push(to.to_path_buf());
    Ok(())
}

fn write(to: &Path, text: &str, written: &mut Vec<PathBuf>) -> Result<(), String> {
    std::fs::write(to, text).map_err(|e| format!("{}: {e}", to.display()))?;
    written.push(to.to_path_buf());
    Ok(())
}

/// Each file's size and gzipped size, and what a first visit downloads:
/// one page, the scripts and styles, and the module.
fn report(out: &Path, written: &[PathBuf]) {
    let (mut bytes, mut first_visit) = (0, 0);
    for path in written {
        let Ok(content) = std::fs::read(path) else { continue };
        let packed = gzipped(&content);
        bytes += content.len();
        let name = path.strip_prefix(out).unwrap_or(path).display().to_string();
        let fetched_first =
            name == "index.html" || name == WASM || ASSETS.iter().any(|a| *a == name && !LOADED_LATER.contains(a));
        if fetched_first {
            first_visit += packed;
        }
        if !name.contains('/') {
            println!("{name:>14} {:>9} bytes, {:>8} gzipped", content.len(), packed);
        }
    }
    println!(
        "{} files, {bytes} bytes, in {}; a first visit downloads {first_visit} bytes gzipped",
        written.len(),
        out.display()
    );
}

fn gzipped(bytes: &[u8]) -> usize {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(bytes).expect("writing to memory");
    encoder.finish().expect("writing to memory").len()
}
