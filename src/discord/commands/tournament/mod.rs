//! `/tournament` and the buttons of a tournament's message: creating a tournament, joining and
//! leaving it, the organiser's start, withdrawals and results, standings, the server's list and
//! the export. Tournaments live in servers: elsewhere every subcommand refuses, privately.

pub(super) mod create;
pub(super) mod entry;
pub(super) mod organise;
pub(super) mod show;

use std::future::Future;

use poise::serenity_prelude as serenity;
use serenity::{AutocompleteChoice, CreateAutocompleteResponse};

use super::settings::may_manage;
use crate::discord::Error;
use crate::discord::context::{Command, Privacy, split};
use crate::discord::delivery::deferral::in_time_to_suggest;
use crate::games::{GuildId, Organiser, Result as ServiceResult, UserError};
use crate::i18n::{Lang, Msg};

pub use entry::click as entry_click;
pub use show::turn_page;

/// Suggestions a `tournament` option offers at most (Discord's limit).
const MAX_CHOICES: u32 = 25;

/// The server the command was used in; outside one, the refusal is answered here (privately)
/// and `None` returned.
async fn server(ctx: Command<'_>) -> Result<Option<GuildId>, Error> {
    match ctx.guild_id() {
        Some(guild) => Ok(Some(GuildId(guild.get()))),
        None => {
            ctx.refuse(&UserError::TournamentsInServersOnly).await?;
            Ok(None)
        }
    }
}

/// The caller as an organiser: whether they have Manage Server, as Discord sent it with the
/// interaction (the service decides with the server's settings).
fn organiser(ctx: Command<'_>) -> Organiser {
    Organiser {
        user: ctx.user(),
        manages_server: may_manage(ctx.interaction.member.as_deref()),
    }
}

/// Runs `work` and answers only the caller with `say` of its result, or with its refusal:
/// at once when it is quick, else after a private deferral. The result is handed back for
/// what follows (the tournament's message edited, say).
async fn answer_privately<T>(
    ctx: Command<'_>,
    work: impl Future<Output = ServiceResult<T>>,
    say: impl FnOnce(Lang, &T) -> String,
) -> Result<Option<T>, Error> {
    match split(ctx.unless_quick(work, Privacy::Private).await)? {
        Ok(done) => {
            ctx.privately(say(ctx.lang(), &done)).await?;
            Ok(Some(done))
        }
        Err(refusal) => {
            ctx.refuse(&refusal).await?;
            Ok(None)
        }
    }
}

/// Suggests the server's tournaments, newest first, those whose number or name holds what
/// was typed.
pub(super) async fn autocomplete_tournament(
    app: Command<'_>,
    partial: &str,
) -> CreateAutocompleteResponse {
    let Some(guild) = app.guild_id().map(|g| GuildId(g.get())) else {
        return CreateAutocompleteResponse::new();
    };
    let lang = app.lang();
    let tournaments = app.data().service.tournaments();
    let listed = tournaments.list(guild, 0, MAX_CHOICES);
    let Some(Ok(page)) = in_time_to_suggest(listed).await else {
        return CreateAutocompleteResponse::new();
    };
    let typed = partial.trim().to_lowercase();
    let choices = page
        .entries
        .iter()
        .filter(|t| {
            typed.is_empty()
                || t.id.0.to_string().contains(&typed)
                || t.name.to_lowercase().contains(&typed)
        })
        .map(|t| AutocompleteChoice::new(lang.text(&Msg::TournamentChoice(t)), t.id.0))
        .collect();
    CreateAutocompleteResponse::new().set_choices(choices)
}
