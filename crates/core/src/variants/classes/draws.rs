//! The classes as Bridson's loop sees them: [`ClassDraws`] draws each candidate's class and
//! judges it through the grid's one spacing query, with [`ClassSpacing`] looking up each stored
//! point's class by its index.

use super::table::ClassTable;
use crate::base::error::Result;
use crate::base::point::Point;
use crate::base::rng::{sub_seed, ParkMiller};
use crate::classic::bridson::ClassRules;
use crate::classic::grid::{Grid, Spacing};

/// The salt of the class draws' seed ([`crate::rng::sub_seed`]).
const CLASS_SALT: u32 = 0x0c1a_55e5;

/// The classes as the sampler's [`ClassRules`]: the class of every point, the class draws, and the
/// check of each pair's spacing on the grid.
pub(crate) struct ClassDraws {
    table: ClassTable,
    rng: ParkMiller,
    /// The class of the candidate thrown last, until it is judged.
    pending: Option<usize>,
    /// The class of every grid point, in order.
    of_points: Vec<u16>,
}

impl ClassDraws {
    /// The classes as a sampler's rules on a grid whose points so far are of classes
    /// `of_points`, in grid order (none for a fresh run; the kept points for an edit's refill,
    /// [`crate::edit`]), drawing classes from `sub_seed(seed, CLASS_SALT)`.
    pub(crate) fn new(table: ClassTable, seed: i32, of_points: Vec<u16>) -> Result<Self> {
        Ok(Self {
            table,
            rng: ParkMiller::new(sub_seed(seed, CLASS_SALT))?,
            pending: None,
            of_points,
        })
    }

    fn draw(&mut self) -> usize {
        self.table.draw(self.rng.next_f64())
    }
}

impl ClassRules for ClassDraws {
    fn throw(&mut self, around: usize) -> f64 {
        let c = self.draw();
        self.pending = Some(c);
        self.table.spacing(self.of_points[around], c as u16)
    }

    fn admit(&mut self, grid: &Grid, x: f64, y: f64) -> std::result::Result<f64, usize> {
        let c = match self.pending.take() {
            Some(c) => c,
            None => self.draw(),
        };
        let n = self.table.len();
        let rule = ClassSpacing {
            row: &self.table.spacing[c * n..(c + 1) * n],
            of_points: &self.of_points,
            reach: self.table.reach[c],
        };
        if let Some(i) = grid.conflict_by(x, y, rule) {
            return Err(i);
        }
        self.of_points.push(c as u16);
        Ok(self.table.radius[c])
    }

    fn of_points(&self) -> &[u16] {
        &self.of_points
    }
}

/// The spacing a candidate of one class keeps: to each stored point, its pair's, the stored
/// point's class looked up by its index in the grid's store.
#[derive(Clone, Copy)]
struct ClassSpacing<'a> {
    /// The candidate's class's row of the spacing table.
    row: &'a [f64],
    /// The class of every grid point.
    of_points: &'a [u16],
    /// The largest spacing in `row`: how far the search reaches.
    reach: f64,
}

impl Spacing for ClassSpacing<'_> {
    #[inline]
    fn reach(self) -> f64 {
        self.reach
    }
    #[inline]
    fn limit2(self, index: u32, _: &Point) -> f64 {
        // Store number 0 is the sentinel behind empty cells: of no class, never too close.
        let class = (index as usize)
            .checked_sub(1)
            .and_then(|i| self.of_points.get(i));
        class.map_or(0.0, |&k| {
            self.row[usize::from(k)] * self.row[usize::from(k)]
        })
    }
}
