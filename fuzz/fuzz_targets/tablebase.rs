#![no_main]
// See griffon::fuzzing::tablebase.
libfuzzer_sys::fuzz_target!(|data: &[u8]| griffon::fuzzing::tablebase(data));
