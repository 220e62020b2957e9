//! Stippling and masks: dots whose spacing follows a picture.
//!
//! A stipple is a variable-radius Poisson disk set whose radius rule reads a picture: where the
//! picture is dark the spacing is small and the dots crowd together; where it is bright the
//! spacing grows to the maximum and the dots thin out. Because the set is blue noise (no two dots
//! closer than the smaller of their radii, no clumps, no rows) the eye reads the tone and not the
//! pattern. The same picture can also serve as ground rules: [`mask_from_image`] allows points
//! only where the picture is darker than a threshold, for any [`Sampler`] or layer.
//!
//! # Images and map units
//!
//! [`Image`] owns its pixels: `width × height` pixels, row-major, no padding, one byte per pixel
//! for grey ([`Channels::Gray`]) or three (R, G, B) for colour ([`Channels::Rgb`]). The byte for
//! channel `c` of pixel `(x, y)` is at `channels · (y · width + x) + c`, as in [`crate::paint`].
//!
//! The picture covers a map of `width × height` map units, one unit per pixel: pixel `(i, j)` is
//! the square `[i, i + 1) × [j, j + 1)`, its centre at `(i + 0.5, j + 0.5)`. Points come back in
//! those units. Scale the image (or the points) to fit another map.
//!
//! # Same seed, same stipple
//!
//! Brightness is read with integer weights and bilinear interpolation; the tone curve uses only
//! `+`, `−`, `×`, `÷` and square roots (see [`Tone`]). None of that depends on a math library,
//! so a seed gives the same dots, to the bit, natively and in WebAssembly.
//!
//! ```
//! use poisson_live::stipple::{stipple, Picture};
//! let sphere = Picture::Sphere.render(240, 160)?;
//! let dots = stipple(&sphere, 2.0, 10.0, 30, 123456, None)?;
//! assert!(dots.iter().all(|p| (2.0..=10.0).contains(&p.r)));
//! # Ok::<(), poisson_live::Error>(())
//! ```

use crate::bridson::{variable_sampler, AllowedFn, BlockCursor, Sampler};
use crate::density::smoothstep;
use crate::error::{in_range, positive, Error, Result, DEFAULT_MAX_CELLS};
use crate::Point;

/// The most pixels an [`Image`] may hold (the crate's work limit, about 33.5 M).
pub const MAX_PIXELS: usize = DEFAULT_MAX_CELLS;

/// How many bytes describe one pixel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Channels {
    /// One byte per pixel: its brightness, 0 black to 255 white.
    Gray,
    /// Three bytes per pixel: red, green, blue.
    Rgb,
}

impl Channels {
    /// Bytes per pixel: 1 or 3.
    pub fn count(self) -> usize {
        match self {
            Channels::Gray => 1,
            Channels::Rgb => 3,
        }
    }
}

/// An owned grey or RGB picture; see the module docs for the byte order.
#[derive(Clone, PartialEq, Eq)]
pub struct Image {
    width: usize,
    height: usize,
    channels: Channels,
    bytes: Vec<u8>,
}

impl std::fmt::Debug for Image {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Image")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("channels", &self.channels)
            .finish_non_exhaustive()
    }
}

impl Image {
    /// A picture from its bytes. Width and height must be at least 1, the picture at most
    /// [`MAX_PIXELS`] pixels, and `bytes` exactly `width · height · channels` long; anything else
    /// is [`Error::Invalid`] (or [`Error::TooMuchWork`] for a picture over the limit).
    pub fn new(width: usize, height: usize, channels: Channels, bytes: Vec<u8>) -> Result<Self> {
        let pixels = check_size(width, height)?;
        let expected = pixels * channels.count();
        if bytes.len() != expected {
            let kind = match channels {
                Channels::Gray => "grey",
                Channels::Rgb => "RGB",
            };
            return Err(Error::Invalid {
                message: format!(
                    "a {width} × {height} {kind} image needs {expected} bytes, got {}",
                    bytes.len()
                ),
            });
        }
        Ok(Self {
            width,
            height,
            channels,
            bytes,
        })
    }

    /// A grey picture, one byte per pixel.
    pub fn gray(width: usize, height: usize, bytes: Vec<u8>) -> Result<Self> {
        Self::new(width, height, Channels::Gray, bytes)
    }

    /// An RGB picture, three bytes per pixel.
    pub fn rgb(width: usize, height: usize, bytes: Vec<u8>) -> Result<Self> {
        Self::new(width, height, Channels::Rgb, bytes)
    }

    /// An RGB picture from RGBA bytes (four per pixel, as a browser canvas hands them over),
    /// laid over a white page: each channel becomes `(c · a + 255 · (255 − a) + 127) / 255` in
    /// integer arithmetic, so a transparent pixel is white, not black.
    pub fn from_rgba(width: usize, height: usize, rgba: &[u8]) -> Result<Self> {
        let pixels = check_size(width, height)?;
        if rgba.len() != pixels * 4 {
            return Err(Error::Invalid {
                message: format!(
                    "a {width} × {height} RGBA image needs {} bytes, got {}",
                    pixels * 4,
                    rgba.len()
                ),
            });
        }
        let mut bytes = Vec::with_capacity(pixels * 3);
        for px in rgba.chunks_exact(4) {
            let a = u32::from(px[3]);
            for &c in &px[..3] {
                bytes.push(((u32::from(c) * a + 255 * (255 - a) + 127) / 255) as u8);
            }
        }
        Self::rgb(width, height, bytes)
    }

    /// Width in pixels (and map units).
    pub fn width(&self) -> usize {
        self.width
    }
    /// Height in pixels (and map units).
    pub fn height(&self) -> usize {
        self.height
    }
    /// Grey or RGB.
    pub fn channels(&self) -> Channels {
        self.channels
    }
    /// The pixel bytes, in the documented order.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The pixel `(x, y)` as RGB (a grey pixel repeats its byte). Panics off the image.
    pub fn pixel(&self, x: usize, y: usize) -> [u8; 3] {
        assert!(x < self.width && y < self.height, "pixel off the image");
        let i = y * self.width + x;
        match self.channels {
            Channels::Gray => [self.bytes[i]; 3],
            Channels::Rgb => [
                self.bytes[3 * i],
                self.bytes[3 * i + 1],
                self.bytes[3 * i + 2],
            ],
        }
    }

    /// The brightness byte of pixel `(x, y)`: the grey byte, or for RGB the luma
    /// `(77 R + 150 G + 29 B + 128) / 256` (integer weights that sum to 256, close to Rec. 601).
    pub fn luma(&self, x: usize, y: usize) -> u8 {
        let [r, g, b] = self.pixel(x, y);
        luma(r, g, b)
    }

    /// The brightness of every pixel, one byte each.
    pub fn luma_plane(&self) -> Plane {
        let values = match self.channels {
            Channels::Gray => self.bytes.clone(),
            Channels::Rgb => self
                .bytes
                .chunks_exact(3)
                .map(|p| luma(p[0], p[1], p[2]))
                .collect(),
        };
        self.plane(values)
    }

    /// One channel (0 red, 1 green, 2 blue) of every pixel; a grey picture gives its one plane.
    /// Panics for a channel above 2.
    pub fn channel_plane(&self, channel: usize) -> Plane {
        assert!(channel < 3, "channel must be 0, 1 or 2");
        let values = match self.channels {
            Channels::Gray => self.bytes.clone(),
            Channels::Rgb => self
                .bytes
                .iter()
                .skip(channel)
                .step_by(3)
                .copied()
                .collect(),
        };
        self.plane(values)
    }

    /// The picture as RGBA bytes (alpha 255), ready for a canvas `ImageData`.
    pub fn to_rgba(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.width * self.height * 4);
        match self.channels {
            Channels::Gray => {
                for &v in &self.bytes {
                    out.extend_from_slice(&[v, v, v, 255]);
                }
            }
            Channels::Rgb => {
                for p in self.bytes.chunks_exact(3) {
                    out.extend_from_slice(&[p[0], p[1], p[2], 255]);
                }
            }
        }
        out
    }

    /// The brightness at map point `(x, y)`, in `[0, 1]`, interpolated between pixel centres
    /// ([`Plane::bilinear`] over the luma).
    pub fn brightness_at(&self, x: f64, y: f64) -> f64 {
        bilinear(self.width, self.height, x, y, |i, j| self.luma(i, j))
    }

    fn plane(&self, values: Vec<u8>) -> Plane {
        Plane {
            width: self.width,
            height: self.height,
            values,
        }
    }
}

fn check_size(width: usize, height: usize) -> Result<usize> {
    if width == 0 || height == 0 {
        return Err(Error::Invalid {
            message: format!(
                "an image needs a width and height of at least 1, got {width} × {height}"
            ),
        });
    }
    match width.checked_mul(height) {
        Some(n) if n <= MAX_PIXELS => Ok(n),
        _ => Err(Error::TooMuchWork {
            subject: format!("an image of {width} × {height}"),
            what: "pixels",
            needed: width as f64 * height as f64,
            limit: MAX_PIXELS,
            hint: "scale the image down".into(),
        }),
    }
}

#[inline]
fn luma(r: u8, g: u8, b: u8) -> u8 {
    ((77 * u32::from(r) + 150 * u32::from(g) + 29 * u32::from(b) + 128) >> 8) as u8
}

/// One byte per pixel of a picture (its brightness or one colour channel), read at map points.
#[derive(Clone, PartialEq, Eq)]
pub struct Plane {
    width: usize,
    height: usize,
    values: Vec<u8>,
}

impl std::fmt::Debug for Plane {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Plane")
            .field("width", &self.width)
            .field("height", &self.height)
            .finish_non_exhaustive()
    }
}

impl Plane {
    /// Width in pixels.
    pub fn width(&self) -> usize {
        self.width
    }
    /// Height in pixels.
    pub fn height(&self) -> usize {
        self.height
    }
    /// The bytes, row by row.
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// The pixel that holds map point `(x, y)`: `(floor(x), floor(y))`, clamped onto the
    /// picture (a NaN coordinate reads pixel 0).
    #[inline]
    pub fn pixel_of(&self, x: f64, y: f64) -> (usize, usize) {
        (clamp_index(x, self.width), clamp_index(y, self.height))
    }

    /// The byte of the pixel that holds `(x, y)`.
    #[inline]
    pub fn nearest(&self, x: f64, y: f64) -> u8 {
        let (i, j) = self.pixel_of(x, y);
        self.values[j * self.width + i]
    }

    /// The value at map point `(x, y)` in `[0, 1]` (byte / 255), interpolated bilinearly between
    /// the four nearest pixel centres; beyond the outer centres the edge pixels hold.
    #[inline]
    pub fn bilinear(&self, x: f64, y: f64) -> f64 {
        bilinear(self.width, self.height, x, y, |i, j| {
            self.values[j * self.width + i]
        })
    }
}

/// Bilinear interpolation of bytes between pixel centres, over 255.
#[inline]
fn bilinear(width: usize, height: usize, x: f64, y: f64, byte: impl Fn(usize, usize) -> u8) -> f64 {
    let (i0, i1, fx) = lerp_axis(x, width);
    let (j0, j1, fy) = lerp_axis(y, height);
    let at = |i: usize, j: usize| f64::from(byte(i, j));
    let top = at(i0, j0) + (at(i1, j0) - at(i0, j0)) * fx;
    let bottom = at(i0, j1) + (at(i1, j1) - at(i0, j1)) * fx;
    (top + (bottom - top) * fy) / 255.0
}

#[inline]
fn clamp_index(u: f64, n: usize) -> usize {
    if u >= 1.0 {
        (u.floor() as usize).min(n - 1)
    } else {
        0
    }
}

/// The two pixel indices around `u` along an axis of `n` pixels, and the weight of the second.
#[inline]
fn lerp_axis(u: f64, n: usize) -> (usize, usize, f64) {
    let c = u - 0.5;
    // NaN lands on the first pixel too.
    if c.is_nan() || c <= 0.0 {
        return (0, 0, 0.0);
    }
    let last = (n - 1) as f64;
    if c >= last {
        return (n - 1, n - 1, 0.0);
    }
    let i = c.floor();
    (i as usize, i as usize + 1, c - i)
}

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
    /// Both radii must be finite and > 0 with `min ≤ max` ([`Error::RadiusOrder`]), and the
    /// gamma within [`GAMMA_RANGE`].
    pub fn new(min_radius: f64, max_radius: f64, gamma: Option<f64>) -> Result<Self> {
        let min_radius = positive("min radius", min_radius)?;
        let max_radius = positive("max radius", max_radius)?;
        if min_radius > max_radius {
            return Err(Error::RadiusOrder {
                min: min_radius,
                max: max_radius,
            });
        }
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

/// A started, step-by-step stippling sampler over one plane (brightness or a colour channel).
fn plane_sampler(plane: Plane, tone: Tone, k: u32, seed: i32) -> Result<Sampler> {
    let (w, h) = (plane.width as f64, plane.height as f64);
    let mut s = variable_sampler(
        w,
        h,
        tone.min_radius,
        tone.max_radius,
        k,
        seed,
        move |x, y| tone.radius(plane.bilinear(x, y)),
    )?;
    s.start_random();
    Ok(s)
}

/// The stippling sampler for a picture, first dot placed (drawn from the seed), ready to
/// [`Sampler::run`] in slices: its radius follows the picture's brightness through [`Tone`].
pub fn stipple_sampler(
    image: &Image,
    min_radius: f64,
    max_radius: f64,
    k: u32,
    seed: i32,
    gamma: Option<f64>,
) -> Result<Sampler> {
    let tone = Tone::new(min_radius, max_radius, gamma)?;
    plane_sampler(image.luma_plane(), tone, k, seed)
}

/// Stipples a picture: a variable-radius Poisson disk set on its `width × height` map whose
/// radius runs from `min_radius` on black to `max_radius` on white (see [`Tone`]: the dots per
/// area follow the darkness), `k` tries
/// per step, from a 32-bit seed. Each point carries its own radius; two points are never closer
/// than the smaller of their radii.
pub fn stipple(
    image: &Image,
    min_radius: f64,
    max_radius: f64,
    k: u32,
    seed: i32,
    gamma: Option<f64>,
) -> Result<Vec<Point>> {
    let mut s = stipple_sampler(image, min_radius, max_radius, k, seed, gamma)?;
    s.finish();
    Ok(s.into_points())
}

/// The three printing inks of the colour mode, in the order their sets come back.
///
/// Each ink's amount is one minus a colour channel: cyan absorbs red, so cyan ink goes where
/// the picture has little red (`1 − R`); magenta where it has little green; yellow where it has
/// little blue. Printed over each other on white (multiplied), the three sets rebuild the
/// colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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
        other => crate::rng::folded_sub_seed(seed, 0x5717_0000 + other as u32),
    }
}

/// The colour mode's three samplers (cyan, magenta, yellow), each started, each with its own
/// radius rule (the channel's brightness through the same [`Tone`]) and its own seed
/// ([`ink_seed`]).
pub fn colour_samplers(
    image: &Image,
    min_radius: f64,
    max_radius: f64,
    k: u32,
    seed: i32,
    gamma: Option<f64>,
) -> Result<[Sampler; 3]> {
    let tone = Tone::new(min_radius, max_radius, gamma)?;
    crate::rng::ParkMiller::new(seed)?;
    let make = |ink: Ink| {
        plane_sampler(
            image.channel_plane(ink.channel()),
            tone,
            k,
            ink_seed(seed, ink),
        )
    };
    Ok([make(Ink::Cyan)?, make(Ink::Magenta)?, make(Ink::Yellow)?])
}

/// Stipples a picture in three inks: cyan, magenta and yellow point sets, each a variable-radius
/// set over its own channel (see [`Ink`], [`colour_samplers`]).
pub fn stipple_colour(
    image: &Image,
    min_radius: f64,
    max_radius: f64,
    k: u32,
    seed: i32,
    gamma: Option<f64>,
) -> Result<[Vec<Point>; 3]> {
    let samplers = colour_samplers(image, min_radius, max_radius, k, seed, gamma)?;
    Ok(samplers.map(|mut s| {
        s.finish();
        s.into_points()
    }))
}

/// Allowed ground from a picture: a point may stand where the pixel under it is darker than
/// the threshold. Works with [`Sampler::with_allowed`] and [`crate::layers::Layer::with_allowed`].
///
/// ```
/// use poisson_live::stipple::{mask_from_image, Picture};
/// use poisson_live::layers::{place_layers, Layer};
/// let tree = Picture::Tree.render(360, 200)?;
/// let mask = mask_from_image(&tree, 0.5)?;
/// let layers = vec![Layer::new(6.0, 30, 7).with_allowed(mask.clone().into_allowed())];
/// let placed = place_layers(360.0, 200.0, layers)?;
/// assert!(placed[0].iter().all(|p| mask.allows(p.x, p.y)));
/// # Ok::<(), poisson_live::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct ImageMask {
    plane: Plane,
    threshold: f64,
    allowed: [bool; 256],
}

/// A mask from a picture's brightness: a point at `(x, y)` is allowed when the luma of the pixel
/// that holds it, over 255, is below `threshold` (`luma / 255 < threshold`). The threshold must
/// lie in `[0, 1]`: 0 allows nothing, 1 everything but pure white.
pub fn mask_from_image(image: &Image, threshold: f64) -> Result<ImageMask> {
    let threshold = in_range("threshold", threshold, 0.0, 1.0)?;
    let mut allowed = [false; 256];
    for (v, a) in allowed.iter_mut().enumerate() {
        *a = (v as f64) / 255.0 < threshold;
    }
    Ok(ImageMask {
        plane: image.luma_plane(),
        threshold,
        allowed,
    })
}

impl ImageMask {
    /// Whether a point may stand at `(x, y)`: on the picture (`0 ≤ x < width`, `0 ≤ y < height`)
    /// and darker than the threshold there.
    #[inline]
    pub fn allows(&self, x: f64, y: f64) -> bool {
        x >= 0.0
            && y >= 0.0
            && x < self.plane.width as f64
            && y < self.plane.height as f64
            && self.allowed[usize::from(self.plane.nearest(x, y))]
    }
    /// The threshold.
    pub fn threshold(&self) -> f64 {
        self.threshold
    }
    /// The brightness plane the mask reads.
    pub fn plane(&self) -> &Plane {
        &self.plane
    }
    /// Share of pixels allowed, in `[0, 1]`.
    pub fn coverage(&self) -> f64 {
        let n = self
            .plane
            .values
            .iter()
            .filter(|&&v| self.allowed[usize::from(v)])
            .count();
        n as f64 / self.plane.values.len() as f64
    }
    /// The mask as a boxed ground rule.
    pub fn into_allowed(self) -> AllowedFn {
        Box::new(move |x, y| self.allows(x, y))
    }
}

/// An even Poisson set (spacing `radius`, `k` tries per step) on the picture's map, allowed only
/// where the picture is darker than `threshold`, ready to run. Because a mask can cut the map
/// into separate islands, the sampler first seeds every block of `2r × 2r`
/// ([`Sampler::seed_blocks`]), so every dark patch big enough gets dots.
pub fn masked_sampler(
    image: &Image,
    threshold: f64,
    radius: f64,
    k: u32,
    seed: i32,
) -> Result<Sampler> {
    let mut s = unseeded_mask_sampler(image, threshold, radius, k, seed)?;
    s.seed_blocks();
    Ok(s)
}

/// [`masked_sampler`] before its blocks are seeded: cheap to make, so a page can check the
/// input at once and seed the blocks in slices ([`Sampler::seed_some_blocks`]).
fn unseeded_mask_sampler(
    image: &Image,
    threshold: f64,
    radius: f64,
    k: u32,
    seed: i32,
) -> Result<Sampler> {
    let mask = mask_from_image(image, threshold)?;
    let (w, h) = (image.width as f64, image.height as f64);
    Ok(Sampler::new(w, h, radius, k, seed)?.with_allowed(move |x, y| mask.allows(x, y)))
}

/// [`masked_sampler`] run to the end: the points.
pub fn masked_poisson(
    image: &Image,
    threshold: f64,
    radius: f64,
    k: u32,
    seed: i32,
) -> Result<Vec<Point>> {
    let mut s = masked_sampler(image, threshold, radius, k, seed)?;
    s.finish();
    Ok(s.into_points())
}

/// What a [`Stippling`] draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// One set of black dots following brightness.
    Mono,
    /// Three sets, cyan, magenta and yellow ([`Ink`]).
    Colour,
    /// One even set on the picture's dark ground.
    Mask,
}

/// The stipple lab's work: one or three samplers, run in slices so a page never blocks.
///
/// Making one is cheap in every mode: the mask's block seeding (a try in every `2r` block,
/// many thousands of blocks at a small spacing) waits for [`Stippling::run`], which counts a
/// block as one step. The points are those of the one-call functions, however the work is cut.
pub struct Stippling {
    mode: Mode,
    sets: Vec<Sampler>,
    /// The mask's next block to seed; `None` once every block is seeded (or in other modes).
    seeding: Option<BlockCursor>,
}

impl std::fmt::Debug for Stippling {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Stippling")
            .field("mode", &self.mode)
            .field("total", &self.total())
            .finish_non_exhaustive()
    }
}

impl Stippling {
    /// Black dots: [`stipple_sampler`].
    pub fn mono(
        image: &Image,
        min_radius: f64,
        max_radius: f64,
        k: u32,
        seed: i32,
        gamma: Option<f64>,
    ) -> Result<Self> {
        Ok(Self {
            mode: Mode::Mono,
            sets: vec![stipple_sampler(
                image, min_radius, max_radius, k, seed, gamma,
            )?],
            seeding: None,
        })
    }

    /// Three inks: [`colour_samplers`].
    pub fn colour(
        image: &Image,
        min_radius: f64,
        max_radius: f64,
        k: u32,
        seed: i32,
        gamma: Option<f64>,
    ) -> Result<Self> {
        Ok(Self {
            mode: Mode::Colour,
            sets: colour_samplers(image, min_radius, max_radius, k, seed, gamma)?.into(),
            seeding: None,
        })
    }

    /// An even set on dark ground: [`masked_sampler`], its blocks seeded by the first runs.
    pub fn masked(image: &Image, threshold: f64, radius: f64, k: u32, seed: i32) -> Result<Self> {
        Ok(Self {
            mode: Mode::Mask,
            sets: vec![unseeded_mask_sampler(image, threshold, radius, k, seed)?],
            seeding: Some(BlockCursor::default()),
        })
    }

    /// Up to `max_steps` sampler steps in all, shared out between the unfinished sets in turns
    /// (so the three inks grow together); true when every set is full. The sets are independent,
    /// so how the steps are shared changes nothing in the result. A mask seeds its blocks first,
    /// one block for one step; the call that seeds the last block stops there.
    pub fn run(&mut self, max_steps: u64) -> bool {
        const TURN: u64 = 64;
        if let Some(cursor) = self.seeding.as_mut() {
            let blocks = usize::try_from(max_steps).unwrap_or(usize::MAX);
            if !self.sets[0].seed_some_blocks(cursor, blocks) {
                return false;
            }
            self.seeding = None;
            return self.is_finished();
        }
        let mut left = max_steps;
        while left > 0 && !self.is_finished() {
            for s in self.sets.iter_mut().filter(|s| !s.is_finished()) {
                let turn = left.min(TURN);
                for _ in 0..turn {
                    if !s.step().did_something() {
                        break;
                    }
                    left -= 1;
                }
                if left == 0 {
                    break;
                }
            }
        }
        self.is_finished()
    }

    /// Runs every set to the end.
    pub fn finish(&mut self) {
        if let Some(mut cursor) = self.seeding.take() {
            self.sets[0].seed_some_blocks(&mut cursor, usize::MAX);
        }
        for s in &mut self.sets {
            s.finish();
        }
    }

    /// True when every set is full.
    pub fn is_finished(&self) -> bool {
        self.seeding.is_none() && self.sets.iter().all(Sampler::is_finished)
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

/// The built-in pictures, drawn in code so the lab has something to stipple without a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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

impl Picture {
    /// Every built-in picture, in menu order.
    pub const ALL: [Picture; 4] = [
        Picture::Sphere,
        Picture::Gradient,
        Picture::Tree,
        Picture::Rings,
    ];

    /// The picture's name: `sphere`, `gradient`, `tree`, `rings`.
    pub fn name(self) -> &'static str {
        match self {
            Picture::Sphere => "sphere",
            Picture::Gradient => "gradient",
            Picture::Tree => "tree",
            Picture::Rings => "rings",
        }
    }

    /// A label for a menu.
    pub fn label(self) -> &'static str {
        match self {
            Picture::Sphere => "Shaded sphere",
            Picture::Gradient => "Radial gradient",
            Picture::Tree => "Tree silhouette",
            Picture::Rings => "Rings",
        }
    }

    /// The picture of that name; an unknown name is [`Error::Invalid`] listing the names.
    pub fn from_name(name: &str) -> Result<Self> {
        Self::ALL
            .into_iter()
            .find(|p| p.name() == name)
            .ok_or_else(|| Error::Invalid {
                message: format!(
                    "no built-in picture called \"{name}\"; pick one of {}",
                    Self::ALL.map(Picture::name).join(", ")
                ),
            })
    }

    /// The picture drawn at `width × height` pixels (RGB). Shapes are laid out in units of the
    /// shorter side, centred, so any size looks alike. Only `+ − × ÷`, `floor` and square roots:
    /// the same bytes in every build.
    pub fn render(self, width: usize, height: usize) -> Result<Image> {
        let mut rendering = self.rendering(width, height)?;
        rendering.run(usize::MAX);
        rendering.into_image()
    }

    /// The same drawing a few rows at a time ([`Rendering::run`]), for a page that must not
    /// block while a large picture is drawn. Fails as [`Picture::render`] does.
    pub fn rendering(self, width: usize, height: usize) -> Result<Rendering> {
        let pixels = check_size(width, height)?;
        let (w, h) = (width as f64, height as f64);
        Ok(Rendering {
            picture: self,
            width,
            height,
            frame: Frame {
                cx: w / 2.0,
                cy: h / 2.0,
                s: w.min(h),
                diag: (w * w + h * h).sqrt() / 2.0,
            },
            bytes: Vec::with_capacity(pixels * 3),
        })
    }
}

/// A built-in picture being drawn row by row ([`Picture::rendering`]). Each pixel depends on
/// its own position only, so the bytes are those of [`Picture::render`] however the rows are
/// cut.
pub struct Rendering {
    picture: Picture,
    width: usize,
    height: usize,
    frame: Frame,
    bytes: Vec<u8>,
}

impl std::fmt::Debug for Rendering {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Rendering")
            .field("picture", &self.picture)
            .field("rows_done", &self.rows_done())
            .field("height", &self.height)
            .finish_non_exhaustive()
    }
}

impl Rendering {
    /// Draws up to `max_rows` more rows; true once every row is drawn.
    pub fn run(&mut self, max_rows: usize) -> bool {
        let first = self.rows_done();
        let last = first.saturating_add(max_rows).min(self.height);
        for y in first..last {
            for x in 0..self.width {
                let (px, py) = (x as f64 + 0.5, y as f64 + 0.5);
                let f = &self.frame;
                let c = match self.picture {
                    Picture::Sphere => sphere(f, px, py),
                    Picture::Gradient => gradient(f, px, py),
                    Picture::Tree => tree(f, px, py),
                    Picture::Rings => rings(f, px, py),
                };
                self.bytes.extend(c.map(to_byte));
            }
        }
        self.is_finished()
    }

    /// Rows drawn so far.
    pub fn rows_done(&self) -> usize {
        self.bytes.len() / (3 * self.width)
    }
    /// Rows in all (the picture's height).
    pub fn rows(&self) -> usize {
        self.height
    }
    /// True once every row is drawn.
    pub fn is_finished(&self) -> bool {
        self.rows_done() == self.height
    }

    /// The picture, its remaining rows drawn first.
    pub fn into_image(mut self) -> Result<Image> {
        self.run(usize::MAX);
        Image::rgb(self.width, self.height, self.bytes)
    }
}

/// Where a picture is drawn: centre, shorter side, half diagonal.
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
