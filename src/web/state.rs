//! The game as the page reads it: every position from the start (their text form), the moves
//! in the game's notation, the players (with their ids, so a signed-in player's page knows its
//! side), the clock, the result, the analysis's chances, and the legal moves of the side to
//! move grouped by origin square, and the puzzles found in the game (by the ply of their
//! position, with their pages). The same state goes to every viewer; `playable` names the
//! colours of the people at this screen. The page draws and highlights; the service decides.

use std::collections::BTreeMap;

use axum::extract::{Path, State};
use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};
use monkey_queen_core::analysis::Analysis;
use monkey_queen_core::{Color, Move, Position, Role};
use serde::Serialize;

use super::errors::WebError;
use super::{LocalPlayers, Web, puzzle};
use crate::games::{GamePage, GameView};
use crate::model::{PageKey, PuzzleId, level_word};

/// How many mistakes and turning points the chart marks, as the analysis picture does.
const SHOWN: usize = 3;

/// The JSON of one game's page.
#[derive(Debug, Serialize)]
pub(super) struct PageState {
    key: String,
    size: u8,
    height: u8,
    pie: bool,
    rated: bool,
    status: &'static str,
    white: Player,
    black: Player,
    moves: Vec<String>,
    positions: Vec<String>,
    turn: Option<&'static str>,
    dests: BTreeMap<String, Vec<Dest>>,
    swap: bool,
    clock: Option<ClockState>,
    now_ms: i64,
    result: Option<ResultState>,
    rating_deltas: Option<[f64; 2]>,
    analysis: Option<Chances>,
    playable: Vec<&'static str>,
    png: String,
    puzzles: Vec<PuzzleLink>,
}

/// A position of the game that became a puzzle: the plies played before it, and its page.
#[derive(Debug, Serialize)]
struct PuzzleLink {
    ply: u32,
    id: i64,
    url: String,
}

#[derive(Debug, Serialize)]
struct Player {
    id: String,
    name: String,
    /// Who the player is at this screen (`first`, `second`, `computer`), which the page names
    /// in its reader's language; `None` elsewhere.
    local: Option<&'static str>,
    rating: Option<i64>,
    computer: Option<&'static str>,
}

/// A legal destination of a piece, as the page marks it.
#[derive(Debug, Serialize)]
pub(super) struct Dest {
    to: String,
    capture: Option<&'static str>,
    birth: bool,
}

#[derive(Debug, Serialize)]
struct ClockState {
    move_time_ms: i64,
    deadline_ms: i64,
}

#[derive(Debug, Serialize)]
struct ResultState {
    winner: &'static str,
    reason: &'static str,
}

#[derive(Debug, Serialize)]
struct Chances {
    chances: Vec<f64>,
    turning: Vec<u32>,
    mistakes: Vec<u32>,
}

fn color_word(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// The colours the viewer may move: at this screen, those its people play; else none.
pub(super) fn playable(game: &GameView, local: Option<LocalPlayers>) -> Vec<Color> {
    let Some(local) = local else {
        return Vec::new();
    };
    if !game.is_active() {
        return Vec::new();
    }
    [Color::White, Color::Black]
        .into_iter()
        .filter(|&c| local.is_person(game.player(c).id))
        .collect()
}

impl PageState {
    /// The state of `page`, with the colours of the people at this screen (`local`), at
    /// `now_ms`, and the puzzles found in it (by ply).
    ///
    /// # Errors
    /// A stored move that does not replay (a corrupt game).
    pub(super) fn of(
        page: &GamePage,
        key: &PageKey,
        local: Option<LocalPlayers>,
        now_ms: i64,
        puzzles: &[(u32, PuzzleId)],
    ) -> Result<PageState, WebError> {
        let game = &page.game;
        let options = game.options;
        let mut position = Position::start(options);
        let mut positions = Vec::with_capacity(page.moves.len() + 1);
        positions.push(position.to_text());
        let mut moves = Vec::with_capacity(page.moves.len());
        for stored in &page.moves {
            let mv = position.play_str(&stored.notation).map_err(|e| {
                WebError::Internal(format!("game {} ply {}: {e}", game.id, stored.ply))
            })?;
            moves.push(mv.to_string());
            positions.push(position.to_text());
        }
        let playable = playable(game, local);
        let turn = game.is_active().then(|| game.position.turn());
        let (dests, swap) = if turn.is_some() {
            dests(&game.position)
        } else {
            (BTreeMap::new(), false)
        };
        let player = |color: Color, rating: Option<f64>| Player {
            id: game.player(color).id.0.to_string(),
            name: game.player(color).name.clone(),
            local: local.and_then(|l| l.word(game.player(color).id)),
            rating: rating.map(|r| r.round() as i64),
            computer: game
                .ai_level
                .filter(|_| page.computer == Some(color))
                .map(level_word),
        };
        Ok(PageState {
            key: key.to_string(),
            size: options.size(),
            height: options.queen_height(),
            pie: options.pie(),
            rated: game.rated,
            status: game.status.as_str(),
            white: player(Color::White, page.ratings[0]),
            black: player(Color::Black, page.ratings[1]),
            moves,
            positions,
            turn: turn.map(color_word),
            dests,
            swap,
            clock: game
                .move_time_ms
                .zip(game.deadline_ms.filter(|_| game.is_active()))
                .map(|(move_time_ms, deadline_ms)| ClockState {
                    move_time_ms,
                    deadline_ms,
                }),
            now_ms,
            result: game.result.map(|r| ResultState {
                winner: color_word(r.winner),
                reason: r.reason.as_str(),
            }),
            rating_deltas: game.result.and_then(|r| r.rating_deltas),
            analysis: page.analysis.as_ref().map(chances),
            playable: playable.into_iter().map(color_word).collect(),
            png: format!("/g/{key}/board.png"),
            puzzles: puzzles
                .iter()
                .map(|&(ply, id)| PuzzleLink {
                    ply,
                    id: id.0,
                    url: puzzle::page_path(id),
                })
                .collect(),
        })
    }
}

impl PageState {
    /// How far the game has gone: its positions, and whether it is over.
    pub(super) fn progress(&self) -> (usize, bool) {
        (self.positions.len(), self.status != "active")
    }
}

/// The legal moves of the side to move by origin square, and whether `swap` is one.
pub(super) fn dests(position: &Position) -> (BTreeMap<String, Vec<Dest>>, bool) {
    let movable = position.moves_by_origin();
    let by_origin = movable
        .pieces
        .iter()
        .map(|piece| {
            let dests = piece.moves.iter().filter_map(|&mv| dest(mv)).collect();
            (piece.from.to_string(), dests)
        })
        .collect();
    (by_origin, movable.swap)
}

/// Where a move goes, as the page marks it; `None` for the swap, which goes nowhere.
fn dest(mv: Move) -> Option<Dest> {
    let Move::Normal { to, capture, .. } = mv else {
        return None;
    };
    Some(Dest {
        to: to.to_string(),
        capture: capture.map(|c| match c {
            Role::Queen => "queen",
            Role::Baby => "baby",
        }),
        birth: mv.gives_birth(),
    })
}

/// White's chances after each ply, with the plies the chart marks.
fn chances(analysis: &Analysis) -> Chances {
    Chances {
        chances: analysis
            .scores()
            .iter()
            .map(|s| (s.score.chances(Color::White) * 1000.0).round() / 1000.0)
            .collect(),
        turning: analysis.main_turning_points(SHOWN),
        mistakes: analysis
            .biggest_mistakes(SHOWN)
            .iter()
            .map(|m| m.ply)
            .collect(),
    }
}

/// The state as the page's JSON.
#[must_use]
pub(super) fn json(state: &PageState) -> String {
    // Serializing plain strings, numbers and maps of them cannot fail.
    serde_json::to_string(state).unwrap_or_default()
}

/// Reads the page at `key`, or why not (404 for a malformed or unknown key).
pub(super) async fn page_at(web: &Web, key: &str) -> Result<(GamePage, PageKey), WebError> {
    let key = PageKey::parse(key).ok_or(WebError::NotFound)?;
    let page = web
        .service
        .page(&key)
        .await
        .map_err(|e| WebError::Internal(e.to_string()))?
        .ok_or(WebError::NotFound)?;
    Ok((page, key))
}

/// Reads the page at `key` and its state, or why not.
pub(super) async fn load(web: &Web, key: &str) -> Result<(GamePage, PageKey, PageState), WebError> {
    let (page, key) = page_at(web, key).await?;
    // Puzzles are found in finished games only.
    let puzzles = if page.game.is_active() {
        Vec::new()
    } else {
        web.service
            .puzzles()
            .of_game(page.game.id)
            .await
            .map_err(|e| WebError::Internal(e.to_string()))?
    };
    let state = PageState::of(
        &page,
        &key,
        web.config.local,
        web.service.now_ms(),
        &puzzles,
    )?;
    Ok((page, key, state))
}

/// The state of the page at `key` as a JSON answer: what a move or a resignation is answered
/// with.
pub(super) async fn answer(web: &Web, key: &str) -> Result<Response, WebError> {
    let (_, _, state) = load(web, key).await?;
    Ok(([(CONTENT_TYPE, "application/json")], json(&state)).into_response())
}

/// `GET /api/games/{key}`: the state as JSON.
pub(super) async fn get(State(web): State<Web>, Path(key): Path<String>) -> Response {
    match load(&web, &key).await {
        Ok((_, _, state)) => ([(CONTENT_TYPE, "application/json")], json(&state)).into_response(),
        Err(e) => e.into_response(),
    }
}
