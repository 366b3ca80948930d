//! The sweeper's puzzle posts: each day's daily puzzle posted in the channels servers chose
//! (each claimed once a day, see
//! [`GameService::claim_daily_posts`](crate::games::GameService::claim_daily_posts)).

use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton,
    CreateMessage, Http,
};
use tracing::{debug, error, warn};

use super::custom_id::ComponentId;
use super::retry::{Retry, retry};
use super::{Data, Error};
use crate::games::{ChannelId, UserError};
use crate::i18n::{Button, Lang, Msg};
use crate::render::{BoardView, Players};

/// Posts today's daily puzzle in every channel not served yet today. A post that fails is
/// logged and not made again (its claim is spent).
pub async fn post_daily(http: &Http, data: &Data) {
    let claimed = match data.service.claim_daily_posts().await {
        Ok(claimed) => claimed,
        Err(e) => return error!(error = %e, "could not claim the daily puzzle's posts"),
    };
    for (guild, channel, lang) in claimed {
        if let Err(e) = post_one(http, data, channel, lang).await {
            warn!(%guild, %channel, error = %e, "could not post the daily puzzle");
        } else {
            debug!(%guild, %channel, "daily puzzle posted");
        }
    }
}

/// Posts today's daily puzzle in `channel`, in `lang`: its board, what to find, and Solve.
async fn post_one(http: &Http, data: &Data, channel: ChannelId, lang: Lang) -> Result<(), Error> {
    let view = match super::reply::split(data.service.daily_puzzle_today().await)? {
        Ok(view) => view,
        // No puzzle at all: nothing to post.
        Err(UserError::NoPuzzles) => return Ok(()),
        Err(refusal) => return Err(Error::Unexpected(refusal.to_string())),
    };
    let board = BoardView {
        flipped: view.solver == monkey_queen_core::Color::Black,
        last_move: None,
        players: Players::new(
            lang.text(&Msg::ColorName(monkey_queen_core::Color::White)),
            lang.text(&Msg::ColorName(monkey_queen_core::Color::Black)),
        ),
        status: Some(lang.text(&Msg::PuzzleCaption(&view))),
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
        .content(lang.text(&Msg::DailyPost(&view)))
        .add_file(CreateAttachment::bytes(png, super::board::FILE_NAME))
        .components(vec![CreateActionRow::Buttons(vec![solve])])
        .allowed_mentions(CreateAllowedMentions::new());
    let channel = serenity::ChannelId::new(channel.0);
    retry("posting the daily puzzle", Retry::BOARD, || {
        channel.send_message(http, message.clone())
    })
    .await?;
    Ok(())
}
