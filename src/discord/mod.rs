//! The Discord face: the serenity client with the poise framework, slash commands, the
//! component router, and the delivery of the service's announcements.
//!
//! Handlers stay thin: parse what Discord sent, call the services, reply through their
//! context (`context`: a command's or a click's languages, asker, refusals and deferral).
//! Nothing below this module knows serenity. The application (`crate::app`) builds the
//! services, asks Discord who the bot is ([`identify`], by REST, before any gateway
//! connection) and attaches this face with [`start`]; it stops it with
//! [`RunningBot::shutdown`]. The REST calls a move depends on (its deferral, its board, its
//! confirmation) and the command registration are retried while Discord is rate limiting or
//! unavailable (`delivery::retry`); serenity resumes or re-identifies a dropped gateway session
//! itself. [`Config::api_url`] points REST at another base URL (the fake Discord of the
//! end-to-end tests); the gateway URL comes from that REST API.

mod activity;
mod away_boards;
mod board;
mod commands;
pub mod config;
mod context;
pub mod custom_id;
mod data;
mod delivery;
pub mod doctor;
mod endpoint;
mod errors;
mod framework;
mod gateway_state;
mod malformed;
pub mod picture_cache;
mod puzzle_posts;
pub mod rest;
mod router;
mod tournament_posts;

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{Http, ShardManager};
use tokio::sync::watch;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tracing::{info, warn};

pub use config::{Config, ConfigError, DiscordAt, PublicKey, Secret, Shards, Token};
pub use data::{ApplicationContext, Context, Data};
pub use delivery::deferral::DEFAULT_DEFER_AFTER;
pub use errors::Error;
pub use framework::intents;
pub use rest::{Limits, http_client};

use delivery::in_flight::Drain;
use delivery::{announce, retry};
use framework::{Registration, framework};

use crate::games::{CpuLimits, Deliver, GameService, Gateway, UserId};
use crate::render::Renderer;

/// How long shutdown waits for handlers that are still running.
const DRAIN_TIMEOUT: Duration = Duration::from_secs(10);

/// How long shutdown waits for the gateway connection to close and the client to stop.
const GATEWAY_CLOSE_TIMEOUT: Duration = Duration::from_secs(8);

/// Who the bot is, as Discord's REST API says (see [`identify`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Identity {
    /// The bot's own user id: challenging it starts a game against the computer.
    pub bot_user: UserId,
    /// The application's id (the Activity's OAuth2 client id).
    pub application: u64,
}

/// Asks Discord who the bot is and which application it belongs to, retrying while Discord
/// is rate limiting or unavailable, and tells `http` the application's id, so that nothing
/// waits for the gateway's READY.
///
/// # Errors
/// Discord refused the token, or could not be reached for long.
pub async fn identify(http: &Http, limits: &Arc<Limits>) -> Result<Identity, Error> {
    limits.scope(ask_who(http)).await
}

/// [`identify`], within the process's limits.
async fn ask_who(http: &Http) -> Result<Identity, Error> {
    let user = retry::retry("asking who the bot is", retry::Retry::REGISTRATION, || {
        http.get_current_user()
    })
    .await?;
    let application = retry::retry(
        "asking for the application",
        retry::Retry::REGISTRATION,
        || http.get_current_application_info(),
    )
    .await?;
    http.set_application_id(application.id);
    Ok(Identity {
        bot_user: UserId(user.id.get()),
        application: application.id.get(),
    })
}

/// What the application gives the Discord face: the services and the parts it shares with the
/// other faces, the REST client it asked Discord with, and the tasks the face runs beside.
pub struct Attached {
    /// The game service (with the computer).
    pub service: GameService,
    /// The board renderer.
    pub renderer: Arc<Renderer>,
    /// The application's turns of CPU work.
    pub cpu: CpuLimits,
    /// Discord's REST client (see [`http_client`]), application id set by [`identify`]; the
    /// gateway client takes it over.
    pub http: Http,
    /// The limits the process keeps on its REST requests, made with `http`.
    pub limits: Arc<Limits>,
    /// Who the bot is.
    pub identity: Identity,
    /// How long slow work may take before its interaction is deferred (normally
    /// [`DEFAULT_DEFER_AFTER`]).
    pub defer_after: Duration,
    /// Where the face's background tasks run.
    pub tasks: TaskTracker,
    /// Cancelled when the application stops.
    pub stop: CancellationToken,
    /// Where the face reports whether each gateway shard is connected.
    pub gateway: Gateway,
}

/// The Discord face, connected (or connecting) on the current tokio runtime.
pub struct RunningBot {
    /// The gateway client, unless interactions come by HTTP only.
    gateway: Option<GatewayClient>,
    interactions: Option<axum::Router>,
    in_flight: Drain,
    deliverer: Arc<announce::Announcer>,
    limits: Arc<Limits>,
}

/// The gateway's client, running in a task.
struct GatewayClient {
    shard_manager: Arc<ShardManager>,
    client: JoinHandle<Result<(), serenity::Error>>,
}

/// Builds the client, starts the gateway connection in a background task and returns at once;
/// the face's own task (the boards of what happened away from the chat) runs on the attached
/// tasks, and [`RunningBot::deliverer`] delivers the outbox for the application's sweeps.
/// Commands are registered (in `config.dev_guild`, or globally) once the gateway is ready. With
/// [`Config::interactions_only`], no gateway connection is made: the commands are registered
/// at once, and interactions come by HTTP only ([`RunningBot::interactions`]).
///
/// # Errors
/// The client could not be built.
pub async fn start(config: &Config, attached: Attached) -> Result<RunningBot, Error> {
    let data = Data::new(config, &attached);
    let registration = Registration {
        dev_guild: config.dev_guild,
        entry_point: config.activity(),
    };
    let in_flight = Drain::new();
    let (gateway, http) = if config.interactions_only {
        let http = Arc::new(attached.http);
        let commands = poise::builtins::create_application_commands(&commands::all());
        tokio::spawn(framework::register(http.clone(), commands, registration));
        (None, http)
    } else {
        let framework = framework(data.clone(), registration);
        let tracked = in_flight.track(framework, attached.limits.clone());
        let mut client = serenity::ClientBuilder::new_with_http(attached.http, intents())
            .framework(tracked)
            .event_handler(rest::RateLimitEvents(attached.limits.clone()))
            .event_handler(gateway_state::GatewayEvents(attached.gateway))
            .await?;
        let http = client.http.clone();
        let shard_manager = client.shard_manager.clone();
        let shards = config.shards;
        let task = tokio::spawn(async move {
            match shards {
                Shards::Auto => client.start_autosharded().await,
                // serenity reads the range's end as the last shard, inclusive.
                Shards::Range { first, last, count } => {
                    client.start_shard_range(first..last, count).await
                }
            }
        });
        let client = GatewayClient {
            shard_manager,
            client: task,
        };
        (Some(client), http)
    };
    let interactions = config.public_key.and_then(|key| {
        let limits = attached.limits.clone();
        endpoint::Endpoint::new(key, http.clone(), data.clone(), limits, in_flight.clone())
            .map(endpoint::Endpoint::router)
    });
    away_boards::spawn(
        http.clone(),
        data.clone(),
        attached.limits.clone(),
        &attached.tasks,
        attached.stop,
    );
    let limits = attached.limits;
    let deliverer = Arc::new(announce::Announcer::new(http, data, limits.clone()));
    Ok(RunningBot {
        gateway,
        interactions,
        in_flight,
        deliverer,
        limits,
    })
}

impl RunningBot {
    /// The interactions endpoint's route (`POST /interactions`), for the web server to serve,
    /// when the application's public key is configured; given once.
    pub fn interactions(&mut self) -> Option<axum::Router> {
        self.interactions.take()
    }

    /// What delivers the service's announcements to the players in Discord.
    #[must_use]
    pub fn deliverer(&self) -> Arc<dyn Deliver> {
        self.deliverer.clone()
    }

    /// The limits the face keeps on its REST requests.
    #[must_use]
    pub fn limits(&self) -> Arc<Limits> {
        self.limits.clone()
    }

    /// The number of gateway events being handled right now, to wait on: once it is back to
    /// zero after an interaction was answered, its handler has done all it was going to do.
    #[must_use]
    pub fn events_in_flight(&self) -> watch::Receiver<usize> {
        self.in_flight.running()
    }

    /// Waits until the gateway client stops on its own (for example because Discord refused
    /// the token); without a gateway connection, never.
    ///
    /// # Errors
    /// Why it stopped.
    pub async fn stopped(&mut self) -> Result<(), Error> {
        match &mut self.gateway {
            Some(gateway) => (&mut gateway.client).await?.map_err(Error::from),
            None => std::future::pending().await,
        }
    }

    /// Closes the gateway connection (no new events) and lets running handlers finish (up to
    /// 10 seconds), then waits for the client task to end. Every step is bounded: a gateway
    /// that was never reached (serenity then has no shard to close and its client never
    /// returns) or does not answer the close does not hold the process.
    ///
    /// # Errors
    /// The client ended with an error.
    pub async fn shutdown(self) -> Result<(), Error> {
        let Some(mut gateway) = self.gateway else {
            if !self.in_flight.wait(DRAIN_TIMEOUT).await {
                warn!("some handlers were still running after {DRAIN_TIMEOUT:?}; stopping anyway");
            }
            return Ok(());
        };
        // serenity keeps a shard runner from the first connection until the shard is torn down;
        // without one there is no connection to close, and the client never returns by itself.
        let connected = !gateway.shard_manager.runners.lock().await.is_empty();
        let closing = gateway.shard_manager.shutdown_all();
        let closed = tokio::time::timeout(GATEWAY_CLOSE_TIMEOUT, closing)
            .await
            .is_ok();
        if !closed {
            warn!("the gateway connection did not close within {GATEWAY_CLOSE_TIMEOUT:?}");
        }
        if !self.in_flight.wait(DRAIN_TIMEOUT).await {
            warn!("some handlers were still running after {DRAIN_TIMEOUT:?}; stopping anyway");
        }
        if !connected {
            info!("never connected to the gateway; stopping its connection attempts");
            gateway.client.abort();
            return Ok(());
        }
        match tokio::time::timeout(GATEWAY_CLOSE_TIMEOUT, &mut gateway.client).await {
            Ok(ended) => ended?.map_err(Error::from),
            Err(_) => {
                let limit = GATEWAY_CLOSE_TIMEOUT;
                warn!("the gateway client did not stop within {limit:?}; stopping anyway");
                gateway.client.abort();
                Ok(())
            }
        }
    }
}
