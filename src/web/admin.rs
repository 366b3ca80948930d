//! The admin address (`ADMIN_ADDR`), for the operator's supervisor and scraper, never the
//! public: `GET /healthz` (200 while the process serves), `GET /readyz` (200 when the services
//! say the process is ready, 503 otherwise, each check on a line) and `GET /metrics` (the
//! Prometheus text format, when the application installed a recorder).

use std::net::SocketAddr;

use axum::Router;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use metrics_exporter_prometheus::PrometheusHandle;
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tracing::{info, warn};

use crate::games::Health;

/// What the admin address shows.
#[derive(Clone)]
pub struct Admin {
    /// What decides readiness.
    pub health: Health,
    /// The metrics' recorder, when one is installed.
    pub metrics: Option<PrometheusHandle>,
}

/// Serves the admin address on `listener` until `stop`; the address it serves on.
pub fn spawn_admin(
    listener: TcpListener,
    admin: Admin,
    tasks: &TaskTracker,
    stop: CancellationToken,
) -> Option<SocketAddr> {
    let address = listener.local_addr().ok();
    info!(?address, "serving health and metrics");
    let app = Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .route("/metrics", get(metrics))
        .with_state(admin);
    tasks.spawn(async move {
        let served = axum::serve(listener, app)
            .with_graceful_shutdown(stop.cancelled_owned())
            .await;
        if let Err(e) = served {
            warn!(error = %e, "the admin address stopped serving");
        }
    });
    address
}

/// The process runs.
async fn healthz() -> &'static str {
    "ok\n"
}

/// The process is ready, as the services say; each check on a line.
async fn readyz(State(admin): State<Admin>) -> Response {
    let readiness = admin.health.readiness().await;
    let status = if readiness.ready() {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    let body: String = readiness
        .checks
        .iter()
        .map(|check| {
            let verdict = if check.ok { "ok" } else { "failing" };
            format!("{}: {verdict} ({})\n", check.name, check.detail)
        })
        .collect();
    (status, body).into_response()
}

/// The metrics in Prometheus's text format, the gauges read from the database first.
async fn metrics(State(admin): State<Admin>) -> Response {
    let Some(handle) = admin.metrics else {
        return (
            StatusCode::NOT_FOUND,
            "no metrics recorder in this process\n",
        )
            .into_response();
    };
    admin.health.sample_gauges().await;
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        handle.render(),
    )
        .into_response()
}
