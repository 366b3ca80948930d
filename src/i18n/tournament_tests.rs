//! Tournament messages render in every language, translated, within Discord's limits, at
//! their longest too.

use monkey_queen_core::GameOptions;

use super::{CrosstableWord, Lang, Msg};
use crate::games::{Entrant, Page, Pairing, Tournament, TournamentView};
use crate::model::{
    ChannelId, GameId, GuildId, MessageId, PairingResult, TournamentFormat, TournamentId,
    TournamentStatus, UserId,
};

/// The longest id Discord hands out.
const ID: u64 = u64::MAX;

fn tournament(status: TournamentStatus, format: TournamentFormat, round: u32) -> Tournament {
    Tournament {
        id: TournamentId(i64::MAX),
        guild: GuildId(ID),
        channel: ChannelId(ID),
        thread: None,
        message: Some(MessageId(ID)),
        name: "N".repeat(crate::games::MAX_NAME_CHARS),
        format,
        rounds: 3,
        cycles: 1,
        options: GameOptions::default(),
        move_time_ms: Some(86_400_000),
        rated: true,
        max_players: crate::games::MAX_PLAYERS,
        starts_ms: (status == TournamentStatus::SignUp).then_some(1_700_000_000_000),
        status,
        round,
        organiser: UserId(ID),
        lang: Lang::En,
        created_ms: 1_700_000_000_000,
        started_ms: None,
        finished_ms: None,
        initial_color: monkey_queen_core::Color::White,
    }
}

/// `players` players seated by rating, the last one withdrawn.
fn entries(players: u32, seated: bool) -> Vec<Entrant> {
    (0..players)
        .map(|i| Entrant {
            user: UserId(ID - u64::from(i)),
            name: format!("player {i}"),
            seat: seated.then_some(i),
            rating: 1500.0 - f64::from(i),
            joined_ms: 1_700_000_000_000 + i64::from(i),
            withdrawn_round: (seated && i + 1 == players).then_some(1),
            timeouts_in_row: 0,
        })
        .collect()
}

/// Round 1 of `players` (odd: the last one has the bye): board 1 won by White, the next
/// one a forfeit, the others being played.
fn round_one(players: u32) -> Vec<Pairing> {
    let mut pairings = Vec::new();
    for board in 0..players / 2 {
        let result = match board {
            0 => PairingResult::White,
            1 => PairingResult::BlackForfeit,
            _ => PairingResult::Pending,
        };
        pairings.push(Pairing {
            round: 1,
            board: board + 1,
            white: UserId(ID - u64::from(2 * board)),
            black: Some(UserId(ID - u64::from(2 * board + 1))),
            game: Some(GameId(i64::MAX)),
            result,
        });
    }
    if players % 2 == 1 {
        pairings.push(Pairing {
            round: 1,
            board: players / 2 + 1,
            white: UserId(ID - u64::from(players - 1)),
            black: None,
            game: None,
            result: PairingResult::Bye,
        });
    }
    pairings
}

fn view(status: TournamentStatus, format: TournamentFormat, players: u32) -> TournamentView {
    let started = status != TournamentStatus::SignUp;
    let mut pairings = if started {
        round_one(players)
    } else {
        Vec::new()
    };
    if status == TournamentStatus::Finished {
        for p in &mut pairings {
            if p.result == PairingResult::Pending {
                p.result = PairingResult::Black;
            }
        }
    }
    TournamentView {
        tournament: tournament(status, format, u32::from(started)),
        entries: entries(players, started),
        pairings,
    }
}

#[test]
fn tournament_messages_render_in_every_language_within_discords_limits() {
    let mut views = Vec::new();
    for players in [0, 5, crate::games::MAX_PLAYERS] {
        for format in [TournamentFormat::Swiss, TournamentFormat::RoundRobin] {
            views.push(view(TournamentStatus::SignUp, format, players));
        }
    }
    for players in [5, 8, crate::games::MAX_PLAYERS - 1] {
        for status in [TournamentStatus::Running, TournamentStatus::Finished] {
            views.push(view(status, TournamentFormat::Swiss, players));
        }
    }
    let mut unplayed = view(TournamentStatus::SignUp, TournamentFormat::Swiss, 2);
    unplayed.tournament.status = TournamentStatus::Finished;
    views.push(unplayed);
    let page = Page {
        entries: views
            .iter()
            .map(|v| v.tournament.clone())
            .take(10)
            .collect(),
        page: u32::MAX - 1,
        total_pages: u32::MAX,
        total: u64::MAX,
    };
    let empty = Page {
        entries: Vec::new(),
        page: 0,
        total_pages: 1,
        total: 0,
    };
    let t = &views[0].tournament;
    let mut messages = vec![
        Msg::TournamentList(&page),
        Msg::TournamentList(&empty),
        Msg::TournamentJoined(t),
        Msg::TournamentStarted(t),
        Msg::TournamentExported(t),
        Msg::TournamentResultSet {
            tournament: t,
            round: u32::MAX,
            board: u32::MAX,
            winner: UserId(ID),
        },
    ];
    for v in &views {
        messages.extend([
            Msg::TournamentPosted(v),
            Msg::TournamentStandings(v),
            Msg::CrosstableSubtitle(v),
            Msg::TournamentChoice(&v.tournament),
            Msg::TournamentThreadName(&v.tournament),
            Msg::TournamentLeft(&v.tournament),
            Msg::TournamentWithdrew {
                tournament: &v.tournament,
                player: UserId(ID),
            },
        ]);
        if v.tournament.status == TournamentStatus::Finished {
            messages.push(Msg::TournamentFinal(v));
        }
    }
    messages.extend(
        [
            CrosstableWord::Rank,
            CrosstableWord::Player,
            CrosstableWord::Round,
            CrosstableWord::Points,
            CrosstableWord::Withdrawn,
            CrosstableWord::Bye,
        ]
        .map(Msg::CrosstableWord),
    );
    for msg in &messages {
        let en = Lang::En.text(msg);
        for lang in Lang::ALL {
            let text = lang.text(msg);
            assert!(!text.trim().is_empty(), "{lang:?} {msg:?}");
            assert!(
                text.chars().count() <= 2_000,
                "{lang:?} is longer than a message may be: {text}"
            );
            let limit = match msg {
                Msg::TournamentChoice(_) | Msg::TournamentThreadName(_) => Some(100),
                _ => None,
            };
            if let Some(limit) = limit {
                assert!(text.chars().count() <= limit, "{lang:?}: {text}");
            }
            if lang != Lang::En && en.chars().count() > 24 {
                assert_ne!(text, en, "{lang:?} {msg:?} is not translated");
            }
        }
    }
}

#[test]
fn a_round_names_its_boards_forfeits_and_bye() {
    let v = view(TournamentStatus::Running, TournamentFormat::Swiss, 5);
    let text = Lang::En.text(&Msg::TournamentRound {
        tournament: &v,
        round: 1,
    });
    let white = format!("<@{ID}>");
    assert!(
        text.contains(&format!("Board 1: {white} (White)")),
        "{text}"
    );
    assert!(text.contains("wins by forfeit"), "{text}");
    assert!(text.contains(&format!("Bye: <@{}>", ID - 4)), "{text}");
    for lang in Lang::ALL {
        let round = lang.text(&Msg::TournamentRound {
            tournament: &v,
            round: 1,
        });
        assert!(round.contains(&white), "{lang:?} {round}");
    }
}

#[test]
fn the_final_standings_name_the_winner() {
    let v = view(TournamentStatus::Finished, TournamentFormat::Swiss, 8);
    let winner = v.winner().expect("a winner").user;
    let text = Lang::En.text(&Msg::TournamentFinal(&v));
    assert!(text.contains(&format!("<@{winner}> wins with")), "{text}");
    assert!(text.contains("Final standings"), "{text}");
}

#[test]
fn tie_breaks_are_named_in_every_language_with_fides_abbreviation() {
    let swiss = view(TournamentStatus::Running, TournamentFormat::Swiss, 8);
    let round_robin = view(TournamentStatus::Running, TournamentFormat::RoundRobin, 5);
    assert_eq!(
        super::tie_break_name(Lang::En, "BH-C1"),
        "Buchholz Cut-1 (BH-C1)"
    );
    assert_eq!(
        super::tie_break_name(Lang::En, "SB"),
        "Sonneborn–Berger (SB)"
    );
    assert_eq!(
        super::tie_break_name(Lang::En, "XYZ"),
        "XYZ",
        "unnamed: as it is"
    );
    for lang in Lang::ALL {
        for v in [&swiss, &round_robin] {
            for abbreviation in v.tie_break_names() {
                let name = super::tie_break_name(lang, abbreviation);
                assert!(
                    name.ends_with(&format!(" ({abbreviation})"))
                        && name.len() > abbreviation.len() + 4,
                    "{lang:?}: {name}"
                );
            }
            let standings = lang.text(&Msg::TournamentStandings(v));
            let legend = super::tie_break_name(lang, v.tie_break_names()[0]);
            assert!(standings.contains(&legend), "{lang:?}: {standings}");
        }
    }
    assert!(
        Lang::De
            .text(&Msg::TournamentStandings(&swiss))
            .contains("Feinwertungen: Buchholz mit einem Streichergebnis (BH-C1), Buchholz (BH), Sonneborn-Berger (SB)")
    );
}
