//! The `monkey-queen` application: command-line tools today, the Discord bot on top.
//!
//! Layers point downwards only: `cli` → the rules engine ([`monkey_queen_core`]).

pub mod cli;
pub mod discord;
