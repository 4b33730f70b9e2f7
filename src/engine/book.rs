//! The opening book in play: which file (option `Book File`, else the
//! variant's own `books/VARIANT.bin`), its moves in the game's position,
//! and the choice among them within the book depth (options `Book Depth`
//! and `Book Variety`).
//!
//! Book keys are XBoard's, which hash castling rights and holdings that a
//! Griffon position does not hold ([`XBoardState`]), so the book replays
//! the game from its start position to look a position up.

use crate::book::{Book, BookHasher, BookMoves, XBoardState};
use crate::game::Game;
use crate::position::Position;
use crate::rng::Rng;
use crate::types::Move;
use crate::variant::Variant;
use std::path::PathBuf;
use std::sync::Arc;

pub(crate) struct PlayBook {
    /// Option `Book File`: a book for every variant; `None`: each
    /// variant's own `books/VARIANT.bin` where there is one.
    file: Option<PathBuf>,
    /// The book in use for the current variant, with its key function.
    book: Option<(Arc<Book>, BookHasher)>,
    /// The file and variant `book` was read for.
    loaded: Option<(PathBuf, String)>,
    /// Option `Book Depth`: moves per side played from the book.
    pub depth: u32,
    /// Option `Book Variety`: 0 the heaviest move always, 50 in proportion
    /// to weight, 100 all alike.
    pub variety: u32,
    /// The game's start position, with what XBoard holds there beyond it:
    /// book keys replay the game from it.
    start: Box<(Position, XBoardState)>,
}

impl PlayBook {
    /// No book yet, for a game from `pos` (the variant's own setup).
    pub(crate) fn new(pos: &Position) -> PlayBook {
        PlayBook {
            file: None,
            book: None,
            loaded: None,
            depth: 20,
            variety: 50,
            start: Box::new((pos.clone(), XBoardState::at_start(pos))),
        }
    }

    /// The game now starts from `pos`, where XBoard holds `xboard`.
    pub(crate) fn set_start(&mut self, pos: Position, xboard: XBoardState) {
        *self.start = (pos, xboard);
    }

    pub(crate) fn is_open(&self) -> bool {
        self.book.is_some()
    }

    /// `Book File`: use `file` (none: each variant's own) from now on;
    /// `Err` with why a file given cannot be used.
    pub(crate) fn set_file(
        &mut self,
        file: Option<PathBuf>,
        variant: &Variant,
    ) -> Result<(), String> {
        self.file = file;
        self.loaded = None;
        self.open(variant)
    }

    /// Open the book for `variant`: the `Book File` option's, else
    /// `books/VARIANT.bin` (see [`default_book`]) if there is one. A bad
    /// file is logged and no book used; `Err` with why when the option
    /// named it (the protocol tells the user).
    pub(crate) fn open(&mut self, variant: &Variant) -> Result<(), String> {
        let path = match &self.file {
            Some(p) => p.clone(),
            None => match default_book(&variant.name) {
                Some(p) => p,
                None => {
                    self.book = None;
                    return Ok(());
                }
            },
        };
        // `new` before every game: keep a book already read for this
        // variant rather than read the file again.
        if self.loaded.as_ref() == Some(&(path.clone(), variant.name.clone()))
            && self.book.is_some()
        {
            return Ok(());
        }
        self.book = None;
        self.loaded = Some((path.clone(), variant.name.clone()));
        let hasher = match BookHasher::new(variant) {
            Ok(h) => h,
            Err(e) => {
                log::info!("no book for {}: {e}", variant.name);
                return Ok(());
            }
        };
        match Book::load(&path) {
            Ok(book) => {
                log::info!("book {}: {} entries", path.display(), book.len());
                self.book = Some((Arc::new(book), hasher));
                Ok(())
            }
            Err(e) => {
                log::warn!("book: {e}");
                match self.file {
                    Some(_) => Err(format!("book not used: {e}")),
                    None => Ok(()),
                }
            }
        }
    }

    /// The book's moves in the game's position, if a book is open.
    pub(crate) fn moves(&self, game: &Game) -> BookMoves {
        match &self.book {
            Some((book, hasher)) => {
                let (mut pos, mut xboard) = (*self.start).clone();
                for m in game.moves() {
                    xboard.play(&pos, m);
                    pos.make(m);
                }
                crate::book::book_moves(book, hasher, &mut pos, &xboard)
            }
            None => BookMoves::default(),
        }
    }

    /// A move from the book, while the game is within the book depth.
    pub(crate) fn pick(&self, game: &Game, rng: &mut Rng) -> Option<Move> {
        let plies = game.len() as u32;
        if self.book.is_none() || plies >= 2 * self.depth {
            return None;
        }
        let found = self.moves(game);
        for e in &found.illegal {
            log::warn!(
                "book entry {:016x} {:#06x} is no legal move here: ignored",
                e.key,
                e.mv
            );
        }
        let random = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        crate::book::choose(&found.moves, self.variety, random)
    }
}

/// The book Griffon plays a variant from by default: `books/VARIANT.bin`
/// (see [`crate::files::find_data`]).
pub fn default_book(variant: &str) -> Option<PathBuf> {
    crate::files::find_data("books", &format!("{variant}.bin"))
}
