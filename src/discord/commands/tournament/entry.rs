//! Joining and leaving a tournament: `/tournament join` and `/tournament leave`, and the Join
//! and Leave buttons of its message, which show the list of players as it is then.

use poise::serenity_prelude::{
    CreateAllowedMentions, CreateInteractionResponse, CreateInteractionResponseMessage,
    EditInteractionResponse,
};

use super::{answer_privately, server};
use crate::discord::context::{Click, Command, Deferred, split};
use crate::discord::{Error, tournament_posts};
use crate::games::{GuildId, TournamentId, UserError};
use crate::i18n::Msg;

/// Join a tournament taking sign-ups.
pub async fn join(ctx: Command<'_>, tournament: i64) -> Result<(), Error> {
    let Some(guild) = server(ctx).await? else {
        return Ok(());
    };
    let player = ctx.player();
    let service = &ctx.data().service;
    let tournaments = service.tournaments();
    let work = tournaments.join(guild, TournamentId(tournament), &player);
    let joined = answer_privately(ctx, work, |lang, view| {
        lang.text(&Msg::TournamentJoined(&view.tournament))
    })
    .await?;
    if let Some(view) = joined {
        tournament_posts::refresh(ctx.http(), ctx.data(), &view).await;
    }
    Ok(())
}

/// Leave a tournament (after its start, your remaining games are forfeits).
pub async fn leave(ctx: Command<'_>, tournament: i64) -> Result<(), Error> {
    let Some(guild) = server(ctx).await? else {
        return Ok(());
    };
    let user = ctx.user();
    let service = &ctx.data().service;
    let tournaments = service.tournaments();
    let work = tournaments.leave(guild, TournamentId(tournament), user);
    let left = answer_privately(ctx, work, |lang, view| {
        lang.text(&Msg::TournamentLeft(&view.tournament))
    })
    .await?;
    if let Some(view) = left {
        tournament_posts::refresh(ctx.http(), ctx.data(), &view).await;
    }
    Ok(())
}

/// Handles Join (`join`) and Leave on a tournament's message: the message shows the players
/// as they are after it; a refusal goes to the clicker alone.
pub async fn click(click: &Click<'_>, id: TournamentId, join: bool) -> Result<(), Error> {
    let Some(guild) = click.guild_id.map(|g| GuildId(g.get())) else {
        return click.refuse(&UserError::TournamentsInServersOnly).await;
    };
    let (data, player) = (click.data(), click.player());
    // The page's address is read within the work, so a slow database defers the answer.
    let work = async {
        let view = if join {
            data.service.tournaments().join(guild, id, &player).await?
        } else {
            data.service
                .tournaments()
                .leave(guild, id, player.id)
                .await?
        };
        let page = data.tournament_page_url(id).await;
        Ok((view, page))
    };
    let (view, page) = match split(click.unless_quick(work, Deferred::Click).await)? {
        Ok(found) => found,
        Err(refusal) => return click.refuse(&refusal).await,
    };
    let (text, buttons) = tournament_posts::message(&view, view.tournament.lang, page.as_deref());
    if click.is_deferred() {
        let edit = EditInteractionResponse::new()
            .content(text)
            .components(buttons)
            .allowed_mentions(CreateAllowedMentions::new());
        return click.edit(edit).await;
    }
    let update = CreateInteractionResponseMessage::new()
        .content(text)
        .components(buttons)
        .allowed_mentions(CreateAllowedMentions::new());
    click
        .answer(CreateInteractionResponse::UpdateMessage(update))
        .await
}
