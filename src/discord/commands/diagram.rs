//! `/diagram`: the starting position as an image — deferred, drawn on a blocking thread, then
//! the deferred response is edited to carry the PNG.

use monkey_queen_core::GameOptions;
use poise::serenity_prelude as serenity;
use serenity::{CreateAttachment, EditInteractionResponse};

use crate::discord::{ApplicationContext, Error, preview};

/// The board sizes a game may use (R1.1).
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum BoardSize {
    /// The standard game.
    #[name = "12×12 (standard)"]
    Twelve,
    /// A longer game.
    #[name = "14×14"]
    Fourteen,
    /// The longest game.
    #[name = "16×16"]
    Sixteen,
}

impl BoardSize {
    /// Squares per side.
    pub fn squares(self) -> u8 {
        match self {
            BoardSize::Twelve => 12,
            BoardSize::Fourteen => 14,
            BoardSize::Sixteen => 16,
        }
    }
}

/// Show the starting position of a board size as a picture.
#[poise::command(slash_command)]
pub async fn diagram(
    ctx: ApplicationContext<'_>,
    #[description = "Board size (default 12×12)"] size: Option<BoardSize>,
) -> Result<(), Error> {
    ctx.defer().await?;
    let size = size.unwrap_or(BoardSize::Twelve).squares();
    let options = GameOptions::new(size, GameOptions::default().queen_height(), false)?;
    let png = tokio::task::spawn_blocking(move || preview::start_position_png(options)).await??;
    let edit = EditInteractionResponse::new()
        .content(format!(
            "The starting position on a {size}×{size} board: White's queen on the first rank, \
             Black's on the last (R3)."
        ))
        .new_attachment(CreateAttachment::bytes(png, "board.png"));
    ctx.interaction
        .edit_response(ctx.serenity_context(), edit)
        .await?;
    Ok(())
}
