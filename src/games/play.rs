//! Playing a move: checks, the engine, and the one compare-and-swap transaction.

use monkey_queen_core::{Move, MoveText};

use super::view::{self, color_of};
use super::{GameService, GameStatus, MovePlayed, PlayRequest, Result, UserError};
use crate::storage::{self, Advance, GameRow, MoveRow};

impl GameService {
    /// Plays a move for `request.user`. In one transaction the move is stored at ply + 1 and
    /// the game updated only if it is still at the ply it was checked against; if the move
    /// ends the game, the result, counts and ratings are stored in the same transaction.
    ///
    /// # Errors
    /// [`UserError::NoSuchGame`], [`UserError::NoActiveGame`], [`UserError::SeveralGames`],
    /// [`UserError::NotParticipant`], [`UserError::AlreadyPlayed`],
    /// [`UserError::PositionChanged`], [`UserError::GameOver`], [`UserError::TimeUp`],
    /// [`UserError::NotYourTurn`], [`UserError::Illegal`]; internal errors.
    pub async fn play(&self, request: PlayRequest<'_>) -> Result<MovePlayed> {
        let now = self.now_ms();
        let mut conn = self.db.read().await?;
        if let Some(key) = request.request_key
            && let Some(done) = storage::move_by_request_key(&mut conn, key).await?
        {
            return Err(already_played(done));
        }
        let row = self.resolve(&mut conn, request.user, request.game).await?;
        let Some(color) = color_of(row.white, row.black, request.user) else {
            return Err(UserError::NotParticipant { game: row.id }.into());
        };
        if let Some(expected) = request.expected_ply
            && expected != row.ply
        {
            let done = storage::move_at(&mut conn, row.id, expected.saturating_add(1)).await?;
            return Err(match done {
                Some(done)
                    if done.player == request.user && same_move(&row, &done, request.text) =>
                {
                    already_played(done)
                }
                _ => UserError::PositionChanged.into(),
            });
        }
        drop(conn);
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

        let mut tx = self.db.begin_write().await?;
        if let Err(e) = storage::insert_move(&mut tx, &stored).await {
            tx.rollback().await?;
            return Err(self.lost_race(e, request.request_key).await);
        }
        let advanced = storage::advance_game(
            &mut tx,
            &Advance {
                id: row.id,
                from_ply: row.ply,
                position: &text,
                white,
                black,
                swap: mv == Move::Swap,
                now,
                deadline_ms,
                remind_ms,
            },
        )
        .await?;
        if !advanced {
            tx.rollback().await?;
            return Err(UserError::PositionChanged.into());
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
            let Some(result) = self
                .settle(&mut tx, &after, outcome.winner, outcome.reason.into(), now)
                .await?
            else {
                tx.rollback().await?;
                return Err(UserError::PositionChanged.into());
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

    /// The refusal when storing the move failed: someone else took this ply (or this request
    /// key) first; anything else is an internal error.
    async fn lost_race(&self, error: sqlx::Error, key: Option<&str>) -> super::ServiceError {
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

fn already_played(done: MoveRow) -> super::ServiceError {
    UserError::AlreadyPlayed {
        game: done.game,
        ply: done.ply,
        notation: done.notation,
    }
    .into()
}
