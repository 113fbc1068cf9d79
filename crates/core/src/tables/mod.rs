//! The searches' pattern databases: where a solver gets them ([`Tables`]),
//! and the one cache every front end and program gets the best ones from
//! ([`TableCache`]).
//!
//! A shape's tables are chosen here and nowhere else: for the optimal
//! solver (up to 16 cells) the 4×4's 7-8 tables when they are in the cache
//! directory (they are built only when asked: [`TableCache::build`]), else
//! its 6-6-3 tables, and the default partition of other shapes; for the
//! near solver (17 to 49 cells) the 5×5's 6-6-6-6 tables, or the 6×6's
//! and 7×7's in groups of 5, when they are in the directory (built only
//! when asked too), else the shape's partition of
//! `near::default_group_size` tiles a group. What is missing is built (on
//! the threads the caller names) and saved, once a shape; later processes
//! map the file read-only.
//!
//! The same directory keeps the human solver's biggest look-ahead tables
//! ([`TableCache::provide_line_tables`]): a process that solves one small
//! board reads them instead of building them.
//!
//! The directory is the caller's (the `fifteen` command's is
//! `$XDG_CACHE_HOME/fifteen`); the core reads no environment. This module
//! is the one place of the core that touches files.
//!
//! ```
//! use fifteen_core::tables::{TableCache, Tables, TablesOrigin};
//!
//! let dir = std::env::temp_dir().join(format!("fifteen-doc-tables-{}", std::process::id()));
//! let cache = TableCache::new(Some(dir.clone()), 2);
//! // A 3×4 has none: Manhattan distance and linear conflicts serve.
//! assert!(cache.optimal(3, 4).is_none());
//! // The near solver's tables of a 3×6 are built at first use and saved.
//! let tables = cache.near(3, 6).unwrap();
//! assert_eq!(cache.account(true, 3, 6).unwrap().origin, TablesOrigin::Built);
//! // A second cache, as a later process would, maps the saved file.
//! let later = TableCache::new(Some(dir.clone()), 2);
//! assert_eq!(later.near(3, 6).unwrap().size_bytes(), tables.size_bytes());
//! let account = later.account(true, 3, 6).unwrap();
//! assert_eq!(account.origin, TablesOrigin::Mapped);
//! assert!(account.to_string().starts_with("pattern databases ") && account.to_string().contains(" mapped from "));
//! # std::fs::remove_dir_all(&dir).unwrap();
//! ```

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};

pub(crate) mod file;
mod line_file;

/// The cache file's format for the fuzz targets (feature `fuzzing`).
#[cfg(feature = "fuzzing")]
pub(crate) use file::{decode, encode};

use crate::search::near;
use crate::search::optimal::PatternSpec;
use file::{CacheError, Origin};

pub use crate::search::optimal::{BuildProgress, PatternDatabase};

/// Where the searches' pattern databases come from. Finding them may mean
/// reading a cache or building them for minutes, so the caller supplies
/// them; each is asked for once per board. Threads share them (a front end
/// holds an `Arc<dyn Tables>` for its worker threads), so they are `Send`
/// and `Sync`.
pub trait Tables: Send + Sync {
    /// The optimal solver's tables for a shape of up to 16 cells; `None`:
    /// Manhattan distance and linear conflicts serve.
    fn optimal(&self, rows: usize, cols: usize) -> Option<Arc<PatternDatabase>>;
    /// The near solver's tables for a shape of 17 to 49 cells.
    fn near(&self, rows: usize, cols: usize) -> Result<Arc<PatternDatabase>, TablesError>;
}

/// Any [`Tables`] shows as `Tables`, so that options holding them can be
/// printed.
impl std::fmt::Debug for dyn Tables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Tables")
    }
}

/// Why a shape's tables could not be had.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TablesError {
    /// No tables were given for the near solver ([`NoTables`]).
    #[error("no pattern databases for the near solver on {rows}×{cols} were given")]
    NotGiven {
        /// Rows of the shape.
        rows: usize,
        /// Columns of the shape.
        cols: usize,
    },
    /// The near solver has no tables for a shape outside 17 to 49 cells.
    #[error("the near solver has no pattern databases for {rows}×{cols}: it takes 17 to 49 cells")]
    NoPartition {
        /// Rows of the shape.
        rows: usize,
        /// Columns of the shape.
        cols: usize,
    },
    /// Tables asked to be built could not be saved in the cache directory.
    #[error("could not save the pattern databases: {0}")]
    NotSaved(String),
    /// There is no cache directory to build tables into.
    #[error("no cache directory to build the pattern databases into")]
    NoDirectory,
    /// Tables given as bytes ([`BuiltTables::add_saved_optimal`]) are not
    /// the shape's, or are damaged.
    #[error("the saved pattern databases cannot be used: {0}")]
    Unusable(String),
    /// The near solver's tables for a shape are not in the cache directory,
    /// and the cache builds none ([`TableCache::never_building_near`]).
    #[error("the near solver's pattern databases for {rows}×{cols} are not built here")]
    NotBuilt {
        /// Rows of the shape.
        rows: usize,
        /// Columns of the shape.
        cols: usize,
    },
}

/// No tables: the optimal solver uses Manhattan distance and linear
/// conflicts, and the near solver cannot run.
pub struct NoTables;

/// [`NoTables`], ready to pass.
pub const NO_TABLES: NoTables = NoTables;

impl Tables for NoTables {
    fn optimal(&self, _: usize, _: usize) -> Option<Arc<PatternDatabase>> {
        None
    }

    fn near(&self, rows: usize, cols: usize) -> Result<Arc<PatternDatabase>, TablesError> {
        Err(TablesError::NotGiven { rows, cols })
    }
}

/// Tables built in memory at first use, one set a shape, kept for later
/// boards, never saved to a file: the optimal solver's default partitions
/// and the near solver's. A 4×4's 6-6-3 tables take seconds, a 5×5's near
/// tables about half a minute on two cores; a program that solves many
/// boards saves them with a [`TableCache`]. A program with no files (a
/// browser's) keeps the optimal solver's as bytes where it can
/// ([`BuiltTables::saved_optimal`]) and gives them back on its next run
/// ([`BuiltTables::add_saved_optimal`]).
///
/// ```
/// use fifteen_core::tables::{BuiltTables, Tables};
///
/// let tables = BuiltTables::optimal_only(1);
/// // A 3×3 has none: Manhattan distance and linear conflicts serve.
/// assert!(tables.saved_optimal(3, 3, |_| {}).is_none());
/// // The near solver's are never built here.
/// assert!(tables.near(3, 6).is_err());
/// ```
pub struct BuiltTables {
    threads: usize,
    /// Whether the near solver's tables are built when asked for.
    near: bool,
    built: Mutex<BTreeMap<TablesKey, Option<Arc<PatternDatabase>>>>,
}

/// The solver the tables are for and the shape.
type TablesKey = (TablesFor, usize, usize);

/// Which search a shape's tables are for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum TablesFor {
    Optimal,
    Near,
}

impl BuiltTables {
    /// Tables built on up to `threads` threads.
    pub fn new(threads: usize) -> BuiltTables {
        BuiltTables { threads, near: true, built: Mutex::new(BTreeMap::new()) }
    }

    /// The optimal solver's tables built on up to `threads` threads, the
    /// near solver's never ([`Tables::near`] says they are not given, so
    /// the coach's par falls back to fifteen's own solve): where a build of
    /// theirs would take minutes and more memory than there is, as in a
    /// browser's tab.
    pub fn optimal_only(threads: usize) -> BuiltTables {
        BuiltTables { near: false, ..BuiltTables::new(threads) }
    }

    fn get_or_build(
        &self,
        key: TablesKey,
        spec: impl FnOnce() -> Result<Option<PatternSpec>, TablesError>,
        progress: impl FnMut(BuildProgress),
    ) -> Result<Option<Arc<PatternDatabase>>, TablesError> {
        let mut built = self.built.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(found) = built.get(&key) {
            return Ok(found.clone());
        }
        let made = spec()?.map(|spec| Arc::new(PatternDatabase::build(spec, self.threads, progress)));
        built.insert(key, made.clone());
        Ok(made)
    }

    /// The optimal solver's tables of a shape (built now if they are not
    /// yet, reporting `progress`) as bytes to keep: the cache file's format,
    /// checked whole when given back to [`BuiltTables::add_saved_optimal`].
    /// `None` for a shape that has none (any but 4×4).
    pub fn saved_optimal(&self, rows: usize, cols: usize, progress: impl FnMut(BuildProgress)) -> Option<Vec<u8>> {
        let spec = || Ok(PatternSpec::default_for(rows, cols));
        let database = self.get_or_build((TablesFor::Optimal, rows, cols), spec, progress).ok().flatten()?;
        Some(file::encode(&database))
    }

    /// The optimal solver's tables of a shape from the bytes
    /// [`BuiltTables::saved_optimal`] gave, every block's checksum checked
    /// first: bytes of another shape or format, or damaged, are refused
    /// with the reason, and the tables are then built when first needed.
    pub fn add_saved_optimal(&self, rows: usize, cols: usize, bytes: Vec<u8>) -> Result<(), TablesError> {
        let spec = PatternSpec::default_for(rows, cols)
            .ok_or_else(|| TablesError::Unusable(format!("a {rows}×{cols} has no pattern databases")))?;
        let database = file::decode_owned(bytes, &spec).map_err(TablesError::Unusable)?;
        let mut built = self.built.lock().unwrap_or_else(PoisonError::into_inner);
        built.insert((TablesFor::Optimal, rows, cols), Some(Arc::new(database)));
        Ok(())
    }
}

impl Tables for BuiltTables {
    fn optimal(&self, rows: usize, cols: usize) -> Option<Arc<PatternDatabase>> {
        let spec = || Ok(PatternSpec::default_for(rows, cols));
        self.get_or_build((TablesFor::Optimal, rows, cols), spec, |_| {}).ok().flatten()
    }

    fn near(&self, rows: usize, cols: usize) -> Result<Arc<PatternDatabase>, TablesError> {
        if !self.near {
            return Err(TablesError::NotGiven { rows, cols });
        }
        let spec = || near_partition(rows, cols).map(Some);
        self.get_or_build((TablesFor::Near, rows, cols), spec, |_| {})?.ok_or(TablesError::NoPartition { rows, cols })
    }
}

/// The near solver's partition of a shape at its default group size.
fn near_partition(rows: usize, cols: usize) -> Result<PatternSpec, TablesError> {
    near::partition(rows, cols, near::default_group_size(rows, cols))
        .map_err(|_| TablesError::NoPartition { rows, cols })
}

/// The tables that are built only when asked, because they take minutes
/// and gigabytes: once in the cache directory, the cache prefers them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Partition {
    /// The 4×4's 6-6-3 tables with the mirror lookup, 11.5 MB (built at
    /// first use anyway).
    SixSixThree,
    /// The 4×4's 7-8 tables with the mirror lookup, four bits an entry,
    /// 288 MB: about two minutes and 2.1 GB of memory to build on two
    /// cores.
    SevenEight,
    /// The 5×5's 6-6-6-6 tables for the near solver, 510 MB: about six
    /// minutes and 2.0 GB of memory on two cores.
    SixSixSixSix,
    /// The 6×6's tables of 5 tiles a group for the near solver
    /// (5-5-5-5-5-5-5), 317 MB: about 2 minutes of processor time and
    /// 0.85 GB of memory.
    SixBySixFives,
    /// The 7×7's tables of 5 tiles a group for the near solver
    /// (5-5-5-5-5-5-5-5-5-3), 2.1 GB: about 20 minutes of processor time
    /// and 7.4 GB of memory.
    SevenBySevenFives,
}

impl Partition {
    fn spec(self) -> PatternSpec {
        match self {
            Partition::SixSixThree => PatternSpec::fifteen_663(),
            Partition::SevenEight => PatternSpec::fifteen_78(),
            Partition::SixSixSixSix => near::partition(5, 5, 6).expect("the 5×5's 6-6-6-6 partition"),
            Partition::SixBySixFives => near::partition(6, 6, 5).expect("the 6×6's partition in fives"),
            Partition::SevenBySevenFives => near::partition(7, 7, 5).expect("the 7×7's partition in fives"),
        }
    }

    /// The near solver's bigger tables for a shape, preferred when built.
    fn near_for(rows: usize, cols: usize) -> Option<Partition> {
        match (rows, cols) {
            (5, 5) => Some(Partition::SixSixSixSix),
            (6, 6) => Some(Partition::SixBySixFives),
            (7, 7) => Some(Partition::SevenBySevenFives),
            _ => None,
        }
    }

    /// About the memory a build takes, in bytes.
    pub fn build_memory_bytes(self) -> u64 {
        self.spec().build_memory_bytes()
    }

    /// The name of its file in the cache directory.
    pub fn file_name(self) -> String {
        file::file_name(&self.spec())
    }
}

/// What a [`TableCache`] says as it finds tables: the front end shows it
/// (a line, a progress bar), the core prints nothing.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum TableEvent {
    /// A build begins (it happens once a shape; later runs map the file).
    BuildStarts {
        /// The partition, `6-6-3`.
        partition: String,
        /// What the tables are, for the curious: the spec's key.
        key: String,
        /// About the memory the build takes, in bytes.
        memory_bytes: u64,
        /// The tables' size on disk, in bytes.
        disk_bytes: u64,
        /// About the seconds the build takes on the cache's threads.
        seconds: f64,
        /// The cache's threads.
        threads: usize,
        /// Whether the build was asked for ([`TableCache::build`]) rather
        /// than needed by a solve.
        asked: bool,
    },
    /// How far a build has come.
    Progress(BuildProgress),
    /// A build ended (successfully or not).
    BuildEnds,
    /// Tables found (`Display` writes one line: `pattern databases 6-6-3
    /// (…, 11.5 MB) mapped from PATH`).
    Found(TablesAccount),
    /// A cache file that could not be used, or tables that could not be
    /// saved: one line saying why and what happens instead.
    Warning(String),
}

/// The tables of shapes found so far, each with the line that says how.
type FoundTables = BTreeMap<TablesKey, (Option<Arc<PatternDatabase>>, Option<TablesAccount>)>;

/// How a shape's tables were found, for a front end to say; `Display`
/// writes it as one line: `pattern databases 6-6-3 (KEY, 11.5 MB) mapped
/// from PATH`.
#[derive(Clone, Debug, PartialEq)]
pub struct TablesAccount {
    /// The partition, `6-6-3`.
    pub partition: String,
    /// What the tables are, for the curious: the spec's key.
    pub key: String,
    /// Their size in memory, in bytes.
    pub bytes: u64,
    /// Where they came from.
    pub origin: TablesOrigin,
    /// Their file (`None`: no cache directory).
    pub path: Option<PathBuf>,
}

/// Where a shape's tables came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TablesOrigin {
    /// Mapped from their file.
    Mapped,
    /// Built now, and saved to their file when there is a directory.
    Built,
    /// Asked to be built ([`TableCache::build`]), already in their file,
    /// every block of it checked.
    Checked,
}

impl TablesAccount {
    fn new(
        spec: &PatternSpec,
        database: &PatternDatabase,
        origin: TablesOrigin,
        path: Option<PathBuf>,
    ) -> TablesAccount {
        let bytes = database.size_bytes() as u64;
        TablesAccount { partition: spec.partition(), key: spec.key(), bytes, origin, path }
    }

    /// Which tables they are, without where from: `pattern databases
    /// 6-6-3 (KEY, 11.5 MB)`.
    pub fn name(&self) -> String {
        format!("pattern databases {} ({}, {:.1} MB)", self.partition, self.key, self.bytes as f64 / 1e6)
    }
}

impl std::fmt::Display for TablesAccount {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name())?;
        f.write_str(match self.origin {
            TablesOrigin::Mapped => " mapped from ",
            TablesOrigin::Built => " built, saved to ",
            TablesOrigin::Checked => " already built in ",
        })?;
        match &self.path {
            Some(path) => write!(f, "{}", path.display())?,
            None => f.write_str("nowhere (no cache directory)")?,
        }
        if self.origin == TablesOrigin::Checked {
            f.write_str("; every block checked")?;
        }
        Ok(())
    }
}

/// The pattern databases of a cache directory: the best tables for each
/// shape (see the [module](self)), mapped from their files or built and
/// saved there at first use, kept for the rest of the process. Finding
/// holds a lock, so boards of a new shape solved at once wait for one
/// build.
pub struct TableCache {
    dir: Option<PathBuf>,
    threads: usize,
    found: Mutex<FoundTables>,
    reports: Option<Box<dyn Fn(TableEvent) + Send + Sync>>,
    /// Whether the near solver's tables missing from the directory are
    /// built (seconds to minutes, hundreds of megabytes) or refused.
    builds_near: bool,
}

impl TableCache {
    /// A cache in `dir` (`None`: tables are built in memory and not
    /// saved), building on up to `threads` threads.
    pub fn new(dir: Option<PathBuf>, threads: usize) -> TableCache {
        TableCache {
            dir,
            threads: threads.max(1),
            found: Mutex::new(BTreeMap::new()),
            reports: None,
            builds_near: true,
        }
    }

    /// The same cache, telling `reports` what it does.
    pub fn with_reports(self, reports: impl Fn(TableEvent) + Send + Sync + 'static) -> TableCache {
        TableCache { reports: Some(Box::new(reports)), ..self }
    }

    /// The same cache, finding the near solver's tables only where their
    /// file is in the directory already: a shape without them gets
    /// [`TablesError::NotBuilt`] (asked again, the file is looked for
    /// again). For a server, where a stranger's board must not start a
    /// build that takes minutes and hundreds of megabytes; the optimal
    /// solver's default tables (a 4×4's 11.5 MB in seconds) are still
    /// built.
    pub fn never_building_near(self) -> TableCache {
        TableCache { builds_near: false, ..self }
    }

    /// How this shape's tables were found (for the optimal solver, or with
    /// `near` the near solver's), once they were.
    pub fn account(&self, near: bool, rows: usize, cols: usize) -> Option<TablesAccount> {
        let key = (if near { TablesFor::Near } else { TablesFor::Optimal }, rows, cols);
        self.found.lock().unwrap_or_else(PoisonError::into_inner).get(&key).and_then(|(_, account)| account.clone())
    }

    /// Gives the process the human solver's line tables a `rows`×`cols`
    /// board's look-ahead reads (`KeptTable`):
    /// each from its file in the directory, or built and written there (a
    /// file that cannot be written is only slower next time). Without a
    /// directory they are built when first read.
    pub fn provide_line_tables(&self, rows: usize, cols: usize) {
        line_file::provide(rows, cols, self.dir.as_deref());
    }

    /// Builds the tables of `partition` into the cache directory, or, when
    /// their file is there, checks every block of it (opening a file checks
    /// only a sample); says which.
    pub fn build(&self, partition: Partition) -> Result<TablesAccount, TablesError> {
        let dir = self.dir.as_ref().ok_or(TablesError::NoDirectory)?;
        let spec = partition.spec();
        let path = dir.join(file::file_name(&spec));
        match file::verify(&path, &spec) {
            Ok(database) => return Ok(TablesAccount::new(&spec, &database, TablesOrigin::Checked, Some(path))),
            Err(err) if err.is_missing() => {}
            Err(err) => {
                self.report(TableEvent::Warning(format!("the cache file cannot be used ({err}); building it again")))
            }
        }
        let (loaded, account) = self.load(&spec, true);
        match loaded.save_error {
            Some(err) => Err(TablesError::NotSaved(err.to_string())),
            None => Ok(account),
        }
    }

    fn report(&self, event: TableEvent) {
        if let Some(reports) = &self.reports {
            reports(event);
        }
    }

    /// The tables of `key`, found once.
    fn find(&self, key: TablesKey) -> Result<Option<Arc<PatternDatabase>>, TablesError> {
        let mut found = self.found.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((tables, _)) = found.get(&key) {
            return Ok(tables.clone());
        }
        let (rows, cols) = (key.1, key.2);
        let spec = match key.0 {
            TablesFor::Optimal => self
                .present(PatternSpec::fifteen_78(), (rows, cols) == (4, 4))
                .map(Ok)
                .or_else(|| PatternSpec::default_for(rows, cols).map(|spec| Ok(self.load(&spec, false)))),
            TablesFor::Near => {
                let bigger = Partition::near_for(rows, cols).map(Partition::spec);
                match bigger.and_then(|spec| self.present(spec, true)) {
                    Some(present) => Some(Ok(present)),
                    None if self.builds_near => Some(near_partition(rows, cols).map(|spec| self.load(&spec, false))),
                    None => match self.present(near_partition(rows, cols)?, true) {
                        Some(present) => Some(Ok(present)),
                        // Not kept as found: a build elsewhere may add it.
                        None => return Err(TablesError::NotBuilt { rows, cols }),
                    },
                }
            }
        };
        let (tables, account) = match spec.transpose()? {
            Some((loaded, account)) => (Some(Arc::new(loaded.database)), Some(account)),
            None => (None, None),
        };
        if let Some(account) = &account {
            self.report(TableEvent::Found(account.clone()));
        }
        found.insert(key, (tables.clone(), account));
        Ok(tables)
    }

    /// The tables of `spec` if `wanted` and their file is there and sound
    /// (a warning when it is there and not); never built.
    fn present(&self, spec: PatternSpec, wanted: bool) -> Option<(file::Loaded, TablesAccount)> {
        let dir = self.dir.as_ref().filter(|_| wanted)?;
        match file::load_if_present(&spec, dir) {
            Ok(Some(database)) => {
                let path = dir.join(file::file_name(&spec));
                let account = TablesAccount::new(&spec, &database, TablesOrigin::Mapped, Some(path));
                let loaded = file::Loaded { database, path: None, origin: Origin::Loaded, save_error: None };
                Some((loaded, account))
            }
            Ok(None) => None,
            Err(err) => {
                self.report(TableEvent::Warning(format!(
                    "the {} pattern databases cannot be used ({err}); falling back; `fifteen pdb build --partition {}` builds them again",
                    spec.partition(),
                    spec.partition()
                )));
                None
            }
        }
    }

    /// Maps the tables of `spec` from the directory, or builds and saves
    /// them (saying so); with the line that says which.
    fn load(&self, spec: &PatternSpec, asked: bool) -> (file::Loaded, TablesAccount) {
        let mut building = false;
        let loaded = file::load_or_build(spec, self.dir.as_deref(), self.threads, |progress| {
            if !building {
                building = true;
                self.report(build_starts(spec, self.threads, asked));
            }
            self.report(TableEvent::Progress(progress));
        });
        if building {
            self.report(TableEvent::BuildEnds);
        }
        if let Origin::Rebuilt { reason } = &loaded.origin {
            self.report(TableEvent::Warning(format!(
                "the pattern database cache could not be used ({reason}); rebuilt it"
            )));
        }
        if let (Some(err), false) = (&loaded.save_error, asked) {
            self.report(TableEvent::Warning(format!("could not save the pattern databases: {err}")));
        }
        let origin = match loaded.origin {
            Origin::Loaded => TablesOrigin::Mapped,
            Origin::Built | Origin::Rebuilt { .. } => TablesOrigin::Built,
        };
        let account = TablesAccount::new(spec, &loaded.database, origin, loaded.path.clone());
        (loaded, account)
    }
}

impl Tables for TableCache {
    fn optimal(&self, rows: usize, cols: usize) -> Option<Arc<PatternDatabase>> {
        self.find((TablesFor::Optimal, rows, cols)).ok().flatten()
    }

    fn near(&self, rows: usize, cols: usize) -> Result<Arc<PatternDatabase>, TablesError> {
        self.find((TablesFor::Near, rows, cols))?.ok_or(TablesError::NoPartition { rows, cols })
    }
}

/// The event that says a build of `spec` begins.
fn build_starts(spec: &PatternSpec, threads: usize, asked: bool) -> TableEvent {
    TableEvent::BuildStarts {
        partition: spec.partition(),
        key: spec.key(),
        memory_bytes: spec.build_memory_bytes(),
        disk_bytes: (0..spec.groups().len()).map(|g| spec.table_bytes(g) as u64).sum(),
        seconds: spec.build_seconds(threads),
        threads,
        asked,
    }
}

impl From<CacheError> for TablesError {
    fn from(err: CacheError) -> TablesError {
        TablesError::NotSaved(err.to_string())
    }
}

#[cfg(test)]
mod tests;
