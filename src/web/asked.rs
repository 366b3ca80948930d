//! What the page sends: a move and a resignation, each at the ply the player saw, read strictly
//! (an unknown field is refused); and how any JSON body is read ([`Asked`]).

use axum::Json;
use axum::extract::{FromRequest, FromRequestParts, Request};
use serde::Deserialize;
use serde::de::DeserializeOwned;

use super::errors::WebError;
use super::lang::Viewer;
use crate::i18n::Msg;

/// A move, as the page sends it: the ply it was made at, and the move in any notation.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct MoveAsked {
    /// The ply the page showed.
    pub(super) ply: u32,
    /// The move, in any notation the service reads.
    #[serde(rename = "move")]
    pub(super) text: String,
}

/// A resignation, at the ply the player confirmed it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ResignAsked {
    /// The ply the player confirmed at.
    pub(super) ply: u32,
}

/// A JSON body read as `T`. One that is not (not JSON, not a `T`, no JSON content type) is
/// refused with the rejection's status and `{"error": …}` in the viewer's language, like every
/// other refusal of the API, never in serde's words.
pub(super) struct Asked<T>(pub(super) T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Asked<T> {
    type Rejection = WebError;

    async fn from_request(request: Request, state: &S) -> Result<Asked<T>, WebError> {
        let (mut parts, body) = request.into_parts();
        let Ok(Viewer(lang)) = Viewer::from_request_parts(&mut parts, state).await;
        match Json::<T>::from_request(Request::from_parts(parts, body), state).await {
            Ok(Json(asked)) => Ok(Asked(asked)),
            Err(rejection) => Err(WebError::Refused(
                rejection.status(),
                lang.text(&Msg::WebBadRequest),
            )),
        }
    }
}
