use poisson_live::passes::eliminate::{eliminate, smallest_pair, Domain, Samples};
use poisson_live::space::Mesh;
use std::time::Instant;
fn hex(a: f64, n: usize) -> f64 {
    (2.0 * a / (3f64.sqrt() * n as f64)).sqrt()
}
fn main() {
    let seeds: Vec<i32> = std::env::args()
        .nth(1)
        .map(|s| s.split(',').map(|v| v.parse().unwrap()).collect())
        .unwrap_or(vec![1, 2, 3]);
    for &seed in &seeds {
        if std::env::var("EL_FAST").is_ok() {
            break;
        }
        let d = Domain::Plane {
            size: [200.0, 100.0],
            wrap: false,
        };
        let t = Instant::now();
        let Samples::Plane(p) = eliminate(&d, 10_000, seed).unwrap() else {
            panic!()
        };
        let el = t.elapsed().as_secs_f64();
        let full = smallest_pair(&p, None) / hex(20000.0, 10000);
        let pre = smallest_pair(&p[..1000], None) / hex(20000.0, 1000);
        let pre100 = smallest_pair(&p[..100], None) / hex(20000.0, 100);
        let dm = hex(20000.0, 10000);
        let inner: Vec<[f64; 2]> = p
            .iter()
            .copied()
            .filter(|q| q[0] > dm && q[0] < 200.0 - dm && q[1] > dm && q[1] < 100.0 - dm)
            .collect();
        println!("  inner dX {:.4}", smallest_pair(&inner, None) / dm);
        println!(
            "box seed {seed}: dX {full:.4} prefix1000 {pre:.4} prefix100 {pre100:.4} in {el:.3}s"
        );
    }
    if std::env::var("EL_OTHER").is_ok() {
        for &seed in &seeds {
            let size = [60.0, 40.0];
            let Samples::Plane(p) =
                eliminate(&Domain::Plane { size, wrap: true }, 2000, seed).unwrap()
            else {
                panic!()
            };
            println!(
                "torus2d seed {seed}: dX {:.4} (plane dist {:.4})",
                smallest_pair(&p, Some(size)) / hex(2400.0, 2000),
                smallest_pair(&p, None) / hex(2400.0, 2000)
            );
            let size3 = [20.0, 15.0, 10.0];
            let dmax3 = 2.0 * poisson_live::passes::eliminate::r_max(3000.0, 2000, 3);
            let Samples::Space(p) = eliminate(
                &Domain::Space {
                    size: size3,
                    wrap: false,
                },
                2000,
                seed,
            )
            .unwrap() else {
                panic!()
            };
            println!(
                "box3d seed {seed}: dmin/dmax {:.4} prefix200 {:.4}",
                smallest_pair(&p, None) / dmax3,
                smallest_pair(&p[..200], None)
                    / (2.0 * poisson_live::passes::eliminate::r_max(3000.0, 200, 3))
            );
            let Samples::Space(p) = eliminate(
                &Domain::Space {
                    size: size3,
                    wrap: true,
                },
                2000,
                seed,
            )
            .unwrap() else {
                panic!()
            };
            println!(
                "torus3d seed {seed}: dmin/dmax {:.4}",
                smallest_pair(&p, Some(size3)) / dmax3
            );
        }
    }
    if std::env::var("EL_MESH").is_err() {
        return;
    }
    let m = Mesh::torus(40.0, 15.0, 160, 80).unwrap();
    for &seed in &seeds {
        let t = Instant::now();
        let Samples::Surface(p) = eliminate(&Domain::Surface(m.clone()), 15_000, seed).unwrap()
        else {
            panic!()
        };
        let el = t.elapsed().as_secs_f64();
        let pos: Vec<[f64; 3]> = p.iter().map(|q| q.position).collect();
        let d = if std::env::var("EL_FAST").is_ok() {
            0.0
        } else {
            smallest_pair(&pos, None)
        };
        println!(
            "torus seed {seed}: n {} dmin {d:.4} dX {:.4} area {:.1} in {el:.3}s",
            p.len(),
            d / hex(m.area(), 15000),
            m.area()
        );
    }
}
#[allow(dead_code)]
fn more() {}
