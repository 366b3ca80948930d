//! The process's metrics recorder: installed once, the first time an application asks for one
//! (with an admin address), and shared by every application the process starts after (the
//! tests start many). Histograms are in seconds, with the same buckets for all.

use std::sync::OnceLock;
use std::time::Duration;

use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tracing::warn;

/// The buckets of every histogram, in seconds: from 5 ms (an answer in the same machine) to
/// 10 s (well past Discord's 3 seconds).
const BUCKETS: [f64; 12] = [
    0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 3.0, 5.0, 10.0,
];

/// How often the recorder's idle samples are drained when nobody scrapes.
const UPKEEP_EVERY: Duration = Duration::from_secs(5);

/// The handle of this process's recorder, once installed (`None` inside if another recorder
/// was installed first).
static RECORDER: OnceLock<Option<PrometheusHandle>> = OnceLock::new();

/// The process's recorder, installed on the first call; `None` when another recorder was there
/// first (logged).
pub(super) fn recorder() -> Option<PrometheusHandle> {
    RECORDER
        .get_or_init(|| {
            let installed = PrometheusBuilder::new()
                .set_buckets(&BUCKETS)
                .and_then(PrometheusBuilder::install_recorder);
            match installed {
                Ok(handle) => Some(handle),
                Err(e) => {
                    warn!(error = %e, "could not install the metrics recorder");
                    None
                }
            }
        })
        .clone()
}

/// Drains the recorder's samples every [`UPKEEP_EVERY`] until `stop`.
pub(super) fn spawn_upkeep(handle: PrometheusHandle, tasks: &TaskTracker, stop: CancellationToken) {
    tasks.spawn(async move {
        let mut every = tokio::time::interval(UPKEEP_EVERY);
        loop {
            tokio::select! {
                () = stop.cancelled() => return,
                _ = every.tick() => handle.run_upkeep(),
            }
        }
    });
}
