//! The FIDE Tournament Report File (TRF-16), the subset this crate needs: the `012` name line
//! and the `001` player lines (starting rank, name, rating, points, rank, and per round the
//! opponent, colour and result), and the `XXR` line (the rounds in all) and `XXC` line (the
//! initial colour, `white1` or `black1`) of the TRFx extension that pairing engines (JaVaFo,
//! bbpPairings, py4swiss) read. Other lines are ignored when reading.
//!
//! Player `PlayerId(i)` has starting rank `i + 1`. Result codes written: `1 0 =` (played),
//! `+ -` (forfeit), `U` (pairing-allocated bye, opponent `0000`), `Z` (absent). TRF has no code
//! for a game still to be played, so a round with a game not decided yet is not written, nor
//! any round after it. Also read: a blank for a game not played yet, `W D L` (unrated win,
//! draw, loss) and `F` (full-point bye, read as a pairing-allocated bye). Players listed on an
//! `XXZ` line (the extension used by `bbpPairings` and `py4swiss` for players not to be paired
//! next) are read as withdrawn (`active: false`); all others are active. Boards are not
//! recorded, so games come back ordered by White's rank. An `XXC` line's `white1` or `black1`
//! gives [`Tournament::initial_colour`] (its other words are ignored); other `XX?` lines (such
//! as `XXR`) are ignored when reading.

use std::fmt::Write as _;

use crate::error::{PairingError, TrfError, TrfErrorKind};
use crate::model::{Colour, Game, GameResult, History, Outcome, Player, PlayerId, Round};
use crate::standings::{TieBreaks, standings};

/// A tournament as stored in a TRF file.
#[derive(Debug, Clone, PartialEq)]
pub struct Tournament {
    /// The tournament's name (the `012` line).
    pub name: String,
    /// The players; `players[i].id == PlayerId(i)`.
    pub players: Vec<Player>,
    /// The players' names, parallel to `players` (may be shorter: missing names are written as
    /// `Player N`).
    pub names: Vec<String>,
    /// The rounds so far.
    pub history: History,
    /// A Swiss tournament's initial colour: the colour of pairing number 1 in round 1, drawn
    /// by lot (the `XXC white1` or `XXC black1` line; `None`: no such line, as for a round
    /// robin, whose colours come from its Berger table).
    pub initial_colour: Option<Colour>,
}

/// The 1-based column where round 1's fields start on a `001` line.
const FIRST_ROUND_COLUMN: usize = 92;

/// Writes `tournament` as TRF-16 text, with points and ranks from the standings under
/// `tie_breaks`; its `XXR` line gives the rounds written as the rounds in all (see
/// [`write_trf_planned`] for a tournament still running).
///
/// # Errors
/// [`PairingError::BadPlayerId`] or [`PairingError::UnknownPlayer`] if the players and the
/// history disagree.
pub fn write_trf(tournament: &Tournament, tie_breaks: TieBreaks) -> Result<String, PairingError> {
    write_trf_planned(tournament, tie_breaks, 0)
}

/// Writes `tournament` as [`write_trf`] does, for a tournament of `planned` rounds in all
/// (its `XXR` line; never fewer than the rounds written).
///
/// # Errors
/// As [`write_trf`].
pub fn write_trf_planned(
    tournament: &Tournament,
    tie_breaks: TieBreaks,
    planned: usize,
) -> Result<String, PairingError> {
    let table = standings(&tournament.players, &tournament.history, tie_breaks)?;
    // Rounds up to the first with a game not decided yet.
    let decided = tournament
        .history
        .rounds
        .iter()
        .take_while(|r| r.games.iter().all(|g| g.result != GameResult::Pending))
        .count();
    let n = tournament.players.len();
    let mut rank = vec![0usize; n];
    let mut points = vec![0.0f64; n];
    for s in &table {
        rank[s.player.0] = s.rank;
        points[s.player.0] = s.points;
    }
    let mut out = String::new();
    let name: String = tournament.name.chars().filter(|c| *c != '\n').collect();
    let _ = writeln!(out, "012 {name}");
    for (i, p) in tournament.players.iter().enumerate() {
        let player_name = tournament
            .names
            .get(i)
            .map_or_else(|| format!("Player {}", i + 1), |s| s.replace('\n', " "));
        let player_name: String = player_name.chars().take(33).collect();
        let rating = if p.rating.is_finite() {
            p.rating.round().clamp(0.0, 9999.0) as u32
        } else {
            0
        };
        let mut line = format!(
            "001 {:>4}      {:<33} {:>4} {:3} {:>11} {:>10} {:>4.1} {:>4}",
            i + 1,
            player_name,
            rating,
            "",
            "",
            "",
            points[i],
            rank[i]
        );
        for round in 0..decided {
            line.push_str("  ");
            let cell = match tournament.history.outcome(round, PlayerId(i)) {
                Outcome::Game {
                    opponent,
                    colour,
                    result,
                } => {
                    let c = match colour {
                        Colour::White => 'w',
                        Colour::Black => 'b',
                    };
                    format!("{:>4} {c} {}", opponent.0 + 1, result_code(result, colour))
                }
                Outcome::Bye => "0000 - U".to_string(),
                Outcome::Absent => "0000 - Z".to_string(),
            };
            line.push_str(&cell);
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    let _ = writeln!(out, "XXR {}", planned.max(decided));
    match tournament.initial_colour {
        Some(Colour::White) => out.push_str("XXC white1\n"),
        Some(Colour::Black) => out.push_str("XXC black1\n"),
        None => {}
    }
    Ok(out)
}

/// The TRF result code of `result` for the player of `colour`.
fn result_code(result: GameResult, colour: Colour) -> char {
    match (result, result.half_points(colour)) {
        (GameResult::Pending, _) => ' ', // not written: see `write_trf_planned`
        (GameResult::Draw, _) => '=',
        (GameResult::WhiteForfeitWin | GameResult::BlackForfeitWin, 2) => '+',
        (GameResult::WhiteForfeitWin | GameResult::BlackForfeitWin, _) => '-',
        (_, 2) => '1',
        _ => '0',
    }
}

/// One round's cell of a `001` line, as read.
#[derive(Debug, Clone, Copy)]
enum Cell {
    Game {
        opponent: usize,
        colour: Colour,
        result: GameResult,
    },
    Bye,
    Absent,
}

/// Reads a TRF text: the `012` name, the `001` players and the rounds they played.
///
/// # Errors
/// A [`TrfError`] naming the 1-based line of the first problem: a field that is not a number,
/// a line too short, an unknown colour or result code, starting ranks that are not `1..=n`,
/// an opponent not in the file, or two players disagreeing about their game.
pub fn read_trf(text: &str) -> Result<Tournament, TrfError> {
    let mut name = String::new();
    let mut initial_colour = None;
    // Starting ranks listed on `XXZ` lines: players not to be paired (withdrawn).
    let mut withdrawn: Vec<(usize, usize)> = Vec::new();
    // (starting rank, line number, name, rating, cells)
    let mut rows: Vec<(usize, usize, String, f64, Vec<Cell>)> = Vec::new();
    for (idx, raw) in text.lines().enumerate() {
        let line_no = idx + 1;
        let chars: Vec<char> = raw.trim_end_matches('\r').chars().collect();
        let err = |kind| TrfError {
            line: line_no,
            kind,
        };
        let field = |from: usize, to: usize| -> String {
            // 1-based, inclusive columns, clamped to the line.
            let a = (from - 1).min(chars.len());
            let b = to.min(chars.len());
            chars[a..b].iter().collect()
        };
        match field(1, 3).as_str() {
            "012" => name = field(5, chars.len()).trim().to_string(),
            // The last `white1` or `black1` counts, as in `bbpPairings`.
            "XXC" => {
                for word in field(5, chars.len()).split_whitespace() {
                    match word {
                        "white1" => initial_colour = Some(Colour::White),
                        "black1" => initial_colour = Some(Colour::Black),
                        _ => {}
                    }
                }
            }
            "XXZ" => {
                for word in field(5, chars.len()).split_whitespace() {
                    withdrawn.push((number(word, "withdrawn player").map_err(err)?, line_no));
                }
            }
            "001" => {
                if chars.len() < 8 {
                    return Err(err(TrfErrorKind::TooShort));
                }
                let rank_text = field(5, 8);
                let rank = number(&rank_text, "starting rank").map_err(err)?;
                let player_name = field(15, 47).trim().to_string();
                let rating_text = field(49, 52);
                let rating = if rating_text.trim().is_empty() {
                    0
                } else {
                    number(&rating_text, "rating").map_err(err)?
                };
                let mut cells = Vec::new();
                let mut col = FIRST_ROUND_COLUMN;
                while col <= chars.len() {
                    cells.push(read_cell(&field(col, col + 7)).map_err(err)?);
                    col += 10;
                }
                rows.push((rank, line_no, player_name, rating as f64, cells));
            }
            _ => {}
        }
    }
    // Starting ranks must be 1..=n, each once (in any order).
    let n = rows.len();
    let mut seen = vec![false; n + 1];
    for row in &rows {
        if row.0 == 0 || row.0 > n || seen[row.0] {
            return Err(TrfError {
                line: row.1,
                kind: TrfErrorKind::BadStartingRank(row.0),
            });
        }
        seen[row.0] = true;
    }
    if let Some(&(rank, line)) = withdrawn.iter().find(|(rank, _)| *rank == 0 || *rank > n) {
        return Err(TrfError {
            line,
            kind: TrfErrorKind::BadStartingRank(rank),
        });
    }
    rows.sort_by_key(|r| r.0);
    let rounds = rows.iter().map(|r| r.4.len()).max().unwrap_or(0);
    let mut history = History::default();
    for r in 0..rounds {
        let mut round = Round::default();
        for (i, row) in rows.iter().enumerate() {
            let err = |kind| TrfError { line: row.1, kind };
            match row.4.get(r).copied().unwrap_or(Cell::Absent) {
                Cell::Absent => {}
                Cell::Bye => round.byes.push(PlayerId(i)),
                Cell::Game {
                    opponent,
                    colour,
                    result,
                } => {
                    if opponent == 0 || opponent > n {
                        return Err(err(TrfErrorKind::UnknownOpponent(opponent)));
                    }
                    let o = opponent - 1;
                    let agrees = match rows[o].4.get(r) {
                        Some(&Cell::Game {
                            opponent: back,
                            colour: c2,
                            result: r2,
                        }) => back == i + 1 && c2 == colour.other() && r2 == result && o != i,
                        _ => false,
                    };
                    if !agrees {
                        return Err(err(TrfErrorKind::Inconsistent { opponent }));
                    }
                    if colour == Colour::White {
                        round.games.push(Game {
                            white: PlayerId(i),
                            black: PlayerId(o),
                            result,
                        });
                    }
                }
            }
        }
        history.rounds.push(round);
    }
    Ok(Tournament {
        name,
        players: (0..n)
            .map(|i| Player {
                active: !withdrawn.iter().any(|&(rank, _)| rank == i + 1),
                ..Player::new(i, rows[i].3)
            })
            .collect(),
        names: rows.into_iter().map(|r| r.2).collect(),
        history,
        initial_colour,
    })
}

/// A non-negative whole number in a fixed-width field.
fn number(text: &str, field: &'static str) -> Result<usize, TrfErrorKind> {
    let t = text.trim();
    t.parse::<usize>().map_err(|_| TrfErrorKind::BadNumber {
        field,
        text: t.to_string(),
    })
}

/// One round's 8 columns: opponent (4), blank, colour, blank, result.
fn read_cell(cell: &str) -> Result<Cell, TrfErrorKind> {
    let chars: Vec<char> = cell.chars().collect();
    let at = |i: usize| chars.get(i).copied().unwrap_or(' ');
    let opp_text: String = chars.iter().take(4).collect();
    let colour = at(5);
    let code = at(7);
    let opponent = if opp_text.trim().is_empty() {
        0
    } else {
        number(&opp_text, "opponent")?
    };
    if opponent == 0 {
        return match code {
            'U' | 'F' => Ok(Cell::Bye),
            'Z' | '-' | ' ' => Ok(Cell::Absent),
            c => Err(TrfErrorKind::BadResult(c)),
        };
    }
    let colour = match colour {
        'w' | 'W' => Colour::White,
        'b' | 'B' => Colour::Black,
        c => return Err(TrfErrorKind::BadColour(c)),
    };
    let mine = match code {
        '1' | 'W' => GameResult::WhiteWin,
        '0' | 'L' => GameResult::BlackWin,
        '=' | 'D' => GameResult::Draw,
        '+' => GameResult::WhiteForfeitWin,
        '-' => GameResult::BlackForfeitWin,
        ' ' => GameResult::Pending,
        c => return Err(TrfErrorKind::BadResult(c)),
    };
    // `mine` is written as if this player had White; turn it into the game's result.
    let result = match (colour, mine) {
        (Colour::Black, GameResult::WhiteWin) => GameResult::BlackWin,
        (Colour::Black, GameResult::BlackWin) => GameResult::WhiteWin,
        (Colour::Black, GameResult::WhiteForfeitWin) => GameResult::BlackForfeitWin,
        (Colour::Black, GameResult::BlackForfeitWin) => GameResult::WhiteForfeitWin,
        (_, r) => r,
    };
    Ok(Cell::Game {
        opponent,
        colour,
        result,
    })
}
