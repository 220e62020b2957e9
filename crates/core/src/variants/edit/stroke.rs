//! The brush: what a stroke does ([`Tool`]) and where ([`Stroke`]), and the one test that
//! decides which spots it covers ([`Stroke::covers`]).

use crate::base::error::{positive, Error, Result};
use crate::base::names::named;

/// What a stroke does to the points under it; see the module docs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Tool {
    /// Adds points under the stroke where there is room; removes none.
    Paint,
    /// Removes the points under the stroke; adds none.
    Erase,
    /// Removes the points under the stroke and fills the patch again.
    Refill,
}

named!(Tool {
    Paint => "paint",
    Erase => "erase",
    Refill => "refill",
});

impl Tool {
    /// Whether the tool removes the points under the stroke.
    pub(super) fn erases(self) -> bool {
        matches!(self, Tool::Erase | Tool::Refill)
    }

    /// Whether the tool adds points under the stroke.
    pub(super) fn fills(self) -> bool {
        matches!(self, Tool::Paint | Tool::Refill)
    }
}

/// `paint`, `erase` or `refill`.
impl std::str::FromStr for Tool {
    type Err = Error;

    fn from_str(name: &str) -> Result<Self> {
        Tool::from_name(name).ok_or_else(|| Error::Invalid {
            message: format!("tool must be paint, erase or refill, got '{name}'"),
        })
    }
}

/// The ground a brush covers: every spot closer than the brush radius to a path; see the module
/// docs for the exact test.
///
/// With the `serde` feature it is written as its path and radius, and read back through
/// [`Stroke::new`], so a recorded stroke that breaks its rules is refused with the same message.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(into = "StrokeFields", try_from = "StrokeFields")
)]
pub struct Stroke {
    path: Vec<[f64; 2]>,
    radius: f64,
    /// The path's bounding box grown by the radius: `[left, top, right, bottom]`.
    bounds: [f64; 4],
}

/// A stroke as written and read: what [`Stroke::new`] takes (the bounds follow from it).
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct StrokeFields {
    path: Vec<[f64; 2]>,
    radius: f64,
}

#[cfg(feature = "serde")]
impl From<Stroke> for StrokeFields {
    fn from(stroke: Stroke) -> Self {
        Self {
            path: stroke.path,
            radius: stroke.radius,
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<StrokeFields> for Stroke {
    type Error = Error;

    fn try_from(f: StrokeFields) -> Result<Self> {
        Stroke::new(&f.path, f.radius)
    }
}

impl Stroke {
    /// A stroke along `path` (one point or more, in map coordinates) with a brush of `radius`.
    ///
    /// The radius must be finite and > 0 (a length, as everywhere in the crate), the path not
    /// empty, and every coordinate finite and at most [`crate::error::MAX_LENGTH`] in size.
    pub fn new(path: &[[f64; 2]], radius: f64) -> Result<Self> {
        let radius = positive("brush radius", radius)?;
        if path.is_empty() {
            return Err(Error::Invalid {
                message: "a stroke needs at least one point on its path".into(),
            });
        }
        let most = crate::base::error::MAX_LENGTH;
        let mut bounds = [
            f64::INFINITY,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NEG_INFINITY,
        ];
        for (i, &[x, y]) in path.iter().enumerate() {
            if !(x.abs() <= most && y.abs() <= most) {
                return Err(Error::Invalid {
                    message: format!(
                        "point {i} of the stroke's path, ({x}, {y}), must have finite coordinates"
                    ),
                });
            }
            bounds = [
                bounds[0].min(x),
                bounds[1].min(y),
                bounds[2].max(x),
                bounds[3].max(y),
            ];
        }
        let [l, t, r, b] = bounds;
        Ok(Self {
            path: path.to_vec(),
            radius,
            bounds: [l - radius, t - radius, r + radius, b + radius],
        })
    }

    /// A dab: the disc of `radius` around `(x, y)`.
    pub fn circle(x: f64, y: f64, radius: f64) -> Result<Self> {
        Self::new(&[[x, y]], radius)
    }

    /// The path, as given.
    pub fn path(&self) -> &[[f64; 2]] {
        &self.path
    }

    /// The brush radius.
    pub fn radius(&self) -> f64 {
        self.radius
    }

    /// The rectangle `[left, top, right, bottom]` that holds everything the stroke covers.
    pub fn bounds(&self) -> [f64; 4] {
        self.bounds
    }

    /// True when `(x, y)` is under the stroke: strictly inside [`Stroke::bounds`] and closer
    /// than the brush radius to the path (see the module docs for the arithmetic).
    pub fn covers(&self, x: f64, y: f64) -> bool {
        let [left, top, right, bottom] = self.bounds;
        if !(x > left && x < right && y > top && y < bottom) {
            return false;
        }
        let r2 = self.radius * self.radius;
        let near = |[ax, ay]: [f64; 2], [ex, ey]: [f64; 2]| {
            let (px, py) = (x - ax, y - ay);
            let len2 = ex * ex + ey * ey;
            let t = if len2 > 0.0 {
                ((px * ex + py * ey) / len2).clamp(0.0, 1.0)
            } else {
                0.0
            };
            let (dx, dy) = (px - t * ex, py - t * ey);
            dx * dx + dy * dy < r2
        };
        match self.path.as_slice() {
            [only] => near(*only, [0.0, 0.0]),
            path => path
                .windows(2)
                .any(|w| near(w[0], [w[1][0] - w[0][0], w[1][1] - w[0][1]])),
        }
    }

    /// About how much ground the stroke covers (each segment's band plus one disc, at most the
    /// bounding box), for progress estimates only.
    pub(super) fn area(&self) -> f64 {
        let length: f64 = self
            .path
            .windows(2)
            .map(|w| (w[1][0] - w[0][0]).hypot(w[1][1] - w[0][1]))
            .sum();
        let r = self.radius;
        let [l, t, rt, b] = self.bounds;
        (2.0 * r * length + std::f64::consts::PI * r * r).min((rt - l) * (b - t))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stroke_covers_the_open_capsule_around_its_path() {
        let s = Stroke::new(&[[0.0, 0.0], [10.0, 0.0]], 2.0).unwrap();
        assert!(s.covers(5.0, 1.99));
        assert!(!s.covers(5.0, 2.0)); // on the edge: not under
        assert!(s.covers(-1.9, 0.0) && !s.covers(-2.0, 0.0));
        assert!(s.covers(11.0, 1.0) && !s.covers(11.5, 1.5));
        let dab = Stroke::circle(3.0, 4.0, 5.0).unwrap();
        assert!(dab.covers(0.1, 0.1) && !dab.covers(0.0, 0.0));
        assert!(Stroke::new(&[], 1.0).is_err());
        assert!(Stroke::circle(f64::NAN, 0.0, 1.0).is_err());
        assert!(Stroke::circle(0.0, 0.0, 0.0).is_err());
    }
}
