use monkey_queen_core::search::{self, Level};
use monkey_queen_core::{GameOptions, Position};
fn main() {
    let mut pos = Position::start(GameOptions::default());
    let mut seed = 3;
    while pos.outcome().is_none() {
        if pos.ply() % 10 == 0 {
            for level in [Level::Medium, Level::Hard] {
                let r = search::best_move(&pos, level, seed).unwrap();
                println!("ply {} {level} {} depth {} score {} nodes {} {:?} moves {}", pos.ply(), r.mv, r.depth, r.score, r.nodes, r.elapsed, pos.legal_moves().len());
            }
        }
        let r = search::best_move(&pos, Level::Medium, seed).unwrap();
        pos.play_unchecked(r.mv);
        seed += 1;
    }
    println!("{}", pos.diagram());
}
