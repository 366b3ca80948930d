//! Opening the Activity (the game page inside Discord, played by taps): the board's Play on
//! the board button and the app's Entry Point command in the App Launcher both answer with
//! `LAUNCH_ACTIVITY`, after recording who opened it where, and on which game, so the
//! Activity's server (which learns who and where from Discord itself) opens on that game.
//!
//! The Entry Point command (`PRIMARY_ENTRY_POINT`, handled by the app) can only be global, so
//! it is registered globally even when the other commands go to a development server.

use poise::serenity_prelude as serenity;
use serenity::{
    Command, CommandInteraction, CommandType, CreateCommand, EntryPointHandlerType, Http,
    InstallationContext, InteractionContext, InteractionId,
};
use tracing::{info, warn};

use super::board::service_failure;
use super::commands::localize::localizations;
use super::context::{Click, split};
use super::delivery::first_answer::FirstAnswer;
use super::delivery::{deferral, reach};
use super::{Data, Error};
use crate::games::{ChannelId, GameId, UserId};
use crate::i18n::{Lang, Msg};

/// The interaction callback type that opens the Activity (`LAUNCH_ACTIVITY`).
const LAUNCH_ACTIVITY: u8 = 12;

/// The Entry Point command's registered (English) name; its other names and descriptions come
/// from `commands.ftl`.
pub const ENTRY_POINT: &str = "launch";

/// The Entry Point command: opens the Activity from the App Launcher, handled by the app (so it
/// records where it was opened), wherever the other commands work.
pub fn entry_point() -> CreateCommand {
    let description = Lang::En
        .command_text(&format!("{ENTRY_POINT}-description"))
        .unwrap_or_default();
    let mut command = CreateCommand::new(ENTRY_POINT)
        .kind(CommandType::PrimaryEntryPoint)
        .handler(EntryPointHandlerType::AppHandler)
        .description(description)
        .integration_types(vec![InstallationContext::Guild, InstallationContext::User])
        .contexts(vec![
            InteractionContext::Guild,
            InteractionContext::BotDm,
            InteractionContext::PrivateChannel,
        ]);
    for (locale, name) in localizations(ENTRY_POINT).iter() {
        command = command.name_localized(locale.as_ref(), name.as_ref());
    }
    for (locale, text) in localizations(&format!("{ENTRY_POINT}-description")).iter() {
        command = command.description_localized(locale.as_ref(), text.as_ref());
    }
    command
}

/// Makes the app's global Entry Point command ours: edits the one Discord has (its default
/// "Launch", or ours from an earlier start), or creates it. An app has one at most.
///
/// # Errors
/// What Discord answered.
pub async fn register_entry_point(http: &Http) -> serenity::Result<()> {
    let existing = Command::get_global_commands(http)
        .await?
        .into_iter()
        .find(|c| c.kind == CommandType::PrimaryEntryPoint);
    match existing {
        Some(command) => {
            Command::edit_global_command(http, command.id, entry_point()).await?;
        }
        None => {
            Command::create_global_command(http, entry_point()).await?;
        }
    }
    info!("the Activity's Entry Point command is registered");
    Ok(())
}

/// Whether `command` is the Entry Point command (answered here, not by the framework).
pub fn is_entry_point(command: &CommandInteraction) -> bool {
    command.data.kind == CommandType::PrimaryEntryPoint
}

/// The Entry Point command, from the App Launcher: opens the Activity in that channel on no
/// game in particular (it offers the caller's games there).
pub async fn launch_from_launcher(
    http: &Http,
    first: &FirstAnswer,
    data: &Data,
    command: &CommandInteraction,
) -> Result<(), Error> {
    let user = UserId(command.user.id.get());
    let channel = ChannelId(command.channel_id.get());
    let reach = reach::of_command_interaction(command);
    data.service
        .delivery()
        .record_launch(user, channel, None, reach)
        .await
        .map_err(service_failure)?;
    launch(http, first, command.id, &command.token).await
}

/// Play on the board, under a board: opens the Activity in that channel on the game. The
/// launch can't be deferred (it must be the click's first answer), so when the check and the
/// record wait on the database, the Activity is launched after a moment anyway, within
/// Discord's 3 seconds, and the record lands while it starts (signing in takes longer); a
/// refusal that comes that late is only logged, and the Activity offers the player's games.
pub async fn launch_on_game(click: &Click<'_>, game: GameId) -> Result<(), Error> {
    let data = click.data();
    if !data.activity {
        // A board posted while the Activity was on; it is off now.
        return click.privately(click.lang().text(&Msg::ActivityOff)).await;
    }
    let (user, reach) = (click.user(), click.reach());
    let channel = ChannelId(click.channel_id.get());
    let work = async {
        if let Err(refusal) = split(data.service.game(game).await)? {
            return Ok(Err(refusal));
        }
        data.service
            .delivery()
            .record_launch(user, channel, Some(game), reach)
            .await
            .map_err(service_failure)?;
        Ok::<_, Error>(Ok(()))
    };
    let launching = launch(click.http(), click.first_answer(), click.id, &click.token);
    // On the heap: a handler's work is large, and the stack of a debug build is not.
    let (recorded, launched) =
        deferral::unless_quick(data.defer_after, Box::pin(work), Box::pin(launching)).await;
    if launched {
        match recorded {
            Ok(Ok(())) => {}
            Ok(Err(refusal)) => warn!(%game, %refusal, "launched on a game refused since"),
            Err(e) => warn!(%game, error = %e, "could not record a launch"),
        }
        return Ok(());
    }
    if let Err(refusal) = recorded? {
        return click.refuse(&refusal).await;
    }
    launch(click.http(), click.first_answer(), click.id, &click.token).await
}

/// Answers interaction `id` with `LAUNCH_ACTIVITY` (see [`FirstAnswer::respond`]).
async fn launch(
    http: &Http,
    first: &FirstAnswer,
    id: InteractionId,
    token: &str,
) -> Result<(), Error> {
    // Exactly `{"type": 12}`: serenity's `CreateInteractionResponse::LaunchActivity` adds
    // `"data": null`, which the published schema of this callback does not have.
    let response = serde_json::json!({ "type": LAUNCH_ACTIVITY });
    first
        .respond_json(http, id, token, &response, "launching the Activity")
        .await
}
