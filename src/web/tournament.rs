//! A tournament's page: `GET /t/{key}`, the template `web/tournament.html` filled in with the
//! tournament's name, the words in the viewer's language and the live part as it stands
//! (see [`super::tournament_html`]); `web/tournament.js` follows it live
//! (see [`super::tournament_live`]).

use axum::extract::{Path, State};
use axum::response::Html;

use super::errors::WebError;
use super::lang::Viewer;
use super::page::{escape, fill, strings_json};
use super::{Web, assets, tournament_html};
use crate::games::TournamentPage;
use crate::i18n::Msg;
use crate::model::PageKey;

/// `GET /t/{key}`: the tournament's page.
pub(super) async fn page(
    State(web): State<Web>,
    Viewer(lang): Viewer,
    Path(key): Path<String>,
) -> Result<Html<String>, WebError> {
    let page = load(&web, &key).await?;
    let t = &page.view.tournament;
    let title = format!("{} · Monkey Queen", t.name);
    let description = lang.text(&Msg::CrosstableSubtitle(&page.view));
    let base = web.config.public_url.as_deref().unwrap_or_default();
    let html = fill(
        assets::template("tournament.html"),
        &[
            ("lang", escape(lang.tag())),
            ("title", escape(&title)),
            ("name", escape(&t.name)),
            ("description", escape(&description)),
            ("og_url", escape(&format!("{base}/t/{}", page.key))),
            ("key", page.key.to_string()),
            ("strings", strings_json(lang)),
            ("body", tournament_html::body(&page, lang)),
        ],
    );
    Ok(Html(html))
}

/// The tournament whose page is at `key`; any other address is not found.
pub(super) async fn load(web: &Web, key: &str) -> Result<TournamentPage, WebError> {
    let key = PageKey::parse(key).ok_or(WebError::NotFound)?;
    web.service
        .tournaments()
        .page(&key)
        .await
        .map_err(|e| WebError::Internal(e.to_string()))?
        .ok_or(WebError::NotFound)
}
