//! Reaching the players where the app is only user-installed: a group DM, a DM between two
//! users, or a server that did not invite the bot. There the bot cannot post in the channel, so
//! every board goes out as an interaction's answer or follow-up. An interaction's token serves
//! follow-ups for 15 minutes, so the latest one of each such game is kept (in memory) for what
//! happens without a click (the computer's move, a reminder, a loss on time); once it is too old
//! to be trusted, those go to the players' DMs instead.

use std::collections::HashMap;
use std::sync::Mutex;

use poise::serenity_prelude as serenity;
use serenity::{
    AuthorizingIntegrationOwner, AuthorizingIntegrationOwners, ChannelType, CreateMessage, Http,
    InteractionContext, PartialChannel, Permissions,
};

use super::retry::{Retry, retry};
use crate::games::{GameId, Reach, UserId};

/// How long the bot uses an interaction's token for follow-ups: Discord honours it for 15
/// minutes; the margin covers a slow request and clocks that disagree.
pub const TOKEN_LIFETIME_MS: i64 = 14 * 60 * 1000;

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

/// How the bot reaches the channel of a slash command.
pub fn of_command(ctx: super::ApplicationContext<'_>) -> Reach {
    let interaction = ctx.interaction;
    of(
        interaction.context,
        &interaction.authorizing_integration_owners,
        interaction.guild_id,
        interaction.channel.as_ref(),
        interaction.app_permissions,
    )
}

/// How many follow-ups the bot makes on a kept token. Discord allows five per interaction of
/// an app that is only user-installed where it was made; one is left for the handler of the
/// interaction itself.
const KEPT_TOKEN_FOLLOW_UPS: u8 = 4;

/// An interaction's token and when it was received (service clock), for follow-ups.
#[derive(Debug, Clone)]
pub struct Token {
    /// The token.
    pub value: String,
    /// When the interaction arrived.
    pub received_ms: i64,
    /// Follow-ups made on it from the kept copy.
    uses: u8,
}

impl Token {
    /// The token of an interaction received at `received_ms`.
    pub fn new(value: impl Into<String>, received_ms: i64) -> Token {
        Token {
            value: value.into(),
            received_ms,
            uses: 0,
        }
    }
}

/// The latest interaction token of each game reached only through interactions.
#[derive(Debug, Default)]
pub struct Tokens(Mutex<HashMap<GameId, Token>>);

impl Tokens {
    /// Keeps `token` as the latest of `game`, unless a newer one is kept already.
    pub fn remember(&self, game: GameId, token: Token) {
        let mut tokens = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let newer = tokens
            .get(&game)
            .is_some_and(|kept| kept.received_ms > token.received_ms);
        if !newer {
            tokens.insert(game, token);
        }
    }

    /// The latest token of `game` for one follow-up at `now_ms`, if it still serves one; an
    /// expired or used-up token is forgotten.
    pub fn take(&self, game: GameId, now_ms: i64) -> Option<Token> {
        let mut tokens = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let token = tokens.get_mut(&game)?;
        if now_ms - token.received_ms >= TOKEN_LIFETIME_MS || token.uses >= KEPT_TOKEN_FOLLOW_UPS {
            tokens.remove(&game);
            return None;
        }
        token.uses += 1;
        Some(token.clone())
    }
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

    #[test]
    fn a_token_serves_follow_ups_for_fourteen_minutes_then_is_forgotten() {
        let tokens = Tokens::default();
        let game = GameId(1);
        tokens.remember(game, Token::new("old", 0));
        tokens.remember(game, Token::new("new", 1_000));
        tokens.remember(game, Token::new("late arrival", 500));
        assert_eq!(tokens.take(game, 2_000).unwrap().value, "new");
        assert!(tokens.take(game, 1_000 + TOKEN_LIFETIME_MS).is_none());
        assert!(tokens.take(game, 2_000).is_none(), "forgotten once expired");
    }

    #[test]
    fn a_kept_token_serves_four_follow_ups() {
        let tokens = Tokens::default();
        let game = GameId(1);
        tokens.remember(game, Token::new("t", 0));
        let taken = (0..6).filter(|_| tokens.take(game, 1).is_some()).count();
        assert_eq!(taken, usize::from(KEPT_TOKEN_FOLLOW_UPS));
    }
}
