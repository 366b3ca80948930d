//! End to end with the real serenity client and poise framework, against the fake Discord of
//! `support::fake_discord`, on a real SQLite database in a temporary directory.
//!
//! Every scenario drives the bot with Discord's interaction payloads (slash commands,
//! autocomplete, button clicks) and asserts on the REST calls it makes: deferrals, ephemeral
//! refusals, edited challenge messages, and board messages with their PNG decoded and probed.
//! The database is checked through a second `GameService` on the same file.
//!
//! Timings (dispatch on the fake gateway → request recorded by the fake REST server) are
//! printed; run `cargo test --test discord_e2e -- --nocapture` to see them.

#[path = "../support/mod.rs"]
mod support;

mod abandoned;
mod activity;
mod activity_browser;
mod activity_lessons;
mod analysis;
mod announcements;
mod board_colors;
mod board_png;
mod browser;
mod challenges;
mod clocks;
mod computer_cpu;
mod connections;
mod doctor;
mod endpoint;
mod faults;
mod framework;
mod game;
mod harness;
mod hostile;
mod learn;
mod learn_pages;
mod lists;
mod many_pages;
mod newcomer;
mod ops;
mod pages;
mod pick;
mod puzzle_pages;
mod puzzles;
mod rematch;
mod replay;
mod rest_limits;
mod restart;
mod seeded;
mod server_settings;
mod shards;
mod slow_reads;
mod tournament_pages;
mod tournaments;
mod user_install;
