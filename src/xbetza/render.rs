//! Rendering.
use super::*;
pub struct DiagramOptions;
pub fn describe_leg(_l: &Leg) -> String { String::new() }
pub fn describe_move(_m: &MoveDef) -> String { String::new() }
pub fn diagram(_m: &PieceMoves, _o: &DiagramOptions) -> String { String::new() }
