//! `/move`: play a move, with the legal moves of the caller's game suggested as they type. The
//! new board is the command's own answer: one REST call on a quiet bot.

use poise::serenity_prelude as serenity;
use serenity::{AutocompleteChoice, CreateAutocompleteResponse, ResolvedValue};

use monkey_queen_core::Move;
use tracing::warn;

use super::puzzle::{self, Answer};
use crate::discord::context::{Asker, Command, Deferred, split};
use crate::discord::delivery::announce;
use crate::discord::delivery::deferral::in_time_to_suggest;
use crate::discord::delivery::reply::clip;
use crate::discord::{Data, Error, board};
use crate::games::{ChannelId, GameId, GameRef, PlayRequest, Reach, UserError};
use crate::i18n::Msg;

/// Discord shows at most 25 suggestions.
const MAX_CHOICES: usize = 25;
/// Longer input is not a move; it is cut before being echoed in a refusal.
const MAX_MOVE_CHARS: usize = 24;

/// Make a move in your game here, e.g. g1-g7 (suggestions list your legal moves).
pub async fn play_move(ctx: Command<'_>, text: String, game: Option<i64>) -> Result<(), Error> {
    let key = ctx.interaction.id.to_string();
    let text = clip(&text, MAX_MOVE_CHARS);
    let request = PlayRequest {
        user: ctx.user(),
        game: game_ref(ctx.channel_id(), game),
        text: &text,
        expected_ply: None,
        request_key: Some(&key),
    };
    let asker = ctx.asker();
    let puzzles = game.is_none();
    play_and_answer(ctx.data(), &asker, Deferred::Privately, puzzles, request).await
}

/// Plays `request` for `asker` (`/move`, or the last pick of the Move button's menus) and
/// answers it with the new board as its own public message (one REST call), or with the
/// refusal only the player sees. When the work is slow (the database busy), the interaction
/// is deferred within Discord's 3 seconds (`defer_as`: privately for a command, without a
/// visible answer for a click) and the board follows as a new message, so its mention still
/// pings. Where the player has no game here and `puzzles` says so, the move goes to their open
/// `/puzzle`. A move made away from where its
/// game lives (a board that came by DM, `/move game:` from another channel, a threaded game
/// moved from its channel) is answered privately, and its board goes to the game's own place.
/// If the answer can't be delivered, the move stands and its board goes to the game's place;
/// the service keeps it owed until one of them is delivered.
pub async fn play_and_answer(
    data: &Data,
    asker: &Asker<'_>,
    defer_as: Deferred,
    puzzles: bool,
    request: PlayRequest<'_>,
) -> Result<(), Error> {
    let public = asker.public;
    let received_ms = data.service.now_ms();
    let (user, text) = (request.user, request.text);
    let work = async {
        let played = match split(data.service.play(request).await)? {
            Ok(played) => played,
            Err(refusal) => return Ok(Err(refusal)),
        };
        // The computer's reply, if it is to move now, is this handler's from here on.
        let reply = data.service.claim_computer_reply(&played.game);
        let content = public.text(&Msg::MovePosted {
            game: &played.game,
            mover: board::mover(&played.game, played.mv),
            mv: played.mv,
        });
        let board = board::compose(data, &played.game, content.clone(), public).await;
        Ok::<_, Error>(Ok((played, reply, content, board)))
    };
    let (outcome, deferred) = asker.unless_quick(data, work, defer_as).await;
    let privately = |text: String| asker.privately(deferred, text);
    let (played, reply, content, board) = match outcome? {
        Ok(done) => done,
        Err(UserError::NoActiveGame) if puzzles => {
            let done = puzzle::play_open(data, user, text, asker.lang).await?;
            return puzzle::deliver(asker, Answer::New, deferred, done).await;
        }
        Err(refusal) => return asker.refuse(deferred, &refusal).await,
    };
    let game = &played.game;
    let http = asker.http.clone();
    if !game.place.shows_in(ChannelId(asker.channel.get())) {
        // Made away from the game: its board goes where the game lives, and the player is
        // told privately here.
        if board::post(&http, data, game, content, public).await {
            announce::delivered_here(data, played.announcement).await;
        }
        let text = match game.place.reach {
            Reach::Channel => asker.lang.text(&Msg::BoardInThread {
                mv: played.mv,
                thread: game.place.shown_in().0,
            }),
            Reach::Interactions | Reach::Web => asker.lang.text(&Msg::BoardElsewhere {
                mv: played.mv,
                game: game.id,
            }),
        };
        data.service.play_computer(reply, played.game);
        return privately(text).await;
    }
    // After a private deferral the "thinking…" is edited first: Discord's first follow-up of
    // a deferral would edit it instead of making the public board. Until it is edited, this
    // interaction's token serves no follow-up: it is not kept (what follows the game goes
    // through an older one, or by DM), and the board goes to the game's place another way.
    let answerable = match deferred {
        Deferred::Privately => privately(asker.lang.text(&Msg::MovePlayed(played.mv))).await,
        Deferred::No | Deferred::Click => Ok(()),
    };
    if answerable.is_ok() {
        data.keep_token(game, asker.token, received_ms, asker.channel)
            .await;
    }
    // The board's announcement is reported with the board's place once it is out.
    let owed = played.announcement;
    let delivered = match (answerable, board) {
        (Err(e), _) | (Ok(()), Err(e)) => Err(e),
        (Ok(()), Ok(board)) => match deferred {
            Deferred::No => board::answer_with(asker, data, game, board, owed).await,
            Deferred::Privately | Deferred::Click => {
                board::follow_up(&http, data, asker.token, game, &board, owed).await
            }
        },
    };
    if let Err(e) = delivered {
        // The move stands: its board goes to the game's place instead.
        warn!(game = %game.id, error = %e, "could not answer a move with its board");
        if board::post(&http, data, game, content, public).await {
            announce::delivered_here(data, owed).await;
        }
    }
    data.service.play_computer(reply, played.game);
    Ok(())
}

/// The game a command is about: the one named, or the caller's game in this channel.
pub fn game_ref(channel: serenity::ChannelId, game: Option<i64>) -> GameRef {
    match game {
        Some(id) => GameRef::Id(GameId(id)),
        None => GameRef::InChannel(ChannelId(channel.get())),
    }
}

/// The `game` option's value in an autocomplete request, if it has been filled in already.
fn game_option(ctx: Command<'_>) -> Option<i64> {
    ctx.interaction
        .data
        .options()
        .into_iter()
        .find(|o| o.name == "game")
        .and_then(|o| match o.value {
            ResolvedValue::Integer(id) => Some(id),
            _ => None,
        })
}

/// The caller's legal moves matching what they typed: queen captures first, then captures.
pub(super) async fn autocomplete_move(
    app: Command<'_>,
    partial: &str,
) -> CreateAutocompleteResponse {
    let user = app.user();
    let game = game_ref(app.channel_id(), game_option(app));
    let found = in_time_to_suggest(app.data().service.moves_for(user, game)).await;
    let Some(Ok(moves)) = found else {
        return CreateAutocompleteResponse::new();
    };
    let choices = suggestions(&moves, partial)
        .into_iter()
        .map(|m| AutocompleteChoice::new(m.clone(), m))
        .collect();
    CreateAutocompleteResponse::new().set_choices(choices)
}

/// Moves whose squares start with what was typed (separators and case ignored), best first.
pub fn suggestions(moves: &[Move], typed: &str) -> Vec<String> {
    let wanted = squash(typed);
    let mut matching: Vec<&Move> = moves
        .iter()
        .filter(|m| squash(&m.to_string()).starts_with(&wanted))
        .collect();
    matching.sort_by_key(|m| {
        let rank = match m {
            Move::Normal {
                capture: Some(monkey_queen_core::Role::Queen),
                ..
            } => 0,
            m if m.is_capture() => 1,
            _ => 2,
        };
        (rank, m.to_string())
    });
    matching
        .into_iter()
        .take(MAX_CHOICES)
        .map(ToString::to_string)
        .collect()
}

/// Lower case with separators removed: `G1 - g7` and `g1xg7` → `g1g7` (no file is called x).
fn squash(text: &str) -> String {
    text.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .filter(|c| *c != 'x')
        .collect()
}

/// The caller's active games in this channel, for the `game` option, in the caller's language
/// ("#7 vs Ana", "#7 contra Ana").
pub(super) async fn autocomplete_game(
    app: Command<'_>,
    _partial: &str,
) -> CreateAutocompleteResponse {
    let (user, lang) = (app.user(), app.lang());
    let channel = ChannelId(app.channel_id().get());
    let found = in_time_to_suggest(app.data().service.active_games(user, Some(channel))).await;
    let Some(Ok(games)) = found else {
        return CreateAutocompleteResponse::new();
    };
    let choices = games
        .iter()
        .take(MAX_CHOICES)
        .map(|g| {
            let opponent = if g.white.id == user {
                &g.black
            } else {
                &g.white
            };
            let name = lang.text(&Msg::GameChoice {
                game: g.id,
                opponent: &clip(&opponent.name, 60),
            });
            AutocompleteChoice::new(name, g.id.0)
        })
        .collect();
    CreateAutocompleteResponse::new().set_choices(choices)
}

#[cfg(test)]
mod tests {
    use super::*;
    use monkey_queen_core::{GameOptions, Position};

    #[test]
    fn suggestions_filter_by_the_squares_typed() {
        let moves = Position::start(GameOptions::default()).legal_moves();
        assert_eq!(suggestions(&moves, "").len(), 25);
        let from_g1_to_g = suggestions(&moves, "g1 g");
        assert!(from_g1_to_g.iter().all(|m| m.starts_with("g1-g")));
        assert_eq!(from_g1_to_g.len(), 11);
        assert_eq!(suggestions(&moves, "G1-G7"), vec!["g1-g7"]);
        assert!(suggestions(&moves, "a1").is_empty());
    }
}
