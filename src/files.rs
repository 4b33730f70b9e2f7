//! Reading the files users and GUIs name (books, tables, variant files,
//! PGN): only regular files, so that a device or a pipe given by mistake
//! (`/dev/zero`, `/dev/stdin`) is an error instead of a read that never
//! ends or fills memory.

use std::io::{Error, ErrorKind, Result};
use std::path::{Path, PathBuf};

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

/// A data file Griffon ships (`books/VARIANT.bin`, `nets/VARIANT.nnue`):
/// `dir/name` in the working directory, or in the executable's directory
/// or one of the three above it (a WinBoard install keeps the folders
/// next to the engine; a cargo build runs from `target/release`).
pub fn find_data(dir: &str, name: &str) -> Option<PathBuf> {
    let mut dirs = vec![PathBuf::from(dir)];
    if let Ok(exe) = std::env::current_exe() {
        let mut at = exe.parent().map(Path::to_path_buf);
        for _ in 0..4 {
            let Some(d) = at else { break };
            dirs.push(d.join(dir));
            at = d.parent().map(Path::to_path_buf);
        }
    }
    dirs.into_iter().map(|d| d.join(name)).find(|p| p.is_file())
}
