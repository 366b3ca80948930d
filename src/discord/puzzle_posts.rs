//! The puzzles' posts and searches: the daily puzzle posted in a channel a server chose (owed
//! once a day in the outbox, see
//! [`GameService::queue_daily_posts`](crate::games::GameService::queue_daily_posts), and
//! delivered by `announce`), and finished games searched for new puzzles one at a time, beside
//! the sweep, as long CPU work.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use monkey_queen_core::puzzle::{self, Config};
use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton,
    CreateMessage, Http,
};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tracing::{error, info};

use super::custom_id::ComponentId;
use super::retry::{Retry, retry};
use super::{Data, Error, nonce};
use crate::games::{ChannelId, PuzzleView};
use crate::i18n::{Button, Lang, Msg};
use crate::render::{BoardView, Players};

/// Posts `view`, the daily puzzle, in `channel`, in `lang`: its board, what to find, and
/// Solve. Posted again (its answer lost, or its deliverer dead before reporting it), it shows
/// once (see `nonce`).
///
/// # Errors
/// What Discord (or drawing the board) answered.
pub async fn deliver_daily(
    http: &Http,
    data: &Data,
    channel: ChannelId,
    lang: Lang,
    view: &PuzzleView,
) -> Result<(), Error> {
    let board = BoardView {
        flipped: view.solver == monkey_queen_core::Color::Black,
        last_move: None,
        players: Players::new(
            lang.text(&Msg::ColorName(monkey_queen_core::Color::White)),
            lang.text(&Msg::ColorName(monkey_queen_core::Color::Black)),
        ),
        status: Some(lang.text(&Msg::PuzzleCaption(view))),
        ..BoardView::default()
    };
    let renderer = data.renderer.clone();
    let position = view.position.clone();
    let png = data
        .cpu_work(move || renderer.board_png(&position, &board))
        .await??;
    let solve = CreateButton::new(ComponentId::DailyPuzzle.to_string())
        .label(lang.text(&Msg::Label(Button::Solve)))
        .style(ButtonStyle::Primary);
    let message = CreateMessage::new()
        .content(lang.text(&Msg::DailyPost(view)))
        .add_file(CreateAttachment::bytes(png, super::board::FILE_NAME))
        .components(vec![CreateActionRow::Buttons(vec![solve])])
        .allowed_mentions(CreateAllowedMentions::new());
    let day = view.day.as_deref().unwrap_or_default();
    let message = nonce::once(message, nonce::daily(channel, day));
    let channel = serenity::ChannelId::new(channel.0);
    retry("posting the daily puzzle", Retry::BOARD, || {
        channel.send_message(http, message.clone())
    })
    .await?;
    Ok(())
}

/// Searches finished games for puzzles, one game at a time: a sweep starts the search of the
/// next game on its tasks unless one is under way.
#[derive(Clone)]
pub struct Scanner {
    tasks: TaskTracker,
    busy: Arc<AtomicBool>,
    /// Cancelled at shutdown: a search under way gives up between positions.
    stop: CancellationToken,
}

impl Scanner {
    /// A scanner running its searches on `tasks`, until `stop` is cancelled.
    pub fn new(tasks: TaskTracker, stop: CancellationToken) -> Scanner {
        Scanner {
            tasks,
            busy: Arc::default(),
            stop,
        }
    }

    /// Starts searching the next game not searched yet, unless a search runs.
    pub fn scan_next(&self, data: &Data) {
        if self.busy.swap(true, Ordering::AcqRel) {
            return;
        }
        let (busy, data, stop) = (self.busy.clone(), data.clone(), self.stop.clone());
        self.tasks.spawn(async move {
            if let Err(e) = scan(&data, stop).await {
                error!(error = %e, "could not search a game for puzzles");
            }
            busy.store(false, Ordering::Release);
        });
    }
}

/// Searches the next game for puzzles, keeps those a deeper search confirms, and stores them;
/// given up (the game left for later) if `stop` is cancelled meanwhile.
async fn scan(data: &Data, stop: CancellationToken) -> Result<(), Error> {
    let next = data.service.next_game_to_scan().await;
    let Some((game, record)) = next.map_err(super::board::service_failure)? else {
        return Ok(());
    };
    let label = format!("game {game}");
    let found = {
        let _long = data.heavy_turn().await?;
        data.cpu_work(move || {
            let config = Config::default();
            let deeper = config.deeper(4);
            let stopped = || stop.is_cancelled();
            let found = puzzle::puzzles_in_game_until(&record, &label, &config, &stopped)?;
            let mut kept = Vec::with_capacity(found.len());
            for p in found {
                if stopped() {
                    return None;
                }
                if puzzle::verify(&p, &deeper).is_ok() {
                    kept.push(p);
                }
            }
            Some(kept)
        })
        .await?
    };
    let Some(found) = found else {
        return Ok(());
    };
    let added = data.service.scanned(game, &found).await;
    let added = added.map_err(super::board::service_failure)?;
    info!(%game, found = found.len(), added, "searched a game for puzzles");
    Ok(())
}
