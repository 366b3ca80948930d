//! Every text the bot writes, in English and Spanish (issue: "texts live in one place per
//! language"). A message is a [`Msg`] value; [`Lang::text`] renders it. Each language's file
//! matches on every variant, so a missing translation does not compile.

mod en;
mod es;

use monkey_queen_core::{Color, IllegalMove, Move, ParseError};

/// A language the bot speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// English, the default.
    #[default]
    En,
    /// Spanish.
    Es,
}

impl Lang {
    /// The language for a Discord locale such as `es-ES`, `es-419` or `en-US`.
    #[must_use]
    pub fn from_locale(locale: &str) -> Lang {
        if locale
            .get(..2)
            .is_some_and(|p| p.eq_ignore_ascii_case("es"))
        {
            Lang::Es
        } else {
            Lang::En
        }
    }

    /// Renders a message in this language.
    #[must_use]
    pub fn text(self, msg: &Msg<'_>) -> String {
        match self {
            Lang::En => en::text(msg),
            Lang::Es => es::text(msg),
        }
    }
}

/// A message the bot can write. Data comes along; wording lives in `en.rs` and `es.rs`.
#[derive(Debug, Clone)]
pub enum Msg<'a> {
    /// A move in words: "White queen g1–g7, a baby is born on g1".
    MoveInWords {
        /// Who moved.
        mover: Color,
        /// The move.
        mv: Move,
    },
    /// The engine's reason for refusing a move.
    Illegal(IllegalMove),
    /// The text typed is not a move.
    Parse(&'a ParseError),
    /// A colour's name, capitalised: "White".
    ColorName(Color),
    /// Something failed on our side; the details went to the log.
    Internal,
}

#[cfg(test)]
mod tests {
    use super::*;
    use monkey_queen_core::{Role, Square};

    static NOTHING_TYPED: ParseError = ParseError::Empty;

    fn samples() -> Vec<Msg<'static>> {
        let sq = |s| Square::parse(s, 12).unwrap();
        vec![
            Msg::MoveInWords {
                mover: Color::White,
                mv: Move::Normal {
                    role: Role::Queen,
                    from: sq("g1"),
                    to: sq("g7"),
                    capture: None,
                },
            },
            Msg::Illegal(IllegalMove::GameOver),
            Msg::Illegal(IllegalMove::PathBlocked {
                from: sq("a1"),
                to: sq("a5"),
                blocker: sq("a3"),
            }),
            Msg::Parse(&NOTHING_TYPED),
            Msg::ColorName(Color::Black),
            Msg::Internal,
        ]
    }

    #[test]
    fn every_message_exists_in_both_languages() {
        for msg in samples() {
            let en = Lang::En.text(&msg);
            let es = Lang::Es.text(&msg);
            assert!(!en.is_empty() && !es.is_empty(), "{msg:?}");
            assert_ne!(en, es, "{msg:?} is not translated");
        }
    }

    #[test]
    fn locales() {
        assert_eq!(Lang::from_locale("es-ES"), Lang::Es);
        assert_eq!(Lang::from_locale("es-419"), Lang::Es);
        assert_eq!(Lang::from_locale("en-US"), Lang::En);
        assert_eq!(Lang::from_locale("fr"), Lang::En);
        assert_eq!(Lang::from_locale(""), Lang::En);
    }

    #[test]
    fn a_birth_in_words() {
        let msg = &samples()[0];
        assert_eq!(
            Lang::En.text(msg),
            "White queen g1–g7, a baby is born on g1"
        );
        assert_eq!(Lang::Es.text(msg), "Reina blanca g1–g7, nace un bebé en g1");
    }
}
