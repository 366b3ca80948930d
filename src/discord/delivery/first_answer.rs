//! An interaction's first answer: by the callback REST call, as Discord requires for every
//! interaction from the gateway; in one call that also gives the message it made where that
//! message is needed later.

use poise::serenity_prelude as serenity;
use serde_json::Value;
use serenity::{
    Builder, CreateAttachment, CreateInteractionResponse, CreateInteractionResponseMessage, Http,
    LightMethod, Multipart, MultipartUpload, Request, Route,
};
use tracing::warn;

use super::retry::{Retry, already_acknowledged, retry};
use crate::discord::Error;

/// Answers interaction `id` with `response` (`what` it does, for the log) by the callback
/// REST call, retrying while Discord is rate limiting or unavailable (an answer refused
/// because an earlier attempt did get through counts as given).
///
/// # Errors
/// Discord refused the answer.
pub async fn respond(
    http: &Http,
    id: serenity::InteractionId,
    token: &str,
    response: &CreateInteractionResponse,
    what: &str,
) -> Result<(), Error> {
    retried(what, || response.clone().execute(http, (id, token))).await
}

/// [`respond`] with a response serenity has no builder for (`response` is sent as it is).
///
/// # Errors
/// As [`respond`].
pub async fn respond_json(
    http: &Http,
    id: serenity::InteractionId,
    token: &str,
    response: &Value,
    what: &str,
) -> Result<(), Error> {
    retried(what, || {
        http.create_interaction_response(id, token, response, Vec::new())
    })
    .await
}

/// Answers interaction `id` with `message` (and `files`) by the callback REST call, which
/// Discord answers with the message it made (`with_response`): one call where the answer's
/// message is needed later (a board, a challenge). An answer that went through though its
/// reply was lost (a retry refused as already acknowledged), or whose reply is unreadable, is
/// looked up instead.
///
/// The message's id, or `None` (logged) when Discord took the answer but its message could
/// not be found: the message is out, and sending it again would show it twice.
///
/// # Errors
/// Only when the answer was not given.
pub async fn respond_for_message(
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
    let answered = retry(what, Retry::INTERACTION, || http.request(request.clone())).await;
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
