//! Reaching the players where the app is only user-installed: a group DM, a DM between two
//! users, or a server that did not invite the bot. There the bot cannot post in the channel, so
//! every board goes out as an interaction's answer or follow-up. An interaction's token serves
//! follow-ups for 15 minutes, so the latest one of each such game is kept (by the service, in
//! the database: any process may follow it up) for what happens without a click (the
//! computer's move, a reminder, a loss on time); once it is too old to be trusted, or used up,
//! those go to the players' DMs instead.

use poise::serenity_prelude as serenity;
use serenity::{
    AuthorizingIntegrationOwner, AuthorizingIntegrationOwners, ChannelType, CreateMessage, Http,
    InteractionContext, PartialChannel, Permissions,
};
use tracing::warn;

use super::retry::{Retry, retry};
use crate::discord::Data;
use crate::games::{GameId, InteractionToken, Reach, UserId};

/// What the bot needs in a channel to post a board there.
fn needed(channel: Option<&PartialChannel>) -> Permissions {
    let send = match channel.map(|c| c.kind) {
        Some(ChannelType::PublicThread | ChannelType::PrivateThread | ChannelType::NewsThread) => {
            Permissions::SEND_MESSAGES_IN_THREADS
        }
        _ => Permissions::SEND_MESSAGES,
    };
    Permissions::VIEW_CHANNEL | Permissions::ATTACH_FILES | send
}

/// How the bot reaches the channel an interaction was made in, from what Discord says with it:
/// its own DM and servers that invited it (with the permissions a board needs) are reached by
/// posting; group DMs, DMs between users and other servers only through interactions.
fn of(
    context: Option<InteractionContext>,
    owners: &AuthorizingIntegrationOwners,
    guild: Option<serenity::GuildId>,
    channel: Option<&PartialChannel>,
    permissions: Option<Permissions>,
) -> Reach {
    match context {
        Some(InteractionContext::BotDm) => Reach::Channel,
        Some(InteractionContext::PrivateChannel) => Reach::Interactions,
        _ => {
            let Some(guild) = guild else {
                return Reach::Channel;
            };
            let installed = owners.0.iter().any(|owner| {
                matches!(owner, AuthorizingIntegrationOwner::GuildInstall(Some(g)) if *g == guild)
            });
            let may_post = permissions.is_none_or(|p| p.contains(needed(channel)));
            if installed && may_post {
                Reach::Channel
            } else {
                Reach::Interactions
            }
        }
    }
}

/// How the bot reaches the channel of a command interaction (a slash command, the Activity's
/// Entry Point command).
pub fn of_command_interaction(interaction: &serenity::CommandInteraction) -> Reach {
    of(
        interaction.context,
        &interaction.authorizing_integration_owners,
        interaction.guild_id,
        interaction.channel.as_ref(),
        interaction.app_permissions,
    )
}

/// How the bot reaches the channel of a clicked message.
pub fn of_click(click: &serenity::ComponentInteraction) -> Reach {
    of(
        click.context,
        &click.authorizing_integration_owners,
        click.guild_id,
        click.channel.as_ref(),
        click.app_permissions,
    )
}

/// The latest token kept for `game`, for one follow-up now, if it still serves one (see
/// [`GameService::take_token`](crate::games::GameService::take_token)). A failure to read it is
/// only logged: the caller then reaches the players by DM.
pub async fn kept_token(data: &Data, game: GameId) -> Option<InteractionToken> {
    data.service
        .delivery()
        .take_token(game)
        .await
        .inspect_err(|e| warn!(%game, error = %e, "could not take the game's kept token"))
        .ok()
        .flatten()
}

/// Sends `message` to `user`'s DM with the bot, which Discord allows when the user installed
/// the app or shares a server with the bot.
pub async fn direct_message(
    http: &Http,
    user: UserId,
    message: CreateMessage,
) -> serenity::Result<serenity::MessageId> {
    let channel = retry("opening a DM", Retry::EDIT, || {
        serenity::UserId::new(user.0).create_dm_channel(http)
    })
    .await?;
    let sent = retry("sending a DM", Retry::BOARD, || {
        channel.id.send_message(http, message.clone())
    })
    .await?;
    Ok(sent.id)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn owners(list: Vec<AuthorizingIntegrationOwner>) -> AuthorizingIntegrationOwners {
        AuthorizingIntegrationOwners(list)
    }

    const GUILD: serenity::GuildId = serenity::GuildId::new(7);

    #[test]
    fn a_server_that_invited_the_bot_is_reached_by_posting() {
        let installed = owners(vec![AuthorizingIntegrationOwner::GuildInstall(Some(GUILD))]);
        let all = Some(Permissions::all());
        let reach = of(
            Some(InteractionContext::Guild),
            &installed,
            Some(GUILD),
            None,
            all,
        );
        assert_eq!(reach, Reach::Channel);
        let muted = Some(Permissions::VIEW_CHANNEL | Permissions::SEND_MESSAGES);
        let reach = of(
            Some(InteractionContext::Guild),
            &installed,
            Some(GUILD),
            None,
            muted,
        );
        assert_eq!(reach, Reach::Interactions, "no ATTACH_FILES: no board");
    }

    #[test]
    fn user_installs_group_dms_and_dms_between_users_go_through_interactions() {
        let by_user = owners(vec![AuthorizingIntegrationOwner::UserInstall(
            serenity::UserId::new(1),
        )]);
        let all = Some(Permissions::all());
        let guild = of(
            Some(InteractionContext::Guild),
            &by_user,
            Some(GUILD),
            None,
            all,
        );
        assert_eq!(guild, Reach::Interactions);
        let private = of(
            Some(InteractionContext::PrivateChannel),
            &by_user,
            None,
            None,
            None,
        );
        assert_eq!(private, Reach::Interactions);
        let bot_dm = of(Some(InteractionContext::BotDm), &by_user, None, None, None);
        assert_eq!(bot_dm, Reach::Channel);
    }
}
