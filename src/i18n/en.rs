//! English texts.

use monkey_queen_core::{Color, Move, Role};

use super::Msg;

/// Renders `msg` in English.
pub fn text(msg: &Msg<'_>) -> String {
    match msg {
        Msg::MoveInWords { mover, mv } => move_in_words(*mover, *mv),
        Msg::Illegal(e) => e.to_string(),
        Msg::Parse(e) => e.to_string(),
        Msg::ColorName(c) => color(*c).to_owned(),
        Msg::Internal => "Something went wrong on our side. Please try again.".to_owned(),
    }
}

fn color(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
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
    let piece = match role {
        Role::Queen => "queen",
        Role::Baby => "baby",
    };
    let who = color(mover);
    match capture {
        None if role == Role::Queen => {
            format!("{who} {piece} {from}–{to}, a baby is born on {from}")
        }
        None => format!("{who} {piece} {from}–{to}"),
        Some(Role::Baby) => format!("{who} {piece} {from}×{to} captures a baby"),
        Some(Role::Queen) => format!("{who} {piece} {from}×{to} captures the queen!"),
    }
}
