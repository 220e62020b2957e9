//! What the examples with a `run` share: its errors shown in the crate's own words.

use std::error::Error;

/// Runs `run`; on an error prints `name: message` and exits with status 1. The crate's messages
/// say what to change: they are shown as they are, not in their Debug form.
pub fn run_or_exit(name: &str, run: fn() -> Result<(), Box<dyn Error>>) {
    if let Err(e) = run() {
        eprintln!("{name}: {e}");
        std::process::exit(1);
    }
}
