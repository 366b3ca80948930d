//! `monkey-queen`: the Discord bot and its command-line tools, one binary.

use std::process::ExitCode;

use clap::Parser;
use monkey_queen::cli;

fn main() -> ExitCode {
    // `.env` first, so that its variables are the settings' defaults too; the environment wins.
    match dotenvy::dotenv() {
        Ok(_) => {}
        Err(e) if e.not_found() => {}
        Err(e) => {
            eprintln!("error: could not read the .env file: {e}");
            return ExitCode::FAILURE;
        }
    }
    match cli::run(cli::Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}
