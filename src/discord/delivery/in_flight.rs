//! Keeps count of the events being handled, so shutdown can let them finish (a move that is
//! being saved is completed, not cut off), and so a caller can wait until the bot is idle.

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use tokio::sync::watch;
use tokio_util::task::TaskTracker;
use tracing::Instrument;

use crate::discord::{Data, Error, Limits};

/// The poise framework, wrapped so every dispatched event is tracked until its handler returns.
pub struct InFlight {
    framework: poise::Framework<Data, Error>,
    limits: Arc<Limits>,
    tracker: TaskTracker,
    running: Arc<watch::Sender<usize>>,
}

/// The other end of an [`InFlight`]: waits for the tracked handlers, and tracks those of the
/// interactions that come by HTTP ([`Drain::handling`]).
#[derive(Clone)]
pub struct Drain {
    tracker: TaskTracker,
    running: Arc<watch::Sender<usize>>,
}

impl Drain {
    /// Nothing running yet.
    pub fn new() -> Drain {
        Drain {
            tracker: TaskTracker::new(),
            running: Arc::new(watch::Sender::new(0)),
        }
    }

    /// Wraps `framework`, its dispatched events tracked here (the gateway's handlers).
    pub fn track(&self, framework: poise::Framework<Data, Error>, limits: Arc<Limits>) -> InFlight {
        InFlight {
            framework,
            limits,
            tracker: self.tracker.clone(),
            running: self.running.clone(),
        }
    }

    /// Tracks one handler of an interaction that came by HTTP, until the guard is dropped: as
    /// the gateway's are, for shutdown and for [`Drain::running`].
    pub fn handling(&self) -> Handling {
        self.running.send_modify(|n| *n += 1);
        Handling {
            _tracked: self.tracker.token(),
            running: self.running.clone(),
        }
    }

    /// How many handlers are running now, to wait on.
    pub fn running(&self) -> watch::Receiver<usize> {
        self.running.subscribe()
    }

    /// Waits until every handler that started has returned, at most `limit`; `false` if some
    /// were still running.
    pub async fn wait(&self, limit: Duration) -> bool {
        self.tracker.close();
        tokio::time::timeout(limit, self.tracker.wait())
            .await
            .is_ok()
    }
}

#[serenity::async_trait]
impl serenity::Framework for InFlight {
    async fn init(&mut self, client: &serenity::Client) {
        self.framework.init(client).await;
    }

    async fn dispatch(&self, ctx: serenity::Context, event: serenity::FullEvent) {
        let _tracked = self.tracker.token();
        let _counted = Counted::new(&self.running);
        let kind = interaction_kind(&event);
        // Every line logged while an interaction is handled carries its id (and kind).
        let span = match &event {
            serenity::FullEvent::InteractionCreate { interaction } => {
                tracing::info_span!("interaction", id = %interaction.id(), kind)
            }
            _ => tracing::Span::none(),
        };
        let started = std::time::Instant::now();
        let handled = self.framework.dispatch(ctx, event);
        self.limits.scope(handled).instrument(span).await;
        if let Some(kind) = kind {
            metrics::histogram!(HANDLING_SECONDS, "kind" => kind).record(started.elapsed());
        }
    }
}

/// The histogram of how long an interaction's handler takes, from the gateway event to all it
/// owed done (its answer, which a deferral sends within Discord's 3 seconds, and the board).
pub const HANDLING_SECONDS: &str = "monkey_queen_interaction_handling_seconds";

/// The kind of interaction `event` brings, as the histogram's label; `None` for other events.
fn interaction_kind(event: &serenity::FullEvent) -> Option<&'static str> {
    let serenity::FullEvent::InteractionCreate { interaction } = event else {
        return None;
    };
    Some(kind_of(interaction))
}

/// The kind of `interaction`, as the histogram's label.
pub fn kind_of(interaction: &serenity::Interaction) -> &'static str {
    match interaction {
        serenity::Interaction::Command(_) => "command",
        serenity::Interaction::Component(_) => "component",
        serenity::Interaction::Autocomplete(_) => "autocomplete",
        serenity::Interaction::Modal(_) => "modal",
        _ => "other",
    }
}

/// One handler of an interaction that came by HTTP, counted as running until dropped (see
/// [`Drain::handling`]).
pub struct Handling {
    _tracked: tokio_util::task::task_tracker::TaskTrackerToken,
    running: Arc<watch::Sender<usize>>,
}

impl Drop for Handling {
    fn drop(&mut self) {
        self.running.send_modify(|n| *n = n.saturating_sub(1));
    }
}

/// One handler counted as running until dropped (also when its future is cancelled).
struct Counted<'a>(&'a watch::Sender<usize>);

impl<'a> Counted<'a> {
    fn new(running: &'a watch::Sender<usize>) -> Counted<'a> {
        running.send_modify(|n| *n += 1);
        Counted(running)
    }
}

impl Drop for Counted<'_> {
    fn drop(&mut self) {
        self.0.send_modify(|n| *n = n.saturating_sub(1));
    }
}
