//! `poisson mesh`: points on a triangle mesh's surface, read from OBJ.

use crate::options::{number, Checked, Shared, TriesOption};
use crate::output::Points;
use crate::progress::run_job;
use crate::Failure;
use poisson_live::space::{FastMeshSampler, Mesh, MeshPoint, MeshSampler, MeshSpacing};
use std::borrow::Borrow;
use std::io::Read;
use std::path::PathBuf;

/// The largest OBJ file read: the core's limit on OBJ text (512 MiB).
const MAX_OBJ_BYTES: u64 = poisson_live::space::MAX_OBJ_BYTES as u64;

/// Points on a mesh's surface, at least --radius apart in 3D
///
/// Reads a Wavefront OBJ file (its v and f lines; polygons are fanned into triangles, which are
/// numbered from 0 in file order) and covers the surface with points at least --radius apart,
/// leaving no room for another: --method bridson (the default; the core's space::sample_mesh,
/// Bridson's algorithm with candidates on the triangles near each point) or fast (the core's
/// space::fast_sample_mesh: fuller and quicker, candidates just beyond r walked over the surface).
/// --weights FILE with --radius-max R2 varies the spacing over the surface (the core's
/// space::MeshSpacing): R where a vertex weighs 1, R2 where it weighs 0. CSV columns
/// x,y,z,face,u,v; JSON points [x, y, z, face, u, v]: the point is (1 − u − v)·A + u·B + v·C of
/// its triangle's corners A, B, C (barycentric u, v), so a tool can carry the triangle's
/// attributes to it. A malformed or non-finite OBJ, or bad weights, exits 1 with one line and
/// writes nothing.
#[derive(clap::Args)]
pub struct MeshCommand {
    /// the OBJ file ('-' is standard input)
    #[arg(short, long, value_name = "FILE.obj")]
    input: PathBuf,
    /// minimum distance between two points, in 3D (> 0)
    #[arg(short, long, value_name = "R", value_parser = Checked(number))]
    radius: f64,
    /// how the surface is covered
    #[arg(long, value_name = "METHOD", default_value = "bridson")]
    method: Method,
    /// weights per vertex, one number from 0 to 1 a line in OBJ vertex order: the spacing is
    /// --radius where a vertex weighs 1 and --radius-max where it weighs 0, interpolated across
    /// each triangle (every pair at least the smaller of their two radii apart)
    #[arg(long, value_name = "FILE", requires = "radius_max")]
    weights: Option<PathBuf>,
    /// with --weights: the spacing where a vertex weighs 0 (≥ --radius)
    #[arg(long, value_name = "R2", value_parser = Checked(number), requires = "weights")]
    radius_max: Option<f64>,
    #[command(flatten)]
    k: TriesOption,
    #[command(flatten)]
    shared: Shared,
}

/// The mesh samplers (`--method`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Method {
    /// Bridson's algorithm on pieces of triangle (about 0.66 points per r²; -k applies)
    Bridson,
    /// the densest, quickest cover: candidates just beyond r walked over the surface
    Fast,
}

impl MeshCommand {
    pub fn run(self) -> Result<(), Failure> {
        let name = self.input.display().to_string();
        let text = read_obj(&self.input, &name)?;
        let mesh = Mesh::from_obj(&text).map_err(|e| Failure::Input(format!("{name}: {e}")))?;
        drop(text);
        let spacing = match (&self.weights, self.radius_max) {
            (Some(path), Some(radius_max)) => {
                let name = path.display().to_string();
                let text = read_obj(path, &name)?;
                let spacing = MeshSpacing::from_text(&mesh, self.radius, radius_max, &text)
                    .map_err(|e| Failure::Input(format!("{name}: {e}")))?;
                Some(spacing)
            }
            _ => None, // clap requires both or neither
        };
        let seed = self.shared.seed();
        let points = match self.method {
            Method::Bridson => {
                let mut s = match &spacing {
                    None => MeshSampler::new(&mesh, self.radius, self.k.k, seed)?,
                    Some(spacing) => MeshSampler::with_spacing(&mesh, spacing, self.k.k, seed)?,
                };
                run_job("mesh", &mut s, 1 << 14, |s| s.points().len())?;
                table(s.points())
            }
            Method::Fast => {
                let mut s = match &spacing {
                    None => FastMeshSampler::new(&mesh, self.radius, seed)?,
                    Some(spacing) => FastMeshSampler::with_spacing(&mesh, spacing, seed)?,
                };
                run_job("mesh", &mut s, 1 << 10, |s| s.points().len())?;
                table(s.points())
            }
        };
        // JSON's width and height: the mesh's extent in x and y.
        let (_, [width, height, _]) = mesh.extent();
        self.shared.write(width, height, &points)
    }
}

/// Points on a mesh as the rows `x,y,z,face,u,v` (`poisson mesh`'s and `poisson eliminate`'s),
/// read straight from the sampler: no list of points held beside the rows.
pub(super) fn table<P: Borrow<MeshPoint>>(points: impl IntoIterator<Item = P>) -> Points {
    let points = points.into_iter();
    let mut values = Vec::with_capacity(6 * points.size_hint().0);
    for p in points {
        let p = p.borrow();
        let [x, y, z] = p.position;
        let [u, v] = p.barycentric;
        values.extend([x, y, z, p.face as f64, u, v]);
    }
    Points::Table {
        header: "x,y,z,face,u,v",
        columns: 6,
        values,
    }
}

/// The file's text, at most [`MAX_OBJ_BYTES`] read whatever its size.
pub(super) fn read_obj(path: &std::path::Path, name: &str) -> Result<String, Failure> {
    let cannot = |e: std::io::Error| Failure::Input(format!("cannot read {name}: {e}"));
    let too_big = || {
        Failure::Input(format!(
            "{name}: larger than {} MiB, the most mesh reads",
            MAX_OBJ_BYTES >> 20
        ))
    };
    let mut size = 0;
    let reader: Box<dyn Read> = if path.as_os_str() == "-" {
        Box::new(std::io::stdin())
    } else {
        let file = std::fs::File::open(path).map_err(cannot)?;
        // A file's size is known before a byte is read: refuse a huge one at once.
        size = file.metadata().map_err(cannot)?.len();
        if size > MAX_OBJ_BYTES {
            return Err(too_big());
        }
        Box::new(file)
    };
    // Room for the whole file at once: no copy as it grows.
    let mut bytes = Vec::with_capacity(size as usize + 1);
    reader
        .take(MAX_OBJ_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    if bytes.len() as u64 > MAX_OBJ_BYTES {
        return Err(too_big());
    }
    String::from_utf8(bytes).map_err(|e| {
        Failure::Input(format!(
            "{name}: not text (byte {} is not UTF-8)",
            e.utf8_error().valid_up_to()
        ))
    })
}
