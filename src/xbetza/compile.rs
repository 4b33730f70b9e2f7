//! Direction expansion: parsed legs -> concrete MoveDefs.
use super::*;

/// Compile an XBetza string into concrete moves.
pub fn compile(text: &str, dialect: Dialect) -> Result<PieceMoves, BetzaError> {
    let _ = dialect;
    let _ = parse::placeholder();
    if text.is_empty() {
        return Ok(PieceMoves::default());
    }
    Err(BetzaError { input: text.into(), position: 0, message: "compiler not written yet".into() })
}
