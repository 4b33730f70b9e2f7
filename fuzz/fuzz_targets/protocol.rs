#![no_main]
// See griffon::fuzzing::protocol.
libfuzzer_sys::fuzz_target!(|data: &[u8]| griffon::fuzzing::protocol(data));
