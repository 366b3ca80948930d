//! The board renderer: pixel probes, golden images, edge cases and the replay GIF; the
//! analysis picture, the rating chart and the tournament crosstable.
//!
//! Golden images live in `tests/golden/` at half size. After an intended change of the
//! picture, regenerate them with
//! `UPDATE_GOLDEN=1 cargo test --test render golden`, look at them, and commit them.

use std::path::PathBuf;

use image::{Rgb, RgbImage, imageops};
use monkey_queen::cli::Cli;
use monkey_queen::games::lessons::STAGES;
use monkey_queen::model::BoardColors;
use monkey_queen::render::analysis_layout::AnalysisLayout;
use monkey_queen::render::theme::BoardTheme;
use monkey_queen::render::{
    AnalysisTexts, BoardView, CellResult, Crosstable, CrosstableCell, CrosstableRow,
    CrosstableTexts, FRAME_DELAY, Frame, FrameKind, LAST_FRAME_DELAY, Layout, Players,
    RATING_CHART, RatingPoint, RatingTexts, Renderer, SHOWN_MISTAKES, theme,
};
use monkey_queen_core::analysis;
use monkey_queen_core::{Color, GameOptions, Move, Position, Record, Role, Square};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// A fixed 60-ply game of random legal moves (the one `monkey-queen bench` uses).
const GAME: [&str; 60] = [
    "g1-b6", "f12-c9", "b6-b11", "c9-f6", "g1-h2", "f12-d12", "h2-h3", "f6-j10", "b6-e3", "f6-d8",
    "b11-i11", "j10-l10", "b11-d11", "d12-g9", "i11-h10", "l10-l12", "h10-i9", "l12-l11", "i9-h9",
    "j10-i10", "h9xg9", "l12xi9", "g9-i7", "l11xi11", "h10-h11", "l10-l8", "d11-f9", "l8-l7",
    "e3-e10", "d8-j8", "i7-i6", "i10-h9", "i6-f3", "i9-c3", "i6-l9", "c9-i3", "i7xj8", "h9xg9",
    "f3-h5", "g9xl9", "h5-h4", "i3-j2", "h4-i5", "j8-j6", "i5-f2", "j6-j4", "f2-a7", "j4-i4",
    "a7-c5", "i4-e4", "c5-e5", "l9-h5", "e5-g7", "h5-f7", "g7-b7", "f7-d7", "b7-c6", "d7-d6",
    "c6-c4", "d6xe4",
];

fn sq(name: &str) -> Square {
    Square::parse(name, 16).unwrap()
}

fn renderer() -> Renderer {
    Renderer::new().unwrap()
}

fn after(moves: &[&str]) -> (Record, Position) {
    Record::from_moves(GameOptions::default(), moves).unwrap()
}

/// A random legal game of at most `plies` plies, the same for the same seed.
fn random_game(options: GameOptions, seed: u64, plies: usize) -> (Record, Position) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut pos = Position::start(options);
    let mut moves = Vec::new();
    for _ in 0..plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.random_range(0..legal.len())];
        pos.play_unchecked(m);
        moves.push(m);
    }
    (Record { options, moves }, pos)
}

fn view_after(record: &Record) -> BoardView {
    BoardView {
        last_move: record.moves.last().copied(),
        ..BoardView::default()
    }
}

fn distance(a: Rgb<u8>, b: Rgb<u8>) -> u32 {
    (0..3).map(|i| u32::from(a.0[i].abs_diff(b.0[i]))).sum()
}

/// A pixel inside a square but outside any piece: its top-left corner, one pixel in.
fn corner(img: &RgbImage, layout: &Layout, square: Square) -> Rgb<u8> {
    let r = layout.square_rect(square);
    *img.get_pixel(r.x + 1, r.y + 1)
}

/// At least this share of a queen's centre shows its checkers (the rest is its gold ring
/// and height number); a baby's centre shows more than 0.6.
const QUEEN_SHARE: f64 = 0.45;

/// The share of pixels within a quarter square of the centre that look like `color`'s checkers.
fn piece_share(img: &RgbImage, layout: &Layout, square: Square, color: Color) -> f64 {
    let r = layout.square_rect(square);
    let (cx, cy) = layout.square_centre(square);
    let radius = r.w as f32 / 4.0;
    let (mut hits, mut total) = (0, 0);
    for y in r.y..r.y + r.h {
        for x in r.x..r.x + r.w {
            if (x as f32 + 0.5 - cx).hypot(y as f32 + 0.5 - cy) > radius {
                continue;
            }
            total += 1;
            let [red, green, blue] = img.get_pixel(x, y).0;
            let looks = match color {
                // Ivory: light and warm.
                Color::White => red > 190 && green > 170 && blue > 130 && red > green,
                // Tobacco: brown, red over green over blue.
                Color::Black => red > green && green > blue && red < 200 && blue < 110,
            };
            hits += u32::from(looks);
        }
    }
    f64::from(hits) / f64::from(total)
}

#[test]
fn queens_squares_show_their_checker_colours() {
    // R2.1 ivory and tobacco; R3.1 queens on g1 and f12.
    let renderer = renderer();
    let pos = Position::start(GameOptions::default());
    let img = renderer.board_image(&pos, &BoardView::default()).unwrap();
    let layout = Layout::new(12, false);
    assert!(piece_share(&img, &layout, sq("g1"), Color::White) > QUEEN_SHARE);
    assert!(piece_share(&img, &layout, sq("f12"), Color::Black) > QUEEN_SHARE);
    // Only the height number, dark brown on ivory, looks like tobacco.
    assert!(piece_share(&img, &layout, sq("g1"), Color::Black) < 0.25);
    assert!(piece_share(&img, &layout, sq("f1"), Color::White) < 0.1);
    assert_eq!(corner(&img, &layout, sq("a1")), theme::DARK_SQUARE);
    assert_eq!(corner(&img, &layout, sq("b1")), theme::LIGHT_SQUARE);
}

#[test]
fn last_move_squares_are_highlighted_and_the_newborn_stays_visible() {
    // R5.1: the queen leaves a baby on g1.
    let renderer = renderer();
    let (record, pos) = after(&["g1-g7"]);
    let plain = renderer.board_image(&pos, &BoardView::default()).unwrap();
    let lit = renderer.board_image(&pos, &view_after(&record)).unwrap();
    let layout = Layout::new(12, false);
    for name in ["g1", "g7"] {
        assert!(
            distance(
                corner(&plain, &layout, sq(name)),
                corner(&lit, &layout, sq(name))
            ) > 30,
            "{name}"
        );
    }
    for name in ["a1", "g2", "f7", "l12"] {
        assert_eq!(
            corner(&plain, &layout, sq(name)),
            corner(&lit, &layout, sq(name)),
            "{name}"
        );
    }
    assert!(
        piece_share(&lit, &layout, sq("g1"), Color::White) > 0.6,
        "newborn baby hidden"
    );
    assert!(piece_share(&lit, &layout, sq("g7"), Color::White) > QUEEN_SHARE);
}

#[test]
fn a_capture_is_marked_in_red() {
    // R4.4: ply 21 of the fixed game, h9xg9, captures a baby.
    let renderer = renderer();
    let (record, pos) = after(&GAME[..21]);
    assert!(record.moves[20].is_capture());
    let img = renderer.board_image(&pos, &view_after(&record)).unwrap();
    let layout = Layout::new(12, false);
    let [red, green, blue] = corner(&img, &layout, sq("g9")).0;
    assert!(
        red > 150 && red > green + 60 && red > blue + 60,
        "{red} {green} {blue}"
    );
    let [red, green, _] = corner(&img, &layout, sq("h9")).0;
    assert!(
        red > 150 && green > 150,
        "the origin has the plain highlight"
    );
}

#[test]
fn marks_and_selection_show_on_their_squares() {
    let renderer = renderer();
    let pos = Position::start(GameOptions::default());
    let view = BoardView {
        marks: vec![sq("g5"), sq("f12")],
        selected: Some(sq("g1")),
        ..BoardView::default()
    };
    let plain = renderer.board_image(&pos, &BoardView::default()).unwrap();
    let marked = renderer.board_image(&pos, &view).unwrap();
    let layout = Layout::new(12, false);
    let (cx, cy) = layout.square_centre(sq("g5"));
    let centre = |img: &RgbImage| *img.get_pixel(cx as u32, cy as u32);
    assert!(
        distance(centre(&plain), centre(&marked)) > 60,
        "no dot on g5"
    );
    assert!(
        distance(
            corner(&plain, &layout, sq("g1")),
            corner(&marked, &layout, sq("g1"))
        ) > 30
    );
    // An occupied destination gets a ring around the piece, not a dot on it.
    let r = layout.square_rect(sq("f12"));
    let ring = (r.x + r.w / 2, r.y + r.h / 2 - (0.45 * r.h as f32) as u32);
    assert_ne!(
        plain.get_pixel(ring.0, ring.1),
        marked.get_pixel(ring.0, ring.1)
    );
}

#[test]
fn the_flipped_board_puts_a1_top_right() {
    // R1.2 seen from Black's side.
    let renderer = renderer();
    let pos = Position::start(GameOptions::default());
    for flipped in [false, true] {
        let view = BoardView {
            flipped,
            selected: Some(sq("a1")),
            ..BoardView::default()
        };
        let img = renderer.board_image(&pos, &view).unwrap();
        let layout = Layout::new(12, flipped);
        let board = layout.board();
        let top_right = *img.get_pixel(board.x + board.w - 2, board.y + 1);
        let bottom_left = *img.get_pixel(board.x + 1, board.y + board.h - 2);
        let (selected, dark) = (theme::SELECTED.0, theme::DARK_SQUARE);
        let (lit, plain) = if flipped {
            (top_right, bottom_left)
        } else {
            (bottom_left, top_right)
        };
        assert!(
            distance(lit, selected) < distance(lit, dark),
            "flipped {flipped}"
        );
        assert_eq!(plain, dark, "flipped {flipped}");
        // The queens swap ends too: White's g1 queen is near the top when flipped.
        let (_, y) = layout.square_centre(sq("g1"));
        assert_eq!(y < (board.y + board.h / 2) as f32, flipped);
        assert!(piece_share(&img, &layout, sq("g1"), Color::White) > QUEEN_SHARE);
    }
}

#[test]
fn long_names_strange_text_and_every_size_render() {
    let renderer = renderer();
    let name = "🐒 Ünïcødé\u{0}\u{202e}猴子 ".repeat(500);
    for size in [12, 14, 16] {
        let options = GameOptions::new(size, 20, false).unwrap();
        let (record, pos) = random_game(options, u64::from(size), 50);
        for flipped in [false, true] {
            let view = BoardView {
                flipped,
                players: Players::new(name.clone(), ""),
                status: Some(name.clone()),
                marks: pos.legal_moves().iter().filter_map(|m| m.to()).collect(),
                selected: pos.queen(pos.turn()),
                ..view_after(&record)
            };
            let png = renderer.board_png(&pos, &view).unwrap();
            let img = image::load_from_memory(&png).unwrap();
            let layout = Layout::new(size, flipped);
            assert_eq!(
                (img.width(), img.height()),
                (layout.width(), layout.height())
            );
            assert!((700..=900).contains(&img.width()));
        }
    }
}

#[test]
fn a_mid_game_png_is_small_enough() {
    // About a third of the 96,863 bytes it took as an RGB PNG: 32.7 KB indexed with `Paeth`
    // throughout (31.7 KB with each row's best filter, which takes 40% longer to encode).
    let renderer = renderer();
    let (record, pos) = after(&GAME[..40]);
    let png = renderer.board_png(&pos, &view_after(&record)).unwrap();
    assert!(png.len() <= 33_000, "{} bytes", png.len());
}

#[test]
fn the_indexed_png_looks_like_the_picture() {
    // Every pixel of the encoded board within a few levels of the picture drawn, on the
    // pieces, edges and text too (the palette has shades for the anti-aliasing).
    let renderer = renderer();
    let cases = [
        (&GAME[..40], false),
        (&GAME[..21], true),
        (&GAME[..0], false),
    ];
    // In every theme, each with its own palette.
    for ((moves, flipped), colors) in cases
        .into_iter()
        .flat_map(|case| BoardColors::ALL.map(|colors| (case, colors)))
    {
        let (record, pos) = after(moves);
        let view = BoardView {
            flipped,
            colors,
            marks: pos.legal_moves().iter().filter_map(|m| m.to()).collect(),
            players: Players::new("Alice", "Bob the Monkey"),
            ..view_after(&record)
        };
        let drawn = renderer.board_image(&pos, &view).unwrap();
        let png = renderer.board_png(&pos, &view).unwrap();
        let decoded = image::load_from_memory(&png).unwrap().to_rgb8();
        assert_eq!(decoded.dimensions(), drawn.dimensions());
        let offs: Vec<u32> = drawn
            .pixels()
            .zip(decoded.pixels())
            .map(|(a, b)| distance(*a, *b))
            .collect();
        let worst = offs.iter().max().copied().unwrap_or(0);
        let mean = f64::from(offs.iter().sum::<u32>()) / offs.len() as f64;
        let visible = offs.iter().filter(|&&d| d > 24).count();
        assert!(mean < 2.0, "{colors}: mean distance {mean:.2}");
        assert!(
            visible * 1000 < offs.len(),
            "{colors}: {visible} pixels off by more than 24 (worst {worst})"
        );
    }
}

#[test]
fn the_replay_has_one_frame_per_position_and_holds_the_last() {
    let renderer = renderer();
    let (record, _) = after(&GAME[..12]);
    let gif = renderer
        .replay_gif(&record, &Players::new("Ann", "Bob"), BoardColors::Standard)
        .unwrap();
    let mut decoder = gif::DecodeOptions::new().read_info(gif.as_slice()).unwrap();
    let layout = Layout::new(12, false);
    assert_eq!(
        (u32::from(decoder.width()), u32::from(decoder.height())),
        (layout.width(), layout.height())
    );
    let mut delays = Vec::new();
    while let Some(frame) = decoder.read_next_frame().unwrap() {
        delays.push(frame.delay);
    }
    // The start position, then one frame after each of the 12 plies.
    assert_eq!(delays.len(), record.moves.len() + 1);
    assert!(delays[..12].iter().all(|&d| d == FRAME_DELAY));
    assert_eq!(delays[12], LAST_FRAME_DELAY);
}

#[test]
fn a_replay_with_the_pie_swap_renders() {
    // R8.1: swap as the second ply.
    let renderer = renderer();
    let options = GameOptions::new(12, 20, true).unwrap();
    let (record, _) = Record::from_moves(options, &["g1-g5", "swap", "f12-f8"]).unwrap();
    assert_eq!(record.moves[1], Move::Swap);
    let gif = renderer
        .replay_gif(&record, &Players::default(), BoardColors::Standard)
        .unwrap();
    assert!(gif.starts_with(b"GIF89a"));
}

/// Compares a rendering with its half-size golden image, or rewrites the golden image when
/// `UPDATE_GOLDEN` is set.
fn check_golden(name: &str, img: &RgbImage) {
    let half = imageops::resize(
        img,
        img.width() / 2,
        img.height() / 2,
        imageops::FilterType::Triangle,
    );
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        half.save(&path).unwrap();
        return;
    }
    let golden = image::open(&path)
        .unwrap_or_else(|e| panic!("{}: {e}; run with UPDATE_GOLDEN=1", path.display()))
        .to_rgb8();
    assert_eq!(golden.dimensions(), half.dimensions(), "{name}");
    let off = golden
        .pixels()
        .zip(half.pixels())
        .filter(|(a, b)| distance(**a, **b) > 24)
        .count();
    let share = off as f64 / f64::from(golden.width() * golden.height());
    assert!(
        share < 0.002,
        "{name}: {off} pixels differ from the golden image"
    );
}

#[test]
fn golden_start_position() {
    let renderer = renderer();
    let pos = Position::start(GameOptions::default());
    let view = BoardView {
        players: Players::new("Alice", "Bob"),
        ..BoardView::default()
    };
    check_golden("start.png", &renderer.board_image(&pos, &view).unwrap());
}

#[test]
fn golden_mid_game_flipped_with_marks() {
    let renderer = renderer();
    let (record, pos) = after(&GAME[..40]);
    let selected = sq("h5");
    let view = BoardView {
        flipped: true,
        marks: pos
            .moves_from(selected)
            .iter()
            .filter_map(|m| m.to())
            .collect(),
        selected: Some(selected),
        players: Players::new("Alice", "Bob the Monkey"),
        ..view_after(&record)
    };
    assert_eq!(pos.piece_at(selected).map(|p| p.role), Some(Role::Queen));
    check_golden(
        "midgame-flipped.png",
        &renderer.board_image(&pos, &view).unwrap(),
    );
}

#[test]
fn cli_render_writes_a_png_and_names_the_bad_ply() {
    use clap::Parser;
    let dir = std::env::temp_dir().join(format!("mq-render-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("board.png");
    let args = [
        "monkey-queen",
        "render",
        "--flip",
        "--mark",
        "g2,g3",
        "g1-g7",
        "--out",
    ];
    let cli = Cli::try_parse_from(args.iter().copied().chain([out.to_str().unwrap()])).unwrap();
    monkey_queen::cli::run(cli).unwrap();
    assert!(std::fs::read(&out).unwrap().starts_with(b"\x89PNG"));

    let args = ["monkey-queen", "render", "g1-g7", "f12-f13", "--out"];
    let cli = Cli::try_parse_from(args.iter().copied().chain([out.to_str().unwrap()])).unwrap();
    let error = monkey_queen::cli::run(cli).unwrap_err();
    assert!(error.contains("ply 2"), "{error}");

    let out = dir.join("game.gif");
    let args = ["monkey-queen", "replay", "g1-g7", "f12-f6", "--out"];
    let cli = Cli::try_parse_from(args.iter().copied().chain([out.to_str().unwrap()])).unwrap();
    monkey_queen::cli::run(cli).unwrap();
    assert!(std::fs::read(&out).unwrap().starts_with(b"GIF89a"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Black's queen steps next to White's (ply 4), which takes it (R4.4, R7.1).
const BLUNDER: [&str; 5] = ["g1-g4", "f12-f9", "g4-g6", "f9-f7", "g6xf7"];

fn analysis_texts(captions: usize) -> AnalysisTexts {
    AnalysisTexts {
        title: "Game #1 · Ann vs Bo · White wins".to_owned(),
        ply: "ply".to_owned(),
        win: "win".to_owned(),
        played: "played".to_owned(),
        better: "better".to_owned(),
        captions: (1..=captions).map(|i| format!("{i} · ply")).collect(),
        no_mistakes: "No clear mistakes.".to_owned(),
    }
}

/// The pixel of the plot area that shows `ply` at height `value` (-1 to 1).
fn plot_pixel(layout: &AnalysisLayout, plies: u32, ply: u32, value: f64) -> (u32, u32) {
    let plot = layout.plot();
    let x = plot.x + ((plot.w - 1) as f64 * f64::from(ply) / f64::from(plies)).round() as u32;
    let y = plot.y + ((plot.h - 1) as f64 * (1.0 - value) / 2.0).round() as u32;
    (x, y)
}

/// Whether some pixel within `radius` of `(x, y)` is within `tolerance` of `color`.
fn near(img: &RgbImage, (x, y): (u32, u32), radius: u32, color: Rgb<u8>, tolerance: u32) -> bool {
    (y.saturating_sub(radius)..=y + radius).any(|py| {
        (x.saturating_sub(radius)..=x + radius).any(|px| {
            px < img.width()
                && py < img.height()
                && distance(*img.get_pixel(px, py), color) <= tolerance
        })
    })
}

#[test]
fn the_analysis_picture_has_its_chart_and_diagrams_where_the_layout_says() {
    let renderer = renderer();
    let (record, _) = after(&BLUNDER);
    let analysis = analysis::analyse(&record, 4_000);
    let mistakes = analysis.biggest_mistakes(SHOWN_MISTAKES);
    assert!(mistakes.iter().any(|m| m.ply == 4));
    let png = renderer
        .analysis_png(&analysis, &analysis_texts(mistakes.len()))
        .unwrap();
    let img = image::load_from_memory(&png).unwrap().to_rgb8();
    let layout = AnalysisLayout::new(12, mistakes.len());
    assert_eq!(img.dimensions(), (layout.width(), layout.height()));

    // The plot area in the frame's green, the middle line through it.
    let plot = layout.plot();
    let plies = 5;
    assert!(near(
        &img,
        (plot.x + 3, plot.y + 3),
        2,
        theme::CHART_AREA,
        6
    ));
    // The forced win (after ply 4 and at the end) is drawn on the top edge, in gold.
    for ply in [4, 5] {
        let at = plot_pixel(&layout, plies, ply, 1.0);
        assert!(
            near(&img, at, 4, theme::CROWN, 40),
            "no forced win at ply {ply}"
        );
        // Below it, White's share in ivory.
        let under = plot_pixel(&layout, plies, ply, 0.5);
        assert!(
            near(&img, (under.0 - 3, under.1), 3, theme::IVORY.face, 10),
            "ply {ply}"
        );
    }
    // Before the blunder nobody has won: nothing gold on the edges.
    let early = plot_pixel(&layout, plies, 1, 1.0);
    assert!(!near(&img, early, 3, theme::CROWN, 40));
    // The blunder is marked by a red disc on the curve.
    let marked = plot_pixel(&layout, plies, 4, 0.9);
    assert!(
        near(&img, marked, 12, theme::MISTAKE.0, 30),
        "no mistake marker"
    );

    // Each mistake's diagrams: squares of the board, the destination tinted red (played) or
    // green (better).
    for (i, mistake) in mistakes.iter().enumerate() {
        let column = layout.column(i as u32);
        for (place, mv, accent) in [
            (column.played, mistake.played, theme::MISTAKE),
            (column.better, mistake.better, theme::BETTER),
        ] {
            let a12 = place.square_rect(Square::parse("a12", 12).unwrap());
            assert_eq!(*img.get_pixel(a12.x + 1, a12.y + 1), theme::LIGHT_SQUARE);
            let to = place.square_rect(mv.to().unwrap());
            let [r, g, b] = img.get_pixel(to.x + 1, to.y + 1).0;
            let tinted = match accent {
                a if a == theme::MISTAKE => r > g + 40 && r > b + 40,
                _ => g > r + 20 && g > b + 20,
            };
            assert!(tinted, "mistake {i}: {mv} not tinted: {r} {g} {b}");
        }
    }
}

#[test]
fn an_analysis_without_mistakes_says_so_and_draws_no_diagram() {
    let renderer = renderer();
    let (record, _) = after(&[]);
    let analysis = analysis::analyse(&record, 2_000);
    let img = renderer
        .analysis_image(&analysis, &analysis_texts(0))
        .unwrap();
    let layout = AnalysisLayout::new(12, 0);
    assert_eq!(img.dimensions(), (layout.width(), layout.height()));
    let line = layout.none_line();
    let lit = (line.x..line.x + line.w)
        .flat_map(|x| (line.y..line.y + line.h).map(move |y| (x, y)))
        .filter(|&(x, y)| distance(*img.get_pixel(x, y), theme::PANEL) > 60)
        .count();
    assert!(lit > 100, "the line is empty");
}

#[test]
fn the_rating_chart_draws_the_band_and_the_line() {
    let renderer = renderer();
    let points: Vec<RatingPoint> = [
        (1500.0, Some(350.0)),
        (1662.0, Some(290.0)),
        (1580.0, None),
        (1610.0, Some(250.0)),
        (1650.0, Some(230.0)),
    ]
    .into_iter()
    .map(|(rating, deviation)| RatingPoint { rating, deviation })
    .collect();
    let texts = RatingTexts {
        games: "rated games".to_owned(),
    };
    let png = renderer.rating_png(&points, &texts).unwrap();
    let img = image::load_from_memory(&png).unwrap().to_rgb8();
    assert_eq!(img.dimensions(), RATING_CHART);
    let count = |color: Rgb<u8>| img.pixels().filter(|p| distance(**p, color) <= 6).count();
    assert!(count(theme::DARK_SQUARE) > 2_000, "no deviation band");
    assert!(count(theme::IVORY.face) > 300, "no rating line");
    assert!(count(theme::ACCENT) > 50, "no points");
}

/// One game of a crosstable fixture: White's rank, Black's rank, the result for White.
type TableGame = (usize, usize, CellResult);

/// The other side of a result.
fn reversed(result: CellResult) -> CellResult {
    match result {
        CellResult::Win => CellResult::Loss,
        CellResult::Loss => CellResult::Win,
        CellResult::ForfeitWin => CellResult::ForfeitLoss,
        CellResult::ForfeitLoss => CellResult::ForfeitWin,
        other => other,
    }
}

/// A crosstable of `players` (name, rating) in standings order, with `rounds` of games and
/// byes (ranks); points counted from the cells, one made-up tie-break.
fn crosstable(
    title: &str,
    players: &[(&str, Option<i32>)],
    rounds: &[(Vec<TableGame>, Vec<usize>)],
    withdrawn: &[usize],
) -> Crosstable {
    let mut rows: Vec<CrosstableRow> = players
        .iter()
        .zip(1..)
        .map(|(&(name, rating), rank)| CrosstableRow {
            rank,
            name: name.to_owned(),
            rating,
            cells: vec![CrosstableCell::Absent; rounds.len()],
            points: String::new(),
            tie_breaks: Vec::new(),
            withdrawn: withdrawn.contains(&rank),
            winner: rank == 1,
        })
        .collect();
    for (r, (games, byes)) in rounds.iter().enumerate() {
        for &(white, black, result) in games {
            rows[white - 1].cells[r] = CrosstableCell::Game {
                opponent: black,
                white: true,
                result,
            };
            rows[black - 1].cells[r] = CrosstableCell::Game {
                opponent: white,
                white: false,
                result: reversed(result),
            };
        }
        for &bye in byes {
            rows[bye - 1].cells[r] = CrosstableCell::Bye;
        }
    }
    for row in &mut rows {
        let halves: u32 = row
            .cells
            .iter()
            .map(|c| match c {
                CrosstableCell::Bye => 2,
                CrosstableCell::Game { result, .. } => match result {
                    CellResult::Win | CellResult::ForfeitWin => 2,
                    CellResult::Draw => 1,
                    _ => 0,
                },
                CrosstableCell::Absent => 0,
            })
            .sum();
        let half = if halves % 2 == 1 { "½" } else { "" };
        row.points = format!("{}{half}", halves / 2);
        row.tie_breaks = vec![format!("{}", 3 * halves / 2), format!("{}.5", halves)];
    }
    Crosstable {
        title: title.to_owned(),
        subtitle: format!("{} rounds · Winner: {}", rounds.len(), players[0].0),
        texts: CrosstableTexts {
            rank: "#".to_owned(),
            player: "Player".to_owned(),
            round: "R".to_owned(),
            points: "Pts".to_owned(),
            tie_breaks: vec!["BH".to_owned(), "SB".to_owned()],
            withdrawn: "withdrawn".to_owned(),
            bye: "bye".to_owned(),
        },
        rows,
        rounds: rounds.len(),
    }
}

/// An 8-player Swiss after its 3 rounds, names in several scripts.
fn swiss_crosstable() -> Crosstable {
    use CellResult::{ForfeitWin, Loss, Win};
    crosstable(
        "Spring Swiss",
        &[
            ("Alice", Some(1712)),
            ("Zoë Ångström", Some(1650)),
            ("Łukasz Żółkiewski", Some(1598)),
            ("渡辺 健", Some(1580)),
            (
                "Bartholomew the Exceedingly Long-Named Monkey Queen Grandmaster",
                Some(1544),
            ),
            ("Ivan Петров", None),
            ("Ana", Some(1470)),
            ("Ωmega", Some(1401)),
        ],
        &[
            (
                vec![(1, 5, Win), (6, 2, Loss), (3, 7, Win), (8, 4, Loss)],
                vec![],
            ),
            (
                vec![(2, 1, Loss), (4, 3, Win), (5, 6, ForfeitWin), (7, 8, Win)],
                vec![],
            ),
            (
                vec![(1, 4, Win), (3, 2, Loss), (6, 7, Win), (8, 5, Loss)],
                vec![],
            ),
        ],
        &[],
    )
}

/// A 5-player round robin (a bye every round) that one player left after round 2.
fn round_robin_crosstable() -> Crosstable {
    use CellResult::{Draw, ForfeitLoss, ForfeitWin, Loss, Pending, Win};
    let mut table = crosstable(
        "Monkey Queen Club Championship 2025",
        &[
            ("Zoë", Some(1620)),
            ("Łukasz", Some(1555)),
            ("渡辺", Some(1490)),
            ("Bo", None),
            ("Quitter McQuitface", Some(1500)),
        ],
        &[
            (vec![(1, 5, Win), (2, 4, Draw)], vec![3]),
            (vec![(5, 3, Loss), (4, 1, Loss)], vec![2]),
            (vec![(1, 3, Win), (2, 5, ForfeitWin)], vec![4]),
            (vec![(3, 4, Win), (5, 1, ForfeitLoss)], vec![2]),
            (vec![(2, 1, Pending), (4, 5, ForfeitWin)], vec![3]),
        ],
        &[5],
    );
    // The withdrawn player is not in the last round at all.
    table.rows[4].cells[4] = CrosstableCell::Absent;
    table.texts.tie_breaks = vec!["SB".to_owned()];
    for row in &mut table.rows {
        row.tie_breaks.truncate(1);
    }
    table
}

#[test]
fn crosstables_render_as_pngs_that_grow_with_the_table() {
    let renderer = renderer();
    let mut sizes = Vec::new();
    for table in [swiss_crosstable(), round_robin_crosstable()] {
        let png = renderer.crosstable_png(&table).unwrap();
        let img = image::load_from_memory(&png).unwrap().to_rgb8();
        let (width, height) = img.dimensions();
        assert!((480..=1600).contains(&width), "{width}");
        // The title, the header row, then about 30 pixels a player.
        let per_row = height / u32::try_from(table.rows.len()).unwrap();
        assert!((30..=60).contains(&per_row), "{height}");
        // The winner's row, first, has the accent bar at the left edge; nobody else does.
        let bar: Vec<u32> = (0..height)
            .filter(|&y| distance(*img.get_pixel(1, y), theme::ACCENT) < 10)
            .collect();
        assert!(
            (20..=40).contains(&bar.len()),
            "{} accent pixels",
            bar.len()
        );
        let below = (table.rows.len() - 1) * 25;
        assert!(bar.iter().all(|&y| (y as usize) < height as usize - below));
        sizes.push((width, height));
    }
    // Eight players are taller than five.
    assert!(sizes[0].1 > sizes[1].1, "{sizes:?}");
}

// ---- board themes ------------------------------------------------------------------------

/// A colour's relative luminance (WCAG 2).
fn luminance(Rgb(c): Rgb<u8>) -> f64 {
    let lin = c.map(|v| {
        let v = f64::from(v) / 255.0;
        if v <= 0.040_45 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    });
    0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
}

/// The contrast ratio of two colours (WCAG 2): 1 to 21.
fn contrast(a: Rgb<u8>, b: Rgb<u8>) -> f64 {
    let (a, b) = (luminance(a), luminance(b));
    (a.max(b) + 0.05) / (a.min(b) + 0.05)
}

/// `color` as someone without one kind of cone sees it (Machado, Oliveira and Fernandes
/// 2009, full severity, on linear RGB): `kind` 0 protanopia, 1 deuteranopia, 2 tritanopia.
fn as_seen_without_cone(Rgb(c): Rgb<u8>, kind: usize) -> Rgb<u8> {
    const MATRICES: [[[f64; 3]; 3]; 3] = [
        [
            [0.152_286, 1.052_583, -0.204_868],
            [0.114_503, 0.786_281, 0.099_216],
            [-0.003_882, -0.048_116, 1.051_998],
        ],
        [
            [0.367_322, 0.860_646, -0.227_968],
            [0.280_085, 0.672_501, 0.047_413],
            [-0.011_820, 0.042_940, 0.968_881],
        ],
        [
            [1.255_528, -0.076_749, -0.178_779],
            [-0.078_411, 0.930_809, 0.147_602],
            [0.004_733, 0.691_367, 0.303_900],
        ],
    ];
    let lin = c.map(|v| {
        let v = f64::from(v) / 255.0;
        if v <= 0.040_45 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    });
    let m = MATRICES[kind];
    Rgb(std::array::from_fn(|i| {
        let v = (m[i][0] * lin[0] + m[i][1] * lin[1] + m[i][2] * lin[2]).clamp(0.0, 1.0);
        let s = if v <= 0.003_130_8 {
            12.92 * v
        } else {
            1.055 * v.powf(1.0 / 2.4) - 0.055
        };
        (s * 255.0).round() as u8
    }))
}

/// A pixel of `square` clear of its piece, its shadow and a capture's border.
fn clear_of_piece(img: &RgbImage, layout: &Layout, square: Square) -> Rgb<u8> {
    let r = layout.square_rect(square);
    let inset = r.w * 12 / 100;
    *img.get_pixel(r.x + inset, r.y + inset)
}

/// The start position drawn in `colors` with a capture from `from` to `to` as the last move
/// and `selected` selected; each of them, and `plain`, as drawn: plain, last move's origin,
/// capture, selected.
fn highlights(colors: BoardColors, [plain, from, to, selected]: [&str; 4]) -> [Rgb<u8>; 4] {
    let pos = Position::start(GameOptions::default());
    let sq = |name: &str| Square::parse(name, 12).unwrap();
    let view = BoardView {
        last_move: Some(Move::Normal {
            role: Role::Baby,
            from: sq(from),
            to: sq(to),
            capture: Some(Role::Baby),
        }),
        selected: Some(sq(selected)),
        colors,
        ..BoardView::default()
    };
    let img = renderer().board_image(&pos, &view).unwrap();
    let layout = Layout::new(12, false);
    [plain, from, to, selected].map(|name| clear_of_piece(&img, &layout, sq(name)))
}

/// The share of a square's pixels close to `color`.
fn share_near(img: &RgbImage, layout: &Layout, square: Square, color: Rgb<u8>) -> f64 {
    let r = layout.square_rect(square);
    let (mut near, mut all) = (0u32, 0u32);
    for y in r.y..r.y + r.h {
        for x in r.x..r.x + r.w {
            all += 1;
            near += u32::from(distance(*img.get_pixel(x, y), color) < 40);
        }
    }
    f64::from(near) / f64::from(all)
}

/// Empty dark and light squares of the start position: plain, last move's origin, capture,
/// selected.
const DARK: [&str; 4] = ["c3", "a1", "c1", "e1"];
const LIGHT: [&str; 4] = ["b3", "b1", "d1", "f1"];

#[test]
fn each_theme_draws_its_own_squares_pieces_and_highlights() {
    let renderer = renderer();
    let pos = Position::start(GameOptions::default());
    let layout = Layout::new(12, false);
    let mut pictures = Vec::new();
    for colors in BoardColors::ALL {
        let theme = BoardTheme::of(colors);
        let view = BoardView {
            colors,
            ..BoardView::default()
        };
        let img = renderer.board_image(&pos, &view).unwrap();
        assert_eq!(corner(&img, &layout, sq("a1")), theme.dark, "{colors}");
        assert_eq!(corner(&img, &layout, sq("b1")), theme.light, "{colors}");
        // The queens show the theme's checker faces.
        for (queen, face) in [("g1", theme.white.face), ("f12", theme.black.face)] {
            let share = share_near(&img, &layout, sq(queen), face);
            assert!(share > 0.05, "{colors}: {queen} {share:.2}");
        }
        let [plain, from, to, selected] = highlights(colors, DARK);
        assert_eq!(plain, theme.dark, "{colors}");
        for (tinted, what) in [(from, "last move"), (to, "capture"), (selected, "selected")] {
            assert!(distance(tinted, plain) > 60, "{colors}: {what} {tinted:?}");
        }
        pictures.push(img);
    }
    // Three different pictures.
    for (a, b) in [(0, 1), (0, 2), (1, 2)] {
        assert_ne!(pictures[a], pictures[b]);
    }
}

#[test]
fn the_colour_blind_theme_keeps_highlights_apart_without_any_one_cone() {
    // Plain, last move, capture and selected squares, on dark and light squares, stay well
    // apart as each colour blindness sees them (the standard theme's yellow and red come
    // closer for some).
    let least = |colors: BoardColors| {
        let mut least = u32::MAX;
        for squares in [DARK, LIGHT] {
            let drawn = highlights(colors, squares);
            for kind in 0..3 {
                let seen = drawn.map(|c| as_seen_without_cone(c, kind));
                for (i, j) in [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)] {
                    least = least.min(distance(seen[i], seen[j]));
                }
            }
        }
        least
    };
    let safe = least(BoardColors::Colorblind);
    assert!(safe >= 55, "{safe}");
    assert!(safe > least(BoardColors::Standard), "{safe}");
}

#[test]
fn the_high_contrast_theme_meets_three_to_one_everywhere() {
    // WCAG's 3:1 for what is not text (squares, pieces, marks), 4.5:1 for the numbers and
    // coordinates; the other themes' numbers and coordinates are text too.
    for colors in BoardColors::ALL {
        let t = BoardTheme::of(colors);
        assert!(contrast(t.coordinate, t.frame) >= 4.5, "{colors}");
        for side in [t.white, t.black] {
            assert!(contrast(side.number, side.face) >= 4.5, "{colors}");
        }
    }
    let t = BoardTheme::of(BoardColors::High);
    assert!(contrast(t.light, t.dark) >= 3.0);
    assert!(
        contrast(t.light, t.dark) > contrast(theme::LIGHT_SQUARE, theme::DARK_SQUARE),
        "more contrast than the standard squares"
    );
    for square in [t.light, t.dark] {
        for side in [t.white, t.black] {
            // A checker stands out by its face or by its rim.
            let best = contrast(side.face, square).max(contrast(side.rim, square));
            assert!(best >= 3.0, "{side:?} on {square:?}: {best:.2}");
        }
    }
    // The marks of legal destinations, as drawn over each square colour.
    let pos = Position::start(GameOptions::default());
    let layout = Layout::new(12, false);
    let view = BoardView {
        marks: vec![
            Square::parse("c3", 12).unwrap(),
            Square::parse("b3", 12).unwrap(),
        ],
        colors: BoardColors::High,
        ..BoardView::default()
    };
    let img = renderer().board_image(&pos, &view).unwrap();
    for (name, square) in [("c3", t.dark), ("b3", t.light)] {
        let (cx, cy) = layout.square_centre(Square::parse(name, 12).unwrap());
        let dot = *img.get_pixel(cx as u32, cy as u32);
        assert!(contrast(dot, square) >= 3.0, "{name}: {dot:?}");
    }
}

/// A pixel in the middle of the band of the frame drawn on `square`, at its top-left corner
/// (on a dash of a dashed frame too).
fn frame_band(img: &RgbImage, layout: &Layout, square: Square) -> Rgb<u8> {
    let r = layout.square_rect(square);
    let (inset, band) = (layout.square_px() / 16, layout.square_px() / 11);
    *img.get_pixel(r.x + inset + band / 2, r.y + inset + band / 2)
}

/// Whether a colour is a clear green: green well above red and blue, not the grey-green of
/// the squares (hue about 90°–150°, saturated).
fn clearly_green(Rgb([r, g, b]): Rgb<u8>) -> bool {
    let (r, g, b) = (i32::from(r), i32::from(g), i32::from(b));
    let saturation = f64::from(g - r.min(b)) / f64::from(g.max(1));
    g - r >= 60 && g - b >= 40 && saturation > 0.5
}

/// Whether any pixel of `area` (x, y, w, h) is `color`.
fn shows(img: &RgbImage, (x, y, w, h): (u32, u32, u32, u32), color: Rgb<u8>) -> bool {
    (y..y + h).any(|py| (x..x + w).any(|px| *img.get_pixel(px, py) == color))
}

#[test]
fn a_lessons_corner_is_drawn_alone_eight_squares_a_side_its_frames_in_their_colours() {
    // The first lesson's first exercise: a queen on d1, played in the 8×8 corner.
    let pos = STAGES[0].exercises[0].start();
    // Distances on the tried and the allowed squares, as a baby's wrong try shows them.
    let frame = |name: &str, kind| Frame {
        square: sq(name),
        kind,
        label: matches!(kind, FrameKind::Allowed | FrameKind::Wrong).then(|| "√50".to_owned()),
    };
    let kinds = [
        ("d1", FrameKind::Piece),
        ("d6", FrameKind::Target),
        ("b3", FrameKind::Allowed),
        ("e5", FrameKind::Wrong),
        ("h8", FrameKind::Danger),
        // Outside the corner: not drawn.
        ("k11", FrameKind::Wrong),
    ];
    let view = BoardView {
        frames: kinds
            .iter()
            .map(|&(name, kind)| frame(name, kind))
            .collect(),
        corner: Some(8),
        ..BoardView::default()
    };
    let renderer = renderer();
    let png = renderer.board_png(&pos, &view).unwrap();
    assert!(png.len() <= 96_863 / 3, "{} bytes", png.len());
    if let Ok(path) = std::env::var("MQ_CORNER_PNG") {
        std::fs::write(path, &png).unwrap();
    }
    let img = image::load_from_memory(&png).unwrap().to_rgb8();
    let layout = Layout::new(8, false);
    assert_eq!(Renderer::layout(&pos, &view).unwrap(), layout);
    assert_eq!(img.dimensions(), (layout.width(), layout.height()));
    assert_eq!(layout.square_px(), 90, "the corner's squares are larger");

    // 8 squares a side, a1 dark at the bottom left: every square's own colour in its corner.
    for rank in 0..8 {
        for file in 0..8 {
            let square = Square::new(file, rank).unwrap();
            let want = if Layout::is_light(square) {
                theme::LIGHT_SQUARE
            } else {
                theme::DARK_SQUARE
            };
            assert_eq!(corner(&img, &layout, square), want, "{square}");
        }
    }
    // The board ends after h: the edge, then the frame, right of h1 and above h8.
    let board = layout.board();
    let right = *img.get_pixel(board.x + board.w + 3, board.y + board.h - 5);
    assert_eq!(right, theme::FRAME);
    // The coordinates a–h and 1–8 in the frame: text under each of the 8 columns and beside
    // each of the 8 rows, and none where a ninth would go.
    let cell = |x: u32, y: u32| (x, y, layout.square_px(), theme_frame_px() - 3);
    for i in 0..8 {
        let column_x = board.x + i * layout.square_px();
        let below = cell(column_x, board.y + board.h + 3);
        assert!(shows(&img, below, theme::COORDINATE), "file {i}");
        let row_y = board.y + i * layout.square_px();
        let beside = (
            board.x + board.w + 3,
            row_y,
            theme_frame_px() - 3,
            layout.square_px(),
        );
        assert!(shows(&img, beside, theme::COORDINATE), "rank {}", 8 - i);
    }
    // The queen on d1, on the corner's squares.
    assert!(piece_share(&img, &layout, sq("d1"), Color::White) > QUEEN_SHARE);

    // Each frame in its kind's colour exactly, the allowed squares' a clear green.
    for (name, kind, color) in [
        ("d1", FrameKind::Piece, theme::FRAME_PIECE),
        ("d6", FrameKind::Target, theme::FRAME_TARGET),
        ("b3", FrameKind::Allowed, theme::FRAME_ALLOWED),
        ("e5", FrameKind::Wrong, theme::FRAME_WRONG),
        ("h8", FrameKind::Danger, theme::FRAME_DANGER),
    ] {
        assert_eq!(
            frame_band(&img, &layout, sq(name)),
            color,
            "{name} {kind:?}"
        );
    }
    let green = frame_band(&img, &layout, sq("b3"));
    assert!(
        clearly_green(green),
        "the allowed squares' frame: {green:?}"
    );
    assert!(!clearly_green(theme::DARK_SQUARE) && !clearly_green(theme::LIGHT_SQUARE));

    // The same exercise on the whole board: 12 squares a side, the frames there too.
    let whole = BoardView {
        corner: None,
        ..view.clone()
    };
    let png = renderer.board_png(&pos, &whole).unwrap();
    let img = image::load_from_memory(&png).unwrap().to_rgb8();
    let layout = Layout::new(12, false);
    assert_eq!(corner(&img, &layout, sq("l12")), theme::DARK_SQUARE);
    assert!(clearly_green(frame_band(&img, &layout, sq("b3"))));
    assert_eq!(frame_band(&img, &layout, sq("k11")), theme::FRAME_WRONG);

    // A corner the renderer has no pictures for is refused.
    let odd = BoardView {
        corner: Some(5),
        ..BoardView::default()
    };
    assert!(renderer.board_png(&pos, &odd).is_err());
}

/// The width of the frame around the squares, which holds the coordinates.
fn theme_frame_px() -> u32 {
    monkey_queen::render::layout::FRAME
}

#[test]
fn a_replay_is_drawn_in_the_colours_asked() {
    let renderer = renderer();
    let (record, _) = after(&GAME[..4]);
    let layout = Layout::new(12, false);
    for colors in BoardColors::ALL {
        let gif = renderer
            .replay_gif(&record, &Players::default(), colors)
            .unwrap();
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::RGBA);
        let mut decoder = options.read_info(gif.as_slice()).unwrap();
        let first = decoder.read_next_frame().unwrap().unwrap();
        assert_eq!((first.width, first.height), (780, 934));
        // The start position: a1 dark and b1 light, in the theme's colours.
        let at = |square: &str| {
            let r = layout.square_rect(sq(square));
            let i = ((r.y + 1) * layout.width() + r.x + 1) as usize * 4;
            Rgb([first.buffer[i], first.buffer[i + 1], first.buffer[i + 2]])
        };
        let theme = BoardTheme::of(colors);
        assert!(
            distance(at("a1"), theme.dark) <= 12,
            "{colors}: {:?}",
            at("a1")
        );
        assert!(
            distance(at("b1"), theme.light) <= 12,
            "{colors}: {:?}",
            at("b1")
        );
    }
}
