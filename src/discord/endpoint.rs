//! The interactions endpoint: Discord's interactions received as signed HTTP requests at
//! `POST /interactions` (the application's Interactions Endpoint URL), handled by the same
//! handlers as the gateway's.
//!
//! Every request's `X-Signature-Ed25519` is checked over `X-Signature-Timestamp` and the raw
//! body with the application's public key before the body is read; a bad or missing signature,
//! or a timestamp more than a minute away, gets `401` (Discord sends bad signatures on purpose
//! and removes an endpoint that accepts them). A `PING` gets a `PONG`. Anything else is handed
//! to its handler, and the request waits, at most Discord's 3 seconds, for the interaction's
//! first answer: in the response when it fits there, else `202` once it went by REST (see
//! `delivery::first_answer`). The handler runs on after the response, as on the gateway.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use ::serenity::interactions_endpoint::Verifier;
use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use poise::serenity_prelude as serenity;
use serenity::{CreateInteractionResponse, Http, Interaction};
use tracing::{Instrument, error, warn};

use super::commands::over_http::{self, Unfit};
use super::config::PublicKey;
use super::context::{Click, Command};
use super::delivery::first_answer::{Answered, FirstAnswer};
use super::delivery::in_flight::{self, Drain};
use super::{Data, Limits, activity, errors, malformed, router};

/// Where Discord sends the interactions.
pub const PATH: &str = "/interactions";

/// How far a request's timestamp may be from now: a request signed longer ago (or ahead) is a
/// replay, or comes from a clock far off.
const TIMESTAMP_WINDOW: Duration = Duration::from_secs(60);

/// How long the request waits for the interaction's first answer: Discord's limit, after which
/// the interaction has failed for its user.
const ANSWER_WITHIN: Duration = Duration::from_secs(3);

/// The largest request read: an interaction carries at most a message and what it resolves.
const MAX_BODY: usize = 256 * 1024;

/// What the endpoint needs: the key that signs Discord's requests and the handlers' state.
pub struct Endpoint {
    verifier: Verifier,
    http: Arc<Http>,
    data: Data,
    limits: Arc<Limits>,
    in_flight: Drain,
}

impl Endpoint {
    /// The endpoint for the application whose public key is `key`, its handlers answering
    /// through `http` with `data`, within `limits`, tracked by `in_flight`.
    pub(super) fn new(
        key: PublicKey,
        http: Arc<Http>,
        data: Data,
        limits: Arc<Limits>,
        in_flight: Drain,
    ) -> Option<Endpoint> {
        let verifier = Verifier::try_new(key.0).ok()?;
        Some(Endpoint {
            verifier,
            http,
            data,
            limits,
            in_flight,
        })
    }

    /// The route: `POST /interactions`.
    pub fn router(self) -> Router {
        Router::new()
            .route(PATH, post(receive))
            .layer(DefaultBodyLimit::max(MAX_BODY))
            .with_state(Arc::new(self))
    }
}

/// Whether `headers` sign `body` with the key `verifier` checks, at a time close to `now`.
fn signed(verifier: &Verifier, headers: &HeaderMap, body: &[u8], now: SystemTime) -> bool {
    let header = |name| headers.get(name).and_then(|v| v.to_str().ok());
    let (Some(signature), Some(timestamp)) = (
        header("x-signature-ed25519"),
        header("x-signature-timestamp"),
    ) else {
        return false;
    };
    let Ok(seconds) = timestamp.parse::<u64>() else {
        return false;
    };
    let signed_at = UNIX_EPOCH + Duration::from_secs(seconds);
    let skew = match now.duration_since(signed_at) {
        Ok(ago) => ago,
        Err(ahead) => ahead.duration(),
    };
    skew <= TIMESTAMP_WINDOW && verifier.verify(signature, timestamp, body).is_ok()
}

/// `POST /interactions`.
async fn receive(
    State(endpoint): State<Arc<Endpoint>>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if !signed(&endpoint.verifier, &headers, &body, SystemTime::now()) {
        return (StatusCode::UNAUTHORIZED, "invalid request signature").into_response();
    }
    let interaction: Interaction = match serde_json::from_slice(&body) {
        Ok(interaction) => interaction,
        Err(e) => {
            warn!(error = %e, "a signed interaction could not be read");
            return (StatusCode::BAD_REQUEST, "unreadable interaction").into_response();
        }
    };
    if let Interaction::Ping(_) = interaction {
        return json(br#"{"type":1}"#.to_vec());
    }
    let (first, answered) = FirstAnswer::in_response();
    let handling = endpoint.in_flight.handling();
    let span = tracing::info_span!("interaction", id = %interaction.id(), kind = in_flight::kind_of(&interaction));
    let handler = endpoint.clone();
    tokio::spawn(
        async move {
            let _handling = handling;
            let started = std::time::Instant::now();
            let kind = in_flight::kind_of(&interaction);
            let limits = handler.limits.clone();
            limits.scope(handle(&handler, &interaction, &first)).await;
            metrics::histogram!(in_flight::HANDLING_SECONDS, "kind" => kind)
                .record(started.elapsed());
        }
        .instrument(span),
    );
    match tokio::time::timeout(ANSWER_WITHIN, answered).await {
        Ok(Ok(Answered::Inline(body))) => json(body),
        Ok(Ok(Answered::ByRest)) => StatusCode::ACCEPTED.into_response(),
        Ok(Err(_)) => {
            error!("an interaction's handler ended without answering it");
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
        Err(_) => {
            error!("an interaction was not answered within Discord's 3 seconds");
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
    }
}

/// A `200` response with the interaction response `body`.
fn json(body: Vec<u8>) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], body).into_response()
}

/// Hands `interaction` to its handler, as the gateway's are; a failure is apologised for and
/// logged as there.
async fn handle(endpoint: &Endpoint, interaction: &Interaction, first: &FirstAnswer) {
    let (http, data) = (&endpoint.http, &endpoint.data);
    match interaction {
        Interaction::Component(click) => {
            let click = Click::new(http, data, click, first);
            if let Err(e) = router::route(&click).await {
                errors::apologize_for_click(&click, &e).await;
                error!(error = %e, "a click's handler failed");
            }
        }
        Interaction::Command(command) if activity::is_entry_point(command) => {
            if let Err(e) = activity::launch_from_launcher(http, first, data, command).await {
                error!(error = %e, "opening the Activity failed");
            }
        }
        Interaction::Command(command) => {
            let answered = AtomicBool::new(false);
            let ctx = Command::new(http, data, command, &answered, first);
            match over_http::run(ctx).await {
                Ok(Ok(())) => {}
                Ok(Err(e)) => {
                    error!(command = %command.data.name, user = %command.user.id, error = %e, "command failed");
                    errors::apologize_for_command(ctx, &e).await;
                }
                Err(unfit) => {
                    warn!(command = %command.data.name, user = %command.user.id, ?unfit, "a command that does not fit");
                    let refused = malformed::refuse_command(ctx, unfit == Unfit::UnknownCommand);
                    if let Err(e) = refused.await {
                        warn!(error = %e, "could not answer a malformed command");
                    }
                }
            }
        }
        Interaction::Autocomplete(command) => {
            let answered = AtomicBool::new(false);
            let ctx = Command::new(http, data, command, &answered, first);
            let suggestions = over_http::suggest(ctx).await.unwrap_or_else(|unfit| {
                warn!(command = %command.data.name, ?unfit, "suggestions for a command that does not fit");
                serenity::CreateAutocompleteResponse::new()
            });
            let response = CreateInteractionResponse::Autocomplete(suggestions);
            let (id, token) = (command.id, &command.token);
            if let Err(e) = first
                .respond(http, id, token, &response, "suggesting")
                .await
            {
                warn!(error = %e, "could not send suggestions");
            }
        }
        _ => warn!(
            kind = in_flight::kind_of(interaction),
            "an interaction the bot does not handle"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ed25519_dalek::{Signer, SigningKey};

    fn signing() -> SigningKey {
        SigningKey::from_bytes(&[9; 32])
    }

    fn verifier() -> Verifier {
        Verifier::try_new(signing().verifying_key().to_bytes()).unwrap()
    }

    fn headers(signature: &str, timestamp: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert("x-signature-ed25519", signature.parse().unwrap());
        headers.insert("x-signature-timestamp", timestamp.parse().unwrap());
        headers
    }

    fn sign(timestamp: &str, body: &[u8]) -> String {
        let message = [timestamp.as_bytes(), body].concat();
        hex::encode(signing().sign(&message).to_bytes())
    }

    fn at(seconds: u64) -> SystemTime {
        UNIX_EPOCH + Duration::from_secs(seconds)
    }

    #[test]
    fn a_request_signed_with_the_applications_key_just_now_is_taken() {
        let body = br#"{"type":1}"#;
        let headers = headers(&sign("1000", body), "1000");
        assert!(signed(&verifier(), &headers, body, at(1000)));
        assert!(signed(&verifier(), &headers, body, at(1060)));
        assert!(signed(&verifier(), &headers, body, at(940)));
    }

    #[test]
    fn a_bad_missing_or_stale_signature_is_refused() {
        let body = br#"{"type":1}"#;
        let good = sign("1000", body);
        // Another body, another timestamp, another key, garbage.
        assert!(!signed(
            &verifier(),
            &headers(&good, "1000"),
            br#"{"type":2}"#,
            at(1000)
        ));
        assert!(!signed(
            &verifier(),
            &headers(&good, "1001"),
            body,
            at(1000)
        ));
        let other = SigningKey::from_bytes(&[8; 32]);
        let forged = hex::encode(other.sign(&[b"1000".as_slice(), body].concat()).to_bytes());
        assert!(!signed(
            &verifier(),
            &headers(&forged, "1000"),
            body,
            at(1000)
        ));
        assert!(!signed(&verifier(), &headers("zz", "1000"), body, at(1000)));
        assert!(!signed(&verifier(), &headers(&good, "x"), body, at(1000)));
        assert!(!signed(&verifier(), &HeaderMap::new(), body, at(1000)));
        // Signed more than a minute ago, or ahead.
        assert!(!signed(
            &verifier(),
            &headers(&good, "1000"),
            body,
            at(1061)
        ));
        assert!(!signed(&verifier(), &headers(&good, "1000"), body, at(939)));
    }
}
