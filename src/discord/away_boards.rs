//! Shows in the chat at once the boards of what happened away from it: the computer's moves
//! (see [`GameService::play_computer`](crate::games::GameService::play_computer)), and the
//! moves and new games against the computer made on the Activity. The service publishes each,
//! its board owed in the outbox; this posts the board where the game lives and reports the
//! announcement, so the outbox posts it only if this could not (or this process died first).
//! (A resignation or a rematch offer on the Activity is owed at once, and the outbox posts it.)

use std::sync::Arc;

use poise::serenity_prelude::Http;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use super::delivery::announce;
use super::{Data, Limits, board};
use crate::games::{GameEvent, GameStarted, Heard, MovePlayed, Reach};
use crate::i18n::Msg;

/// Shows what happened away from the chat until `stop`, on `tasks`, within `limits`. Subscribed before it
/// returns, so nothing that happens after it is missed. What it misses by falling behind is
/// owed in the outbox, which posts it after its grace.
pub fn spawn(
    http: Arc<Http>,
    data: Data,
    limits: Arc<Limits>,
    tasks: &TaskTracker,
    stop: CancellationToken,
) {
    let shows = tasks.clone();
    let service = data.service.clone();
    service.follow("the chat's boards", tasks, stop, move |heard| {
        if let Heard::Event(event @ (GameEvent::MovedAway(_) | GameEvent::StartedAway(_))) = heard {
            let (http, data, limits) = (http.clone(), data.clone(), limits.clone());
            shows.spawn(async move { limits.scope(show(&http, &data, event)).await });
        }
        std::future::ready(())
    });
}

/// Shows `event` in the chat.
async fn show(http: &Http, data: &Data, event: GameEvent) {
    match event {
        GameEvent::MovedAway(played) => show_move(http, data, &played).await,
        GameEvent::StartedAway(started) => show_start(http, data, &started).await,
        GameEvent::Changed(_) | GameEvent::TournamentChanged(_) => {}
    }
}

/// Posts the board after a move made away from the chat and reports it (attempt 0 of its
/// announcement).
async fn show_move(http: &Http, data: &Data, played: &MovePlayed) {
    if played.game.place.reach == Reach::Web {
        return;
    }
    let delivered = announce::board_after_move(http, data, &played.game).await;
    if let Some(id) = played.announcement {
        data.service
            .delivery()
            .report_delivery(id, 0, announce::outcome(delivered))
            .await;
    }
}

/// Posts the first board of a game started away from the chat and reports it, so the outbox
/// posts it only if this could not.
async fn show_start(http: &Http, data: &Data, started: &GameStarted) {
    let game = &started.game;
    if game.place.reach == Reach::Web {
        return;
    }
    let content = game.lang.text(&Msg::GameStarted(game));
    if board::post_first(http, data, game, content, game.lang, None).await {
        announce::delivered_here(data, started.announcement).await;
    }
}
