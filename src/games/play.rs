//! Playing a move: checks, the engine, and the one compare-and-swap transaction.

use monkey_queen_core::{Color, Move, MoveText, Position};

use super::view::{self, color_of};
use super::{
    BOARD_GRACE_MS, GameId, GameRef, GameService, GameStatus, GameView, MovePlayed, PlayRequest,
    Result, ServiceError, UserError, UserId,
};

use crate::model::MoveRecord;
use crate::storage::{self, Advance, Conn, GameRow, Stored};

/// A legal move, checked against the game as read, ready to store.
struct Checked {
    row: GameRow,
    mv: Move,
    position: Position,
}

impl GameService {
    /// Plays a move for `request.user`.
    ///
    /// The game is read and checked on a reading connection, and the move written on the
    /// writing one, which a busy bot's writes queue for (on SQLite on the writes' own thread,
    /// see [`storage::Db::on_writer`]): it is held for the write alone. The move is stored at
    /// ply + 1 and the game updated only if it is still at the ply it was checked against
    /// (compare-and-swap, which guards against other connections and processes), in one
    /// transaction; if the move ends the game, the result, counts and ratings are stored in
    /// that same transaction, which first locks what finishing the game reads (see
    /// [`storage::lock`]). If the game changed since it was read (two clicks at once), it is
    /// read and checked again on the writing connection, held until the move is written (on
    /// SQLite the only one, so no other move of this process can come between), so the user
    /// hears what changed. A refused request leaves no trace.
    ///
    /// The board after the move is owed to the players (the opponent learns it is their turn
    /// from it), so it is queued in the outbox in that same transaction, handed out
    /// [`BOARD_GRACE_MS`] later unless the caller reports it delivered first (see
    /// [`MovePlayed::announcement`]). When the computer is to move next, nothing is queued:
    /// its turn is owed in the database already, and its own board shows this move too.
    ///
    /// # Errors
    /// [`UserError::NoSuchGame`], [`UserError::NoActiveGame`], [`UserError::SeveralGames`],
    /// [`UserError::NotParticipant`], [`UserError::AlreadyPlayed`],
    /// [`UserError::PositionChanged`], [`UserError::GameOver`], [`UserError::TimeUp`],
    /// [`UserError::NotYourTurn`], [`UserError::Illegal`]; internal errors.
    pub async fn play(&self, request: PlayRequest<'_>) -> Result<MovePlayed> {
        let now = self.now_ms();
        let checked = {
            let mut conn = self.db.read().await?;
            self.checked(&mut conn, &request, now).await?
        };
        let (service, user) = (self.clone(), request.user);
        let key = request.request_key.map(str::to_owned);
        let stored = self.db.on_writer(async move {
            let mut conn = service.db.write().await?;
            service
                .store(&mut conn, user, key.as_deref(), checked, now)
                .await
        });
        if let Some(played) = stored.await?? {
            return Ok(played);
        }
        let mut conn = self.db.write().await?;
        let checked = self.checked(&mut conn, &request, now).await?;
        let (user, key) = (request.user, request.request_key);
        match self.store(&mut conn, user, key, checked, now).await? {
            Some(played) => Ok(played),
            None => Err(UserError::PositionChanged.into()),
        }
    }

    /// [`Self::check`], a refusal explained (see [`explain`]).
    async fn checked(
        &self,
        conn: &mut Conn,
        request: &PlayRequest<'_>,
        now: i64,
    ) -> Result<Checked> {
        match self.check(conn, request, now).await {
            Ok(checked) => Ok(checked),
            Err(refusal) => Err(explain(conn, refusal, request.request_key).await),
        }
    }

    /// Stores a move checked for `user` on the writing connection `conn`; `None` (nothing
    /// written) if the game changed since it was read.
    async fn store(
        &self,
        conn: &mut storage::Pooled,
        user: UserId,
        request_key: Option<&str>,
        checked: Checked,
        now: i64,
    ) -> Result<Option<MovePlayed>> {
        let Checked { row, mv, position } = checked;
        // R8.1: after a swap the two people exchange colours.
        let (white, black) = if mv == Move::Swap {
            (row.black, row.white)
        } else {
            (row.white, row.black)
        };
        let (deadline_ms, remind_ms) = Self::deadline(row.move_time_ms, now);
        let text = position.to_text();
        let notation = mv.to_string();
        let outcome = position.outcome();
        let next = if position.turn() == Color::White {
            white
        } else {
            black
        };
        let computer_next = outcome.is_none() && Some(next) == self.config.bot_user;
        let advance = Advance {
            id: row.id,
            from_ply: row.ply,
            position: &text,
            white,
            black,
            swap: mv == Move::Swap,
            now,
            deadline_ms,
            remind_ms,
            notation: &notation,
            player: user,
            request_key,
            board_due_ms: (!computer_next).then_some(now + BOARD_GRACE_MS),
            to_move: row.ai_level.is_some().then_some(next),
        };
        let mut after = GameRow {
            white,
            black,
            swapped: row.swapped || mv == Move::Swap,
            ply: row.ply + 1,
            position: text.clone(),
            last_move_ms: Some(now),
            deadline_ms,
            remind_ms,
            ..row
        };
        if mv == Move::Swap {
            std::mem::swap(&mut after.white_name, &mut after.black_name);
        }
        let stored = match outcome {
            None => storage::commit_move(conn, &advance).await,
            Some(outcome) => {
                let mut tx = storage::begin_write(conn).await?;
                storage::lock(&mut tx, &super::end::finish_keys(&after)).await?;
                let stored = storage::store_move(&mut tx, &advance).await;
                if let Ok(Stored::Moved { .. }) = stored {
                    let reason = outcome.reason.into();
                    let settled = self
                        .settle(&mut tx, &after, outcome.winner, reason, now)
                        .await?;
                    let Some(result) = settled else {
                        return Err(UserError::PositionChanged.into());
                    };
                    super::end::apply_result(&mut after, &result, now);
                    tx.commit().await?;
                }
                stored
            }
        };
        match stored {
            Ok(Stored::Moved { board }) => {
                super::measures::move_played();
                self.changed(after.id);
                Ok(Some(MovePlayed {
                    mv,
                    by: user,
                    game: view::view(after, position, Some(mv)),
                    announcement: board,
                }))
            }
            Ok(Stored::GameChanged) => Ok(None),
            // Another process took this ply, or this request key, first.
            Err(e) if storage::is_unique_violation(&e) => {
                let refusal = UserError::PositionChanged.into();
                Err(explain(conn, refusal, request_key).await)
            }
            Err(e) => Err(e.into()),
        }
    }

    /// The game `user` is about to move in by picking pieces (a Move button made at `ply`):
    /// refused as [`Self::play`] would refuse a move, so a picker is offered only to the
    /// player to move, in an active game still at that ply.
    ///
    /// # Errors
    /// [`UserError::NoSuchGame`], [`UserError::NotParticipant`], [`UserError::PositionChanged`],
    /// [`UserError::GameOver`], [`UserError::TimeUp`], [`UserError::NotYourTurn`]; internal
    /// errors.
    pub async fn game_to_move(&self, user: UserId, game: GameId, ply: u32) -> Result<GameView> {
        let mut conn = self.db.read().await?;
        let row = self.resolve(&mut conn, user, GameRef::Id(game)).await?;
        let Some(color) = color_of(row.white, row.black, user) else {
            return Err(UserError::NotParticipant { game: row.id }.into());
        };
        if row.status != GameStatus::Active {
            return Err(UserError::GameOver { game: row.id }.into());
        }
        if row.ply != ply {
            return Err(UserError::PositionChanged.into());
        }
        if let Some(deadline_ms) = row.deadline_ms.filter(|&d| self.now_ms() >= d) {
            return Err(UserError::TimeUp { deadline_ms }.into());
        }
        let position = view::position_of(&row)?;
        if position.turn() != color {
            let to_move = view::player_id(&row, color.other());
            return Err(UserError::NotYourTurn { to_move }.into());
        }
        self.view(&mut conn, row).await
    }

    /// Every check before a move is stored, in the order a user would want to hear them.
    async fn check(&self, conn: &mut Conn, request: &PlayRequest<'_>, now: i64) -> Result<Checked> {
        let row = self.resolve(conn, request.user, request.game).await?;
        let Some(color) = color_of(row.white, row.black, request.user) else {
            return Err(UserError::NotParticipant { game: row.id }.into());
        };
        if let Some(expected) = request.expected_ply
            && expected != row.ply
        {
            let done = storage::move_at(conn, row.id, expected.saturating_add(1)).await?;
            return Err(match done {
                Some(done)
                    if done.player == request.user && same_move(&row, &done, request.text) =>
                {
                    already_played(done)
                }
                _ => UserError::PositionChanged.into(),
            });
        }
        if row.status != GameStatus::Active {
            return Err(UserError::GameOver { game: row.id }.into());
        }
        if let Some(deadline_ms) = row.deadline_ms.filter(|&d| now >= d) {
            return Err(UserError::TimeUp { deadline_ms }.into());
        }
        let mut position = view::position_of(&row)?;
        if position.turn() != color {
            let to_move = view::player_id(&row, color.other());
            return Err(UserError::NotYourTurn { to_move }.into());
        }
        let mv = position
            .play_str(request.text)
            .map_err(UserError::Illegal)?;
        Ok(Checked { row, mv, position })
    }
}

/// The answer to a refused request: if its key already stored a move, the request is a
/// retry of that move, and the user hears that it was played; otherwise the refusal itself.
/// (Looked up only once refused, so a move that goes through costs no extra query.)
async fn explain(conn: &mut Conn, refusal: ServiceError, key: Option<&str>) -> ServiceError {
    let Some(key) = key else { return refusal };
    match storage::move_by_request_key(conn, key).await {
        Ok(Some(done)) => already_played(done),
        Ok(None) => refusal,
        Err(e) => e.into(),
    }
}

/// Whether the stored move is the one the text describes (same squares, or both `swap`).
fn same_move(row: &GameRow, done: &MoveRecord, text: &str) -> bool {
    let size = row.options.size();
    match (
        MoveText::parse(text, size),
        MoveText::parse(&done.notation, size),
    ) {
        (Ok(asked), Ok(stored)) => asked == stored,
        _ => false,
    }
}

fn already_played(done: MoveRecord) -> ServiceError {
    UserError::AlreadyPlayed {
        game: done.game,
        ply: done.ply,
        notation: done.notation,
    }
    .into()
}
