//! Owned pictures: grey or RGB pixels, read as brightness at map points.
//!
//! [`StippleImage`] owns its pixels: `width × height` pixels, row-major, no padding, one byte per
//! pixel for grey ([`Channels::Gray`]) or three (R, G, B) for colour ([`Channels::Rgb`]). The byte
//! for channel `c` of pixel `(x, y)` is at `channels · (y · width + x) + c`, as in
//! [`crate::paint`].
//!
//! The picture covers a map of `width × height` map units, one unit per pixel: pixel `(i, j)` is
//! the square `[i, i + 1) × [j, j + 1)`, its centre at `(i + 0.5, j + 0.5)`. A [`Plane`] holds
//! one byte per pixel (the brightness, or one colour channel) and reads it at any map point.
//! Brightness is read with integer weights and bilinear interpolation, so it is the same, to the
//! bit, in every build.

use crate::base::error::{Error, Result, DEFAULT_MAX_CELLS};

/// The most pixels an [`StippleImage`] may hold (the crate's work limit, about 33.5 M).
pub const MAX_PIXELS: usize = DEFAULT_MAX_CELLS;

/// How many bytes describe one pixel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StippleImage {
    width: usize,
    height: usize,
    channels: Channels,
    bytes: Bytes,
}

/// A picture's bytes, which debug output counts instead of listing.
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Bytes(pub(crate) Vec<u8>);

impl std::fmt::Debug for Bytes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} bytes", self.0.len())
    }
}

impl std::ops::Deref for Bytes {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.0
    }
}

impl StippleImage {
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
            bytes: Bytes(bytes),
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
            Channels::Gray => self.bytes.to_vec(),
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
            Channels::Gray => self.bytes.to_vec(),
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
                for &v in self.bytes.iter() {
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
            values: Bytes(values),
        }
    }
}

/// Checks a picture's size: width and height at least 1, at most [`MAX_PIXELS`] pixels. Returns
/// the number of pixels.
pub(crate) fn check_size(width: usize, height: usize) -> Result<usize> {
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
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plane {
    width: usize,
    height: usize,
    values: Bytes,
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
