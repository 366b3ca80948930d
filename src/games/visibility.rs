//! Who may see which game: the one rule every command asks the service to apply.
//!
//! A game is public in its own server and shown to its players anywhere. To anyone else (in
//! another server, or in direct messages) it is as if it did not exist: the service answers
//! [`UserError::NoSuchGame`], so a game's number reveals nothing.
//!
//! A list of games (`/history`, the recent results of `/stats`) is made for an [`Audience`]:
//! whoever will read the answer. An answer only one person sees lists the games that person
//! may see, by the rule above. A public answer is read by everyone in its channel, so it lists
//! only the games all of them may see, whoever asked:
//! - in a server, that server's games (public there), and not the asker's own games elsewhere,
//!   which the asker may see but the channel may not;
//! - in a DM or a group DM, the games played in that very channel, which its members saw
//!   played there. Nothing wider: the bot does not know who is in such a channel (a group DM's
//!   members come and go), and a game in another DM, even between the same two people, was
//!   not played before this channel's readers.
//!
//! The lists apply the rule in their SQL, so that they can be paged; the tests check both
//! agree. The leaderboard names players, their ratings and counts, not games: those are
//! public (anyone's `/stats` shows them), and a server's board ranks those who finished a game
//! in that server, which is public there.

use super::view::{GameRecord, GameView, Place};
use super::{
    Audience, ChannelId, GameId, GameRef, GameService, GuildId, Result, UserError, UserId, Viewer,
};

impl Viewer {
    /// Whether this viewer may see a game between `white` and `black` played in `guild`
    /// (`None`: in direct messages): they play in it, or they ask from its own server.
    #[must_use]
    pub fn may_see(self, guild: Option<GuildId>, white: UserId, black: UserId) -> bool {
        let same_server = guild.is_some() && guild == self.guild;
        same_server || self.user == white || self.user == black
    }

    /// Whether this viewer may see `game` (see [`Viewer::may_see`]).
    #[must_use]
    pub fn may_see_game(self, game: &GameView) -> bool {
        self.may_see(game.place.guild, game.white.id, game.black.id)
    }
}

impl Audience {
    /// Everyone who reads `channel` of `guild` (`None`: a DM or a group DM), the audience of a
    /// public answer there.
    #[must_use]
    pub fn everyone_in(guild: Option<GuildId>, channel: ChannelId) -> Audience {
        match guild {
            Some(guild) => Audience::Server(guild),
            None => Audience::Channel(channel),
        }
    }

    /// Whether a list for this audience may name a game between `white` and `black` played
    /// at `place` (see the module's rule).
    #[must_use]
    pub fn may_see(self, place: &Place, white: UserId, black: UserId) -> bool {
        self.may_see_in(place.guild, place.channel, white, black)
    }

    /// Whether a list for this audience may name a game between `white` and `black` played
    /// in `channel` of `guild` (`None`: a DM or a group DM); see [`Audience::may_see`].
    #[must_use]
    pub fn may_see_in(
        self,
        guild: Option<GuildId>,
        channel: ChannelId,
        white: UserId,
        black: UserId,
    ) -> bool {
        match self {
            Audience::Only(viewer) => viewer.may_see(guild, white, black),
            Audience::Server(server) => guild == Some(server),
            Audience::Channel(listed) => guild.is_none() && channel == listed,
        }
    }
}

impl GameService {
    /// A game as `viewer` may see it: by number, or the viewer's only active game in a channel.
    ///
    /// # Errors
    /// [`UserError::NoSuchGame`] also for a game the viewer may not see;
    /// [`UserError::NoActiveGame`], [`UserError::SeveralGames`]; internal errors.
    pub async fn game_seen_by(&self, viewer: Viewer, game: GameRef) -> Result<GameView> {
        let found = self.find_game(viewer.user, game).await?;
        shown_to(viewer, found, |game| game)
    }

    /// A game's record (see [`GameService::record`]), if `viewer` may see the game.
    ///
    /// # Errors
    /// [`UserError::NoSuchGame`] also for a game the viewer may not see; internal errors.
    pub async fn record_seen_by(&self, viewer: Viewer, id: GameId) -> Result<GameRecord> {
        let record = self.record(id).await?;
        shown_to(viewer, record, |record| &record.game)
    }

    /// A finished game `viewer` may see, to be analysed (see [`GameService::analysis`]).
    ///
    /// # Errors
    /// [`UserError::NoSuchGame`] also for a game the viewer may not see;
    /// [`UserError::NotAnalysable`]; internal errors.
    pub async fn analysable_by(&self, viewer: Viewer, id: GameId) -> Result<GameView> {
        let game = self.game_seen_by(viewer, GameRef::Id(id)).await?;
        GameService::check_analysable(&game)?;
        Ok(game)
    }
}

/// `found` if `viewer` may see its game (reached through `game`), else "no such game".
fn shown_to<T>(viewer: Viewer, found: T, game: impl Fn(&T) -> &GameView) -> Result<T> {
    let shown = game(&found);
    if viewer.may_see_game(shown) {
        Ok(found)
    } else {
        Err(UserError::NoSuchGame(shown.id).into())
    }
}
