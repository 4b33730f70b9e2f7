#![no_main]
// See griffon::fuzzing::xbetza.
libfuzzer_sys::fuzz_target!(|data: &[u8]| griffon::fuzzing::xbetza(data));
