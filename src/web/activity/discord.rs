//! What the Activity's server asks Discord, and nothing else: the exchange of an
//! authorization code for a token (OAuth2, with the app's client secret), whose token that is
//! (`GET /users/@me`), and where an Activity's instance runs and who is in it
//! (`GET /applications/{app}/activity-instances/{instance}`, with the bot's token).
//!
//! The secrets go in the requests' headers and nowhere else: never in a log line, never back
//! to the page.

use std::time::Duration;

use reqwest::header::{AUTHORIZATION, HeaderValue};
use serde::Deserialize;

use crate::model::{ChannelId, GuildId, Secret, UserId};

/// How long one request to Discord may take.
const TIMEOUT: Duration = Duration::from_secs(10);

/// How the Activity's server reaches Discord.
#[derive(Debug, Clone)]
pub struct Activity {
    /// The REST API's base URL (`https://discord.com`, or the tests' fake).
    pub api_base: String,
    /// The app's id, which is its OAuth2 client id.
    pub client_id: u64,
    /// The app's OAuth2 client secret.
    pub client_secret: Secret,
    /// The bot's token, for the activity-instance lookup.
    pub bot_token: Secret,
    /// The page may run Discord's SDK mock outside Discord's client (`?mock_code=`): a try-out
    /// against a stand-in Discord, and the tests; never in production.
    pub mock_sdk: bool,
}

/// Why Discord did not vouch for a request.
#[derive(Debug, thiserror::Error)]
pub(crate) enum AskError {
    /// Discord refused the code or token (4xx): forged, replayed, expired, or another app's.
    #[error("Discord refused: {0}")]
    Refused(reqwest::StatusCode),
    /// Discord asked to be left alone this long (429, its `Retry-After`).
    #[error("Discord asked to wait {0:?}")]
    Busy(Duration),
    /// Discord could not be asked, or answered something unreadable.
    #[error("Discord could not be asked: {0}")]
    Unreachable(String),
}

/// How long a 429 asks to wait: its `Retry-After` header (seconds, maybe fractional), else a
/// second. A wait past an hour is taken as an hour.
fn retry_after(answer: &reqwest::Response) -> Duration {
    answer
        .headers()
        .get(reqwest::header::RETRY_AFTER)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s >= 0.0)
        .map_or(Duration::from_secs(1), |s| {
            Duration::from_secs_f64(s.min(3_600.0))
        })
}

/// A person, as Discord says who holds a token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct DiscordUser {
    /// Their id.
    pub id: UserId,
    /// The name they show (their global name, else their username).
    pub name: String,
}

/// An Activity's instance, as Discord reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Instance {
    /// The channel it runs in.
    pub channel: ChannelId,
    /// The server of that channel (none in a DM or group DM).
    pub guild: Option<GuildId>,
    /// Who is in it now.
    pub users: Vec<UserId>,
}

#[derive(Deserialize)]
struct TokenAnswer {
    access_token: String,
}

#[derive(Deserialize)]
struct UserAnswer {
    id: String,
    username: String,
    global_name: Option<String>,
}

#[derive(Deserialize)]
struct InstanceAnswer {
    application_id: String,
    location: LocationAnswer,
    users: Vec<String>,
}

#[derive(Deserialize)]
struct LocationAnswer {
    channel_id: String,
    guild_id: Option<String>,
}

/// A snowflake as Discord writes it (a string of digits).
fn snowflake(text: &str) -> Result<u64, AskError> {
    text.parse()
        .map_err(|_| AskError::Unreachable(format!("not an id: {text:?}")))
}

/// Talks to Discord for the Activity.
#[derive(Clone)]
pub(crate) struct DiscordApi {
    config: Activity,
    http: reqwest::Client,
}

impl DiscordApi {
    /// A client for `config`.
    pub(crate) fn new(config: Activity) -> DiscordApi {
        let http = reqwest::Client::builder()
            .timeout(TIMEOUT)
            .build()
            .unwrap_or_default();
        DiscordApi { config, http }
    }

    /// The app's client id, which the page needs to ask Discord for a code.
    pub(crate) fn client_id(&self) -> u64 {
        self.config.client_id
    }

    /// Whether the page may run the SDK's mock (see [`Activity::mock_sdk`]).
    pub(crate) fn mock_sdk(&self) -> bool {
        self.config.mock_sdk
    }

    fn url(&self, path: &str) -> String {
        format!("{}/api/v10{path}", self.config.api_base)
    }

    async fn read<T: for<'de> Deserialize<'de>>(
        sent: Result<reqwest::Response, reqwest::Error>,
    ) -> Result<T, AskError> {
        let answer = sent.map_err(|e| AskError::Unreachable(e.without_url().to_string()))?;
        let status = answer.status();
        if status == reqwest::StatusCode::TOO_MANY_REQUESTS {
            return Err(AskError::Busy(retry_after(&answer)));
        }
        if status.is_client_error() {
            return Err(AskError::Refused(status));
        }
        if !status.is_success() {
            return Err(AskError::Unreachable(format!("status {status}")));
        }
        answer
            .json()
            .await
            .map_err(|e| AskError::Unreachable(e.without_url().to_string()))
    }

    /// Exchanges an authorization code the page got from Discord for the person's access
    /// token (with the app's client secret), then asks Discord whose token it is.
    ///
    /// # Errors
    /// [`AskError::Refused`] for a code Discord does not honour (forged, used, expired, or
    /// another app's); [`AskError::Unreachable`] otherwise.
    pub(crate) async fn sign_in(&self, code: &str) -> Result<(String, DiscordUser), AskError> {
        let form = [("grant_type", "authorization_code"), ("code", code)];
        let sent = self
            .http
            .post(self.url("/oauth2/token"))
            .basic_auth(
                self.config.client_id,
                Some(self.config.client_secret.expose()),
            )
            .form(&form)
            .send()
            .await;
        let token: TokenAnswer = Self::read(sent).await?;
        let user = self.user(&token.access_token).await?;
        Ok((token.access_token, user))
    }

    /// Whose access token this is.
    async fn user(&self, access_token: &str) -> Result<DiscordUser, AskError> {
        let bearer = HeaderValue::from_str(&format!("Bearer {access_token}"))
            .map_err(|_| AskError::Refused(reqwest::StatusCode::UNAUTHORIZED))?;
        let sent = self
            .http
            .get(self.url("/users/@me"))
            .header(AUTHORIZATION, bearer)
            .send()
            .await;
        let user: UserAnswer = Self::read(sent).await?;
        Ok(DiscordUser {
            id: UserId(snowflake(&user.id)?),
            name: user.global_name.unwrap_or(user.username),
        })
    }

    /// Where the app's Activity instance `instance` runs and who is in it; `None` when Discord
    /// knows no such instance of this app (404, or another app's).
    ///
    /// # Errors
    /// [`AskError::Busy`] on a 429; [`AskError::Unreachable`] when Discord could not be asked,
    /// or refused the bot's own token (any other 4xx is the bot's fault, not the person's).
    pub(crate) async fn instance(&self, instance: &str) -> Result<Option<Instance>, AskError> {
        let mut url = reqwest::Url::parse(&self.url(&format!(
            "/applications/{}/activity-instances/",
            self.config.client_id
        )))
        .map_err(|e| AskError::Unreachable(e.to_string()))?;
        // One path segment, escaped: the page names the instance.
        url.path_segments_mut()
            .map_err(|()| AskError::Unreachable("a base URL without a path".into()))?
            .pop_if_empty()
            .push(instance);
        let sent = self
            .http
            .get(url)
            .header(
                AUTHORIZATION,
                format!("Bot {}", self.config.bot_token.expose()),
            )
            .send()
            .await;
        let found: InstanceAnswer = match Self::read(sent).await {
            Ok(found) => found,
            Err(AskError::Refused(reqwest::StatusCode::NOT_FOUND)) => return Ok(None),
            Err(AskError::Refused(status)) => {
                return Err(AskError::Unreachable(format!(
                    "the instance look-up was refused: {status}"
                )));
            }
            Err(e) => return Err(e),
        };
        if snowflake(&found.application_id)? != self.config.client_id {
            return Ok(None);
        }
        let users = found
            .users
            .iter()
            .map(|u| snowflake(u).map(UserId))
            .collect::<Result<_, _>>()?;
        Ok(Some(Instance {
            channel: ChannelId(snowflake(&found.location.channel_id)?),
            guild: found
                .location
                .guild_id
                .as_deref()
                .map(snowflake)
                .transpose()?
                .map(GuildId),
            users,
        }))
    }
}
