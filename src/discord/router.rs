//! The global interaction hook: routes button clicks by their `custom_id` (no in-memory
//! collectors, so buttons keep working after a restart).

use poise::serenity_prelude as serenity;
use serenity::{
    ComponentInteraction, CreateInteractionResponse, CreateInteractionResponseMessage, FullEvent,
    Interaction,
};
use tracing::{debug, warn};

use super::commands::rules;
use super::custom_id::ComponentId;
use super::{Data, Error};

/// What a click on a button we cannot act on is told.
pub const INACTIVE_BUTTON: &str =
    "This button is no longer active. Run the command again to get a fresh one.";

/// poise's `event_handler`: sees every gateway event after poise has handled commands.
pub async fn on_event(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &FullEvent,
) -> Result<(), Error> {
    match event {
        FullEvent::InteractionCreate {
            interaction: Interaction::Component(click),
        } => route(framework.serenity_context, click).await,
        _ => Ok(()),
    }
}

/// Decodes the click's `custom_id` and hands it to the component's handler.
async fn route(ctx: &serenity::Context, click: &ComponentInteraction) -> Result<(), Error> {
    let custom_id = &click.data.custom_id;
    match custom_id.parse::<ComponentId>() {
        Ok(ComponentId::RulesPage { page }) => {
            if rules::turn_page(ctx, click, page).await? {
                return Ok(());
            }
            debug!(%custom_id, "rules page out of range");
        }
        Ok(id) => debug!(%id, "no handler for this component in this build"),
        Err(e) => warn!(%custom_id, user = %click.user.id, error = %e, "unknown component"),
    }
    answer_inactive(ctx, click).await
}

/// Answers a click we cannot act on, visible to the clicker only.
async fn answer_inactive(
    ctx: &serenity::Context,
    click: &ComponentInteraction,
) -> Result<(), Error> {
    let reply = CreateInteractionResponseMessage::new()
        .content(INACTIVE_BUTTON)
        .ephemeral(true);
    click
        .create_response(ctx, CreateInteractionResponse::Message(reply))
        .await?;
    Ok(())
}
