//! Spanish texts.

use monkey_queen_core::{Color, IllegalMove, Move, ParseError, Role};

use super::Msg;

/// Renders `msg` in Spanish.
pub fn text(msg: &Msg<'_>) -> String {
    match msg {
        Msg::MoveInWords { mover, mv } => move_in_words(*mover, *mv),
        Msg::Illegal(e) => illegal(e),
        Msg::Parse(e) => parse(e),
        Msg::ColorName(c) => color(*c).to_owned(),
        Msg::Internal => "Algo falló por nuestra parte. Inténtalo de nuevo.".to_owned(),
    }
}

fn color(c: Color) -> &'static str {
    match c {
        Color::White => "Blancas",
        Color::Black => "Negras",
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
        return format!("{} cambian de color (regla del pastel)", color(mover));
    };
    let piece = match (role, mover) {
        (Role::Queen, Color::White) => "Reina blanca",
        (Role::Queen, Color::Black) => "Reina negra",
        (Role::Baby, Color::White) => "Bebé blanco",
        (Role::Baby, Color::Black) => "Bebé negro",
    };
    match capture {
        None if role == Role::Queen => format!("{piece} {from}–{to}, nace un bebé en {from}"),
        None => format!("{piece} {from}–{to}"),
        Some(Role::Baby) => format!("{piece} {from}×{to} captura un bebé"),
        Some(Role::Queen) => format!("{piece} {from}×{to} ¡captura la reina!"),
    }
}

fn parse(e: &ParseError) -> String {
    match e {
        ParseError::Empty => "No has escrito ninguna jugada; escríbela como g1-g7.".to_owned(),
        ParseError::NotASquare { text, size } => {
            format!("`{text}` no es una casilla de un tablero de {size}×{size}")
        }
        ParseError::Malformed(text) => {
            format!("`{text}` no es una jugada; escribe dos casillas como g1-g7, o swap")
        }
    }
}

fn illegal(e: &IllegalMove) -> String {
    match *e {
        IllegalMove::GameOver => "la partida ya ha terminado".to_owned(),
        IllegalMove::OffBoard(sq) => format!("{sq} no está en este tablero"),
        IllegalMove::NoPiece(sq) => format!("no hay ninguna pieza en {sq}"),
        IllegalMove::NotYourPiece(sq) => format!("la pieza de {sq} no es tuya"),
        IllegalMove::SameSquare(sq) => format!("una pieza debe salir de su casilla ({sq})"),
        IllegalMove::NotStraightLine { from, to } => format!(
            "de {from} a {to} no hay línea recta; las piezas se mueven por filas, columnas y diagonales"
        ),
        IllegalMove::PathBlocked { from, to, blocker } => {
            format!("el camino de {from} a {to} está bloqueado por la pieza de {blocker}")
        }
        IllegalMove::OwnPiece(sq) => format!("en {sq} hay una pieza tuya"),
        IllegalMove::QueenMustCapture(sq) => format!(
            "tu reina de {sq} solo tiene 2 fichas: puede capturar pero no dar a luz"
        ),
        IllegalMove::BabyNotCloser {
            from,
            to,
            queen,
            before,
            after,
        } => format!(
            "un bebé debe acercarse a la reina enemiga de {queen}: \
             {from} está a √{before} de ella, {to} quedaría a √{after}"
        ),
        IllegalMove::SwapNotAllowed => {
            "swap solo se permite como primera jugada de las negras en una partida con la regla del pastel"
                .to_owned()
        }
    }
}
