//! Play at this screen (`monkey-queen web`): a game against the computer, or two people taking
//! turns at one screen. The games are stored like any other, placed on the web
//! ([`Reach::Web`]), and every move goes through the same game service, with the same checks
//! and the same refusals, worded in the viewer's language.
//!
//! The person at the screen is whoever reaches this server, which listens on 127.0.0.1 by
//! default: the pages move for the people of the game, never for the computer.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};
use monkey_queen_core::GameOptions;
use serde::{Deserialize, Serialize};

use super::asked::{Asked, MoveAsked, ResignAsked};
use super::errors::WebError;
use super::lang::Viewer;
use super::page::{escape, fill, script_json, strings_json};
use super::state;
use super::{LocalPlayers, Web, assets, puzzle};
use crate::games::{
    ChallengeCreated, ChannelId, ColorChoice, GameId, GameRef, GameStarted, NewChallenge,
    PlayRequest, PlayerRef, Reach, ServiceError, UserError, UserId,
};
use crate::i18n::{Lang, Msg};
use crate::model::{Level, PuzzleId};

/// How many games the front page lists.
const LISTED: u32 = 20;

/// The local players, which every handler here has (the routes exist only with them).
fn players(web: &Web) -> Result<LocalPlayers, WebError> {
    web.config
        .local
        .ok_or(WebError::Forbidden("this page is for watching"))
}

/// A new game, as the front page's form asks for it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct NewGame {
    /// `computer` or `human` (two people at this screen).
    opponent: Opponent,
    /// The computer's level.
    #[serde(default)]
    level: Option<LevelWord>,
    /// The first person's colour.
    #[serde(default = "random")]
    color: ColorWord,
    /// Board size.
    #[serde(default = "twelve")]
    size: u8,
    /// The pie rule.
    #[serde(default)]
    pie: bool,
}

#[derive(Debug, Deserialize, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum Opponent {
    Computer,
    Human,
}

#[derive(Debug, Deserialize, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum LevelWord {
    Easy,
    Medium,
    Hard,
    Max,
}

#[derive(Debug, Deserialize, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum ColorWord {
    White,
    Black,
    Random,
}

fn random() -> ColorWord {
    ColorWord::Random
}

fn twelve() -> u8 {
    12
}

/// Where the new game's page is.
#[derive(Serialize)]
struct Created {
    url: String,
}

/// A game of the front page's list.
#[derive(Serialize)]
struct Listed {
    url: String,
    white: ListedPlayer,
    black: ListedPlayer,
    status: &'static str,
    ply: u32,
}

/// A player of a listed game: the name stored, and who they are here (`first`, `second`,
/// `computer`), which the page names in its reader's language.
#[derive(Serialize)]
struct ListedPlayer {
    name: String,
    local: Option<&'static str>,
}

impl ListedPlayer {
    fn of(player: &PlayerRef, local: LocalPlayers) -> ListedPlayer {
        ListedPlayer {
            name: player.name.clone(),
            local: local.word(player.id),
        }
    }
}

/// `player`'s name for a reader of `lang`: the people and the computer of a game at this
/// screen in that language (their stored names are in the language the game was started in),
/// anyone else as they named themselves.
pub(super) fn shown_name(local: Option<LocalPlayers>, player: &PlayerRef, lang: Lang) -> String {
    match local.and_then(|l| l.word(player.id)) {
        Some("first") => lang.text(&Msg::WebPlayer(1)),
        Some("second") => lang.text(&Msg::WebPlayer(2)),
        Some(_) => lang.text(&Msg::WebComputer),
        None => player.name.clone(),
    }
}

/// `GET /`: a form for a new game and the latest games played here.
pub(super) async fn home(
    State(web): State<Web>,
    Viewer(lang): Viewer,
) -> Result<Html<String>, WebError> {
    let local = players(&web)?;
    let games = web
        .service
        .web_games(local.first, LISTED)
        .await
        .map_err(|e| WebError::from_service(e, lang))?;
    let listed: Vec<Listed> = games
        .into_iter()
        .filter_map(|game| {
            Some(Listed {
                url: format!("/g/{}", game.page_key.as_ref()?),
                white: ListedPlayer::of(&game.white, local),
                black: ListedPlayer::of(&game.black, local),
                status: game.status.as_str(),
                ply: game.ply(),
            })
        })
        .collect();
    let json = serde_json::to_string(&listed).unwrap_or_else(|_| "[]".to_owned());
    let first_puzzle = puzzle::found_from(&web, PuzzleId(1)).await?;
    let (puzzles_url, puzzles_hidden) = match first_puzzle {
        Some(id) => (puzzle::page_path(id), String::new()),
        None => (String::new(), " hidden".to_owned()),
    };
    Ok(Html(fill(
        assets::template("home.html"),
        &[
            ("lang", escape(lang.tag())),
            ("strings", strings_json(lang)),
            ("games", script_json(&json)),
            ("puzzles_url", escape(&puzzles_url)),
            ("puzzles_hidden", puzzles_hidden),
        ],
    )))
}

/// `POST /api/games`: starts a game here; 201 with its page's address.
pub(super) async fn create(
    State(web): State<Web>,
    Viewer(lang): Viewer,
    Asked(asked): Asked<NewGame>,
) -> Result<Response, WebError> {
    let local = players(&web)?;
    let options = GameOptions::with_size(asked.size)
        .map_err(|e| WebError::BadRequest(e.to_string()))?
        .pie_rule(asked.pie);
    let first = PlayerRef::new(local.first, lang.text(&Msg::WebPlayer(1)));
    let (opponent, ai_level) = match asked.opponent {
        Opponent::Computer => {
            let level = match asked.level.unwrap_or(LevelWord::Medium) {
                LevelWord::Easy => Level::Easy,
                LevelWord::Medium => Level::Medium,
                LevelWord::Hard => Level::Hard,
                LevelWord::Max => Level::Max,
            };
            let name = lang.text(&Msg::WebComputer);
            (PlayerRef::new(local.computer, name), Some(level))
        }
        Opponent::Human => {
            let name = lang.text(&Msg::WebPlayer(2));
            (PlayerRef::new(local.second, name), None)
        }
    };
    let color = match asked.color {
        ColorWord::White => ColorChoice::White,
        ColorWord::Black => ColorChoice::Black,
        ColorWord::Random => ColorChoice::Random,
    };
    let created = web
        .service
        .create_challenge(NewChallenge {
            challenger: first,
            opponent: Some(opponent.clone()),
            guild: None,
            channel: ChannelId(0),
            reach: Reach::Web,
            lang,
            options,
            color,
            move_time_ms: None,
            rated: false,
            ai_level,
            rematch_of: None,
        })
        .await
        .map_err(|e| WebError::from_service(e, lang))?;
    let started = match created {
        ChallengeCreated::AiGame(started) => *started,
        ChallengeCreated::Pending(challenge) => web
            .service
            .accept_challenge(challenge.id, &opponent, lang)
            .await
            .map_err(|e| WebError::from_service(e, lang))?,
    };
    opened(&web, started, lang).await
}

/// The page of a game just started here: its first board reported shown, the computer's
/// first turn claimed, and 201 with the page's address.
async fn opened(web: &Web, started: GameStarted, lang: Lang) -> Result<Response, WebError> {
    let GameStarted { game, announcement } = started;
    // The page is where the first board is shown.
    web.service
        .delivery()
        .announced(announcement)
        .await
        .map_err(|e| WebError::from_service(e, lang))?;
    let key = web
        .service
        .page_key(&game)
        .await
        .map_err(|e| WebError::from_service(e, lang))?;
    let first_turn = web.service.claim_computer_reply(&game);
    web.service.play_computer(first_turn, game);
    let url = format!("/g/{key}");
    Ok((StatusCode::CREATED, Json(Created { url })).into_response())
}

/// `POST /api/games/{key}/rematch`: the same game again, colours swapped, started at once
/// (against the computer, or by the second person accepting for the first); 201 with the new
/// page's address.
pub(super) async fn rematch(
    State(web): State<Web>,
    Viewer(lang): Viewer,
    Path(key): Path<String>,
) -> Result<Response, WebError> {
    let local = players(&web)?;
    let (page, _, _) = state::load(&web, &key).await?;
    let game = page.game;
    let [white, black] = [&game.white, &game.black];
    let first = [white, black]
        .into_iter()
        .find(|p| p.id == local.first)
        .ok_or(WebError::Forbidden(
            "this game is not played at this screen",
        ))?;
    let created = web
        .service
        .rematch(game.id, first, lang)
        .await
        .map_err(|e| WebError::from_service(e, lang))?;
    let started = match created {
        ChallengeCreated::AiGame(started) => *started,
        ChallengeCreated::Pending(challenge) => {
            let second = [white, black]
                .into_iter()
                .find(|p| p.id == local.second)
                .ok_or(WebError::Forbidden(
                    "this game is not played at this screen",
                ))?;
            web.service
                .accept_challenge(challenge.id, second, lang)
                .await
                .map_err(|e| WebError::from_service(e, lang))?
        }
    };
    opened(&web, started, lang).await
}

/// `POST /api/games/{key}/analysis`: analyses the finished game (or finds its analysis
/// stored) on a turn of the CPU's work; 200 with the game's state, its chances in it.
pub(super) async fn analyse(
    State(web): State<Web>,
    Viewer(lang): Viewer,
    Path(key): Path<String>,
) -> Result<Response, WebError> {
    players(&web)?;
    let (page, _, _) = state::load(&web, &key).await?;
    web.service
        .analysis(page.game.id, &web.cpu)
        .await
        .map_err(|e| WebError::from_service(e, lang))?;
    state::answer(&web, &key).await
}

/// The game at `key` and the person at the screen who moves in it at `ply` (the service
/// decides: see [`GameService::person_to_move`](crate::games::GameService::person_to_move)).
async fn mover(web: &Web, key: &str, ply: u32, lang: Lang) -> Result<(GameId, UserId), WebError> {
    let local = players(web)?;
    let (page, _, _) = state::load(web, key).await?;
    let game = page.game.id;
    let people = [local.first, local.second];
    let user = web
        .service
        .person_to_move(game, &people, ply)
        .await
        .map_err(|e| WebError::from_service(e, lang))?;
    Ok((game, user))
}

/// `POST /api/games/{key}/moves`: plays the move of the person to move, at the ply the page
/// showed; 200 with the new state, or a refusal in the viewer's language.
pub(super) async fn play(
    State(web): State<Web>,
    Viewer(lang): Viewer,
    Path(key): Path<String>,
    Asked(asked): Asked<MoveAsked>,
) -> Result<Response, WebError> {
    let (game, user) = mover(&web, &key, asked.ply, lang).await?;
    let played = match web
        .service
        .play(PlayRequest {
            user,
            game: GameRef::Id(game),
            text: &asked.text,
            expected_ply: Some(asked.ply),
            request_key: None,
        })
        .await
    {
        Ok(played) => played,
        // A retried request whose move went through: the move stands, and the answer is the
        // game as it is now (the other side may have moved since, or the game ended).
        Err(ServiceError::User(UserError::AlreadyPlayed { .. })) => {
            return state::answer(&web, &key).await;
        }
        Err(e) => return Err(WebError::from_service(e, lang)),
    };
    if let Some(id) = played.announcement
        && let Err(e) = web.service.delivery().announced(id).await
    {
        tracing::warn!(%game, error = %e, "could not report a board shown on its page");
    }
    let reply = web.service.claim_computer_reply(&played.game);
    web.service.play_computer(reply, played.game);
    state::answer(&web, &key).await
}

/// `POST /api/games/{key}/resign`: the person to move resigns, at the ply they confirmed it.
pub(super) async fn resign(
    State(web): State<Web>,
    Viewer(lang): Viewer,
    Path(key): Path<String>,
    Asked(asked): Asked<ResignAsked>,
) -> Result<Response, WebError> {
    let (game, user) = mover(&web, &key, asked.ply, lang).await?;
    web.service
        .resign(user, GameRef::Id(game), Some(asked.ply))
        .await
        .map_err(|e| WebError::from_service(e, lang))?;
    state::answer(&web, &key).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_game_is_read_strictly() {
        let ok: NewGame =
            serde_json::from_str(r#"{"opponent":"computer","level":"easy"}"#).unwrap();
        assert!(matches!(ok.opponent, Opponent::Computer) && ok.size == 12 && !ok.pie);
        for bad in [
            r#"{"opponent":"robot"}"#,
            r#"{"opponent":"human","extra":1}"#,
            r#"{"opponent":"human","size":"12"}"#,
            r#"{"opponent":"human","size":300}"#,
        ] {
            assert!(serde_json::from_str::<NewGame>(bad).is_err(), "{bad}");
        }
    }
}
