// Step 2: one random point in every cell of a regular grid.

use crate::grid::MAX_CELLS;
use crate::random::{check_positive, ParkMiller};

/// Rows outer, columns inner, x before y: the order of the draws is part of the result. Cells
/// that do not fit whole at the right and bottom edges are left out.
pub fn jittered_grid(
    spacing: f64,
    width: f64,
    height: f64,
    seed: i32,
) -> Result<Vec<(f64, f64)>, String> {
    check_positive("spacing", spacing)?;
    check_positive("width", width)?;
    check_positive("height", height)?;
    let (cols, rows) = ((width / spacing).floor(), (height / spacing).floor());
    if cols * rows > MAX_CELLS {
        return Err(format!(
            "a spacing of {spacing} is too small for a {width} × {height} map"
        ));
    }
    let (cols, rows) = (cols as usize, rows as usize);
    let mut rng = ParkMiller::new(seed)?;
    let mut points = Vec::with_capacity(cols * rows);
    for row in 0..rows {
        for col in 0..cols {
            let x = (col as f64 + rng.next_float()) * spacing;
            let y = (row as f64 + rng.next_float()) * spacing;
            points.push((x, y));
        }
    }
    Ok(points)
}
