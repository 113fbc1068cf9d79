//! Pattern databases saved between runs: the library's only file I/O, kept
//! here and out of the solver, which only ever sees a [`PatternDatabase`].
//!
//! A cache file is a header and the tables:
//!
//! | bytes | holds |
//! |---|---|
//! | 12 | `FIFTEEN-PDB\n` |
//! | 4 | format version (1), little-endian |
//! | 4 + k | length and text of the spec's [`key`](PatternSpec::key) |
//! | 4 + 8·t | number of tables and each table's length in bytes |
//! | 8 | checksum of the key and the tables |
//! | … | the tables, one byte per entry, or two entries a byte for [`Entries::Nibbles`](super::optimal::Entries) |
//!
//! Anything that does not match (a missing or truncated file, another
//! version or spec, a checksum that differs, a table that does not give the
//! goal 0) is reported and the tables are rebuilt and saved again, so a
//! damaged cache costs time, never a wrong answer.
//!
//! ```
//! use fifteen::search::optimal::PatternSpec;
//! use fifteen::search::pdb_cache::{self, Origin};
//!
//! let dir = std::env::temp_dir().join(format!("fifteen-doc-{}", std::process::id()));
//! let spec = PatternSpec::new(2, 3, vec![vec![1, 2, 3], vec![4, 5]], false).unwrap();
//! let first = pdb_cache::load_or_build(&spec, Some(&dir), |_| {});
//! assert_eq!(first.origin, Origin::Built);
//! let again = pdb_cache::load_or_build(&spec, Some(&dir), |_| {});
//! assert_eq!(again.origin, Origin::Loaded);
//! assert_eq!(again.database.tables(), first.database.tables());
//! # std::fs::remove_dir_all(&dir).unwrap();
//! ```

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use super::optimal::{BuildProgress, PatternDatabase, PatternSpec};

const MAGIC: &[u8; 12] = b"FIFTEEN-PDB\n";

/// The cache file format's version.
pub const FORMAT_VERSION: u32 = 1;

/// Why a cache file could not be used or written.
#[derive(Debug, thiserror::Error)]
pub enum CacheError {
    /// Reading or writing the file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// The file is not a cache of this spec, or is damaged.
    #[error("{path}: {reason}")]
    Invalid {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
}

/// Where the tables of a [`Loaded`] came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Read from the cache file.
    Loaded,
    /// Built: there was no cache file (or no cache directory).
    Built,
    /// Built again because the cache file could not be used.
    Rebuilt {
        /// What was wrong with the file.
        reason: String,
    },
}

/// A pattern database and how it was obtained.
#[derive(Debug)]
pub struct Loaded {
    /// The tables.
    pub database: PatternDatabase,
    /// The cache file used or written, if there is a cache directory.
    pub path: Option<PathBuf>,
    /// Read or built.
    pub origin: Origin,
    /// Set when freshly built tables could not be saved.
    pub save_error: Option<CacheError>,
}

/// `$XDG_CACHE_HOME/fifteen`, else `$HOME/.cache/fifteen`.
pub fn default_dir() -> Option<PathBuf> {
    let nonempty = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    nonempty("XDG_CACHE_HOME")
        .filter(|p| p.is_absolute())
        .or_else(|| nonempty("HOME").map(|home| home.join(".cache")))
        .map(|base| base.join("fifteen"))
}

/// The cache file's name for a spec: `pdb-4x4-<hash of the key>.v1.bin`.
pub fn file_name(spec: &PatternSpec) -> String {
    format!("pdb-{}x{}-{:016x}.v{FORMAT_VERSION}.bin", spec.rows(), spec.cols(), checksum(&[spec.key().as_bytes()]))
}

/// Reads the tables of `spec` from `dir`, or builds them (calling `progress`)
/// and saves them there when the file is missing or unusable. With no
/// directory the tables are built and not saved.
pub fn load_or_build(spec: &PatternSpec, dir: Option<&Path>, progress: impl FnMut(BuildProgress)) -> Loaded {
    let Some(dir) = dir else {
        let database = PatternDatabase::build(spec.clone(), progress);
        return Loaded { database, path: None, origin: Origin::Built, save_error: None };
    };
    let path = dir.join(file_name(spec));
    let origin = match read(&path, spec) {
        Ok(database) => return Loaded { database, path: Some(path), origin: Origin::Loaded, save_error: None },
        Err(CacheError::Io { source, .. }) if source.kind() == std::io::ErrorKind::NotFound => Origin::Built,
        Err(err) => Origin::Rebuilt { reason: err.to_string() },
    };
    let database = PatternDatabase::build(spec.clone(), progress);
    let save_error = write(&path, &database).err();
    Loaded { database, path: Some(path), origin, save_error }
}

/// Reads and checks a cache file.
pub fn read(path: &Path, spec: &PatternSpec) -> Result<PatternDatabase, CacheError> {
    let file = std::fs::File::open(path).map_err(|source| CacheError::Io { path: path.to_path_buf(), source })?;
    decode_from(std::io::BufReader::new(file), spec)
        .map_err(|reason| CacheError::Invalid { path: path.to_path_buf(), reason })
}

/// The tables of `spec` from `dir` if its cache file is there: `Ok(None)`
/// when there is no such file, an error when it cannot be used. Never
/// builds (for tables too big to build unasked, like
/// [`PatternSpec::fifteen_78`]).
pub fn load_if_present(spec: &PatternSpec, dir: &Path) -> Result<Option<PatternDatabase>, CacheError> {
    match read(&dir.join(file_name(spec)), spec) {
        Ok(database) => Ok(Some(database)),
        Err(CacheError::Io { source, .. }) if source.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(err) => Err(err),
    }
}

/// Writes a cache file (through a temporary file renamed into place, so a
/// reader never sees half a file).
pub fn write(path: &Path, database: &PatternDatabase) -> Result<(), CacheError> {
    let io = |source| CacheError::Io { path: path.to_path_buf(), source };
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(io)?;
    }
    let temp = path.with_extension(format!("tmp{}", std::process::id()));
    let result = (|| {
        let mut file = std::io::BufWriter::new(std::fs::File::create(&temp)?);
        file.write_all(&encode_header(database))?;
        for table in database.tables() {
            file.write_all(table)?;
        }
        file.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        std::fs::rename(&temp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result.map_err(io)
}

fn encode_header(database: &PatternDatabase) -> Vec<u8> {
    let key = database.spec().key();
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.extend_from_slice(&(key.len() as u32).to_le_bytes());
    out.extend_from_slice(key.as_bytes());
    out.extend_from_slice(&(database.tables().len() as u32).to_le_bytes());
    for table in database.tables() {
        out.extend_from_slice(&(table.len() as u64).to_le_bytes());
    }
    let mut parts: Vec<&[u8]> = vec![key.as_bytes()];
    parts.extend(database.tables().iter().map(Vec::as_slice));
    out.extend_from_slice(&checksum(&parts).to_le_bytes());
    out
}

/// The whole file in memory: header then tables.
pub fn encode(database: &PatternDatabase) -> Vec<u8> {
    let mut out = encode_header(database);
    for table in database.tables() {
        out.extend_from_slice(table);
    }
    out
}

/// Checks and unpacks a cache file's bytes, or says what is wrong.
pub fn decode(bytes: &[u8], spec: &PatternSpec) -> Result<PatternDatabase, String> {
    decode_from(bytes, spec)
}

/// The longest spec key a header may announce.
const MAX_KEY_LEN: usize = 4096;

/// [`decode`] from a reader, each table read straight into its own buffer
/// (a 7-8 cache holds 288 MB).
fn decode_from(mut reader: impl Read, spec: &PatternSpec) -> Result<PatternDatabase, String> {
    let mut take = |n: usize, what: &str| -> Result<Vec<u8>, String> {
        let mut buf = vec![0u8; n];
        reader.read_exact(&mut buf).map_err(|e| match e.kind() {
            std::io::ErrorKind::UnexpectedEof => format!("truncated in the {what}"),
            _ => format!("cannot read the {what}: {e}"),
        })?;
        Ok(buf)
    };
    if take(MAGIC.len(), "header")? != MAGIC {
        return Err("not a fifteen pattern database".into());
    }
    let u32_at = |b: &[u8]| u32::from_le_bytes(b.try_into().expect("4 bytes"));
    let u64_at = |b: &[u8]| u64::from_le_bytes(b.try_into().expect("8 bytes"));
    let version = u32_at(&take(4, "header")?);
    if version != FORMAT_VERSION {
        return Err(format!("format version {version}, expected {FORMAT_VERSION}"));
    }
    let key_len = u32_at(&take(4, "header")?) as usize;
    if key_len > MAX_KEY_LEN {
        return Err(format!("a {key_len}-byte partition key in the header"));
    }
    let key = take(key_len, "header")?;
    if key != spec.key().as_bytes() {
        return Err(format!("built for `{}`, not `{}`", String::from_utf8_lossy(&key), spec.key()));
    }
    let count = u32_at(&take(4, "header")?) as usize;
    if count != spec.groups().len() {
        return Err(format!("{count} tables, expected {}", spec.groups().len()));
    }
    let mut lengths = Vec::with_capacity(count);
    for g in 0..count {
        let len = u64_at(&take(8, "header")?);
        if len != spec.table_bytes(g) as u64 {
            return Err(format!("table {g} has {len} bytes, expected {}", spec.table_bytes(g)));
        }
        lengths.push(len as usize);
    }
    let expected = u64_at(&take(8, "header")?);
    let mut tables = Vec::with_capacity(count);
    for (g, &len) in lengths.iter().enumerate() {
        tables.push(take(len, &format!("table {g}"))?);
    }
    let past = std::io::copy(&mut reader, &mut std::io::sink()).map_err(|e| format!("cannot read the end: {e}"))?;
    if past != 0 {
        return Err(format!("{past} bytes past the last table"));
    }
    let mut parts: Vec<&[u8]> = vec![&key];
    parts.extend(tables.iter().map(Vec::as_slice));
    let found = checksum(&parts);
    if found != expected {
        return Err(format!("checksum {found:016x} does not match the header's {expected:016x}"));
    }
    PatternDatabase::from_tables(spec.clone(), tables).map_err(|e| e.to_string())
}

/// A 64-bit checksum of some byte strings (FNV-1a style over 8-byte words,
/// lengths included). Any change to one word always changes it: each step
/// is a bijection of the running value.
fn checksum(parts: &[&[u8]]) -> u64 {
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut mix = |w: u64| h = (h ^ w).wrapping_mul(PRIME).rotate_left(29);
    for part in parts {
        mix(part.len() as u64);
        let mut words = part.chunks_exact(8);
        for w in &mut words {
            mix(u64::from_le_bytes(w.try_into().expect("8 bytes")));
        }
        let mut last = [0u8; 8];
        last[..words.remainder().len()].copy_from_slice(words.remainder());
        mix(u64::from_le_bytes(last));
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec() -> PatternSpec {
        PatternSpec::new(3, 3, vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]], true).unwrap()
    }

    #[test]
    fn encode_then_decode_is_the_same_database() {
        let db = PatternDatabase::build(spec(), |_| {});
        let bytes = encode(&db);
        let back = decode(&bytes, &spec()).unwrap();
        assert_eq!(back.tables(), db.tables());
    }

    #[test]
    fn every_kind_of_damage_is_named() {
        let db = PatternDatabase::build(spec(), |_| {});
        let bytes = encode(&db);
        assert!(decode(&bytes[..bytes.len() - 1], &spec()).unwrap_err().contains("truncated"));
        assert!(decode(&bytes[..10], &spec()).unwrap_err().contains("truncated"));
        let mut flipped = bytes.clone();
        let last = flipped.len() - 100;
        flipped[last] ^= 1;
        assert!(decode(&flipped, &spec()).unwrap_err().contains("checksum"));
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(decode(&longer, &spec()).unwrap_err().contains("past the last table"));
        let other = PatternSpec::new(3, 3, vec![vec![1, 2, 3], vec![4, 5, 6, 7, 8]], true).unwrap();
        assert!(decode(&bytes, &other).unwrap_err().contains("built for"));
        assert!(decode(b"hello", &spec()).unwrap_err().contains("truncated"));
        assert!(decode(b"hello, world, hi", &spec()).unwrap_err().contains("not a fifteen"));
    }

    #[test]
    fn four_bit_tables_round_trip_and_their_damage_is_named() {
        let nibbles = || spec().with_entries(crate::search::optimal::Entries::Nibbles);
        let db = PatternDatabase::build(nibbles(), |_| {});
        assert_eq!(db.size_bytes(), 2 * (9 * 8 * 7 * 6usize).div_ceil(2));
        let bytes = encode(&db);
        assert_eq!(decode(&bytes, &nibbles()).unwrap().tables(), db.tables());
        assert!(decode(&bytes, &spec()).unwrap_err().contains("built for"));
        assert!(decode(&bytes[..bytes.len() - 3], &nibbles()).unwrap_err().contains("truncated"));
        assert_ne!(file_name(&nibbles()), file_name(&spec()));
    }

    #[test]
    fn the_checksum_sees_moved_bytes() {
        assert_ne!(checksum(&[b"ab", b"c"]), checksum(&[b"a", b"bc"]));
        assert_ne!(checksum(&[&[0u8; 9]]), checksum(&[&[0u8; 8]]));
    }
}
