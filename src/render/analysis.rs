//! The analysis picture of a game: a title, the advantage chart (see `chart`), and for each
//! of the biggest mistakes the position after the move played beside the position after the
//! engine's better move (see `diagram`). Words come from the caller, in the reader's language.

use image::RgbImage;
use monkey_queen_core::analysis::{Analysis, Mistake, SHOWN_TURNING_POINTS, Score};
use monkey_queen_core::{Color, Position};

use super::analysis_layout::{AnalysisLayout, PLOT_MARGINS};
use super::chart::{self, AdvantageMarks, AdvantagePoint, ChartError};
use super::diagram;
use super::layout::Rect;
use super::text::{self, Fonts};
use super::theme;

/// How many mistakes the picture shows, at most.
pub const SHOWN_MISTAKES: usize = 3;
/// Advantages (hundredths of a baby) labelled on the chart's axis.
const TICKS: [i32; 5] = [-500, -200, 0, 200, 500];
/// How far towards the edges the chart draws an advantage that is not a forced win: the
/// edges themselves are kept for forced wins.
const UNFORCED: f64 = 0.9;
/// Pixel size of the title.
const TITLE_SIZE: f32 = 24.0;
/// Pixel size of captions and labels.
const CAPTION_SIZE: f32 = 18.0;
/// Left and right padding of the title.
const PAD: u32 = 14;

/// The words of an analysis picture, in the reader's language.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AnalysisTexts {
    /// The title line ("Game #12 · Ann vs Bo · White wins by queen capture").
    pub title: String,
    /// The chart's x axis ("ply").
    pub ply: String,
    /// The chart's top and bottom edges, where forced wins are drawn ("win").
    pub win: String,
    /// Before the notation of the move played ("played").
    pub played: String,
    /// Before the notation of the engine's move ("better").
    pub better: String,
    /// One caption per mistake shown, in the order of [`Analysis::biggest_mistakes`]
    /// (`"1 · ply 21 · Black"`).
    pub captions: Vec<String>,
    /// The line shown when no move was a mistake.
    pub no_mistakes: String,
}

/// Where a score is drawn on the chart: -1 to 1, White's side up; only forced wins reach
/// the edges.
#[must_use]
pub fn chart_value(score: Score) -> f64 {
    match score {
        Score::ForcedWin { winner, .. } => match winner {
            Color::White => 1.0,
            Color::Black => -1.0,
        },
        advantage => UNFORCED * (2.0 * advantage.chances(Color::White) - 1.0),
    }
}

/// Draws the analysis picture.
///
/// # Errors
/// A failure of the chart library.
pub fn draw(
    fonts: &Fonts,
    analysis: &Analysis,
    texts: &AnalysisTexts,
) -> Result<RgbImage, ChartError> {
    let mistakes = analysis.biggest_mistakes(SHOWN_MISTAKES);
    let size = analysis.record().options.size();
    let layout = AnalysisLayout::new(size, mistakes.len());
    let mut img = RgbImage::from_pixel(layout.width(), layout.height(), theme::PANEL);
    draw_title(&mut img, fonts, layout.header(), &texts.title);
    let chart_rect = layout.chart();
    let chart = advantage_chart(analysis, &mistakes, texts, chart_rect)?;
    image::imageops::replace(
        &mut img,
        &chart,
        i64::from(chart_rect.x),
        i64::from(chart_rect.y),
    );
    if mistakes.is_empty() {
        centred(
            &mut img,
            fonts,
            layout.none_line(),
            theme::TEXT_DIM,
            &texts.no_mistakes,
        );
        return Ok(img);
    }
    let before = positions_before(analysis, &mistakes);
    for (i, (mistake, pos)) in mistakes.iter().zip(before).enumerate() {
        let column = layout.column(u32::try_from(i).unwrap_or(0));
        let caption = texts.captions.get(i).map_or("", String::as_str);
        centred(&mut img, fonts, column.caption, theme::TEXT, caption);
        let played = format!("{} {}", texts.played, mistake.played);
        centred(
            &mut img,
            fonts,
            column.played_label,
            theme::MISTAKE_TEXT,
            &played,
        );
        let mut after = pos.clone();
        after.play_unchecked(mistake.played);
        let accent = theme::MISTAKE;
        diagram::draw(
            &mut img,
            fonts,
            &after,
            column.played,
            Some(mistake.played),
            accent,
        );
        let better = format!("{} {}", texts.better, mistake.better);
        centred(
            &mut img,
            fonts,
            column.better_label,
            theme::BETTER_TEXT,
            &better,
        );
        let mut after = pos;
        after.play_unchecked(mistake.better);
        let accent = theme::BETTER;
        diagram::draw(
            &mut img,
            fonts,
            &after,
            column.better,
            Some(mistake.better),
            accent,
        );
    }
    Ok(img)
}

fn advantage_chart(
    analysis: &Analysis,
    mistakes: &[Mistake],
    texts: &AnalysisTexts,
    rect: Rect,
) -> Result<RgbImage, ChartError> {
    let points: Vec<AdvantagePoint> = analysis
        .scores()
        .iter()
        .zip(0u32..)
        .map(|(s, ply)| AdvantagePoint {
            ply,
            value: chart_value(s.score),
            forced: matches!(s.score, Score::ForcedWin { .. }),
        })
        .collect();
    let marks = AdvantageMarks {
        turning_points: analysis.main_turning_points(SHOWN_TURNING_POINTS),
        mistakes: mistakes
            .iter()
            .map(|m| (m.ply, chart_value(m.after)))
            .collect(),
        ply: texts.ply.clone(),
        win: texts.win.clone(),
        ticks: TICKS
            .iter()
            .map(|&cp| {
                let label = match cp {
                    0 => "0".to_owned(),
                    cp if cp > 0 => format!("+{}", cp / 100),
                    cp => format!("−{}", -cp / 100),
                };
                (chart_value(Score::Advantage(cp)), label)
            })
            .collect(),
    };
    chart::advantage((rect.w, rect.h), PLOT_MARGINS, &points, &marks)
}

/// The position before each mistake, in the order given (which is the order played).
fn positions_before(analysis: &Analysis, mistakes: &[Mistake]) -> Vec<Position> {
    let record = analysis.record();
    let mut pos = Position::start(record.options);
    let mut out = Vec::with_capacity(mistakes.len());
    let mut played = 0u32;
    for mistake in mistakes {
        for &m in record.moves.iter().skip(played as usize) {
            if played + 1 >= mistake.ply {
                break;
            }
            pos.play_unchecked(m);
            played += 1;
        }
        out.push(pos.clone());
    }
    out
}

fn draw_title(img: &mut RgbImage, fonts: &Fonts, header: Rect, title: &str) {
    let line = text::fit(&fonts.regular, TITLE_SIZE, title, header.w - 2 * PAD);
    let centre = header.y as f32 + header.h as f32 / 2.0;
    let baseline = text::centred_baseline(&fonts.regular, TITLE_SIZE, centre);
    let at = (PAD as i32, baseline);
    text::draw_left(img, &fonts.regular, TITLE_SIZE, theme::TEXT, at, &line);
}

/// Draws `words` (shortened to fit) centred in `r`.
fn centred(img: &mut RgbImage, fonts: &Fonts, r: Rect, color: image::Rgb<u8>, words: &str) {
    let line = text::fit(&fonts.regular, CAPTION_SIZE, words, r.w.saturating_sub(8));
    let centre_y = r.y as f32 + r.h as f32 / 2.0;
    let baseline = text::centred_baseline(&fonts.regular, CAPTION_SIZE, centre_y);
    let cx = r.x as f32 + r.w as f32 / 2.0;
    text::draw_on_baseline(
        img,
        &fonts.regular,
        CAPTION_SIZE,
        color,
        (cx, baseline),
        &line,
    );
}
