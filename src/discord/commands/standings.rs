//! `/stats`, `/leaderboard` (paged with ◀ ▶ buttons) and `/history`.

use poise::CreateReply;
use poise::serenity_prelude as serenity;
use serenity::{ComponentInteraction, CreateActionRow, CreateAllowedMentions, CreateAttachment};

use super::paging::{HISTORY_PAGE, LEADERBOARD_PAGE, paging_buttons, update_page};
use super::rating_chart;
use crate::discord::custom_id::{ComponentId, Ranking};
use crate::discord::deferral;
use crate::discord::reply::{
    Outcome, caller, click_viewer, command_viewer, defer_public, ephemeral, refuse_click, split,
    user_lang,
};
use crate::discord::{ApplicationContext, Data, Error};
use crate::games::{GuildId, LeaderboardScope, UserId, Viewer};
use crate::i18n::{Lang, Msg};

/// Which leaderboard to show.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum ScopeOption {
    #[name = "this server"]
    Server,
    #[name = "everyone"]
    Global,
}

/// Show a player's rating, games, wins, losses, streak and recent results.
#[poise::command(slash_command)]
pub async fn stats(ctx: ApplicationContext<'_>, user: Option<serenity::User>) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let user = user.map_or_else(|| caller(ctx).id, |u| UserId(u.id.get()));
    let viewer = command_viewer(ctx);
    let data = ctx.data();
    let work = async {
        let stats = split(data.service.stats(user, viewer).await)?;
        let chart = match &stats {
            Ok(_) => rating_chart::picture(data, user, lang).await?,
            Err(_) => None,
        };
        Ok::<_, Error>((stats, chart))
    };
    let (done, deferred) = deferral::unless_quick(data.defer_after, work, defer_public(ctx)).await;
    let (stats, chart) = done?;
    let stats = match stats {
        Ok(stats) => stats,
        Err(refusal) if deferred => {
            let text = lang.text(&Msg::Refused(&refusal));
            return deferral::refuse_deferred_command(ctx, text).await;
        }
        Err(refusal) => return ephemeral(ctx, lang.text(&Msg::Refused(&refusal))).await,
    };
    let mut reply = CreateReply::default()
        .content(lang.text(&Msg::Stats(&stats)))
        .allowed_mentions(CreateAllowedMentions::new());
    if let Some(png) = chart {
        reply = reply.attachment(CreateAttachment::bytes(png, rating_chart::FILE_NAME));
    }
    ctx.send(reply).await?;
    Ok(())
}

/// Show the best-rated players of this server, or of everyone.
#[poise::command(slash_command)]
pub async fn leaderboard(
    ctx: ApplicationContext<'_>,
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
    update_page(ctx, click, text, buttons).await
}

/// List a player's finished games with result and reason, newest first, paged with ◀ ▶.
#[poise::command(slash_command)]
pub async fn history(
    ctx: ApplicationContext<'_>,
    user: Option<serenity::User>,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let user = user.map_or_else(|| caller(ctx).id, |u| UserId(u.id.get()));
    let viewer = command_viewer(ctx);
    match history_page(ctx.data(), user, viewer, 0, lang).await? {
        Ok((text, buttons)) => quiet_reply(ctx, text, buttons).await,
        Err(refusal) => ephemeral(ctx, lang.text(&Msg::Refused(&refusal))).await,
    }
}

/// A ◀ or ▶ click under a history: the message shows the page asked for. Anyone may page
/// through anyone's history, as `/history` shows anyone's; a page that does not exist (a
/// forged button) is refused to the clicker alone.
pub async fn turn_history_page(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
    user: UserId,
    page: u32,
) -> Result<(), Error> {
    let lang = Lang::from_locale(&click.locale);
    let viewer = click_viewer(click);
    match history_page(data, user, viewer, page, lang).await? {
        Ok((text, buttons)) => update_page(ctx, click, text, buttons).await,
        Err(refusal) => refuse_click(ctx, click, &refusal).await,
    }
}

/// The text and paging buttons of one page of `user`'s finished games, or the refusal of a
/// page past the end.
async fn history_page(
    data: &Data,
    user: UserId,
    viewer: Viewer,
    page: u32,
    lang: Lang,
) -> Outcome<(String, Vec<CreateActionRow>)> {
    let page = match split(data.service.history(user, viewer, page, HISTORY_PAGE).await)? {
        Ok(page) => page,
        Err(refusal) => return Ok(Err(refusal)),
    };
    let text = lang.text(&Msg::History { user, page: &page });
    let buttons = paging_buttons(page.page, page.total_pages, |page, arrow| {
        ComponentId::History {
            user: user.0,
            page,
            arrow,
        }
    });
    Ok(Ok((text, buttons)))
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
    let buttons = paging_buttons(page.page, page.total_pages, |page, arrow| {
        ComponentId::Leaderboard {
            ranking,
            page,
            arrow,
        }
    });
    Ok((text, buttons))
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
