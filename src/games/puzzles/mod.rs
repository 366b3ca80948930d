//! Puzzles: a position from a game where one move wins, and the line after it (see
//! `docs/puzzles.md`). `/puzzle` gives a player a puzzle they never had, near their puzzle
//! rating; a right move plays the defender's reply and asks for the next; a wrong move (or
//! asking for the solution) ends it. Both the player and the puzzle are rated by Glicko-2 as
//! a game's players are (the puzzle "wins" when the player fails). The daily puzzle is the
//! same for everyone on a day (UTC), tried as often as one likes, unrated; who solved it first,
//! and in how many tries, is its leaderboard.
//!
//! An attempt moves on by compare-and-swap on its step, in one transaction with the ratings,
//! so two clicks at once apply once.

use monkey_queen_core::puzzle::{Puzzle, Theme};
use monkey_queen_core::{Color, Move, Position};

use super::{GameId, GameService, GuildId, PlayerRef, Result, ServiceError, UserError, UserId};
use crate::model::{ChannelId, Lang, PuzzleId};
use crate::rating::Rating;
use crate::storage::{
    self, AttemptRow, AttemptStatus, Conn, DailySolverRow, Key, NewPuzzleRow, Owed,
    PuzzlePlayerRow, PuzzleRow,
};

/// How many names the daily puzzle's leaderboard shows.
pub const DAILY_SOLVERS_SHOWN: u32 = 10;
/// A puzzle's rating starts at its generator's estimate plus this (the generator's scale
/// starts at 1000 and its commonest puzzles at 1150; players at 1500).
const RATING_OFFSET: f64 = 350.0;
/// A new puzzle's rating deviation: less sure than a newcomer's, so that a few solves move it.
const PUZZLE_DEVIATION: f64 = 250.0;

/// A puzzle as its solver sees it now.
#[derive(Debug, Clone, PartialEq)]
pub struct PuzzleView {
    /// Its number.
    pub id: PuzzleId,
    /// The position now: the puzzle's, with the solution's moves played so far.
    pub position: Position,
    /// The side the player plays.
    pub solver: Color,
    /// The solution's moves played so far (the player's and the replies).
    pub played: Vec<Move>,
    /// How many moves the player makes in all.
    pub solver_moves: usize,
    /// What it shows.
    pub themes: Vec<Theme>,
    /// Its rating now.
    pub rating: f64,
    /// The daily puzzle's day (`YYYY-MM-DD`), when it is that.
    pub day: Option<String>,
    /// Wrong moves made so far (the daily puzzle may be tried again).
    pub tries: u32,
    /// The stored game it comes from, and the plies played there before it.
    pub game: Option<(GameId, u32)>,
}

impl PuzzleView {
    /// Which of the player's moves comes next (0 for the first).
    #[must_use]
    pub fn solver_step(&self) -> usize {
        self.played.len() / 2
    }

    /// The step (plies played) a button made now refers to.
    #[must_use]
    pub fn step(&self) -> u32 {
        u32::try_from(self.played.len()).unwrap_or(u32::MAX)
    }
}

/// A player's puzzle rating before and after an attempt.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatingChange {
    /// Before.
    pub before: f64,
    /// After.
    pub after: f64,
}

/// What a move in a puzzle did.
#[derive(Debug, Clone, PartialEq)]
pub enum PuzzleAnswer {
    /// The right move: the defender replied, and the player moves again.
    Right {
        /// The puzzle after the reply.
        puzzle: PuzzleView,
        /// The player's move.
        mv: Move,
        /// The defender's reply.
        reply: Move,
    },
    /// Solved.
    Solved {
        /// The puzzle after the last move.
        puzzle: PuzzleView,
        /// The player's last move.
        mv: Move,
        /// Their puzzle rating's change, for a rated attempt.
        rating: Option<RatingChange>,
    },
    /// A wrong move: the puzzle as it was before it, and the rest of the solution.
    Wrong {
        /// The puzzle before the wrong move.
        puzzle: PuzzleView,
        /// The wrong move.
        mv: Move,
        /// The solution from there.
        solution: Vec<Move>,
        /// Their puzzle rating's change, for a rated attempt.
        rating: Option<RatingChange>,
        /// Whether the player may try again (the daily puzzle).
        retry: bool,
    },
}

/// A player's puzzle rating and record.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PuzzleStats {
    /// Their puzzle rating (1500 before their first).
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Puzzles solved.
    pub solved: u32,
    /// Puzzles failed.
    pub failed: u32,
    /// Puzzles solved in a row, up to the latest.
    pub streak: u32,
    /// The longest such run.
    pub best_streak: u32,
}

/// Someone who solved a daily puzzle.
pub type DailySolver = DailySolverRow;

impl GameService {
    /// Stores puzzles (a position already stored is skipped), as found in `game` if given;
    /// returns how many were new.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn add_puzzles(&self, puzzles: &[Puzzle], game: Option<GameId>) -> Result<u64> {
        let now = self.now_ms();
        let mut tx = self.db.begin_write().await?;
        let added = store_puzzles(&mut tx, puzzles, game, now).await?;
        tx.commit().await?;
        Ok(added)
    }

    /// How many puzzles there are.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn puzzle_count(&self) -> Result<u64> {
        let mut conn = self.db.read().await?;
        Ok(storage::count_puzzles(&mut conn).await?)
    }

    /// The puzzle `player` is solving, or a new one they never had near their puzzle rating.
    ///
    /// # Errors
    /// [`UserError::NoPuzzles`] when they have had every puzzle; internal errors.
    pub async fn next_puzzle(&self, player: &PlayerRef) -> Result<PuzzleView> {
        let now = self.now_ms();
        let mut tx = self.db.begin_write().await?;
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
        storage::insert_attempt(&mut tx, player.id, row.id, "", true, now).await?;
        let view = view_of(&row, 0, None, 0)?;
        tx.commit().await?;
        Ok(view)
    }

    /// Today's daily puzzle (UTC), the same for everyone, as `player` stands in it.
    ///
    /// # Errors
    /// [`UserError::NoPuzzles`] when there are none; internal errors.
    pub async fn daily_puzzle(&self, player: &PlayerRef) -> Result<PuzzleView> {
        let now = self.now_ms();
        let day = day_of(now);
        let mut tx = self.db.begin_write().await?;
        let row = daily_row(&mut tx, &day).await?;
        storage::upsert_player(&mut tx, player.id, &player.name, now).await?;
        storage::insert_attempt(&mut tx, player.id, row.id, &day, false, now).await?;
        let attempt = storage::attempt(&mut tx, player.id, row.id, &day)
            .await?
            .ok_or(UserError::NoSuchPuzzle(row.id))?;
        let view = attempt_view(&mut tx, &attempt).await?;
        tx.commit().await?;
        Ok(view)
    }

    /// `user`'s attempt at puzzle `id` (the daily one of `day`, or not), as it stands.
    ///
    /// # Errors
    /// [`UserError::NoSuchPuzzle`] when they have no attempt at it; internal errors.
    pub async fn puzzle_attempt(
        &self,
        user: UserId,
        id: PuzzleId,
        day: Option<&str>,
    ) -> Result<PuzzleView> {
        let mut conn = self.db.read().await?;
        let attempt = storage::attempt(&mut conn, user, id, day.unwrap_or(""))
            .await?
            .ok_or(UserError::NoSuchPuzzle(id))?;
        attempt_view(&mut conn, &attempt).await
    }

    /// The puzzle `user` is solving in this order of preference: their open `/puzzle`, for a
    /// `/move` that names no game.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn open_puzzle(&self, user: UserId) -> Result<Option<PuzzleView>> {
        let mut conn = self.db.read().await?;
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
    pub async fn play_puzzle(
        &self,
        player: UserId,
        id: PuzzleId,
        day: Option<&str>,
        text: &str,
        step: Option<u32>,
    ) -> Result<PuzzleAnswer> {
        let now = self.now_ms();
        let day = day.unwrap_or("");
        let mut tx = self.db.begin_write().await?;
        storage::lock(&mut tx, &[Key::Player(player)]).await?;
        let Opened {
            attempt,
            row,
            view,
            solution,
        } = match opened(&mut tx, player, id, day, step).await {
            Ok(opened) => opened,
            Err(refusal) => {
                tx.rollback().await?;
                return Err(refusal);
            }
        };
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
            let retry = !day.is_empty();
            let (status, to) = if retry {
                (AttemptStatus::Open, 0)
            } else {
                (AttemptStatus::Failed, attempt.step)
            };
            self.moved(&mut tx, player, &attempt, to, status, true, now)
                .await?;
            let rating = self
                .rate(&mut tx, player, &row, &attempt, false, now)
                .await?;
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
            self.moved(
                &mut tx,
                player,
                &attempt,
                to,
                AttemptStatus::Solved,
                false,
                now,
            )
            .await?;
            let rating = self
                .rate(&mut tx, player, &row, &attempt, true, now)
                .await?;
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
            self.moved(
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
    pub async fn give_up_puzzle(
        &self,
        player: UserId,
        id: PuzzleId,
        day: Option<&str>,
        step: Option<u32>,
    ) -> Result<(PuzzleView, Vec<Move>, Option<RatingChange>)> {
        let now = self.now_ms();
        let day = day.unwrap_or("");
        let mut tx = self.db.begin_write().await?;
        storage::lock(&mut tx, &[Key::Player(player)]).await?;
        let Opened {
            attempt,
            row,
            view,
            solution,
        } = match opened(&mut tx, player, id, day, step).await {
            Ok(opened) => opened,
            Err(refusal) => {
                tx.rollback().await?;
                return Err(refusal);
            }
        };
        self.moved(
            &mut tx,
            player,
            &attempt,
            attempt.step,
            AttemptStatus::Failed,
            false,
            now,
        )
        .await?;
        let rating = self
            .rate(&mut tx, player, &row, &attempt, false, now)
            .await?;
        tx.commit().await?;
        let rest = solution[(attempt.step as usize).min(solution.len())..].to_vec();
        Ok((view, rest, rating))
    }

    /// A player's puzzle rating and record (a newcomer's before their first puzzle).
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn puzzle_stats(&self, user: UserId) -> Result<PuzzleStats> {
        let mut conn = self.db.read().await?;
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

    /// Today's day (UTC), `YYYY-MM-DD`, as the daily puzzle counts days.
    #[must_use]
    pub fn today(&self) -> String {
        day_of(self.now_ms())
    }

    /// Those who solved today's daily puzzle, first first, with their tries.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn daily_solvers(&self) -> Result<Vec<DailySolver>> {
        let mut conn = self.db.read().await?;
        Ok(storage::daily_solvers(&mut conn, &self.today(), DAILY_SOLVERS_SHOWN).await?)
    }

    /// Sets (or clears) the channel where `guild` wants the daily puzzle posted, in `lang`.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn set_puzzle_channel(
        &self,
        guild: GuildId,
        channel: Option<(ChannelId, Lang)>,
    ) -> Result<()> {
        let now = self.now_ms();
        let mut tx = self.db.begin_write().await?;
        storage::lock(&mut tx, &[Key::Guild(guild)]).await?;
        storage::set_puzzle_channel(&mut tx, guild, channel, now).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Queues today's daily puzzle posts not owed yet: each server's channel and language,
    /// each owed once a day across processes, in the outbox (see
    /// [`GameService::next_announcement`]), in the transaction that records it owed. Returns
    /// those it queued.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn queue_daily_posts(&self) -> Result<Vec<(GuildId, ChannelId, Lang)>> {
        let now = self.now_ms();
        let day = day_of(now);
        let channels = {
            let mut conn = self.db.read().await?;
            storage::puzzle_channels(&mut conn).await?
        };
        let mut queued = Vec::new();
        for (guild, channel, lang) in channels {
            let mut tx = self.db.begin_write().await?;
            if storage::claim_daily_post(&mut tx, guild, &day).await? {
                self.queue(&mut tx, Owed::Daily { guild }, now).await?;
                queued.push((guild, channel, lang));
            }
            tx.commit().await?;
        }
        self.ring_if_owed();
        Ok(queued)
    }

    /// The puzzles found in a stored game, by the ply of their position.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn puzzles_of_game(&self, game: GameId) -> Result<Vec<(u32, PuzzleId)>> {
        let mut conn = self.db.read().await?;
        Ok(storage::puzzles_of_game(&mut conn, game).await?)
    }

    /// A puzzle as it starts, for anyone (its web page).
    ///
    /// # Errors
    /// [`UserError::NoSuchPuzzle`]; internal errors.
    pub async fn puzzle(&self, id: PuzzleId) -> Result<(PuzzleView, Vec<Move>)> {
        let mut conn = self.db.read().await?;
        let row = storage::puzzle(&mut conn, id)
            .await?
            .ok_or(UserError::NoSuchPuzzle(id))?;
        Ok((view_of(&row, 0, None, 0)?, solution_of(&row)?))
    }

    /// Moves `attempt` to step `to` as `status`, or refuses if another request moved it first.
    #[allow(clippy::too_many_arguments)]
    async fn moved(
        &self,
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
            &attempt.day,
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
        &self,
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
}

/// The starter set of puzzles shipped with the bot (see `assets/puzzles.jsonl`).
const STARTER_SET: &str = include_str!("../../assets/puzzles.jsonl");

impl GameService {
    /// Stores the starter set of puzzles shipped with the bot (those not stored yet), so
    /// that a new bot has puzzles on its first day; returns how many were new.
    ///
    /// # Errors
    /// Internal errors, or a shipped line that can't be read.
    pub async fn add_starter_puzzles(&self) -> Result<u64> {
        let puzzles =
            read_puzzle_lines(STARTER_SET).map_err(|e| super::InternalError::CorruptPuzzle {
                puzzle: PuzzleId(0),
                detail: format!("assets/puzzles.jsonl: {e}"),
            })?;
        self.add_puzzles(&puzzles, None).await
    }

    /// Every finished game, oldest first (for the puzzle generator).
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn finished_game_ids(&self) -> Result<Vec<GameId>> {
        let mut conn = self.db.read().await?;
        Ok(storage::finished_game_ids(&mut conn).await?)
    }
}

/// Stores `puzzles` (a position already stored is skipped), as found in `game` if given, at
/// `now`; returns how many were new.
pub(super) async fn store_puzzles(
    conn: &mut Conn,
    puzzles: &[Puzzle],
    game: Option<GameId>,
    now: i64,
) -> Result<u64> {
    let mut added = 0;
    for p in puzzles {
        let position = p.position.to_text();
        let solution = moves_text(&p.solution);
        let themes: Vec<&str> = p.themes.iter().map(|t| t.name()).collect();
        let source = match game {
            Some(game) => format!("game {game}, ply {}", p.source.ply),
            None => format!("{}, ply {}", p.source.game, p.source.ply),
        };
        let new = NewPuzzleRow {
            position: &position,
            solution: &solution,
            themes: &themes.join(","),
            rating: Rating {
                rating: f64::from(p.rating) + RATING_OFFSET,
                deviation: PUZZLE_DEVIATION,
                volatility: Rating::NEWCOMER.volatility,
            },
            source: &source,
            game: game.map(|g| (g, p.source.ply)),
            created_ms: now,
        };
        if storage::insert_puzzle(conn, &new).await?.is_some() {
            added += 1;
        }
    }
    Ok(added)
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

/// A puzzle as one JSON line: its text form (`puzzle`, which [`read_puzzle_lines`] reads),
/// and its parts spelled out for people and other programs.
#[must_use]
pub fn puzzle_line(p: &Puzzle) -> String {
    serde_json::json!({
        "puzzle": p.to_string(),
        "solution": p.solution.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "themes": p.themes.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "rating": p.rating,
        "source": format!("{}, ply {}", p.source.game, p.source.ply),
    })
    .to_string()
}

/// The puzzles of JSON lines as [`puzzle_line`] writes them (blank lines skipped).
///
/// # Errors
/// The first line that is not such a puzzle, by number.
pub fn read_puzzle_lines(text: &str) -> std::result::Result<Vec<Puzzle>, String> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| {
            let value: serde_json::Value =
                serde_json::from_str(line).map_err(|e| format!("line {}: {e}", i + 1))?;
            value["puzzle"]
                .as_str()
                .ok_or_else(|| format!("line {}: no \"puzzle\"", i + 1))?
                .parse::<Puzzle>()
                .map_err(|e| format!("line {}: {e}", i + 1))
        })
        .collect()
}

/// An open attempt being answered, with its puzzle as stored, as the player sees it, and its
/// solution.
struct Opened {
    attempt: AttemptRow,
    row: PuzzleRow,
    view: PuzzleView,
    solution: Vec<Move>,
}

/// The open attempt of `player` at `id` on `day` with its puzzle, refused if over or past
/// `step` (see [`checked_attempt`]).
async fn opened(
    conn: &mut Conn,
    player: UserId,
    id: PuzzleId,
    day: &str,
    step: Option<u32>,
) -> Result<Opened> {
    let attempt = checked_attempt(conn, player, id, day, step).await?;
    let row = storage::puzzle(conn, id)
        .await?
        .ok_or(UserError::NoSuchPuzzle(id))?;
    let view = view_of(&row, attempt.step, day_opt(day), attempt.tries)?;
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
    day: &str,
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

/// The daily puzzle of `day` as it starts, for a post where everyone sees it; `None` when
/// there are no puzzles at all.
pub(super) async fn daily_post(conn: &mut Conn, day: &str) -> Result<Option<PuzzleView>> {
    match daily_row(conn, day).await {
        Ok(row) => view_of(&row, 0, Some(day.to_owned()), 0).map(Some),
        Err(ServiceError::User(UserError::NoPuzzles)) => Ok(None),
        Err(e) => Err(e),
    }
}

/// The UTC day of `ms` since the epoch, `YYYY-MM-DD`.
pub(super) fn day_of(ms: i64) -> String {
    let days = ms.div_euclid(86_400_000);
    let (y, m, d) = civil_from_days(days);
    format!("{y:04}-{m:02}-{d:02}")
}

/// The daily puzzle of `day`, chosen now if nobody asked for it yet: the puzzles taken in
/// turn, a day each.
async fn daily_row(conn: &mut Conn, day: &str) -> Result<PuzzleRow> {
    let id = match storage::daily_puzzle(conn, day).await? {
        Some(id) => id,
        None => {
            let index = day_number(day);
            let row = storage::puzzle_at(conn, index)
                .await?
                .ok_or(UserError::NoPuzzles)?;
            storage::choose_daily_puzzle(conn, day, row.id).await?;
            storage::daily_puzzle(conn, day)
                .await?
                .ok_or(UserError::NoPuzzles)?
        }
    };
    Ok(storage::puzzle(conn, id)
        .await?
        .ok_or(UserError::NoSuchPuzzle(id))?)
}

/// The view of an attempt as stored.
async fn attempt_view(conn: &mut Conn, attempt: &AttemptRow) -> Result<PuzzleView> {
    let row = storage::puzzle(conn, attempt.puzzle)
        .await?
        .ok_or(UserError::NoSuchPuzzle(attempt.puzzle))?;
    view_of(&row, attempt.step, day_opt(&attempt.day), attempt.tries)
}

/// The puzzle `row` with `step` plies of its solution played.
fn view_of(row: &PuzzleRow, step: u32, day: Option<String>, tries: u32) -> Result<PuzzleView> {
    let mut position = Position::from_text(&row.position)
        .map_err(|e| corrupt_puzzle(row.id, &format!("position: {e}")))?;
    let solver = position.turn();
    let solution = solution_of(row)?;
    let played: Vec<Move> = solution.iter().take(step as usize).copied().collect();
    for mv in &played {
        position
            .play(mv.text())
            .map_err(|e| corrupt_puzzle(row.id, &format!("{mv}: {e:?}")))?;
    }
    Ok(PuzzleView {
        id: row.id,
        position,
        solver,
        played,
        solver_moves: solution.len().div_ceil(2),
        themes: row
            .themes
            .split(',')
            .filter_map(|t| t.parse().ok())
            .collect(),
        rating: row.rating.rating,
        day,
        tries,
        game: row.game,
    })
}

/// The solution's moves, checked against the position.
fn solution_of(row: &PuzzleRow) -> Result<Vec<Move>> {
    let mut position = Position::from_text(&row.position)
        .map_err(|e| corrupt_puzzle(row.id, &format!("position: {e}")))?;
    row.solution
        .split_whitespace()
        .map(|text| {
            position
                .play_str(text)
                .map_err(|e| corrupt_puzzle(row.id, &format!("{text}: {e}")))
        })
        .collect()
}

fn moves_text(moves: &[Move]) -> String {
    moves
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

fn day_opt(day: &str) -> Option<String> {
    (!day.is_empty()).then(|| day.to_owned())
}

/// A stored puzzle that can't be rebuilt.
fn corrupt_puzzle(puzzle: PuzzleId, detail: &str) -> super::ServiceError {
    super::InternalError::CorruptPuzzle {
        puzzle,
        detail: detail.to_owned(),
    }
    .into()
}

/// Days since 1970-01-01 of a `YYYY-MM-DD` day (0 for anything else).
fn day_number(day: &str) -> u64 {
    let mut parts = day.split('-').map(|p| p.parse::<i64>().unwrap_or(0));
    let (y, m, d) = (
        parts.next().unwrap_or(1970),
        parts.next().unwrap_or(1),
        parts.next().unwrap_or(1),
    );
    u64::try_from(days_from_civil(y, m, d)).unwrap_or(0)
}

/// Howard Hinnant's `civil_from_days`: the proleptic Gregorian date of a day number.
fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// Howard Hinnant's `days_from_civil`: the day number of a proleptic Gregorian date.
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_are_utc_calendar_days_and_round_trip() {
        assert_eq!(day_of(0), "1970-01-01");
        assert_eq!(day_of(1_700_000_000_000), "2023-11-14");
        assert_eq!(day_of(951_782_400_000), "2000-02-29");
        for day in ["1970-01-01", "2000-02-29", "2026-12-02", "2100-03-01"] {
            let n = day_number(day);
            assert_eq!(day_of(i64::try_from(n).unwrap() * 86_400_000), day);
        }
        assert_eq!(day_number("garbage"), 0);
    }
}
