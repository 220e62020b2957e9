//! Bridson's algorithm a step at a time, for labs and animations.

use crate::convert::{value_error, whole, xyr, Int, Num, Seed};
use crate::memory::{self, ask};
use crate::slices::detached;
use crate::{DEFAULT_K, DEFAULT_SEED};
use numpy::ndarray::{Array1, Array2};
use numpy::{IntoPyArray, PyArray1, PyArray2};
use poisson_live::bridson::{Outcome, Step};
use poisson_live::Job;
use pyo3::prelude::*;

/// What one step did, as `(kind, index)`.
pub(crate) fn step_tuple(step: Step) -> (&'static str, Option<usize>) {
    match step {
        Step::Placed(i) => ("placed", Some(i)),
        Step::Retired(i) => ("retired", Some(i)),
        Step::Finished => ("finished", None),
    }
}

pub(crate) fn outcome_name(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Accepted => "accepted",
        Outcome::OffMap => "off_map",
        Outcome::WrongGround => "wrong_ground",
        Outcome::TooClose(_) => "too_close",
    }
}

/// Bridson's algorithm one step at a time, its state open between steps.
#[pyclass(module = "poisson_live")]
pub(crate) struct Sampler {
    inner: poisson_live::Sampler,
    /// The spacing, fixed at the start.
    #[pyo3(get)]
    radius: f64,
    /// Tries per step, fixed at the start.
    #[pyo3(get)]
    k: u32,
}

#[pymethods]
impl Sampler {
    #[new]
    #[pyo3(signature = (width, height, radius, *, k = DEFAULT_K, seed = Seed(DEFAULT_SEED)), text_signature = "(width, height, radius, *, k=30, seed=123456)")]
    fn new(width: Num, height: Num, radius: Num, k: Int, seed: Seed) -> PyResult<Self> {
        let (width, height, radius) = (width.0, height.0, radius.0);
        let k = whole("k", k)?;
        // Room for the whole run, which `finish` may ask for.
        ask(
            memory::bridson(width, height, radius, memory::BRIDSON_POINT),
            "Sampler",
        )?;
        let inner =
            poisson_live::Sampler::new(width, height, radius, k, seed.0).map_err(value_error)?;
        Ok(Self {
            radius: inner.radius(),
            k: inner.k(),
            inner,
        })
    }

    /// Places the first point at random; returns what happened to it.
    fn start_random(&mut self) -> &'static str {
        outcome_name(self.inner.start_random())
    }

    /// Places a first point at (x, y); returns what happened to it.
    fn start_at(&mut self, x: f64, y: f64) -> &'static str {
        outcome_name(self.inner.start_at(x, y))
    }

    /// Tries to add a point at (x, y) by hand; returns what happened to it.
    fn try_add(&mut self, x: f64, y: f64) -> &'static str {
        outcome_name(self.inner.try_add(x, y))
    }

    /// One step: `("placed", i)`, `("retired", i)` or `("finished", None)`.
    fn step(&mut self) -> (&'static str, Option<usize>) {
        step_tuple(self.inner.step())
    }

    /// Up to `max_steps` steps with the GIL released (in slices, so Ctrl-C stops them); True
    /// once finished.
    fn run(&mut self, py: Python<'_>, max_steps: Int) -> PyResult<bool> {
        let mut left = max_steps.count::<u64>("max_steps")?;
        let inner = &mut self.inner;
        let mut finished = false;
        detached(py, |budget| {
            let steps = budget.min(left);
            finished = inner.run(steps).map_err(value_error)?;
            left -= steps;
            Ok(finished || left == 0)
        })?;
        Ok(finished)
    }

    /// Steps to the end with the GIL released (in slices, so Ctrl-C stops them).
    fn finish(&mut self, py: Python<'_>) -> PyResult<()> {
        let inner = &mut self.inner;
        detached(py, |budget| inner.run(budget).map_err(value_error))
    }

    #[getter]
    fn is_finished(&self) -> bool {
        self.inner.is_finished()
    }

    /// The points so far, (N, 3).
    #[getter]
    fn points<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f64>>> {
        xyr(py, self.inner.points())
    }

    /// The active list: indices into `points`, (M,) int64.
    #[getter]
    fn active<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let active: Vec<i64> = self.inner.active().iter().map(|&i| i as i64).collect();
        Array1::from(active).into_pyarray(py)
    }

    /// The point the last step worked from, or None.
    #[getter]
    fn current(&self) -> Option<usize> {
        self.inner.current()
    }

    /// The candidates the last step tried, (C, 3): x, y, 1.0 if accepted else 0.0.
    #[getter]
    fn tried<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f64>> {
        let tried = self.inner.tried();
        let flat: Vec<f64> = tried
            .iter()
            .flat_map(|c| [c.x, c.y, if c.outcome.accepted() { 1.0 } else { 0.0 }])
            .collect();
        Array2::from_shape_vec((tried.len(), 3), flat)
            .expect("3 numbers per candidate")
            .into_pyarray(py)
    }

    /// Productive steps so far (placed or retired).
    #[getter]
    fn steps(&self) -> u64 {
        self.inner.steps()
    }
}
