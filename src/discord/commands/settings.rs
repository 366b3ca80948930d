//! `/settings`: a server's threads, default clock, board orientation and who may organise
//! tournaments (server managers only).

use poise::serenity_prelude as serenity;

use super::challenge::ClockOption;
use crate::discord::reply::{defer_private, edit_deferred, ephemeral, split, user_lang};
use crate::discord::{ApplicationContext, Error, deferral};
use crate::games::{BoardOrientation, GuildId, SettingsChange};
use crate::i18n::Msg;

/// How boards are turned.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum OrientationOption {
    #[name = "White always at the bottom"]
    WhiteBottom,
    #[name = "turned towards the player to move"]
    ToMove,
}

/// Server settings: a thread per game, default clock, board orientation (server managers).
#[poise::command(slash_command, default_member_permissions = "MANAGE_GUILD")]
pub async fn settings(
    ctx: ApplicationContext<'_>,
    threads: Option<bool>,
    clock: Option<ClockOption>,
    orientation: Option<OrientationOption>,
    organisers: Option<bool>,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let Some(guild) = ctx.guild_id().map(|g| GuildId(g.get())) else {
        return ephemeral(ctx, lang.text(&Msg::ServerOnly)).await;
    };
    if !may_manage(ctx.interaction.member.as_deref()) {
        return ephemeral(ctx, lang.text(&Msg::NotManager)).await;
    }
    let change = SettingsChange {
        threads,
        default_clock: clock.map(ClockOption::choice),
        orientation: orientation.map(|o| match o {
            OrientationOption::WhiteBottom => BoardOrientation::WhiteBottom,
            OrientationOption::ToMove => BoardOrientation::ToMove,
        }),
        tournament_organisers: organisers,
    };
    let saved = change != SettingsChange::default();
    let data = ctx.data();
    let work = async {
        if saved {
            data.service.update_settings(guild, change).await
        } else {
            data.service.settings(guild).await
        }
    };
    // The write may wait behind others: deferred (privately) if so, then answered by an edit.
    let (result, deferred) =
        deferral::unless_quick(data.defer_after, work, defer_private(ctx)).await;
    let text = match split(result)? {
        Ok(settings) => lang.text(&Msg::Settings {
            settings: &settings,
            saved,
        }),
        Err(refusal) => lang.text(&Msg::Refused(&refusal)),
    };
    if deferred {
        edit_deferred(ctx, text).await
    } else {
        ephemeral(ctx, text).await
    }
}

/// Whether the member may manage the server, from the permissions Discord sent with the
/// interaction (Discord also hides the command from others, but server owners can change that).
pub(super) fn may_manage(member: Option<&serenity::Member>) -> bool {
    member
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_guild() || p.administrator())
}

#[cfg(test)]
mod tests {
    use super::*;
    use poise::serenity_prelude::Permissions;

    fn member(permissions: Option<Permissions>) -> serenity::Member {
        let mut member = serenity::Member::default();
        member.permissions = permissions;
        member
    }

    #[test]
    fn only_managers_and_administrators_may_change_settings() {
        assert!(may_manage(Some(&member(Some(Permissions::MANAGE_GUILD)))));
        assert!(may_manage(Some(&member(Some(Permissions::ADMINISTRATOR)))));
        let plain = Permissions::SEND_MESSAGES | Permissions::MANAGE_MESSAGES;
        assert!(!may_manage(Some(&member(Some(plain)))));
        assert!(!may_manage(Some(&member(None))));
        assert!(!may_manage(None));
    }
}
