//! `monkey-queen`: the Discord bot and its command-line tools, one binary.

use std::process::ExitCode;

use clap::Parser;
use monkey_queen::cli;

fn main() -> ExitCode {
    match cli::run(cli::Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}
