//! The checks behind the conformance cases (SPEC section 6), shared by the native test
//! (`tests/conformance.rs`) and the wasm test in the bindings crate, so both builds are held to
//! exactly the same comparisons.

use poisson_live::bridson::{Sampler, Step};
use poisson_live::layers::{place_layers, Layer, Mask};
use poisson_live::paint::stamp_circle;
use poisson_live::DartParams;
use serde_json::Value;
fn f(v: &Value) -> f64 {
    v.as_f64()
        .unwrap_or_else(|| panic!("expected a number, got {v}"))
}
fn seed(v: &Value) -> i32 {
    let s = v
        .as_i64()
        .unwrap_or_else(|| panic!("expected an integer seed, got {v}"));
    i32::try_from(s).expect("seed within i32")
}
fn uint(v: &Value) -> u32 {
    u32::try_from(
        v.as_u64()
            .unwrap_or_else(|| panic!("expected a whole number, got {v}")),
    )
    .unwrap()
}
fn rows(v: &Value) -> Vec<Vec<f64>> {
    v.as_array()
        .expect("array")
        .iter()
        .map(|r| r.as_array().expect("row").iter().map(f).collect())
        .collect()
}
fn xy(points: &[poisson_live::Point]) -> Vec<Vec<f64>> {
    points.iter().map(|p| vec![p.x, p.y]).collect()
}
fn xyr(points: &[poisson_live::Point]) -> Vec<Vec<f64>> {
    points.iter().map(|p| vec![p.x, p.y, p.r]).collect()
}

/// Runs one case; `Err` describes the first difference.
pub fn check(case: &Value) -> Result<(), String> {
    let kind = case["kind"].as_str().ok_or("no kind")?;
    let p = &case["params"];
    let expected = &case["expected"];
    let (w, h) = (f(&p["width"]), f(&p["height"]));
    let same = |name: &str, got: Vec<Vec<f64>>, want: Vec<Vec<f64>>| -> Result<(), String> {
        if got.len() != want.len() {
            return Err(format!(
                "{name}: {} points, expected {}",
                got.len(),
                want.len()
            ));
        }
        match got.iter().zip(&want).position(|(a, b)| a != b) {
            Some(i) => Err(format!(
                "{name}: point {i} is {:?}, expected {:?}",
                got[i], want[i]
            )),
            None => Ok(()),
        }
    };
    match kind {
        "random_points" => {
            let got = poisson_live::random_points(
                p["count"].as_u64().unwrap() as usize,
                w,
                h,
                seed(&p["seed"]),
            )
            .map_err(|e| e.to_string())?;
            same(kind, xy(&got), rows(expected))
        }
        "jittered_grid" => {
            let got = poisson_live::jittered_grid(f(&p["spacing"]), w, h, seed(&p["seed"]))
                .map_err(|e| e.to_string())?;
            same(kind, xy(&got), rows(expected))
        }
        "dart_throwing" => {
            let got = poisson_live::dart_throwing(DartParams {
                width: w,
                height: h,
                radius: f(&p["radius"]),
                max_misses: uint(&p["max_misses"]),
                seed: seed(&p["seed"]),
            })
            .map_err(|e| e.to_string())?;
            same(kind, xy(&got), rows(expected))
        }
        "poisson_disk" => {
            let got =
                poisson_live::poisson_disk(w, h, f(&p["radius"]), uint(&p["k"]), seed(&p["seed"]))
                    .map_err(|e| e.to_string())?;
            same(kind, xyr(&got), rows(expected))
        }
        "variable_radius" => {
            let (min, max) = (f(&p["min_radius"]), f(&p["max_radius"]));
            let density = p["density"].as_str().ok_or("no density")?.to_string();
            let t: Box<dyn Fn(f64, f64) -> f64 + Send + Sync> = match density.as_str() {
                "linear_x" => Box::new(move |x, _| x / w),
                "radial" => {
                    let (cx, cy) = (w / 2.0, h / 2.0);
                    let reach = (cx * cx + cy * cy).sqrt();
                    Box::new(move |x, y| {
                        let (dx, dy) = (x - cx, y - cy);
                        ((dx * dx + dy * dy).sqrt() / reach).min(1.0)
                    })
                }
                other => return Err(format!("unknown density {other}")),
            };
            // Exactly the reference's rule: the sampler's radius is the minimum, radius_at on top.
            let mut s = Sampler::new(w, h, min, uint(&p["k"]), seed(&p["seed"]))
                .map_err(|e| e.to_string())?
                .with_radius_fn(move |x, y| min + t(x, y) * (max - min));
            s.start_random();
            s.finish();
            same(kind, xyr(s.points()), rows(expected))
        }
        "sampler_trace" => check_trace(w, h, p, expected),
        "place_layers" => {
            let mut layers = Vec::new();
            for l in p["layers"].as_array().ok_or("no layers")? {
                let mask = match &l["mask"] {
                    Value::Null => Mask::Everywhere,
                    m => {
                        let discs: Vec<[f64; 3]> = rows(&m["discs"])
                            .iter()
                            .map(|d| [d[0], d[1], d[2]])
                            .collect();
                        match m["type"].as_str() {
                            Some("inside_discs") => Mask::InsideDiscs(discs),
                            Some("outside_discs") => Mask::OutsideDiscs(discs),
                            other => return Err(format!("unknown mask type {other:?}")),
                        }
                    }
                };
                layers.push(
                    Layer::new(f(&l["radius"]), uint(&l["k"]), seed(&l["seed"])).with_mask(mask),
                );
            }
            let got = place_layers(w, h, layers).map_err(|e| e.to_string())?;
            let want = expected.as_array().ok_or("expected layers")?;
            if got.len() != want.len() {
                return Err(format!("{} layers, expected {}", got.len(), want.len()));
            }
            for (i, (g, e)) in got.iter().zip(want).enumerate() {
                same(&format!("layer {i}"), xyr(g), rows(e))?;
            }
            Ok(())
        }
        "stamp_circles" => {
            let (wi, hi) = (
                p["width"].as_u64().unwrap() as usize,
                p["height"].as_u64().unwrap() as usize,
            );
            let bg: Vec<u8> = p["background"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_u64().unwrap() as u8)
                .collect();
            let mut rgb: Vec<u8> = bg.iter().copied().cycle().take(wi * hi * 3).collect();
            for c in p["circles"].as_array().ok_or("no circles")? {
                let col: Vec<u8> = c[3]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v.as_u64().unwrap() as u8)
                    .collect();
                stamp_circle(
                    &mut rgb,
                    wi,
                    hi,
                    poisson_live::Point {
                        x: f(&c[0]),
                        y: f(&c[1]),
                        r: f(&c[2]),
                    },
                    [col[0], col[1], col[2]],
                    f(&c[4]),
                );
            }
            let want = base64_decode(expected.as_str().ok_or("expected base64")?)?;
            match rgb.iter().zip(&want).position(|(a, b)| a != b) {
                _ if rgb.len() != want.len() => {
                    Err(format!("{} bytes, expected {}", rgb.len(), want.len()))
                }
                Some(i) => Err(format!("byte {i} is {}, expected {}", rgb[i], want[i])),
                None => Ok(()),
            }
        }
        other => Err(format!("unknown kind {other:?}")),
    }
}

fn check_trace(w: f64, h: f64, p: &Value, expected: &Value) -> Result<(), String> {
    let mut s = Sampler::new(w, h, f(&p["radius"]), uint(&p["k"]), seed(&p["seed"]))
        .map_err(|e| e.to_string())?;
    // The first point is placed, not stepped: it does not count among the 2N − 1 steps.
    match p.get("start") {
        Some(Value::Array(a)) => s.start_at(f(&a[0]), f(&a[1])),
        _ => s.start_random(),
    };
    let mut productive = 0u64;
    let max_steps = p["steps"].as_u64().ok_or("no steps")?;
    let want_steps = expected["steps"].as_array().ok_or("no expected steps")?;
    let mut n = 0;
    for want in want_steps {
        let step = s.step();
        productive += u64::from(step.did_something());
        n += 1;
        let more = step != Step::Finished;
        let tried: Vec<Vec<f64>> = s
            .tried()
            .iter()
            .map(|c| vec![c.x, c.y, if c.outcome.accepted() { 1.0 } else { 0.0 }])
            .collect();
        let want_tried: Vec<Vec<f64>> = want["tried"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| {
                vec![
                    f(&t[0]),
                    f(&t[1]),
                    if t[2].as_bool().unwrap() { 1.0 } else { 0.0 },
                ]
            })
            .collect();
        let active: Vec<u64> = s.active().iter().map(|&i| i as u64).collect();
        let want_active: Vec<u64> = want["active"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        let at = format!("step {n}");
        if Some(more) != want["more"].as_bool() {
            return Err(format!("{at}: more = {more}"));
        }
        if s.current().map(|c| c as u64) != want["current"].as_u64() {
            return Err(format!(
                "{at}: current = {:?}, expected {}",
                s.current(),
                want["current"]
            ));
        }
        if tried != want_tried {
            return Err(format!("{at}: tried {tried:?}, expected {want_tried:?}"));
        }
        if active != want_active {
            return Err(format!("{at}: active {active:?}, expected {want_active:?}"));
        }
        if Some(s.points().len() as u64) != want["points"].as_u64() {
            return Err(format!(
                "{at}: {} points, expected {}",
                s.points().len(),
                want["points"]
            ));
        }
        if !more {
            break;
        }
    }
    if n < want_steps.len() as u64 || (n > max_steps) {
        return Err(format!("ran {n} steps, expected {}", want_steps.len()));
    }
    // The case lists the first `steps` calls, or every call up to the first that finished:
    // fewer, while the run goes on, is a cut trace, not a pass.
    let ended = want_steps.last().and_then(|w| w["more"].as_bool()) == Some(false);
    if !ended && n < max_steps {
        return Err(format!(
            "the case lists {n} steps, but the run goes on: expected {max_steps} steps or every \
             step until it finishes"
        ));
    }
    loop {
        let step = s.step();
        if step == Step::Finished {
            break;
        }
        productive += 1;
    }
    if Some(s.points().len() as u64) != expected["final_points"].as_u64() {
        return Err(format!(
            "final points {}, expected {}",
            s.points().len(),
            expected["final_points"]
        ));
    }
    if Some(productive) != expected["total_steps"].as_u64() || s.steps() != productive {
        return Err(format!(
            "total steps {productive} (sampler says {}), expected {}",
            s.steps(),
            expected["total_steps"]
        ));
    }
    Ok(())
}

fn base64_decode(s: &str) -> Result<Vec<u8>, String> {
    const ABC: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = Vec::with_capacity(s.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0);
    for ch in s.bytes().filter(|&c| c != b'=' && !c.is_ascii_whitespace()) {
        let v = ABC
            .iter()
            .position(|&a| a == ch)
            .ok_or_else(|| format!("bad base64 byte {ch}"))? as u32;
        acc = (acc << 6) | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    Ok(out)
}
