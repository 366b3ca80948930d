//! `/stats`, `/leaderboard` (paged with ◀ ▶ buttons) and `/history`.

use poise::CreateReply;
use poise::serenity_prelude as serenity;
use serenity::{CreateAllowedMentions, CreateAttachment, EditInteractionResponse};

use super::paging::{
    HISTORY_PAGE, LEADERBOARD_PAGE, Shown, Turn, answer_list, answer_turn, paging_buttons,
};
use super::rating_chart;
use crate::discord::context::{Click, Command, Outcome, Privacy, split};
use crate::discord::custom_id::{ComponentId, Ranking};
use crate::discord::{Data, Error, board};
use crate::games::{Audience, GuildId, LeaderboardScope, UserId};
use crate::i18n::{Lang, Msg};

/// Which leaderboard to show.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum ScopeOption {
    #[name = "this server"]
    Server,
    #[name = "everyone"]
    Global,
    #[name = "today's daily puzzle"]
    Puzzles,
}

/// Show a player's rating, games, wins, losses, streak and recent results.
pub async fn stats(ctx: Command<'_>, user: Option<serenity::User>) -> Result<(), Error> {
    let lang = ctx.lang();
    let user = user.map_or_else(|| ctx.user(), |u| UserId(u.id.get()));
    let audience = ctx.audience();
    let data = ctx.data();
    let work = async {
        let stats = split(data.service.stats(user, audience).await)?;
        let chart = match &stats {
            Ok(_) => rating_chart::picture(data, user, lang).await?,
            Err(_) => None,
        };
        let puzzles = split(data.service.puzzles().stats(user).await)?.ok();
        Ok::<_, Error>((stats, chart, puzzles))
    };
    let (stats, chart, puzzles) = ctx.unless_quick(work, Privacy::Public).await?;
    let stats = match stats {
        Ok(stats) => stats,
        // The service refuses no one their statistics; were it to, after a public deferral
        // the refusal would edit it.
        Err(refusal) => return ctx.refuse(&refusal).await,
    };
    let mut text = lang.text(&Msg::Stats(&stats));
    if let Some(puzzles) = puzzles {
        text.push('\n');
        text.push_str(&lang.text(&Msg::PuzzleStats(&puzzles)));
    }
    let chart = chart.map(|png| CreateAttachment::bytes(png, rating_chart::FILE_NAME));
    if ctx.is_deferred() {
        // The deferral is edited into the answer (Discord's first follow-up would do the same,
        // as a deprecated stand-in for this edit).
        let mut edit = EditInteractionResponse::new()
            .content(text)
            .allowed_mentions(CreateAllowedMentions::new());
        if let Some(chart) = chart {
            edit = edit.new_attachment(chart);
        }
        ctx.interaction.edit_response(ctx.http(), edit).await?;
        return Ok(());
    }
    let mut reply = CreateReply::default()
        .content(text)
        .allowed_mentions(CreateAllowedMentions::new());
    if let Some(chart) = chart {
        reply = reply.attachment(chart);
    }
    ctx.send(reply).await?;
    Ok(())
}

/// Show the best-rated players of this server, or of everyone.
pub async fn leaderboard(ctx: Command<'_>, scope: Option<ScopeOption>) -> Result<(), Error> {
    let lang = ctx.lang();
    let ranking = match scope.unwrap_or(ScopeOption::Server) {
        ScopeOption::Server => Ranking::Server,
        ScopeOption::Global => Ranking::Global,
        ScopeOption::Puzzles => {
            return answer_list(ctx, Privacy::Public, daily_solvers(ctx.data(), lang)).await;
        }
    };
    let guild = ctx.guild_id().map(|g| GuildId(g.get()));
    let work = leaderboard_page(ctx.data(), ranking, guild, 0, ctx.user(), lang);
    answer_list(ctx, Privacy::Public, work).await
}

/// Today's daily puzzle's solvers, first first (one page: the service gives the first few).
async fn daily_solvers(data: &Data, lang: Lang) -> Result<Shown, Error> {
    let solvers = split(data.service.puzzles().daily_solvers().await)?
        .map_err(|refusal| Error::Unexpected(refusal.to_string()))?;
    let day = data.service.puzzles().today();
    let text = lang.text(&Msg::DailySolvers {
        day,
        solvers: &solvers,
    });
    Ok((text, Vec::new()))
}

/// A ◀ or ▶ click under a leaderboard: the page asked for, on the message for its viewer's
/// click, else in a message of the clicker's own (see [`Turn`]).
pub async fn turn_page(
    click: &Click<'_>,
    ranking: Ranking,
    page: u32,
    viewer: Option<UserId>,
) -> Result<(), Error> {
    let guild = click.guild_id.map(|g| GuildId(g.get()));
    let turn = Turn::of(click, viewer);
    let (data, clicker, lang) = (click.data(), click.user(), click.lang());
    let work = async {
        let shown = leaderboard_page(data, ranking, guild, page, clicker, lang).await?;
        Ok(Ok(shown))
    };
    answer_turn(click, turn, work).await
}

/// List a player's finished games with result and reason, newest first, paged with ◀ ▶.
pub async fn history(ctx: Command<'_>, user: Option<serenity::User>) -> Result<(), Error> {
    let (lang, asker) = (ctx.lang(), ctx.user());
    let user = user.map_or(asker, |u| UserId(u.id.get()));
    // Everyone here reads the answer: it lists the games they may all see.
    let audience = ctx.audience();
    let work = async {
        // Page 0 always exists: nothing to refuse.
        history_page(ctx.data(), user, audience, 0, asker, lang)
            .await?
            .map_err(|refusal| Error::Unexpected(refusal.to_string()))
    };
    answer_list(ctx, Privacy::Public, work).await
}

/// A ◀ or ▶ click under a history: the page asked for, on the message for its viewer's click,
/// else in a message of the clicker's own, with the games they may see (see [`Turn`]). Anyone
/// may page through anyone's history, as `/history` shows anyone's; a page that does not exist
/// (a forged button) is refused to the clicker alone.
pub async fn turn_history_page(
    click: &Click<'_>,
    user: UserId,
    page: u32,
    viewer: Option<UserId>,
) -> Result<(), Error> {
    let turn = Turn::of(click, viewer);
    let (data, clicker, lang) = (click.data(), click.user(), click.lang());
    let work = history_page(data, user, turn.audience(), page, clicker, lang);
    answer_turn(click, turn, work).await
}

/// The text and paging buttons of one page of `user`'s finished games as `audience` may see
/// them, the buttons naming `viewer` as the person the list answers; or the refusal of a page
/// past the end.
async fn history_page(
    data: &Data,
    user: UserId,
    audience: Audience,
    page: u32,
    viewer: UserId,
    lang: Lang,
) -> Outcome<Shown> {
    let page = match split(
        data.service
            .history(user, audience, page, HISTORY_PAGE)
            .await,
    )? {
        Ok(page) => page,
        Err(refusal) => return Ok(Err(refusal)),
    };
    let text = lang.text(&Msg::History { user, page: &page });
    // The games' pages, for those who may see the list: it names only games they may see.
    let links = match data.public_url.as_deref() {
        Some(base) => page
            .entries
            .iter()
            .filter_map(|e| {
                Some((
                    format!("#{}", e.game),
                    format!("{base}/g/{}", e.page_key.as_ref()?),
                ))
            })
            .collect(),
        None => Vec::new(),
    };
    let mut buttons = board::link_rows(links);
    buttons.extend(paging_buttons(
        page.page,
        page.total_pages,
        |page, arrow| ComponentId::History {
            user,
            page,
            arrow,
            viewer: Some(viewer),
        },
    ));
    Ok(Ok((text, buttons)))
}

/// The text and paging buttons of one leaderboard page, the buttons naming `viewer` as the
/// person the list answers. A server board asked for outside a server shows everyone's.
async fn leaderboard_page(
    data: &Data,
    ranking: Ranking,
    guild: Option<GuildId>,
    page: u32,
    viewer: UserId,
    lang: Lang,
) -> Result<Shown, Error> {
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
            viewer: Some(viewer),
        }
    });
    Ok((text, buttons))
}
