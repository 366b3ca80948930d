#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| monkey_queen_fuzz::record(data));
