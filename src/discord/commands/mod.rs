//! The slash commands, one file per command or family.

mod diagram;
pub mod rules;

use super::{Data, Error};

/// Every command the bot registers.
pub fn all() -> Vec<poise::Command<Data, Error>> {
    vec![rules::rules(), diagram::diagram()]
}
