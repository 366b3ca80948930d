//! A puzzle message's buttons: **Move** opens the game's piece-then-destination menus (built
//! by `pick`) on the puzzle, in the same message; the last pick plays the move. **Solution**
//! gives the puzzle up. The daily post's **Solve** opens the daily puzzle for the clicker.

use monkey_queen_core::Square;
use poise::serenity_prelude::ComponentInteraction;

use super::answer::{self, Answer, respond};
use super::{Shown, alt, picture};
use crate::discord::commands::pick::{self, SWAP};
use crate::discord::context::{Click, Outcome, clicker, split};
use crate::discord::custom_id::{ComponentId, PuzzleAt};
use crate::discord::delivery::reply::clip;
use crate::discord::{Data, Error};
use crate::games::{PuzzleView, UserError};
use crate::i18n::Msg;

/// Answers `click` with what `work` makes, as `answer` says.
async fn answer_click(
    click: &Click<'_>,
    answer: Answer,
    work: impl Future<Output = Outcome<Shown>>,
) -> Result<(), Error> {
    respond(click.data(), &click.asker(), answer, work).await
}

/// The clicker's attempt at `at`, refused if it is over (a `/puzzle` one no longer open) or
/// has moved on since the button was made.
async fn attempt(data: &Data, click: &ComponentInteraction, at: PuzzleAt) -> Outcome<PuzzleView> {
    let (user, id) = (clicker(click).id, at.puzzle);
    let view = match split(data.service.puzzles().attempt(user, id, at.day).await)? {
        Ok(view) => view,
        Err(refusal) => return Ok(Err(refusal)),
    };
    if at.day.is_none() {
        let open = split(data.service.puzzles().open(user).await)?;
        if !matches!(open, Ok(Some(ref open)) if open.id == id) {
            return Ok(Err(UserError::PuzzleOver(id)));
        }
    }
    if view.step() == at.step {
        Ok(Ok(view))
    } else {
        Ok(Err(UserError::PositionChanged))
    }
}

/// The Move button: the solver's movable pieces, marked, and a menu of them.
pub async fn open(click: &Click<'_>, at: PuzzleAt) -> Result<(), Error> {
    let (data, lang) = (click.data(), click.lang());
    let work = async {
        let view = match attempt(data, click, at).await? {
            Ok(view) => view,
            Err(refusal) => return Ok(Err(refusal)),
        };
        let (options, marks) = pick::piece_options(&view.position, lang);
        let rows = pick::menus(options, lang.text(&Msg::ChoosePiece), |part| {
            ComponentId::PuzzlePiece { at, part }
        });
        Ok(Ok(Shown {
            content: lang.text(&Msg::PuzzlePick {
                puzzle: view.id,
                from: None,
            }),
            png: picture(data, clicker(click).id, &view, lang, marks).await?,
            alt: alt(&view, lang),
            rows,
        }))
    };
    answer_click(click, Answer::Update, work).await
}

/// A piece picked: its destinations, marked, and a menu of them (the swap is played at once).
pub async fn piece(click: &Click<'_>, at: PuzzleAt) -> Result<(), Error> {
    if pick::chosen(click) == Some(SWAP) {
        return play(click, at, SWAP).await;
    }
    let (data, lang) = (click.data(), click.lang());
    let work = async {
        let view = match attempt(data, click, at).await? {
            Ok(view) => view,
            Err(refusal) => return Ok(Err(refusal)),
        };
        let value = pick::chosen(click).unwrap_or_default();
        let Some((from, options, marks)) = pick::destination_options(&view.position, value, lang)
        else {
            // Not a square of this board with a piece that can move: a forged pick.
            return Ok(Err(UserError::PositionChanged));
        };
        let rows = pick::menus(options, lang.text(&Msg::ChooseDestination), |part| {
            ComponentId::PuzzleDestination { at, from, part }
        });
        Ok(Ok(Shown {
            content: lang.text(&Msg::PuzzlePick {
                puzzle: view.id,
                from: Some(from),
            }),
            png: picture(data, clicker(click).id, &view, lang, marks).await?,
            alt: alt(&view, lang),
            rows,
        }))
    };
    answer_click(click, Answer::Update, work).await
}

/// A destination picked: the move is played at the step the menu was made for.
pub async fn destination(click: &Click<'_>, at: PuzzleAt, from: Square) -> Result<(), Error> {
    let Some(to) = pick::chosen(click) else {
        let refusal = Err(UserError::PositionChanged);
        return answer_click(click, Answer::Update, async { Ok(refusal) }).await;
    };
    let text = format!("{from}-{}", clip(to, 3));
    play(click, at, &text).await
}

/// Plays `text` in the clicker's attempt at `at`, answering in the puzzle message.
async fn play(click: &Click<'_>, at: PuzzleAt, text: &str) -> Result<(), Error> {
    let (data, lang) = (click.data(), click.lang());
    let work = async {
        let view = match attempt(data, click, at).await? {
            Ok(view) => view,
            Err(refusal) => return Ok(Err(refusal)),
        };
        answer::play(data, clicker(click).id, &view, text, Some(at.step), lang).await
    };
    answer_click(click, Answer::Update, work).await
}

/// The Solution button: the puzzle given up, its solution shown.
pub async fn solution(click: &Click<'_>, at: PuzzleAt) -> Result<(), Error> {
    let (data, lang) = (click.data(), click.lang());
    let work = answer::give_up(data, clicker(click).id, &at, lang);
    answer_click(click, Answer::Update, work).await
}

/// The daily post's Solve button: today's daily puzzle, for the clicker alone.
pub async fn daily(click: &Click<'_>) -> Result<(), Error> {
    let (data, lang) = (click.data(), click.lang());
    let work = async {
        match split(data.service.puzzles().daily(&clicker(click)).await)? {
            Ok(view) => Ok(Ok(super::shown(
                data,
                clicker(click).id,
                &view,
                lang,
                Msg::Puzzle(&view),
            )
            .await?)),
            Err(refusal) => Ok(Err(refusal)),
        }
    };
    answer_click(click, Answer::New, work).await
}
