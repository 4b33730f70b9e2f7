#![no_main]
// See griffon::fuzzing::play.
libfuzzer_sys::fuzz_target!(|data: &[u8]| griffon::fuzzing::play(data));
