//! Analysis figures: the engine scoring every position of a 60-ply game, and its picture.

use std::time::Instant;

use monkey_queen_core::analysis::{self, NODES_PER_POSITION};
use monkey_queen_core::{GameOptions, Record};

use super::median;
use super::render::RENDER_GAME;
use crate::render::{AnalysisTexts, Renderer};

/// Time to analyse the 60-ply bench game (61 positions) with the bot's budget, and to draw
/// and encode its picture.
pub fn run(runs: usize) -> Result<(), String> {
    let (record, _) =
        Record::from_moves(GameOptions::default(), &RENDER_GAME).map_err(|e| e.to_string())?;
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
