//! A player's attempts at puzzles: the next puzzle near their puzzle rating, their moves
//! judged against the solution, giving up, and the ratings and record that an attempt's end
//! moves. A daily attempt is the same but unrated, and a wrong move lets its player try again.

use monkey_queen_core::{Color, Move, Position};

use super::{
    PuzzleAnswer, PuzzleService, PuzzleStats, PuzzleView, RatingChange, attempt_view,
    corrupt_puzzle, solution_of, view_of,
};
use crate::games::{PlayerRef, Result, UserError, UserId};
use crate::model::{Day, PuzzleId};
use crate::rating::Rating;
use crate::storage::{self, AttemptRow, AttemptStatus, Conn, Key, PuzzlePlayerRow, PuzzleRow, Tx};

impl PuzzleService {
    /// The puzzle `player` is solving, or a new one they never had near their puzzle rating.
    ///
    /// # Errors
    /// [`UserError::NoPuzzles`] when they have had every puzzle; internal errors.
    pub async fn next(&self, player: &PlayerRef) -> Result<PuzzleView> {
        let now = self.games.now_ms();
        let mut tx = self.games.db.begin_write().await?;
        storage::lock(&mut tx, &[Key::Player(player.id)]).await?;
        if let Some(open) = storage::open_attempt(&mut tx, player.id).await? {
            let view = attempt_view(&mut tx, &open).await?;
            tx.commit().await?;
            return Ok(view);
        }
        let rating = puzzle_player(&mut tx, player.id).await?.rating.rating;
        let Some(row) = storage::nearest_new_puzzle(&mut tx, player.id, rating).await? else {
            tx.rollback().await?;
            return Err(UserError::NoPuzzles.into());
        };
        storage::upsert_player(&mut tx, player.id, &player.name, now).await?;
        storage::insert_attempt(&mut tx, player.id, row.id, None, true, now).await?;
        let view = view_of(&row, 0, None, 0)?;
        tx.commit().await?;
        Ok(view)
    }

    /// `user`'s attempt at puzzle `id` (the daily one of `day`, or not), as it stands.
    ///
    /// # Errors
    /// [`UserError::NoSuchPuzzle`] when they have no attempt at it; internal errors.
    pub async fn attempt(
        &self,
        user: UserId,
        id: PuzzleId,
        day: Option<Day>,
    ) -> Result<PuzzleView> {
        let mut conn = self.games.db.read().await?;
        let attempt = storage::attempt(&mut conn, user, id, day)
            .await?
            .ok_or(UserError::NoSuchPuzzle(id))?;
        attempt_view(&mut conn, &attempt).await
    }

    /// The puzzle `user` is solving: their open `/puzzle`, if any (for a `/move` that names no
    /// game).
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn open(&self, user: UserId) -> Result<Option<PuzzleView>> {
        let mut conn = self.games.db.read().await?;
        match storage::open_attempt(&mut conn, user).await? {
            Some(attempt) => Ok(Some(attempt_view(&mut conn, &attempt).await?)),
            None => Ok(None),
        }
    }

    /// Plays `text` for `player` in puzzle `id` (the daily one of `day`, or not), seen at
    /// `step` plies (a button's), if given.
    ///
    /// # Errors
    /// [`UserError::NoSuchPuzzle`], [`UserError::PuzzleOver`], [`UserError::PositionChanged`]
    /// (a stale button), [`UserError::Illegal`]; internal errors.
    pub async fn play(
        &self,
        player: UserId,
        id: PuzzleId,
        day: Option<Day>,
        text: &str,
        step: Option<u32>,
    ) -> Result<PuzzleAnswer> {
        let now = self.games.now_ms();
        let (mut tx, opened) = self.open_locked(player, id, day, step).await?;
        let Opened {
            attempt,
            row,
            view,
            solution,
        } = opened;
        let mut after = view.position.clone();
        let mv = match after.play_str(text) {
            Ok(mv) => mv,
            Err(e) => {
                tx.rollback().await?;
                return Err(UserError::Illegal(e).into());
            }
        };
        let index = attempt.step as usize;
        let verdict = judge_move(&solution, index, mv, &after, view.solver);
        let answer = if verdict == Verdict::Wrong {
            let retry = day.is_some();
            let (status, to) = if retry {
                (AttemptStatus::Open, 0)
            } else {
                (AttemptStatus::Failed, attempt.step)
            };
            moved(&mut tx, player, &attempt, to, status, true, now).await?;
            let rating = rate(&mut tx, player, &row, &attempt, false, now).await?;
            PuzzleAnswer::Wrong {
                solution: solution[index.min(solution.len())..].to_vec(),
                puzzle: PuzzleView {
                    tries: view.tries + 1,
                    ..view
                },
                mv,
                rating,
                retry,
            }
        } else if verdict == Verdict::Solved {
            let to = attempt.step + 1;
            moved(
                &mut tx,
                player,
                &attempt,
                to,
                AttemptStatus::Solved,
                false,
                now,
            )
            .await?;
            let rating = rate(&mut tx, player, &row, &attempt, true, now).await?;
            let mut played = view.played.clone();
            played.push(mv);
            PuzzleAnswer::Solved {
                puzzle: PuzzleView {
                    position: after,
                    played,
                    ..view
                },
                mv,
                rating,
            }
        } else {
            let reply = solution[index + 1];
            after
                .play(reply.text())
                .map_err(|e| corrupt_puzzle(id, &format!("reply {reply}: {e:?}")))?;
            let to = attempt.step + 2;
            moved(
                &mut tx,
                player,
                &attempt,
                to,
                AttemptStatus::Open,
                false,
                now,
            )
            .await?;
            let mut played = view.played.clone();
            played.extend([mv, reply]);
            PuzzleAnswer::Right {
                puzzle: PuzzleView {
                    position: after,
                    played,
                    ..view
                },
                mv,
                reply,
            }
        };
        tx.commit().await?;
        Ok(answer)
    }

    /// Gives up puzzle `id` (the daily one of `day`, or not) for `player`: it is failed, and
    /// the solution from where they stand is theirs.
    ///
    /// # Errors
    /// [`UserError::NoSuchPuzzle`], [`UserError::PuzzleOver`], [`UserError::PositionChanged`];
    /// internal errors.
    pub async fn give_up(
        &self,
        player: UserId,
        id: PuzzleId,
        day: Option<Day>,
        step: Option<u32>,
    ) -> Result<(PuzzleView, Vec<Move>, Option<RatingChange>)> {
        let now = self.games.now_ms();
        let (mut tx, opened) = self.open_locked(player, id, day, step).await?;
        let Opened {
            attempt,
            row,
            view,
            solution,
        } = opened;
        moved(
            &mut tx,
            player,
            &attempt,
            attempt.step,
            AttemptStatus::Failed,
            false,
            now,
        )
        .await?;
        let rating = rate(&mut tx, player, &row, &attempt, false, now).await?;
        tx.commit().await?;
        let rest = solution[(attempt.step as usize).min(solution.len())..].to_vec();
        Ok((view, rest, rating))
    }

    /// A player's puzzle rating and record (a newcomer's before their first puzzle).
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn stats(&self, user: UserId) -> Result<PuzzleStats> {
        let mut conn = self.games.db.read().await?;
        let p = puzzle_player(&mut conn, user).await?;
        Ok(PuzzleStats {
            rating: p.rating.rating,
            deviation: p.rating.deviation,
            solved: p.solved,
            failed: p.failed,
            streak: p.streak,
            best_streak: p.best_streak,
        })
    }
}

/// What a solver's move does to a puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Not the solution's move, and it does not win at once: the puzzle is failed.
    Wrong,
    /// The solution's move, and the solution goes on: the defender replies with its next.
    Right,
    /// The solution's last move, or any move that wins at once.
    Solved,
}

/// How `solver`'s move `mv`, played at ply `index` of `solution` (the plies before it, from
/// the puzzle's position) and making `after`, stands: the one rule of right and wrong, for
/// every way a puzzle is solved (Discord's and the web page's).
#[must_use]
pub fn judge_move(
    solution: &[Move],
    index: usize,
    mv: Move,
    after: &Position,
    solver: Color,
) -> Verdict {
    let wins_now = after.outcome().is_some_and(|o| o.winner == solver);
    if wins_now || (solution.get(index) == Some(&mv) && index + 1 >= solution.len()) {
        Verdict::Solved
    } else if solution.get(index) == Some(&mv) {
        Verdict::Right
    } else {
        Verdict::Wrong
    }
}

/// An open attempt being answered, with its puzzle as stored, as the player sees it, and its
/// solution.
struct Opened {
    attempt: AttemptRow,
    row: PuzzleRow,
    view: PuzzleView,
    solution: Vec<Move>,
}

impl PuzzleService {
    /// A write transaction holding `player`'s lock, with their open attempt at `id` (see
    /// [`opened`]); a refusal rolls it back.
    async fn open_locked(
        &self,
        player: UserId,
        id: PuzzleId,
        day: Option<Day>,
        step: Option<u32>,
    ) -> Result<(Tx, Opened)> {
        let mut tx = self.games.db.begin_write().await?;
        storage::lock(&mut tx, &[Key::Player(player)]).await?;
        match opened(&mut tx, player, id, day, step).await {
            Ok(opened) => Ok((tx, opened)),
            Err(refusal) => {
                tx.rollback().await?;
                Err(refusal)
            }
        }
    }
}

/// The open attempt of `player` at `id` on `day` with its puzzle, refused if over or past
/// `step` (see [`checked_attempt`]).
async fn opened(
    conn: &mut Conn,
    player: UserId,
    id: PuzzleId,
    day: Option<Day>,
    step: Option<u32>,
) -> Result<Opened> {
    let attempt = checked_attempt(conn, player, id, day, step).await?;
    let row = storage::puzzle(conn, id)
        .await?
        .ok_or(UserError::NoSuchPuzzle(id))?;
    let view = view_of(&row, attempt.step, day, attempt.tries)?;
    let solution = solution_of(&row)?;
    Ok(Opened {
        attempt,
        row,
        view,
        solution,
    })
}

/// The open attempt of `player` at `id` on `day`, refused if over or past `step`.
async fn checked_attempt(
    conn: &mut Conn,
    player: UserId,
    id: PuzzleId,
    day: Option<Day>,
    step: Option<u32>,
) -> Result<AttemptRow> {
    let attempt = storage::attempt(conn, player, id, day)
        .await?
        .ok_or(UserError::NoSuchPuzzle(id))?;
    if attempt.status != AttemptStatus::Open {
        return Err(UserError::PuzzleOver(id).into());
    }
    if step.is_some_and(|s| s != attempt.step) {
        return Err(UserError::PositionChanged.into());
    }
    Ok(attempt)
}

/// Moves `attempt` to step `to` as `status`, or refuses if another request moved it first.
#[allow(clippy::too_many_arguments)]
async fn moved(
    conn: &mut Conn,
    player: UserId,
    attempt: &AttemptRow,
    to: u32,
    status: AttemptStatus,
    wrong: bool,
    now: i64,
) -> Result<()> {
    let moved = storage::move_attempt(
        conn,
        player,
        attempt.puzzle,
        attempt.day,
        attempt.step,
        to,
        status,
        wrong,
        now,
    )
    .await?;
    if moved {
        Ok(())
    } else {
        Err(UserError::PositionChanged.into())
    }
}

/// Rates a finished rated attempt (the player against the puzzle) and keeps the player's
/// record; a daily attempt moves nothing.
async fn rate(
    conn: &mut Conn,
    player: UserId,
    row: &PuzzleRow,
    attempt: &AttemptRow,
    solved: bool,
    now: i64,
) -> Result<Option<RatingChange>> {
    if !attempt.rated {
        return Ok(None);
    }
    let mut p = puzzle_player(conn, player).await?;
    let before = p.rating;
    p.rating = before.after_game(row.rating, solved);
    storage::rate_puzzle(conn, row.id, row.rating.after_game(before, !solved)).await?;
    if solved {
        p.solved += 1;
        p.streak += 1;
        p.best_streak = p.best_streak.max(p.streak);
    } else {
        p.failed += 1;
        p.streak = 0;
    }
    storage::store_puzzle_player(conn, player, &p, now).await?;
    Ok(Some(RatingChange {
        before: before.rating,
        after: p.rating.rating,
    }))
}

/// A player's puzzle record, a newcomer's if they have none.
async fn puzzle_player(conn: &mut Conn, user: UserId) -> Result<PuzzlePlayerRow> {
    Ok(storage::puzzle_player(conn, user)
        .await?
        .unwrap_or(PuzzlePlayerRow {
            rating: Rating::NEWCOMER,
            solved: 0,
            failed: 0,
            streak: 0,
            best_streak: 0,
        }))
}
