//! Analysis figures: the engine scoring every position of a 60-ply game, and its picture.

use std::time::Instant;

use monkey_queen_core::analysis::{self, NODES_PER_POSITION};
use monkey_queen_core::{GameOptions, Record};

use super::median;
use crate::render::{AnalysisTexts, Renderer};

/// The first 60 plies of a game between two `easy` computers (seeds 301 onwards; White won at
/// ply 65): real play, whose positions cost the engine more than random moves do.
const ANALYSIS_GAME: [&str; 60] = [
    "g1-g9", "f12-a12", "g9-d6", "a12-a11", "d6-g3", "a11-b11", "g3-h3", "b11-f11", "h3-j1",
    "f11-k11", "g1-i3", "k11-k4", "j1-c1", "k4-k10", "c1-e3", "k4-k3", "e3-c5", "k10-k4", "c5-c7",
    "k3xi3", "c7-d7", "k4-k3", "d7-c6", "k4-i6", "d6xi6", "a11-a9", "g9xa9", "i3xh3", "c7-d8",
    "k3-l4", "d7xh3", "l4-l12", "h3xk3", "k10xk3", "c6-h1", "l12-k12", "h1-d1", "k12-f7", "d1-g1",
    "f7-l7", "j1-j8", "f7-b3", "d1xb3", "b11xb3", "e3xb3", "l4-f4", "j8xf4", "f11xf4", "c1xf4",
    "f12-d10", "d8xd10", "k3xd10", "g1-e3", "k12-c12", "b3-h9", "k11-a1", "a9xa1", "l12-j10",
    "i6xc12", "a12-c10",
];

/// Time to analyse [`ANALYSIS_GAME`] (61 positions) with the bot's budget, and to draw
/// and encode its picture.
pub fn run(runs: usize) -> Result<(), String> {
    let (record, _) =
        Record::from_moves(GameOptions::default(), &ANALYSIS_GAME).map_err(|e| e.to_string())?;
    let mut result = analysis::analyse(&record, NODES_PER_POSITION);
    let time = median(runs, || {
        let t = Instant::now();
        result = analysis::analyse(&record, NODES_PER_POSITION);
        t.elapsed()
    });
    println!(
        "analysis of a {}-ply game, {NODES_PER_POSITION} nodes a position: {:.2} s (median of {runs})",
        record.moves.len(),
        time.as_secs_f64()
    );
    let renderer = Renderer::new().map_err(|e| e.to_string())?;
    let texts = AnalysisTexts {
        title: "Analysis".to_owned(),
        ply: "ply".to_owned(),
        win: "win".to_owned(),
        played: "played".to_owned(),
        better: "better".to_owned(),
        captions: vec!["1".to_owned(), "2".to_owned(), "3".to_owned()],
        no_mistakes: String::new(),
    };
    let mut png = renderer
        .analysis_png(&result, &texts)
        .map_err(|e| e.to_string())?;
    let mut failure = None;
    let draw = median(runs.max(5), || {
        let t = Instant::now();
        match renderer.analysis_png(&result, &texts) {
            Ok(bytes) => png = bytes,
            Err(e) => failure = Some(e),
        }
        t.elapsed()
    });
    if let Some(e) = failure {
        return Err(e.to_string());
    }
    println!(
        "analysis picture: {:.1} ms, {} bytes (median of {})",
        draw.as_secs_f64() * 1e3,
        png.len(),
        runs.max(5)
    );
    Ok(())
}
