//! `/stats`, `/leaderboard` (paged with ◀ ▶ buttons) and `/history`.

use poise::CreateReply;
use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, ComponentInteraction, CreateActionRow, CreateAllowedMentions, CreateButton,
    CreateInteractionResponse, CreateInteractionResponseMessage,
};

use crate::discord::custom_id::{Arrow, ComponentId, Ranking};
use crate::discord::reply::{caller, ephemeral, split, user_lang};
use crate::discord::{ApplicationContext, Data, Error};
use crate::games::{GuildId, LeaderboardScope, UserId};
use crate::i18n::{Lang, Msg};

/// Lines on a leaderboard page.
pub const LEADERBOARD_PAGE: u32 = 10;
/// Games listed by `/history`.
pub const HISTORY_PAGE: u32 = 10;

/// The glyphs on the paging buttons (the same in every language).
const PREV: &str = "◀";
const NEXT: &str = "▶";

/// Which leaderboard to show.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum ScopeOption {
    #[name = "this server"]
    #[name_localized("es-ES", "este servidor")]
    Server,
    #[name = "everyone"]
    #[name_localized("es-ES", "todo el mundo")]
    Global,
}

/// Show a player's rating, games, wins, losses, streak and recent results.
#[poise::command(
    slash_command,
    name_localized("es-ES", "estadisticas"),
    description_localized(
        "es-ES",
        "Muestra la puntuación, partidas, victorias, derrotas, racha y últimos resultados."
    )
)]
pub async fn stats(
    ctx: ApplicationContext<'_>,
    #[description = "Whose statistics (default: yours)"]
    #[name_localized("es-ES", "usuario")]
    #[description_localized("es-ES", "De quién (por defecto: tuyas)")]
    user: Option<serenity::User>,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let user = user.map_or_else(|| caller(ctx).id, |u| UserId(u.id.get()));
    match split(ctx.data().service.stats(user).await)? {
        Ok(stats) => quiet_reply(ctx, lang.text(&Msg::Stats(&stats)), Vec::new()).await,
        Err(refusal) => ephemeral(ctx, lang.text(&Msg::Refused(&refusal))).await,
    }
}

/// Show the best-rated players of this server, or of everyone.
#[poise::command(
    slash_command,
    name_localized("es-ES", "clasificacion"),
    description_localized(
        "es-ES",
        "Muestra los jugadores mejor puntuados de este servidor, o de todo el mundo."
    )
)]
pub async fn leaderboard(
    ctx: ApplicationContext<'_>,
    #[description = "Which players (default: this server)"]
    #[name_localized("es-ES", "ambito")]
    #[description_localized("es-ES", "Qué jugadores (por defecto: este servidor)")]
    scope: Option<ScopeOption>,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let ranking = match scope.unwrap_or(ScopeOption::Server) {
        ScopeOption::Server => Ranking::Server,
        ScopeOption::Global => Ranking::Global,
    };
    let guild = ctx.guild_id().map(|g| GuildId(g.get()));
    let (text, buttons) = leaderboard_page(ctx.data(), ranking, guild, 0, lang).await?;
    quiet_reply(ctx, text, buttons).await
}

/// A ◀ or ▶ click under a leaderboard: the message shows the page asked for.
pub async fn turn_page(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
    ranking: Ranking,
    page: u32,
) -> Result<(), Error> {
    let lang = Lang::from_locale(&click.locale);
    let guild = click.guild_id.map(|g| GuildId(g.get()));
    let (text, buttons) = leaderboard_page(data, ranking, guild, page, lang).await?;
    let update = CreateInteractionResponseMessage::new()
        .content(text)
        .components(buttons)
        .allowed_mentions(CreateAllowedMentions::new());
    click
        .create_response(ctx, CreateInteractionResponse::UpdateMessage(update))
        .await?;
    Ok(())
}

/// List a player's finished games with result and reason, newest first.
#[poise::command(
    slash_command,
    name_localized("es-ES", "historial"),
    description_localized(
        "es-ES",
        "Lista las partidas terminadas de un jugador, con resultado y motivo."
    )
)]
pub async fn history(
    ctx: ApplicationContext<'_>,
    #[description = "Whose games (default: yours)"]
    #[name_localized("es-ES", "usuario")]
    #[description_localized("es-ES", "De quién (por defecto: las tuyas)")]
    user: Option<serenity::User>,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let user = user.map_or_else(|| caller(ctx).id, |u| UserId(u.id.get()));
    match split(ctx.data().service.history(user, 0, HISTORY_PAGE).await)? {
        Ok(page) => {
            quiet_reply(
                ctx,
                lang.text(&Msg::History { user, page: &page }),
                Vec::new(),
            )
            .await
        }
        Err(refusal) => ephemeral(ctx, lang.text(&Msg::Refused(&refusal))).await,
    }
}

/// The text and paging buttons of one leaderboard page. A server board asked for outside a
/// server shows everyone's.
async fn leaderboard_page(
    data: &Data,
    ranking: Ranking,
    guild: Option<GuildId>,
    page: u32,
    lang: Lang,
) -> Result<(String, Vec<CreateActionRow>), Error> {
    let (ranking, scope) = match (ranking, guild) {
        (Ranking::Server, Some(guild)) => (Ranking::Server, LeaderboardScope::Guild(guild)),
        _ => (Ranking::Global, LeaderboardScope::Global),
    };
    let page = split(
        data.service
            .leaderboard(scope, page, LEADERBOARD_PAGE)
            .await,
    )?
    .map_err(|refusal| Error::Unexpected(refusal.to_string()))?;
    let text = lang.text(&Msg::Leaderboard {
        page: &page,
        global: ranking == Ranking::Global,
    });
    let buttons = arrows(ranking, page.page, page.total_pages)
        .map(|arrows| {
            let buttons = arrows
                .into_iter()
                .map(|(id, enabled)| {
                    let glyph = match id {
                        ComponentId::Leaderboard {
                            arrow: Arrow::Prev, ..
                        } => PREV,
                        _ => NEXT,
                    };
                    CreateButton::new(id.to_string())
                        .label(glyph)
                        .style(ButtonStyle::Secondary)
                        .disabled(!enabled)
                })
                .collect();
            vec![CreateActionRow::Buttons(buttons)]
        })
        .unwrap_or_default();
    Ok((text, buttons))
}

/// The ◀ and ▶ buttons of page `page` (0-based) of `total_pages`, each with whether it is
/// enabled; none when everything fits on one page. A disabled arrow points at the page shown.
pub fn arrows(ranking: Ranking, page: u32, total_pages: u32) -> Option<[(ComponentId, bool); 2]> {
    if total_pages <= 1 {
        return None;
    }
    let last = total_pages - 1;
    let page = page.min(last);
    let prev = ComponentId::Leaderboard {
        ranking,
        page: page.saturating_sub(1),
        arrow: Arrow::Prev,
    };
    let next = ComponentId::Leaderboard {
        ranking,
        page: (page + 1).min(last),
        arrow: Arrow::Next,
    };
    Some([(prev, page > 0), (next, page < last)])
}

/// A public answer that mentions players without pinging them.
async fn quiet_reply(
    ctx: ApplicationContext<'_>,
    text: String,
    buttons: Vec<CreateActionRow>,
) -> Result<(), Error> {
    let reply = CreateReply::default()
        .content(text)
        .components(buttons)
        .allowed_mentions(CreateAllowedMentions::new());
    ctx.send(reply).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn target(id: ComponentId) -> u32 {
        match id {
            ComponentId::Leaderboard { page, .. } => page,
            other => panic!("not a leaderboard button: {other:?}"),
        }
    }

    #[test]
    fn one_page_needs_no_arrows() {
        assert!(arrows(Ranking::Server, 0, 1).is_none());
        assert!(arrows(Ranking::Server, 0, 0).is_none());
    }

    #[test]
    fn arrows_lead_to_the_neighbouring_pages_and_stop_at_the_ends() {
        let [(prev, back), (next, on)] = arrows(Ranking::Global, 0, 3).unwrap();
        assert_eq!((target(prev), back, target(next), on), (0, false, 1, true));
        let [(prev, back), (next, on)] = arrows(Ranking::Global, 1, 3).unwrap();
        assert_eq!((target(prev), back, target(next), on), (0, true, 2, true));
        let [(prev, back), (next, on)] = arrows(Ranking::Global, 2, 3).unwrap();
        assert_eq!((target(prev), back, target(next), on), (1, true, 2, false));
        // A page past the end (the board shrank) is shown as the last page.
        let [(prev, _), (next, on)] = arrows(Ranking::Global, 9, 3).unwrap();
        assert_eq!((target(prev), target(next), on), (1, 2, false));
    }

    #[test]
    fn the_two_arrows_never_share_a_custom_id() {
        for total in 2..5 {
            for page in 0..total {
                let [(prev, _), (next, _)] = arrows(Ranking::Server, page, total).unwrap();
                assert_ne!(prev.to_string(), next.to_string(), "page {page} of {total}");
            }
        }
    }
}
