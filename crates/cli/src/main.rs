//! `poisson`: the poisson-live sampler on the command line, for asset pipelines and for timing
//! the native sampler.
//!
//! ```text
//! poisson bridson --width 720 --height 400 --radius 24 --format count   # prints 315
//! poisson paint --seed 42 -o island.png
//! poisson stipple portrait.png --min-radius 2 --max-radius 24 -o dots.json
//! poisson bridson --mask coast.png --radius 8 --format csv    # points only on dark ground
//! poisson bridson --width 512 --height 512 --radius 16 --wrap # tileable
//! ```
//!
//! Every command validates its input with the core crate's rules and reports the core's message
//! as one line on standard error (`poisson: error: …`) with a non-zero exit status.

#![forbid(unsafe_code)]

mod args;
mod output;

use args::{Parsed, Request};
use output::{Format, Points};
use poisson_live::bridson::{Sampler, MAX_K};
use poisson_live::darts::{DartThrower, MAX_MISSES};
use poisson_live::density::DensityField;
use poisson_live::point::xy;
use poisson_live::stipple::{self, Image};
use poisson_live::wrap::poisson_disk_wrapped;
use poisson_live::Error;
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Why a run stopped early, and the exit status that says so.
enum Failure {
    /// The command line itself was malformed (exit 2).
    Usage(String),
    /// A value was refused, or the output could not be written (exit 1).
    Input(String),
    /// The reader of standard output went away (`| head`): stop quietly.
    BrokenPipe,
}

impl From<Error> for Failure {
    fn from(e: Error) -> Self {
        Failure::Input(e.to_string())
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args::parse(&args) {
        Ok(Request::Help(text)) => {
            print!("{text}");
            Ok(())
        }
        Ok(Request::Version) => {
            println!("poisson {}", env!("CARGO_PKG_VERSION"));
            Ok(())
        }
        Ok(Request::Run(parsed)) => run(&parsed),
        Err(message) => Err(Failure::Usage(message)),
    };
    match result {
        Ok(()) | Err(Failure::BrokenPipe) => ExitCode::SUCCESS,
        Err(Failure::Input(message)) => {
            eprintln!("poisson: error: {}", one_line(&message));
            ExitCode::from(1)
        }
        Err(Failure::Usage(message)) => {
            eprintln!("poisson: error: {}", one_line(&message));
            ExitCode::from(2)
        }
    }
}

/// Keeps an error to one line whatever the message holds.
fn one_line(message: &str) -> String {
    message.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn run(p: &Parsed) -> Result<(), Failure> {
    if p.command.name == "paint" {
        return paint(p);
    }
    // A picture (stipple's IMAGE, bridson's --mask) defines the map's size when one is given.
    let image = match p.text("image").or_else(|| p.text("mask")) {
        Some(path) => Some(read_png(path)?),
        None => None,
    };
    let (width, height) = map_size(p, image.as_ref())?;
    let seed = seed(p)?;
    let format = Format::parse(p.text("format").unwrap_or("json")).map_err(Failure::Usage)?;
    let mut progress = Progress::new(p.command.name);
    let points = match p.command.name {
        "bridson" => {
            let radius = number(p, "radius")?;
            let k = whole(p, "k", 1, u64::from(MAX_K))? as u32;
            if p.given("wrap") && image.is_some() {
                return Err(Failure::Usage(
                    "--wrap and --mask cannot be combined; a mask is not tileable".into(),
                ));
            }
            if p.given("threshold") && image.is_none() {
                return Err(Failure::Usage("--threshold needs --mask IMAGE".into()));
            }
            if let Some(image) = &image {
                let threshold = number(p, "threshold")?;
                let s = stipple::masked_sampler(image, threshold, radius, k, seed)?;
                Points::Xyr(run_sampler(s, &mut progress))
            } else if p.given("wrap") {
                Points::Xyr(poisson_disk_wrapped(width, height, radius, k, seed)?)
            } else {
                Points::Xyr(bridson(width, height, radius, k, seed, &mut progress)?)
            }
        }
        "stipple" => {
            let image = image.as_ref().expect("IMAGE is a required argument");
            let min = number(p, "min-radius")?;
            let max = number(p, "max-radius")?;
            let gamma = number(p, "gamma")?;
            let k = whole(p, "k", 1, u64::from(MAX_K))? as u32;
            let s = stipple::stipple_sampler(image, min, max, k, seed, Some(gamma))?;
            Points::Xyr(run_sampler(s, &mut progress))
        }
        "random" => {
            // The core refuses more than its work limit, with a hint; only nonsense stops here.
            let count = whole(p, "count", 0, 1 << 53)? as usize;
            Points::Xy(xy(&poisson_live::random_points(
                count, width, height, seed,
            )?))
        }
        "jittered" => Points::Xy(xy(&poisson_live::jittered_grid(
            number(p, "spacing")?,
            width,
            height,
            seed,
        )?)),
        "darts" => {
            let radius = number(p, "radius")?;
            let misses = whole(p, "misses", 0, u64::from(MAX_MISSES))? as u32;
            let mut d = DartThrower::new(width, height, radius, misses, seed)?;
            while !d.run(1 << 16) {
                progress.show(|| {
                    format!(
                        "{} darts thrown, {} kept, {} of {} misses in a row",
                        grouped(d.thrown() as usize),
                        grouped(d.kept().len()),
                        grouped(d.misses_in_a_row() as usize),
                        grouped(misses as usize)
                    )
                });
            }
            Points::Xy(xy(d.kept()))
        }
        "variable" => {
            let min = number(p, "min-radius")?;
            let max = number(p, "max-radius")?;
            let patch = number(p, "patch-size")?;
            let k = whole(p, "k", 1, u64::from(MAX_K))? as u32;
            let field = DensityField::new(seed, min, max, patch)?;
            let mut s = field.sampler(width, height, k, seed)?;
            s.start_random();
            while !s.run(1 << 15) {
                progress.show(|| {
                    format!(
                        "{} points, {} active",
                        grouped(s.points().len()),
                        grouped(s.active().len())
                    )
                });
            }
            Points::Xyr(s.into_parts().0)
        }
        other => unreachable!("command '{other}' is in the table but has no runner"),
    };
    progress.clear();
    let out = p.text("output").filter(|o| *o != "-");
    match out {
        Some(path) => {
            let file = std::fs::File::create(path)
                .map_err(|e| Failure::Input(format!("cannot create {path}: {e}")))?;
            output::write(
                &mut io::BufWriter::new(file),
                format,
                width,
                height,
                &points,
            )
            .map_err(|e| Failure::Input(format!("cannot write {path}: {e}")))
        }
        None => output::write(&mut io::stdout().lock(), format, width, height, &points)
            .map_err(stdout_error),
    }
}

/// Bridson's algorithm. Without a terminal to show progress on it is exactly
/// [`poisson_live::poisson_disk`]; with one, the same sampler is stepped in chunks between
/// progress updates (the same steps, so the same points).
fn bridson(
    width: f64,
    height: f64,
    radius: f64,
    k: u32,
    seed: i32,
    progress: &mut Progress,
) -> Result<Vec<poisson_live::Point>, Failure> {
    if !progress.enabled {
        return Ok(poisson_live::poisson_disk(width, height, radius, k, seed)?);
    }
    let mut s = Sampler::new(width, height, radius, k, seed)?;
    s.start_random();
    // A filled map holds about 0.6 points per r² (k = 30); the estimate only drives the
    // percentage, which is capped below 100 until the sampler really is done.
    let expected = (0.62 * width / radius * height / radius).max(1.0);
    while !s.run(1 << 15) {
        progress.show(|| {
            let pct = (100.0 * s.points().len() as f64 / expected).min(99.0);
            format!(
                "~{pct:.0}% · {} points, {} active",
                grouped(s.points().len()),
                grouped(s.active().len())
            )
        });
    }
    Ok(s.into_parts().0)
}

/// Runs a sampler that is ready to go to the end, showing progress between slices (the same
/// steps as [`Sampler::finish`], so the same points).
fn run_sampler(mut s: Sampler, progress: &mut Progress) -> Vec<poisson_live::Point> {
    while !s.run(1 << 15) {
        progress.show(|| {
            format!(
                "{} points, {} active",
                grouped(s.points().len()),
                grouped(s.active().len())
            )
        });
    }
    s.into_points()
}

/// The map's width and height: from `--width`/`--height`, or from the picture when they are
/// omitted. Given both ways, they must agree.
fn map_size(p: &Parsed, image: Option<&Image>) -> Result<(f64, f64), Failure> {
    let Some(image) = image else {
        for name in ["width", "height"] {
            if p.text(name).is_none() {
                let c = p.command.name;
                return Err(Failure::Usage(format!(
                    "'poisson {c}' needs --{name} (or --mask IMAGE to take it from a picture); \
                     see 'poisson {c} --help'"
                )));
            }
        }
        return Ok((number(p, "width")?, number(p, "height")?));
    };
    let (iw, ih) = (image.width() as f64, image.height() as f64);
    let width = if p.given("width") {
        number(p, "width")?
    } else {
        iw
    };
    let height = if p.given("height") {
        number(p, "height")?
    } else {
        ih
    };
    if (width, height) != (iw, ih) {
        return Err(Failure::Input(format!(
            "the mask is {iw} × {ih} pixels but the map is {width} × {height}; \
             give a matching --width and --height, or leave them out"
        )));
    }
    Ok((width, height))
}

/// Decodes a PNG file into the core's picture: 8-bit grey or RGB as is, alpha laid over white,
/// palettes, low bit depths and 16-bit samples normalised to 8 bits per channel.
fn read_png(path: &str) -> Result<Image, Failure> {
    let file = std::fs::File::open(path)
        .map_err(|e| Failure::Input(format!("cannot read {path}: {e}")))?;
    let not_png =
        |e: png::DecodingError| Failure::Input(format!("{path} is not a usable PNG: {e}"));
    // Enough for the largest picture the core accepts, as 16-bit RGBA, plus slack.
    let limits = png::Limits {
        bytes: stipple::MAX_PIXELS * 8 + (1 << 20),
    };
    let mut decoder = png::Decoder::new_with_limits(io::BufReader::new(file), limits);
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().map_err(not_png)?;
    let (w, h) = reader.info().size();
    let (w, h) = (w as usize, h as usize);
    if w.saturating_mul(h) > stipple::MAX_PIXELS {
        return Err(Failure::Input(format!(
            "{path} is {w} × {h} pixels; the limit is {} pixels",
            stipple::MAX_PIXELS
        )));
    }
    let size = reader
        .output_buffer_size()
        .ok_or_else(|| Failure::Input(format!("{path} is too large to decode")))?;
    let mut buf = vec![0; size];
    let info = reader.next_frame(&mut buf).map_err(not_png)?;
    buf.truncate(info.buffer_size());
    let image = match info.color_type {
        png::ColorType::Grayscale => Image::gray(w, h, buf),
        png::ColorType::Rgb => Image::rgb(w, h, buf),
        png::ColorType::Rgba => Image::from_rgba(w, h, &buf),
        png::ColorType::GrayscaleAlpha => {
            let rgba: Vec<u8> = buf
                .chunks_exact(2)
                .flat_map(|ga| [ga[0], ga[0], ga[0], ga[1]])
                .collect();
            Image::from_rgba(w, h, &rgba)
        }
        png::ColorType::Indexed => {
            return Err(Failure::Input(format!(
                "{path}: the palette could not be expanded"
            )))
        }
    };
    image.map_err(|e| Failure::Input(format!("{path}: {e}")))
}

fn paint(p: &Parsed) -> Result<(), Failure> {
    let seed = seed(p)?;
    let png = poisson_live::paint_world(seed)?.to_png()?;
    let default = format!("world-{seed}.png");
    let path = if p.given("output") {
        p.text("output").unwrap_or(&default)
    } else {
        &default
    };
    if path == "-" {
        let mut out = io::stdout().lock();
        return out
            .write_all(&png)
            .and_then(|()| out.flush())
            .map_err(stdout_error);
    }
    std::fs::write(path, &png).map_err(|e| Failure::Input(format!("cannot write {path}: {e}")))
}

fn stdout_error(e: io::Error) -> Failure {
    if e.kind() == io::ErrorKind::BrokenPipe {
        Failure::BrokenPipe
    } else {
        Failure::Input(format!("cannot write to standard output: {e}"))
    }
}

/// The option as an `f64`; the core checks its range and says what is wrong with it.
fn number(p: &Parsed, name: &str) -> Result<f64, Failure> {
    let text = p.text(name).unwrap_or_default();
    text.trim()
        .parse::<f64>()
        .map_err(|_| Failure::Input(format!("--{name} must be a number, got '{text}'")))
}

/// The option as a whole number in `min..=max`, reported in the core's words when out of range.
fn whole(p: &Parsed, name: &'static str, min: u64, max: u64) -> Result<u64, Failure> {
    let v = number(p, name)?;
    if !(v.is_finite() && v == v.trunc()) {
        return Err(Failure::Input(format!(
            "{name} must be a whole number, got {}",
            p.text(name).unwrap_or_default()
        )));
    }
    if v < min as f64 || v > max as f64 {
        return Err(Error::OutOfRange {
            name,
            value: v,
            min: min as f64,
            max: max as f64,
        }
        .into());
    }
    Ok(v as u64)
}

/// The seed, checked exactly as the page checks what a reader types.
fn seed(p: &Parsed) -> Result<i32, Failure> {
    let text = p.text("seed").unwrap_or("123456");
    match text.trim().parse::<f64>() {
        Ok(v) => Ok(poisson_live::rng::seed_from_f64(v)?),
        Err(_) => Err(Failure::Input(format!(
            "seed must be a whole number from {} to {}, got '{text}'",
            i32::MIN,
            i32::MAX
        ))),
    }
}

/// `1234567` as `1 234 567`.
fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(' ');
        }
        out.push(ch);
    }
    out
}

/// A one-line progress report on standard error, redrawn in place. Only when standard error
/// is a terminal (never in a pipeline's log), and only once a run has taken long enough for a
/// reader to wonder.
struct Progress {
    enabled: bool,
    label: &'static str,
    start: Instant,
    last: Option<Instant>,
}

impl Progress {
    const DELAY: Duration = Duration::from_millis(400);
    const EVERY: Duration = Duration::from_millis(100);

    fn new(label: &'static str) -> Self {
        Self {
            enabled: io::stderr().is_terminal(),
            label,
            start: Instant::now(),
            last: None,
        }
    }

    fn show(&mut self, text: impl FnOnce() -> String) {
        if !self.enabled {
            return;
        }
        let now = Instant::now();
        let due = match self.last {
            None => now - self.start >= Self::DELAY,
            Some(last) => now - last >= Self::EVERY,
        };
        if due {
            self.last = Some(now);
            let mut err = io::stderr().lock();
            let _ = write!(err, "\rpoisson {}: {}\x1b[K", self.label, text());
            let _ = err.flush();
        }
    }

    fn clear(&mut self) {
        if self.enabled && self.last.is_some() {
            let _ = write!(io::stderr().lock(), "\r\x1b[K");
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn grouping() {
        assert_eq!(super::grouped(0), "0");
        assert_eq!(super::grouped(999), "999");
        assert_eq!(super::grouped(1000), "1 000");
        assert_eq!(super::grouped(1_234_567), "1 234 567");
    }
}
