//! Delivering the service's announcements (its outbox, see [`GameService::next_announcement`]):
//! reminders mention the player to move where the game is shown, losses on time, new games,
//! moves and the ends of games resigned, claimed or aborted are board messages, a lapsed
//! challenge's message says so and loses its buttons, a rematch offered on the Activity is
//! posted where its game was played, a tournament's rounds and end are posted where it is
//! followed (see `tournament_posts`), and the daily puzzle in each server's chosen channel
//! (see `puzzle_posts`). Posts in a channel carry a nonce (see `nonce`), so one delivered
//! twice (its answer lost, or its deliverer dead before reporting it) shows once.
//! Where the app is only user-installed, a reminder follows up the game's latest interaction
//! while its token serves and goes to the player's DM after; a lapsed challenge's message there
//! stays as it is (its buttons answer that it expired), so the service queues none.
//!
//! A board the handlers delivered themselves (a move's answer, a new game's first board, a
//! game's end) is reported with [`delivered_here`], so the outbox posts only those they could
//! not.
//!
//! Each announcement speaks the language stored with its game or challenge, whichever process
//! delivers it. Each delivery is reported back: delivered or refused for good (the channel is
//! gone, the bot lost access, the player takes no DMs) and the announcement is done; any other
//! failure and it is retried later.
//!
//! [`GameService::next_announcement`]: crate::games::GameService::next_announcement

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{
    CreateAllowedMentions, CreateInteractionResponseFollowup, CreateMessage, EditMessage, Http,
};
use tracing::warn;

use super::retry::{Retry, once};
use super::{nonce, reach};
use crate::discord::commands::challenge;
use crate::discord::{Data, Error, Limits, board, puzzle_posts, tournament_posts};
use crate::games::{
    Announced, AnnouncementId, Challenge, DELIVERY_LEASE_MS, Deliver, Delivery, GameId, GameView,
    Reach,
};
use crate::i18n::{Lang, Msg};

/// Delivers `what` in its game's (or challenge's) language.
///
/// # Errors
/// What Discord (or drawing the board) answered; nothing was delivered then, or, for a request
/// whose answer was lost, perhaps it was.
pub async fn deliver(http: &Http, data: &Data, what: &Announced) -> Result<(), Error> {
    if what.reach() == Reach::Web {
        // Played on its web page, which shows everything: nothing goes to Discord.
        return Ok(());
    }
    let lang = what.lang();
    match what {
        Announced::Reminder(game) => remind(http, data, game, lang).await,
        Announced::Timeout(game) => {
            let Some(result) = &game.result else {
                return Ok(());
            };
            let text = lang.text(&Msg::GameOver(game, result));
            board::deliver(http, data, game, text, lang).await
        }
        Announced::Started(game) => {
            let text = lang.text(&Msg::GameStarted(game));
            board::deliver_first(http, data, game, text, lang, None).await
        }
        Announced::Board(game) => board_after_move(http, data, game).await,
        Announced::Expired(challenge) => close(http, challenge, lang).await,
        Announced::Round { tournament, round } => {
            tournament_posts::deliver_round(http, data, tournament, *round, lang).await
        }
        Announced::Final(tournament) => {
            let picture = tournament_posts::crosstable_picture(data, tournament, lang).await?;
            tournament_posts::deliver_final(http, data, tournament, picture, lang).await
        }
        Announced::End(game) => {
            let Some(result) = &game.result else {
                return Ok(());
            };
            let text = lang.text(&Msg::GameOver(game, result));
            board::deliver(http, data, game, text, lang).await
        }
        Announced::Aborted { game, by } => {
            let text = lang.text(&Msg::Aborted {
                game: game.id,
                by: *by,
            });
            board::deliver(http, data, game, text, lang).await
        }
        Announced::CalledOff { game, by } => {
            let text = lang.text(&Msg::CalledOff {
                game: game.id,
                by: *by,
            });
            board::deliver(http, data, game, text, lang).await
        }
        Announced::Offer { challenge, of } => offer(http, data, challenge, *of).await,
        Announced::Daily {
            channel,
            lang,
            colors,
            puzzle,
        } => puzzle_posts::deliver_daily(http, data, *channel, *lang, *colors, puzzle).await,
    }
}

/// Posts a rematch `challenge` of game `of` where that game was played; one Discord refuses
/// for good reached nobody, and is withdrawn.
async fn offer(http: &Http, data: &Data, challenge: &Challenge, of: GameId) -> Result<(), Error> {
    let posted = challenge::post_at_place(http, data, challenge, of, challenge.lang).await;
    if posted.as_ref().is_err_and(Error::is_lasting_refusal) {
        challenge::withdraw(data, challenge).await;
    }
    posted
}

/// The board after the last move of `game`, saying who played what in its language.
///
/// # Errors
/// As [`deliver`].
pub async fn board_after_move(http: &Http, data: &Data, game: &GameView) -> Result<(), Error> {
    let lang = game.lang;
    let Some(mv) = game.last_move else {
        return Ok(());
    };
    let mover = board::mover(game, mv);
    let text = lang.text(&Msg::MovePosted { game, mover, mv });
    board::deliver(http, data, game, text, lang).await
}

/// Tells the service that the board announcement `id`, if there is one, was delivered by this
/// process itself (as an interaction's answer, say), so the outbox does not post it. A failure
/// is only logged: the outbox then posts the board once more after its grace.
pub async fn delivered_here(data: &Data, id: impl Into<Option<AnnouncementId>>) {
    let Some(id) = id.into() else {
        return;
    };
    if let Err(e) = data.service.delivery().announced(id).await {
        warn!(announcement = %id, error = %e, "could not report a board delivered");
    }
}

/// How long one delivery of the outbox may take (serenity waiting out Discord's rate limits in
/// it): well within its lease ([`DELIVERY_LEASE_MS`]), so that no other process is handed the
/// announcement while this one still delivers it. A delivery that takes longer is dropped and
/// fails, and the announcement is retried after its delay (a channel post sent again then shows
/// once: it carries a nonce).
pub const DELIVERY_PATIENCE: Duration = Duration::from_millis(DELIVERY_LEASE_MS.unsigned_abs() / 2);

/// The face's deliverer of the outbox (see [`Deliver`]): Discord's REST client, the handlers'
/// shared state and the process's limits on its requests.
pub struct Announcer {
    http: Arc<Http>,
    data: Data,
    limits: Arc<Limits>,
}

impl Announcer {
    /// A deliverer posting through `http`, within `limits`.
    pub fn new(http: Arc<Http>, data: Data, limits: Arc<Limits>) -> Announcer {
        Announcer { http, data, limits }
    }
}

impl Deliver for Announcer {
    fn deliver<'a>(
        &'a self,
        what: &'a Announced,
    ) -> Pin<Box<dyn Future<Output = Delivery> + Send + 'a>> {
        Box::pin(async move {
            let delivery = deliver(&self.http, &self.data, what);
            match tokio::time::timeout(DELIVERY_PATIENCE, self.limits.scope(delivery)).await {
                Ok(delivered) => outcome(delivered),
                Err(_) => Delivery::Failed(format!(
                    "the delivery took longer than {DELIVERY_PATIENCE:?} (Discord's rate limit)"
                )),
            }
        })
    }
}

/// How a delivery went, in the service's terms: a refusal Discord will repeat is final, any
/// other failure may pass.
pub fn outcome(delivered: Result<(), Error>) -> Delivery {
    match delivered {
        Ok(()) => Delivery::Delivered,
        Err(e) if e.is_lasting_refusal() => Delivery::Refused(e.to_string()),
        Err(e) => Delivery::Failed(e.to_string()),
    }
}

/// Mentions the player to move where the game is shown.
async fn remind(http: &Http, data: &Data, game: &GameView, lang: Lang) -> Result<(), Error> {
    let mentions = game.to_move.map(|u| serenity::UserId::new(u.0));
    let text = lang.text(&Msg::Reminder(game));
    let allowed = CreateAllowedMentions::new().users(mentions);
    if game.place.reach == Reach::Interactions {
        return remind_through_interactions(http, data, game, text, allowed).await;
    }
    let message = CreateMessage::new().content(text).allowed_mentions(allowed);
    let message = nonce::once(message, nonce::reminder(game));
    let channel = game.place.thread.unwrap_or(game.place.channel);
    let post = serenity::ChannelId::new(channel.0).send_message(http, message);
    once("posting a reminder", Retry::BOARD, post).await?;
    Ok(())
}

/// A reminder where the bot cannot post: a follow-up of the game's latest interaction while
/// its token serves, else a DM to the player to move.
async fn remind_through_interactions(
    http: &Http,
    data: &Data,
    game: &GameView,
    text: String,
    allowed: CreateAllowedMentions,
) -> Result<(), Error> {
    if let Some(token) = reach::kept_token(data, game.id).await {
        let message = CreateInteractionResponseFollowup::new()
            .content(text.clone())
            .allowed_mentions(allowed);
        match http
            .create_followup_message(token.expose(), &message, Vec::new())
            .await
        {
            Ok(_) => return Ok(()),
            Err(e) => warn!(game = %game.id, error = %e, "could not follow up with a reminder"),
        }
    }
    let Some(player) = game.to_move else {
        return Ok(());
    };
    reach::direct_message(http, player, CreateMessage::new().content(text)).await?;
    Ok(())
}

/// Edits a lapsed challenge's message: it says so, and its buttons are gone.
async fn close(http: &Http, challenge: &Challenge, lang: Lang) -> Result<(), Error> {
    let Some(message) = challenge.message else {
        return Ok(());
    };
    let edit = EditMessage::new()
        .content(lang.text(&Msg::ChallengeClosed {
            challenge,
            by: None,
        }))
        .components(Vec::new());
    let edit = serenity::ChannelId::new(challenge.channel.0).edit_message(
        http,
        serenity::MessageId::new(message.0),
        edit,
    );
    once("closing a lapsed challenge", Retry::EDIT, edit).await?;
    Ok(())
}
