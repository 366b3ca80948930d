//! The computer's turns: searched on a blocking thread, played through the service like any
//! player's move, and posted as a normal board message.

use std::sync::Arc;

use monkey_queen_core::search::{self, Level};
use poise::serenity_prelude::Http;
use tracing::{error, warn};

use super::board;
use super::reply::split;
use super::{Data, Error};
use crate::games::{GameRef, GameView, PlayRequest};
use crate::i18n::{Lang, Msg};

/// If the computer is to move in `game`, plays its moves in the background until it is a
/// person's turn or the game ends. Never blocks the caller.
pub fn take_turn(http: Arc<Http>, data: Data, game: GameView, lang: Lang) {
    if !computer_to_move(&data, &game) {
        return;
    }
    tokio::spawn(async move {
        let id = game.id;
        if let Err(e) = play_turns(&http, &data, game, lang).await {
            error!(game = %id, error = %e, "the computer's move failed");
        }
    });
}

fn computer_to_move(data: &Data, game: &GameView) -> bool {
    game.is_active() && game.to_move == Some(data.bot_user)
}

/// The computer's level in a game (medium when none was stored).
fn level(level: Option<Level>) -> Level {
    level.unwrap_or(Level::Medium)
}

async fn play_turns(http: &Http, data: &Data, mut game: GameView, lang: Lang) -> Result<(), Error> {
    while computer_to_move(data, &game) {
        let position = game.position.clone();
        let level = level(game.ai_level);
        let seed = (game.id.0 as u64).wrapping_mul(1_000_003) ^ u64::from(game.ply());
        let found = data
            .heavy_work(move || search::best_move(&position, level, seed))
            .await?;
        let Some(found) = found else {
            return Ok(());
        };
        let text = found.mv.to_string();
        let request = PlayRequest {
            user: data.bot_user,
            game: GameRef::Id(game.id),
            text: &text,
            expected_ply: Some(game.ply()),
            request_key: None,
        };
        match split(data.service.play(request).await)? {
            Ok(played) => {
                let content = lang.text(&Msg::MovePosted {
                    game: &played.game,
                    mover: board::mover(&played.game, played.mv),
                    mv: played.mv,
                });
                board::post(http, data, &played.game, content, lang).await;
                game = played.game;
            }
            Err(refusal) => {
                // The game moved on without us (a resignation, a timeout): nothing to do.
                warn!(game = %game.id, %refusal, "the computer's move was refused");
                return Ok(());
            }
        }
    }
    Ok(())
}
