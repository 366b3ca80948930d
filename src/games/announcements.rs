//! The outbox: everything a player must see that the game's state requires to be announced
//! (reminders, losses on time, every board, the end of a game ended beside the board, lapsed
//! challenges, a rematch offered away from the chat, a tournament's rounds, the daily puzzle's
//! post) is queued in the transaction that makes it owed, and handed to a deliverer until it
//! reports it delivered. Delivery is at least once: an announcement whose deliverer fails is
//! retried with growing waits, and one whose deliverer dies is taken up again when its claim's
//! lease runs out (after a restart, by another process). A deliverer makes a repeated
//! delivery harmless where Discord allows (see the Discord face's `nonce`).
//!
//! A board (a new game's first, the one after a move, or the end of a game resigned, claimed
//! or aborted through the chat) is owed from the transaction that makes it, and handed out
//! only [`BOARD_GRACE_MS`] later: the process that made it delivers it at once (as the answer
//! to the player's interaction, or the computer's post) and reports it, so the outbox posts it
//! only when that process could not, or died first. What is made where no face shows it (a
//! resignation or a rematch offer on the Activity, the daily puzzle) is due at once.
//!
//! An announcement made stale by the game moving on (a reminder for a ply already played, the
//! board of a move since answered, or of a game since resigned, lost on time or aborted; an
//! offer since answered or lapsed; a daily post of a day gone by) is dropped rather than
//! delivered.

use super::puzzles::{self, PuzzleView};
use super::{Challenge, GameId, GameService, GameView, Result, TournamentView};
use crate::model::{
    AnnouncementId, BoardColors, ChallengeStatus, ChannelId, Day, EndReason, GameStatus, Lang,
    Reach, UserId,
};
use crate::storage::{self, AnnouncementRow, Conn, Owed};

/// How long a board owed to the outbox waits before it is handed out: long enough for the
/// process that made it owed to deliver it itself, Discord's retries included, and report it.
pub const BOARD_GRACE_MS: i64 = 60_000;

/// What an announcement says, with the game or challenge as it stands now.
#[derive(Debug, Clone)]
pub enum Announced {
    /// The player to move is running short of time: mention them.
    Reminder(GameView),
    /// The game was lost on time: its result board.
    Timeout(GameView),
    /// A game started: its first board, which mentions the player to move.
    Started(GameView),
    /// A move was played: the board after it (which may have ended the game), mentioning the
    /// player to move next.
    Board(GameView),
    /// The challenge lapsed unanswered: its message says so and loses its buttons.
    Expired(Challenge),
    /// A tournament's round was paired: its pairings, mentioning the players.
    Round {
        /// The tournament as it stands.
        tournament: Box<TournamentView>,
        /// The round (1-based).
        round: u32,
    },
    /// A tournament ended: its final standings and winner (or that it ended unplayed).
    Final(Box<TournamentView>),
    /// A game ended beside the board with a result (a resignation, a claimed win): its result
    /// board.
    End(GameView),
    /// A game was aborted before both players had moved: its board, saying who aborted it.
    Aborted {
        /// The game.
        game: GameView,
        /// Who aborted it.
        by: UserId,
    },
    /// A game the player to move had left was called off: its board, saying who called it off.
    CalledOff {
        /// The game.
        game: GameView,
        /// Who called it off.
        by: UserId,
    },
    /// A rematch was offered away from the chat: its challenge, posted where the game `of` was
    /// played for the opponent to answer.
    Offer {
        /// The challenge, pending.
        challenge: Challenge,
        /// The finished game it is a rematch of.
        of: GameId,
    },
    /// Today's daily puzzle, posted in a server's puzzle channel.
    Daily {
        /// The channel.
        channel: ChannelId,
        /// The post's language, as the server chose.
        lang: Lang,
        /// The board's colours, as the server chose for its public boards.
        colors: BoardColors,
        /// The puzzle as it starts.
        puzzle: Box<PuzzleView>,
    },
}

impl Announced {
    /// The language of the game or challenge announced, stored when it was made.
    #[must_use]
    pub fn lang(&self) -> Lang {
        match self {
            Announced::Reminder(game)
            | Announced::Timeout(game)
            | Announced::Started(game)
            | Announced::Board(game)
            | Announced::End(game)
            | Announced::Aborted { game, .. }
            | Announced::CalledOff { game, .. } => game.lang,
            Announced::Expired(challenge) | Announced::Offer { challenge, .. } => challenge.lang,
            Announced::Round { tournament, .. } | Announced::Final(tournament) => {
                tournament.tournament.lang
            }
            Announced::Daily { lang, .. } => *lang,
        }
    }

    /// Where the game or challenge announced is played.
    #[must_use]
    pub fn reach(&self) -> Reach {
        match self {
            Announced::Reminder(game)
            | Announced::Timeout(game)
            | Announced::Started(game)
            | Announced::Board(game)
            | Announced::End(game)
            | Announced::Aborted { game, .. }
            | Announced::CalledOff { game, .. } => game.place.reach,
            Announced::Expired(challenge) | Announced::Offer { challenge, .. } => challenge.reach,
            // The bot runs tournaments, and posts the daily puzzle, only where it may post.
            Announced::Round { .. } | Announced::Final(_) | Announced::Daily { .. } => {
                Reach::Channel
            }
        }
    }
}

impl GameService {
    /// Queues `owed` in the caller's transaction, first handed out at `due_ms`.
    pub(in crate::games) async fn queue(
        &self,
        conn: &mut Conn,
        owed: Owed,
        due_ms: i64,
    ) -> Result<AnnouncementId> {
        let now = self.now_ms();
        if due_ms <= now {
            self.owed_now();
        }
        Ok(storage::queue_announcement(conn, owed, now, due_ms).await?)
    }

    /// What `row` announces as things stand, or `None` if it no longer needs saying.
    pub(in crate::games) async fn announced_now(
        &self,
        conn: &mut Conn,
        row: AnnouncementRow,
    ) -> Result<Option<Announced>> {
        let game = match row.owed {
            Owed::Reminder { game, .. }
            | Owed::Board { game, .. }
            | Owed::Timeout { game }
            | Owed::End { game }
            | Owed::Abort { game, .. }
            | Owed::CallOff { game, .. } => game,
            Owed::Expiry { challenge } => {
                return Ok(storage::challenge(conn, challenge)
                    .await?
                    .map(Announced::Expired));
            }
            Owed::Offer { challenge } => {
                let challenge = storage::challenge(conn, challenge).await?;
                return Ok(challenge.and_then(|challenge| self.offer_now(challenge)));
            }
            Owed::Round { tournament, round } => {
                let tournament = Box::new(super::tournaments::view_of(conn, tournament).await?);
                return Ok(Some(Announced::Round { tournament, round }));
            }
            Owed::Final { tournament } => {
                let tournament = super::tournaments::view_of(conn, tournament).await?;
                return Ok(Some(Announced::Final(Box::new(tournament))));
            }
            Owed::Daily { guild } => {
                let day = Day::of_ms(row.created_ms);
                if day != Day::of_ms(self.now_ms()) {
                    // Today's post is owed on its own.
                    return Ok(None);
                }
                let Some((channel, lang)) = storage::puzzle_channel(conn, guild).await? else {
                    return Ok(None);
                };
                let puzzle = puzzles::daily_post(conn, day).await?;
                let colors = storage::guild_settings(conn, guild)
                    .await?
                    .unwrap_or_default()
                    .board_colors;
                return Ok(puzzle.map(|puzzle| Announced::Daily {
                    channel,
                    lang,
                    colors,
                    puzzle: Box::new(puzzle),
                }));
            }
        };
        let Some(stored) = storage::game(conn, game).await? else {
            return Ok(None);
        };
        let ply = match row.owed {
            Owed::Reminder { ply, .. } | Owed::Board { ply, .. } => Some(ply),
            _ => None,
        };
        if ply.is_some_and(|ply| ply != stored.ply) {
            return Ok(None);
        }
        let view = self.view(conn, stored).await?;
        let active = view.status == GameStatus::Active;
        let aborted = view.status == GameStatus::Aborted;
        Ok(match row.owed {
            Owed::Reminder { .. } if active => Some(Announced::Reminder(view)),
            Owed::Board { ply: 0, .. } if active => Some(Announced::Started(view)),
            // A move's board shows the game going on, or ended by that move; not one ended
            // since by a resignation, on time or aborted, whose own announcement says so.
            Owed::Board { ply, .. } if ply > 0 && (active || ended_on_the_board(&view)) => {
                Some(Announced::Board(view))
            }
            Owed::Timeout { .. } if view.result.is_some() => Some(Announced::Timeout(view)),
            Owed::End { .. } if view.result.is_some() => Some(Announced::End(view)),
            Owed::Abort { by, .. } if aborted => Some(Announced::Aborted { game: view, by }),
            Owed::CallOff { by, .. } if aborted => Some(Announced::CalledOff { game: view, by }),
            _ => None,
        })
    }

    /// The offer of `challenge` as things stand: `None` once it was answered, withdrawn or
    /// has lapsed, or once its message is out.
    fn offer_now(&self, challenge: Challenge) -> Option<Announced> {
        let open = challenge.status == ChallengeStatus::Pending
            && challenge.expires_ms > self.now_ms()
            && challenge.message.is_none();
        let of = challenge.rematch_of?;
        open.then_some(Announced::Offer { challenge, of })
    }
}

/// Whether the game was ended by its last move (R7.1, R7.2), not beside the board.
fn ended_on_the_board(game: &GameView) -> bool {
    game.result.as_ref().is_some_and(|result| {
        matches!(
            result.reason,
            EndReason::QueenCaptured | EndReason::NoLegalMoves
        )
    })
}
