//! The slash commands as poise declares them to Discord (names, options, choices, limits, the
//! suggestions each option offers) and dispatches them from the gateway: each hands its
//! options to the handler in the command's own module, which the interactions endpoint calls
//! too (`super::over_http`).

#![allow(clippy::too_many_arguments)]

use poise::serenity_prelude as serenity;

use super::challenge::{ClockOption, ColorOption, SizeOption};
use super::colors::ColorsOption;
use super::learn::StageOption;
use super::level::LevelChoice;
use super::settings::OrientationOption;
use super::standings::ScopeOption;
use super::tournament::create::{FormatOption, StartOption};
use super::{
    analyse, challenge, colors, end, learn, play, puzzle, replay, rules, settings, standings,
    tournament, view,
};
use crate::discord::{ApplicationContext, Error};

/// Show the engine's analysis of a finished game: who was winning, and the biggest mistakes.
#[poise::command(slash_command)]
pub async fn analyse(ctx: ApplicationContext<'_>, game: i64) -> Result<(), Error> {
    analyse::analyse(ctx.into(), game).await
}

/// Challenge someone to Monkey Queen, post an open challenge, or play the computer (pick me).
#[poise::command(slash_command)]
pub async fn challenge(
    ctx: ApplicationContext<'_>,
    opponent: Option<serenity::User>,
    size: Option<SizeOption>,
    #[min = 20]
    #[max = 40]
    height: Option<u8>,
    color: Option<ColorOption>,
    pie: Option<bool>,
    clock: Option<ClockOption>,
    rated: Option<bool>,
    level: Option<LevelChoice>,
) -> Result<(), Error> {
    challenge::challenge(
        ctx.into(),
        opponent,
        size,
        height,
        color,
        pie,
        clock,
        rated,
        level,
    )
    .await
}

/// The colours of the boards only you see: shows them, or keeps the ones you choose.
#[poise::command(slash_command, rename = "colours")]
pub async fn colors(ctx: ApplicationContext<'_>, theme: Option<ColorsOption>) -> Result<(), Error> {
    colors::colors(ctx.into(), theme).await
}

/// Resign your game here (you will be asked to confirm).
#[poise::command(slash_command)]
pub async fn resign(ctx: ApplicationContext<'_>, game: Option<i64>) -> Result<(), Error> {
    end::resign(ctx.into(), game).await
}

/// Abort your game here: only before both players have moved; no result.
#[poise::command(slash_command)]
pub async fn abort(ctx: ApplicationContext<'_>, game: Option<i64>) -> Result<(), Error> {
    end::abort(ctx.into(), game).await
}

/// Learn Monkey Queen by playing: one rule at a time, only for you.
#[poise::command(slash_command)]
pub async fn learn(ctx: ApplicationContext<'_>, stage: Option<StageOption>) -> Result<(), Error> {
    learn::learn(ctx.into(), stage).await
}

/// Make a move in your game here, e.g. g1-g7 (suggestions list your legal moves).
#[poise::command(slash_command, rename = "move")]
pub async fn play_move(
    ctx: ApplicationContext<'_>,
    #[rename = "move"]
    #[autocomplete = "play::autocomplete_move"]
    text: String,
    #[autocomplete = "play::autocomplete_game"] game: Option<i64>,
) -> Result<(), Error> {
    play::play_move(ctx.into(), text, game).await
}

/// A puzzle for you alone: find the winning move (or today's daily puzzle).
#[poise::command(slash_command)]
pub async fn puzzle(ctx: ApplicationContext<'_>, daily: Option<bool>) -> Result<(), Error> {
    puzzle::puzzle(ctx.into(), daily).await
}

/// Post the animated replay of a game and its record (its options and every move).
#[poise::command(slash_command)]
pub async fn replay(ctx: ApplicationContext<'_>, game: i64) -> Result<(), Error> {
    replay::replay(ctx.into(), game).await
}

/// The rules of Monkey Queen in short, with example diagrams.
#[poise::command(slash_command)]
pub async fn rules(ctx: ApplicationContext<'_>) -> Result<(), Error> {
    rules::rules(ctx.into()).await
}

/// Server settings: a thread per game, default clock, board orientation (server managers).
#[poise::command(slash_command, default_member_permissions = "MANAGE_GUILD")]
pub async fn settings(
    ctx: ApplicationContext<'_>,
    threads: Option<bool>,
    clock: Option<ClockOption>,
    orientation: Option<OrientationOption>,
    #[rename = "colours"] colors: Option<ColorsOption>,
    organisers: Option<bool>,
    #[rename = "puzzle-channel"]
    #[channel_types("Text", "News")]
    puzzle_channel: Option<serenity::ChannelId>,
    #[rename = "puzzle-off"] puzzle_off: Option<bool>,
) -> Result<(), Error> {
    settings::settings(
        ctx.into(),
        threads,
        clock,
        orientation,
        colors,
        organisers,
        puzzle_channel,
        puzzle_off,
    )
    .await
}

/// Show a player's rating, games, wins, losses, streak and recent results.
#[poise::command(slash_command)]
pub async fn stats(ctx: ApplicationContext<'_>, user: Option<serenity::User>) -> Result<(), Error> {
    standings::stats(ctx.into(), user).await
}

/// Show the best-rated players of this server, or of everyone.
#[poise::command(slash_command)]
pub async fn leaderboard(
    ctx: ApplicationContext<'_>,
    scope: Option<ScopeOption>,
) -> Result<(), Error> {
    standings::leaderboard(ctx.into(), scope).await
}

/// List a player's finished games with result and reason, newest first, paged with ◀ ▶.
#[poise::command(slash_command)]
pub async fn history(
    ctx: ApplicationContext<'_>,
    user: Option<serenity::User>,
) -> Result<(), Error> {
    standings::history(ctx.into(), user).await
}

#[poise::command(slash_command, rename = "create")]
pub async fn tournament_create(
    ctx: ApplicationContext<'_>,
    name: String,
    format: Option<FormatOption>,
    #[min = 1]
    #[max = 11]
    rounds: Option<u32>,
    size: Option<SizeOption>,
    #[min = 20]
    #[max = 40]
    height: Option<u8>,
    pie: Option<bool>,
    clock: Option<ClockOption>,
    rated: Option<bool>,
    #[min = 2]
    #[max = 128]
    players: Option<u32>,
    start: Option<StartOption>,
) -> Result<(), Error> {
    tournament::create::create(
        ctx.into(),
        name,
        format,
        rounds,
        size,
        height,
        pie,
        clock,
        rated,
        players,
        start,
    )
    .await
}

/// Join a tournament taking sign-ups.
#[poise::command(slash_command, rename = "join")]
pub async fn tournament_join(
    ctx: ApplicationContext<'_>,
    #[autocomplete = "tournament::autocomplete_tournament"] tournament: i64,
) -> Result<(), Error> {
    tournament::entry::join(ctx.into(), tournament).await
}

/// Leave a tournament (after its start, your remaining games are forfeits).
#[poise::command(slash_command, rename = "leave")]
pub async fn tournament_leave(
    ctx: ApplicationContext<'_>,
    #[autocomplete = "tournament::autocomplete_tournament"] tournament: i64,
) -> Result<(), Error> {
    tournament::entry::leave(ctx.into(), tournament).await
}

/// Tournaments of this server: create, join, play and follow them.
#[poise::command(
    slash_command,
    subcommands(
        "tournament_create",
        "tournament_join",
        "tournament_leave",
        "tournament_start",
        "tournament_standings",
        "tournament_list",
        "tournament_withdraw",
        "tournament_result",
        "tournament_export"
    ),
    subcommand_required
)]
pub async fn tournament(_: ApplicationContext<'_>) -> Result<(), Error> {
    // Discord only ever sends one of the subcommands.
    Ok(())
}

/// Start a tournament now and pair its first round (its organiser).
#[poise::command(slash_command, rename = "start")]
pub async fn tournament_start(
    ctx: ApplicationContext<'_>,
    #[autocomplete = "tournament::autocomplete_tournament"] tournament: i64,
) -> Result<(), Error> {
    tournament::organise::start(ctx.into(), tournament).await
}

/// Withdraw a player from a tournament (its organiser).
#[poise::command(slash_command, rename = "withdraw")]
pub async fn tournament_withdraw(
    ctx: ApplicationContext<'_>,
    #[autocomplete = "tournament::autocomplete_tournament"] tournament: i64,
    player: serenity::User,
) -> Result<(), Error> {
    tournament::organise::withdraw(ctx.into(), tournament, player).await
}

/// Replace a game's result in a tournament (its organiser).
#[poise::command(slash_command, rename = "result")]
pub async fn tournament_result(
    ctx: ApplicationContext<'_>,
    #[autocomplete = "tournament::autocomplete_tournament"] tournament: i64,
    #[min = 1] round: u32,
    #[min = 1] board: u32,
    winner: serenity::User,
) -> Result<(), Error> {
    tournament::organise::result(ctx.into(), tournament, round, board, winner).await
}

/// Show a tournament's standings, with its crosstable once a round is played.
#[poise::command(slash_command, rename = "standings")]
pub async fn tournament_standings(
    ctx: ApplicationContext<'_>,
    #[autocomplete = "tournament::autocomplete_tournament"] tournament: i64,
) -> Result<(), Error> {
    tournament::show::standings(ctx.into(), tournament).await
}

/// List this server's tournaments, newest first.
#[poise::command(slash_command, rename = "list")]
pub async fn tournament_list(ctx: ApplicationContext<'_>) -> Result<(), Error> {
    tournament::show::list(ctx.into()).await
}

/// Download every game's record of a tournament, and its FIDE TRF file.
#[poise::command(slash_command, rename = "export")]
pub async fn tournament_export(
    ctx: ApplicationContext<'_>,
    #[autocomplete = "tournament::autocomplete_tournament"] tournament: i64,
) -> Result<(), Error> {
    tournament::show::export(ctx.into(), tournament).await
}

/// Show the board of your game here (or of any game, by number).
#[poise::command(slash_command)]
pub async fn board(
    ctx: ApplicationContext<'_>,
    game: Option<i64>,
    private: Option<bool>,
) -> Result<(), Error> {
    view::board(ctx.into(), game, private).await
}

/// Show the legal moves of one of your pieces, marked on the board (only you see it).
#[poise::command(slash_command)]
pub async fn moves(
    ctx: ApplicationContext<'_>,
    square: String,
    game: Option<i64>,
) -> Result<(), Error> {
    view::moves(ctx.into(), square, game).await
}

/// List your games in progress in this server, a page at a time.
#[poise::command(slash_command)]
pub async fn games(ctx: ApplicationContext<'_>) -> Result<(), Error> {
    view::games(ctx.into()).await
}
