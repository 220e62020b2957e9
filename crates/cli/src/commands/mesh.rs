//! `poisson mesh`: points on a triangle mesh's surface, read from OBJ.

use crate::options::{number, Candidates, Checked, Shared};
use crate::output::Points;
use crate::progress::{grouped, Progress};
use crate::Failure;
use poisson_live::space::{Mesh, MeshSampler};
use std::io::Read;
use std::path::PathBuf;

/// The largest OBJ file read: the core's limit on OBJ text (512 MiB).
const MAX_OBJ_BYTES: u64 = poisson_live::space::MAX_OBJ_BYTES as u64;

/// Points on a mesh's surface, at least --radius apart in 3D
///
/// Reads a Wavefront OBJ file (its v and f lines; polygons are fanned into triangles, which are
/// numbered from 0 in file order) and covers the surface with points at least --radius apart,
/// leaving no room for another (the core's space::sample_mesh: Bridson's algorithm with
/// candidates on the triangles near each point). CSV columns x,y,z,face; JSON points
/// [x, y, z, face]. A malformed or non-finite OBJ exits 1 with one line and writes nothing.
#[derive(clap::Args)]
pub struct MeshCommand {
    /// the OBJ file ('-' is standard input)
    #[arg(short, long, value_name = "FILE.obj")]
    input: PathBuf,
    /// minimum distance between two points, in 3D (> 0)
    #[arg(short, long, value_name = "R", value_parser = Checked(number))]
    radius: f64,
    #[command(flatten)]
    k: Candidates,
    #[command(flatten)]
    shared: Shared,
}

impl MeshCommand {
    pub fn run(self) -> Result<(), Failure> {
        let name = self.input.display().to_string();
        let text = read_obj(&self.input, &name)?;
        let mesh = Mesh::from_obj(&text).map_err(|e| Failure::Input(format!("{name}: {e}")))?;
        drop(text);
        let mut s = MeshSampler::new(&mesh, self.radius, self.k.k, self.shared.seed())?;
        let mut progress = Progress::new("mesh");
        while !s.run(1 << 14) {
            progress.show(|| format!("{} points", grouped(s.points().len())));
        }
        progress.clear();
        let values = s
            .points()
            .flat_map(|p| [p.position[0], p.position[1], p.position[2], p.face as f64])
            .collect();
        // JSON's width and height: the mesh's extent in x and y.
        let (lo, hi) = mesh.vertices().iter().fold(
            ([f64::INFINITY; 2], [f64::NEG_INFINITY; 2]),
            |(lo, hi), v| {
                (
                    [lo[0].min(v[0]), lo[1].min(v[1])],
                    [hi[0].max(v[0]), hi[1].max(v[1])],
                )
            },
        );
        let points = Points::Table {
            header: "x,y,z,face",
            columns: 4,
            values,
        };
        self.shared.write(hi[0] - lo[0], hi[1] - lo[1], &points)
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
    let reader: Box<dyn Read> = if path.as_os_str() == "-" {
        Box::new(std::io::stdin())
    } else {
        let file = std::fs::File::open(path).map_err(cannot)?;
        // A file's size is known before a byte is read: refuse a huge one at once.
        if file.metadata().map_err(cannot)?.len() > MAX_OBJ_BYTES {
            return Err(too_big());
        }
        Box::new(file)
    };
    let mut bytes = Vec::new();
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
