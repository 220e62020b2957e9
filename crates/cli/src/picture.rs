//! Reading a PNG file into the core's picture, for `stipple IMAGE` and `bridson --mask IMAGE`.

use crate::Failure;
use poisson_live::stipple::{self, StippleImage};
use std::io;
use std::path::Path;

/// Decodes a PNG file into the core's picture: 8-bit grey or RGB as is, alpha laid over white,
/// palettes, low bit depths and 16-bit samples normalised to 8 bits per channel.
pub fn read_png(file: &Path) -> Result<StippleImage, Failure> {
    let path = file.display();
    let file = std::fs::File::open(file)
        .map_err(|e| Failure::Input(format!("cannot read {path}: {e}")))?;
    let not_png =
        |e: png::DecodingError| Failure::Input(format!("{path} is not a usable PNG: {e}"));
    // Enough for the largest picture the core accepts, as 16-bit RGBA, plus slack.
    let limits = png::Limits {
        bytes: stipple::MAX_PIXELS * 8 + (1 << 20),
    };
    let mut decoder = png::Decoder::new_with_limits(io::BufReader::new(file), limits);
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().map_err(not_png)?;
    let (w, h) = reader.info().size();
    let (w, h) = (w as usize, h as usize);
    if w.saturating_mul(h) > stipple::MAX_PIXELS {
        return Err(Failure::Input(format!(
            "{path} is {w} × {h} pixels; the limit is {} pixels",
            stipple::MAX_PIXELS
        )));
    }
    let size = reader
        .output_buffer_size()
        .ok_or_else(|| Failure::Input(format!("{path} is too large to decode")))?;
    let mut buf = vec![0; size];
    let info = reader.next_frame(&mut buf).map_err(not_png)?;
    buf.truncate(info.buffer_size());
    let image = match info.color_type {
        png::ColorType::Grayscale => StippleImage::gray(w, h, buf),
        png::ColorType::Rgb => StippleImage::rgb(w, h, buf),
        png::ColorType::Rgba => StippleImage::from_rgba(w, h, &buf),
        png::ColorType::GrayscaleAlpha => {
            let rgba: Vec<u8> = buf
                .chunks_exact(2)
                .flat_map(|ga| [ga[0], ga[0], ga[0], ga[1]])
                .collect();
            StippleImage::from_rgba(w, h, &rgba)
        }
        png::ColorType::Indexed => {
            return Err(Failure::Input(format!(
                "{path}: the palette could not be expanded"
            )))
        }
    };
    image.map_err(|e| Failure::Input(format!("{path}: {e}")))
}
