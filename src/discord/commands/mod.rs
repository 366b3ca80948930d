//! The slash commands, one file per command or family.

pub mod challenge;
pub mod end;
mod play;
mod rules;
mod view;

use super::{Data, Error};

/// Every command the bot registers, in the order Discord lists them.
pub fn all() -> Vec<poise::Command<Data, Error>> {
    vec![
        challenge::challenge(),
        play::play_move(),
        view::board(),
        view::moves(),
        end::resign(),
        end::abort(),
        view::games(),
        rules::rules(),
    ]
}
