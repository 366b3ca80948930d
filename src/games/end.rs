//! Ending games: on the board (R7.1, R7.2), by resignation, on time, or aborted (R7.4).
//! Results, counts and rating changes are written in the caller's transaction, and so is the
//! announcement of an end beside the board (see [`GameEnded`]).

use monkey_queen_core::Color;

use super::view::{self, color_of};
use super::{
    BOARD_GRACE_MS, EndReason, GameEnded, GameRef, GameResult, GameService, GameStatus, GameView,
    Level, Reach, Result, UserError, UserId,
};
use crate::model::AnnouncementId;
use crate::rating::{Rating, rate_game};
use crate::storage::{self, Conn, Finish, GameRow, Key, Owed, Standing};

/// Who shows the chat at once that a player ended a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Shown {
    /// The face that asked, a handler in the chat: it posts the end and reports it, so its
    /// announcement is handed out only [`BOARD_GRACE_MS`] later.
    ByCaller,
    /// Nobody here (it was asked on the Activity): its announcement is due at once.
    ByOutbox,
}

impl Shown {
    /// When the announcement of an end made at `now` is first handed out.
    fn due_ms(self, now: i64) -> i64 {
        match self {
            Shown::ByCaller => now + BOARD_GRACE_MS,
            Shown::ByOutbox => now,
        }
    }
}

/// Who ends a game, and so how its transaction takes its locks.
#[derive(Debug, Clone, Copy)]
enum Ending {
    /// A player (a resignation, a claim): waits for the locks; the end is announced as
    /// this says.
    Asked(Shown),
    /// The timeout sweep, queuing this announcement of the result: takes the locks and the
    /// game only if they are free.
    Sweep(Owed),
}

/// What finishing `row` locks (see `storage::lock`): for a rated game both players, whose
/// ratings are read and written back; for a game against the computer its rating at that
/// level; for a tournament's game the tournament, whose round its result may complete.
/// Counts of unrated games are increments and need no lock.
pub(super) fn finish_keys(row: &GameRow) -> Vec<Key> {
    let mut keys = Vec::with_capacity(2);
    if row.rated {
        keys.extend([Key::Player(row.white), Key::Player(row.black)]);
    }
    if let Some(level) = row.ai_level {
        keys.push(Key::ComputerRating(level));
    }
    keys.extend(row.tournament.map(Key::Tournament));
    keys
}

impl GameService {
    /// Resigns `user`'s game: the opponent wins (R7.4). With `expected_ply` (the ply the
    /// player confirmed at), the resignation is written only if the game is still at that
    /// ply when its transaction runs, as a move is (compare-and-swap on the ply): a move that
    /// landed after the player was asked refuses it, and nothing changes. The result board is
    /// owed to the chat, for the caller to post (see [`GameEnded::announcement`]).
    ///
    /// # Errors
    /// [`UserError::NoSuchGame`], [`UserError::NoActiveGame`], [`UserError::SeveralGames`],
    /// [`UserError::NotParticipant`], [`UserError::GameOver`], [`UserError::PositionChanged`];
    /// internal errors.
    pub async fn resign(
        &self,
        user: UserId,
        game: GameRef,
        expected_ply: Option<u32>,
    ) -> Result<GameEnded> {
        self.resign_shown(user, game, expected_ply, Shown::ByCaller)
            .await
    }

    /// [`Self::resign`], its end shown at once as `shown` says.
    pub(super) async fn resign_shown(
        &self,
        user: UserId,
        game: GameRef,
        expected_ply: Option<u32>,
        shown: Shown,
    ) -> Result<GameEnded> {
        let row = self.active_game_of(user, game).await?;
        let Some(color) = color_of(row.white, row.black, user) else {
            return Err(UserError::NotParticipant { game: row.id }.into());
        };
        if expected_ply.is_some_and(|ply| ply != row.ply) {
            return Err(UserError::PositionChanged.into());
        }
        // `end` writes only if the game is still at `row.ply`, the expected one.
        self.end(row, color.other(), EndReason::Resignation, shown)
            .await
    }

    /// Calls off `user`'s game with no result; allowed only before both players have moved
    /// (R7.4), i.e. before the second ply. Its board, saying so, is owed to the chat, for the
    /// caller to post (see [`GameEnded::announcement`]).
    ///
    /// # Errors
    /// [`UserError::NoSuchGame`], [`UserError::NoActiveGame`], [`UserError::SeveralGames`],
    /// [`UserError::NotParticipant`], [`UserError::GameOver`], [`UserError::TooLateToAbort`],
    /// [`UserError::PositionChanged`]; internal errors.
    pub async fn abort(&self, user: UserId, game: GameRef) -> Result<GameEnded> {
        let row = self.active_game_of(user, game).await?;
        if row.ply >= 2 {
            return Err(UserError::TooLateToAbort.into());
        }
        let owed = Owed::Abort {
            game: row.id,
            by: user,
        };
        self.call_off(&row, owed).await
    }

    /// Ends a game with no result at the ply it was read at, in its own transaction, owing
    /// the chat `owed` (an abort or a call-off; its board says so), for the caller to post.
    /// No later board replaces it, so its latest board is forgotten here (see `boards`).
    pub(super) async fn call_off(&self, row: &GameRow, owed: Owed) -> Result<GameEnded> {
        if row.tournament.is_some() {
            // Its pairing needs a result.
            return Err(UserError::TournamentGame.into());
        }
        let now = self.now_ms();
        let mut tx = self.db.begin_write().await?;
        if !storage::abort_game(&mut tx, row.id, row.ply, now).await? {
            tx.rollback().await?;
            return Err(UserError::PositionChanged.into());
        }
        storage::take_board(&mut tx, row.id).await?;
        let announcement = self
            .queue_end(&mut tx, row.reach, owed, Shown::ByCaller, now)
            .await?;
        let row = storage::game(&mut tx, row.id).await?;
        tx.commit().await?;
        super::measures::game_called_off();
        let row = row.ok_or(UserError::PositionChanged)?;
        self.changed(row.id);
        let mut conn = self.db.read().await?;
        let game = self.view(&mut conn, row).await?;
        Ok(GameEnded { game, announcement })
    }

    /// Queues `owed`, the end of a game played where `reach` says, due as `shown` says; none
    /// for a game played on its web page, which shows its end itself.
    async fn queue_end(
        &self,
        conn: &mut Conn,
        reach: Reach,
        owed: Owed,
        shown: Shown,
        now: i64,
    ) -> Result<Option<AnnouncementId>> {
        if reach == Reach::Web {
            return Ok(None);
        }
        Ok(Some(self.queue(conn, owed, shown.due_ms(now)).await?))
    }

    /// Claims the win when the player to move has let their deadline pass (R7.4). Either
    /// participant may claim; the player who ran out loses. The result board is owed to the
    /// chat, for the caller to post (see [`GameEnded::announcement`]).
    ///
    /// # Errors
    /// [`UserError::NoSuchGame`], [`UserError::NoActiveGame`], [`UserError::SeveralGames`],
    /// [`UserError::NotParticipant`], [`UserError::GameOver`], [`UserError::NoClock`],
    /// [`UserError::DeadlineNotReached`], [`UserError::PositionChanged`]; internal errors.
    pub async fn claim_timeout(&self, user: UserId, game: GameRef) -> Result<GameEnded> {
        let row = self.active_game_of(user, game).await?;
        let Some(deadline_ms) = row.deadline_ms else {
            return Err(UserError::NoClock.into());
        };
        if self.now_ms() < deadline_ms {
            return Err(UserError::DeadlineNotReached { deadline_ms }.into());
        }
        let loser = view::position_of(&row)?.turn();
        self.end(row, loser.other(), EndReason::Timeout, Shown::ByCaller)
            .await
    }

    /// Ends every active game whose deadline has passed, the player to move losing on time,
    /// and returns them. Each result's announcement is queued in the transaction that ends
    /// the game (see [`GameService::next_announcement`]). A game settled here is never
    /// returned again; one that changed in the meantime is left alone, and so is one another
    /// transaction holds (another process settling it, or a game of the same players being
    /// finished): the next sweep comes back to it, so no sweep waits for another's work.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn apply_timeouts(&self) -> Result<Vec<GameView>> {
        let now = self.now_ms();
        let due = {
            let mut conn = self.db.read().await?;
            storage::due_games(&mut conn, now).await?
        };
        let mut ended = Vec::with_capacity(due.len());
        for row in due {
            let loser = view::position_of(&row)?.turn();
            let how = Ending::Sweep(Owed::Timeout { game: row.id });
            match self
                .end_announcing(row, loser.other(), EndReason::Timeout, how)
                .await
            {
                Ok(end) => ended.push(end.game),
                Err(super::ServiceError::User(UserError::PositionChanged)) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(ended)
    }

    /// The game a request is about, refused unless `user` plays in it and it is active.
    pub(super) async fn active_game_of(&self, user: UserId, game: GameRef) -> Result<GameRow> {
        let mut conn = self.db.read().await?;
        let row = self.resolve(&mut conn, user, game).await?;
        if color_of(row.white, row.black, user).is_none() {
            return Err(UserError::NotParticipant { game: row.id }.into());
        }
        if row.status != GameStatus::Active {
            return Err(UserError::GameOver { game: row.id }.into());
        }
        Ok(row)
    }

    /// Finishes a game at the ply it was read at, in its own transaction, owing the chat its
    /// result board (see [`Shown`]).
    pub(super) async fn end(
        &self,
        row: GameRow,
        winner: Color,
        reason: EndReason,
        shown: Shown,
    ) -> Result<GameEnded> {
        self.end_announcing(row, winner, reason, Ending::Asked(shown))
            .await
    }

    /// [`Self::end`], as `how` says: asked by a player, or by the timeout sweep, which
    /// queues the result's announcement as it says and gives up rather than wait for a lock
    /// ([`UserError::PositionChanged`] then, as for a game that moved on). Either way the
    /// announcement is queued in the transaction that ends the game.
    async fn end_announcing(
        &self,
        row: GameRow,
        winner: Color,
        reason: EndReason,
        how: Ending,
    ) -> Result<GameEnded> {
        let now = self.now_ms();
        let mut tx = self.db.begin_write().await?;
        let keys = finish_keys(&row);
        match how {
            Ending::Asked(_) => storage::lock(&mut tx, &keys).await?,
            Ending::Sweep(_) => {
                let claimed = storage::try_lock(&mut tx, &keys).await?
                    && storage::claim_due_game(&mut tx, row.id, row.ply, now).await?;
                if !claimed {
                    tx.rollback().await?;
                    return Err(UserError::PositionChanged.into());
                }
            }
        }
        let Some(result) = self.settle(&mut tx, &row, winner, reason, now).await? else {
            tx.rollback().await?;
            return Err(UserError::PositionChanged.into());
        };
        let announcement = match how {
            Ending::Asked(shown) => {
                let owed = Owed::End { game: row.id };
                self.queue_end(&mut tx, row.reach, owed, shown, now).await?
            }
            Ending::Sweep(owed) => Some(self.queue(&mut tx, owed, now).await?),
        };
        tx.commit().await?;
        self.changed(row.id);
        let mut row = row;
        apply_result(&mut row, &result, now);
        let mut conn = self.db.read().await?;
        let game = self.view(&mut conn, row).await?;
        Ok(GameEnded { game, announcement })
    }

    /// Writes the end of a game (if it is still active at `row.ply`), both players' counts
    /// and, for a rated game, their new Glicko-2 ratings; a tournament's game moves its
    /// tournament on (its result, perhaps the next round). `None` if the game had changed.
    /// The caller's transaction holds the game's [`finish_keys`]; the players' rows are
    /// written in ascending id order (see `storage::lock`: no two finishes deadlock).
    pub(super) async fn settle(
        &self,
        conn: &mut Conn,
        row: &GameRow,
        winner: Color,
        reason: EndReason,
        now: i64,
    ) -> Result<Option<GameResult>> {
        let (winner_id, loser_id) = match winner {
            Color::White => (row.white, row.black),
            Color::Black => (row.black, row.white),
        };
        let ratings = if row.rated {
            let winner_before = current_rating(conn, winner_id, now).await?;
            let loser_before = current_rating(conn, loser_id, now).await?;
            let (w, l) = rate_game(winner_before, loser_before);
            Some((
                (w, w.rating - winner_before.rating),
                (l, l.rating - loser_before.rating),
            ))
        } else {
            None
        };
        let rating_deltas = ratings.map(|((_, dw), (_, dl))| match winner {
            Color::White => [dw, dl],
            Color::Black => [dl, dw],
        });
        let finished = storage::finish_game(
            conn,
            &Finish {
                id: row.id,
                at_ply: row.ply,
                winner,
                reason,
                rating_deltas,
                now,
            },
        )
        .await?;
        if !finished {
            return Ok(None);
        }
        super::measures::game_finished(reason);
        let mut standings = [
            Standing {
                id: winner_id,
                won: true,
                rating: ratings.map(|((w, _), _)| w),
            },
            Standing {
                id: loser_id,
                won: false,
                rating: ratings.map(|(_, (l, _))| l),
            },
        ];
        standings.sort_by_key(|standing| standing.id);
        for standing in standings {
            storage::record_result(conn, standing, now).await?;
            if let Some(rating) = standing.rating {
                storage::record_rating(conn, standing.id, row.id, rating, now).await?;
            }
        }
        if let Some(level) = row.ai_level {
            self.rate_ai(conn, level, winner_id, loser_id, now).await?;
        }
        let result = GameResult {
            winner,
            winner_id,
            loser_id,
            reason,
            rating_deltas,
        };
        super::tournaments::game_ended(self, conn, row, &result, now).await?;
        Ok(Some(result))
    }
}

impl GameService {
    /// Moves the computer's rating at `level` after a game against a person, rated against
    /// that person's current rating, which the game leaves alone (such games are unrated).
    async fn rate_ai(
        &self,
        conn: &mut Conn,
        level: Level,
        winner: UserId,
        loser: UserId,
        now: i64,
    ) -> Result<()> {
        let Some(bot) = self.config.bot_user else {
            return Ok(());
        };
        let (ai_won, person) = if winner == bot {
            (true, loser)
        } else if loser == bot {
            (false, winner)
        } else {
            return Ok(());
        };
        let person = current_rating(conn, person, now).await?;
        let before = storage::ai_rating(conn, level)
            .await?
            .map_or(Rating::NEWCOMER, |r| r.rating);
        let after = before.after_game(person, ai_won);
        storage::record_ai_result(conn, level, ai_won, after, now).await?;
        Ok(())
    }
}

/// A player's rating at `now`, its deviation grown by the idle rating periods before it.
pub(super) async fn current_rating(conn: &mut Conn, user: UserId, now: i64) -> Result<Rating> {
    Ok(storage::player(conn, user)
        .await?
        .map_or(Rating::NEWCOMER, |p| super::standings::rating_now(&p, now)))
}

/// The stored row as it is after [`GameService::settle`] wrote `result`.
pub(super) fn apply_result(row: &mut GameRow, result: &GameResult, now: i64) {
    row.status = GameStatus::Finished;
    row.winner = Some(result.winner);
    row.end_reason = Some(result.reason);
    row.rating_deltas = result.rating_deltas;
    row.finished_ms = Some(now);
    row.deadline_ms = None;
    row.remind_ms = None;
}
