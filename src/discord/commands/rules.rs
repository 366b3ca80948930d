//! `/rules`: the rules in short, with two example diagrams.

use monkey_queen_core::{GameOptions, Position, Record};
use poise::serenity_prelude as serenity;
use serenity::{CreateAttachment, EditInteractionResponse};

use crate::discord::Error;
use crate::discord::context::{Command, Privacy};
use crate::i18n::{BoardShown, Msg};
use crate::render::{BoardView, Players};

/// A short opening that shows a birth and a capture.
const EXAMPLE: [&str; 3] = ["g1-g7", "f12-f8", "g7xf8"];

/// The rules of Monkey Queen in short, with example diagrams.
pub async fn rules(ctx: Command<'_>) -> Result<(), Error> {
    ctx.defer(Privacy::Public).await?;
    let lang = ctx.lang();
    let renderer = ctx.data().renderer.clone();
    let (record, after) = Record::from_moves(GameOptions::default(), &EXAMPLE)
        .map_err(|e| Error::Unexpected(e.to_string()))?;
    let start = Position::start(GameOptions::default());
    let alt = |position: &Position, last| {
        lang.board_alt(BoardShown {
            position,
            last,
            over: false,
        })
    };
    let alts = (alt(&start, None), alt(&after, record.moves.last().copied()));
    let pictures = ctx
        .data()
        .cpu_work(move || {
            let first = renderer.board_png(&start, &BoardView::default())?;
            let view = BoardView {
                last_move: record.moves.last().copied(),
                players: Players::new("", ""),
                ..BoardView::default()
            };
            let second = renderer.board_png(&after, &view)?;
            Ok::<_, crate::render::RenderError>((first, second))
        })
        .await??;
    // The deferral is edited into the answer (Discord's own way; its first follow-up would
    // only do the same for old clients' sake).
    let edit = EditInteractionResponse::new()
        .content(lang.text(&Msg::Rules))
        .new_attachment(CreateAttachment::bytes(pictures.0, "start.png").description(alts.0))
        .new_attachment(CreateAttachment::bytes(pictures.1, "example.png").description(alts.1));
    ctx.interaction.edit_response(ctx.http(), edit).await?;
    Ok(())
}
