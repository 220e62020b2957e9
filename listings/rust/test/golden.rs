//! The Rust listing's golden runner (listings-contract's protocol): one case per stdin line, one
//! answer per stdout line. Run it through listings/test/golden.mjs.

use poisson_listing::bridson::{poisson_disk, Outcome, Sampler, Step};
use poisson_listing::darts::dart_throwing;
use poisson_listing::grid::{Grid, Point};
use poisson_listing::jittered::jittered_grid;
use poisson_listing::layers::{place_layers, Layer, Mask};
use poisson_listing::paint::{paint_world, stamp_circle};
use poisson_listing::random::random_points;
use poisson_listing::variable::{fbm, linear_x, radial, variable_radius};
use std::fmt::Write as _;
use std::io::{BufRead, Write};

struct Tokens<'a>(std::str::SplitWhitespace<'a>);

impl Tokens<'_> {
    fn word(&mut self) -> Result<&str, String> {
        self.0
            .next()
            .ok_or_else(|| "the line ends early".to_string())
    }
    fn f(&mut self) -> Result<f64, String> {
        let w = self.word()?;
        u64::from_str_radix(w, 16)
            .map(f64::from_bits)
            .map_err(|e| format!("{w}: {e}"))
    }
    fn n<T: std::str::FromStr>(&mut self) -> Result<T, String> {
        let w = self.word()?;
        w.parse().map_err(|_| format!("{w}: not an integer"))
    }
}

fn hex(out: &mut String, x: f64) {
    write!(out, " {:016x}", x.to_bits()).unwrap();
}
fn xy(points: &[(f64, f64)]) -> String {
    let mut out = points.len().to_string();
    for &(x, y) in points {
        hex(&mut out, x);
        hex(&mut out, y);
    }
    out
}
fn xyr(out: &mut String, points: &[Point]) {
    write!(out, "{}", points.len()).unwrap();
    for p in points {
        hex(out, p.x);
        hex(out, p.y);
        hex(out, p.r);
    }
}
fn answer(line: &str) -> Result<String, String> {
    let mut t = Tokens(line.split_whitespace());
    let kind = t.word()?.to_string();
    let mut out = String::new();
    match kind.as_str() {
        "random_points" => {
            let (w, h, count, seed) = (t.f()?, t.f()?, t.n()?, t.n()?);
            out = xy(&random_points(count, w, h, seed)?);
        }
        "jittered_grid" => {
            let (w, h, spacing, seed) = (t.f()?, t.f()?, t.f()?, t.n()?);
            out = xy(&jittered_grid(spacing, w, h, seed)?);
        }
        "dart_throwing" => {
            let (w, h, r, misses, seed) = (t.f()?, t.f()?, t.f()?, t.n()?, t.n()?);
            out = xy(&dart_throwing(w, h, r, misses, seed)?);
        }
        "poisson_disk" => {
            let (w, h, r, k, seed) = (t.f()?, t.f()?, t.f()?, t.n()?, t.n()?);
            xyr(&mut out, &poisson_disk(w, h, r, k, seed)?);
        }
        "sampler_trace" => {
            let (w, h, r, k, seed, steps) =
                (t.f()?, t.f()?, t.f()?, t.n()?, t.n()?, t.n::<usize>()?);
            let grid = Grid::new(w, h, r / std::f64::consts::SQRT_2)?;
            let mut s = Sampler::new(grid, r, k, seed)?;
            if t.n::<u8>()? == 1 {
                let (x, y) = (t.f()?, t.f()?);
                s.try_add(x, y);
            } else {
                s.start_random();
            }
            let (mut listed, mut total, mut more) = (0, 0, true);
            let mut body = String::new();
            while listed < steps && more {
                more = s.step() != Step::Finished;
                total += usize::from(more);
                listed += 1;
                let current = s.current.map_or(-1, |c| c as i64);
                write!(body, " {} {current} {}", u8::from(more), s.tried.len()).unwrap();
                for c in &s.tried {
                    hex(&mut body, c.x);
                    hex(&mut body, c.y);
                    write!(body, " {}", u8::from(c.outcome == Outcome::Accepted)).unwrap();
                }
                write!(body, " {}", s.active.len()).unwrap();
                for a in &s.active {
                    write!(body, " {a}").unwrap();
                }
                write!(body, " {}", s.points.len()).unwrap();
            }
            while s.step() != Step::Finished {
                total += 1;
            }
            out = format!("{listed}{body} {} {total}", s.points.len());
        }
        "variable_radius" => {
            let (w, h, min, max) = (t.f()?, t.f()?, t.f()?, t.f()?);
            // The cases call the field `density`; it is the listing's sparseness (0 at min).
            let (field, k, seed) = (t.word()?.to_string(), t.n()?, t.n()?);
            let points = match field.as_str() {
                "linear_x" => variable_radius(w, h, min, max, linear_x(w), k, seed),
                "radial" => variable_radius(w, h, min, max, radial(w, h), k, seed),
                other => return Ok(format!("unknown density_{other}")),
            };
            xyr(&mut out, &points?);
        }
        "variable_noise" => {
            let (w, h, min, max, patch) = (t.f()?, t.f()?, t.f()?, t.f()?, t.f()?);
            let (octaves, k, seed) = (t.n()?, t.n()?, t.n()?);
            let field = fbm(patch, octaves, seed)?;
            xyr(&mut out, &variable_radius(w, h, min, max, field, k, seed)?);
        }
        "place_layers" => {
            let (w, h, count) = (t.f()?, t.f()?, t.n::<usize>()?);
            let mut layers = Vec::new();
            for _ in 0..count {
                let (radius, k, seed) = (t.f()?, t.n()?, t.n()?);
                let (mask, ndiscs) = (t.word()?.to_string(), t.n::<usize>()?);
                let mut discs = Vec::new();
                for _ in 0..ndiscs {
                    discs.push(Point {
                        x: t.f()?,
                        y: t.f()?,
                        r: t.f()?,
                    });
                }
                let mask = match mask.as_str() {
                    "none" => Mask::Everywhere,
                    "inside" => Mask::InsideDiscs(discs),
                    "outside" => Mask::OutsideDiscs(discs),
                    other => return Ok(format!("unknown mask_{other}")),
                };
                layers.push(Layer {
                    radius,
                    k,
                    seed,
                    mask,
                });
            }
            let placed = place_layers(w, h, layers)?;
            write!(out, "{}", placed.len()).unwrap();
            for layer in &placed {
                out.push(' ');
                xyr(&mut out, layer);
            }
        }
        "paint_world" => {
            let (w, h, seed) = (t.n::<usize>()?, t.n::<usize>()?, t.n()?);
            for b in paint_world(w, h, seed)? {
                write!(out, "{b:02x}").unwrap();
            }
        }
        "stamp_circles" => {
            let (w, h) = (t.n::<usize>()?, t.n::<usize>()?);
            let background: [u8; 3] = [t.n()?, t.n()?, t.n()?];
            let mut rgb: Vec<u8> = background.iter().copied().cycle().take(w * h * 3).collect();
            for _ in 0..t.n::<usize>()? {
                let (cx, cy, radius) = (t.f()?, t.f()?, t.f()?);
                let color = [t.n()?, t.n()?, t.n()?];
                stamp_circle(&mut rgb, w, h, cx, cy, radius, color, t.f()?)?;
            }
            for b in rgb {
                write!(out, "{b:02x}").unwrap();
            }
        }
        other => out = format!("unknown {other}"),
    }
    Ok(out)
}

fn main() {
    let stdin = std::io::stdin();
    let mut stdout = std::io::BufWriter::new(std::io::stdout().lock());
    for line in stdin.lock().lines() {
        let line = line.expect("stdin is text");
        // One bad case must not hide the answers to the others.
        let reply = answer(&line).unwrap_or_else(|e| format!("error {}", e.replace(' ', "_")));
        writeln!(stdout, "{reply}").unwrap();
    }
}
