//! Helpers the CLI's integration tests share: running the binary, its output when it succeeds,
//! its one line when it fails, and a fresh temporary path. (Each test file is its own crate, so
//! each uses only some of these.)
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Command, Output};

/// `poisson ARGS`, run to the end.
pub fn poisson(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_poisson"))
        .args(args)
        .output()
        .expect("the poisson binary runs")
}

/// Standard output of a run that must have succeeded (else its standard error, as the failure).
pub fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// A status and its one line on stderr, with nothing on stdout.
pub fn failure(args: &[&str]) -> (i32, String) {
    let out = poisson(args);
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(!out.status.success(), "{args:?} succeeded");
    assert!(out.stdout.is_empty(), "{args:?} printed to stdout");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.starts_with("poisson: error: "), "{args:?}: {err}");
    (out.status.code().unwrap(), err)
}

/// A fresh path in the target's temporary folder, unique to this test process.
pub fn temp_file(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    dir.join(format!("{}-{name}", std::process::id()))
}
