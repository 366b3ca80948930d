//! The organiser's subcommands: `/tournament start`, `withdraw` and `result`. Who may use them
//! is the service's decision (Manage Server, or the tournament's own organiser where the
//! server's settings allow organisers); each is answered privately.

use poise::serenity_prelude as serenity;

use super::{answer_privately, organiser, server};
use crate::discord::context::Command;
use crate::discord::{Error, tournament_posts};
use crate::games::{TournamentId, UserId};
use crate::i18n::Msg;

/// Start a tournament now and pair its first round (its organiser).
pub async fn start(ctx: Command<'_>, tournament: i64) -> Result<(), Error> {
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
pub async fn withdraw(
    ctx: Command<'_>,
    tournament: i64,
    player: serenity::User,
) -> Result<(), Error> {
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
        tournament_posts::refresh(ctx.http(), ctx.data(), &view).await;
    }
    Ok(())
}

/// Replace a game's result in a tournament (its organiser).
pub async fn result(
    ctx: Command<'_>,
    tournament: i64,
    round: u32,
    board: u32,
    winner: serenity::User,
) -> Result<(), Error> {
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
