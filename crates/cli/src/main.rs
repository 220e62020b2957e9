//! `poisson`: the poisson-live sampler on the command line, for asset pipelines and for timing
//! the native sampler.
//!
//! ```text
//! poisson bridson --width 720 --height 400 --radius 24 --format count   # prints 315
//! poisson paint --seed 42 -o island.png
//! poisson stipple portrait.png --min-radius 2 --max-radius 24 -o dots.json
//! poisson bridson --mask coast.png --radius 8 --format csv    # points only on dark ground
//! poisson bridson --width 512 --height 512 --radius 16 --wrap # tileable
//! ```
//!
//! Every command validates its input with the core crate's rules and reports the core's message
//! as one line on standard error (`poisson: error: …`) with a non-zero exit status.
//!
//! The command line is clap's (derive): [`cli`] holds the top level and turns clap's errors into
//! one line; each command is one module in `commands/` with its options and its `run`; options
//! several commands share (seed, format, output, map size, k) are in [`options`], once.

#![forbid(unsafe_code)]

mod cli;
mod commands;
mod options;
mod output;
mod picture;
mod progress;

use poisson_live::Error;
use std::process::ExitCode;

/// Why a run stopped early, and the exit status that says so.
#[derive(Debug)]
pub enum Failure {
    /// The command line itself was malformed (exit 2).
    Usage(String),
    /// A value was refused, or the output could not be written (exit 1).
    Input(String),
    /// The reader of standard output went away (`| head`): stop quietly.
    BrokenPipe,
}

impl From<Error> for Failure {
    fn from(e: Error) -> Self {
        Failure::Input(e.to_string())
    }
}

fn main() -> ExitCode {
    let result = match cli::parse(std::env::args_os()) {
        Ok(Some(command)) => command.run(),
        // Help or the version was asked for, and printed.
        Ok(None) => Ok(()),
        Err(failure) => Err(failure),
    };
    let (status, message) = match result {
        Ok(()) | Err(Failure::BrokenPipe) => return ExitCode::SUCCESS,
        Err(Failure::Input(message)) => (1, message),
        Err(Failure::Usage(message)) => (2, message),
    };
    eprintln!("poisson: error: {}", one_line(&message));
    ExitCode::from(status)
}

/// The longest error line written, in characters: a message quoting more of the input than this
/// keeps its start and its end (where the advice is) and says how much it left out.
const MAX_MESSAGE: usize = 600;

/// Keeps an error to one short line whatever the message holds. The commands quote a few dozen
/// characters of a value at most; this is the net under them.
fn one_line(message: &str) -> String {
    let line = message.split_whitespace().collect::<Vec<_>>().join(" ");
    let chars = line.chars().count();
    if chars <= MAX_MESSAGE {
        return line;
    }
    let (head, tail) = (MAX_MESSAGE * 2 / 3, MAX_MESSAGE / 3);
    let start: String = line.chars().take(head).collect();
    let end: String = line.chars().skip(chars - tail).collect();
    format!(
        "{start} … ({} characters left out) … {end}",
        chars - head - tail
    )
}

/// A number for a message: as Rust prints it when that is short, else in exponent form
/// (`1e308`, not 309 digits); either way it reads back as the same number.
pub fn number_text(v: f64) -> String {
    let text = v.to_string();
    if text.len() > 24 {
        format!("{v:e}")
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_message_keeps_its_start_and_its_advice() {
        let message = format!(
            "line 2: y is '{}', not a number; use a radius ≥ 3",
            "9".repeat(1 << 20)
        );
        let line = one_line(&message);
        assert!(line.chars().count() < MAX_MESSAGE + 60, "{}", line.len());
        assert!(line.starts_with("line 2: y is '999"));
        assert!(line.ends_with("not a number; use a radius ≥ 3"));
        assert!(line.contains("characters left out"));
        assert_eq!(one_line("short\n  and\tplain"), "short and plain");
    }

    #[test]
    fn numbers_in_messages_are_short_and_exact() {
        assert_eq!(number_text(360.0), "360");
        assert_eq!(number_text(0.1), "0.1");
        assert_eq!(number_text(1e308), "1e308");
        assert_eq!(number_text(1e-300), "1e-300");
        assert_eq!(number_text(-1.5e200).parse::<f64>(), Ok(-1.5e200));
    }
}
