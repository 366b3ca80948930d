//! Per-server settings (threads, the default clock, board orientation and colours), and each
//! player's own board colours.

use super::{ChallengeCreated, ClockChoice, GameService, GuildId, NewChallenge, Result, UserId};
use crate::model::{BoardColors, BoardOrientation, GuildSettings};
use crate::storage;

/// Changes to a server's settings; `None` leaves a setting as it is.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SettingsChange {
    /// Whether each new game gets its own thread.
    pub threads: Option<bool>,
    /// The clock of a challenge that names none.
    pub default_clock: Option<ClockChoice>,
    /// How boards are drawn.
    pub orientation: Option<BoardOrientation>,
    /// Whether members without Manage Server may organise tournaments.
    pub tournament_organisers: Option<bool>,
    /// The colours of the server's public boards.
    pub board_colors: Option<BoardColors>,
}

impl SettingsChange {
    /// The settings after this change.
    #[must_use]
    pub fn apply(self, settings: GuildSettings) -> GuildSettings {
        GuildSettings {
            threads: self.threads.unwrap_or(settings.threads),
            default_clock: self.default_clock.unwrap_or(settings.default_clock),
            orientation: self.orientation.unwrap_or(settings.orientation),
            tournament_organisers: self
                .tournament_organisers
                .unwrap_or(settings.tournament_organisers),
            board_colors: self.board_colors.unwrap_or(settings.board_colors),
        }
    }
}

impl GameService {
    /// A server's settings: the defaults (no threads, one day per move, White at the bottom)
    /// until someone changes them. Who may change them is the front end's business (server
    /// managers only).
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn settings(&self, guild: GuildId) -> Result<GuildSettings> {
        let mut conn = self.db.read().await?;
        Ok(storage::guild_settings(&mut conn, guild)
            .await?
            .unwrap_or_default())
    }

    /// Changes some of a server's settings, in one transaction, and returns them all.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn update_settings(
        &self,
        guild: GuildId,
        change: SettingsChange,
    ) -> Result<GuildSettings> {
        let now = self.now_ms();
        let mut tx = self.db.begin_write().await?;
        // Read, changed and written back: two changes at once each keep the other's.
        storage::lock(&mut tx, &[storage::Key::Guild(guild)]).await?;
        let current = storage::guild_settings(&mut tx, guild)
            .await?
            .unwrap_or_default();
        let updated = change.apply(current);
        storage::store_guild_settings(&mut tx, guild, &updated, now).await?;
        tx.commit().await?;
        Ok(updated)
    }

    /// The board colours `user` chose for the boards only they see; `None` if they never
    /// chose.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn own_board_colors(&self, user: UserId) -> Result<Option<BoardColors>> {
        let mut conn = self.db.read().await?;
        Ok(storage::player_board_colors(&mut conn, user).await?)
    }

    /// Keeps `colors` as `user`'s own board colours, for the boards only they see.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn choose_board_colors(&self, user: UserId, colors: BoardColors) -> Result<()> {
        let now = self.now_ms();
        let mut tx = self.db.begin_write().await?;
        storage::store_player_board_colors(&mut tx, user, colors, now).await?;
        tx.commit().await?;
        Ok(())
    }

    /// The colours of a board: for a board only `viewer` sees, their own choice if they made
    /// one; otherwise (and for every public board) the colours of the server it is shown in
    /// (`guild`), or the bot's own outside a server.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn board_colors(
        &self,
        viewer: Option<UserId>,
        guild: Option<GuildId>,
    ) -> Result<BoardColors> {
        let mut conn = self.db.read().await?;
        if let Some(user) = viewer
            && let Some(own) = storage::player_board_colors(&mut conn, user).await?
        {
            return Ok(own);
        }
        Ok(match guild {
            Some(guild) => {
                storage::guild_settings(&mut conn, guild)
                    .await?
                    .unwrap_or_default()
                    .board_colors
            }
            None => BoardColors::default(),
        })
    }

    /// The clock a challenge gets when it names none: the server's default, or
    /// [`ClockChoice::default`] (one day) outside a server.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn default_clock(&self, guild: Option<GuildId>) -> Result<ClockChoice> {
        match guild {
            Some(guild) => Ok(self.settings(guild).await?.default_clock),
            None => Ok(ClockChoice::default()),
        }
    }

    /// [`GameService::create_challenge`] with the clock as a menu choice: `clock`, or the
    /// server's default clock when the challenge names none (see
    /// [`GameService::default_clock`]). It replaces `new.move_time_ms`.
    ///
    /// # Errors
    /// As [`GameService::create_challenge`].
    pub async fn create_challenge_with_clock(
        &self,
        mut new: NewChallenge,
        clock: Option<ClockChoice>,
    ) -> Result<ChallengeCreated> {
        let clock = match clock {
            Some(clock) => clock,
            None => self.default_clock(new.guild).await?,
        };
        new.move_time_ms = clock.ms();
        self.create_challenge(new).await
    }
}
