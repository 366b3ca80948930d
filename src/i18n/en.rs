//! English texts.

use monkey_queen_core::{Color, GameOptions, IllegalMove, Move, MoveError, ParseError, Role};

use super::{Button, Msg};
use crate::games::{Challenge, GameResult, GameView, UserError};
use crate::model::{ChallengeStatus, ColorChoice, EndReason, GameStatus, UserId};

/// Renders `msg` in English.
pub fn text(msg: &Msg<'_>) -> String {
    match msg {
        Msg::MoveInWords { mover, mv } => move_in_words(*mover, *mv),
        Msg::Refused(e) => refused(e),
        Msg::ColorName(c) => color(*c).to_owned(),
        Msg::Internal => "Something went wrong on our side. Please try again.".to_owned(),
        Msg::Label(b) => label(*b).to_owned(),
        Msg::Options(o) => options(*o),
        Msg::Clock(ms) => clock(*ms),
        Msg::ChallengePosted(c) => challenge_posted(c),
        Msg::ChallengeClosed { challenge, by } => challenge_closed(challenge, *by),
        Msg::GameStarted(g) => format!(
            "**Game #{}** — {} plays White, {} plays Black. {}, you move first.{}",
            g.id,
            mention(g.white.id.0),
            mention(g.black.id.0),
            g.to_move.map_or_else(String::new, |u| mention(u.0)),
            deadline(g)
        ),
        Msg::MovePosted { game, mover, mv } => {
            let moved = move_in_words(*mover, *mv);
            match &game.result {
                Some(result) => format!("{moved}.\n{}", game_over(game, result)),
                None => format!("{moved}.\n{}", your_move(game)),
            }
        }
        Msg::BoardShown(g) => match &g.result {
            Some(result) => format!("**Game #{}**. {}", g.id, game_over(g, result)),
            None if g.status == GameStatus::Aborted => format!("**Game #{}** was aborted.", g.id),
            None => format!("**Game #{}**, ply {}. {}", g.id, g.ply(), your_move(g)),
        },
        Msg::GameOver(g, r) => game_over(g, r),
        Msg::Aborted { game, by } => format!(
            "Game #{game} was aborted by {} before both players had moved. No result.",
            mention(by.0)
        ),
        Msg::StatusLine(g) => status_line(g),
        Msg::YouPlayed(mv) => format!("You played {mv}."),
        Msg::ConfirmResign(game) => {
            format!("Resign game #{game}? Your opponent wins; this cannot be undone.")
        }
        Msg::PieceMoves { square, count } => match count {
            0 => format!("The piece on {square} has no legal move."),
            1 => format!("The piece on {square} has 1 legal move, marked on the board."),
            n => format!("The piece on {square} has {n} legal moves, marked on the board."),
        },
        Msg::GamesList { games, viewer } => {
            if games.is_empty() {
                return "You have no games in progress in this server. Start one with `/challenge`."
                    .to_owned();
            }
            let mut out = String::from("**Your games in progress**");
            for g in *games {
                let opponent = if g.white.id == *viewer {
                    &g.black
                } else {
                    &g.white
                };
                let turn = if g.to_move == Some(*viewer) {
                    "**your move**"
                } else {
                    "their move"
                };
                out.push_str(&format!(
                    "\n• #{} vs {} — {turn}, ply {}{}",
                    g.id,
                    mention(opponent.id.0),
                    g.ply,
                    super::link(&g.place).map_or_else(String::new, |l| format!(" — [board]({l})"))
                ));
            }
            out
        }
        Msg::Rules => RULES.to_owned(),
        Msg::OtherBot => "Bots other than me can't play. Challenge a person, or me.".to_owned(),
        Msg::UnknownButton => {
            "That button no longer does anything. Use `/board` to see the game.".to_owned()
        }
    }
}

const RULES: &str = "\
**Monkey Queen** (Mark Steere) — quick rules
• 12×12 board. Each side starts with one **queen**: a stack of 20 checkers (White on g1, Black on f12). White moves first.
• Every piece moves like a chess queen: any distance in a straight line, no jumping. It may stop on an empty square or capture the first enemy piece in its way.
• When the queen moves **without capturing**, it leaves one checker behind: a new **baby**. Its height drops by one. A queen of height 2 may only capture.
• A baby's non-capturing move must end **closer to the enemy queen** (straight-line distance). Captures may go anywhere.
• **Capture the enemy queen to win.** A player with no legal move loses. There are no draws.
Play: `/challenge`, then `/move` (it suggests your legal moves), `/board`, `/moves`, `/resign`.";

fn mention(id: u64) -> String {
    format!("<@{id}>")
}

fn color(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

fn label(b: Button) -> &'static str {
    match b {
        Button::Accept => "Accept",
        Button::Decline => "Decline",
        Button::Cancel => "Cancel",
        Button::Resign => "Resign",
        Button::ConfirmResign => "Yes, resign",
        Button::Replay => "Replay",
        Button::Rematch => "Rematch",
    }
}

fn options(o: GameOptions) -> String {
    let pie = if o.pie() { "pie rule" } else { "no pie rule" };
    format!("{0}×{0}, queens of {1}, {pie}", o.size(), o.queen_height())
}

fn clock(ms: Option<i64>) -> String {
    let Some(ms) = ms else {
        return "no clock".to_owned();
    };
    let minutes = ms / 60_000;
    let span = match minutes {
        m if m % 1440 == 0 => plural(m / 1440, "day"),
        m if m % 60 == 0 => plural(m / 60, "hour"),
        m => plural(m, "minute"),
    };
    format!("{span} per move")
}

fn plural(n: i64, unit: &str) -> String {
    if n == 1 {
        format!("1 {unit}")
    } else {
        format!("{n} {unit}s")
    }
}

fn challenge_posted(c: &Challenge) -> String {
    let who = mention(c.challenger.0);
    let colour = match c.color {
        ColorChoice::White => format!("{who} plays White"),
        ColorChoice::Black => format!("{who} plays Black"),
        ColorChoice::Random => "colours by lot".to_owned(),
    };
    let rated = if c.rated { "rated" } else { "unrated" };
    let head = match c.challenged {
        Some(opponent) => format!(
            "{who} challenges {} to a game of Monkey Queen!",
            mention(opponent.0)
        ),
        None => format!(
            "{who} is looking for an opponent for a game of Monkey Queen! Anyone may accept."
        ),
    };
    format!(
        "{head}\n{} · {colour} · {} · {rated}\nThe challenge expires <t:{}:R>.",
        options(c.options),
        clock(c.move_time_ms),
        c.expires_ms / 1000
    )
}

fn challenge_closed(c: &Challenge, by: Option<UserId>) -> String {
    let by = by.map_or_else(String::new, |u| format!(" by {}", mention(u.0)));
    let what = match c.status {
        ChallengeStatus::Pending => return challenge_posted(c),
        ChallengeStatus::Accepted => format!("Accepted{by}. Good luck!"),
        ChallengeStatus::Declined => format!("Declined{by}."),
        ChallengeStatus::Cancelled => format!("Cancelled{by}."),
        ChallengeStatus::Expired => "Expired: nobody accepted in time.".to_owned(),
    };
    format!(
        "~~{} challenge: {}~~\n{what}",
        mention(c.challenger.0),
        options(c.options)
    )
}

fn your_move(g: &GameView) -> String {
    let Some(user) = g.to_move else {
        return String::new();
    };
    let colour = color(g.position.turn());
    format!("{}, your move ({colour}).{}", mention(user.0), deadline(g))
}

fn deadline(g: &GameView) -> String {
    g.deadline_ms.map_or_else(String::new, |ms| {
        format!(" Time runs out <t:{}:R>.", ms / 1000)
    })
}

fn game_over(g: &GameView, r: &GameResult) -> String {
    let winner = mention(r.winner_id.0);
    let loser = mention(r.loser_id.0);
    let how = match r.reason {
        EndReason::QueenCaptured => format!("{winner} captured {loser}'s queen"),
        EndReason::NoLegalMoves => format!("{loser} has no legal move left"),
        EndReason::Resignation => format!("{loser} resigned"),
        EndReason::Timeout => format!("{loser} ran out of time"),
    };
    let ratings = r.rating_deltas.map_or_else(String::new, |[w, b]| {
        format!(
            "\nRatings: {} {w:+.0}, {} {b:+.0}.",
            mention(g.white.id.0),
            mention(g.black.id.0)
        )
    });
    format!(
        "🏆 **{winner} wins** ({}) — {how}.{ratings}",
        color(r.winner)
    )
}

fn status_line(g: &GameView) -> String {
    if let Some(r) = &g.result {
        let why = match r.reason {
            EndReason::QueenCaptured => "queen captured",
            EndReason::NoLegalMoves => "no legal moves",
            EndReason::Resignation => "resignation",
            EndReason::Timeout => "time out",
        };
        return format!("{} wins · {why} · ply {}", color(r.winner), g.ply());
    }
    if g.status == GameStatus::Aborted {
        return format!("Aborted · ply {}", g.ply());
    }
    format!("{} to move · ply {}", color(g.position.turn()), g.ply())
}

fn move_in_words(mover: Color, mv: Move) -> String {
    let Move::Normal {
        role,
        from,
        to,
        capture,
    } = mv
    else {
        return format!("{} swaps colours (pie rule)", color(mover));
    };
    let who = color(mover);
    let piece = match role {
        Role::Queen => "queen",
        Role::Baby => "baby",
    };
    match capture {
        None if role == Role::Queen => {
            format!("{who} {piece} {from}–{to}, a baby is born on {from}")
        }
        None => format!("{who} {piece} {from}–{to}"),
        Some(Role::Baby) => format!("{who} {piece} {from}×{to} captures a baby"),
        Some(Role::Queen) => format!("{who} {piece} {from}×{to} captures the queen!"),
    }
}

fn refused(e: &UserError) -> String {
    match e {
        UserError::Illegal(MoveError::Illegal(e)) => format!("Illegal move: {}.", illegal(e)),
        UserError::Illegal(MoveError::Parse(e)) => parse(e),
        UserError::NotYourTurn { to_move } => {
            format!("It is not your turn: {} is to move.", mention(to_move.0))
        }
        UserError::SeveralGames(games) => format!(
            "You have {} games in progress here; pick one with the `game` option ({}).",
            games.len(),
            games
                .iter()
                .map(|g| format!("#{}", g.id))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        UserError::DeadlineNotReached { deadline_ms } => format!(
            "The player to move still has time: it runs out <t:{}:R>.",
            deadline_ms / 1000
        ),
        other => sentence(&other.to_string()),
    }
}

fn illegal(e: &IllegalMove) -> String {
    e.to_string()
}

fn parse(e: &ParseError) -> String {
    sentence(&e.to_string())
}

/// Capitalises the first letter and ends with a full stop.
fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    let mut out: String = chars
        .next()
        .map(|c| c.to_uppercase().collect())
        .unwrap_or_default();
    out.push_str(chars.as_str());
    if !out.ends_with(['.', '!', '?']) {
        out.push('.');
    }
    out
}
