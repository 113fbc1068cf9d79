//! The look-ahead's biggest line tables ([`KeptTable`]) kept between runs
//! in the cache directory, beside the pattern databases: a process that
//! solves one small board reads them (a few milliseconds) instead of
//! building them (about 40 ms for a 5×5's, a quarter of its solve).
//!
//! A file is a header and the table's entries (format 1):
//!
//! | bytes | holds |
//! |---|---|
//! | 13 | `FIFTEEN-LINE\n` |
//! | 4 | format version (1), little-endian like every number here |
//! | 8 | number of entries n |
//! | 8 | checksum of the entries |
//! | n | the entries, one byte each |
//!
//! A file that is missing, damaged or of another table is built again and
//! written over (through a temporary file renamed into place, as the
//! pattern databases are), so a broken cache costs time, never a wrong
//! answer; one that cannot be written is left, and the solve goes on.

use std::fs::File;
use std::io::Read;
use std::path::Path;

use super::file::{checksum, write_replacing};
use crate::human::KeptTable;

const MAGIC: &[u8; 13] = b"FIFTEEN-LINE\n";

/// The file format's version.
const FORMAT_VERSION: u32 = 1;

/// Bytes before the entries.
const HEADER_LEN: usize = MAGIC.len() + 4 + 8 + 8;

/// Gives the process the kept tables a `rows`×`cols` board's look-ahead
/// may read: each from its file in `dir`, or built and written there.
/// With no directory they are built when first read, as without a cache.
pub(super) fn provide(rows: usize, cols: usize, dir: Option<&Path>) {
    let Some(dir) = dir else { return };
    for table in KeptTable::needed_by(rows, cols) {
        let path = dir.join(file_name(table));
        let read = read(&path, table).and_then(|entries| table.provide(entries).map_err(|e| e.to_string()));
        if read.is_err() {
            let entries = table.entries();
            let header = header(table.entry_count(), checksum(&[&entries]));
            // Not kept is only slower next time: the solve goes on.
            let _ = write_replacing(&path, &[&header, &entries]);
        }
    }
}

/// `line-5x4.v1.bin`.
fn file_name(table: KeptTable) -> String {
    format!("{}.v{FORMAT_VERSION}.bin", table.name())
}

fn header(entries: usize, sum: u64) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER_LEN);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.extend_from_slice(&(entries as u64).to_le_bytes());
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// The entries of `table` from its file, or what is wrong with it.
fn read(path: &Path, table: KeptTable) -> Result<Vec<u8>, String> {
    let mut file = File::open(path).map_err(|e| e.to_string())?;
    let mut head = [0u8; HEADER_LEN];
    file.read_exact(&mut head).map_err(|_| "truncated in the header".to_string())?;
    let word = |at: usize| u64::from_le_bytes(head[at..at + 8].try_into().expect("8 bytes"));
    let version = u32::from_le_bytes(head[MAGIC.len()..MAGIC.len() + 4].try_into().expect("4 bytes"));
    if &head[..MAGIC.len()] != MAGIC || version != FORMAT_VERSION {
        return Err("not a line table of this version".into());
    }
    let expected = table.entry_count();
    if word(MAGIC.len() + 4) != expected as u64 {
        return Err(format!("{} entries, expected {expected}", word(MAGIC.len() + 4)));
    }
    let mut entries = Vec::with_capacity(expected + 1);
    file.read_to_end(&mut entries).map_err(|e| e.to_string())?;
    if entries.len() != expected {
        return Err(format!("{} bytes of entries, expected {expected}", entries.len()));
    }
    if checksum(&[&entries]) != word(MAGIC.len() + 12) {
        return Err("the entries' checksum does not match the header".into());
    }
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_table_is_read_back_and_a_damaged_one_refused_and_written_again() {
        let dir = std::env::temp_dir().join(format!("fifteen-kept-{}", std::process::id()));
        let [table] = KeptTable::needed_by(4, 4)[..] else { panic!("a 4×4 reads one kept table") };
        let path = dir.join(file_name(table));
        provide(4, 4, Some(&dir));
        let kept = read(&path, table).unwrap();
        assert_eq!(kept, *table.entries());
        let mut bytes = std::fs::read(&path).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        assert!(read(&path, table).unwrap_err().contains("checksum"));
        std::fs::write(&path, &bytes[..HEADER_LEN + 10]).unwrap();
        assert!(read(&path, table).unwrap_err().contains("bytes of entries"));
        std::fs::write(&path, b"FIFTEEN-PDB\n").unwrap();
        assert!(read(&path, table).unwrap_err().contains("truncated"));
        provide(4, 4, Some(&dir));
        assert_eq!(read(&path, table).unwrap(), kept, "written again whole");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
