//! The `poisson` binary as a pipeline runs it: arguments in, bytes and an exit status out.

use std::path::PathBuf;
use std::process::{Command, Output};

fn poisson(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_poisson"))
        .args(args)
        .output()
        .expect("the poisson binary runs")
}

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// A fresh path in the target's temporary folder, unique to this test.
fn temp_file(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    dir.join(format!("{}-{name}", std::process::id()))
}

#[test]
fn bridson_json_reads_back_as_the_crates_points_exactly() {
    let out = poisson(&[
        "bridson", "--width", "720", "--height", "400", "--radius", "24", "--seed", "123456",
    ]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["width"], 720);
    assert_eq!(json["height"], 400);
    let got: Vec<[f64; 3]> = json["points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let p = p.as_array().unwrap();
            assert_eq!(p.len(), 3);
            [
                p[0].as_f64().unwrap(),
                p[1].as_f64().unwrap(),
                p[2].as_f64().unwrap(),
            ]
        })
        .collect();
    let want: Vec<[f64; 3]> = poisson_live::poisson_disk(720.0, 400.0, 24.0, 30, 123456)
        .unwrap()
        .iter()
        .map(|p| [p.x, p.y, p.r])
        .collect();
    assert_eq!(got.len(), 315);
    // Exact: the shortest round-trip digits must parse back to the very same f64.
    assert_eq!(got, want);
}

#[test]
fn count_matches_the_tutorial() {
    let out = poisson(&[
        "bridson",
        "--width=720",
        "--height=400",
        "--radius=24",
        "--k",
        "30",
        "--seed",
        "123456",
        "--format",
        "count",
    ]);
    assert_eq!(stdout(&out), "315\n");
    // No terminal here, so no progress indicator: a pipeline's log stays clean.
    assert!(out.stderr.is_empty());
}

#[test]
fn the_default_seed_and_k_are_the_pages() {
    let out = poisson(&[
        "bridson", "-W", "720", "-H", "400", "-r", "24", "-f", "count",
    ]);
    assert_eq!(stdout(&out), "315\n");
}

#[test]
fn csv_has_a_header_and_one_line_per_point() {
    let out = poisson(&[
        "bridson", "--width", "720", "--height", "400", "--radius", "24", "--format", "csv",
    ]);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "x,y,r");
    assert_eq!(lines.len(), 1 + 315);
    assert!(lines[1..]
        .iter()
        .all(|l| l.split(',').count() == 3 && l.ends_with(",24")));

    let out = poisson(&[
        "jittered",
        "--width",
        "100",
        "--height",
        "50",
        "--spacing",
        "10",
        "--format",
        "csv",
    ]);
    let text = stdout(&out);
    assert_eq!(text.lines().next(), Some("x,y"));
    assert_eq!(text.lines().count(), 1 + 10 * 5);
}

#[test]
fn every_method_matches_the_crate() {
    let xy = |text: &str| -> Vec<Vec<f64>> {
        let json: serde_json::Value = serde_json::from_str(text).unwrap();
        json["points"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                p.as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v.as_f64().unwrap())
                    .collect()
            })
            .collect()
    };
    let pairs = |v: Vec<[f64; 2]>| v.into_iter().map(|p| p.to_vec()).collect::<Vec<_>>();

    let out = poisson(&[
        "random", "--width", "720", "--height", "400", "--count", "200", "--seed", "7",
    ]);
    assert_eq!(
        xy(&stdout(&out)),
        pairs(poisson_live::random_points(200, 720.0, 400.0, 7).unwrap())
    );

    let out = poisson(&[
        "jittered",
        "--width",
        "720",
        "--height",
        "400",
        "--spacing",
        "26",
        "--seed",
        "-5",
    ]);
    assert_eq!(
        xy(&stdout(&out)),
        pairs(poisson_live::jittered_grid(26.0, 720.0, 400.0, -5).unwrap())
    );

    let out = poisson(&[
        "darts", "--width", "720", "--height", "400", "--radius", "26", "--misses", "300",
        "--seed", "0",
    ]);
    assert_eq!(
        xy(&stdout(&out)),
        pairs(poisson_live::dart_throwing(720.0, 400.0, 26.0, 300, 0).unwrap())
    );

    let out = poisson(&[
        "variable",
        "--width",
        "720",
        "--height",
        "400",
        "--min-radius",
        "9",
        "--max-radius",
        "36",
    ]);
    let want: Vec<Vec<f64>> =
        poisson_live::density_forest(720.0, 400.0, 9.0, 36.0, 5.0, 30, 123456)
            .unwrap()
            .iter()
            .map(|p| vec![p.x, p.y, p.r])
            .collect();
    assert!(!want.is_empty());
    assert_eq!(xy(&stdout(&out)), want);
}

#[test]
fn output_goes_to_a_file_when_asked() {
    let path = temp_file("count.txt");
    let out = poisson(&[
        "random",
        "-W",
        "10",
        "-H",
        "10",
        "-n",
        "42",
        "-f",
        "count",
        "-o",
        path.to_str().unwrap(),
    ]);
    assert_eq!(stdout(&out), "");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "42\n");
    std::fs::remove_file(path).unwrap();
}

/// Each bad input: a non-zero exit, nothing on standard output, and exactly one line on standard
/// error that starts with `poisson: error:` and says what was wrong.
#[test]
fn bad_input_is_one_line_and_a_non_zero_exit() {
    let cases: &[(&[&str], &str)] = &[
        (
            &[
                "bridson", "--width", "720", "--height", "400", "--radius", "0",
            ],
            "radius must be a finite number greater than 0, got 0",
        ),
        (
            &[
                "bridson", "--width", "720", "--height", "400", "--radius", "NaN",
            ],
            "radius must be a finite number greater than 0, got NaN",
        ),
        (
            &[
                "bridson", "--width", "720", "--height", "400", "--radius", "24", "--seed", "1e12",
            ],
            "seed must be a whole number",
        ),
        (
            &[
                "bridson",
                "--width",
                "720",
                "--height",
                "400",
                "--radius",
                "24",
                "--seed",
                "-2147483646",
            ],
            "would make the generator stick",
        ),
        (
            &[
                "bridson",
                "--width",
                "720",
                "--height",
                "400",
                "--radius",
                "24",
                "--frobnicate",
                "1",
            ],
            "unknown option '--frobnicate'",
        ),
        (
            &["bridson", "--width", "720", "--height", "400"],
            "needs --radius",
        ),
        (
            &["bridson", "--width", "720", "--height", "400", "--radius"],
            "--radius needs a value",
        ),
        (
            &[
                "bridson", "--width", "720", "--height", "400", "--radius", "two",
            ],
            "--radius must be a number, got 'two'",
        ),
        (
            &[
                "bridson", "--width", "720", "--height", "400", "--radius", "24", "--k", "0",
            ],
            "k must be between 1 and 10000",
        ),
        (
            &[
                "bridson", "--width", "720", "--height", "400", "--radius", "24", "--format", "xml",
            ],
            "--format must be json, csv or count",
        ),
        (
            &[
                "bridson", "--width", "1e9", "--height", "1e9", "--radius", "1",
            ],
            "the limit is",
        ),
        (
            &[
                "random", "--width", "720", "--height", "400", "--count", "1.5",
            ],
            "count must be a whole number",
        ),
        (
            &[
                "variable",
                "--width",
                "720",
                "--height",
                "400",
                "--min-radius",
                "36",
                "--max-radius",
                "9",
            ],
            "must not be larger than max radius",
        ),
        (
            &["paint", "--seed", "2147483648"],
            "seed must be a whole number",
        ),
        (&["scatter"], "unknown command 'scatter'"),
        (&[], "no command given"),
    ];
    for (args, message) in cases {
        let out = poisson(args);
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(!out.status.success(), "{args:?} succeeded");
        assert!(out.stdout.is_empty(), "{args:?} printed to stdout");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("poisson: error: "), "{args:?}: {err}");
        assert!(err.contains(message), "{args:?}: {err}");
    }
}

#[test]
fn help_lists_options_with_defaults() {
    for command in [
        "bridson", "random", "jittered", "darts", "variable", "paint",
    ] {
        let text = stdout(&poisson(&[command, "--help"]));
        assert!(text.contains(&format!("poisson {command}")), "{text}");
        assert!(
            text.contains("--seed S") && text.contains("[default: 123456]"),
            "{text}"
        );
    }
    let text = stdout(&poisson(&["bridson", "--help"]));
    assert!(
        text.contains("[default: 30]")
            && text.contains("--radius R")
            && text.contains("(required)")
    );
    let text = stdout(&poisson(&["--help"]));
    assert!(text.contains("bridson") && text.contains("paint"));
}

#[test]
fn paint_writes_the_worlds_pixels_as_a_png() {
    let path = temp_file("world.png");
    let out = poisson(&["paint", "--seed", "42", "-o", path.to_str().unwrap()]);
    stdout(&out);
    let bytes = std::fs::read(&path).unwrap();
    std::fs::remove_file(&path).unwrap();

    let world = poisson_live::paint_world(42).unwrap();
    // The same bytes the page's Download PNG produces: one encoder in the core.
    assert_eq!(bytes, world.to_png().unwrap());

    let mut reader = png::Decoder::new(std::io::Cursor::new(bytes))
        .read_info()
        .unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut pixels).unwrap();
    assert_eq!(
        (info.width as usize, info.height as usize),
        (world.width, world.height)
    );
    assert_eq!(info.color_type, png::ColorType::Rgb);
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    assert_eq!(&pixels[..info.buffer_size()], &world.rgb[..]);
}
