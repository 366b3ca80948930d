//! Answering with a puzzle message: as a new ephemeral message or an update of the clicked
//! one, deferred when the work is slow; and what a move in a puzzle shows.

use monkey_queen_core::Move;
use poise::serenity_prelude as serenity;
use serenity::{
    Builder, CreateInteractionResponse, CreateInteractionResponseMessage, EditInteractionResponse,
};

use super::{Shown, alt, picture, shown};
use crate::discord::board::Marks;
use crate::discord::context::{Asker, Deferred, Outcome, split};
use crate::discord::delivery::retry::{Retry, retry};
use crate::discord::{Data, Error};
use crate::games::{PuzzleAnswer, PuzzleView, UserId};
use crate::i18n::{Lang, Msg};

/// How a puzzle message answers its interaction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// A new message only the asker sees (a command, the daily post's Solve button).
    New,
    /// The clicked (ephemeral) puzzle message, edited.
    Update,
}

impl Answer {
    /// How the interaction is deferred when the work is slow.
    fn deferral(self) -> Deferred {
        match self {
            Answer::New => Deferred::Privately,
            Answer::Update => Deferred::Click,
        }
    }
}

/// Answers `asker` with the message `work` makes, as `answer` says, or with its refusal only
/// the asker sees (the puzzle message unchanged). Slow work is deferred first.
pub async fn respond(
    data: &Data,
    asker: &Asker<'_>,
    answer: Answer,
    work: impl Future<Output = Outcome<Shown>>,
) -> Result<(), Error> {
    let (done, how) = asker.unless_quick(data, work, answer.deferral()).await;
    deliver(asker, answer, how, done?).await
}

/// Sends `done` (a puzzle message or a refusal) for an interaction deferred `how`.
pub async fn deliver(
    asker: &Asker<'_>,
    answer: Answer,
    how: Deferred,
    done: Result<Shown, crate::games::UserError>,
) -> Result<(), Error> {
    let (http, id, token) = (asker.http, asker.id, asker.token);
    let shown = match done {
        Ok(shown) => shown,
        Err(refusal) => return asker.refuse(how, &refusal).await,
    };
    if how != Deferred::No {
        let edit = EditInteractionResponse::new()
            .content(shown.content.clone())
            .new_attachment(shown.attachment())
            .components(shown.rows.clone());
        retry("editing a puzzle message", Retry::ANSWER_EDIT, || {
            edit.clone().execute(http, token)
        })
        .await?;
        return Ok(());
    }
    let message = CreateInteractionResponseMessage::new()
        .content(shown.content.clone())
        .add_file(shown.attachment())
        .components(shown.rows.clone());
    let response = match answer {
        Answer::New => CreateInteractionResponse::Message(message.ephemeral(true)),
        Answer::Update => CreateInteractionResponse::UpdateMessage(message),
    };
    asker
        .first
        .respond(http, id, token, &response, "answering with a puzzle")
        .await
}

/// Plays `text` for `user` in `puzzle` (as a button saw it at `step`, if from one), and the
/// message that shows what it did.
pub async fn play(
    data: &Data,
    user: UserId,
    puzzle: &PuzzleView,
    text: &str,
    step: Option<u32>,
    lang: Lang,
) -> Outcome<Shown> {
    let day = puzzle.day;
    let played = data
        .service
        .puzzles()
        .play(user, puzzle.id, day, text, step)
        .await;
    let answer = match split(played)? {
        Ok(answer) => answer,
        Err(refusal) => return Ok(Err(refusal)),
    };
    let shown = match answer {
        PuzzleAnswer::Right { puzzle, mv, reply } => {
            let msg = Msg::PuzzleRight {
                puzzle: &puzzle,
                mv,
                reply,
            };
            shown(data, user, &puzzle, lang, msg).await?
        }
        PuzzleAnswer::Solved { puzzle, mv, rating } => {
            let streak = match rating {
                Some(_) => {
                    Some(split(data.service.puzzles().stats(user).await)?.map_or(0, |s| s.streak))
                }
                None => None,
            };
            let msg = Msg::PuzzleSolved {
                puzzle: &puzzle,
                mv,
                rating,
                streak,
            };
            shown(data, user, &puzzle, lang, msg).await?
        }
        PuzzleAnswer::Wrong {
            puzzle,
            mv,
            solution,
            rating,
            retry: true,
        } => {
            // The daily puzzle starts again: shown as it is stored now.
            let now = match split(data.service.puzzles().attempt(user, puzzle.id, day).await)? {
                Ok(now) => now,
                Err(refusal) => return Ok(Err(refusal)),
            };
            let msg = Msg::PuzzleWrong {
                puzzle: &now,
                mv,
                solution: &solution,
                rating,
                retry: true,
            };
            shown(data, user, &now, lang, msg).await?
        }
        PuzzleAnswer::Wrong {
            puzzle,
            mv,
            solution,
            rating,
            retry: false,
        } => {
            let msg = Msg::PuzzleWrong {
                puzzle: &puzzle,
                mv,
                solution: &solution,
                rating,
                retry: false,
            };
            with_solution(data, user, &puzzle, &solution, lang, msg).await?
        }
    };
    Ok(Ok(shown))
}

/// Gives up `puzzle` for `user` (as a button saw it at `step`): the message with its solution.
pub async fn give_up(
    data: &Data,
    user: UserId,
    puzzle: &crate::discord::custom_id::PuzzleAt,
    lang: Lang,
) -> Outcome<Shown> {
    let given = data
        .service
        .puzzles()
        .give_up(user, puzzle.puzzle, puzzle.day, Some(puzzle.step))
        .await;
    let (view, solution, rating) = match split(given)? {
        Ok(given) => given,
        Err(refusal) => return Ok(Err(refusal)),
    };
    let msg = Msg::PuzzleGivenUp {
        puzzle: &view,
        solution: &solution,
        rating,
    };
    Ok(Ok(
        with_solution(data, user, &view, &solution, lang, msg).await?
    ))
}

/// `view`, over, with the solution's next move marked on the board and no buttons, for `user`.
async fn with_solution(
    data: &Data,
    user: UserId,
    view: &PuzzleView,
    solution: &[Move],
    lang: Lang,
    msg: Msg<'_>,
) -> Result<Shown, Error> {
    let next = solution.first().copied();
    let marks = Marks {
        squares: next.and_then(Move::to).into_iter().collect(),
        selected: next.and_then(Move::from),
    };
    Ok(Shown {
        content: lang.text(&msg),
        png: picture(data, user, view, lang, marks).await?,
        alt: alt(view, lang),
        rows: Vec::new(),
    })
}
