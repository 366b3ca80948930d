//! Pages watching something that changes, a game or a tournament: each watched thing has one
//! `watch` channel that all its pages share, holding the latest value read of it, so a change
//! is read once however many pages watch, and a page that falls behind skips to the newest.
//! The thing is forgotten when its last page leaves, and each page holds its stream's place
//! ([`Slot`]) until then.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use futures_util::stream::{self, Stream};
use tokio::sync::watch;

use super::streams::Slot;

/// The things pages watch, by id, each with its latest value `V`.
pub(super) struct Watchers<K, V> {
    watched: Arc<Mutex<HashMap<K, watch::Sender<V>>>>,
}

impl<K, V> Clone for Watchers<K, V> {
    fn clone(&self) -> Self {
        Watchers {
            watched: self.watched.clone(),
        }
    }
}

impl<K, V> Default for Watchers<K, V> {
    fn default() -> Self {
        Watchers {
            watched: Arc::default(),
        }
    }
}

impl<K: Copy + Eq + Hash, V> Watchers<K, V> {
    fn watched(&self) -> MutexGuard<'_, HashMap<K, watch::Sender<V>>> {
        self.watched.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A page starts watching `id`, whose value is `current` as the page read it; the pages'
    /// shared value becomes `current` when `newer(current, shared)` says so.
    pub(super) fn watch(
        &self,
        id: K,
        current: V,
        slot: Slot,
        newer: impl FnOnce(&V, &V) -> bool,
    ) -> Watching<K, V>
    where
        V: Clone,
    {
        let mut watched = self.watched();
        let sender = watched
            .entry(id)
            .or_insert_with(|| watch::Sender::new(current.clone()));
        let receiver = sender.subscribe();
        sender.send_if_modified(|shared| {
            let replace = newer(&current, shared);
            if replace {
                *shared = current;
            }
            replace
        });
        Watching {
            receiver,
            leaving: Leaving {
                watchers: self.clone(),
                id,
                _slot: slot,
            },
        }
    }

    /// The channel of `id` while pages watch it.
    pub(super) fn sender(&self, id: K) -> Option<watch::Sender<V>> {
        self.watched().get(&id).cloned()
    }

    /// What pages watch now.
    pub(super) fn ids(&self) -> Vec<K> {
        self.watched().keys().copied().collect()
    }

    /// Whether pages watch nothing.
    pub(super) fn is_empty(&self) -> bool {
        self.watched().is_empty()
    }

    /// Whether pages watch `id`.
    pub(super) fn contains(&self, id: K) -> bool {
        self.watched().contains_key(&id)
    }

    /// The first `Some` that `f` finds among the watched things and their values.
    pub(super) fn find_map<T>(&self, mut f: impl FnMut(K, &V) -> Option<T>) -> Option<T> {
        self.watched()
            .iter()
            .find_map(|(id, sender)| f(*id, &sender.borrow()))
    }
}

/// Sends `value` to the pages of `sender` if it differs from what they have.
pub(super) fn send_if_changed<V: PartialEq>(sender: &watch::Sender<V>, value: V) {
    sender.send_if_modified(|shared| {
        let changed = *shared != value;
        if changed {
            *shared = value;
        }
        changed
    });
}

/// One page watching a thing: its values, and its departure.
pub(super) struct Watching<K: Copy + Eq + Hash, V> {
    receiver: watch::Receiver<V>,
    leaving: Leaving<K, V>,
}

impl<K: Copy + Eq + Hash, V> Watching<K, V> {
    /// What the page is sent, each value made by `show`: the latest at once, then each newer
    /// one. The stream's end is the page's departure.
    pub(super) fn values<T>(self, mut show: impl FnMut(&V) -> T) -> impl Stream<Item = T> {
        // The receiver goes before `leaving` when the stream is dropped (tuple fields drop in
        // order), so the last page's departure finds no receiver left.
        let watching = (self.receiver, self.leaving, true);
        stream::unfold(
            (watching, move |value: &V| show(value)),
            |((mut receiver, leaving, first), mut show)| async move {
                if !first && receiver.changed().await.is_err() {
                    return None;
                }
                let shown = show(&receiver.borrow_and_update());
                Some((shown, ((receiver, leaving, false), show)))
            },
        )
    }

    /// The value the page has now.
    #[cfg(test)]
    pub(super) fn now(&self) -> watch::Ref<'_, V> {
        self.receiver.borrow()
    }
}

/// A page's departure: when the last page on a thing leaves, the thing is forgotten; the
/// page's stream's place is freed.
struct Leaving<K: Copy + Eq + Hash, V> {
    watchers: Watchers<K, V>,
    id: K,
    _slot: Slot,
}

impl<K: Copy + Eq + Hash, V> Drop for Leaving<K, V> {
    fn drop(&mut self) {
        let mut watched = self.watchers.watched();
        if watched
            .get(&self.id)
            .is_some_and(|sender| sender.receiver_count() == 0)
        {
            watched.remove(&self.id);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::net::Ipv4Addr;

    use super::*;
    use crate::web::client::Client;
    use crate::web::streams::Streams;

    /// A page is sent whichever value is further on, the shared one or the one it read; when
    /// the last page on a thing closes, the thing is forgotten.
    #[test]
    fn pages_get_the_latest_value_and_a_thing_nobody_watches_is_forgotten() {
        let watchers: Watchers<u8, u32> = Watchers::default();
        let streams = Streams::default();
        let page = |current| {
            let slot = streams
                .open(Client::Network(Ipv4Addr::LOCALHOST.into()))
                .unwrap();
            watchers.watch(1, current, slot, |current, shared| current > shared)
        };
        let first = page(3);
        let second = page(2);
        assert_eq!(*second.now(), 3, "the shared value is newer");
        let third = page(5);
        assert_eq!(*first.now(), 5, "the newest read reaches every page");
        assert_eq!(watchers.ids(), [1]);
        drop(first);
        drop(second);
        assert!(watchers.contains(1), "one page still watches");
        drop(third);
        assert!(!watchers.contains(1), "forgotten with its last page");
    }
}
