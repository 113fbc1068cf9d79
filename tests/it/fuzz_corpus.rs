//! The fuzz targets (`fuzz/src/targets.rs`, included as it is) on every input
//! the repository keeps: each target's corpus of real inputs
//! (`fuzz/corpus/NAME`) and every input the fuzzer ever found a crash or a
//! hang with (`fuzz/regressions/NAME`), so a bug it found stays fixed. The
//! fuzzing itself is `fuzz/run` (docs/fuzzing.md).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

#[path = "../../fuzz/src/targets.rs"]
#[allow(dead_code)]
mod targets;

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz")
}

/// The files in `dir`, sorted; none when it does not exist.
fn inputs(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries.map(|e| e.unwrap().path()).filter(|p| p.is_file()).collect();
    files.sort();
    files
}

/// Runs `check` on the file, failing with the file's name on a panic or when
/// it takes longer than a hang would.
fn run_one(name: &str, check: targets::Check, file: &Path) {
    let bytes = std::fs::read(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let started = Instant::now();
    let outcome = std::panic::catch_unwind(|| check(&bytes));
    let took = started.elapsed();
    assert!(outcome.is_ok(), "fuzz target {name} panics on {}", file.display());
    assert!(took < Duration::from_secs(2), "fuzz target {name} took {took:?} on {}", file.display());
}

#[test]
fn every_target_passes_its_corpus_and_every_input_it_once_failed_on() {
    let mut names = Vec::new();
    for (name, check) in targets::all() {
        let corpus = inputs(&fuzz_dir().join("corpus").join(name));
        assert!(!corpus.is_empty(), "fuzz/corpus/{name} needs real inputs to start from");
        let regressions = inputs(&fuzz_dir().join("regressions").join(name));
        for file in corpus.iter().chain(&regressions) {
            run_one(name, check, file);
        }
        eprintln!("fuzz target {name}: {} corpus inputs, {} regressions", corpus.len(), regressions.len());
        names.push(name);
    }
    // A corpus or regression folder no target reads is a target lost.
    for kind in ["corpus", "regressions"] {
        for dir in std::fs::read_dir(fuzz_dir().join(kind)).into_iter().flatten() {
            let dir = dir.unwrap().file_name().to_string_lossy().into_owned();
            let known = names.contains(&dir.as_str()) || (cfg!(not(feature = "net")) && dir == "ws_message");
            assert!(known, "fuzz/{kind}/{dir} belongs to no fuzz target");
        }
    }
}

#[test]
fn the_pattern_database_corpus_is_a_file_fifteen_writes_today() {
    // The header target starts from a real file; when the format changes,
    // FIFTEEN_FUZZ_BLESS=1 writes the new one.
    let path = fuzz_dir().join("corpus/pdb_header/2x3-3-2.pdb");
    let file = targets::pdb_file();
    if std::env::var("FIFTEEN_FUZZ_BLESS").is_ok_and(|v| v == "1") {
        std::fs::write(&path, &file).unwrap();
    }
    let stored = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert!(stored == file, "{} is not what fifteen writes now: rerun with FIFTEEN_FUZZ_BLESS=1", path.display());
    targets::pdb_header(&file);
}
