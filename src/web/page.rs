//! The pages as HTML: the game page's template (`web/game.html`) filled in with its title,
//! OpenGraph tags, the words in the viewer's language and the game's state; the board picture
//! for unfurls; and the front page when pages are only watched.

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::{Html, Response};

use super::errors::WebError;
use super::lang::Viewer;
use super::{Web, assets, local, pictures, state};
use crate::i18n::{Lang, Msg, web_strings, web_text};
use crate::render::{BoardView, Players};

/// `GET /g/{key}`: the game's page.
pub(super) async fn game(
    State(web): State<Web>,
    Viewer(lang): Viewer,
    Path(key): Path<String>,
) -> Result<Html<String>, WebError> {
    let (page, key, state) = state::load(&web, &key).await?;
    let game = &page.game;
    // The people and the computer of a game at this screen are named in the reader's language.
    let mut named = game.clone();
    named.white.name = local::shown_name(web.config.local, &game.white, lang);
    named.black.name = local::shown_name(web.config.local, &game.black, lang);
    let title = format!("{} – {} · Monkey Queen", named.white.name, named.black.name);
    let description = lang.text(&Msg::StatusLine(&named));
    let base = web.config.public_url.as_deref().unwrap_or_default();
    let html = fill(
        assets::template("game.html"),
        &[
            ("lang", escape(lang.tag())),
            ("title", escape(&title)),
            ("description", escape(&description)),
            ("og_image", escape(&format!("{base}/g/{key}/board.png"))),
            ("og_url", escape(&format!("{base}/g/{key}"))),
            ("script", "game.js".to_owned()),
            ("game_hidden", String::new()),
            ("strings", strings_json(lang)),
            ("state", script_json(&state::json(&state))),
            ("activity", "null".to_owned()),
        ],
    );
    Ok(Html(html))
}

/// `GET /g/{key}/board.png`: the position now, drawn as on Discord (White at the bottom),
/// for link unfurls.
pub(super) async fn board_png(
    State(web): State<Web>,
    Viewer(lang): Viewer,
    headers: HeaderMap,
    Path(key): Path<String>,
) -> Result<Response, WebError> {
    let (page, _, _) = state::load(&web, &key).await?;
    let game = page.game;
    let status = lang.text(&Msg::StatusLine(&game));
    let position = game.position.clone();
    let etag = pictures::etag(&(
        position.to_text(),
        game.last_move.map(|m| m.to_string()),
        (&game.white.name, &game.black.name),
        &status,
    ));
    let view = BoardView {
        flipped: false,
        last_move: game.last_move,
        marks: Vec::new(),
        selected: None,
        players: Players::new(game.white.name.clone(), game.black.name.clone()),
        status: Some(status),
        ..BoardView::default()
    };
    let renderer = web.renderer.clone();
    web.pictures
        .answer(&headers, etag, &web.cpu, move || {
            renderer
                .board_png(&position, &view)
                .map_err(|e| e.to_string())
        })
        .await
}

/// `GET /` when pages are only watched: what this server is.
pub(super) async fn about(Viewer(lang): Viewer) -> Html<String> {
    Html(format!(
        "<!doctype html><html lang=\"{}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>Monkey Queen</title><link rel=\"icon\" href=\"data:,\">\
         <link rel=\"stylesheet\" href=\"/assets/page.css\"></head>\
         <body><main class=\"about\"><h1>Monkey Queen</h1><p>{}</p></main></body></html>",
        lang.tag(),
        escape(&web_text(lang, "web-about", &[])),
    ))
}

/// `template` with each `{{name}}` replaced by its (already escaped) value, in one pass: a
/// value is never read again, so a name someone gave themselves that holds `{{state}}` stays
/// that text. A placeholder without a value stays as it is.
pub(super) fn fill(template: &str, values: &[(&str, String)]) -> String {
    let mut html = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(start) = rest.find("{{") {
        html.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let found = after.find("}}").and_then(|end| {
            let name = &after[..end];
            let value = values.iter().find(|(n, _)| *n == name)?;
            Some((&value.1, end))
        });
        match found {
            Some((value, end)) => {
                html.push_str(value);
                rest = &after[end + 2..];
            }
            None => {
                html.push_str("{{");
                rest = after;
            }
        }
    }
    html.push_str(rest);
    html
}

/// Text for HTML: its five special characters escaped.
pub(super) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// JSON for a `<script type="application/json">` block: `<`, `>` and `&` as `\u` escapes, so
/// no text in it can close the block.
pub(super) fn script_json(json: &str) -> String {
    json.replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

/// The page's words in `lang`: a JSON object, id → text.
pub(super) fn words(lang: Lang) -> serde_json::Value {
    let words: serde_json::Map<String, serde_json::Value> = web_strings(lang)
        .into_iter()
        .map(|(id, text)| (id, serde_json::Value::String(text)))
        .collect();
    serde_json::Value::Object(words)
}

/// The page's words in `lang` as a JSON object, ready for its script block.
pub(super) fn strings_json(lang: Lang) -> String {
    script_json(&words(lang).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_a_player_names_themselves_escapes_its_place() {
        assert_eq!(
            escape("<img src=x onerror='1'>&\""),
            "&lt;img src=x onerror=&#39;1&#39;&gt;&amp;&quot;"
        );
        let json = serde_json::json!({"name": "</script><script>alert(1)</script>"}).to_string();
        let safe = script_json(&json);
        assert!(!safe.contains('<') && !safe.contains('>'), "{safe}");
        let back: serde_json::Value = serde_json::from_str(&safe).unwrap();
        assert_eq!(back["name"], "</script><script>alert(1)</script>");
        assert_eq!(
            fill(
                "<p>{{a}} {{b}} {{a}}</p>",
                &[("a", "1".into()), ("b", "2".into())]
            ),
            "<p>1 2 1</p>"
        );
        // A value holding a placeholder is not filled again.
        assert_eq!(
            fill(
                "<meta content=\"{{title}}\"><script>{{state}}</script>",
                &[("title", "{{state}}".into()), ("state", "{}".into())]
            ),
            "<meta content=\"{{state}}\"><script>{}</script>"
        );
        assert_eq!(fill("{{x}} {{ {{a", &[("a", "1".into())]), "{{x}} {{ {{a");
    }
}
