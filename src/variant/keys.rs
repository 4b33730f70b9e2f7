//! Key names: Fairy-Stockfish's built-in piece names with their Betza, and
//! the Fairy-Stockfish options Griffon knows about but does not implement
//! (so a warning can say "not supported yet" instead of "unknown key").

/// Fairy-Stockfish's predefined piece types (`rook = r`), with the Betza
/// that the header of its `variants.ini` gives for each. These strings are
/// Fairy-Stockfish's, so they are compiled with its dialect.
pub(crate) const FSF_PIECES: &[(&str, &str)] = &[
    ("pawn", "fmWfceF"),
    ("knight", "N"),
    ("bishop", "B"),
    ("rook", "R"),
    ("queen", "Q"),
    ("fers", "F"),
    ("alfil", "A"),
    ("fersAlfil", "FA"),
    ("silver", "FfW"),
    ("aiwok", "RNF"),
    ("bers", "RF"),
    ("archbishop", "BN"),
    ("chancellor", "RN"),
    ("amazon", "QN"),
    ("knibis", "mNcB"),
    ("biskni", "mBcN"),
    ("kniroo", "mNcR"),
    ("rookni", "mRcN"),
    ("shogiPawn", "fW"),
    ("lance", "fR"),
    ("shogiKnight", "fN"),
    ("gold", "WfF"),
    ("dragonHorse", "BW"),
    ("clobber", "cW"),
    ("breakthrough", "fmWfF"),
    ("immobile", ""),
    ("cannon", "mRcpR"),
    ("janggiCannon", "pR"),
    ("soldier", "fsW"),
    ("horse", "nN"),
    ("elephant", "nA"),
    ("janggiElephant", "nZ"),
    ("banner", "RcpRnN"),
    ("wazir", "W"),
    ("commoner", "K"),
    ("centaur", "KN"),
    ("king", "K"),
];

/// Betza of a Fairy-Stockfish piece name.
pub(crate) fn fsf_piece(key: &str) -> Option<&'static str> {
    FSF_PIECES
        .iter()
        .find(|(name, _)| *name == key)
        .map(|&(_, betza)| betza)
}

/// `customPiece1`, `customPiece26`, ...: Griffon allows any number.
pub(crate) fn is_custom_piece(key: &str) -> bool {
    key.strip_prefix("customPiece").is_some_and(|n| {
        !n.is_empty() && !n.starts_with('0') && n.bytes().all(|b| b.is_ascii_digit())
    })
}

pub(crate) fn is_piece_key(key: &str) -> bool {
    is_custom_piece(key) || fsf_piece(key).is_some()
}

/// Keys that are never inherited: they name one particular variant.
pub(crate) const NOT_INHERITED: &[&str] = &["aliases", "xboardName"];

/// When a section sets the key on the left, the more specific keys on the
/// right that it inherited are dropped, because Fairy-Stockfish applies a
/// section's keys on top of the parent's *result*: a child's `pawnTypes`
/// overrides a parent's `promotionPawnTypes`.
pub(crate) const OVERRIDES: &[(&str, &[&str])] = &[
    (
        "pawnTypes",
        &[
            "promotionPawnTypes",
            "promotionPawnTypesWhite",
            "promotionPawnTypesBlack",
            "enPassantTypes",
            "enPassantTypesWhite",
            "enPassantTypesBlack",
        ],
    ),
    (
        "promotionPawnTypes",
        &["promotionPawnTypesWhite", "promotionPawnTypesBlack"],
    ),
    (
        "promotionPieceTypes",
        &["promotionPieceTypesWhite", "promotionPieceTypesBlack"],
    ),
    (
        "enPassantTypes",
        &["enPassantTypesWhite", "enPassantTypesBlack"],
    ),
    ("pass", &["passWhite", "passBlack"]),
    (
        "passOnStalemate",
        &["passOnStalemateWhite", "passOnStalemateBlack"],
    ),
    (
        "wallingRegion",
        &["wallingRegionWhite", "wallingRegionBlack"],
    ),
    (
        "enPassantRegion",
        &["enPassantRegionWhite", "enPassantRegionBlack"],
    ),
    (
        "castlingKingPiece",
        &["castlingKingPieceWhite", "castlingKingPieceBlack"],
    ),
    (
        "castlingRookPieces",
        &["castlingRookPiecesWhite", "castlingRookPiecesBlack"],
    ),
];

/// Keys of `letter:value` pairs that a section sets piece by piece, as
/// Fairy-Stockfish assigns them: a child's `promotedPieceType = p:g`
/// changes the pawn's promotion and keeps the parent's for other pieces.
pub(crate) const MERGED_BY_PIECE: &[&str] = &[
    "promotedPieceType",
    "promotionLimit",
    "pieceValueMg",
    "pieceValueEg",
];

/// `inherited` pairs overridden, piece by piece, by `own`.
pub(crate) fn merge_by_piece(inherited: &str, own: &str) -> String {
    let piece = |pair: &str| pair.split(':').next().unwrap_or("").to_string();
    let own_pieces: Vec<String> = own.split_whitespace().map(piece).collect();
    inherited
        .split_whitespace()
        .filter(|pair| !own_pieces.contains(&piece(pair)))
        .chain(own.split_whitespace())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Fairy-Stockfish options that Griffon reads past with a warning.
pub(crate) const FSF_UNSUPPORTED: &[&str] = &[
    "petrifyOnCapture",
    "arrowGating",
    "duckGating",
    "staticGating",
    "staticGatingRegion",
    "pastGating",
    "nFoldValueAbsolute",
    "promotionRank",
    "doubleStepRank",
    "doubleStepRankMin",
    "castlingRookPiece",
];

pub(crate) fn is_unsupported_fsf(key: &str) -> bool {
    FSF_UNSUPPORTED.contains(&key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_keys() {
        assert!(is_custom_piece("customPiece1") && is_custom_piece("customPiece40"));
        assert!(!is_custom_piece("customPiece") && !is_custom_piece("customPiece01"));
        assert!(!is_custom_piece("customPiecex"));
        assert_eq!(fsf_piece("fersAlfil"), Some("FA"));
        assert_eq!(fsf_piece("immobile"), Some(""));
        assert!(is_piece_key("king") && !is_piece_key("maxRank"));
    }

    #[test]
    fn pairs_merge_piece_by_piece() {
        assert_eq!(
            merge_by_piece("p:p' l:l' b:h r:d", "u:w p:g"),
            "l:l' b:h r:d u:w p:g"
        );
        assert_eq!(merge_by_piece("", "q:1"), "q:1");
    }
}
