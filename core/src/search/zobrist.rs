//! Zobrist hashing of positions, kept up to date move by move.

use crate::color::{Color, Piece, Role};
use crate::moves::Move;
use crate::position::Position;
use crate::square::{STRIDE, Square};

const SQUARES: usize = STRIDE * STRIDE;
/// Queen heights 0 (captured) to 40 (R3.3).
const HEIGHTS: usize = 41;

struct Keys {
    pieces: [[u64; SQUARES]; 4],
    heights: [[u64; HEIGHTS]; 2],
    black_to_move: u64,
    swap_allowed: u64,
}

/// SplitMix64, a fixed generator so the keys are the same in every build.
pub(crate) const fn split_mix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn make_keys() -> Keys {
    let mut state = 0x6D6F_6E6B_6579_7121;
    let mut pieces = [[0; SQUARES]; 4];
    let mut kind = 0;
    while kind < 4 {
        let mut sq = 0;
        while sq < SQUARES {
            pieces[kind][sq] = split_mix(&mut state);
            sq += 1;
        }
        kind += 1;
    }
    let mut heights = [[0; HEIGHTS]; 2];
    let mut color = 0;
    while color < 2 {
        let mut h = 0;
        while h < HEIGHTS {
            heights[color][h] = split_mix(&mut state);
            h += 1;
        }
        color += 1;
    }
    Keys {
        pieces,
        heights,
        black_to_move: split_mix(&mut state),
        swap_allowed: split_mix(&mut state),
    }
}

static KEYS: Keys = make_keys();

fn piece_key(piece: Piece, sq: Square) -> u64 {
    let kind = piece.color.index() * 2 + usize::from(piece.role == Role::Baby);
    KEYS.pieces[kind][sq.index()]
}

fn height_key(color: Color, height: u8) -> u64 {
    KEYS.heights[color.index()][usize::from(height)]
}

fn swap_allowed(pos: &Position) -> bool {
    pos.options().pie() && pos.ply() == 1
}

/// The hash of a position computed from scratch.
#[must_use]
pub fn hash(pos: &Position) -> u64 {
    let mut h = pos
        .pieces()
        .fold(0, |h, (sq, piece)| h ^ piece_key(piece, sq));
    for color in Color::ALL {
        h ^= height_key(color, pos.height(color).unwrap_or(0));
    }
    if pos.turn() == Color::Black {
        h ^= KEYS.black_to_move;
    }
    if swap_allowed(pos) {
        h ^= KEYS.swap_allowed;
    }
    h
}

/// The hash after playing legal move `m` in `pos`, whose hash is `h`, without playing it.
#[must_use]
pub fn after(pos: &Position, h: u64, m: Move) -> u64 {
    let mut h = h;
    // `swap` becomes allowed at ply 1 and is gone after it (R8.2).
    if pos.options().pie() && pos.ply() <= 1 {
        h ^= KEYS.swap_allowed;
    }
    let Move::Normal {
        role,
        from,
        to,
        capture,
    } = m
    else {
        // R8.1: the board and the side to move stay as they are.
        return h;
    };
    let us = pos.turn();
    let them = us.other();
    let mover = Piece { color: us, role };
    h ^= piece_key(mover, from) ^ piece_key(mover, to) ^ KEYS.black_to_move;
    match capture {
        Some(role) => {
            h ^= piece_key(Piece { color: them, role }, to);
            if role == Role::Queen {
                let height = pos.height(them).unwrap_or(0);
                h ^= height_key(them, height) ^ height_key(them, 0);
            }
        }
        None if role == Role::Queen => {
            let height = pos.height(us).unwrap_or(0);
            h ^= piece_key(
                Piece {
                    color: us,
                    role: Role::Baby,
                },
                from,
            );
            h ^= height_key(us, height) ^ height_key(us, height.saturating_sub(1));
        }
        None => {}
    }
    h
}

/// The hash after the side to move passes (see `Position::passed`).
#[must_use]
pub fn after_pass(h: u64) -> u64 {
    h ^ KEYS.black_to_move
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::SmallRng;
    use rand::seq::IndexedRandom;

    use super::*;
    use crate::options::GameOptions;

    #[test]
    fn incremental_hashes_match_full_ones() {
        let mut rng = SmallRng::seed_from_u64(9);
        for pie in [false, true] {
            for _ in 0..20 {
                let mut pos = Position::start(GameOptions::default().pie_rule(pie));
                let mut h = hash(&pos);
                while let Some(&m) = pos.legal_moves().choose(&mut rng) {
                    assert_eq!(after_pass(h), hash(&pos.passed()));
                    h = after(&pos, h, m);
                    pos.play_unchecked(m);
                    assert_eq!(h, hash(&pos), "after {m}: {}", pos.to_text());
                }
            }
        }
    }

    #[test]
    fn side_to_move_and_heights_change_the_hash() {
        let mut pos = Position::start(GameOptions::default());
        let start = hash(&pos);
        assert_ne!(start, hash(&pos.passed()));
        pos.play_str("g1-g7").unwrap();
        assert_ne!(start, hash(&pos));
    }
}
