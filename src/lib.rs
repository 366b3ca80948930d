//! The `monkey-queen` application: the Discord bot and its command-line tools.
//!
//! Layers point downwards only: `cli`, `discord`, `web` → `games` (the game service) → `storage` (all SQL),
//! `rating` and the rules engine ([`monkey_queen_core`]); `render` draws positions and `i18n`
//! words messages; `model` holds the shared ids.

pub mod cli;
pub mod discord;
pub mod games;
pub mod i18n;
pub mod model;
pub mod rating;
pub mod render;
pub mod storage;
pub mod web;
