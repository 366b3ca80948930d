//! Command-line subcommands. Each file holds one subcommand or a small family of them.

mod ai;
mod ai_match;
mod analyse;
mod bench;
mod bot;
mod database;
mod doctor;
mod engine;
mod puzzles;
mod render;
pub mod seed;
mod tournament;
mod web;

use clap::{Args, Parser, Subcommand};
use monkey_queen_core::{GameOptions, Position, Record};

/// Monkey Queen: a Discord bot and command-line tools for Mark Steere's game.
#[derive(Debug, Parser)]
#[command(name = "monkey-queen", version, about)]
pub struct Cli {
    /// What to do; without one, the bot runs.
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Count the legal move sequences of exactly DEPTH plies from the start (R10).
    Perft {
        /// Plies to look ahead.
        depth: u32,
        #[command(flatten)]
        game: GameArgs,
    },
    /// List the legal moves after the given moves, one per line, sorted.
    Moves(PlayedArgs),
    /// Print the position after the given moves as a text board.
    Show(PlayedArgs),
    /// Measure the engine (and the other parts) and print medians.
    Bench(bench::BenchArgs),
    /// Draw the position after the given moves as a PNG, the last move highlighted.
    Render(render::RenderArgs),
    /// Draw the game as an animated GIF, one frame per ply.
    Replay(render::ReplayArgs),
    /// Analyse a game: the engine's score of every position, its biggest mistakes, as a PNG.
    Analyse(analyse::AnalyseArgs),
    /// Run the Discord bot (every setting is a flag or an environment variable; `.env` is read).
    Bot(bot::BotArgs),
    /// Print the computer's move after the given moves (search figures on stderr).
    Bestmove(ai::BestMoveArgs),
    /// Play a game in the terminal against the computer or another person.
    Play(ai::PlayArgs),
    /// Play games between two players and print the score and an Elo difference.
    Match(ai_match::MatchArgs),
    /// Copy every game, move, challenge, rating and setting into an empty database (SQLite
    /// or PostgreSQL), and check the copy (with the bots stopped).
    Copy(database::CopyArgs),
    /// Write a consistent copy of the SQLite database to a new file, while the bot runs.
    Backup(database::BackupArgs),
    /// Check the bot's settings (token, application, commands, a channel's permissions with
    /// --channel, database, PUBLIC_URL, the Activity) and say how to fix what is wrong; exit
    /// status 0 only if all is well.
    Doctor(doctor::DoctorArgs),
    /// Serve the game pages on this machine, playable without Discord: against the computer,
    /// or two people at one screen.
    Web(web::WebArgs),
    /// Tournaments: pair the next round of a TRF file, draw a stored one's crosstable.
    #[command(subcommand)]
    Tournament(tournament::TournamentCommand),
    /// Puzzles: find them in self-played or stored games.
    #[command(subcommand)]
    Puzzles(puzzles::PuzzlesCommand),
}

/// Options that choose the game being played.
#[derive(Debug, Clone, Args)]
pub struct GameArgs {
    /// Board size: 12, 14 or 16.
    #[arg(long, default_value_t = 12)]
    size: u8,
    /// Starting queen height, 20 to 40.
    #[arg(long, default_value_t = 20)]
    height: u8,
    /// Play with the pie rule (R8).
    #[arg(long)]
    pie: bool,
}

impl GameArgs {
    /// The checked game options.
    pub fn options(&self) -> Result<GameOptions, String> {
        GameOptions::new(self.size, self.height, self.pie).map_err(|e| e.to_string())
    }
}

/// A game and the moves played in it so far.
#[derive(Debug, Clone, Args)]
pub struct PlayedArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Moves from the start, in any notation (`g1-g7`, `g1g7`, `G1 G7`).
    moves: Vec<String>,
}

impl PlayedArgs {
    /// Replays the moves; an error names the ply and the reason.
    pub fn position(&self) -> Result<(Record, Position), String> {
        Record::from_moves(self.game.options()?, &self.moves).map_err(|e| e.to_string())
    }
}

/// Runs one parsed command line.
pub fn run(cli: Cli) -> Result<(), String> {
    let command = match cli.command {
        Some(command) => command,
        None => Command::Bot(bot::BotArgs::from_env()?),
    };
    match command {
        Command::Perft { depth, game } => engine::perft(depth, &game),
        Command::Moves(played) => engine::moves(&played),
        Command::Show(played) => engine::show(&played),
        Command::Bench(args) => bench::run(&args),
        Command::Render(args) => render::render(&args),
        Command::Replay(args) => render::replay(&args),
        Command::Analyse(args) => analyse::analyse(&args),
        Command::Bot(args) => bot::run(&args),
        Command::Bestmove(args) => ai::best_move(&args),
        Command::Play(args) => ai::play(&args),
        Command::Match(args) => ai_match::run(&args),
        Command::Copy(args) => database::copy(&args),
        Command::Backup(args) => database::backup(&args),
        Command::Doctor(args) => doctor::run(&args),
        Command::Web(args) => web::run(&args),
        Command::Tournament(command) => tournament::run(&command),
        Command::Puzzles(command) => puzzles::run(&command),
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::Cli;

    #[test]
    fn every_subcommand_is_well_formed() {
        // Clap checks names and flags only when a command is built in a debug build: this
        // builds every one, so none fails a user at the first run.
        Cli::command().debug_assert();
    }
}
