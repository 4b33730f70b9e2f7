#![no_main]
// See griffon::fuzzing::fen.
libfuzzer_sys::fuzz_target!(|data: &[u8]| griffon::fuzzing::fen(data));
