//! Playing a move: checks, the engine, and the one compare-and-swap transaction.

use monkey_queen_core::{Move, MoveText, Position};

use super::view::{self, color_of};
use super::{GameService, GameStatus, MovePlayed, PlayRequest, Result, ServiceError, UserError};
use crate::storage::{self, Advance, Conn, GameRow, MoveRow, Tx};

/// A legal move, checked against the game as read, ready to store.
struct Checked {
    row: GameRow,
    mv: Move,
    position: Position,
}

impl GameService {
    /// Plays a move for `request.user`. One write transaction reads the game, checks the
    /// request, stores the move at ply + 1 and updates the game only if it is still at the ply
    /// it was checked against (compare-and-swap, which also guards against other processes);
    /// if the move ends the game, the result, counts and ratings are stored in the same
    /// transaction. A refused request leaves no trace.
    ///
    /// # Errors
    /// [`UserError::NoSuchGame`], [`UserError::NoActiveGame`], [`UserError::SeveralGames`],
    /// [`UserError::NotParticipant`], [`UserError::AlreadyPlayed`],
    /// [`UserError::PositionChanged`], [`UserError::GameOver`], [`UserError::TimeUp`],
    /// [`UserError::NotYourTurn`], [`UserError::Illegal`]; internal errors.
    pub async fn play(&self, request: PlayRequest<'_>) -> Result<MovePlayed> {
        let now = self.now_ms();
        // Reading on the writing connection keeps the whole move on one warm connection and
        // means the position cannot change in this process between the check and the write.
        let mut tx = self.db.begin_write().await?;
        let checked = match self.check(&mut tx, &request, now).await {
            Ok(checked) => checked,
            Err(refusal) => return rollback(tx, refusal).await,
        };
        let Checked { row, mv, position } = checked;
        // R8.1: after a swap the two people exchange colours.
        let (white, black) = if mv == Move::Swap {
            (row.black, row.white)
        } else {
            (row.white, row.black)
        };
        let (deadline_ms, remind_ms) = Self::deadline(row.move_time_ms, now);
        let text = position.to_text();
        let stored = MoveRow {
            game: row.id,
            ply: row.ply + 1,
            notation: mv.to_string(),
            player: request.user,
            played_ms: now,
            request_key: request.request_key.map(str::to_owned),
        };
        if let Err(e) = storage::insert_move(&mut tx, &stored).await {
            tx.rollback().await?;
            return Err(self.lost_race(e, request.request_key).await);
        }
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
        };
        if !storage::advance_game(&mut tx, &advance).await? {
            return rollback(tx, UserError::PositionChanged.into()).await;
        }
        let mut after = GameRow {
            white,
            black,
            swapped: row.swapped || mv == Move::Swap,
            ply: row.ply + 1,
            position: text,
            last_move_ms: Some(now),
            deadline_ms,
            remind_ms,
            ..row
        };
        if mv == Move::Swap {
            std::mem::swap(&mut after.white_name, &mut after.black_name);
        }
        if let Some(outcome) = position.outcome() {
            let settled = self
                .settle(&mut tx, &after, outcome.winner, outcome.reason.into(), now)
                .await?;
            let Some(result) = settled else {
                return rollback(tx, UserError::PositionChanged.into()).await;
            };
            super::end::apply_result(&mut after, &result, now);
        }
        tx.commit().await?;
        Ok(MovePlayed {
            mv,
            by: request.user,
            game: view::view(after, position, Some(mv)),
        })
    }

    /// Every check before a move is stored, in the order a user would want to hear them.
    async fn check(&self, conn: &mut Conn, request: &PlayRequest<'_>, now: i64) -> Result<Checked> {
        if let Some(key) = request.request_key
            && let Some(done) = storage::move_by_request_key(conn, key).await?
        {
            return Err(already_played(done));
        }
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

    /// The refusal when storing the move failed: another process took this ply (or this
    /// request key) first; anything else is an internal error.
    async fn lost_race(&self, error: sqlx::Error, key: Option<&str>) -> ServiceError {
        if !storage::is_unique_violation(&error) {
            return error.into();
        }
        if let Some(key) = key {
            match self.db.read().await {
                Ok(mut conn) => match storage::move_by_request_key(&mut conn, key).await {
                    Ok(Some(done)) => return already_played(done),
                    Ok(None) => {}
                    Err(e) => return e.into(),
                },
                Err(e) => return e.into(),
            }
        }
        UserError::PositionChanged.into()
    }
}

/// Ends the transaction without a trace and returns the refusal (or the rollback's failure).
async fn rollback<T>(tx: Tx, refusal: ServiceError) -> Result<T> {
    tx.rollback().await?;
    Err(refusal)
}

/// Whether the stored move is the one the text describes (same squares, or both `swap`).
fn same_move(row: &GameRow, done: &MoveRow, text: &str) -> bool {
    let size = row.options.size();
    match (
        MoveText::parse(text, size),
        MoveText::parse(&done.notation, size),
    ) {
        (Ok(asked), Ok(stored)) => asked == stored,
        _ => false,
    }
}

fn already_played(done: MoveRow) -> ServiceError {
    UserError::AlreadyPlayed {
        game: done.game,
        ply: done.ply,
        notation: done.notation,
    }
    .into()
}
