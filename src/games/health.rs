//! Whether the process is ready to serve, decided here for every face that shows it (the admin
//! address's `/readyz`): the database answers and has this build's migrations, and, where the
//! application runs the Discord bot, every gateway shard it runs is connected. Also the gauges
//! read from the database when the metrics are collected: the outbox's depth and its oldest
//! item's age, the database pools' connections.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};

use super::{Clock, GameService};
use crate::storage::{self, Db, SchemaState};

/// The gateway shards a process runs and whether each is connected, as the Discord face
/// reports them. Cheap to clone; clones share the state.
#[derive(Debug, Clone, Default)]
pub struct Gateway {
    shards: Arc<Mutex<BTreeMap<u32, bool>>>,
}

impl Gateway {
    /// Records that shard `id` is connected (ready to receive events) or not.
    pub fn shard(&self, id: u32, connected: bool) {
        self.shards
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(id, connected);
    }

    /// Whether at least one shard was reported and every one reported is connected.
    #[must_use]
    pub fn connected(&self) -> bool {
        let shards = self.shards.lock().unwrap_or_else(PoisonError::into_inner);
        !shards.is_empty() && shards.values().all(|&connected| connected)
    }
}

/// One check of [`Readiness`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Check {
    /// What was checked (`database`, `migrations`, `gateway`).
    pub name: &'static str,
    /// Whether it passed.
    pub ok: bool,
    /// What was found, in plain words.
    pub detail: String,
}

/// Whether the process is ready, check by check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Readiness {
    /// Each check, in a fixed order.
    pub checks: Vec<Check>,
}

impl Readiness {
    /// Whether every check passed.
    #[must_use]
    pub fn ready(&self) -> bool {
        self.checks.iter().all(|check| check.ok)
    }
}

/// What decides readiness (see the module). Cheap to clone.
#[derive(Clone)]
pub struct Health {
    db: Db,
    clock: Arc<dyn Clock>,
    gateway: Option<Gateway>,
}

impl GameService {
    /// What decides this process's readiness, with `gateway` where it runs the Discord bot.
    #[must_use]
    pub fn health(&self, gateway: Option<Gateway>) -> Health {
        Health {
            db: self.db.clone(),
            clock: self.clock.clone(),
            gateway,
        }
    }
}

impl Health {
    /// Checks the database (it answers, its migrations are this build's) and the gateway.
    pub async fn readiness(&self) -> Readiness {
        let mut checks = Vec::new();
        match storage::schema_state(&self.db).await {
            Ok(state) => {
                checks.push(Check {
                    name: "database",
                    ok: true,
                    detail: "answers".to_owned(),
                });
                checks.push(Check {
                    name: "migrations",
                    ok: state.is_current(),
                    detail: match state.found {
                        Some(found) => {
                            format!("at version {found}, this build's is {}", state.known)
                        }
                        None => format!("never migrated, this build's is {}", state.known),
                    },
                });
            }
            Err(e) => checks.push(Check {
                name: "database",
                ok: false,
                detail: format!("does not answer: {e}"),
            }),
        }
        if let Some(gateway) = &self.gateway {
            let ok = gateway.connected();
            checks.push(Check {
                name: "gateway",
                ok,
                detail: if ok { "connected" } else { "not connected" }.to_owned(),
            });
        }
        Readiness { checks }
    }

    /// Sets the gauges read from the database: the outbox's depth
    /// (`monkey_queen_outbox_items`) and its oldest item's age
    /// (`monkey_queen_outbox_oldest_age_seconds`), and each pool's connections open and in use
    /// (`monkey_queen_db_connections{pool, state}`). A database that does not answer leaves the
    /// outbox's gauges as they were.
    pub async fn sample_gauges(&self) {
        let pools = self.db.pool_use();
        for (pool, (open, in_use)) in [("reader", pools.reader), ("writer", pools.writer)] {
            metrics::gauge!("monkey_queen_db_connections", "pool" => pool, "state" => "open")
                .set(f64::from(open));
            metrics::gauge!("monkey_queen_db_connections", "pool" => pool, "state" => "in_use")
                .set(f64::from(in_use));
        }
        let depth = match self.db.read().await {
            Ok(mut conn) => storage::outbox_depth(&mut conn).await,
            Err(e) => Err(e),
        };
        match depth {
            Ok(depth) => {
                #[allow(clippy::cast_precision_loss)] // a count far below 2^52
                metrics::gauge!("monkey_queen_outbox_items").set(depth.queued as f64);
                let age_ms = depth.oldest_ms.map_or(0, |oldest| {
                    self.clock.now_ms().saturating_sub(oldest).max(0)
                });
                #[allow(clippy::cast_precision_loss)] // milliseconds far below 2^52
                metrics::gauge!("monkey_queen_outbox_oldest_age_seconds")
                    .set(age_ms as f64 / 1000.0);
            }
            Err(e) => tracing::warn!(error = %e, "could not read the outbox's depth"),
        }
    }
}

/// One finding of `monkey-queen doctor`: what was checked, whether it is well, and in plain
/// words what was found and, when it is not well, how to fix it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// What was checked, in a few words ("the token", "the database").
    pub check: &'static str,
    /// Whether it is well.
    pub ok: bool,
    /// What was found, and how to fix it when it is not well.
    pub said: String,
}

impl Finding {
    /// A check that passed.
    #[must_use]
    pub fn well(check: &'static str, said: impl Into<String>) -> Finding {
        Finding {
            check,
            ok: true,
            said: said.into(),
        }
    }

    /// A check that failed, with how to fix it.
    #[must_use]
    pub fn ill(check: &'static str, said: impl Into<String>) -> Finding {
        Finding {
            check,
            ok: false,
            said: said.into(),
        }
    }
}

/// Whether the database at `url` answers and has this build's migrations (it is not migrated
/// here: the bot does that at start).
pub async fn examine_database(url: &str) -> Finding {
    const CHECK: &str = "the database";
    match storage::inspect(url).await {
        Ok(state) if state.is_current() => Finding::well(
            CHECK,
            format!(
                "answers, with this build's migrations (version {})",
                state.known
            ),
        ),
        Ok(SchemaState {
            found: Some(found),
            known,
        }) if found > known => Finding::ill(
            CHECK,
            format!(
                "is migrated to version {found}, newer than this build knows ({known}): run the \
                 newer build, or restore a backup made before it"
            ),
        ),
        Ok(SchemaState { found, known }) => Finding::ill(
            CHECK,
            format!(
                "answers but lacks migrations (at {}, this build's is {known}): start the bot \
                 once (it applies them at start), after a backup",
                found.map_or_else(|| "none".to_owned(), |v| format!("version {v}"))
            ),
        ),
        Err(e) => Finding::ill(
            CHECK,
            format!(
                "can't be opened ({e}): check DATABASE_URL (sqlite://FILE for a file the bot \
                 created, postgres://USER:PASSWORD@HOST/DATABASE), that the server runs and \
                 that this user may connect"
            ),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gateway_is_connected_once_every_shard_reported_is() {
        let gateway = Gateway::default();
        assert!(!gateway.connected(), "no shard reported yet");
        gateway.shard(0, true);
        gateway.shard(1, false);
        assert!(!gateway.connected());
        gateway.shard(1, true);
        assert!(gateway.connected());
        gateway.shard(0, false);
        assert!(!gateway.connected(), "a shard reconnecting");
    }
}
