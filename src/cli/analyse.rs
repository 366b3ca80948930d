//! `analyse`: the engine's analysis of a game as a picture, and its mistakes in words.

use std::path::PathBuf;

use clap::Args;
use monkey_queen_core::analysis::{self, NODES_PER_POSITION, SHOWN_TURNING_POINTS};

use super::PlayedArgs;
use crate::i18n::{Lang, Msg};
use crate::render::{Renderer, SHOWN_MISTAKES, default_status};

/// Arguments of `monkey-queen analyse`.
#[derive(Debug, Args)]
pub struct AnalyseArgs {
    #[command(flatten)]
    played: PlayedArgs,
    /// Search nodes per position.
    #[arg(long, default_value_t = NODES_PER_POSITION)]
    nodes: u64,
    /// Where to write the PNG.
    #[arg(long)]
    out: PathBuf,
}

/// Scores every position of the game, writes the picture and prints the biggest mistakes.
pub fn analyse(args: &AnalyseArgs) -> Result<(), String> {
    let (record, end) = args.played.position()?;
    let analysis = analysis::analyse(&record, args.nodes.max(1));
    let mistakes = analysis.biggest_mistakes(SHOWN_MISTAKES);
    let lang = Lang::En;
    let texts = crate::i18n::analysis_texts(
        lang,
        format!("Analysis · {}", default_status(&end)),
        &mistakes,
    );
    let renderer = Renderer::new().map_err(|e| e.to_string())?;
    let png = renderer
        .analysis_png(&analysis, &texts)
        .map_err(|e| e.to_string())?;
    for (ply, score) in analysis.scores().iter().enumerate() {
        let best = score.best.map_or_else(|| "-".to_owned(), |m| m.to_string());
        println!("{ply:>3} {:<16} {best}", score.score.to_string());
    }
    if mistakes.is_empty() {
        println!("{}", texts.no_mistakes);
    }
    for (i, m) in mistakes.iter().enumerate() {
        let played = lang.text(&Msg::MoveInWords {
            mover: m.mover,
            mv: m.played,
        });
        let better = lang.text(&Msg::MoveInWords {
            mover: m.mover,
            mv: m.better,
        });
        println!(
            "mistake {}: ply {}: {played}; better: {better} ({} → {})",
            i + 1,
            m.ply,
            m.before,
            m.after
        );
    }
    let turning: Vec<String> = analysis
        .main_turning_points(SHOWN_TURNING_POINTS)
        .iter()
        .map(ToString::to_string)
        .collect();
    println!("turning points: {}", turning.join(" "));
    std::fs::write(&args.out, &png)
        .map_err(|e| format!("cannot write {}: {e}", args.out.display()))?;
    println!("{} ({} bytes)", args.out.display(), png.len());
    Ok(())
}
