//! The service's timed work, for whatever runs the application to call on every tick: what the
//! clock has made due (lapsed challenges, reminders, losses on time, tournaments whose start
//! time came, the day's puzzle posts), the shared state that lapsed, and the computer's turns nobody works on.
//!
//! Each deadline is settled once (claimed in the database) and queues its announcement in the
//! outbox in the same transaction, so a tick that runs twice, in two processes or after a
//! restart, settles nothing twice; what fell due while no process ran is settled by the first
//! tick. Failures are logged; the next tick carries on.

use tracing::{debug, error};

use super::GameService;

impl GameService {
    /// Runs the timed work that is due now: settles deadlines, forgets what lapsed, and takes
    /// up the computer's turns that lost their worker (their searches start at once, and don't
    /// hold up the caller).
    pub async fn run_due_jobs(&self) {
        if let Err(e) = self.expire_challenges().await {
            error!(error = %e, "could not expire challenges");
        }
        if let Err(e) = self.due_reminders().await {
            error!(error = %e, "could not claim due reminders");
        }
        if let Err(e) = self.apply_timeouts().await {
            error!(error = %e, "could not apply timeouts");
        }
        if let Err(e) = self.tournaments().start_due().await {
            error!(error = %e, "could not start the tournaments due");
        }
        if let Err(e) = self.queue_daily_posts().await {
            error!(error = %e, "could not queue the daily puzzle's posts");
        }
        match self.forget_lapsed().await {
            Ok(lapsed) => debug!(?lapsed, "forgot what lapsed"),
            Err(e) => error!(error = %e, "could not forget lapsed tokens and cooldowns"),
        }
        if let Err(e) = self.resume_computer_turns().await {
            error!(error = %e, "could not read the computer's turns");
        }
    }
}
