//! Where Bridson's loop throws a step's candidates: the rules [`crate::bridson::Sampler`] takes.
//!
//! The loop (pick an active point, throw up to `k` candidates, place the first that fits or
//! retire the point) is the same for every Bridson-family sampler; only the throw differs:
//!
//! - [`Candidates::Annulus`]: uniform in the ring between r and 2r, the tutorial's draw.
//! - [`Candidates::ParentCone`]: away from the arc that dips into the parent's disk, at a
//!   distance whose density is proportional to `d^c` (see [`crate::samplers::parent_cone`]).
//! - [`Candidates::Roberts`]: just beyond r, in equal steps around the circle from a random
//!   start direction (see [`crate::samplers::roberts`]).
//!
//! Each rule is its own type behind [`Throw`], so the loop is compiled once per rule and the
//! classic annulus pays for none of the others. Powers, sines and cosines come from
//! [`crate::classic::exact`], so a seed gives the same bits in every build.

use crate::base::error::{in_range, Result};
use crate::base::point::Point;
use crate::classic::exact;
use crate::classic::ring::RingDraws;

/// Roberts' candidates sit at `r · (1 + ROBERTS_EPSILON)` from their parent: just beyond the
/// spacing, with room for the rounding of `x + d·cos`, `y + d·sin` (about 1e-16 relative).
pub const ROBERTS_EPSILON: f64 = 1e-6;

/// The exponents [`Candidates::ParentCone`] accepts: `c` in `−MAX_EXPONENT..=MAX_EXPONENT`.
pub const MAX_EXPONENT: f64 = 50.0;

/// How a [`crate::bridson::Sampler`] throws the candidates of a step around its active point.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub enum Candidates {
    /// Uniform in the ring between the point's radius and twice it (Bridson's).
    #[default]
    Annulus,
    /// Bridson with the parent-cone exclusion and the radius exponent `exponent`.
    ParentCone {
        /// The radius exponent `c`: the distance's density is proportional to `d^c`.
        exponent: f64,
    },
    /// `k` candidates just beyond the radius, `2π / k` apart from a random start direction.
    Roberts,
}

/// The rule a sampler runs, its constants computed once.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Rule {
    Annulus,
    Cone(Cone),
    Turn(Turn),
}

impl Rule {
    /// The rule for `candidates` with `k` tries a step; checks the exponent.
    pub(crate) fn new(candidates: Candidates, k: u32) -> Result<Self> {
        Ok(match candidates {
            Candidates::Annulus => Rule::Annulus,
            Candidates::ParentCone { exponent } => {
                let c = in_range("exponent", exponent, -MAX_EXPONENT, MAX_EXPONENT)?;
                Rule::Cone(Cone::new(c))
            }
            Candidates::Roberts => Rule::Turn(Turn::new(k)),
        })
    }
}

/// One candidate rule, as Bridson's loop calls it: once per step ([`Throw::begin`]), then once
/// per candidate ([`Throw::next`]), each drawing from the sampler's stream in its documented
/// order.
pub(crate) trait Throw: Copy {
    /// What a step remembers between its candidates.
    type Turn;
    /// Starts a step around `centre`, whose parent (the point whose step placed it) is `parent`.
    fn begin(self, draws: &mut RingDraws, centre: &Point, parent: Option<&Point>) -> Self::Turn;
    /// The next candidate around `centre`, for a spacing `r` (the pair's, with classes of points).
    fn next(
        self,
        turn: &mut Self::Turn,
        draws: &mut RingDraws,
        centre: &Point,
        r: f64,
    ) -> (f64, f64);
}

/// Bridson's ring between r and 2r.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Annulus;

impl Throw for Annulus {
    type Turn = ();
    #[inline(always)]
    fn begin(self, _: &mut RingDraws, _: &Point, _: Option<&Point>) {}
    #[inline(always)]
    fn next(self, _: &mut (), draws: &mut RingDraws, centre: &Point, r: f64) -> (f64, f64) {
        let (dx, dy) = draws.ring_offset(r);
        (centre.x + dx, centre.y + dy)
    }
}

/// The parent cone's constants of the inverse distribution function.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Cone {
    a: f64,
    two_to_a_minus_1: f64,
    flat: bool,
}

impl Cone {
    fn new(c: f64) -> Self {
        let a = c + 1.0;
        Self {
            a,
            two_to_a_minus_1: exact::exp(a * std::f64::consts::LN_2) - 1.0,
            flat: a.abs() < 1e-9,
        }
    }
}

impl Throw for Cone {
    /// The skipped arc: a unit vector toward the parent and the cosine of its half-angle.
    type Turn = Option<(f64, f64, f64)>;

    #[inline]
    fn begin(self, _: &mut RingDraws, q: &Point, parent: Option<&Point>) -> Self::Turn {
        parent.map(|p| {
            let (vx, vy) = (p.x - q.x, p.y - q.y);
            let d = (vx * vx + vy * vy).sqrt();
            (vx / d, vy / d, d / (2.0 * q.r))
        })
    }

    #[inline]
    fn next(self, arc: &mut Self::Turn, draws: &mut RingDraws, q: &Point, r: f64) -> (f64, f64) {
        let (ux, uy, len) = loop {
            let ux = 2.0 * draws.next_f64() - 1.0;
            let uy = 2.0 * draws.next_f64() - 1.0;
            let l2 = ux * ux + uy * uy;
            if !(l2 > 0.0 && l2 <= 1.0) {
                continue;
            }
            let len = l2.sqrt();
            if let Some((vx, vy, cos_beta)) = *arc {
                if ux * vx + uy * vy > cos_beta * len {
                    continue;
                }
            }
            break (ux, uy, len);
        };
        let u = draws.next_f64();
        let t = if self.flat {
            exact::exp(u * std::f64::consts::LN_2)
        } else {
            exact::exp(exact::ln(1.0 + u * self.two_to_a_minus_1) / self.a)
        };
        let d = r * t;
        (q.x + ux / len * d, q.y + uy / len * d)
    }
}

/// Roberts' rotation by `2π / k`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Turn {
    sin: f64,
    cos: f64,
}

impl Turn {
    fn new(k: u32) -> Self {
        let (sin, cos) = exact::sin_cos(2.0 * std::f64::consts::PI / f64::from(k));
        Self { sin, cos }
    }
}

impl Throw for Turn {
    /// The direction of the next candidate.
    type Turn = (f64, f64);

    #[inline]
    fn begin(self, draws: &mut RingDraws, _: &Point, _: Option<&Point>) -> (f64, f64) {
        loop {
            let ux = 2.0 * draws.next_f64() - 1.0;
            let uy = 2.0 * draws.next_f64() - 1.0;
            let l2 = ux * ux + uy * uy;
            if l2 > 0.0 && l2 <= 1.0 {
                let len = l2.sqrt();
                break (ux / len, uy / len);
            }
        }
    }

    #[inline]
    fn next(self, u: &mut (f64, f64), _: &mut RingDraws, q: &Point, r: f64) -> (f64, f64) {
        let (ux, uy) = *u;
        let d = r * (1.0 + ROBERTS_EPSILON);
        *u = (ux * self.cos - uy * self.sin, ux * self.sin + uy * self.cos);
        (q.x + ux * d, q.y + uy * d)
    }
}
