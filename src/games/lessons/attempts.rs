//! A player's way through the lessons in Discord (`/learn`): where they stand (the stage, the
//! exercise, the wrong tries made in the stage), each try judged and the player moved on, each
//! stage finished stored with its stars. A step, moved on by every try and every start, is
//! named by the message's buttons: a try from an older message is refused and changes nothing.

use monkey_queen_core::{Move, Position};

use super::check::{Judged, Mark, Why, judge};
use super::stages::{Exercise, STAGES, Stage};
use super::{LessonService, stars};
use crate::games::{Result, UserError};
use crate::model::UserId;
use crate::storage::{self, LessonAttemptRow};

/// Where a player stands in the lessons.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LessonAt {
    /// The stage.
    pub stage: &'static Stage,
    /// Its place in [`STAGES`] (0 for the first).
    pub number: usize,
    /// The exercise shown in it (its number of exercises once every stage is done).
    pub exercise: usize,
    /// Wrong tries in the stage so far.
    pub wrong: u32,
    /// The step the message's buttons name.
    pub step: u32,
}

impl LessonAt {
    /// The exercise to do; `None` once every stage is done.
    #[must_use]
    pub fn current(&self) -> Option<&'static Exercise> {
        self.stage.exercises.get(self.exercise)
    }

    /// Reads a stored row; `None` for a stage no longer taught.
    fn of(row: &LessonAttemptRow) -> Option<LessonAt> {
        let number = STAGES.iter().position(|stage| stage.id == row.stage)?;
        Some(LessonAt {
            stage: &STAGES[number],
            number,
            exercise: usize::try_from(row.exercise).ok()?,
            wrong: row.wrong,
            step: row.step,
        })
    }

    fn row(&self) -> LessonAttemptRow {
        LessonAttemptRow {
            stage: self.stage.id.to_owned(),
            exercise: u32::try_from(self.exercise).unwrap_or(u32::MAX),
            wrong: self.wrong,
            step: self.step,
        }
    }

    /// The start of stage `number`, at `step`.
    fn stage_start(number: usize, step: u32) -> LessonAt {
        LessonAt {
            stage: &STAGES[number],
            number,
            exercise: 0,
            wrong: 0,
            step,
        }
    }
}

/// The verdict on a try, and where the player stands after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LessonTry {
    /// The answer.
    Right {
        /// The move played.
        mv: Move,
        /// The position after it (boxed: a position is large).
        after: Box<Position>,
        /// The stage it was in, and its stars when the try ended it.
        finished: Option<(&'static Stage, u8)>,
        /// Where the player stands now: the next exercise, or the end of the lessons.
        at: LessonAt,
    },
    /// Not the answer: the same exercise again.
    Wrong {
        /// Why.
        why: Why,
        /// The squares that show why.
        marks: Vec<Mark>,
        /// Where the player stands now (the same exercise, one more wrong try).
        at: LessonAt,
    },
}

impl LessonService {
    /// Starts `user` at `stage`, or else at the first stage they have not finished (the first
    /// of all when they finished every one); a button of any earlier lesson message is stale
    /// from now on.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn start(&self, user: UserId, stage: Option<&'static Stage>) -> Result<LessonAt> {
        let now = self.games.now_ms();
        let mut tx = self.games.db.begin_write().await?;
        let number = match stage {
            Some(stage) => STAGES.iter().position(|s| s.id == stage.id).unwrap_or(0),
            None => {
                let finished = storage::lesson_stars(&mut tx, user).await?;
                STAGES
                    .iter()
                    .position(|s| !finished.iter().any(|(id, _)| id == s.id))
                    .unwrap_or(0)
            }
        };
        let step = storage::lesson_attempt(&mut tx, user)
            .await?
            .map_or(0, |row| row.step.wrapping_add(1));
        let at = LessonAt::stage_start(number, step);
        storage::save_lesson_attempt(&mut tx, user, &at.row(), now).await?;
        tx.commit().await?;
        Ok(at)
    }

    /// Where `user` stands, as a button made at `step` saw it.
    ///
    /// # Errors
    /// [`UserError::PositionChanged`] when they have moved on since (or are done).
    pub async fn at(&self, user: UserId, step: u32) -> Result<LessonAt> {
        let mut conn = self.games.db.read().await?;
        let row = storage::lesson_attempt(&mut conn, user).await?;
        current(row.as_ref(), step)
    }

    /// Judges `text` as `user`'s try at the exercise a button made at `step` showed, and moves
    /// them on: to the next exercise after a right try (storing the stage's stars when it
    /// ends one), to the same one again after a wrong one.
    ///
    /// # Errors
    /// [`UserError::PositionChanged`] when they have moved on since the button was made.
    pub async fn play(&self, user: UserId, step: u32, text: &str) -> Result<LessonTry> {
        let now = self.games.now_ms();
        let mut tx = self.games.db.begin_write().await?;
        let row = storage::lesson_attempt(&mut tx, user).await?;
        let at = current(row.as_ref(), step)?;
        let exercise = at.current().ok_or(UserError::PositionChanged)?;
        let step = at.step.wrapping_add(1);
        let tried = match judge(exercise, text) {
            Judged::Wrong { why, marks } => LessonTry::Wrong {
                why,
                marks,
                at: LessonAt {
                    wrong: at.wrong.saturating_add(1),
                    step,
                    ..at
                },
            },
            Judged::Right { mv, after } if at.exercise + 1 < at.stage.exercises.len() => {
                LessonTry::Right {
                    mv,
                    after,
                    finished: None,
                    at: LessonAt {
                        exercise: at.exercise + 1,
                        step,
                        ..at
                    },
                }
            }
            Judged::Right { mv, after } => {
                let best = stars(at.wrong);
                storage::record_lesson_stars(&mut tx, user, at.stage.id, best, now).await?;
                let next = if at.number + 1 < STAGES.len() {
                    LessonAt::stage_start(at.number + 1, step)
                } else {
                    LessonAt {
                        exercise: at.stage.exercises.len(),
                        step,
                        ..at
                    }
                };
                LessonTry::Right {
                    mv,
                    after,
                    finished: Some((at.stage, best)),
                    at: next,
                }
            }
        };
        let now_at = match &tried {
            LessonTry::Right { at, .. } | LessonTry::Wrong { at, .. } => at,
        };
        storage::save_lesson_attempt(&mut tx, user, &now_at.row(), now).await?;
        tx.commit().await?;
        Ok(tried)
    }

    /// Whether `user` has never played: no game of theirs active or finished, no lesson stage
    /// finished.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn is_newcomer(&self, user: UserId) -> Result<bool> {
        let mut conn = self.games.db.read().await?;
        Ok(!storage::has_played(&mut conn, user).await?)
    }
}

/// The place `row` stores, if a button made at `step` still shows it.
fn current(row: Option<&LessonAttemptRow>, step: u32) -> Result<LessonAt> {
    row.filter(|row| row.step == step)
        .and_then(LessonAt::of)
        .filter(|at| at.current().is_some())
        .ok_or_else(|| UserError::PositionChanged.into())
}
