//! The two baselines the tutorial starts from: uniform random points, which clump and leave
//! holes, and the jittered grid, which is even but shows its rows. Neither keeps a spacing, so
//! their points have radius 0.

use crate::base::error::{at_most_points, positive, Advice, Error, Result, DEFAULT_MAX_CELLS};
use crate::base::point::Point;
use crate::base::rng::ParkMiller;

/// `count` points drawn uniformly on a `width × height` map: for each point x, then y.
///
/// ```
/// let a = poisson_live::random_points(50, 720.0, 400.0, 1).unwrap();
/// assert_eq!(a.len(), 50);
/// assert_eq!(a, poisson_live::random_points(50, 720.0, 400.0, 1).unwrap());
/// ```
pub fn random_points(count: usize, width: f64, height: f64, seed: i32) -> Result<Vec<Point>> {
    let width = positive("width", width)?;
    let height = positive("height", height)?;
    at_most_points(
        count,
        DEFAULT_MAX_CELLS,
        || format!("a random scatter of {count} points"),
        || Advice::at_most_points(DEFAULT_MAX_CELLS),
    )?;
    let mut rng = ParkMiller::new(seed)?;
    Ok((0..count)
        .map(|_| {
            let x = rng.next_f64() * width;
            let y = rng.next_f64() * height;
            Point { x, y, r: 0.0 }
        })
        .collect())
}

/// One point in each cell of a square grid of side `spacing`, at a random spot inside it.
///
/// The grid has `floor(width / spacing)` columns and `floor(height / spacing)` rows (a partial
/// cell at the edge gets no point); rows outer, columns inner, x drawn before y.
pub fn jittered_grid(spacing: f64, width: f64, height: f64, seed: i32) -> Result<Vec<Point>> {
    let width = positive("width", width)?;
    let height = positive("height", height)?;
    let spacing = positive("spacing", spacing)?;
    let cols = (width / spacing).floor();
    let rows = (height / spacing).floor();
    if cols * rows > DEFAULT_MAX_CELLS as f64 {
        return Err(Error::TooMuchWork {
            subject: format!(
                "a jittered grid of spacing {} on {} × {}",
                crate::base::error::short(spacing),
                crate::base::error::short(width),
                crate::base::error::short(height)
            ),
            what: "points",
            needed: cols * rows,
            limit: DEFAULT_MAX_CELLS,
            hint: Advice::at_least(
                "spacing",
                (width * height / DEFAULT_MAX_CELLS as f64).sqrt(),
            ),
        });
    }
    let mut rng = ParkMiller::new(seed)?;
    if cols == 0.0 || rows == 0.0 {
        // A spacing wider than the map: no whole cell, no point (and no loop over empty rows).
        return Ok(Vec::new());
    }
    let (cols, rows) = (cols as usize, rows as usize);
    let mut out = Vec::with_capacity(cols * rows);
    for row in 0..rows {
        for col in 0..cols {
            let x = (col as f64 + rng.next_f64()) * spacing;
            let y = (row as f64 + rng.next_f64()) * spacing;
            out.push(Point { x, y, r: 0.0 });
        }
    }
    Ok(out)
}
