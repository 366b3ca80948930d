//! Serving connections with hyper, as `axum::serve` does, plus what it leaves out:
//! - a request's headers must arrive within [`HEADER_READ_TIMEOUT`], so a slow client can't
//!   hold a socket by trickling them;
//! - at most [`MAX_CONNECTIONS`] connections at once: beyond, the next waits in the listen queue
//!   until one closes;
//! - at stop, each connection finishes the request it serves and closes, or is dropped after
//!   [`SHUTDOWN_GRACE`]: a stuck client never holds the process open.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::extract::Request;
use hyper::body::Incoming;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto::Builder;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tower::ServiceExt;
use tracing::{debug, warn};

/// How long a request's headers may take to arrive.
pub(super) const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);
/// How many connections are served at once.
pub(super) const MAX_CONNECTIONS: usize = 4_096;
/// How long a connection may take to finish at stop.
pub(super) const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);

/// The gauge of the connections being served.
const CONNECTIONS_GAUGE: &str = "monkey_queen_web_connections";

/// Serves `app` on `listener` until `stop`, each connection on `tasks`.
pub(super) async fn serve(
    listener: TcpListener,
    app: Router,
    tasks: TaskTracker,
    stop: CancellationToken,
) {
    let slots = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    loop {
        let Ok(slot) = slots.clone().acquire_owned().await else {
            return;
        };
        let (tcp, peer) = tokio::select! {
            () = stop.cancelled() => return,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of file descriptors, say: wait a moment rather than spin.
                    warn!(error = %e, "could not accept a connection");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
        };
        // Live states are small writes, each wanted at once: no waiting to fill a packet.
        if let Err(e) = tcp.set_nodelay(true) {
            debug!(error = %e, "could not set TCP_NODELAY");
        }
        let (app, stop) = (app.clone(), stop.clone());
        tasks.spawn(async move {
            metrics::gauge!(CONNECTIONS_GAUGE).increment(1.0);
            connection(TokioIo::new(tcp), peer, app, stop).await;
            metrics::gauge!(CONNECTIONS_GAUGE).decrement(1.0);
            drop(slot);
        });
    }
}

/// Serves one connection until it closes, or until `stop` and then at most [`SHUTDOWN_GRACE`].
async fn connection(
    io: TokioIo<tokio::net::TcpStream>,
    peer: SocketAddr,
    app: Router,
    stop: CancellationToken,
) {
    // The handlers read the client's address as axum's `ConnectInfo`.
    let service = app.map_request(move |request: Request<Incoming>| {
        let mut request = request.map(Body::new);
        request.extensions_mut().insert(ConnectInfo(peer));
        request
    });
    let service = TowerToHyperService::new(service);
    let mut builder = Builder::new(TokioExecutor::new());
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(HEADER_READ_TIMEOUT);
    builder.http2().timer(TokioTimer::new());
    let connection = builder.serve_connection_with_upgrades(io, service);
    let mut connection = std::pin::pin!(connection);
    tokio::select! {
        served = connection.as_mut() => {
            if let Err(e) = served {
                debug!(%peer, error = %e, "a connection ended with an error");
            }
            return;
        }
        () = stop.cancelled() => {}
    }
    connection.as_mut().graceful_shutdown();
    if tokio::time::timeout(SHUTDOWN_GRACE, connection)
        .await
        .is_err()
    {
        debug!(%peer, "a connection did not finish in time at stop: dropped");
    }
}
