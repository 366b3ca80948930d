//! `/tournament create`: a new tournament, announced by its own public message with Join and
//! Leave (and its own thread where the server gives games threads).

use poise::serenity_prelude as serenity;
use serenity::{
    CreateAllowedMentions, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
};

use monkey_queen_core::GameOptions;

use super::super::challenge::{ClockOption, SizeOption};
use super::{organiser, server};
use crate::discord::context::{Command, Privacy, split};
use crate::discord::delivery::retry::{Retry, retry};
use crate::discord::{Error, tournament_posts};
use crate::games::{
    ChannelId, MAX_DOUBLE_ROUND_ROBIN_PLAYERS, MessageId, NewTournament, TournamentFormat,
    TournamentView, UserError,
};
use crate::i18n::{Lang, Msg};

/// Swiss rounds when none are asked for.
const DEFAULT_ROUNDS: u32 = 4;
/// Players a tournament takes when no limit is given.
const DEFAULT_PLAYERS: u32 = 32;

/// How the players are paired.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum FormatOption {
    #[name = "Swiss"]
    Swiss,
    #[name = "round robin"]
    RoundRobin,
    #[name = "double round robin"]
    DoubleRoundRobin,
}

/// When a tournament starts by itself.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum StartOption {
    #[name = "in 15 minutes"]
    QuarterHour,
    #[name = "in 1 hour"]
    OneHour,
    #[name = "in 6 hours"]
    SixHours,
    #[name = "in 1 day"]
    OneDay,
    #[name = "in 3 days"]
    ThreeDays,
    #[name = "in 1 week"]
    OneWeek,
}

impl StartOption {
    /// How long after now it starts, in milliseconds.
    fn after_ms(self) -> i64 {
        const MINUTE: i64 = 60_000;
        match self {
            StartOption::QuarterHour => 15 * MINUTE,
            StartOption::OneHour => 60 * MINUTE,
            StartOption::SixHours => 6 * 60 * MINUTE,
            StartOption::OneDay => 24 * 60 * MINUTE,
            StartOption::ThreeDays => 3 * 24 * 60 * MINUTE,
            StartOption::OneWeek => 7 * 24 * 60 * MINUTE,
        }
    }
}

/// Create a tournament in this channel (server managers, or anyone the settings allow).
#[allow(clippy::too_many_arguments)]
pub async fn create(
    ctx: Command<'_>,
    name: String,
    format: Option<FormatOption>,
    rounds: Option<u32>,
    size: Option<SizeOption>,
    height: Option<u8>,
    pie: Option<bool>,
    clock: Option<ClockOption>,
    rated: Option<bool>,
    players: Option<u32>,
    start: Option<StartOption>,
) -> Result<(), Error> {
    let Some(guild) = server(ctx).await? else {
        return Ok(());
    };
    let size = match size.unwrap_or(SizeOption::Twelve) {
        SizeOption::Twelve => 12,
        SizeOption::Fourteen => 14,
        SizeOption::Sixteen => 16,
    };
    let height = height.unwrap_or(GameOptions::default().queen_height());
    let options = match GameOptions::new(size, height, pie.unwrap_or(false)) {
        Ok(options) => options,
        Err(e) => return ctx.refuse(&UserError::BadOptions(e)).await,
    };
    let format = format.unwrap_or(FormatOption::Swiss);
    let double = matches!(format, FormatOption::DoubleRoundRobin);
    // A double round robin takes fewer players than the others' default.
    let players = players.unwrap_or(if double {
        MAX_DOUBLE_ROUND_ROBIN_PLAYERS
    } else {
        DEFAULT_PLAYERS
    });
    let data = ctx.data();
    let public = ctx.public_lang();
    let now = data.service.now_ms();
    let player = ctx.player();
    let work = async {
        let move_time_ms = match clock {
            Some(clock) => clock.choice().ms(),
            None => data.service.settings(guild).await?.default_clock.ms(),
        };
        let view = data
            .service
            .tournaments()
            .create(NewTournament {
                organiser: organiser(ctx),
                organiser_name: player.name.clone(),
                guild,
                channel: ChannelId(ctx.channel_id().get()),
                reach: ctx.reach(),
                name,
                format: match format {
                    FormatOption::Swiss => TournamentFormat::Swiss,
                    FormatOption::RoundRobin | FormatOption::DoubleRoundRobin => {
                        TournamentFormat::RoundRobin
                    }
                },
                rounds: rounds.unwrap_or(DEFAULT_ROUNDS),
                double,
                options,
                move_time_ms,
                rated: rated.unwrap_or(true),
                max_players: players,
                starts_ms: start.map(|s| now + s.after_ms()),
                lang: public,
            })
            .await?;
        // Its page's key is given here, so a slow database defers the answer.
        let page = data.tournament_page_url(view.tournament.id).await;
        Ok((view, page))
    };
    // Deferred privately (it may be refused) only if the write waits behind others.
    let (view, page) = match split(ctx.unless_quick(work, Privacy::Private).await)? {
        Ok(found) => found,
        Err(refusal) => return ctx.refuse(&refusal).await,
    };
    let message = post(ctx, &view, public, page.as_deref()).await?;
    let http = ctx.http().clone();
    tournament_posts::remember_message(&http, data, &view, message).await
}

/// Posts the tournament's message, pinging nobody: the command's answer, or after a private
/// deferral (which then says it is done) a follow-up, with the link to its `page`. Returns the
/// message's id.
async fn post(
    ctx: Command<'_>,
    view: &TournamentView,
    lang: Lang,
    page: Option<&str>,
) -> Result<MessageId, Error> {
    let (text, buttons) = tournament_posts::message(view, lang, page);
    if ctx.is_deferred() {
        ctx.privately(ctx.lang().text(&Msg::Done)).await?;
        let message = CreateInteractionResponseFollowup::new()
            .content(text)
            .components(buttons)
            .allowed_mentions(CreateAllowedMentions::new());
        let http = ctx.http();
        let token = &ctx.interaction.token;
        let posted = retry("posting a deferred tournament", Retry::FOLLOW_UP, || {
            http.create_followup_message(token, &message, Vec::new())
        })
        .await?;
        return Ok(MessageId(posted.id.get()));
    }
    let message = CreateInteractionResponseMessage::new()
        .content(text)
        .components(buttons)
        .allowed_mentions(CreateAllowedMentions::new());
    let message = ctx
        .answer_for_message(message, "posting a tournament")
        .await?;
    let message =
        message.ok_or_else(|| Error::Unexpected("a tournament's message is lost".into()))?;
    Ok(MessageId(message.get()))
}
