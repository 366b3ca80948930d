//! The colours of the picture, in one place: the panels' and charts' (one set), and the
//! board's in each of its themes ([`BoardTheme`]: the bot's own, a colour-blind-safe one and
//! a high-contrast one, the web board's three, `web/board.js`; a test checks they agree).

use image::Rgb;

use crate::model::BoardColors;

/// Header and player strips.
pub const PANEL: Rgb<u8> = Rgb([0x2b, 0x2d, 0x31]);
/// Main text on panels.
pub const TEXT: Rgb<u8> = Rgb([0xf2, 0xf3, 0xf5]);
/// Secondary text on panels (counts).
pub const TEXT_DIM: Rgb<u8> = Rgb([0xb5, 0xba, 0xc1]);
/// The accent that marks the side to move.
pub const ACCENT: Rgb<u8> = Rgb([0xf0, 0xc4, 0x3c]);

/// The frame around the squares.
pub const FRAME: Rgb<u8> = Rgb([0x4a, 0x5a, 0x45]);
/// Coordinates in the frame.
pub const COORDINATE: Rgb<u8> = Rgb([0xe4, 0xea, 0xd8]);
/// The dark line around the squares.
pub const BOARD_EDGE: Rgb<u8> = Rgb([0x2e, 0x3a, 0x2b]);
/// Light squares.
pub const LIGHT_SQUARE: Rgb<u8> = Rgb([0xc2, 0xd0, 0xae]);
/// Dark squares.
pub const DARK_SQUARE: Rgb<u8> = Rgb([0x80, 0x99, 0x71]);

/// Tint and strength over the origin and destination of the last move.
pub const LAST_MOVE: (Rgb<u8>, f32) = (Rgb([0xf5, 0xd8, 0x3a]), 0.55);
/// Tint and strength over the destination of a capture.
pub const CAPTURE: (Rgb<u8>, f32) = (Rgb([0xe8, 0x4a, 0x32]), 0.6);
/// Border drawn inside the destination of a capture.
pub const CAPTURE_BORDER: Rgb<u8> = Rgb([0xc0, 0x23, 0x12]);
/// Tint and strength over the selected square.
pub const SELECTED: (Rgb<u8>, f32) = (Rgb([0x3f, 0x9b, 0xe8]), 0.6);
/// The frame of a piece that moves (a lesson's explanation).
pub const FRAME_PIECE: Rgb<u8> = Rgb([0x3f, 0x9b, 0xe8]);
/// The frame of a square asked for.
pub const FRAME_TARGET: Rgb<u8> = Rgb([0xf5, 0xd8, 0x3a]);
/// The dashed frame of a square a piece may go to.
pub const FRAME_ALLOWED: Rgb<u8> = Rgb([0x2e, 0x9e, 0x4f]);
/// The frame of the square tried, or of the piece in the way.
pub const FRAME_WRONG: Rgb<u8> = Rgb([0xe8, 0x4a, 0x32]);
/// The dashed frame of the enemy queen, or of the opponent's answer.
pub const FRAME_DANGER: Rgb<u8> = Rgb([0xc0, 0x23, 0x12]);
/// The ground under a frame's label.
pub const FRAME_LABEL_GROUND: Rgb<u8> = Rgb([0x10, 0x18, 0x0c]);
/// Colour and opacity of the markers of legal destinations.
pub const MARK: (Rgb<u8>, f32) = (Rgb([0x1d, 0x2b, 0x18]), 0.45);

/// The colours of one side's checkers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CheckerColors {
    /// The top face.
    pub face: Rgb<u8>,
    /// The lit side of the face gradient.
    pub shine: Rgb<u8>,
    /// The edge of each checker.
    pub rim: Rgb<u8>,
    /// The groove ring on the face.
    pub groove: Rgb<u8>,
    /// The height number on a queen.
    pub number: Rgb<u8>,
}

/// Ivory (bone) checkers of White (R2.1).
pub const IVORY: CheckerColors = CheckerColors {
    face: Rgb([0xee, 0xe4, 0xcc]),
    shine: Rgb([0xfd, 0xfa, 0xf0]),
    rim: Rgb([0x8c, 0x7a, 0x56]),
    groove: Rgb([0xcf, 0xc0, 0x9c]),
    number: Rgb([0x4a, 0x2e, 0x16]),
};

/// Tobacco (brown) checkers of Black (R2.1).
pub const TOBACCO: CheckerColors = CheckerColors {
    face: Rgb([0x7b, 0x4a, 0x26]),
    shine: Rgb([0xa0, 0x6a, 0x3e]),
    rim: Rgb([0x3a, 0x1f, 0x0c]),
    groove: Rgb([0x5e, 0x36, 0x19]),
    number: Rgb([0xfb, 0xf3, 0xdf]),
};

/// The gold ring on a queen's top checker.
pub const CROWN: Rgb<u8> = Rgb([0xe0, 0xa8, 0x2e]);
/// The soft shadow under checkers: colour and opacity.
pub const SHADOW: (Rgb<u8>, f32) = (Rgb([0x10, 0x18, 0x0c]), 0.35);

/// Tint and strength over the destination of a mistake in the analysis diagrams.
pub const MISTAKE: (Rgb<u8>, f32) = (Rgb([0xe8, 0x4a, 0x32]), 0.6);
/// Tint and strength over the destination of the engine's better move.
pub const BETTER: (Rgb<u8>, f32) = (Rgb([0x3f, 0xb9, 0x5a]), 0.6);
/// The text colour that names a mistake (red on the panel).
pub const MISTAKE_TEXT: Rgb<u8> = Rgb([0xf2, 0x7a, 0x62]);
/// The text colour that names a better move (green on the panel).
pub const BETTER_TEXT: Rgb<u8> = Rgb([0x7c, 0xd9, 0x8c]);
/// The plot area of charts: the board's frame.
pub const CHART_AREA: Rgb<u8> = FRAME;
/// Faint grid lines in charts.
pub const CHART_GRID: Rgb<u8> = Rgb([0x5a, 0x6b, 0x55]);

/// Every other row of a table.
pub const ROW_STRIPE: Rgb<u8> = Rgb([0x33, 0x35, 0x3a]);
/// The rule under a table's header row.
pub const RULE: Rgb<u8> = Rgb([0x4a, 0x4d, 0x54]);
/// Tint and strength over the winner's row of a table.
pub const WINNER_ROW: (Rgb<u8>, f32) = (ACCENT, 0.16);

/// The colours of a board's squares, frame, highlights, markers and checkers in one theme.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoardTheme {
    /// The frame around the squares.
    pub frame: Rgb<u8>,
    /// Coordinates in the frame.
    pub coordinate: Rgb<u8>,
    /// The line around the squares.
    pub edge: Rgb<u8>,
    /// Light squares.
    pub light: Rgb<u8>,
    /// Dark squares.
    pub dark: Rgb<u8>,
    /// Tint and strength over the origin and destination of the last move.
    pub last: (Rgb<u8>, f32),
    /// Tint and strength over the destination of a capture.
    pub capture: (Rgb<u8>, f32),
    /// Border drawn inside the destination of a capture.
    pub capture_border: Rgb<u8>,
    /// Tint and strength over the selected square.
    pub selected: (Rgb<u8>, f32),
    /// Colour and opacity of the markers of legal destinations.
    pub mark: (Rgb<u8>, f32),
    /// The ring on a queen's top checker.
    pub crown: Rgb<u8>,
    /// The soft shadow under checkers: colour and opacity.
    pub shadow: (Rgb<u8>, f32),
    /// White's checkers.
    pub white: CheckerColors,
    /// Black's checkers.
    pub black: CheckerColors,
}

/// The bot's own colours: green squares, ivory and tobacco checkers.
pub const STANDARD: BoardTheme = BoardTheme {
    frame: FRAME,
    coordinate: COORDINATE,
    edge: BOARD_EDGE,
    light: LIGHT_SQUARE,
    dark: DARK_SQUARE,
    last: LAST_MOVE,
    capture: CAPTURE,
    capture_border: CAPTURE_BORDER,
    selected: SELECTED,
    mark: MARK,
    crown: CROWN,
    shadow: SHADOW,
    white: IVORY,
    black: TOBACCO,
};

/// Safe for every colour blindness: grey squares, and Okabe and Ito's blue and orange, which
/// none confuses, for the highlights.
pub const COLORBLIND: BoardTheme = BoardTheme {
    frame: Rgb([0x4d, 0x4d, 0x4d]),
    coordinate: Rgb([0xf2, 0xf2, 0xf2]),
    edge: Rgb([0x26, 0x26, 0x26]),
    light: Rgb([0xd9, 0xd9, 0xd9]),
    dark: Rgb([0x9e, 0x9e, 0x9e]),
    last: (Rgb([0x56, 0xb4, 0xe9]), 0.6),
    capture: (Rgb([0xe6, 0x9f, 0x00]), 0.7),
    capture_border: Rgb([0xd5, 0x5e, 0x00]),
    selected: (Rgb([0x00, 0x72, 0xb2]), 0.55),
    mark: (Rgb([0x00, 0x00, 0x00]), 0.6),
    crown: Rgb([0xe6, 0x9f, 0x00]),
    shadow: (Rgb([0x00, 0x00, 0x00]), 0.3),
    white: CheckerColors {
        face: Rgb([0xf7, 0xf7, 0xf7]),
        shine: Rgb([0xff, 0xff, 0xff]),
        rim: Rgb([0x5c, 0x5c, 0x5c]),
        groove: Rgb([0xc8, 0xc8, 0xc8]),
        number: Rgb([0x1a, 0x1a, 0x1a]),
    },
    black: CheckerColors {
        face: Rgb([0x3a, 0x2a, 0x1e]),
        shine: Rgb([0x5a, 0x44, 0x32]),
        rim: Rgb([0x0d, 0x09, 0x06]),
        groove: Rgb([0x24, 0x1a, 0x12]),
        number: Rgb([0xff, 0xff, 0xff]),
    },
};

/// High contrast: white and grey squares, pure black and white checkers, strong highlights.
pub const HIGH: BoardTheme = BoardTheme {
    frame: Rgb([0x00, 0x00, 0x00]),
    coordinate: Rgb([0xff, 0xff, 0xff]),
    edge: Rgb([0xff, 0xff, 0xff]),
    light: Rgb([0xff, 0xff, 0xff]),
    dark: Rgb([0x8c, 0x8c, 0x8c]),
    last: (Rgb([0xff, 0xd5, 0x00]), 0.75),
    capture: (Rgb([0xff, 0x3b, 0x1f]), 0.75),
    capture_border: Rgb([0x00, 0x00, 0x00]),
    selected: (Rgb([0x00, 0xa2, 0xff]), 0.75),
    mark: (Rgb([0x00, 0x00, 0x00]), 0.9),
    crown: Rgb([0xff, 0xd5, 0x00]),
    shadow: (Rgb([0x00, 0x00, 0x00]), 0.0),
    white: CheckerColors {
        face: Rgb([0xff, 0xff, 0xff]),
        shine: Rgb([0xff, 0xff, 0xff]),
        rim: Rgb([0x00, 0x00, 0x00]),
        groove: Rgb([0x00, 0x00, 0x00]),
        number: Rgb([0x00, 0x00, 0x00]),
    },
    black: CheckerColors {
        face: Rgb([0x00, 0x00, 0x00]),
        shine: Rgb([0x00, 0x00, 0x00]),
        rim: Rgb([0xff, 0xff, 0xff]),
        groove: Rgb([0xff, 0xff, 0xff]),
        number: Rgb([0xff, 0xff, 0xff]),
    },
};

impl BoardTheme {
    /// The colours of `colors`.
    #[must_use]
    pub const fn of(colors: BoardColors) -> &'static BoardTheme {
        match colors {
            BoardColors::Standard => &STANDARD,
            BoardColors::Colorblind => &COLORBLIND,
            BoardColors::High => &HIGH,
        }
    }

    /// The checker colours of a side (R2.1).
    #[must_use]
    pub const fn checkers(&self, color: monkey_queen_core::Color) -> CheckerColors {
        match color {
            monkey_queen_core::Color::White => self.white,
            monkey_queen_core::Color::Black => self.black,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use image::Rgb;
    use monkey_queen_core::Color;

    use super::{BoardTheme, CheckerColors};
    use crate::model::BoardColors;

    /// The web board's themes, whose colours the pictures share.
    const WEB_BOARD: &str = include_str!("../../web/board.js");

    /// A colour as the web writes it, `#rrggbb`.
    fn hex(Rgb([r, g, b]): Rgb<u8>) -> String {
        format!("#{r:02x}{g:02x}{b:02x}")
    }

    /// The text of `key: { … }` in `text` (from `web/board.js`), between its braces.
    fn block<'a>(text: &'a str, key: &str) -> &'a str {
        opened(text, &format!("{key}: {{"))
    }

    /// The text after `opening` (which ends with `{`) up to its closing brace.
    fn opened<'a>(text: &'a str, opening: &str) -> &'a str {
        let start = text
            .find(opening)
            .unwrap_or_else(|| panic!("no `{opening}` in web/board.js"))
            + opening.len();
        let mut depth = 1;
        for (i, c) in text[start..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => {}
            }
            if depth == 0 {
                return &text[start..start + i];
            }
        }
        panic!("`{opening}` is not closed in web/board.js");
    }

    /// Every `name: '#rrggbb'` and `name: ['#rrggbb', alpha]` of a block, nested ones left out.
    fn colors(block: &str) -> HashMap<String, String> {
        let pair =
            regex::Regex::new(r"(\w+): (?:'(#[0-9a-f]{6})'|\['(#[0-9a-f]{6})', ([0-9.]+)\])")
                .unwrap();
        let flat = regex::Regex::new(r"\{[^{}]*\}")
            .unwrap()
            .replace_all(block, "");
        pair.captures_iter(&flat)
            .map(|c| {
                let value = match (c.get(2), c.get(3), c.get(4)) {
                    (Some(plain), _, _) => plain.as_str().to_owned(),
                    (None, Some(color), Some(alpha)) => {
                        format!("{} {}", color.as_str(), alpha.as_str())
                    }
                    _ => unreachable!("the pattern has one of both"),
                };
                (c[1].to_owned(), value)
            })
            .collect()
    }

    fn with_alpha((color, alpha): (Rgb<u8>, f32)) -> String {
        format!("{} {alpha}", hex(color))
    }

    fn checker_colors(c: CheckerColors) -> HashMap<String, String> {
        [
            ("face", c.face),
            ("shine", c.shine),
            ("rim", c.rim),
            ("groove", c.groove),
            ("number", c.number),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), hex(v)))
        .collect()
    }

    #[test]
    fn the_pictures_and_the_web_board_share_each_themes_colours() {
        let themes = opened(WEB_BOARD, "export const THEMES = {");
        for colors in BoardColors::ALL {
            let theme = BoardTheme::of(colors);
            let web = block(themes, colors.as_str());
            let mut on_web = self::colors(web);
            // The keyboard's cursor: the web board's alone (pictures have no focus).
            on_web.remove("cursor");
            let ours: HashMap<String, String> = [
                ("frame", hex(theme.frame)),
                ("coordinate", hex(theme.coordinate)),
                ("edge", hex(theme.edge)),
                ("light", hex(theme.light)),
                ("dark", hex(theme.dark)),
                ("last", with_alpha(theme.last)),
                ("capture", with_alpha(theme.capture)),
                ("captureBorder", hex(theme.capture_border)),
                ("selected", with_alpha(theme.selected)),
                ("mark", with_alpha(theme.mark)),
                ("crown", hex(theme.crown)),
                ("shadow", with_alpha(theme.shadow)),
            ]
            .into_iter()
            .map(|(k, v)| (k.to_owned(), v))
            .collect();
            assert_eq!(on_web, ours, "{colors}");
            let checkers = block(web, "checkers");
            for (side, name) in [(Color::White, "white"), (Color::Black, "black")] {
                assert_eq!(
                    self::colors(block(checkers, name)),
                    checker_colors(theme.checkers(side)),
                    "{colors} {name}"
                );
            }
        }
    }
}
