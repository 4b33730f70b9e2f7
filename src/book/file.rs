//! The book file: 16-byte big-endian entries `key u64, move u16, weight
//! u16, learn u32`, sorted by key, several consecutive entries per
//! position. Read once into memory and searched by bisection.

use std::path::Path;

/// Bytes per entry.
pub const ENTRY_SIZE: usize = 16;

/// One book entry.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct BookEntry {
    pub key: u64,
    /// The move code (see [`super::moves`]).
    pub mv: u16,
    pub weight: u16,
    /// XBoard keeps learning counts here (two halves); kept as read.
    pub learn: u32,
}

impl BookEntry {
    pub fn from_bytes(b: &[u8; ENTRY_SIZE]) -> BookEntry {
        let mut key = [0; 8];
        key.copy_from_slice(&b[..8]);
        BookEntry {
            key: u64::from_be_bytes(key),
            mv: u16::from_be_bytes([b[8], b[9]]),
            weight: u16::from_be_bytes([b[10], b[11]]),
            learn: u32::from_be_bytes([b[12], b[13], b[14], b[15]]),
        }
    }

    pub fn to_bytes(self) -> [u8; ENTRY_SIZE] {
        let mut b = [0; ENTRY_SIZE];
        b[..8].copy_from_slice(&self.key.to_be_bytes());
        b[8..10].copy_from_slice(&self.mv.to_be_bytes());
        b[10..12].copy_from_slice(&self.weight.to_be_bytes());
        b[12..].copy_from_slice(&self.learn.to_be_bytes());
        b
    }
}

/// What is wrong with a book file, or why a variant's positions cannot
/// be given XBoard's keys.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookError(pub String);

impl std::fmt::Display for BookError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BookError {}

/// A book held in memory.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Book {
    entries: Vec<BookEntry>,
}

impl Book {
    /// Reads and checks a book file: a length that is not a whole number
    /// of entries (a truncated copy) or keys out of order (not a Polyglot
    /// book, or damaged) refuse the whole file, since bisection over it
    /// would answer wrongly.
    pub fn load(path: &Path) -> Result<Book, BookError> {
        let bytes = crate::files::read(path)
            .map_err(|e| BookError(format!("cannot read {}: {e}", path.display())))?;
        Book::from_bytes(&bytes).map_err(|e| BookError(format!("{}: {e}", path.display())))
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        if !bytes.len().is_multiple_of(ENTRY_SIZE) {
            return Err(BookError(format!(
                "{} bytes is not a whole number of {ENTRY_SIZE}-byte entries (truncated?)",
                bytes.len()
            )));
        }
        let entries: Vec<BookEntry> = bytes
            .chunks_exact(ENTRY_SIZE)
            .map(|c| {
                let mut b = [0; ENTRY_SIZE];
                b.copy_from_slice(c);
                BookEntry::from_bytes(&b)
            })
            .collect();
        if let Some(i) = entries.windows(2).position(|w| w[0].key > w[1].key) {
            return Err(BookError(format!(
                "entries {} and {} are out of key order: not a sorted Polyglot book",
                i,
                i + 1
            )));
        }
        Ok(Book { entries })
    }

    /// A book from entries in any order: sorted by key, then by weight
    /// (heaviest first) as Polyglot writes them.
    pub fn from_entries(mut entries: Vec<BookEntry>) -> Book {
        entries.sort_by(|a, b| {
            a.key
                .cmp(&b.key)
                .then(b.weight.cmp(&a.weight))
                .then(a.mv.cmp(&b.mv))
        });
        Book { entries }
    }

    /// A book from entries already in book order (by key), kept as given.
    pub(crate) fn from_sorted(entries: Vec<BookEntry>) -> Book {
        debug_assert!(entries.windows(2).all(|w| w[0].key <= w[1].key));
        Book { entries }
    }

    pub fn entries(&self) -> &[BookEntry] {
        &self.entries
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entries for `key`, in file order.
    pub fn probe(&self, key: u64) -> &[BookEntry] {
        let start = self.entries.partition_point(|e| e.key < key);
        let end = start + self.entries[start..].partition_point(|e| e.key == key);
        &self.entries[start..end]
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        self.entries.iter().flat_map(|e| e.to_bytes()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(key: u64, mv: u16, weight: u16) -> BookEntry {
        BookEntry {
            key,
            mv,
            weight,
            learn: 0,
        }
    }

    #[test]
    fn entries_round_trip_and_probe_finds_every_move_of_a_key() {
        let book = Book::from_entries(vec![
            entry(5, 1, 1),
            entry(3, 2, 9),
            entry(5, 3, 7),
            entry(9, 4, 1),
        ]);
        let again = Book::from_bytes(&book.to_bytes()).expect("valid");
        assert_eq!(again, book);
        let moves: Vec<u16> = again.probe(5).iter().map(|e| e.mv).collect();
        assert_eq!(moves, [3, 1], "heaviest first");
        assert!(again.probe(4).is_empty());
        assert!(again.probe(10).is_empty());
    }

    #[test]
    fn truncated_or_unsorted_books_are_refused() {
        let book = Book::from_entries(vec![entry(1, 1, 1), entry(2, 2, 2)]);
        let bytes = book.to_bytes();
        assert!(Book::from_bytes(&bytes[..bytes.len() - 3]).is_err());
        let mut swapped = bytes[16..].to_vec();
        swapped.extend_from_slice(&bytes[..16]);
        assert!(Book::from_bytes(&swapped).is_err());
        assert!(Book::from_bytes(&[]).is_ok_and(|b| b.is_empty()));
    }
}
