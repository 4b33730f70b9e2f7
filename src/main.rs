//! The `griffon` binary: parses the command line and calls the library.
fn main() {
    env_logger::init();
}
