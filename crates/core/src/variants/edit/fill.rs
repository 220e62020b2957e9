//! A set's first fill: plain Bridson or a class run, as a job whose result is the set.

use super::set::EditableSet;
use crate::base::error::Result;
use crate::base::job::Job;
use crate::base::point::Item;
use crate::classic::bridson::{Sampler, SamplerParams};
use crate::variants::classes::{ClassParams, ClassSampler};

impl EditableSet {
    /// The map filled by Bridson's algorithm: exactly the points of [`crate::poisson_disk`] for
    /// the same numbers, with ids `0, 1, …` in that order, class 0. Checks as there.
    pub fn fill(params: SamplerParams) -> Result<Self> {
        Job::run_to_end(EditableSetFill::plain(params)?)
    }

    /// The map filled with several classes in one pass: exactly the points and classes of
    /// [`crate::poisson_classes`]`(params)`, ids `0, 1, …` in that order. Edits keep every pair's
    /// spacing and draw their classes by weight (see the module docs). Checks as there.
    pub fn fill_classes(params: &ClassParams) -> Result<Self> {
        Job::run_to_end(EditableSetFill::classes(params)?)
    }
}

/// A set's first fill as a [`Job`] (a unit is one Bridson step), for a page that must not
/// stall: the result is exactly [`EditableSet::fill`] or [`EditableSet::fill_classes`] for the
/// same parameters, which are this job run to the end.
#[derive(Debug)]
pub struct EditableSetFill {
    width: f64,
    height: f64,
    k: u32,
    seed: i32,
    sampler: FillSampler,
}

/// What an [`EditableSetFill`] runs: plain Bridson, or the class run and its table.
#[derive(Debug)]
enum FillSampler {
    Plain(Sampler, f64),
    Classes(ClassSampler),
}

impl EditableSetFill {
    /// The fill of [`EditableSet::fill`]: checks as there, and places the first point.
    pub fn plain(params: SamplerParams) -> Result<Self> {
        let mut sampler = Sampler::from_params(params)?;
        sampler.start_random();
        Ok(Self {
            width: params.width,
            height: params.height,
            k: params.k,
            seed: params.seed,
            sampler: FillSampler::Plain(sampler, params.radius),
        })
    }

    /// The fill of [`EditableSet::fill_classes`]: checks as [`ClassSampler::new`], and places
    /// the first point.
    pub fn classes(params: &ClassParams) -> Result<Self> {
        let sampler = FillSampler::Classes(ClassSampler::new(params)?);
        let (width, height, k, seed) = (params.width, params.height, params.k, params.seed);
        Ok(Self {
            width,
            height,
            k,
            seed,
            sampler,
        })
    }
}

impl Job for EditableSetFill {
    type Output = EditableSet;

    fn run(&mut self, budget: u64) -> Result<bool> {
        match &mut self.sampler {
            FillSampler::Plain(s, _) => Job::run(s, budget),
            FillSampler::Classes(s) => Job::run(s, budget),
        }
    }

    fn progress(&self) -> f64 {
        match &self.sampler {
            FillSampler::Plain(s, _) => Job::progress(s),
            FillSampler::Classes(s) => Job::progress(s),
        }
    }

    /// The set, ids `0, 1, …` in the order placed; `None` once taken. A set the samplers made
    /// passes every check of [`EditableSet::with_items`], so those checks cannot fail here.
    fn take(&mut self) -> Option<EditableSet> {
        let (w, h, k, seed) = (self.width, self.height, self.k, self.seed);
        match &mut self.sampler {
            FillSampler::Plain(s, r) => {
                let points = Job::take(s)?;
                let items = points.into_iter().zip(0..).map(|(point, id)| Item {
                    id,
                    class: 0,
                    point,
                });
                let set = EditableSet::with_items(
                    SamplerParams {
                        width: w,
                        height: h,
                        radius: *r,
                        k,
                        seed,
                    },
                    items,
                );
                Some(set.expect("a sampler's own fill passes the editable set's checks"))
            }
            FillSampler::Classes(s) => {
                let table = s.table().clone();
                let placed = Job::take(s)?;
                let set = EditableSet::with_items(
                    SamplerParams {
                        width: w,
                        height: h,
                        radius: table.smallest(),
                        k,
                        seed,
                    },
                    placed.items(),
                )
                .and_then(|set| set.with_classes(table));
                Some(set.expect("a class sampler's own fill passes the editable set's checks"))
            }
        }
    }
}
