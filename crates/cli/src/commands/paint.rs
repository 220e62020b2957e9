//! `poisson paint`: the island world as a PNG.

use crate::options::Seed;
use crate::output;
use crate::Failure;
use std::path::PathBuf;

/// Paint the island world and save it as a PNG
///
/// The 880 × 480 world of the page's last lab: terrain, chests, rocks, trees and flowers. The
/// file is byte for byte what the page's Download PNG saves.
#[derive(clap::Args)]
pub struct Paint {
    #[command(flatten)]
    seed: Seed,
    /// the PNG file to write ('-' is standard output) [default: world-SEED.png]
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
}

impl Paint {
    pub fn run(self) -> Result<(), Failure> {
        let seed = self.seed.seed;
        let png = poisson_live::paint_world(seed)?.to_png()?;
        let path = self
            .output
            .unwrap_or_else(|| format!("world-{seed}.png").into());
        if path.as_os_str() == "-" {
            return output::to_stdout(&png);
        }
        output::to_file(&path, &png)
    }
}
