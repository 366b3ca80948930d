//! `/replay` and the Replay button of finished games: the animated GIF, rendered on a blocking
//! thread, with the game's record as text that can be pasted back.

use poise::serenity_prelude as serenity;
use serenity::{
    ComponentInteraction, CreateAllowedMentions, CreateAttachment, CreateInteractionResponse,
    CreateInteractionResponseMessage, EditInteractionResponse,
};

use crate::discord::reply::{
    click_viewer, command_viewer, ephemeral, refuse_click, split, user_lang,
};
use crate::discord::{ApplicationContext, Data, Error};
use crate::games::{GameId, GameRecord};
use crate::i18n::{Lang, Msg};
use crate::render::Players;

/// Discord's limit on a message's text.
const MAX_MESSAGE_CHARS: usize = 2000;

/// Post the animated replay of a game and its record, which can be pasted back.
#[poise::command(
    slash_command,
    name_localized("es-ES", "repeticion"),
    description_localized(
        "es-ES",
        "Publica la repetición animada de una partida y su anotación, que se puede volver a pegar."
    )
)]
pub async fn replay(
    ctx: ApplicationContext<'_>,
    #[description = "Game number"]
    #[name_localized("es-ES", "partida")]
    #[description_localized("es-ES", "Número de partida")]
    game: i64,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let service = &ctx.data().service;
    let record = match split(
        service
            .record_seen_by(command_viewer(ctx), GameId(game))
            .await,
    )? {
        Ok(record) => record,
        Err(refusal) => return ephemeral(ctx, lang.text(&Msg::Refused(&refusal))).await,
    };
    ctx.defer().await?;
    let replay = render(ctx.data(), record, lang).await?;
    ctx.interaction
        .edit_response(ctx.serenity_context(), replay.edit())
        .await?;
    Ok(())
}

/// The Replay button: the same, shown only to the clicker.
pub async fn click(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
    game: GameId,
) -> Result<(), Error> {
    let lang = Lang::from_locale(&click.locale);
    let record = match split(data.service.record_seen_by(click_viewer(click), game).await)? {
        Ok(record) => record,
        Err(refusal) => return refuse_click(ctx, click, &refusal).await,
    };
    let defer = CreateInteractionResponseMessage::new().ephemeral(true);
    click
        .create_response(ctx, CreateInteractionResponse::Defer(defer))
        .await?;
    let replay = render(data, record, lang).await?;
    click.edit_response(ctx, replay.edit()).await?;
    Ok(())
}

/// A rendered replay: caption, GIF, and the record as a file when it is too long to show.
struct Replay {
    caption: String,
    gif: Vec<u8>,
    gif_name: String,
    record_file: Option<(Vec<u8>, String)>,
}

impl Replay {
    /// The edit of a deferred response that shows it.
    fn edit(self) -> EditInteractionResponse {
        let mut edit = EditInteractionResponse::new()
            .content(self.caption)
            .allowed_mentions(CreateAllowedMentions::new())
            .new_attachment(CreateAttachment::bytes(self.gif, self.gif_name));
        if let Some((bytes, name)) = self.record_file {
            edit = edit.new_attachment(CreateAttachment::bytes(bytes, name));
        }
        edit
    }
}

/// Renders the replay GIF on a blocking thread and writes its caption in `lang`.
async fn render(data: &Data, record: GameRecord, lang: Lang) -> Result<Replay, Error> {
    let GameRecord { game, record, .. } = record;
    // The names of who started as White and Black: the renderer swaps them at a `swap` (R8.1).
    let players = if game.swapped {
        Players::new(game.black.name.clone(), game.white.name.clone())
    } else {
        Players::new(game.white.name.clone(), game.black.name.clone())
    };
    let text = record.to_string();
    let renderer = data.renderer.clone();
    let gif = tokio::task::spawn_blocking(move || renderer.replay_gif(&record, &players)).await??;
    let inline = lang.text(&Msg::Replay {
        game: &game,
        record: Some(&text),
    });
    let (caption, record_file) = if inline.chars().count() <= MAX_MESSAGE_CHARS {
        (inline, None)
    } else {
        let caption = lang.text(&Msg::Replay {
            game: &game,
            record: None,
        });
        let name = format!("monkey-queen-{}.txt", game.id);
        (caption, Some((text.into_bytes(), name)))
    };
    Ok(Replay {
        caption,
        gif,
        gif_name: format!("monkey-queen-{}.gif", game.id),
        record_file,
    })
}
