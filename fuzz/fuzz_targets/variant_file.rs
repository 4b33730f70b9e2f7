#![no_main]
// See griffon::fuzzing::variant_file.
libfuzzer_sys::fuzz_target!(|data: &[u8]| griffon::fuzzing::variant_file(data));
