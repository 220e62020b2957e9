//! JSON and CSV export: the text reads back to the very same numbers.

use poisson_live::export::{to_csv, to_csv_xy, to_json, to_json_xy};
use poisson_live::{jittered_grid, poisson_disk, Point};

fn bits(values: &[f64]) -> Vec<u64> {
    values.iter().map(|v| v.to_bits()).collect()
}

/// A JSON row of numbers, read back.
fn numbers(row: &serde_json::Value) -> Vec<f64> {
    let row = row.as_array().unwrap();
    row.iter().map(|v| v.as_f64().unwrap()).collect()
}

#[test]
fn json_reads_back_to_the_same_bits() {
    let points = poisson_disk(720.0, 400.0, 24.0, 30, 123456).unwrap();
    assert_eq!(points.len(), 315);
    let text = to_json(720.0, 400.0, &points);
    assert!(text.starts_with("{\"width\": 720, \"height\": 400, \"points\": [["));
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(value["width"].as_f64(), Some(720.0));
    assert_eq!(value["height"].as_f64(), Some(400.0));
    let rows = value["points"].as_array().unwrap();
    assert_eq!(rows.len(), points.len());
    for (row, p) in rows.iter().zip(&points) {
        let read = numbers(row);
        assert_eq!(bits(&read), bits(&[p.x, p.y, p.r]));
    }
}

#[test]
fn awkward_numbers_stay_valid_json() {
    // Tiny, huge, negative zero and whole numbers: Display never writes an exponent.
    let points = [
        Point {
            x: 1e-300,
            y: 1.7976931348623157e308,
            r: -0.0,
        },
        Point {
            x: 5e-324,
            y: 0.1 + 0.2,
            r: 720.0,
        },
    ];
    let text = to_json(1e21, 0.5, &points);
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    let rows = value["points"].as_array().unwrap();
    for (row, p) in rows.iter().zip(&points) {
        let read = numbers(row);
        assert_eq!(bits(&read), bits(&[p.x, p.y, p.r]));
    }
    assert_eq!(value["width"].as_f64(), Some(1e21));
    assert!(text.contains("720]"), "whole numbers print bare: {text}");
    // Not-finite values have no JSON number: null, and still valid JSON.
    let odd = to_json(
        f64::NAN,
        1.0,
        &[Point {
            x: f64::INFINITY,
            y: 1.0,
            r: 2.0,
        }],
    );
    let value: serde_json::Value = serde_json::from_str(&odd).unwrap();
    assert!(value["width"].is_null());
    assert!(value["points"][0][0].is_null());
}

#[test]
fn csv_has_a_header_and_one_line_per_point() {
    let points = poisson_disk(720.0, 400.0, 24.0, 30, 123456).unwrap();
    let text = to_csv(&points);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 316);
    assert_eq!(lines[0], "x,y,r");
    for (line, p) in lines[1..].iter().zip(&points) {
        let read: Vec<f64> = line.split(',').map(|v| v.parse().unwrap()).collect();
        assert_eq!(bits(&read), bits(&[p.x, p.y, p.r]));
    }
    assert!(text.ends_with('\n'));
}

#[test]
fn positions_without_radii() {
    let points = poisson_live::point::xy(&jittered_grid(20.0, 720.0, 400.0, 7).unwrap());
    let json = to_json_xy(720.0, 400.0, &points);
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let rows = value["points"].as_array().unwrap();
    assert_eq!(rows.len(), points.len());
    for (row, p) in rows.iter().zip(&points) {
        let read = numbers(row);
        assert_eq!(bits(&read), bits(p));
    }
    let csv = to_csv_xy(&points);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "x,y");
    assert_eq!(lines.len(), points.len() + 1);
    let first: Vec<f64> = lines[1].split(',').map(|v| v.parse().unwrap()).collect();
    assert_eq!(bits(&first), bits(&points[0]));
}

#[test]
fn empty_sets() {
    assert_eq!(
        to_json(720.0, 400.0, &[]),
        "{\"width\": 720, \"height\": 400, \"points\": []}\n"
    );
    assert_eq!(to_csv(&[]), "x,y,r\n");
    let value: serde_json::Value = serde_json::from_str(&to_json_xy(10.0, 20.0, &[])).unwrap();
    assert_eq!(value["points"].as_array().map(Vec::len), Some(0));
    assert_eq!(to_csv_xy(&[]), "x,y\n");
}
