//! Drawing a position: the pre-rendered empty board per (size, orientation), then each square
//! that is not empty (its highlights, piece and markers) and the text strips on a copy of it
//! ([`draw`]); or the same picture as a PNG made of bands of palette indices, from the empty
//! board's indices and each square's tile, kept once drawn ([`draw_png`], how boards are sent).

mod bands;

pub use bands::draw_png;

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use image::{Rgb, RgbImage};
use imageproc::drawing::draw_filled_rect_mut;
use imageproc::rect::Rect as DrawRect;
use monkey_queen_core::{Color, Move, Piece, Position, Role, Square};

use super::deflate::Coded;
use super::layout::{Layout, Rect};
use super::palette::Palette;
use super::sprites::{self, PieceSprites, blit, tint};
use super::text::{self, Fonts};
use super::theme::{self, BoardTheme};
use super::view::{BoardView, Frame, FrameKind};

/// Side of the checker icon in front of a player's name.
const SIDE_ICON: u32 = 36;
/// Side of the small icons before the counts.
const COUNT_ICON: u32 = 28;
/// Left and right padding inside the header and strips.
const PAD: u32 = 14;
/// Pixel size of the status text.
const STATUS_SIZE: f32 = 26.0;
/// Pixel size of the players' names.
const NAME_SIZE: f32 = 25.0;
/// Pixel size of the counts in the strips.
const COUNT_SIZE: f32 = 23.0;
/// Pixel size of the coordinates in the frame.
const COORD_SIZE: f32 = 18.0;
/// The most tiles a kit keeps (a few hundred occur in play: two square colours, the shades,
/// the pieces, the queens' heights); past that, a tile is drawn for each picture.
const MAX_TILES: usize = 4096;

/// What does not change between pictures of one board size in one theme: both empty boards
/// and the sprites for that square size.
#[derive(Debug)]
pub struct Kit {
    /// The squares a side of its boards.
    size: u8,
    /// The colours everything is drawn in.
    theme: &'static BoardTheme,
    /// The empty picture, White at the bottom then flipped.
    empty: [RgbImage; 2],
    /// Their palette indices, once a board of this size has been encoded.
    empty_indices: [std::sync::OnceLock<Vec<u8>>; 2],
    sprites: PieceSprites,
    /// The palette indices of each square drawn so far, row by row, by whether it is light
    /// and how it looks.
    tiles: Mutex<Tiles>,
    /// Bands of its boards' PNGs, coded (see [`bands`]).
    bands: bands::Bands,
}

/// Squares' palette indices, row by row, by whether the square is light and how it looks.
type Tiles = HashMap<(bool, SquareLook), Arc<[u8]>>;

/// Icons of the player strips in one theme, the same for every board size.
#[derive(Debug)]
pub struct Icons {
    side: [image::RgbaImage; 2],
    queen: [image::RgbaImage; 2],
    baby: [image::RgbaImage; 2],
    turn_ring: image::RgbaImage,
}

impl Icons {
    /// Paints the icons in the colours of `theme`.
    #[must_use]
    pub fn new(theme: &BoardTheme) -> Icons {
        Icons {
            side: Color::ALL.map(|c| sprites::baby_icon(theme, c, SIDE_ICON)),
            queen: Color::ALL.map(|c| sprites::queen_icon(theme, c, COUNT_ICON)),
            baby: Color::ALL.map(|c| sprites::baby_icon(theme, c, COUNT_ICON)),
            turn_ring: sprites::ring(
                SIDE_ICON + 12,
                SIDE_ICON as f32 / 2.0 + 1.5,
                3.0,
                theme::ACCENT,
            ),
        }
    }
}

impl Kit {
    /// Pre-renders both empty boards of `size` and the sprites for its squares, in the
    /// colours of `theme`.
    #[must_use]
    pub fn new(fonts: &Fonts, size: u8, theme: &'static BoardTheme) -> Kit {
        let square = Layout::new(size, false).square_px();
        Kit {
            size,
            theme,
            empty: [false, true]
                .map(|flipped| empty_board(fonts, Layout::new(size, flipped), theme)),
            empty_indices: Default::default(),
            sprites: PieceSprites::new(square, theme),
            tiles: Mutex::default(),
            bands: bands::kept(),
        }
    }

    /// The band `band` of this kit's boards, coded by `code` the first time, then kept.
    fn band(&self, band: bands::Band, code: impl FnOnce() -> Coded) -> Arc<Coded> {
        if let Some(piece) = self.bands.get(&band) {
            return piece;
        }
        let piece = Arc::new(code());
        self.bands.insert(band, piece.clone());
        piece
    }

    /// The palette indices of a square (light or not) that looks like `look`, in `palette`
    /// (this kit's theme's): drawn the first time, then kept.
    fn tile(&self, fonts: &Fonts, light: bool, look: SquareLook, palette: &Palette) -> Arc<[u8]> {
        let tiles = || self.tiles.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(tile) = tiles().get(&(light, look)) {
            return tile.clone();
        }
        let side = Layout::new(self.size, false).square_px();
        let ground = if light {
            self.theme.light
        } else {
            self.theme.dark
        };
        let mut img = RgbImage::from_pixel(side, side, ground);
        draw_square(&mut img, fonts, self, (0, 0), &look);
        let tile: Arc<[u8]> = palette.indices(&img).into();
        let mut kept = tiles();
        if kept.len() < MAX_TILES {
            kept.insert((light, look), tile.clone());
        }
        tile
    }

    /// The empty picture in one orientation, and its palette indices (`index` computes them
    /// the first time).
    pub fn empty(
        &self,
        flipped: bool,
        index: impl FnOnce(&RgbImage) -> Vec<u8>,
    ) -> (&RgbImage, &[u8]) {
        let i = usize::from(flipped);
        let indices = self.empty_indices[i].get_or_init(|| index(&self.empty[i]));
        (&self.empty[i], indices)
    }
}

/// The empty picture: panels, frame with coordinates, squares.
fn empty_board(fonts: &Fonts, layout: Layout, colors: &BoardTheme) -> RgbImage {
    let mut img = RgbImage::from_pixel(layout.width(), layout.height(), theme::PANEL);
    fill(&mut img, layout.frame(), colors.frame);
    let board = layout.board();
    fill(
        &mut img,
        Rect {
            x: board.x - 2,
            y: board.y - 2,
            w: board.w + 4,
            h: board.h + 4,
        },
        colors.edge,
    );
    let size = layout.size();
    for rank in 0..size {
        for file in 0..size {
            let Some(sq) = Square::new(file, rank) else {
                continue;
            };
            let color = if Layout::is_light(sq) {
                colors.light
            } else {
                colors.dark
            };
            fill(&mut img, layout.square_rect(sq), color);
        }
    }
    let half = layout.square_px() as f32 / 2.0;
    let frame = super::layout::FRAME as f32;
    let files = [
        board.y as f32 - frame / 2.0,
        (board.y + board.h) as f32 + frame / 2.0,
    ]
    .map(|y| text::baseline_centring(&fonts.bold, COORD_SIZE, y, "x"));
    let ranks = [frame / 2.0, (board.x + board.w) as f32 + frame / 2.0];
    for i in 0..size {
        let letter = char::from(b'a' + i).to_string();
        let x = (board.x + layout.column_of_file(i) * layout.square_px()) as f32 + half;
        for baseline in files {
            let at = (x, baseline);
            text::draw_on_baseline(
                &mut img,
                &fonts.bold,
                COORD_SIZE,
                colors.coordinate,
                at,
                &letter,
            );
        }
        let number = (i + 1).to_string();
        let y = (board.y + layout.row_of_rank(i) * layout.square_px()) as f32 + half;
        for x in ranks {
            text::draw_centred(
                &mut img,
                &fonts.bold,
                COORD_SIZE,
                colors.coordinate,
                (x, y),
                &number,
            );
        }
    }
    img
}

fn fill(img: &mut RgbImage, r: Rect, color: Rgb<u8>) {
    if r.w == 0 || r.h == 0 {
        return;
    }
    let rect = DrawRect::at(r.x as i32, r.y as i32).of_size(r.w, r.h);
    draw_filled_rect_mut(img, rect, color);
}

/// Draws `pos` as `view` asks, on a copy of the kit's empty board.
/// The kit is that of the squares drawn: the board's, or the corner's that `view` asks for.
#[must_use]
pub fn draw(fonts: &Fonts, kit: &Kit, icons: &Icons, pos: &Position, view: &BoardView) -> RgbImage {
    let layout = Layout::new(kit.size, view.flipped);
    let mut img = kit.empty[usize::from(view.flipped)].clone();
    for (sq, look) in looks(&layout, pos, view) {
        let r = layout.square_rect(sq);
        draw_square(&mut img, fonts, kit, (r.x, r.y), &look);
    }
    for frame in &view.frames {
        if frame.square.is_on_board(layout.size()) {
            draw_frame(&mut img, fonts, &layout, frame);
        }
    }
    draw_header(&mut img, fonts, &layout, &status(pos, view));
    for color in Color::ALL {
        let strip = layout.strip(color);
        draw_strip(&mut img, fonts, icons, strip, pos, view, color);
    }
    img
}

/// `height` rows of `img` from row `y`, as a picture of their own.
fn rows_of(img: &RgbImage, y: u32, height: u32) -> RgbImage {
    let row = img.width() as usize * 3;
    let raw = img.as_raw()[y as usize * row..(y + height) as usize * row].to_vec();
    RgbImage::from_raw(img.width(), height, raw)
        .unwrap_or_else(|| RgbImage::new(img.width(), height))
}

/// How the last move marks a square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Shade {
    /// Not at all.
    Plain,
    /// Where it came from or went to, without a capture.
    Moved,
    /// Where it captured.
    Captured,
}

/// Everything drawn on one square (beside a lesson's frame): what the squares of a picture
/// that look the same share.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct SquareLook {
    shade: Shade,
    selected: bool,
    /// The piece, and the number on it (a queen's height; 0 for a baby).
    piece: Option<(Piece, u8)>,
    /// How many times the view lists the square among the destinations to mark (each draws
    /// the marker again).
    marks: u8,
}

/// The squares of `pos` as `view` asks that are not as on the empty board, and how each looks.
fn looks(layout: &Layout, pos: &Position, view: &BoardView) -> Vec<(Square, SquareLook)> {
    let size = layout.size();
    let mut looks: Vec<(Square, SquareLook)> = Vec::with_capacity(64);
    if let Some(Move::Normal {
        from, to, capture, ..
    }) = view.last_move
        && from.is_on_board(size)
        && to.is_on_board(size)
    {
        look_of(&mut looks, from).shade = Shade::Moved;
        look_of(&mut looks, to).shade = if capture.is_some() {
            Shade::Captured
        } else {
            Shade::Moved
        };
    }
    if let Some(sq) = view.selected.filter(|sq| sq.is_on_board(size)) {
        look_of(&mut looks, sq).selected = true;
    }
    for (sq, piece) in pos.pieces().filter(|(sq, _)| sq.is_on_board(size)) {
        let height = match piece.role {
            Role::Baby => 0,
            Role::Queen => pos.height(piece.color).unwrap_or(0),
        };
        look_of(&mut looks, sq).piece = Some((piece, height));
    }
    for &sq in view.marks.iter().filter(|sq| sq.is_on_board(size)) {
        let look = look_of(&mut looks, sq);
        look.marks = look.marks.saturating_add(1);
    }
    looks
}

/// The look of `sq` among `looks`, added as an empty square's if it is not there yet.
fn look_of(looks: &mut Vec<(Square, SquareLook)>, sq: Square) -> &mut SquareLook {
    let at = looks.iter().position(|&(s, _)| s == sq).unwrap_or_else(|| {
        let plain = SquareLook {
            shade: Shade::Plain,
            selected: false,
            piece: None,
            marks: 0,
        };
        looks.push((sq, plain));
        looks.len() - 1
    });
    &mut looks[at].1
}

/// Draws `look` on the square whose top-left corner is `(x, y)`, over what `img` holds there:
/// the last move's tint, the selection's, the piece, the marker.
fn draw_square(
    img: &mut RgbImage,
    fonts: &Fonts,
    kit: &Kit,
    (x, y): (u32, u32),
    look: &SquareLook,
) {
    let colors = kit.theme;
    let side = Layout::new(kit.size, false).square_px();
    let area = (x, y, side, side);
    match look.shade {
        Shade::Plain => {}
        Shade::Moved => {
            let (color, alpha) = colors.last;
            tint(img, area, color, alpha);
        }
        Shade::Captured => {
            let (color, alpha) = colors.capture;
            tint(img, area, color, alpha);
            let r = Rect {
                x,
                y,
                w: side,
                h: side,
            };
            let border = (side / 15).max(2);
            for band in [
                Rect { h: border, ..r },
                Rect {
                    y: r.y + r.h - border,
                    h: border,
                    ..r
                },
                Rect { w: border, ..r },
                Rect {
                    x: r.x + r.w - border,
                    w: border,
                    ..r
                },
            ] {
                fill(img, band, colors.capture_border);
            }
        }
    }
    if look.selected {
        let (color, alpha) = colors.selected;
        tint(img, area, color, alpha);
    }
    let sprites = &kit.sprites;
    if let Some((piece, height)) = look.piece {
        let i = piece.color.index();
        match piece.role {
            Role::Baby => blit(img, &sprites.babies[i], x, y),
            Role::Queen => {
                blit(img, &sprites.queens[i], x, y);
                let height = height.to_string();
                let size = side as f32 * if height.len() > 1 { 0.38 } else { 0.46 };
                text::draw_centred_in(
                    img,
                    &fonts.bold,
                    size,
                    colors.checkers(piece.color).number,
                    (x, y),
                    sprites.queen_top,
                    &height,
                );
            }
        }
    }
    let marker = if look.piece.is_some() {
        &sprites.ring
    } else {
        &sprites.dot
    };
    for _ in 0..look.marks {
        blit(img, marker, x, y);
    }
}

/// The colour of a frame of `kind` (the lessons' page's, `web/learn.css`).
#[must_use]
pub const fn frame_color(kind: FrameKind) -> Rgb<u8> {
    match kind {
        FrameKind::Piece => theme::FRAME_PIECE,
        FrameKind::Target => theme::FRAME_TARGET,
        FrameKind::Allowed => theme::FRAME_ALLOWED,
        FrameKind::Wrong => theme::FRAME_WRONG,
        FrameKind::Danger => theme::FRAME_DANGER,
    }
}

/// A square framed in its kind's colour (dashed for the squares only shown as possible), its
/// label on a dark ground at its top.
fn draw_frame(img: &mut RgbImage, fonts: &Fonts, layout: &Layout, frame: &Frame) {
    let color = frame_color(frame.kind);
    let dashed = matches!(frame.kind, FrameKind::Allowed | FrameKind::Danger);
    let square = layout.square_px();
    let inset = (square / 16).max(1);
    let band = (square / 11).max(2);
    let r = layout.square_rect(frame.square);
    let (x, y, side) = (r.x + inset, r.y + inset, r.w.saturating_sub(2 * inset));
    // Dashes a fifth of the side long, with gaps half as long.
    let dash = if dashed { (side / 5).max(2) } else { side };
    let gap = if dashed { dash / 2 } else { 0 };
    let mut along = 0;
    while along < side {
        let length = dash.min(side - along);
        for piece in [
            Rect {
                x: x + along,
                y,
                w: length,
                h: band,
            },
            Rect {
                x: x + along,
                y: y + side - band,
                w: length,
                h: band,
            },
            Rect {
                x,
                y: y + along,
                w: band,
                h: length,
            },
            Rect {
                x: x + side - band,
                y: y + along,
                w: band,
                h: length,
            },
        ] {
            fill(img, piece, color);
        }
        along += dash + gap;
    }
    if let Some(label) = &frame.label {
        let size = square as f32 * 0.3;
        let text = text::fit(&fonts.bold, size, label, side.saturating_sub(2 * band));
        let width = text::width(&fonts.bold, size, &text) + band;
        let height = (size * 1.05) as u32;
        let centre_x = r.x as f32 + r.w as f32 / 2.0;
        let ground = Rect {
            x: (centre_x - width as f32 / 2.0).max(0.0) as u32,
            y: y + band,
            w: width,
            h: height,
        };
        fill(img, ground, theme::FRAME_LABEL_GROUND);
        let centre_y = ground.y as f32 + height as f32 / 2.0;
        text::draw_centred(
            img,
            &fonts.bold,
            size,
            theme::TEXT,
            (centre_x, centre_y),
            &text,
        );
    }
}

/// The header's line: the status `view` gives, else whose turn it is or the result.
fn status(pos: &Position, view: &BoardView) -> String {
    view.status
        .clone()
        .unwrap_or_else(|| super::view::default_status(pos))
}

/// Draws the header with the line `status`.
fn draw_header(img: &mut RgbImage, fonts: &Fonts, layout: &Layout, status: &str) {
    let header = layout.header();
    let line = text::fit(&fonts.regular, STATUS_SIZE, status, header.w - 2 * PAD);
    let baseline = text::centred_baseline(
        &fonts.regular,
        STATUS_SIZE,
        header.y as f32 + header.h as f32 / 2.0,
    );
    text::draw_left(
        img,
        &fonts.regular,
        STATUS_SIZE,
        theme::TEXT,
        (PAD as i32, baseline),
        &line,
    );
}

fn draw_strip(
    img: &mut RgbImage,
    fonts: &Fonts,
    icons: &Icons,
    strip: Rect,
    pos: &Position,
    view: &BoardView,
    color: Color,
) {
    let centre = strip.y as f32 + strip.h as f32 / 2.0;
    let icon_y = |side: u32| (centre - side as f32 / 2.0).round() as u32;
    if pos.turn() == color && pos.outcome().is_none() {
        fill(img, Rect { w: 8, ..strip }, theme::ACCENT);
        let ring = &icons.turn_ring;
        blit(
            img,
            ring,
            PAD + SIDE_ICON / 2 - ring.width() / 2,
            icon_y(ring.height()),
        );
    }
    let i = color.index();
    blit(img, &icons.side[i], PAD, icon_y(SIDE_ICON));

    // Counts in fixed slots from the right: queen icon + height, baby icon + babies on board.
    let height = pos
        .height(color)
        .map_or_else(|| "×".to_owned(), |h| h.to_string());
    let babies = pos.baby_count(color).to_string();
    let baseline = text::centred_baseline(&fonts.bold, COUNT_SIZE, centre);
    let slot = text::width(&fonts.bold, COUNT_SIZE, "88");
    let mut right = strip.w - PAD;
    for (icon, value) in [(&icons.baby[i], &babies), (&icons.queen[i], &height)] {
        let x = right - text::width(&fonts.bold, COUNT_SIZE, value).min(slot);
        let count = (x as i32, baseline);
        text::draw_left(img, &fonts.bold, COUNT_SIZE, theme::TEXT_DIM, count, value);
        right -= slot + 6 + COUNT_ICON;
        blit(img, icon, right, icon_y(COUNT_ICON));
        right -= 22;
    }

    let name_x = PAD + SIDE_ICON + 14;
    let max = right.saturating_sub(name_x);
    let name = text::fit(&fonts.regular, NAME_SIZE, view.players.name(color), max);
    let baseline = text::centred_baseline(&fonts.regular, NAME_SIZE, centre);
    let at = (name_x as i32, baseline);
    text::draw_left(img, &fonts.regular, NAME_SIZE, theme::TEXT, at, &name);
}
