//! Render figures: PNG time and size of a mid-game, GIF time and size of a whole game.

use std::time::Instant;

use monkey_queen_core::{GameOptions, Record};

use super::median;
use crate::model::BoardColors;
use crate::render::{BoardView, Layout, Players, Renderer};

/// A fixed 60-ply game (random legal moves, seed 2) for the render figures.
const RENDER_GAME: [&str; 60] = [
    "g1-b6", "f12-c9", "b6-b11", "c9-f6", "g1-h2", "f12-d12", "h2-h3", "f6-j10", "b6-e3", "f6-d8",
    "b11-i11", "j10-l10", "b11-d11", "d12-g9", "i11-h10", "l10-l12", "h10-i9", "l12-l11", "i9-h9",
    "j10-i10", "h9xg9", "l12xi9", "g9-i7", "l11xi11", "h10-h11", "l10-l8", "d11-f9", "l8-l7",
    "e3-e10", "d8-j8", "i7-i6", "i10-h9", "i6-f3", "i9-c3", "i6-l9", "c9-i3", "i7xj8", "h9xg9",
    "f3-h5", "g9xl9", "e10-g10", "i11-h12", "h5-b11", "h12-b6", "b11-g11", "i3-e7", "g11xh12",
    "c3-d4", "j8-j5", "l9-i9", "h12-d8", "b6-l6", "j5-l5", "l7-i10", "h3-l7", "l6-h2", "h5-g4",
    "i11-h10", "h12-f10", "i9-i8",
];
/// Plies of [`RENDER_GAME`] played for the mid-game picture whose size is reported.
const MID_GAME_PLIES: usize = 40;

/// PNG time of 12x12 boards as the bot posts them, and the size of the mid-game one; GIF time
/// and size of a 60-ply replay.
pub fn run(pictures: usize, runs: usize) -> Result<(), String> {
    let options = GameOptions::default();
    // Each board after one more move, as the bot posts it: White at the bottom, the last move
    // shaded. A renderer keeps the squares it drew and the bands of rows it coded: each time
    // round, a fresh one first draws the game turned over (the same squares, other bands), so
    // each board timed draws no square and codes the rows its move changed.
    let boards = (0..=RENDER_GAME.len())
        .map(|plies| {
            let (record, pos) = Record::from_moves(options, &RENDER_GAME[..plies])?;
            let view = BoardView {
                last_move: record.moves.last().copied(),
                players: Players::new("Alice", "Bob"),
                ..BoardView::default()
            };
            Ok((pos, view))
        })
        .collect::<Result<Vec<_>, monkey_queen_core::RecordError>>()
        .map_err(|e| e.to_string())?;
    let mut times = Vec::with_capacity(pictures + boards.len());
    let mut mid_game = Vec::new();
    while times.len() < pictures {
        let renderer = Renderer::new().map_err(|e| e.to_string())?;
        for (pos, view) in &boards {
            let turned = BoardView {
                flipped: true,
                ..view.clone()
            };
            renderer
                .board_png(pos, &turned)
                .map_err(|e| e.to_string())?;
        }
        for (plies, (pos, view)) in boards.iter().enumerate() {
            let t = Instant::now();
            let png = renderer.board_png(pos, view).map_err(|e| e.to_string())?;
            times.push(t.elapsed());
            if plies == MID_GAME_PLIES {
                mid_game = png;
            }
        }
    }
    times.sort();
    let png_time = times[times.len() / 2];
    let width = Layout::new(options.size(), false).width();
    println!(
        "board PNG, 12x12, each after one more move of a {}-ply game, {width} px wide: {:.2} ms \
         (median of {}); {} bytes after {MID_GAME_PLIES} plies",
        RENDER_GAME.len(),
        png_time.as_secs_f64() * 1e3,
        times.len(),
        mid_game.len()
    );

    let renderer = Renderer::new().map_err(|e| e.to_string())?;
    let mut failure = None;
    let (game, _) = Record::from_moves(options, &RENDER_GAME).map_err(|e| e.to_string())?;
    let mut gif = Vec::new();
    let gif_time = median(runs, || {
        let t = Instant::now();
        match renderer.replay_gif(&game, &Players::new("Alice", "Bob"), BoardColors::Standard) {
            Ok(bytes) => gif = bytes,
            Err(e) => failure = Some(e),
        }
        t.elapsed()
    });
    if let Some(e) = failure {
        return Err(e.to_string());
    }
    println!(
        "replay GIF, {} plies: {:.0} ms, {} bytes (median of {runs})",
        game.moves.len(),
        gif_time.as_secs_f64() * 1e3,
        gif.len()
    );
    Ok(())
}
