//! The one error type of the crate.
//!
//! Every constructor validates its inputs once and returns [`Error`] with a message a reader can
//! act on: it names the parameter, the value it got, the rule it broke and, for work limits, what
//! to change.

use std::fmt;

/// The largest number of background-grid cells (or points, or grid positions) a single call may
/// allocate by default: 2^25 cells is 128 MiB of cell indices, about 10 million Bridson points.
pub const DEFAULT_MAX_CELLS: usize = 1 << 25;

/// The smallest length (width, height, radius, spacing) the crate accepts. Squared distances of
/// lengths between [`MIN_LENGTH`] and [`MAX_LENGTH`] neither underflow to 0 nor overflow to
/// infinity, so "closer than r" keeps its meaning; outside that range it would not.
pub const MIN_LENGTH: f64 = 1e-150;
/// The largest length the crate accepts; see [`MIN_LENGTH`].
pub const MAX_LENGTH: f64 = 1e152;

/// The one 32-bit seed that folds to a Park–Miller state of 0, where the generator
/// ([`crate::rng`]) would stick forever: every seed check refuses it, in these words.
pub const STUCK_SEED: i32 = -2_147_483_646;

/// The most classes one run takes (the spacing table holds one number per pair).
pub const MAX_CLASSES: usize = 256;

/// How many times the smallest spacing the largest may be: a candidate of the largest class
/// searches the grid (cells of the smallest spacing / √2) that far around it, so the work per
/// candidate grows with the square of this ratio.
pub const MAX_SPACING_RATIO: f64 = 32.0;

/// Everything that can go wrong when building a sampler or running a method.
#[derive(Debug, Clone, PartialEq)]
pub enum Error {
    /// A number that must be finite and greater than zero was not.
    NotPositive {
        /// The parameter's name, as the page and the CLI spell it (`width`, `radius`, …).
        name: &'static str,
        /// The value that was given.
        value: f64,
    },
    /// A number was outside the range it must lie in.
    OutOfRange {
        /// The parameter's name.
        name: &'static str,
        /// The value that was given.
        value: f64,
        /// The smallest allowed value.
        min: f64,
        /// The largest allowed value.
        max: f64,
    },
    /// The minimum radius was larger than the maximum radius.
    RadiusOrder {
        /// The minimum radius given.
        min: f64,
        /// The maximum radius given.
        max: f64,
    },
    /// A seed that is not a 32-bit signed whole number, or the one seed that would make the
    /// generator stick at zero.
    BadSeed {
        /// The value that was given.
        value: f64,
    },
    /// The work asked for is larger than the limit: too many grid cells or points.
    ///
    /// The message reads `{subject} needs {needed} {what}; the limit is {limit}; {hint}`, e.g.
    /// "radius 0.01 on 880 × 480 needs 8.4 G grid cells; the limit is 33.5 M; use a radius ≥ 0.16".
    TooMuchWork {
        /// The request, in the words of its parameters (`radius 0.01 on 880 × 480`).
        subject: String,
        /// What was counted (`grid cells`, `points`, `darts`, …).
        what: &'static str,
        /// How many the request needs.
        needed: f64,
        /// The limit.
        limit: usize,
        /// What to change, e.g. `use a radius ≥ 0.31`: the words of the message, and the
        /// parameter and bound as fields ([`Advice`]).
        hint: Advice,
    },
    /// A set of classes (of object, each pair with its own spacing) that cannot be sampled:
    /// what is wrong, by name and value, and what to change ([`crate::classes`]).
    Classes {
        /// What is wrong.
        problem: ClassProblem,
        /// What to change.
        hint: Advice,
    },
    /// A parameter list was malformed (for example a pixel buffer of the wrong length).
    Invalid {
        /// What is wrong, in one sentence.
        message: String,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::NotPositive { name, value } => {
                write!(
                    f,
                    "{name} must be a finite number greater than 0, got {}",
                    show(*value)
                )
            }
            Error::OutOfRange {
                name,
                value,
                min,
                max,
            } => write!(
                f,
                "{name} must be between {} and {}, got {}",
                show(*min),
                show(*max),
                show(*value)
            ),
            Error::RadiusOrder { min, max } => write!(
                f,
                "min radius ({}) must not be larger than max radius ({})",
                show(*min),
                show(*max)
            ),
            Error::BadSeed { value } => {
                if *value == STUCK_SEED as f64 {
                    write!(
                        f,
                        "seed {} folds to 0 and would make the generator stick; pick any other seed",
                        STUCK_SEED
                    )
                } else {
                    write!(
                        f,
                        "seed must be a whole number from {} to {}, got {}",
                        i32::MIN,
                        i32::MAX,
                        show(*value)
                    )
                }
            }
            Error::TooMuchWork {
                subject,
                what,
                needed,
                limit,
                hint,
            } => write!(
                f,
                "{subject} needs {} {what}; the limit is {}; {hint}",
                human(*needed),
                human(*limit as f64)
            ),
            Error::Classes { problem, hint } => write!(f, "{problem}; {hint}"),
            Error::Invalid { message } => f.write_str(message),
        }
    }
}

impl std::error::Error for Error {}

/// What is wrong with a set of classes ([`Error::Classes`], [`crate::classes`]): the names and
/// values at fault.
#[derive(Debug, Clone, PartialEq)]
pub enum ClassProblem {
    /// No class was given.
    NoClasses,
    /// More than [`MAX_CLASSES`] classes.
    TooManyClasses {
        /// How many were given.
        count: usize,
    },
    /// A class with an empty name.
    Unnamed {
        /// Its index.
        index: usize,
    },
    /// Two classes of the same name.
    SameName {
        /// The name.
        name: String,
    },
    /// A class's spacing is not a finite number > 0 (or outside the lengths the crate takes).
    Spacing {
        /// The class.
        class: String,
        /// The spacing given.
        value: f64,
    },
    /// A class's weight is negative or not finite.
    Weight {
        /// The class.
        class: String,
        /// The weight given.
        value: f64,
    },
    /// Every class has weight 0: nothing would ever be thrown.
    NoWeight,
    /// A between rule names a class that was not given.
    UnknownClass {
        /// The name that matched no class.
        name: String,
    },
    /// A between rule pairs a class with itself.
    SameClass {
        /// The class.
        class: String,
    },
    /// Two between rules for one pair.
    PairTwice {
        /// One class of the pair.
        a: String,
        /// The other.
        b: String,
    },
    /// A between rule's spacing is not a finite number > 0 (or outside the lengths the crate
    /// takes).
    BetweenSpacing {
        /// One class of the pair.
        a: String,
        /// The other.
        b: String,
        /// The spacing given.
        value: f64,
    },
    /// The largest spacing is more than [`MAX_SPACING_RATIO`] times the smallest.
    SpacingRatio {
        /// The smallest spacing of any pair.
        smallest: f64,
        /// The largest.
        largest: f64,
    },
}

impl fmt::Display for ClassProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The number rule of the crate's other messages: "must be …, got …".
        let length =
            |f: &mut fmt::Formatter<'_>, what: String, value: f64| match positive("spacing", value)
            {
                Err(e) => write!(f, "{what}{}", e.to_string().trim_start_matches("spacing")),
                Ok(_) => write!(f, "{what} is {value}"),
            };
        match self {
            ClassProblem::NoClasses => f.write_str("no class was given"),
            ClassProblem::TooManyClasses { count } => {
                write!(f, "{count} classes were given; the most is {MAX_CLASSES}")
            }
            ClassProblem::Unnamed { index } => write!(f, "class {index} has no name"),
            ClassProblem::SameName { name } => write!(f, "class {name} is given twice"),
            ClassProblem::Spacing { class, value } => {
                length(f, format!("the spacing of class {class}"), *value)
            }
            ClassProblem::Weight { class, value } => write!(
                f,
                "the weight of class {class} must be a finite number ≥ 0, got {value}"
            ),
            ClassProblem::NoWeight => f.write_str("every class has weight 0"),
            ClassProblem::UnknownClass { name } => {
                write!(f, "a between rule names class {name}, which was not given")
            }
            ClassProblem::SameClass { class } => {
                write!(f, "a between rule pairs class {class} with itself")
            }
            ClassProblem::PairTwice { a, b } => {
                write!(f, "the spacing between {a} and {b} is given twice")
            }
            ClassProblem::BetweenSpacing { a, b, value } => {
                length(f, format!("the spacing between {a} and {b}"), *value)
            }
            ClassProblem::SpacingRatio { smallest, largest } => write!(
                f,
                "the largest spacing, {largest}, is more than {MAX_SPACING_RATIO} times the smallest, {smallest}"
            ),
        }
    }
}

impl Error {
    /// The advice of a [`Error::TooMuchWork`] or an [`Error::Classes`], whose fields say what
    /// to change.
    ///
    /// ```
    /// use poisson_live::error::Bound;
    /// let e = poisson_live::Grid::for_radius(880.0, 480.0, 0.01).unwrap_err();
    /// let advice = e.advice().unwrap();
    /// assert_eq!(advice.parameter, Some("radius"));
    /// assert_eq!(advice.bound, Some(Bound::AtLeast(0.16)));
    /// assert!(e.to_string().ends_with("use a radius ≥ 0.16"));
    /// ```
    pub fn advice(&self) -> Option<&Advice> {
        match self {
            Error::TooMuchWork { hint, .. } | Error::Classes { hint, .. } => Some(hint),
            _ => None,
        }
    }

    /// The smallest value the advice of a [`Error::TooMuchWork`] gives `parameter`, if it
    /// gives one: `Some(0.16)` for "use a radius ≥ 0.16" and `"radius"`.
    pub fn advised_minimum(&self, parameter: &str) -> Option<f64> {
        let advice = self.advice()?;
        match advice.bound? {
            Bound::AtLeast(v) if advice.parameter == Some(parameter) => Some(v),
            _ => None,
        }
    }

    /// The largest value the advice of a [`Error::TooMuchWork`] gives `parameter`, if it gives
    /// one: `Some(5100)` for "use a radius ≤ 5100" and `"radius"`.
    pub fn advised_maximum(&self, parameter: &str) -> Option<f64> {
        let advice = self.advice()?;
        match advice.bound? {
            Bound::AtMost(v) if advice.parameter == Some(parameter) => Some(v),
            _ => None,
        }
    }
}

/// What to change to stay within a work limit: the words the message ends with and, where the
/// advice gives a number, the parameter and its bound, so a program (or a test) reads them
/// without parsing the words.
#[derive(Debug, Clone, PartialEq)]
pub struct Advice {
    /// The parameter to change, as the message names it (`radius`, `cell size`, `spacing`,
    /// `count`); `None` for advice in words only.
    pub parameter: Option<&'static str>,
    /// The bound for that parameter, exactly the number the message shows.
    pub bound: Option<Bound>,
    text: String,
}

/// A bound on a parameter, as the advice of a [`Error::TooMuchWork`] gives it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Bound {
    /// Use at least this value.
    AtLeast(f64),
    /// Use at most this value.
    AtMost(f64),
}

impl Advice {
    /// "use a {parameter} ≥ {bound}": the smallest value that fits, `lowest`, rounded up to two
    /// significant digits so that following the advice works.
    pub(crate) fn at_least(parameter: &'static str, lowest: f64) -> Self {
        let shown = round_up(lowest);
        Advice {
            parameter: Some(parameter),
            // The number shown, read back: the bound is what a reader would type.
            bound: Some(Bound::AtLeast(
                shown
                    .parse()
                    .expect("`round_up` writes a number that reads back"),
            )),
            text: format!("use a {parameter} ≥ {shown}"),
        }
    }

    /// "use a {parameter} ≤ {bound}": the largest value that fits, `highest`, rounded down to
    /// two significant digits so that following the advice works.
    pub(crate) fn at_most(parameter: &'static str, highest: f64) -> Self {
        let shown = round_down(highest);
        Advice {
            parameter: Some(parameter),
            bound: shown.parse().ok().map(Bound::AtMost),
            text: format!("use a {parameter} ≤ {shown}"),
        }
    }

    /// "ask for at most {most} points".
    pub(crate) fn at_most_points(most: usize) -> Self {
        Advice {
            parameter: Some("count"),
            bound: Some(Bound::AtMost(most as f64)),
            text: format!("ask for at most {most} points"),
        }
    }

    /// The advice in words, as the message ends.
    pub fn text(&self) -> &str {
        &self.text
    }
}

/// Advice in words only (`"scale the image down"`).
impl From<&str> for Advice {
    fn from(text: &str) -> Self {
        Advice::from(text.to_string())
    }
}

/// Advice in words only.
impl From<String> for Advice {
    fn from(text: String) -> Self {
        Advice {
            parameter: None,
            bound: None,
            text,
        }
    }
}

impl fmt::Display for Advice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// A number as a reader typed it: integers without a trailing `.0`, NaN and infinities by name,
/// and very large or very small magnitudes in exponent form (`1e30`, not thirty-one digits).
fn show(v: f64) -> String {
    if v.is_nan() {
        "NaN".into()
    } else if v.is_infinite() {
        if v > 0.0 { "infinity" } else { "-infinity" }.into()
    } else if v == v.trunc() && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else if v.abs() >= 1e15 || v.abs() < 1e-6 {
        format!("{v:e}")
    } else {
        format!("{v}")
    }
}

/// A large count in a readable form: `8.4 M`, `12 k`, `950`.
pub(crate) fn human(v: f64) -> String {
    // Rounded down, never up: a limit shown as "33.5 M" is one a reader can stay within. Three
    // digits are enough: "576 G", not "576.0 G".
    let down = |x: f64, unit: &str| {
        if x >= 100.0 {
            format!("{} {unit}", x.floor())
        } else {
            format!("{:.1} {unit}", (x * 10.0).floor() / 10.0)
        }
    };
    if !v.is_finite() {
        show(v)
    } else if v >= 1e12 {
        format!("{v:.1e}")
    } else if v >= 1e9 {
        down(v / 1e9, "G")
    } else if v >= 1e6 {
        down(v / 1e6, "M")
    } else if v >= 1e4 {
        format!("{} k", (v / 1e3).floor())
    } else {
        format!("{}", v.floor() as i64)
    }
}

/// A number in a message: integers as integers, others with four significant digits and at
/// least one decimal (so that a tiny radius reads `0.000000001`, not `0`, and 1000.5 reads
/// `1000.5`), trailing zeros after the point dropped.
pub(crate) fn short(v: f64) -> String {
    if !v.is_finite() || v.abs() >= 1e15 || v == v.trunc() {
        return show(v);
    }
    if v.abs() < 1e-12 {
        return format!("{v:e}");
    }
    let decimals = (3 - v.abs().log10().floor() as i32).clamp(1, 20) as usize;
    let s = format!("{v:.decimals$}");
    // Always a point here: only the zeros after it go.
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// An upper bound rounded down to two significant digits (never above `v` once read back), so
/// that following the advice works.
pub(crate) fn round_down(v: f64) -> String {
    if !(v.is_finite() && v > 0.0) {
        return show(v);
    }
    let exponent = v.log10().floor() as i32 - 1;
    let mut digits = (v / 10f64.powi(exponent)).floor();
    loop {
        let text = if (-12..14).contains(&exponent) {
            let down = digits * 10f64.powi(exponent);
            let decimals = (-exponent).max(0) as usize;
            let s = format!("{down:.decimals$}");
            if s.contains('.') {
                s.trim_end_matches('0').trim_end_matches('.').to_string()
            } else {
                s
            }
        } else {
            format!("{}e{}", digits / 10.0, exponent + 1)
        };
        // Rounding in the arithmetic above may land a hair above `v`: one digit less then.
        if text.parse::<f64>().is_ok_and(|t| t <= v) || digits <= 1.0 {
            return text;
        }
        digits -= 1.0;
    }
}

/// A lower bound rounded up to two significant digits, so that following the advice works.
pub(crate) fn round_up(v: f64) -> String {
    if !(v.is_finite() && v > 0.0) {
        return show(v);
    }
    let exponent = v.log10().floor() as i32 - 1;
    let scale = 10f64.powi(exponent);
    let up = (v / scale).ceil() * scale;
    if !(1e-12..1e15).contains(&up) {
        // Two significant digits, rounded up, in scientific form: "2.3e-9".
        let mantissa = (v / 10f64.powi(exponent + 1) * 10.0).ceil() / 10.0;
        return format!("{mantissa}e{}", exponent + 1);
    }
    // Print exactly the digits rounded to, so the text never reads smaller than `up`.
    let decimals = (-exponent).max(0) as usize;
    let s = format!("{up:.decimals$}");
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

/// Result with the crate's [`Error`].
pub type Result<T> = std::result::Result<T, Error>;

/// Checks that `n` points are at most `limit`: otherwise a [`Error::TooMuchWork`] counting
/// points, with its subject and advice (worked out only then).
pub(crate) fn at_most_points(
    n: usize,
    limit: usize,
    subject: impl FnOnce() -> String,
    hint: impl FnOnce() -> Advice,
) -> Result<()> {
    if n <= limit {
        return Ok(());
    }
    Err(Error::TooMuchWork {
        subject: subject(),
        what: "points",
        needed: n as f64,
        limit,
        hint: hint(),
    })
}

/// Checks that `value` is finite and greater than zero.
pub(crate) fn positive(name: &'static str, value: f64) -> Result<f64> {
    if !(value.is_finite() && value > 0.0) {
        return Err(Error::NotPositive { name, value });
    }
    if !(MIN_LENGTH..=MAX_LENGTH).contains(&value) {
        return Err(Error::OutOfRange {
            name,
            value,
            min: MIN_LENGTH,
            max: MAX_LENGTH,
        });
    }
    Ok(value)
}

/// Checks a spacing range: `min radius` and `max radius` are lengths, and
/// [`Error::RadiusOrder`] when the minimum is the larger.
pub(crate) fn radius_range(min: f64, max: f64) -> Result<(f64, f64)> {
    let min = positive("min radius", min)?;
    let max = positive("max radius", max)?;
    if min > max {
        return Err(Error::RadiusOrder { min, max });
    }
    Ok((min, max))
}

/// Checks that `value` is a finite number in `min..=max`.
pub(crate) fn in_range(name: &'static str, value: f64, min: f64, max: f64) -> Result<f64> {
    if value.is_finite() && value >= min && value <= max {
        Ok(value)
    } else {
        Err(Error::OutOfRange {
            name,
            value,
            min,
            max,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_in_messages_read_as_typed() {
        assert_eq!(show(1e30), "1e30");
        assert_eq!(show(-1e30), "-1e30");
        assert_eq!(show(1e9), "1000000000");
        assert_eq!(show(-5.0), "-5");
        assert_eq!(show(0.001), "0.001");
        assert_eq!(show(123456.5), "123456.5");
        assert_eq!(show(f64::NAN), "NaN");
        assert_eq!(short(1e30), "1e30");
        assert_eq!(short(0.000_000_001), "0.000000001");
        assert_eq!(short(0.012_345), "0.01235");
    }

    #[test]
    fn sizes_in_messages_keep_their_whole_part() {
        // "{:.0}" of 1000.5 has no point, and trimming its zeros once left "1".
        let cases = [
            (1000.5, "1000.5"),
            (1000.0, "1000"),
            (20000.0, "20000"),
            (20000.3, "20000.3"),
            (100.5, "100.5"),
            (1234.5678, "1234.6"),
            (99_999.96, "100000"),
            (-1000.5, "-1000.5"),
            (10.25, "10.25"),
            (0.5, "0.5"),
            (1e14 + 0.5, "100000000000000.5"),
        ];
        for (v, text) in cases {
            assert_eq!(short(v), text, "{v}");
        }
    }

    #[test]
    fn counts_round_down() {
        assert_eq!(human(33_554_432.0), "33.5 M");
        assert_eq!(human(8_448_023_233.0), "8.4 G");
        assert_eq!(human(576_049_000_000.0), "576 G");
        assert_eq!(human(2e18), "2.0e18");
        assert_eq!(human(12_345.0), "12 k");
        assert_eq!(human(950.0), "950");
    }

    #[test]
    fn a_seed_out_of_range_is_named_in_full() {
        let e = Error::BadSeed { value: 1e30 };
        assert_eq!(
            e.to_string(),
            "seed must be a whole number from -2147483648 to 2147483647, got 1e30"
        );
    }
}
