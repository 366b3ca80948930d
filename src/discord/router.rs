//! Routes button clicks by their `custom_id` (no in-memory collectors), so buttons keep
//! working after a restart and a stale click gets a clear answer.

use poise::serenity_prelude as serenity;
use serenity::{FullEvent, Interaction};
use tracing::warn;

use super::commands::challenge::{self, Answer};
use super::commands::learn::clicks as learn;
use super::commands::puzzle::clicks as puzzle;
use super::commands::{
    abandoned, analyse, end, pick, rematch, replay, standings, tournament, view,
};
use super::context::Click;
use super::custom_id::ComponentId;
use super::delivery::first_answer;
use super::{Data, Error, activity, errors};
use crate::games::Claim;
use crate::i18n::Msg;

/// The framework's event hook: component clicks go to [`route`], and a click that fails is
/// apologised for here (where how it was deferred is known) before the framework logs the
/// error; the Activity's Entry Point command, which the framework does not know, opens the
/// Activity.
pub async fn on_event(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &FullEvent,
) -> Result<(), Error> {
    let (ctx, data) = (framework.serenity_context, framework.user_data);
    match event {
        FullEvent::InteractionCreate {
            interaction: Interaction::Component(click),
        } => {
            let click = Click::new(&ctx.http, data, click, &first_answer::BY_REST);
            let routed = route(&click).await;
            if let Err(e) = &routed {
                errors::apologize_for_click(&click, e).await;
            }
            routed
        }
        FullEvent::InteractionCreate {
            interaction: Interaction::Command(command),
        } if activity::is_entry_point(command) => {
            activity::launch_from_launcher(&ctx.http, &first_answer::BY_REST, data, command).await
        }
        _ => Ok(()),
    }
}

/// Hands `click` to the handler its `custom_id` names; one that names none is refused.
pub async fn route(click: &Click<'_>) -> Result<(), Error> {
    let custom_id = &click.data.custom_id;
    match custom_id.parse::<ComponentId>() {
        Ok(ComponentId::Accept { challenge: id }) => {
            challenge::answer(click, id, Answer::Accept).await
        }
        Ok(ComponentId::Decline { challenge: id }) => {
            challenge::answer(click, id, Answer::Decline).await
        }
        Ok(ComponentId::Cancel { challenge: id }) => {
            challenge::answer(click, id, Answer::Cancel).await
        }
        Ok(ComponentId::Resign { game, ply }) => end::offer(click, game, ply).await,
        Ok(ComponentId::ConfirmResign { game, ply }) => end::confirm(click, game, ply).await,
        Ok(ComponentId::ClaimWin { game, ply }) => {
            abandoned::click(click, game, ply, Claim::Win).await
        }
        Ok(ComponentId::CallOff { game, ply }) => {
            abandoned::click(click, game, ply, Claim::CallOff).await
        }
        Ok(ComponentId::Move { game, ply }) => pick::open(click, game, ply).await,
        Ok(ComponentId::PickPiece { game, ply, .. }) => pick::piece(click, game, ply).await,
        Ok(ComponentId::PickDestination {
            game, ply, from, ..
        }) => pick::destination(click, game, ply, from).await,
        Ok(ComponentId::PlayOnBoard { game }) => activity::launch_on_game(click, game).await,
        Ok(ComponentId::Replay { game }) => replay::click(click, game).await,
        Ok(ComponentId::Rematch { game }) => rematch::click(click, game).await,
        Ok(ComponentId::Analyse { game }) => analyse::click(click, game).await,
        Ok(ComponentId::Leaderboard {
            ranking,
            page,
            viewer,
            ..
        }) => standings::turn_page(click, ranking, page, viewer).await,
        Ok(ComponentId::History {
            user, page, viewer, ..
        }) => standings::turn_history_page(click, user, page, viewer).await,
        Ok(ComponentId::Games { page, .. }) => view::turn_games_page(click, page).await,
        Ok(ComponentId::JoinTournament { tournament: id }) => {
            tournament::entry_click(click, id, true).await
        }
        Ok(ComponentId::LeaveTournament { tournament: id }) => {
            tournament::entry_click(click, id, false).await
        }
        Ok(ComponentId::Tournaments { page, viewer, .. }) => {
            tournament::turn_page(click, page, viewer).await
        }
        Ok(ComponentId::PuzzleMove { at }) => puzzle::open(click, at).await,
        Ok(ComponentId::PuzzlePiece { at, .. }) => puzzle::piece(click, at).await,
        Ok(ComponentId::PuzzleDestination { at, from, .. }) => {
            puzzle::destination(click, at, from).await
        }
        Ok(ComponentId::PuzzleSolution { at }) => puzzle::solution(click, at).await,
        Ok(ComponentId::DailyPuzzle) => puzzle::daily(click).await,
        Ok(ComponentId::LearnMove { step }) => learn::open(click, step).await,
        Ok(ComponentId::LearnPiece { step, .. }) => learn::piece(click, step).await,
        Ok(ComponentId::LearnDestination { step, from, .. }) => {
            learn::destination(click, step, from).await
        }
        Err(e) => {
            warn!(%custom_id, user = %click.user.id, error = %e, "unknown component");
            click
                .privately(click.lang().text(&Msg::UnknownButton))
                .await
        }
    }
}
