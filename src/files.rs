//! Reading the files users and GUIs name (books, tables, variant files,
//! PGN): only regular files, so that a device or a pipe given by mistake
//! (`/dev/zero`, `/dev/stdin`) is an error instead of a read that never
//! ends or fills memory.

use std::io::{Error, ErrorKind, Result};
use std::path::Path;

/// The whole file at `path`, if it is a regular file.
pub fn read(path: &Path) -> Result<Vec<u8>> {
    check(path)?;
    std::fs::read(path)
}

/// The whole file at `path` as text, if it is a regular file.
pub fn read_to_string(path: &Path) -> Result<String> {
    check(path)?;
    std::fs::read_to_string(path)
}

fn check(path: &Path) -> Result<()> {
    if std::fs::metadata(path)?.is_file() {
        Ok(())
    } else {
        Err(Error::new(ErrorKind::InvalidInput, "not a regular file"))
    }
}
