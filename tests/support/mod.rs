//! Shared helpers for the Discord tests: a fake Discord (REST + gateway) and builders for the
//! interaction payloads Discord sends. Each test binary uses a different part of it.
#![allow(dead_code)]

pub mod browser;
pub mod database;
pub mod fake_discord;
pub mod lesson_answers;
pub mod payloads;
