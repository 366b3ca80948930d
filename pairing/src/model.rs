//! The tournament model: players, games, results, rounds and the history of rounds played.
//!
//! Scores are kept in **half points** ([`HalfPoints`]) so that they compare exactly; a win is
//! worth 2 half points (1 point), a draw 1, a loss 0, and a pairing-allocated bye 2.

use std::fmt;

/// A score in half points: `HalfPoints(3)` is 1½ points.
pub type HalfPoints = u32;

/// A player's index in the tournament's player list, 0-based.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PlayerId(pub usize);

impl PlayerId {
    /// The index into the tournament's player list.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0
    }
}

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// A tournament entrant.
#[derive(Debug, Clone, PartialEq)]
pub struct Player {
    /// Its index in the player list; must equal its position there.
    pub id: PlayerId,
    /// Its rating, used to rank players on equal score.
    pub rating: f64,
    /// `false` once the player has withdrawn: withdrawn players are not paired.
    pub active: bool,
}

impl Player {
    /// An active player with this index and rating.
    #[must_use]
    pub fn new(index: usize, rating: f64) -> Self {
        Player {
            id: PlayerId(index),
            rating,
            active: true,
        }
    }
}

/// One of the two sides of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Colour {
    /// The side that moves first.
    White,
    /// The side that moves second.
    Black,
}

impl Colour {
    /// The other colour.
    #[must_use]
    pub const fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// How a game ended, or that it has not been played yet.
///
/// Monkey Queen has no draws; [`GameResult::Draw`] exists so that FIDE-style tournaments
/// (and TRF files) can be represented.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// Not played yet.
    Pending,
    /// White won over the board.
    WhiteWin,
    /// Black won over the board.
    BlackWin,
    /// A draw over the board.
    Draw,
    /// White won because Black did not play (forfeit).
    WhiteForfeitWin,
    /// Black won because White did not play (forfeit).
    BlackForfeitWin,
}

impl GameResult {
    /// The half points this result gives to `colour`.
    #[must_use]
    pub const fn half_points(self, colour: Colour) -> HalfPoints {
        match (self, colour) {
            (GameResult::Pending, _) => 0,
            (GameResult::Draw, _) => 1,
            (GameResult::WhiteWin | GameResult::WhiteForfeitWin, Colour::White)
            | (GameResult::BlackWin | GameResult::BlackForfeitWin, Colour::Black) => 2,
            _ => 0,
        }
    }

    /// `true` if the game was played over the board (not pending, not forfeited).
    ///
    /// Only played games count for colours (FIDE C.04.3 A.6).
    #[must_use]
    pub const fn was_played(self) -> bool {
        matches!(
            self,
            GameResult::WhiteWin | GameResult::BlackWin | GameResult::Draw
        )
    }

    /// `true` if the game was decided by forfeit.
    #[must_use]
    pub const fn is_forfeit(self) -> bool {
        matches!(
            self,
            GameResult::WhiteForfeitWin | GameResult::BlackForfeitWin
        )
    }
}

/// One pairing of a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Game {
    /// The player with White.
    pub white: PlayerId,
    /// The player with Black.
    pub black: PlayerId,
    /// How it ended, or [`GameResult::Pending`].
    pub result: GameResult,
}

impl Game {
    /// A game not played yet.
    #[must_use]
    pub const fn pending(white: PlayerId, black: PlayerId) -> Self {
        Game {
            white,
            black,
            result: GameResult::Pending,
        }
    }

    /// The colour `player` has in this game, if it plays in it.
    #[must_use]
    pub fn colour_of(&self, player: PlayerId) -> Option<Colour> {
        if self.white == player {
            Some(Colour::White)
        } else if self.black == player {
            Some(Colour::Black)
        } else {
            None
        }
    }

    /// The opponent of `player` in this game, if it plays in it.
    #[must_use]
    pub fn opponent_of(&self, player: PlayerId) -> Option<PlayerId> {
        match self.colour_of(player)? {
            Colour::White => Some(self.black),
            Colour::Black => Some(self.white),
        }
    }
}

/// The pairings of one round: games and pairing-allocated byes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Round {
    /// The games, board 1 first.
    pub games: Vec<Game>,
    /// The players with a pairing-allocated bye (worth a win). At most one in a Swiss round.
    pub byes: Vec<PlayerId>,
}

/// What one player did in one round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Played (or forfeited) a game.
    Game {
        /// The opponent.
        opponent: PlayerId,
        /// This player's colour.
        colour: Colour,
        /// The game's result.
        result: GameResult,
    },
    /// Had the pairing-allocated bye.
    Bye,
    /// Was not in the round (withdrawn, late, or absent).
    Absent,
}

impl Outcome {
    /// The half points this outcome gives its player (a bye counts as a win).
    #[must_use]
    pub const fn half_points(self) -> HalfPoints {
        match self {
            Outcome::Game { colour, result, .. } => result.half_points(colour),
            Outcome::Bye => 2,
            Outcome::Absent => 0,
        }
    }
}

/// The rounds played (or paired) so far, first round first.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct History {
    /// One entry per round.
    pub rounds: Vec<Round>,
}

impl History {
    /// An empty history: no round played.
    #[must_use]
    pub fn new() -> Self {
        History::default()
    }

    /// The number of rounds recorded.
    #[must_use]
    pub fn len(&self) -> usize {
        self.rounds.len()
    }

    /// `true` if no round is recorded.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.rounds.is_empty()
    }

    /// What `player` did in round `round` (0-based).
    #[must_use]
    pub fn outcome(&self, round: usize, player: PlayerId) -> Outcome {
        let Some(r) = self.rounds.get(round) else {
            return Outcome::Absent;
        };
        if r.byes.contains(&player) {
            return Outcome::Bye;
        }
        for g in &r.games {
            if let (Some(colour), Some(opponent)) = (g.colour_of(player), g.opponent_of(player)) {
                return Outcome::Game {
                    opponent,
                    colour,
                    result: g.result,
                };
            }
        }
        Outcome::Absent
    }

    /// Per-player summaries for `n` players, computed in one pass over the rounds.
    ///
    /// Players that appear in the history with an index `>= n` are ignored.
    #[must_use]
    pub fn records(&self, n: usize) -> Vec<PlayerRecord> {
        let mut recs = vec![PlayerRecord::default(); n];
        for (ri, round) in self.rounds.iter().enumerate() {
            for g in &round.games {
                for (me, colour) in [(g.white, Colour::White), (g.black, Colour::Black)] {
                    let Some(rec) = recs.get_mut(me.0) else {
                        continue;
                    };
                    let opponent = match colour {
                        Colour::White => g.black,
                        Colour::Black => g.white,
                    };
                    rec.opponents.push(opponent);
                    rec.score += g.result.half_points(colour);
                    if g.result.was_played() {
                        rec.colours.push(colour);
                    }
                    if g.result.is_forfeit() && g.result.half_points(colour) == 2 {
                        rec.forfeit_wins += 1;
                    }
                    rec.last_round = Some(ri);
                }
            }
            for b in &round.byes {
                if let Some(rec) = recs.get_mut(b.0) {
                    rec.score += 2;
                    rec.byes += 1;
                    rec.last_round = Some(ri);
                }
            }
        }
        recs
    }
}

/// A summary of one player's past rounds.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PlayerRecord {
    /// Half points scored, byes included.
    pub score: HalfPoints,
    /// Opponents met (including forfeited games), in round order.
    pub opponents: Vec<PlayerId>,
    /// Colours of the games actually played, in round order.
    pub colours: Vec<Colour>,
    /// Pairing-allocated byes received.
    pub byes: u32,
    /// Games won by forfeit.
    pub forfeit_wins: u32,
    /// The last round (0-based) the player was in, if any.
    pub last_round: Option<usize>,
}

impl PlayerRecord {
    /// Whites minus blacks over played games.
    #[must_use]
    pub fn colour_difference(&self) -> i32 {
        self.colours
            .iter()
            .map(|c| match c {
                Colour::White => 1,
                Colour::Black => -1,
            })
            .sum()
    }
}
