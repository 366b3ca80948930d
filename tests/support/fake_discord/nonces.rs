//! Create Message's `nonce` with `enforce_nonce`, as Discord's documentation ("Create
//! Message", JSON/Form Params) gives it: "If true and nonce is present, it will be checked for
//! uniqueness in the past few minutes. If another message was created by the same author with
//! the same nonce, that message will be returned and no new message will be created." Without
//! `enforce_nonce` (or without a nonce) every request makes a message.
//!
//! The nonce itself is "integer or string", "up to 25 characters": the published schema holds
//! it to that, and the fake refuses any other as Discord does (400, code 50035).
//!
//! "A few minutes" is read as the least it can mean, [`WINDOW`]: the bot may count on no more.
//! Every message the fake makes is the bot's, so the author is always the same.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use serde_json::Value;

/// How long a nonce keeps making the same message.
pub const WINDOW: Duration = Duration::from_secs(2 * 60);

/// The messages made with an enforced nonce lately, by nonce.
#[derive(Default)]
pub struct Nonces {
    made: HashMap<String, (Instant, Value)>,
}

impl Nonces {
    /// The message an earlier request with `payload`'s enforced nonce made within [`WINDOW`]
    /// of `now`, which Discord answers again instead of making one.
    pub fn made(&self, payload: Option<&Value>, now: Instant) -> Option<Value> {
        let nonce = enforced(payload?)?;
        let (at, message) = self.made.get(&nonce)?;
        (now.saturating_duration_since(*at) < WINDOW).then(|| message.clone())
    }

    /// Remembers `message`, just made with `payload`, if it carries an enforced nonce.
    pub fn remember(&mut self, payload: Option<&Value>, message: &Value, now: Instant) {
        if let Some(nonce) = payload.and_then(enforced) {
            self.made
                .retain(|_, (at, _)| now.saturating_duration_since(*at) < WINDOW);
            self.made.insert(nonce, (now, message.clone()));
        }
    }
}

/// The nonce of `payload` when it asks for it to be enforced (an integer as its digits).
fn enforced(payload: &Value) -> Option<String> {
    if payload["enforce_nonce"] != Value::Bool(true) {
        return None;
    }
    match &payload["nonce"] {
        Value::String(nonce) => Some(nonce.clone()),
        Value::Number(nonce) => Some(nonce.to_string()),
        _ => None,
    }
}
