//! A lesson message's buttons: **Move** opens the piece-then-destination menus (built by
//! `pick`) on the exercise, in the same message; the last pick is the try. In the exercises
//! played in the board's corner, a piece's menu also offers the other squares on its lines,
//! marked as not allowed, so that a move the rules forbid can be tried and explained.

use monkey_queen_core::{Position, Square};
use poise::serenity_prelude::CreateSelectMenuOption;

use super::{Board, alt, in_corner, picture, shown};
use crate::discord::commands::pick::{self, SWAP};
use crate::discord::commands::puzzle::{Answer, Shown, respond};
use crate::discord::context::{Click, Outcome, split};
use crate::discord::custom_id::ComponentId;
use crate::discord::delivery::reply::clip;
use crate::discord::{Data, Error};
use crate::games::lessons::{CORNER, LessonAt, LessonTry, opening_marks};
use crate::games::{UserError, UserId};
use crate::i18n::{Lang, LessonNote, Msg};

/// Characters an option's description may have (Discord's limit).
const MAX_OPTION_TEXT: usize = 100;

/// Answers `click` by editing its lesson message with what `work` makes.
async fn answer_click(
    click: &Click<'_>,
    work: impl Future<Output = Outcome<Shown>>,
) -> Result<(), Error> {
    respond(click.data(), &click.asker(), Answer::Update, work).await
}

/// Where the clicker stands, refused if they have moved on since the button was made.
async fn at(data: &Data, user: UserId, step: u32) -> Outcome<LessonAt> {
    split(data.service.lessons().at(user, step).await)
}

/// The Move button: the pieces that can move, marked, and a menu of them.
pub async fn open(click: &Click<'_>, step: u32) -> Result<(), Error> {
    let (data, lang) = (click.data(), click.lang());
    let work = async {
        let at = match at(data, click.user(), step).await? {
            Ok(at) => at,
            Err(refusal) => return Ok(Err(refusal)),
        };
        let Some(exercise) = at.current() else {
            return Ok(Err(UserError::PositionChanged));
        };
        let position = exercise.start();
        let (options, marks) = pick::piece_options(&position, lang);
        let rows = pick::menus(options, lang.text(&Msg::ChoosePiece), |part| {
            ComponentId::LearnPiece { step, part }
        });
        let frames = opening_marks(exercise);
        let board = Board {
            position: &position,
            last_move: None,
            marks,
            frames: &frames,
        };
        Ok(Ok(Shown {
            content: lang.text(&Msg::LessonPick {
                at: &at,
                from: None,
            }),
            png: picture(data, click.user(), &at, lang, &board).await?,
            alt: alt(&position, None, lang),
            rows,
        }))
    };
    answer_click(click, work).await
}

/// A piece picked: where it may go (and, in the corner, be tried), marked, and a menu of
/// those squares (the swap is tried at once).
pub async fn piece(click: &Click<'_>, step: u32) -> Result<(), Error> {
    if pick::chosen(click) == Some(SWAP) {
        return play(click, step, SWAP).await;
    }
    let (data, lang) = (click.data(), click.lang());
    let work = async {
        let at = match at(data, click.user(), step).await? {
            Ok(at) => at,
            Err(refusal) => return Ok(Err(refusal)),
        };
        let Some(exercise) = at.current() else {
            return Ok(Err(UserError::PositionChanged));
        };
        let position = exercise.start();
        let value = pick::chosen(click).unwrap_or_default();
        let Some((from, mut options, mut marks)) =
            pick::destination_options(&position, value, lang)
        else {
            // Not a square of this board with a piece that can move: a forged pick.
            return Ok(Err(UserError::PositionChanged));
        };
        if exercise.shown_size() == CORNER {
            // Only the corner is shown: its squares alone are offered.
            (options, marks.squares) = options
                .into_iter()
                .zip(marks.squares)
                .filter(|(_, sq)| in_corner(*sq))
                .unzip();
            let offered: Vec<Square> = marks.squares.clone();
            let words = clip(&lang.text(&Msg::LessonTrySquare), MAX_OPTION_TEXT - 1);
            options.extend(
                tries(&position, from, CORNER)
                    .into_iter()
                    .filter(|sq| !offered.contains(sq))
                    .map(|sq| {
                        CreateSelectMenuOption::new(sq.to_string(), sq.to_string())
                            .description(words.clone())
                    }),
            );
        }
        let rows = pick::menus(options, lang.text(&Msg::ChooseDestination), |part| {
            ComponentId::LearnDestination { step, from, part }
        });
        let frames = opening_marks(exercise);
        let board = Board {
            position: &position,
            last_move: None,
            marks,
            frames: &frames,
        };
        Ok(Ok(Shown {
            content: lang.text(&Msg::LessonPick {
                at: &at,
                from: Some(from),
            }),
            png: picture(data, click.user(), &at, lang, &board).await?,
            alt: alt(&position, None, lang),
            rows,
        }))
    };
    answer_click(click, work).await
}

/// The squares on the lines of the piece on `from` (ranks, files and diagonals) within the
/// `size`×`size` corner, but those of its own side: where it may be tried.
fn tries(position: &Position, from: Square, size: u8) -> Vec<Square> {
    let own = position.piece_at(from).map(|piece| piece.color);
    let mut found = Vec::new();
    for (df, dr) in [
        (0i16, 1i16),
        (1, 1),
        (1, 0),
        (1, -1),
        (0, -1),
        (-1, -1),
        (-1, 0),
        (-1, 1),
    ] {
        let (mut file, mut rank) = (i16::from(from.file()), i16::from(from.rank()));
        loop {
            file += df;
            rank += dr;
            let (Ok(f), Ok(r)) = (u8::try_from(file), u8::try_from(rank)) else {
                break;
            };
            if f >= size || r >= size {
                break;
            }
            let Some(sq) = Square::new(f, r) else {
                break;
            };
            if position.piece_at(sq).map(|piece| piece.color) != own {
                found.push(sq);
            }
        }
    }
    found
}

/// A square picked: the try is played at the step the menu was made for.
pub async fn destination(click: &Click<'_>, step: u32, from: Square) -> Result<(), Error> {
    let Some(to) = pick::chosen(click) else {
        let refusal = Err(UserError::PositionChanged);
        return answer_click(click, async { Ok(refusal) }).await;
    };
    let text = format!("{from}-{}", clip(to, 3));
    play(click, step, &text).await
}

/// Plays `text` as the clicker's try at the exercise of `step`, answering in the lesson
/// message with the verdict and what follows.
async fn play(click: &Click<'_>, step: u32, text: &str) -> Result<(), Error> {
    let (data, lang) = (click.data(), click.lang());
    let work = async {
        let tried = match split(data.service.lessons().play(click.user(), step, text).await)? {
            Ok(tried) => tried,
            Err(refusal) => return Ok(Err(refusal)),
        };
        Ok(Ok(answer(data, click.user(), &tried, lang).await?))
    };
    answer_click(click, work).await
}

/// The lesson message after `tried`, as `viewer` sees it.
async fn answer(
    data: &Data,
    viewer: UserId,
    tried: &LessonTry,
    lang: Lang,
) -> Result<Shown, Error> {
    match tried {
        LessonTry::Right {
            mv,
            finished,
            after,
            at,
        } => {
            let note = LessonNote::Right {
                mv: *mv,
                finished: *finished,
            };
            shown(data, viewer, at, lang, note, Some((&**after, *mv))).await
        }
        LessonTry::Wrong { why, marks, at } => {
            let note = LessonNote::Wrong { why, marks };
            shown(data, viewer, at, lang, note, None).await
        }
    }
}
