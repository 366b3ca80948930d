//! Joining and leaving a tournament: `/tournament join` and `/tournament leave`, and the Join
//! and Leave buttons of its message, which show the list of players as it is then.

use poise::serenity_prelude as serenity;
use serenity::{
    ComponentInteraction, CreateAllowedMentions, CreateInteractionResponse,
    CreateInteractionResponseMessage, EditInteractionResponse,
};

use super::{answer_privately, autocomplete_tournament, server};
use crate::discord::delivery::deferral;
use crate::discord::delivery::reply::{answer_click, caller, clicker, refuse_click, split};
use crate::discord::{ApplicationContext, Data, Error, tournament_posts};
use crate::games::{GuildId, TournamentId, UserError};
use crate::i18n::Msg;

/// Join a tournament taking sign-ups.
#[poise::command(slash_command)]
pub async fn join(
    ctx: ApplicationContext<'_>,
    #[autocomplete = "autocomplete_tournament"] tournament: i64,
) -> Result<(), Error> {
    let Some(guild) = server(ctx).await? else {
        return Ok(());
    };
    let player = caller(ctx);
    let service = &ctx.data().service;
    let tournaments = service.tournaments();
    let work = tournaments.join(guild, TournamentId(tournament), &player);
    let joined = answer_privately(ctx, work, |lang, view| {
        lang.text(&Msg::TournamentJoined(&view.tournament))
    })
    .await?;
    if let Some(view) = joined {
        tournament_posts::refresh(&ctx.serenity_context().http, &view).await;
    }
    Ok(())
}

/// Leave a tournament (after its start, your remaining games are forfeits).
#[poise::command(slash_command)]
pub async fn leave(
    ctx: ApplicationContext<'_>,
    #[autocomplete = "autocomplete_tournament"] tournament: i64,
) -> Result<(), Error> {
    let Some(guild) = server(ctx).await? else {
        return Ok(());
    };
    let user = caller(ctx).id;
    let service = &ctx.data().service;
    let tournaments = service.tournaments();
    let work = tournaments.leave(guild, TournamentId(tournament), user);
    let left = answer_privately(ctx, work, |lang, view| {
        lang.text(&Msg::TournamentLeft(&view.tournament))
    })
    .await?;
    if let Some(view) = left {
        tournament_posts::refresh(&ctx.serenity_context().http, &view).await;
    }
    Ok(())
}

/// Handles Join (`join`) and Leave on a tournament's message: the message shows the players
/// as they are after it; a refusal goes to the clicker alone.
pub async fn click(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
    id: TournamentId,
    join: bool,
) -> Result<(), Error> {
    let Some(guild) = click.guild_id.map(|g| GuildId(g.get())) else {
        return refuse_click(ctx, click, &UserError::TournamentsInServersOnly).await;
    };
    let player = clicker(click);
    let work = async {
        if join {
            data.service.tournaments().join(guild, id, &player).await
        } else {
            data.service.tournaments().leave(guild, id, player.id).await
        }
    };
    let defer = deferral::defer_click(ctx, click);
    let (done, deferred) = deferral::unless_quick(data.defer_after, work, defer).await;
    let view = match split(done)? {
        Ok(view) => view,
        Err(refusal) if deferred => {
            return deferral::refuse_deferred_click(ctx, click, &refusal).await;
        }
        Err(refusal) => return refuse_click(ctx, click, &refusal).await,
    };
    let (text, buttons) = tournament_posts::message(&view, view.tournament.lang);
    if deferred {
        let edit = EditInteractionResponse::new()
            .content(text)
            .components(buttons)
            .allowed_mentions(CreateAllowedMentions::new());
        return deferral::edit_clicked_message(ctx, click, edit).await;
    }
    let update = CreateInteractionResponseMessage::new()
        .content(text)
        .components(buttons)
        .allowed_mentions(CreateAllowedMentions::new());
    answer_click(ctx, click, CreateInteractionResponse::UpdateMessage(update)).await
}
