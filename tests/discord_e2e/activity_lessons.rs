//! The lessons inside the Activity, over plain HTTP beside the fake Discord: a signed-in person
//! plays a stage through `/api/activity/learn`, in their language, a wrong try explained and
//! counted in the stars; the progress is theirs on the server, shared with `/learn` in Discord
//! (either goes on where the other left, and a try from a step the other moved past is refused
//! and changes nothing); hostile requests are refused.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use monkey_queen::games::UserId;

use crate::activity::sign_in;
use crate::harness::Harness;
use crate::support::lesson_answers::ANSWERS;
use crate::support::payloads::{ALICE, CHANNEL_ID, GUILD_ID};

/// Asks the Activity's lessons `path` as `session` (none: signed out), in `lang`; the status
/// and the JSON.
async fn ask(
    pages: &str,
    method: Method,
    path: &str,
    session: Option<&str>,
    lang: &str,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let mut request = reqwest::Client::new()
        .request(method, format!("{pages}/api/activity/learn{path}"))
        .header("accept-language", lang);
    if let Some(session) = session {
        request = request.bearer_auth(session);
    }
    if let Some(body) = body {
        request = request.json(&body);
    }
    let answer = request.send().await.unwrap();
    let status = answer.status();
    (status, answer.json().await.unwrap_or(Value::Null))
}

/// Starts the lessons where `session`'s person left them; where they stand.
async fn start_where_left(pages: &str, session: &str) -> Value {
    let body = Some(json!({"stage": null}));
    let (status, at) = ask(pages, Method::POST, "/start", Some(session), "fr", body).await;
    assert_eq!(status, StatusCode::OK, "{at}");
    at
}

/// Tries `mv` at `step`; the status and the verdict.
async fn attempt(pages: &str, session: &str, step: &Value, mv: &str) -> (StatusCode, Value) {
    let body = json!({"step": step, "move": mv});
    ask(pages, Method::POST, "/try", Some(session), "fr", Some(body)).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_activitys_lessons_keep_the_persons_progress_with_learn_in_discord() {
    let h = Harness::registered_with_activity().await;
    let instance = h.fake.launch_activity(CHANNEL_ID, Some(GUILD_ID), ALICE.id);
    let pages = h.pages(0);
    let alice = sign_in(&pages, &h, ALICE, &instance).await;
    let session = alice.session.as_str();

    // Signed out: nothing.
    let (status, _) = ask(&pages, Method::GET, "", None, "fr", None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let body = Some(json!({"stage": null}));
    let (status, _) = ask(&pages, Method::POST, "/start", None, "fr", body).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    // The lessons in her language, nothing finished yet.
    let (status, lessons) = ask(&pages, Method::GET, "", Some(session), "fr", None).await;
    assert_eq!(status, StatusCode::OK, "{lessons}");
    assert_eq!(lessons["stages"].as_array().unwrap().len(), ANSWERS.len());
    assert_eq!(lessons["stages"][0]["id"], "queen");
    assert_eq!(
        lessons["stages"][0]["exercises"][0]["task"],
        "Déplace la pièce en d1 jusqu'en d6."
    );
    assert_eq!(lessons["stars"], json!({}));
    assert_eq!(lessons["first_game"], "easy");

    // The first stage: a wrong try explained, then the right answers.
    let at = start_where_left(&pages, session).await;
    assert_eq!(
        (at["stage"].clone(), at["exercise"].clone()),
        (json!(0), json!(0)),
        "{at}"
    );
    let (status, wrong) = attempt(&pages, session, &at["step"], "d1-d5").await;
    assert_eq!(status, StatusCode::OK, "{wrong}");
    assert_eq!(wrong["result"], "wrong", "{wrong}");
    assert_eq!(
        wrong["text"],
        "Ce coup est légal, mais il n'atteint pas la case marquée."
    );
    assert!(
        wrong["marks"]
            .as_array()
            .unwrap()
            .contains(&json!({"square": "d6", "kind": "target", "distance": null}))
    );
    // The step she moved past is refused and changes nothing.
    let (status, stale) = attempt(&pages, session, &at["step"], "d1-d6").await;
    assert_eq!(status, StatusCode::CONFLICT, "{stale}");
    let mut step = wrong["at"]["step"].clone();
    let queen = ANSWERS[0].1;
    for (i, mv) in queen.iter().enumerate() {
        let (status, right) = attempt(&pages, session, &step, mv).await;
        assert_eq!(status, StatusCode::OK, "{right}");
        assert_eq!(right["result"], "right", "{mv}: {right}");
        let last = i + 1 == queen.len();
        assert_eq!(right["stars"], if last { json!(2) } else { Value::Null });
        let next = if last { (1, 0) } else { (0, i + 1) };
        assert_eq!(
            (
                right["at"]["stage"].clone(),
                right["at"]["exercise"].clone()
            ),
            (json!(next.0), json!(next.1)),
            "{right}"
        );
        step = right["at"]["step"].clone();
    }
    let progress = h
        .service
        .lessons()
        .progress(UserId(ALICE.id))
        .await
        .unwrap();
    assert_eq!(progress[0].stars, Some(2), "stored as hers");
    let (_, lessons) = ask(&pages, Method::GET, "", Some(session), "en", None).await;
    assert_eq!(lessons["stars"], json!({"queen": 2}));

    // `/learn` in Discord goes on from there, and the Activity's step is then stale.
    let (id, _) = h.command(ALICE, "learn", Vec::new());
    let answer = h.callback(id).await;
    let content = answer.json.as_ref().unwrap()["data"]["content"].to_string();
    assert!(
        content.contains("stage 2 of 9"),
        "the second stage: {content}"
    );
    let (status, refused) = attempt(&pages, session, &step, ANSWERS[1].1[0]).await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    let at = start_where_left(&pages, session).await;
    assert_eq!(at["stage"], 1, "the first stage not finished: {at}");

    // Hostile requests change nothing.
    for (path, body, status) in [
        ("/start", json!({"stage": "nope"}), StatusCode::NOT_FOUND),
        (
            "/start",
            json!({"stage": null, "x": 1}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            "/try",
            json!({"step": at["step"]}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            "/try",
            json!({"step": at["step"], "move": "a".repeat(100)}),
            StatusCode::BAD_REQUEST,
        ),
        (
            "/try",
            json!({"step": -1, "move": "c2-c6"}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
    ] {
        let (got, answer) = ask(
            &pages,
            Method::POST,
            path,
            Some(session),
            "en",
            Some(body.clone()),
        )
        .await;
        assert_eq!(got, status, "{path} {body}: {answer}");
    }
    let (status, right) = attempt(&pages, session, &at["step"], ANSWERS[1].1[0]).await;
    assert_eq!(
        (status, right["result"].clone()),
        (StatusCode::OK, json!("right")),
        "{right}"
    );
    h.stop().await;
}
