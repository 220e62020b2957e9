//! The classes and their spacing table: each class's own spacing and weight, the rules between
//! pairs, and the checks that refuse a table the sampler could not honour.

use crate::base::error::{
    positive, Advice, ClassProblem, Error, Result, MAX_CLASSES, MAX_SPACING_RATIO,
};
use crate::base::point::Point;

/// One class of object: its name, its spacing from its own class, and how often it is thrown.
#[derive(Debug, Clone, PartialEq)]
pub struct Class {
    /// How the class is named in between rules and in the output (`tree`).
    pub name: String,
    /// How far two points of this class keep apart; also its spacing from any class with a
    /// larger spacing, unless a [`Between`] rule says otherwise.
    pub spacing: f64,
    /// Its share of the candidates thrown: finite and ≥ 0, 1 by default.
    pub weight: f64,
}

impl Class {
    /// A class of weight 1.
    pub fn new(name: impl Into<String>, spacing: f64) -> Self {
        Self {
            name: name.into(),
            spacing,
            weight: 1.0,
        }
    }

    /// The same class with another weight.
    pub fn weight(mut self, weight: f64) -> Self {
        self.weight = weight;
        self
    }
}

/// The spacing of one pair of different classes, by name, instead of the smaller of their two.
#[derive(Debug, Clone, PartialEq)]
pub struct Between {
    /// One class's name.
    pub a: String,
    /// The other's.
    pub b: String,
    /// How far a point of one keeps from a point of the other: finite and > 0, smaller or
    /// larger than either class's own.
    pub spacing: f64,
}

impl Between {
    /// The rule that points of classes `a` and `b` keep `spacing` apart.
    pub fn new(a: impl Into<String>, b: impl Into<String>, spacing: f64) -> Self {
        Self {
            a: a.into(),
            b: b.into(),
            spacing,
        }
    }
}

/// Everything a class run needs.
#[derive(Debug, Clone, PartialEq)]
pub struct ClassParams {
    /// Map width.
    pub width: f64,
    /// Map height.
    pub height: f64,
    /// The classes, at least one; a point's class is its index here.
    pub classes: Vec<Class>,
    /// Spacings for pairs of classes that differ from the default (the smaller spacing).
    pub between: Vec<Between>,
    /// Tries per step, `1..=MAX_K`.
    pub k: u32,
    /// The 32-bit seed.
    pub seed: i32,
}

impl ClassParams {
    /// A `width × height` map with no class yet, no between rule, `k = DEFAULT_K` (30) and seed
    /// 123456 (the page's default).
    pub fn new(width: f64, height: f64) -> Self {
        Self {
            width,
            height,
            classes: Vec::new(),
            between: Vec::new(),
            k: crate::classic::bridson::DEFAULT_K,
            seed: 123_456,
        }
    }
}

/// An [`Error::Classes`] with advice in words (`parameter` names what to change, if one does).
fn refuse(problem: ClassProblem, parameter: Option<&'static str>, hint: String) -> Error {
    let mut hint = Advice::from(hint);
    hint.parameter = parameter;
    Error::Classes { problem, hint }
}

/// A checked set of classes: names, weights and the spacing of every pair.
#[derive(Debug, Clone, PartialEq)]
pub struct ClassTable {
    pub(super) names: Vec<String>,
    pub(super) weights: Vec<f64>,
    /// Running sums of the weights, for the draw.
    pub(super) cumulative: Vec<f64>,
    /// `spacing[a * n + b]`, symmetric.
    pub(super) spacing: Vec<f64>,
    /// The radius each class's points carry: its smallest spacing from any class.
    pub(super) radius: Vec<f64>,
    /// The largest spacing of each class from any class: how far its candidates search.
    pub(super) reach: Vec<f64>,
}

impl ClassTable {
    /// Checks `classes` and `between` and builds the table; an [`Error::Classes`] saying what to
    /// change when there is no class, more than [`MAX_CLASSES`], a class without a name or
    /// given twice, a spacing that is not a finite number > 0, a weight below 0 or every weight
    /// 0, a between rule naming an unknown class, a class twice or a pair given twice, or
    /// spacings more than [`MAX_SPACING_RATIO`] apart.
    pub fn new(classes: &[Class], between: &[Between]) -> Result<Self> {
        let n = classes.len();
        if n == 0 {
            let hint = "give at least one class with its spacing".into();
            return Err(refuse(ClassProblem::NoClasses, None, hint));
        }
        if n > MAX_CLASSES {
            let hint = format!("use at most {MAX_CLASSES} classes");
            return Err(refuse(
                ClassProblem::TooManyClasses { count: n },
                None,
                hint,
            ));
        }
        let mut names: Vec<String> = Vec::with_capacity(n);
        let mut spacing = vec![0.0; n * n];
        let (mut weights, mut cumulative, mut total) = (Vec::new(), Vec::new(), 0.0);
        for (index, class) in classes.iter().enumerate() {
            let name = class.name.clone();
            if name.is_empty() {
                let hint = "give every class a name".into();
                return Err(refuse(ClassProblem::Unnamed { index }, None, hint));
            }
            if names.contains(&name) {
                let hint = "give each class once, or give them different names".into();
                return Err(refuse(ClassProblem::SameName { name }, None, hint));
            }
            if positive("spacing", class.spacing).is_err() {
                let hint = format!("give class {name} a spacing > 0");
                let problem = ClassProblem::Spacing {
                    class: name,
                    value: class.spacing,
                };
                return Err(refuse(problem, Some("spacing"), hint));
            }
            if !(class.weight.is_finite() && class.weight >= 0.0) {
                let hint = format!("give class {name} a weight ≥ 0 (1 if left out)");
                let problem = ClassProblem::Weight {
                    class: name,
                    value: class.weight,
                };
                return Err(refuse(problem, Some("weight"), hint));
            }
            total += class.weight;
            weights.push(class.weight);
            cumulative.push(total);
            names.push(name);
        }
        if total <= 0.0 || !total.is_finite() {
            let (problem, hint) = if total <= 0.0 {
                (ClassProblem::NoWeight, "give some class a weight > 0")
            } else {
                // Each weight finite, their sum not: report the first that brought it there.
                let at = cumulative
                    .iter()
                    .position(|c| !c.is_finite())
                    .expect("the total is the last sum, and it is not finite");
                let problem = ClassProblem::Weight {
                    class: names[at].clone(),
                    value: weights[at],
                };
                (problem, "use smaller weights; only their ratios count")
            };
            return Err(refuse(problem, Some("weight"), hint.into()));
        }
        for a in 0..n {
            for b in 0..n {
                spacing[a * n + b] = classes[a].spacing.min(classes[b].spacing);
            }
        }
        let mut radius: Vec<f64> = classes.iter().map(|c| c.spacing).collect();
        let mut given = vec![false; n * n];
        for rule in between {
            let find = |name: &String| {
                names.iter().position(|n| n == name).ok_or_else(|| {
                    let hint = format!("name classes that were given: {}", names.join(", "));
                    let problem = ClassProblem::UnknownClass { name: name.clone() };
                    refuse(problem, None, hint)
                })
            };
            let (a, b) = (find(&rule.a)?, find(&rule.b)?);
            if a == b {
                let hint = format!(
                    "set how far {} keeps from its own kind as its spacing",
                    rule.a
                );
                let problem = ClassProblem::SameClass {
                    class: rule.a.clone(),
                };
                return Err(refuse(problem, None, hint));
            }
            let pair = || (rule.a.clone(), rule.b.clone());
            if given[a * n + b] {
                let (a, b) = pair();
                let hint = "give each pair once".into();
                return Err(refuse(ClassProblem::PairTwice { a, b }, None, hint));
            }
            if positive("spacing", rule.spacing).is_err() {
                let (a, b) = pair();
                let hint = format!("give the pair {a}, {b} a spacing > 0");
                let problem = ClassProblem::BetweenSpacing {
                    a,
                    b,
                    value: rule.spacing,
                };
                return Err(refuse(problem, Some("spacing"), hint));
            }
            given[a * n + b] = true;
            given[b * n + a] = true;
            spacing[a * n + b] = rule.spacing;
            spacing[b * n + a] = rule.spacing;
            radius[a] = radius[a].min(rule.spacing);
            radius[b] = radius[b].min(rule.spacing);
        }
        let reach: Vec<f64> = (0..n)
            .map(|a| {
                spacing[a * n..(a + 1) * n]
                    .iter()
                    .copied()
                    .fold(0.0, f64::max)
            })
            .collect();
        let smallest = radius.iter().copied().fold(f64::INFINITY, f64::min);
        let largest = reach.iter().copied().fold(0.0, f64::max);
        if largest > MAX_SPACING_RATIO * smallest {
            let problem = ClassProblem::SpacingRatio { smallest, largest };
            let least = Advice::at_least("spacing", largest / MAX_SPACING_RATIO);
            // "use a spacing ≥ 13 for the smallest spacings", the bound as a field.
            let mut hint = Advice::from(format!("{} for the smallest spacings", least.text()));
            (hint.parameter, hint.bound) = (least.parameter, least.bound);
            return Err(Error::Classes { problem, hint });
        }
        Ok(Self {
            names,
            weights,
            cumulative,
            spacing,
            radius,
            reach,
        })
    }

    /// How many classes.
    pub fn len(&self) -> usize {
        self.names.len()
    }
    /// Never true: a table has at least one class.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }
    /// The classes' names, by index.
    pub fn names(&self) -> &[String] {
        &self.names
    }
    /// The index of the class named `name`.
    pub fn index_of(&self, name: &str) -> Option<u16> {
        self.names.iter().position(|n| n == name).map(|i| i as u16)
    }
    /// Class `class`'s weight.
    pub fn weight(&self, class: u16) -> f64 {
        self.weights[class as usize]
    }
    /// How far points of classes `a` and `b` keep apart.
    pub fn spacing(&self, a: u16, b: u16) -> f64 {
        self.spacing[a as usize * self.len() + b as usize]
    }
    /// The radius points of class `class` carry: the smallest spacing it keeps from any class,
    /// so two points are never closer than the smaller of their radii.
    pub fn radius(&self, class: u16) -> f64 {
        self.radius[class as usize]
    }
    /// The smallest spacing of any pair: the grid's cells are this over √2.
    pub fn smallest(&self) -> f64 {
        self.radius.iter().copied().fold(f64::INFINITY, f64::min)
    }
    /// The largest spacing class `class` keeps from any class: how far around one of its points
    /// another point can stand too close.
    pub fn reach(&self, class: u16) -> f64 {
        self.reach[class as usize]
    }
    /// The largest spacing of any pair: how far from a patch a point can still refuse a
    /// candidate in it.
    pub fn largest(&self) -> f64 {
        self.reach.iter().copied().fold(0.0, f64::max)
    }
    /// Every pair `(i, j)`, `i < j`, of `points` (of classes `classes`, in the same order)
    /// closer than the spacing of its pair of classes: none for any set this crate places.
    pub fn violations(&self, points: &[Point], classes: &[u16]) -> Vec<(usize, usize)> {
        crate::measures::metrics::spacing_violations(
            points,
            |i| self.reach(classes[i]),
            |i, j| self.spacing(classes[i], classes[j]),
        )
    }

    /// The first pair of [`ClassTable::violations`], without collecting the others.
    pub fn first_violation(&self, points: &[Point], classes: &[u16]) -> Option<(usize, usize)> {
        crate::measures::metrics::first_spacing_violation(
            points,
            |i| self.reach(classes[i]),
            |i, j| self.spacing(classes[i], classes[j]),
        )
    }

    /// A class drawn by weight from `u` in `[0, 1)`: the first whose running sum of weights
    /// exceeds `u × total` (a class of weight 0 never).
    pub(super) fn draw(&self, u: f64) -> usize {
        let total = self.cumulative[self.len() - 1];
        let at = u * total;
        match self.cumulative.iter().position(|&c| at < c) {
            Some(i) => i,
            // Only rounding could bring `at` to the total: the last class that has weight.
            None => self
                .weights
                .iter()
                .rposition(|&w| w > 0.0)
                .expect("a table is refused unless some class has a weight > 0"),
        }
    }
}
