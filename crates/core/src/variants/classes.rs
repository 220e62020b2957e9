//! Several kinds of object in one pass, each pair of kinds with its own spacing.
//!
//! A level has trees, rocks and bushes at once: a tree keeps 16 from a tree but only 10 from a
//! rock, a rock keeps 40 from a rock. Placed as layers, one after another, the best spots go to
//! whichever layer comes first. Here every *class* has a spacing and a weight, any pair may have
//! a spacing of its own, and one Bridson run places them all together.
//!
//! **The rule.** The spacing of classes `(a, b)` is the one given for that pair ([`Between`]),
//! or else the smaller of the two classes' spacings. Every pair of points keeps the spacing of
//! its pair of classes: `dx² + dy² ≥ s²`.
//!
//! **The draw** is [`Sampler::step`] with a class drawn by weight for every candidate as it is
//! thrown, so no class gets the map first ([`ClassSampler`] has the details). A weight is a
//! share of *candidates*: a class with a larger spacing is refused more often, so its share of
//! the points is smaller. Each point's radius `r` is the smallest spacing its class keeps
//! ([`ClassTable::radius`]), so the crate's spacing promise holds too and the result goes
//! straight into an [`crate::EditableSet`] ([`ClassedPoints::items`]).

use crate::base::error::{positive, Advice, Error, Result};
use crate::base::job::Job;
use crate::base::point::Point;
use crate::classic::bridson::Sampler;
use crate::classic::grid::Grid;

pub use crate::base::error::{ClassProblem, MAX_CLASSES, MAX_SPACING_RATIO};

mod kinds;
mod placed;

pub(crate) use kinds::ClassKinds;
pub use placed::ClassedPoints;

/// The salt of the class draws' seed ([`crate::rng::sub_seed`]).
const CLASS_SALT: u32 = 0x0c1a_55e5;

/// One class of object: its name, its spacing from its own kind, and how often it is thrown.
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
    /// A `width × height` map with no class yet, no between rule, `k = 30` and seed 123456 (the
    /// page's default).
    pub fn new(width: f64, height: f64) -> Self {
        Self {
            width,
            height,
            classes: Vec::new(),
            between: Vec::new(),
            k: 30,
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
    names: Vec<String>,
    weights: Vec<f64>,
    /// Running sums of the weights, for the draw.
    cumulative: Vec<f64>,
    /// `spacing[a * n + b]`, symmetric.
    spacing: Vec<f64>,
    /// The radius each class's points carry: its smallest spacing from any class.
    radius: Vec<f64>,
    /// The largest spacing of each class from any class: how far its candidates search.
    reach: Vec<f64>,
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
    fn draw(&self, u: f64) -> usize {
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

/// A class run in progress: a [`Job`] whose unit is one Bridson step (up to `k` candidates).
///
/// A step picks an active point `p` of class `a` as [`Sampler::step`] does; then, for each of
/// its `k` candidates, it draws the candidate's class `c` by weight (weight 2 is thrown twice as
/// often as weight 1, weight 0 never) and throws the candidate into the ring between
/// `spacing(a, c)` and twice that around `p`: never where it could not stand, nor so far that a
/// gap its class would fit is left. It stands if it keeps its pair's spacing from every point
/// placed (the grid is searched as far as the largest spacing of its class). The first point is
/// drawn as in [`crate::poisson_disk`], its class by weight.
///
/// Positions come from the Park–Miller generator seeded with the seed, in the order of
/// [`Sampler::step`] (so one class of spacing `r` gives exactly `poisson_disk(w, h, r, k,
/// seed)`); classes from a second one seeded with [`crate::rng::sub_seed`]`(seed, 0xC1A5_5E5)`,
/// one draw per candidate thrown and one for the first point. A seed gives the same points and
/// classes on every machine and in WebAssembly.
#[derive(Debug)]
pub struct ClassSampler {
    sampler: Sampler,
    table: ClassTable,
}

impl ClassSampler {
    /// Checks `params` and places the first point. Errors: those of [`ClassTable::new`]; width
    /// and height finite and > 0; `k` in `1..=MAX_K`; the seed; and the grid (cells of the
    /// smallest spacing / √2) within the work limit, the advice naming the spacing to use.
    pub fn new(params: &ClassParams) -> Result<Self> {
        let table = ClassTable::new(&params.classes, &params.between)?;
        let smallest = table.smallest();
        let grid = Grid::for_radius(params.width, params.height, smallest).map_err(|mut e| {
            // The grid's advice in the words of this call: the smallest spacing, not a radius.
            if let Error::TooMuchWork { subject, hint, .. } = &mut e {
                *subject = subject.replacen("radius", "smallest spacing", 1);
                if let Some(crate::base::error::Bound::AtLeast(v)) = hint.bound {
                    *hint = Advice::at_least("spacing", v);
                }
            }
            e
        })?;
        let kinds = ClassKinds::new(table.clone(), params.seed, Vec::new())?;
        let mut sampler =
            Sampler::with_grid(grid, smallest, params.k, params.seed)?.with_kinds(kinds);
        sampler.start_random();
        Ok(Self { sampler, table })
    }

    /// The checked classes.
    pub fn table(&self) -> &ClassTable {
        &self.table
    }
    /// The points placed so far.
    pub fn points(&self) -> &[Point] {
        self.sampler.points()
    }
    /// Their classes.
    pub fn classes(&self) -> &[u16] {
        self.sampler.kinds().map_or(&[], |k| k.of_points())
    }
    /// The Bridson sampler underneath: its active list, current point and last candidates,
    /// for drawing a run in progress.
    pub fn sampler(&self) -> &Sampler {
        &self.sampler
    }
}

impl Job for ClassSampler {
    type Output = ClassedPoints;

    /// A unit is one Bridson step.
    fn run(&mut self, budget: u64) -> Result<bool> {
        Job::run(&mut self.sampler, budget)
    }

    /// As for [`Sampler`]: an estimate, 1 once finished.
    fn progress(&self) -> f64 {
        Job::progress(&self.sampler)
    }

    fn take(&mut self) -> Option<ClassedPoints> {
        let points = Job::take(&mut self.sampler)?;
        let classes = self.classes().to_vec();
        Some(ClassedPoints { points, classes })
    }
}

/// Several classes in one pass, in one call: [`ClassSampler`] run to the end. See the module
/// docs for the rule and [`ClassSampler`] for the draw.
///
/// ```
/// use poisson_live::classes::{poisson_classes, Between, Class, ClassParams};
/// let params = ClassParams {
///     classes: vec![Class::new("tree", 16.0), Class::new("rock", 40.0).weight(0.5)],
///     between: vec![Between::new("tree", "rock", 10.0)],
///     ..ClassParams::new(720.0, 400.0)
/// };
/// let placed = poisson_classes(&params)?;
/// let spacing = [[16.0, 10.0], [10.0, 40.0]];
/// for (i, a) in placed.points.iter().enumerate() {
///     for (j, b) in placed.points.iter().enumerate().skip(i + 1) {
///         let s: f64 = spacing[placed.classes[i] as usize][placed.classes[j] as usize];
///         assert!((a.x - b.x).powi(2) + (a.y - b.y).powi(2) >= s * s);
///     }
/// }
/// assert!(placed.count(0) > 0 && placed.count(1) > 0);
/// # Ok::<(), poisson_live::Error>(())
/// ```
pub fn poisson_classes(params: &ClassParams) -> Result<ClassedPoints> {
    Job::run_to_end(ClassSampler::new(params)?)
}
