//! `poisson classes`: several classes of object in one pass, each pair with its own spacing.

use crate::options::{number, Checked, MapSize, Shared, TriesOption};
use crate::output::Points;
use crate::progress;
use crate::Failure;
use poisson_live::classes::{Between, Class, ClassParams, ClassSampler};
use poisson_live::Job;

/// Several classes of object in one pass, each pair with its own spacing
///
/// Fills the map with points of every --class at once (the core's classes::poisson_classes):
/// each candidate's class is drawn by weight as it is thrown, so no class gets the map first.
/// Two points of classes A and B stand at least the --between spacing of A,B apart, or else
/// the smaller of the two classes' spacings. A weight is a class's share of the candidates, not
/// of the points: a class with a larger spacing is refused more often.
///
/// Output: CSV columns x,y,r,class, the class by name (r is the smallest spacing the point's
/// class keeps from any class); JSON: an object with width, height, classes (the names) and
/// points (each x, y, r and its class as an index into the names).
#[derive(clap::Args)]
pub struct Classes {
    #[command(flatten)]
    map: MapSize,
    /// a class: its name (letters, digits, '-', '_'), its spacing from its own class (> 0), and
    /// optionally its weight (≥ 0, default 1); give one --class per class
    #[arg(
        short,
        long = "class",
        value_name = "NAME=SPACING[:WEIGHT]",
        required = true
    )]
    #[arg(value_parser = Checked(class))]
    classes: Vec<Class>,
    /// the spacing between two different classes, instead of the smaller of their two (> 0)
    #[arg(short, long, value_name = "A,B=SPACING", value_parser = Checked(between))]
    between: Vec<Between>,
    #[command(flatten)]
    k: TriesOption,
    #[command(flatten)]
    shared: Shared,
}

/// A name the output can carry as it is: CSV and JSON need no quoting for it.
fn name<'a>(flag: &str, text: &'a str, whole: &str) -> Result<&'a str, String> {
    let fine = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    if text.is_empty() || !text.chars().all(fine) {
        return Err(format!(
            "--{flag} {whole}: a class name is letters, digits, '-' and '_', got '{text}'"
        ));
    }
    Ok(text)
}

/// `NAME=SPACING` or `NAME=SPACING:WEIGHT`.
fn class(flag: &str, text: &str) -> Result<Class, String> {
    let bad = || format!("--{flag} must be NAME=SPACING or NAME=SPACING:WEIGHT, got '{text}'");
    let (who, rest) = text.split_once('=').ok_or_else(bad)?;
    let (spacing, weight) = match rest.split_once(':') {
        Some((s, w)) => (s, Some(w)),
        None => (rest, None),
    };
    let read = |v: &str| number(flag, v).map_err(|_| bad());
    let class = Class::new(name(flag, who, text)?, read(spacing)?);
    Ok(match weight {
        Some(w) => class.weight(read(w)?),
        None => class,
    })
}

/// `A,B=SPACING`.
fn between(flag: &str, text: &str) -> Result<Between, String> {
    let bad = || format!("--{flag} must be A,B=SPACING (two class names), got '{text}'");
    let (pair, spacing) = text.split_once('=').ok_or_else(bad)?;
    let (a, b) = pair.split_once(',').ok_or_else(bad)?;
    let spacing = number(flag, spacing).map_err(|_| bad())?;
    Ok(Between::new(
        name(flag, a, text)?,
        name(flag, b, text)?,
        spacing,
    ))
}

impl Classes {
    pub fn run(self) -> Result<(), Failure> {
        let MapSize { width, height } = self.map;
        let params = ClassParams {
            width,
            height,
            classes: self.classes,
            between: self.between,
            k: self.k.k,
            seed: self.shared.seed(),
        };
        let mut s = ClassSampler::new(&params)?;
        progress::run_job("classes", &mut s, 1 << 14, |s| s.points().len())?;
        let names = s.table().names().to_vec();
        let placed = s.take().unwrap_or_default();
        let points = Points::Classed {
            points: placed.points,
            classes: placed.classes,
            names,
        };
        self.shared.write(width, height, &points)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_and_pairs_read_as_typed() {
        assert_eq!(class("class", "tree=16"), Ok(Class::new("tree", 16.0)));
        assert_eq!(
            class("class", "rock=40:0.5"),
            Ok(Class::new("rock", 40.0).weight(0.5))
        );
        // Numbers the core refuses are read, so the core says what is wrong with them.
        assert_eq!(class("class", "a=-1").unwrap().spacing, -1.0);
        for bad in [
            "tree",
            "tree=",
            "=3",
            "tree=x",
            "tree=3:",
            "tree=3:2:1",
            "a b=3",
            "t,r=3",
        ] {
            assert!(class("class", bad).is_err(), "{bad}");
        }
        assert_eq!(
            between("between", "tree,rock=10"),
            Ok(Between::new("tree", "rock", 10.0))
        );
        for bad in [
            "tree,rock",
            "tree=10",
            ",rock=10",
            "tree,rock=ten",
            "a,b,c=1",
        ] {
            assert!(between("between", bad).is_err(), "{bad}");
        }
    }
}
