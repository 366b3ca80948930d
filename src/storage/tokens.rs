//! The `interaction_tokens` table: the latest interaction token of each game the bot reaches
//! only through interactions, and how many follow-ups were made on it. Keeping one and taking
//! a use of one are single statements, so several processes never make more follow-ups on a
//! token than it allows.

use super::{Conn, Error};
use crate::model::{GameId, InteractionToken};

/// Keeps `token`, received at `received_ms`, as `game`'s latest with no use made of it yet,
/// unless one received later is kept already; keeping the same token again changes nothing
/// (its uses stay counted).
///
/// # Errors
/// Database failure (a game that does not exist, say).
pub async fn keep_token(
    conn: &mut Conn,
    game: GameId,
    token: &InteractionToken,
    received_ms: i64,
) -> Result<(), Error> {
    sqlx::query(
        "INSERT INTO interaction_tokens (game_id, token, received_ms, uses) VALUES ($1, $2, $3, 0)
         ON CONFLICT (game_id) DO UPDATE
         SET token = excluded.token, received_ms = excluded.received_ms, uses = 0
         WHERE interaction_tokens.token <> excluded.token
           AND interaction_tokens.received_ms <= excluded.received_ms",
    )
    .bind(game.0)
    .bind(token.expose())
    .bind(received_ms)
    .execute(conn)
    .await?;
    Ok(())
}

/// Takes one use of `game`'s kept token, if it was received after `received_after` and has
/// had fewer than `max_uses`; `None` otherwise. One statement: of several callers at once,
/// at most `max_uses` in all ever get it.
///
/// # Errors
/// Database failure.
pub async fn take_token(
    conn: &mut Conn,
    game: GameId,
    received_after: i64,
    max_uses: u32,
) -> Result<Option<InteractionToken>, Error> {
    let token: Option<String> = sqlx::query_scalar(
        "UPDATE interaction_tokens SET uses = uses + 1
         WHERE game_id = $1 AND received_ms > $2 AND uses < $3
         RETURNING token",
    )
    .bind(game.0)
    .bind(received_after)
    .bind(i64::from(max_uses))
    .fetch_optional(conn)
    .await?;
    Ok(token.map(InteractionToken::new))
}

/// Deletes every kept token received at or before `received_by`; returns how many.
///
/// # Errors
/// Database failure.
pub async fn delete_tokens_received_by(conn: &mut Conn, received_by: i64) -> Result<u64, Error> {
    let done = sqlx::query("DELETE FROM interaction_tokens WHERE received_ms <= $1")
        .bind(received_by)
        .execute(conn)
        .await?;
    Ok(done.rows_affected())
}
