//! The `monkey-queen` application: command-line tools today, the Discord bot on top.
//!
//! Layers point downwards only: `cli` → `render`, `i18n` → the rules engine
//! ([`monkey_queen_core`]).

pub mod cli;
pub mod i18n;
pub mod render;
