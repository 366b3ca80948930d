//! One context for a command or a click: who asks, in which languages, and how to answer them
//! in time.
//!
//! A slash command's handler gets a [`Command`] (made from poise's context on the gateway, by
//! the interactions endpoint for HTTP); the router hands a button's or a menu's handler a
//! [`Click`]. Neither needs a gateway connection: both answer through the REST client and the
//! interaction's [`FirstAnswer`]. Both give the asker's language (`lang`), the
//! language of what everyone in the channel reads (`public_lang`: the server's, else the
//! asker's), the asker as a player and as a viewer, a refusal only they see (`refuse`), and
//! the deferral that answers within Discord's 3 seconds when the work is slow
//! (`unless_quick`), after which `refuse` and `privately` edit the deferral or follow it up as
//! Discord requires (see `delivery::deferral`). Work that answers a command and a click alike
//! (a move, a puzzle) answers an [`Asker`], the interaction's id and token with its languages.

use std::future::Future;
use std::ops::Deref;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

use poise::CreateReply;
use poise::serenity_prelude as serenity;
use serenity::{
    CommandInteraction, ComponentInteraction, CreateAllowedMentions, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, EditInteractionResponse,
    Http, InteractionId, Member, User,
};

use super::delivery::first_answer::{self, FirstAnswer};
use super::delivery::retry::{Retry, retry};
use super::delivery::{deferral, reach, reply};
use super::{ApplicationContext, Data, Error};
use crate::games::{
    Audience, ChannelId, GuildId, PlayerRef, Reach, ServiceError, UserError, UserId, Viewer,
};
use crate::i18n::{Lang, Msg};

pub use super::delivery::deferral::Deferred;

/// A service answer: `Ok(Ok(value))`, a refusal to show the user, or an internal failure.
pub type Outcome<T> = Result<Result<T, UserError>, Error>;

/// Splits a service result: refusals become `Ok(Err(_))`, internal failures `Err(_)`.
pub fn split<T>(result: Result<T, ServiceError>) -> Outcome<T> {
    match result {
        Ok(value) => Ok(Ok(value)),
        Err(ServiceError::User(refusal)) => Ok(Err(refusal)),
        Err(ServiceError::Internal(e)) => Err(e.into()),
    }
}

/// The language of a Discord locale (`es-ES`, sent with every interaction): the one place the
/// face reads one.
pub fn lang_of(locale: &str) -> Lang {
    Lang::from_locale(locale)
}

/// A refusal in `lang`, as its asker reads it.
fn refusal_text(lang: Lang, refusal: &UserError) -> String {
    lang.text(&Msg::Refused(refusal))
}

/// Who sent an interaction and from where, as Discord describes them with it: what a command
/// and a click share.
struct Sender<'a> {
    user: &'a User,
    member: Option<&'a Member>,
    guild: Option<serenity::GuildId>,
    channel: serenity::ChannelId,
    locale: &'a str,
    guild_locale: Option<&'a str>,
}

impl Sender<'_> {
    fn lang(&self) -> Lang {
        lang_of(self.locale)
    }

    fn public_lang(&self) -> Lang {
        lang_of(self.guild_locale.unwrap_or(self.locale))
    }

    /// The sender's id and the name they show here: their nickname in the server, else their
    /// display name, else their username.
    fn player(&self) -> PlayerRef {
        let name = self
            .member
            .and_then(|m| m.nick.clone())
            .or_else(|| self.user.global_name.clone())
            .unwrap_or_else(|| self.user.name.clone());
        PlayerRef::new(self.user(), name)
    }

    fn user(&self) -> UserId {
        UserId(self.user.id.get())
    }

    fn viewer(&self) -> Viewer {
        Viewer {
            user: self.user(),
            guild: self.guild.map(|g| GuildId(g.get())),
        }
    }

    fn audience(&self) -> Audience {
        let guild = self.guild.map(|g| GuildId(g.get()));
        Audience::everyone_in(guild, ChannelId(self.channel.get()))
    }
}

/// Who sees a command's deferral ("thinking…") and the answer that replaces it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Privacy {
    /// Only the caller.
    Private,
    /// Everyone in the channel.
    Public,
}

/// A slash command being answered: the interaction, the handlers' shared state, and how its
/// first answer leaves (see [`FirstAnswer`]), with the toolkit. Built from poise's context for
/// the gateway's commands, and by the interactions endpoint for those that come by HTTP.
#[derive(Clone, Copy)]
pub struct Command<'a> {
    http: &'a Arc<Http>,
    data: &'a Data,
    /// The command interaction.
    pub interaction: &'a CommandInteraction,
    /// Whether its first answer was given: then later answers are edits and follow-ups.
    answered: &'a AtomicBool,
    first: &'a FirstAnswer,
}

impl<'a> From<ApplicationContext<'a>> for Command<'a> {
    fn from(ctx: ApplicationContext<'a>) -> Command<'a> {
        Command {
            http: &ctx.serenity_context().http,
            data: ctx.data(),
            interaction: ctx.interaction,
            answered: ctx.has_sent_initial_response,
            first: &first_answer::BY_REST,
        }
    }
}

impl<'a> Command<'a> {
    /// The command `interaction`, answered through `http` and `first`, its handler sharing
    /// `data`; `answered` keeps whether its first answer was given.
    pub fn new(
        http: &'a Arc<Http>,
        data: &'a Data,
        interaction: &'a CommandInteraction,
        answered: &'a AtomicBool,
        first: &'a FirstAnswer,
    ) -> Command<'a> {
        Command {
            http,
            data,
            interaction,
            answered,
            first,
        }
    }

    fn sender(&self) -> Sender<'a> {
        let interaction = self.interaction;
        Sender {
            user: &interaction.user,
            member: interaction.member.as_deref(),
            guild: interaction.guild_id,
            channel: interaction.channel_id,
            locale: &interaction.locale,
            guild_locale: interaction.guild_locale.as_deref(),
        }
    }

    /// The handlers' shared state.
    pub fn data(&self) -> &'a Data {
        self.data
    }

    /// Discord's REST client.
    pub fn http(&self) -> &'a Arc<Http> {
        self.http
    }

    /// The channel the command was sent in.
    pub fn channel_id(&self) -> serenity::ChannelId {
        self.interaction.channel_id
    }

    /// The server the command was sent in, if any.
    pub fn guild_id(&self) -> Option<serenity::GuildId> {
        self.interaction.guild_id
    }

    /// The caller's language.
    pub fn lang(&self) -> Lang {
        self.sender().lang()
    }

    /// The language of what everyone in the channel reads: the server's, else the caller's.
    pub fn public_lang(&self) -> Lang {
        self.sender().public_lang()
    }

    /// The caller as a player: id and the name they show here.
    pub fn player(&self) -> PlayerRef {
        self.sender().player()
    }

    /// The caller's id.
    pub fn user(&self) -> UserId {
        self.sender().user()
    }

    /// The caller as a viewer: the service decides what they may see (see
    /// [`Viewer::may_see`]).
    pub fn viewer(&self) -> Viewer {
        self.sender().viewer()
    }

    /// Everyone who reads the channel the command was sent in: the audience of a public answer
    /// to it (see [`Audience::everyone_in`]).
    pub fn audience(&self) -> Audience {
        self.sender().audience()
    }

    /// How the bot reaches the command's channel.
    pub fn reach(&self) -> Reach {
        reach::of_command_interaction(self.interaction)
    }

    /// The command as an [`Asker`], for work that answers a command and a click alike.
    pub fn asker(&self) -> Asker<'a> {
        let interaction = self.interaction;
        Asker {
            http: self.http,
            first: self.first,
            id: interaction.id,
            token: &interaction.token,
            channel: interaction.channel_id,
            lang: self.lang(),
            public: self.public_lang(),
            answered: Answered::Command(self.answered),
        }
    }

    /// Whether the command's first answer has been given: normally its deferral, which later
    /// answers then edit.
    pub fn is_deferred(&self) -> bool {
        self.answered.load(Ordering::SeqCst)
    }

    /// Answers the command with `reply`, as its first answer (see [`FirstAnswer::respond`]),
    /// or once that was given, as a follow-up. Mentions of users ping unless `reply` says
    /// otherwise.
    ///
    /// # Errors
    /// Discord refused the answer.
    pub async fn send(&self, reply: CreateReply) -> Result<(), Error> {
        // What poise's own replies default to: not ephemeral, and pinging the users mentioned.
        let mentions = CreateAllowedMentions::new()
            .all_users(true)
            .replied_user(true);
        if self.is_deferred() {
            let followup = CreateInteractionResponseFollowup::new()
                .ephemeral(false)
                .allowed_mentions(mentions);
            let followup = reply.to_slash_followup_response(followup);
            self.interaction
                .create_followup(self.http, followup)
                .await?;
            return Ok(());
        }
        let message = CreateInteractionResponseMessage::new()
            .ephemeral(false)
            .allowed_mentions(mentions);
        let message = reply.to_slash_initial_response(message);
        let (id, token) = (self.interaction.id, &self.interaction.token);
        let response = CreateInteractionResponse::Message(message);
        self.first
            .respond(self.http, id, token, &response, "answering a command")
            .await?;
        self.answered.store(true, Ordering::SeqCst);
        Ok(())
    }

    /// Answers the command with `message` (no files), by one REST call that gives the id of
    /// the message it made (see [`first_answer::respond_for_message`]): for a message the bot
    /// edits later (a challenge, a tournament). `None` when Discord took it but its id could
    /// not be learnt (logged).
    ///
    /// # Errors
    /// The message was not posted.
    pub async fn answer_for_message(
        &self,
        message: CreateInteractionResponseMessage,
        what: &str,
    ) -> Result<Option<serenity::MessageId>, Error> {
        let asked = (self.interaction.id, self.interaction.token.as_str());
        let id = first_answer::respond_for_message(
            self.first,
            self.http,
            asked,
            message,
            Vec::new(),
            what,
        )
        .await?;
        self.answered.store(true, Ordering::SeqCst);
        Ok(id)
    }

    /// Defers the answer ("thinking…"), seen as `privacy` says, retrying while Discord is rate
    /// limiting or unavailable; later answers edit it or follow it.
    ///
    /// # Errors
    /// Discord refused the deferral.
    pub async fn defer(&self, privacy: Privacy) -> Result<(), Error> {
        let message = match privacy {
            Privacy::Private => CreateInteractionResponseMessage::new().ephemeral(true),
            Privacy::Public => CreateInteractionResponseMessage::new(),
        };
        let (id, token) = (self.interaction.id, &self.interaction.token);
        let defer = CreateInteractionResponse::Defer(message);
        self.first
            .respond(self.http, id, token, &defer, "deferring a command")
            .await?;
        self.answered.store(true, Ordering::SeqCst);
        Ok(())
    }

    /// Runs `work`, deferring the answer (as [`Command::defer`] does) if it is not done within
    /// [`Data::defer_after`]; [`Command::is_deferred`] then says whether it was.
    pub async fn unless_quick<T>(&self, work: impl Future<Output = T>, privacy: Privacy) -> T {
        let after = self.data.defer_after;
        // On the heap: a handler's work is large, and the stack of a debug build is not.
        let (work, defer) = (Box::pin(work), Box::pin(self.defer(privacy)));
        deferral::unless_quick(after, work, defer).await.0
    }

    /// Tells the caller `text`: in a message only they see, or once the command is deferred,
    /// in place of the deferral (as public as it was), retrying while Discord is rate limiting
    /// or unavailable.
    ///
    /// # Errors
    /// Discord refused the answer.
    pub async fn privately(&self, text: String) -> Result<(), Error> {
        if self.is_deferred() {
            let edit = EditInteractionResponse::new().content(text);
            retry("editing a response", Retry::ANSWER_EDIT, || {
                self.interaction.edit_response(self.http, edit.clone())
            })
            .await?;
            Ok(())
        } else {
            self.send(CreateReply::default().content(text).ephemeral(true))
                .await
        }
    }

    /// Refuses the command, in the caller's language, as [`Command::privately`] answers.
    ///
    /// # Errors
    /// Discord refused the answer.
    pub async fn refuse(&self, refusal: &UserError) -> Result<(), Error> {
        self.privately(refusal_text(self.lang(), refusal)).await
    }

    /// After the command's private deferral: says in the "thinking…" that it is done, then
    /// sends `message` as a public message of its own (Discord's first follow-up of a deferral
    /// would edit the "thinking…" instead, keeping it private).
    ///
    /// # Errors
    /// Discord refused the edit or the message.
    pub async fn follow_up_publicly(
        &self,
        message: CreateInteractionResponseFollowup,
    ) -> Result<(), Error> {
        self.privately(self.lang().text(&Msg::Done)).await?;
        retry("following up publicly", Retry::FOLLOW_UP, || {
            self.interaction.create_followup(self.http, message.clone())
        })
        .await?;
        Ok(())
    }
}

/// A click on a button or a pick in a menu being answered: the interaction (which it derefs
/// to), the handlers' shared state, and how its answer was put off.
pub struct Click<'a> {
    http: &'a Arc<Http>,
    data: &'a Data,
    first: &'a FirstAnswer,
    interaction: &'a ComponentInteraction,
    /// How the click was deferred, once it was.
    deferred: OnceLock<Deferred>,
}

impl Deref for Click<'_> {
    type Target = ComponentInteraction;

    fn deref(&self) -> &ComponentInteraction {
        self.interaction
    }
}

/// The person who clicked, as a player (what [`Click::player`] gives).
pub fn clicker(click: &ComponentInteraction) -> PlayerRef {
    Click::sender_of(click).player()
}

impl<'a> Click<'a> {
    /// The click `interaction`, answered through `http` and `first`, its handler sharing
    /// `data`.
    pub fn new(
        http: &'a Arc<Http>,
        data: &'a Data,
        interaction: &'a ComponentInteraction,
        first: &'a FirstAnswer,
    ) -> Click<'a> {
        Click {
            http,
            data,
            first,
            interaction,
            deferred: OnceLock::new(),
        }
    }

    fn sender_of(interaction: &ComponentInteraction) -> Sender<'_> {
        Sender {
            user: &interaction.user,
            member: interaction.member.as_ref(),
            guild: interaction.guild_id,
            channel: interaction.channel_id,
            locale: &interaction.locale,
            guild_locale: interaction.guild_locale.as_deref(),
        }
    }

    /// The handlers' shared state.
    pub fn data(&self) -> &'a Data {
        self.data
    }

    /// Discord's REST client.
    pub fn http(&self) -> &'a Arc<Http> {
        self.http
    }

    /// How the click's first answer leaves.
    pub fn first_answer(&self) -> &'a FirstAnswer {
        self.first
    }

    /// The clicker's language.
    pub fn lang(&self) -> Lang {
        Click::sender_of(self.interaction).lang()
    }

    /// The language of what everyone in the channel reads: the server's, else the clicker's.
    pub fn public_lang(&self) -> Lang {
        Click::sender_of(self.interaction).public_lang()
    }

    /// The clicker as a player: id and the name they show here.
    pub fn player(&self) -> PlayerRef {
        clicker(self.interaction)
    }

    /// The clicker's id.
    pub fn user(&self) -> UserId {
        Click::sender_of(self.interaction).user()
    }

    /// The clicker as a viewer (see [`Command::viewer`]).
    pub fn viewer(&self) -> Viewer {
        Click::sender_of(self.interaction).viewer()
    }

    /// Everyone who reads the channel of the clicked message (see [`Command::audience`]).
    pub fn audience(&self) -> Audience {
        Click::sender_of(self.interaction).audience()
    }

    /// How the bot reaches the clicked message's channel.
    pub fn reach(&self) -> Reach {
        reach::of_click(self.interaction)
    }

    /// Whether the click was made in `channel`, or in a thread of it.
    pub fn clicked_in(&self, channel: ChannelId) -> bool {
        self.interaction.channel_id.get() == channel.0
            || self
                .interaction
                .channel
                .as_ref()
                .and_then(|c| c.parent_id)
                .is_some_and(|parent| parent.get() == channel.0)
    }

    /// The click as an [`Asker`], for work that answers a command and a click alike.
    pub fn asker(&self) -> Asker<'_> {
        Asker {
            http: self.http(),
            first: self.first,
            id: self.interaction.id,
            token: &self.interaction.token,
            channel: self.interaction.channel_id,
            lang: self.lang(),
            public: self.public_lang(),
            answered: Answered::Click(&self.deferred),
        }
    }

    /// How the click's answer was put off so far.
    pub fn deferred(&self) -> Deferred {
        self.deferred.get().copied().unwrap_or(Deferred::No)
    }

    /// Whether the click's answer was put off (see [`Click::deferred`]).
    pub fn is_deferred(&self) -> bool {
        self.deferred() != Deferred::No
    }

    /// Defers the click `how` (see [`Deferred`]), and remembers it for the answers after.
    ///
    /// # Errors
    /// Discord refused the deferral.
    pub async fn defer(&self, how: Deferred) -> Result<(), Error> {
        let (id, token) = (self.interaction.id, &self.interaction.token);
        deferral::defer(self.http(), self.first, id, token, how).await?;
        if how != Deferred::No {
            // A click is deferred once: Discord refuses a second deferral first.
            let _ = self.deferred.set(how);
        }
        Ok(())
    }

    /// Runs `work`, deferring the click `how` if it is not done within
    /// [`Data::defer_after`]; [`Click::is_deferred`] then says whether it was.
    pub async fn unless_quick<T>(&self, work: impl Future<Output = T>, how: Deferred) -> T {
        // On the heap: a handler's work is large, and the stack of a debug build is not.
        let (work, defer) = (Box::pin(work), Box::pin(self.defer(how)));
        deferral::unless_quick(self.data.defer_after, work, defer)
            .await
            .0
    }

    /// Answers the click with `response` (see [`reply::answer_click`]).
    ///
    /// # Errors
    /// Discord refused the answer.
    pub async fn answer(&self, response: CreateInteractionResponse) -> Result<(), Error> {
        reply::answer_click(self.http, self.first, self.interaction, &response).await
    }

    /// After a deferral: replaces the clicked message (deferred [`Deferred::Click`]) or the
    /// private "thinking…" ([`Deferred::Privately`]) with `edit`.
    ///
    /// # Errors
    /// Discord refused the edit.
    pub async fn edit(&self, edit: EditInteractionResponse) -> Result<(), Error> {
        deferral::edit_clicked_message(self.http, self.interaction, edit).await
    }

    /// Tells the clicker `text`, in a message only they see, however the click was deferred.
    ///
    /// # Errors
    /// Discord refused the answer.
    pub async fn privately(&self, text: String) -> Result<(), Error> {
        self.asker().privately(self.deferred(), text).await
    }

    /// Refuses the click, in the clicker's language, only for them, however it was deferred.
    ///
    /// # Errors
    /// Discord refused the answer.
    pub async fn refuse(&self, refusal: &UserError) -> Result<(), Error> {
        self.privately(refusal_text(self.lang(), refusal)).await
    }
}

/// An interaction answered by its id and token, whichever kind it is: what a command and a
/// click share when the same work answers both (a move by `/move` or by the Move button's last
/// pick, a puzzle by `/puzzle` or by its buttons). How it was deferred is the caller's to say.
#[derive(Clone, Copy)]
pub struct Asker<'a> {
    /// The REST client.
    pub http: &'a Arc<Http>,
    /// How its first answer leaves.
    pub first: &'a FirstAnswer,
    /// The interaction.
    pub id: InteractionId,
    /// Its token, for the answer, edits and follow-ups.
    pub token: &'a str,
    /// The channel it was made in.
    pub channel: serenity::ChannelId,
    /// The asker's language.
    pub lang: Lang,
    /// The language of what everyone in the channel reads.
    pub public: Lang,
    /// Where the command or click it stands for keeps that it was deferred, so that an
    /// apology for a failure after the deferral edits or follows it.
    answered: Answered<'a>,
}

/// Where an [`Asker`]'s deferral is recorded.
#[derive(Clone, Copy)]
enum Answered<'a> {
    /// A command's: whether its first answer was given, which makes its later answers edits
    /// and follow-ups.
    Command(&'a std::sync::atomic::AtomicBool),
    /// A click's: how it was deferred (see [`Click::deferred`]).
    Click(&'a OnceLock<Deferred>),
}

impl Asker<'_> {
    /// Defers the interaction `how` (see [`deferral::defer`]), and records it.
    ///
    /// # Errors
    /// Discord refused the deferral.
    pub async fn defer(&self, how: Deferred) -> Result<(), Error> {
        deferral::defer(self.http, self.first, self.id, self.token, how).await?;
        if how != Deferred::No {
            match self.answered {
                Answered::Command(sent) => sent.store(true, Ordering::SeqCst),
                Answered::Click(deferred) => {
                    let _ = deferred.set(how);
                }
            }
        }
        Ok(())
    }

    /// Runs `work`, deferring the interaction `how` if it is not done within
    /// [`Data::defer_after`]; returns its result and how the interaction was deferred
    /// ([`Deferred::No`] when it was not).
    pub async fn unless_quick<T>(
        &self,
        data: &Data,
        work: impl Future<Output = T>,
        how: Deferred,
    ) -> (T, Deferred) {
        // On the heap: a handler's work is large, and the stack of a debug build is not.
        let (work, defer) = (Box::pin(work), Box::pin(self.defer(how)));
        let (done, deferred) = deferral::unless_quick(data.defer_after, work, defer).await;
        (done, if deferred { how } else { Deferred::No })
    }

    /// `text` for the asker only, the interaction having been `deferred` so (see
    /// [`deferral::privately`]).
    ///
    /// # Errors
    /// Discord refused the answer.
    pub async fn privately(&self, deferred: Deferred, text: String) -> Result<(), Error> {
        deferral::privately(self.http, self.first, self.id, self.token, deferred, text).await
    }

    /// The refusal, in the asker's language, for them only, the interaction having been
    /// `deferred` so.
    ///
    /// # Errors
    /// Discord refused the answer.
    pub async fn refuse(&self, deferred: Deferred, refusal: &UserError) -> Result<(), Error> {
        self.privately(deferred, refusal_text(self.lang, refusal))
            .await
    }
}
