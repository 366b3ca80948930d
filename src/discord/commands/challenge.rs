//! `/challenge` and the buttons of a challenge message: Accept, Decline, Cancel.

use poise::CreateReply;
use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, ComponentInteraction, CreateActionRow, CreateButton, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, EditInteractionResponse,
};
use tracing::{error, warn};

use monkey_queen_core::GameOptions;

use super::level::LevelChoice;
use crate::discord::custom_id::ComponentId;
use crate::discord::reply::{
    Outcome, answer_click, caller, channel_lang, clicker, defer_public, edit_deferred, ephemeral,
    refuse_click, split, user_lang,
};
use crate::discord::retry::{Retry, already_acknowledged, retry};
use crate::discord::{ApplicationContext, Data, Error, ai, announce, board, deferral, reach};
use crate::games::{
    Challenge, ChallengeCreated, ChallengeId, ChannelId, ClockChoice, ColorChoice, GameStarted,
    GuildId, Level, MessageId, NewChallenge, PlayerRef, UserId,
};
use crate::i18n::{Button, Lang, Msg};

/// Board size choices.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum SizeOption {
    #[name = "12×12 (standard)"]
    Twelve,
    #[name = "14×14"]
    Fourteen,
    #[name = "16×16"]
    Sixteen,
}

/// Colour choices for the challenger.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum ColorOption {
    #[name = "random"]
    Random,
    #[name = "white (you move first)"]
    White,
    #[name = "black"]
    Black,
}

/// Time per move.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum ClockOption {
    #[name = "no clock"]
    Unlimited,
    #[name = "10 minutes"]
    TenMinutes,
    #[name = "1 hour"]
    OneHour,
    #[name = "1 day"]
    OneDay,
    #[name = "3 days"]
    ThreeDays,
}

impl ClockOption {
    /// The service's clock choice for this menu entry.
    pub fn choice(self) -> ClockChoice {
        match self {
            ClockOption::Unlimited => ClockChoice::Unlimited,
            ClockOption::TenMinutes => ClockChoice::TenMinutes,
            ClockOption::OneHour => ClockChoice::OneHour,
            ClockOption::OneDay => ClockChoice::OneDay,
            ClockOption::ThreeDays => ClockChoice::ThreeDays,
        }
    }
}

/// Challenge someone to Monkey Queen, post an open challenge, or play the computer (pick me).
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command)]
pub async fn challenge(
    ctx: ApplicationContext<'_>,
    opponent: Option<serenity::User>,
    size: Option<SizeOption>,
    #[min = 20]
    #[max = 40]
    height: Option<u8>,
    color: Option<ColorOption>,
    pie: Option<bool>,
    clock: Option<ClockOption>,
    rated: Option<bool>,
    level: Option<LevelChoice>,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let data = ctx.data();
    let received_ms = data.service.now_ms();
    let opponent = match &opponent {
        Some(user) if user.bot && user.id.get() != data.bot_user.0 => {
            return ephemeral(ctx, lang.text(&Msg::OtherBot)).await;
        }
        Some(user) => Some(PlayerRef::new(
            UserId(user.id.get()),
            user.global_name
                .clone()
                .unwrap_or_else(|| user.name.clone()),
        )),
        None => None,
    };
    let against_computer = opponent.as_ref().is_some_and(|o| o.id == data.bot_user);
    let size = match size.unwrap_or(SizeOption::Twelve) {
        SizeOption::Twelve => 12,
        SizeOption::Fourteen => 14,
        SizeOption::Sixteen => 16,
    };
    let height = height.unwrap_or(GameOptions::default().queen_height());
    let options = match GameOptions::new(size, height, pie.unwrap_or(false)) {
        Ok(options) => options,
        Err(e) => {
            let refusal = crate::games::UserError::BadOptions(e);
            return ephemeral(ctx, lang.text(&Msg::Refused(&refusal))).await;
        }
    };
    let level = level.map(|LevelChoice(level)| level);
    let new = NewChallenge {
        challenger: caller(ctx),
        opponent,
        guild: ctx.guild_id().map(|g| GuildId(g.get())),
        channel: ChannelId(ctx.channel_id().get()),
        reach: reach::of_command(ctx),
        options,
        color: match color.unwrap_or(ColorOption::Random) {
            ColorOption::Random => ColorChoice::Random,
            ColorOption::White => ColorChoice::White,
            ColorOption::Black => ColorChoice::Black,
        },
        move_time_ms: None,
        rated: rated.unwrap_or(true) && !against_computer,
        ai_level: if against_computer {
            Some(level.unwrap_or(Level::Medium))
        } else {
            level
        },
        rematch_of: None,
    };
    if against_computer {
        ctx.defer_ephemeral().await?;
    }
    let clock = clock.map(ClockOption::choice);
    let create = data.service.create_challenge_with_clock(new, clock);
    // A game against the computer is deferred already; a challenge is deferred (publicly, as
    // it will be public) only if its write waits behind others.
    let (created, deferred) = if against_computer {
        (create.await, false)
    } else {
        deferral::unless_quick(data.defer_after, create, defer_public(ctx)).await
    };
    let created = match split(created)? {
        Ok(created) => created,
        Err(refusal) if against_computer => {
            return edit_deferred(ctx, lang.text(&Msg::Refused(&refusal))).await;
        }
        Err(refusal) if deferred => {
            let text = lang.text(&Msg::Refused(&refusal));
            return deferral::refuse_deferred_command(ctx, text).await;
        }
        Err(refusal) => return ephemeral(ctx, lang.text(&Msg::Refused(&refusal))).await,
    };
    let public = channel_lang(
        ctx.interaction.guild_locale.as_deref(),
        &ctx.interaction.locale,
    );
    match created {
        ChallengeCreated::Pending(challenge) => {
            post_challenge(ctx, &challenge, public, deferred).await
        }
        ChallengeCreated::AiGame(started) => {
            let game = started.game;
            let first_turn = ai::claim(data, &game);
            data.keep_token(&game, &ctx.interaction.token, received_ms);
            let http = ctx.serenity_context().http.clone();
            let posted = board::post_first(
                &http,
                data,
                &game,
                public.text(&Msg::GameStarted(&game)),
                public,
                ctx.interaction.channel.as_ref(),
            )
            .await;
            if posted {
                announce::delivered_here(data, started.announcement).await;
            }
            let shown = lang.text(&Msg::BoardShown(&game));
            ai::play(first_turn, http, data.clone(), game, public);
            edit_deferred(ctx, shown).await
        }
    }
}

/// Posts the challenge message with its buttons and remembers where it is, retrying while
/// Discord is rate limiting or unavailable. A challenge whose message cannot be posted is
/// withdrawn, so nobody is left with a challenge they cannot see or answer (and the
/// challenger may simply try again). After a deferral the message is the deferred answer,
/// edited.
async fn post_challenge(
    ctx: ApplicationContext<'_>,
    challenge: &Challenge,
    lang: Lang,
    deferred: bool,
) -> Result<(), Error> {
    let text = lang.text(&Msg::ChallengePosted(challenge));
    let buttons = challenge_buttons(challenge, lang);
    if deferred {
        let edit = EditInteractionResponse::new()
            .content(text)
            .components(buttons);
        let edited = retry("posting a deferred challenge", Retry::EDIT, || {
            ctx.interaction
                .edit_response(ctx.serenity_context(), edit.clone())
        })
        .await;
        return match edited {
            Ok(message) => {
                remember(ctx.data(), challenge, Ok(message.id)).await;
                Ok(())
            }
            Err(e) => {
                withdraw(ctx.data(), challenge).await;
                Err(e.into())
            }
        };
    }
    let reply = CreateReply::default().content(text).components(buttons);
    let sent = retry("posting a challenge", Retry::INTERACTION, || {
        ctx.send(reply.clone())
    })
    .await;
    let message = match sent {
        Ok(handle) => handle.message().await.map(|m| m.id),
        // An earlier attempt got through though its answer was lost: the message is there.
        Err(e) if already_acknowledged(&e) => {
            ctx.has_sent_initial_response
                .store(true, std::sync::atomic::Ordering::SeqCst);
            ctx.interaction.get_response(ctx.http()).await.map(|m| m.id)
        }
        Err(e) => {
            withdraw(ctx.data(), challenge).await;
            return Err(e.into());
        }
    };
    remember(ctx.data(), challenge, message).await;
    Ok(())
}

/// Stores where a challenge message is, so its expiry can edit it; a failure is only logged.
async fn remember(
    data: &Data,
    challenge: &Challenge,
    message: Result<serenity::MessageId, serenity::Error>,
) {
    let stored = match message {
        Ok(id) => data
            .service
            .set_challenge_message(challenge.id, MessageId(id.get()))
            .await
            .map_err(|e| e.to_string()),
        Err(e) => Err(e.to_string()),
    };
    if let Err(e) = stored {
        warn!(challenge = %challenge.id, error = %e, "could not remember the challenge message");
    }
}

/// Answers a button click (Rematch) with a new challenge message and its buttons, and
/// remembers where it is, like [`challenge`] does for the command (a challenge whose message
/// cannot be posted is withdrawn there too). After a deferral the message is a follow-up.
pub async fn post_for_click(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
    challenge: &Challenge,
    lang: Lang,
    deferred: bool,
) -> Result<(), Error> {
    let text = lang.text(&Msg::ChallengePosted(challenge));
    let buttons = challenge_buttons(challenge, lang);
    let message = if deferred {
        let message = CreateInteractionResponseFollowup::new()
            .content(text)
            .components(buttons);
        let posted = retry("posting a deferred rematch", Retry::FOLLOW_UP, || {
            click.create_followup(ctx, message.clone())
        })
        .await;
        match posted {
            Ok(message) => Ok(message.id),
            Err(e) => {
                withdraw(data, challenge).await;
                return Err(e.into());
            }
        }
    } else {
        let message = CreateInteractionResponseMessage::new()
            .content(text)
            .components(buttons);
        let posted = answer_click(ctx, click, CreateInteractionResponse::Message(message)).await;
        if let Err(e) = posted {
            withdraw(data, challenge).await;
            return Err(e);
        }
        click.get_response(&ctx.http).await.map(|m| m.id)
    };
    remember(data, challenge, message).await;
    Ok(())
}

/// Withdraws a challenge nobody can see (its message could not be posted); a failure is
/// only logged.
async fn withdraw(data: &Data, challenge: &Challenge) {
    let withdrawn = data
        .service
        .cancel_challenge(challenge.id, challenge.challenger)
        .await;
    if let Err(e) = withdrawn {
        error!(
            challenge = %challenge.id, error = %e,
            "could not withdraw an unposted challenge"
        );
    }
}

/// Accept and Decline (Accept only, for an open challenge), and Cancel for the challenger.
pub fn challenge_buttons(challenge: &Challenge, lang: Lang) -> Vec<CreateActionRow> {
    let id = challenge.id.0;
    let mut buttons = vec![
        CreateButton::new(ComponentId::Accept { challenge: id }.to_string())
            .label(lang.text(&Msg::Label(Button::Accept)))
            .style(ButtonStyle::Success),
    ];
    if challenge.challenged.is_some() {
        buttons.push(
            CreateButton::new(ComponentId::Decline { challenge: id }.to_string())
                .label(lang.text(&Msg::Label(Button::Decline)))
                .style(ButtonStyle::Danger),
        );
    }
    buttons.push(
        CreateButton::new(ComponentId::Cancel { challenge: id }.to_string())
            .label(lang.text(&Msg::Label(Button::Cancel)))
            .style(ButtonStyle::Secondary),
    );
    vec![CreateActionRow::Buttons(buttons)]
}

/// What a click on a challenge button asks for.
#[derive(Debug, Clone, Copy)]
pub enum Answer {
    /// Take the challenge: the game starts.
    Accept,
    /// Refuse it (the challenged player only).
    Decline,
    /// Withdraw it (the challenger only).
    Cancel,
}

/// Handles Accept, Decline and Cancel: edits the challenge message in place, and on Accept
/// posts the first board of the new game.
pub async fn answer(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
    id: ChallengeId,
    answer: Answer,
) -> Result<(), Error> {
    let by = clicker(click);
    let received_ms = data.service.now_ms();
    let lang = Lang::from_locale(click.guild_locale.as_deref().unwrap_or(&click.locale));
    let work = close(data, id, &by, answer);
    let defer = deferral::defer_click(ctx, click);
    let (closed, deferred) = deferral::unless_quick(data.defer_after, work, defer).await;
    let (challenge, game) = match closed? {
        Ok(closed) => closed,
        Err(refusal) if deferred => {
            return deferral::refuse_deferred_click(ctx, click, &refusal).await;
        }
        Err(refusal) => return refuse_click(ctx, click, &refusal).await,
    };
    let text = lang.text(&Msg::ChallengeClosed {
        challenge: &challenge,
        by: Some(by.id),
    });
    let closed = if deferred {
        let edit = EditInteractionResponse::new()
            .content(text)
            .components(Vec::new());
        deferral::edit_clicked_message(ctx, click, edit).await
    } else {
        let update = CreateInteractionResponseMessage::new()
            .content(text)
            .components(Vec::new());
        answer_click(ctx, click, CreateInteractionResponse::UpdateMessage(update)).await
    };
    let Some(started) = game else {
        return closed;
    };
    let game = started.game;
    // The game exists now: its first board (which pings the player to move) goes out even if
    // the challenge message could not be closed; its stale Accept then gets a refusal.
    if let Err(e) = closed {
        warn!(
            challenge = %id, game = %game.id, error = %e,
            "could not close the accepted challenge's message"
        );
    }
    data.keep_token(&game, &click.token, received_ms);
    let posted = board::post_first(
        &ctx.http,
        data,
        &game,
        lang.text(&Msg::GameStarted(&game)),
        lang,
        click.channel.as_ref(),
    )
    .await;
    if posted {
        announce::delivered_here(data, started.announcement).await;
    }
    Ok(())
}

/// Accepts, declines or cancels the challenge for `by`: the challenge as closed, and the game
/// an Accept started.
async fn close(
    data: &Data,
    id: ChallengeId,
    by: &PlayerRef,
    answer: Answer,
) -> Outcome<(Challenge, Option<GameStarted>)> {
    let (closed, game) = match answer {
        Answer::Accept => match split(data.service.accept_challenge(id, by).await)? {
            Ok(started) => (data.service.challenge(id).await, Some(started)),
            Err(refusal) => return Ok(Err(refusal)),
        },
        Answer::Decline => (data.service.decline_challenge(id, by.id).await, None),
        Answer::Cancel => (data.service.cancel_challenge(id, by.id).await, None),
    };
    Ok(split(closed)?.map(|challenge| (challenge, game)))
}
