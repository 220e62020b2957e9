//! Wavefront OBJ text to a mesh's vertices and triangles: `v` and `f` lines, the rest ignored;
//! a bad line is an error that names it. [`super::Mesh::from_obj`] checks the rest.

use crate::base::error::{Error, Result, MAX_LENGTH};

/// The most triangles a mesh may have.
pub const MAX_TRIANGLES: usize = 1 << 24;

/// The longest OBJ text read (512 MiB): a bound on memory before anything is parsed.
pub const MAX_OBJ_BYTES: usize = 512 << 20;

/// Vertices and triangles read from OBJ text ([`super::Mesh::from_obj`]).
pub(super) type Parsed = (Vec<[f64; 3]>, Vec<[u32; 3]>);

/// Parses OBJ text ([`super::Mesh::from_obj`]), checking every index.
pub(super) fn parse(text: &str) -> Result<Parsed> {
    if text.len() > MAX_OBJ_BYTES {
        return Err(invalid(format!(
            "the OBJ text is {} MiB; the limit is {} MiB",
            text.len() >> 20,
            MAX_OBJ_BYTES >> 20
        )));
    }
    // A byte-order mark is not part of the first line: left there, it hid a first "v".
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut vertices: Vec<[f64; 3]> = Vec::new();
    let mut triangles: Vec<[u32; 3]> = Vec::new();
    let too_many = |at: usize| {
        invalid(format!(
            "line {at}: more than {MAX_TRIANGLES} triangles; the limit is {MAX_TRIANGLES}"
        ))
    };
    for (n, line) in text.lines().enumerate() {
        let at = n + 1;
        let line = line.split('#').next().unwrap_or("");
        let mut words = line.split_whitespace();
        match words.next() {
            Some("v") => {
                let mut v = [0.0; 3];
                for c in &mut v {
                    let word = words.next().ok_or_else(|| {
                        invalid(format!("line {at}: a vertex needs three coordinates"))
                    })?;
                    *c = word
                        .parse::<f64>()
                        .ok()
                        .filter(|x| x.is_finite())
                        .ok_or_else(|| {
                            invalid(format!(
                                "line {at}: vertex coordinate \"{word}\" is not a finite number"
                            ))
                        })?;
                    if c.abs() > MAX_LENGTH {
                        return Err(invalid(format!(
                            "line {at}: vertex coordinate \"{word}\" is beyond ±{MAX_LENGTH:e}, \
                             the largest length measured"
                        )));
                    }
                }
                vertices.push(v);
            }
            Some("f") => {
                // A face of n corners is n − 2 triangles: stop reading corners once they are
                // past the limit, so one long line cannot take memory the triangles could not.
                let room = MAX_TRIANGLES - triangles.len() + 2;
                let mut corners = Vec::new();
                for w in words {
                    if corners.len() == room {
                        return Err(too_many(at));
                    }
                    corners.push(corner(w, vertices.len(), at)?);
                }
                if corners.len() < 3 {
                    return Err(invalid(format!(
                        "line {at}: a face needs at least three corners"
                    )));
                }
                // A polygon is fanned from its first corner: n − 2 triangles, in order.
                for pair in corners[1..].windows(2) {
                    triangles.push([corners[0], pair[0], pair[1]]);
                }
            }
            _ => {}
        }
    }
    if triangles.is_empty() {
        return Err(invalid("the OBJ text has no faces (no \"f\" lines)".into()));
    }
    // Indices may name vertices defined later in the file; they are checked once all are read.
    let count = vertices.len();
    if let Some(t) = triangles
        .iter()
        .position(|t| t.iter().any(|&i| i as usize >= count))
    {
        let bad = triangles[t]
            .iter()
            .find(|&&i| i as usize >= count)
            .copied()
            .unwrap_or(0);
        return Err(invalid(format!(
            "face {t} names vertex {} but the file has {count} vertices",
            u64::from(bad) + 1
        )));
    }
    Ok((vertices, triangles))
}

/// One face corner (`i`, `i/t`, `i//n`, `i/t/n`) as a 0-based vertex index; negative indices
/// count back from the vertices read so far.
fn corner(word: &str, so_far: usize, at: usize) -> Result<u32> {
    let index = word.split('/').next().unwrap_or("");
    let i: i64 = index.parse().map_err(|_| {
        invalid(format!(
            "line {at}: face corner \"{word}\" is not a vertex index"
        ))
    })?;
    let zero_based = match i {
        0 => {
            return Err(invalid(format!(
                "line {at}: vertex index 0 (OBJ counts from 1)"
            )))
        }
        i if i > 0 => i - 1,
        i => so_far as i64 + i,
    };
    if zero_based < 0 || zero_based >= i64::from(u32::MAX) {
        return Err(invalid(format!(
            "line {at}: vertex index {i} is out of range ({so_far} vertices so far)"
        )));
    }
    Ok(zero_based as u32)
}

fn invalid(message: String) -> Error {
    Error::Invalid { message }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::space::Mesh;

    fn parse(text: &str) -> Result<Mesh> {
        Mesh::from_obj(text)
    }

    #[test]
    fn reads_a_square_as_two_triangles() {
        let text =
            "# a square\nv 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0 1.0\nvn 0 0 1\nf 1//1 2//1 3//1 4//1\n";
        let mesh = parse(text).unwrap();
        assert_eq!(mesh.triangles(), &[[0, 1, 2], [0, 2, 3]]);
        assert_eq!(mesh.area(), 1.0);
        let back = parse("v 0 0 0\nv 1 0 0\nv 0 1 0\nf -3/1 -2/2 -1/3\n").unwrap();
        assert_eq!(back.triangles(), &[[0, 1, 2]]);
    }

    #[test]
    fn bad_text_names_its_line() {
        let cases = [
            (
                "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 9\n",
                "face 0 names vertex 9 but the file has 3 vertices",
            ),
            (
                "v 0 0 nan\nf 1 1 1\n",
                "line 1: vertex coordinate \"nan\" is not a finite number",
            ),
            ("v 0 0\n", "line 1: a vertex needs three coordinates"),
            ("v 0 0 0\n", "the OBJ text has no faces (no \"f\" lines)"),
            (
                "v 0 0 0\nf 1 2\n",
                "line 2: a face needs at least three corners",
            ),
            ("f 0 1 2\n", "line 1: vertex index 0 (OBJ counts from 1)"),
            (
                "v 0 0 0\nf -2 1 1\n",
                "line 2: vertex index -2 is out of range (1 vertices so far)",
            ),
            (
                "v 0 0 0\nf a 1 1\n",
                "line 2: face corner \"a\" is not a vertex index",
            ),
            (
                "v 0 0 0\nv 1 0 0\nv 2 0 0\nf 1 2 3\n",
                "the mesh's triangles have no area",
            ),
            (
                "v 0 0 0\nv 2e152 0 0\nv 0 1 0\nf 1 2 3\n",
                "line 2: vertex coordinate \"2e152\" is beyond ±1e152, the largest length measured",
            ),
        ];
        for (text, message) in cases {
            assert_eq!(parse(text).unwrap_err().to_string(), message, "{text}");
        }
    }

    #[test]
    fn a_byte_order_mark_is_not_part_of_the_first_line() {
        // It hid the first "v": every index then named the vertex after the one meant.
        let text = "\u{feff}v 0 0 0\nv 2 0 0\nv 0 2 0\nv 2 2 0\nf 1 2 3\n";
        let mesh = parse(text).unwrap();
        assert_eq!(mesh.vertices().len(), 4);
        assert_eq!(
            mesh.corners(0),
            [[0.0, 0.0, 0.0], [2.0, 0.0, 0.0], [0.0, 2.0, 0.0]]
        );
        assert_eq!(mesh, parse(&text[3..]).unwrap());
        // Only at the start: elsewhere it is a word like any other.
        let later = "v 0 0 0\n\u{feff}v 2 0 0\nv 0 2 0\nf 1 2 3\n";
        assert!(parse(later).is_err());
    }

    #[test]
    fn a_face_is_refused_once_its_corners_pass_the_limit() {
        // One line of corners past the limit, then a word that is no corner: the limit is met
        // first, so the corners after it were never collected (they once took 9× the text).
        let text = format!(
            "v 0 0 0\nv 1 0 0\nv 0 1 0\nf{} x\n",
            " 1".repeat(MAX_TRIANGLES + 3)
        );
        assert_eq!(
            parse(&text).unwrap_err().to_string(),
            format!("line 4: more than {MAX_TRIANGLES} triangles; the limit is {MAX_TRIANGLES}")
        );
    }
}
