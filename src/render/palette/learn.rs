//! How the shipped palette was learnt, kept to check it and to learn it again: 255 colours
//! learnt (NeuQuant) from sample boards that show every colour a board uses, the flat ones
//! held exactly, in an order where close colours get close indices.

use color_quant::NeuQuant;
use image::RgbImage;
use monkey_queen_core::{GameOptions, Move, Position, Role};

use super::{COLORS, KEY_BITS, Palette, RGB_BYTES, TABLE_BYTES, key};
use crate::model::BoardColors;
use crate::render::theme::{self, BoardTheme};
use crate::render::{BoardView, Players, RenderError, Renderer, sprites};

/// NeuQuant's sampling factor: 1 learns from every pixel, 30 from every 30th. The samples
/// are large, so every 3rd pixel is plenty.
const SAMPLING: i32 = 3;
/// Plies of the built-in sample game whose pictures teach the palette.
const PALETTE_PLIES: usize = 36;

/// The palette of boards in `colors`, learnt from sample pictures that show every colour a
/// board uses: both sides' pieces on both square colours, plain and capture highlights,
/// selection and legal-move marks, names and counts.
fn boards_palette(renderer: &Renderer, colors: BoardColors) -> Result<Palette, RenderError> {
    let mut pos = Position::start(GameOptions::default());
    let mut moves = Vec::new();
    let mut samples = Vec::new();
    for ply in 0..PALETTE_PLIES {
        pos.legal_moves_into(&mut moves);
        let Some(&m) = moves.get((ply * 7 + 3) % moves.len().max(1)) else {
            break;
        };
        pos.play_unchecked(m);
        if ply % 6 != 5 {
            continue;
        }
        let (Some(from), Some(to)) = (m.from(), m.to()) else {
            continue;
        };
        let capture = Move::Normal {
            role: Role::Baby,
            from: to,
            to: from,
            capture: Some(Role::Baby),
        };
        let marks: Vec<_> = pos.legal_moves().iter().filter_map(|m| m.to()).collect();
        for (last_move, marked) in [(m, false), (capture, true)] {
            let view = BoardView {
                last_move: Some(last_move),
                marks: if marked { marks.clone() } else { Vec::new() },
                selected: marked.then_some(from),
                players: Players::new("Monkey Queen", "Replay 0123456789"),
                colors,
                ..BoardView::default()
            };
            samples.push(renderer.board_image(&pos, &view)?);
        }
    }
    let samples: Vec<&RgbImage> = samples.iter().collect();
    Ok(learn(&samples, &flat_colors(BoardTheme::of(colors))))
}

/// The flat colours of boards in `board`'s theme, which the palette holds exactly: panels,
/// frame, text, both square colours plain, highlighted and marked, and the checkers' colours.
fn flat_colors(board: &BoardTheme) -> Vec<[u8; 3]> {
    let mut colors = vec![
        theme::PANEL,
        theme::TEXT,
        theme::TEXT_DIM,
        theme::ACCENT,
        board.frame,
        board.coordinate,
        board.edge,
        board.capture_border,
        board.crown,
    ];
    for checker in [board.white, board.black] {
        colors.extend([
            checker.face,
            checker.shine,
            checker.rim,
            checker.groove,
            checker.number,
        ]);
    }
    let tinted = |base: image::Rgb<u8>, (color, alpha): (image::Rgb<u8>, f32)| {
        let mut px = RgbImage::from_pixel(1, 1, base);
        sprites::tint(&mut px, (0, 0, 1, 1), color, alpha);
        *px.get_pixel(0, 0)
    };
    for square in [board.light, board.dark] {
        for lit in [
            square,
            tinted(square, board.last),
            tinted(square, board.capture),
            tinted(square, board.selected),
        ] {
            colors.extend([lit, tinted(lit, board.mark)]);
        }
    }
    // Each once: a theme may repeat a colour (black checkers on a black frame).
    let mut flat: Vec<[u8; 3]> = Vec::new();
    for c in colors {
        if !flat.contains(&c.0) {
            flat.push(c.0);
        }
    }
    flat
}

/// Learns a palette of [`COLORS`] colours from sample pictures: `pinned` colours exactly
/// (the flat colours that must not shift: squares, highlights, panels), the rest learnt.
/// Each pinned colour is looked up as itself.
fn learn(samples: &[&RgbImage], pinned: &[[u8; 3]]) -> Palette {
    let pinned = &pinned[..pinned.len().min(COLORS - 1)];
    let mut rgba = Vec::new();
    for img in samples {
        for p in img.pixels() {
            rgba.extend_from_slice(&[p.0[0], p.0[1], p.0[2], 255]);
        }
    }
    let learnt = COLORS - pinned.len();
    let quant = NeuQuant::new(SAMPLING, learnt, &rgba);
    let mut rgb = quant.color_map_rgb();
    rgb.truncate(learnt * 3);
    rgb.resize(learnt * 3, 0);
    for p in pinned {
        rgb.extend_from_slice(p);
    }
    rgb.resize(RGB_BYTES, 0);
    let mask = (1u32 << KEY_BITS) - 1;
    let half = 1u32 << (7 - KEY_BITS);
    let mut lookup: Vec<u8> = (0..1u32 << (3 * KEY_BITS))
        .map(|key| {
            let channel = |shift: u32| (((key >> shift) & mask) << (8 - KEY_BITS) | half) as u8;
            let centre = [channel(2 * KEY_BITS), channel(KEY_BITS), channel(0)];
            let mut best = quant.index_of(&[centre[0], centre[1], centre[2], 255]);
            let mut best_off = off(centre, &rgb[best * 3..best * 3 + 3]);
            for (i, p) in pinned.iter().enumerate() {
                let d = off(centre, p);
                if d < best_off {
                    (best, best_off) = (learnt + i, d);
                }
            }
            u8::try_from(best.min(COLORS - 1)).unwrap_or(0)
        })
        .collect();
    for (i, &p) in pinned.iter().enumerate() {
        lookup[key(p)] = u8::try_from(learnt + i).unwrap_or(0);
    }
    chained(&rgb, &lookup)
}

/// The palette `rgb` with the map `lookup`, its colours put in a chain where each is followed
/// by the nearest one left (as the eye weighs the channels), from the lightest, so that the
/// shades of a gradient or an anti-aliased edge get neighbouring indices: PNG's filters then
/// leave small numbers, which compress better (on the bench board: about 20% smaller than
/// NeuQuant's order, 14% smaller than plain lightness order).
fn chained(rgb: &[u8], lookup: &[u8]) -> Palette {
    let color = |i: usize| [rgb[i * 3], rgb[i * 3 + 1], rgb[i * 3 + 2]];
    let lightness = |i: usize| {
        let [r, g, b] = color(i);
        (
            299 * u32::from(r) + 587 * u32::from(g) + 114 * u32::from(b),
            i,
        )
    };
    // The lightest first, then each followed by the nearest one left.
    let mut left: Vec<usize> = (0..COLORS).collect();
    left.sort_by_key(|&i| lightness(i));
    let mut order = Vec::with_capacity(COLORS);
    let mut current = left.remove(left.len() - 1);
    order.push(current);
    while !left.is_empty() {
        let here = color(current);
        let next = (0..left.len())
            .min_by_key(|&k| (perceived(here, color(left[k])), k))
            .unwrap_or(0);
        current = left.remove(next);
        order.push(current);
    }
    let mut table = vec![0; TABLE_BYTES];
    let mut new_index = [0u8; 256];
    for (new, &old) in order.iter().enumerate() {
        table[new * 3..new * 3 + 3].copy_from_slice(&rgb[old * 3..old * 3 + 3]);
        new_index[old] = u8::try_from(new).unwrap_or(0);
    }
    for (entry, &i) in table[RGB_BYTES..].iter_mut().zip(lookup) {
        *entry = new_index[usize::from(i)];
    }
    Palette {
        table: table.into(),
    }
}

/// The squared distance between two colours as the eye weighs the channels (green most).
fn perceived(a: [u8; 3], b: [u8; 3]) -> u32 {
    let d = |i: usize| u32::from(a[i].abs_diff(b[i])).pow(2);
    3 * d(0) + 4 * d(1) + 2 * d(2)
}

/// The squared distance between two colours.
fn off(a: [u8; 3], b: &[u8]) -> u32 {
    a.iter()
        .zip(b)
        .map(|(&x, &y)| u32::from(x.abs_diff(y)).pow(2))
        .sum()
}

#[cfg(test)]
mod tests {
    use image::Rgb;

    use super::*;
    use crate::render::palette::{of, shipped_path};

    #[test]
    fn the_shipped_palettes_are_the_ones_learnt_from_sample_boards() {
        let renderer = Renderer::new().unwrap();
        for colors in BoardColors::ALL {
            let learnt = boards_palette(&renderer, colors).unwrap();
            let shipped = shipped_path(colors);
            if std::env::var_os("UPDATE_PALETTE").is_some() {
                let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(shipped);
                std::fs::write(&path, &learnt.table).unwrap();
                println!("wrote {}", path.display());
                continue;
            }
            assert!(
                learnt.table == of(colors).table,
                "{shipped} is not the palette the sample boards give: after an intended change \
                 of the boards' colours, write it with `UPDATE_PALETTE=1 cargo test --lib \
                 render::palette` and commit it"
            );
        }
    }

    #[test]
    fn a_picture_of_fewer_colours_than_the_palette_keeps_them() {
        // 150 flat colours, 40×40 pixels each, spread over the colour cube.
        let colors: Vec<[u8; 3]> = (0..150u32)
            .map(|i| {
                [
                    (i * 37 % 256) as u8,
                    (i * 91 % 256) as u8,
                    (i * 53 % 256) as u8,
                ]
            })
            .collect();
        let mut img = RgbImage::new(40 * 15, 40 * 10);
        for (x, y, p) in img.enumerate_pixels_mut() {
            *p = Rgb(colors[((y / 40) * 15 + x / 40) as usize]);
        }
        let palette = learn(&[&img], &[[1, 2, 3]]);
        assert_eq!(palette.color(palette.index([1, 2, 3])), [1, 2, 3]);
        for &c in &colors {
            let shown = palette.color(palette.index(c));
            let off: u32 = (0..3).map(|i| u32::from(shown[i].abs_diff(c[i]))).sum();
            assert!(off <= 12, "{c:?} shown as {shown:?}");
        }
        let indices = palette.indices(&img);
        assert_eq!(indices.len(), (img.width() * img.height()) as usize);
        assert!(indices.iter().all(|&i| usize::from(i) < COLORS));
    }
}
