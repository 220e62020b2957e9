//! The top of the command line (`poisson <COMMAND>`), and clap's errors in the project's words:
//! one line that names the flag and says what it expects.

use crate::commands::Command;
use crate::Failure;
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{CommandFactory, FromArgMatches, Parser};
use std::ffi::OsString;

/// Deterministic Poisson disk sampling for asset pipelines
#[derive(Parser)]
#[command(name = "poisson", version, subcommand_required = true, after_help = AFTER_HELP)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

const AFTER_HELP: &str = "\
Example: poisson bridson --width 720 --height 400 --radius 24 --format count

Points go to standard output as JSON unless --format or -o says otherwise; progress and errors
go to standard error. Exit status 0 on success, 1 on bad input or a failed write, 2 on a
malformed command line.";

/// Marks a required option in its line of help.
const REQUIRED: &str = " (required)";

/// The whole command line as clap sees it. Every option's value is taken as typed even when it
/// starts with '-' (`--seed -5`, `--radius -inf`), and a required one says so in its help.
pub fn command() -> clap::Command {
    Cli::command().mut_subcommands(|c| {
        c.mut_args(|a| {
            let takes_value = a.get_action().takes_values() && !a.is_positional();
            let a = a.allow_hyphen_values(takes_value);
            match a.get_help() {
                Some(help) if a.is_required_set() => {
                    let help = format!("{help}{REQUIRED}");
                    a.help(help)
                }
                _ => a,
            }
        })
    })
}

/// Reads the arguments (the program's name first): the command to run, or `None` when help or
/// the version was asked for and has been printed.
pub fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Option<Command>, Failure> {
    let args: Vec<OsString> = args.into_iter().collect();
    let mut cli = command();
    match cli.try_get_matches_from_mut(&args) {
        Ok(matches) => Cli::from_arg_matches(&matches)
            .map(|c| Some(c.command))
            .map_err(|e| Failure::Usage(e.to_string())),
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            // Help read through `| head` is not worth an error.
            let _ = e.print();
            Ok(None)
        }
        Err(e) => Err(failure(&e, &cli, args.get(1))),
    }
}

/// A clap error as one line. A value that one of our parsers refused (see `options`) is bad
/// input, exit 1, in the message the parser wrote; anything else is a malformed command line.
fn failure(e: &clap::Error, cli: &clap::Command, first: Option<&OsString>) -> Failure {
    let context = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => s.clone(),
        Some(ContextValue::Strings(v)) => v.first().cloned().unwrap_or_default(),
        _ => String::new(),
    };
    if e.kind() == ErrorKind::ValueValidation {
        if let Some(ContextValue::String(message)) = e.get(ContextKind::Custom) {
            return Failure::Input(message.clone());
        }
    }
    // The command being read: the first argument, when it names one.
    let sub = first
        .and_then(|f| f.to_str())
        .and_then(|name| cli.find_subcommand(name));
    let name = sub.map_or(String::new(), |s| format!(" {}", s.get_name()));
    let see = format!("see 'poisson{name} --help'");
    // "--radius <R>" reads "--radius R" in our messages, like the help's "--radius <R>".
    let arg = context(ContextKind::InvalidArg).replace(['<', '>'], "");
    let flag = arg.split(' ').next().unwrap_or_default();
    let value = context(ContextKind::InvalidValue);
    let suggestion = [ContextKind::SuggestedArg, ContextKind::SuggestedSubcommand]
        .into_iter()
        .map(context)
        .find(|s| !s.is_empty())
        .map_or(String::new(), |s| format!(" (did you mean '{s}'?)"));
    let unknown_command = e.kind() == ErrorKind::InvalidSubcommand
        || (e.kind() == ErrorKind::UnknownArgument && sub.is_none());
    let message = match e.kind() {
        ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            "no command given; try 'poisson --help'".to_string()
        }
        _ if unknown_command => {
            let names: Vec<&str> = cli
                .get_subcommands()
                .map(|c| c.get_name())
                .filter(|&n| n != "help")
                .collect();
            let given = match context(ContextKind::InvalidSubcommand) {
                s if s.is_empty() => arg,
                s => s,
            };
            format!(
                "unknown command '{given}'{suggestion}; the commands are {}",
                names.join(", ")
            )
        }
        ErrorKind::UnknownArgument if arg.starts_with('-') && arg != "-" => {
            format!("unknown option '{arg}' for 'poisson{name}'{suggestion}; {see}")
        }
        ErrorKind::UnknownArgument => {
            format!("unexpected argument '{arg}' for 'poisson{name}'; {see}")
        }
        ErrorKind::MissingRequiredArgument => {
            let help = sub
                .and_then(|s| s.get_arguments().find(|a| names_arg(a, &arg)))
                .and_then(|a| a.get_help())
                .map_or(String::new(), |h| {
                    format!(": {}", h.to_string().trim_end_matches(REQUIRED))
                });
            format!("'poisson{name}' needs {arg}{help}; {see}")
        }
        ErrorKind::InvalidValue if value.is_empty() => {
            let what = arg.split_once(' ').map_or("", |(_, v)| v);
            format!("{flag} needs a value ({what})")
        }
        ErrorKind::InvalidValue => {
            let valid = match e.get(ContextKind::ValidValue) {
                Some(ContextValue::Strings(v)) => v.clone(),
                _ => Vec::new(),
            };
            let valid = match valid.split_last() {
                Some((last, [])) => last.clone(),
                Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
                None => "something else".into(),
            };
            format!("{flag} must be {valid}, got '{value}'")
        }
        ErrorKind::ArgumentConflict => {
            let prior = context(ContextKind::PriorArg).replace(['<', '>'], "");
            let prior = prior.split(' ').next().unwrap_or_default();
            if prior == flag {
                format!("{flag} was given more than once")
            } else {
                format!("{flag} and {prior} cannot be combined; {see}")
            }
        }
        ErrorKind::TooManyValues => format!("{flag} takes no value"),
        // Anything else (not expected from our commands): clap's own first line.
        _ => {
            let text = e.render().to_string();
            let line = text.lines().next().unwrap_or_default();
            line.trim_start_matches("error: ").to_string()
        }
    };
    Failure::Usage(message)
}

/// True when `shown` ("--radius R" or "IMAGE") is how clap shows `arg` in a message.
fn names_arg(arg: &clap::Arg, shown: &str) -> bool {
    match arg.get_long() {
        Some(long) => shown.split(' ').next() == Some(&format!("--{long}")),
        None => arg.get_value_names().is_some_and(|v| v.join(" ") == shown),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clap_accepts_the_definition() {
        command().debug_assert();
    }

    /// Every command's `--help` lists every option with a line of help, and its default.
    #[test]
    fn help_lists_every_option_with_its_default() {
        let mut cli = command();
        cli.build();
        for sub in cli.get_subcommands_mut().filter(|s| s.get_name() != "help") {
            let text = sub.render_long_help().to_string();
            for arg in sub.get_arguments() {
                let name = match arg.get_long() {
                    Some(long) => format!("--{long}"),
                    None => format!("<{}>", arg.get_value_names().unwrap()[0]),
                };
                let help = arg.get_help().map(|h| h.to_string()).unwrap_or_default();
                let context = format!("poisson {} {name}", sub.get_name());
                assert!(!help.is_empty() && !help.contains('\n'), "{context}");
                assert!(text.contains(&name), "{context}\n{text}");
                // A switch's implicit `false` is not a default worth showing.
                let shown = arg.get_action().takes_values();
                for default in arg.get_default_values().iter().filter(|_| shown) {
                    let default = format!("[default: {}]", default.to_string_lossy());
                    assert!(text.contains(&default), "{context}\n{text}");
                }
            }
        }
    }
}
