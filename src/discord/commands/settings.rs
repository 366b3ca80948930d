//! `/settings`: a server's threads, default clock, board orientation and colours (of its
//! public boards; each player chooses their own with `/colours`) and who may organise
//! tournaments (server managers only).

use poise::serenity_prelude as serenity;

use super::challenge::ClockOption;
use super::colors::ColorsOption;
use crate::discord::Error;
use crate::discord::context::{Command, Privacy, split};
use crate::discord::delivery::retry::{Retry, refused_for_good, retry};
use crate::games::{BoardOrientation, ChannelId, GuildId, SettingsChange};
use crate::i18n::{Lang, Msg};

/// How boards are turned.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum OrientationOption {
    #[name = "White always at the bottom"]
    WhiteBottom,
    #[name = "turned towards the player to move"]
    ToMove,
}

/// Server settings: a thread per game, default clock, board orientation (server managers).
#[allow(clippy::too_many_arguments)]
pub async fn settings(
    ctx: Command<'_>,
    threads: Option<bool>,
    clock: Option<ClockOption>,
    orientation: Option<OrientationOption>,
    colors: Option<ColorsOption>,
    organisers: Option<bool>,
    puzzle_channel: Option<serenity::ChannelId>,
    puzzle_off: Option<bool>,
) -> Result<(), Error> {
    let lang = ctx.lang();
    let Some(guild) = ctx.guild_id().map(|g| GuildId(g.get())) else {
        return ctx.privately(lang.text(&Msg::ServerOnly)).await;
    };
    if !may_manage(ctx.interaction.member.as_deref()) {
        return ctx.privately(lang.text(&Msg::NotManager)).await;
    }
    // The daily puzzle's channel: chosen, turned off, or left as it is.
    let puzzles = match (puzzle_channel, puzzle_off) {
        (Some(_), Some(true)) => {
            return ctx
                .privately(lang.text(&Msg::DailyPuzzleChannelConflict))
                .await;
        }
        (Some(channel), _) => Some(Some(channel)),
        (None, Some(true)) => Some(None),
        (None, _) => None,
    };
    let change = SettingsChange {
        threads,
        default_clock: clock.map(ClockOption::choice),
        orientation: orientation.map(|o| match o {
            OrientationOption::WhiteBottom => BoardOrientation::WhiteBottom,
            OrientationOption::ToMove => BoardOrientation::ToMove,
        }),
        tournament_organisers: organisers,
        board_colors: colors.map(ColorsOption::colors),
    };
    let changed = change != SettingsChange::default();
    let saved = changed || puzzles.is_some();
    let data = ctx.data();
    let http = ctx.http();
    let work = async {
        if let Some(Some(channel)) = puzzles
            && !announce_daily_puzzle(http, channel, lang).await?
        {
            return Ok(Ok(
                lang.text(&Msg::DailyPuzzleChannelUnreachable(channel.get()))
            ));
        }
        let settings = if changed {
            data.service.update_settings(guild, change).await
        } else {
            data.service.settings(guild).await
        };
        let settings = match split(settings)? {
            Ok(settings) => settings,
            Err(refusal) => return Ok(Err(refusal)),
        };
        let mut text = lang.text(&Msg::Settings {
            settings: &settings,
            saved,
        });
        if let Some(channel) = puzzles {
            let chosen = channel.map(|c| (ChannelId(c.get()), lang));
            if let Err(refusal) = split(data.service.puzzles().set_channel(guild, chosen).await)? {
                return Ok(Err(refusal));
            }
            text.push('\n');
            text.push_str(&lang.text(&Msg::DailyPuzzleChannel(channel.map(|c| c.get()))));
        }
        Ok::<_, Error>(Ok(text))
    };
    // The write may wait behind others: deferred (privately) if so, then answered by an edit.
    match ctx.unless_quick(work, Privacy::Private).await? {
        Ok(text) => ctx.privately(text).await,
        Err(refusal) => ctx.refuse(&refusal).await,
    }
}

/// Says in `channel` that the daily puzzle will be posted there, which shows that the bot may
/// post there; `false` when Discord refuses it (no access, no permission to send).
async fn announce_daily_puzzle(
    http: &serenity::Http,
    channel: serenity::ChannelId,
    lang: Lang,
) -> Result<bool, Error> {
    let message = serenity::CreateMessage::new()
        .content(lang.text(&Msg::DailyPuzzleChannelChosen))
        .allowed_mentions(serenity::CreateAllowedMentions::new());
    let sent = retry(
        "announcing the daily puzzle's channel",
        Retry::BOARD,
        || channel.send_message(http, message.clone()),
    )
    .await;
    match sent {
        Ok(_) => Ok(true),
        Err(e) if refused_for_good(&e) => Ok(false),
        Err(e) => Err(e.into()),
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
