//! The Activity (the game page inside Discord's client): where each person opened it, the
//! games it offers them there, and the moves, resignations, rematch offers and new games made
//! in it, which the chat is shown at once: moves and new games by the faces that hear of them
//! (see [`GameEvent::MovedAway`] and [`GameEvent::StartedAway`]), resignations and offers by
//! the outbox, where they are owed at once. Each is owed in the outbox, so a process that dies
//! before showing it leaves it to another.
//!
//! Who asks and where the Activity runs are what Discord reported to a face (an interaction,
//! or Discord's own answer about the Activity's instance), never what a page claims.

use std::sync::Arc;

use monkey_queen_core::GameOptions;

use super::end::Shown;
use super::{
    ChallengeCreated, ChannelId, ColorChoice, GameEvent, GameId, GameRef, GameService, GameStarted,
    GameView, GuildId, Lang, Level, MovePlayed, NewChallenge, PlayRequest, PlayerRef, Result,
    UserError, UserId,
};
use crate::storage;

/// How long a launch names the game the Activity opens on.
pub const LAUNCH_LIFETIME_MS: i64 = 24 * 60 * 60 * 1000;

/// How many of a person's games in a channel the Activity lists.
const LISTED: u32 = 10;

/// What the Activity offers a person in a channel.
#[derive(Debug, Clone)]
pub struct ActivityGames {
    /// The game they opened it on (from a board's button), whoever plays it.
    pub launched: Option<GameView>,
    /// Their own games in that channel: active ones first, then the latest.
    pub games: Vec<GameView>,
}

impl GameService {
    /// The games the Activity offers `user` in `channel`.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn activity_games(&self, user: UserId, channel: ChannelId) -> Result<ActivityGames> {
        let since = self.now_ms() - LAUNCH_LIFETIME_MS;
        let mut conn = self.db.read().await?;
        let launch = storage::launch(&mut conn, user, channel, since).await?;
        let launched = match launch.and_then(|l| l.game) {
            Some(id) => match storage::game(&mut conn, id).await? {
                Some(row) => Some(self.view(&mut conn, row).await?),
                None => None,
            },
            None => None,
        };
        let rows = storage::channel_games(&mut conn, user, channel, LISTED).await?;
        let mut games = Vec::with_capacity(rows.len());
        for row in rows {
            games.push(self.view(&mut conn, row).await?);
        }
        Ok(ActivityGames { launched, games })
    }

    /// Whether `game` may be acted on from the Activity running in `channel`: only a game of
    /// that channel (or of a thread shown there) may, so a session made in one channel plays
    /// nowhere else.
    ///
    /// # Errors
    /// [`UserError::NotInThisChannel`] otherwise.
    pub fn in_activity_channel(game: &GameView, channel: ChannelId) -> Result<()> {
        if game.place.channel == channel || game.place.shows_in(channel) {
            Ok(())
        } else {
            Err(UserError::NotInThisChannel.into())
        }
    }

    /// Plays a move made away from the chat (on the Activity), with every check of
    /// [`Self::play`]; the chat is shown its board at once ([`GameEvent::MovedAway`]), and the
    /// computer answers if it is to move.
    ///
    /// # Errors
    /// As [`Self::play`].
    pub async fn play_away(&self, request: PlayRequest<'_>) -> Result<MovePlayed> {
        let played = self.play(request).await?;
        let reply = self.claim_computer_reply(&played.game);
        if played.announcement.is_some() {
            self.publish(GameEvent::MovedAway(Arc::new(played.clone())));
        }
        self.play_computer(reply, played.game.clone());
        Ok(played)
    }

    /// Resigns away from the chat (on the Activity), as [`Self::resign`]; the result board is
    /// owed to the chat at once (no face here posts it: the outbox does).
    ///
    /// # Errors
    /// As [`Self::resign`].
    pub async fn resign_away(
        &self,
        user: UserId,
        game: GameId,
        expected_ply: Option<u32>,
    ) -> Result<GameView> {
        let ended = self
            .resign_shown(user, GameRef::Id(game), expected_ply, Shown::ByOutbox)
            .await?;
        Ok(ended.game)
    }
}

impl GameService {
    /// Offers the rematch of `game` from the Activity, as [`Self::rematch`]; the offer is owed
    /// to the chat at once, where the opponent answers it (the outbox posts it), or against
    /// the computer the new game's first board is shown ([`GameEvent::StartedAway`]), and the
    /// computer moves if it is to.
    ///
    /// # Errors
    /// As [`Self::rematch`].
    pub async fn rematch_away(
        &self,
        game: GameId,
        by: &PlayerRef,
        lang: Lang,
    ) -> Result<ChallengeCreated> {
        let created = self.rematch_owing(game, by, lang, true).await?;
        if let ChallengeCreated::AiGame(started) = &created {
            self.started_away(started);
        }
        Ok(created)
    }

    /// Starts a game against the computer at `level` from the Activity, in the channel it runs
    /// in (of `guild`), for `by`, who launched it there: a 12×12 board, colours by chance, no
    /// clock. The chat is shown its first board ([`GameEvent::StartedAway`]).
    ///
    /// # Errors
    /// [`UserError::NotLaunched`] when `by` has not opened the Activity there lately (so how
    /// the bot reaches the channel is unknown); the refusals of [`Self::create_challenge`];
    /// internal errors.
    pub async fn play_computer_away(
        &self,
        by: PlayerRef,
        guild: Option<GuildId>,
        channel: ChannelId,
        level: Level,
        lang: Lang,
    ) -> Result<GameStarted> {
        let since = self.now_ms() - LAUNCH_LIFETIME_MS;
        let launch = {
            let mut conn = self.db.read().await?;
            storage::launch(&mut conn, by.id, channel, since).await?
        };
        let launch = launch.ok_or(UserError::NotLaunched)?;
        let computer = self.config.bot_user.ok_or(UserError::NotLaunched)?;
        let created = self
            .create_challenge(NewChallenge {
                challenger: by,
                opponent: Some(PlayerRef::new(computer, "")),
                guild,
                channel,
                reach: launch.reach,
                lang,
                options: GameOptions::default(),
                color: ColorChoice::Random,
                move_time_ms: None,
                rated: false,
                ai_level: Some(level),
                rematch_of: None,
            })
            .await?;
        let ChallengeCreated::AiGame(started) = created else {
            return Err(UserError::NotLaunched.into());
        };
        self.started_away(&started);
        Ok(*started)
    }

    /// Publishes a game against the computer started from the Activity, and lets the computer
    /// move first if it is to.
    fn started_away(&self, started: &GameStarted) {
        let first_turn = self.claim_computer_reply(&started.game);
        self.publish(GameEvent::StartedAway(Arc::new(started.clone())));
        self.play_computer(first_turn, started.game.clone());
    }
}
