//! Games set up through the game service on the bot's database, for scenarios that start
//! part-way (a finished game, a challenge waiting, a clock running); what the bot then does is
//! read from the fake's recorded requests.

use monkey_queen::games::{
    ChallengeCreated, ChannelId, ColorChoice, GameRef, GameService, GameStarted, GameView, GuildId,
    Lang, Level, NewChallenge, PlayRequest, PlayerRef, Reach, UserId,
};
use monkey_queen_core::GameOptions;

use crate::support::fake_discord::{BOT_NAME, BOT_USER_ID, RecordedRequest};
use crate::support::payloads::{CHANNEL_ID, Caller, GUILD_ID};

/// A minute in milliseconds, for moving the manual clock.
pub const MINUTE_MS: i64 = 60_000;

/// `caller` as a player, under their user name.
pub fn player(caller: Caller) -> PlayerRef {
    PlayerRef::new(UserId(caller.id), caller.username)
}

/// A challenge from `white` (who plays White) to `black` in the test channel, accepted; its
/// first board counts as delivered (see [`shown`]).
pub async fn new_game(
    service: &GameService,
    white: &PlayerRef,
    black: &PlayerRef,
    move_time_ms: Option<i64>,
) -> GameView {
    let new = challenge_in(CHANNEL_ID, white.clone(), black.clone(), move_time_ms);
    let challenge = pending(service, new).await;
    shown(
        service,
        service
            .accept_challenge(challenge.id, black, Lang::En)
            .await
            .unwrap(),
    )
    .await
}

/// A game started by the service as if by another process that posted its first board: the
/// board's announcement is reported delivered, so the bot's outbox does not post it.
pub async fn shown(service: &GameService, started: GameStarted) -> GameView {
    service
        .delivery()
        .announced(started.announcement)
        .await
        .unwrap();
    started.game
}

/// A rated challenge from `white` (who plays White) to `black` in `channel` of the test server.
pub fn challenge_in(
    channel: u64,
    white: PlayerRef,
    black: PlayerRef,
    move_time_ms: Option<i64>,
) -> NewChallenge {
    NewChallenge {
        challenger: white,
        opponent: Some(black),
        guild: Some(GuildId(GUILD_ID)),
        channel: ChannelId(channel),
        reach: monkey_queen::games::Reach::Channel,
        lang: Lang::En,
        options: GameOptions::default(),
        color: ColorChoice::White,
        move_time_ms,
        rated: true,
        ai_level: None,
        rematch_of: None,
    }
}

/// Stores a challenge between people, which waits for an answer.
pub async fn pending(service: &GameService, new: NewChallenge) -> monkey_queen::games::Challenge {
    match service.create_challenge(new).await.unwrap() {
        ChallengeCreated::Pending(challenge) => challenge,
        ChallengeCreated::AiGame(_) => panic!("a challenge between people waits for an answer"),
    }
}

/// Plays `text` for `by` as another process would, its board counted as delivered.
pub async fn play(service: &GameService, game: &GameView, by: &PlayerRef, text: &str) -> GameView {
    let played = service
        .play(PlayRequest {
            user: by.id,
            game: GameRef::Id(game.id),
            text,
            expected_ply: None,
            request_key: None,
        })
        .await
        .unwrap();
    if let Some(board) = played.announcement {
        service.delivery().announced(board).await.unwrap();
    }
    played.game
}

/// A rated game in the test server that `winner` wins by resignation (its result board
/// reported delivered, as the bot does once it has posted it).
pub async fn decided_game(
    service: &GameService,
    winner: &PlayerRef,
    loser: &PlayerRef,
) -> GameView {
    let game = new_game(service, winner, loser, None).await;
    let ended = service
        .resign(loser.id, GameRef::Id(game.id), None)
        .await
        .unwrap();
    if let Some(end) = ended.announcement {
        service.delivery().announced(end).await.unwrap();
    }
    ended.game
}

/// Gives `players` the certainty of regular players (a deviation of 80), as if they had played
/// many more rated games, so the leaderboard ranks them.
pub async fn establish(service: &GameService, players: &[PlayerRef]) {
    for player in players {
        sqlx::query("UPDATE players SET rating_deviation = 80 WHERE user_id = $1")
            .bind(monkey_queen::storage::db_id(player.id.0))
            .execute(&mut *service.db().write().await.unwrap())
            .await
            .unwrap();
    }
}

/// A game against the computer (easy) in the test channel, started by the service as another
/// process would: `person` takes Black, so the computer is to move.
pub async fn computer_plays_white(service: &GameService, person: Caller) -> GameView {
    let created = service
        .create_challenge(NewChallenge {
            challenger: player(person),
            opponent: Some(PlayerRef::new(UserId(BOT_USER_ID), BOT_NAME)),
            guild: Some(GuildId(GUILD_ID)),
            channel: ChannelId(CHANNEL_ID),
            reach: Reach::Channel,
            lang: Lang::En,
            options: GameOptions::default(),
            color: ColorChoice::Black,
            move_time_ms: None,
            rated: false,
            ai_level: Some(Level::Easy),
            rematch_of: None,
        })
        .await
        .unwrap();
    match created {
        ChallengeCreated::AiGame(started) => shown(service, *started).await,
        ChallengeCreated::Pending(_) => panic!("a game against the computer starts at once"),
    }
}

pub fn channel_messages_path() -> String {
    format!("/channels/{CHANNEL_ID}/messages")
}

pub fn is_board_post(r: &RecordedRequest) -> bool {
    r.is("POST", &channel_messages_path()) && r.is_multipart()
}
