//! Coverage-guided fuzz targets for the engine (issue 8, item 3), run by `cargo fuzz`
//! (libFuzzer). Each target turns raw bytes into hostile input and panics on any broken
//! promise, which libFuzzer saves as a crash under `artifacts/`.
//!
//! Needs a nightly toolchain and `cargo install cargo-fuzz`; from `core/`:
//!
//! ```text
//! mkdir -p fuzz/corpus/move_text
//! nice -n 19 cargo +nightly fuzz run move_text fuzz/corpus/move_text fuzz/seeds/move_text \
//!   -- -max_total_time=180
//! ```
//!
//! (likewise `position_text` and `record`). The stable-toolchain counterpart, run by
//! `cargo test`, is `core/tests/fuzz.rs`.

use monkey_queen_core::{GameOptions, Move, MoveText, Position, Record};

/// Move text on a position reached by random play: the first four bytes choose the board
/// size, pie rule, seed and number of plies; the rest is the text. An accepted move must be
/// generated and read back from its canonical text (R9); a refused one changes nothing.
pub fn move_text(data: &[u8]) {
    let [size, seed, plies, extra, text @ ..] = data else {
        return;
    };
    let size = GameOptions::SIZES[usize::from(*size) % GameOptions::SIZES.len()];
    let options = GameOptions::new(size, 20, extra & 1 == 1).expect("valid options");
    let plies = usize::from(*plies) + usize::from(extra >> 1) * 256;
    let before = random_position(options, u64::from(*seed), plies);
    let text = String::from_utf8_lossy(text);
    let parsed = MoveText::parse(&text, size);
    let mut pos = before.clone();
    match pos.play_str(&text) {
        Ok(m) => {
            assert!(before.legal_moves().contains(&m), "{m} not generated");
            assert_eq!(parsed, Ok(m.text()));
            assert_eq!(MoveText::parse(&m.to_string(), size), Ok(m.text()));
            let mut expected = before.clone();
            expected.play_unchecked(m);
            assert_eq!(pos, expected);
        }
        Err(e) => {
            assert_eq!(
                pos, before,
                "{text:?} refused ({e}) but changed the position"
            );
            assert!(!e.to_string().is_empty());
        }
    }
}

/// Any text as a position: whatever `Position::from_text` accepts reads back from its own
/// text form and can be played to the end of a few random plies.
pub fn position_text(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(pos) = Position::from_text(text) else {
        return;
    };
    let again = pos.to_text();
    assert_eq!(Position::from_text(&again).as_ref(), Ok(&pos));
    let _ = pos.diagram();
    play_out(pos, data.len() as u64, 20);
}

/// Any text as a game record: whatever `Record::parse` accepts prints to a record that reads
/// back to the same moves and position.
pub fn record(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok((record, pos)) = Record::parse(text) else {
        return;
    };
    assert_eq!(
        Record::parse(&record.to_string()),
        Ok((record.clone(), pos.clone()))
    );
    assert_eq!(record.final_position(), pos);
}

fn random_position(options: GameOptions, seed: u64, plies: usize) -> Position {
    play_out(Position::start(options), seed, plies)
}

/// Plays up to `plies` moves chosen by a small generator, checking each one both ways:
/// generated moves are accepted by `play`, and only them.
fn play_out(mut pos: Position, mut seed: u64, plies: usize) -> Position {
    for _ in 0..plies {
        let legal = pos.legal_moves();
        assert_eq!(pos.outcome().is_some(), legal.is_empty());
        if legal.is_empty() {
            break;
        }
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let m: Move = legal[(seed >> 33) as usize % legal.len()];
        assert_eq!(pos.play(m.text()), Ok(m));
    }
    pos
}
