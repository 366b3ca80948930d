//! `bestmove` and `play`: the computer opponent from the command line.

use std::io::{BufRead, IsTerminal, Write};
use std::str::FromStr;

use clap::{Args, ValueEnum};
use monkey_queen_core::search::{self, Level, SearchResult};
use monkey_queen_core::{Color, Move, Position};

use super::{GameArgs, PlayedArgs};

/// `monkey-queen bestmove`: the position and the level to search it at.
#[derive(Debug, Args)]
pub struct BestMoveArgs {
    /// How hard to search: easy, medium, hard or max.
    #[arg(long, default_value = "hard")]
    level: Level,
    /// Varies the choice between equally good moves; the same seed gives the same move.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    #[command(flatten)]
    played: PlayedArgs,
}

/// Prints the chosen move alone on the last line of stdout, the search figures on stderr.
pub fn best_move(args: &BestMoveArgs) -> Result<(), String> {
    let (_, pos) = args.played.position()?;
    let found =
        search::best_move(&pos, args.level, args.seed).ok_or_else(|| game_over_message(&pos))?;
    eprintln!("{}", describe(&found, args.level));
    println!("{}", found.mv);
    Ok(())
}

fn game_over_message(pos: &Position) -> String {
    match pos.outcome() {
        Some(outcome) => format!("the game is over: {outcome}"),
        None => "the game is over".to_owned(),
    }
}

/// `level hard depth 7 score +35 nodes 123456 time 210 ms (588 knodes/s)`.
pub fn describe(found: &SearchResult, level: Level) -> String {
    let score = match found.mate_in() {
        Some(plies) if plies >= 0 => format!("win in {plies} plies"),
        Some(plies) => format!("loss in {} plies", -plies),
        None => format!("{:+}", found.score),
    };
    let secs = found.elapsed.as_secs_f64();
    let rate = if secs > 0.0 {
        found.nodes as f64 / secs / 1000.0
    } else {
        0.0
    };
    format!(
        "level {level} depth {} score {score} nodes {} time {:.0} ms ({rate:.0} knodes/s)",
        found.depth,
        found.nodes,
        secs * 1000.0
    )
}

/// Who plays the other side in `monkey-queen play`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opponent {
    /// The computer at a level.
    Computer(Level),
    /// Another person at the same keyboard.
    Human,
}

impl FromStr for Opponent {
    type Err = String;

    /// A level's name, or `human`, in any case.
    fn from_str(text: &str) -> Result<Opponent, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "human" => Ok(Opponent::Human),
            other => other.parse().map(Opponent::Computer).map_err(|_| {
                format!("`{other}` is not an opponent; choose easy, medium, hard, max or human")
            }),
        }
    }
}

impl Opponent {
    fn level(self) -> Option<Level> {
        match self {
            Opponent::Computer(level) => Some(level),
            Opponent::Human => None,
        }
    }
}

/// A colour as typed on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorArg {
    /// White moves first.
    White,
    /// Black moves second.
    Black,
}

/// `monkey-queen play`: a game in the terminal.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The opponent: a computer level (easy, medium, hard, max), or `human` for two people at
    /// one keyboard.
    #[arg(long, default_value = "medium")]
    vs: Opponent,
    /// The colour you play against the computer.
    #[arg(long, value_enum, default_value = "white")]
    color: ColorArg,
    /// Seed of the computer's choices.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Also draw the board to this PNG file after every move (open it in an image viewer).
    #[arg(long)]
    png: Option<std::path::PathBuf>,
    #[command(flatten)]
    game: GameArgs,
}

/// Draws the position to `path`, the last move highlighted.
fn write_png(
    renderer: &crate::render::Renderer,
    pos: &Position,
    last: Option<Move>,
    path: &std::path::Path,
) -> Result<(), String> {
    let view = crate::render::BoardView {
        last_move: last,
        ..crate::render::BoardView::default()
    };
    let png = renderer.board_png(pos, &view).map_err(|e| e.to_string())?;
    std::fs::write(path, png).map_err(|e| format!("{}: {e}", path.display()))
}

/// Plays a game on stdin/stdout.
pub fn play(args: &PlayArgs) -> Result<(), String> {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    // Piped input is not shown by a terminal: echo it so the transcript reads well.
    let echo = !stdin.is_terminal();
    play_game(args, stdin.lock(), stdout.lock(), echo).map_err(|e| e.to_string())
}

const HELP: &str = "Type a move like g1-g7 (or g1g7, G1 G7); `moves` lists the legal moves, \
`quit` ends the game.";

/// The game loop, over any input and output.
fn play_game(
    args: &PlayArgs,
    input: impl BufRead,
    mut out: impl Write,
    echo: bool,
) -> std::io::Result<()> {
    let options = match args.game.options() {
        Ok(options) => options,
        Err(message) => return writeln!(out, "error: {message}"),
    };
    let mut pos = Position::start(options);
    let level = args.vs.level();
    // Which colour the person at the keyboard plays; swapped by the pie rule (R8.1).
    let mut human = match args.color {
        ColorArg::White => Color::White,
        ColorArg::Black => Color::Black,
    };
    let mut lines = input.lines();
    let renderer = match args.png.as_ref().map(|_| crate::render::Renderer::new()) {
        Some(Err(e)) => return writeln!(out, "error: {e}"),
        Some(Ok(renderer)) => Some(renderer),
        None => None,
    };
    let mut last = None;
    writeln!(out, "{HELP}")?;
    loop {
        writeln!(out, "\n{}", pos.diagram())?;
        if let (Some(renderer), Some(path)) = (&renderer, &args.png)
            && let Err(e) = write_png(renderer, &pos, last, path)
        {
            writeln!(out, "could not draw the board: {e}")?;
        }
        if let Some(outcome) = pos.outcome() {
            let verdict = match level {
                Some(_) if outcome.winner == human => "You win!",
                Some(_) => "The computer wins.",
                None => "Game over.",
            };
            return writeln!(out, "{verdict}");
        }
        let mover = pos.turn();
        if let Some(level) = level.filter(|_| mover != human) {
            let Some(found) = search::best_move(&pos, level, args.seed ^ u64::from(pos.ply()))
            else {
                return writeln!(out, "{}", game_over_message(&pos));
            };
            pos.play_unchecked(found.mv);
            last = Some(found.mv);
            writeln!(out, "computer ({level}) plays {}", found.mv)?;
            if found.mv == Move::Swap {
                human = human.other();
                writeln!(out, "colours swapped: you now play {human}")?;
            }
            continue;
        }
        loop {
            write!(out, "{mover} to move> ")?;
            out.flush()?;
            let Some(line) = lines.next().transpose()? else {
                return writeln!(out, "\nend of input; game abandoned");
            };
            let text = line.trim();
            if echo {
                writeln!(out, "{text}")?;
            }
            match text.to_ascii_lowercase().as_str() {
                "" => continue,
                "quit" | "exit" | "resign" => return writeln!(out, "game abandoned"),
                "help" | "?" => writeln!(out, "{HELP}")?,
                "moves" => {
                    let mut moves: Vec<String> =
                        pos.legal_moves().iter().map(ToString::to_string).collect();
                    moves.sort();
                    writeln!(out, "{}", moves.join(" "))?;
                }
                _ => match pos.play_str(text) {
                    Ok(played) => {
                        last = Some(played);
                        writeln!(out, "{mover} plays {played}")?;
                        if played == Move::Swap && level.is_some() {
                            human = human.other();
                            writeln!(out, "colours swapped: you now play {human}")?;
                        }
                        break;
                    }
                    Err(error) => writeln!(out, "not played: {error}")?,
                },
            }
        }
    }
}
