//! Files named on the command line, checked before any work starts: an
//! output that cannot be written, or an input that cannot be read, is one
//! error line at once instead of a failure after the whole run.

use std::fs::{self, OpenOptions};
use std::path::Path;

use super::error::CliError;

/// Checks that `path` (given with `flag`) can be written as a file ending
/// in `.extension`, without leaving anything behind: an existing file is
/// opened for appending (never truncated) and a new one is created and
/// removed again.
pub fn check_output(path: &Path, flag: &str, extension: &str) -> Result<(), CliError> {
    let shown = path.display();
    let ok_extension = path.extension().is_some_and(|e| e.eq_ignore_ascii_case(extension));
    if !ok_extension {
        return Err(CliError::Usage(format!(
            "{flag} {shown}: only {} files are written; give a name ending in .{extension}",
            extension.to_uppercase()
        )));
    }
    let parent = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    if !parent.is_dir() {
        return Err(CliError::Usage(format!("{flag} {shown}: there is no directory {}", parent.display())));
    }
    if path.is_dir() {
        return Err(CliError::Usage(format!("{flag} {shown} is a directory")));
    }
    let cannot = |e: std::io::Error| CliError::Usage(format!("{flag} {shown} cannot be written: {e}"));
    if path.exists() {
        OpenOptions::new().append(true).open(path).map_err(cannot)?;
    } else {
        OpenOptions::new().write(true).create_new(true).open(path).map_err(cannot)?;
        fs::remove_file(path).map_err(cannot)?;
    }
    Ok(())
}

/// Checks that `path` (given with `flag`) is a file that can be read.
pub fn check_input(path: &Path, flag: &str) -> Result<(), CliError> {
    let shown = path.display();
    if path.is_dir() {
        return Err(CliError::Usage(format!("{flag} {shown} is a directory, not a file")));
    }
    fs::File::open(path).map_err(|e| CliError::Usage(format!("{flag} {shown} cannot be read: {e}")))?;
    Ok(())
}
