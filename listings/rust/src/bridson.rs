// Step 5: Bridson's algorithm. Every new point is thrown next to one already placed, taken from
// the active list (the points not yet given up on); one call of `step` does one round of that,
// so a picture can be drawn between any two.

use crate::grid::{Grid, Point};
use crate::random::{check_positive, ParkMiller};

/// What `try_add` made of a point.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Outcome {
    Accepted,
    OffMap,
    WrongGround,
    /// Too close to the grid's point with this index.
    TooClose(usize),
}

/// What one `step` did.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Step {
    /// A new point, by its index in `points`.
    Placed(usize),
    /// The current point left the active list.
    Retired(usize),
    /// Nothing left to do; nothing changed.
    Finished,
}

/// A candidate of the last step and what became of it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Candidate {
    pub x: f64,
    pub y: f64,
    pub outcome: Outcome,
}

pub type Rule = Box<dyn Fn(f64, f64) -> f64>;
pub type Ground = Box<dyn Fn(f64, f64) -> bool>;

pub struct Sampler {
    pub grid: Grid,
    radius: f64,
    k: u32,
    pub rng: ParkMiller,
    radius_at: Option<Rule>,
    allowed: Option<Ground>,
    /// This sampler's points (the grid may hold other layers' points too).
    pub points: Vec<Point>,
    /// Indices into `points` that may still have room around them.
    pub active: Vec<usize>,
    /// The point the last step worked around.
    pub current: Option<usize>,
    pub tried: Vec<Candidate>,
}

impl Sampler {
    /// The map is the grid's. The radius must suit the grid's cells (at least cell · √2), or two
    /// points could share a cell and one would drop out of the grid unseen.
    pub fn new(grid: Grid, radius: f64, k: u32, seed: i32) -> Result<Self, String> {
        check_positive("radius", radius)?;
        if !grid.fits(radius) {
            return Err(format!("radius {radius} is too small for the grid's cells"));
        }
        Ok(Sampler {
            grid,
            radius,
            k,
            rng: ParkMiller::new(seed)?,
            radius_at: None,
            allowed: None,
            points: Vec::new(),
            active: Vec::new(),
            current: None,
            tried: Vec::new(),
        })
    }

    /// A radius from a field (step 6).
    pub fn with_radius_at(mut self, rule: impl Fn(f64, f64) -> f64 + 'static) -> Self {
        self.radius_at = Some(Box::new(rule));
        self
    }

    /// A ground rule: where points may stand (step 7).
    pub fn with_allowed(mut self, rule: impl Fn(f64, f64) -> bool + 'static) -> Self {
        self.allowed = Some(Box::new(rule));
        self
    }

    /// Adds (x, y) if it is on the map, on allowed ground and far enough from everyone.
    pub fn try_add(&mut self, x: f64, y: f64) -> Outcome {
        if x < 0.0 || y < 0.0 || x >= self.grid.width || y >= self.grid.height {
            return Outcome::OffMap;
        }
        if let Some(allowed) = &self.allowed {
            if !allowed(x, y) {
                return Outcome::WrongGround;
            }
        }
        // A field may only widen the spacing: the grid's cells are sized for `radius`.
        let r = match &self.radius_at {
            Some(rule) => self.radius.max(rule(x, y)),
            None => self.radius,
        };
        if let Some(index) = self.grid.too_close(x, y, r) {
            return Outcome::TooClose(index);
        }
        self.grid.add(x, y, r);
        self.active.push(self.points.len());
        self.points.push(Point { x, y, r });
        Outcome::Accepted
    }

    /// The first point, drawn from the seed (a clicked point goes straight to `try_add`).
    pub fn start_random(&mut self) -> Outcome {
        let x = self.rng.next_float() * self.grid.width;
        let y = self.rng.next_float() * self.grid.height;
        self.try_add(x, y)
    }

    pub fn step(&mut self) -> Step {
        if self.active.is_empty() {
            return Step::Finished;
        }
        // pick: one point of the active list, by lot; taking them at random keeps the filled
        // region round instead of letting it run off in one direction.
        let a = (self.rng.next_float() * self.active.len() as f64).floor() as usize;
        let current = self.active[a];
        self.current = Some(current);
        let p = self.points[current];
        self.tried.clear();
        for _ in 0..self.k {
            // throw: a spot at distance r to 2r from p. Draw (dx, dy) in the 4r-wide square and
            // draw again while it falls outside that annulus: uniform over its area, no trig.
            let (dx, dy) = loop {
                let dx = (self.rng.next_float() * 4.0 - 2.0) * p.r;
                let dy = (self.rng.next_float() * 4.0 - 2.0) * p.r;
                let d2 = dx * dx + dy * dy;
                if p.r * p.r <= d2 && d2 <= 4.0 * p.r * p.r {
                    break (dx, dy);
                }
            };
            let (x, y) = (p.x + dx, p.y + dy);
            let outcome = self.try_add(x, y);
            self.tried.push(Candidate { x, y, outcome });
            // refused: the spot failed a test (map edge, ground rule, spacing); next throw.
            if outcome != Outcome::Accepted {
                continue;
            }

            // placed: the spot passed; try_add stored it and made it active. One new point per
            // step, so the step is over.
            return Step::Placed(self.points.len() - 1);
        }
        // retired: all k throws failed, so p is given up on. Order in the list does not matter,
        // so swap_remove drops it in O(1).
        self.active.swap_remove(a);
        Step::Retired(current)
    }

    pub fn run(mut self) -> Vec<Point> {
        while self.step() != Step::Finished {}
        self.points
    }
}

/// Bridson's whole algorithm in one call. k = 30 is his suggestion; fewer leaves gaps.
pub fn poisson_disk(
    width: f64,
    height: f64,
    radius: f64,
    k: u32,
    seed: i32,
) -> Result<Vec<Point>, String> {
    check_positive("radius", radius)?;
    let grid = Grid::new(width, height, radius / std::f64::consts::SQRT_2)?;
    let mut sampler = Sampler::new(grid, radius, k, seed)?;
    // A refused first point leaves the active list empty: the run is simply over.
    sampler.start_random();
    Ok(sampler.run())
}
