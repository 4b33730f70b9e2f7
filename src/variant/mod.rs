//! Variant definitions (to be written).
