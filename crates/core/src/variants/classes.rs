//! Several classes of object in one pass, each pair of classes with its own spacing.
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

use crate::base::error::{Advice, Error, Result};
use crate::base::job::Job;
use crate::base::point::Point;
use crate::classic::bridson::Sampler;
use crate::classic::grid::Grid;

pub use crate::base::error::{ClassProblem, MAX_CLASSES, MAX_SPACING_RATIO};

mod draws;
mod placed;
mod table;

pub(crate) use draws::ClassDraws;
pub use placed::ClassedPoints;
pub use table::{Between, Class, ClassParams, ClassTable};

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
        let draws = ClassDraws::new(table.clone(), params.seed, Vec::new())?;
        let mut sampler =
            Sampler::with_grid(grid, smallest, params.k, params.seed)?.with_classes(draws);
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
        self.sampler.classes().map_or(&[], |k| k.of_points())
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
