//! Looking at tournaments: `/tournament standings` (with the crosstable picture once a round
//! is played), `/tournament list` (paged with ◀ ▶) and `/tournament export` (the records and
//! the TRF file, for the caller alone).

use poise::CreateReply;
use poise::serenity_prelude::{CreateAllowedMentions, CreateAttachment, EditInteractionResponse};

use super::super::paging::{Shown, Turn, answer_list, answer_turn, paging_buttons};
use super::server;
use crate::discord::context::{Click, Command, Privacy, split};
use crate::discord::custom_id::ComponentId;
use crate::discord::delivery::retry::{Retry, retry};
use crate::discord::{Data, Error, tournament_posts};
use crate::games::{GuildId, TournamentId, UserError, UserId};
use crate::i18n::{Lang, Msg};

/// Tournaments on a page of `/tournament list`.
pub const LIST_PAGE: u32 = 10;

/// Show a tournament's standings, with its crosstable once a round is played.
pub async fn standings(ctx: Command<'_>, tournament: i64) -> Result<(), Error> {
    let Some(guild) = server(ctx).await? else {
        return Ok(());
    };
    let data = ctx.data();
    // A read: quick, and a refusal is answered privately before anything public.
    let view = match split(
        data.service
            .tournaments()
            .get(guild, TournamentId(tournament))
            .await,
    )? {
        Ok(view) => view,
        Err(refusal) => return ctx.refuse(&refusal).await,
    };
    let public = view.tournament.lang;
    let text = public.text(&Msg::TournamentStandings(&view));
    let drawing = tournament_posts::crosstable_picture(data, &view, public);
    let picture = ctx.unless_quick(drawing, Privacy::Public).await?;
    if ctx.is_deferred() {
        let mut edit = EditInteractionResponse::new()
            .content(text)
            .allowed_mentions(CreateAllowedMentions::new());
        if let Some(png) = picture {
            edit = edit.new_attachment(CreateAttachment::bytes(
                png,
                tournament_posts::CROSSTABLE_FILE,
            ));
        }
        retry("editing in the standings", Retry::ANSWER_EDIT, || {
            ctx.interaction.edit_response(ctx.http(), edit.clone())
        })
        .await?;
        return Ok(());
    }
    let mut reply = CreateReply::default()
        .content(text)
        .allowed_mentions(CreateAllowedMentions::new());
    if let Some(png) = picture {
        reply = reply.attachment(CreateAttachment::bytes(
            png,
            tournament_posts::CROSSTABLE_FILE,
        ));
    }
    ctx.send(reply).await?;
    Ok(())
}

/// List this server's tournaments, newest first.
pub async fn list(ctx: Command<'_>) -> Result<(), Error> {
    let Some(guild) = server(ctx).await? else {
        return Ok(());
    };
    let work = page(ctx.data(), guild, 0, ctx.user(), ctx.lang());
    answer_list(ctx, Privacy::Public, async {
        work.await?.map_err(unexpected)
    })
    .await
}

/// A page the list asked for is past its end only if tournaments were deleted meanwhile.
fn unexpected(refusal: UserError) -> Error {
    Error::Unexpected(refusal.to_string())
}

/// Answers a ◀ ▶ click on the list of a server's tournaments.
///
/// # Errors
/// The service's failure, or Discord's refusal of the answer.
pub async fn turn_page(
    click: &Click<'_>,
    page_asked: u32,
    viewer: Option<UserId>,
) -> Result<(), Error> {
    let Some(guild) = click.guild_id.map(|g| GuildId(g.get())) else {
        return click.refuse(&UserError::TournamentsInServersOnly).await;
    };
    let turn = Turn::of(click, viewer);
    let work = page(click.data(), guild, page_asked, click.user(), click.lang());
    answer_turn(click, turn, work).await
}

/// Page `page` of the server's tournaments, for `viewer`, with its ◀ ▶ buttons.
async fn page(
    data: &Data,
    guild: GuildId,
    page: u32,
    viewer: UserId,
    lang: Lang,
) -> Result<Result<Shown, UserError>, Error> {
    let listed = split(
        data.service
            .tournaments()
            .list(guild, page, LIST_PAGE)
            .await,
    )?;
    Ok(listed.map(|page| {
        let text = lang.text(&Msg::TournamentList(&page));
        let buttons = paging_buttons(page.page, page.total_pages, |page, arrow| {
            ComponentId::Tournaments {
                page,
                arrow,
                viewer: Some(viewer),
            }
        });
        (text, buttons)
    }))
}

/// Download every game's record of a tournament, and its FIDE TRF file.
pub async fn export(ctx: Command<'_>, tournament: i64) -> Result<(), Error> {
    let Some(guild) = server(ctx).await? else {
        return Ok(());
    };
    let lang = ctx.lang();
    let data = ctx.data();
    let id = TournamentId(tournament);
    let work = async {
        let view = data.service.tournaments().get(guild, id).await?;
        let export = data.service.tournaments().export(guild, id).await?;
        Ok((view, export))
    };
    let (view, export) = match split(ctx.unless_quick(work, Privacy::Private).await)? {
        Ok(exported) => exported,
        Err(refusal) => return ctx.refuse(&refusal).await,
    };
    let text = lang.text(&Msg::TournamentExported(&view.tournament));
    let files = [
        CreateAttachment::bytes(export.records, format!("tournament-{}.txt", id.0)),
        CreateAttachment::bytes(export.trf, format!("tournament-{}.trf", id.0)),
    ];
    if ctx.is_deferred() {
        let mut edit = EditInteractionResponse::new().content(text);
        for file in files {
            edit = edit.new_attachment(file);
        }
        retry("editing in an export", Retry::ANSWER_EDIT, || {
            ctx.interaction.edit_response(ctx.http(), edit.clone())
        })
        .await?;
        return Ok(());
    }
    let mut reply = CreateReply::default().content(text).ephemeral(true);
    for file in files {
        reply = reply.attachment(file);
    }
    ctx.send(reply).await?;
    Ok(())
}
