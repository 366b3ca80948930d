//! `/board`, `/moves` and `/games`: looking at games.

use poise::serenity_prelude as serenity;
use serenity::{CreateAttachment, EditInteractionResponse};

use monkey_queen_core::{MoveError, Square};

use super::play::game_ref;
use crate::discord::board::{self, Marks};
use crate::discord::reply::{caller, clip, command_viewer, ephemeral, split, user_lang};
use crate::discord::{ApplicationContext, Error};
use crate::games::{GameView, UserError};
use crate::i18n::{Lang, Msg};

/// Show the board of your game here (or of any game, by number).
#[poise::command(
    slash_command,
    name_localized("es-ES", "tablero"),
    description_localized(
        "es-ES",
        "Muestra el tablero de tu partida de aquí (o de cualquier partida, por número)."
    )
)]
pub async fn board(
    ctx: ApplicationContext<'_>,
    #[description = "Game number (default: your game in this channel)"]
    #[name_localized("es-ES", "partida")]
    #[description_localized("es-ES", "Número de partida (por defecto: tu partida en este canal)")]
    game: Option<i64>,
    #[description = "Show it only to you (default no)"]
    #[name_localized("es-ES", "privado")]
    #[description_localized("es-ES", "Mostrarlo solo a ti (por defecto no)")]
    private: Option<bool>,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let Some(view) = find(ctx, game, lang).await? else {
        return Ok(());
    };
    if private.unwrap_or(false) {
        ctx.defer_ephemeral().await?;
    } else {
        ctx.defer().await?;
    }
    let png = board::picture(ctx.data(), &view, lang, Marks::default()).await?;
    send_picture(ctx, lang.text(&Msg::BoardShown(&view)), png).await
}

/// Show the legal moves of one of your pieces, marked on the board (only you see it).
#[poise::command(
    slash_command,
    name_localized("es-ES", "jugadas"),
    description_localized(
        "es-ES",
        "Muestra las jugadas legales de una de tus piezas, marcadas en el tablero (solo tú lo ves)."
    )
)]
pub async fn moves(
    ctx: ApplicationContext<'_>,
    #[description = "The piece's square, like g1"]
    #[name_localized("es-ES", "casilla")]
    #[description_localized("es-ES", "La casilla de la pieza, como g1")]
    square: String,
    #[description = "Game number, needed only when you have several games here"]
    #[name_localized("es-ES", "partida")]
    #[description_localized("es-ES", "Número de partida, solo si tienes varias aquí")]
    game: Option<i64>,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let Some(view) = find(ctx, game, lang).await? else {
        return Ok(());
    };
    if view.color_of(caller(ctx).id).is_none() {
        let refusal = UserError::NotParticipant { game: view.id };
        return ephemeral(ctx, lang.text(&Msg::Refused(&refusal))).await;
    }
    let square = match Square::parse(&clip(&square, 8), view.options.size()) {
        Ok(square) => square,
        Err(e) => {
            let refusal = UserError::Illegal(MoveError::Parse(e));
            return ephemeral(ctx, lang.text(&Msg::Refused(&refusal))).await;
        }
    };
    ctx.defer_ephemeral().await?;
    let destinations: Vec<Square> = view
        .position
        .moves_from(square)
        .iter()
        .filter_map(|m| m.to())
        .collect();
    let text = lang.text(&Msg::PieceMoves {
        square,
        count: destinations.len(),
    });
    let marks = Marks {
        squares: destinations,
        selected: Some(square),
    };
    let png = board::picture(ctx.data(), &view, lang, marks).await?;
    send_picture(ctx, text, png).await
}

/// List your games in progress in this server.
#[poise::command(
    slash_command,
    name_localized("es-ES", "partidas"),
    description_localized("es-ES", "Lista tus partidas en curso en este servidor.")
)]
pub async fn games(ctx: ApplicationContext<'_>) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let user = caller(ctx).id;
    let games = match split(ctx.data().service.active_games(user, None).await)? {
        Ok(games) => games,
        Err(refusal) => return ephemeral(ctx, lang.text(&Msg::Refused(&refusal))).await,
    };
    let guild = ctx.guild_id().map(|g| g.get());
    let here: Vec<_> = games
        .into_iter()
        .filter(|g| g.place.guild.map(|id| id.0) == guild)
        .collect();
    ephemeral(
        ctx,
        lang.text(&Msg::GamesList {
            games: &here,
            viewer: user,
        }),
    )
    .await
}

/// The game asked about, as the caller may see it: a game by number, else the caller's game
/// in this channel. A refusal is answered here, ephemerally, and gives `None`.
async fn find(
    ctx: ApplicationContext<'_>,
    game: Option<i64>,
    lang: Lang,
) -> Result<Option<GameView>, Error> {
    let wanted = game_ref(ctx.channel_id(), game);
    match split(
        ctx.data()
            .service
            .game_seen_by(command_viewer(ctx), wanted)
            .await,
    )? {
        Ok(view) => Ok(Some(view)),
        Err(refusal) => {
            ephemeral(ctx, lang.text(&Msg::Refused(&refusal))).await?;
            Ok(None)
        }
    }
}

/// Replaces the deferred response with `text` and the board picture.
async fn send_picture(
    ctx: ApplicationContext<'_>,
    text: String,
    png: Vec<u8>,
) -> Result<(), Error> {
    let edit = EditInteractionResponse::new()
        .content(text)
        .new_attachment(CreateAttachment::bytes(png, board::FILE_NAME));
    ctx.interaction
        .edit_response(ctx.serenity_context(), edit)
        .await?;
    Ok(())
}
