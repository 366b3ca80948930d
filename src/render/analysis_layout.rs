//! Pure geometry of the analysis picture: the header, the advantage chart with its plot area,
//! and one column per mistake shown (caption, the move played, the engine's move).

use super::diagram::{self, DiagramPlace};
use super::layout::Rect;

/// Width of the picture: the width of a 12×12 board picture.
pub const WIDTH: u32 = 780;
/// Height of the title line at the top.
const HEADER: u32 = 50;
/// Height of the chart under the header.
const CHART: u32 = 300;
/// Space between the chart's edge and its plot area: top, right, bottom (ply labels and the
/// axis name), left (advantage labels).
pub const PLOT_MARGINS: (u32, u32, u32, u32) = (14, 18, 46, 54);
/// How many mistakes the picture has room for, side by side.
pub const COLUMNS: u32 = 3;
/// Width of a diagram, border included, at most.
const DIAGRAM: u32 = 236;
/// Height of a mistake's caption, and of the label over each diagram.
const CAPTION: u32 = 30;
/// Height of the label over each diagram.
const LABEL: u32 = 26;
/// Space under the last row, and between the two diagrams of a column.
const GAP: u32 = 10;
/// Height of the line that says no move was a mistake.
const NONE_LINE: u32 = 50;

/// One mistake's column: caption, then the move played and the engine's move, each with a
/// label over its diagram.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Column {
    /// The caption ("1 · ply 21 · Black").
    pub caption: Rect,
    /// The label over the move played.
    pub played_label: Rect,
    /// The position after the move played.
    pub played: DiagramPlace,
    /// The label over the engine's move.
    pub better_label: Rect,
    /// The position after the engine's move.
    pub better: DiagramPlace,
}

/// The geometry of an analysis picture of a `size`×`size` game with `shown` mistakes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AnalysisLayout {
    size: u8,
    shown: u32,
}

impl AnalysisLayout {
    /// The layout for a game on a `size`×`size` board showing `shown` mistakes (at most
    /// [`COLUMNS`]).
    #[must_use]
    pub fn new(size: u8, shown: usize) -> AnalysisLayout {
        AnalysisLayout {
            size: size.max(1),
            shown: u32::try_from(shown).unwrap_or(COLUMNS).min(COLUMNS),
        }
    }

    /// Width of the whole picture.
    #[must_use]
    pub const fn width(&self) -> u32 {
        WIDTH
    }

    /// Height of the whole picture.
    #[must_use]
    pub fn height(&self) -> u32 {
        if self.shown == 0 {
            return HEADER + CHART + NONE_LINE;
        }
        let column = self.column(0).better.rect();
        column.y + column.h + GAP
    }

    /// The title line.
    #[must_use]
    pub const fn header(&self) -> Rect {
        Rect {
            x: 0,
            y: 0,
            w: WIDTH,
            h: HEADER,
        }
    }

    /// The chart, axes and labels included.
    #[must_use]
    pub const fn chart(&self) -> Rect {
        Rect {
            x: 0,
            y: HEADER,
            w: WIDTH,
            h: CHART,
        }
    }

    /// The chart's plot area, in picture pixels: ply 0 at its left edge, the last ply at its
    /// right; White's forced win along its top edge, Black's along its bottom.
    #[must_use]
    pub const fn plot(&self) -> Rect {
        let chart = self.chart();
        let (top, right, bottom, left) = PLOT_MARGINS;
        Rect {
            x: chart.x + left,
            y: chart.y + top,
            w: chart.w - left - right,
            h: chart.h - top - bottom,
        }
    }

    /// The line that says no move was a mistake (used when none is shown).
    #[must_use]
    pub const fn none_line(&self) -> Rect {
        Rect {
            x: 0,
            y: HEADER + CHART,
            w: WIDTH,
            h: NONE_LINE,
        }
    }

    /// How many mistakes are shown.
    #[must_use]
    pub const fn shown(&self) -> u32 {
        self.shown
    }

    /// The column of the `index`th mistake shown (0-based, left to right).
    #[must_use]
    pub fn column(&self, index: u32) -> Column {
        let width = WIDTH / COLUMNS;
        let square = diagram::square_px(self.size, DIAGRAM);
        let side = square * u32::from(self.size) + 2 * diagram::BORDER;
        let left = index * width;
        let x = left + (width - side) / 2;
        let caption = Rect {
            x: left,
            y: HEADER + CHART,
            w: width,
            h: CAPTION,
        };
        let played_label = Rect {
            x,
            y: caption.y + caption.h,
            w: side,
            h: LABEL,
        };
        let played = DiagramPlace {
            x,
            y: played_label.y + LABEL,
            square,
            size: self.size,
        };
        let better_label = Rect {
            x,
            y: played.y + side + GAP,
            w: side,
            h: LABEL,
        };
        let better = DiagramPlace {
            x,
            y: better_label.y + LABEL,
            square,
            size: self.size,
        };
        Column {
            caption,
            played_label,
            played,
            better_label,
            better,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_fit_side_by_side_under_the_chart() {
        for size in [12, 14, 16] {
            let layout = AnalysisLayout::new(size, 3);
            let chart = layout.chart();
            let mut right = 0;
            for i in 0..3 {
                let c = layout.column(i);
                assert!(c.caption.y >= chart.y + chart.h);
                for r in [c.played.rect(), c.better.rect()] {
                    assert!(r.x >= right, "{size}: column {i} overlaps");
                    assert!(r.x + r.w <= WIDTH && r.y + r.h <= layout.height());
                }
                assert!(c.played.rect().y + c.played.rect().h <= c.better_label.y);
                right = c.played.rect().x + c.played.rect().w;
            }
            let plot = layout.plot();
            assert!(chart.contains(plot.x, plot.y));
            assert!(chart.contains(plot.x + plot.w - 1, plot.y + plot.h - 1));
        }
        assert!(AnalysisLayout::new(12, 0).height() < AnalysisLayout::new(12, 1).height());
    }
}
