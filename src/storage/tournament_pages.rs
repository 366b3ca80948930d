//! What a tournament's web page needs of the tables: its unguessable key (`tournaments.page_key`),
//! the tournament a key or a game belongs to, and its games' own page keys.

use sqlx::Row;

use super::{Conn, Error, corrupt, discord_id};
use crate::model::{ChannelId, GameId, GuildId, PageKey, TournamentId};

/// One game of a tournament as its page links it: where it was played and its page's key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentGamePage {
    /// The game.
    pub game: GameId,
    /// The server it was played in (`None`: direct messages).
    pub guild: Option<GuildId>,
    /// The channel it was played in.
    pub channel: ChannelId,
    /// Its page's key, once it has one.
    pub key: Option<PageKey>,
}

/// The key of tournament `id`'s page, if it has one yet.
///
/// # Errors
/// Database failure, or a stored key that is not one.
pub async fn tournament_page_key(
    conn: &mut Conn,
    id: TournamentId,
) -> Result<Option<PageKey>, Error> {
    let key: Option<Option<String>> =
        sqlx::query_scalar("SELECT page_key FROM tournaments WHERE id = $1")
            .bind(id.0)
            .fetch_optional(conn)
            .await?;
    parse(key.flatten())
}

/// The key of tournament `id`'s page: the one it has, or `fresh`, stored now. One statement,
/// so two processes that link it at once agree on one key. `None` if there is no such
/// tournament.
///
/// # Errors
/// Database failure.
pub async fn give_tournament_page_key(
    conn: &mut Conn,
    id: TournamentId,
    fresh: &PageKey,
) -> Result<Option<PageKey>, Error> {
    let key: Option<String> = sqlx::query_scalar(
        "UPDATE tournaments SET page_key = COALESCE(page_key, $2) WHERE id = $1
         RETURNING page_key",
    )
    .bind(id.0)
    .bind(fresh.as_str())
    .fetch_optional(conn)
    .await?;
    parse(key)
}

/// The tournament whose page has `key`.
///
/// # Errors
/// Database failure.
pub async fn tournament_by_page_key(
    conn: &mut Conn,
    key: &PageKey,
) -> Result<Option<TournamentId>, Error> {
    let id: Option<i64> = sqlx::query_scalar("SELECT id FROM tournaments WHERE page_key = $1")
        .bind(key.as_str())
        .fetch_optional(conn)
        .await?;
    Ok(id.map(TournamentId))
}

/// The tournament game `game` belongs to, if any.
///
/// # Errors
/// Database failure.
pub async fn tournament_of_game(
    conn: &mut Conn,
    game: GameId,
) -> Result<Option<TournamentId>, Error> {
    let id: Option<Option<i64>> =
        sqlx::query_scalar("SELECT tournament_id FROM games WHERE id = $1")
            .bind(game.0)
            .fetch_optional(conn)
            .await?;
    Ok(id.flatten().map(TournamentId))
}

/// Every game of tournament `id`, with where it was played and its page's key.
///
/// # Errors
/// Database failure, or a stored key that is not one.
pub async fn tournament_game_pages(
    conn: &mut Conn,
    id: TournamentId,
) -> Result<Vec<TournamentGamePage>, Error> {
    let rows = sqlx::query(
        "SELECT id, guild_id, channel_id, page_key FROM games WHERE tournament_id = $1 ORDER BY id",
    )
    .bind(id.0)
    .fetch_all(conn)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(TournamentGamePage {
                game: GameId(row.try_get("id")?),
                guild: row
                    .try_get::<Option<i64>, _>("guild_id")?
                    .map(|g| GuildId(discord_id(g))),
                channel: ChannelId(discord_id(row.try_get("channel_id")?)),
                key: parse(row.try_get("page_key")?)?,
            })
        })
        .collect()
}

/// A stored key read back.
fn parse(key: Option<String>) -> Result<Option<PageKey>, Error> {
    key.map(|key| PageKey::parse(&key).ok_or_else(|| corrupt("page_key", &key)))
        .transpose()
}
