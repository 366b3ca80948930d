//! What `monkey-queen doctor` checks of the pages: that `PUBLIC_URL` answers, and as this
//! bot's pages (its style sheet is there), since every board links to it and the Activity is
//! loaded from it.

use std::time::Duration;

use reqwest::StatusCode;

use crate::games::Finding;

/// How long the pages may take to answer.
const PATIENCE: Duration = Duration::from_secs(10);

/// A file every build serves, to tell the bot's pages from anything else at the address.
const KNOWN_FILE: &str = "/assets/page.css";

/// Whether the pages answer at `public_url` (`PUBLIC_URL`).
pub async fn examine_public_url(public_url: &str) -> Finding {
    const CHECK: &str = "PUBLIC_URL";
    let url = format!("{}{KNOWN_FILE}", public_url.trim_end_matches('/'));
    let client = match reqwest::Client::builder()
        .use_rustls_tls()
        .timeout(PATIENCE)
        .build()
    {
        Ok(client) => client,
        Err(e) => return Finding::ill(CHECK, format!("could not be checked: {e}")),
    };
    let how_to = "check that the bot runs with WEB_ADDR set and that the proxy in front of it \
                  forwards PUBLIC_URL to WEB_ADDR";
    match client.get(&url).send().await {
        Ok(response) if response.status() == StatusCode::OK => {
            Finding::well(CHECK, format!("{public_url} answers with the bot's pages"))
        }
        Ok(response) => Finding::ill(
            CHECK,
            format!(
                "{public_url} answers {} for {KNOWN_FILE}, not the bot's pages: {how_to}",
                response.status()
            ),
        ),
        Err(e) => Finding::ill(
            CHECK,
            format!(
                "{public_url} does not answer ({}): {how_to}",
                e.without_url()
            ),
        ),
    }
}
