//! `render` and `replay`: pictures of a game from the command line.

use std::path::PathBuf;

use clap::Args;
use monkey_queen_core::Square;

use super::PlayedArgs;
use crate::games::BoardColors;
use crate::render::{BoardView, Players, Renderer};

/// The names shown in the player strips.
#[derive(Debug, Clone, Args)]
pub struct NameArgs {
    /// Name shown for White.
    #[arg(long, default_value = "White")]
    white: String,
    /// Name shown for Black.
    #[arg(long, default_value = "Black")]
    black: String,
}

impl NameArgs {
    fn players(&self) -> Players {
        Players::new(&self.white, &self.black)
    }
}

/// Arguments of `monkey-queen render`.
#[derive(Debug, Args)]
pub struct RenderArgs {
    #[command(flatten)]
    played: PlayedArgs,
    #[command(flatten)]
    names: NameArgs,
    /// Draw Black at the bottom.
    #[arg(long)]
    flip: bool,
    /// Squares to mark, comma-separated (`g7,f6`).
    #[arg(long, value_delimiter = ',')]
    mark: Vec<String>,
    /// A square to highlight as selected.
    #[arg(long)]
    select: Option<String>,
    /// The header line instead of whose turn it is.
    #[arg(long)]
    status: Option<String>,
    /// The board's colours: standard, colorblind or high.
    #[arg(long, default_value = "standard", value_parser = board_colors)]
    colors: BoardColors,
    /// Where to write the PNG.
    #[arg(long)]
    out: PathBuf,
}

/// Arguments of `monkey-queen replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    #[command(flatten)]
    played: PlayedArgs,
    #[command(flatten)]
    names: NameArgs,
    /// The board's colours: standard, colorblind or high.
    #[arg(long, default_value = "standard", value_parser = board_colors)]
    colors: BoardColors,
    /// Where to write the GIF.
    #[arg(long)]
    out: PathBuf,
}

/// Reads a theme's name (`standard`, `colorblind`, `high`).
fn board_colors(text: &str) -> Result<BoardColors, String> {
    BoardColors::from_stored(text).ok_or_else(|| {
        let names: Vec<&str> = BoardColors::ALL.iter().map(|c| c.as_str()).collect();
        format!("no such colours: {text} (one of {})", names.join(", "))
    })
}

/// Writes the PNG of the position after the moves, the last move highlighted.
pub fn render(args: &RenderArgs) -> Result<(), String> {
    let (record, pos) = args.played.position()?;
    let size = pos.size();
    let square = |text: &str| Square::parse(text, size).map_err(|e| e.to_string());
    let view = BoardView {
        flipped: args.flip,
        last_move: record.moves.last().copied(),
        marks: args
            .mark
            .iter()
            .map(|text| square(text))
            .collect::<Result<_, _>>()?,
        selected: args.select.as_deref().map(square).transpose()?,
        players: args.names.players(),
        status: args.status.clone(),
        frames: Vec::new(),
        corner: None,
        colors: args.colors,
    };
    let renderer = Renderer::new().map_err(|e| e.to_string())?;
    let png = renderer.board_png(&pos, &view).map_err(|e| e.to_string())?;
    write(&args.out, &png)
}

/// Writes the animated GIF of the game.
pub fn replay(args: &ReplayArgs) -> Result<(), String> {
    let (record, _) = args.played.position()?;
    let renderer = Renderer::new().map_err(|e| e.to_string())?;
    let gif = renderer
        .replay_gif(&record, &args.names.players(), args.colors)
        .map_err(|e| e.to_string())?;
    write(&args.out, &gif)
}

fn write(path: &PathBuf, bytes: &[u8]) -> Result<(), String> {
    std::fs::write(path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    println!("{} ({} bytes)", path.display(), bytes.len());
    Ok(())
}
