//! OAuth2 as Discord documents it (`developers/topics/oauth2.mdx`), for the application the
//! bot belongs to: the authorization code grant's token exchange (`POST /oauth2/token`), the
//! access tokens it hands out, and who a request's `Authorization` header says it comes from.
//!
//! - A code ([`Grants::code`]) is what the authorize step hands a user for a client (the
//!   Activity's `authorize` command), scope `identify`; it is good for one exchange within
//!   [`CODE_LIFETIME`] on the fake's clock.
//! - The exchange takes a form body (`application/x-www-form-urlencoded`: JSON is refused, 400
//!   code 50035, "invalid Content-Type provided"), the client's credentials by HTTP Basic auth
//!   or as `client_id`/`client_secret` fields (not both: RFC 6749 section 2.3), and answers
//!   as RFC 6749 does: `invalid_client` (401), `invalid_request`, `invalid_grant`,
//!   `unsupported_grant_type` (400). Discord's other documented grants (`refresh_token`,
//!   `client_credentials`) are not served yet (501, a refusal that names them).
//! - An access token lasts [`ACCESS_TOKEN_LIFETIME`] on the fake's clock and identifies its user
//!   to `GET /users/@me` and `GET /oauth2/@me` (`Authorization: Bearer …`).

use std::collections::HashMap;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use axum::http::StatusCode;
use serde_json::{Value, json};

use super::refusal::Refusal;
use super::schema::Security;
use super::{APPLICATION_ID, CLIENT_SECRET, RecordedRequest, TOKEN, bot_user};

/// How long a code may be exchanged after it was handed out.
pub const CODE_LIFETIME: Duration = Duration::from_secs(10 * 60);
/// How long an access token lasts (the `expires_in` of the exchange: 604800 seconds).
pub const ACCESS_TOKEN_LIFETIME: Duration = Duration::from_secs(604_800);
/// The one scope the fake's codes and tokens carry.
pub const SCOPE: &str = "identify";

/// A user's authorization of a client: what a code or an access token stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Grant {
    /// The user who authorized.
    pub user: u64,
    /// The client (application id) they authorized.
    pub client: u64,
    /// When it stops being valid, on the fake's clock.
    pub expires: Instant,
}

/// Who a request comes from, by its `Authorization` header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Caller {
    /// No `Authorization` header.
    Anonymous,
    /// `Bot <TOKEN>`: the bot.
    Bot,
    /// `Bearer <access token>`: a user, through a client's valid access token.
    User(Grant),
    /// Anything else: another bot token, an unknown or expired access token, another scheme.
    Invalid,
}

impl Caller {
    /// Checks that a route whose `security` is `accepts` takes this caller's credentials: 401
    /// otherwise.
    pub fn check(&self, accepts: &Security) -> Result<(), Refusal> {
        let accepted = match self {
            Caller::Anonymous => accepts.anonymous,
            Caller::Bot => accepts.bot,
            Caller::User(_) => accepts
                .bearer
                .as_ref()
                .is_some_and(|scopes| scopes.is_empty() || scopes.iter().any(|s| s == SCOPE)),
            Caller::Invalid => false,
        };
        if accepted {
            Ok(())
        } else {
            Err(Refusal::unauthorized())
        }
    }
}

/// The codes and access tokens handed out, and the names of the users they stand for.
#[derive(Debug, Default)]
pub struct Grants {
    codes: HashMap<String, Grant>,
    access_tokens: HashMap<String, Grant>,
    names: HashMap<u64, String>,
}

impl Grants {
    /// A fresh one-time code for `user` and `client`, handed out at `now`; `serial` makes it
    /// unique.
    pub fn code(&mut self, user: u64, client: u64, serial: u64, now: Instant) -> String {
        let code = format!("code-{serial}");
        let grant = Grant {
            user,
            client,
            expires: now + CODE_LIFETIME,
        };
        self.codes.insert(code.clone(), grant);
        code
    }

    /// A fresh access token for `user` and `client`, handed out at `now`; `serial` makes it
    /// unique.
    pub fn access_token(&mut self, user: u64, client: u64, serial: u64, now: Instant) -> String {
        let token = format!("access-{serial}");
        let grant = Grant {
            user,
            client,
            expires: now + ACCESS_TOKEN_LIFETIME,
        };
        self.access_tokens.insert(token.clone(), grant);
        token
    }

    /// Names `user` (`user{id}` until then).
    pub fn name(&mut self, user: u64, username: &str) {
        self.names.insert(user, username.to_owned());
    }

    /// Who `authorization` (the header as sent) says a request comes from, at `now`.
    pub fn caller(&self, authorization: Option<&str>, now: Instant) -> Caller {
        let Some(authorization) = authorization else {
            return Caller::Anonymous;
        };
        if authorization.strip_prefix("Bot ") == Some(TOKEN) {
            return Caller::Bot;
        }
        authorization
            .strip_prefix("Bearer ")
            .and_then(|token| self.access_tokens.get(token))
            .filter(|grant| now <= grant.expires)
            .map_or(Caller::Invalid, |grant| Caller::User(*grant))
    }

    /// Carries out a token exchange (`POST /oauth2/token`) at `now`: the access token response,
    /// or the OAuth2 error. `serial` makes the new tokens unique.
    pub fn exchange(
        &mut self,
        request: &RecordedRequest,
        serial: u64,
        now: Instant,
    ) -> Result<Value, Refusal> {
        let form = form(request)?;
        let field = |name: &str| {
            form.iter()
                .find(|(key, _)| key == name)
                .map(|(_, value)| value.as_str())
        };
        // Only HTTP Basic authenticates a client; another scheme's header is no credential.
        let basic = request
            .authorization
            .as_deref()
            .and_then(|a| a.strip_prefix("Basic "))
            .map(basic_credentials);
        let client = match (basic, field("client_id"), field("client_secret")) {
            (Some(_), Some(_), _) | (Some(_), _, Some(_)) => {
                return Err(invalid_request());
            }
            (Some(basic), None, None) => basic,
            (None, Some(id), Some(secret)) => Some((id.to_owned(), secret.to_owned())),
            (None, _, _) => None,
        };
        let authenticated = client.is_some_and(|(id, secret)| {
            id == APPLICATION_ID.to_string() && secret == CLIENT_SECRET
        });
        if !authenticated {
            return Err(Refusal::oauth(
                StatusCode::UNAUTHORIZED,
                "invalid_client",
                None,
            ));
        }
        match field("grant_type") {
            Some("authorization_code") => {}
            Some(grant @ ("refresh_token" | "client_credentials")) => {
                return Err(Refusal::new(
                    StatusCode::NOT_IMPLEMENTED,
                    0,
                    format!("the fake Discord does not serve grant_type={grant} yet"),
                ));
            }
            Some(_) => {
                return Err(Refusal::oauth(
                    StatusCode::BAD_REQUEST,
                    "unsupported_grant_type",
                    None,
                ));
            }
            None => return Err(invalid_request()),
        }
        let code = field("code").ok_or_else(invalid_request)?;
        let grant = self
            .codes
            .get(code)
            .copied()
            .filter(|grant| grant.client == APPLICATION_ID && now <= grant.expires)
            .ok_or_else(|| {
                Refusal::oauth(
                    StatusCode::BAD_REQUEST,
                    "invalid_grant",
                    Some("Invalid \"code\" in request."),
                )
            })?;
        self.codes.remove(code);
        let access_token = self.access_token(grant.user, grant.client, serial, now);
        Ok(json!({
            "access_token": access_token,
            "token_type": "Bearer",
            "expires_in": ACCESS_TOKEN_LIFETIME.as_secs(),
            "refresh_token": format!("refresh-{serial}"),
            "scope": SCOPE,
        }))
    }

    /// `GET /users/@me`: the bot, or the user of a Bearer token (a `UserPIIResponse`).
    pub fn me(&self, caller: Caller) -> Result<Value, Refusal> {
        let mut me = match caller {
            Caller::Bot => bot_user(),
            Caller::User(grant) => self.user(grant.user),
            Caller::Anonymous | Caller::Invalid => return Err(Refusal::unauthorized()),
        };
        me["flags"] = json!(0);
        me["mfa_enabled"] = json!(false);
        me["locale"] = json!("en-US");
        Ok(me)
    }

    /// `GET /oauth2/@me` at `now`: which client a Bearer token belongs to, its scopes, when it
    /// expires and whose it is. Discord's documentation asks for a Bearer token, so the bot's
    /// token is refused (401).
    pub fn authorization(&self, caller: Caller, now: Instant) -> Result<Value, Refusal> {
        let Caller::User(grant) = caller else {
            return Err(Refusal::unauthorized());
        };
        let expires = SystemTime::now() + grant.expires.saturating_duration_since(now);
        let seconds = expires
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let expires = i64::try_from(seconds)
            .ok()
            .and_then(|s| serenity::model::Timestamp::from_unix_timestamp(s).ok())
            .map(|t| t.to_string());
        Ok(json!({
            "application": {
                "id": grant.client.to_string(),
                "name": format!("app{}", grant.client),
                "icon": null,
                "description": "",
                "type": null,
                "verify_key": "0".repeat(64),
                "flags": 0,
                "flags_new": "0",
                "bot_public": false,
                "bot_require_code_grant": false,
            },
            "scopes": [SCOPE],
            "expires": expires,
            "user": self.user(grant.user),
        }))
    }

    /// The user object of `user` (`user{id}` unless named).
    fn user(&self, user: u64) -> Value {
        let username = self
            .names
            .get(&user)
            .cloned()
            .unwrap_or_else(|| format!("user{user}"));
        json!({
            "id": user.to_string(),
            "username": username,
            "discriminator": "0",
            "global_name": username,
            "avatar": null,
            "public_flags": 0,
            "flags": 0,
            "primary_guild": null,
        })
    }
}

/// RFC 6749's `invalid_request` (400): a parameter is missing or given twice over.
fn invalid_request() -> Refusal {
    Refusal::oauth(StatusCode::BAD_REQUEST, "invalid_request", None)
}

/// The fields of a form body; a body of another content type is refused as Discord refuses an
/// invalid `Content-Type` (400, 50035).
fn form(request: &RecordedRequest) -> Result<Vec<(String, String)>, Refusal> {
    let is_form = request
        .content_type
        .as_deref()
        .is_some_and(|c| c.starts_with("application/x-www-form-urlencoded"));
    if !is_form {
        return Err(Refusal::new(
            StatusCode::BAD_REQUEST,
            50035,
            "Invalid Form Body",
        ));
    }
    Ok(url::form_urlencoded::parse(&request.body)
        .into_owned()
        .collect())
}

/// The client id and secret of HTTP Basic credentials (`base64(id:secret)`); `None` when they
/// do not decode.
fn basic_credentials(encoded: &str) -> Option<(String, String)> {
    let decoded = base64_decode(encoded)?;
    let decoded = String::from_utf8(decoded).ok()?;
    let (id, secret) = decoded.split_once(':')?;
    Some((id.to_owned(), secret.to_owned()))
}

/// Standard base64 (with or without padding) decoded; `None` if it is not base64.
fn base64_decode(text: &str) -> Option<Vec<u8>> {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut bits = 0u32;
    let mut count = 0;
    let mut bytes = Vec::new();
    for c in text.trim_end_matches('=').bytes() {
        let value = ALPHABET.iter().position(|&a| a == c)?;
        bits = (bits << 6) | value as u32;
        count += 6;
        if count >= 8 {
            count -= 8;
            bytes.push((bits >> count) as u8);
            bits &= (1 << count) - 1;
        }
    }
    Some(bytes)
}
