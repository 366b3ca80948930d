//! What an operator gets on the admin address: `/healthz`, `/readyz` as the services decide it,
//! and `/metrics` in Prometheus's text format, each metric moving when its event happens.
//!
//! Every harness of this binary serves an admin address, and the metrics' recorder is the
//! process's, shared by the tests running at once: counters are compared before and after
//! (they only grow, so another test can only add), gauges are read while this test holds what
//! they count.

use std::time::{Duration, Instant};

use reqwest::StatusCode;

use crate::harness::{Harness, PUBLIC_URL, WAIT, content, custom_ids};
use crate::seeded::is_board_post;
use crate::support::fake_discord::{RateLimit, first};
use crate::support::payloads::{ALICE, BOB, string_option};

/// The sum of the samples of `name` whose labels include each of `labels` (`kind="board"`),
/// in a Prometheus text exposition; 0 if there is none.
fn sample(text: &str, name: &str, labels: &[&str]) -> f64 {
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| {
            let (series, value) = line.rsplit_once(' ')?;
            let (metric, rest) = series.split_once('{').unwrap_or((series, ""));
            (metric == name && labels.iter().all(|l| rest.contains(l)))
                .then(|| value.parse::<f64>().ok())
                .flatten()
        })
        .sum()
}

/// Whether `name` has a sample at all.
fn has(text: &str, name: &str) -> bool {
    text.lines()
        .any(|line| line.starts_with(&format!("{name} ")) || line.starts_with(&format!("{name}{{")))
}

async fn get(url: String) -> (StatusCode, String) {
    let response = reqwest::get(url).await.expect("the admin address answers");
    let status = response.status();
    (status, response.text().await.expect("a body"))
}

async fn scrape(h: &Harness) -> String {
    let (status, text) = get(format!("{}/metrics", h.admin(0))).await;
    assert_eq!(status, StatusCode::OK, "{text}");
    text
}

/// Scrapes until `holds` says the metrics show what is awaited (a gauge while the test holds
/// what it counts), for at most [`WAIT`].
async fn scrape_until(h: &Harness, what: &str, holds: impl Fn(&str) -> bool) -> String {
    let deadline = Instant::now() + WAIT;
    loop {
        let text = scrape(h).await;
        if holds(&text) {
            return text;
        }
        assert!(Instant::now() < deadline, "never saw {what}:\n{text}");
        tokio::task::yield_now().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_and_readiness_follow_the_process_the_database_and_the_gateway() {
    let h = Harness::registered().await;
    let (status, body) = get(format!("{}/healthz", h.admin(0))).await;
    assert_eq!((status, body.as_str()), (StatusCode::OK, "ok\n"));
    let (status, body) = get(format!("{}/readyz", h.admin(0))).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    for line in ["database: ok", "migrations: ok", "gateway: ok"] {
        assert!(body.contains(line), "{line} in {body}");
    }

    h.close_bots_database().await;
    let (status, body) = get(format!("{}/readyz", h.admin(0))).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert!(body.contains("database: failing"), "{body}");
    // Alive all the same: a supervisor restarts on /healthz, a balancer routes on /readyz.
    let (status, _) = get(format!("{}/healthz", h.admin(0))).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_metric_moves_when_its_event_happens() {
    let h = Harness::registered_with_pages().await;
    let before = scrape(&h).await;
    let counted = |after: &str, name: &str, labels: &[&str]| {
        sample(after, name, labels) - sample(&before, name, labels)
    };

    // A game challenged, accepted and its first board delivered, all through Discord.
    let (game, board) = h.start_game(ALICE, BOB).await;
    let link = board.page_link().expect("the board links to its page");
    let key = link
        .strip_prefix(&format!("{PUBLIC_URL}/g/"))
        .expect("a game page's link");
    // A page follows the game live: a connection and a live stream open while it does.
    let live = reqwest::get(format!("{}/api/games/{key}/events", h.pages(0)))
        .await
        .expect("the live stream opens");
    assert_eq!(live.status(), StatusCode::OK);
    scrape_until(&h, "a live stream and a connection open", |m| {
        sample(m, "monkey_queen_web_live_streams", &[]) >= 1.0
            && sample(m, "monkey_queen_web_connections", &[]) >= 1.0
    })
    .await;

    // Every turn of CPU work held: the next move's board waits for one, owed in the outbox
    // meanwhile.
    let cpu = h.cpu().clone();
    let turns = u32::try_from(cpu.work.available_permits()).unwrap();
    let held = cpu.work.clone().acquire_many_owned(turns).await.unwrap();
    let (_, mover, moves) = h.two_moves(game).await;
    h.command(mover, "move", vec![string_option("move", &moves[0])]);
    // Another task (the puzzle miner) may be the first to wait for a turn: the move's board is
    // owed once its move is stored, while no turn is free to draw it.
    let waiting = scrape_until(
        &h,
        "a move waiting for a turn of CPU work, its board owed meanwhile",
        |m| {
            sample(m, "monkey_queen_cpu_turns_waiting", &["kind=\"work\""]) >= 1.0
                && sample(m, "monkey_queen_outbox_items", &[]) >= 1.0
        },
    )
    .await;
    assert!(has(&waiting, "monkey_queen_outbox_oldest_age_seconds"));
    drop(held);
    h.idle().await;
    drop(live);

    // The result board of a resignation meets Discord's global rate limit once.
    h.fake.rate_limit_requests(
        RateLimit {
            retry_after: Duration::from_millis(100),
            global: true,
        },
        first(1, is_board_post),
    );
    h.fake.expect_refusals(|r| r.status == 429);
    // Bob resigns with the board's button, and confirms.
    let view = h.game(game).await;
    let resign = format!("resign:{game}:{}", view.ply());
    let (question, _) = h
        .click(BOB, &resign, &board.content, &board.custom_ids)
        .await;
    let confirm = custom_ids(question.pointer("/data/components"));
    h.click(BOB, &confirm[0], content(&question), &confirm)
        .await;
    h.idle().await;
    let after = scrape_until(&h, "the global rate limit counted", |m| {
        sample(
            m,
            "monkey_queen_discord_rate_limit_waits_total",
            &["global=\"true\""],
        ) > sample(
            &before,
            "monkey_queen_discord_rate_limit_waits_total",
            &["global=\"true\""],
        )
    })
    .await;

    let moved = [
        ("monkey_queen_moves_total", vec![]),
        ("monkey_queen_games_started_total", vec!["by=\"challenge\""]),
        (
            "monkey_queen_games_finished_total",
            vec!["reason=\"resignation\""],
        ),
        (
            "monkey_queen_interaction_handling_seconds_count",
            vec!["kind=\"command\""],
        ),
        (
            "monkey_queen_interaction_handling_seconds_count",
            vec!["kind=\"component\""],
        ),
        (
            "monkey_queen_announcement_delivery_seconds_count",
            vec!["kind=\"board\""],
        ),
        ("monkey_queen_discord_requests_total", vec![]),
        ("monkey_queen_discord_invalid_requests_total", vec![]),
        ("monkey_queen_db_write_wait_seconds_count", vec![]),
        ("monkey_queen_db_write_transaction_seconds_count", vec![]),
    ];
    for (name, labels) in moved {
        assert!(
            counted(&after, name, &labels) >= 1.0,
            "{name}{labels:?} did not move:\n{after}"
        );
    }
    assert!(
        sample(
            &after,
            "monkey_queen_db_connections",
            &["pool=\"writer\"", "state=\"open\""]
        ) >= 1.0
    );
    assert!(has(&after, "monkey_queen_discord_invalid_requests_limit"));
}
