//! The state every handler shares ([`Data`]), and the context types poise gives them.

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use tokio::sync::SemaphorePermit;
use tracing::warn;

use super::{Attached, Config, Error, picture_cache};
use crate::games::{CpuLimits, GameService, TurnKind, UserId, take_turn};
use crate::render::Renderer;

/// State shared by every handler.
#[derive(Clone)]
pub struct Data {
    /// The game service: every read and write of games goes through it.
    pub service: GameService,
    /// The board renderer, shared by every handler (rendering runs on blocking threads).
    pub renderer: Arc<Renderer>,
    /// Turns of CPU work: pictures and analyses, long work, the computer's search (see
    /// [`CpuLimits`]).
    pub cpu: CpuLimits,
    /// Analysis answers already drawn, so a second request is answered at once.
    pub analyses: Arc<picture_cache::PictureCache>,
    /// The bot's own user id: challenging it starts a game against the computer.
    pub bot_user: UserId,
    /// How long a handler whose work waits for the database answers directly before it defers
    /// its interaction instead (see `delivery::deferral`).
    pub defer_after: Duration,
    /// The game pages' address from outside, for the boards' links (see [`Config::public_url`]).
    pub public_url: Option<Arc<str>>,
    /// Whether the Activity is on (see [`Config::activity`]): boards offer Play on the board.
    pub activity: bool,
}

impl Data {
    /// Runs CPU-heavy `work` (a picture, a replay GIF) on a blocking thread once one of the
    /// [`CpuLimits::work`] turns is free.
    ///
    /// # Errors
    /// Only if the work panicked (or the runtime is shutting down).
    pub async fn cpu_work<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Error> {
        let _turn = take_turn(&self.cpu.work, TurnKind::Work)
            .await
            .map_err(|e| Error::Unexpected(e.to_string()))?;
        Ok(tokio::task::spawn_blocking(work).await?)
    }

    /// Waits for a turn of long CPU work (see [`CpuLimits::long`]); held while the work runs.
    ///
    /// # Errors
    /// Only if the runtime is shutting down.
    pub async fn heavy_turn(&self) -> Result<SemaphorePermit<'_>, Error> {
        take_turn(&self.cpu.long, TurnKind::Long)
            .await
            .map_err(|e| Error::Unexpected(e.to_string()))
    }

    /// Runs long CPU-heavy `work` (a replay GIF) once a turn of long work and a CPU turn are
    /// free.
    ///
    /// # Errors
    /// As [`Data::cpu_work`].
    pub async fn heavy_work<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Error> {
        let _long = self.heavy_turn().await?;
        self.cpu_work(work).await
    }

    /// Keeps the token of an interaction about `game` received at `received_ms` in `channel`
    /// for later follow-ups, where the service keeps one (see
    /// [`GameService::keep_token`]); a failure is only logged (the follow-ups then go by DM).
    pub async fn keep_token(
        &self,
        game: &crate::games::GameView,
        token: &str,
        received_ms: i64,
        channel: serenity::ChannelId,
    ) {
        let token = crate::games::InteractionToken::new(token);
        let made_in = crate::games::ChannelId(channel.get());
        let kept = self
            .service
            .delivery()
            .keep_token(game, &token, received_ms, made_in)
            .await;
        if let Err(e) = kept {
            warn!(game = %game.id, error = %e, "could not keep an interaction's token");
        }
    }
}

impl Data {
    /// The handlers' shared state, from what the application attached.
    pub(super) fn new(config: &Config, attached: &Attached) -> Data {
        Data {
            service: attached.service.clone(),
            renderer: attached.renderer.clone(),
            cpu: attached.cpu.clone(),
            analyses: Arc::default(),
            bot_user: attached.identity.bot_user,
            defer_after: attached.defer_after,
            public_url: config.public_url.as_deref().map(Arc::from),
            activity: config.activity(),
        }
    }

    /// The address of `game`'s page, when the pages are reachable from outside; a game
    /// stored before pages existed is given its key now.
    pub async fn page_url(&self, game: &crate::games::GameView) -> Option<String> {
        let base = self.public_url.as_deref()?;
        match self.service.page_key(game).await {
            Ok(key) => Some(format!("{base}/g/{key}")),
            Err(e) => {
                warn!(game = %game.id, error = %e, "could not give a game its page");
                None
            }
        }
    }

    /// The address of tournament `id`'s page, when the pages are reachable from outside; a
    /// tournament is given its key when first linked.
    pub async fn tournament_page_url(&self, id: crate::games::TournamentId) -> Option<String> {
        let base = self.public_url.as_deref()?;
        match self.service.tournaments().page_key(id).await {
            Ok(key) => Some(format!("{base}/t/{key}")),
            Err(e) => {
                warn!(tournament = %id, error = %e, "could not give a tournament its page");
                None
            }
        }
    }
}

/// The context every command receives.
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// The context of a slash-command-only handler.
pub type ApplicationContext<'a> = poise::ApplicationContext<'a, Data, Error>;
