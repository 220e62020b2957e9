//! The plane's spacing question, "is a stored point too close to a candidate?", asked one way:
//! [`Grid::conflict_by`] under a [`Spacing`] rule (per-point radii, one radius, kinds of
//! points), answered from the padded 5 × 5 block where it reaches ([`super::near`]) and by the
//! one neighbour walk ([`Grid::find_in`]) elsewhere; on a torus by the wrapped walk
//! ([`super::torus`]). The page's inspector ([`Grid::probe`]) and the gap filling's coverage
//! test read the same walk.

use super::cells::{Grid, EMPTY};
use super::crowd::Crowd;
use crate::base::point::Point;

/// What [`Grid::probe`] found: the block of cells it searched and every stored point in it.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Probe {
    /// First searched column.
    pub col_start: usize,
    /// Last searched column (inclusive).
    pub col_end: usize,
    /// First searched row.
    pub row_start: usize,
    /// Last searched row (inclusive).
    pub row_end: usize,
    /// Each stored point found in the block, in scan order (rows outer, columns inner).
    pub neighbours: Vec<Neighbour>,
}

impl Probe {
    /// True when no stored point conflicts: a point could be added here.
    pub fn is_free(&self) -> bool {
        self.neighbours.iter().all(|n| !n.conflict)
    }

    /// How many stored points the query had to check.
    pub fn checked(&self) -> usize {
        self.neighbours.len()
    }
}

/// One stored point met by a [`Probe`].
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Neighbour {
    /// Its index in [`Grid::points`].
    pub index: usize,
    /// Its distance to the probe.
    pub distance: f64,
    /// True when it is closer than the smaller of the two radii.
    pub conflict: bool,
}

impl Grid {
    /// The first stored point closer to `(x, y)` than the smaller of its radius and `r`, if
    /// any: nearest cells first where the padded 5 × 5 block answers (reach ≤ 2), else rows
    /// outer, columns inner.
    #[inline]
    pub fn conflict(&self, x: f64, y: f64, r: f64) -> Option<usize> {
        self.conflict_by(x, y, SmallerRadius(r))
    }

    /// [`Grid::conflict`] under any spacing rule ([`Spacing`]); the classic rule is
    /// [`SmallerRadius`]. Monomorphised per rule, so the classic query pays for nothing else.
    #[inline(always)]
    pub(crate) fn conflict_by<S: Spacing>(&self, x: f64, y: f64, rule: S) -> Option<usize> {
        let reach = rule.reach();
        if reach.is_nan() || reach <= 0.0 {
            return None; // no radius (or NaN): nothing can be closer than it
        }
        if reach <= self.fast_radius {
            let (col, row) = self.cell_of(x, y);
            return self.conflict_near(self.slot(col, row), x, y, rule);
        }
        self.conflict_far(x, y, rule)
    }

    /// [`Grid::conflict_by`] beyond the padded block: a torus, or a reach over two cells.
    #[inline(never)]
    fn conflict_far<S: Spacing>(&self, x: f64, y: f64, rule: S) -> Option<usize> {
        if self.torus {
            let (col, row) = self.cell_of(x, y);
            return self.conflict_on_torus(col, row, x, y, rule);
        }
        let too_close = |i: usize, p: &Point| {
            let (dx, dy) = (p.x - x, p.y - y);
            dx * dx + dy * dy < rule.limit2(i as u32 + 1, p)
        };
        let block = self.block(x, y, rule.reach());
        let (c0, c1, r0, r1) = block;
        if (c1 - c0 + 1) * (r1 - r0 + 1) > self.stored.len() {
            // A radius many cells wide (a big layer on a fine shared grid) would read more cells
            // than there are points: reading the points is then cheaper, and gives the same answer.
            let points = self.points().iter().enumerate();
            return points
                .filter(|&(i, p)| too_close(i, p))
                .map(|(i, _)| i)
                .next();
        }
        self.find_in(block, too_close)
    }

    /// The one neighbour walk: the first stored point (its index in [`Grid::points`]) for which
    /// `found` holds, among those in the block of cells `(col_start, col_end, row_start,
    /// row_end)` (inclusive, on the plane), rows outer, columns inner.
    #[inline]
    pub(crate) fn find_in(
        &self,
        (c0, c1, r0, r1): (usize, usize, usize, usize),
        mut found: impl FnMut(usize, &Point) -> bool,
    ) -> Option<usize> {
        for row in r0..=r1 {
            let start = self.slot(c0, row);
            for &i in &self.cells[start..=start + (c1 - c0)] {
                if i != EMPTY && found(i as usize - 1, &self.stored[i as usize]) {
                    return Some(i as usize - 1);
                }
            }
        }
        None
    }

    /// Whether `found` holds for a stored point in a cell that meets the rectangle
    /// `[x0, x1] × [y0, y1]` (clamped to the grid): [`Grid::find_in`] over those cells.
    pub(crate) fn any_in(
        &self,
        (x0, y0): (f64, f64),
        (x1, y1): (f64, f64),
        found: impl FnMut(usize, &Point) -> bool,
    ) -> bool {
        let ((c0, r0), (c1, r1)) = (self.cell_of(x0, y0), self.cell_of(x1, y1));
        self.find_in((c0, c1, r0, r1), found).is_some()
    }

    /// Whether `p` is closer to `(x, y)` than the smaller of its radius and `r`, on the plane.
    #[inline(always)]
    fn too_close(&self, p: &Point, x: f64, y: f64, r: f64) -> bool {
        closer_than(p.x - x, p.y - y, p.r, r)
    }

    /// True when a point of radius `r` at `(x, y)` keeps its distance from every stored point.
    #[inline]
    pub fn is_free(&self, x: f64, y: f64, r: f64) -> bool {
        self.conflict(x, y, r).is_none()
    }

    /// The same query as [`Grid::is_free`], reporting everything it looked at: the grid lab draws
    /// the searched cells and a line to every neighbour. (On a torus the block does not wrap;
    /// distances are still to the nearest copy.)
    pub fn probe(&self, x: f64, y: f64, r: f64) -> Probe {
        let block = self.block(x, y, r);
        let mut neighbours = Vec::new();
        self.find_in(block, |index, p| {
            let (dx, dy) = (p.x - x, p.y - y);
            neighbours.push(Neighbour {
                index,
                distance: (dx * dx + dy * dy).sqrt(),
                // The very test `conflict` uses, so the lab never disagrees with it.
                conflict: r > 0.0
                    && if self.torus {
                        self.too_close_on_torus(p, x, y, r)
                    } else {
                        self.too_close(p, x, y, r)
                    },
            });
            false
        });
        let (col_start, col_end, row_start, row_end) = block;
        Probe {
            col_start,
            col_end,
            row_start,
            row_end,
            neighbours,
        }
    }

    /// How many stored points stand in the block of cells a query of radius `r` at `(x, y)`
    /// searches: the distance checks that query makes when it looks at every one of them (what
    /// [`Probe::checked`] counts, without building the probe). The labs compare costs with it.
    pub fn stored_near(&self, x: f64, y: f64, r: f64) -> usize {
        self.stored_near_except(x, y, r, None)
    }

    /// [`Grid::stored_near`], not counting the point stored at index `except`.
    pub(crate) fn stored_near_except(
        &self,
        x: f64,
        y: f64,
        r: f64,
        except: Option<usize>,
    ) -> usize {
        if r.is_nan() || r <= 0.0 {
            return 0;
        }
        let mut count = 0;
        self.find_in(self.block(x, y, r), |i, _| {
            count += usize::from(Some(i) != except);
            false
        });
        count
    }
}

/// A spacing rule: how close a stored point may come to a candidate. [`Grid::conflict`] asks the
/// classic one, [`SmallerRadius`]; Bridson's loop asks [`Grid::conflict_by`] with whatever rule
/// its candidate carries, monomorphised, so a rule costs only what its own test costs.
///
/// Classes of objects with a spacing per pair plug in here too: the classes' rule holds the
/// candidate's row of spacings and looks each stored point's class up by `index`.
pub(crate) trait Spacing: Copy {
    /// The farthest a stored point may be from the candidate and still be too close: how far
    /// the search must reach. Not positive, or NaN: nothing is ever too close.
    fn reach(self) -> f64;
    /// The squared distance below which stored point `p`, number `index` in the grid's store
    /// (0 is the far-away sentinel behind empty cells; a stored point's public index is
    /// `index − 1`), is too close to the candidate: `dx² + dy² < limit2` is a conflict.
    fn limit2(self, index: u32, p: &Point) -> f64;
    /// The plain fill's faster "free or not?" ([`Crowd`]), where this rule allows it.
    #[inline(always)]
    fn crowd(self, _: &Grid) -> Option<Crowd> {
        None
    }
}

/// The classic spacing rule for a candidate of radius `.0`: a stored point is too close when it
/// is closer than the smaller of the two radii ([`closer_than`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct SmallerRadius(pub(crate) f64);

impl Spacing for SmallerRadius {
    #[inline(always)]
    fn reach(self) -> f64 {
        self.0
    }
    #[inline(always)]
    fn limit2(self, _: u32, p: &Point) -> f64 {
        let m = smaller(p.r, self.0);
        m * m
    }
}

/// [`SmallerRadius`] where no stored point's radius is below the candidate's `.0` (a plain
/// Bridson fill: [`Grid::min_radius`] ≥ r): the smaller radius is then always the candidate's,
/// so the rule needs no stored radius. The same answers, fewer reads.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct SameRadius(pub(crate) f64);

impl Spacing for SameRadius {
    #[inline(always)]
    fn reach(self) -> f64 {
        self.0
    }
    #[inline(always)]
    fn limit2(self, _: u32, _: &Point) -> f64 {
        self.0 * self.0
    }
    #[inline(always)]
    fn crowd(self, grid: &Grid) -> Option<Crowd> {
        grid.crowd(self.0)
    }
}

/// Whether an offset `(dx, dy)` is shorter than the smaller of two radii: the classic rule as
/// the probe and the torus walk ask it (`SmallerRadius` asks its squared limit, through `smaller`).
#[inline(always)]
pub(super) fn closer_than(dx: f64, dy: f64, ra: f64, rb: f64) -> bool {
    let m = smaller(ra, rb);
    dx * dx + dy * dy < m * m
}

/// The smaller of two radii. Radii are validated (never NaN), so a plain comparison picks it;
/// it is cheaper than f64::min, which must handle NaN.
#[inline(always)]
pub(super) fn smaller(ra: f64, rb: f64) -> f64 {
    if ra < rb {
        ra
    } else {
        rb
    }
}
