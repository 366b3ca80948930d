//! A thread of its own for the busiest writes on SQLite.
//!
//! SQLite has one writing connection, and each use of it waits for the task that holds it to
//! run again: to send its statements, to take their answer, to hand the connection on. On a
//! busy bot the runtime's threads have hundreds of tasks ready, and each of those waits cost
//! a turn of their queue while the connection sat unused (half the time, under the 200-game
//! load run). The writes run here instead (see [`super::Db::on_writer`]) wait only for each
//! other.

use std::future::Future;

use tokio::runtime::{Builder, Handle};
use tokio::sync::oneshot;

use super::Error;

/// A thread running a runtime of its own, until dropped.
#[derive(Debug)]
pub(super) struct WriterThread {
    handle: Handle,
    /// Dropped with this: the thread's runtime then stops.
    _stop: oneshot::Sender<()>,
}

impl WriterThread {
    /// Starts the thread.
    ///
    /// # Errors
    /// The runtime or the thread could not be made.
    pub(super) fn start() -> std::io::Result<WriterThread> {
        let runtime = Builder::new_current_thread().enable_all().build()?;
        let handle = runtime.handle().clone();
        let (stop, stopped) = oneshot::channel::<()>();
        std::thread::Builder::new()
            .name("db-writer".into())
            .spawn(move || {
                // Until the sender is dropped; the tasks left are dropped with the runtime.
                let _ = runtime.block_on(stopped);
            })?;
        Ok(WriterThread {
            handle,
            _stop: stop,
        })
    }

    /// Runs `job` on the thread and waits for its result.
    ///
    /// # Errors
    /// The job panicked, or the thread stopped before it finished.
    pub(super) async fn run<T: Send + 'static>(
        &self,
        job: impl Future<Output = T> + Send + 'static,
    ) -> Result<T, Error> {
        self.handle
            .spawn(job)
            .await
            .map_err(|_| Error::WorkerCrashed)
    }
}
