//! The one point type of the public API.
//!
//! Every method hands its points over as [`Point`]s; those that keep no spacing (random scatter,
//! the jittered grid) give them radius 0. The measures take `Point`s too, and still accept the
//! bare `[x, y]` pairs older code passes ([`From`] below); [`xy`] makes such pairs of points.

/// A placed point and the spacing it keeps: no other point comes closer than the smaller of the
/// two radii.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Point {
    /// x in map units, `0 ≤ x < width`.
    pub x: f64,
    /// y in map units, `0 ≤ y < height`.
    pub y: f64,
    /// The point's own radius.
    pub r: f64,
}

/// A point's position alone.
impl From<Point> for [f64; 2] {
    fn from(p: Point) -> Self {
        [p.x, p.y]
    }
}

/// The positions of `points` as bare `[x, y]` pairs, for code that stores them so.
pub fn xy(points: &[Point]) -> Vec<[f64; 2]> {
    points.iter().map(|&p| p.into()).collect()
}
