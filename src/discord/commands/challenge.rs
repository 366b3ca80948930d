//! `/challenge` and the buttons of a challenge message: Accept, Decline, Cancel.

use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, CreateActionRow, CreateAllowedMentions, CreateButton, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, EditInteractionResponse,
};
use tracing::{error, warn};

use monkey_queen_core::GameOptions;

use super::level::LevelChoice;
use crate::discord::context::{Click, Command, Deferred, Outcome, Privacy, split};
use crate::discord::custom_id::ComponentId;
use crate::discord::delivery::retry::{Retry, retry};
use crate::discord::delivery::{announce, first_answer, nonce, reach};
use crate::discord::{Data, Error, board};
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
pub async fn challenge(
    ctx: Command<'_>,
    opponent: Option<serenity::User>,
    size: Option<SizeOption>,
    height: Option<u8>,
    color: Option<ColorOption>,
    pie: Option<bool>,
    clock: Option<ClockOption>,
    rated: Option<bool>,
    level: Option<LevelChoice>,
) -> Result<(), Error> {
    let lang = ctx.lang();
    let data = ctx.data();
    let received_ms = data.service.now_ms();
    let opponent = match &opponent {
        Some(user) if user.bot && user.id.get() != data.bot_user.0 => {
            return ctx.privately(lang.text(&Msg::OtherBot)).await;
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
        Err(e) => return ctx.refuse(&crate::games::UserError::BadOptions(e)).await,
    };
    let level = level.map(|LevelChoice(level)| level);
    let public = ctx.public_lang();
    let new = NewChallenge {
        challenger: ctx.player(),
        opponent,
        guild: ctx.guild_id().map(|g| GuildId(g.get())),
        channel: ChannelId(ctx.channel_id().get()),
        reach: ctx.reach(),
        lang: public,
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
        ctx.defer(Privacy::Private).await?;
    }
    let clock = clock.map(ClockOption::choice);
    let create = data.service.create_challenge_with_clock(new, clock);
    // A game against the computer is deferred already; a challenge is deferred (privately: it
    // may be refused) only if its write waits behind others.
    let created = if against_computer {
        create.await
    } else {
        ctx.unless_quick(create, Privacy::Private).await
    };
    let created = match split(created)? {
        Ok(created) => created,
        Err(refusal) => return ctx.refuse(&refusal).await,
    };
    match created {
        ChallengeCreated::Pending(challenge) => post_challenge(ctx, &challenge, public).await,
        ChallengeCreated::AiGame(started) => {
            let game = started.game;
            let first_turn = data.service.claim_computer_reply(&game);
            // The private "thinking…" is answered first: where the board is a follow-up,
            // Discord's first follow-up of the deferral would edit it instead. Until it is,
            // the token serves no follow-up: it is not kept, and the board goes by DM.
            let said = ctx.privately(lang.text(&Msg::BoardShown(&game))).await;
            if said.is_ok() {
                data.keep_token(
                    &game,
                    &ctx.interaction.token,
                    received_ms,
                    ctx.interaction.channel_id,
                )
                .await;
            }
            let http = ctx.http().clone();
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
            data.service.play_computer(first_turn, game);
            // The game has started and its board went out (by DM if not here): an apology
            // would tell the starter otherwise.
            if let Err(e) = said {
                warn!(error = %e, "could not say privately that the game against the computer started");
            }
            Ok(())
        }
    }
}

/// Posts the challenge message with its buttons and remembers where it is, retrying while
/// Discord is rate limiting or unavailable. A challenge whose message cannot be posted is
/// withdrawn, so nobody is left with a challenge they cannot see or answer (and the
/// challenger may simply try again). After a private deferral, the deferral says it is done
/// and the challenge follows.
async fn post_challenge(ctx: Command<'_>, challenge: &Challenge, lang: Lang) -> Result<(), Error> {
    let text = lang.text(&Msg::ChallengePosted(challenge));
    let text = with_learn_offer(ctx.data(), challenge, lang, text).await;
    let buttons = challenge_buttons(challenge, lang);
    if ctx.is_deferred() {
        // After the private deferral: its "thinking…" says so, then the challenge follows as
        // a new message, whose mention pings (Discord's first follow-up would edit the
        // deferral instead).
        if let Err(e) = ctx.privately(ctx.lang().text(&Msg::Done)).await {
            withdraw(ctx.data(), challenge).await;
            return Err(e);
        }
        let message = CreateInteractionResponseFollowup::new()
            .content(text)
            .components(buttons)
            .allowed_mentions(pings(challenge));
        let (http, token) = (ctx.http(), &ctx.interaction.token);
        let posted = retry("posting a deferred challenge", Retry::FOLLOW_UP, || {
            http.create_followup_message(token, &message, Vec::new())
        })
        .await;
        return match posted {
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
    let message = CreateInteractionResponseMessage::new()
        .content(text)
        .components(buttons)
        .allowed_mentions(pings(challenge));
    match ctx.answer_for_message(message, "posting a challenge").await {
        Ok(Some(message)) => remember(ctx.data(), challenge, Ok(message)).await,
        // Posted, but where is not known: its buttons still work, only its edits are lost.
        Ok(None) => {}
        Err(e) => {
            withdraw(ctx.data(), challenge).await;
            return Err(e);
        }
    }
    Ok(())
}

/// `text` with a line offering `/learn` to the player challenged when they have never played
/// (no game of theirs, no lesson done). Whether they have is only a courtesy: a failure to
/// tell is logged, and the challenge goes out without the line.
async fn with_learn_offer(data: &Data, challenge: &Challenge, lang: Lang, text: String) -> String {
    let Some(opponent) = challenge.challenged else {
        return text;
    };
    match data.service.lessons().is_newcomer(opponent).await {
        Ok(true) => format!("{text}\n{}", lang.text(&Msg::LearnOffer(opponent))),
        Ok(false) => text,
        Err(e) => {
            warn!(challenge = %challenge.id, error = %e, "could not tell whether the opponent ever played");
            text
        }
    }
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
    click: &Click<'_>,
    challenge: &Challenge,
    lang: Lang,
) -> Result<(), Error> {
    let data = click.data();
    let text = lang.text(&Msg::ChallengePosted(challenge));
    let buttons = challenge_buttons(challenge, lang);
    let message = if click.is_deferred() {
        let message = CreateInteractionResponseFollowup::new()
            .content(text)
            .components(buttons)
            .allowed_mentions(pings(challenge));
        let posted = retry("posting a deferred rematch", Retry::FOLLOW_UP, || {
            click.create_followup(click.http(), message.clone())
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
            .components(buttons)
            .allowed_mentions(pings(challenge));
        // One REST call that gives the message's id (see `first_answer`).
        let posted = first_answer::respond_for_message(
            click.first_answer(),
            click.http(),
            (click.id, &click.token),
            message,
            Vec::new(),
            "posting a rematch",
        )
        .await;
        match posted {
            Ok(Some(id)) => Ok(id),
            // Posted, but where is not known: its buttons still work, only its edits are lost.
            Ok(None) => return Ok(()),
            Err(e) => {
                withdraw(data, challenge).await;
                return Err(e);
            }
        }
    };
    remember(data, challenge, message).await;
    Ok(())
}

/// Posts a rematch `challenge` of `game` where the game was played, not where it was asked
/// for: a message in its channel where the bot may post (made once however often it is sent,
/// see `nonce`); elsewhere a follow-up of the game's latest interaction while its token
/// serves, else a DM to the player challenged. The message is remembered.
///
/// # Errors
/// What Discord answered when the challenge reached nobody (the caller may
/// [`withdraw`] it).
pub async fn post_at_place(
    http: &serenity::Http,
    data: &Data,
    challenge: &Challenge,
    game: crate::games::GameId,
    lang: Lang,
) -> Result<(), Error> {
    let text = lang.text(&Msg::ChallengePosted(challenge));
    let buttons = challenge_buttons(challenge, lang);
    let posted = match challenge.reach {
        crate::games::Reach::Channel => {
            let message = serenity::CreateMessage::new()
                .content(text)
                .components(buttons)
                .allowed_mentions(pings(challenge));
            let message = nonce::once(message, nonce::offer(challenge.id));
            retry("posting a rematch", Retry::BOARD, || {
                serenity::ChannelId::new(challenge.channel.0).send_message(http, message.clone())
            })
            .await
            .map(|m| Some(m.id))
        }
        crate::games::Reach::Interactions => {
            send_through_interactions(http, data, challenge, game, text, buttons).await
        }
        // Played on its web page: nothing to post on Discord.
        crate::games::Reach::Web => Ok(None),
    };
    if let Ok(Some(id)) = posted {
        remember(data, challenge, Ok(id)).await;
    }
    posted.map(drop).map_err(Error::from)
}

/// A rematch where the bot cannot post: a follow-up of the game's latest interaction while
/// its token serves (its message id, to edit it on expiry), else a DM to the player
/// challenged (nothing to edit there).
async fn send_through_interactions(
    http: &serenity::Http,
    data: &Data,
    challenge: &Challenge,
    game: crate::games::GameId,
    text: String,
    buttons: Vec<CreateActionRow>,
) -> serenity::Result<Option<serenity::MessageId>> {
    if let Some(token) = reach::kept_token(data, game).await {
        let message = CreateInteractionResponseFollowup::new()
            .content(text.clone())
            .components(buttons.clone())
            .allowed_mentions(pings(challenge));
        match http
            .create_followup_message(token.expose(), &message, Vec::new())
            .await
        {
            Ok(sent) => return Ok(Some(sent.id)),
            Err(e) => warn!(%game, error = %e, "could not follow up with a rematch"),
        }
    }
    let Some(opponent) = challenge.challenged else {
        return Ok(None);
    };
    let message = serenity::CreateMessage::new()
        .content(text)
        .components(buttons)
        .allowed_mentions(pings(challenge));
    reach::direct_message(http, opponent, message).await?;
    Ok(None)
}

/// Withdraws a challenge nobody can see (its message could not be posted); a failure is
/// only logged.
pub async fn withdraw(data: &Data, challenge: &Challenge) {
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

/// Whom a challenge's message pings: the player challenged (never the challenger, whose own
/// challenge it is; nobody for an open one).
fn pings(challenge: &Challenge) -> CreateAllowedMentions {
    CreateAllowedMentions::new().users(
        challenge
            .challenged
            .map(|user| serenity::UserId::new(user.0)),
    )
}

/// Accept and Decline (Accept only, for an open challenge), and Cancel for the challenger.
pub fn challenge_buttons(challenge: &Challenge, lang: Lang) -> Vec<CreateActionRow> {
    let id = challenge.id;
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
/// posts the first board of the new game. The click is deferred if the work is not done
/// within [`Data::defer_after`](crate::discord::Data::defer_after): closing the challenge and,
/// for a game started where it was accepted, drawing its first board.
pub async fn answer(click: &Click<'_>, id: ChallengeId, answer: Answer) -> Result<(), Error> {
    let data = click.data();
    let by = click.player();
    let received_ms = data.service.now_ms();
    let lang = click.public_lang();
    let work = async {
        let (challenge, game) = match close(data, id, &by, answer, lang).await? {
            Ok(closed) => closed,
            Err(refusal) => return Ok(Err(refusal)),
        };
        let here = game
            .as_ref()
            .filter(|_| click.clicked_in(challenge.channel));
        let first = match here {
            // The challenge message becomes the game's first board: the click's own answer,
            // one call that no channel's message limit holds up.
            Some(started) => {
                let game = &started.game;
                data.keep_token(game, &click.token, received_ms, click.channel_id)
                    .await;
                let content = lang.text(&Msg::GameStarted(game));
                let composed = board::compose(data, game, content.clone(), lang).await;
                Some((content, composed))
            }
            None => None,
        };
        Ok::<_, Error>(Ok((challenge, game, first)))
    };
    let (challenge, game, first) = match click.unless_quick(work, Deferred::Click).await? {
        Ok(done) => done,
        Err(refusal) => return click.refuse(&refusal).await,
    };
    let text = lang.text(&Msg::ChallengeClosed {
        challenge: &challenge,
        by: Some(by.id),
    });
    let (Some(started), Some((content, composed))) = (game.clone(), first) else {
        // Declined, cancelled, or accepted away from where the challenge was made (an offer
        // that came by DM): the clicked message says so, and an accepted game's first board
        // goes where the game lives.
        let closed = close_clicked(click, text).await;
        if let Some(started) = game {
            let game = &started.game;
            if let Err(e) = closed {
                warn!(challenge = %id, game = %game.id, error = %e, "could not close an accepted challenge's message");
            }
            let content = lang.text(&Msg::GameStarted(game));
            if board::post_first(click.http(), data, game, content, lang, None).await {
                announce::delivered_here(data, started.announcement).await;
            }
            return Ok(());
        }
        return closed;
    };
    let game = &started.game;
    let delivered = match composed {
        Ok(composed) => board::update_with(click, game, composed).await,
        Err(e) => Err(e),
    };
    let delivered = match delivered {
        Ok(()) => {
            let message = MessageId(click.message.id.get());
            let seen = click.channel.as_ref();
            board::open_thread_if_wanted(click.http(), data, game, message, lang, seen).await;
            true
        }
        Err(e) => {
            // The game exists now: its first board goes out all the same (the challenge's
            // stale Accept then gets a refusal); it stays owed until one of them is out.
            warn!(challenge = %id, game = %game.id, error = %e, "could not turn the challenge into the first board");
            let seen = click.channel.as_ref();
            board::post_first(click.http(), data, game, content, lang, seen).await
        }
    };
    if delivered {
        announce::delivered_here(data, started.announcement).await;
    }
    Ok(())
}

/// Replaces the clicked challenge message's text and takes its buttons away: the click's
/// answer, or an edit after a deferral.
async fn close_clicked(click: &Click<'_>, text: String) -> Result<(), Error> {
    if click.is_deferred() {
        let edit = EditInteractionResponse::new()
            .content(text)
            .components(Vec::new());
        click.edit(edit).await
    } else {
        let update = CreateInteractionResponseMessage::new()
            .content(text)
            .components(Vec::new());
        click
            .answer(CreateInteractionResponse::UpdateMessage(update))
            .await
    }
}

/// Accepts, declines or cancels the challenge for `by`: the challenge as closed, and the game
/// an Accept started, speaking `lang`.
async fn close(
    data: &Data,
    id: ChallengeId,
    by: &PlayerRef,
    answer: Answer,
    lang: Lang,
) -> Outcome<(Challenge, Option<GameStarted>)> {
    let (closed, game) = match answer {
        Answer::Accept => match split(data.service.accept_challenge(id, by, lang).await)? {
            Ok(started) => (data.service.challenge(id).await, Some(started)),
            Err(refusal) => return Ok(Err(refusal)),
        },
        Answer::Decline => (data.service.decline_challenge(id, by.id).await, None),
        Answer::Cancel => (data.service.cancel_challenge(id, by.id).await, None),
    };
    Ok(split(closed)?.map(|challenge| (challenge, game)))
}
