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
    let (vertices, triangles) = read_lines(text, text.is_ascii())?;
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

/// The vertices and triangles of `text`'s lines, unchecked. `ascii` text (as OBJ files are, as a
/// rule) is cut into lines and words byte by byte; other text goes through std's Unicode
/// splitting. Both hand the same words to [`line`].
fn read_lines(text: &str, ascii: bool) -> Result<Parsed> {
    let mut vertices: Vec<[f64; 3]> = Vec::new();
    let mut triangles: Vec<[u32; 3]> = Vec::new();
    if ascii {
        let bytes = text.as_bytes();
        let (mut start, mut at) = (0, 0);
        while start < bytes.len() {
            at += 1;
            let before = triangles.len();
            let (done, end) = fast_line(bytes, start, &mut vertices, &mut triangles);
            if !done {
                // Anything unusual on the line: read it again word by word, from scratch.
                triangles.truncate(before);
                let this = &text[start..end];
                let cut = this.bytes().position(|b| b == b'#').unwrap_or(this.len());
                line(AsciiWords(&this[..cut]), at, &mut vertices, &mut triangles)?;
            }
            start = end + 1;
        }
    } else {
        for (n, this) in text.lines().enumerate() {
            let this = this.split('#').next().unwrap_or("");
            line(
                this.split_whitespace(),
                n + 1,
                &mut vertices,
                &mut triangles,
            )?;
        }
    }
    Ok((vertices, triangles))
}

/// One line's words (comment cut off), line `at`: a vertex or a face added, the rest ignored.
fn line<'a>(
    mut words: impl Iterator<Item = &'a str>,
    at: usize,
    vertices: &mut Vec<[f64; 3]>,
    triangles: &mut Vec<[u32; 3]>,
) -> Result<()> {
    match words.next() {
        Some("v") => {
            let mut v = [0.0; 3];
            for c in &mut v {
                let word = words.next().ok_or_else(|| {
                    invalid(format!("line {at}: a vertex needs three coordinates"))
                })?;
                *c = number(word).filter(|x| x.is_finite()).ok_or_else(|| {
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
            // A face of n corners is n − 2 triangles, fanned from its first corner, in order.
            // Stop reading corners once they are past the limit, so one long line cannot take
            // memory the triangles could not.
            let room = MAX_TRIANGLES - triangles.len() + 2;
            let mut fan = Fan::default();
            for w in words {
                if fan.count == room {
                    return Err(too_many(at));
                }
                fan.add(corner(w, vertices.len(), at)?, triangles);
            }
            if fan.count < 3 {
                return Err(invalid(format!(
                    "line {at}: a face needs at least three corners"
                )));
            }
        }
        _ => {}
    }
    Ok(())
}

/// A face's triangles as its corners come: fanned from its first corner, in order.
#[derive(Default)]
struct Fan {
    first: u32,
    last: u32,
    /// Corners so far.
    count: usize,
}

impl Fan {
    #[inline(always)]
    fn add(&mut self, c: u32, triangles: &mut Vec<[u32; 3]>) {
        match self.count {
            0 => self.first = c,
            1 => {}
            _ => triangles.push([self.first, self.last, c]),
        }
        self.last = c;
        self.count += 1;
    }
}

fn too_many(at: usize) -> Error {
    invalid(format!(
        "line {at}: more than {MAX_TRIANGLES} triangles; the limit is {MAX_TRIANGLES}"
    ))
}

/// The line of `bytes` from `start` read in one pass when it is plain: a `v` of three decimals
/// of at most 15 digits, an `f` of positive indices the triangles have room for, or a line
/// whose first word is neither. True if so, and the line's end (its `\n`, or the text's end).
fn fast_line(
    bytes: &[u8],
    start: usize,
    vertices: &mut Vec<[f64; 3]>,
    triangles: &mut Vec<[u32; 3]>,
) -> (bool, usize) {
    let mut i = start;
    let end_of_line = |i: usize| {
        let rest = &bytes[i.min(bytes.len())..];
        i + rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len())
    };
    skip_blanks(bytes, &mut i);
    let word = i;
    while i < bytes.len() && !ends_word(bytes[i]) {
        i += 1;
    }
    let ok = match &bytes[word..i] {
        b"v" => {
            let mut v = [0.0; 3];
            let read = v.iter_mut().all(|c| {
                skip_blanks(bytes, &mut i);
                fast_number(bytes, &mut i).map(|x| *c = x).is_some()
            });
            if read {
                vertices.push(v);
            }
            read
        }
        b"f" => {
            let room = MAX_TRIANGLES - triangles.len() + 2;
            let mut fan = Fan::default();
            loop {
                skip_blanks(bytes, &mut i);
                if i == bytes.len() || bytes[i] == b'\n' || bytes[i] == b'#' {
                    break fan.count >= 3;
                }
                let Some(c) = fast_corner(bytes, &mut i) else {
                    break false;
                };
                if fan.count == room {
                    break false;
                }
                fan.add(c, triangles);
            }
        }
        _ => true,
    };
    (ok, end_of_line(i))
}

/// Past spaces, tabs and carriage returns (a vertical tab or form feed is left to the slow path).
#[inline(always)]
fn skip_blanks(bytes: &[u8], i: &mut usize) {
    while *i < bytes.len() && matches!(bytes[*i], b' ' | b'\t' | b'\r') {
        *i += 1;
    }
}

/// Whether a word ends before byte `b`: whitespace, or a comment.
#[inline(always)]
fn ends_word(b: u8) -> bool {
    b == b' ' || b == b'#' || (b'\t'..=b'\r').contains(&b)
}

/// The plain decimal at `bytes[*i..]` ([`number`]'s fast case: a sign, at most 15 digits and a
/// point), moving `i` past it; `None` for any other word.
#[inline(always)]
fn fast_number(bytes: &[u8], i: &mut usize) -> Option<f64> {
    let negative = bytes.get(*i) == Some(&b'-');
    let mut j = *i + usize::from(negative);
    let (mut digits, mut mantissa, mut point) = (0, 0u64, None);
    while j < bytes.len() && !ends_word(bytes[j]) {
        match bytes[j] {
            b @ b'0'..=b'9' => {
                mantissa = mantissa * 10 + u64::from(b - b'0');
                digits += 1;
            }
            b'.' if point.is_none() => point = Some(digits),
            _ => return None,
        }
        j += 1;
    }
    if digits == 0 || digits > 15 {
        return None;
    }
    *i = j;
    let x = mantissa as f64 / TENS[digits - point.unwrap_or(digits)];
    Some(if negative { -x } else { x })
}

/// The plain corner at `bytes[*i..]`: a positive index of at most 9 digits, then `/…` or the
/// word's end, as a 0-based index; `None` for anything else.
#[inline(always)]
fn fast_corner(bytes: &[u8], i: &mut usize) -> Option<u32> {
    let (mut j, mut index) = (*i, 0u32);
    while j < bytes.len() && bytes[j].is_ascii_digit() && j - *i < 9 {
        index = index * 10 + u32::from(bytes[j] - b'0');
        j += 1;
    }
    let digits = j - *i;
    match bytes.get(j) {
        _ if digits == 0 || index == 0 => return None,
        Some(b'/') => {
            while j < bytes.len() && !ends_word(bytes[j]) {
                j += 1;
            }
        }
        Some(&b) if !ends_word(b) => return None,
        _ => {}
    }
    *i = j;
    Some(index - 1)
}

/// Powers of ten that are exact doubles.
const TENS: [f64; 16] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
];

/// The words of ASCII text, split where `str::split_whitespace` splits it (tab, line feed,
/// vertical tab, form feed, carriage return, space).
struct AsciiWords<'a>(&'a str);

impl<'a> Iterator for AsciiWords<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let space = |b: u8| b == b' ' || (b'\t'..=b'\r').contains(&b);
        let start = self.0.bytes().position(|b| !space(b))?;
        let rest = &self.0[start..];
        let end = rest.bytes().position(space).unwrap_or(rest.len());
        self.0 = &rest[end..];
        Some(&rest[..end])
    }
}

/// `word` as `str::parse::<f64>` reads it, the same `f64`: a plain decimal of at most 15
/// digits is read here (the digits and the power of ten are exact doubles, so one division
/// rounds correctly), anything else by std.
fn number(word: &str) -> Option<f64> {
    let (negative, body) = match word.as_bytes() {
        [b'-', rest @ ..] => (true, rest),
        rest => (false, rest),
    };
    let (mut digits, mut mantissa, mut scale) = (0, 0u64, None);
    for (i, &b) in body.iter().enumerate() {
        match b {
            b'0'..=b'9' => {
                mantissa = mantissa * 10 + u64::from(b - b'0');
                digits += 1;
            }
            b'.' if scale.is_none() => scale = Some(body.len() - 1 - i),
            _ => return word.parse().ok(),
        }
        if digits > 15 {
            return word.parse().ok();
        }
    }
    if digits == 0 {
        return word.parse().ok();
    }
    let x = mantissa as f64 / TENS[scale.unwrap_or(0)];
    Some(if negative { -x } else { x })
}

/// One face corner (`i`, `i/t`, `i//n`, `i/t/n`) as a 0-based vertex index; negative indices
/// count back from the vertices read so far.
fn corner(word: &str, so_far: usize, at: usize) -> Result<u32> {
    // A plain positive index (digits, then `/` or the end) is read here; the rest below.
    let plain = word.bytes().take_while(u8::is_ascii_digit);
    let (length, i) = plain.fold((0, 0u64), |(n, i), b| (n + 1, i * 10 + u64::from(b - b'0')));
    if (1..=9).contains(&length)
        && i > 0
        && i <= u64::from(u32::MAX)
        && word.as_bytes().get(length).is_none_or(|&b| b == b'/')
    {
        return Ok((i - 1) as u32);
    }
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

    /// The crate's SplitMix64 stream from `seed`: the same cases on every run.
    fn stream(seed: i32) -> impl FnMut() -> u64 {
        let mut rng = crate::base::rng::SplitMix::new(seed);
        move || rng.next()
    }

    #[test]
    fn ascii_text_reads_as_the_unicode_path_reads_it() {
        // Lines of words and separators drawn at random, good and bad: the byte-by-byte reader
        // and std's splitting give the same mesh, or the same error, for each text.
        let words = [
            "v",
            "f",
            "vn",
            "1",
            "2",
            "3",
            "-1",
            "-2",
            "0",
            "+1",
            "1.5",
            "-0",
            "-0.25",
            ".5",
            "5.",
            ".",
            "-",
            "1e3",
            "2E-2",
            "nan",
            "inf",
            "0x1",
            "1/2",
            "3//4",
            "2/1/1",
            "/1",
            "1a",
            "00012",
            "4294967296",
            "123456789012345678",
            "9.87654321098765432",
            "#",
            "# c",
        ];
        let spaces = [" ", " ", " ", "\t", "\x0b", "\x0c", "\r", "  "];
        let ends = ["\n", "\n", "\r\n", "\n\n"];
        let mut next = stream(0x2545_f491);
        for _ in 0..3000 {
            let mut text = String::from("v 0 0 0\nv 1 0 0\nv 0 1 0\n");
            for _ in 0..next() % 6 {
                let first = next() % 3;
                text.push_str(["v", "f", words[next() as usize % words.len()]][first as usize]);
                for _ in 0..next() % 6 {
                    text.push_str(spaces[next() as usize % spaces.len()]);
                    text.push_str(words[next() as usize % words.len()]);
                }
                text.push_str(ends[next() as usize % ends.len()]);
            }
            let fast = read_lines(&text, true).map_err(|e| e.to_string());
            let general = read_lines(&text, false).map_err(|e| e.to_string());
            assert_eq!(fast, general, "{text:?}");
        }
    }

    #[test]
    fn numbers_read_as_std_reads_them() {
        // The same bits as `str::parse::<f64>` (or the same refusal) for decimals of every
        // length, with and without a point or sign, and for words that are not plain decimals.
        let mut next = stream(99);
        for _ in 0..200_000 {
            let digits = 1 + next() % 19;
            let mut word = String::new();
            if next().is_multiple_of(2) {
                word.push('-');
            }
            let point = next() % (digits + 2);
            for i in 0..digits {
                if i == point {
                    word.push('.');
                }
                word.push(char::from(b'0' + (next() % 10) as u8));
            }
            let ours = number(&word).map(f64::to_bits);
            assert_eq!(ours, word.parse::<f64>().ok().map(f64::to_bits), "{word}");
        }
        for word in [
            "", "-", ".", "-.", "+1", "1e5", "1.2.3", "--1", "0.1", "-0", "5.", ".5",
        ] {
            let ours = number(word).map(f64::to_bits);
            assert_eq!(ours, word.parse::<f64>().ok().map(f64::to_bits), "{word}");
        }
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
