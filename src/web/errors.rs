//! What the web face answers when it can't serve a request: a plain HTTP status, with a short
//! body (JSON `{"error": …}` in the viewer's language for a refused move, so the page can show
//! it). Nothing is changed by a refused request.

use std::time::Duration;

use axum::Json;
use axum::http::StatusCode;
use axum::http::header::RETRY_AFTER;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use tracing::error;

use crate::games::{ServiceError, UserError};
use crate::i18n::{Lang, Msg, web_text};

/// A request the web face does not serve.
#[derive(Debug)]
pub(super) enum WebError {
    /// No such page or file (also every malformed address).
    NotFound,
    /// The request is not allowed here, for the reason given (a move on a page that is only
    /// for watching; a sign-in to an Activity the person is not in).
    Forbidden(&'static str),
    /// A body that is not what the endpoint takes.
    BadRequest(String),
    /// A request refused with this status and a plain-text reason (a puzzle's line that is
    /// malformed, illegal, or goes on past the puzzle's end).
    Plain(StatusCode, String),
    /// No session, or one this server did not sign or that lapsed; or Discord would not vouch
    /// for a sign-in.
    Unauthorized,
    /// Discord could not be asked (a sign-in); logged, not shown.
    BadGateway(String),
    /// Not now: try again after this long (sent as `Retry-After`).
    Busy(Duration),
    /// The service refused: said in the viewer's language.
    Refused(StatusCode, String),
    /// Something broke; logged, not shown.
    Internal(String),
}

#[derive(Serialize)]
struct Body<'a> {
    error: &'a str,
}

impl IntoResponse for WebError {
    fn into_response(self) -> Response {
        match self {
            WebError::NotFound => (StatusCode::NOT_FOUND, "not found").into_response(),
            WebError::Forbidden(why) => {
                (StatusCode::FORBIDDEN, Json(Body { error: why })).into_response()
            }
            WebError::Unauthorized => {
                let text = "sign in through Discord";
                (StatusCode::UNAUTHORIZED, Json(Body { error: text })).into_response()
            }
            WebError::BadGateway(detail) => {
                error!(%detail, "Discord could not be asked");
                (StatusCode::BAD_GATEWAY, "Discord could not be asked").into_response()
            }
            WebError::Busy(wait) => {
                let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
                let text = "busy: try again in a moment";
                let headers = [(RETRY_AFTER, seconds.max(1).to_string())];
                (
                    StatusCode::SERVICE_UNAVAILABLE,
                    headers,
                    Json(Body { error: text }),
                )
                    .into_response()
            }
            WebError::BadRequest(why) => {
                (StatusCode::BAD_REQUEST, Json(Body { error: &why })).into_response()
            }
            WebError::Plain(status, text) => (status, text).into_response(),
            WebError::Refused(status, text) => {
                (status, Json(Body { error: &text })).into_response()
            }
            WebError::Internal(detail) => {
                error!(%detail, "a web request failed");
                (StatusCode::INTERNAL_SERVER_ERROR, "internal error").into_response()
            }
        }
    }
}

impl WebError {
    /// The service's answer, a refusal worded in `lang`.
    pub(super) fn from_service(error: ServiceError, lang: Lang) -> WebError {
        match error {
            ServiceError::User(refusal) => {
                let status = match refusal {
                    UserError::Illegal(_) => StatusCode::UNPROCESSABLE_ENTITY,
                    UserError::NoSuchGame(_) => StatusCode::NOT_FOUND,
                    _ => StatusCode::CONFLICT,
                };
                // A page knows its game by its address: Discord's game numbers stay out.
                let unnumbered = match refusal {
                    UserError::NoSuchGame(_) => Some("web-refused-no-such-game"),
                    UserError::NotParticipant { .. } => Some("web-refused-not-participant"),
                    UserError::GameOver { .. } => Some("web-refused-game-over"),
                    UserError::RematchInProgress { .. } => Some("web-refused-rematch-in-progress"),
                    _ => None,
                };
                let text = match unnumbered {
                    Some(id) => web_text(lang, id, &[]),
                    None => lang.text(&Msg::Refused(&refusal)),
                };
                WebError::Refused(status, text)
            }
            ServiceError::Internal(e) => WebError::Internal(e.to_string()),
        }
    }
}

/// Every address the face does not serve.
pub(super) async fn not_found() -> WebError {
    WebError::NotFound
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameId;

    #[test]
    fn a_refusal_on_the_web_names_no_game_number() {
        let game = GameId(1);
        for refusal in [
            UserError::NoSuchGame(game),
            UserError::NotParticipant { game },
            UserError::GameOver { game },
            UserError::RematchInProgress { game },
        ] {
            for lang in Lang::ALL {
                let WebError::Refused(_, text) =
                    WebError::from_service(refusal.clone().into(), lang)
                else {
                    panic!("a refusal in words");
                };
                assert!(
                    !text.contains('#') && !text.contains('1'),
                    "{lang:?}: {text}"
                );
            }
        }
        let WebError::Refused(status, text) =
            WebError::from_service(UserError::GameOver { game }.into(), Lang::En)
        else {
            panic!("a refusal in words");
        };
        assert_eq!(
            (status, text.as_str()),
            (StatusCode::CONFLICT, "This game is already over.")
        );
    }
}
