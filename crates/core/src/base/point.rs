//! The point of the public API, and [`Item`]: a point with the id and class an editable set
//! keeps for it.
//!
//! Every method hands its points over as [`Point`]s; those that keep no spacing (random scatter,
//! the jittered grid) give them radius 0. A point converts to its bare `[x, y]` position
//! ([`From`] below, and [`xy`] for a whole set), and with the `mint` feature to and from
//! [`mint::Point2<f64>`](https://docs.rs/mint), which glam, nalgebra and cgmath all accept.

/// A placed point and the spacing it keeps: no other point comes closer than the smaller of the
/// two radii.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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

/// A point's position alone, for glam, nalgebra or cgmath: the radius is dropped.
///
/// ```
/// # #[cfg(feature = "mint")] {
/// use poisson_live::Point;
/// let p: mint::Point2<f64> = Point { x: 3.0, y: 4.0, r: 24.0 }.into();
/// assert_eq!((p.x, p.y), (3.0, 4.0));
/// # }
/// ```
#[cfg(feature = "mint")]
impl From<Point> for mint::Point2<f64> {
    fn from(p: Point) -> Self {
        mint::Point2 { x: p.x, y: p.y }
    }
}

/// A position as a point that keeps no spacing (`r = 0`, as random scatter's points do); set
/// `r` if it should.
///
/// ```
/// # #[cfg(feature = "mint")] {
/// use poisson_live::Point;
/// let p = Point::from(mint::Point2 { x: 3.0, y: 4.0 });
/// assert_eq!(p, Point { x: 3.0, y: 4.0, r: 0.0 });
/// # }
/// ```
#[cfg(feature = "mint")]
impl From<mint::Point2<f64>> for Point {
    fn from(p: mint::Point2<f64>) -> Self {
        Point {
            x: p.x,
            y: p.y,
            r: 0.0,
        }
    }
}

/// The positions of `points` as bare `[x, y]` pairs, for code that stores them so.
pub fn xy(points: &[Point]) -> Vec<[f64; 2]> {
    points.iter().map(|&p| p.into()).collect()
}

/// One point of an editable set ([`crate::EditableSet`]) with its id and class.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Item {
    /// Its id: stable for the point's life, never given to another point.
    pub id: u32,
    /// Its class: an index into the set's [`ClassTable`](crate::classes::ClassTable), or 0 in
    /// a set without one.
    pub class: u16,
    /// Where it stands and the spacing it keeps.
    pub point: Point,
}
