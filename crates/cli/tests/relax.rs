//! `poisson relax` and `poisson measure` as a pipeline runs them: the crate's points to the
//! bit, other columns carried through, and bad input refused in one line with nothing written.

mod common;

use common::{failure, poisson, stdout, temp_file};
use poisson_live::quality::{hexagonal_distance, pair_correlation, quality};
use poisson_live::relax::{relax, Method};
use std::path::PathBuf;

/// White noise on 60 × 40 as a CSV with an id and a name around the coordinates.
fn input(name: &str) -> (PathBuf, Vec<[f64; 2]>) {
    let points: Vec<[f64; 2]> = poisson_live::random_points(150, 60.0, 40.0, 77)
        .unwrap()
        .iter()
        .map(|p| [p.x, p.y])
        .collect();
    let mut text = String::from("id,y,kind,x\n");
    for (i, p) in points.iter().enumerate() {
        text.push_str(&format!("{i},{:?},rock {i},{:?}\n", p[1], p[0]));
    }
    let path = temp_file(name);
    std::fs::write(&path, text).unwrap();
    (path, points)
}

#[test]
fn relax_moves_the_crates_points_and_keeps_the_other_columns() {
    let (path, points) = input("relax-in.csv");
    let file = path.to_str().unwrap();
    for (method, wrap) in [("lloyd", false), ("fpo", true)] {
        let mut args = vec![
            "relax", "-i", file, "-W", "60", "-H", "40", "-m", method, "-n", "3",
        ];
        if wrap {
            args.push("--wrap");
        }
        let text = stdout(&poisson(&args));
        let want = relax(
            &points,
            60.0,
            40.0,
            Method::from_name(method).unwrap(),
            3,
            wrap,
        )
        .unwrap();
        let mut lines = text.lines();
        assert_eq!(lines.next(), Some("id,y,kind,x"));
        let rows: Vec<&str> = lines.collect();
        assert_eq!(rows.len(), 150);
        for (i, (row, p)) in rows.iter().zip(&want).enumerate() {
            let f: Vec<&str> = row.split(',').collect();
            assert_eq!(f[0], i.to_string());
            assert_eq!(f[2], format!("rock {i}"));
            assert_eq!([f[3].parse::<f64>().unwrap(), f[1].parse().unwrap()], *p);
        }
        // JSON: x, y pairs.
        args.extend(["-f", "json"]);
        let json: serde_json::Value = serde_json::from_str(&stdout(&poisson(&args))).unwrap();
        let got: Vec<[f64; 2]> = serde_json::from_value(json["points"].clone()).unwrap();
        assert_eq!(got, want);
    }
    std::fs::remove_file(path).unwrap();
}

#[test]
fn measure_prints_the_crates_figures() {
    let (path, points) = input("measure-in.csv");
    let file = path.to_str().unwrap();
    for wrap in [false, true] {
        let mut args = vec!["measure", "-i", file, "-W", "60", "-H", "40"];
        if wrap {
            args.push("--wrap");
        }
        let json: serde_json::Value = serde_json::from_str(&stdout(&poisson(&args))).unwrap();
        let q = quality(&points, 60.0, 40.0, wrap).unwrap();
        assert_eq!(json["points"], 150);
        assert_eq!(json["min_distance"].as_f64(), Some(q.min_distance));
        assert_eq!(json["delta_x"].as_f64(), Some(q.delta_x));
        assert_eq!(json["mean_delta_x"].as_f64(), Some(q.mean_delta_x));
        assert_eq!(json["per_r2"].as_f64(), Some(q.per_r2));
        let reach = 3.0 * hexagonal_distance(150, 2400.0);
        let g = pair_correlation(&points, 60.0, 40.0, wrap, reach, 30).unwrap();
        let got: Vec<f64> = serde_json::from_value(json["pair_correlation"].clone()).unwrap();
        assert_eq!(got, g);
    }
    std::fs::remove_file(path).unwrap();
}

#[test]
fn bad_input_is_one_line_exit_1_and_no_file() {
    let (good, _) = input("relax-bad.csv");
    let good = good.to_str().unwrap().to_string();
    let write = |name: &str, text: &str| {
        let path = temp_file(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    };
    let no_y = write("relax-no-y.csv", "x,z\n1,2\n");
    let copies = write("relax-copies.csv", "x,y\n1,2\n3,3\n1,2\n");
    let nan = write("relax-nan.csv", "x,y\n1,2\nNaN,3\n");
    let out = temp_file("relax-out.csv");
    let out = out.to_str().unwrap();
    let run = |file: &str, rest: &[&str]| {
        let mut args = vec!["relax", "-i", file, "-m", "fpo"];
        args.extend(rest);
        for (flag, size) in [("-W", "60"), ("-H", "40")] {
            if !rest.contains(&flag) {
                args.extend([flag, size]);
            }
        }
        args.extend(["-o", out]);
        failure(&args)
    };
    for (file, rest, words) in [
        (&no_y, &["-n", "1"][..], "no y column"),
        (
            &copies,
            &["-n", "1"][..],
            "points 0 and 2 are both at (1, 2)",
        ),
        (
            &nan,
            &["-n", "1"][..],
            "line 3: x is 'NaN', not a finite number",
        ),
        (&good, &["-n", "1", "-W", "30"][..], "off the 30 × 40 map"),
        (&good, &["-n", "1e8"][..], "point moves; the limit is"),
        (&good, &["-n", "1", "-H", "0"][..], "height must be"),
    ] {
        let (status, message) = run(file, rest);
        assert_eq!(status, 1, "{message}");
        assert!(message.contains(words), "{words}: {message}");
        assert!(!std::path::Path::new(out).exists());
    }
    let (status, message) = run(&good, &["-n", "-1"]);
    assert!(status == 1 || status == 2, "{message}");
    assert_eq!(
        failure(&["relax", "-i", &good, "-W", "60", "-H", "40", "-m", "x", "-n", "1"]).0,
        2
    );
    assert_eq!(
        failure(&["relax", "-i", &good, "-W", "60", "-H", "40", "-n", "1"]).0,
        2
    );
    let (status, message) = failure(&["measure", "-i", &no_y, "-W", "60", "-H", "40"]);
    assert_eq!(status, 1);
    assert!(message.contains("no y column"), "{message}");
    // Copies are fine to measure; an empty set has no pair.
    let json = stdout(&poisson(&[
        "measure", "-i", &copies, "-W", "60", "-H", "40",
    ]));
    assert!(json.contains("\"min_distance\": 0,"), "{json}");
    let empty = write("relax-empty.csv", "x,y\n");
    let json = stdout(&poisson(&["measure", "-i", &empty, "-W", "6", "-H", "4"]));
    assert!(
        json.starts_with("{\"points\": 0, \"min_distance\": 0,"),
        "{json}"
    );
    for f in [good, no_y, copies, nan, empty] {
        std::fs::remove_file(f).unwrap();
    }
}

#[test]
fn help_and_completions_name_the_commands() {
    let overview = stdout(&poisson(&["--help"]));
    assert!(
        overview.contains("relax") && overview.contains("measure"),
        "{overview}"
    );
    for shell in ["bash", "zsh", "fish"] {
        let script = stdout(&poisson(&["completions", shell]));
        assert!(
            script.contains("relax") && script.contains("iterations"),
            "{shell}"
        );
    }
}
