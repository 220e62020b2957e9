//! The commands, one module each: its options (a clap `Args` struct whose doc comments are its
//! help page) and its `run`. Adding a command is adding its module, a variant here and an arm
//! in [`Command::run`]; options several commands share are in `options`, flattened.

mod bridson;
mod classes;
mod completions;
mod darts;
mod eliminate;
mod endless;
mod fast;
mod jittered;
mod measure;
mod mesh;
mod paint;
mod random;
mod refill;
mod relax;
mod stipple;
mod table;
mod variable;

use crate::Failure;
use clap::Subcommand;

/// Every command, in the order the overview lists them.
#[derive(Subcommand)]
pub enum Command {
    Bridson(bridson::Bridson),
    Fast(fast::Fast),
    Random(random::Random),
    Jittered(jittered::Jittered),
    Darts(darts::Darts),
    Variable(variable::Variable),
    Stipple(stipple::Stipple),
    Paint(paint::Paint),
    Endless(endless::Endless),
    Refill(refill::Refill),
    Classes(classes::Classes),
    Mesh(mesh::MeshCommand),
    Eliminate(eliminate::Eliminate),
    Relax(relax::Relax),
    Measure(measure::Measure),
    Completions(completions::Completions),
}

impl Command {
    /// Runs the command to the end: its output written, or why it stopped.
    pub fn run(self) -> Result<(), Failure> {
        match self {
            Command::Bridson(c) => c.run(),
            Command::Fast(c) => c.run(),
            Command::Random(c) => c.run(),
            Command::Jittered(c) => c.run(),
            Command::Darts(c) => c.run(),
            Command::Variable(c) => c.run(),
            Command::Stipple(c) => c.run(),
            Command::Paint(c) => c.run(),
            Command::Endless(c) => c.run(),
            Command::Refill(c) => c.run(),
            Command::Classes(c) => c.run(),
            Command::Mesh(c) => c.run(),
            Command::Eliminate(c) => c.run(),
            Command::Relax(c) => c.run(),
            Command::Measure(c) => c.run(),
            Command::Completions(c) => c.run(),
        }
    }
}
