//! Issue 25's hostile inputs to the `poisson` binary, one test each: no clobbered file, memory
//! bounded whatever the input, advice that names a real option with a value that then works,
//! and error lines that stay short.
//!
//! Memory is bounded with `ulimit -v` (address space, which root cannot exceed either) through
//! bash, and a failed write is made with `ulimit -f` with SIGXFSZ ignored, so the write fails
//! with "File too large" instead of killing the process.

use poisson_live::{DartParams, SamplerParams};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_poisson");

/// Address space a command may use, in KiB: issue 25's 400 MB.
const MEMORY_KIB: u64 = 400 * 1024;

fn poisson(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().unwrap()
}

/// `poisson ARGS` run by bash after `limits` (`ulimit …; trap …`), its standard input `input`.
fn limited(limits: &str, args: &[&str], input: Option<&Path>) -> Output {
    let quoted: Vec<String> = args.iter().map(|a| format!("'{a}'")).collect();
    let script = format!("{limits}; exec '{BIN}' {}", quoted.join(" "));
    let mut command = Command::new("bash");
    command.args(["-c", &script]);
    if let Some(input) = input {
        command.stdin(std::fs::File::open(input).unwrap());
    }
    command.output().unwrap()
}

/// A fresh folder for one test.
fn folder(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("hardening-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The one error line of a run that failed with status 1.
fn refused(out: &Output) -> String {
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(1), "stderr: {err}");
    assert!(out.stdout.is_empty());
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("poisson: error: "), "{err}");
    err
}

fn succeeded(out: &Output) -> String {
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "failed: {err}");
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn path_str(p: &Path) -> &str {
    p.to_str().unwrap()
}

// Repro 1: a write that fails part way keeps the old file, for paint as for every command.
#[test]
fn a_failed_write_keeps_the_old_file() {
    let dir = folder("ulimit");
    let old = dir.join("old.png");
    let target = path_str(&old);
    succeeded(&poisson(&["paint", "-s", "2", "-o", target]));
    let before = std::fs::read(&old).unwrap();
    assert!(
        before.len() > 300 << 10,
        "the PNG is larger than the limit below"
    );
    // 100 KiB per file: the new PNG cannot be written whole.
    let limits = "trap '' XFSZ; ulimit -f 100";
    let err = refused(&limited(limits, &["paint", "-s", "1", "-o", target], None));
    assert!(
        err.contains("cannot write") && err.contains("old.png"),
        "{err}"
    );
    assert_eq!(
        std::fs::read(&old).unwrap(),
        before,
        "paint clobbered the old file"
    );
    assert_eq!(listing(&dir), ["old.png"], "the temporary file is removed");
    // Killed by the signal instead (its default): the old file is still whole.
    let killed = limited("ulimit -f 100", &["paint", "-s", "1", "-o", target], None);
    assert!(!killed.status.success());
    assert_eq!(std::fs::read(&old).unwrap(), before);
    // The other commands go through the same writer.
    // About 300 KB of CSV.
    let args = [
        "bridson", "-W", "400", "-H", "400", "-r", "3", "-f", "csv", "-o", target,
    ];
    let err = refused(&limited(limits, &args, None));
    assert!(err.contains("cannot write"), "{err}");
    assert_eq!(std::fs::read(&old).unwrap(), before);
    // Without the limit the new picture replaces the old one, whole.
    succeeded(&poisson(&["paint", "-s", "1", "-o", target]));
    let after = std::fs::read(&old).unwrap();
    assert_ne!(after, before);
    assert_eq!(after, poisson(&["paint", "-s", "1", "-o", "-"]).stdout);
}

// Repro 10, last part: the file that cannot be made is the temporary one, and the message says so.
#[test]
fn the_temporary_file_is_named_when_it_cannot_be_made() {
    let dir = folder("no-folder");
    let target = dir.join("missing").join("f.csv");
    for args in [
        vec!["paint", "-o", path_str(&target)],
        vec![
            "bridson",
            "-W",
            "50",
            "-H",
            "50",
            "-r",
            "9",
            "-o",
            path_str(&target),
        ],
    ] {
        let err = refused(&poisson(&args));
        assert!(
            err.contains("cannot create the temporary file")
                && err.contains(".f.csv.")
                && err.contains(".partial")
                && err.contains("to write")
                && err.contains("f.csv"),
            "{args:?}: {err}"
        );
    }
}

/// `rows` lines of `x,y,r` CSV in a file.
fn csv(dir: &Path, name: &str, header: &str, rows: impl Iterator<Item = String>) -> PathBuf {
    let path = dir.join(name);
    let mut f = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    writeln!(f, "{header}").unwrap();
    for row in rows {
        writeln!(f, "{row}").unwrap();
    }
    f.flush().unwrap();
    path
}

/// A dab at (1, 1) of radius 1 and spacing 1: refill's options for an input it must refuse
/// whatever the stroke.
const SMALL_DAB: [&str; 4] = ["-c", "1,1,1", "-r", "1"];

/// `refill -i INPUT` followed by `options`.
fn refill_args<'a>(input: &'a Path, options: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["refill", "-i", path_str(input)];
    args.extend_from_slice(options);
    args
}

/// Refill's refusal, with [`SMALL_DAB`], of the `x,y` rows written to `name` in `dir`.
fn refill_refusal(dir: &Path, name: &str, rows: impl Iterator<Item = String>) -> String {
    let input = csv(dir, name, "x,y", rows);
    refused(&poisson(&refill_args(&input, &SMALL_DAB)))
}

// Repro 2: too-close pairs by the billion cost no memory; the first one is reported.
#[test]
fn refill_reports_the_first_too_close_pair_in_bounded_memory() {
    let dir = folder("pairs");
    let limits = format!("ulimit -v {MEMORY_KIB}");
    type Rows = Box<dyn Iterator<Item = String>>;
    // The input file, its rows, refill's options and the first pair the refusal names.
    let cases: [(&str, Rows, &[&str], &str); 2] = [
        // 30 000 copies of one point: 450 M pairs.
        (
            "same.csv",
            Box::new((0..30_000).map(|_| "5,5".to_string())),
            &["-c", "5,5,2", "-r", "1", "-W", "10", "-H", "10"],
            "points 0 and 1 (ids 0 and 1) are 0 apart",
        ),
        // A 2 M-point grid one unit apart with -r 20: about 2.5 G pairs.
        (
            "grid.csv",
            Box::new((0..2_000_000).map(|i| format!("{},{}", i % 1000, i / 1000))),
            &["-c", "50,50,10", "-r", "20"],
            "points 0 and 1 (ids 0 and 1) are 1 apart, closer than their spacing 20",
        ),
    ];
    for (name, rows, options, first_pair) in cases {
        let input = csv(&dir, name, "x,y", rows);
        let err = refused(&limited(&limits, &refill_args(&input, options), None));
        assert!(err.contains(first_pair), "{name}: {err}");
    }
}

// Repro 3: a header of 400 000 columns is checked in linear time.
#[test]
fn a_huge_header_is_checked_promptly() {
    let dir = folder("header");
    let names: Vec<String> = (0..400_000).map(|i| format!("c{i}")).collect();
    let header = format!("x,y,{}", names.join(","));
    let wide = csv(&dir, "wide.csv", &header, std::iter::empty());
    let start = Instant::now();
    let err = refused(&poisson(&refill_args(&wide, &SMALL_DAB)));
    assert!(
        err.contains("gives no map width (it has no points); give --width"),
        "{err}"
    );
    let twice = csv(
        &dir,
        "twice.csv",
        &format!("{header},c399999"),
        std::iter::empty(),
    );
    let err = refused(&poisson(&refill_args(&twice, &SMALL_DAB)));
    assert!(
        err.contains("the header names column 'c399999' twice"),
        "{err}"
    );
    // Quadratic took past 20 s; linear takes milliseconds, even on a busy machine in a debug build.
    assert!(
        start.elapsed() < Duration::from_secs(10),
        "{:?}",
        start.elapsed()
    );
}

// Repro 4: an endless input ends promptly with a clear line, in bounded memory.
#[test]
fn an_endless_input_is_refused_promptly() {
    let limits = format!("ulimit -v {MEMORY_KIB}");
    let start = Instant::now();
    let args = ["refill", "-i", "/dev/zero", "-c", "1,1,1", "-r", "1"];
    let err = refused(&limited(&limits, &args, None));
    assert!(
        err.contains("/dev/zero: line 1 is longer than 16777216 bytes (16 MiB)"),
        "{err}"
    );
    // Standard input too.
    let args = ["refill", "-i", "-", "-c", "1,1,1", "-r", "1"];
    let err = refused(&limited(&limits, &args, Some(Path::new("/dev/zero"))));
    assert!(err.contains("-: line 1 is longer than"), "{err}");
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "{:?}",
        start.elapsed()
    );
}

// The byte limit: more than 1 GiB is refused, however short its lines (two minutes in a debug
// build, where every byte is trimmed by unoptimised code: run with --ignored, best with --release).
#[test]
#[ignore]
fn more_than_a_gibibyte_is_refused() {
    let mut child = Command::new(BIN)
        .args(["refill", "-i", "-", "-c", "1,1,1", "-r", "1"])
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        // A header, then blank lines of spaces: nothing to keep, only bytes to count.
        let _ = stdin.write_all(b"x,y\n");
        let mut line = vec![b' '; 1 << 20];
        *line.last_mut().unwrap() = b'\n';
        for _ in 0..(1 << 10) + 1 {
            if stdin.write_all(&line).is_err() {
                break; // refused: the reader stopped
            }
        }
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let err = refused(&out);
    assert!(
        err.contains("larger than 1073741824 bytes (1 GiB)"),
        "{err}"
    );
}

// The row limit: 16 M rows of points at most (slow in a debug build: run with --ignored).
#[test]
#[ignore]
fn more_than_the_row_limit_is_refused() {
    let dir = folder("rows");
    let err = refill_refusal(
        &dir,
        "rows.csv",
        (0..(1 << 24) + 1).map(|_| "1,1".to_string()),
    );
    assert!(err.contains("more than 16777216 rows of points"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

// Repro 5: darts counts its misses instead of keeping them.
#[test]
fn darts_memory_does_not_grow_with_the_misses() {
    // 1 391 points after millions of misses: kept as darts they took 111 MB (peak RSS of the
    // binary before issue 25, which this limit stops), counted next to nothing (6.6 MB in all).
    let limits = "ulimit -v 65536"; // 64 MiB of address space
    let args = [
        "darts", "-W", "400", "-H", "400", "-r", "9", "-m", "1e6", "-f", "count",
    ];
    let out = limited(limits, &args, None);
    let count: usize = succeeded(&out).trim().parse().unwrap();
    let want = poisson_live::dart_throwing(DartParams {
        width: 400.0,
        height: 400.0,
        radius: 9.0,
        max_misses: 1_000_000,
        seed: 123456,
    })
    .unwrap();
    assert_eq!(count, want.len());
}

/// A saved set with its own spacing (`x,y,r` from `bridson -f csv`).
fn saved_set(dir: &Path) -> PathBuf {
    let path = dir.join("forest.csv");
    let out = poisson(&["bridson", "-W", "720", "-H", "400", "-r", "24", "-f", "csv"]);
    std::fs::write(&path, succeeded(&out)).unwrap();
    path
}

// Repro 10: a radius too large for the points' own spacing is what the advice names, with a
// value that then works.
#[test]
fn refill_advice_names_the_radius_and_its_value_works() {
    let dir = folder("advice");
    let forest = saved_set(&dir);
    let input = path_str(&forest);
    let err = refused(&poisson(&[
        "refill",
        "-i",
        input,
        "-c",
        "360,200,0.001",
        "-r",
        "100000",
    ]));
    assert!(!err.contains("brush"), "{err}");
    let advised = err
        .trim()
        .rsplit_once("use a radius ≤ ")
        .unwrap_or_else(|| panic!("{err}"))
        .1;
    let out = poisson(&["refill", "-i", input, "-c", "360,200,0.001", "-r", advised]);
    let json: serde_json::Value = serde_json::from_str(&succeeded(&out)).unwrap();
    // The dab is too small to hold a point: every point is kept.
    assert_eq!(json["points"].as_array().unwrap().len(), 315);
}

// Repro 10: a brush too large is advised as the --circle radius, the option that sets it.
#[test]
fn refill_advice_about_the_brush_names_the_circle() {
    let dir = folder("brush");
    let one = csv(&dir, "one.csv", "x,y", std::iter::once("1,1".to_string()));
    let options = ["-c", "5e5,5e5,2e5", "-r", "2", "-W", "1e6", "-H", "1e6"];
    let err = refused(&poisson(&refill_args(&one, &options)));
    let advised = err
        .trim()
        .rsplit_once("use a --circle radius R ≤ ")
        .unwrap_or_else(|| panic!("{err}"))
        .1;
    let advised: f64 = advised.parse().unwrap();
    assert!((1000.0..2e5).contains(&advised), "{err}");
    // The core takes the advised brush (the fill itself is millions of points, too slow here).
    let set = poisson_live::EditableSet::new(SamplerParams {
        width: 1e6,
        height: 1e6,
        radius: 2.0,
        k: 30,
        seed: 123456,
    })
    .unwrap();
    let stroke = poisson_live::edit::Stroke::circle(5e5, 5e5, advised).unwrap();
    assert!(set.edit(poisson_live::edit::Tool::Refill, &stroke).is_ok());
}

// Repro 10: without --width, a point too far out is the input's fault, said so.
#[test]
fn a_point_beyond_any_map_is_named_as_the_inputs() {
    let dir = folder("far");
    let err = refill_refusal(
        &dir,
        "far.csv",
        ["1e300,5", "1,1"].map(String::from).into_iter(),
    );
    assert!(err.contains("the input has a point at x = 1e300"), "{err}");
    assert!(!err.contains("width must"), "{err}");
}

// Repro 10: endless advises the radius only, and its value passes every rule.
#[test]
fn endless_advice_names_the_radius_only() {
    for (w, h, r) in [
        ("1", "83", "1e-12"),
        ("20000", "20000", "0.01"),
        ("1e12", "1", "1"),
    ] {
        let err = refused(&poisson(&[
            "endless", "-W", w, "-H", h, "-r", r, "-f", "count",
        ]));
        assert!(
            !err.contains("chunks;") && !err.contains("move it"),
            "{err}"
        );
        let advised: f64 = err
            .trim()
            .rsplit_once("use a radius ≥ ")
            .unwrap_or_else(|| panic!("{err}"))
            .1
            .parse()
            .unwrap();
        let (w, h): (f64, f64) = (w.parse().unwrap(), h.parse().unwrap());
        // The run itself would be billions of points; what the command checks first passes.
        assert!(
            poisson_live::stream::ChunkRows::for_map(w, h, advised, 1).is_ok(),
            "{err}"
        );
    }
}

// Repro 11: a 50 MB field and a 309-digit number are shortened, not echoed whole.
#[test]
fn error_lines_stay_short() {
    let dir = folder("long");
    let huge = "9".repeat(50 << 20);
    let err = refill_refusal(&dir, "big.csv", std::iter::once(format!("1,{huge}")));
    assert!(err.len() < 300, "{} bytes: {:.200}", err.len(), err);
    assert!(err.contains("line 2 is longer than"), "{err}");
    // A field under the line limit is quoted in part, with its length.
    let long = "a".repeat(10 << 20);
    let err = refill_refusal(&dir, "field.csv", std::iter::once(format!("1,{long}")));
    assert!(err.len() < 300, "{} bytes: {:.200}", err.len(), err);
    assert!(
        err.contains(&format!("line 2: y is '{}…' (10485760 bytes)", &long[..40])),
        "{err}"
    );
    // A number too large to be a circle, in exponent form.
    let one = csv(&dir, "one.csv", "x,y", std::iter::once("1,1".to_string()));
    let args = refill_args(&one, &["-c", "1e308,1e308,1e308", "-r", "1"]);
    let err = refused(&poisson(&args));
    assert!(err.len() < 300, "{err}");
    assert!(err.contains("--circle 1e308,1e308,1e308:"), "{err}");
}

// Bad OBJ input: one line, exit 1, nothing written.
#[test]
fn a_bad_mesh_is_refused_in_one_line_and_writes_nothing() {
    let dir = folder("mesh");
    let cases = [
        (
            "missing.obj",
            "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2\n",
            "a face needs at least three corners",
        ),
        (
            "range.obj",
            "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 7\n",
            "face 0 names vertex 7 but the file has 3 vertices",
        ),
        (
            "nan.obj",
            "v 0 0 0\nv 1 NaN 0\nv 0 1 0\nf 1 2 3\n",
            "line 2: vertex coordinate \"NaN\" is not a finite number",
        ),
        ("empty.obj", "# nothing\nv 0 0 0\n", "has no faces"),
        (
            "flat.obj",
            "v 0 0 0\nv 1 0 0\nv 2 0 0\nf 1 2 3\n",
            "the mesh's triangles have no area",
        ),
        (
            "far.obj",
            "v 0 0 0\nv 1e300 0 0\nv 0 1 0\nf 1 2 3\n",
            "line 2: vertex coordinate \"1e300\" is beyond ±1e152",
        ),
    ];
    for (name, text, says) in cases {
        let obj = dir.join(name);
        std::fs::write(&obj, text).unwrap();
        let out_file = dir.join("out.csv");
        let out = poisson(&[
            "mesh",
            "-i",
            path_str(&obj),
            "-r",
            "1",
            "-o",
            path_str(&out_file),
        ]);
        let err = refused(&out);
        assert!(err.contains(says), "{name}: {err}");
        assert!(err.contains(name), "the file is named: {err}");
        assert!(!out_file.exists(), "{name}: nothing is written");
    }
    assert_eq!(listing(&dir).len(), cases.len(), "no file but the inputs");
}

// A file too big to read is refused from its size, before any of it is read.
#[test]
fn a_huge_obj_is_refused_at_once() {
    let dir = folder("huge-mesh");
    let obj = dir.join("huge.obj");
    let file = std::fs::File::create(&obj).unwrap();
    file.set_len(2 << 30).unwrap(); // 2 GiB, sparse
    let start = std::time::Instant::now();
    let err = refused(&poisson(&["mesh", "-i", path_str(&obj), "-r", "1"]));
    assert!(err.contains("larger than 512 MiB"), "{err}");
    assert!(start.elapsed().as_secs() < 20, "refused promptly");
    std::fs::remove_file(&obj).unwrap();
}

// 3D boxes keep the 2D rules: bad numbers and too much work are refused in one line.
#[test]
fn a_bad_box_is_refused_in_one_line() {
    let err = refused(&poisson(&[
        "bridson", "-W", "10", "-H", "10", "-D", "0", "-r", "1",
    ]));
    assert!(
        err.contains("depth must be a finite number greater than 0, got 0"),
        "{err}"
    );
    let err = refused(&poisson(&[
        "fast", "-W", "1e5", "-H", "1e5", "-D", "1e5", "-r", "1",
    ]));
    assert!(err.contains("use a radius ≥"), "{err}");
}

// Issue 37's CLI cases.

/// The one line of a malformed command line (status 2), with nothing on standard output.
fn malformed(out: &Output) -> String {
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "stderr: {err}");
    assert!(out.stdout.is_empty());
    assert_eq!(err.lines().count(), 1, "{err}");
    err
}

// 13: --threshold without --mask was refused, except with --depth, which took it silently.
#[test]
fn threshold_without_a_mask_is_refused_with_depth_too() {
    let dir = folder("threshold");
    let out = dir.join("points.json");
    let map = ["bridson", "-W", "10", "-H", "10", "-r", "2"];
    for extra in [&[][..], &["-D", "10"], &["--depth", "10", "-f", "csv"]] {
        let args = [
            &map[..],
            extra,
            &["--threshold", "0.3", "-o", path_str(&out)],
        ]
        .concat();
        let err = malformed(&poisson(&args));
        assert!(
            err.contains("--threshold needs --mask IMAGE"),
            "{args:?}: {err}"
        );
        assert!(!out.exists(), "{args:?} wrote the file");
    }
}

// 15: JSON of a box gave its width and height but not its depth.
#[test]
fn a_boxs_json_gives_its_depth() {
    for command in ["bridson", "fast"] {
        let args = [command, "-W", "30", "-H", "20", "-D", "10.5", "-r", "3"];
        let json = succeeded(&poisson(&args));
        assert!(
            json.starts_with("{\"width\": 30, \"height\": 20, \"depth\": 10.5, \"points\": [["),
            "{command}: {}",
            &json[..60]
        );
        let value: serde_json::Value = serde_json::from_str(&json).unwrap();
        let points = value["points"].as_array().unwrap();
        assert!(points.iter().all(|p| p.as_array().unwrap().len() == 3));
        // CSV and count are as they were.
        let csv = succeeded(&poisson(&[&args[..], &["-f", "csv"]].concat()));
        assert!(csv.starts_with("x,y,z\n"));
        assert_eq!(csv.lines().count(), points.len() + 1);
        let count = succeeded(&poisson(&[&args[..], &["-f", "count"]].concat()));
        assert_eq!(count, format!("{}\n", points.len()));
    }
}

// 15: -o onto a link to a file not there replaced the link with the file. A link is followed,
// as it is to a file that is there: the file it names is made, and the link stays.
#[cfg(unix)]
#[test]
fn a_link_to_a_missing_file_is_followed() {
    use std::os::unix::fs::symlink;
    let dir = folder("dangling");
    let args = ["bridson", "-W", "40", "-H", "30", "-r", "4", "-f", "csv"];
    let want = succeeded(&poisson(&args));
    std::fs::create_dir(dir.join("data")).unwrap();
    // Relative links, one through another: each read from its own folder.
    symlink("data/points.csv", dir.join("link.csv")).unwrap();
    symlink("../link.csv", dir.join("data").join("again.csv")).unwrap();
    for (link, named) in [
        ("link.csv", "data/points.csv"),
        ("data/again.csv", "data/points.csv"),
    ] {
        let _ = std::fs::remove_file(dir.join(named));
        let at = dir.join(link);
        succeeded(&poisson(&[&args[..], &["-o", path_str(&at)]].concat()));
        assert!(
            at.symlink_metadata().unwrap().is_symlink(),
            "{link} is still a link"
        );
        assert_eq!(std::fs::read_to_string(dir.join(named)).unwrap(), want);
        // Once the file is there, the link is followed to it as before.
        succeeded(&poisson(&[&args[..], &["-o", path_str(&at)]].concat()));
        assert!(at.symlink_metadata().unwrap().is_symlink());
        assert_eq!(std::fs::read_to_string(dir.join(named)).unwrap(), want);
    }
    assert_eq!(listing(&dir.join("data")), ["again.csv", "points.csv"]);
    // A link into a folder that is not there: refused in one line, the link left alone.
    symlink("nowhere/points.csv", dir.join("lost.csv")).unwrap();
    let err = refused(&poisson(
        &[&args[..], &["-o", path_str(&dir.join("lost.csv"))]].concat(),
    ));
    assert!(err.contains("cannot create the temporary file"), "{err}");
    assert!(dir
        .join("lost.csv")
        .symlink_metadata()
        .unwrap()
        .is_symlink());
    // Links that go round: refused in one line, both left as they were.
    symlink("round-b", dir.join("round-a")).unwrap();
    symlink("round-a", dir.join("round-b")).unwrap();
    let err = refused(&poisson(
        &[&args[..], &["-o", path_str(&dir.join("round-a"))]].concat(),
    ));
    assert!(err.contains("go round in a loop"), "{err}");
    for name in ["round-a", "round-b"] {
        assert!(dir.join(name).symlink_metadata().unwrap().is_symlink());
    }
}

// 10: a work-limit message gave 1000.5 as "1": the zeros of "1000" were trimmed as decimals.
#[test]
fn a_work_limit_message_states_the_sizes_asked() {
    for (w, h, says) in [
        ("1000.5", "1000.5", "on 1000.5 × 1000.5 needs"),
        ("1000", "20000", "on 1000 × 20000 needs"),
        ("20000.3", "300", "on 20000.3 × 300 needs"),
        ("1234.5678", "10.5", "on 1234.6 × 10.5 needs"),
    ] {
        let err = refused(&poisson(&["bridson", "-W", w, "-H", h, "-r", "0.001"]));
        assert!(err.contains(says), "{w} × {h}: {err}");
    }
}

/// A height field of `columns × rows` vertices a unit apart as OBJ text: two triangles a square.
fn height_field_obj(columns: u32, rows: u32) -> String {
    use std::fmt::Write as _;
    let mut text = String::new();
    for y in 0..rows {
        for x in 0..columns {
            let z = 3.0 * (0.05 * f64::from(x)).sin() * (0.07 * f64::from(y)).cos();
            writeln!(text, "v {x} {y} {z:.3}").unwrap();
        }
    }
    for y in 0..rows - 1 {
        for x in 0..columns - 1 {
            let a = y * columns + x + 1;
            let (b, c, d) = (a + 1, a + columns + 1, a + columns);
            writeln!(text, "f {a} {b} {c}\nf {a} {c} {d}").unwrap();
        }
    }
    text
}

// 1: any mesh past 2^21 triangles hung, whatever the radius.
#[test]
#[ignore = "a 68 MB OBJ of 2.2 M triangles, slow unoptimised; run with: cargo test --release \
            -p poisson-live-cli --test hardening -- --ignored a_mesh_of_2"]
fn a_mesh_of_2_2_million_triangles_is_sampled_promptly() {
    let dir = folder("big-mesh");
    let obj = dir.join("grid.obj");
    std::fs::write(&obj, height_field_obj(1101, 1001)).unwrap();
    let start = Instant::now();
    let out = poisson(&["mesh", "-i", path_str(&obj), "-r", "100", "-f", "count"]);
    let count: usize = succeeded(&out).trim().parse().unwrap();
    // About 0.66 points per r² on 1.1 M square units; 3 s on one core, optimised.
    assert!((50..120).contains(&count), "{count}");
    assert!(
        start.elapsed() < Duration::from_secs(120),
        "{:?}",
        start.elapsed()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

// 4: one face line of 250 M corners took 4.4 GB: its corners were all read before the triangle
// limit was checked. They stop at the limit now, and the line is named.
#[test]
#[ignore = "writes a 500 MB file; run with: cargo test --release -p poisson-live-cli --test \
            hardening -- --ignored one_long_face"]
fn one_long_face_line_is_refused_in_bounded_memory() {
    let dir = folder("long-face");
    let obj = dir.join("long.obj");
    let mut file = std::io::BufWriter::new(std::fs::File::create(&obj).unwrap());
    file.write_all(b"v 0 0 0\nv 1 0 0\nv 0 1 0\nf").unwrap();
    for _ in 0..250_000_000 / 1000 {
        file.write_all(" 1".repeat(1000).as_bytes()).unwrap();
    }
    file.write_all(b"\n").unwrap();
    drop(file);
    // The text (500 MB) and at most 2^24 corners and triangles: well under 1.5 GB.
    let out = limited(
        "ulimit -v 1500000",
        &["mesh", "-i", path_str(&obj), "-r", "1"],
        None,
    );
    let err = refused(&out);
    assert!(
        err.contains("line 4: more than 16777216 triangles"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
