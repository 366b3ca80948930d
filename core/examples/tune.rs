use monkey_queen_core::search::{self, Level, Limits, WEIGHTS, Weights};
use monkey_queen_core::{GameOptions, Move, Position};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn variant(name: &str) -> Weights {
    let mut w = WEIGHTS;
    for part in name.split(',') {
        let (k, v) = part.split_once('=').unwrap();
        let v: i32 = v.parse().unwrap();
        match k {
            "baby" => w.baby = v,
            "height" => w.height = v,
            "low2" => w.low_height[0] = v,
            "low3" => w.low_height[1] = v,
            "qm" => w.queen_move = v,
            "bm" => w.baby_move = v,
            "tm" => w.threat_to_move = v,
            "tw" => w.threat_waiting = v,
            "att" => w.attacker = v,
            "app" => w.approach = v,
            "tempo" => w.tempo = v,
            _ => panic!("{k}"),
        }
    }
    w
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let wa = variant(&args[1]);
    let pairs: u64 = args[2].parse().unwrap();
    let nodes: u64 = args[3].parse().unwrap();
    let base = Limits { nodes, ..Level::Hard.limits() };
    let la = Limits { weights: wa, ..base };
    let mut score = 0;
    let mut games = 0;
    for pair in 0..pairs {
        let mut rng = SmallRng::seed_from_u64(pair * 7919 + 1);
        let mut start = Position::start(GameOptions::default());
        for _ in 0..4 {
            let m = start.legal_moves();
            start.play_unchecked(m[rng.random_range(0..m.len())]);
        }
        for a_white in [true, false] {
            let mut pos = start.clone();
            while pos.outcome().is_none() {
                let a_turn = (pos.turn() == monkey_queen_core::Color::White) == a_white;
                let lim = if a_turn { la } else { base };
                let m: Move = search::search(&pos, lim, pair ^ u64::from(pos.ply())).unwrap().mv;
                pos.play_unchecked(m);
            }
            let w = pos.outcome().unwrap().winner;
            let a_won = (w == monkey_queen_core::Color::White) == a_white;
            score += i32::from(a_won);
            games += 1;
        }
    }
    println!("{} : {score}/{games}", args[1]);
}
