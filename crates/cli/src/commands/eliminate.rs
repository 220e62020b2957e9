//! `poisson eliminate`: exactly --count points, by weighted sample elimination.

use super::mesh::read_obj;
use crate::options::{number, Checked, Shared};
use crate::output::Points;
use crate::progress;
use crate::Failure;
use poisson_live::eliminate::{Domain, Elimination, Samples};
use poisson_live::space::{Mesh, MeshSpacing};
use poisson_live::Job;
use std::path::PathBuf;

/// Exactly --count points, spread as far apart as the method gets
///
/// Weighted sample elimination (Yuksel 2015; the core's eliminate module): random candidates,
/// 8 per point asked for, each weighed by how crowded it is, the heaviest removed until --count
/// are left. Written in progressive order: any first n rows are spread out too. On the map
/// --width × --height (CSV x,y), the box with --depth (x,y,z), wrapped with --wrap (distances
/// across the edges), or a mesh's surface with --input FILE.obj (x,y,z,face,u,v as poisson
/// mesh; distances in 3D). On a mesh, --weights FILE with --radius-max R2 varies the spacing:
/// R2 times as wide where a vertex weighs 0 as where it weighs 1 (the count sets the scale).
/// Deterministic from --seed.
#[derive(clap::Args)]
pub struct Eliminate {
    /// how many points (1 to 131072, the work limit)
    #[arg(short = 'n', long, value_name = "N", value_parser = Checked(count))]
    count: usize,
    /// map width in map units (> 0); required unless --input gives a mesh
    #[arg(short = 'W', long, value_name = "W", value_parser = Checked(number))]
    #[arg(required_unless_present = "input", conflicts_with = "input")]
    width: Option<f64>,
    /// map height in map units (> 0); required unless --input gives a mesh
    #[arg(short = 'H', long, value_name = "H", value_parser = Checked(number))]
    #[arg(required_unless_present = "input", conflicts_with = "input")]
    height: Option<f64>,
    /// the box W × H × D in 3D instead of the map (> 0)
    #[arg(short = 'D', long, value_name = "D", value_parser = Checked(number))]
    #[arg(conflicts_with = "input")]
    depth: Option<f64>,
    /// distances across the edges (a torus): the set tiles
    #[arg(long, conflicts_with = "input")]
    wrap: bool,
    /// points on this OBJ mesh's surface instead ('-' is standard input)
    #[arg(short, long, value_name = "FILE.obj")]
    input: Option<PathBuf>,
    /// with --input: weights per vertex, one number from 0 to 1 a line in OBJ vertex order; the
    /// spacing is --radius-max times as wide where a vertex weighs 0 as where it weighs 1,
    /// interpolated across each triangle (a pair's reach is the smaller of its two spacings)
    #[arg(long, value_name = "FILE", requires = "radius_max")]
    #[arg(conflicts_with_all = ["width", "height", "depth", "wrap"])]
    weights: Option<PathBuf>,
    /// with --weights: the spacing at weight 0 over the spacing at weight 1 (≥ 1)
    #[arg(long, value_name = "R2", value_parser = Checked(number), requires = "weights")]
    radius_max: Option<f64>,
    #[command(flatten)]
    shared: Shared,
}

/// A whole number of points, ≥ 0: the core says which counts it takes.
fn count(name: &str, text: &str) -> Result<usize, String> {
    let v = number(name, text)?;
    if !(v.is_finite() && v == v.trunc() && v >= 0.0) {
        return Err(format!("{name} must be a whole number, got {text}"));
    }
    Ok(if v > usize::MAX as f64 {
        usize::MAX
    } else {
        v as usize
    })
}

impl Eliminate {
    pub fn run(self) -> Result<(), Failure> {
        let (domain, extent) = match &self.input {
            Some(path) => {
                let name = path.display().to_string();
                let text = read_obj(path, &name)?;
                let mesh =
                    Mesh::from_obj(&text).map_err(|e| Failure::Input(format!("{name}: {e}")))?;
                drop(text);
                // JSON's width and height: the mesh's extent in x and y.
                let (_, [width, height, _]) = mesh.extent();
                let extent = [width, height];
                let domain = match (&self.weights, self.radius_max) {
                    (Some(path), Some(radius_max)) => {
                        let name = path.display().to_string();
                        let text = read_obj(path, &name)?;
                        // The crate's reading checks the file (its lines, how many, each in
                        // [0, 1]) and says where it fails; then every line is a number.
                        MeshSpacing::from_text(&mesh, 1.0, radius_max, &text)
                            .map_err(|e| Failure::Input(format!("{name}: {e}")))?;
                        let weights = text
                            .strip_prefix('\u{feff}')
                            .unwrap_or(&text)
                            .lines()
                            .filter(|l| !l.trim().is_empty())
                            .map(|l| l.trim().parse().unwrap_or(f64::NAN))
                            .collect();
                        Domain::WeightedSurface {
                            mesh,
                            weights,
                            radius_max,
                        }
                    }
                    _ => Domain::Surface(mesh), // clap requires both or neither
                };
                (domain, extent)
            }
            None => {
                let (w, h) = (self.width.unwrap_or(0.0), self.height.unwrap_or(0.0));
                let wrap = self.wrap;
                let domain = match self.depth {
                    Some(d) => Domain::Space {
                        size: [w, h, d],
                        wrap,
                    },
                    None => Domain::Plane { size: [w, h], wrap },
                };
                (domain, [w, h])
            }
        };
        let mut job = Elimination::new(&domain, self.count, self.shared.seed())?;
        let n = self.count;
        progress::run_job("eliminate", &mut job, 1 << 14, |_| n)?;
        let points = match job.take() {
            Some(Samples::Plane(p)) => Points::Xy(p),
            Some(Samples::Space(p)) => Points::xyz(p, self.depth.unwrap_or(0.0)),
            Some(Samples::Surface(p)) => super::mesh::table(&p),
            None => return Err(Failure::Input("the elimination gave no points".into())),
        };
        self.shared.write(extent[0], extent[1], &points)
    }
}
