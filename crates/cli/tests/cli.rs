//! The `poisson` binary as a pipeline runs it: arguments in, bytes and an exit status out.

mod common;

use common::{failure, poisson, stdout, temp_file};
use poisson_live::{DartParams, SamplerParams};
use std::path::PathBuf;
use std::process::{Command, Output};

#[test]
fn bridson_json_reads_back_as_the_crates_points_exactly() {
    let out = poisson(&[
        "bridson", "--width", "720", "--height", "400", "--radius", "24", "--seed", "123456",
    ]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["width"], 720);
    assert_eq!(json["height"], 400);
    // Each row has exactly three numbers, or it does not read as [f64; 3].
    let got: Vec<[f64; 3]> = serde_json::from_value(json["points"].clone()).unwrap();
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
        serde_json::from_value(json["points"].clone()).unwrap()
    };
    let pairs = |v: Vec<poisson_live::Point>| v.iter().map(|p| vec![p.x, p.y]).collect::<Vec<_>>();

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
        pairs(
            poisson_live::dart_throwing(DartParams {
                width: 720.0,
                height: 400.0,
                radius: 26.0,
                max_misses: 300,
                seed: 0
            })
            .unwrap()
        )
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
    let map = SamplerParams {
        width: 720.0,
        height: 400.0,
        radius: 9.0,
        k: 30,
        seed: 123456,
    };
    let forest = poisson_live::density_forest(map, 36.0, 5.0).unwrap();
    let want: Vec<Vec<f64>> = forest.iter().map(|p| vec![p.x, p.y, p.r]).collect();
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

/// Each case: a non-zero exit, nothing on standard output, and exactly one line on standard error
/// that starts with `poisson: error:` and says what was wrong (contains the message).
fn fails_in_one_line<'a>(cases: &[(impl AsRef<[&'a str]>, &str)]) {
    for (args, message) in cases {
        let args = args.as_ref();
        let err = failure(args).1;
        assert!(err.contains(message), "{args:?}: {err}");
    }
}

/// Exit 2 is a malformed command line (fix the command), exit 1 a value the sampler refuses
/// (fix the number): a pipeline can tell them apart.
#[test]
fn the_exit_status_tells_a_malformed_command_line_from_bad_input() {
    let map = "bridson --width 720 --height 400";
    let malformed = [
        ("", "no command given"),
        (
            "scatter",
            "unknown command 'scatter'; the commands are bridson, fast, random,",
        ),
        (map, "'poisson bridson' needs --radius R: minimum distance"),
        ("{map} --radius", "--radius needs a value (R)"),
        (
            "{map} -r 24 --frobnicate 1",
            "unknown option '--frobnicate'",
        ),
        ("{map} -r 24 -r 25", "--radius was given more than once"),
        ("{map} -r 24 --wrap=1", "--wrap takes no value"),
        (
            "{map} -r 24 -f xml",
            "--format must be json, csv or count, got 'xml'",
        ),
        (
            "{map} -r 24 --threshold 0.3",
            "--threshold needs --mask IMAGE",
        ),
        ("{map} -r 24 stray", "unexpected argument 'stray'"),
        (
            "completions tcsh",
            "must be bash, elvish, fish, powershell or zsh",
        ),
    ];
    let refused = [
        ("{map} -r two", "--radius must be a number, got 'two'"),
        (
            "{map} -r 0",
            "radius must be a finite number greater than 0, got 0",
        ),
        ("{map} -r 24 -k 0", "k must be between 1 and 10000, got 0"),
        ("{map} -r 24 -k 2.5", "k must be a whole number, got 2.5"),
        ("{map} -r 24 --seed x", "seed must be a whole number"),
        ("{map} -r 24 --seed 1e12", "seed must be a whole number"),
    ];
    for (status, cases) in [(2, &malformed[..]), (1, &refused[..])] {
        for (line, message) in cases {
            let line = line.replace("{map}", map);
            let args: Vec<&str> = line.split_whitespace().collect();
            let (code, err) = failure(&args);
            assert_eq!(code, status, "{args:?}: {err}");
            assert!(err.contains(message), "{args:?}: {err}");
        }
    }
    // A value that starts with '-' is still a value, as a pipeline writes it.
    let line = format!("{map} --radius 24 --seed -5 -f count -o -");
    let out = poisson(&line.split_whitespace().collect::<Vec<_>>());
    let want = poisson_live::poisson_disk(720.0, 400.0, 24.0, 30, -5).unwrap();
    assert_eq!(stdout(&out), format!("{}\n", want.len()));
}

#[test]
fn fast_writes_the_crates_fast_points() {
    let out = poisson(&["fast", "-W", "300", "-H", "200", "-r", "6", "-s", "-9"]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let got: Vec<[f64; 2]> = serde_json::from_value(json["points"].clone()).unwrap();
    let want = poisson_live::fast::fast_poisson(300.0, 200.0, 6.0, -9).unwrap();
    assert!(want.len() > 1000, "{} points", want.len());
    assert_eq!(got, want);
    let csv = stdout(&poisson(&[
        "fast", "-W", "300", "-H", "200", "-r", "6", "-s", "-9", "-f", "csv",
    ]));
    assert_eq!(csv.lines().next(), Some("x,y"));
    assert_eq!(csv.lines().count(), want.len() + 1);
    let count = stdout(&poisson(&[
        "fast", "-W", "300", "-H", "200", "-r", "6", "-s", "-9", "-f", "count",
    ]));
    assert_eq!(count, format!("{}\n", want.len()));
}

#[test]
fn bad_input_is_one_line_and_a_non_zero_exit() {
    let cases: Vec<(Vec<&str>, &str)> = [
        (
            "bridson --width 720 --height 400 --radius 0",
            "radius must be a finite number greater than 0, got 0",
        ),
        (
            "bridson --width 720 --height 400 --radius NaN",
            "radius must be a finite number greater than 0, got NaN",
        ),
        (
            "bridson --width 720 --height 400 --radius 24 --seed 1e12",
            "seed must be a whole number",
        ),
        (
            "bridson --width 720 --height 400 --radius 24 --seed -2147483646",
            "would make the generator stick",
        ),
        (
            "bridson --width 720 --height 400 --radius 24 --frobnicate 1",
            "unknown option '--frobnicate'",
        ),
        ("bridson --width 720 --height 400", "needs --radius"),
        (
            "bridson --width 720 --height 400 --radius",
            "--radius needs a value",
        ),
        (
            "bridson --width 720 --height 400 --radius two",
            "--radius must be a number, got 'two'",
        ),
        (
            "bridson --width 720 --height 400 --radius 24 --k 0",
            "k must be between 1 and 10000",
        ),
        (
            "bridson --width 720 --height 400 --radius 24 --format xml",
            "--format must be json, csv or count",
        ),
        (
            "bridson --width 1e9 --height 1e9 --radius 1",
            "the limit is",
        ),
        (
            "random --width 720 --height 400 --count 1.5",
            "count must be a whole number",
        ),
        (
            "variable --width 720 --height 400 --min-radius 36 --max-radius 9",
            "must not be larger than max radius",
        ),
        ("paint --seed 2147483648", "seed must be a whole number"),
        (
            "fast --width 720 --height 400 --radius -2",
            "radius must be a finite number greater than 0, got -2",
        ),
        ("fast --width 1e9 --height 1e9 --radius 1", "the limit is"),
        ("scatter", "unknown command 'scatter'"),
        ("", "no command given"),
    ]
    .into_iter()
    .map(|(line, message)| (line.split_whitespace().collect(), message))
    .collect();
    fails_in_one_line(&cases);
}

#[test]
fn help_lists_options_with_defaults() {
    for command in [
        "bridson", "random", "jittered", "darts", "variable", "paint",
    ] {
        let text = stdout(&poisson(&[command, "--help"]));
        assert!(text.contains(&format!("poisson {command}")), "{text}");
        assert!(
            text.contains("--seed <S>") && text.contains("[default: 123456]"),
            "{text}"
        );
    }
    let text = stdout(&poisson(&["bridson", "--help"]));
    assert!(
        text.contains("[default: 30]")
            && text.contains("--radius <R>")
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

/// Writes an 8-bit PNG of `color` pixels to `path`.
fn write_png(path: &std::path::Path, w: u32, h: u32, color: png::ColorType, bytes: &[u8]) {
    let file = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
    let mut enc = png::Encoder::new(file, w, h);
    enc.set_color(color);
    enc.set_depth(png::BitDepth::Eight);
    enc.write_header().unwrap().write_image_data(bytes).unwrap();
}

/// A grey picture: a left-to-right ramp with a dark disc in the middle.
fn picture(w: usize, h: usize) -> Vec<u8> {
    let mut px = Vec::with_capacity(w * h);
    for y in 0..h {
        for x in 0..w {
            let (dx, dy) = (x as f64 - w as f64 / 2.0, y as f64 - h as f64 / 2.0);
            let v = if dx * dx + dy * dy < (h as f64 / 3.0).powi(2) {
                20
            } else {
                (255 * x / w) as u8
            };
            px.push(v);
        }
    }
    px
}

/// [`picture`] written as an 8-bit grey PNG: its path and its pixels.
fn grey_png(name: &str, w: usize, h: usize) -> (PathBuf, Vec<u8>) {
    let grey = picture(w, h);
    let path = temp_file(name);
    write_png(&path, w as u32, h as u32, png::ColorType::Grayscale, &grey);
    (path, grey)
}

/// The `[x, y, r]` rows of a JSON answer, and its width and height.
fn json_points(out: &Output) -> (f64, f64, Vec<[f64; 3]>) {
    let json: serde_json::Value = serde_json::from_str(&stdout(out)).unwrap();
    let rows = serde_json::from_value(json["points"].clone()).unwrap();
    (
        json["width"].as_f64().unwrap(),
        json["height"].as_f64().unwrap(),
        rows,
    )
}

fn rows(points: &[poisson_live::Point]) -> Vec<[f64; 3]> {
    points.iter().map(|p| [p.x, p.y, p.r]).collect()
}

#[test]
fn stipple_matches_the_crates_stipple_exactly() {
    use poisson_live::stipple::{stipple, StippleImage, StippleParams};
    let (w, h) = (90, 60);
    let (path, grey) = grey_png("stipple-grey.png", w, h);
    let out = poisson(&[
        "stipple",
        path.to_str().unwrap(),
        "--min-radius",
        "1.5",
        "--max-radius",
        "9",
        "--gamma",
        "2",
        "--seed",
        "77",
    ]);
    let (width, height, got) = json_points(&out);
    let image = StippleImage::gray(w, h, grey.clone()).unwrap();
    let want = stipple(
        &image,
        StippleParams {
            min_radius: 1.5,
            max_radius: 9.0,
            gamma: Some(2.0),
            k: 30,
            seed: 77,
        },
    )
    .unwrap();
    assert_eq!((width, height), (w as f64, h as f64));
    assert!(got.len() > 50);
    assert_eq!(got, rows(&want));

    // RGBA, half transparent in places: laid over white exactly as the page does.
    let rgba: Vec<u8> = grey
        .iter()
        .enumerate()
        .flat_map(|(i, &v)| [v, v / 2, 255 - v, if i % 7 == 0 { 128 } else { 255 }])
        .collect();
    write_png(&path, w as u32, h as u32, png::ColorType::Rgba, &rgba);
    let (_, _, got) = json_points(&poisson(&["stipple", path.to_str().unwrap()]));
    std::fs::remove_file(&path).unwrap();
    let image = StippleImage::from_rgba(w, h, &rgba).unwrap();
    let want = stipple(
        &image,
        StippleParams {
            min_radius: 2.0,
            max_radius: 24.0,
            gamma: None,
            k: 30,
            seed: 123456,
        },
    )
    .unwrap();
    assert_eq!(got, rows(&want));
}

#[test]
fn mask_keeps_points_on_dark_ground() {
    use poisson_live::stipple::{masked_poisson, StippleImage};
    let (w, h) = (120, 80);
    let (path, grey) = grey_png("mask.png", w, h);
    let p = path.to_str().unwrap();
    let out = poisson(&["bridson", "--mask", p, "--radius", "4", "--seed", "5"]);
    let (width, height, got) = json_points(&out);
    assert_eq!((width, height), (120.0, 80.0));
    assert!(got.len() > 50);
    for [x, y, _] in &got {
        let v = grey[*y as usize * w + *x as usize];
        assert!(f64::from(v) / 255.0 < 0.5, "({x}, {y}) is on {v}");
    }
    let image = StippleImage::gray(w, h, grey.clone()).unwrap();
    assert_eq!(got, rows(&masked_poisson(&image, 0.5, 4.0, 30, 5).unwrap()));

    // A matching --width and --height are fine; a stricter threshold keeps fewer points.
    let out = poisson(&[
        "bridson",
        "--mask",
        p,
        "--width",
        "120",
        "--height",
        "80",
        "--radius",
        "4",
        "--seed",
        "5",
        "--threshold",
        "0.2",
        "--format",
        "count",
    ]);
    let fewer: usize = stdout(&out).trim().parse().unwrap();
    assert!(fewer > 0 && fewer < got.len(), "{fewer} vs {}", got.len());
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn wrap_is_tileable_and_the_crates_set() {
    use poisson_live::wrap::{poisson_disk_wrapped, wrap_audit};
    let out = poisson(&[
        "bridson", "--width", "300", "--height", "200", "--radius", "12", "--seed", "31", "--wrap",
    ]);
    let (_, _, got) = json_points(&out);
    let want = poisson_disk_wrapped(SamplerParams {
        width: 300.0,
        height: 200.0,
        radius: 12.0,
        k: 30,
        seed: 31,
    })
    .unwrap();
    assert_eq!(got, rows(&want));
    let (_, _, closest) = wrap_audit(&want, 300.0, 200.0).unwrap();
    assert!(closest >= 12.0, "{closest}");
    // Not the plain set: wrapping changes the sampling.
    assert_ne!(
        got,
        rows(&poisson_live::poisson_disk(300.0, 200.0, 12.0, 30, 31).unwrap())
    );
}

#[test]
fn bad_pictures_are_one_line_and_a_non_zero_exit() {
    let not_png = temp_file("not-a.png");
    std::fs::write(&not_png, b"hello, I am text").unwrap();
    let mask = grey_png("small-mask.png", 40, 30).0;
    let missing = temp_file("missing.png");
    let (not_png_s, mask_s, missing_s) = (
        not_png.to_str().unwrap(),
        mask.to_str().unwrap(),
        missing.to_str().unwrap(),
    );
    let cases: &[(&[&str], &str)] = &[
        (&["stipple", missing_s], "cannot read"),
        (&["stipple", not_png_s], "is not a usable PNG"),
        (&["stipple"], "needs IMAGE"),
        (
            &["bridson", "--mask", missing_s, "--radius", "4"],
            "cannot read",
        ),
        (
            &["bridson", "--mask", not_png_s, "--radius", "4"],
            "is not a usable PNG",
        ),
        (
            &[
                "bridson", "--mask", mask_s, "--width", "41", "--radius", "4",
            ],
            "the mask is 40 × 30 pixels but the map is 41 × 30",
        ),
        (
            &["bridson", "--mask", mask_s, "--radius", "4", "--wrap"],
            "cannot be combined",
        ),
        (
            &[
                "bridson",
                "--width",
                "9",
                "--height",
                "9",
                "--radius",
                "1",
                "--threshold",
                "0.3",
            ],
            "--threshold needs --mask",
        ),
        (&["bridson", "--radius", "4"], "needs --width"),
        (
            &[
                "bridson",
                "--mask",
                mask_s,
                "--radius",
                "4",
                "--threshold",
                "2",
            ],
            "threshold",
        ),
    ];
    fails_in_one_line(cases);
    std::fs::remove_file(&not_png).unwrap();
    std::fs::remove_file(&mask).unwrap();
}

#[test]
fn paint_to_standard_output_is_the_pages_png_too() {
    let out = poisson(&["paint", "--seed", "-7", "-o", "-"]);
    assert!(out.status.success());
    let want = poisson_live::world::paint_world(-7)
        .unwrap()
        .to_png()
        .unwrap();
    assert!(
        out.stdout == want,
        "the PNG bytes differ from World::to_png"
    );
}

#[test]
fn help_shows_stipple_mask_and_wrap() {
    let text = stdout(&poisson(&["stipple", "--help"]));
    assert!(text.contains("poisson stipple [OPTIONS] <IMAGE>") && text.contains("[default: 24]"));
    let text = stdout(&poisson(&["bridson", "--help"]));
    assert!(text.contains("--mask <IMAGE>") && text.contains("--wrap") && text.contains("0.5"));
    assert!(stdout(&poisson(&["--help"])).contains("stipple"));
}

#[test]
fn sixteen_bit_and_palette_pngs_are_read_as_eight_bit() {
    use poisson_live::stipple::{stipple, StippleImage, StippleParams};
    let params = StippleParams {
        min_radius: 2.0,
        max_radius: 12.0,
        gamma: None,
        k: 30,
        seed: 3,
    };
    let (w, h) = (64u32, 40u32);
    let grey = picture(w as usize, h as usize);
    let want = rows(&stipple(&StippleImage::gray(64, 40, grey.clone()).unwrap(), params).unwrap());
    let args = |p: &str| poisson(&["stipple", p, "--max-radius", "12", "--seed", "3"]);

    // 16-bit grey: the high byte is the 8-bit value.
    let path = temp_file("grey16.png");
    let file = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    let mut enc = png::Encoder::new(file, w, h);
    enc.set_color(png::ColorType::Grayscale);
    enc.set_depth(png::BitDepth::Sixteen);
    let wide: Vec<u8> = grey.iter().flat_map(|&v| [v, 0x5a]).collect();
    enc.write_header().unwrap().write_image_data(&wide).unwrap();
    assert_eq!(json_points(&args(path.to_str().unwrap())).2, want);

    // A palette of greys expands to RGB with equal channels: the same luma.
    let file = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    let mut enc = png::Encoder::new(file, w, h);
    enc.set_color(png::ColorType::Indexed);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_palette((0..=255u8).flat_map(|v| [v, v, v]).collect::<Vec<_>>());
    enc.write_header().unwrap().write_image_data(&grey).unwrap();
    let (_, _, got) = json_points(&args(path.to_str().unwrap()));
    std::fs::remove_file(&path).unwrap();
    let rgb: Vec<u8> = grey.iter().flat_map(|&v| [v, v, v]).collect();
    let want_rgb = rows(&stipple(&StippleImage::rgb(64, 40, rgb).unwrap(), params).unwrap());
    assert_eq!(got, want_rgb);
}

#[test]
fn version_is_the_crates() {
    let want = format!("poisson {}\n", env!("CARGO_PKG_VERSION"));
    assert_eq!(stdout(&poisson(&["--version"])), want);
    assert_eq!(stdout(&poisson(&["-V"])), want);
}

#[test]
fn completion_scripts_know_every_command() {
    let words = [
        "bridson",
        "random",
        "jittered",
        "darts",
        "variable",
        "stipple",
        "paint",
        "completions",
        "radius",
        "mask",
        "seed",
        "format",
    ];
    for shell in ["bash", "zsh", "fish"] {
        let script = stdout(&poisson(&["completions", shell]));
        for word in words {
            assert!(script.contains(word), "{shell}: no {word}");
        }
    }
    // The bash script at least parses.
    let path = temp_file("poisson.bash");
    std::fs::write(&path, stdout(&poisson(&["completions", "bash"]))).unwrap();
    let check = Command::new("bash").arg("-n").arg(&path).output();
    std::fs::remove_file(&path).unwrap();
    if let Ok(check) = check {
        let err = String::from_utf8_lossy(&check.stderr);
        assert!(check.status.success(), "{err}");
    }
}

/// `poisson … | head -1`: the reader leaves after one line; the run ends quietly, status 0.
#[test]
fn a_reader_that_goes_away_ends_the_run_quietly() {
    use std::io::Read;
    use std::process::Stdio;
    // Both write far more than a pipe holds, so the write is still going when the reader leaves.
    let runs: [&[&str]; 4] = [
        &[
            "bridson", "-W", "4000", "-H", "2000", "-r", "12", "-f", "csv",
        ],
        &["paint", "-o", "-"],
        // Streamed as it is made: the reader leaves after the first rows of chunks.
        &[
            "endless", "-W", "20000", "-H", "20000", "-r", "2", "-f", "csv",
        ],
        &[
            "classes", "-W", "2000", "-H", "2000", "-c", "a=12", "-c", "b=20", "-f", "csv",
        ],
    ];
    for args in runs {
        let mut child = Command::new(env!("CARGO_BIN_EXE_poisson"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = [0; 4];
        child.stdout.take().unwrap().read_exact(&mut first).unwrap();
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{args:?}: {:?} {err}", out.status);
        assert!(err.is_empty(), "{args:?}: {err}");
    }
}

#[test]
fn bad_input_leaves_no_file_behind() {
    let path = temp_file("never.json");
    let p = path.to_str().unwrap();
    for args in [
        &["bridson", "-W", "720", "-H", "400", "-r", "0", "-o", p][..],
        &[
            "bridson", "-W", "720", "-H", "400", "-r", "24", "-k", "0", "-o", p,
        ],
        &["paint", "--seed", "2147483648", "-o", p],
    ] {
        assert_eq!(failure(args).0, 1, "{args:?}");
        assert!(!path.exists(), "{args:?} created {p}");
    }
}

/// `poisson endless` with `rest` after the map's size, radius and seed.
fn endless(rest: &[&str]) -> Output {
    let mut args = vec![
        "endless", "-W", "700.5", "-H", "450", "-r", "2.5", "-s", "-31",
    ];
    args.extend_from_slice(rest);
    poisson(&args)
}

#[test]
fn endless_writes_the_same_bytes_on_any_number_of_threads() {
    let want = poisson_live::stream::ChunkRows::for_map(700.5, 450.0, 2.5, -31)
        .unwrap()
        .flatten()
        .map(|p| [p.x, p.y])
        .collect::<Vec<_>>();
    assert!(want.len() > 25_000, "{} points", want.len());
    for format in ["csv", "json", "count"] {
        let one = endless(&["-f", format, "--threads", "1"]);
        for threads in ["2", "4"] {
            let other = endless(&["-f", format, "-j", threads]);
            assert!(other.stdout == one.stdout, "{format} on {threads} threads");
        }
        // The default, every core, too.
        assert!(endless(&["-f", format]).stdout == one.stdout, "{format}");
        let text = stdout(&one);
        match format {
            "csv" => {
                let mut lines = text.lines();
                assert_eq!(lines.next(), Some("x,y"));
                let got: Vec<[f64; 2]> = lines
                    .map(|l| {
                        let (x, y) = l.split_once(',').unwrap();
                        [x.parse().unwrap(), y.parse().unwrap()]
                    })
                    .collect();
                assert_eq!(got, want);
            }
            "json" => {
                let json: serde_json::Value = serde_json::from_str(&text).unwrap();
                assert_eq!(json["width"].as_f64(), Some(700.5));
                assert_eq!(json["height"].as_f64(), Some(450.0));
                let got: Vec<[f64; 2]> = serde_json::from_value(json["points"].clone()).unwrap();
                assert_eq!(got, want);
                // The streamed text is the export's, byte for byte.
                assert_eq!(text, poisson_live::export::to_json_xy(700.5, 450.0, &want));
            }
            _ => assert_eq!(text, format!("{}\n", want.len())),
        }
    }
}

#[test]
fn endless_to_a_file_is_the_same_and_leaves_nothing_else() {
    let dir = temp_file("endless");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("points.csv");
    let p = path.to_str().unwrap();
    // Twice: a file that is there is replaced.
    for _ in 0..2 {
        assert_eq!(stdout(&endless(&["-f", "csv", "-o", p, "-j", "2"])), "");
    }
    assert!(std::fs::read(&path).unwrap() == endless(&["-f", "csv"]).stdout);
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["points.csv"]);
    // A write that fails part way (a full disk) is an error, not a quiet short file.
    let (code, err) = failure(&[
        "endless",
        "-W",
        "2000",
        "-H",
        "2000",
        "-r",
        "2",
        "-o",
        "/dev/full",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("cannot write /dev/full"), "{err}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn endless_refuses_bad_input_before_writing_anything() {
    let path = temp_file("endless-never.csv");
    let p = path.to_str().unwrap();
    // Each case: the map's width, height and radius, and any more options.
    let cases = [
        (
            "500 500 2 -j 0",
            "threads must be between 1 and 1024, got 0",
        ),
        (
            "500 500 2 --threads 1e9",
            "threads must be between 1 and 1024, got 1000000000",
        ),
        (
            "500 500 2 --threads -2",
            "threads must be between 1 and 1024, got -2",
        ),
        (
            "500 500 2 --threads 2.5",
            "threads must be a whole number, got 2.5",
        ),
        (
            "-5 500 2",
            "width must be a finite number greater than 0, got -5",
        ),
        (
            "500 NaN 2",
            "height must be a finite number greater than 0, got NaN",
        ),
        (
            "inf 500 2",
            "width must be a finite number greater than 0, got infinity",
        ),
        (
            "500 500 0",
            "radius must be a finite number greater than 0, got 0",
        ),
        (
            "20000 500 0.01",
            "needs 80.6 M points held at once; the limit is 33.5 M; use a radius ≥ 0.025",
        ),
        (
            "500 1e15 1",
            "chunk rows; the limit is 2.1 G; use a radius ≥ 30000",
        ),
        (
            "500 500 2 --threads 1025",
            "threads must be between 1 and 1024, got 1025",
        ),
        (
            "500 500 2 --threads two",
            "--threads must be a number, got 'two'",
        ),
        (
            "500 500 -3",
            "radius must be a finite number greater than 0, got -3",
        ),
        (
            "500 500 -inf",
            "radius must be a finite number greater than 0, got -infinity",
        ),
        ("500 -0 2", "height must be a finite number greater than 0"),
        ("1e300 500 2", "width must be"),
    ];
    for (map, message) in cases {
        // To a file and to standard output: nothing written either way (`failure` checks that
        // standard output is empty).
        for output in [&["-o", p][..], &[]] {
            let mut words = map.split_whitespace();
            let mut args = vec!["endless", "-f", "csv"];
            args.extend(output);
            for flag in ["-W", "-H", "-r"] {
                args.extend([flag, words.next().unwrap()]);
            }
            args.extend(words);
            let (code, err) = failure(&args);
            assert_eq!(code, 1, "{args:?}: {err}");
            assert!(err.contains(message), "{args:?}: {err}");
            assert!(!path.exists(), "{args:?} created {p}");
        }
    }
}

/// `poisson endless` keeps the command line's conventions: listed and helped like the others,
/// in the completion scripts, and a malformed command line is status 2, not bad input.
#[test]
fn endless_is_a_command_like_the_others() {
    let text = stdout(&poisson(&["endless", "--help"]));
    for want in [
        "poisson endless",
        "-W, --width <W>",
        "-r, --radius <R>",
        "(required)",
        "-j, --threads <N>",
        "[default: every core]",
        "--seed <S>",
        "[default: 123456]",
        "-o, --output <FILE>",
        "the same for every --threads",
    ] {
        assert!(text.contains(want), "no {want:?} in {text}");
    }
    let overview = stdout(&poisson(&["--help"]));
    assert!(overview.contains("endless"), "{overview}");
    for shell in ["bash", "zsh", "fish"] {
        let script = stdout(&poisson(&["completions", shell]));
        assert!(
            script.contains("endless") && script.contains("threads"),
            "{shell}"
        );
    }
    let map = ["endless", "-W", "500", "-H", "500"];
    for (rest, message) in [
        (&[][..], "needs --radius"),
        (&["-r", "2", "--threads"], "--threads needs a value"),
        (
            &["-r", "2", "-f", "xml"],
            "--format must be json, csv or count",
        ),
        // Bridson's k is not endless's: its chunks use 30.
        (
            &["-r", "2", "-k", "5"],
            "unknown option '-k' for 'poisson endless'",
        ),
    ] {
        let args = [&map[..], rest].concat();
        let (code, err) = failure(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(message), "{args:?}: {err}");
    }
}

/// A map smaller than one chunk (it may hold no point), one exactly a chunk and a thin strip:
/// still the stream's points, valid JSON, and `-o -` is standard output. Nothing on standard
/// error: no terminal, no progress.
#[test]
fn endless_on_small_maps_is_the_stream_too() {
    for (w, h, r) in [("0.5", "0.25", "2"), ("32", "32", "2"), ("1", "900", "3")] {
        let [wf, hf, rf] = [w, h, r].map(|v| v.parse::<f64>().unwrap());
        let want: Vec<[f64; 2]> = poisson_live::stream::ChunkRows::for_map(wf, hf, rf, 8)
            .unwrap()
            .flatten()
            .map(|p| [p.x, p.y])
            .collect();
        assert!(want.len() > 50 || wf < 1.0, "{w} × {h}: {}", want.len());
        let args = ["endless", "-W", w, "-H", h, "-r", r, "-s", "8"];
        let out = poisson(&args);
        assert!(out.status.success() && out.stderr.is_empty(), "{out:?}");
        assert_eq!(
            stdout(&out),
            poisson_live::export::to_json_xy(wf, hf, &want)
        );
        let dash = poisson(&[&args[..], &["-o", "-"]].concat());
        assert!(dash.stdout == out.stdout, "{w} × {h}");
    }
}

#[test]
fn progressive_order_prints_the_same_rows_with_every_prefix_spread_out() {
    use poisson_live::metrics::tightest_pair;
    let map = [
        "bridson", "-W", "720", "-H", "400", "-r", "8", "--seed", "7",
    ];
    let run = |extra: &[&str]| stdout(&poisson(&[&map[..], extra].concat()));
    let placement = run(&["-f", "csv"]);
    let progressive = run(&["-f", "csv", "--order", "progressive"]);
    assert_eq!(run(&["-f", "csv", "--order", "placement"]), placement);
    // The same rows, each once, to the byte: only their order changes.
    let sorted = |text: &str| {
        let mut rows: Vec<&str> = text.lines().collect();
        rows.sort_unstable();
        rows.join("\n")
    };
    assert_eq!(sorted(&progressive), sorted(&placement));
    assert_eq!(progressive.lines().next(), Some("x,y,r"));
    assert_ne!(progressive, placement);
    // In the core's progressive order, exactly.
    let points = poisson_live::poisson_disk(720.0, 400.0, 8.0, 30, 7).unwrap();
    let want = poisson_live::progressive::progressive(&points).unwrap();
    assert_eq!(progressive, poisson_live::export::to_csv(&want));
    // Any first N spread out: the first quarter at least 1.5 r apart, the first sixteenth 3 r;
    // the placement order's first sixteenth is a blob, nowhere near.
    let xy = |text: &str| -> Vec<[f64; 2]> {
        text.lines()
            .skip(1)
            .map(|line| {
                let v: Vec<f64> = line.split(',').map(|s| s.parse().unwrap()).collect();
                [v[0], v[1]]
            })
            .collect()
    };
    let spacing = |rows: &[[f64; 2]]| tightest_pair(rows).unwrap().2;
    let (ordered, placed) = (xy(&progressive), xy(&placement));
    let n = ordered.len();
    assert!(spacing(&ordered[..n / 4]) >= 1.5 * 8.0);
    assert!(spacing(&ordered[..n / 16]) >= 3.0 * 8.0);
    assert!(spacing(&placed[..n / 16]) < 1.5 * 8.0);
    // JSON and a tileable set too.
    let (_, _, json) = json_points(&poisson(&[&map[..], &["--order", "progressive"]].concat()));
    assert_eq!(json, rows(&want));
    let wrapped = [
        "bridson", "-W", "300", "-H", "200", "-r", "12", "--wrap", "-f", "csv",
    ];
    let plain = stdout(&poisson(&wrapped));
    let ordered = stdout(&poisson(
        &[&wrapped[..], &["--order", "progressive"]].concat(),
    ));
    assert_eq!(sorted(&ordered), sorted(&plain));
    assert_ne!(ordered, plain);
}

#[test]
fn an_unknown_order_is_a_malformed_command_line() {
    let (status, err) = failure(&[
        "bridson", "-W", "720", "-H", "400", "-r", "24", "--order", "random",
    ]);
    assert_eq!(status, 2, "{err}");
    assert!(
        err.contains("--order must be placement or progressive, got 'random'"),
        "{err}"
    );
    let (status, err) = failure(&["bridson", "-W", "720", "-H", "400", "-r", "24", "--order"]);
    assert_eq!(status, 2, "{err}");
    assert!(err.contains("--order needs a value"), "{err}");
}

/// `poisson refill`'s CSV: `(id, [x, y, r])` per row, checking the header.
fn refill_rows(text: &str) -> Vec<(u32, [f64; 3])> {
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("id,x,y,r"));
    lines
        .map(|line| {
            let v: Vec<f64> = line.split(',').map(|f| f.parse().unwrap()).collect();
            assert_eq!(v.len(), 4, "{line}");
            (v[0] as u32, [v[1], v[2], v[3]])
        })
        .collect()
}

/// `bridson -f csv` into a file, then `refill`: every point off the circle comes back with its
/// row number as its id, to the bit; the new points stand under the circle with ids above every
/// old one; the spacing holds; and it is the crate's own edit.
#[test]
fn refill_round_trip_keeps_every_point_off_the_circle_with_its_id() {
    use poisson_live::edit::{EditableSet, Stroke, Tool};
    let input = temp_file("refill-in.csv");
    let bridson = ["bridson", "-W", "720", "-H", "400", "-r", "10", "-s", "7"];
    let csv = stdout(&poisson(&[&bridson[..], &["-f", "csv"]].concat()));
    std::fs::write(&input, &csv).unwrap();
    let original = poisson_live::poisson_disk(720.0, 400.0, 10.0, 30, 7).unwrap();
    let path = input.to_str().unwrap();
    let refill = [
        "refill",
        "--input",
        path,
        "--circle",
        "360,200,40",
        "--radius",
        "10",
        "--width",
        "720",
        "--height",
        "400",
        "--seed",
        "99",
        "-f",
        "csv",
    ];
    let rows = refill_rows(&stdout(&poisson(&refill)));
    let circle = Stroke::circle(360.0, 200.0, 40.0).unwrap();
    let under = |p: [f64; 3]| circle.covers(p[0], p[1]);
    let kept: Vec<(u32, [f64; 3])> = (0..)
        .zip(original.iter().map(|p| [p.x, p.y, p.r]))
        .filter(|&(_, p)| !under(p))
        .collect();
    assert!(kept.len() < original.len());
    assert_eq!(&rows[..kept.len()], &kept[..]);
    let new = &rows[kept.len()..];
    assert!(new.len() > 20, "{} new points", new.len());
    for (i, &(id, p)) in new.iter().enumerate() {
        assert_eq!(id as usize, original.len() + i);
        assert!(under(p) && p[2] == 10.0, "{p:?}");
    }
    for (i, a) in rows.iter().enumerate() {
        for b in &rows[i + 1..] {
            let (dx, dy) = (a.1[0] - b.1[0], a.1[1] - b.1[1]);
            assert!(dx * dx + dy * dy >= 100.0, "{a:?} {b:?}");
        }
    }
    // The crate's edit: the same fill numbered in order, seed 99, edit number 0.
    let fill = EditableSet::fill(SamplerParams {
        width: 720.0,
        height: 400.0,
        radius: 10.0,
        k: 30,
        seed: 7,
    })
    .unwrap();
    let mut set = EditableSet::with_items(
        SamplerParams {
            width: 720.0,
            height: 400.0,
            radius: 10.0,
            k: 30,
            seed: 99,
        },
        fill.items(),
    )
    .unwrap();
    set.apply(Tool::Refill, &circle).unwrap();
    let want: Vec<(u32, [f64; 3])> = set
        .items()
        .map(|i| (i.id, [i.point.x, i.point.y, i.point.r]))
        .collect();
    assert_eq!(rows, want);
    // The same run again gives the same bytes; another seed other new points.
    assert_eq!(stdout(&poisson(&refill)), stdout(&poisson(&refill)));
    let mut other = refill;
    other[12] = "100";
    assert_ne!(refill_rows(&stdout(&poisson(&other)))[kept.len()..], *new);
    std::fs::remove_file(input).unwrap();
}

/// The contract's own form (no map size): ids from the file's id column, in any column order,
/// extra columns ignored; the map is the input's extent; JSON rows are `[id, x, y]`.
#[test]
fn refill_reads_ids_and_reads_standard_input() {
    use std::io::Write;
    use std::process::Stdio;
    let text =
        "kind,y,id,x\ntree,10,40,10\nrock,10,7,40\ntree,40,12,10\nrock,40,3,40\ntree,25,9,25\n";
    let mut child = Command::new(env!("CARGO_BIN_EXE_poisson"))
        .args([
            "refill", "--input", "-", "--circle", "25,25,10", "--radius", "12",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(
        (json["width"].as_f64(), json["height"].as_f64()),
        (Some(40f64.next_up()), Some(40f64.next_up()))
    );
    let rows: Vec<[f64; 3]> = serde_json::from_value(json["points"].clone()).unwrap();
    // (25, 25) is under the circle; the rest keep their ids and places.
    let kept = [
        [40.0, 10.0, 10.0],
        [7.0, 40.0, 10.0],
        [12.0, 10.0, 40.0],
        [3.0, 40.0, 40.0],
    ];
    assert_eq!(rows[..4], kept);
    assert!(rows.len() > 4, "room for a new point: {rows:?}");
    for (i, row) in rows[4..].iter().enumerate() {
        assert_eq!(row[0], 41.0 + i as f64, "new ids above the largest");
        assert!((row[1] - 25.0).hypot(row[2] - 25.0) < 10.0);
    }
}

#[test]
fn refill_refuses_bad_input_in_one_line() {
    let file = |name: &str, text: &str| {
        let path = temp_file(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    };
    let good = file("good.csv", "x,y\n10,10\n30,10\n");
    let cases = [
        (
            file("noy.csv", "x,z\n1,2\n"),
            "30,30,5",
            "10",
            "no y column",
        ),
        (
            file("nan.csv", "x,y\n1,two\n"),
            "30,30,5",
            "10",
            "line 2: y is 'two', not a finite number",
        ),
        (
            file("dup.csv", "id,x,y\n4,10,10\n4,30,10\n"),
            "30,30,5",
            "10",
            "have the same id 4",
        ),
        (
            file("close.csv", "x,y\n10,10\n15,10\n"),
            "30,30,5",
            "10",
            "5 apart, closer than their spacing 10",
        ),
        (file("empty.csv", ""), "30,30,5", "10", "empty"),
        (good.clone(), "300,300,5", "10", "does not reach the map"),
        (
            good.clone(),
            "30,30,0",
            "10",
            "--circle 30,30,0: brush radius must be a finite number greater than 0",
        ),
        (good.clone(), "30,30", "10", "--circle must be X,Y,R"),
        (
            good.clone(),
            "30,30,5",
            "0",
            "radius must be a finite number greater than 0, got 0",
        ),
        (
            good.clone(),
            "30,30,5",
            "-3",
            "radius must be a finite number greater than 0",
        ),
        (
            temp_file("missing.csv").to_str().unwrap().to_string(),
            "30,30,5",
            "10",
            "cannot read",
        ),
    ];
    let out = temp_file("never-refill.json");
    let out = out.to_str().unwrap();
    for (input, circle, radius, message) in &cases {
        let args = ["refill", "-i", input, "-c", circle, "-r", radius, "-o", out];
        let (code, err) = failure(&args);
        assert_eq!(code, 1, "{args:?}: {err}");
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(!std::path::Path::new(out).exists(), "{args:?} wrote {out}");
    }
    // A point off the map the options give.
    let args = [
        "refill", "-i", &good, "-c", "5,5,5", "-r", "10", "-W", "20", "-H", "20",
    ];
    assert!(failure(&args).1.contains("off the map [0, 20) × [0, 20)"));
    // Malformed command lines are status 2.
    assert_eq!(failure(&["refill", "-i", &good, "-r", "10"]).0, 2);
}

/// `poisson classes`' params for a tree/rock/bush map, as the core takes them.
fn forest_params(seed: i32) -> poisson_live::classes::ClassParams {
    use poisson_live::classes::{Between, Class, ClassParams};
    ClassParams {
        classes: vec![
            Class::new("tree", 16.0),
            Class::new("rock", 40.0).weight(0.5),
            Class::new("bush", 9.0).weight(2.0),
        ],
        between: vec![Between::new("tree", "rock", 10.0)],
        seed,
        ..ClassParams::new(300.0, 200.0)
    }
}

const FOREST: [&str; 13] = [
    "classes",
    "-W",
    "300",
    "-H",
    "200",
    "--class",
    "tree=16",
    "--class",
    "rock=40:0.5",
    "-c",
    "bush=9:2",
    "--between",
    "tree,rock=10",
];

#[test]
fn classes_csv_and_json_are_the_crates_points_and_classes_exactly() {
    let want = poisson_live::poisson_classes(&forest_params(5)).unwrap();
    let names = ["tree", "rock", "bush"];
    let csv = stdout(&poisson(&[&FOREST[..], &["-s", "5", "-f", "csv"]].concat()));
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some("x,y,r,class"));
    let rows: Vec<(f64, f64, f64, &str)> = lines
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            let n = |i: usize| f[i].parse::<f64>().unwrap();
            (n(0), n(1), n(2), f[3])
        })
        .collect();
    assert_eq!(rows.len(), want.len());
    for ((x, y, r, class), (p, &c)) in rows.iter().zip(want.points.iter().zip(&want.classes)) {
        assert_eq!((*x, *y, *r), (p.x, p.y, p.r));
        assert_eq!(*class, names[c as usize]);
    }
    // Every class is there, and the JSON says the same with the class as an index.
    for name in names {
        assert!(rows.iter().any(|row| row.3 == name), "no {name}");
    }
    let json = stdout(&poisson(&[&FOREST[..], &["-s", "5"]].concat()));
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(json["classes"], serde_json::json!(names));
    let got: Vec<[f64; 4]> = serde_json::from_value(json["points"].clone()).unwrap();
    let expected: Vec<[f64; 4]> = want
        .points
        .iter()
        .zip(&want.classes)
        .map(|(p, &c)| [p.x, p.y, p.r, f64::from(c)])
        .collect();
    assert_eq!(got, expected);
    let count = stdout(&poisson(
        &[&FOREST[..], &["-s", "5", "-f", "count"]].concat(),
    ));
    assert_eq!(count, format!("{}\n", want.len()));
    // Another seed, another map.
    assert_ne!(
        stdout(&poisson(&[&FOREST[..], &["-s", "6", "-f", "csv"]].concat())),
        csv
    );
}

#[test]
fn classes_refuses_bad_input_in_one_line_and_writes_nothing() {
    let out = temp_file("never-classes.csv");
    let o = out.to_str().unwrap();
    let map = ["classes", "-W", "300", "-H", "200", "-o", o];
    let cases: [(&[&str], &str); 11] = [
        (
            &["-c", "tree=16", "-b", "tree,bush=5"],
            "a between rule names class bush, which was not given; name classes that were given: tree",
        ),
        (&["-c", "tree=0"], "the spacing of class tree must be a finite number greater than 0, got 0"),
        (&["-c", "tree=-4"], "give class tree a spacing > 0"),
        (&["-c", "tree=nan"], "the spacing of class tree must be"),
        (&["-c", "tree=5:-1"], "the weight of class tree must be a finite number ≥ 0, got -1"),
        (&["-c", "tree=5:0", "-c", "rock=9:0"], "every class has weight 0"),
        (&["-c", "tree=5", "-c", "rock=9", "-b", "tree,rock=0"], "the spacing between tree and rock must be"),
        (&["-c", "tree"], "--class must be NAME=SPACING or NAME=SPACING:WEIGHT, got 'tree'"),
        (&["-c", "tree=5", "-b", "tree=5"], "--between must be A,B=SPACING"),
        (&["-c", "a b=5"], "a class name is letters, digits"),
        (&["-c", "dust=0.0001"], "use a spacing ≥"),
    ];
    for (extra, message) in cases {
        let args = [&map[..], extra].concat();
        let (code, err) = failure(&args);
        assert_eq!(code, 1, "{args:?}: {err}");
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(!out.exists(), "{args:?} wrote {o}");
    }
    // No class at all, or a flag without its value: a malformed command line.
    assert_eq!(failure(&map).0, 2);
    assert_eq!(failure(&[&map[..], &["-c"]].concat()).0, 2);
    assert!(!out.exists());
}

#[test]
fn depth_fills_a_box_with_the_crates_3d_points() {
    let args = [
        "--width", "30", "--height", "20", "--depth", "10", "--radius", "2", "--seed", "5",
    ];
    let csv = stdout(&poisson(
        &[&["bridson", "--format", "csv"][..], &args].concat(),
    ));
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some("x,y,z"));
    let got: Vec<[f64; 3]> = lines
        .map(|l| {
            let v: Vec<f64> = l.split(',').map(|n| n.parse().unwrap()).collect();
            [v[0], v[1], v[2]]
        })
        .collect();
    assert_eq!(
        got,
        poisson_live::space::poisson_disk_3d(30.0, 20.0, 10.0, 2.0, 30, 5).unwrap()
    );
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&poisson(&[&["fast"][..], &args].concat()))).unwrap();
    let got: Vec<[f64; 3]> = serde_json::from_value(json["points"].clone()).unwrap();
    assert_eq!(
        got,
        poisson_live::space::fast_poisson_3d(30.0, 20.0, 10.0, 2.0, 5).unwrap()
    );
}

#[test]
fn mesh_reads_obj_and_writes_each_points_face() {
    let obj = temp_file("square.obj");
    // A 6 × 6 square as one quad (two triangles), its normal and texture lines ignored.
    std::fs::write(
        &obj,
        "v 0 0 1\nv 6 0 1\nv 6 6 1\nv 0 6 1\nvt 0 0\nvn 0 0 1\nf 1/1/1 2/1/1 3/1/1 4/1/1\n",
    )
    .unwrap();
    let path = obj.to_str().unwrap();
    let csv = stdout(&poisson(&[
        "mesh", "--input", path, "--radius", "1", "--format", "csv",
    ]));
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some("x,y,z,face,u,v"));
    let mesh =
        poisson_live::space::Mesh::from_obj(&std::fs::read_to_string(&obj).unwrap()).unwrap();
    let want = poisson_live::space::sample_mesh(&mesh, 1.0, 30, 123456).unwrap(); // the default seed
    let rows: Vec<Vec<f64>> = lines
        .map(|l| l.split(',').map(|n| n.parse().unwrap()).collect())
        .collect();
    assert_eq!(rows.len(), want.len());
    for (row, p) in rows.iter().zip(&want) {
        assert_eq!(row[..3], p.position[..]);
        assert_eq!(row[3], p.face as f64);
        assert_eq!(row[4..], p.barycentric[..]);
        // (1 − u − v)·A + u·B + v·C puts the point back (the square's corners by face).
        let corners = mesh.corners(p.face);
        let (u, v) = (row[4], row[5]);
        for i in 0..3 {
            let back = (1.0 - u - v) * corners[0][i] + u * corners[1][i] + v * corners[2][i];
            assert!((back - row[i]).abs() < 1e-9, "{row:?}");
        }
        assert_eq!(row[2], 1.0, "on the square's plane");
        // Triangle 0 is (0,0)-(6,0)-(6,6): below the diagonal; triangle 1 above it.
        assert_eq!(p.face, usize::from(row[1] > row[0]), "{row:?}");
    }
    let count = stdout(&poisson(&[
        "mesh", "-i", path, "-r", "1", "--format", "count",
    ]));
    assert_eq!(count.trim(), want.len().to_string());
}

#[test]
fn mesh_weights_vary_the_spacing_and_bad_weights_write_nothing() {
    let obj = temp_file("weighted-square.obj");
    std::fs::write(&obj, "v 0 0 0\nv 12 0 0\nv 12 12 0\nv 0 12 0\nf 1 2 3 4\n").unwrap();
    let path = obj.to_str().unwrap();
    let weights = temp_file("weights.txt");
    // Heavy on the left edge (x = 0), light on the right.
    std::fs::write(&weights, "1\n0\n0\n1\n").unwrap();
    let wpath = weights.to_str().unwrap();
    let mesh =
        poisson_live::space::Mesh::from_obj(&std::fs::read_to_string(&obj).unwrap()).unwrap();
    let spacing =
        poisson_live::space::MeshSpacing::new(&mesh, 0.5, 1.5, vec![1.0, 0.0, 0.0, 1.0]).unwrap();
    /// `mesh` on the weighted square at r = 0.5, --radius-max `r2`, then `tail`.
    fn weighted<'a>(path: &'a str, wpath: &'a str, r2: &'a str, tail: &[&'a str]) -> Vec<&'a str> {
        let mut args = vec![
            "mesh",
            "-i",
            path,
            "-r",
            "0.5",
            "--weights",
            wpath,
            "--radius-max",
            r2,
        ];
        args.extend_from_slice(tail);
        args
    }
    for method in ["bridson", "fast"] {
        let want = match method {
            "bridson" => poisson_live::space::sample_mesh_weighted(&mesh, &spacing, 30, 9),
            _ => poisson_live::space::fast_sample_mesh_weighted(&mesh, &spacing, 9),
        }
        .unwrap();
        let csv = stdout(&poisson(&weighted(
            path,
            wpath,
            "1.5",
            &["--method", method, "--seed", "9", "--format", "csv"],
        )));
        let rows: Vec<Vec<f64>> = csv
            .lines()
            .skip(1)
            .map(|l| l.split(',').map(|n| n.parse().unwrap()).collect())
            .collect();
        assert_eq!(rows.len(), want.len());
        for (row, p) in rows.iter().zip(&want) {
            assert_eq!(row[..3], p.position[..]);
        }
        let left = rows.iter().filter(|r| r[0] < 6.0).count();
        assert!(
            left > 2 * (rows.len() - left),
            "{method}: {left} of {}",
            rows.len()
        );
    }
    let out = temp_file("weighted-out.csv");
    let o = out.to_str().unwrap();
    for (text, r2, message) in [
        ("1\n0\n0\n", "1.5", "3 weights for a mesh of 4 vertices"),
        ("1\n0\nNaN\n1\n", "1.5", "weight 3 (vertex 2) is NaN"),
        ("1\n0\n1.5\n1\n", "1.5", "weight 3 (vertex 2) is 1.5"),
        (
            "1\nlots\n0\n1\n",
            "1.5",
            "weights line 2: \"lots\" is not a number",
        ),
        (
            "1\n0\n0\n1\n",
            "0.25",
            "radius-max must be a finite number ≥ radius (0.5)",
        ),
    ] {
        std::fs::write(&weights, text).unwrap();
        let (code, err) = failure(&weighted(path, wpath, r2, &["-o", o]));
        assert_eq!(code, 1, "{err}");
        assert!(err.contains(message), "{err}");
        assert!(!out.exists(), "{text:?} wrote {o}");
    }
    let (code, err) = failure(&["mesh", "-i", path, "-r", "0.5", "--weights", wpath]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn mesh_method_fast_writes_the_crates_fast_cover() {
    let obj = temp_file("fast-square.obj");
    std::fs::write(&obj, "v 0 0 0\nv 8 0 0\nv 8 8 0\nv 0 8 0\nf 1 2 3 4\n").unwrap();
    let path = obj.to_str().unwrap();
    let mesh =
        poisson_live::space::Mesh::from_obj(&std::fs::read_to_string(&obj).unwrap()).unwrap();
    let want = poisson_live::space::fast_sample_mesh(&mesh, 1.0, 5).unwrap();
    let args = [
        "mesh", "-i", path, "-r", "1", "--method", "fast", "--seed", "5",
    ];
    let json: serde_json::Value = serde_json::from_str(&stdout(&poisson(
        &[&args[..], &["--format", "json"]].concat(),
    )))
    .unwrap();
    let rows: Vec<[f64; 6]> = serde_json::from_value(json["points"].clone()).unwrap();
    assert_eq!(rows.len(), want.len());
    for (row, p) in rows.iter().zip(&want) {
        assert_eq!(row[..3], p.position[..]);
        assert_eq!(row[3], p.face as f64);
        assert_eq!(row[4..], p.barycentric[..]);
    }
    let bridson = stdout(&poisson(&[
        "mesh", "-i", path, "-r", "1", "--format", "count",
    ]));
    assert!(want.len() > bridson.trim().parse::<usize>().unwrap());
    let (code, err) = failure(&["mesh", "-i", path, "-r", "1", "--method", "darts"]);
    assert_eq!(code, 2, "{err}");
}
