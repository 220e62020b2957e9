//! Options that several commands take, each defined once and flattened into the commands'
//! options, and the parsers that read numbers the way the page reads what a reader types.
//!
//! A number the parsers refuse is bad input (exit 1), not a malformed command line: the error
//! carries the whole message, which `cli` prints as it is.

use crate::output::{self, Format, Points};
use crate::Failure;
use clap::builder::TypedValueParser;
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Arg, Args};
use poisson_live::bridson::{DEFAULT_K, MAX_K};
use poisson_live::Error;
use std::ffi::OsStr;
use std::path::PathBuf;

/// `--seed`: same seed, same points.
#[derive(Args)]
pub struct Seed {
    /// whole number from -2147483648 to 2147483647; same seed, same points
    #[arg(short, long, value_name = "S", default_value = "123456", value_parser = Checked(seed))]
    pub seed: i32,
}

/// What every command that makes points takes: the seed, and where and how they are written.
#[derive(Args)]
pub struct Shared {
    #[command(flatten)]
    pub seed: Seed,
    /// how the points are written
    ///
    /// JSON and CSV are byte for byte the page's downloads (poisson_live::export); numbers are
    /// printed in the shortest form that reads back as the identical f64.
    #[arg(short, long, value_name = "FMT", default_value = "json")]
    pub format: Format,
    /// write to FILE instead of standard output ('-' is standard output); a symbolic link is
    /// followed, and the file it names written, made if it is not there
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

impl Shared {
    /// The seed.
    pub fn seed(&self) -> i32 {
        self.seed.seed
    }

    /// Writes the points in `--format` to `--output`. The file is created only now, once the
    /// points exist, so bad input leaves no file behind.
    pub fn write(&self, width: f64, height: f64, points: &Points) -> Result<(), Failure> {
        let text = output::render(self.format, width, height, points);
        match self.output.as_deref().filter(|p| p.as_os_str() != "-") {
            None => output::to_stdout(text.as_bytes()),
            Some(path) => output::to_file(path, text.as_bytes()),
        }
    }
}

/// `--width` and `--height`, both required.
#[derive(Args)]
pub struct MapSize {
    /// map width in map units (> 0)
    #[arg(short = 'W', long, value_name = "W", value_parser = Checked(number))]
    pub width: f64,
    /// map height in map units (> 0)
    #[arg(short = 'H', long, value_name = "H", value_parser = Checked(number))]
    pub height: f64,
}

/// `--k`, for Bridson's algorithm and its variants.
#[derive(Args)]
pub struct TriesOption {
    /// candidates tried around a point before it retires (1 to 10000)
    #[arg(short, long, value_name = "K", default_value_t = DEFAULT_K)]
    #[arg(value_parser = Checked(whole("k", 1, MAX_K.into())).map(|k| k as u32))]
    pub k: u32,
}

/// A value parser from a function of the option's long name and its text. The message it
/// returns as `Err` is the whole line `main` prints, and the value is bad input (exit 1).
#[derive(Clone)]
pub struct Checked<F>(pub F);

impl<T, F> TypedValueParser for Checked<F>
where
    T: Clone + Send + Sync + 'static,
    F: Fn(&str, &str) -> Result<T, String> + Clone + Send + Sync + 'static,
{
    type Value = T;

    fn parse_ref(
        &self,
        _: &clap::Command,
        arg: Option<&Arg>,
        value: &OsStr,
    ) -> Result<T, clap::Error> {
        let name = arg.and_then(Arg::get_long).unwrap_or("value");
        (self.0)(name, &value.to_string_lossy()).map_err(|message| {
            let mut e = clap::Error::new(ErrorKind::ValueValidation);
            e.insert(ContextKind::Custom, ContextValue::String(message));
            e
        })
    }
}

/// Any number, `NaN` and `inf` included: the core checks the range and says what is wrong.
pub fn number(name: &str, text: &str) -> Result<f64, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("--{name} must be a number, got '{text}'"))
}

/// A whole number in `min..=max` (`1e3` is 1000), refused in the core's words when out of
/// range. `name` is the option's long name, `'static` for the core's error.
pub fn whole(
    name: &'static str,
    min: u64,
    max: u64,
) -> impl Fn(&str, &str) -> Result<u64, String> + Clone + Send + Sync + 'static {
    move |flag: &str, text: &str| {
        debug_assert_eq!(flag, name);
        let v = number(flag, text)?;
        if !(v.is_finite() && v == v.trunc()) {
            return Err(format!("{name} must be a whole number, got {text}"));
        }
        let (min, max) = (min as f64, max as f64);
        if v < min || v > max {
            return Err(Error::OutOfRange {
                name,
                value: v,
                min,
                max,
            }
            .to_string());
        }
        Ok(v as u64)
    }
}

/// A seed, checked exactly as the page checks what a reader types.
pub fn seed(_: &str, text: &str) -> Result<i32, String> {
    match text.trim().parse::<f64>() {
        Ok(v) => poisson_live::rng::seed_from_f64(v).map_err(|e| e.to_string()),
        Err(_) => Err(format!(
            "seed must be a whole number from {} to {}, got '{text}'",
            i32::MIN,
            i32::MAX
        )),
    }
}
