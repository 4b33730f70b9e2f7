//! The engine's fixed limits, in one place: each bounds a fixed-size table
//! somewhere below, and variants beyond them are refused when loaded.

/// Largest board Griffon accepts in either direction (files `a`..`p`).
pub const MAX_FILES: u8 = 16;
/// Largest number of ranks Griffon accepts.
pub const MAX_RANKS: u8 = 16;

/// Padded square numbers stay below this: a [`Move`](super::Move) holds
/// each square in 12 bits (checked when the trajectory table is built).
pub const MAX_SQ: usize = 1 << 12;

/// Room for the pseudo-legal moves of one position. Chess has at most 218
/// and Chu Shogi about 500 with the Lion's double moves, but drops on a
/// big board go far beyond: crazyhouse on 16x16 with five piece types in
/// hand has over 1,200. Variants whose drops alone could fill most of a
/// list are refused when their rules are built (`Rules::new`).
pub const MAX_MOVES: usize = 4096;

/// Pieces one side can have on the board at once (a bit each in the
/// attack map's `u64` masks).
pub const SLOTS_PER_SIDE: usize = 64;

/// Piece types a variant with holdings may have (holdings are counts per
/// type, kept in the position).
pub const HAND_ROLES: usize = 64;
