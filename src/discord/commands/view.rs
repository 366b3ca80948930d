//! `/board`, `/moves` and `/games` (paged with ◀ ▶): looking at games.

use poise::serenity_prelude as serenity;
use serenity::{
    CreateAllowedMentions, CreateAttachment, CreateInteractionResponseFollowup,
    EditInteractionResponse,
};

use monkey_queen_core::{MoveError, Square};

use super::abandoned;
use super::paging::{GAMES_PAGE, Shown, Turn, answer_list, answer_turn, paging_buttons};
use super::play::game_ref;
use crate::discord::board::{self, Marks};
use crate::discord::context::{Click, Command, Privacy, split};
use crate::discord::custom_id::ComponentId;
use crate::discord::delivery::reply::clip;
use crate::discord::{Data, Error};
use crate::games::{Audience, GameView, UserError, Viewer};
use crate::i18n::{Lang, Msg};

/// Show the board of your game here (or of any game, by number).
pub async fn board(
    ctx: Command<'_>,
    game: Option<i64>,
    private: Option<bool>,
) -> Result<(), Error> {
    let lang = ctx.lang();
    let Some(view) = find(ctx, game).await? else {
        return Ok(());
    };
    let privacy = if private.unwrap_or(false) {
        Privacy::Private
    } else {
        Privacy::Public
    };
    // A read that waited has deferred the command privately already: a public board then
    // follows as a message of its own.
    let late = ctx.is_deferred();
    if !late {
        ctx.defer(privacy).await?;
    }
    // A private board is the caller's alone: in their own colours.
    let viewer = (privacy == Privacy::Private).then(|| ctx.viewer().user);
    let png = board::picture(ctx.data(), &view, lang, Marks::default(), viewer).await?;
    let picture = board::attachment(png, &view, lang);
    // The player whose opponent left the game gets the buttons to claim it.
    let claims = abandoned::buttons(ctx.data(), &view, ctx.user(), lang);
    let text = lang.text(&Msg::BoardShown(&view));
    if late && privacy == Privacy::Public {
        let message = CreateInteractionResponseFollowup::new()
            .content(text)
            .add_file(picture)
            .components(claims)
            .allowed_mentions(CreateAllowedMentions::new());
        return ctx.follow_up_publicly(message).await;
    }
    send_picture(ctx, text, picture, claims).await
}

/// Show the legal moves of one of your pieces, marked on the board (only you see it).
pub async fn moves(ctx: Command<'_>, square: String, game: Option<i64>) -> Result<(), Error> {
    let lang = ctx.lang();
    let Some(view) = find(ctx, game).await? else {
        return Ok(());
    };
    if view.color_of(ctx.user()).is_none() {
        return ctx
            .refuse(&UserError::NotParticipant { game: view.id })
            .await;
    }
    let square = match Square::parse(&clip(&square, 8), view.options.size()) {
        Ok(square) => square,
        Err(e) => return ctx.refuse(&UserError::Illegal(MoveError::Parse(e))).await,
    };
    if !ctx.is_deferred() {
        ctx.defer(Privacy::Private).await?;
    }
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
    let viewer = Some(ctx.viewer().user);
    let png = board::picture(ctx.data(), &view, lang, marks, viewer).await?;
    send_picture(ctx, text, board::attachment(png, &view, lang), Vec::new()).await
}

/// List your games in progress in this server, a page at a time.
pub async fn games(ctx: Command<'_>) -> Result<(), Error> {
    let work = games_page(ctx.data(), ctx.viewer(), 0, ctx.lang());
    answer_list(ctx, Privacy::Private, work).await
}

/// A ◀ or ▶ click under `/games`: the message (the clicker's own) shows the page asked for.
pub async fn turn_games_page(click: &Click<'_>, page: u32) -> Result<(), Error> {
    let viewer = click.viewer();
    let work = async {
        Ok(Ok(
            games_page(click.data(), viewer, page, click.lang()).await?
        ))
    };
    answer_turn(click, Turn::Update(Audience::Only(viewer)), work).await
}

/// The text and paging buttons of one page of the viewer's games in progress where they ask.
async fn games_page(data: &Data, viewer: Viewer, page: u32, lang: Lang) -> Result<Shown, Error> {
    let page = split(
        data.service
            .games_in_progress(viewer, page, GAMES_PAGE)
            .await,
    )?
    .map_err(|refusal| Error::Unexpected(refusal.to_string()))?;
    let text = lang.text(&Msg::GamesList {
        page: &page,
        viewer: viewer.user,
    });
    let buttons = paging_buttons(page.page, page.total_pages, |page, arrow| {
        ComponentId::Games { page, arrow }
    });
    Ok((text, buttons))
}

/// The game asked about, as the caller may see it: a game by number, else the caller's game
/// in this channel. A read that waits defers the command privately first. A refusal is
/// answered here, only to the caller, and gives `None`.
async fn find(ctx: Command<'_>, game: Option<i64>) -> Result<Option<GameView>, Error> {
    let wanted = game_ref(ctx.channel_id(), game);
    let read = ctx.data().service.game_seen_by(ctx.viewer(), wanted);
    match split(ctx.unless_quick(read, Privacy::Private).await)? {
        Ok(view) => Ok(Some(view)),
        Err(refusal) => {
            ctx.refuse(&refusal).await?;
            Ok(None)
        }
    }
}

/// Replaces the deferred response with `text` and the board `picture`.
async fn send_picture(
    ctx: Command<'_>,
    text: String,
    picture: CreateAttachment,
    components: Vec<serenity::CreateActionRow>,
) -> Result<(), Error> {
    let edit = EditInteractionResponse::new()
        .content(text)
        .new_attachment(picture)
        .components(components);
    ctx.interaction.edit_response(ctx.http(), edit).await?;
    Ok(())
}
