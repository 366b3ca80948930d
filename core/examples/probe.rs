use monkey_queen_core::search::{self, Level};
use monkey_queen_core::{GameOptions, Position};
fn main() {
    let mut pos = Position::start(GameOptions::default());
    let mut seed = 3;
    let mut moves = Vec::new();
    while pos.outcome().is_none() && pos.ply() < 24 {
        let r = search::best_move(&pos, Level::Medium, seed).unwrap();
        moves.push(format!("{}({},{})", r.mv, r.score, r.depth));
        pos.play_unchecked(r.mv);
        seed += 1;
    }
    println!("{}", moves.join(" "));
    println!("{}", pos.to_text());
}
