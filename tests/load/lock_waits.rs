//! On PostgreSQL: how often the bot's connections wait for a lock during the run, sampled from
//! `pg_stat_activity` (a backend waiting for a lock has `wait_event_type = 'Lock'`, and
//! `wait_event` says which kind: `advisory`, `transactionid`, `tuple`, ...).

use std::collections::BTreeMap;
use std::time::Duration;

use monkey_queen::storage::Db;
use tokio::sync::watch;

use crate::control::Phase;

/// How often the sampler looks.
const EVERY: Duration = Duration::from_millis(20);

/// Samples until the run stops; a line of the report.
pub async fn sample(db: Db, mut phase: watch::Receiver<Phase>) -> String {
    let (mut samples, mut waiting_samples, mut most, mut failed) = (0u64, 0u64, 0i64, 0u64);
    let mut kinds = BTreeMap::<String, i64>::new();
    let mut ticks = tokio::time::interval(EVERY);
    loop {
        tokio::select! {
            _ = ticks.tick() => {}
            _ = phase.wait_for(|p| matches!(p, Phase::Stopping)) => break,
        }
        let read = async {
            sqlx::query_as(
                "SELECT wait_event, CAST(COUNT(*) AS BIGINT) FROM pg_stat_activity
                 WHERE datname = current_database() AND wait_event_type = 'Lock'
                 GROUP BY wait_event",
            )
            .fetch_all(&mut *db.read().await?)
            .await
        };
        let waits: Vec<(String, i64)> = match read.await {
            Ok(waits) => waits,
            // The server is away (an outage run): the sample is missed.
            Err(_) => {
                failed += 1;
                continue;
            }
        };
        samples += 1;
        let now: i64 = waits.iter().map(|(_, n)| n).sum();
        if now > 0 {
            waiting_samples += 1;
        }
        most = most.max(now);
        for (kind, n) in waits {
            *kinds.entry(kind).or_default() += n;
        }
    }
    let kinds: Vec<String> = kinds.iter().map(|(k, n)| format!("{k} {n}")).collect();
    format!(
        "lock waits (pg_stat_activity every {} ms): a connection waited in {waiting_samples} of {samples} samples ({:.1}%; {failed} samples missed, the server away), at most {most} at once; waiters seen by kind: {}",
        EVERY.as_millis(),
        100.0 * waiting_samples as f64 / samples.max(1) as f64,
        if kinds.is_empty() {
            "none".to_owned()
        } else {
            kinds.join(", ")
        }
    )
}
