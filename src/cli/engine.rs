//! `perft`, `moves` and `show`: the rules engine from the command line.

use monkey_queen_core::{Position, perft as count_sequences};

use super::{GameArgs, PlayedArgs};

/// Prints the perft count alone on the last line.
pub fn perft(depth: u32, game: &GameArgs) -> Result<(), String> {
    let start = Position::start(game.options()?);
    println!("{}", count_sequences(&start, depth));
    Ok(())
}

/// Prints the legal moves, sorted, or the result if the game is over.
pub fn moves(played: &PlayedArgs) -> Result<(), String> {
    let (_, pos) = played.position()?;
    if let Some(outcome) = pos.outcome() {
        println!("result: {outcome}");
        return Ok(());
    }
    let mut moves: Vec<String> = pos.legal_moves().iter().map(ToString::to_string).collect();
    moves.sort();
    println!("{}", moves.join("\n"));
    Ok(())
}

/// Prints the text board.
pub fn show(played: &PlayedArgs) -> Result<(), String> {
    let (_, pos) = played.position()?;
    println!("{}", pos.diagram());
    Ok(())
}
