//! `monkey-queen doctor`'s checks, gathered from the parts that know each: the database (the
//! services), Discord (the Discord face) and the pages' public address (the web face).

use crate::discord::{self, Config};
use crate::games::{self, Finding};
use crate::web;

pub use crate::discord::doctor::Asked as DoctorAsked;

/// Runs every check for the bot configured by `config` on the database at `database_url`,
/// with what else was `asked`, in the order an operator would fix them.
pub async fn examine(config: &Config, database_url: &str, asked: &DoctorAsked) -> Vec<Finding> {
    let mut findings = vec![games::examine_database(database_url).await];
    findings.extend(discord::doctor::examine(config, asked).await);
    if let Some(url) = &config.public_url {
        findings.push(web::examine_public_url(url).await);
    }
    findings
}
