//! The daily puzzle: the same for everyone on a day (UTC), drawn at random among those never
//! daily before; tried as often as one likes, unrated; its solvers, first first; and its post in the
//! channel each server chose, owed once a day in the outbox.

use super::{PuzzleService, PuzzleView, attempt_view, view_of};
use crate::games::{GuildId, PlayerRef, Result, ServiceError, UserError};
use crate::model::{ChannelId, DailySolver, Day, Lang};
use crate::storage::{self, Conn, Key, Owed, PuzzleRow};

/// How many names the daily puzzle's leaderboard shows.
pub const DAILY_SOLVERS_SHOWN: u32 = 10;

impl PuzzleService {
    /// Today's daily puzzle (UTC), the same for everyone, as `player` stands in it.
    ///
    /// # Errors
    /// [`UserError::NoPuzzles`] when there are none; internal errors.
    pub async fn daily(&self, player: &PlayerRef) -> Result<PuzzleView> {
        let now = self.games.now_ms();
        let day = Day::of_ms(now);
        let mut tx = self.games.db.begin_write().await?;
        let row = daily_row(&mut tx, day).await?;
        storage::upsert_player(&mut tx, player.id, &player.name, now).await?;
        storage::insert_attempt(&mut tx, player.id, row.id, Some(day), false, now).await?;
        let attempt = storage::attempt(&mut tx, player.id, row.id, Some(day))
            .await?
            .ok_or(UserError::NoSuchPuzzle(row.id))?;
        let view = attempt_view(&mut tx, &attempt).await?;
        tx.commit().await?;
        Ok(view)
    }

    /// Today (UTC), as the daily puzzle counts days.
    #[must_use]
    pub fn today(&self) -> Day {
        Day::of_ms(self.games.now_ms())
    }

    /// Those who solved today's daily puzzle, first first, with their tries.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn daily_solvers(&self) -> Result<Vec<DailySolver>> {
        let mut conn = self.games.db.read().await?;
        Ok(storage::daily_solvers(&mut conn, self.today(), DAILY_SOLVERS_SHOWN).await?)
    }

    /// Sets (or clears) the channel where `guild` wants the daily puzzle posted, in `lang`.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn set_channel(
        &self,
        guild: GuildId,
        channel: Option<(ChannelId, Lang)>,
    ) -> Result<()> {
        let now = self.games.now_ms();
        let mut tx = self.games.db.begin_write().await?;
        storage::lock(&mut tx, &[Key::Guild(guild)]).await?;
        storage::set_puzzle_channel(&mut tx, guild, channel, now).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Queues today's daily puzzle posts not owed yet: each server's channel and language,
    /// each owed once a day across processes, in the outbox (see
    /// [`GameService::next_announcement`](crate::games::GameService::next_announcement)), in
    /// the transaction that records it owed. Returns those it queued.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn queue_daily_posts(&self) -> Result<Vec<(GuildId, ChannelId, Lang)>> {
        let now = self.games.now_ms();
        let day = Day::of_ms(now);
        let channels = {
            let mut conn = self.games.db.read().await?;
            storage::puzzle_channels(&mut conn).await?
        };
        let mut queued = Vec::new();
        for (guild, channel, lang) in channels {
            let mut tx = self.games.db.begin_write().await?;
            if storage::claim_daily_post(&mut tx, guild, day).await? {
                self.games
                    .queue(&mut tx, Owed::Daily { guild }, now)
                    .await?;
                queued.push((guild, channel, lang));
            }
            tx.commit().await?;
        }
        self.games.ring_if_owed();
        Ok(queued)
    }
}

/// The daily puzzle of `day` as it starts, for a post where everyone sees it; `None` when
/// there are no puzzles at all.
pub(in crate::games) async fn daily_post(conn: &mut Conn, day: Day) -> Result<Option<PuzzleView>> {
    match daily_row(conn, day).await {
        Ok(row) => view_of(&row, 0, Some(day), 0).map(Some),
        Err(ServiceError::User(UserError::NoPuzzles)) => Ok(None),
        Err(e) => Err(e),
    }
}

/// The daily puzzle of `day`, chosen now if nobody asked for it yet: drawn at random among
/// those never daily before (see [`storage::draw_daily_puzzle`]).
async fn daily_row(conn: &mut Conn, day: Day) -> Result<PuzzleRow> {
    let id = match storage::daily_puzzle(conn, day).await? {
        Some(id) => id,
        None => {
            let row = storage::draw_daily_puzzle(conn)
                .await?
                .ok_or(UserError::NoPuzzles)?;
            storage::choose_daily_puzzle(conn, day, row.id).await?;
            storage::daily_puzzle(conn, day)
                .await?
                .ok_or(UserError::NoPuzzles)?
        }
    };
    Ok(storage::puzzle(conn, id)
        .await?
        .ok_or(UserError::NoSuchPuzzle(id))?)
}
