//! Spacing that varies over a mesh's surface: a weight in `[0, 1]` per vertex, interpolated
//! across each triangle, turned into a radius as the plane's density field turns density into
//! one, `r(w) = radius_max − w · (radius_max − radius)`: `radius` where a vertex weighs 1,
//! `radius_max` where it weighs 0.
//!
//! **The pair rule** is the plane's variable radius rule (the classic grid's `SmallerRadius`):
//! two points are far enough apart when their distance in 3D is at least the smaller of their
//! two radii. So a point never comes closer than its own radius to a point with a larger one,
//! and the rule is symmetric, whichever of the two was placed first.

use super::mesh::Mesh;
use crate::base::error::{positive, short, Error, Result};

/// Spacing over a mesh from per-vertex weights ([`super::sample_mesh_weighted`] and
/// [`super::fast_sample_mesh_weighted`] use it).
///
/// ```
/// use poisson_live::space::{Mesh, MeshSpacing};
/// let ring = Mesh::torus(8.0, 3.0, 12, 6)?;
/// let weights = vec![1.0; ring.vertices().len()];
/// let spacing = MeshSpacing::new(&ring, 1.0, 2.0, weights)?;
/// assert_eq!(spacing.radius_at(&ring, 0, [0.3, 0.3]), 1.0);
/// assert!(MeshSpacing::new(&ring, 1.0, 0.5, vec![1.0; 72]).is_err()); // radius-max < radius
/// # Ok::<(), poisson_live::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct MeshSpacing {
    radius: f64,
    radius_max: f64,
    weights: Vec<f64>,
}

impl MeshSpacing {
    /// Spacing `radius` where a vertex weighs 1 and `radius_max` where it weighs 0: both finite,
    /// `0 < radius ≤ radius_max`, one weight per vertex of `mesh`, each in `[0, 1]`.
    pub fn new(mesh: &Mesh, radius: f64, radius_max: f64, weights: Vec<f64>) -> Result<Self> {
        let radius = positive("radius", radius)?;
        let invalid = |message: String| Err(Error::Invalid { message });
        if !radius_max.is_finite() || radius_max < radius {
            return invalid(format!(
                "radius-max must be a finite number ≥ radius ({}), got {}",
                short(radius),
                short(radius_max)
            ));
        }
        let n = mesh.vertices().len();
        if weights.len() != n {
            return invalid(format!(
                "{} weights for a mesh of {n} vertices: give one per vertex, in OBJ order",
                weights.len()
            ));
        }
        if let Some((i, w)) = weights
            .iter()
            .enumerate()
            .find(|(_, w)| !(**w >= 0.0 && **w <= 1.0))
        {
            return invalid(format!(
                "weight {} (vertex {i}) is {}; weights are numbers from 0 to 1",
                i + 1,
                short(*w)
            ));
        }
        Ok(Self {
            radius,
            radius_max,
            weights,
        })
    }

    /// [`MeshSpacing::new`] with the weights read from text: one number per line (blank lines
    /// and surrounding spaces ignored). A line that is not a number is an error naming it.
    pub fn from_text(mesh: &Mesh, radius: f64, radius_max: f64, text: &str) -> Result<Self> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let n = mesh.vertices().len();
        let mut weights = Vec::new();
        let mut count = 0usize;
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            count += 1;
            if count > n {
                continue; // too many: only counted, and refused below
            }
            match line.parse::<f64>() {
                Ok(w) => weights.push(w),
                Err(_) => {
                    let shown: String = line.chars().take(40).collect();
                    return Err(Error::Invalid {
                        message: format!("weights line {}: {shown:?} is not a number", i + 1),
                    });
                }
            }
        }
        if count > n {
            return Err(Error::Invalid {
                message: format!(
                    "{count} weights for a mesh of {n} vertices: give one per vertex, in OBJ order"
                ),
            });
        }
        Self::new(mesh, radius, radius_max, weights)
    }

    /// The smallest spacing, where a vertex weighs 1.
    pub fn radius(&self) -> f64 {
        self.radius
    }

    /// The largest spacing, where a vertex weighs 0.
    pub fn radius_max(&self) -> f64 {
        self.radius_max
    }

    /// The spacing at barycentric `(u, v)` of triangle `face`: the weights interpolated, then
    /// `radius_max − w · (radius_max − radius)`, kept within `[radius, radius_max]`.
    pub fn radius_at(&self, mesh: &Mesh, face: usize, [u, v]: [f64; 2]) -> f64 {
        let [a, b, c] = mesh.triangles()[face].map(|i| self.weights[i as usize]);
        let w = (1.0 - u - v) * a + u * b + v * c;
        (self.radius_max - w * (self.radius_max - self.radius)).clamp(self.radius, self.radius_max)
    }
}
