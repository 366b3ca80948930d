//! The poise framework: the command list, the error handler, the component router, and the
//! registration of the commands with Discord once the gateway is ready.

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use serenity::{GatewayIntents, Http};
use tracing::{error, info};

use super::delivery::retry;
use super::{Data, Error, activity, commands, errors, malformed, router};

/// The gateway events the bot asks for. Interactions arrive without any intent; `GUILDS` keeps
/// the cache aware of the servers the bot is in.
pub fn intents() -> GatewayIntents {
    GatewayIntents::GUILDS
}

/// The poise framework: commands, error handler, component router, and command registration
/// once the gateway is ready. The handlers' state is built before it connects.
pub(super) fn framework(data: Data, registration: Registration) -> poise::Framework<Data, Error> {
    poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: commands::all(),
            on_error: |error| Box::pin(errors::on_error(error)),
            command_check: Some(malformed::options_are_declared),
            event_handler: |framework, event| Box::pin(router::on_event(framework, event)),
            ..Default::default()
        })
        .initialize_owners(false)
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                info!(
                    user = %ready.user.name,
                    application = %ready.application.id,
                    "connected to Discord"
                );
                // poise holds every event until setup returns (polling every 100 ms), so the
                // registration round trip runs beside it instead of delaying the first commands.
                let commands =
                    poise::builtins::create_application_commands(&framework.options().commands);
                tokio::spawn(register(ctx.http.clone(), commands, registration));
                Ok(data)
            })
        })
        .build()
}

/// Where the commands go: `dev_guild` (instantly) or globally, and whether the Activity's
/// Entry Point command goes with them (it is always global).
#[derive(Debug, Clone, Copy)]
pub(super) struct Registration {
    /// The development server, if any.
    pub dev_guild: Option<serenity::GuildId>,
    /// Whether the Activity's Entry Point command is registered too.
    pub entry_point: bool,
}

/// Registers `commands` as `to` says, retrying while Discord is rate limiting or unavailable;
/// a failure is logged and the bot keeps running, since commands registered earlier still
/// work. Globally, the Entry Point command is part of the one overwrite of the app's commands
/// (which replaces every type, so leaving it out removes it); with a development server, it is
/// registered globally on its own.
pub(super) async fn register(
    http: Arc<Http>,
    mut commands: Vec<serenity::CreateCommand>,
    to: Registration,
) {
    let dev_guild = to.dev_guild;
    if to.entry_point && dev_guild.is_none() {
        commands.push(activity::entry_point());
    }
    let count = commands.len();
    let registered = retry::retry("registering commands", retry::Retry::REGISTRATION, || {
        let (http, commands) = (http.clone(), commands.clone());
        async move {
            match dev_guild {
                Some(guild) => guild.set_commands(&http, commands).await.map(drop),
                None => serenity::Command::set_global_commands(&http, commands)
                    .await
                    .map(drop),
            }
        }
    })
    .await;
    match registered {
        Ok(()) => info!(count, guild = ?dev_guild, "commands registered"),
        Err(e) => error!(error = %e, guild = ?dev_guild, "registering commands failed"),
    }
    if to.entry_point && dev_guild.is_some() {
        let registered = retry::retry(
            "registering the Entry Point",
            retry::Retry::REGISTRATION,
            || {
                let http = http.clone();
                async move { activity::register_entry_point(&http).await }
            },
        )
        .await;
        if let Err(e) = registered {
            error!(error = %e, "registering the Activity's Entry Point command failed");
        }
    }
}
