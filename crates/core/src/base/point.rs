//! The one point type of the public API.

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
