//! The viewer's language, from the browser's `Accept-Language` (negotiated by `i18n`): the
//! most preferred language the bot speaks, else English.

use axum::extract::FromRequestParts;
use axum::http::header::ACCEPT_LANGUAGE;
use axum::http::request::Parts;

use crate::i18n::Lang;

/// The language a request is answered in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Viewer(pub Lang);

impl<S: Send + Sync> FromRequestParts<S> for Viewer {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Viewer, Self::Rejection> {
        let header = parts
            .headers
            .get(ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default();
        Ok(Viewer(Lang::from_accept_language(header)))
    }
}
