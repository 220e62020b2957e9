//! `poisson eliminate`: the crate's points to the bit in every format and domain, and bad input
//! refused in one line with nothing written.

mod common;

use common::{failure, poisson, stdout};
use poisson_live::eliminate::{eliminate, Domain, Samples};
use poisson_live::space::MeshPoint;
use std::path::PathBuf;

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("poisson-eliminate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// The corners of triangle `face` of the OBJ at `path`.
fn mesh_corners(path: &std::path::Path, face: usize) -> [[f64; 3]; 3] {
    let mesh =
        poisson_live::space::Mesh::from_obj(&std::fs::read_to_string(path).unwrap()).unwrap();
    mesh.corners(face)
}

/// The CSV rows of `eliminate` of `n` points on a mesh, checked against the crate's points on
/// `domain` from `seed`: exactly `n`, each with the crate's position and face. The rows, and
/// the crate's points.
fn surface_rows(
    csv: &str,
    domain: &Domain,
    n: usize,
    seed: i32,
) -> (Vec<Vec<f64>>, Vec<MeshPoint>) {
    let Samples::Surface(want) = eliminate(domain, n, seed).unwrap() else {
        panic!("a mesh gave other samples")
    };
    let got = rows(csv, "x,y,z,face,u,v");
    assert_eq!(got.len(), n);
    for (row, p) in got.iter().zip(&want) {
        assert_eq!(row[..3], p.position[..]);
        assert_eq!(row[3], p.face as f64);
    }
    (got, want)
}

fn rows(csv: &str, header: &str) -> Vec<Vec<f64>> {
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some(header));
    lines
        .map(|l| l.split(',').map(|n| n.parse().unwrap()).collect())
        .collect()
}

#[test]
fn csv_and_json_are_the_crates_points_on_a_map_a_torus_and_a_box() {
    let map = Domain::Plane {
        size: [40.0, 30.0],
        wrap: false,
    };
    let Samples::Plane(want) = eliminate(&map, 150, 9).unwrap() else {
        panic!()
    };
    let args = ["eliminate", "-n", "150", "-W", "40", "-H", "30", "-s", "9"];
    let csv = stdout(&poisson(&[&args[..], &["-f", "csv"]].concat()));
    let got = rows(&csv, "x,y");
    assert_eq!(got.len(), 150);
    for (row, p) in got.iter().zip(&want) {
        assert_eq!(row[..], p[..]);
    }
    let json: serde_json::Value = serde_json::from_str(&stdout(&poisson(&args))).unwrap();
    let points: Vec<[f64; 2]> = serde_json::from_value(json["points"].clone()).unwrap();
    assert_eq!(points, want);

    let torus = Domain::Plane {
        size: [40.0, 30.0],
        wrap: true,
    };
    let Samples::Plane(want) = eliminate(&torus, 150, 9).unwrap() else {
        panic!()
    };
    let csv = stdout(&poisson(&[&args[..], &["--wrap", "-f", "csv"]].concat()));
    let got: Vec<[f64; 2]> = rows(&csv, "x,y").iter().map(|r| [r[0], r[1]]).collect();
    assert_eq!(got, want);

    let cube = Domain::Space {
        size: [10.0, 8.0, 6.0],
        wrap: false,
    };
    let Samples::Space(want) = eliminate(&cube, 90, 4).unwrap() else {
        panic!()
    };
    let csv = stdout(&poisson(&[
        "eliminate",
        "--count",
        "90",
        "--width",
        "10",
        "--height",
        "8",
        "--depth",
        "6",
        "--seed",
        "4",
        "--format",
        "csv",
    ]));
    let got: Vec<[f64; 3]> = rows(&csv, "x,y,z")
        .iter()
        .map(|r| [r[0], r[1], r[2]])
        .collect();
    assert_eq!(got, want);
}

#[test]
fn a_mesh_gives_each_points_face_and_exactly_the_count() {
    let obj = temp("square.obj");
    std::fs::write(&obj, "v 0 0 1\nv 6 0 1\nv 6 6 1\nv 0 6 1\nf 1 2 3 4\n").unwrap();
    let path = obj.to_str().unwrap();
    // 25 points on the square from seed 3, written as `format`.
    let run = |format| {
        stdout(&poisson(&[
            "eliminate",
            "-n",
            "25",
            "-i",
            path,
            "-f",
            format,
            "-s",
            "3",
        ]))
    };
    let csv = run("csv");
    let mesh =
        poisson_live::space::Mesh::from_obj(&std::fs::read_to_string(&obj).unwrap()).unwrap();
    let (got, want) = surface_rows(&csv, &Domain::Surface(mesh), 25, 3);
    for (row, p) in got.iter().zip(&want) {
        assert_eq!(row[4..], p.barycentric[..]);
        // The row's u, v put it back where it is on its triangle.
        let corners = mesh_corners(&obj, p.face);
        for k in 0..3 {
            let back = (1.0 - row[4] - row[5]) * corners[0][k]
                + row[4] * corners[1][k]
                + row[5] * corners[2][k];
            assert!((back - row[k]).abs() < 1e-9, "{row:?}");
        }
        assert_eq!(row[2], 1.0, "on the square's plane");
        assert_eq!(p.face, usize::from(row[1] > row[0]), "{row:?}");
    }
    assert_eq!(run("count").trim(), "25");
    std::fs::remove_file(&obj).unwrap();
}

/// --weights with --radius-max on a mesh: the crate's weighted points to the bit, more of them
/// on the heavy half (weight 1 where x > 0).
/// `eliminate` of `n` points on `obj` weighted by `weights`, at --radius-max 2, then `tail`.
fn weighted<'a>(obj: &'a str, weights: &'a str, n: &'a str, tail: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "eliminate",
        "-n",
        n,
        "-i",
        obj,
        "--weights",
        weights,
        "--radius-max",
        "2",
    ];
    args.extend_from_slice(tail);
    args
}

#[test]
fn weights_on_a_mesh_are_the_crates_and_crowd_the_heavy_half() {
    let ring = poisson_live::space::Mesh::torus(8.0, 3.0, 24, 12).unwrap();
    let obj = temp("ring.obj");
    let mut text = String::new();
    for v in ring.vertices() {
        text += &format!("v {} {} {}\n", v[0], v[1], v[2]);
    }
    for t in ring.triangles() {
        text += &format!("f {} {} {}\n", t[0] + 1, t[1] + 1, t[2] + 1);
    }
    std::fs::write(&obj, text).unwrap();
    let weights: Vec<f64> = ring
        .vertices()
        .iter()
        .map(|v| if v[0] > 0.0 { 1.0 } else { 0.0 })
        .collect();
    let file = temp("weights.txt");
    let lines: Vec<String> = weights.iter().map(|w| w.to_string()).collect();
    std::fs::write(&file, lines.join("\n")).unwrap();
    let (obj, file) = (obj.to_str().unwrap(), file.to_str().unwrap());
    let csv = stdout(&poisson(&weighted(
        obj,
        file,
        "400",
        &["-f", "csv", "-s", "5"],
    )));
    let mesh = poisson_live::space::Mesh::from_obj(&std::fs::read_to_string(obj).unwrap());
    let domain = Domain::WeightedSurface {
        mesh: mesh.unwrap(),
        weights,
        radius_max: 2.0,
    };
    let (got, _) = surface_rows(&csv, &domain, 400, 5);
    let heavy = got.iter().filter(|r| r[0] > 0.0).count();
    assert!(
        heavy >= 2 * (400 - heavy),
        "{heavy} of 400 on the heavy half"
    );
    // Bad weights: one line naming the file, exit 1, nothing written.
    let out = temp("never-weighted.csv");
    for (content, words) in [
        ("0.5\n0.5\n", "2 weights for a mesh of 288 vertices"),
        (&lines[1..].join("\n")[..], "287 weights"),
        (&format!("NaN\n{}", lines[1..].join("\n"))[..], "is NaN"),
        (
            &format!("1.5\n{}", lines[1..].join("\n"))[..],
            "from 0 to 1",
        ),
        (
            &format!("heavy\n{}", lines[1..].join("\n"))[..],
            "not a number",
        ),
    ] {
        std::fs::write(file, content).unwrap();
        let (code, err) = failure(&weighted(obj, file, "40", &["-o", out.to_str().unwrap()]));
        assert_eq!(code, 1, "{err}");
        assert!(
            err.contains(words) && err.contains("weights.txt"),
            "{words}: {err}"
        );
        assert!(!out.exists());
    }
    std::fs::remove_file(obj).unwrap();
    std::fs::remove_file(file).unwrap();
}

/// One line on stderr, nothing on stdout, no file: exit 1 for a value, 2 for the command line.
#[test]
fn bad_input_is_one_line_and_writes_nothing() {
    let out = temp("never.csv");
    let out = out.to_str().unwrap();
    let bad_obj = temp("bad.obj");
    std::fs::write(&bad_obj, "v 0 0 0\nv 1 0 0\nf 1 2 3\n").unwrap();
    let bad_obj = bad_obj.to_str().unwrap();
    let far_obj = temp("far.obj");
    let far = "v 1e15 1e15 0\nv 1000000000000001 1e15 0\nv 1e15 1000000000000001 0\nf 1 2 3\n";
    std::fs::write(&far_obj, far).unwrap();
    let far_obj = far_obj.to_str().unwrap().to_string();
    let map = ["eliminate", "-W", "10", "-H", "10", "-o", out];
    for (args, status, words) in [
        (
            &[&map[..], &["-n", "0"]].concat(),
            1,
            "count must be from 1 to 131072",
        ),
        (&[&map[..], &["-n", "1e9"]].concat(), 1, "the work limit"),
        (
            &[&map[..], &["-n", "2.5"]].concat(),
            1,
            "count must be a whole number",
        ),
        (
            &[&map[..], &["-n", "-3"]].concat(),
            1,
            "count must be a whole number",
        ),
        (
            &["eliminate", "-n", "5", "-W", "nan", "-H", "3", "-o", out][..].to_vec(),
            1,
            "width",
        ),
        (
            &[
                "eliminate",
                "-n",
                "5",
                "-W",
                "4",
                "-H",
                "3",
                "-D",
                "0",
                "-o",
                out,
            ][..]
                .to_vec(),
            1,
            "depth",
        ),
        (
            &["eliminate", "-n", "5", "-i", bad_obj, "-o", out][..].to_vec(),
            1,
            "bad.obj",
        ),
        (
            &["eliminate", "-W", "4", "-H", "3"][..].to_vec(),
            2,
            "--count",
        ),
        (
            &["eliminate", "-n", "5", "-W", "4"][..].to_vec(),
            2,
            "--height",
        ),
        (
            &["eliminate", "-n", "5", "-i", bad_obj, "--wrap"][..].to_vec(),
            2,
            "--wrap",
        ),
        (
            &["eliminate", "-n", "5", "-i", bad_obj, "--weights", out][..].to_vec(),
            2,
            "--radius-max",
        ),
        (
            &[
                &map[..],
                &["-n", "5", "--weights", out, "--radius-max", "2"],
            ]
            .concat(),
            2,
            "--weights",
        ),
        (
            &["eliminate", "-n", "1000", "-i", &far_obj, "-o", out][..].to_vec(),
            1,
            "1000 points do not fit",
        ),
    ] {
        let (code, err) = failure(args);
        assert_eq!(code, status, "{args:?}: {err}");
        assert!(err.contains(words), "{args:?}: {err}");
        assert!(!std::path::Path::new(out).exists(), "{args:?} wrote a file");
    }
}

#[test]
fn help_and_completions_name_the_command() {
    let overview = stdout(&poisson(&["--help"]));
    assert!(overview.contains("eliminate"), "{overview}");
    let help = stdout(&poisson(&["eliminate", "--help"]));
    for want in ["--count", "--depth", "--wrap", "--input", "progressive"] {
        assert!(help.contains(want), "no {want} in {help}");
    }
    for shell in ["bash", "zsh", "fish"] {
        let script = stdout(&poisson(&["completions", shell]));
        assert!(script.contains("eliminate"), "{shell}");
    }
}
