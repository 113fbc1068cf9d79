//! `fifteen train`'s store: every attempt at a drill, and the plan being
//! worked through, in one SQLite file in the user's data directory
//! (`$XDG_DATA_HOME/fifteen`, else `~/.local/share/fifteen`), apart from
//! the table cache. Each write is one transaction, so a process killed
//! while writing leaves every finished attempt and none half-written; the
//! journal is SQLite's write-ahead log, so two windows open at once both
//! write, one waiting for the other. A file that is not this store is
//! never written to: it is one error line, left as it was.

use std::path::{Path, PathBuf};

use fifteen_core::train::history::Attempt;
use rusqlite::{Connection, OpenFlags, params};

use super::error::CliError;

/// What the store's `meta` table says it is, so that another program's
/// SQLite file is refused instead of being written into.
const SCHEMA: &str = "fifteen training history 1";

/// How long a write waits for another window's to finish.
const BUSY_WAIT: std::time::Duration = std::time::Duration::from_secs(10);

/// The history store.
pub struct Store {
    conn: Connection,
    path: PathBuf,
}

/// The store's file: `--store`'s, else `history.sqlite` in
/// `$XDG_DATA_HOME/fifteen`, else in `$HOME/.local/share/fifteen`.
pub fn path(given: Option<&Path>) -> Result<PathBuf, CliError> {
    if let Some(path) = given {
        return Ok(path.to_path_buf());
    }
    let from_env = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    let data = from_env("XDG_DATA_HOME").or_else(|| from_env("HOME").map(|home| home.join(".local/share")));
    match data {
        Some(dir) => Ok(dir.join("fifteen").join("history.sqlite")),
        None => Err(CliError::Usage(
            "neither XDG_DATA_HOME nor HOME is set, so there is no data directory for the training history: \
             give one with --store FILE"
                .into(),
        )),
    }
}

impl Store {
    /// The store at `path`, created (with its directory) when there is
    /// none.
    pub fn open_or_create(path: &Path) -> Result<Store, CliError> {
        if let Some(store) = Store::open_existing(path)? {
            return Ok(store);
        }
        let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
        std::fs::create_dir_all(dir)
            .map_err(|e| CliError::Usage(format!("the training history cannot be kept in {}: {e}", dir.display())))?;
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_CREATE;
        let mut conn = Connection::open_with_flags(path, flags).map_err(|e| cannot_write(path, e))?;
        conn.busy_timeout(BUSY_WAIT).map_err(|e| cannot_write(path, e))?;
        let tx = conn.transaction().map_err(|e| cannot_write(path, e))?;
        tx.execute_batch(
            "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
             CREATE TABLE IF NOT EXISTS attempts (id INTEGER PRIMARY KEY, attempt TEXT NOT NULL);
             CREATE TABLE IF NOT EXISTS plan (position INTEGER PRIMARY KEY, drill TEXT NOT NULL);",
        )
        .map_err(|e| cannot_write(path, e))?;
        tx.execute("INSERT OR IGNORE INTO meta (key, value) VALUES ('schema', ?1)", params![SCHEMA])
            .map_err(|e| cannot_write(path, e))?;
        tx.commit().map_err(|e| cannot_write(path, e))?;
        let store = Store::checked(conn, path)?;
        store.conn.pragma_update(None, "journal_mode", "WAL").map_err(|e| cannot_write(path, e))?;
        Ok(store)
    }

    /// The store at `path` when there is one (an empty file is none).
    pub fn open_existing(path: &Path) -> Result<Option<Store>, CliError> {
        match std::fs::metadata(path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(unreadable(path, &e.to_string())),
            Ok(meta) if meta.is_dir() => return Err(unreadable(path, "it is a directory")),
            Ok(meta) if meta.len() == 0 => return Ok(None),
            Ok(_) => {}
        }
        let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_WRITE)
            .map_err(|e| unreadable(path, &e.to_string()))?;
        conn.busy_timeout(BUSY_WAIT).map_err(|e| unreadable(path, &e.to_string()))?;
        Store::checked(conn, path).map(Some)
    }

    /// `conn` when it is this store, read before anything is written.
    fn checked(conn: Connection, path: &Path) -> Result<Store, CliError> {
        let schema: Result<String, _> = conn.query_row("SELECT value FROM meta WHERE key = 'schema'", [], |r| r.get(0));
        match schema {
            Ok(schema) if schema == SCHEMA => Ok(Store { conn, path: path.to_path_buf() }),
            Ok(other) => Err(unreadable(path, &format!("it is a store of another kind ({other:?})"))),
            Err(e) => Err(unreadable(path, &e.to_string())),
        }
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Adds `attempts`, all or none.
    pub fn add(&mut self, attempts: &[Attempt]) -> Result<(), CliError> {
        let path = self.path.clone();
        let tx = self.conn.transaction().map_err(|e| cannot_write(&path, e))?;
        {
            let mut insert =
                tx.prepare("INSERT INTO attempts (attempt) VALUES (?1)").map_err(|e| cannot_write(&path, e))?;
            for attempt in attempts {
                insert.execute(params![attempt.to_json()]).map_err(|e| cannot_write(&path, e))?;
            }
        }
        tx.commit().map_err(|e| cannot_write(&path, e))
    }

    /// Every attempt, in the order they were added; one that does not
    /// read is an error naming it.
    pub fn attempts(&self) -> Result<Vec<Attempt>, CliError> {
        let mut query = self
            .conn
            .prepare("SELECT id, attempt FROM attempts ORDER BY id")
            .map_err(|e| unreadable(&self.path, &e.to_string()))?;
        let rows = query
            .query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))
            .map_err(|e| unreadable(&self.path, &e.to_string()))?;
        let mut attempts = Vec::new();
        for row in rows {
            let (id, text) = row.map_err(|e| unreadable(&self.path, &e.to_string()))?;
            let attempt = Attempt::from_json(&text)
                .map_err(|e| unreadable(&self.path, &format!("attempt {id} does not read: {e}")))?;
            attempts.push(attempt);
        }
        Ok(attempts)
    }

    /// Replaces the plan being worked through with `drills` (each one
    /// line of JSON), made from `sources`.
    pub fn save_plan(&mut self, drills: &[String], sources: &str) -> Result<(), CliError> {
        let path = self.path.clone();
        let tx = self.conn.transaction().map_err(|e| cannot_write(&path, e))?;
        tx.execute("DELETE FROM plan", []).map_err(|e| cannot_write(&path, e))?;
        for (i, drill) in drills.iter().enumerate() {
            tx.execute("INSERT INTO plan (position, drill) VALUES (?1, ?2)", params![i as i64, drill])
                .map_err(|e| cannot_write(&path, e))?;
        }
        let attempts: i64 =
            tx.query_row("SELECT COUNT(*) FROM attempts", [], |r| r.get(0)).map_err(|e| cannot_write(&path, e))?;
        for (key, value) in [("plan_sources", sources.to_string()), ("plan_after_attempts", attempts.to_string())] {
            tx.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?1, ?2)", params![key, value])
                .map_err(|e| cannot_write(&path, e))?;
        }
        tx.commit().map_err(|e| cannot_write(&path, e))
    }

    /// The plan being worked through: its drills (lines of JSON), the
    /// sources it was made from, and how many attempts the store held
    /// when it was made; `None` before the first plan.
    pub fn plan(&self) -> Result<Option<SavedPlan>, CliError> {
        let bad = |e: rusqlite::Error| unreadable(&self.path, &e.to_string());
        let meta = |key: &str| -> Result<Option<String>, CliError> {
            let mut query = self.conn.prepare("SELECT value FROM meta WHERE key = ?1").map_err(bad)?;
            let mut rows = query.query_map(params![key], |r| r.get::<_, String>(0)).map_err(bad)?;
            rows.next().transpose().map_err(bad)
        };
        let (Some(sources), Some(after)) = (meta("plan_sources")?, meta("plan_after_attempts")?) else {
            return Ok(None);
        };
        let mut query = self.conn.prepare("SELECT drill FROM plan ORDER BY position").map_err(bad)?;
        let drills =
            query.query_map([], |r| r.get::<_, String>(0)).map_err(bad)?.collect::<Result<_, _>>().map_err(bad)?;
        Ok(Some(SavedPlan { drills, sources, after_attempts: after.parse().unwrap_or(0) }))
    }
}

/// A plan as the store keeps it.
pub struct SavedPlan {
    /// Its drills, one line of JSON each.
    pub drills: Vec<String>,
    /// The sources it was made from.
    pub sources: String,
    /// Attempts in the store when it was made (those after are its own).
    pub after_attempts: usize,
}

fn unreadable(path: &Path, why: &str) -> CliError {
    CliError::Usage(format!(
        "the training history {} cannot be read ({why}); it is left as it is: move it away to start a new one, \
         or name another with --store FILE",
        path.display()
    ))
}

fn cannot_write(path: &Path, e: rusqlite::Error) -> CliError {
    CliError::Write(std::io::Error::other(format!("the training history {}: {e}", path.display())))
}
