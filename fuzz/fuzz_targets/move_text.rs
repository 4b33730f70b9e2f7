#![no_main]
// See griffon::fuzzing::move_text.
libfuzzer_sys::fuzz_target!(|data: &[u8]| griffon::fuzzing::move_text(data));
