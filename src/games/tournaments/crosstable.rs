//! A tournament's crosstable as the renderer draws it: a row per player in standings order,
//! a cell per round naming the opponent by their place, the colour played and the result
//! (forfeits apart), the bye, or nothing where the player was not paired.

use super::{Pairing, TournamentView};
use crate::model::{PairingResult, UserId};
use crate::render::{CellResult, Crosstable, CrosstableCell, CrosstableRow, CrosstableTexts};

impl TournamentView {
    /// The crosstable of the tournament as it stands, titled with its name, under `subtitle`,
    /// with `texts` for its headers: one column per round planned (or paired, if more).
    #[must_use]
    pub fn crosstable(&self, texts: CrosstableTexts, subtitle: String) -> Crosstable {
        let standings = self.standings();
        let rank_of = |user: UserId| standings.iter().find(|s| s.user == user).map(|s| s.rank);
        let winner = self.winner().map(|w| w.user);
        let t = &self.tournament;
        let rounds = t.rounds.max(t.round);
        let rows = standings
            .iter()
            .map(|s| CrosstableRow {
                rank: s.rank,
                name: s.name.clone(),
                // Ratings are a few thousand at most: whole numbers fit.
                rating: Some(s.rating.round() as i32),
                cells: (1..=rounds)
                    .map(|round| {
                        let pairing = self
                            .round_pairings(round)
                            .find(|p| p.white == s.user || p.black == Some(s.user));
                        cell(pairing, s.user, &rank_of)
                    })
                    .collect(),
                points: TournamentView::points_text(f64::from(s.half_points) / 2.0),
                tie_breaks: s
                    .tie_breaks
                    .iter()
                    .map(|&v| TournamentView::points_text(v))
                    .collect(),
                withdrawn: s.withdrawn,
                winner: winner == Some(s.user),
            })
            .collect();
        Crosstable {
            title: t.name.clone(),
            subtitle,
            texts,
            rows,
            rounds: rounds as usize,
        }
    }

    /// Points (or a tie-break's value) as shown: `2`, `1½`, `½`; anything finer than halves
    /// with two decimals.
    #[must_use]
    pub fn points_text(value: f64) -> String {
        let halves = (value * 2.0).round();
        if (value * 2.0 - halves).abs() > 1e-9 {
            return format!("{value:.2}");
        }
        // Whole halves of a score: exact.
        let halves = halves as i64;
        match (halves / 2, halves % 2) {
            (0, 1) => "½".to_owned(),
            (whole, 1) => format!("{whole}½"),
            (whole, _) => whole.to_string(),
        }
    }
}

/// What `user` did in `pairing`, their pairing of a round (none: not paired).
fn cell(
    pairing: Option<&Pairing>,
    user: UserId,
    rank_of: &impl Fn(UserId) -> Option<usize>,
) -> CrosstableCell {
    let Some(p) = pairing else {
        return CrosstableCell::Absent;
    };
    let white = p.white == user;
    let opponent = if white { p.black } else { Some(p.white) };
    let Some(opponent) = opponent.and_then(rank_of) else {
        return if p.result == PairingResult::Bye {
            CrosstableCell::Bye
        } else {
            CrosstableCell::Absent
        };
    };
    let won = |by_white: bool| by_white == white;
    let result = match p.result {
        PairingResult::Pending | PairingResult::Bye => CellResult::Pending,
        PairingResult::White if won(true) => CellResult::Win,
        PairingResult::Black if won(false) => CellResult::Win,
        PairingResult::White | PairingResult::Black => CellResult::Loss,
        PairingResult::WhiteForfeit if won(true) => CellResult::ForfeitWin,
        PairingResult::BlackForfeit if won(false) => CellResult::ForfeitWin,
        PairingResult::WhiteForfeit | PairingResult::BlackForfeit => CellResult::ForfeitLoss,
    };
    CrosstableCell::Game {
        opponent,
        white,
        result,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{Entrant, Tournament};
    use crate::model::{
        ChannelId, GameId, GuildId, Lang, TournamentFormat, TournamentId, TournamentStatus,
    };
    use monkey_queen_core::GameOptions;

    fn texts() -> CrosstableTexts {
        CrosstableTexts {
            rank: "#".into(),
            player: "Player".into(),
            round: "R".into(),
            points: "Pts".into(),
            tie_breaks: vec!["SB".into()],
            withdrawn: "withdrawn".into(),
            bye: "bye".into(),
        }
    }

    fn entrant(seat: u32, withdrawn_round: Option<u32>) -> Entrant {
        Entrant {
            user: UserId(u64::from(seat) + 1),
            name: format!("P{seat}"),
            seat: Some(seat),
            rating: 1600.0 - f64::from(seat),
            joined_ms: 0,
            withdrawn_round,
            timeouts_in_row: 0,
        }
    }

    fn pairing(
        round: u32,
        board: u32,
        white: u64,
        black: Option<u64>,
        r: PairingResult,
    ) -> Pairing {
        Pairing {
            round,
            board,
            white: UserId(white),
            black: black.map(UserId),
            game: black.map(|_| GameId(1)),
            result: r,
        }
    }

    /// Three players, round robin, three rounds: P0 beats P1, P1 wins by forfeit over P2
    /// (who withdrew), P0's last game still being played; a bye each round.
    fn view() -> TournamentView {
        TournamentView {
            tournament: Tournament {
                id: TournamentId(1),
                guild: GuildId(1),
                channel: ChannelId(1),
                thread: None,
                message: None,
                name: "Cup".into(),
                format: TournamentFormat::RoundRobin,
                rounds: 3,
                cycles: 1,
                options: GameOptions::default(),
                move_time_ms: None,
                rated: true,
                max_players: 8,
                starts_ms: None,
                status: TournamentStatus::Running,
                round: 3,
                organiser: UserId(1),
                lang: Lang::En,
                created_ms: 0,
                started_ms: Some(0),
                finished_ms: None,
                initial_color: monkey_queen_core::Color::White,
            },
            entries: vec![entrant(0, None), entrant(1, None), entrant(2, Some(1))],
            pairings: vec![
                pairing(1, 1, 1, Some(2), PairingResult::White),
                pairing(1, 2, 3, None, PairingResult::Bye),
                pairing(2, 1, 3, Some(2), PairingResult::BlackForfeit),
                pairing(2, 2, 1, None, PairingResult::Bye),
                pairing(3, 1, 3, Some(1), PairingResult::Pending),
                pairing(3, 2, 2, None, PairingResult::Bye),
            ],
        }
    }

    #[test]
    fn rows_follow_the_standings_and_cells_name_opponents_by_their_place() {
        let table = view().crosstable(texts(), "after round 2 of 3".into());
        assert_eq!(table.title, "Cup");
        assert_eq!(table.rounds, 3);
        let names: Vec<&str> = table.rows.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["P0", "P1", "P2"]);
        let first = &table.rows[0];
        assert_eq!(first.points, "2");
        let p1 = 2;
        let p2 = 3;
        assert_eq!(
            first.cells,
            [
                CrosstableCell::Game {
                    opponent: p1,
                    white: true,
                    result: CellResult::Win
                },
                CrosstableCell::Bye,
                CrosstableCell::Game {
                    opponent: p2,
                    white: false,
                    result: CellResult::Pending
                },
            ]
        );
        assert_eq!(
            table.rows[1].cells[1],
            CrosstableCell::Game {
                opponent: p2,
                white: false,
                result: CellResult::ForfeitWin
            }
        );
        assert_eq!(
            table.rows[2].cells[1],
            CrosstableCell::Game {
                opponent: p1,
                white: true,
                result: CellResult::ForfeitLoss
            }
        );
        assert!(table.rows[2].withdrawn);
        assert!(table.rows.iter().all(|r| !r.winner), "not over yet");
    }

    #[test]
    fn points_are_written_with_halves() {
        assert_eq!(TournamentView::points_text(0.0), "0");
        assert_eq!(TournamentView::points_text(0.5), "½");
        assert_eq!(TournamentView::points_text(3.5), "3½");
        assert_eq!(TournamentView::points_text(1.25), "1.25");
    }
}
