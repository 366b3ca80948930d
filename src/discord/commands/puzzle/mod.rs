//! `/puzzle`: a puzzle from a real game, only for the one who asks (see
//! `crate::games::puzzles`). Its message is ephemeral: the board, what to find, and the
//! **Move** button (the game's piece-then-destination menus, in `clicks`) and **Solution**
//! (giving up). Each answer edits that message; `/move` answers an open `/puzzle` too where
//! the channel has no game of the player's. Every button names the attempt's step, so a stale
//! one is refused and changes nothing.

mod answer;
pub mod clicks;

use monkey_queen_core::Color;
use poise::serenity_prelude as serenity;

use crate::discord::board::{self, FILE_NAME, Marks};
use crate::discord::context::{Command, Outcome, split};
use crate::discord::custom_id::{ComponentId, PuzzleAt};
use crate::discord::{Data, Error};
use crate::games::{PuzzleView, UserId};
use crate::i18n::{Button, Lang, Msg};
use crate::render::{BoardView, Players};

pub use answer::{Answer, deliver, respond};

/// A puzzle for you alone: find the winning move (or today's daily puzzle).
pub async fn puzzle(ctx: Command<'_>, daily: Option<bool>) -> Result<(), Error> {
    let data = ctx.data();
    let (lang, player) = (ctx.lang(), ctx.player());
    let work = async {
        let view = if daily.unwrap_or(false) {
            data.service.puzzles().daily(&player).await
        } else {
            data.service.puzzles().next(&player).await
        };
        match split(view)? {
            Ok(view) => Ok(Ok(
                shown(data, player.id, &view, lang, Msg::Puzzle(&view)).await?
            )),
            Err(refusal) => Ok(Err(refusal)),
        }
    };
    respond(data, &ctx.asker(), Answer::New, work).await
}

/// `/move` where the caller has no game: their open `/puzzle`, if any, answered as its Move
/// button's last pick is (in a message of its own); `None` when they have none.
pub async fn play_open(data: &Data, user: UserId, text: &str, lang: Lang) -> Outcome<Shown> {
    let open = match split(data.service.puzzles().open(user).await)? {
        Ok(Some(open)) => open,
        Ok(None) | Err(_) => return Ok(Err(crate::games::UserError::NoActiveGame)),
    };
    answer::play(data, user, &open, text, None, lang).await
}

/// A puzzle message ready to send: text, the board, and its buttons.
pub struct Shown {
    /// Its text.
    pub content: String,
    /// The board picture.
    pub png: Vec<u8>,
    /// The picture's alt text.
    pub alt: String,
    /// Its buttons or menus.
    pub rows: Vec<serenity::CreateActionRow>,
}

impl Shown {
    /// The picture as an attachment.
    fn attachment(&self) -> serenity::CreateAttachment {
        serenity::CreateAttachment::bytes(self.png.clone(), FILE_NAME).description(self.alt.clone())
    }
}

/// The alt text of `view`'s board picture in `lang`.
pub fn alt(view: &PuzzleView, lang: Lang) -> String {
    lang.board_alt(crate::i18n::BoardShown {
        position: &view.position,
        last: view.played.last().copied(),
        over: false,
    })
}

/// `view` drawn for `user` with `msg` over it, and its Move and Solution buttons while it is
/// open.
async fn shown(
    data: &Data,
    user: UserId,
    view: &PuzzleView,
    lang: Lang,
    msg: Msg<'_>,
) -> Result<Shown, Error> {
    let png = picture(data, user, view, lang, Marks::default()).await?;
    Ok(Shown {
        content: lang.text(&msg),
        png,
        alt: alt(view, lang),
        rows: buttons(view, lang),
    })
}

/// The puzzle's board as its solver `user` sees it (their side at the bottom, the last move
/// played marked, in their own colours), with `marks` on it.
async fn picture(
    data: &Data,
    user: UserId,
    view: &PuzzleView,
    lang: Lang,
    marks: Marks,
) -> Result<Vec<u8>, Error> {
    let board = BoardView {
        flipped: view.solver == Color::Black,
        last_move: view.played.last().copied(),
        marks: marks.squares,
        selected: marks.selected,
        players: Players::new(
            lang.text(&Msg::ColorName(Color::White)),
            lang.text(&Msg::ColorName(Color::Black)),
        ),
        status: Some(lang.text(&Msg::PuzzleCaption(view))),
        frames: Vec::new(),
        corner: None,
        colors: board::colors_for(data, user, None).await,
    };
    let renderer = data.renderer.clone();
    let position = view.position.clone();
    Ok(data
        .cpu_work(move || renderer.board_png(&position, &board))
        .await??)
}

/// Move and Solution, naming the attempt's step; none once the puzzle is over.
fn buttons(view: &PuzzleView, lang: Lang) -> Vec<serenity::CreateActionRow> {
    if is_over(view) {
        return Vec::new();
    }
    let at = at(view);
    let button = |id: ComponentId, label: Button, style| {
        serenity::CreateButton::new(id.to_string())
            .label(lang.text(&Msg::Label(label)))
            .style(style)
    };
    vec![serenity::CreateActionRow::Buttons(vec![
        button(
            ComponentId::PuzzleMove { at },
            Button::Move,
            serenity::ButtonStyle::Primary,
        ),
        button(
            ComponentId::PuzzleSolution { at },
            Button::Solution,
            serenity::ButtonStyle::Secondary,
        ),
    ])]
}

/// Whether `view` is solved (the solution's last move played, or the game won).
fn is_over(view: &PuzzleView) -> bool {
    view.position.outcome().is_some() || view.played.len() + 1 >= 2 * view.solver_moves
}

/// The attempt as a button names it.
fn at(view: &PuzzleView) -> PuzzleAt {
    PuzzleAt {
        puzzle: view.id,
        day: view.day,
        step: view.step(),
    }
}
