//! Point sets as text a game's tools can read: JSON and CSV.
//!
//! Numbers are written with Rust's shortest round-trip formatting (`{}` on an `f64`): reading
//! the text back gives the same `f64`, bit for bit. That form never uses an exponent and whole
//! numbers print without a decimal point (`720`), so every finite value is valid JSON and plain
//! CSV. A value that is not finite has no JSON number: it is written as `null` in JSON and left
//! empty in CSV.

use crate::base::point::Point;

/// One number in JSON: the shortest round-trip decimal, or `null` when it is not finite.
fn json_number(out: &mut String, value: f64) {
    if value.is_finite() {
        push_decimal(out, value);
    } else {
        out.push_str("null");
    }
}

/// One number in CSV: the shortest round-trip decimal, or nothing when it is not finite.
fn csv_number(out: &mut String, value: f64) {
    if value.is_finite() {
        push_decimal(out, value);
    }
}

/// A finite `value` as `{}` writes it, byte for byte: the shortest digits that read back as
/// `value` (zmij's, an exact tie rounded as std rounds it: tests/export_numbers.rs compares the
/// bytes), laid out with no exponent. std's formatter was 90 % of `poisson mesh`'s CSV writing.
pub fn push_decimal(out: &mut String, value: f64) {
    let mut buffer = zmij::Buffer::new();
    let written = buffer.format_finite(value);
    // Without an exponent zmij lays the digits out as std does, but for a whole number's `.0`.
    if !written.contains('e') && !may_tie(value) {
        out.push_str(written.strip_suffix(".0").unwrap_or(written));
        return;
    }
    let text = written.as_bytes();
    let (negative, text) = match text {
        [b'-', rest @ ..] => (true, rest),
        _ => (false, text),
    };
    // zmij writes `d.ddd`, `ddd.d` or `d.ddde±x`: the digits, and where the point falls.
    let (mantissa, exponent) = match text.iter().position(|&b| b == b'e') {
        Some(e) => (&text[..e], exponent_of(&text[e + 1..])),
        None => (text, 0),
    };
    let mut digits = [0u8; 40];
    let mut count = 0;
    let mut point = None;
    for &b in mantissa {
        if b == b'.' {
            point = Some(count);
        } else if count < digits.len() {
            digits[count] = b;
            count += 1;
        }
    }
    // Digits before the decimal point once the exponent is applied.
    let mut before = point.unwrap_or(count) as i32 + exponent;
    let mut first = 0;
    while first < count && digits[first] == b'0' {
        first += 1;
        before -= 1;
    }
    while count > first && digits[count - 1] == b'0' {
        count -= 1;
    }
    if negative {
        out.push('-');
    }
    if count > first && halfway_above(value, &digits[first..count], before) {
        // std rounds an exact tie away from zero, zmij to even: carry the one.
        let mut at = count;
        loop {
            at -= 1;
            if digits[at] == b'9' {
                digits[at] = b'0';
                if at == first {
                    // All nines: 99.5 → 100, one more digit before the point.
                    digits[at] = b'1';
                    before += 1;
                    break;
                }
            } else {
                digits[at] += 1;
                break;
            }
        }
        while count > first && digits[count - 1] == b'0' {
            count -= 1;
        }
    }
    let digits = &digits[first..count];
    if digits.is_empty() {
        out.push('0');
        return;
    }
    if before <= 0 {
        out.push_str("0.");
        zeros(out, -before as usize);
        out.push_str(ascii(digits));
    } else if before as usize >= digits.len() {
        out.push_str(ascii(digits));
        zeros(out, before as usize - digits.len());
    } else {
        let (whole, fraction) = digits.split_at(before as usize);
        out.push_str(ascii(whole));
        out.push('.');
        out.push_str(ascii(fraction));
    }
}

/// Whether `value` could lie exactly halfway between two shortest decimals ([`halfway_above`]
/// tells): only a value of at most 19 significant digits can, so not one with more than 27
/// binary places (each adds a decimal one), nor a whole number below 2^53 (written whole).
fn may_tie(value: f64) -> bool {
    let (m, e) = mantissa_exponent(value);
    let places = e + m.trailing_zeros() as i32;
    let whole = places >= 0 && value.abs() < 9007199254740992.0;
    m != 0 && places >= -27 && !whole
}

/// `value` as m · 2^e, m an integer of at most 53 bits.
fn mantissa_exponent(value: f64) -> (u64, i32) {
    let bits = value.to_bits();
    let (exponent, fraction) = ((bits >> 52) & 0x7ff, bits & ((1 << 52) - 1));
    if exponent == 0 {
        (fraction, -1074)
    } else {
        (fraction | 1 << 52, exponent as i32 - 1075)
    }
}

/// Whether `value` lies exactly halfway between `digits` (`before` of them ahead of the point)
/// and the same digits plus one in the last place: `value` = (10 D + 5) · 10^j, D the digits.
fn halfway_above(value: f64, digits: &[u8], before: i32) -> bool {
    let (m, e) = mantissa_exponent(value);
    if m == 0 || digits.len() > 17 {
        return false;
    }
    // m · 2^e = N · 2^j · 5^j with N = 10 D + 5 odd: the powers of two and the odd parts agree.
    let j = before - digits.len() as i32 - 1;
    let odd = m >> m.trailing_zeros();
    if e + m.trailing_zeros() as i32 != j || j.unsigned_abs() > 27 {
        return false;
    }
    let n = digits
        .iter()
        .fold(0u128, |n, &b| n * 10 + u128::from(b - b'0'))
        * 10
        + 5;
    let five = 5u128.pow(j.unsigned_abs());
    if j >= 0 {
        u128::from(odd) == n * five
    } else {
        u128::from(odd) * five == n
    }
}

/// ASCII digits as text.
fn ascii(digits: &[u8]) -> &str {
    std::str::from_utf8(digits).expect("zmij writes ASCII digits")
}

/// The decimal exponent after zmij's `e`: `-7`, `+35` or `16`.
fn exponent_of(text: &[u8]) -> i32 {
    let (sign, text) = match text {
        [b'-', rest @ ..] => (-1, rest),
        [b'+', rest @ ..] => (1, rest),
        _ => (1, text),
    };
    sign * text
        .iter()
        .fold(0i32, |e, &b| e * 10 + i32::from(b.wrapping_sub(b'0')))
}

fn zeros(out: &mut String, n: usize) {
    const ZEROS: &str = "0000000000000000000000000000000000000000000000000000000000000000";
    let mut left = n;
    while left > 0 {
        let take = left.min(ZEROS.len());
        out.push_str(&ZEROS[..take]);
        left -= take;
    }
}

/// JSON's `{"width": W, "height": H`: what every JSON export opens with.
fn json_open(out: &mut String, width: f64, height: f64) {
    out.push_str("{\"width\": ");
    json_number(out, width);
    out.push_str(", \"height\": ");
    json_number(out, height);
}

/// One CSV row's numbers, separated by commas, without the line's end.
fn csv_numbers(out: &mut String, row: &[f64]) {
    for (j, &value) in row.iter().enumerate() {
        if j > 0 {
            out.push(',');
        }
        csv_number(out, value);
    }
}

/// The two text formats, a piece at a time: what comes before the rows, each row, and what
/// comes after. The one-call functions below are these pieces joined (the box's and the classed
/// points' JSON add a field between the height and the points); a writer that streams a set too
/// big to hold (`poisson endless`) writes the same pieces as they come, so its bytes are the
/// same.
///
/// ```
/// use poisson_live::export::{to_json_xy, Text};
/// let points = [[1.5, 2.0], [3.0, 4.25]];
/// let mut out = String::new();
/// Text::Json.head(&mut out, 10.0, 5.0, "x,y");
/// for (i, p) in points.iter().enumerate() {
///     Text::Json.row(&mut out, p, i == 0);
/// }
/// Text::Json.tail(&mut out);
/// assert_eq!(out, to_json_xy(10.0, 5.0, &points));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Text {
    /// `{"width": W, "height": H, "points": [[a, b, …], …]}` and a newline.
    Json,
    /// A header line, then one line per row, numbers separated by commas.
    Csv,
}

impl Text {
    /// What comes before the first row: JSON's `{"width": W, "height": H, "points": [`, or CSV's
    /// `header` line (each format ignores what the other needs).
    pub fn head(self, out: &mut String, width: f64, height: f64, header: &str) {
        match self {
            Text::Json => {
                json_open(out, width, height);
                out.push_str(", \"points\": [");
            }
            Text::Csv => {
                out.push_str(header);
                out.push('\n');
            }
        }
    }

    /// One row of numbers; `first` for the set's first row (JSON separates the others from the
    /// row before).
    pub fn row(self, out: &mut String, row: &[f64], first: bool) {
        match self {
            Text::Json => {
                if !first {
                    out.push_str(", ");
                }
                out.push('[');
                for (j, &value) in row.iter().enumerate() {
                    if j > 0 {
                        out.push_str(", ");
                    }
                    json_number(out, value);
                }
                out.push(']');
            }
            Text::Csv => {
                csv_numbers(out, row);
                out.push('\n');
            }
        }
    }

    /// What comes after the last row.
    pub fn tail(self, out: &mut String) {
        if self == Text::Json {
            out.push_str("]}\n");
        }
    }

    /// The whole text of a set, in one string.
    fn whole<'a>(
        self,
        width: f64,
        height: f64,
        header: &str,
        rows: impl Iterator<Item = &'a [f64]>,
    ) -> String {
        // Room for rows of short numbers up front: fewer copies as the text grows.
        let mut out = String::with_capacity(64 + 96 * rows.size_hint().0);
        self.head(&mut out, width, height, header);
        for (i, row) in rows.enumerate() {
            self.row(&mut out, row, i == 0);
        }
        self.tail(&mut out);
        out
    }
}

/// JSON rows of numbers, each row `[a, b, …]`, inside `{"width": W, "height": H, "points": […]}`:
/// the shape of every JSON export, for rows of any columns (`poisson refill`'s `[id, x, y, r]`).
pub fn json_rows<'a>(width: f64, height: f64, rows: impl Iterator<Item = &'a [f64]>) -> String {
    Text::Json.whole(width, height, "", rows)
}

/// CSV with a header line, then one line per row, each ending in `\n`: the shape of every CSV
/// export, for rows of any columns.
pub fn csv_rows<'a>(header: &str, rows: impl Iterator<Item = &'a [f64]>) -> String {
    Text::Csv.whole(0.0, 0.0, header, rows)
}

/// Points with their radii as `{"width": W, "height": H, "points": [[x, y, r], …]}`.
pub fn to_json(width: f64, height: f64, points: &[Point]) -> String {
    let rows: Vec<[f64; 3]> = points.iter().map(|p| [p.x, p.y, p.r]).collect();
    json_rows(width, height, rows.iter().map(|r| &r[..]))
}

/// Points with their radii as CSV: the header `x,y,r`, then one line per point.
pub fn to_csv(points: &[Point]) -> String {
    let rows: Vec<[f64; 3]> = points.iter().map(|p| [p.x, p.y, p.r]).collect();
    csv_rows("x,y,r", rows.iter().map(|r| &r[..]))
}

/// Positions without radii as `{"width": W, "height": H, "points": [[x, y], …]}`.
pub fn to_json_xy(width: f64, height: f64, points: &[[f64; 2]]) -> String {
    json_rows(width, height, points.iter().map(|p| &p[..]))
}

/// Positions without radii as CSV: the header `x,y`, then one line per point.
pub fn to_csv_xy(points: &[[f64; 2]]) -> String {
    csv_rows("x,y", points.iter().map(|p| &p[..]))
}

/// Points in a `width × height × depth` box as `{"width": W, "height": H, "depth": D, "points":
/// [[x, y, z], …]}`.
///
/// ```
/// use poisson_live::export::{to_csv_xyz, to_json_xyz};
/// let points = [[1.5, 2.0, 0.25], [3.0, 4.0, 5.0]];
/// assert_eq!(
///     to_json_xyz(10.0, 5.0, 6.0, &points),
///     "{\"width\": 10, \"height\": 5, \"depth\": 6, \"points\": [[1.5, 2, 0.25], [3, 4, 5]]}\n"
/// );
/// assert_eq!(to_csv_xyz(&points), "x,y,z\n1.5,2,0.25\n3,4,5\n");
/// ```
pub fn to_json_xyz(width: f64, height: f64, depth: f64, points: &[[f64; 3]]) -> String {
    let mut out = String::with_capacity(96 + 80 * points.len());
    json_open(&mut out, width, height);
    out.push_str(", \"depth\": ");
    json_number(&mut out, depth);
    out.push_str(", \"points\": [");
    for (i, p) in points.iter().enumerate() {
        Text::Json.row(&mut out, p, i == 0);
    }
    Text::Json.tail(&mut out);
    out
}

/// Points in a box as CSV: the header `x,y,z`, then one line per point.
pub fn to_csv_xyz(points: &[[f64; 3]]) -> String {
    csv_rows("x,y,z", points.iter().map(|p| &p[..]))
}

/// Points with a class each as `{"width": W, "height": H, "classes": ["tree", …], "points":
/// [[x, y, r, class], …]}`: the class of a point is its index into `names`, which are listed
/// once (as JSON strings, escaped where they need it). `classes[i]` is the class of
/// `points[i]`; rows stop at the shorter of the two.
///
/// ```
/// use poisson_live::export::{to_csv_classed, to_json_classed};
/// use poisson_live::Point;
/// let points = [Point { x: 1.5, y: 2.0, r: 4.0 }, Point { x: 9.0, y: 3.25, r: 8.0 }];
/// let names = ["tree", "rock"];
/// assert_eq!(
///     to_json_classed(10.0, 5.0, &points, &[0, 1], &names),
///     "{\"width\": 10, \"height\": 5, \"classes\": [\"tree\", \"rock\"], \
///      \"points\": [[1.5, 2, 4, 0], [9, 3.25, 8, 1]]}\n"
/// );
/// assert_eq!(
///     to_csv_classed(&points, &[0, 1], &names),
///     "x,y,r,class\n1.5,2,4,tree\n9,3.25,8,rock\n"
/// );
/// ```
pub fn to_json_classed(
    width: f64,
    height: f64,
    points: &[Point],
    classes: &[u16],
    names: &[impl AsRef<str>],
) -> String {
    let mut out = String::with_capacity(96 + 112 * points.len());
    json_open(&mut out, width, height);
    out.push_str(", \"classes\": [");
    for (i, name) in names.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        json_string(&mut out, name.as_ref());
    }
    out.push_str("], \"points\": [");
    for (i, (p, &c)) in points.iter().zip(classes).enumerate() {
        Text::Json.row(&mut out, &[p.x, p.y, p.r, f64::from(c)], i == 0);
    }
    Text::Json.tail(&mut out);
    out
}

/// Points with a class each as CSV: the header `x,y,r,class`, then one line per point with its
/// class by name (`names[classes[i]]`, quoted where CSV needs it). Rows stop at the shorter of
/// `points` and `classes`; a class past the end of `names` panics.
pub fn to_csv_classed(points: &[Point], classes: &[u16], names: &[impl AsRef<str>]) -> String {
    let mut out = String::with_capacity(16 + 104 * points.len());
    Text::Csv.head(&mut out, 0.0, 0.0, "x,y,r,class");
    for (p, &c) in points.iter().zip(classes) {
        csv_numbers(&mut out, &[p.x, p.y, p.r]);
        out.push(',');
        csv_field(&mut out, names[usize::from(c)].as_ref());
        out.push('\n');
    }
    out
}

/// `text` as a JSON string: in quotes, with quotes, backslashes and control characters escaped.
fn json_string(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if u32::from(c) < 0x20 => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// `text` as one CSV field: as it is, or in quotes (its quotes doubled) when it holds a comma,
/// a quote or a line break.
fn csv_field(out: &mut String, text: &str) {
    if text.contains([',', '"', '\n', '\r']) {
        out.push('"');
        out.push_str(&text.replace('"', "\"\""));
        out.push('"');
    } else {
        out.push_str(text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn class_names_are_escaped_only_where_the_format_needs_it() {
        let points = [Point {
            x: 1.0,
            y: 2.0,
            r: 3.0,
        }];
        let names = ["a,b", "say \"hi\"\\", "tab\there"];
        for (class, json, csv) in [
            (0, "\"a,b\"", "\"a,b\""),
            (1, "\"say \\\"hi\\\"\\\\\"", "\"say \"\"hi\"\"\\\""),
            (2, "\"tab\\u0009here\"", "tab\there"),
        ] {
            let text = to_json_classed(4.0, 5.0, &points, &[class], &names);
            assert!(text.contains(json), "{text}");
            assert_eq!(
                to_csv_classed(&points, &[class], &names),
                format!("x,y,r,class\n1,2,3,{csv}\n")
            );
        }
    }
}
