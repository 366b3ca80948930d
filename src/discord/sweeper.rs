//! The background sweeper: at start and then every few seconds it asks the service what the
//! clock has made due, and tells Discord. Expired challenges get their message edited (buttons
//! removed), players running short of time get their one reminder, and games whose deadline
//! passed are posted as lost on time. Where the app is only user-installed, a reminder follows
//! up the game's latest interaction while its token serves, and goes to the player's DM after;
//! an expired challenge's message there stays as it is (its buttons answer that it expired).
//!
//! It also takes up the computer's turns that lost their worker (see [`ai`]).
//!
//! The service hands each of these out once (claimed in the database), so a sweep that runs
//! twice, or after a restart, posts nothing twice; what fell due while the bot was down is
//! settled by the first sweep.

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{
    Cache, CreateAllowedMentions, CreateInteractionResponseFollowup, CreateMessage, EditMessage,
    Http,
};
use tokio::time::MissedTickBehavior;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tracing::{debug, error, warn};

use super::{Data, Error, ai, board, reach};
use crate::games::{Challenge, GameView, GuildId, Reach};
use crate::i18n::{Lang, Msg};

/// How often the bot sweeps unless told otherwise.
pub const DEFAULT_INTERVAL: Duration = Duration::from_secs(5);

/// What a sweep needs: Discord's REST client, the cache (for servers' languages) and the
/// handlers' shared state.
#[derive(Clone)]
pub struct Sweeper {
    http: Arc<Http>,
    cache: Arc<Cache>,
    data: Data,
}

impl Sweeper {
    /// A sweeper posting through `http`.
    pub fn new(http: Arc<Http>, cache: Arc<Cache>, data: Data) -> Sweeper {
        Sweeper { http, cache, data }
    }

    /// Sweeps now and then every `interval` on `tasks`, until `stop` is cancelled; a sweep
    /// under way when that happens is finished first.
    pub fn spawn(self, tasks: &TaskTracker, stop: CancellationToken, interval: Duration) {
        tasks.spawn(async move {
            let mut ticks = tokio::time::interval(interval);
            ticks.set_missed_tick_behavior(MissedTickBehavior::Delay);
            loop {
                tokio::select! {
                    biased;
                    () = stop.cancelled() => break,
                    _ = ticks.tick() => self.sweep().await,
                }
            }
            debug!("sweeper stopped");
        });
    }

    /// One sweep: expired challenges, due reminders, timeouts. Failures are logged; the next
    /// sweep carries on.
    pub async fn sweep(&self) {
        self.expire_challenges().await;
        self.send_reminders().await;
        self.apply_timeouts().await;
        self.resume_computer_turns().await;
        self.data.sweeps_done.send_modify(|n| *n += 1);
    }

    /// Works on the computer's turns that nobody works on (see [`ai::Turns::orphans`]).
    async fn resume_computer_turns(&self) {
        let owed = match self.data.service.computer_turns().await {
            Ok(owed) => owed,
            Err(e) => return error!(error = %e, "could not read the computer's turns"),
        };
        for game in self.data.computer.orphans(owed) {
            warn!(game = %game.id, ply = game.ply(), "the computer's turn had no worker; taking it");
            let lang = self.lang(game.place.guild);
            ai::take_turn(self.http.clone(), self.data.clone(), game, lang);
        }
    }

    async fn expire_challenges(&self) {
        let expired = match self.data.service.expire_challenges().await {
            Ok(expired) => expired,
            Err(e) => return error!(error = %e, "could not expire challenges"),
        };
        for challenge in expired {
            if let Err(e) = self.close(&challenge).await {
                warn!(challenge = %challenge.id, error = %e, "could not mark a challenge expired");
            }
        }
    }

    /// Edits an expired challenge's message: it says so, and its buttons are gone.
    async fn close(&self, challenge: &Challenge) -> Result<(), Error> {
        let Some(message) = challenge.message else {
            return Ok(());
        };
        if challenge.reach == Reach::Interactions {
            return Ok(());
        }
        let lang = self.lang(challenge.guild);
        let edit = EditMessage::new()
            .content(lang.text(&Msg::ChallengeClosed {
                challenge,
                by: None,
            }))
            .components(Vec::new());
        serenity::ChannelId::new(challenge.channel.0)
            .edit_message(&self.http, serenity::MessageId::new(message.0), edit)
            .await?;
        Ok(())
    }

    async fn send_reminders(&self) {
        let due = match self.data.service.due_reminders().await {
            Ok(due) => due,
            Err(e) => return error!(error = %e, "could not read due reminders"),
        };
        for game in due {
            if let Err(e) = self.remind(&game).await {
                warn!(game = %game.id, error = %e, "could not send a reminder");
            }
        }
    }

    /// Mentions the player to move where the game is shown.
    async fn remind(&self, game: &GameView) -> Result<(), Error> {
        let lang = self.lang(game.place.guild);
        let mentions = game.to_move.map(|u| serenity::UserId::new(u.0));
        let text = lang.text(&Msg::Reminder(game));
        let allowed = CreateAllowedMentions::new().users(mentions);
        if game.place.reach == Reach::Interactions {
            return self.remind_through_interactions(game, text, allowed).await;
        }
        let message = CreateMessage::new().content(text).allowed_mentions(allowed);
        let channel = game.place.thread.unwrap_or(game.place.channel);
        serenity::ChannelId::new(channel.0)
            .send_message(&self.http, message)
            .await?;
        Ok(())
    }

    /// A reminder where the bot cannot post: a follow-up of the game's latest interaction while
    /// its token serves, else a DM to the player to move.
    async fn remind_through_interactions(
        &self,
        game: &GameView,
        text: String,
        allowed: CreateAllowedMentions,
    ) -> Result<(), Error> {
        if let Some(token) = self.data.tokens.take(game.id, self.data.service.now_ms()) {
            let message = CreateInteractionResponseFollowup::new()
                .content(text.clone())
                .allowed_mentions(allowed);
            match self
                .http
                .create_followup_message(&token.value, &message, Vec::new())
                .await
            {
                Ok(_) => return Ok(()),
                Err(e) => warn!(game = %game.id, error = %e, "could not follow up with a reminder"),
            }
        }
        let Some(player) = game.to_move else {
            return Ok(());
        };
        reach::direct_message(&self.http, player, CreateMessage::new().content(text)).await?;
        Ok(())
    }

    async fn apply_timeouts(&self) {
        let ended = match self.data.service.apply_timeouts().await {
            Ok(ended) => ended,
            Err(e) => return error!(error = %e, "could not apply timeouts"),
        };
        for game in ended {
            let lang = self.lang(game.place.guild);
            let Some(result) = &game.result else {
                continue;
            };
            let text = lang.text(&Msg::GameOver(&game, result));
            board::post(&self.http, &self.data, &game, text, lang).await;
        }
    }

    /// The language of a server, from its preferred locale when the cache knows it.
    fn lang(&self, guild: Option<GuildId>) -> Lang {
        guild
            .and_then(|g| {
                let guild = self.cache.guild(serenity::GuildId::new(g.0))?;
                Some(Lang::from_locale(&guild.preferred_locale))
            })
            .unwrap_or_default()
    }
}
