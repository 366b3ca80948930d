//! One interaction a pair sent and what the bot answered it so far, read into what it came to:
//! a challenge posted, a game started, a move applied or refused. The answers are read as the
//! bot sends them (see `src/discord/commands/play.rs` and `challenge.rs`):
//!
//! - a challenge: its message as the answer (type 4, with its buttons); when slow, a private
//!   deferral (type 5) edited to "Done.", then the challenge as a follow-up with its buttons;
//! - Accept: the challenge message turned into the first board (type 7 with the picture; when
//!   slow, type 6 then `@original` edited into the board), then a follow-up that mentions the
//!   player to move when that is not the one who clicked; if the answer failed, the first board
//!   comes as a channel message (a board of the new game at ply 0);
//! - `/move`: the board as the answer (type 4 with the picture); when slow, a private deferral
//!   edited to "You played …" (or to the refusal), then the board as a follow-up; a board the
//!   answer could not carry comes as a channel message showing the move's game and ply.
//!
//! A refusal is only ever what only the player sees and is not the confirmation. One refusal
//! is not the bot refusing what was asked: "try again in a moment", when the database can't be
//! reached (then what was asked may or may not have been done).

use std::time::Instant;

use monkey_queen::i18n::{Lang, Msg};
use monkey_queen_core::Move;
use serde_json::Value;

use crate::report::Told;
use crate::support::fake_discord::Delivery;
use crate::support::fake_discord::delivery::Change;

/// Interaction callback types: a message; a deferral ("thinking…", edited later); a click
/// deferred without a message.
const CHANNEL_MESSAGE: u64 = 4;
pub const DEFERRED: u64 = 5;
pub const DEFERRED_UPDATE: u64 = 6;
/// More callback types: the clicked message updated; autocomplete suggestions.
const UPDATE_MESSAGE: u64 = 7;
const AUTOCOMPLETE_RESULT: u64 = 8;
/// The message flag of a message only the caller sees.
const EPHEMERAL: u64 = 64;

/// A board as its buttons name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Board {
    /// Its game.
    pub game: monkey_queen::games::GameId,
    /// The plies played; `None` once the game is over (Replay and Rematch instead of Resign).
    pub ply: Option<u32>,
}

impl Board {
    /// The board a message's buttons name: `resign:GAME:PLY` (game on) or `replay:GAME`.
    pub fn of(buttons: &[String]) -> Option<Board> {
        buttons.iter().find_map(|b| parse(b))
    }
}

/// What an interaction was, with what its answers must show.
#[derive(Debug, Clone)]
pub enum Kind {
    /// `/challenge`, pinging the player `challenged`.
    Challenge {
        /// The player challenged.
        challenged: u64,
    },
    /// Accept, clicked by someone else than the player to move (White, the challenger), who
    /// is then mentioned in a follow-up.
    Accept {
        /// The player to move in the new game.
        to_move: u64,
    },
    /// `/move` suggestions.
    Autocomplete,
    /// `/move`.
    Move {
        /// The move as the players will note it when it is applied.
        told: Told,
        /// The board it must bring.
        after: Board,
        /// The words of its confirmation after a deferral ("You played …").
        confirmation: String,
    },
}

impl Kind {
    /// `/move mv` in `told`'s game, bringing the board `after`.
    pub fn playing(mv: Move, told: Told, after: Board) -> Kind {
        Kind::Move {
            confirmation: Lang::En.text(&Msg::MovePlayed(mv)),
            told,
            after,
        }
    }
}

/// An interaction sent and what came back so far.
#[derive(Debug)]
pub struct Pending {
    /// What it was.
    pub kind: Kind,
    /// When it was dispatched.
    pub sent: Instant,
    /// Its first answer.
    pub callback: Option<Value>,
    /// The challenge it posted.
    pub posted: Option<u64>,
    /// The board it brought, and whether it came as its answer (not a channel message).
    pub board: Option<(Board, bool)>,
    /// A move's "You played …" after a deferral.
    pub confirmed: bool,
    /// An Accept's mention of the player to move.
    pub pinged: bool,
    /// What it was refused with.
    pub refusal: Option<String>,
    /// Whether that refusal was "the database can't be reached, try again in a moment".
    pub try_again: bool,
}

impl Pending {
    /// `kind`, dispatched at `sent`.
    pub fn new(kind: Kind, sent: Instant) -> Pending {
        Pending {
            kind,
            sent,
            callback: None,
            posted: None,
            board: None,
            confirmed: false,
            pinged: false,
            refusal: None,
            try_again: false,
        }
    }

    /// What it came to is known: a challenge posted, a game's first board, a move's board,
    /// suggestions, or a refusal.
    pub fn settled(&self) -> bool {
        self.refusal.is_some()
            || match self.kind {
                Kind::Challenge { .. } => self.posted.is_some(),
                Kind::Accept { .. } | Kind::Move { .. } => self.board.is_some(),
                Kind::Autocomplete => self.callback.is_some(),
            }
    }

    /// Settled, and nothing more is owed: the first answer came, and an Accept answered with
    /// the board mentioned the player to move.
    pub fn complete(&self) -> bool {
        let mention_owed = matches!(self.kind, Kind::Accept { .. })
            && self.refusal.is_none()
            && self.board.is_some_and(|(_, by_answer)| by_answer)
            && !self.pinged;
        self.settled() && self.callback.is_some() && !mention_owed
    }

    /// Whether a move was applied (its confirmation or its board came).
    pub fn applied(&self) -> bool {
        matches!(self.kind, Kind::Move { .. })
            && self.refusal.is_none()
            && (self.confirmed || self.board.is_some())
    }

    /// Takes in the first answer; an error for an answer this interaction can't get.
    pub fn callback(&mut self, json: Value, delivery: Option<&Delivery>) -> Result<(), String> {
        if self.callback.is_some() {
            return Err(format!("a second first answer: {json}"));
        }
        let kind = json["type"].as_u64().unwrap_or(0);
        let private = json
            .pointer("/data/flags")
            .and_then(Value::as_u64)
            .is_some_and(|f| f & EPHEMERAL != 0);
        let content = json
            .pointer("/data/content")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned();
        let buttons = crate::support::payloads::custom_ids(json.pointer("/data/components"));
        self.callback = Some(json.clone());
        let expected: &[u64] = match &self.kind {
            Kind::Challenge { .. } | Kind::Move { .. } => &[CHANNEL_MESSAGE, DEFERRED],
            Kind::Accept { .. } => &[UPDATE_MESSAGE, DEFERRED_UPDATE, CHANNEL_MESSAGE],
            Kind::Autocomplete => &[AUTOCOMPLETE_RESULT],
        };
        if !expected.contains(&kind) {
            return Err(format!(
                "callback type {kind}, expected {expected:?}: {json}"
            ));
        }
        if kind == DEFERRED && !private {
            return Err(format!("a public deferral: {json}"));
        }
        if kind != CHANNEL_MESSAGE {
            return Ok(());
        }
        if private {
            return self.refused(&content);
        }
        match self.kind {
            Kind::Challenge { challenged } => self.challenge_posted(&buttons, delivery, challenged),
            // A move's board is checked as the board it brings.
            Kind::Move { .. } => Ok(()),
            _ => Err(format!("a public answer: {json}")),
        }
    }

    /// Takes in words about this interaction: its deferred answer edited, or a follow-up.
    pub fn words(
        &mut self,
        content: &str,
        buttons: &[String],
        delivery: &Delivery,
    ) -> Result<(), String> {
        let edit = delivery.change == Change::Edit;
        let private = delivery.ephemeral;
        match self.kind.clone() {
            Kind::Move { confirmation, .. } if edit && private && !self.confirmed => {
                if content == confirmation {
                    self.confirmed = true;
                    Ok(())
                } else {
                    self.refused(content)
                }
            }
            Kind::Challenge { .. } if edit && private && self.posted.is_none() => {
                let done = Lang::En.text(&Msg::Done);
                if content == done {
                    Ok(())
                } else {
                    self.refused(content)
                }
            }
            Kind::Challenge { challenged } if !edit && !private => {
                self.challenge_posted(buttons, Some(delivery), challenged)
            }
            Kind::Accept { .. } if !edit && private => self.refused(content),
            Kind::Accept { to_move } if !edit && !private && !self.pinged => {
                self.pinged = true;
                if delivery.pinged != [to_move] {
                    return Err(format!(
                        "the mention of the player to move pinged {:?}: {content}",
                        delivery.pinged
                    ));
                }
                Ok(())
            }
            _ => Err(format!("unexpected words ({delivery:?}): {content}")),
        }
    }

    /// Notes the refusal `content`: an error, unless it says the database can't be reached
    /// and to try again (see [`Pending::try_again`]; whether that is expected is the run's to
    /// say).
    fn refused(&mut self, content: &str) -> Result<(), String> {
        self.refusal = Some(content.to_owned());
        if content == Lang::En.text(&Msg::DatabaseUnreachable) {
            self.try_again = true;
            return Ok(());
        }
        Err(format!("refused: {content}"))
    }

    /// Takes in the board this interaction brought (`by_answer`: as its answer or follow-up,
    /// not a channel message).
    pub fn board(&mut self, board: Board, by_answer: bool) -> Result<(), String> {
        if self.board.is_some() {
            return Err(format!("a second board: {board:?}"));
        }
        self.board = Some((board, by_answer));
        match &self.kind {
            Kind::Move { after, told, .. } if board != *after => Err(format!(
                "after {} at ply {} the board is {board:?}",
                told.notation, told.ply
            )),
            Kind::Accept { .. } if board.ply != Some(0) => {
                Err(format!("the first board is {board:?}"))
            }
            Kind::Move { .. } | Kind::Accept { .. } => Ok(()),
            _ => Err(format!("a board: {board:?}")),
        }
    }

    /// Whether a channel board is the one this interaction waits for, when its answer could
    /// not carry it: a move's board at its game and ply, or a new game's first board.
    pub fn waits_for(&self, board: Board, new_game: bool) -> bool {
        self.board.is_none()
            && self.refusal.is_none()
            && match &self.kind {
                Kind::Move { after, .. } => *after == board,
                Kind::Accept { .. } => new_game && board.ply == Some(0),
                _ => false,
            }
    }

    /// A challenge message with `buttons`, which must ping the player challenged.
    fn challenge_posted(
        &mut self,
        buttons: &[String],
        delivery: Option<&Delivery>,
        challenged: u64,
    ) -> Result<(), String> {
        let accept = buttons
            .iter()
            .find_map(|b| b.strip_prefix("accept:").and_then(|n| n.parse().ok()));
        let Some(challenge) = accept else {
            return Err(format!("a challenge without Accept: {buttons:?}"));
        };
        self.posted = Some(challenge);
        match delivery {
            Some(d) if d.pinged != [challenged] => {
                Err(format!("the challenge pinged {:?}", d.pinged))
            }
            _ => Ok(()),
        }
    }
}

/// `resign:GAME:PLY` (game on) or `replay:GAME` (game over).
fn parse(custom_id: &str) -> Option<Board> {
    let mut parts = custom_id.split(':');
    let game = |id: &str| id.parse().ok().map(monkey_queen::games::GameId);
    match (parts.next()?, parts.next()?, parts.next()) {
        ("resign", id, Some(ply)) => Some(Board {
            game: game(id)?,
            ply: Some(ply.parse().ok()?),
        }),
        ("replay", id, None) => Some(Board {
            game: game(id)?,
            ply: None,
        }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use monkey_queen::games::GameId;
    use monkey_queen_core::Position;
    use serde_json::json;

    use super::*;

    fn delivery(change: Change, ephemeral: bool, pinged: Vec<u64>) -> Delivery {
        Delivery {
            change,
            message: 1,
            channel: Some(2),
            ephemeral,
            pinged,
        }
    }

    fn a_move() -> (Pending, Board) {
        let mv = Position::start(Default::default()).legal_moves()[0];
        let told = Told {
            game: GameId(7),
            ply: 1,
            notation: mv.to_string(),
        };
        let after = Board {
            game: GameId(7),
            ply: Some(1),
        };
        (
            Pending::new(Kind::playing(mv, told, after), Instant::now()),
            after,
        )
    }

    #[test]
    fn a_deferred_move_is_confirmed_then_brings_its_board() {
        let (mut sent, after) = a_move();
        let deferral = json!({ "type": DEFERRED, "data": { "flags": EPHEMERAL } });
        let loading = delivery(Change::New, true, Vec::new());
        assert_eq!(sent.callback(deferral, Some(&loading)), Ok(()));
        let Kind::Move { confirmation, .. } = sent.kind.clone() else {
            unreachable!()
        };
        let edit = delivery(Change::Edit, true, Vec::new());
        assert_eq!(sent.words(&confirmation, &[], &edit), Ok(()));
        assert!(sent.applied() && !sent.settled());
        assert_eq!(sent.board(after, true), Ok(()));
        assert!(sent.complete());
    }

    #[test]
    fn a_deferred_move_edited_to_other_words_is_refused() {
        let (mut sent, _) = a_move();
        let deferral = json!({ "type": DEFERRED, "data": { "flags": EPHEMERAL } });
        let _ = sent.callback(deferral, None);
        let edit = delivery(Change::Edit, true, Vec::new());
        assert!(sent.words("It is not your turn.", &[], &edit).is_err());
        assert!(sent.refusal.is_some() && !sent.applied() && sent.complete());
    }

    #[test]
    fn a_deferred_move_told_to_try_again_is_settled_neither_applied_nor_an_error() {
        let (mut sent, _) = a_move();
        let deferral = json!({ "type": DEFERRED, "data": { "flags": EPHEMERAL } });
        let _ = sent.callback(deferral, None);
        let edit = delivery(Change::Edit, true, Vec::new());
        let try_again = Lang::En.text(&Msg::DatabaseUnreachable);
        assert_eq!(sent.words(&try_again, &[], &edit), Ok(()));
        assert!(sent.try_again && sent.settled() && !sent.applied() && sent.complete());
    }

    #[test]
    fn an_accept_answered_with_the_board_owes_the_mention_of_the_player_to_move() {
        let mut sent = Pending::new(Kind::Accept { to_move: 5 }, Instant::now());
        let _ = sent.callback(json!({ "type": UPDATE_MESSAGE, "data": {} }), None);
        let first = Board {
            game: GameId(3),
            ply: Some(0),
        };
        assert_eq!(sent.board(first, true), Ok(()));
        assert!(sent.settled() && !sent.complete());
        let mention = delivery(Change::New, false, vec![5]);
        assert_eq!(sent.words("<@5>, your move", &[], &mention), Ok(()));
        assert!(sent.complete());
        let elsewhere = Pending::new(Kind::Accept { to_move: 5 }, Instant::now());
        assert!(elsewhere.waits_for(first, true) && !elsewhere.waits_for(first, false));
    }
}
