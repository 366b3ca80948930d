//! The `monkey-queen` application: the Discord bot and its command-line tools.
//!
//! Layers point downwards only: `cli` → `app` (builds the application) → the faces `discord`
//! and `web` → `games` (the services) → `storage` (all SQL), `rating` and the rules engine
//! ([`monkey_queen_core`]); `render` draws positions and `i18n` words messages; `model` holds
//! the shared ids. A face never imports another face, and the command line imports no face.

pub mod app;
pub mod cli;
pub mod discord;
pub mod games;
pub mod i18n;
pub mod model;
pub mod rating;
pub mod render;
pub mod storage;
pub mod web;
