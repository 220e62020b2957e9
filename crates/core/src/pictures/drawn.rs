//! The built-in pictures of the stipple lab, drawn in code so it has something to stipple
//! without a file: a shaded sphere, a radial gradient, a tree silhouette and rings.
//!
//! [`PictureJob`] draws one a few rows at a time (a [`Job`]); [`Picture::render`] is it run to
//! the end. Only `+ − × ÷`, `floor` and square roots: the same bytes in every build.

use crate::base::error::Result;
use crate::base::job::Job;
use crate::base::names::named;
use crate::base::noise::smoothstep;
use crate::pictures::image::{check_size, Bytes, StippleImage};

/// Pixels drawn per unit of a [`PictureJob`]'s budget: about one Bridson step's worth of work.
const PIXELS_PER_UNIT: usize = 20;

/// The built-in pictures, drawn in code so the lab has something to stipple without a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Picture {
    /// An orange ball lit from the upper left, with a soft shadow on a white floor.
    Sphere,
    /// A radial gradient from deep blue through teal to a pale edge.
    Gradient,
    /// A dark tree on a pale sky over a green hill: a good mask.
    Tree,
    /// Concentric rings, red and blue by turns, fading towards the corners.
    Rings,
}

named!(Picture {
    Sphere => "sphere",
    Gradient => "gradient",
    Tree => "tree",
    Rings => "rings",
});

impl Picture {
    /// A label for a menu.
    pub fn label(self) -> &'static str {
        match self {
            Picture::Sphere => "Shaded sphere",
            Picture::Gradient => "Radial gradient",
            Picture::Tree => "Tree silhouette",
            Picture::Rings => "Rings",
        }
    }

    /// The picture drawn at `width × height` pixels (RGB). Shapes are laid out in units of the
    /// shorter side, centred, so any size looks alike. Only `+ − × ÷`, `floor` and square roots:
    /// the same bytes in every build.
    pub fn render(self, width: usize, height: usize) -> Result<StippleImage> {
        self.rendering(width, height)?.run_to_end()
    }

    /// The same drawing as a [`Job`], a few rows at a time, for a page that must not block while
    /// a large picture is drawn. Fails as [`Picture::render`] does.
    pub fn rendering(self, width: usize, height: usize) -> Result<PictureJob> {
        let pixels = check_size(width, height)?;
        let (w, h) = (width as f64, height as f64);
        Ok(PictureJob {
            picture: self,
            width,
            height,
            frame: Frame {
                cx: w / 2.0,
                cy: h / 2.0,
                s: w.min(h),
                diag: (w * w + h * h).sqrt() / 2.0,
            },
            rows_done: 0,
            bytes: Bytes(Vec::with_capacity(pixels * 3)),
            taken: false,
        })
    }
}

/// A built-in picture being drawn row by row ([`Picture::rendering`]), as a [`Job`] whose output is
/// the [`StippleImage`]. A unit of work is about 20 pixels; a call draws whole rows, at least one.
/// Each pixel depends on its own position only, so the bytes are those of [`Picture::render`]
/// however the rows are cut.
#[derive(Debug)]
pub struct PictureJob {
    picture: Picture,
    width: usize,
    height: usize,
    frame: Frame,
    rows_done: usize,
    /// The rows drawn so far; handed over by `take`.
    bytes: Bytes,
    /// True once `take` handed the picture over.
    taken: bool,
}

impl PictureJob {
    /// Draws up to `max_rows` more rows; true once every row is drawn. ([`Job::run`] counts in
    /// units of work; the bindings count in rows until they use it.)
    pub fn draw_rows(&mut self, max_rows: usize) -> bool {
        let last = self.rows_done.saturating_add(max_rows).min(self.height);
        for y in self.rows_done..last {
            for x in 0..self.width {
                let (px, py) = (x as f64 + 0.5, y as f64 + 0.5);
                let f = &self.frame;
                let c = match self.picture {
                    Picture::Sphere => sphere(f, px, py),
                    Picture::Gradient => gradient(f, px, py),
                    Picture::Tree => tree(f, px, py),
                    Picture::Rings => rings(f, px, py),
                };
                self.bytes.0.extend(c.map(to_byte));
            }
        }
        self.rows_done = last;
        self.rows_done == self.height
    }

    /// Rows drawn so far.
    pub fn rows_done(&self) -> usize {
        self.rows_done
    }
    /// Rows in all (the picture's height).
    pub fn rows(&self) -> usize {
        self.height
    }

    /// The picture, its remaining rows drawn first ([`Job::run_to_end`]).
    pub fn into_image(self) -> Result<StippleImage> {
        self.run_to_end()
    }
}

impl Job for PictureJob {
    type Output = StippleImage;

    fn run(&mut self, budget: u64) -> Result<bool> {
        if budget == 0 {
            return Ok(self.rows_done == self.height);
        }
        let row_cost = self.width.div_ceil(PIXELS_PER_UNIT) as u64;
        let rows = usize::try_from(budget.div_ceil(row_cost)).unwrap_or(usize::MAX);
        Ok(self.draw_rows(rows))
    }

    /// Rows drawn over rows in all.
    fn progress(&self) -> f64 {
        self.rows_done as f64 / self.height as f64
    }

    fn take(&mut self) -> Option<StippleImage> {
        if self.rows_done < self.height || self.taken {
            return None;
        }
        self.taken = true;
        let bytes = std::mem::take(&mut self.bytes.0);
        let image = StippleImage::rgb(self.width, self.height, bytes)
            .expect("the size was checked when the rendering began, and every row is drawn");
        Some(image)
    }
}

/// Where a picture is drawn: centre, shorter side, half diagonal.
#[derive(Debug)]
struct Frame {
    cx: f64,
    cy: f64,
    s: f64,
    diag: f64,
}

type Rgb = [f64; 3];

fn to_byte(v: f64) -> u8 {
    (v.clamp(0.0, 255.0) + 0.5).floor() as u8
}

fn blend(a: Rgb, b: Rgb, t: f64) -> Rgb {
    [
        a[0] + (b[0] - a[0]) * t,
        a[1] + (b[1] - a[1]) * t,
        a[2] + (b[2] - a[2]) * t,
    ]
}

const WHITE: Rgb = [255.0, 255.0, 255.0];

fn sphere(f: &Frame, x: f64, y: f64) -> Rgb {
    let r = 0.36 * f.s;
    let (cx, cy) = (f.cx, f.cy - 0.06 * f.s);
    // A soft elliptical shadow on the floor, below and to the right of the ball.
    let (sx, sy) = (
        (x - (cx + 0.3 * r)) / (1.15 * r),
        (y - (cy + 0.95 * r)) / (0.26 * r),
    );
    let e = (sx * sx + sy * sy).sqrt();
    let shade = 0.55 * (1.0 - smoothstep(0.2, 1.0, e));
    let floor = blend(WHITE, [40.0, 40.0, 50.0], shade);
    let (dx, dy) = ((x - cx) / r, (y - cy) / r);
    let d2 = dx * dx + dy * dy;
    let d = d2.sqrt();
    let cover = ((1.0 - d) * r + 0.5).clamp(0.0, 1.0);
    if cover == 0.0 {
        return floor;
    }
    let nz = (1.0 - d2).max(0.0).sqrt();
    // Light from the upper left and in front; the highlight uses the half vector to the viewer.
    let (lx, ly, lz): (f64, f64, f64) = (-0.48, -0.58, 0.66);
    let ln = (lx * lx + ly * ly + lz * lz).sqrt();
    let (lx, ly, lz) = (lx / ln, ly / ln, lz / ln);
    let diffuse = (dx * lx + dy * ly + nz * lz).max(0.0);
    let (hx, hy, hz) = (lx, ly, lz + 1.0);
    let hn = (hx * hx + hy * hy + hz * hz).sqrt();
    let mut spec = ((dx * hx + dy * hy + nz * hz) / hn).max(0.0);
    for _ in 0..5 {
        spec *= spec; // ^32
    }
    let base = [236.0, 116.0, 36.0];
    let lit = 0.1 + 0.9 * diffuse;
    let ball = [
        base[0] * lit + 200.0 * spec,
        base[1] * lit + 200.0 * spec,
        base[2] * lit + 200.0 * spec,
    ];
    blend(floor, ball, cover)
}

fn gradient(f: &Frame, x: f64, y: f64) -> Rgb {
    let (dx, dy) = (x - f.cx, y - f.cy);
    let t = ((dx * dx + dy * dy).sqrt() / f.diag).min(1.0);
    let (deep, teal, pale) = (
        [18.0, 24.0, 96.0],
        [32.0, 150.0, 160.0],
        [252.0, 246.0, 232.0],
    );
    if t < 0.45 {
        blend(deep, teal, t / 0.45)
    } else {
        blend(teal, pale, smoothstep(0.45, 0.95, t))
    }
}

/// Signed distance from `(x, y)` to a disc (negative inside).
fn disc(x: f64, y: f64, cx: f64, cy: f64, r: f64) -> f64 {
    let (dx, dy) = (x - cx, y - cy);
    (dx * dx + dy * dy).sqrt() - r
}

fn tree(f: &Frame, x: f64, y: f64) -> Rgb {
    let s = f.s;
    let (u, v) = ((x - f.cx) / s, (y - f.cy) / s);
    // Sky: pale blue at the top, white at the horizon.
    let sky = blend(
        [205.0, 224.0, 242.0],
        WHITE,
        ((y / (f.cy * 2.0)) * 1.3).min(1.0),
    );
    // A gentle hill: its top edge is a parabola.
    let hill_top = 0.34 - 0.25 * u * u;
    let hill = ((v - hill_top) * s + 0.5).clamp(0.0, 1.0);
    let mut c = blend(sky, [150.0, 186.0, 110.0], hill);
    // The trunk: a tapered bar from the hill to the crown.
    let half = 0.035 + 0.02 * ((v + 0.05) / 0.45).clamp(0.0, 1.0);
    let trunk_edge = (half - u.abs()) * s;
    let trunk = if v > -0.05 && v < 0.40 {
        (trunk_edge + 0.5).clamp(0.0, 1.0)
    } else {
        0.0
    };
    c = blend(c, [74.0, 48.0, 28.0], trunk);
    // The crown: a union of discs (the smallest signed distance).
    let crown = [
        (0.0, -0.22, 0.20),
        (-0.17, -0.12, 0.14),
        (0.17, -0.12, 0.14),
        (-0.10, -0.33, 0.12),
        (0.11, -0.32, 0.12),
        (-0.25, -0.02, 0.08),
        (0.25, -0.03, 0.085),
        (0.0, -0.02, 0.12),
    ];
    let d = crown
        .iter()
        .map(|&(cx, cy, r)| disc(u, v, cx, cy, r))
        .fold(f64::INFINITY, f64::min);
    let leaf = (0.5 - d * s).clamp(0.0, 1.0);
    // Darker towards the lower right of the crown, for a little depth.
    let depth = ((u + v + 0.5) * 0.8).clamp(0.0, 1.0);
    blend(
        c,
        blend([46.0, 104.0, 52.0], [20.0, 58.0, 30.0], depth),
        leaf,
    )
}

fn rings(f: &Frame, x: f64, y: f64) -> Rgb {
    let (dx, dy) = (x - f.cx, y - f.cy);
    let d = (dx * dx + dy * dy).sqrt();
    let period = f.s / 9.0;
    let phase = d / period;
    let ring = phase.floor();
    // A triangle wave: 0 between rings, 1 on a ring's middle line.
    let tri = 1.0 - (2.0 * (phase - ring) - 1.0).abs();
    let ink = smoothstep(0.25, 0.75, tri);
    let color = if ring as i64 % 2 == 0 {
        [28.0, 52.0, 150.0]
    } else {
        [200.0, 36.0, 44.0]
    };
    let fade = 1.0 - smoothstep(0.55, 1.0, d / f.diag);
    blend(WHITE, color, ink * fade)
}
