//! The command line: which options each command takes, their defaults, and the help text built
//! from that one table.
//!
//! Hand-written on purpose: the grammar is tiny (`--name value`, `--name=value`, `-o value`,
//! `-h`), and every message stays one line in the project's own words.

use std::collections::HashMap;
use std::fmt::Write as _;

/// One option of one command.
pub struct Opt {
    /// The long name, without the dashes.
    pub name: &'static str,
    /// The one-letter alias, if any.
    pub short: Option<char>,
    /// What the value looks like in the help (`W`, `FILE`, …).
    pub value: &'static str,
    /// One line of help.
    pub help: &'static str,
    /// The default as text, or `None` when the option is required.
    pub default: Default,
}

/// Whether an option must be given, and what it is otherwise.
#[derive(Clone, Copy)]
pub enum Default {
    /// The option must be given.
    Required,
    /// The option takes this value when not given.
    Value(&'static str),
    /// The option is optional and has no single default value (described in its help).
    Optional,
    /// A switch without a value (`--wrap`): on when given.
    Flag,
    /// A required argument given by position, not by name (`poisson stipple IMAGE`).
    Positional,
}

/// One subcommand.
pub struct Command {
    /// The name typed after `poisson`.
    pub name: &'static str,
    /// One line saying what it does (shown in the overview).
    pub about: &'static str,
    /// A few more lines for its own help page.
    pub details: &'static str,
    /// Its options, in help order.
    pub opts: &'static [Opt],
}

const SEED: Opt = Opt {
    name: "seed",
    short: Some('s'),
    value: "S",
    help: "whole number from -2147483648 to 2147483647; same seed, same points",
    default: Default::Value("123456"),
};
const FORMAT: Opt = Opt {
    name: "format",
    short: Some('f'),
    value: "FMT",
    help: "json, csv or count",
    default: Default::Value("json"),
};
const OUTPUT: Opt = Opt {
    name: "output",
    short: Some('o'),
    value: "FILE",
    help: "write to FILE instead of standard output ('-' is standard output)",
    default: Default::Optional,
};
const WIDTH: Opt = Opt {
    name: "width",
    short: Some('W'),
    value: "W",
    help: "map width in map units (> 0)",
    default: Default::Required,
};
const HEIGHT: Opt = Opt {
    name: "height",
    short: Some('H'),
    value: "H",
    help: "map height in map units (> 0)",
    default: Default::Required,
};
const K: Opt = Opt {
    name: "k",
    short: Some('k'),
    value: "K",
    help: "candidates tried around a point before it retires (1 to 10000)",
    default: Default::Value("30"),
};

/// Every command, in the order the overview lists them.
pub const COMMANDS: &[Command] = &[
    Command {
        name: "bridson",
        about: "Poisson disk points with Bridson's algorithm (the classic method)",
        details:
"Fills the map with points at least --radius apart. The output is bit for bit the\n\
                  same as poisson_live::poisson_disk and the page's Bridson lab for the same seed.\n\
                  --mask IMAGE keeps points where the picture is darker than --threshold (the\n\
                  core's masked_poisson; the map is the picture's size). --wrap makes the set\n\
                  tileable (the core's wrap::poisson_disk_wrapped).",
        opts: &[
            Opt {
                name: "width",
                short: Some('W'),
                value: "W",
                help: "map width in map units (> 0); required unless --mask gives it",
                default: Default::Optional,
            },
            Opt {
                name: "height",
                short: Some('H'),
                value: "H",
                help: "map height in map units (> 0); required unless --mask gives it",
                default: Default::Optional,
            },
            Opt {
                name: "radius",
                short: Some('r'),
                value: "R",
                help: "minimum distance between two points (> 0)",
                default: Default::Required,
            },
            K,
            Opt {
                name: "mask",
                short: None,
                value: "IMAGE",
                help: "PNG: points only where it is dark (1 pixel = 1 map unit)",
                default: Default::Optional,
            },
            Opt {
                name: "threshold",
                short: None,
                value: "T",
                help: "with --mask: allowed where brightness / 255 < T (0 to 1)",
                default: Default::Value("0.5"),
            },
            Opt {
                name: "wrap",
                short: None,
                value: "",
                help: "tileable: the distance holds across the edges (torus)",
                default: Default::Flag,
            },
            SEED,
            FORMAT,
            OUTPUT,
        ],
    },
    Command {
        name: "random",
        about: "uniform random points (they clump and leave holes)",
        details: "Draws --count points uniformly: x, then y, for each point.",
        opts: &[
            WIDTH,
            HEIGHT,
            Opt {
                name: "count",
                short: Some('n'),
                value: "N",
                help: "how many points",
                default: Default::Required,
            },
            SEED,
            FORMAT,
            OUTPUT,
        ],
    },
    Command {
        name: "jittered",
        about: "one point at a random spot in each cell of a square grid",
        details: "The grid has floor(width / spacing) columns and floor(height / spacing) rows.",
        opts: &[
            WIDTH,
            HEIGHT,
            Opt {
                name: "spacing",
                short: None,
                value: "D",
                help: "side of a grid cell (> 0)",
                default: Default::Required,
            },
            SEED,
            FORMAT,
            OUTPUT,
        ],
    },
    Command {
        name: "darts",
        about: "dart throwing: keep a random point if it is far enough from every kept one",
        details: "Throws darts until --misses darts in a row have landed too close to a kept one.",
        opts: &[
            WIDTH,
            HEIGHT,
            Opt {
                name: "radius",
                short: Some('r'),
                value: "R",
                help: "minimum distance between two points (> 0)",
                default: Default::Required,
            },
            Opt {
                name: "misses",
                short: Some('m'),
                value: "N",
                help: "stop after this many misses in a row (0 to 1000000)",
                default: Default::Value("500"),
            },
            SEED,
            FORMAT,
            OUTPUT,
        ],
    },
    Command {
        name: "variable",
        about: "dense woods next to open savanna: a spacing that follows fBm noise",
        details:
            "Bridson's algorithm with a radius from the core's density field (the page's\n\
                  density lab): each point keeps its own radius, between --min-radius and\n\
                  --max-radius. A patch of wood or savanna is about patch-size × max-radius across.",
        opts: &[
            WIDTH,
            HEIGHT,
            Opt {
                name: "min-radius",
                short: None,
                value: "R",
                help: "spacing in the densest woods (> 0)",
                default: Default::Required,
            },
            Opt {
                name: "max-radius",
                short: None,
                value: "R",
                help: "spacing on the most open ground (≥ min radius)",
                default: Default::Required,
            },
            Opt {
                name: "patch-size",
                short: None,
                value: "P",
                help: "patch size, in max-radius spacings (> 0)",
                default: Default::Value("5"),
            },
            K,
            SEED,
            FORMAT,
            OUTPUT,
        ],
    },
    Command {
        name: "stipple",
        about: "stipple a PNG picture: dots close together where it is dark",
        details: "Decodes IMAGE (any PNG: grey, RGB, with alpha over white, any bit depth) and\n\
                  stipples it like the page's stipple lab (poisson_live::stipple::stipple): map\n\
                  units are pixels, the radius runs from --min-radius on black to --max-radius\n\
                  on white through a --gamma curve, and each point keeps its own radius.",
        opts: &[
            Opt {
                name: "image",
                short: None,
                value: "IMAGE",
                help: "the PNG file to stipple",
                default: Default::Positional,
            },
            Opt {
                name: "min-radius",
                short: None,
                value: "R",
                help: "spacing on black (> 0)",
                default: Default::Value("2"),
            },
            Opt {
                name: "max-radius",
                short: None,
                value: "R",
                help: "spacing on white (≥ min radius)",
                default: Default::Value("24"),
            },
            Opt {
                name: "gamma",
                short: None,
                value: "G",
                help: "tone curve (1/16 to 8; above 1 darkens the mid-tones)",
                default: Default::Value("1"),
            },
            K,
            SEED,
            FORMAT,
            OUTPUT,
        ],
    },
    Command {
        name: "paint",
        about: "paint the island world and save it as a PNG",
        details: "The 880 × 480 world of the page's last lab: terrain, chests, rocks, trees and\n\
                  flowers. The file is byte for byte what the page's Download PNG saves.",
        opts: &[
            SEED,
            Opt {
                name: "output",
                short: Some('o'),
                value: "FILE",
                help: "the PNG file to write ('-' is standard output)",
                default: Default::Value("world-SEED.png"),
            },
        ],
    },
];

/// The options given to one command, by long name.
pub struct Parsed {
    /// The command they belong to.
    pub command: &'static Command,
    values: HashMap<&'static str, String>,
}

/// What the command line asked for.
pub enum Request {
    /// Print this help text on standard output and exit 0.
    Help(String),
    /// Print the version and exit 0.
    Version,
    /// Run a command.
    Run(Parsed),
}

/// Reads the arguments after the program name.
pub fn parse(args: &[String]) -> Result<Request, String> {
    let Some(first) = args.first() else {
        return Err("no command given; try 'poisson --help'".into());
    };
    match first.as_str() {
        "-h" | "--help" => return Ok(Request::Help(overview())),
        "-V" | "--version" => return Ok(Request::Version),
        "help" => {
            return match args.get(1) {
                None => Ok(Request::Help(overview())),
                Some(name) => find(name).map(|c| Request::Help(help(c))),
            }
        }
        _ => {}
    }
    let command = find(first)?;
    let mut values = HashMap::new();
    let mut rest = args[1..].iter();
    while let Some(arg) = rest.next() {
        if arg == "-h" || arg == "--help" {
            return Ok(Request::Help(help(command)));
        }
        if !arg.starts_with('-') || arg == "-" {
            // A positional argument fills the command's next free positional slot.
            let slot = command
                .opts
                .iter()
                .find(|o| matches!(o.default, Default::Positional) && !values.contains_key(o.name));
            if let Some(opt) = slot {
                values.insert(opt.name, arg.clone());
                continue;
            }
        }
        let (key, inline) = match arg.strip_prefix("--") {
            Some(long) => match long.split_once('=') {
                Some((k, v)) => (k, Some(v.to_string())),
                None => (long, None),
            },
            None => match arg.strip_prefix('-') {
                // A single dash and one letter; a lone "-" or "-5" is not an option name.
                Some(short)
                    if short.chars().count() == 1 && short.chars().all(char::is_alphabetic) =>
                {
                    (short, None)
                }
                _ => {
                    return Err(format!(
                        "unexpected argument '{arg}' for 'poisson {}'; see 'poisson {} --help'",
                        command.name, command.name
                    ))
                }
            },
        };
        let opt = command
            .opts
            .iter()
            .find(|o| o.name == key || (key.chars().count() == 1 && o.short == key.chars().next()))
            .ok_or_else(|| {
                format!(
                    "unknown option '{arg}' for 'poisson {}'; see 'poisson {} --help'",
                    command.name, command.name
                )
            })?;
        let value = match inline {
            Some(_) if matches!(opt.default, Default::Flag) => {
                return Err(format!("--{} takes no value", opt.name));
            }
            None if matches!(opt.default, Default::Flag) => String::new(),
            Some(v) => v,
            None => rest
                .next()
                .cloned()
                .ok_or_else(|| format!("--{} needs a value ({})", opt.name, opt.value))?,
        };
        if values.insert(opt.name, value).is_some() {
            return Err(format!("--{} was given more than once", opt.name));
        }
    }
    for opt in command.opts {
        if matches!(opt.default, Default::Required | Default::Positional)
            && !values.contains_key(opt.name)
        {
            let what = match opt.default {
                Default::Positional => opt.value.to_string(),
                _ => format!("--{} {}", opt.name, opt.value),
            };
            return Err(format!(
                "'poisson {}' needs {what}: {}; see 'poisson {} --help'",
                command.name, opt.help, command.name
            ));
        }
    }
    Ok(Request::Run(Parsed { command, values }))
}

fn find(name: &str) -> Result<&'static Command, String> {
    COMMANDS.iter().find(|c| c.name == name).ok_or_else(|| {
        let names: Vec<_> = COMMANDS.iter().map(|c| c.name).collect();
        format!(
            "unknown command '{name}'; the commands are {}",
            names.join(", ")
        )
    })
}

impl Parsed {
    /// The option's text: as given, else its default; `None` for an optional option not given.
    pub fn text(&self, name: &str) -> Option<&str> {
        if let Some(v) = self.values.get(name) {
            return Some(v);
        }
        let opt = self.command.opts.iter().find(|o| o.name == name)?;
        match opt.default {
            Default::Value(v) => Some(v),
            _ => None,
        }
    }

    /// True when the option was typed (not just defaulted).
    pub fn given(&self, name: &str) -> bool {
        self.values.contains_key(name)
    }
}

/// The overview: every command and where to find more.
pub fn overview() -> String {
    let mut s = String::from(
        "poisson — deterministic Poisson disk sampling for asset pipelines\n\n\
         Usage: poisson <COMMAND> [OPTIONS]\n\n\
         Commands:\n",
    );
    for c in COMMANDS {
        let _ = writeln!(s, "  {:<10} {}", c.name, c.about);
    }
    s.push_str(
        "  help       show a command's options: poisson help bridson\n\n\
         Example: poisson bridson --width 720 --height 400 --radius 24 --format count\n\n\
         Points go to standard output as JSON unless --format or -o says otherwise; progress and\n\
         errors go to standard error. Exit status 0 on success, 1 on bad input or a failed\n\
         write, 2 on a malformed command line.\n",
    );
    s
}

/// One command's help page, built from its option table.
pub fn help(c: &Command) -> String {
    let mut usage = format!("poisson {}", c.name);
    for o in c.opts {
        let part = format!("--{} {}", o.name, o.value);
        match o.default {
            Default::Positional => {
                let _ = write!(usage, " {}", o.value);
            }
            Default::Flag => {
                let _ = write!(usage, " [--{}]", o.name);
            }
            Default::Required => {
                let _ = write!(usage, " {part}");
            }
            _ => {
                let _ = write!(usage, " [{part}]");
            }
        }
    }
    let mut s = format!(
        "poisson {} — {}\n\nUsage: {usage}\n\n{}\n\nOptions:\n",
        c.name, c.about, c.details
    );
    for o in c.opts {
        let flag = match (o.default, o.short) {
            (Default::Positional, _) => o.value.to_string(),
            (Default::Flag, _) => format!("    --{}", o.name),
            (_, Some(ch)) => format!("-{ch}, --{} {}", o.name, o.value),
            (_, None) => format!("    --{} {}", o.name, o.value),
        };
        let default = match o.default {
            Default::Required | Default::Positional => " (required)".to_string(),
            Default::Value(v) => format!(" [default: {v}]"),
            Default::Optional | Default::Flag => String::new(),
        };
        let _ = writeln!(s, "  {flag:<24} {}{default}", o.help);
    }
    s.push_str("  -h, --help               show this help\n");
    if c.opts.iter().any(|o| o.name == "format") {
        s.push_str(
            "\nFormats:\n  \
             json   {\"width\": W, \"height\": H, \"points\": [[x, y, r], ...]} on one line;\n         \
             points without their own radius (random, jittered, darts) are [x, y]\n  \
             csv    a header line (x,y,r or x,y), then one point per line\n  \
             count  the number of points\n\
             JSON and CSV are byte for byte the page's downloads (poisson_live::export); numbers\n\
             are printed in the shortest form that reads back as the identical f64.\n",
        );
    }
    s
}
