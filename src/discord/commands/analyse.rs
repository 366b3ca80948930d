//! `/analyse` and the Analyse button of finished boards: the engine's analysis of a game as
//! one picture (advantage chart, biggest mistakes beside better moves) and a few lines of
//! text naming those moves.
//!
//! An answer already drawn (per game and language, see `picture_cache`) is sent at once, unless
//! the checks before it waited on the database (the interaction is then deferred privately
//! first). Otherwise the interaction is deferred and the answer follows up: the service scores the
//! game (stored after the first time), then the picture is drawn on a blocking thread; both
//! wait for a turn of the CPU limiter.

use std::sync::Arc;

use poise::CreateReply;
use poise::serenity_prelude as serenity;
use serenity::{
    CreateAllowedMentions, CreateAttachment, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, EditInteractionResponse,
};

use crate::discord::context::{Click, Command, Deferred, Outcome, Privacy, split};
use crate::discord::delivery::reply::clip;
use crate::discord::picture_cache::AnalysisAnswer;
use crate::discord::{Data, Error};
use crate::games::{GameAnalysis, GameId, Heavy, UserId, Viewer};
use crate::i18n::{BoardShown, Lang, Msg};
use crate::render::SHOWN_MISTAKES;
use monkey_queen_core::analysis::SHOWN_TURNING_POINTS;

/// Discord's limit on a message's text.
const MAX_MESSAGE_CHARS: usize = 2000;
/// File name of every analysis picture.
pub const FILE_NAME: &str = "analysis.png";

/// Show the engine's analysis of a finished game: who was winning, and the biggest mistakes.
pub async fn analyse(ctx: Command<'_>, game: i64) -> Result<(), Error> {
    let lang = ctx.lang();
    let data = ctx.data();
    let id = GameId(game);
    // Privately: a refusal may still come, and only the caller should see it. The public
    // answer then follows as a message of its own once the deferral has been answered
    // (Discord's first follow-up of a deferral would edit it instead).
    let work = drawn_or_started(data, ctx.viewer(), ctx.user(), id, lang);
    let drawn = match ctx.unless_quick(work, Privacy::Private).await? {
        Ok(drawn) => drawn,
        Err(refusal) => return ctx.refuse(&refusal).await,
    };
    let answer = match drawn {
        Some(answer) if !ctx.is_deferred() => {
            return ctx.send(reply(answer)).await;
        }
        Some(answer) => answer,
        None => {
            if !ctx.is_deferred() {
                ctx.defer(Privacy::Private).await?;
            }
            match prepare(data, id, lang).await? {
                Ok(answer) => answer,
                Err(refusal) => return ctx.refuse(&refusal).await,
            }
        }
    };
    let message = CreateInteractionResponseFollowup::new()
        .content(answer.content)
        .add_file(CreateAttachment::bytes(answer.png.to_vec(), FILE_NAME).description(answer.alt))
        .allowed_mentions(CreateAllowedMentions::new());
    ctx.follow_up_publicly(message).await
}

/// The Analyse button: the same, shown only to the clicker.
pub async fn click(click: &Click<'_>, id: GameId) -> Result<(), Error> {
    let (data, lang) = (click.data(), click.lang());
    let work = drawn_or_started(data, click.viewer(), click.user(), id, lang);
    let drawn = match click.unless_quick(work, Deferred::Privately).await? {
        Ok(drawn) => drawn,
        Err(refusal) => return click.refuse(&refusal).await,
    };
    let answer = match drawn {
        Some(answer) if !click.is_deferred() => {
            let message = CreateInteractionResponseMessage::new()
                .content(answer.content)
                .add_file(
                    CreateAttachment::bytes(answer.png.to_vec(), FILE_NAME).description(answer.alt),
                )
                .allowed_mentions(CreateAllowedMentions::new())
                .ephemeral(true);
            return click
                .answer(CreateInteractionResponse::Message(message))
                .await;
        }
        Some(answer) => answer,
        None => {
            if !click.is_deferred() {
                click.defer(Deferred::Privately).await?;
            }
            match prepare(data, id, lang).await? {
                Ok(answer) => answer,
                Err(refusal) => return click.refuse(&refusal).await,
            }
        }
    };
    let edit = EditInteractionResponse::new()
        .content(answer.content)
        .new_attachment(
            CreateAttachment::bytes(answer.png.to_vec(), FILE_NAME).description(answer.alt),
        )
        .allowed_mentions(CreateAllowedMentions::new());
    click.edit(edit).await
}

/// Whether `viewer` may have game `id` analysed, and then its answer in `lang` if one is drawn
/// already (`None`: `user` has started an analysis, within its cooldown).
async fn drawn_or_started(
    data: &Data,
    viewer: Viewer,
    user: UserId,
    id: GameId,
    lang: Lang,
) -> Outcome<Option<AnalysisAnswer>> {
    if let Err(refusal) = split(data.service.analysable_by(viewer, id).await)? {
        return Ok(Err(refusal));
    }
    if let Some(answer) = data.analyses.get(id, lang) {
        return Ok(Ok(Some(answer)));
    }
    Ok(split(data.service.start_heavy(user, Heavy::Analysis).await)?.map(|()| None))
}

/// The analysis answer of game `id` in `lang`: scored by the service, drawn on a blocking
/// thread, and kept for the next request.
async fn prepare(data: &Data, id: GameId, lang: Lang) -> Outcome<AnalysisAnswer> {
    // A turn of long work for the scoring and the picture: analyses never take all the cores.
    let long = data.heavy_turn().await?;
    let GameAnalysis { game, analysis } =
        match split(data.service.analysis(id, &data.cpu.work).await)? {
            Ok(analysed) => analysed,
            Err(refusal) => return Ok(Err(refusal)),
        };
    let mistakes = analysis.biggest_mistakes(SHOWN_MISTAKES);
    let turning_points = analysis.main_turning_points(SHOWN_TURNING_POINTS);
    let content = clip(
        &lang.text(&Msg::Analysis {
            game: &game,
            mistakes: &mistakes,
            turning_points: &turning_points,
        }),
        MAX_MESSAGE_CHARS - 1,
    );
    let texts = crate::i18n::analysis_texts(lang, lang.text(&Msg::AnalysisTitle(&game)), &mistakes);
    let renderer = data.renderer.clone();
    let png = data
        .cpu_work(move || renderer.analysis_png(&analysis, &texts))
        .await??;
    drop(long);
    let answer = AnalysisAnswer {
        content,
        png: Arc::new(png),
        alt: lang.analysis_alt(
            game.id,
            mistakes.len(),
            BoardShown {
                position: &game.position,
                last: game.last_move,
                over: !game.is_active(),
            },
        ),
    };
    data.analyses.insert(id, lang, answer.clone());
    Ok(Ok(answer))
}

/// A command's answer: the text and the picture, pinging nobody.
fn reply(answer: AnalysisAnswer) -> CreateReply {
    CreateReply::default()
        .content(answer.content)
        .attachment(CreateAttachment::bytes(answer.png.to_vec(), FILE_NAME).description(answer.alt))
        .allowed_mentions(CreateAllowedMentions::new())
}
