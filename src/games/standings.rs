//! Players' standings: statistics, leaderboards and game history.

use monkey_queen_core::Color;

use super::view::{self, Place, PlayerRef, color_of};
use super::{
    Audience, EndReason, GameId, GameService, GuildId, InternalError, Level, Result, UserError,
    UserId,
};
use crate::model::{PageKey, Player};
use crate::rating::{GLICKO2_SCALE, PROVISIONAL_DEVIATION, RATING_PERIOD_MS, Rating};
use crate::storage::{self, Established, GameRow};

/// How many recent results [`GameService::stats`] lists.
pub const RECENT_RESULTS: u32 = 5;
/// The largest page [`GameService::leaderboard`] and [`GameService::history`] return.
pub const MAX_PAGE_SIZE: u32 = 100;

/// One finished game seen from one of its players.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayedGame {
    /// The game.
    pub game: GameId,
    /// The colour the player ended with (after any pie-rule swap, R8).
    pub color: Color,
    /// The other player (the bot in a game against the computer).
    pub opponent: PlayerRef,
    /// Whether the player won (R7: there are no draws).
    pub won: bool,
    /// Why the game ended.
    pub reason: EndReason,
    /// Whether the game was rated.
    pub rated: bool,
    /// Rating points the player gained (negative: lost), for a rated game.
    pub rating_delta: Option<f64>,
    /// The computer's level, in a game against the bot.
    pub ai_level: Option<Level>,
    /// Plies played.
    pub plies: u32,
    /// When it finished.
    pub finished_ms: i64,
    /// Where it was played.
    pub place: Place,
    /// The address of its web page (`None` for a game stored before pages existed).
    pub page_key: Option<PageKey>,
}

/// A player's rating, counts, streak and recent results.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerStats {
    /// The player.
    pub user: UserId,
    /// The display name last seen; `None` for someone the bot has never seen play.
    pub name: Option<String>,
    /// Glicko-2 rating (1500 for a newcomer). Only rated games move it.
    pub rating: f64,
    /// Rating deviation: the rating's uncertainty (350 for a newcomer), grown by each idle
    /// rating period since the last rated game.
    pub deviation: f64,
    /// Whether the rating is still provisional (too uncertain for the leaderboard).
    pub provisional: bool,
    /// Finished games, rated or not, against people or the computer (aborted ones excluded).
    pub games: u32,
    /// Of which rated.
    pub rated_games: u32,
    /// Won.
    pub wins: u32,
    /// Lost.
    pub losses: u32,
    /// `wins / games`, from 0 to 1; `None` before the first finished game.
    pub win_rate: Option<f64>,
    /// The current run: `+3` after three wins in a row, `-2` after two losses, 0 with no games.
    pub current_streak: i64,
    /// The latest finished games, newest first (at most [`RECENT_RESULTS`]).
    pub recent: Vec<PlayedGame>,
}

/// Which players a leaderboard ranks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LeaderboardScope {
    /// Those who played a finished game in this server.
    Guild(GuildId),
    /// Everyone.
    Global,
}

/// One line of a leaderboard.
#[derive(Debug, Clone, PartialEq)]
pub struct LeaderboardEntry {
    /// 1-based place on the whole board (not just the page).
    pub rank: u64,
    /// The player.
    pub player: PlayerRef,
    /// Glicko-2 rating.
    pub rating: f64,
    /// Rating deviation.
    pub deviation: f64,
    /// Finished games everywhere (ratings are global, so are the counts).
    pub games: u32,
    /// Won.
    pub wins: u32,
    /// Lost.
    pub losses: u32,
}

/// One page of a longer list.
#[derive(Debug, Clone, PartialEq)]
pub struct Page<T> {
    /// The page's lines.
    pub entries: Vec<T>,
    /// This page's 0-based number: the one asked for (a leaderboard asked for past its end
    /// shows its last page).
    pub page: u32,
    /// How many pages there are; at least 1, even when the list is empty.
    pub total_pages: u32,
    /// How many lines there are on all pages together.
    pub total: u64,
}

/// A page of a leaderboard.
pub type LeaderboardPage = Page<LeaderboardEntry>;
/// A page of a player's finished games, newest first.
pub type HistoryPage = Page<PlayedGame>;

/// The computer's standing at one level.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AiStanding {
    /// The level.
    pub level: Level,
    /// Glicko-2 rating, moved only by games against people (whose ratings stay put).
    pub rating: f64,
    /// Rating deviation.
    pub deviation: f64,
    /// Finished games against people.
    pub games: u32,
    /// Won.
    pub wins: u32,
    /// Lost.
    pub losses: u32,
}

/// Where a page starts and ends within `total` lines.
pub(super) struct Window {
    pub(super) page: u32,
    pub(super) size: u32,
    pub(super) total_pages: u32,
    pub(super) offset: u64,
}

impl Window {
    /// Page `page` of `size` lines (clamped to 1..=[`MAX_PAGE_SIZE`]); a page past the end
    /// is the last page.
    pub(super) fn new(page: u32, size: u32, total: u64) -> Window {
        let size = size.clamp(1, MAX_PAGE_SIZE);
        let total_pages = u32::try_from(total.div_ceil(u64::from(size)))
            .unwrap_or(u32::MAX)
            .max(1);
        let page = page.min(total_pages - 1);
        Window {
            page,
            size,
            total_pages,
            offset: u64::from(page) * u64::from(size),
        }
    }

    /// The lines of this page among all of `lines`.
    pub(super) fn slice<T>(&self, mut lines: Vec<T>) -> Page<T> {
        let total = lines.len() as u64;
        let start = usize::try_from(self.offset).map_or(lines.len(), |o| o.min(lines.len()));
        let entries: Vec<T> = lines
            .drain(start..)
            .take(usize::try_from(self.size).unwrap_or(usize::MAX))
            .collect();
        self.page(entries, total)
    }

    /// `entries` as this page of `total` lines.
    pub(super) fn page<T>(&self, entries: Vec<T>, total: u64) -> Page<T> {
        Page {
            entries,
            page: self.page,
            total_pages: self.total_pages,
            total,
        }
    }
}

/// A player's rating as it stands at `now`, its deviation grown by the idle rating periods
/// since it last changed.
pub(super) fn rating_now(player: &Player, now: i64) -> Rating {
    player.rating.at(player.rated_ms.unwrap_or(now), now)
}

impl GameService {
    /// A player's rating, counts, win rate, current streak and latest results (those
    /// `audience` may see, see [`Audience::may_see`]). Someone who never played has a
    /// newcomer's rating and no games.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn stats(&self, user: UserId, audience: Audience) -> Result<PlayerStats> {
        let now = self.now_ms();
        let mut conn = self.db.read().await?;
        let row = storage::player(&mut conn, user).await?;
        let streak = storage::streak(&mut conn, user).await?;
        let recent =
            storage::finished_games(&mut conn, Some(user), Some(audience), 0, RECENT_RESULTS)
                .await?;
        let recent = played_games(&recent, user)?;
        let (name, rating, counts) = match row {
            Some(p) => (
                Some(p.name.clone()),
                rating_now(&p, now),
                [p.games, p.rated_games, p.wins, p.losses],
            ),
            None => (None, Rating::NEWCOMER, [0; 4]),
        };
        let [games, rated_games, wins, losses] = counts;
        Ok(PlayerStats {
            user,
            name,
            rating: rating.rating,
            deviation: rating.deviation,
            provisional: rating.is_provisional(),
            games,
            rated_games,
            wins,
            losses,
            win_rate: (games > 0).then(|| f64::from(wins) / f64::from(games)),
            current_streak: streak,
            recent,
        })
    }

    /// A page of the rating leaderboard: players whose rating is established, not provisional
    /// (see [`Rating::is_provisional`], as of now), and in a server's board only those who
    /// played a finished game there; best rating first; equal ratings go to the player with
    /// more rated games, then to the lower user id. `page` is 0-based. It names players, not
    /// games, so it is the same for whoever reads it (see `visibility`).
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn leaderboard(
        &self,
        scope: LeaderboardScope,
        page: u32,
        page_size: u32,
    ) -> Result<LeaderboardPage> {
        let guild = match scope {
            LeaderboardScope::Guild(guild) => Some(guild),
            LeaderboardScope::Global => None,
        };
        let now = self.now_ms();
        let established = Established {
            now_ms: now,
            period_ms: RATING_PERIOD_MS,
            scale: GLICKO2_SCALE,
            max_deviation: PROVISIONAL_DEVIATION,
        };
        let mut conn = self.db.read().await?;
        let total = storage::leaderboard_size(&mut conn, guild, established).await?;
        let window = Window::new(page, page_size, total);
        let rows =
            storage::leaderboard(&mut conn, guild, established, window.offset, window.size).await?;
        let entries = rows
            .into_iter()
            .zip(window.offset + 1..)
            .map(|(p, rank)| LeaderboardEntry {
                rank,
                deviation: rating_now(&p, now).deviation,
                player: PlayerRef::new(p.id, p.name),
                rating: p.rating.rating,
                games: p.games,
                wins: p.wins,
                losses: p.losses,
            })
            .collect();
        Ok(window.page(entries, total))
    }

    /// A page of a player's finished games (aborted ones excluded), newest first, with result
    /// and reason, as far as `audience` may see them (see [`Audience::may_see`]: a public
    /// answer lists only the games of its server, or of its DM or group DM). `page` is 0-based;
    /// page 0 always exists (empty for someone who never finished a game).
    ///
    /// # Errors
    /// [`UserError::NoSuchPage`] past the last page: a history only grows, so only a forged
    /// request asks for one. Internal errors.
    pub async fn history(
        &self,
        user: UserId,
        audience: Audience,
        page: u32,
        page_size: u32,
    ) -> Result<HistoryPage> {
        let mut conn = self.db.read().await?;
        let total = storage::count_finished_games(&mut conn, Some(user), Some(audience)).await?;
        let window = Window::new(page, page_size, total);
        if window.page != page {
            return Err(UserError::NoSuchPage {
                page,
                total_pages: window.total_pages,
            }
            .into());
        }
        let rows = storage::finished_games(
            &mut conn,
            Some(user),
            Some(audience),
            window.offset,
            window.size,
        )
        .await?;
        Ok(window.page(played_games(&rows, user)?, total))
    }

    /// The computer's rating and counts at every level, easiest first.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn ai_standings(&self) -> Result<Vec<AiStanding>> {
        let mut conn = self.db.read().await?;
        let stored = storage::ai_ratings(&mut conn).await?;
        Ok(Level::ALL
            .into_iter()
            .map(|level| {
                let row = stored.iter().find(|r| r.level == level);
                let rating = row.map_or(Rating::NEWCOMER, |r| r.rating);
                let [games, wins, losses] = row.map_or([0; 3], |r| [r.games, r.wins, r.losses]);
                AiStanding {
                    level,
                    rating: rating.rating,
                    deviation: rating.deviation,
                    games,
                    wins,
                    losses,
                }
            })
            .collect())
    }
}

/// Finished games as `user` saw them.
fn played_games(rows: &[GameRow], user: UserId) -> Result<Vec<PlayedGame>> {
    rows.iter()
        .map(|row| played_game(row, user).map_err(Into::into))
        .collect()
}

fn played_game(row: &GameRow, user: UserId) -> Result<PlayedGame, InternalError> {
    let corrupt = |detail: &str| InternalError::Corrupt {
        game: row.id,
        detail: detail.to_owned(),
    };
    let color = color_of(row.white, row.black, user)
        .ok_or_else(|| corrupt("listed for a user who does not play in it"))?;
    let (winner, reason) = row
        .winner
        .zip(row.end_reason)
        .ok_or_else(|| corrupt("finished without a winner and reason"))?;
    let opponent = match color {
        Color::White => PlayerRef::new(row.black, row.black_name.clone()),
        Color::Black => PlayerRef::new(row.white, row.white_name.clone()),
    };
    Ok(PlayedGame {
        game: row.id,
        color,
        opponent,
        won: winner == color,
        reason,
        rated: row.rated,
        rating_delta: row.rating_deltas.map(|[white, black]| match color {
            Color::White => white,
            Color::Black => black,
        }),
        ai_level: row.ai_level,
        plies: row.ply,
        finished_ms: row.finished_ms.unwrap_or(row.created_ms),
        place: view::place_of(row),
        page_key: row.page_key.clone(),
    })
}
