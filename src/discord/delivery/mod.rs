//! Getting the bot's words to Discord, and keeping them there: everything between a handler
//! (or the outbox) deciding what to say and Discord showing it once.
//!
//! - `retry`: REST calls that failed without taking effect (rate limited, Discord
//!   unavailable) are made again, those that may have taken effect only when that is harmless;
//! - `deferral`: an interaction is answered within Discord's 3 seconds even when the database
//!   is busy, by deferring it and answering later in the ways Discord documents;
//! - `first_answer`: an interaction's first answer, and the message it made where that is
//!   needed later;
//! - `reply`: the answers themselves (an ephemeral line, an answered click, an edited deferral);
//! - `reach`: where the app is only user-installed, boards go out as follow-ups of a kept
//!   interaction token, then by DM;
//! - `nonce`: a channel post sent twice shows once;
//! - `old_boards`: a board a newer one replaced loses its buttons;
//! - `announce`: the outbox delivered (the face's `Deliver` for the application's sweeps);
//! - `in_flight`: the handlers still running, so that shutdown lets them finish.

pub mod announce;
pub mod deferral;
pub mod first_answer;
pub mod in_flight;
pub mod nonce;
pub mod old_boards;
pub mod reach;
pub mod reply;
pub mod retry;
