//! The Activity: the game page inside Discord's client, played by taps.
//!
//! - `GET /` with Discord's `frame_id` in the address (the root of the app's URL mapping,
//!   through Discord's proxy), and `GET /activity`: the page. It runs Discord's Embedded App
//!   SDK: `ready()`, then `authorize` (scope `identify`), then `POST /api/token` here, then
//!   `authenticate`.
//! - `POST /api/token` `{code, instance_id}`: exchanges the code with Discord (the client
//!   secret never leaves this server), asks Discord whose token it is and where that
//!   Activity instance runs and who is in it; the person must be in it. Answers the access
//!   token (for the SDK's `authenticate`) and a session ([`session`]) naming the person and
//!   the instance's channel: the only identity the other routes trust. Sign-ins are held to
//!   a pace Discord tolerates ([`gate`]): beyond it, and while Discord asks to wait, 503 with
//!   `Retry-After`.
//! - `POST /api/session` with the session renews it while Discord says its person is still
//!   in the instance (sessions last 15 minutes; the page renews every 10).
//! - With `Authorization: Bearer <session>`: `GET /api/activity/games` lists the game the
//!   person opened the Activity on and their games in that channel; `POST
//!   /api/activity/games/{key}/moves` and `/resign` play through the game service, as the
//!   person, with its checks and its refusals in the viewer's language; `/rematch` offers a
//!   finished game's rematch, and `POST /api/activity/computer` starts a game against the
//!   computer in the channel; `POST /api/activity/colors` keeps the board colours chosen on
//!   the page as the person's own (the list gives them back: the page's default). The chat
//!   is shown each at once (see
//!   [`GameService::play_away`](crate::games::GameService::play_away)).
//!
//! The lessons play inside the Activity too: see [`lessons`].
//!
//! The page speaks the person's Discord locale: it asks the SDK for it, fetches its words from
//! `GET /api/strings`, and sends it as `Accept-Language` with every request, so refusals come
//! in it too.
//!
//! A person watching a game they do not play is only ever shown it: the service refuses their
//! moves as it refuses anyone's who is not to move.

mod discord;
mod gate;
pub(super) mod lessons;
mod session;

use std::collections::HashMap;
use std::sync::Arc;

use axum::Json;
use axum::extract::{FromRequestParts, Path, Query, State};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::response::{Html, IntoResponse, Response};
use serde::{Deserialize, Serialize};
use tracing::{info, warn};

pub use discord::Activity;
use discord::DiscordApi;
use gate::SignInGate;

use super::asked::{Asked, MoveAsked, ResignAsked};
use super::client::bearer;
use super::errors::WebError;
use super::lang::Viewer;
use super::page::{escape, fill, script_json, strings_json, words};
use super::{Web, assets, state};
use crate::games::{
    ChallengeCreated, GameRef, GameService, GameView, PlayRequest, PlayerRef, ServiceError,
    UserError,
};
use crate::model::{BoardColors, Level, UserId};
use session::{LIFETIME_MS, Session, Sessions};

/// The Activity's parts: how it asks Discord, how many sign-ins may, and how it signs
/// sessions.
#[derive(Clone)]
pub(super) struct ActivityState {
    discord: DiscordApi,
    gate: Arc<SignInGate>,
    sessions: Sessions,
}

impl ActivityState {
    /// The Activity of the app `config` describes.
    pub(super) fn new(config: Activity) -> ActivityState {
        ActivityState {
            sessions: Sessions::new(&config.client_secret),
            gate: Arc::new(SignInGate::new()),
            discord: DiscordApi::new(config),
        }
    }
}

impl ActivityState {
    /// The person the session `token` names at `now_ms`, if it is valid.
    pub(super) fn person(&self, token: &str, now_ms: i64) -> Option<UserId> {
        self.sessions.check(token, now_ms).map(|s| s.user())
    }
}

/// The Activity's parts, which every handler here has (the routes exist only with them).
fn activity(web: &Web) -> Result<&ActivityState, WebError> {
    web.activity.as_ref().ok_or(WebError::NotFound)
}

/// The person a request's session names, checked.
pub(super) struct SignedIn(pub Session);

impl FromRequestParts<Web> for SignedIn {
    type Rejection = WebError;

    async fn from_request_parts(parts: &mut Parts, web: &Web) -> Result<SignedIn, WebError> {
        let activity = activity(web)?;
        let token = bearer(&parts.headers).ok_or(WebError::Unauthorized)?;
        activity
            .sessions
            .check(token, web.service.now_ms())
            .map(SignedIn)
            .ok_or(WebError::Unauthorized)
    }
}

/// `GET /`: the Activity when Discord opens it (the root of the app's URL mapping, with the
/// `frame_id` Discord adds to the address), else what this server is.
pub(super) async fn root(
    State(web): State<Web>,
    viewer: Viewer,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Html<String>, WebError> {
    if web.activity.is_some() && query.contains_key("frame_id") {
        page(State(web), viewer).await
    } else {
        Ok(super::page::about(viewer).await)
    }
}

/// `GET /activity`: the page, with the app's client id for the SDK.
pub(super) async fn page(
    State(web): State<Web>,
    Viewer(lang): Viewer,
) -> Result<Html<String>, WebError> {
    let activity = activity(&web)?;
    let config = page_config(&activity.discord);
    Ok(Html(fill(
        assets::template("game.html"),
        &[
            ("lang", escape(lang.tag())),
            ("title", "Monkey Queen".to_owned()),
            ("description", String::new()),
            ("og_image", String::new()),
            ("og_url", String::new()),
            ("script", "activity.js".to_owned()),
            ("game_hidden", " hidden".to_owned()),
            ("strings", strings_json(lang)),
            ("state", "null".to_owned()),
            ("activity", script_json(&config.to_string())),
        ],
    )))
}

/// What a page that may run inside the Activity (the lessons') is told to sign in with, as a
/// script's JSON: `null` where this server runs no Activity.
pub(super) fn sign_in_config(web: &Web) -> String {
    match &web.activity {
        Some(activity) => script_json(&page_config(&activity.discord).to_string()),
        None => "null".to_owned(),
    }
}

/// What the page is told: the app's client id for the SDK, and whether it may run the SDK's
/// mock outside Discord (only when the operator says so: never in production).
fn page_config(discord: &DiscordApi) -> serde_json::Value {
    serde_json::json!({
        "client_id": discord.client_id().to_string(),
        "mock": discord.mock_sdk(),
    })
}

/// `GET /api/strings`: the page's words in the language `Accept-Language` names, which the
/// Activity sets to the person's Discord locale (the SDK's `userSettingsGetLocale`).
pub(super) async fn strings(Viewer(lang): Viewer) -> Response {
    Json(serde_json::json!({ "lang": lang.tag(), "words": words(lang) })).into_response()
}

/// What the page sends after Discord's `authorize`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct SignIn {
    code: String,
    instance_id: String,
}

/// What the page gets back.
#[derive(Serialize)]
struct SignedInAnswer {
    access_token: String,
    session: String,
    user: Person,
    channel_id: String,
}

#[derive(Serialize)]
struct Person {
    id: String,
    name: String,
}

/// `POST /api/token`: signs the person in (see the module's doc).
pub(super) async fn sign_in(
    State(web): State<Web>,
    Asked(asked): Asked<SignIn>,
) -> Result<Response, WebError> {
    let activity = activity(&web)?;
    if asked.code.is_empty() || asked.code.len() > 200 || asked.instance_id.len() > 200 {
        return Err(WebError::BadRequest("a code and an instance id".into()));
    }
    activity.gate.admit().map_err(WebError::Busy)?;
    let (access_token, user) = activity
        .discord
        .sign_in(&asked.code)
        .await
        .map_err(|e| refused_by_discord(activity, e))?;
    let instance = activity
        .discord
        .instance(&asked.instance_id)
        .await
        .map_err(|e| refused_by_discord(activity, e))?;
    let Some(instance) = instance.filter(|i| i.users.contains(&user.id)) else {
        warn!(user = %user.id, "a sign-in to an Activity instance the person is not in");
        return Err(WebError::Forbidden("not in this Activity"));
    };
    let session = Session {
        user: user.id.0,
        name: user.name.clone(),
        channel: instance.channel.0,
        guild: instance.guild.map(|g| g.0),
        instance: asked.instance_id.clone(),
        expires_ms: web.service.now_ms() + LIFETIME_MS,
    };
    info!(user = %user.id, channel = %instance.channel, "signed in to the Activity");
    let answer = SignedInAnswer {
        access_token,
        session: activity.sessions.sign(&session),
        user: Person {
            id: user.id.0.to_string(),
            name: user.name,
        },
        channel_id: instance.channel.0.to_string(),
    };
    Ok(Json(answer).into_response())
}

/// What a renewal gets back: the new session.
#[derive(Serialize)]
struct Renewed {
    session: String,
}

/// `POST /api/session`: renews the signed-in person's session while Discord says they are
/// still in its Activity instance, in the same channel; 403 once they left (the page then
/// stops), so a session outlives its holder's leaving by at most its lifetime.
pub(super) async fn renew(
    State(web): State<Web>,
    SignedIn(session): SignedIn,
) -> Result<Response, WebError> {
    let activity = activity(&web)?;
    activity.gate.admit().map_err(WebError::Busy)?;
    let instance = activity
        .discord
        .instance(&session.instance)
        .await
        .map_err(|e| refused_by_discord(activity, e))?;
    let still_in = instance
        .is_some_and(|i| i.channel == session.channel() && i.users.contains(&session.user()));
    if !still_in {
        info!(user = %session.user(), "a session was not renewed: its holder left the Activity");
        return Err(WebError::Forbidden("not in this Activity"));
    }
    let renewed = Session {
        expires_ms: web.service.now_ms() + LIFETIME_MS,
        ..session
    };
    Ok(Json(Renewed {
        session: activity.sessions.sign(&renewed),
    })
    .into_response())
}

/// Discord would not vouch (401), asked to wait (503, and no sign-in asks it before then),
/// or could not be asked (502).
fn refused_by_discord(activity: &ActivityState, error: discord::AskError) -> WebError {
    match error {
        discord::AskError::Refused(status) => {
            warn!(%status, "Discord refused an Activity sign-in");
            WebError::Unauthorized
        }
        discord::AskError::Busy(wait) => {
            warn!(?wait, "Discord asked the Activity's sign-ins to wait");
            activity.gate.hold(wait);
            WebError::Busy(wait)
        }
        discord::AskError::Unreachable(why) => WebError::BadGateway(why),
    }
}

/// A game as the Activity lists it.
#[derive(Serialize)]
struct Listed {
    key: String,
    white: String,
    black: String,
    status: &'static str,
    ply: u32,
    your_turn: bool,
}

#[derive(Serialize)]
struct Offered {
    launched: Option<Listed>,
    games: Vec<Listed>,
    /// The board colours the person chose (`/colours`, or here), if they did: the page's
    /// default.
    colors: Option<&'static str>,
}

/// `GET /api/activity/games`: the game the person opened the Activity on, and their games in
/// its channel.
pub(super) async fn games(
    State(web): State<Web>,
    Viewer(lang): Viewer,
    SignedIn(session): SignedIn,
) -> Result<Response, WebError> {
    let offered = web
        .service
        .activity_games(session.user(), session.channel())
        .await
        .map_err(|e| WebError::from_service(e, lang))?;
    let mut listed = Vec::with_capacity(offered.games.len());
    for game in &offered.games {
        listed.push(list(&web, game, &session, lang).await?);
    }
    let launched = match &offered.launched {
        Some(game) => Some(list(&web, game, &session, lang).await?),
        None => None,
    };
    let colors = web
        .service
        .own_board_colors(session.user())
        .await
        .map_err(|e| WebError::from_service(e, lang))?;
    Ok(Json(Offered {
        launched,
        games: listed,
        colors: colors.map(BoardColors::as_str),
    })
    .into_response())
}

async fn list(
    web: &Web,
    game: &GameView,
    session: &Session,
    lang: crate::i18n::Lang,
) -> Result<Listed, WebError> {
    Ok(Listed {
        key: key_of(web, game, lang).await?,
        white: game.white.name.clone(),
        black: game.black.name.clone(),
        status: game.status.as_str(),
        ply: game.ply(),
        your_turn: game.is_active() && game.to_move == Some(session.user()),
    })
}

/// The game at `key`, if the session's Activity may act on it (it is played in the session's
/// channel): a session made in one channel plays nowhere else.
async fn game_at(
    web: &Web,
    key: &str,
    session: &Session,
    lang: crate::i18n::Lang,
) -> Result<GameView, WebError> {
    let game = state::page_at(web, key).await?.0.game;
    GameService::in_activity_channel(&game, session.channel())
        .map_err(|e| WebError::from_service(e, lang))?;
    Ok(game)
}

/// `POST /api/activity/games/{key}/moves`: plays the signed-in person's move at the ply the
/// page showed; 200 with the new state, or the service's refusal in the viewer's language. A
/// request repeated after its move went through is answered with the game as it is.
pub(super) async fn play(
    State(web): State<Web>,
    Viewer(lang): Viewer,
    SignedIn(session): SignedIn,
    Path(key): Path<String>,
    Asked(asked): Asked<MoveAsked>,
) -> Result<Response, WebError> {
    let game = game_at(&web, &key, &session, lang).await?;
    let played = web
        .service
        .play_away(PlayRequest {
            user: session.user(),
            game: GameRef::Id(game.id),
            text: &asked.text,
            expected_ply: Some(asked.ply),
            request_key: None,
        })
        .await;
    match played {
        Ok(_) | Err(ServiceError::User(UserError::AlreadyPlayed { .. })) => {
            state::answer(&web, &key).await
        }
        Err(e) => Err(WebError::from_service(e, lang)),
    }
}

/// `POST /api/activity/games/{key}/resign`: the signed-in person resigns, at the ply they
/// confirmed it.
pub(super) async fn resign(
    State(web): State<Web>,
    Viewer(lang): Viewer,
    SignedIn(session): SignedIn,
    Path(key): Path<String>,
    Asked(asked): Asked<ResignAsked>,
) -> Result<Response, WebError> {
    let game = game_at(&web, &key, &session, lang).await?;
    web.service
        .resign_away(session.user(), game.id, Some(asked.ply))
        .await
        .map_err(|e| WebError::from_service(e, lang))?;
    state::answer(&web, &key).await
}

/// What a rematch or a new game from the Activity did, for the page: the new game's key when
/// it started at once (against the computer), or that an offer now waits in the chat.
#[derive(Serialize)]
struct Created {
    key: Option<String>,
    offered: bool,
}

/// `POST /api/activity/games/{key}/rematch`: the signed-in player offers a rematch of a
/// finished game; the offer is posted in the chat for the opponent, or, against the computer,
/// the new game starts at once.
pub(super) async fn rematch(
    State(web): State<Web>,
    Viewer(lang): Viewer,
    SignedIn(session): SignedIn,
    Path(key): Path<String>,
) -> Result<Response, WebError> {
    let game = game_at(&web, &key, &session, lang).await?;
    let by = PlayerRef::new(session.user(), session.name.clone());
    let created = web
        .service
        .rematch_away(game.id, &by, lang)
        .await
        .map_err(|e| WebError::from_service(e, lang))?;
    let created = match created {
        ChallengeCreated::Pending(_) => Created {
            key: None,
            offered: true,
        },
        ChallengeCreated::AiGame(started) => Created {
            key: Some(key_of(&web, &started.game, lang).await?),
            offered: false,
        },
    };
    Ok((StatusCode::CREATED, Json(created)).into_response())
}

/// Board colours, as the Activity's page chooses them.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ColorsAsked {
    colors: String,
}

/// `POST /api/activity/colors`: keeps the board colours the person chose on the page as their
/// own (as `/colours` does: their private boards in Discord get them too), and answers them.
pub(super) async fn colors(
    State(web): State<Web>,
    Viewer(lang): Viewer,
    SignedIn(session): SignedIn,
    Asked(asked): Asked<ColorsAsked>,
) -> Result<Response, WebError> {
    let colors = BoardColors::from_stored(&asked.colors)
        .ok_or_else(|| WebError::BadRequest("colors: standard, colorblind or high".into()))?;
    web.service
        .choose_board_colors(session.user(), colors)
        .await
        .map_err(|e| WebError::from_service(e, lang))?;
    Ok(Json(serde_json::json!({ "colors": colors.as_str() })).into_response())
}

/// A game against the computer, as the Activity asks for it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ComputerAsked {
    level: String,
}

/// `POST /api/activity/computer`: starts a game against the computer at the level asked, in
/// the channel the Activity runs in; 201 with its key.
pub(super) async fn computer(
    State(web): State<Web>,
    Viewer(lang): Viewer,
    SignedIn(session): SignedIn,
    Asked(asked): Asked<ComputerAsked>,
) -> Result<Response, WebError> {
    let level: Level = asked
        .level
        .parse()
        .map_err(|_| WebError::BadRequest("a level: easy, medium, hard or max".into()))?;
    let by = PlayerRef::new(session.user(), session.name.clone());
    let started = web
        .service
        .play_computer_away(by, session.guild(), session.channel(), level, lang)
        .await
        .map_err(|e| WebError::from_service(e, lang))?;
    let created = Created {
        key: Some(key_of(&web, &started.game, lang).await?),
        offered: false,
    };
    Ok((StatusCode::CREATED, Json(created)).into_response())
}

/// The key of `game`'s page.
async fn key_of(web: &Web, game: &GameView, lang: crate::i18n::Lang) -> Result<String, WebError> {
    let key = web
        .service
        .page_key(game)
        .await
        .map_err(|e| WebError::from_service(e, lang))?;
    Ok(key.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Secret;

    fn activity(api_base: &str, mock_sdk: bool) -> DiscordApi {
        DiscordApi::new(Activity {
            api_base: api_base.to_owned(),
            client_id: 42,
            client_secret: Secret::new("shh"),
            bot_token: Secret::new("token"),
            mock_sdk,
        })
    }

    #[test]
    fn the_sdks_mock_runs_only_when_the_operator_says_so() {
        let real = page_config(&activity("https://discord.com", false));
        assert_eq!(real, serde_json::json!({"client_id": "42", "mock": false}));
        let fake = page_config(&activity("http://127.0.0.1:1", true));
        assert_eq!(fake["mock"], true);
        assert!(!real.to_string().contains("shh") && !real.to_string().contains("token"));
    }
}
