//! A puzzle's page, anonymous and unrated (ratings are for Discord's players):
//! - `GET /puzzles/{id}`: its position with the legal moves, the side to find the win for, its
//!   number, rating and themes in the reader's language, played by taps as the game page is
//!   (each move checked by [`super::puzzle_check`]), with OpenGraph tags for unfurls;
//! - `GET /puzzles/{id}/board.png`: the position as the bots' board picture, the solver at
//!   the bottom.
//!
//! The solution is never in the page: it comes only when the page fails or asks for it, and
//! never while the puzzle counts in Discord (today's daily puzzle, someone's rated one): then
//! the page shows the puzzle and says where it is played.

use std::collections::BTreeMap;

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{Html, Response};
use monkey_queen_core::{Color, Move};
use serde::Serialize;

use super::errors::WebError;
use super::lang::Viewer;
use super::page::{escape, fill, script_json, strings_json};
use super::state::{Dest, dests};
use super::{Web, assets, pictures};
use crate::games::{PuzzleView, ServiceError, UserError};
use crate::i18n::{Lang, web_text as word};
use crate::model::PuzzleId;
use crate::render::{BoardView, Players};

/// The page's address of puzzle `id`.
pub(super) fn page_path(id: PuzzleId) -> String {
    format!("/puzzles/{id}")
}

/// The first puzzle numbered `from` or after, if any.
pub(super) async fn found_from(web: &Web, from: PuzzleId) -> Result<Option<PuzzleId>, WebError> {
    web.service
        .puzzles()
        .first_from(from)
        .await
        .map_err(|e| WebError::Internal(e.to_string()))
}

/// The puzzle numbered in `text`, or 404 (also for anything that is not a plain number).
pub(super) fn parse_id(text: &str) -> Result<PuzzleId, WebError> {
    let plain = !text.is_empty() && text.len() <= 18 && text.bytes().all(|b| b.is_ascii_digit());
    plain
        .then(|| text.parse().ok())
        .flatten()
        .map(PuzzleId)
        .ok_or(WebError::NotFound)
}

/// Puzzle `id` as it starts, and its solution; 404 when there is none.
pub(super) async fn load(web: &Web, id: &str) -> Result<(PuzzleView, Vec<Move>), WebError> {
    let id = parse_id(id)?;
    match web.service.puzzles().get(id).await {
        Ok(found) => Ok(found),
        Err(ServiceError::User(UserError::NoSuchPuzzle(_))) => Err(WebError::NotFound),
        Err(e) => Err(WebError::Internal(e.to_string())),
    }
}

/// Puzzle `id` and its solution, to judge moves by; 403 in `lang` while it counts in Discord
/// (see [`PuzzleService::counts`](crate::games::PuzzleService::counts)).
pub(super) async fn load_uncounted(
    web: &Web,
    id: &str,
    lang: Lang,
) -> Result<(PuzzleView, Vec<Move>), WebError> {
    let found = load(web, id).await?;
    if counts(web, found.0.id).await? {
        let why = word(lang, "web-puzzle-counts", &[]);
        return Err(WebError::Refused(StatusCode::FORBIDDEN, why));
    }
    Ok(found)
}

/// Whether puzzle `id` counts in Discord now.
async fn counts(web: &Web, id: PuzzleId) -> Result<bool, WebError> {
    web.service
        .puzzles()
        .counts(id)
        .await
        .map_err(|e| WebError::Internal(e.to_string()))
}

/// The JSON of a puzzle's page.
#[derive(Debug, Serialize)]
struct PuzzleState {
    id: i64,
    solver: &'static str,
    position: String,
    dests: BTreeMap<String, Vec<Dest>>,
    rating: i64,
    themes: Vec<&'static str>,
    check: String,
    solution: String,
    /// It counts in Discord now: shown, not solved here.
    counts: bool,
    /// The next puzzle's page, if there is one.
    next: Option<String>,
}

/// The colour's word in the page's JSON.
fn color_word(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// "Find the winning move for White" in `lang`.
fn task(lang: Lang, solver: Color) -> String {
    word(
        lang,
        &format!("web-puzzle-find-{}", color_word(solver)),
        &[],
    )
}

/// `GET /puzzles/{id}`: the puzzle's page.
pub(super) async fn page(
    State(web): State<Web>,
    Viewer(lang): Viewer,
    Path(id): Path<String>,
) -> Result<Html<String>, WebError> {
    let (puzzle, _) = load(&web, &id).await?;
    let id = puzzle.id;
    let counts = counts(&web, id).await?;
    let rating = puzzle.rating.round() as i64;
    let title = word(lang, "web-puzzle-title", &[("number", id.to_string())]);
    let description = format!(
        "{} · {}",
        task(lang, puzzle.solver),
        word(lang, "web-puzzle-rating", &[("rating", rating.to_string())])
    );
    let state = PuzzleState {
        id: id.0,
        solver: color_word(puzzle.solver),
        position: puzzle.position.to_text(),
        dests: dests(&puzzle.position).0,
        rating,
        themes: puzzle.themes.iter().map(|t| t.name()).collect(),
        check: format!("/api/puzzles/{id}/check"),
        solution: format!("/api/puzzles/{id}/solution"),
        counts,
        next: found_from(&web, PuzzleId(id.0 + 1)).await?.map(page_path),
    };
    // Serializing plain strings, numbers and maps of them cannot fail.
    let json = serde_json::to_string(&state).unwrap_or_default();
    let base = web.config.public_url.as_deref().unwrap_or_default();
    let path = page_path(id);
    let html = fill(
        assets::template("puzzle.html"),
        &[
            ("lang", escape(lang.tag())),
            ("title", escape(&format!("{title} · Monkey Queen"))),
            ("heading", escape(&title)),
            ("task", escape(&task(lang, puzzle.solver))),
            ("description", escape(&description)),
            ("og_image", escape(&format!("{base}{path}/board.png"))),
            ("og_url", escape(&format!("{base}{path}"))),
            ("strings", strings_json(lang)),
            ("state", script_json(&json)),
        ],
    );
    Ok(Html(html))
}

/// `GET /puzzles/{id}/board.png`: the puzzle's position, the solver at the bottom, for link
/// unfurls.
pub(super) async fn board_png(
    State(web): State<Web>,
    Viewer(lang): Viewer,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Response, WebError> {
    let (puzzle, _) = load(&web, &id).await?;
    let (white, black) = (word(lang, "web-white", &[]), word(lang, "web-black", &[]));
    let status = task(lang, puzzle.solver);
    let etag = pictures::etag(&(puzzle.position.to_text(), &white, &black, &status));
    let view = BoardView {
        flipped: puzzle.solver == Color::Black,
        last_move: None,
        marks: Vec::new(),
        selected: None,
        players: Players::new(white, black),
        status: Some(status),
        ..BoardView::default()
    };
    let renderer = web.renderer.clone();
    web.pictures
        .answer(&headers, etag, &web.cpu, move || {
            renderer
                .board_png(&puzzle.position, &view)
                .map_err(|e| e.to_string())
        })
        .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_plain_number_names_a_puzzle() {
        assert_eq!(parse_id("42").ok(), Some(PuzzleId(42)));
        for bad in ["", "x", "-1", "+1", "1e3", " 1", "1/", &"9".repeat(19)] {
            assert!(parse_id(bad).is_err(), "{bad}");
        }
    }
}
