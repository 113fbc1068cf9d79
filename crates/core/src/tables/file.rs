//! Pattern databases saved between runs: the library's only file I/O, kept
//! here and out of the solver, which only ever sees a [`PatternDatabase`].
//!
//! A cache file is read in place: it is mapped read-only into memory
//! (`memmap2`), so the tables are not copied, a process pays only for the
//! pages its searches touch, and any number of processes solving at once
//! share one copy of the file in the operating system's page cache.
//!
//! The file is a header and the tables (format 2):
//!
//! | bytes | holds |
//! |---|---|
//! | 12 | `FIFTEEN-PDB\n` |
//! | 4 | format version (2), little-endian like every number here |
//! | 4 | header length h, a multiple of 4096, so the tables start on a page |
//! | 4 + k | length and text of the spec's [`key`](PatternSpec::key) |
//! | 4 + 8·t | number of tables and each table's length in bytes |
//! | 4 + 4 + 8·b | block size (64 KiB), number of blocks b, and a checksum of each block of the tables |
//! | 8 | checksum of the header up to here |
//! | … | zeros up to h |
//! | … | the tables, one after the other: one byte an entry, or two entries a byte for [`Entries::Nibbles`](super::optimal::Entries) |
//!
//! Opening a file checks what can be checked without reading it all: the
//! header and its checksum, the exact file size, the goal's entry in each
//! table, and the checksums of a fixed sample of blocks (each table's first
//! and last, the goal's, and 16 spread over the file: about 1.5 MB of a
//! 288 MB file). A foreign file, another version or spec, a truncated or
//! overwritten file is refused with the reason. [`verify`] checks every
//! block; `fifteen pdb build` runs it on a file that is already there.
//!
//! Files are written to a temporary name in the same directory and renamed
//! into place, never changed in place, so a reader (or a mapping) never
//! sees half a file. A file refused on opening is reported and, for tables
//! built at first use, rebuilt and saved again. What opening does not read
//! is not checked: a block damaged outside the sample (a disk error, an
//! edit by hand) gives wrong bounds, so the optimal solver may answer
//! longer than the optimum, until [`verify`] (`fifteen pdb build`) finds
//! it.

use std::fs::File;
use std::io::Write;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use memmap2::Mmap;

use crate::search::optimal::{BuildProgress, PatternDatabase, PatternSpec, SharedBytes};

const MAGIC: &[u8; 12] = b"FIFTEEN-PDB\n";

/// The cache file format's version.
pub(crate) const FORMAT_VERSION: u32 = 2;

/// Bytes of tables covered by one block checksum.
const BLOCK: usize = 1 << 16;

/// The header is padded to a multiple of this, so the tables start on a page.
const HEADER_ALIGN: usize = 4096;

/// Blocks spread evenly over the file whose checksums are checked at every open.
const SPREAD_SAMPLES: usize = 16;

/// The longest spec key a header may announce.
const MAX_KEY_LEN: usize = 4096;

/// Why a cache file could not be used or written.
#[derive(Debug, thiserror::Error)]
pub(crate) enum CacheError {
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

impl CacheError {
    /// Whether the file is simply not there.
    pub fn is_missing(&self) -> bool {
        matches!(self, CacheError::Io { source, .. } if source.kind() == std::io::ErrorKind::NotFound)
    }
}

/// Where the tables of a [`Loaded`] came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Origin {
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
pub(crate) struct Loaded {
    /// The tables.
    pub database: PatternDatabase,
    /// The cache file used or written, if there is a cache directory.
    pub path: Option<PathBuf>,
    /// Read or built.
    pub origin: Origin,
    /// Set when freshly built tables could not be saved.
    pub save_error: Option<CacheError>,
}

/// The cache file's name for a spec: `pdb-4x4-<hash of the key>.v2.bin`.
pub(crate) fn file_name(spec: &PatternSpec) -> String {
    format!("pdb-{}x{}-{:016x}.v{FORMAT_VERSION}.bin", spec.rows(), spec.cols(), checksum(&[spec.key().as_bytes()]))
}

/// Opens the tables of `spec` from `dir`, or builds them (on up to
/// `threads` threads, calling `progress`) and saves them there when the
/// file is missing or unusable. With no directory the tables are built and
/// not saved.
pub(crate) fn load_or_build(
    spec: &PatternSpec,
    dir: Option<&Path>,
    threads: usize,
    progress: impl FnMut(BuildProgress),
) -> Loaded {
    let Some(dir) = dir else {
        let database = PatternDatabase::build(spec.clone(), threads, progress);
        return Loaded { database, path: None, origin: Origin::Built, save_error: None };
    };
    let path = dir.join(file_name(spec));
    let origin = match open(&path, spec) {
        Ok(database) => return Loaded { database, path: Some(path), origin: Origin::Loaded, save_error: None },
        Err(err) if err.is_missing() => Origin::Built,
        Err(err) => Origin::Rebuilt { reason: err.to_string() },
    };
    let built = PatternDatabase::build(spec.clone(), threads, progress);
    match write(&path, &built) {
        // Read the fresh file back in place, like every later run: the
        // built copy is freed and the pages are shared with other processes.
        Ok(()) => match open(&path, spec) {
            Ok(database) => Loaded { database, path: Some(path), origin, save_error: None },
            Err(err) => Loaded { database: built, path: Some(path), origin, save_error: Some(err) },
        },
        Err(err) => Loaded { database: built, path: Some(path), origin, save_error: Some(err) },
    }
}

/// Maps a cache file and checks it cheaply (header, size, the goal's
/// entries, a sample of block checksums; see the module documentation).
pub(crate) fn open(path: &Path, spec: &PatternSpec) -> Result<PatternDatabase, CacheError> {
    open_checked(path, spec, Check::Sampled)
}

/// Maps a cache file and checks every block's checksum (reads it all).
pub(crate) fn verify(path: &Path, spec: &PatternSpec) -> Result<PatternDatabase, CacheError> {
    open_checked(path, spec, Check::Full)
}

fn open_checked(path: &Path, spec: &PatternSpec, check: Check) -> Result<PatternDatabase, CacheError> {
    let invalid = |reason: String| CacheError::Invalid { path: path.to_path_buf(), reason };
    let file = File::open(path).map_err(|source| CacheError::Io { path: path.to_path_buf(), source })?;
    let len = file.metadata().map_err(|source| CacheError::Io { path: path.to_path_buf(), source })?.len();
    if len < (MAGIC.len() + 8) as u64 {
        // Mapping an empty file fails; a file this short is no cache anyway.
        return Err(invalid("truncated in the header".into()));
    }
    let map = map_read_only(&file).map_err(|source| CacheError::Io { path: path.to_path_buf(), source })?;
    // Lookups jump all over the tables, so page-table reach matters: ask
    // for huge pages where the kernel can back a file mapping with them.
    // Only a hint; without it the mapping works the same.
    #[cfg(target_os = "linux")]
    let _ = map.advise(memmap2::Advice::HugePage);
    let ranges = check_bytes(&map, spec, check).map_err(invalid)?;
    let bytes: SharedBytes = Arc::new(map);
    PatternDatabase::from_shared(spec.clone(), bytes, ranges).map_err(|e| invalid(e.to_string()))
}

/// Maps a whole cache file read-only.
#[allow(unsafe_code)]
fn map_read_only(file: &File) -> std::io::Result<Mmap> {
    // SAFETY: `Mmap::map` is unsafe because the mapped bytes may change, or
    // vanish, if the file is modified while mapped. The rule that keeps this
    // sound: fifteen never modifies a cache file in place. Files are written
    // whole under a temporary name and renamed over the old one ([`write`]);
    // a rename replaces the directory entry, while this mapping keeps the
    // old file's data alive until it is dropped. The mapping is read-only
    // and only ever read as plain bytes, for which any content is valid (a
    // wrong byte gives a wrong bound, which the checks at open catch for
    // damage that is already there). What no process can prevent is
    // another program truncating the file in place while it is mapped: a
    // read past the new end then kills the process with SIGBUS. That needs
    // someone writing into fifteen's own cache directory behind its back,
    // and it ends the process instead of giving a wrong answer, which is
    // acceptable for a cache.
    unsafe { Mmap::map(file) }
}

/// The tables of `spec` from `dir` if its cache file is there: `Ok(None)`
/// when there is no such file, an error when it cannot be used. Never
/// builds (for tables too big to build unasked, like
/// [`PatternSpec::fifteen_78`]).
pub(crate) fn load_if_present(spec: &PatternSpec, dir: &Path) -> Result<Option<PatternDatabase>, CacheError> {
    match open(&dir.join(file_name(spec)), spec) {
        Ok(database) => Ok(Some(database)),
        Err(err) if err.is_missing() => Ok(None),
        Err(err) => Err(err),
    }
}

/// Writes a cache file through a temporary file in the same directory,
/// renamed into place, so a reader never sees half a file and a file in use
/// is never changed under its mappings. Temporary files left by writers
/// that were killed are removed first.
pub(crate) fn write(path: &Path, database: &PatternDatabase) -> Result<(), CacheError> {
    let header = encode_header(database);
    let tables = database.tables();
    let parts: Vec<&[u8]> = std::iter::once(&header[..]).chain(tables.iter().copied()).collect();
    write_replacing(path, &parts)
}

/// Writes `parts`, one after the other, as the file at `path`: through a
/// temporary file in the same directory renamed into place (see [`write()`]),
/// the directory made first if need be. Any cache file of fifteen's is
/// written so.
pub(crate) fn write_replacing(path: &Path, parts: &[&[u8]]) -> Result<(), CacheError> {
    let io = |source| CacheError::Io { path: path.to_path_buf(), source };
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(io)?;
    }
    remove_abandoned_temporaries(path);
    let temp = temporary_name(path, std::process::id());
    let result = (|| {
        let mut file = std::io::BufWriter::with_capacity(1 << 20, File::create(&temp)?);
        for part in parts {
            file.write_all(part)?;
        }
        file.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        std::fs::rename(&temp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result.map_err(io)
}

/// `<file>.tmp<process id>`.
fn temporary_name(path: &Path, pid: u32) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(format!(".tmp{pid}"));
    path.with_file_name(name)
}

/// Removes `<file>.tmp<pid>` files whose writer is gone (on systems with
/// `/proc`; elsewhere nothing is removed, since a live writer cannot be
/// told from a dead one).
fn remove_abandoned_temporaries(path: &Path) {
    let (Some(dir), Some(name)) = (path.parent(), path.file_name().and_then(|n| n.to_str())) else { return };
    if !Path::new("/proc/self").exists() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let prefix = format!("{name}.tmp");
    for entry in entries.flatten() {
        let file = entry.file_name();
        let Some(pid) = file.to_str().and_then(|f| f.strip_prefix(&prefix)).and_then(|p| p.parse::<u32>().ok()) else {
            continue;
        };
        if !Path::new(&format!("/proc/{pid}")).exists() {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

fn encode_header(database: &PatternDatabase) -> Vec<u8> {
    let key = database.spec().key();
    let tables = database.tables();
    let data_len: usize = tables.iter().map(|t| t.len()).sum();
    let blocks = data_len.div_ceil(BLOCK);
    let fixed = MAGIC.len() + 4 + 4 + 4 + key.len() + 4 + 8 * tables.len() + 4 + 4 + 8 * blocks + 8;
    let header_len = fixed.next_multiple_of(HEADER_ALIGN);
    let mut out = Vec::with_capacity(header_len);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.extend_from_slice(&(header_len as u32).to_le_bytes());
    out.extend_from_slice(&(key.len() as u32).to_le_bytes());
    out.extend_from_slice(key.as_bytes());
    out.extend_from_slice(&(tables.len() as u32).to_le_bytes());
    for table in &tables {
        out.extend_from_slice(&(table.len() as u64).to_le_bytes());
    }
    out.extend_from_slice(&(BLOCK as u32).to_le_bytes());
    out.extend_from_slice(&(blocks as u32).to_le_bytes());
    let mut joined = Vec::new();
    for block in 0..blocks {
        let pieces = slices(&tables, block * BLOCK..((block + 1) * BLOCK).min(data_len));
        // A block is checked as one run of bytes, wherever the tables meet.
        let sum = match pieces[..] {
            [one] => checksum(&[one]),
            _ => {
                joined.clear();
                pieces.iter().for_each(|p| joined.extend_from_slice(p));
                checksum(&[&joined])
            }
        };
        out.extend_from_slice(&sum.to_le_bytes());
    }
    let sum = checksum(&[&out]);
    out.extend_from_slice(&sum.to_le_bytes());
    out.resize(header_len, 0);
    out
}

/// The pieces of the concatenated tables that make up `range`.
fn slices<'a>(tables: &[&'a [u8]], range: Range<usize>) -> Vec<&'a [u8]> {
    let mut out = Vec::new();
    let mut start = 0;
    for table in tables {
        let end = start + table.len();
        let (from, to) = (range.start.max(start), range.end.min(end));
        if from < to {
            out.push(&table[from - start..to - start]);
        }
        start = end;
    }
    out
}

/// The whole file in memory: header then tables.
pub(crate) fn encode(database: &PatternDatabase) -> Vec<u8> {
    let mut out = encode_header(database);
    for table in database.tables() {
        out.extend_from_slice(table);
    }
    out
}

/// Checks a whole cache file's bytes (every block) and wraps them, or says
/// what is wrong.
#[cfg(any(test, feature = "fuzzing"))]
pub(crate) fn decode(bytes: &[u8], spec: &PatternSpec) -> Result<PatternDatabase, String> {
    decode_owned(bytes.to_vec(), spec)
}

/// [`decode`], the tables read in place from `bytes`, not copied.
pub(crate) fn decode_owned(bytes: Vec<u8>, spec: &PatternSpec) -> Result<PatternDatabase, String> {
    let ranges = check_bytes(&bytes, spec, Check::Full)?;
    PatternDatabase::from_shared(spec.clone(), Arc::new(bytes), ranges).map_err(|e| e.to_string())
}

/// How many block checksums to compare.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Check {
    /// A fixed sample (cheap, at every open).
    Sampled,
    /// Every block.
    Full,
}

/// Reads a header field by field, naming what is missing.
struct Fields<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Fields<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], String> {
        let end = self.at.checked_add(n).filter(|&end| end <= self.bytes.len()).ok_or("truncated in the header")?;
        let out = &self.bytes[self.at..end];
        self.at = end;
        Ok(out)
    }

    fn u32(&mut self) -> Result<u32, String> {
        Ok(u32::from_le_bytes(self.take(4)?.try_into().expect("4 bytes")))
    }

    fn u64(&mut self) -> Result<u64, String> {
        Ok(u64::from_le_bytes(self.take(8)?.try_into().expect("8 bytes")))
    }
}

/// Checks a cache file's bytes against `spec`; returns where each table lies.
fn check_bytes(bytes: &[u8], spec: &PatternSpec, check: Check) -> Result<Vec<Range<usize>>, String> {
    let mut f = Fields { bytes, at: 0 };
    if f.take(MAGIC.len())? != MAGIC {
        return Err("not a fifteen pattern database".into());
    }
    let version = f.u32()?;
    if version != FORMAT_VERSION {
        return Err(format!("format version {version}, expected {FORMAT_VERSION}"));
    }
    let header_len = f.u32()? as usize;
    let key_len = f.u32()? as usize;
    if key_len > MAX_KEY_LEN {
        return Err(format!("a {key_len}-byte partition key in the header"));
    }
    let key = f.take(key_len)?;
    if key != spec.key().as_bytes() {
        return Err(format!("built for `{}`, not `{}`", String::from_utf8_lossy(key), spec.key()));
    }
    let count = f.u32()? as usize;
    if count != spec.groups().len() {
        return Err(format!("{count} tables, expected {}", spec.groups().len()));
    }
    let mut ranges = Vec::with_capacity(count);
    let mut start = header_len;
    for g in 0..count {
        let len = f.u64()?;
        if len != spec.table_bytes(g) as u64 {
            return Err(format!("table {g} has {len} bytes, expected {}", spec.table_bytes(g)));
        }
        ranges.push(start..start + len as usize);
        start += len as usize;
    }
    let data_len = start - header_len;
    let block = f.u32()? as usize;
    let blocks = f.u32()? as usize;
    if block != BLOCK || blocks != data_len.div_ceil(BLOCK) {
        return Err(format!("{blocks} blocks of {block} bytes, expected {} of {BLOCK}", data_len.div_ceil(BLOCK)));
    }
    let sums: Vec<u64> = (0..blocks).map(|_| f.u64()).collect::<Result<_, _>>()?;
    let covered = f.at;
    let expected = f.u64()?;
    let found = checksum(&[&bytes[..covered]]);
    if found != expected {
        return Err(format!("header checksum {found:016x} does not match the stored {expected:016x}"));
    }
    if header_len < f.at || !header_len.is_multiple_of(HEADER_ALIGN) {
        return Err(format!("a header length of {header_len} bytes"));
    }
    if bytes.len() < start {
        return Err(format!(
            "truncated: {} bytes of tables, expected {data_len}",
            bytes.len().saturating_sub(header_len)
        ));
    }
    if bytes.len() > start {
        return Err(format!("{} bytes past the last table", bytes.len() - start));
    }
    // The padding is not under the header's checksum: zeros, as written, or
    // the file is not one fifteen wrote.
    if let Some(at) = bytes[f.at..header_len].iter().position(|&b| b != 0) {
        return Err(format!("byte {} of the header's padding is not zero", f.at + at));
    }
    let data = &bytes[header_len..];
    let damaged = |b: usize| checksum(&[&data[b * BLOCK..((b + 1) * BLOCK).min(data_len)]]) != sums[b];
    let bad = match check {
        Check::Full => (0..blocks).find(|&b| damaged(b)),
        Check::Sampled => sampled_blocks(spec, &ranges, header_len, blocks).into_iter().find(|&b| damaged(b)),
    };
    if let Some(b) = bad {
        return Err(format!("checksum of block {b} (bytes {}..) does not match the header", header_len + b * BLOCK));
    }
    Ok(ranges)
}

/// The blocks checked at every open: each table's first and last, the one
/// holding the goal's entry, and [`SPREAD_SAMPLES`] spread evenly.
fn sampled_blocks(spec: &PatternSpec, ranges: &[Range<usize>], header_len: usize, blocks: usize) -> Vec<usize> {
    let mut out: Vec<usize> = (0..SPREAD_SAMPLES).map(|i| i * blocks / SPREAD_SAMPLES).collect();
    for (g, range) in ranges.iter().enumerate() {
        let block_of = |at: usize| (at - header_len) / BLOCK;
        out.push(block_of(range.start));
        out.push(block_of(range.end.max(range.start + 1) - 1));
        out.push(block_of(range.start + spec.goal_entry_byte(g)));
    }
    out.retain(|&b| b < blocks);
    out.sort_unstable();
    out.dedup();
    out
}

/// A 64-bit checksum of some byte strings (FNV-1a style over 8-byte words,
/// lengths included). Any change to one word always changes it: each step
/// is a bijection of the running value.
pub(crate) fn checksum(parts: &[&[u8]]) -> u64 {
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
        let db = PatternDatabase::build(spec(), 1, |_| {});
        let bytes = encode(&db);
        assert_eq!(bytes.len() % HEADER_ALIGN, db.size_bytes() % HEADER_ALIGN, "the tables start on a page");
        let back = decode(&bytes, &spec()).unwrap();
        assert_eq!(back.tables(), db.tables());
    }

    #[test]
    fn every_kind_of_damage_is_named() {
        let db = PatternDatabase::build(spec(), 1, |_| {});
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
        let db = PatternDatabase::build(nibbles(), 1, |_| {});
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
