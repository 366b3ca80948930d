//! Discord's error answers: the status, the JSON body (`code`, `message`, and for form errors
//! the `errors` tree; the OAuth2 token endpoint's own `error` body), and the record of each
//! refusal the fake made.

use std::time::Duration;

use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

/// One request the fake refused because it broke Discord's contract.
#[derive(Debug, Clone)]
pub struct Refusal {
    /// The request, as `METHOD /path`.
    pub request: String,
    /// The HTTP status of the answer.
    pub status: StatusCode,
    /// Discord's JSON error code (0 where Discord gives none, e.g. a 429).
    pub code: u32,
    /// Discord's message.
    pub message: String,
    /// The `errors` tree of a form error, `null` otherwise.
    pub errors: Value,
    /// For a 429: how long to wait, whether the limit is global, and the answer's headers.
    pub rate_limit: Option<Box<(Duration, bool, HeaderMap)>>,
    /// The body Discord sends instead of `{"message", "code"}`: the OAuth2 token endpoint
    /// answers as RFC 6749 says (`{"error": "invalid_grant", …}`).
    pub oauth_body: Option<Box<Value>>,
}

impl Refusal {
    /// A refusal of `request` with Discord's `status`, `code` and `message`.
    pub fn new(status: StatusCode, code: u32, message: impl Into<String>) -> Refusal {
        Refusal {
            request: String::new(),
            status,
            code,
            message: message.into(),
            errors: Value::Null,
            rate_limit: None,
            oauth_body: None,
        }
    }

    /// An OAuth2 error of the token endpoint (RFC 6749, section 5.2): `status` with
    /// `{"error": error}`, and `error_description` when Discord gives one. Its `message` is the
    /// `error`.
    pub fn oauth(status: StatusCode, error: &str, description: Option<&str>) -> Refusal {
        let mut body = json!({ "error": error });
        if let Some(description) = description {
            body["error_description"] = json!(description);
        }
        Refusal {
            oauth_body: Some(Box::new(body)),
            ..Refusal::new(status, 0, error)
        }
    }

    /// 401 Unauthorized (no code): the `Authorization` header is missing, or holds no valid
    /// credentials for this route.
    pub fn unauthorized() -> Refusal {
        Refusal::new(StatusCode::UNAUTHORIZED, 0, "401: Unauthorized")
    }

    /// 404 Unknown Application (10002): an application that is not the bot's.
    pub fn unknown_application() -> Refusal {
        Refusal::new(StatusCode::NOT_FOUND, 10002, "Unknown Application")
    }

    /// 404 Unknown application command (10063).
    pub fn unknown_command() -> Refusal {
        Refusal::new(StatusCode::NOT_FOUND, 10063, "Unknown application command")
    }

    /// 429 Too Many Requests: wait `retry_after`; `global` when the global limit was hit.
    pub fn rate_limited(retry_after: Duration, global: bool, headers: HeaderMap) -> Refusal {
        Refusal {
            rate_limit: Some(Box::new((retry_after, global, headers))),
            ..Refusal::new(
                StatusCode::TOO_MANY_REQUESTS,
                0,
                "You are being rate limited.",
            )
        }
    }

    /// 400 Invalid Form Body (50035) with Discord's `errors` tree.
    pub fn invalid_form_body(errors: Value) -> Refusal {
        Refusal {
            errors,
            ..Refusal::new(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body")
        }
    }

    /// 404 Unknown Interaction (10062): answered late, or never dispatched.
    pub fn unknown_interaction() -> Refusal {
        Refusal::new(StatusCode::NOT_FOUND, 10062, "Unknown interaction")
    }

    /// 401 Invalid Webhook Token (50027): an interaction token unknown or older than 15 minutes.
    pub fn invalid_webhook_token() -> Refusal {
        Refusal::new(StatusCode::UNAUTHORIZED, 50027, "Invalid Webhook Token")
    }

    /// 404 Unknown Message (10008).
    pub fn unknown_message() -> Refusal {
        Refusal::new(StatusCode::NOT_FOUND, 10008, "Unknown Message")
    }

    /// 404 Unknown Channel (10003).
    pub fn unknown_channel() -> Refusal {
        Refusal::new(StatusCode::NOT_FOUND, 10003, "Unknown Channel")
    }

    /// 404 Unknown Guild (10004).
    pub fn unknown_guild() -> Refusal {
        Refusal::new(StatusCode::NOT_FOUND, 10004, "Unknown Guild")
    }

    /// 404 Unknown Member (10007).
    pub fn unknown_member() -> Refusal {
        Refusal::new(StatusCode::NOT_FOUND, 10007, "Unknown Member")
    }

    /// 404 Unknown Webhook (10015).
    pub fn unknown_webhook() -> Refusal {
        Refusal::new(StatusCode::NOT_FOUND, 10015, "Unknown Webhook")
    }

    /// 403 Missing Access (50001): the bot cannot see the channel or is not in the server.
    pub fn missing_access() -> Refusal {
        Refusal::new(StatusCode::FORBIDDEN, 50001, "Missing Access")
    }

    /// 403 Missing Permissions (50013).
    pub fn missing_permissions() -> Refusal {
        Refusal::new(StatusCode::FORBIDDEN, 50013, "Missing Permissions")
    }

    /// 400 Interaction has already been acknowledged (40060).
    pub fn already_acknowledged() -> Refusal {
        Refusal::new(
            StatusCode::BAD_REQUEST,
            40060,
            "Interaction has already been acknowledged.",
        )
    }

    /// 400 This interaction has hit the maximum number of follow up messages (40094): the sixth
    /// follow-up of an interaction only a user installed the app for.
    pub fn too_many_follow_ups() -> Refusal {
        Refusal::new(
            StatusCode::BAD_REQUEST,
            40094,
            "This interaction has hit the maximum number of follow up messages",
        )
    }

    /// 413 Request entity too large (40005): an upload over the size limit.
    pub fn too_large() -> Refusal {
        Refusal::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            40005,
            "Request entity too large",
        )
    }

    /// 404 with no code: a route Discord does not have (the spec does not list it), or an
    /// Activity instance that does not exist (Discord's multiplayer guide shows this answer).
    pub fn not_found() -> Refusal {
        Refusal::new(StatusCode::NOT_FOUND, 0, "404: Not Found")
    }

    /// The answer Discord sends.
    pub fn response(&self) -> Response {
        if let Some(limit) = &self.rate_limit {
            let (retry_after, global, headers) = &**limit;
            return super::rate_limits::too_many_requests(*retry_after, *global, headers.clone());
        }
        if let Some(body) = &self.oauth_body {
            return (self.status, axum::Json(body.as_ref().clone())).into_response();
        }
        let mut body = json!({ "message": self.message, "code": self.code });
        if !self.errors.is_null() {
            body["errors"] = self.errors.clone();
        }
        (self.status, axum::Json(body)).into_response()
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} → {} {} {}",
            self.request,
            self.status.as_u16(),
            self.code,
            self.message
        )?;
        if !self.errors.is_null() {
            write!(f, " {}", self.errors)?;
        }
        Ok(())
    }
}
