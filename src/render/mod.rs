//! Pictures of Monkey Queen games: a PNG of any position and an animated GIF replay of a
//! game. Knows nothing of Discord or the database.
//!
//! Build one [`Renderer`] at start-up and share it (it is `Send + Sync`; every method takes
//! `&self`). Rendering is plain synchronous CPU work: an async caller should run it on a
//! blocking thread.
//!
//! ```
//! use monkey_queen::render::{BoardView, Renderer};
//! use monkey_queen_core::{GameOptions, Position};
//!
//! let renderer = Renderer::new().unwrap();
//! let mut pos = Position::start(GameOptions::default());
//! let last = pos.play_str("g1g7").unwrap();
//! let view = BoardView { last_move: Some(last), ..BoardView::default() };
//! let png = renderer.board_png(&pos, &view).unwrap();
//! assert!(png.starts_with(b"\x89PNG"));
//! ```

mod analysis;
pub mod analysis_layout;
mod board;
mod chart;
mod crosstable;
mod deflate;
mod diagram;
mod encode;
mod glyphs;
pub mod layout;
mod palette;
mod replay;
mod sprites;
mod text;
pub mod theme;
mod view;

use std::fmt;
use std::sync::OnceLock;

use image::RgbImage;
use monkey_queen_core::analysis::Analysis;
use monkey_queen_core::{Move, Position, Record};

use crate::model::BoardColors;

pub use analysis::{AnalysisTexts, SHOWN_MISTAKES, chart_value};
use board::{Icons, Kit};
pub use chart::{ChartError, RatingPoint, RatingTexts};
pub use crosstable::{
    CellResult, Crosstable, CrosstableCell, CrosstableRow, CrosstableTexts, MAX_ROUNDS, MAX_ROWS,
    MAX_TIE_BREAKS,
};
pub use diagram::DiagramPlace;
pub use layout::Layout;
pub use replay::{FRAME_DELAY, LAST_FRAME_DELAY};
use text::Fonts;
pub use view::{BoardView, Frame, FrameKind, Players, default_status};

/// The board sizes pictures are prepared for (R1.1).
const SIZES: [u8; 3] = [12, 14, 16];
/// The corners a picture may show alone ([`BoardView::corner`]): the lessons' 8×8.
pub const CORNERS: [u8; 1] = [8];
/// Every number of squares a side a picture draws: the corners, then the boards.
const DRAWN: [u8; CORNERS.len() + SIZES.len()] = [CORNERS[0], SIZES[0], SIZES[1], SIZES[2]];

/// Why a picture could not be made. All of these are internal failures, not user mistakes.
#[derive(Debug)]
pub enum RenderError {
    /// The embedded font could not be read.
    Font(ab_glyph::InvalidFont),
    /// The board size is not one of 12, 14 or 16, or the corner asked for is not one of
    /// [`CORNERS`] within the board.
    BoardSize(u8),
    /// The PNG encoder failed.
    Png(png::EncodingError),
    /// The GIF encoder failed.
    Gif(gif::EncodingError),
    /// The chart library failed.
    Chart(ChartError),
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenderError::Font(e) => write!(f, "the embedded font is unreadable: {e}"),
            RenderError::BoardSize(size) => write!(f, "no pictures for a {size}x{size} board"),
            RenderError::Png(e) => write!(f, "PNG encoding failed: {e}"),
            RenderError::Gif(e) => write!(f, "GIF encoding failed: {e}"),
            RenderError::Chart(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for RenderError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RenderError::Font(e) => Some(e),
            RenderError::Png(e) => Some(e),
            RenderError::Gif(e) => Some(e),
            RenderError::Chart(e) => Some(e),
            RenderError::BoardSize(_) => None,
        }
    }
}

/// Draws positions and replays. Fonts are parsed once; the empty board of each size,
/// orientation and theme is drawn the first time it is needed, then reused.
pub struct Renderer {
    fonts: Fonts,
    /// The strip icons, by theme (in [`BoardColors::ALL`]'s order).
    icons: [Icons; BoardColors::ALL.len()],
    /// The kits, by theme then size (in [`DRAWN`]'s order).
    kits: [[OnceLock<Kit>; DRAWN.len()]; BoardColors::ALL.len()],
}

/// The place of `colors` in [`BoardColors::ALL`].
fn theme_slot(colors: BoardColors) -> usize {
    BoardColors::ALL
        .iter()
        .position(|&c| c == colors)
        .unwrap_or(0)
}

impl fmt::Debug for Renderer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Renderer").finish_non_exhaustive()
    }
}

impl Renderer {
    /// Parses the embedded fonts and paints the strip icons.
    ///
    /// # Errors
    /// [`RenderError::Font`] if the embedded font is corrupt.
    pub fn new() -> Result<Renderer, RenderError> {
        Ok(Renderer {
            fonts: Fonts::new().map_err(RenderError::Font)?,
            icons: BoardColors::ALL.map(|colors| Icons::new(theme::BoardTheme::of(colors))),
            kits: Default::default(),
        })
    }

    fn kit(&self, size: u8, colors: BoardColors) -> Result<&Kit, RenderError> {
        let slot = DRAWN
            .iter()
            .position(|&s| s == size)
            .ok_or(RenderError::BoardSize(size))?;
        Ok(self.kits[theme_slot(colors)][slot]
            .get_or_init(|| Kit::new(&self.fonts, size, theme::BoardTheme::of(colors))))
    }

    /// The picture of `pos` as `view` asks, before encoding.
    ///
    /// # Errors
    /// [`RenderError::BoardSize`] for a board size without pictures.
    pub fn board_image(&self, pos: &Position, view: &BoardView) -> Result<RgbImage, RenderError> {
        let kit = self.kit(drawn_size(pos, view)?, view.colors)?;
        let icons = &self.icons[theme_slot(view.colors)];
        Ok(board::draw(&self.fonts, kit, icons, pos, view))
    }

    /// The geometry of the picture of `pos` as `view` asks (its corner alone, if it asks).
    ///
    /// # Errors
    /// [`RenderError::BoardSize`] for a board size or corner without pictures.
    pub fn layout(pos: &Position, view: &BoardView) -> Result<Layout, RenderError> {
        Ok(Layout::new(drawn_size(pos, view)?, view.flipped))
    }

    /// The picture of `pos` as `view` asks, as PNG bytes: an indexed image in the palette of
    /// its theme.
    ///
    /// # Errors
    /// [`RenderError::BoardSize`], or an internal PNG encoder failure.
    pub fn board_png(&self, pos: &Position, view: &BoardView) -> Result<Vec<u8>, RenderError> {
        let kit = self.kit(drawn_size(pos, view)?, view.colors)?;
        let palette = palette::of(view.colors);
        if view.frames.is_empty() {
            // Made of kept bands, and of the empty board's indices and kept squares.
            let icons = &self.icons[theme_slot(view.colors)];
            return board::draw_png(&self.fonts, kit, icons, (pos, view), palette)
                .map_err(RenderError::Png);
        }
        let img = self.board_image(pos, view)?;
        let (empty, empty_indices) = kit.empty(view.flipped, |img| palette.indices(img));
        let mut indices = palette.indices_over(&img, empty, empty_indices);
        // The frames' colours exactly, in slots of their own (see `Palette::holding`).
        let layout = Renderer::layout(pos, view)?;
        let frames: Vec<_> = view
            .frames
            .iter()
            .filter(|frame| frame.square.is_on_board(layout.size()))
            .map(|frame| {
                (
                    board::frame_color(frame.kind).0,
                    layout.square_rect(frame.square),
                )
            })
            .collect();
        let rgb = palette.holding(&img, &mut indices, &frames);
        encode::indexed_png(img.dimensions(), &indices, &rgb).map_err(RenderError::Png)
    }

    /// An animated GIF of the whole game in `colors`: the start, then one frame after every
    /// ply with that move highlighted, the last frame held for [`LAST_FRAME_DELAY`].
    /// `players` names who held White and Black at the start; after a `swap` (R8.1) the names
    /// change sides.
    ///
    /// # Errors
    /// [`RenderError::BoardSize`], or an internal GIF encoder failure.
    pub fn replay_gif(
        &self,
        record: &Record,
        players: &Players,
        colors: BoardColors,
    ) -> Result<Vec<u8>, RenderError> {
        let frames = replay_views(record, players, colors);
        let last = frames.len() - 1;
        let palette = palette::of(colors);
        let layout = Layout::new(record.options.size(), false);
        let dimension =
            |v: u32| u16::try_from(v).map_err(|_| RenderError::BoardSize(record.options.size()));
        let mut gif = replay::GifWriter::new(
            dimension(layout.width())?,
            dimension(layout.height())?,
            palette,
        )
        .map_err(RenderError::Gif)?;
        for (i, (pos, view)) in frames.iter().enumerate() {
            let img = self.board_image(pos, view)?;
            let delay = if i == last {
                LAST_FRAME_DELAY
            } else {
                FRAME_DELAY
            };
            gif.frame(palette.indices(&img), delay)
                .map_err(RenderError::Gif)?;
        }
        gif.finish().map_err(RenderError::Gif)
    }
}

/// The squares a side the picture of `pos` as `view` asks draws: the board's, or the corner's.
fn drawn_size(pos: &Position, view: &BoardView) -> Result<u8, RenderError> {
    let size = pos.size();
    if !SIZES.contains(&size) {
        return Err(RenderError::BoardSize(size));
    }
    match view.corner {
        None => Ok(size),
        Some(corner) if CORNERS.contains(&corner) && corner <= size => Ok(corner),
        Some(corner) => Err(RenderError::BoardSize(corner)),
    }
}

/// Size of the rating chart of `/stats`.
pub const RATING_CHART: (u32, u32) = (640, 300);

impl Renderer {
    /// The analysis picture of a game: the advantage chart, and the biggest mistakes beside
    /// the engine's better moves. `texts` gives its words.
    ///
    /// # Errors
    /// [`RenderError::BoardSize`] for a board size without pictures; a chart failure.
    pub fn analysis_image(
        &self,
        analysis: &Analysis,
        texts: &AnalysisTexts,
    ) -> Result<RgbImage, RenderError> {
        let size = analysis.record().options.size();
        if !SIZES.contains(&size) {
            return Err(RenderError::BoardSize(size));
        }
        analysis::draw(&self.fonts, analysis, texts).map_err(RenderError::Chart)
    }

    /// [`Renderer::analysis_image`] as PNG bytes (RGB: the chart has colours boards don't).
    ///
    /// # Errors
    /// As [`Renderer::analysis_image`], or an internal PNG encoder failure.
    pub fn analysis_png(
        &self,
        analysis: &Analysis,
        texts: &AnalysisTexts,
    ) -> Result<Vec<u8>, RenderError> {
        encode::png(&self.analysis_image(analysis, texts)?).map_err(RenderError::Png)
    }

    /// A player's rating after each rated game, the first point where they started, with
    /// the band of ± the deviation, as a [`RATING_CHART`]-sized PNG.
    ///
    /// # Errors
    /// A chart failure, or an internal PNG encoder failure.
    pub fn rating_png(
        &self,
        points: &[RatingPoint],
        texts: &RatingTexts,
    ) -> Result<Vec<u8>, RenderError> {
        let img = chart::rating(RATING_CHART, points, texts).map_err(RenderError::Chart)?;
        encode::png(&img).map_err(RenderError::Png)
    }

    /// A tournament's crosstable: one row per player in standings order, one column per
    /// round, then points and tie-breaks; the winner's row highlighted. The picture grows
    /// with players and rounds (see [`MAX_ROWS`] and [`MAX_ROUNDS`]).
    ///
    /// # Errors
    /// Only an internal PNG encoder failure.
    pub fn crosstable_png(&self, table: &Crosstable) -> Result<Vec<u8>, RenderError> {
        encode::png(&crosstable::draw(&self.fonts, table)).map_err(RenderError::Png)
    }
}

/// Every position of a game with the view of its replay frame in `colors`: start first.
fn replay_views(
    record: &Record,
    players: &Players,
    colors: BoardColors,
) -> Vec<(Position, BoardView)> {
    let mut pos = Position::start(record.options);
    let mut players = players.clone();
    let mut frames = Vec::with_capacity(record.moves.len() + 1);
    frames.push((
        pos.clone(),
        BoardView {
            players: players.clone(),
            colors,
            ..BoardView::default()
        },
    ));
    for &m in &record.moves {
        pos.play_unchecked(m);
        if m == Move::Swap {
            players = players.swapped();
        }
        frames.push((
            pos.clone(),
            BoardView {
                last_move: Some(m),
                players: players.clone(),
                colors,
                ..BoardView::default()
            },
        ));
    }
    frames
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renderer_is_shareable_between_threads() {
        fn shareable<T: Send + Sync>() {}
        shareable::<Renderer>();
    }

    /// Positions of a game of pseudo-random moves on a board of `size`, each with the move
    /// that led to it (captures among them), every `step` plies.
    fn positions(size: u8, seed: u64, step: usize) -> Vec<(Position, Option<Move>)> {
        let options = monkey_queen_core::GameOptions::with_size(size).unwrap();
        let mut pos = Position::start(options);
        let (mut state, mut last, mut out) = (seed | 1, None, Vec::new());
        while !pos.is_game_over() {
            if (pos.ply() as usize).is_multiple_of(step) {
                out.push((pos.clone(), last));
            }
            let legal = pos.legal_moves();
            // A capture when there is one, to see their squares drawn.
            let captures: Vec<Move> = legal.iter().copied().filter(|m| m.is_capture()).collect();
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let pick = if !captures.is_empty() && state >> 62 == 0 {
                &captures
            } else {
                &legal
            };
            let m = pick[usize::try_from(state >> 33).unwrap_or(0) % pick.len()];
            pos.play_unchecked(m);
            last = Some(m);
        }
        out.push((pos, last));
        out
    }

    /// The palette indices of an indexed PNG's pixels, row by row.
    fn indices_of(png: &[u8]) -> Vec<u8> {
        let mut decoder = png::Decoder::new(std::io::Cursor::new(png));
        decoder.set_transformations(png::Transformations::IDENTITY);
        let mut reader = decoder.read_info().unwrap();
        assert_eq!(reader.info().color_type, png::ColorType::Indexed);
        let mut indices = vec![0; reader.output_buffer_size().unwrap()];
        let frame = reader.next_frame(&mut indices).unwrap();
        indices.truncate(frame.buffer_size());
        indices
    }

    #[test]
    fn a_board_made_of_kept_bands_is_the_board_drawn() {
        let renderer = Renderer::new().unwrap();
        let mut compared = 0;
        for (size, colors) in [
            (12, BoardColors::Standard),
            (14, BoardColors::Colorblind),
            (16, BoardColors::High),
            (12, BoardColors::High),
        ] {
            for (i, (pos, last)) in positions(size, u64::from(size), 2).into_iter().enumerate() {
                let queen = pos
                    .pieces()
                    .find(|(_, p)| p.role == monkey_queen_core::Role::Queen);
                let from = queen.map(|(sq, _)| sq);
                let view = BoardView {
                    flipped: i % 2 == 1,
                    last_move: last,
                    // A piece picked, with its destinations marked (empty squares and captures).
                    selected: from.filter(|_| i % 3 == 0),
                    marks: pos
                        .legal_moves()
                        .into_iter()
                        .filter(|m| i % 3 == 0 && m.from() == from)
                        .filter_map(Move::to)
                        .collect(),
                    players: Players::new(
                        "Ålice with a very long name indeed, too long to fit",
                        "Bob",
                    ),
                    status: (i % 4 == 0).then(|| {
                        "Une phrase assez longue pour être coupée à la fin de l'en-tête".to_owned()
                    }),
                    colors,
                    corner: (i % 5 == 4).then_some(8),
                    ..BoardView::default()
                };
                let kit = renderer
                    .kit(drawn_size(&pos, &view).unwrap(), colors)
                    .unwrap();
                let icons = &renderer.icons[theme_slot(colors)];
                let palette = palette::of(colors);
                let png = board::draw_png(&renderer.fonts, kit, icons, (&pos, &view), palette);
                let made = indices_of(&png.unwrap());
                let drawn = palette.indices(&renderer.board_image(&pos, &view).unwrap());
                if let Some(at) = made.iter().zip(&drawn).position(|(a, b)| a != b) {
                    let width = Renderer::layout(&pos, &view).unwrap().width() as usize;
                    panic!(
                        "{size}x{size}, position {i}: ({}, {}) is {} made, {} drawn: {view:?}",
                        at % width,
                        at / width,
                        made[at],
                        drawn[at]
                    );
                }
                assert_eq!(made.len(), drawn.len());
                compared += 1;
            }
        }
        assert!(compared > 30, "{compared} pictures compared");
    }
}
