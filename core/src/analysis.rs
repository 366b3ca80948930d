//! Game analysis: the engine's score of every position of a game, its biggest mistakes and
//! its turning points.
//!
//! Every position is searched with the same node budget and seed (no noise, and a wall-time
//! cap far beyond what the budget takes), so the same game always gets the same analysis.
//! Scores are kept from White's side: an advantage in hundredths of a baby, or a forced win.
//! A move's cost is what it lost of its mover's winning chances ([`Score::chances`]):
//! the chances of the position before it (with the engine's best move) less those after it.
//!
//! ```
//! use monkey_queen_core::analysis::{self, Score};
//! use monkey_queen_core::{Color, GameOptions, Record};
//!
//! // Black's queen steps next to White's (ply 4), which takes it (R7.1).
//! let moves = ["g1-g4", "f12-f9", "g4-g6", "f9-f7", "g6xf7"];
//! let (record, _) = Record::from_moves(GameOptions::default(), &moves).unwrap();
//! let analysis = analysis::analyse(&record, 5_000);
//! assert_eq!(analysis.scores().len(), moves.len() + 1);
//! let end = analysis.scores()[5].score;
//! assert_eq!(end, Score::ForcedWin { winner: Color::White, plies: 0 });
//! assert_eq!(analysis.biggest_mistakes(3)[0].ply, 4);
//! //! ```

use std::fmt;
use std::time::Duration;

use crate::color::Color;
use crate::moves::{Move, MoveText};
use crate::position::Position;
use crate::record::Record;
use crate::search::{self, Limits, SearchResult, WEIGHTS};

/// The node budget per position of [`analyse`] in the bot and on the command line.
pub const NODES_PER_POSITION: u64 = 32_000;

/// The seed of every analysis search.
const SEED: u64 = 0x4d51_414e;

/// Hundredths of a baby at which the side ahead has about 73% winning chances (e^1 : 1).
const CHANCES_SCALE: f64 = 250.0;

/// A move that loses less than this share of its mover's winning chances is not a mistake.
pub const MISTAKE_THRESHOLD: f64 = 0.08;

/// How many turning points the picture and the text name, at most.
pub const SHOWN_TURNING_POINTS: usize = 5;

/// The side ahead counts as ahead beyond this share of winning chances from even (0.5).
const LEAD_MARGIN: f64 = 0.15;

/// What the engine thinks of a position, from White's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// White's advantage in hundredths of a baby; negative when Black is better.
    Advantage(i32),
    /// A win the loser can't escape: `winner` wins within `plies` plies (0: already won).
    ForcedWin {
        /// Who wins.
        winner: Color,
        /// Plies until the win, both sides counted.
        plies: u32,
    },
}

impl Score {
    /// `color`'s winning chances, from 0 to 1: a logistic curve of the advantage, and
    /// exactly 1 or 0 for a forced win.
    #[must_use]
    pub fn chances(self, color: Color) -> f64 {
        let white = match self {
            Score::Advantage(cp) => 1.0 / (1.0 + (-f64::from(cp) / CHANCES_SCALE).exp()),
            Score::ForcedWin { winner, .. } => {
                if winner == Color::White {
                    1.0
                } else {
                    0.0
                }
            }
        };
        match color {
            Color::White => white,
            Color::Black => 1.0 - white,
        }
    }

    /// The side this score favours, if it favours one clearly (see [`LEAD_MARGIN`]).
    #[must_use]
    pub fn leader(self) -> Option<Color> {
        let white = self.chances(Color::White);
        if white > 0.5 + LEAD_MARGIN {
            Some(Color::White)
        } else if white < 0.5 - LEAD_MARGIN {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The score as the side to move `turn` sees it in a search result.
    fn of_search(result: &SearchResult, turn: Color) -> Score {
        Score::from_search(result.score, turn)
    }

    /// Reads a search value (see [`search::MATE`]) of a position where `turn` is to move.
    #[must_use]
    pub fn from_search(score: i32, turn: Color) -> Score {
        match search::mate_in(score) {
            Some(plies) if plies > 0 => Score::ForcedWin {
                winner: turn,
                plies: plies.unsigned_abs(),
            },
            Some(plies) => Score::ForcedWin {
                winner: turn.other(),
                plies: plies.unsigned_abs(),
            },
            None => Score::Advantage(match turn {
                Color::White => score,
                Color::Black => -score,
            }),
        }
    }
}

impl fmt::Display for Score {
    /// `+1.25` (babies, White's side) or `White wins in 3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Advantage(cp) => write!(f, "{:+.2}", f64::from(*cp) / 100.0),
            Score::ForcedWin { winner, plies } => write!(f, "{winner:?} wins in {plies}"),
        }
    }
}

/// One position of the game: its score and the engine's move there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PositionScore {
    /// The engine's score, White's side.
    pub score: Score,
    /// The engine's move, `None` once the game is over.
    pub best: Option<Move>,
}

/// A move that cost its mover winning chances.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Mistake {
    /// The move's 1-based ply.
    pub ply: u32,
    /// Who made it.
    pub mover: Color,
    /// The move played.
    pub played: Move,
    /// The engine's move in its place.
    pub better: Move,
    /// The score before the move (with the engine's move).
    pub before: Score,
    /// The score after the move played.
    pub after: Score,
    /// The share of winning chances the mover lost, 0 to 1.
    pub loss: f64,
}

/// A game's analysis: the record and the score of every position, the start first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    record: Record,
    scores: Vec<PositionScore>,
}

/// Why a stored analysis can't be read back for a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnalysisTextError(String);

impl fmt::Display for AnalysisTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unreadable analysis: {}", self.0)
    }
}

impl std::error::Error for AnalysisTextError {}

/// Scores every position of `record` with `nodes` nodes each (see [`NODES_PER_POSITION`]).
/// Plain blocking CPU work: about `nodes × (plies + 1)` search nodes.
#[must_use]
pub fn analyse(record: &Record, nodes: u64) -> Analysis {
    let limits = Limits {
        nodes,
        max_depth: 64,
        time: Duration::from_secs(600),
        noise: 0,
        weights: WEIGHTS,
    };
    let mut pos = Position::start(record.options);
    let mut scores = Vec::with_capacity(record.moves.len() + 1);
    scores.push(score_position(&pos, limits));
    for &m in &record.moves {
        pos.play_unchecked(m);
        scores.push(score_position(&pos, limits));
    }
    Analysis {
        record: record.clone(),
        scores,
    }
}

fn score_position(pos: &Position, limits: Limits) -> PositionScore {
    if let Some(outcome) = pos.outcome() {
        return PositionScore {
            score: Score::ForcedWin {
                winner: outcome.winner,
                plies: 0,
            },
            best: None,
        };
    }
    match search::search(pos, limits, SEED) {
        Some(found) => PositionScore {
            score: Score::of_search(&found, pos.turn()),
            best: Some(found.mv),
        },
        None => PositionScore {
            score: Score::Advantage(0),
            best: None,
        },
    }
}

impl Analysis {
    /// The game analysed.
    #[must_use]
    pub fn record(&self) -> &Record {
        &self.record
    }

    /// The score of every position: the start, then after each ply.
    #[must_use]
    pub fn scores(&self) -> &[PositionScore] {
        &self.scores
    }

    /// Every move that lost at least [`MISTAKE_THRESHOLD`] of its mover's chances and was not
    /// the engine's own choice, in the order played.
    #[must_use]
    pub fn all_mistakes(&self) -> Vec<Mistake> {
        let mut pos = Position::start(self.record.options);
        let mut found = Vec::new();
        for (i, &played) in self.record.moves.iter().enumerate() {
            let mover = pos.turn();
            pos.play_unchecked(played);
            let (before, after) = (self.scores[i], self.scores[i + 1]);
            let Some(better) = before.best.filter(|&b| b != played) else {
                continue;
            };
            let loss = (before.score.chances(mover) - after.score.chances(mover)).max(0.0);
            if loss >= MISTAKE_THRESHOLD {
                found.push(Mistake {
                    ply: u32::try_from(i + 1).unwrap_or(u32::MAX),
                    mover,
                    played,
                    better,
                    before: before.score,
                    after: after.score,
                    loss,
                });
            }
        }
        found
    }

    /// The `count` costliest mistakes, in the order played (the earlier of equal ones).
    #[must_use]
    pub fn biggest_mistakes(&self, count: usize) -> Vec<Mistake> {
        let mut mistakes = self.all_mistakes();
        mistakes.sort_by(|a, b| b.loss.total_cmp(&a.loss).then(a.ply.cmp(&b.ply)));
        mistakes.truncate(count);
        mistakes.sort_by_key(|m| m.ply);
        mistakes
    }

    /// The plies after which a side took a clear lead (see [`Score::leader`]) that it did
    /// not hold before: the first clear lead of the game, and every change of hands. A lead
    /// that fades to even and comes back is the same lead.
    #[must_use]
    pub fn turning_points(&self) -> Vec<u32> {
        let mut points = Vec::new();
        let mut leader = None;
        for (ply, position) in self.scores.iter().enumerate() {
            let Some(now) = position.score.leader() else {
                continue;
            };
            if leader != Some(now) && ply > 0 {
                points.push(u32::try_from(ply).unwrap_or(u32::MAX));
            }
            leader = Some(now);
        }
        points
    }

    /// The `count` turning points (see [`Analysis::turning_points`]) where the winning
    /// chances swung most, in the order played.
    #[must_use]
    pub fn main_turning_points(&self, count: usize) -> Vec<u32> {
        let swing = |ply: u32| {
            let i = ply as usize;
            let before = self.scores[i.saturating_sub(1)].score.chances(Color::White);
            (self.scores[i].score.chances(Color::White) - before).abs()
        };
        let mut points = self.turning_points();
        points.sort_by(|&a, &b| swing(b).total_cmp(&swing(a)).then(a.cmp(&b)));
        points.truncate(count);
        points.sort_unstable();
        points
    }

    /// The scores as text, one line per position: `cp 35 g1-g7`, `win white 3 g1xf7` or
    /// `win black 0 -` (the engine's move last, `-` for none). [`Analysis::from_text`] reads
    /// it back.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for s in &self.scores {
            let best = s.best.map_or_else(|| "-".to_owned(), |m| m.to_string());
            let line = match s.score {
                Score::Advantage(cp) => format!("cp {cp} {best}\n"),
                Score::ForcedWin { winner, plies } => {
                    let side = match winner {
                        Color::White => "white",
                        Color::Black => "black",
                    };
                    format!("win {side} {plies} {best}\n")
                }
            };
            out.push_str(&line);
        }
        out
    }

    /// Reads [`Analysis::to_text`] back for `record`: one line per position, each engine
    /// move legal where it stands.
    ///
    /// # Errors
    /// A line count that doesn't match the game, a line that can't be read, or an illegal move.
    pub fn from_text(record: &Record, text: &str) -> Result<Analysis, AnalysisTextError> {
        let lines: Vec<&str> = text.lines().collect();
        if lines.len() != record.moves.len() + 1 {
            return Err(AnalysisTextError(format!(
                "{} lines for {} positions",
                lines.len(),
                record.moves.len() + 1
            )));
        }
        let mut pos = Position::start(record.options);
        let mut scores = Vec::with_capacity(lines.len());
        for (i, line) in lines.iter().enumerate() {
            scores.push(
                read_line(&pos, line)
                    .ok_or_else(|| AnalysisTextError(format!("line {}: `{line}`", i + 1)))?,
            );
            if let Some(&m) = record.moves.get(i) {
                pos.play_unchecked(m);
            }
        }
        Ok(Analysis {
            record: record.clone(),
            scores,
        })
    }
}

fn read_line(pos: &Position, line: &str) -> Option<PositionScore> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let (score, best) = match words.as_slice() {
        ["cp", cp, best] => (Score::Advantage(cp.parse().ok()?), *best),
        ["win", side, plies, best] => {
            let winner = match *side {
                "white" => Color::White,
                "black" => Color::Black,
                _ => return None,
            };
            let plies = plies.parse().ok()?;
            (Score::ForcedWin { winner, plies }, *best)
        }
        _ => return None,
    };
    let best = match best {
        "-" => None,
        text => Some(pos.legalize(MoveText::parse(text, pos.size()).ok()?).ok()?),
    };
    Some(PositionScore { score, best })
}
