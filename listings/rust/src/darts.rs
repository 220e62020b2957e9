// Step 3: dart throwing. Throw a point anywhere; keep it if it is far enough from every kept one.

use crate::random::{check_positive, ParkMiller};

/// One dart: where it landed and whether it was kept.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Dart {
    pub x: f64,
    pub y: f64,
    pub kept: bool,
}

/// Throws one dart at a time, so a picture can show each one.
pub struct DartThrower {
    width: f64,
    height: f64,
    radius: f64,
    max_misses: u32,
    rng: ParkMiller,
    misses: u32,
    pub kept: Vec<(f64, f64)>,
}

impl DartThrower {
    /// A radius of 0 would keep every dart and never miss, so the throwing would never end.
    pub fn new(
        width: f64,
        height: f64,
        radius: f64,
        max_misses: u32,
        seed: i32,
    ) -> Result<Self, String> {
        Ok(DartThrower {
            width: check_positive("width", width)?,
            height: check_positive("height", height)?,
            radius: check_positive("radius", radius)?,
            max_misses,
            rng: ParkMiller::new(seed)?,
            misses: 0,
            kept: Vec::new(),
        })
    }

    /// There is no way to know the map is full, so stop after `max_misses` misses in a row.
    pub fn throw(&mut self) -> Option<Dart> {
        if self.misses >= self.max_misses {
            return None;
        }
        let x = self.rng.next_float() * self.width;
        let y = self.rng.next_float() * self.height;
        // Every kept point is checked: simple, and slow once the map fills. Squared distances
        // give the same answer as distances without a square root.
        let far_enough = self.kept.iter().all(|&(px, py)| {
            let (dx, dy) = (x - px, y - py);
            dx * dx + dy * dy >= self.radius * self.radius
        });
        if far_enough {
            self.kept.push((x, y));
            self.misses = 0;
        } else {
            self.misses += 1;
        }
        Some(Dart {
            x,
            y,
            kept: far_enough,
        })
    }
}

/// Dart throwing in one call: the kept points.
pub fn dart_throwing(
    width: f64,
    height: f64,
    radius: f64,
    max_misses: u32,
    seed: i32,
) -> Result<Vec<(f64, f64)>, String> {
    let mut darts = DartThrower::new(width, height, radius, max_misses, seed)?;
    while darts.throw().is_some() {}
    Ok(darts.kept)
}
