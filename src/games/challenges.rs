//! Challenges: create, accept, decline, cancel, expire; and games against the computer.

use monkey_queen_core::{Color, Position};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::cooldowns::{self, MAX_COMPUTER_GAMES};
use super::{
    AnnouncementId, BOARD_GRACE_MS, Challenge, ChallengeCreated, ChallengeId, ChallengeStatus,
    ColorChoice, GameId, GameService, GameStarted, Lang, Level, MessageId, NewChallenge, PlayerRef,
    Reach, Result, UserError, UserId,
};
use crate::storage::{self, Conn, GameRow, Key, NewChallengeRow, NewGameRow, Owed};

impl GameService {
    /// Makes a challenge, or starts a game at once when the opponent is the bot.
    /// `new.move_time_ms` is the clock exactly (`None`: no clock); to fall back on the
    /// server's default clock use [`GameService::create_challenge_with_clock`]. With
    /// `rematch_of` set, at most one rematch of that game may be pending or being played.
    ///
    /// # Errors
    /// [`UserError::ChallengeSelf`], [`UserError::AiLevelForHuman`],
    /// [`UserError::BadTimeLimit`], [`UserError::DuplicateChallenge`],
    /// [`UserError::RematchPending`], [`UserError::RematchInProgress`],
    /// [`UserError::TooManyChallenges`], [`UserError::CoolingDown`] (see `cooldowns`); internal
    /// errors.
    pub async fn create_challenge(&self, new: NewChallenge) -> Result<ChallengeCreated> {
        self.create_challenge_owing(new, false).await
    }

    /// [`Self::create_challenge`]; with `owe_offer`, a pending challenge's message is owed to
    /// the chat in the outbox ([`Owed::Offer`]), due at once, in the transaction that adds it.
    pub(super) async fn create_challenge_owing(
        &self,
        new: NewChallenge,
        owe_offer: bool,
    ) -> Result<ChallengeCreated> {
        let now = self.now_ms();
        if new
            .opponent
            .as_ref()
            .is_some_and(|o| o.id == new.challenger.id)
        {
            return Err(UserError::ChallengeSelf.into());
        }
        if let Some(ms) = new.move_time_ms.filter(|&ms| ms <= 0) {
            return Err(UserError::BadTimeLimit(ms).into());
        }
        let against_bot = match (&new.opponent, self.config.bot_user) {
            (Some(opponent), Some(bot)) => opponent.id == bot,
            _ => false,
        };
        if new.ai_level.is_some() && !against_bot {
            return Err(UserError::AiLevelForHuman.into());
        }
        if against_bot {
            return self
                .start_ai_game(new, now)
                .await
                .map(|started| ChallengeCreated::AiGame(Box::new(started)));
        }
        let mut tx = self.db.begin_write().await?;
        // Counted in the transaction that adds the challenge, holding the challenger's lock,
        // so two at once can't both pass; the opponent's too, so that of two people
        // challenging each other at once only one challenge is stored.
        let mut keys = vec![Key::Player(new.challenger.id)];
        keys.extend(new.opponent.as_ref().map(|o| Key::Player(o.id)));
        keys.extend(new.rematch_of.map(Key::Rematches));
        storage::lock(&mut tx, &keys).await?;
        let allowed = match rematch_free(&mut tx, new.rematch_of).await {
            Ok(()) => {
                let limits = self.config.challenge_limits;
                cooldowns::may_challenge(&mut tx, new.challenger.id, now, limits).await
            }
            refused => refused,
        };
        if let Err(refusal) = allowed {
            tx.rollback().await?;
            return Err(refusal);
        }
        let mut players = vec![&new.challenger];
        players.extend(&new.opponent);
        upsert_players(&mut tx, players, now).await?;
        let row = NewChallengeRow {
            challenger: new.challenger.id,
            challenged: new.opponent.as_ref().map(|o| o.id),
            guild: new.guild,
            channel: new.channel,
            reach: new.reach,
            lang: new.lang,
            options: new.options,
            color: new.color,
            move_time_ms: new.move_time_ms,
            rated: new.rated,
            created_ms: now,
            expires_ms: now.saturating_add(self.config.challenge_ttl_ms),
            rematch_of: new.rematch_of,
        };
        let Some(id) = storage::insert_challenge(&mut tx, &row).await? else {
            let refusal = match new.rematch_of {
                Some(game) => storage::pending_rematch(&mut tx, game)
                    .await?
                    .map(|existing| UserError::RematchPending { existing }),
                None => None,
            };
            let refusal = match (refusal, &new.opponent) {
                (Some(refusal), _) => Some(refusal),
                (None, Some(o)) => {
                    storage::pending_between(&mut tx, new.channel, new.challenger.id, o.id)
                        .await?
                        .map(|existing| UserError::DuplicateChallenge { existing })
                }
                (None, None) => None,
            };
            tx.rollback().await?;
            return Err(refusal.unwrap_or(UserError::PositionChanged).into());
        };
        if owe_offer {
            self.queue(&mut tx, Owed::Offer { challenge: id }, now)
                .await?;
        }
        let challenge = storage::challenge(&mut tx, id).await?;
        tx.commit().await?;
        self.ring_if_owed();
        let challenge = challenge.ok_or(UserError::NoSuchChallenge(id))?;
        Ok(ChallengeCreated::Pending(challenge))
    }

    /// A game against the computer: the bot is an ordinary player; never rated. Its first
    /// board is queued with it (see [`GameStarted`]).
    async fn start_ai_game(&self, new: NewChallenge, now: i64) -> Result<GameStarted> {
        let Some(bot) = new.opponent else {
            return Err(UserError::AiLevelForHuman.into());
        };
        let seed = new.challenger.id.0 ^ now.unsigned_abs();
        let challenger_color = pick_color(new.color, seed);
        let (white, black) = match challenger_color {
            Color::White => (new.challenger.id, bot.id),
            Color::Black => (bot.id, new.challenger.id),
        };
        let (deadline_ms, remind_ms) = Self::deadline(new.move_time_ms, now);
        let mut tx = self.db.begin_write().await?;
        let mut keys = vec![Key::Player(new.challenger.id)];
        keys.extend(new.rematch_of.map(Key::Rematches));
        storage::lock(&mut tx, &keys).await?;
        if let Err(refusal) = rematch_free(&mut tx, new.rematch_of).await {
            tx.rollback().await?;
            return Err(refusal);
        }
        // Counted in the transaction that adds the game, holding the challenger's lock, so
        // two requests at once can't both pass the limit.
        let playing = storage::active_games(&mut tx, new.challenger.id)
            .await?
            .iter()
            .filter(|g| g.ai_level.is_some())
            .count();
        if playing >= MAX_COMPUTER_GAMES {
            tx.rollback().await?;
            return Err(UserError::TooManyComputerGames {
                limit: MAX_COMPUTER_GAMES,
            }
            .into());
        }
        upsert_players(&mut tx, vec![&new.challenger, &bot], now).await?;
        let id = storage::insert_game(
            &mut tx,
            &NewGameRow {
                white,
                black,
                ai_level: Some(new.ai_level.unwrap_or(Level::Medium)),
                options: new.options,
                move_time_ms: new.move_time_ms,
                rated: false,
                position: Position::start(new.options).to_text(),
                created_ms: now,
                deadline_ms,
                remind_ms,
                guild: new.guild,
                channel: new.channel,
                reach: new.reach,
                lang: new.lang,
                rematch_of: new.rematch_of,
                tournament: None,
            },
        )
        .await?;
        let announcement = self.queue_first_board(&mut tx, id, now).await?;
        let row = storage::game(&mut tx, id).await?;
        tx.commit().await?;
        super::measures::game_started("computer");
        let row = row.ok_or(UserError::NoSuchGame(id))?;
        self.changed(row.id);
        started(row, announcement)
    }

    /// Accepts a challenge and starts the game, colours assigned per the challenger's choice,
    /// its public messages in `lang` (picked from the accepting interaction). The game's first
    /// board is queued in the same transaction (see [`GameStarted`]).
    ///
    /// # Errors
    /// [`UserError::NoSuchChallenge`], [`UserError::ChallengeNotPending`],
    /// [`UserError::ChallengeExpired`], [`UserError::OwnChallenge`],
    /// [`UserError::NotChallenged`]; internal errors.
    pub async fn accept_challenge(
        &self,
        id: ChallengeId,
        by: &PlayerRef,
        lang: Lang,
    ) -> Result<GameStarted> {
        let now = self.now_ms();
        let challenge = self.pending_challenge(id, now).await?;
        if by.id == challenge.challenger {
            return Err(UserError::OwnChallenge.into());
        }
        if challenge.challenged.is_some_and(|c| c != by.id) {
            return Err(UserError::NotChallenged {
                challenged: challenge.challenged,
            }
            .into());
        }
        let seed = challenge.id.0.unsigned_abs() ^ now.unsigned_abs().rotate_left(17);
        let (white, black) = match pick_color(challenge.color, seed) {
            Color::White => (challenge.challenger, by.id),
            Color::Black => (by.id, challenge.challenger),
        };
        let (deadline_ms, remind_ms) = Self::deadline(challenge.move_time_ms, now);
        let mut tx = self.db.begin_write().await?;
        // A rematch being accepted becomes the one being played: offering another waits.
        let keys: Vec<Key> = challenge
            .rematch_of
            .map(Key::Rematches)
            .into_iter()
            .collect();
        storage::lock(&mut tx, &keys).await?;
        // Taken first, so of two accepts at once the second stops here (and, as in every
        // transaction, the challenge's row is held before any player's: see `storage::lock`).
        if !storage::resolve_challenge(&mut tx, id, ChallengeStatus::Accepted, now).await? {
            tx.rollback().await?;
            return Err(self.not_pending(id).await);
        }
        storage::upsert_player(&mut tx, by.id, &by.name, now).await?;
        let game = storage::insert_game(
            &mut tx,
            &NewGameRow {
                white,
                black,
                ai_level: None,
                options: challenge.options,
                move_time_ms: challenge.move_time_ms,
                rated: challenge.rated,
                position: Position::start(challenge.options).to_text(),
                created_ms: now,
                deadline_ms,
                remind_ms,
                guild: challenge.guild,
                channel: challenge.channel,
                reach: challenge.reach,
                lang,
                rematch_of: challenge.rematch_of,
                tournament: None,
            },
        )
        .await?;
        storage::set_challenge_game(&mut tx, id, game).await?;
        let announcement = self.queue_first_board(&mut tx, game, now).await?;
        let row = storage::game(&mut tx, game).await?;
        tx.commit().await?;
        super::measures::game_started("challenge");
        let row = row.ok_or(UserError::NoSuchGame(game))?;
        self.changed(row.id);
        started(row, announcement)
    }

    /// Queues the first board of `game`, started at `now`, in the caller's transaction.
    async fn queue_first_board(
        &self,
        conn: &mut Conn,
        game: GameId,
        now: i64,
    ) -> Result<AnnouncementId> {
        let owed = Owed::Board { game, ply: 0 };
        self.queue(conn, owed, now + BOARD_GRACE_MS).await
    }

    /// Declines a challenge; only the challenged player can (an open challenge is not declined).
    ///
    /// # Errors
    /// [`UserError::NoSuchChallenge`], [`UserError::ChallengeNotPending`],
    /// [`UserError::ChallengeExpired`], [`UserError::NotChallenged`]; internal errors.
    pub async fn decline_challenge(&self, id: ChallengeId, by: UserId) -> Result<Challenge> {
        let now = self.now_ms();
        let challenge = self.pending_challenge(id, now).await?;
        if challenge.challenged != Some(by) {
            return Err(UserError::NotChallenged {
                challenged: challenge.challenged,
            }
            .into());
        }
        self.close_challenge(id, ChallengeStatus::Declined, now)
            .await
    }

    /// Withdraws a challenge; only the challenger can.
    ///
    /// # Errors
    /// [`UserError::NoSuchChallenge`], [`UserError::ChallengeNotPending`],
    /// [`UserError::ChallengeExpired`], [`UserError::NotChallenger`]; internal errors.
    pub async fn cancel_challenge(&self, id: ChallengeId, by: UserId) -> Result<Challenge> {
        let now = self.now_ms();
        let challenge = self.pending_challenge(id, now).await?;
        if challenge.challenger != by {
            return Err(UserError::NotChallenger {
                challenger: challenge.challenger,
            }
            .into());
        }
        self.close_challenge(id, ChallengeStatus::Cancelled, now)
            .await
    }

    /// Marks every challenge whose time is up as expired and returns them. Each is returned
    /// once; in the same transaction, the closing of each one whose message the bot may edit
    /// (posted in a channel it reaches) is queued (see [`GameService::next_announcement`]).
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn expire_challenges(&self) -> Result<Vec<Challenge>> {
        let now = self.now_ms();
        let mut tx = self.db.begin_write().await?;
        let expired = storage::expire_challenges(&mut tx, now).await?;
        for challenge in &expired {
            if challenge.message.is_some() && challenge.reach == Reach::Channel {
                let owed = Owed::Expiry {
                    challenge: challenge.id,
                };
                self.queue(&mut tx, owed, now).await?;
            }
        }
        tx.commit().await?;
        Ok(expired)
    }

    /// A challenge as it stands.
    ///
    /// # Errors
    /// [`UserError::NoSuchChallenge`]; internal errors.
    pub async fn challenge(&self, id: ChallengeId) -> Result<Challenge> {
        let mut conn = self.db.read().await?;
        Ok(storage::challenge(&mut conn, id)
            .await?
            .ok_or(UserError::NoSuchChallenge(id))?)
    }

    /// Remembers the message that shows a challenge (to edit it when it is answered or lapses).
    ///
    /// # Errors
    /// [`UserError::NoSuchChallenge`]; internal errors.
    pub async fn set_challenge_message(&self, id: ChallengeId, message: MessageId) -> Result<()> {
        let mut conn = self.db.write().await?;
        if storage::set_challenge_message(&mut conn, id, message).await? {
            Ok(())
        } else {
            Err(UserError::NoSuchChallenge(id).into())
        }
    }

    /// The challenge if it is still pending; one past its time is marked expired and refused.
    async fn pending_challenge(&self, id: ChallengeId, now: i64) -> Result<Challenge> {
        let challenge = self.challenge(id).await?;
        if challenge.status != ChallengeStatus::Pending {
            return Err(UserError::ChallengeNotPending {
                status: challenge.status,
            }
            .into());
        }
        if now >= challenge.expires_ms {
            let mut tx = self.db.begin_write().await?;
            storage::resolve_challenge(&mut tx, id, ChallengeStatus::Expired, now).await?;
            tx.commit().await?;
            return Err(UserError::ChallengeExpired.into());
        }
        Ok(challenge)
    }

    /// Moves a pending challenge to a final status and returns it.
    async fn close_challenge(
        &self,
        id: ChallengeId,
        status: ChallengeStatus,
        now: i64,
    ) -> Result<Challenge> {
        let mut tx = self.db.begin_write().await?;
        if !storage::resolve_challenge(&mut tx, id, status, now).await? {
            tx.rollback().await?;
            return Err(self.not_pending(id).await);
        }
        let challenge = storage::challenge(&mut tx, id).await?;
        tx.commit().await?;
        Ok(challenge.ok_or(UserError::NoSuchChallenge(id))?)
    }

    /// The refusal for a challenge someone else answered first.
    async fn not_pending(&self, id: ChallengeId) -> super::ServiceError {
        match self.challenge(id).await {
            Ok(challenge) => UserError::ChallengeNotPending {
                status: challenge.status,
            }
            .into(),
            Err(e) => e,
        }
    }
}

/// A game just stored, and its first board's announcement.
fn started(row: GameRow, announcement: AnnouncementId) -> Result<GameStarted> {
    let position = super::view::position_of(&row)?;
    Ok(GameStarted {
        game: super::view::view(row, position, None),
        announcement,
    })
}

/// Creates or refreshes `players` in ascending id order (see `storage::lock`: two
/// transactions writing the same players' rows never wait for each other crosswise).
async fn upsert_players(conn: &mut Conn, mut players: Vec<&PlayerRef>, now: i64) -> Result<()> {
    players.sort_by_key(|player| player.id);
    for player in players {
        storage::upsert_player(conn, player.id, &player.name, now).await?;
    }
    Ok(())
}

/// Refuses a rematch of a game whose rematch is already being played. (A pending one is
/// refused by the insert itself, atomically.)
async fn rematch_free(conn: &mut Conn, rematch_of: Option<GameId>) -> Result<()> {
    let Some(of) = rematch_of else { return Ok(()) };
    match storage::active_rematch(conn, of).await? {
        Some(game) => Err(UserError::RematchInProgress { game }.into()),
        None => Ok(()),
    }
}

/// The challenger's colour: as chosen, or by a coin toss seeded from `seed`.
fn pick_color(choice: ColorChoice, seed: u64) -> Color {
    match choice {
        ColorChoice::White => Color::White,
        ColorChoice::Black => Color::Black,
        ColorChoice::Random => {
            if SmallRng::seed_from_u64(seed).random::<bool>() {
                Color::White
            } else {
                Color::Black
            }
        }
    }
}
