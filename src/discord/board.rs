//! Board messages: the picture of a game, drawn on a blocking thread, posted as a new channel
//! message (so mentions ping) with the buttons that fit the game's state.

use monkey_queen_core::Square;
use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton,
    CreateMessage, Http,
};

use tracing::error;

use super::custom_id::ComponentId;
use super::{Data, Error};
use crate::games::{GameView, MessageId};
use crate::i18n::{Button, Lang, Msg};
use crate::render::{BoardView, Players};

/// File name of every board picture.
pub const FILE_NAME: &str = "board.png";

/// What to draw on top of the position.
#[derive(Debug, Default, Clone)]
pub struct Marks {
    /// Squares to mark (a piece's legal destinations).
    pub squares: Vec<Square>,
    /// The square of the piece asked about.
    pub selected: Option<Square>,
}

/// Draws the game's position as a PNG, last move highlighted, caption in `lang`.
pub async fn picture(
    data: &Data,
    game: &GameView,
    lang: Lang,
    marks: Marks,
) -> Result<Vec<u8>, Error> {
    let view = BoardView {
        flipped: false,
        last_move: game.last_move,
        marks: marks.squares,
        selected: marks.selected,
        players: Players::new(game.white.name.clone(), game.black.name.clone()),
        status: Some(lang.text(&Msg::StatusLine(game))),
    };
    let renderer = data.renderer.clone();
    let position = game.position.clone();
    let png = tokio::task::spawn_blocking(move || renderer.board_png(&position, &view)).await??;
    Ok(png)
}

/// The buttons under a board message: Resign while the game is on.
pub fn buttons(game: &GameView, lang: Lang) -> Vec<CreateActionRow> {
    if !game.is_active() {
        return Vec::new();
    }
    let resign = ComponentId::Resign {
        game: game.id.0,
        ply: game.ply(),
    };
    vec![CreateActionRow::Buttons(vec![
        CreateButton::new(resign.to_string())
            .label(lang.text(&Msg::Label(Button::Resign)))
            .style(ButtonStyle::Secondary),
    ])]
}

/// Posts a new board message for `game` in its channel, pinging the player to move, and
/// remembers it as the game's latest board. The game is already saved when this runs, so a
/// failure is logged rather than reported: the move stands, and the next board shows it.
pub async fn post(http: &Http, data: &Data, game: &GameView, content: String, lang: Lang) {
    if let Err(e) = try_post(http, data, game, content, lang).await {
        error!(game = %game.id, ply = game.ply(), error = %e, "could not post the board");
    }
}

async fn try_post(
    http: &Http,
    data: &Data,
    game: &GameView,
    content: String,
    lang: Lang,
) -> Result<MessageId, Error> {
    let png = picture(data, game, lang, Marks::default()).await?;
    let mentions = game
        .to_move
        .filter(|user| *user != data.bot_user)
        .map(|user| serenity::UserId::new(user.0));
    let message = CreateMessage::new()
        .content(content)
        .add_file(CreateAttachment::bytes(png, FILE_NAME))
        .components(buttons(game, lang))
        .allowed_mentions(CreateAllowedMentions::new().users(mentions));
    let channel = serenity::ChannelId::new(game.place.thread.unwrap_or(game.place.channel).0);
    let sent = channel.send_message(http, message).await?;
    let id = MessageId(sent.id.get());
    data.service
        .set_board_message(game.id, id)
        .await
        .map_err(service_failure)?;
    Ok(id)
}

/// A service call that can only fail internally here (the game exists and is ours).
pub fn service_failure(e: crate::games::ServiceError) -> Error {
    match e {
        crate::games::ServiceError::Internal(e) => e.into(),
        crate::games::ServiceError::User(refusal) => Error::Unexpected(refusal.to_string()),
    }
}

/// The colour whose piece made `mv` in `game` (read after the move; `swap` is Black's).
pub fn mover(game: &GameView, mv: monkey_queen_core::Move) -> monkey_queen_core::Color {
    mv.to()
        .and_then(|to| game.position.piece_at(to))
        .map_or(monkey_queen_core::Color::Black, |piece| piece.color)
}
