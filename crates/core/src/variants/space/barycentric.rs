//! Where a point sits in its triangle: barycentric `(u, v)`, the point being
//! `(1 − u − v)·A + u·B + v·C`, so a tool can carry the triangle's attributes (UVs, colours,
//! normals) to it. Solved from the point's position, so every sampler gets it the same way and
//! the positions stay the samplers' own bits.

/// `(u, v)` of `p` in the triangle `[a, b, c]`: the least-squares solution of
/// `p − a = u·(b − a) + v·(c − a)`, exact for a point on the triangle up to rounding. The edges
/// are scaled to about 1 first, so a mesh 1e150 or 1e-140 wide solves as well as one 1 wide.
/// A triangle with no area gives `(0, 0)`.
pub fn barycentric(corners: &[[f64; 3]; 3], p: &[f64; 3]) -> [f64; 2] {
    let [a, b, c] = corners;
    let e1 = [0, 1, 2].map(|i| b[i] - a[i]);
    let e2 = [0, 1, 2].map(|i| c[i] - a[i]);
    let scale = e1.iter().chain(&e2).fold(0.0f64, |m, x| m.max(x.abs()));
    if scale == 0.0 || !scale.is_finite() {
        return [0.0, 0.0];
    }
    let inv = 1.0 / scale;
    let (e1, e2) = (e1.map(|x| x * inv), e2.map(|x| x * inv));
    let d = [0, 1, 2].map(|i| (p[i] - a[i]) * inv);
    let dot = |x: &[f64; 3], y: &[f64; 3]| x[0] * y[0] + x[1] * y[1] + x[2] * y[2];
    let (d11, d12, d22) = (dot(&e1, &e1), dot(&e1, &e2), dot(&e2, &e2));
    let (b1, b2) = (dot(&d, &e1), dot(&d, &e2));
    let det = d11 * d22 - d12 * d12;
    if det <= 0.0 || !det.is_finite() {
        return [0.0, 0.0];
    }
    [(d22 * b1 - d12 * b2) / det, (d11 * b2 - d12 * b1) / det]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_and_centre() {
        let t = [[1.0, 2.0, 3.0], [4.0, 2.0, 3.0], [1.0, 6.0, 5.0]];
        assert_eq!(barycentric(&t, &t[0]), [0.0, 0.0]);
        let [u, v] = barycentric(&t, &t[1]);
        assert!((u - 1.0).abs() < 1e-15 && v.abs() < 1e-15);
        let [u, v] = barycentric(&t, &t[2]);
        assert!(u.abs() < 1e-15 && (v - 1.0).abs() < 1e-15);
        let centre = [0, 1, 2].map(|i| (t[0][i] + t[1][i] + t[2][i]) / 3.0);
        let [u, v] = barycentric(&t, &centre);
        assert!((u - 1.0 / 3.0).abs() < 1e-15 && (v - 1.0 / 3.0).abs() < 1e-15);
    }
}
