//! How an interaction's first answer leaves: as a REST call (every interaction from the
//! gateway, as Discord requires), or in the HTTP response to the request that brought the
//! interaction to the endpoint.
//!
//! Discord documents that an endpoint may answer in its HTTP response with an interaction
//! response object (JSON), or answer by the callback REST call and then respond `202` with no
//! body. The bot answers in the HTTP response whatever that JSON can carry (a message, a
//! menu, an updated message, suggestions, the Activity's launch), and by REST the rest: an
//! answer with files (a board), since Discord documents uploads only for the REST call, and
//! the deferrals, whose edits and follow-ups come by REST right after (by REST the deferral is
//! taken when its call returns, so nothing can overtake it). Either way the request that
//! brought the interaction learns how it was answered through its [`FirstAnswer`].

use std::sync::Mutex;

use poise::serenity_prelude as serenity;
use serde::Serialize;
use serde_json::Value;
use serenity::{
    Builder, CreateAttachment, CreateInteractionResponse, CreateInteractionResponseMessage, Http,
    LightMethod, Multipart, MultipartUpload, Request, Route,
};
use tokio::sync::oneshot;
use tracing::warn;

use super::retry::{Retry, already_acknowledged, retry};
use crate::discord::Error;

/// How the first answer of an interaction that came by HTTP was given: what its request
/// responds.
#[derive(Debug)]
pub enum Answered {
    /// In the HTTP response: this interaction response object, as JSON.
    Inline(Vec<u8>),
    /// By the callback REST call: the HTTP response is `202` with no body.
    ByRest,
}

/// Where an interaction's first answer goes: nowhere but REST for the gateway's, the waiting
/// HTTP request for the endpoint's (until it is given).
#[derive(Debug, Default)]
pub struct FirstAnswer(Mutex<Option<oneshot::Sender<Answered>>>);

/// The first answer of every interaction from the gateway: by REST.
pub static BY_REST: FirstAnswer = FirstAnswer(Mutex::new(None));

impl FirstAnswer {
    /// The first answer of an interaction that came by HTTP, and where its request waits for
    /// it.
    pub fn in_response() -> (FirstAnswer, oneshot::Receiver<Answered>) {
        let (sender, receiver) = oneshot::channel();
        (FirstAnswer(Mutex::new(Some(sender))), receiver)
    }

    /// The waiting request, once: the first answer goes to it.
    fn take(&self) -> Option<oneshot::Sender<Answered>> {
        self.0.lock().ok().and_then(|mut waiting| waiting.take())
    }

    /// Puts back the waiting request after an answer by REST failed: a later answer (an
    /// apology) may still go to it.
    fn put_back(&self, waiting: oneshot::Sender<Answered>) {
        if let Ok(mut slot) = self.0.lock() {
            *slot = Some(waiting);
        }
    }

    /// Whether a request waits for the first answer, not given yet.
    pub fn is_waiting(&self) -> bool {
        self.0
            .lock()
            .is_ok_and(|waiting| waiting.as_ref().is_some_and(|w| !w.is_closed()))
    }

    /// Answers interaction `id` with `response` (`what` it does, for the log): in the HTTP
    /// response when its request waits and the response fits in JSON, else by REST, retrying
    /// while Discord is rate limiting or unavailable (an answer refused because an earlier
    /// attempt did get through counts as given).
    ///
    /// # Errors
    /// Discord refused the answer, or it could not be written as JSON.
    pub async fn respond(
        &self,
        http: &Http,
        id: serenity::InteractionId,
        token: &str,
        response: &CreateInteractionResponse,
        what: &str,
    ) -> Result<(), Error> {
        self.answer(response, what, || {
            response.clone().execute(http, (id, token))
        })
        .await
    }

    /// [`FirstAnswer::respond`] with a response serenity has no builder for (`response` is
    /// sent as it is).
    ///
    /// # Errors
    /// As [`FirstAnswer::respond`].
    pub async fn respond_json(
        &self,
        http: &Http,
        id: serenity::InteractionId,
        token: &str,
        response: &Value,
        what: &str,
    ) -> Result<(), Error> {
        self.answer(response, what, || {
            http.create_interaction_response(id, token, response, Vec::new())
        })
        .await
    }

    /// Gives `response` to the waiting request if it fits there, else makes the REST call
    /// `by_rest` (retried) and tells the waiting request, if any.
    async fn answer<F>(
        &self,
        response: &impl Serialize,
        what: &str,
        by_rest: impl Fn() -> F,
    ) -> Result<(), Error>
    where
        F: Future<Output = Result<(), serenity::Error>>,
    {
        let waiting = self.take();
        if let Some(waiting) = waiting {
            let json = serde_json::to_value(response).map_err(serenity::Error::from)?;
            if fits_in_response(&json) {
                let body = serde_json::to_vec(&json).map_err(serenity::Error::from)?;
                // A request that stopped waiting (Discord's 3 seconds are over) has no answer
                // to give: the interaction failed for its user, as by REST after the deadline.
                let _ = waiting.send(Answered::Inline(body));
                return Ok(());
            }
            let answered = retried(what, by_rest).await;
            if answered.is_ok() {
                let _ = waiting.send(Answered::ByRest);
            } else {
                self.put_back(waiting);
            }
            return answered;
        }
        retried(what, by_rest).await
    }

    /// Runs `answer`, a first answer sent by REST some other way (a board, with its file and
    /// Discord's reply), then tells the waiting request, if any, that it was given when
    /// `given` says so of the outcome.
    async fn by_rest_with<T>(&self, answer: impl Future<Output = T>, given: fn(&T) -> bool) -> T {
        let waiting = self.take();
        let answered = answer.await;
        if let Some(waiting) = waiting {
            if given(&answered) {
                let _ = waiting.send(Answered::ByRest);
            } else {
                self.put_back(waiting);
            }
        }
        answered
    }
}

/// Answers interaction `id` with `message` (and `files`) by the callback REST call, which
/// Discord answers with the message it made (`with_response`): one call where the answer's
/// message is needed later (a board, a challenge); the waiting HTTP request, if any, is told
/// it was answered by REST. An answer that went through though its reply was lost (a retry
/// refused as already acknowledged), or whose reply is unreadable, is looked up instead.
///
/// The message's id, or `None` (logged) when Discord took the answer but its message could
/// not be found: the message is out, and sending it again would show it twice.
///
/// # Errors
/// Only when the answer was not given.
pub async fn respond_for_message(
    first: &FirstAnswer,
    http: &Http,
    (id, token): (serenity::InteractionId, &str),
    message: CreateInteractionResponseMessage,
    files: Vec<CreateAttachment>,
    what: &str,
) -> Result<Option<serenity::MessageId>, Error> {
    let payload = serenity::json::to_string(&CreateInteractionResponse::Message(message))?;
    let route = Route::InteractionResponse {
        interaction_id: id,
        token,
    };
    let request = Request::new(route, LightMethod::Post);
    let request = if files.is_empty() {
        request.body(Some(payload.into_bytes()))
    } else {
        request.multipart(Some(Multipart {
            upload: MultipartUpload::Attachments(files),
            fields: Vec::new(),
            payload_json: Some(payload),
        }))
    };
    let request = request.params(Some(vec![("with_response", "true".to_owned())]));
    let answered = first
        .by_rest_with(
            retry(what, Retry::INTERACTION, || http.request(request.clone())),
            |answered| {
                answered.as_ref().is_ok_and(|_| true)
                    || answered.as_ref().is_err_and(already_acknowledged)
            },
        )
        .await;
    match answered {
        Ok(response) => match answered_message(response.bytes().await) {
            Ok(message) => Ok(Some(message)),
            Err(e) => {
                warn!(error = %e, "{what}: Discord's reply was unreadable");
                Ok(look_up_answer(http, token, what).await)
            }
        },
        Err(e) if already_acknowledged(&e) => Ok(look_up_answer(http, token, what).await),
        Err(e) => Err(e.into()),
    }
}

/// The message an answer that Discord took made, asked of Discord (when its own reply was lost
/// or unreadable); `None`, logged, if that fails too.
async fn look_up_answer(http: &Http, token: &str, what: &str) -> Option<serenity::MessageId> {
    http.get_original_interaction_response(token)
        .await
        .map(|m| m.id)
        .inspect_err(|e| warn!(error = %e, "{what}: could not look up the answer"))
        .ok()
}

/// The id of the message an interaction answer made, from Discord's `with_response` reply.
fn answered_message(
    body: Result<impl AsRef<[u8]>, impl Into<serenity::Error>>,
) -> Result<serenity::MessageId, Error> {
    let body = body.map_err(Into::<serenity::Error>::into)?;
    let answer: Value = serde_json::from_slice(body.as_ref()).map_err(serenity::Error::from)?;
    answer
        .pointer("/resource/message/id")
        .and_then(|id| id.as_str())
        .and_then(|id| id.parse().ok())
        .map(serenity::MessageId::new)
        .ok_or_else(|| Error::Unexpected("an interaction answer without its message".into()))
}

/// Whether interaction response `json` goes in the HTTP response: anything but a deferral
/// (whose edits follow by REST) or an upload (which Discord documents only for REST).
fn fits_in_response(json: &Value) -> bool {
    // DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE (5), DEFERRED_UPDATE_MESSAGE (6).
    let deferral = matches!(json["type"].as_u64(), Some(5 | 6));
    // A new file is listed with its file name; an attachment kept is listed by its id only.
    let upload = json["data"]["attachments"]
        .as_array()
        .is_some_and(|list| list.iter().any(|a| a.get("filename").is_some()));
    !deferral && !upload
}

/// Makes the REST call `answer` (`what` it does, for the log), retrying while Discord is rate
/// limiting or unavailable; an answer refused because an earlier attempt did get through
/// counts as given.
async fn retried<F>(what: &str, answer: impl Fn() -> F) -> Result<(), Error>
where
    F: Future<Output = Result<(), serenity::Error>>,
{
    match retry(what, Retry::INTERACTION, answer).await {
        Err(e) if already_acknowledged(&e) => Ok(()),
        answered => Ok(answered?),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json(response: &CreateInteractionResponse) -> Value {
        serde_json::to_value(response).unwrap()
    }

    #[test]
    fn messages_menus_and_suggestions_go_in_the_response() {
        let message = CreateInteractionResponseMessage::new().content("hi");
        assert!(fits_in_response(&json(
            &CreateInteractionResponse::Message(message.clone())
        )));
        assert!(fits_in_response(&json(
            &CreateInteractionResponse::UpdateMessage(message)
        )));
        let suggestions = serenity::CreateAutocompleteResponse::new().add_string_choice("a", "a");
        assert!(fits_in_response(&json(
            &CreateInteractionResponse::Autocomplete(suggestions)
        )));
    }

    #[test]
    fn deferrals_and_uploads_go_by_rest() {
        let defer = CreateInteractionResponseMessage::new().ephemeral(true);
        assert!(!fits_in_response(&json(&CreateInteractionResponse::Defer(
            defer
        ))));
        assert!(!fits_in_response(&json(
            &CreateInteractionResponse::Acknowledge
        )));
        let file = CreateAttachment::bytes(vec![1, 2, 3], "board.png");
        let board = CreateInteractionResponseMessage::new().add_file(file);
        assert!(!fits_in_response(&json(
            &CreateInteractionResponse::Message(board)
        )));
    }
}
