//! The lessons inside the Activity: the lessons' page (`/learn`, opened with Discord's address
//! parameters) signs in as the Activity does and plays through these routes, so the person's
//! progress is theirs on the server, the same as `/learn` in Discord keeps it: either goes on
//! where the other left.
//!
//! - `GET /api/activity/learn`: every stage in the person's language, their best stars in
//!   each, and the computer's level of the first game offered at the end;
//! - `POST /api/activity/learn/start` (`{"stage": "baby"}`, or `null` for the first stage not
//!   finished): where they now stand, with the step their next try names;
//! - `POST /api/activity/learn/try` (`{"step": 3, "move": "c4-b4"}`): the service's verdict, in
//!   words and the squares to show, and where they stand after it (the next exercise, the
//!   next stage with the stars of the one ended, or the same exercise again). A try naming an
//!   older step (another tab, `/learn` in Discord meanwhile) is refused with 409 and changes
//!   nothing.

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};

use super::SignedIn;
use crate::games::lessons::{FIRST_GAME_LEVEL, LessonAt, LessonTry, Stage};
use crate::web::Web;
use crate::web::asked::Asked;
use crate::web::errors::WebError;
use crate::web::lang::Viewer;
use crate::web::learn::{StageState, Tried, stage_states};

/// The lessons as the person sees them.
#[derive(Serialize)]
struct Lessons {
    stages: Vec<StageState>,
    /// Their best stars in each stage finished, by stage.
    stars: BTreeMap<&'static str, u8>,
    first_game: &'static str,
}

/// Where the person stands.
#[derive(Serialize)]
struct At {
    /// The stage's place in the list (0 for the first).
    stage: usize,
    /// The exercise (the stage's number of exercises once every stage is done).
    exercise: usize,
    /// What the next try names.
    step: u32,
}

impl At {
    fn of(at: &LessonAt) -> At {
        At {
            stage: at.number,
            exercise: at.exercise,
            step: at.step,
        }
    }
}

/// `GET /api/activity/learn`.
pub(in crate::web) async fn lessons(
    State(web): State<Web>,
    Viewer(lang): Viewer,
    SignedIn(session): SignedIn,
) -> Result<Response, WebError> {
    let progress = web
        .service
        .lessons()
        .progress(session.user())
        .await
        .map_err(|e| WebError::from_service(e, lang))?;
    let stars = progress
        .iter()
        .filter_map(|p| Some((p.stage.id, p.stars?)))
        .collect();
    Ok(Json(Lessons {
        stages: stage_states(lang),
        stars,
        first_game: FIRST_GAME_LEVEL.name(),
    })
    .into_response())
}

/// A start, as the page asks for it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(in crate::web) struct StartAsked {
    /// The stage to start, or the first not finished.
    stage: Option<String>,
}

/// `POST /api/activity/learn/start`.
pub(in crate::web) async fn start(
    State(web): State<Web>,
    Viewer(lang): Viewer,
    SignedIn(session): SignedIn,
    Asked(asked): Asked<StartAsked>,
) -> Result<Response, WebError> {
    let stage = match asked.stage.as_deref() {
        Some(id) => Some(Stage::by_id(id).ok_or(WebError::NotFound)?),
        None => None,
    };
    let at = web
        .service
        .lessons()
        .start(session.user(), stage)
        .await
        .map_err(|e| WebError::from_service(e, lang))?;
    Ok(Json(At::of(&at)).into_response())
}

/// A try, as the page sends it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(in crate::web) struct TryAsked {
    step: u32,
    #[serde(rename = "move")]
    mv: String,
}

/// The verdict on a try (as the open page gets it), and where the person stands after it.
#[derive(Serialize)]
struct TriedAt {
    #[serde(flatten)]
    tried: Tried,
    at: At,
}

/// `POST /api/activity/learn/try`.
pub(in crate::web) async fn attempt(
    State(web): State<Web>,
    Viewer(lang): Viewer,
    SignedIn(session): SignedIn,
    Asked(asked): Asked<TryAsked>,
) -> Result<Response, WebError> {
    if asked.mv.len() > 16 {
        return Err(WebError::BadRequest("a move such as c4-b4".into()));
    }
    let tried = web
        .service
        .lessons()
        .play(session.user(), asked.step, &asked.mv)
        .await
        .map_err(|e| WebError::from_service(e, lang))?;
    let (tried, at) = match tried {
        LessonTry::Right {
            mv,
            after,
            finished,
            at,
        } => (
            Tried::right(lang, mv, &after, finished.map(|(_, stars)| stars)),
            at,
        ),
        LessonTry::Wrong { why, marks, at } => (Tried::wrong(lang, &why, &marks), at),
    };
    let tried = TriedAt {
        tried,
        at: At::of(&at),
    };
    Ok(Json(tried).into_response())
}
