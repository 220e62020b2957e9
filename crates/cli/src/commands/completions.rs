//! `poisson completions SHELL`: tab completion for the commands and their options.

use crate::output;
use crate::Failure;
use clap_complete::Shell;

/// Print a shell completion script
///
/// For bash: `poisson completions bash > ~/.local/share/bash-completion/completions/poisson`;
/// for zsh, a file named `_poisson` on your $fpath; for fish,
/// `~/.config/fish/completions/poisson.fish`.
#[derive(clap::Args)]
pub struct Completions {
    /// the shell to complete in
    #[arg(value_name = "SHELL")]
    shell: Shell,
}

impl Completions {
    pub fn run(self) -> Result<(), Failure> {
        let mut script = Vec::new();
        clap_complete::generate(
            self.shell,
            &mut crate::cli::command(),
            "poisson",
            &mut script,
        );
        output::to_stdout(&script)
    }
}
