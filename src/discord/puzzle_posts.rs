//! The daily puzzle's post in a channel a server chose: owed once a day in the outbox (see
//! [`PuzzleService::queue_daily_posts`](crate::games::PuzzleService::queue_daily_posts)) and
//! delivered by `announce`.

use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton,
    CreateMessage, Http,
};

use super::custom_id::ComponentId;
use super::delivery::nonce;
use super::delivery::retry::{Retry, retry};
use super::{Data, Error};
use crate::games::{BoardColors, ChannelId, PuzzleView};
use crate::i18n::{Button, Lang, Msg};
use crate::render::{BoardView, Players};

/// Posts `view`, the daily puzzle, in `channel`, in `lang` and the server's board `colors`:
/// its board, what to find, and Solve. Posted again (its answer lost, or its deliverer dead before reporting it), it shows
/// once (see `nonce`).
///
/// # Errors
/// What Discord (or drawing the board) answered.
pub async fn deliver_daily(
    http: &Http,
    data: &Data,
    channel: ChannelId,
    lang: Lang,
    colors: BoardColors,
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
        colors,
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
        .add_file(
            CreateAttachment::bytes(png, super::board::FILE_NAME)
                .description(super::commands::puzzle::alt(view, lang)),
        )
        .components(vec![CreateActionRow::Buttons(vec![solve])])
        .allowed_mentions(CreateAllowedMentions::new());
    // The daily puzzle always has its day; a post of another would go without a nonce.
    let message = match view.day {
        Some(day) => nonce::once(message, nonce::daily(channel, day)),
        None => message,
    };
    let channel = serenity::ChannelId::new(channel.0);
    retry("posting the daily puzzle", Retry::BOARD, || {
        channel.send_message(http, message.clone())
    })
    .await?;
    Ok(())
}
