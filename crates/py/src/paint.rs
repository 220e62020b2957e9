//! Painting discs into an RGB image, as the page does.

use crate::convert::{room, rows_of};
use crate::slices::detached;
use numpy::{IntoPyArray, PyReadonlyArray2, PyReadonlyArray3, PyUntypedArrayMethods};
use poisson_live::Point;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// Blends discs into an RGB image, as the page paints: a new (H, W, 3) uint8 array.
#[pyfunction]
pub(crate) fn stamp_circles<'py>(
    py: Python<'py>,
    image: PyReadonlyArray3<'py, u8>,
    circles: PyReadonlyArray2<'py, f64>,
    colors: PyReadonlyArray2<'py, u8>,
    opacities: Vec<f64>,
) -> PyResult<Bound<'py, numpy::PyArray3<u8>>> {
    let shape = image.shape().to_vec();
    if shape[2] != 3 {
        return Err(PyValueError::new_err(format!(
            "image must be an (H, W, 3) uint8 array, got shape {shape:?}"
        )));
    }
    let discs = rows_of::<3>("circles", &circles)?;
    let view = colors.as_array();
    if view.dim() != (discs.len(), 3) || opacities.len() != discs.len() {
        return Err(PyValueError::new_err(format!(
            "{} circles need colors of shape ({0}, 3) and {0} opacities, got {:?} and {}",
            discs.len(),
            view.shape(),
            opacities.len()
        )));
    }
    let mut colors: Vec<[u8; 3]> = room(discs.len(), "colors")?;
    colors.extend(view.rows().into_iter().map(|c| [c[0], c[1], c[2]]));
    let (h, w) = (shape[0], shape[1]);
    let mut rgb: Vec<u8> = room(h.saturating_mul(w).saturating_mul(3), "the image's copy")?;
    rgb.extend(image.as_array().iter().copied());
    // A disc at a time, in slices: many large discs take a while, and Ctrl-C stops them.
    let mut next = 0;
    detached(py, |budget| {
        let end = discs
            .len()
            .min(next + usize::try_from(budget).unwrap_or(usize::MAX));
        for i in next..end {
            let [x, y, r] = discs[i];
            let point = Point { x, y, r };
            poisson_live::paint::stamp_circle(&mut rgb, w, h, point, colors[i], opacities[i]);
        }
        next = end;
        Ok(next == discs.len())
    })?;
    let array = numpy::ndarray::Array3::from_shape_vec((h, w, 3), rgb).expect("H × W × 3 bytes");
    Ok(array.into_pyarray(py))
}
