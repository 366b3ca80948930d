//! The page's own files (`web/`: HTML templates, CSS, JavaScript modules), built into the
//! binary: building or running the bot needs no Node and no files beside it.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use axum::extract::Path;
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE, ETAG, IF_NONE_MATCH};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use include_dir::{Dir, include_dir};

use super::errors::WebError;

static WEB: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/web");

/// A template of `web/` (`game.html`, `home.html`), as text.
pub(super) fn template(name: &str) -> &'static str {
    WEB.get_file(name)
        .and_then(|f| f.contents_utf8())
        .unwrap_or_default()
}

/// The type of a file the browser may load, by its name; `None` for anything else (the
/// templates are served only filled in).
fn content_type(name: &str) -> Option<&'static str> {
    match name.rsplit_once('.')?.1 {
        "js" => Some("text/javascript; charset=utf-8"),
        "css" => Some("text/css; charset=utf-8"),
        _ => None,
    }
}

/// `GET /assets/{file}`: a script or style sheet of `web/`, revalidated by its `ETag`. Only
/// plain names in that folder exist: anything else (`..`, other folders, templates) is 404.
pub(super) async fn get(Path(file): Path<String>, headers: HeaderMap) -> Response {
    let plain = !file.contains(['/', '\\']) && !file.starts_with('.');
    let found = plain
        .then(|| WEB.get_file(&file))
        .flatten()
        .zip(content_type(&file));
    let Some((found, kind)) = found else {
        return WebError::NotFound.into_response();
    };
    let mut hasher = DefaultHasher::new();
    found.contents().hash(&mut hasher);
    let etag = format!("\"{:016x}\"", hasher.finish());
    let cached = headers
        .get(IF_NONE_MATCH)
        .is_some_and(|seen| seen.as_bytes() == etag.as_bytes());
    let headers = [
        (CONTENT_TYPE, kind.to_owned()),
        (ETAG, etag),
        (CACHE_CONTROL, "no-cache".to_owned()),
    ];
    if cached {
        return (StatusCode::NOT_MODIFIED, headers).into_response();
    }
    (headers, found.contents()).into_response()
}
