//! A tournament as the faces show it: its players, rounds, standings and TRF file, all
//! computed from what is stored by the `monkey-queen-pairing` crate.

use monkey_queen_core::Color;
use monkey_queen_pairing::{
    Colour, Game, GameResult, History, Player, PlayerId, Round, TieBreaks, standings,
    write_trf_planned,
};

use super::{Entrant, Pairing, Tournament};
use crate::model::{PairingResult, TournamentFormat, TournamentStatus, UserId};

/// A tournament with its players and every pairing so far.
#[derive(Debug, Clone, PartialEq)]
pub struct TournamentView {
    /// The tournament.
    pub tournament: Tournament,
    /// Its players: by seat once it started, else in the order they joined.
    pub entries: Vec<Entrant>,
    /// Every pairing, round by round, board by board.
    pub pairings: Vec<Pairing>,
}

/// One line of a tournament's standings.
#[derive(Debug, Clone, PartialEq)]
pub struct TournamentStanding {
    /// 1-based place.
    pub rank: usize,
    /// The player.
    pub user: UserId,
    /// Their display name.
    pub name: String,
    /// Their rating at the start (at joining, before it).
    pub rating: f64,
    /// Points in half points: a win or a bye 2.
    pub half_points: u32,
    /// The tie-break values, in the order of [`TournamentView::tie_break_names`].
    pub tie_breaks: Vec<f64>,
    /// Whether they have withdrawn.
    pub withdrawn: bool,
}

impl TournamentView {
    /// The player `user`'s entry, if they are in.
    #[must_use]
    pub fn entry(&self, user: UserId) -> Option<&Entrant> {
        self.entries.iter().find(|e| e.user == user)
    }

    /// The display name of a player (their id for someone not in).
    #[must_use]
    pub fn name_of(&self, user: UserId) -> String {
        self.entry(user)
            .map_or_else(|| user.to_string(), |e| e.name.clone())
    }

    /// The pairings of round `round`, board by board.
    pub fn round_pairings(&self, round: u32) -> impl Iterator<Item = &Pairing> {
        self.pairings.iter().filter(move |p| p.round == round)
    }

    /// The tie-breaks of its format.
    #[must_use]
    pub fn tie_breaks(&self) -> TieBreaks {
        match self.tournament.format {
            TournamentFormat::RoundRobin => TieBreaks::RoundRobin,
            TournamentFormat::Swiss => TieBreaks::Swiss,
        }
    }

    /// The tie-breaks' short names, e.g. `["BH-C1", "BH", "SB"]`.
    #[must_use]
    pub fn tie_break_names(&self) -> &'static [&'static str] {
        self.tie_breaks().names()
    }

    /// The player seated at `seat`.
    pub(super) fn seated(&self, seat: PlayerId) -> Option<UserId> {
        self.entries
            .iter()
            .find(|e| e.seat.is_some_and(|s| s as usize == seat.0))
            .map(|e| e.user)
    }

    fn seat_of(&self, user: UserId) -> Option<PlayerId> {
        self.entry(user)
            .and_then(|e| e.seat)
            .map(|s| PlayerId(s as usize))
    }

    /// The players by seat (withdrawn ones inactive) and the rounds so far, as the pairing
    /// crate takes them. Empty before the start.
    pub(super) fn pairing_input(&self) -> (Vec<Player>, History) {
        let mut seated: Vec<&Entrant> = self.entries.iter().filter(|e| e.seat.is_some()).collect();
        seated.sort_by_key(|e| e.seat);
        let players = seated
            .iter()
            .enumerate()
            .map(|(i, e)| Player {
                id: PlayerId(i),
                rating: e.rating,
                active: e.withdrawn_round.is_none(),
            })
            .collect();
        let mut history = History::new();
        for round in 1..=self.tournament.round {
            let mut paired = Round::default();
            for p in self.round_pairings(round) {
                let Some(white) = self.seat_of(p.white) else {
                    continue;
                };
                match p.black.and_then(|b| self.seat_of(b)) {
                    Some(black) => paired.games.push(Game {
                        white,
                        black,
                        result: game_result(p.result),
                    }),
                    None if p.result == PairingResult::Bye => paired.byes.push(white),
                    None => {}
                }
            }
            history.rounds.push(paired);
        }
        (players, history)
    }

    /// The standings: points, then the format's tie-breaks, then rating. Before the start,
    /// the players in the order they joined, with nothing scored.
    #[must_use]
    pub fn standings(&self) -> Vec<TournamentStanding> {
        let (players, history) = self.pairing_input();
        let ranked = if players.is_empty() {
            None
        } else {
            standings(&players, &history, self.tie_breaks()).ok()
        };
        let Some(ranked) = ranked else {
            return self
                .entries
                .iter()
                .enumerate()
                .map(|(i, e)| TournamentStanding {
                    rank: i + 1,
                    user: e.user,
                    name: e.name.clone(),
                    rating: e.rating,
                    half_points: 0,
                    tie_breaks: vec![0.0; self.tie_break_names().len()],
                    withdrawn: e.withdrawn_round.is_some(),
                })
                .collect();
        };
        ranked
            .into_iter()
            .filter_map(|s| {
                let user = self.seated(s.player)?;
                let entry = self.entry(user)?;
                Some(TournamentStanding {
                    rank: s.rank,
                    user,
                    name: entry.name.clone(),
                    rating: entry.rating,
                    // Points are whole or half: exact in f64.
                    half_points: (s.points * 2.0).round() as u32,
                    tie_breaks: s.tie_breaks,
                    withdrawn: entry.withdrawn_round.is_some(),
                })
            })
            .collect()
    }

    /// The winner, once the tournament is over (and was played).
    #[must_use]
    pub fn winner(&self) -> Option<TournamentStanding> {
        if self.tournament.status != TournamentStatus::Finished || self.tournament.round == 0 {
            return None;
        }
        self.standings().into_iter().next()
    }

    /// The tournament as a FIDE TRF-16 file (empty lines of players before the start): its
    /// decided rounds, the round being played left out, its planned rounds on `XXR`, and a
    /// started Swiss's initial colour on `XXC` (`white1` or `black1`), so that an outside
    /// pairing program pairs it as the bot does.
    #[must_use]
    pub fn trf(&self) -> String {
        let (players, history) = self.pairing_input();
        let mut seated: Vec<&Entrant> = self.entries.iter().filter(|e| e.seat.is_some()).collect();
        seated.sort_by_key(|e| e.seat);
        let tournament = monkey_queen_pairing::Tournament {
            name: self.tournament.name.clone(),
            players,
            names: seated.iter().map(|e| e.name.clone()).collect(),
            history,
            // Drawn at the start: none before it.
            initial_colour: (self.tournament.format == TournamentFormat::Swiss
                && self.tournament.status != TournamentStatus::SignUp)
                .then(|| pairing_colour(self.tournament.initial_color)),
        };
        let planned = self.tournament.rounds as usize;
        write_trf_planned(&tournament, self.tie_breaks(), planned).unwrap_or_default()
    }
}

/// A colour as the pairing crate names it.
pub(super) fn pairing_colour(color: Color) -> Colour {
    match color {
        Color::White => Colour::White,
        Color::Black => Colour::Black,
    }
}

/// A pairing's result as the pairing crate counts it.
fn game_result(result: PairingResult) -> GameResult {
    match result {
        PairingResult::Pending | PairingResult::Bye => GameResult::Pending,
        PairingResult::White => GameResult::WhiteWin,
        PairingResult::Black => GameResult::BlackWin,
        PairingResult::WhiteForfeit => GameResult::WhiteForfeitWin,
        PairingResult::BlackForfeit => GameResult::BlackForfeitWin,
    }
}

/// A pairing's result as a score, White's first: `1-0`, `0-1`, `1F-0F` style for forfeits
/// (`+--`/`--+` in FIDE's notation), `*` while pending.
#[must_use]
pub fn score_text(result: PairingResult) -> &'static str {
    match result {
        PairingResult::Pending => "*",
        PairingResult::White => "1-0",
        PairingResult::Black => "0-1",
        PairingResult::WhiteForfeit => "+--",
        PairingResult::BlackForfeit => "--+",
        PairingResult::Bye => "bye",
    }
}
