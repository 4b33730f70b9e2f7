#![no_main]
// See griffon::fuzzing::book.
libfuzzer_sys::fuzz_target!(|data: &[u8]| griffon::fuzzing::book(data));
