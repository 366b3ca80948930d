//! The `monkey-queen` application: command-line tools today, the Discord bot on top.
//!
//! Layers point downwards only: `cli` → `render` → the rules engine ([`monkey_queen_core`]).

pub mod cli;
pub mod render;
