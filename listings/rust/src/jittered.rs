// Step 2: one random point in every cell of a regular grid.

use crate::random::Rng;

/// Rows outer, columns inner, x before y: the order of the draws is part of the result. Cells
/// that do not fit whole at the right and bottom edges are left out.
pub fn jittered_grid(spacing: f64, width: f64, height: f64, seed: i32) -> Option<Vec<(f64, f64)>> {
    let mut rng = Rng::new(seed)?;
    let cols = (width / spacing).floor() as usize;
    let rows = (height / spacing).floor() as usize;
    let mut points = Vec::with_capacity(cols * rows);
    for row in 0..rows {
        for col in 0..cols {
            let x = (col as f64 + rng.next_float()) * spacing;
            let y = (row as f64 + rng.next_float()) * spacing;
            points.push((x, y));
        }
    }
    Some(points)
}
