//! Lessons: Monkey Queen taught by doing, one rule a stage, as lichess's "Learn" teaches chess
//! (`lichess-org/lila`, `ui/learn`): each stage a few tiny exercises, every try judged by the
//! rules engine, stars for few wrong tries, the best stars of each stage kept per player.
//!
//! - `stages`: the stages and their exercises, as data;
//! - `attempts`: a player's way through them in Discord, try by try;
//! - `check`: a try judged, and a wrong one explained (the rule it breaks, in the refusals'
//!   own terms) with the squares to show on the board.
//!
//! Faces render the explanations ([`crate::i18n`]) and keep an anonymous visitor's progress
//! themselves; a known player's is stored here ([`LessonService`]).

mod attempts;
mod check;
mod stages;

use super::{GameService, Result};
use crate::model::{Level, UserId};
use crate::storage;

pub use attempts::{LessonAt, LessonTry};
pub use check::{Judged, Mark, MarkKind, Why, judge, opening_marks};
pub use stages::{CORNER, Exercise, Goal, STAGES, Stage};

/// The computer's level a newcomer's first game is offered at, once the lessons are done.
pub const FIRST_GAME_LEVEL: Level = Level::Easy;

/// The stars a stage is worth after `wrong_tries` wrong tries in all its exercises: three
/// without a mistake, two for one, one otherwise (lichess's levels give their best bonus
/// within the moves asked, the second within one more).
#[must_use]
pub const fn stars(wrong_tries: u32) -> u8 {
    match wrong_tries {
        0 => 3,
        1 => 2,
        _ => 1,
    }
}

/// A stage and a player's best stars in it (`None` before they finish it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StageProgress {
    /// The stage.
    pub stage: &'static Stage,
    /// Their best stars.
    pub stars: Option<u8>,
}

/// The lessons' service: players' progress, over the game service's database and clock.
#[derive(Clone)]
pub struct LessonService {
    games: GameService,
}

impl GameService {
    /// The lessons' service, over this game service.
    #[must_use]
    pub fn lessons(&self) -> LessonService {
        LessonService {
            games: self.clone(),
        }
    }
}

impl LessonService {
    /// Records that `user` finished `stage` with `wrong_tries` wrong tries; returns their
    /// best stars in it, this time's or an earlier better one.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn finish(&self, user: UserId, stage: &Stage, wrong_tries: u32) -> Result<u8> {
        let now = self.games.now_ms();
        let mut tx = self.games.db.begin_write().await?;
        let best =
            storage::record_lesson_stars(&mut tx, user, stage.id, stars(wrong_tries), now).await?;
        tx.commit().await?;
        Ok(best)
    }

    /// Every stage in order, with `user`'s best stars in it.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn progress(&self, user: UserId) -> Result<Vec<StageProgress>> {
        let mut conn = self.games.db.read().await?;
        let stored = storage::lesson_stars(&mut conn, user).await?;
        Ok(STAGES
            .iter()
            .map(|stage| StageProgress {
                stage,
                stars: stored
                    .iter()
                    .find(|(id, _)| id == stage.id)
                    .map(|&(_, stars)| stars),
            })
            .collect())
    }
}
