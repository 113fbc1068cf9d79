//! The pattern-database cache files: written, mapped, refused when
//! damaged, built again.

use std::path::Path;

use super::file::{self as pdb_cache, Origin};
use crate::search::bfs;
use crate::search::optimal::{self, Entries, Heuristic, PatternSpec};
use crate::{Board, Moves, Scramble};

fn replays(board: &Board, moves: &Moves) {
    let mut replay = board.clone();
    replay.apply(moves).unwrap_or_else(|e| panic!("{e}\n{board}"));
    assert!(replay.is_solved(), "the moves solve the board\n{board}");
}

fn small_spec() -> PatternSpec {
    PatternSpec::new(3, 3, vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]], true).unwrap()
}

#[test]
fn the_7_8_spec_is_the_row_split_and_is_never_built_unasked() {
    let spec = PatternSpec::fifteen_78();
    assert_eq!(spec.partition(), "7-8");
    assert_eq!(spec.entries(), Entries::Nibbles);
    assert_eq!((spec.table_len(0), spec.table_len(1)), (57_657_600, 518_918_400));
    assert_eq!((spec.table_bytes(0), spec.table_bytes(1)), (28_828_800, 259_459_200));
    assert_eq!(PatternSpec::default_for(4, 4), Some(PatternSpec::fifteen_663()));
    // No file: nothing loaded, nothing built.
    let dir = tempfile::tempdir().unwrap();
    assert!(pdb_cache::load_if_present(&spec, dir.path()).unwrap().is_none());
    assert!(std::fs::read_dir(dir.path()).unwrap().next().is_none());
    // A damaged file is an error, not a build.
    std::fs::write(dir.path().join(pdb_cache::file_name(&spec)), b"FIFTEEN-PDB\n\x01\0\0\0").unwrap();
    let err = pdb_cache::load_if_present(&spec, dir.path()).unwrap_err();
    assert!(err.to_string().contains("truncated"), "{err}");
}

fn corrupt(path: &Path, how: &str) {
    let mut bytes = std::fs::read(path).unwrap();
    match how {
        "flip" => {
            let i = bytes.len() - 7;
            bytes[i] ^= 0x40;
        }
        "truncate" => bytes.truncate(bytes.len() / 2),
        "empty" => bytes.clear(),
        "garbage" => bytes = b"this is not a pattern database at all".to_vec(),
        _ => unreachable!(),
    }
    std::fs::write(path, bytes).unwrap();
}

#[test]
fn a_damaged_cache_is_rebuilt_with_a_reason_and_never_gives_a_wrong_answer() {
    let exact = bfs::distances_from_goal(3, 3).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let spec = small_spec();
    let first = pdb_cache::load_or_build(&spec, Some(dir.path()), 2, |_| {});
    assert_eq!(first.origin, Origin::Built);
    let path = first.path.clone().unwrap();
    assert!(path.starts_with(dir.path()));
    let good = std::fs::read(&path).unwrap();
    // Damage is done in place, which fifteen itself never does: no mapping
    // of the file may be alive meanwhile, so keep a copy and drop `first`.
    let first_tables: Vec<Vec<u8>> = first.database.tables().iter().map(|t| t.to_vec()).collect();
    drop(first);
    for how in ["flip", "truncate", "empty", "garbage"] {
        corrupt(&path, how);
        let loaded = pdb_cache::load_or_build(&spec, Some(dir.path()), 2, |_| {});
        let Origin::Rebuilt { reason } = &loaded.origin else { panic!("{how}: {:?}", loaded.origin) };
        assert!(!reason.is_empty());
        assert_eq!(loaded.database.tables(), first_tables, "{how}");
        assert_eq!(std::fs::read(&path).unwrap(), good, "{how}: the file is written again");
        for seed in 0..20 {
            let board = Board::scrambled(3, 3, Scramble::Uniform, seed).unwrap();
            let s = optimal::solve_with(&board, Heuristic::Patterns(&loaded.database), |_| {}).unwrap();
            assert_eq!(Some(s.moves.len() as u32), exact.distance(&board));
        }
        assert_eq!(pdb_cache::load_or_build(&spec, Some(dir.path()), 2, |_| {}).origin, Origin::Loaded);
    }
}

/// Three 5-tile groups of the 15-puzzle: 24 blocks of table, built in well
/// under a second.
fn three_fives() -> PatternSpec {
    PatternSpec::new(4, 4, vec![(1..=5).collect(), (6..=10).collect(), (11..=15).collect()], false).unwrap()
}

#[test]
#[ignore = "seconds: writes and damages mapped tables; CI runs it"]
fn a_mapped_table_is_refused_when_damaged_at_open_or_by_the_full_check() {
    let dir = tempfile::tempdir().unwrap();
    let spec = three_fives();
    let built = pdb_cache::load_or_build(&spec, Some(dir.path()), 2, |_| {});
    assert_eq!(built.origin, Origin::Built);
    assert!(built.database.is_shared(), "read back in place from the file just written");
    let path = built.path.clone().unwrap();
    drop(built);
    let good = std::fs::read(&path).unwrap();
    let header = good.len() - (0..3).map(|g| spec.table_bytes(g)).sum::<usize>();
    assert_eq!(header % 4096, 0, "the tables start on a page");
    assert!(pdb_cache::verify(&path, &spec).is_ok());
    let damaged = |at: usize| {
        let mut bytes = good.clone();
        bytes[at] ^= 0x10;
        std::fs::write(&path, bytes).unwrap();
    };
    // The header, the first and last byte of the tables, the goal's entry:
    // refused at every open, without reading the whole file.
    for at in [12, 30, 60, header, good.len() - 1, header + spec.goal_entry_byte(0)] {
        damaged(at);
        let err = pdb_cache::open(&path, &spec).unwrap_err().to_string();
        assert!(err.contains(".v2.bin: "), "byte {at}: names the file: {err}");
    }
    // Any byte of any block: refused by the full check.
    for at in (header..good.len()).step_by(65_536 / 3) {
        damaged(at);
        let err = pdb_cache::verify(&path, &spec).unwrap_err().to_string();
        assert!(err.contains("checksum of block"), "byte {at}: {err}");
    }
    // A file of the same spec's size but another spec's key: foreign.
    std::fs::write(&path, &good).unwrap();
    let other =
        PatternSpec::new(4, 4, vec![(1..=5).collect(), (11..=15).collect(), (6..=10).collect()], false).unwrap();
    let err = pdb_cache::open(&path, &other).unwrap_err().to_string();
    assert!(err.contains("built for"), "{err}");
    let db = pdb_cache::open(&path, &spec).unwrap();
    let board = Board::scrambled(4, 4, Scramble::Walk(30), 5).unwrap();
    let s = optimal::solve_with(&board, Heuristic::Patterns(&db), |_| {}).unwrap();
    replays(&board, &s.moves);
}

#[test]
fn a_cache_that_never_builds_near_tables_finds_only_those_on_disk() {
    use super::{TableCache, Tables, TablesError};
    let dir = tempfile::tempdir().unwrap();
    let kept_only = TableCache::new(Some(dir.path().to_path_buf()), 2).never_building_near();
    assert_eq!(kept_only.near(3, 6).unwrap_err(), TablesError::NotBuilt { rows: 3, cols: 6 });
    assert!(std::fs::read_dir(dir.path()).unwrap().next().is_none(), "nothing was built");
    // Built by a cache that builds, the same directory's tables are found.
    let building = TableCache::new(Some(dir.path().to_path_buf()), 2);
    building.near(3, 6).unwrap();
    let built = building.account(true, 3, 6).unwrap();
    assert_eq!(built.origin, super::TablesOrigin::Built);
    assert!(built.to_string().contains(" built, saved to "), "{built}");
    kept_only.near(3, 6).unwrap();
    let account = kept_only.account(true, 3, 6).unwrap();
    assert_eq!((account.origin, account.path.as_ref()), (super::TablesOrigin::Mapped, built.path.as_ref()));
    assert!(account.to_string().contains(" mapped from "), "{account}");
}
