//! The crosstable picture of a tournament: a title and a subtitle, then one row per player in
//! standings order with rank, name and rating, one cell per round, points and tie-breaks.
//! Words come from the caller, in the reader's language.
//!
//! A game's cell reads result, colour, opponent: `1`, an ivory checker, `5` is a win with
//! White against the player ranked 5th. Results are `1`, `½`, `0`, `+` / `−` for forfeits (FIDE) and `…` for a
//! game not yet finished; the colour is a checker of the side played (ivory White, tobacco
//! Black). A bye cell holds the bye word; a round the player sat out stays empty.
//!
//! The picture grows with players and rounds; at most [`MAX_ROWS`] rows, [`MAX_ROUNDS`]
//! rounds and [`MAX_TIE_BREAKS`] tie-breaks are drawn, so no input makes it unbounded.

use ab_glyph::FontRef;
use image::{Rgb, RgbImage, RgbaImage};
use imageproc::drawing::draw_filled_rect_mut;
use imageproc::rect::Rect as DrawRect;
use monkey_queen_core::Color;

use super::sprites::{self, blit, tint};
use super::text::{self, Fonts};
use super::theme;

/// A tournament's crosstable, ready to draw: every word already in the reader's language.
#[derive(Debug, Clone, PartialEq)]
pub struct Crosstable {
    /// The tournament's name, the picture's title.
    pub title: String,
    /// A line under the title, e.g. "Swiss · 3 rounds · Winner: Alice".
    pub subtitle: String,
    /// Column headers, in the reader's language.
    pub texts: CrosstableTexts,
    /// The rows in standings order (best first).
    pub rows: Vec<CrosstableRow>,
    /// How many round columns (rounds paired so far, or planned).
    pub rounds: usize,
}

/// The column headers.
#[derive(Debug, Clone, PartialEq)]
pub struct CrosstableTexts {
    /// Header of the rank column, e.g. "#".
    pub rank: String,
    /// Header of the name column, e.g. "Player".
    pub player: String,
    /// Header of round columns before its number, e.g. "R" (→ "R1", "R2", ...).
    pub round: String,
    /// Header of the points column, e.g. "Pts".
    pub points: String,
    /// Headers of the tie-break columns, e.g. ["BH-C1", "BH", "SB"] (may be empty).
    pub tie_breaks: Vec<String>,
    /// What a withdrawn player's row is marked with, e.g. "withdrawn".
    pub withdrawn: String,
    /// The word in a bye cell, e.g. "bye".
    pub bye: String,
}

/// One player's line.
#[derive(Debug, Clone, PartialEq)]
pub struct CrosstableRow {
    /// 1-based place.
    pub rank: usize,
    /// Display name (any Unicode a Discord name may hold; may be long: truncate with "…" to fit).
    pub name: String,
    /// Rating shown after the name, if any (rounded).
    pub rating: Option<i32>,
    /// One cell per round, `rounds` long.
    pub cells: Vec<CrosstableCell>,
    /// Points as shown, e.g. "2½" or "3".
    pub points: String,
    /// Tie-break values as shown, one per `texts.tie_breaks`.
    pub tie_breaks: Vec<String>,
    /// Whether the player has withdrawn.
    pub withdrawn: bool,
    /// Whether this is the winner (drawn highlighted).
    pub winner: bool,
}

/// What one player did in one round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CrosstableCell {
    /// A game: the opponent's rank in this table, this player's colour, and the result.
    Game {
        /// The opponent's rank in this table.
        opponent: usize,
        /// Whether this player had White.
        white: bool,
        /// The result from this player's side.
        result: CellResult,
    },
    /// A pairing-allocated bye (counts as a win).
    Bye,
    /// Not in the round (withdrawn, or not paired yet).
    Absent,
}

/// A game's result from the row player's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CellResult {
    /// Won over the board.
    Win,
    /// Lost over the board.
    Loss,
    /// Drawn.
    Draw,
    /// Won by forfeit.
    ForfeitWin,
    /// Lost by forfeit.
    ForfeitLoss,
    /// Not finished yet.
    Pending,
}

impl CellResult {
    /// The result as written in the cell, and its colour.
    const fn mark(self) -> (&'static str, Rgb<u8>) {
        match self {
            CellResult::Win => ("1", theme::BETTER_TEXT),
            CellResult::Loss => ("0", theme::MISTAKE_TEXT),
            CellResult::Draw => ("½", theme::TEXT),
            CellResult::ForfeitWin => ("+", theme::BETTER_TEXT),
            CellResult::ForfeitLoss => ("−", theme::MISTAKE_TEXT),
            CellResult::Pending => ("…", theme::TEXT_DIM),
        }
    }
}

/// Rows drawn at most; later ones are left out.
pub const MAX_ROWS: usize = 128;
/// Round columns drawn at most.
pub const MAX_ROUNDS: usize = 40;
/// Tie-break columns drawn at most.
pub const MAX_TIE_BREAKS: usize = 6;

/// Every result mark, to size the slot they share.
const MARKS: [CellResult; 6] = [
    CellResult::Win,
    CellResult::Loss,
    CellResult::Draw,
    CellResult::ForfeitWin,
    CellResult::ForfeitLoss,
    CellResult::Pending,
];

/// Pixel size of the title.
const TITLE_SIZE: f32 = 24.0;
/// Pixel size of the subtitle.
const SUBTITLE_SIZE: f32 = 17.0;
/// Pixel size of the column headers.
const HEAD_SIZE: f32 = 15.0;
/// Pixel size of names, cells, points and tie-breaks.
const CELL_SIZE: f32 = 17.0;
/// Pixel size of the rating and the withdrawn mark after a name.
const NOTE_SIZE: f32 = 14.0;
/// Left and right margin of the picture.
const PAD: u32 = 14;
/// Height of the title line.
const TITLE: u32 = 46;
/// Height of the subtitle line, when there is one.
const SUBTITLE: u32 = 24;
/// Space between the lines on top and the table.
const TOP_GAP: u32 = 10;
/// Height of the header row.
const HEAD: u32 = 32;
/// Height of a player's row.
const ROW: u32 = 30;
/// Space under the last row.
const BOTTOM: u32 = 14;
/// Horizontal space inside a column, both sides together.
const GAP: u32 = 16;
/// Space between a name and the notes after it.
const NOTE_GAP: u32 = 7;
/// Side of the checker that shows a colour.
const DISC: u32 = 18;
/// Space between the result, the checker and the opponent's rank.
const CELL_GAP: u32 = 3;
/// Width of the winner's mark at the left edge of their row.
const WINNER_BAR: u32 = 5;
/// The picture is at least this wide.
const MIN_WIDTH: u32 = 480;
/// The title widens the picture up to this (then it is shortened).
const TITLE_WIDTH: u32 = 780;
/// The name column is at least this wide (before the title's room is added)...
const MIN_NAME: u32 = 120;
/// ...and at most this wide from its names: longer names are shortened.
const MAX_NAME: u32 = 300;
/// Other columns are at most this wide; longer texts are shortened.
const MAX_COLUMN: u32 = 140;

/// A column: its left edge and width.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Span {
    x: u32,
    w: u32,
}

impl Span {
    /// The column's middle.
    fn centre(self) -> f32 {
        self.x as f32 + self.w as f32 / 2.0
    }
}

/// The geometry of one crosstable: every column's span and the table's rows.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Grid {
    rank: Span,
    name: Span,
    rounds: Vec<Span>,
    points: Span,
    tie_breaks: Vec<Span>,
    /// Width of a game's content (result, checker, opponent), left-aligned in every round.
    game: u32,
    /// Width of the result slot at the start of a game's content.
    mark: u32,
    /// Top of the header row.
    head: u32,
    rows: u32,
    width: u32,
}

impl Grid {
    /// Measures `table`'s texts and places the columns.
    fn new(fonts: &Fonts, table: &Crosstable) -> Grid {
        let rows = shown_rows(table);
        let texts = &table.texts;
        let measure = |font, size, s: &str| text::width(font, size, &text::sanitize(font, s));
        let column = |widest: u32, min: u32| (widest + GAP).clamp(min, MAX_COLUMN);

        let rank_widest = rows
            .iter()
            .map(|r| measure(&fonts.regular, CELL_SIZE, &r.rank.to_string()))
            .chain([measure(&fonts.bold, HEAD_SIZE, &texts.rank)])
            .max()
            .unwrap_or(0);
        let name_widest = rows
            .iter()
            .map(|r| name_width(fonts, texts, r))
            .chain([measure(&fonts.bold, HEAD_SIZE, &texts.player)])
            .max()
            .unwrap_or(0);

        let mark = MARKS
            .iter()
            .map(|m| measure(&fonts.bold, CELL_SIZE, m.mark().0))
            .max()
            .unwrap_or(0);
        let opponent = rows
            .iter()
            .flat_map(|r| &r.cells)
            .filter_map(|c| match c {
                CrosstableCell::Game { opponent, .. } => Some(*opponent),
                _ => None,
            })
            .max()
            .unwrap_or(0)
            .max(9);
        let opponent = measure(&fonts.regular, CELL_SIZE, &opponent.to_string());
        let game = mark + CELL_GAP + DISC + CELL_GAP + opponent;
        let round_count = table.rounds.min(MAX_ROUNDS);
        let round_head = measure(
            &fonts.bold,
            HEAD_SIZE,
            &format!("{}{round_count}", texts.round),
        );
        let bye = measure(&fonts.regular, CELL_SIZE, &texts.bye);
        let round_width = column(game.max(round_head).max(bye), 0);

        let points_widest = rows
            .iter()
            .map(|r| measure(&fonts.bold, CELL_SIZE, &r.points))
            .chain([measure(&fonts.bold, HEAD_SIZE, &texts.points)])
            .max()
            .unwrap_or(0);
        let tie_break_widths: Vec<u32> = texts
            .tie_breaks
            .iter()
            .take(MAX_TIE_BREAKS)
            .enumerate()
            .map(|(i, head)| {
                let widest = rows
                    .iter()
                    .filter_map(|r| r.tie_breaks.get(i))
                    .map(|v| measure(&fonts.regular, CELL_SIZE, v))
                    .chain([measure(&fonts.bold, HEAD_SIZE, head)])
                    .max()
                    .unwrap_or(0);
                column(widest, 48)
            })
            .collect();

        let rank_width = column(rank_widest, 36);
        let mut name_width = (name_widest + GAP).clamp(MIN_NAME, MAX_NAME);
        let points_width = column(points_widest, 52);
        let others = rank_width
            + points_width
            + round_width * u32::try_from(round_count).unwrap_or(0)
            + tie_break_widths.iter().sum::<u32>();
        // A wide title or a small table: the name column takes the room left over.
        let title = measure(&fonts.regular, TITLE_SIZE, &table.title) + 2 * PAD;
        let width = (others + name_width + 2 * PAD)
            .max(title.min(TITLE_WIDTH))
            .max(MIN_WIDTH);
        name_width = width - 2 * PAD - others;

        let mut x = PAD;
        let mut next = |w: u32| {
            let span = Span { x, w };
            x += w;
            span
        };
        let rank = next(rank_width);
        let name = next(name_width);
        let rounds = (0..round_count).map(|_| next(round_width)).collect();
        let points = next(points_width);
        let tie_breaks = tie_break_widths.into_iter().map(next).collect();
        let subtitle = if table.subtitle.trim().is_empty() {
            0
        } else {
            SUBTITLE
        };
        Grid {
            rank,
            name,
            rounds,
            points,
            tie_breaks,
            game,
            mark,
            head: TITLE + subtitle + TOP_GAP,
            rows: u32::try_from(rows.len()).unwrap_or(0),
            width,
        }
    }

    /// Height of the whole picture.
    fn height(&self) -> u32 {
        self.head + HEAD + self.rows * ROW + BOTTOM
    }

    /// Top of the `index`th player's row (0-based).
    fn row_y(&self, index: u32) -> u32 {
        self.head + HEAD + index * ROW
    }
}

/// The rows drawn: the first [`MAX_ROWS`].
fn shown_rows(table: &Crosstable) -> &[CrosstableRow] {
    &table.rows[..table.rows.len().min(MAX_ROWS)]
}

/// The font of a row's name: bold for the winner.
fn name_font<'a>(fonts: &'a Fonts, row: &CrosstableRow) -> &'a FontRef<'static> {
    if row.winner {
        &fonts.bold
    } else {
        &fonts.regular
    }
}

/// Width of a row's name with its notes (rating, withdrawn), unshortened.
fn name_width(fonts: &Fonts, texts: &CrosstableTexts, row: &CrosstableRow) -> u32 {
    let font = name_font(fonts, row);
    let notes = notes(fonts, texts, row)
        .iter()
        .map(|(n, _)| NOTE_GAP + text::width(&fonts.regular, NOTE_SIZE, n))
        .sum::<u32>();
    text::width(font, CELL_SIZE, &text::sanitize(font, row.name.trim())) + notes
}

/// The notes after a row's name, sanitized, with their colours: its rating, and the
/// withdrawn mark.
fn notes(fonts: &Fonts, texts: &CrosstableTexts, row: &CrosstableRow) -> Vec<(String, Rgb<u8>)> {
    let rating = row.rating.map(|r| (r.to_string(), theme::TEXT_DIM));
    let withdrawn = row.withdrawn.then(|| {
        let mark = text::sanitize(&fonts.regular, texts.withdrawn.trim());
        (mark, theme::MISTAKE_TEXT)
    });
    rating
        .into_iter()
        .chain(withdrawn)
        .filter(|(n, _)| !n.is_empty())
        .collect()
}

/// Draws the crosstable picture.
#[must_use]
pub fn draw(fonts: &Fonts, table: &Crosstable) -> RgbImage {
    let grid = Grid::new(fonts, table);
    let mut img = RgbImage::from_pixel(grid.width, grid.height(), theme::PANEL);
    let line = grid.width - 2 * PAD;
    let title = text::fit(&fonts.regular, TITLE_SIZE, &table.title, line);
    let baseline = text::centred_baseline(&fonts.regular, TITLE_SIZE, TITLE as f32 / 2.0 + 2.0);
    let at = (PAD as i32, baseline);
    text::draw_left(
        &mut img,
        &fonts.regular,
        TITLE_SIZE,
        theme::TEXT,
        at,
        &title,
    );
    let subtitle = text::fit(&fonts.regular, SUBTITLE_SIZE, &table.subtitle, line);
    let centre = TITLE as f32 + SUBTITLE as f32 / 2.0 - 4.0;
    let baseline = text::centred_baseline(&fonts.regular, SUBTITLE_SIZE, centre);
    let at = (PAD as i32, baseline);
    let dim = theme::TEXT_DIM;
    text::draw_left(&mut img, &fonts.regular, SUBTITLE_SIZE, dim, at, &subtitle);

    draw_head(&mut img, fonts, &grid, &table.texts);
    let discs = Color::ALL.map(|c| sprites::baby_icon(&theme::STANDARD, c, DISC));
    for (i, row) in (0u32..).zip(shown_rows(table)) {
        draw_row(&mut img, fonts, &grid, &table.texts, &discs, i, row);
    }
    img
}

/// The `index`th player's row (0-based): its band, rank, name, cells, points, tie-breaks.
fn draw_row(
    img: &mut RgbImage,
    fonts: &Fonts,
    grid: &Grid,
    texts: &CrosstableTexts,
    discs: &[RgbaImage; 2],
    index: u32,
    row: &CrosstableRow,
) {
    let y = grid.row_y(index);
    let band = (0, y, grid.width, ROW);
    if row.winner {
        let (color, alpha) = theme::WINNER_ROW;
        tint(img, band, color, alpha);
        fill(img, (0, y, WINNER_BAR, ROW), theme::ACCENT);
    } else if index % 2 == 1 {
        fill(img, band, theme::ROW_STRIPE);
    }
    let baseline = text::centred_baseline(&fonts.regular, CELL_SIZE, (y + ROW / 2) as f32);
    let main = if row.withdrawn {
        theme::TEXT_DIM
    } else {
        theme::TEXT
    };
    let (regular, bold) = (&fonts.regular, &fonts.bold);
    centred(
        img,
        regular,
        grid.rank,
        main,
        baseline,
        &row.rank.to_string(),
    );
    draw_name(img, fonts, grid, texts, row, baseline);
    for (r, span) in grid.rounds.iter().enumerate() {
        match row.cells.get(r) {
            Some(&CrosstableCell::Game {
                opponent,
                white,
                result,
            }) => {
                let disc = &discs[usize::from(!white)];
                let numbers = if result == CellResult::Pending {
                    theme::TEXT_DIM
                } else {
                    main
                };
                let game = (opponent, disc, result);
                draw_game(img, fonts, grid, *span, (y, baseline), game, numbers);
            }
            Some(CrosstableCell::Bye) => {
                centred(img, regular, *span, theme::TEXT_DIM, baseline, &texts.bye);
            }
            Some(CrosstableCell::Absent) | None => {}
        }
    }
    centred(img, bold, grid.points, main, baseline, &row.points);
    for (span, value) in grid.tie_breaks.iter().zip(&row.tie_breaks) {
        centred(img, regular, *span, theme::TEXT_DIM, baseline, value);
    }
}

/// A game's cell in `span` of the row at `top`: the result, the checker of the colour
/// played, the opponent's rank in `color`. Games line up the same way in every round.
fn draw_game(
    img: &mut RgbImage,
    fonts: &Fonts,
    grid: &Grid,
    span: Span,
    (top, baseline): (u32, i32),
    (opponent, disc, result): (usize, &RgbaImage, CellResult),
    color: Rgb<u8>,
) {
    let x = span.x + span.w.saturating_sub(grid.game) / 2;
    let (mark, mark_color) = result.mark();
    let mark_width = text::width(&fonts.bold, CELL_SIZE, mark);
    let mark_x = x + grid.mark.saturating_sub(mark_width) / 2;
    let at = (mark_x as i32, baseline);
    text::draw_left(img, &fonts.bold, CELL_SIZE, mark_color, at, mark);
    let disc_x = x + grid.mark + CELL_GAP;
    blit(img, disc, disc_x, top + (ROW - DISC) / 2);
    let number_x = disc_x + DISC + CELL_GAP;
    let room = (span.x + span.w).saturating_sub(number_x);
    let number = text::fit(&fonts.regular, CELL_SIZE, &opponent.to_string(), room);
    let at = (number_x as i32, baseline);
    text::draw_left(img, &fonts.regular, CELL_SIZE, color, at, &number);
}

/// The header row and the rule under it.
fn draw_head(img: &mut RgbImage, fonts: &Fonts, grid: &Grid, texts: &CrosstableTexts) {
    let centre = grid.head as f32 + HEAD as f32 / 2.0;
    let baseline = text::centred_baseline(&fonts.bold, HEAD_SIZE, centre);
    let head = |img: &mut RgbImage, span: Span, words: &str| {
        let line = text::fit(
            &fonts.bold,
            HEAD_SIZE,
            words,
            span.w.saturating_sub(GAP / 2),
        );
        let at = (span.centre(), baseline);
        text::draw_on_baseline(img, &fonts.bold, HEAD_SIZE, theme::TEXT_DIM, at, &line);
    };
    head(img, grid.rank, &texts.rank);
    let name = text::fit(&fonts.bold, HEAD_SIZE, &texts.player, grid.name.w - GAP);
    let at = ((grid.name.x + GAP / 2) as i32, baseline);
    text::draw_left(img, &fonts.bold, HEAD_SIZE, theme::TEXT_DIM, at, &name);
    for (span, n) in grid.rounds.iter().zip(1..) {
        head(img, *span, &format!("{}{n}", texts.round));
    }
    head(img, grid.points, &texts.points);
    for (span, words) in grid.tie_breaks.iter().zip(&texts.tie_breaks) {
        head(img, *span, words);
    }
    let rule_y = grid.head + HEAD - 2;
    fill(img, (PAD, rule_y, grid.width - 2 * PAD, 2), theme::RULE);
}

/// A row's name, shortened to leave room for its notes, then the notes in small dim text.
fn draw_name(
    img: &mut RgbImage,
    fonts: &Fonts,
    grid: &Grid,
    texts: &CrosstableTexts,
    row: &CrosstableRow,
    baseline: i32,
) {
    let font = name_font(fonts, row);
    let room = grid.name.w - GAP;
    // Notes keep at most half the column; the name gets the rest.
    let notes: Vec<(String, Rgb<u8>)> = notes(fonts, texts, row)
        .into_iter()
        .map(|(n, color)| (text::fit(&fonts.regular, NOTE_SIZE, &n, room / 2), color))
        .collect();
    let notes_width: u32 = notes
        .iter()
        .map(|(n, _)| NOTE_GAP + text::width(&fonts.regular, NOTE_SIZE, n))
        .sum();
    let name = text::fit(font, CELL_SIZE, &row.name, room.saturating_sub(notes_width));
    let color = match (row.winner, row.withdrawn) {
        (true, _) => theme::ACCENT,
        (false, true) => theme::TEXT_DIM,
        (false, false) => theme::TEXT,
    };
    let mut x = grid.name.x + GAP / 2;
    text::draw_left(img, font, CELL_SIZE, color, (x as i32, baseline), &name);
    x += text::width(font, CELL_SIZE, &name);
    for (note, note_color) in &notes {
        x += NOTE_GAP;
        let at = (x as i32, baseline);
        text::draw_left(img, &fonts.regular, NOTE_SIZE, *note_color, at, note);
        x += text::width(&fonts.regular, NOTE_SIZE, note);
    }
}

/// Draws `words` (shortened to fit) in `font`, centred in `span`.
fn centred(
    img: &mut RgbImage,
    font: &FontRef<'static>,
    span: Span,
    color: Rgb<u8>,
    baseline: i32,
    words: &str,
) {
    let line = text::fit(font, CELL_SIZE, words, span.w.saturating_sub(GAP / 2));
    text::draw_on_baseline(
        img,
        font,
        CELL_SIZE,
        color,
        (span.centre(), baseline),
        &line,
    );
}

/// Fills the rectangle `(x, y, w, h)`, clipped to the picture.
fn fill(img: &mut RgbImage, (x, y, w, h): (u32, u32, u32, u32), color: Rgb<u8>) {
    let w = w.min(img.width().saturating_sub(x));
    let h = h.min(img.height().saturating_sub(y));
    if w == 0 || h == 0 {
        return;
    }
    let rect = DrawRect::at(x as i32, y as i32).of_size(w, h);
    draw_filled_rect_mut(img, rect, color);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts() -> CrosstableTexts {
        CrosstableTexts {
            rank: "#".to_owned(),
            player: "Player".to_owned(),
            round: "R".to_owned(),
            points: "Pts".to_owned(),
            tie_breaks: vec!["BH".to_owned(), "SB".to_owned()],
            withdrawn: "withdrawn".to_owned(),
            bye: "bye".to_owned(),
        }
    }

    /// `players` rows over `rounds` rounds, everyone playing the next player down.
    fn table(players: usize, rounds: usize) -> Crosstable {
        let rows = (1..=players)
            .map(|rank| CrosstableRow {
                rank,
                name: format!("Player {rank}"),
                rating: Some(1500),
                cells: (0..rounds)
                    .map(|r| CrosstableCell::Game {
                        opponent: rank % players + 1,
                        white: r % 2 == 0,
                        result: MARKS[(rank + r) % MARKS.len()],
                    })
                    .collect(),
                points: "1½".to_owned(),
                tie_breaks: vec!["12".to_owned(), "8.5".to_owned()],
                withdrawn: rank == players,
                winner: rank == 1,
            })
            .collect();
        Crosstable {
            title: "Cup".to_owned(),
            subtitle: "Swiss".to_owned(),
            texts: texts(),
            rows,
            rounds,
        }
    }

    fn size(fonts: &Fonts, table: &Crosstable) -> (u32, u32) {
        let grid = Grid::new(fonts, table);
        (grid.width, grid.height())
    }

    #[test]
    fn the_picture_grows_with_players_and_rounds() {
        let fonts = Fonts::new().unwrap();
        let (w0, h0) = size(&fonts, &table(0, 0));
        let (w1, h1) = size(&fonts, &table(8, 3));
        let (w2, h2) = size(&fonts, &table(8, 11));
        let (w3, h3) = size(&fonts, &table(64, 11));
        assert!(w0 >= MIN_WIDTH && h0 < h1);
        assert!(w2 > w1 && h2 == h1, "rounds widen it");
        assert!(h3 > h2 && w3 >= w2, "players lengthen it");
        assert_eq!(h3 - h2, 56 * ROW);
        let img = draw(&fonts, &table(64, 11));
        assert_eq!(img.dimensions(), (w3, h3));
        assert!(w3 <= 1600 && h3 <= 2200, "{w3}×{h3}");
    }

    #[test]
    fn columns_sit_side_by_side_inside_the_picture() {
        let fonts = Fonts::new().unwrap();
        let grid = Grid::new(&fonts, &table(12, 7));
        let spans: Vec<Span> = [grid.rank, grid.name]
            .into_iter()
            .chain(grid.rounds.iter().copied())
            .chain([grid.points])
            .chain(grid.tie_breaks.iter().copied())
            .collect();
        assert_eq!(spans.len(), 2 + 7 + 1 + 2);
        assert_eq!(spans[0].x, PAD);
        for pair in spans.windows(2) {
            assert_eq!(pair[0].x + pair[0].w, pair[1].x);
        }
        let last = spans[spans.len() - 1];
        assert_eq!(last.x + last.w, grid.width - PAD);
        assert!(grid.rounds.iter().all(|r| r.w >= grid.game));
    }

    #[test]
    fn a_long_name_is_shortened_inside_its_column() {
        let fonts = Fonts::new().unwrap();
        let mut short = table(3, 2);
        short.rows[1].name = "W".repeat(40);
        let mut long = short.clone();
        long.rows[1].name = "Bartholomew the Exceedingly Long-Named 🐒 渡辺 ".repeat(50);
        let grid = Grid::new(&fonts, &long);
        assert_eq!(grid, Grid::new(&fonts, &short));
        assert_eq!(grid.name.w, MAX_NAME);
        // Everything right of the name column is the same: the name stayed in it.
        let (a, b) = (draw(&fonts, &short), draw(&fonts, &long));
        let right = grid.name.x + grid.name.w;
        for y in 0..a.height() {
            for x in right..a.width() {
                assert_eq!(a.get_pixel(x, y), b.get_pixel(x, y), "({x}, {y})");
            }
        }
    }

    #[test]
    fn odd_tables_draw_without_panicking() {
        let fonts = Fonts::new().unwrap();
        let mut cases = vec![table(0, 0), table(0, 5), table(5, 0), table(1, 1)];

        let mut ragged = table(6, 4);
        ragged.rows[0].cells.clear();
        ragged.rows[1].cells.truncate(2);
        ragged.rows[2].cells.extend([CrosstableCell::Bye; 20]);
        ragged.rows[3].tie_breaks.clear();
        ragged.rows[4].tie_breaks.extend(vec!["1".to_owned(); 9]);
        ragged.rows[5].rank = usize::MAX;
        ragged.rows[5].rating = Some(i32::MIN);
        ragged.rows[5].cells[0] = CrosstableCell::Game {
            opponent: usize::MAX,
            white: false,
            result: CellResult::Pending,
        };
        cases.push(ragged);

        let mut strange = table(3, 3);
        let name = "🐒 Ünïcødé\u{0}\u{202e}猴子 \n".repeat(500);
        for row in &mut strange.rows {
            row.name.clone_from(&name);
            row.points.clone_from(&name);
            row.winner = true;
            row.withdrawn = true;
        }
        strange.title.clone_from(&name);
        strange.subtitle.clone_from(&name);
        strange.texts = CrosstableTexts {
            rank: name.clone(),
            player: name.clone(),
            round: name.clone(),
            points: name.clone(),
            tie_breaks: vec![name.clone(); 50],
            withdrawn: name.clone(),
            bye: name.clone(),
        };
        strange.rows[0].cells = vec![CrosstableCell::Bye; 3];
        let tie_breaks = Grid::new(&fonts, &strange).tie_breaks.len();
        assert_eq!(tie_breaks, MAX_TIE_BREAKS);
        cases.push(strange);

        let mut empty_words = table(2, 2);
        empty_words.title.clear();
        empty_words.subtitle.clear();
        empty_words.texts = CrosstableTexts {
            rank: String::new(),
            player: String::new(),
            round: String::new(),
            points: String::new(),
            tie_breaks: Vec::new(),
            withdrawn: String::new(),
            bye: String::new(),
        };
        cases.push(empty_words);

        // At most MAX_ROWS rows and MAX_ROUNDS rounds are drawn.
        let mut huge = table(MAX_ROWS + 50, 3);
        huge.rounds = usize::MAX;
        cases.push(huge);

        for (i, case) in cases.iter().enumerate() {
            let img = draw(&fonts, case);
            assert_eq!(img.dimensions(), size(&fonts, case), "case {i}");
        }
        let grid = Grid::new(&fonts, &cases[cases.len() - 1]);
        assert_eq!(
            (grid.rows as usize, grid.rounds.len()),
            (MAX_ROWS, MAX_ROUNDS)
        );
    }
}
