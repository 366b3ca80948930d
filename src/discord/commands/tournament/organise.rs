//! The organiser's subcommands: `/tournament start`, `withdraw` and `result`. Who may use them
//! is the service's decision (Manage Server, or the tournament's own organiser where the
//! server's settings allow organisers); each is answered privately.

use poise::serenity_prelude as serenity;

use super::{answer_privately, autocomplete_tournament, organiser, server};
use crate::discord::context::Command;
use crate::discord::{ApplicationContext, Error, tournament_posts};
use crate::games::{TournamentId, UserId};
use crate::i18n::Msg;

/// Start a tournament now and pair its first round (its organiser).
#[poise::command(slash_command)]
pub async fn start(
    ctx: ApplicationContext<'_>,
    #[autocomplete = "autocomplete_tournament"] tournament: i64,
) -> Result<(), Error> {
    let ctx = Command::from(ctx);
    let Some(guild) = server(ctx).await? else {
        return Ok(());
    };
    let service = &ctx.data().service;
    let tournaments = service.tournaments();
    let work = tournaments.start(guild, TournamentId(tournament), organiser(ctx));
    // Its first round's pairings and boards are announced from the outbox.
    answer_privately(ctx, work, |lang, view| {
        lang.text(&Msg::TournamentStarted(&view.tournament))
    })
    .await?;
    Ok(())
}

/// Withdraw a player from a tournament (its organiser).
#[poise::command(slash_command)]
pub async fn withdraw(
    ctx: ApplicationContext<'_>,
    #[autocomplete = "autocomplete_tournament"] tournament: i64,
    player: serenity::User,
) -> Result<(), Error> {
    let ctx = Command::from(ctx);
    let Some(guild) = server(ctx).await? else {
        return Ok(());
    };
    let player = UserId(player.id.get());
    let service = &ctx.data().service;
    let tournaments = service.tournaments();
    let work = tournaments.withdraw_player(guild, TournamentId(tournament), organiser(ctx), player);
    let withdrawn = answer_privately(ctx, work, |lang, view| {
        lang.text(&Msg::TournamentWithdrew {
            tournament: &view.tournament,
            player,
        })
    })
    .await?;
    if let Some(view) = withdrawn {
        tournament_posts::refresh(&ctx.serenity_context().http, ctx.data(), &view).await;
    }
    Ok(())
}

/// Replace a game's result in a tournament (its organiser).
#[poise::command(slash_command)]
pub async fn result(
    ctx: ApplicationContext<'_>,
    #[autocomplete = "autocomplete_tournament"] tournament: i64,
    #[min = 1] round: u32,
    #[min = 1] board: u32,
    winner: serenity::User,
) -> Result<(), Error> {
    let ctx = Command::from(ctx);
    let Some(guild) = server(ctx).await? else {
        return Ok(());
    };
    let winner = UserId(winner.id.get());
    let service = &ctx.data().service;
    let id = TournamentId(tournament);
    let tournaments = service.tournaments();
    let work = tournaments.set_result(guild, id, organiser(ctx), round, board, winner);
    answer_privately(ctx, work, |lang, view| {
        lang.text(&Msg::TournamentResultSet {
            tournament: &view.tournament,
            round,
            board,
            winner,
        })
    })
    .await?;
    Ok(())
}
