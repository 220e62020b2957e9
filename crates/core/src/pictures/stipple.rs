//! Stippling: dots whose spacing follows a picture, and even dots on its dark ground.
//!
//! A stipple is a variable-radius Poisson disk set whose radius rule reads a picture: dark
//! parts get a small spacing and crowded dots, bright parts the maximum spacing and few dots.
//! Being blue noise (no clumps, no rows), the set lets the eye read the tone, not the pattern.
//! The same picture can serve as a ground rule: [`mask_from_image`] allows points only where it
//! is darker than a threshold, for any [`Sampler`] or layer.
//!
//! Pictures are [`StippleImage`]s (one map unit per pixel), read from a file or drawn in code
//! ([`Picture`]). [`Stippling`] is the stipple lab's [`Job`]: one set (mono, mask) or three
//! (colour); [`stipple`], [`stipple_colour`] and [`masked_poisson`] are it run to the end.
//!
//! Brightness is read with integer weights and bilinear interpolation, and the tone curve uses
//! only `+ − × ÷` and square roots ([`Tone`]): no math library, so a seed gives the same dots,
//! to the bit, natively and in WebAssembly.
//!
//! ```
//! use poisson_live::stipple::{stipple, Picture, StippleParams};
//! let sphere = Picture::Sphere.render(240, 160)?;
//! let params = StippleParams { min_radius: 2.0, max_radius: 10.0, gamma: None, k: 30, seed: 123456 };
//! let dots = stipple(&sphere, params)?;
//! assert!(dots.iter().all(|p| (2.0..=10.0).contains(&p.r)));
//! # Ok::<(), poisson_live::Error>(())
//! ```

use crate::base::error::{in_range, radius_range, Result};
use crate::base::job::{bridson_points, Budget, Handover, Job};
use crate::base::point::Point;
use crate::classic::bridson::{variable_sampler, BlockCursor, Sampler, SamplerParams};

pub use crate::pictures::drawn::{Picture, PictureJob};
pub use crate::pictures::image::{Channels, Plane, StippleImage, MAX_PIXELS};
pub use crate::pictures::mask::{mask_from_image, ImageMask};

/// The gammas a [`Tone`] accepts: `1/16` to `8`.
pub const GAMMA_RANGE: (f64, f64) = (1.0 / 16.0, 8.0);

/// The tone curve: which radius a brightness gets.
///
/// Dots of one size shade by their number per area, which goes as `1 / r²`. So the curve makes
/// that number, not the radius, follow the darkness: with `m = (min / max)²` and `b` the
/// brightness in `[0, 1]`, the ink `c = m + (1 − m) · (1 − b^γ)` runs from `m` on white to 1 on
/// black, and `radius = min / √c`. Black gets `min`, white gets `max`, and a mid grey gets about
/// half as many dots per area as black (a radius near `min · √2`, far below the middle of the
/// range). A gamma above 1 darkens the mid-tones (more dots), below 1 lightens them.
///
/// The gamma is used to the nearest sixteenth, so that `b^γ` can be built from square roots and
/// products alone — `b^(n + f/16) = bⁿ · (b^(1/16))^f` with `b^(1/16)` four nested square
/// roots — and gives the same bits in every build (a general `powf` does not promise that).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tone {
    min_radius: f64,
    max_radius: f64,
    sixteenths: u32,
}

impl Tone {
    /// A tone curve from `min_radius` (black) to `max_radius` (white); `gamma` defaults to 1.
    ///
    /// Both radii must be finite and > 0 with `min ≤ max` ([`crate::Error::RadiusOrder`]), and the
    /// gamma within [`GAMMA_RANGE`].
    pub fn new(min_radius: f64, max_radius: f64, gamma: Option<f64>) -> Result<Self> {
        let (min_radius, max_radius) = radius_range(min_radius, max_radius)?;
        let gamma = in_range("gamma", gamma.unwrap_or(1.0), GAMMA_RANGE.0, GAMMA_RANGE.1)?;
        Ok(Self {
            min_radius,
            max_radius,
            sixteenths: (gamma * 16.0).round() as u32,
        })
    }

    /// The gamma in use (a multiple of 1/16).
    pub fn gamma(&self) -> f64 {
        f64::from(self.sixteenths) / 16.0
    }
    /// The radius for black.
    pub fn min_radius(&self) -> f64 {
        self.min_radius
    }
    /// The radius for white.
    pub fn max_radius(&self) -> f64 {
        self.max_radius
    }

    /// `b^γ` for `b` clamped into `[0, 1]`.
    pub fn curve(&self, brightness: f64) -> f64 {
        let b = if brightness > 0.0 {
            brightness.min(1.0)
        } else {
            0.0
        };
        let (whole, sixteenths) = (self.sixteenths / 16, self.sixteenths % 16);
        let mut out = 1.0;
        for _ in 0..whole {
            out *= b;
        }
        if sixteenths > 0 {
            let root = b.sqrt().sqrt().sqrt().sqrt();
            for _ in 0..sixteenths {
                out *= root;
            }
        }
        out
    }

    /// The radius for a brightness in `[0, 1]`.
    pub fn radius(&self, brightness: f64) -> f64 {
        let ratio = self.min_radius / self.max_radius;
        let m = ratio * ratio;
        let ink = m + (1.0 - m) * (1.0 - self.curve(brightness));
        (self.min_radius / ink.sqrt()).clamp(self.min_radius, self.max_radius)
    }
}

/// What a stipple is made from, besides the picture: the radius on black and on white, the tone
/// curve's gamma, the tries per step and the seed.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct StippleParams {
    /// The spacing on black (the densest dots).
    pub min_radius: f64,
    /// The spacing on white (the sparsest).
    pub max_radius: f64,
    /// The tone curve's gamma, `1/16` to `8`; `None` is 1 (see [`Tone`]).
    pub gamma: Option<f64>,
    /// Tries per step, `1..=MAX_K`.
    pub k: u32,
    /// The 32-bit seed.
    pub seed: i32,
}

impl StippleParams {
    /// The tone curve these parameters describe; the errors of [`Tone::new`].
    pub fn tone(&self) -> Result<Tone> {
        Tone::new(self.min_radius, self.max_radius, self.gamma)
    }
}

/// A started, step-by-step stippling sampler over one plane (brightness or a colour channel).
fn plane_sampler(plane: Plane, tone: Tone, k: u32, seed: i32) -> Result<Sampler> {
    let (w, h) = (plane.width() as f64, plane.height() as f64);
    let mut s = variable_sampler(
        SamplerParams {
            width: w,
            height: h,
            radius: tone.min_radius,
            k,
            seed,
        },
        tone.max_radius,
        move |x, y| tone.radius(plane.bilinear(x, y)),
    )?;
    s.start_random();
    Ok(s)
}

/// The stippling sampler for a picture, first dot placed (drawn from the seed), ready to
/// [`Sampler::run`] in slices: its radius follows the picture's brightness through [`Tone`].
/// Width and height come from the picture; the radii, gamma, `k` and seed must be valid as for
/// [`Tone::new`] and [`Sampler::new`].
pub fn stipple_sampler(image: &StippleImage, params: StippleParams) -> Result<Sampler> {
    plane_sampler(image.luma_plane(), params.tone()?, params.k, params.seed)
}

/// Stipples a picture: a variable-radius Poisson disk set on its `width × height` map whose
/// radius runs from `min_radius` on black to `max_radius` on white (see [`Tone`]: the dots per
/// area follow the darkness). Each point carries its own radius; two points are never closer
/// than the smaller of their radii. [`Stippling::mono`] run to the end.
pub fn stipple(image: &StippleImage, params: StippleParams) -> Result<Vec<Point>> {
    let mut sets = Stippling::mono(image, params)?.run_to_end()?;
    Ok(sets.pop().expect("a mono stippling holds one set"))
}

/// The three printing inks of the colour mode, in the order their sets come back.
///
/// Each ink's amount is one minus a colour channel: cyan absorbs red, so cyan ink goes where
/// the picture has little red (`1 − R`); magenta where it has little green; yellow where it has
/// little blue. Printed over each other on white (multiplied), the three sets rebuild the
/// colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Ink {
    /// Cyan, from `1 − R`.
    Cyan,
    /// Magenta, from `1 − G`.
    Magenta,
    /// Yellow, from `1 − B`.
    Yellow,
}

impl Ink {
    /// Cyan, magenta, yellow.
    pub const ALL: [Ink; 3] = [Ink::Cyan, Ink::Magenta, Ink::Yellow];

    /// The colour channel the ink reads (0 red, 1 green, 2 blue).
    pub fn channel(self) -> usize {
        self as usize
    }
    /// `cyan`, `magenta` or `yellow`.
    pub fn name(self) -> &'static str {
        match self {
            Ink::Cyan => "cyan",
            Ink::Magenta => "magenta",
            Ink::Yellow => "yellow",
        }
    }
    /// The ink's colour as RGB.
    pub fn color(self) -> [u8; 3] {
        match self {
            Ink::Cyan => [0, 174, 239],
            Ink::Magenta => [236, 0, 140],
            Ink::Yellow => [255, 230, 0],
        }
    }
}

/// The seed of one ink's set in the colour mode: cyan uses `seed` itself; magenta and yellow
/// use a hash of the seed and the ink, folded into `1..=2147483646`, so the three sets are
/// independent and none is the stuck seed.
pub fn ink_seed(seed: i32, ink: Ink) -> i32 {
    match ink {
        Ink::Cyan => seed,
        other => crate::base::rng::folded_sub_seed(seed, 0x5717_0000 + other as u32),
    }
}

/// The colour mode's three samplers (cyan, magenta, yellow), each started, each with its own
/// radius rule (the channel's brightness through the same [`Tone`]) and its own seed
/// ([`ink_seed`]).
pub fn colour_samplers(image: &StippleImage, params: StippleParams) -> Result<[Sampler; 3]> {
    let tone = params.tone()?;
    crate::base::rng::Seed::new(params.seed)?;
    let make = |ink: Ink| {
        let plane = image.channel_plane(ink.channel());
        plane_sampler(plane, tone, params.k, ink_seed(params.seed, ink))
    };
    Ok([make(Ink::Cyan)?, make(Ink::Magenta)?, make(Ink::Yellow)?])
}

/// Stipples a picture in three inks: cyan, magenta and yellow point sets, each a variable-radius
/// set over its own channel (see [`Ink`], [`colour_samplers`]). [`Stippling::colour`] run to the
/// end.
pub fn stipple_colour(image: &StippleImage, params: StippleParams) -> Result<[Vec<Point>; 3]> {
    let sets = Stippling::colour(image, params)?.run_to_end()?;
    Ok(<[Vec<Point>; 3]>::try_from(sets).expect("a colour stippling holds one set per ink"))
}

/// An even Poisson set (spacing `radius`, `k` tries per step) on the picture's map, allowed only
/// where the picture is darker than `threshold` ([`mask_from_image`]), ready to run. Because a
/// mask can cut the map into separate islands, the sampler first seeds every block of `2r × 2r`
/// ([`Sampler::seed_blocks`]), so every dark patch big enough gets dots.
pub fn masked_sampler(
    image: &StippleImage,
    threshold: f64,
    radius: f64,
    k: u32,
    seed: i32,
) -> Result<Sampler> {
    let (mut s, _) = unseeded_mask_sampler(image, threshold, radius, k, seed)?;
    s.seed_blocks();
    Ok(s)
}

/// [`masked_sampler`] before its blocks are seeded: cheap to make, so a page can check the
/// input at once and seed the blocks in slices ([`Sampler::seed_some_blocks`]). Also about how
/// many points it will place.
fn unseeded_mask_sampler(
    image: &StippleImage,
    threshold: f64,
    radius: f64,
    k: u32,
    seed: i32,
) -> Result<(Sampler, f64)> {
    let mask = mask_from_image(image, threshold)?;
    let (w, h) = (image.width() as f64, image.height() as f64);
    let sampler = Sampler::new(w, h, radius, k, seed)?;
    let expected = expected_points(w, h, |x, y| {
        if mask.allows(x, y) {
            radius
        } else {
            f64::INFINITY
        }
    });
    Ok((
        sampler.with_allowed(move |x, y| mask.allows(x, y)),
        expected,
    ))
}

/// [`masked_sampler`] run to the end: the points. [`Stippling::masked`] run to the end.
pub fn masked_poisson(
    image: &StippleImage,
    threshold: f64,
    radius: f64,
    k: u32,
    seed: i32,
) -> Result<Vec<Point>> {
    let mut sets = Stippling::masked(image, threshold, radius, k, seed)?.run_to_end()?;
    Ok(sets.pop().expect("a masked stippling holds one set"))
}

/// What a [`Stippling`] draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Mode {
    /// One set of black dots following brightness.
    Mono,
    /// Three sets, cyan, magenta and yellow ([`Ink`]).
    Colour,
    /// One even set on the picture's dark ground.
    Mask,
}

/// The stipple lab's work as a [`Job`]: one or three samplers, run in slices so a page never
/// blocks. Its output is the point sets: one, or three (cyan, magenta, yellow).
///
/// A unit of work is one sampler step, or for a mask one `2r` block seeded. Making a stippling
/// is cheap in every mode: the mask's block seeding (a try in every block, many thousands at a
/// small spacing) waits for the first runs. The sets are independent and each grows by its own
/// steps in its own order, so the points are those of the one-call functions however the work
/// is cut.
///
/// ```
/// use poisson_live::stipple::{stipple, Picture, StippleParams, Stippling};
/// use poisson_live::Job;
/// let rings = Picture::Rings.render(120, 80)?;
/// let params = StippleParams { min_radius: 2.0, max_radius: 8.0, gamma: None, k: 30, seed: 5 };
/// let mut job = Stippling::mono(&rings, params)?;
/// while !job.run(100)? {
///     assert!(job.progress() < 1.0);
/// }
/// assert_eq!(job.take(), Some(vec![stipple(&rings, params)?]));
/// # Ok::<(), poisson_live::Error>(())
/// ```
#[derive(Debug)]
pub struct Stippling {
    mode: Mode,
    /// The samplers; empty once their points are taken.
    sets: Vec<Sampler>,
    /// The mask's next block to seed, until every block is seeded (`None` in other modes).
    seeding: Option<BlockCursor>,
    /// The mask's blocks seeded so far, and in all (0 in other modes).
    seeded: u64,
    blocks: f64,
    /// About how many points each set will hold, for the progress.
    expected: Vec<f64>,
    handover: Handover,
}

impl Stippling {
    /// Black dots: [`stipple_sampler`], with its errors.
    pub fn mono(image: &StippleImage, params: StippleParams) -> Result<Self> {
        Ok(Self::grown(
            Mode::Mono,
            vec![stipple_sampler(image, params)?],
        ))
    }

    /// Three inks: [`colour_samplers`], with their errors.
    pub fn colour(image: &StippleImage, params: StippleParams) -> Result<Self> {
        Ok(Self::grown(
            Mode::Colour,
            colour_samplers(image, params)?.into(),
        ))
    }

    /// An even set on dark ground: [`masked_sampler`] with its errors, its blocks seeded by the
    /// first runs.
    pub fn masked(
        image: &StippleImage,
        threshold: f64,
        radius: f64,
        k: u32,
        seed: i32,
    ) -> Result<Self> {
        let (sampler, expected) = unseeded_mask_sampler(image, threshold, radius, k, seed)?;
        let spacing = 2.0 * radius;
        let (w, h) = (image.width() as f64, image.height() as f64);
        Ok(Self {
            mode: Mode::Mask,
            sets: vec![sampler],
            seeding: Some(BlockCursor::default()),
            seeded: 0,
            blocks: (w / spacing).ceil() * (h / spacing).ceil(),
            expected: vec![expected],
            handover: Handover::default(),
        })
    }

    /// Sets that grow from their first dot, each from its own radius rule.
    fn grown(mode: Mode, sets: Vec<Sampler>) -> Self {
        let expected = sets
            .iter()
            .map(|s| {
                let (w, h) = (s.grid().width(), s.grid().height());
                expected_points(w, h, |x, y| s.radius_at(x, y))
            })
            .collect();
        Self {
            mode,
            sets,
            seeding: None,
            seeded: 0,
            blocks: 0.0,
            expected,
            handover: Handover::default(),
        }
    }

    /// Up to `budget` steps in all, shared out between the unfinished sets in turns (so the
    /// three inks grow together); true when every set is full. A mask seeds its blocks first.
    fn grow(&mut self, budget: u64) -> bool {
        const TURN: u64 = 64;
        let mut budget = Budget::new(budget);
        if let Some(cursor) = self.seeding.as_mut() {
            while budget.left() {
                budget.spend(1);
                self.seeded += 1;
                if self.sets[0].seed_some_blocks(cursor, 1) {
                    self.seeding = None;
                    break;
                }
            }
        }
        if self.seeding.is_none() {
            while budget.left() && !self.sets_full() {
                for s in self.sets.iter_mut().filter(|s| !s.is_finished()) {
                    for _ in 0..budget.units().min(TURN) {
                        if !s.step().did_something() {
                            break;
                        }
                        budget.spend(1);
                    }
                    if !budget.left() {
                        break;
                    }
                }
            }
        }
        self.handover.show(self.estimate());
        self.sets_full()
    }

    /// True when every block is seeded and every set is full.
    fn sets_full(&self) -> bool {
        self.seeding.is_none() && self.sets.iter().all(Sampler::is_finished)
    }

    /// Steps done over steps expected: seeding the blocks, then about two steps per point.
    fn estimate(&self) -> f64 {
        let steps: u64 = self.sets.iter().map(Sampler::steps).sum();
        let expected: f64 = self
            .sets
            .iter()
            .zip(&self.expected)
            .map(|(s, &n)| 2.0 * n.max(s.points().len() as f64))
            .sum();
        (self.seeded as f64 + steps as f64) / (self.blocks + expected).max(1.0)
    }

    /// Mono, colour or mask.
    pub fn mode(&self) -> Mode {
        self.mode
    }
    /// The samplers: one, or three (cyan, magenta, yellow).
    pub fn sets(&self) -> &[Sampler] {
        &self.sets
    }
    /// The points of set `i`; empty for a set that does not exist.
    pub fn points(&self, i: usize) -> &[Point] {
        self.sets.get(i).map_or(&[], |s| s.points())
    }
    /// Points in all sets.
    pub fn total(&self) -> usize {
        self.sets.iter().map(|s| s.points().len()).sum()
    }
}

impl Job for Stippling {
    type Output = Vec<Vec<Point>>;

    fn run(&mut self, budget: u64) -> Result<bool> {
        Ok(self.grow(budget))
    }

    /// Steps done over about `2N` per set (and the mask's blocks), `N` estimated from the radius
    /// the picture asks for across the map.
    fn progress(&self) -> f64 {
        self.handover.progress(self.sets_full())
    }

    fn stage(&self) -> &'static str {
        if self.seeding.is_some() {
            "seeding the dark ground"
        } else {
            "placing dots"
        }
    }

    fn take(&mut self) -> Option<Vec<Vec<Point>>> {
        if !self.sets_full() || self.sets.is_empty() {
            return None;
        }
        Some(self.sets.drain(..).map(Sampler::into_points).collect())
    }
}

/// About how many points Bridson's algorithm places on a `width × height` map with the spacing
/// `radius_at(x, y)` (infinite where nothing may stand): its packing summed over a coarse
/// raster of the map. For progress estimates only.
fn expected_points(width: f64, height: f64, radius_at: impl Fn(f64, f64) -> f64) -> f64 {
    const SAMPLES: usize = 32;
    let (cw, ch) = (width / SAMPLES as f64, height / SAMPLES as f64);
    let mut total = 0.0;
    for j in 0..SAMPLES {
        for i in 0..SAMPLES {
            let (x, y) = ((i as f64 + 0.5) * cw, (j as f64 + 0.5) * ch);
            total += bridson_points(cw * ch, radius_at(x, y));
        }
    }
    total
}
