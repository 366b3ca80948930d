//! The colours of the picture, in one place.

use image::Rgb;

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
#[derive(Debug, Clone, Copy)]
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
