//! How many live streams (event streams and WebSockets) are open: at most
//! [`PER_CLIENT`] per client (see [`Client`]) and [`IN_ALL`] in all, since each holds a
//! connection and a watcher for as long as its page stays open. Beyond, a page is told to
//! come back later (429 for one client's, 503 for everyone's) and keeps its last state.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::http::StatusCode;

use super::client::Client;
use super::errors::WebError;

/// How many live streams one client may hold: a person with a dozen tabs open.
pub(super) const PER_CLIENT: usize = 16;
/// How many live streams are open at once in all.
pub(super) const IN_ALL: usize = 2_048;
/// The gauge of the live streams open (pages and sockets following a game or a tournament).
const OPEN_GAUGE: &str = "monkey_queen_web_live_streams";

/// The live streams open now.
#[derive(Clone, Default)]
pub(super) struct Streams {
    open: Arc<Mutex<Open>>,
}

#[derive(Default)]
struct Open {
    total: usize,
    by_client: HashMap<Client, usize>,
}

impl Streams {
    /// Opens a stream for `client`, held until the slot is dropped; refused beyond a limit.
    pub(super) fn open(&self, client: Client) -> Result<Slot, WebError> {
        let mut open = self.lock();
        if open.total >= IN_ALL {
            return Err(WebError::Busy(Duration::from_secs(5)));
        }
        let held = open.by_client.entry(client).or_default();
        if *held >= PER_CLIENT {
            let why = format!("at most {PER_CLIENT} live pages at once");
            return Err(WebError::Plain(StatusCode::TOO_MANY_REQUESTS, why));
        }
        *held += 1;
        open.total += 1;
        metrics::gauge!(OPEN_GAUGE).increment(1.0);
        Ok(Slot {
            streams: self.clone(),
            client,
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Open> {
        self.open.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// One open stream; closing it (dropping this) frees its place.
pub(super) struct Slot {
    streams: Streams,
    client: Client,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = self.streams.lock();
        open.total = open.total.saturating_sub(1);
        metrics::gauge!(OPEN_GAUGE).decrement(1.0);
        if let Some(held) = open.by_client.get_mut(&self.client) {
            *held -= 1;
            if *held == 0 {
                open.by_client.remove(&self.client);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::net::{IpAddr, Ipv4Addr};

    use super::*;

    fn address(last: u8) -> Client {
        Client::Network(IpAddr::V4(Ipv4Addr::new(192, 0, 2, last)))
    }

    #[test]
    fn one_client_holds_at_most_its_share_and_a_closed_stream_frees_its_place() {
        let streams = Streams::default();
        let mut held: Vec<Slot> = (0..PER_CLIENT)
            .map(|_| streams.open(address(1)).unwrap())
            .collect();
        assert!(matches!(
            streams.open(address(1)),
            Err(WebError::Plain(StatusCode::TOO_MANY_REQUESTS, _))
        ));
        assert!(streams.open(address(2)).is_ok(), "another client");
        held.pop();
        assert!(streams.open(address(1)).is_ok(), "a place freed");
        drop(held);
        assert_eq!(streams.lock().by_client.len(), 0, "nothing left behind");
    }

    #[test]
    fn beyond_the_total_everyone_is_told_to_come_back() {
        let streams = Streams::default();
        let held: Vec<Slot> = (0..IN_ALL)
            .map(|i| {
                streams
                    .open(address(u8::try_from(i % 250).unwrap()))
                    .unwrap()
            })
            .collect();
        assert!(matches!(streams.open(address(251)), Err(WebError::Busy(_))));
        drop(held);
        assert!(streams.open(address(251)).is_ok());
    }
}
