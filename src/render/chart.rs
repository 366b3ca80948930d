//! Charts, drawn with `plotters` on its bitmap backend in the board's colours, with the
//! embedded DejaVu fonts (registered once; no system font is ever looked up): the advantage
//! over a game, and a player's rating over time with its deviation band.

use std::sync::OnceLock;

use image::{Rgb, RgbImage};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters::style::{FontStyle, register_font};

use super::theme;

/// The font family name the charts ask `plotters` for (registered from the embedded font).
const FAMILY: &str = "sans-serif";
/// Pixel size of axis labels.
const LABEL_SIZE: f64 = 15.0;
/// Pixel size of axis names.
const AXIS_SIZE: f64 = 15.0;

/// Why a chart could not be drawn: a `plotters` failure, as text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChartError(pub String);

impl std::fmt::Display for ChartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "drawing a chart failed: {}", self.0)
    }
}

impl std::error::Error for ChartError {}

fn failed(e: impl std::fmt::Display) -> ChartError {
    ChartError(e.to_string())
}

/// Registers the embedded regular font under [`FAMILY`], once per process.
fn fonts() -> Result<(), ChartError> {
    static REGISTERED: OnceLock<Result<(), String>> = OnceLock::new();
    REGISTERED
        .get_or_init(|| {
            register_font(FAMILY, FontStyle::Normal, super::text::REGULAR)
                .map_err(|_| "the embedded font is unreadable".to_owned())
        })
        .clone()
        .map_err(ChartError)
}

fn rgb(c: Rgb<u8>) -> RGBColor {
    RGBColor(c.0[0], c.0[1], c.0[2])
}

fn label_font(color: Rgb<u8>) -> TextStyle<'static> {
    (FAMILY, LABEL_SIZE).into_font().color(&rgb(color))
}

/// A chart drawn into a fresh `width` × `height` RGB buffer, which is returned as a picture.
fn canvas(
    width: u32,
    height: u32,
    draw: impl FnOnce(&DrawingArea<BitMapBackend<'_>, Shift>) -> Result<(), ChartError>,
) -> Result<RgbImage, ChartError> {
    fonts()?;
    let mut buffer = vec![0u8; (width * height * 3) as usize];
    {
        let root = BitMapBackend::with_buffer(&mut buffer, (width, height)).into_drawing_area();
        root.fill(&rgb(theme::PANEL)).map_err(failed)?;
        draw(&root)?;
        root.present().map_err(failed)?;
    }
    RgbImage::from_raw(width, height, buffer).ok_or_else(|| failed("buffer size"))
}

/// One point of the advantage chart.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AdvantagePoint {
    /// The ply (0: the start).
    pub ply: u32,
    /// White's advantage from -1 (Black has won) to 1 (White has won).
    pub value: f64,
    /// Whether the engine found a forced win here.
    pub forced: bool,
}

/// What the advantage chart shows besides the curve.
#[derive(Debug, Clone, PartialEq)]
pub struct AdvantageMarks {
    /// Plies after which the lead changed hands: a vertical line each.
    pub turning_points: Vec<u32>,
    /// The mistakes shown, numbered from 1 in this order: `(ply, value after it)`.
    pub mistakes: Vec<(u32, f64)>,
    /// The x axis name ("ply").
    pub ply: String,
    /// The label of the top and bottom edges ("win").
    pub win: String,
    /// Advantages labelled on the y axis, as `(value, text)`.
    pub ticks: Vec<(f64, String)>,
}

/// The advantage over a game: White's share filled ivory above the middle, Black's tobacco
/// below, forced wins drawn on the edge in gold, turning points and numbered mistakes marked.
/// `margins` are the plot area's distance from the top, right, bottom and left edges.
///
/// # Errors
/// A `plotters` failure.
pub fn advantage(
    (width, height): (u32, u32),
    margins: (u32, u32, u32, u32),
    points: &[AdvantagePoint],
    marks: &AdvantageMarks,
) -> Result<RgbImage, ChartError> {
    let last = points.last().map_or(1, |p| p.ply.max(1));
    canvas(width, height, |root| {
        let (top, right, bottom, left) = margins;
        let mut chart = ChartBuilder::on(root)
            .margin_top(top)
            .margin_right(right)
            .margin_bottom(0)
            .margin_left(0)
            .x_label_area_size(bottom)
            .y_label_area_size(left)
            .build_cartesian_2d(0f64..f64::from(last), -1f64..1f64)
            .map_err(failed)?;
        chart
            .plotting_area()
            .fill(&rgb(theme::CHART_AREA))
            .map_err(failed)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .disable_y_mesh()
            .y_labels(0)
            .axis_style(rgb(theme::CHART_GRID))
            .x_labels(10)
            .x_label_formatter(&|x| format!("{x:.0}"))
            .label_style(label_font(theme::TEXT_DIM))
            .x_desc(marks.ply.as_str())
            .axis_desc_style((FAMILY, AXIS_SIZE).into_font().color(&rgb(theme::TEXT_DIM)))
            .draw()
            .map_err(failed)?;
        // The advantage axis is not linear: its labels go where the caller says.
        let ticks = marks
            .ticks
            .iter()
            .map(|(v, t)| (*v, t.as_str()))
            .chain([(1.0, marks.win.as_str()), (-1.0, marks.win.as_str())]);
        let label_style = label_font(theme::TEXT_DIM).pos(Pos::new(HPos::Right, VPos::Center));
        for (value, label) in ticks {
            if value.abs() < 0.999 {
                chart
                    .draw_series(LineSeries::new(
                        [(0.0, value), (f64::from(last), value)],
                        rgb(theme::CHART_GRID),
                    ))
                    .map_err(failed)?;
            }
            let (_, y) = chart.backend_coord(&(0.0, value));
            let at = (i32::try_from(left).unwrap_or(0) - 8, y);
            root.draw(&Text::new(label.to_owned(), at, label_style.clone()))
                .map_err(failed)?;
        }

        let curve = with_crossings(points);
        let white: Vec<(f64, f64)> = curve.iter().map(|&(x, y)| (x, y.max(0.0))).collect();
        let black: Vec<(f64, f64)> = curve.iter().map(|&(x, y)| (x, y.min(0.0))).collect();
        chart
            .draw_series(AreaSeries::new(white, 0.0, rgb(theme::IVORY.face)))
            .map_err(failed)?;
        chart
            .draw_series(AreaSeries::new(black, 0.0, rgb(theme::TOBACCO.face)))
            .map_err(failed)?;
        chart
            .draw_series(LineSeries::new(
                [(0.0, 0.0), (f64::from(last), 0.0)],
                rgb(theme::BOARD_EDGE).stroke_width(1),
            ))
            .map_err(failed)?;
        chart
            .draw_series(LineSeries::new(
                curve,
                rgb(theme::BOARD_EDGE).stroke_width(2),
            ))
            .map_err(failed)?;
        for &ply in &marks.turning_points {
            let x = f64::from(ply);
            chart
                .draw_series(DashedLineSeries::new(
                    [(x, -1.0), (x, 1.0)],
                    5,
                    4,
                    rgb(theme::ACCENT).stroke_width(1),
                ))
                .map_err(failed)?;
        }
        let forced = points
            .iter()
            .filter(|p| p.forced)
            .map(|p| Circle::new((f64::from(p.ply), p.value), 5, rgb(theme::CROWN).filled()));
        chart.draw_series(forced).map_err(failed)?;
        let number_font = (FAMILY, 14.0).into_font().color(&rgb(theme::TEXT));
        for (i, &(ply, value)) in marks.mistakes.iter().enumerate() {
            let label = (i + 1).to_string();
            let marker = EmptyElement::at((f64::from(ply), value.clamp(-0.9, 0.9)))
                + Circle::new((0, 0), 10, rgb(theme::MISTAKE.0).filled())
                + Circle::new((0, 0), 10, rgb(theme::TEXT).stroke_width(2))
                + Text::new(label, (-4, -8), number_font.clone());
            chart.draw_series(std::iter::once(marker)).map_err(failed)?;
        }
        Ok(())
    })
}

/// The curve through `points` with a point added wherever it crosses the middle, so the two
/// colours meet exactly there.
fn with_crossings(points: &[AdvantagePoint]) -> Vec<(f64, f64)> {
    let mut out = Vec::with_capacity(points.len() * 2);
    for pair in points.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let (ax, bx) = (f64::from(a.ply), f64::from(b.ply));
        out.push((ax, a.value));
        if (a.value > 0.0 && b.value < 0.0) || (a.value < 0.0 && b.value > 0.0) {
            let t = a.value / (a.value - b.value);
            out.push((ax + t * (bx - ax), 0.0));
        }
    }
    if let Some(p) = points.last() {
        out.push((f64::from(p.ply), p.value));
    }
    out
}

/// One point of a rating history.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatingPoint {
    /// The rating after the game.
    pub rating: f64,
    /// Its deviation, when known.
    pub deviation: Option<f64>,
}

/// The words of a rating chart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RatingTexts {
    /// The x axis name ("rated games").
    pub games: String,
}

/// A player's rating after each rated game (the first point is where they started), as a
/// line over the band of rating ± deviation where the deviation is known.
///
/// # Errors
/// A `plotters` failure.
pub fn rating(
    (width, height): (u32, u32),
    points: &[RatingPoint],
    texts: &RatingTexts,
) -> Result<RgbImage, ChartError> {
    let spread = |p: &RatingPoint| p.deviation.unwrap_or(0.0);
    let low = points
        .iter()
        .map(|p| p.rating - spread(p))
        .fold(f64::INFINITY, f64::min);
    let high = points
        .iter()
        .map(|p| p.rating + spread(p))
        .fold(f64::NEG_INFINITY, f64::max);
    let (low, high) = if low.is_finite() && high.is_finite() {
        let pad = ((high - low) * 0.08).max(20.0);
        (low - pad, high + pad)
    } else {
        (1000.0, 2000.0)
    };
    let last = points.len().saturating_sub(1).max(1) as f64;
    canvas(width, height, |root| {
        let mut chart = ChartBuilder::on(root)
            .margin(12)
            .margin_left(0)
            .margin_bottom(0)
            .x_label_area_size(42)
            .y_label_area_size(56)
            .build_cartesian_2d(0f64..last, low..high)
            .map_err(failed)?;
        chart
            .plotting_area()
            .fill(&rgb(theme::CHART_AREA))
            .map_err(failed)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .bold_line_style(rgb(theme::CHART_GRID))
            .light_line_style(TRANSPARENT)
            .axis_style(rgb(theme::CHART_GRID))
            .x_labels(points.len().min(8))
            .y_labels(6)
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_label_formatter(&|y| format!("{y:.0}"))
            .label_style(label_font(theme::TEXT_DIM))
            .x_desc(texts.games.as_str())
            .axis_desc_style((FAMILY, AXIS_SIZE).into_font().color(&rgb(theme::TEXT_DIM)))
            .draw()
            .map_err(failed)?;
        let known: Vec<(usize, RatingPoint)> = points
            .iter()
            .copied()
            .enumerate()
            .filter(|(_, p)| p.deviation.is_some())
            .collect();
        for run in known.chunk_by(|a, b| b.0 == a.0 + 1) {
            if run.len() < 2 {
                continue;
            }
            let upper = run.iter().map(|(i, p)| (*i as f64, p.rating + spread(p)));
            let lower = run
                .iter()
                .rev()
                .map(|(i, p)| (*i as f64, p.rating - spread(p)));
            let band: Vec<(f64, f64)> = upper.chain(lower).collect();
            chart
                .draw_series(std::iter::once(Polygon::new(
                    band,
                    rgb(theme::DARK_SQUARE).filled(),
                )))
                .map_err(failed)?;
        }
        let line: Vec<(f64, f64)> = points
            .iter()
            .enumerate()
            .map(|(i, p)| (i as f64, p.rating))
            .collect();
        chart
            .draw_series(LineSeries::new(
                line.clone(),
                rgb(theme::IVORY.face).stroke_width(3),
            ))
            .map_err(failed)?;
        if points.len() <= 40 {
            let dots = line
                .into_iter()
                .map(|p| Circle::new(p, 4, rgb(theme::ACCENT).filled()));
            chart.draw_series(dots).map_err(failed)?;
        }
        Ok(())
    })
}
