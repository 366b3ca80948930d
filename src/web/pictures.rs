//! The unfurl pictures (a game's or a puzzle's board as a PNG): named by an `ETag` made from
//! everything drawn in them, so a client that has one is answered `304 Not Modified`; the
//! [`CAPACITY`] drawn last are kept in memory, so many unfurls of one link cost one drawing;
//! and a picture not kept is drawn only when a turn of CPU work is free at once: when the
//! computer and other pictures hold them all, 503 with `Retry-After` (an unfurl can wait, a
//! move can't).

use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE, ETAG, IF_NONE_MATCH};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use mini_moka::sync::Cache;
use tokio::sync::Semaphore;

use super::errors::WebError;

/// How many pictures are kept (each some tens of KB).
pub(super) const CAPACITY: u64 = 128;
/// How long a client told the CPU is busy waits before asking again.
const BUSY_WAIT: Duration = Duration::from_secs(2);

/// The pictures drawn last, by their `ETag`.
#[derive(Clone)]
pub(super) struct Pictures {
    drawn: Cache<Arc<str>, Bytes>,
}

impl Default for Pictures {
    fn default() -> Pictures {
        Pictures {
            drawn: Cache::new(CAPACITY),
        }
    }
}

/// The `ETag` of a picture drawn from `what` (everything that shows in it).
pub(super) fn etag(what: &impl Hash) -> Arc<str> {
    let mut hasher = DefaultHasher::new();
    what.hash(&mut hasher);
    format!("\"{:016x}\"", hasher.finish()).into()
}

impl Pictures {
    /// The answer to a request with `headers` for the picture `etag`: 304 when the client has
    /// it, the kept one, or the one `draw` makes on a free turn of `cpu` (503 when none is).
    pub(super) async fn answer(
        &self,
        headers: &HeaderMap,
        etag: Arc<str>,
        cpu: &Arc<Semaphore>,
        draw: impl FnOnce() -> Result<Vec<u8>, String> + Send + 'static,
    ) -> Result<Response, WebError> {
        let known = headers
            .get_all(IF_NONE_MATCH)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .any(|tag| tag.trim() == &*etag || tag.trim() == "*");
        if known {
            return Ok((StatusCode::NOT_MODIFIED, [(ETAG, etag.to_string())]).into_response());
        }
        if let Some(png) = self.drawn.get(&etag) {
            return Ok(picture(&etag, png));
        }
        let Ok(turn) = cpu.clone().try_acquire_owned() else {
            return Err(WebError::Busy(BUSY_WAIT));
        };
        let png = tokio::task::spawn_blocking(move || {
            let drawn = draw();
            drop(turn);
            drawn
        })
        .await
        .map_err(|e| WebError::Internal(e.to_string()))?
        .map_err(WebError::Internal)?;
        let png = Bytes::from(png);
        self.drawn.insert(etag.clone(), png.clone());
        Ok(picture(&etag, png))
    }
}

/// A PNG named `etag`, to be checked again on each use.
fn picture(etag: &str, png: Bytes) -> Response {
    (
        [
            (CONTENT_TYPE, "image/png".to_owned()),
            (CACHE_CONTROL, "no-cache".to_owned()),
            (ETAG, etag.to_owned()),
        ],
        png,
    )
        .into_response()
}
