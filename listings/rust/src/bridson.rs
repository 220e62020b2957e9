// Step 5: Bridson's algorithm. Grow the set outward from an active list of points that may still
// have room around them, one step at a time, so a picture can be drawn after every step.

use crate::grid::{Grid, Point};
use crate::random::Rng;

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
    width: f64,
    height: f64,
    radius: f64,
    k: u32,
    pub rng: Rng,
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
    pub fn new(
        grid: Grid,
        width: f64,
        height: f64,
        radius: f64,
        k: u32,
        seed: i32,
    ) -> Option<Self> {
        Some(Sampler {
            grid,
            width,
            height,
            radius,
            k,
            rng: Rng::new(seed)?,
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
        if x < 0.0 || y < 0.0 || x >= self.width || y >= self.height {
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
        let x = self.rng.next_float() * self.width;
        let y = self.rng.next_float() * self.height;
        self.try_add(x, y)
    }

    pub fn step(&mut self) -> Step {
        if self.active.is_empty() {
            return Step::Finished;
        }
        // pick: any active point, chosen at random, so the front grows evenly in every direction.
        let a = (self.rng.next_float() * self.active.len() as f64).floor() as usize;
        let current = self.active[a];
        self.current = Some(current);
        let p = self.points[current];
        self.tried.clear();
        for _ in 0..self.k {
            // throw: a candidate in the ring r..2r, drawn in the square around it until one lands
            // in the ring (a square is easy to draw in; the ring is what spaces points well).
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
            // refused: off the map, on forbidden ground or too close to a point: throw again.
            if outcome != Outcome::Accepted {
                continue;
            }

            // placed: far enough from everyone, so keep it; it becomes active and the step ends.
            return Step::Placed(self.points.len() - 1);
        }
        // retired: k misses in a row, so the ring is taken as full. swap_remove moves the last
        // entry into its slot instead of shifting the rest of the list.
        self.active.swap_remove(a);
        Step::Retired(current)
    }

    pub fn run(mut self) -> Vec<Point> {
        while self.step() != Step::Finished {}
        self.points
    }
}

/// Bridson's whole algorithm in one call. k = 30 is his suggestion; fewer leaves gaps.
pub fn poisson_disk(width: f64, height: f64, radius: f64, k: u32, seed: i32) -> Option<Vec<Point>> {
    let grid = Grid::new(width, height, radius / std::f64::consts::SQRT_2);
    let mut sampler = Sampler::new(grid, width, height, radius, k, seed)?;
    // A refused first point leaves the active list empty: the run is simply over.
    sampler.start_random();
    Some(sampler.run())
}
