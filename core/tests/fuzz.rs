//! Fuzzing with hostile input (issue 8, item 3): arbitrary and near-miss move text, arbitrary
//! squares, position texts, setups and game records, on positions reached by random play on
//! every board size (R1.1), with and without the pie rule (R8).
//!
//! For every input: nothing panics; a move the engine accepts is in `legal_moves()`, obeys the
//! rules as re-checked by a naive reference ([`rules_allow`]), and its canonical text (R9.1)
//! reads back to the same move; a refused move leaves the position exactly as it was; whatever
//! `Position::from_text`, `Position::from_setup` and `Record::parse` accept round-trips through
//! its text form and can be played on without panicking.
//!
//! `MQ_FUZZ_CASES` sets the cases per property (default [`DEFAULT_CASES`], a few seconds in
//! all for `cargo test`), `MQ_FUZZ_SECONDS` an optional time limit per property. The long run
//! (overflow checks on, as in debug builds, so an arithmetic overflow is a failure too):
//!
//! ```text
//! CARGO_PROFILE_RELEASE_OVERFLOW_CHECKS=true MQ_FUZZ_CASES=100000000 MQ_FUZZ_SECONDS=90 \
//!   nice -n 19 cargo test --release -p monkey-queen-core --test fuzz -- --nocapture --test-threads=1
//! ```
//!
//! (6 properties × 90 s on one core, about 9 minutes). Set `PROPTEST_RNG_SEED` to repeat a run bounded
//! by cases.
//! Coverage-guided fuzzing with `cargo fuzz` (nightly) lives in `core/fuzz/`.

use std::fmt::Debug;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use monkey_queen_core::{
    Color, GameOptions, IllegalMove, Move, MoveError, MoveText, Piece, Position, Record, Role,
    Setup, Square,
};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestCaseError, TestRunner};

/// Cases per property when `MQ_FUZZ_CASES` is not set.
const DEFAULT_CASES: u64 = 500;
/// Cases run by one `TestRunner` before the time limit is looked at again.
const CHUNK: u64 = 2_000;

/// Runs `test` on values of `strategy` for the configured number of cases or time, whichever
/// ends first, and prints how many cases ran. A failure (a panic included) is shrunk by
/// proptest and reported with the smallest failing input.
fn fuzz<S>(name: &str, strategy: S, test: impl Fn(S::Value) -> Result<(), TestCaseError>)
where
    S: Strategy,
    S::Value: Debug,
{
    let cases = env_number("MQ_FUZZ_CASES").unwrap_or(DEFAULT_CASES);
    let limit = env_number("MQ_FUZZ_SECONDS").map(Duration::from_secs);
    let base = Config::default();
    let start = Instant::now();
    let mut done = 0;
    while done < cases && limit.is_none_or(|limit| start.elapsed() < limit) {
        let chunk = (cases - done).min(CHUNK);
        let mut config = base.clone();
        config.cases = chunk as u32;
        config.failure_persistence = None;
        if let RngSeed::Fixed(seed) = base.rng_seed {
            config.rng_seed = RngSeed::Fixed(seed.wrapping_add(done));
        }
        if let Err(error) = TestRunner::new(config).run(&strategy, &test) {
            panic!("{name}: {error}");
        }
        done += chunk;
    }
    let seconds = start.elapsed().as_secs_f64();
    eprintln!(
        "fuzz {name}: {done} cases in {seconds:.1} s ({:.0} cases/s)",
        done as f64 / seconds.max(1e-9)
    );
}

/// Prints how many inputs a parser accepted, so a run shows the deep paths were reached.
fn report_accepted(name: &str, accepted: &AtomicU64) {
    eprintln!(
        "fuzz {name}: {} inputs accepted",
        accepted.load(Ordering::Relaxed)
    );
}

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok()?.trim().parse().ok()
}

/// A small deterministic generator for the choices made during random play.
struct SplitMix(u64);

impl SplitMix {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

fn options() -> impl Strategy<Value = GameOptions> {
    (
        prop::sample::select(GameOptions::SIZES.to_vec()),
        prop_oneof![Just(20u8), 20u8..=40],
        any::<bool>(),
    )
        .prop_map(|(size, height, pie)| GameOptions::new(size, height, pie).unwrap())
}

/// A position reached by `plies` random moves (fewer if the game ends first).
#[derive(Debug, Clone)]
struct Game {
    options: GameOptions,
    seed: u64,
    plies: u16,
}

impl Game {
    fn moves(&self) -> (Vec<Move>, Position) {
        let mut pos = Position::start(self.options);
        let mut rng = SplitMix(self.seed);
        let mut played = Vec::new();
        let mut legal = Vec::new();
        for _ in 0..self.plies {
            pos.legal_moves_into(&mut legal);
            if legal.is_empty() {
                break;
            }
            let m = legal[rng.below(legal.len())];
            pos.play_unchecked(m);
            played.push(m);
        }
        (played, pos)
    }

    fn position(&self) -> Position {
        self.moves().1
    }
}

fn game() -> impl Strategy<Value = Game> {
    (
        options(),
        any::<u64>(),
        prop_oneof![0u16..3, 0u16..60, 0u16..1_000],
    )
        .prop_map(|(options, seed, plies)| Game {
            options,
            seed,
            plies,
        })
}

/// Tokens that come close to notation, position text or record syntax.
const TOKENS: &[&str] = &[
    "",
    " ",
    "  ",
    "\t",
    "\n",
    "\r\n",
    "\u{3000}",
    "\u{200b}",
    "\u{0}",
    "\u{feff}",
    "-",
    "--",
    "x",
    "X",
    "×",
    "–",
    "—",
    ":",
    "/",
    "//",
    ".",
    "+",
    "#",
    "!",
    "?",
    "=",
    "0",
    "00",
    "01",
    "1",
    "2",
    "9",
    "10",
    "12",
    "13",
    "16",
    "17",
    "20",
    "40",
    "41",
    "99",
    "100",
    "255",
    "256",
    "65535",
    "4294967295",
    "4294967296",
    "-1",
    "١",
    "１",
    "a",
    "g",
    "G",
    "p",
    "q",
    "Q",
    "b",
    "B",
    "w",
    "z",
    "é",
    "ǅ",
    "ß",
    "Ｇ",
    "ＧＩ",
    "g1",
    "g7",
    "f12",
    "a12",
    "p16",
    "q17",
    "g0",
    "g1g",
    "g0-g1",
    "a12a13",
    "swap",
    "swap ",
    "SWAP",
    "sw",
    "swapswap",
    "ｓｗａｐ",
    "pie",
    "size=",
    "height=",
    "pie=on",
    "pie=off",
    "size=14",
    "height=40",
    "1.",
    "99.",
    "monkey-queen",
    "🐒",
    "👑",
];

fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => prop::sample::select(TOKENS).prop_map(str::to_owned),
        1 => any::<char>().prop_map(String::from),
    ]
}

/// A square-like token that is often off the board or otherwise a near miss.
fn square_token() -> impl Strategy<Value = String> {
    let file = prop_oneof![
        4 => (b'a'..=b's').prop_map(|b| (b as char).to_string()),
        2 => (b'A'..=b'S').prop_map(|b| (b as char).to_string()),
        1 => prop::sample::select(vec!["", "gg", "Ｇ", "é", "ǅ", "ß", "x", "1", "🐒"])
            .prop_map(str::to_owned),
    ];
    let rank = prop_oneof![
        4 => (1u32..=17).prop_map(|r| r.to_string()),
        1 => (0u32..=300).prop_map(|r| r.to_string()),
        1 => prop::sample::select(vec!["", "0", "00", "01", "012", "4294967296", "١", "１", "-1"])
            .prop_map(str::to_owned),
    ];
    (file, rank).prop_map(|(f, r)| f + &r)
}

/// Hostile move text: arbitrary Unicode, near-miss notation, separators, very long strings.
fn hostile_text() -> impl Strategy<Value = String> {
    let separator = prop_oneof![
        3 => prop::sample::select(vec!["", "-", "x", "X", " ", "×", "–", "—", ":"])
            .prop_map(str::to_owned),
        1 => token(),
    ];
    let near_miss = (
        token(),
        square_token(),
        separator,
        square_token(),
        prop_oneof![3 => Just(String::new()), 1 => token()],
    )
        .prop_map(|(lead, a, sep, b, tail)| {
            let lead = if lead.trim().is_empty() {
                lead
            } else {
                String::new()
            };
            format!("{lead}{a}{sep}{b}{tail}")
        });
    let long = (
        prop_oneof![token(), square_token()],
        1_000usize..20_000,
        prop_oneof![Just(String::new()), token()],
    )
        .prop_map(|(unit, n, tail)| unit.repeat(n) + &tail);
    prop_oneof![
        2 => any::<String>(),
        2 => "[a-sA-S0-9xX×–—: \\-\t]{0,12}",
        1 => "(?i)(swap|sw|swa|swapp|s wap|ｓｗａｐ)[ x0-9]{0,2}",
        5 => near_miss,
        2 => prop::collection::vec(token(), 0..8).prop_map(|t| t.concat()),
        1 => long,
        1 => prop::collection::vec(any::<char>(), 1_000..5_000)
            .prop_map(|c| c.into_iter().collect()),
    ]
}

/// One edit of a text: where (a char index, wrapped to the length) and what.
#[derive(Debug, Clone)]
enum Edit {
    Insert(u16, String),
    Replace(u16, String),
    Delete(u16, u8),
    Duplicate(u16, u8),
    Upper,
    Lower,
}

fn edits() -> impl Strategy<Value = Vec<Edit>> {
    let edit = prop_oneof![
        3 => (any::<u16>(), token()).prop_map(|(at, t)| Edit::Insert(at, t)),
        3 => (any::<u16>(), token()).prop_map(|(at, t)| Edit::Replace(at, t)),
        2 => (any::<u16>(), 1u8..4).prop_map(|(at, n)| Edit::Delete(at, n)),
        1 => (any::<u16>(), 1u8..8).prop_map(|(at, n)| Edit::Duplicate(at, n)),
        1 => Just(Edit::Upper),
        1 => Just(Edit::Lower),
    ];
    prop::collection::vec(edit, 0..5)
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for edit in edits {
        let at = |i: u16| usize::from(i) % (chars.len() + 1);
        match edit {
            Edit::Insert(i, t) => {
                let i = at(*i);
                chars.splice(i..i, t.chars());
            }
            Edit::Replace(i, t) => {
                let i = at(*i);
                let end = (i + 1).min(chars.len());
                chars.splice(i..end, t.chars());
            }
            Edit::Delete(i, n) => {
                let i = at(*i);
                let end = (i + usize::from(*n)).min(chars.len());
                chars.drain(i..end);
            }
            Edit::Duplicate(i, n) => {
                let i = at(*i);
                let end = (i + usize::from(*n)).min(chars.len());
                let copy: Vec<char> = chars[i..end].to_vec();
                chars.splice(end..end, copy);
            }
            Edit::Upper => {
                chars = chars
                    .iter()
                    .collect::<String>()
                    .to_uppercase()
                    .chars()
                    .collect()
            }
            Edit::Lower => {
                chars = chars
                    .iter()
                    .collect::<String>()
                    .to_lowercase()
                    .chars()
                    .collect()
            }
        }
    }
    chars.into_iter().collect()
}

/// Any of the 256 squares the engine can name, most of them off a 12×12 board.
fn any_square() -> impl Strategy<Value = Square> {
    (0u8..16, 0u8..16).prop_map(|(file, rank)| Square::new(file, rank).unwrap())
}

fn any_piece() -> impl Strategy<Value = Piece> {
    (
        prop::sample::select(Color::ALL.to_vec()),
        prop_oneof![4 => Just(Role::Baby), 1 => Just(Role::Queen)],
    )
        .prop_map(|(color, role)| Piece { color, role })
}

// ---------------------------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------------------------

/// Whether the rules allow `m` in `pos`, re-checked square by square from R4–R6 and R8,
/// independently of the engine's generator and of `legalize`.
fn rules_allow(pos: &Position, m: Move) -> bool {
    let us = pos.turn();
    let (Some(_), Some(their_queen)) = (pos.queen(us), pos.queen(us.other())) else {
        return false; // R7.1: the game is over.
    };
    let Move::Normal {
        role,
        from,
        to,
        capture,
    } = m
    else {
        return pos.options().pie() && pos.ply() == 1; // R8.2
    };
    let n = pos.size();
    if !from.is_on_board(n) || !to.is_on_board(n) || from == to {
        return false; // R1.1, R4.2
    }
    if pos.piece_at(from) != Some(Piece { color: us, role }) {
        return false; // R4.1
    }
    let (df, dr) = (
        i32::from(to.file()) - i32::from(from.file()),
        i32::from(to.rank()) - i32::from(from.rank()),
    );
    if df != 0 && dr != 0 && df.abs() != dr.abs() {
        return false; // R4.2: a straight line
    }
    let steps = df.abs().max(dr.abs());
    for k in 1..steps {
        let file = i32::from(from.file()) + k * df.signum();
        let rank = i32::from(from.rank()) + k * dr.signum();
        if pos
            .piece_at(Square::new(file as u8, rank as u8).unwrap())
            .is_some()
        {
            return false; // R4.2: no jumping
        }
    }
    match pos.piece_at(to) {
        Some(target) => target.color != us && capture == Some(target.role), // R4.3, R4.4
        None if capture.is_some() => false,
        None => match role {
            Role::Queen => pos.height(us).is_some_and(|h| h > 2), // R5.2
            Role::Baby => to.distance_squared(their_queen) < from.distance_squared(their_queen), // R6.1
        },
    }
}

/// Feeds `text` to the parser and to `play_str` on a copy of `before`, checking everything the
/// module docs promise; says whether the move was accepted.
fn check_text(before: &Position, text: &str) -> Result<bool, TestCaseError> {
    let size = before.size();
    let parsed = MoveText::parse(text, size);
    match parsed {
        Ok(MoveText::Squares { from, to }) => {
            prop_assert!(from.is_on_board(size) && to.is_on_board(size), "{text:?}");
            let text = MoveText::Squares { from, to };
            prop_assert_eq!(MoveText::parse(&text.to_string(), size), Ok(text));
        }
        Ok(MoveText::Swap) => prop_assert_eq!(text.trim().to_ascii_lowercase(), "swap"),
        Err(ref e) => prop_assert!(!e.to_string().is_empty()),
    }
    let mut pos = before.clone();
    match pos.play_str(text) {
        Ok(m) => {
            prop_assert_eq!(parsed, Ok(m.text()), "{:?}", text);
            check_accepted(before, &pos, m)?;
            Ok(true)
        }
        Err(error) => {
            prop_assert_eq!(&pos, before, "{:?} changed the position", text);
            prop_assert!(!error.to_string().is_empty());
            match error {
                MoveError::Parse(e) => prop_assert_eq!(parsed, Err(e)),
                MoveError::Illegal(e) => {
                    let parsed = parsed.unwrap();
                    prop_assert_eq!(before.legalize(parsed), Err(e));
                    if let MoveText::Squares { from, to } = parsed {
                        let allowed = before.legal_moves().into_iter().any(|m| {
                            m.from() == Some(from) && m.to() == Some(to) && rules_allow(before, m)
                        });
                        prop_assert!(!allowed, "{} refused: {}", parsed, e);
                    }
                }
            }
            Ok(false)
        }
    }
}

/// `m` was accepted in `before`, giving `after`: it must be legal, played exactly, and print
/// to text that reads back to it.
fn check_accepted(before: &Position, after: &Position, m: Move) -> Result<(), TestCaseError> {
    prop_assert!(
        before.legal_moves().contains(&m),
        "{} accepted but not generated in {}",
        m,
        before.to_text()
    );
    prop_assert!(
        rules_allow(before, m),
        "{m} breaks the rules in {}",
        before.to_text()
    );
    prop_assert_eq!(before.legalize(m.text()), Ok(m));
    let mut expected = before.clone();
    expected.play_unchecked(m);
    prop_assert_eq!(after, &expected);
    let printed = m.to_string();
    prop_assert_eq!(MoveText::parse(&printed, before.size()), Ok(m.text()));
    let mut replay = before.clone();
    prop_assert_eq!(replay.play_str(&printed), Ok(m));
    Ok(())
}

/// Plays up to `plies` random moves from `start` (a position of any origin), checking the move
/// generator against `legalize`, `play` and the reference rules, and the text form at each step.
fn exercise(start: &Position, seed: u64, plies: usize) -> Result<(), TestCaseError> {
    let mut pos = start.clone();
    let mut rng = SplitMix(seed);
    for _ in 0..plies {
        prop_assert_eq!(Position::from_text(&pos.to_text()), Ok(pos.clone()));
        prop_assert!(!pos.diagram().is_empty());
        let legal = pos.legal_moves();
        prop_assert_eq!(pos.count_legal_moves(), legal.len() as u64);
        prop_assert_eq!(pos.has_legal_move(), !legal.is_empty());
        prop_assert_eq!(pos.outcome().is_some(), legal.is_empty());
        check_text(&pos, TOKENS[rng.below(TOKENS.len())])?;
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.below(legal.len())];
        let before = pos.clone();
        prop_assert_eq!(pos.play(m.text()), Ok(m));
        check_accepted(&before, &pos, m)?;
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------

#[test]
fn hostile_text_is_refused_or_legal() {
    let accepted = AtomicU64::new(0);
    fuzz("hostile_text", (game(), hostile_text()), |(game, text)| {
        if check_text(&game.position(), &text)? {
            accepted.fetch_add(1, Ordering::Relaxed);
        }
        Ok(())
    });
    report_accepted("hostile_text", &accepted);
}

#[test]
fn mutated_legal_moves_are_refused_or_legal() {
    let accepted = AtomicU64::new(0);
    fuzz(
        "mutated_moves",
        (game(), any::<u32>(), 0u8..4, edits()),
        |(game, pick, style, edits)| {
            let pos = game.position();
            let legal = pos.legal_moves();
            let text = match legal.get(pick as usize % legal.len().max(1)) {
                None => "g1-g7".to_owned(),
                Some(m) => {
                    let canonical = m.to_string();
                    match (style, m.from(), m.to()) {
                        (1, Some(a), Some(b)) => format!("{a}{b}").to_uppercase(),
                        (2, Some(a), Some(b)) => format!(" {a} x {b} "),
                        (3, Some(a), Some(b)) => format!("{a}{b}"),
                        _ => canonical,
                    }
                }
            };
            if edits.is_empty() {
                let mut copy = pos.clone();
                let m = copy.play_str(&text);
                prop_assert!(m.is_ok() || legal.is_empty(), "{text} refused: {m:?}");
            }
            if check_text(&pos, &apply(&text, &edits))? {
                accepted.fetch_add(1, Ordering::Relaxed);
            }
            Ok(())
        },
    );
    report_accepted("mutated_moves", &accepted);
}

/// Where a fuzzed move starts: any square, or one of the mover's pieces.
#[derive(Debug, Clone)]
enum Origin {
    Square(Square),
    OwnPiece(u32),
}

/// Where a fuzzed move ends: any square, or `steps` along one of the 8 directions, even off
/// the board (squares up to `p16` exist whatever the board size).
#[derive(Debug, Clone)]
enum Target {
    Square(Square),
    Ray(usize, u8),
}

const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

#[test]
fn any_two_squares_are_refused_or_legal() {
    let from = prop_oneof![
        1 => any_square().prop_map(Origin::Square),
        3 => any::<u32>().prop_map(Origin::OwnPiece),
    ];
    let to = prop_oneof![
        1 => any_square().prop_map(Target::Square),
        3 => (0usize..8, 1u8..16).prop_map(|(d, k)| Target::Ray(d, k)),
    ];
    fuzz(
        "any_squares",
        (game(), from, to, 0u8..10),
        |(game, from, to, swap)| {
            let before = game.position();
            let mine: Vec<Square> = before
                .pieces()
                .filter(|(_, p)| p.color == before.turn())
                .map(|(sq, _)| sq)
                .collect();
            let from = match from {
                Origin::Square(sq) => sq,
                Origin::OwnPiece(i) => mine
                    .get(i as usize % mine.len().max(1))
                    .copied()
                    .unwrap_or(Square::new(0, 0).unwrap()),
            };
            let to = match to {
                Target::Square(sq) => sq,
                Target::Ray(d, k) => {
                    let (df, dr) = DIRECTIONS[d];
                    let file = i16::from(from.file()) + i16::from(df) * i16::from(k);
                    let rank = i16::from(from.rank()) + i16::from(dr) * i16::from(k);
                    Square::new(file.rem_euclid(16) as u8, rank.rem_euclid(16) as u8).unwrap()
                }
            };
            let text = if swap == 0 {
                MoveText::Swap
            } else {
                MoveText::Squares { from, to }
            };
            let mut pos = before.clone();
            let generated = before.legal_moves().into_iter().find(|m| m.text() == text);
            match pos.play(text) {
                Ok(m) => check_accepted(&before, &pos, m)?,
                Err(e) => {
                    prop_assert_eq!(&pos, &before, "{} changed the position", text);
                    prop_assert!(!e.to_string().is_empty());
                    prop_assert_eq!(generated, None, "{} refused ({}) but generated", text, e);
                }
            }
            Ok(())
        },
    );
}

#[test]
fn position_texts_never_panic_and_round_trip() {
    let mutated = (game(), edits(), any::<bool>()).prop_map(|(game, edits, empty_board)| {
        let mut text = game.position().to_text();
        if empty_board {
            text = text.replace(['b', 'B'], "1");
        }
        apply(&text, &edits)
    });
    let fields = (
        prop::collection::vec("[qQbB1-9/]{0,6}|1[0-6]", 0..40),
        prop::sample::select(vec!["w", "b", "W", "x", ""]),
        prop::collection::vec(
            prop_oneof![
                0u64..=3,
                18u64..=42,
                Just(255),
                Just(4_294_967_295),
                any::<u64>()
            ],
            4,
        ),
        prop::sample::select(vec!["pie", "-", "PIE", "on"]),
    )
        .prop_map(|(board, turn, numbers, pie)| {
            format!(
                "{} {turn} {} {} {} {} {pie}",
                board.concat(),
                numbers[0],
                numbers[1],
                numbers[2],
                numbers[3]
            )
        });
    let accepted = AtomicU64::new(0);
    fuzz(
        "position_text",
        (
            prop_oneof![4 => mutated, 2 => fields, 1 => hostile_text()],
            any::<u64>(),
        ),
        |(text, seed)| {
            if let Ok(pos) = Position::from_text(&text) {
                accepted.fetch_add(1, Ordering::Relaxed);
                let again = pos.to_text();
                prop_assert_eq!(Position::from_text(&again), Ok(pos.clone()));
                prop_assert_eq!(Position::from_text(&again).unwrap().to_text(), again);
                exercise(&pos, seed, 40)?;
            }
            Ok(())
        },
    );
    report_accepted("position_text", &accepted);
}

/// A square mostly on every board (files and ranks below 12), sometimes anywhere up to `p16`.
fn setup_square() -> impl Strategy<Value = Square> {
    prop_oneof![
        8 => (0u8..12, 0u8..12).prop_map(|(file, rank)| Square::new(file, rank).unwrap()),
        1 => any_square(),
    ]
}

fn setup_height() -> impl Strategy<Value = u8> {
    prop_oneof![8 => 2u8..=40, 1 => 0u8..=3, 1 => any::<u8>()]
}

#[test]
fn setups_never_panic_and_round_trip() {
    let setup = (
        options(),
        [
            prop::option::weighted(0.9, setup_square()),
            prop::option::weighted(0.9, setup_square()),
        ],
        prop_oneof![
            3 => prop::collection::vec((setup_square(), any_piece()), 0..8),
            1 => prop::collection::vec((setup_square(), any_piece()), 0..40),
        ],
        [setup_height(), setup_height()],
        prop::sample::select(Color::ALL.to_vec()),
        prop_oneof![0u32..=3, any::<u32>(), (u32::MAX - 3)..=u32::MAX],
    )
        .prop_map(|(options, queens, others, heights, turn, ply)| {
            let queens = Color::ALL
                .into_iter()
                .zip(queens)
                .filter_map(|(color, sq)| {
                    Some((
                        sq?,
                        Piece {
                            color,
                            role: Role::Queen,
                        },
                    ))
                });
            Setup {
                options,
                pieces: queens.chain(others).collect(),
                heights,
                turn,
                ply,
            }
        });
    let accepted = AtomicU64::new(0);
    fuzz("setup", (setup, any::<u64>()), |(setup, seed)| {
        if let Ok(pos) = Position::from_setup(&setup) {
            accepted.fetch_add(1, Ordering::Relaxed);
            prop_assert_eq!(Position::from_setup(&pos.to_setup()), Ok(pos.clone()));
            exercise(&pos, seed, 40)?;
        }
        Ok(())
    });
    report_accepted("setup", &accepted);
}

#[test]
fn records_never_panic_and_round_trip() {
    let mutated = (game(), edits()).prop_map(|(game, edits)| {
        let (moves, _) = game.moves();
        let record = Record {
            options: game.options,
            moves,
        };
        apply(&record.to_string(), &edits)
    });
    let tokens = prop::collection::vec(
        prop_oneof![token(), square_token(), Just("g1-g7".to_owned())],
        0..30,
    )
    .prop_map(|t| t.join(" "));
    let accepted = AtomicU64::new(0);
    fuzz(
        "record",
        prop_oneof![4 => mutated, 2 => tokens, 1 => hostile_text()],
        |text| {
            match Record::parse(&text) {
                Ok((record, pos)) => {
                    accepted.fetch_add(1, Ordering::Relaxed);
                    let printed = record.to_string();
                    prop_assert_eq!(Record::parse(&printed), Ok((record.clone(), pos.clone())));
                    prop_assert_eq!(record.final_position(), pos);
                    let mut replay = Position::start(record.options);
                    for &m in &record.moves {
                        let before = replay.clone();
                        prop_assert_eq!(replay.play(m.text()), Ok(m));
                        check_accepted(&before, &replay, m)?;
                    }
                }
                Err(e) => prop_assert!(!e.to_string().is_empty()),
            }
            Ok(())
        },
    );
    report_accepted("record", &accepted);
}

// ---------------------------------------------------------------------------------------------
// Regressions found by this fuzzing
// ---------------------------------------------------------------------------------------------

/// R1.1: `play` took `g1-m7` on a 12×12 board (a `MoveText` can name any square up to `p16`):
/// the queen walked off the board.
#[test]
fn moves_off_the_board_are_refused() {
    let mut pos = Position::start(GameOptions::default());
    let g1 = Square::parse("g1", 12).unwrap();
    for (to, off) in [("m7", "m7"), ("g16", "g16"), ("p10", "p10")] {
        let to = Square::parse(to, 16).unwrap();
        let before = pos.clone();
        assert_eq!(
            pos.play(MoveText::Squares { from: g1, to }),
            Err(IllegalMove::OffBoard(Square::parse(off, 16).unwrap()))
        );
        assert_eq!(pos, before);
    }
    let p16 = Square::parse("p16", 16).unwrap();
    assert_eq!(
        pos.play(MoveText::Squares { from: p16, to: g1 }),
        Err(IllegalMove::OffBoard(p16))
    );
    assert_eq!(
        IllegalMove::OffBoard(p16).to_string(),
        "p16 is not on this board"
    );
}

/// A setup (or stored text) with a ply counter at `u32::MAX` made the next move overflow.
#[test]
fn ply_counter_at_its_limit_does_not_overflow() {
    let text = "5q6/12/12/12/12/12/12/12/12/12/12/6Q5 w 20 20 4294967295 20 pie";
    let mut pos = Position::from_text(text).unwrap();
    assert!(pos.play_str("g1-g7").is_ok());
    assert_eq!(pos.ply(), u32::MAX);
    assert!(pos.play_str("f12-f6").is_ok());
    assert_eq!(pos.ply(), u32::MAX);
}
