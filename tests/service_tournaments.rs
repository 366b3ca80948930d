//! Tournaments in the game service: sign-ups, rounds paired as the last game of a round
//! ends, byes, forfeits, withdrawals (asked, or after two losses on time in a row), results
//! by hand, standings, exports, the scheduled start, and a round's last results arriving from
//! two processes at once.

#[allow(dead_code)] // each test binary uses its own subset of the fixtures
mod common;

use std::collections::HashSet;

use common::*;
use monkey_queen::games::{
    Announced, EndReason, GameRef, GameService, GameStatus, GuildId, Lang, NewTournament,
    Organiser, PairingResult, PlayerRef, Reach, Result, ServiceError, SettingsChange,
    TournamentFormat, TournamentStatus, TournamentView, UserError, UserId,
};
use monkey_queen_core::{Color, GameOptions};

/// The refusal a call ended with; panics on success or an internal error.
fn refused<T: std::fmt::Debug>(result: Result<T>) -> UserError {
    match result {
        Err(ServiceError::User(e)) => e,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// A server manager.
const MANAGER: Organiser = Organiser {
    user: UserId(42),
    manages_server: true,
};

/// The `i`-th player, rated by the order they join (all newcomers: equal ratings).
fn player(i: u64) -> PlayerRef {
    PlayerRef::new(UserId(100 + i), format!("Player {i}"))
}

fn tournament(format: TournamentFormat, rounds: u32) -> NewTournament {
    NewTournament {
        organiser: MANAGER,
        organiser_name: "Manager".to_owned(),
        guild: GUILD,
        channel: CHANNEL,
        reach: Reach::Channel,
        name: "Winter Cup".to_owned(),
        format,
        rounds,
        double: false,
        options: GameOptions::default(),
        move_time_ms: None,
        rated: true,
        max_players: 16,
        starts_ms: None,
        lang: Lang::En,
    }
}

/// Creates a tournament, signs up `n` players and starts it.
async fn started(f: &Fixture, new: NewTournament, n: u64) -> TournamentView {
    let id = f
        .service
        .tournaments()
        .create(new)
        .await
        .unwrap()
        .tournament
        .id;
    for i in 0..n {
        f.service
            .tournaments()
            .join(GUILD, id, &player(i))
            .await
            .unwrap();
    }
    f.service
        .tournaments()
        .start(GUILD, id, MANAGER)
        .await
        .unwrap()
}

/// Ends the game of `white` and `black`: White captures the queen (R7.1) when `white_wins`,
/// else White resigns.
async fn decide(service: &GameService, game: monkey_queen::games::GameId, white_wins: bool) {
    let view = service.record(game).await.unwrap().game;
    let (white, black) = (view.white.clone(), view.black.clone());
    if white_wins {
        for (who, text) in [&white, &black, &white].into_iter().zip(QUEEN_CAPTURE) {
            service
                .play(monkey_queen::games::PlayRequest {
                    user: who.id,
                    game: GameRef::Id(game),
                    text,
                    expected_ply: None,
                    request_key: None,
                })
                .await
                .unwrap();
        }
    } else {
        service
            .resign(white.id, GameRef::Id(game), None)
            .await
            .unwrap();
    }
}

/// Plays out the current round: the better seeded player (the lower id) wins each game.
async fn play_round(f: &Fixture, view: &TournamentView) -> TournamentView {
    let round = view.tournament.round;
    for p in view.round_pairings(round) {
        if let (Some(game), PairingResult::Pending) = (p.game, p.result) {
            let black = p.black.unwrap();
            decide(&f.service, game, p.white < black).await;
        }
    }
    f.service
        .tournaments()
        .get(GUILD, view.tournament.id)
        .await
        .unwrap()
}

/// The rounds and announcements queued so far, drained from the outbox.
async fn drain(service: &GameService) -> Vec<Announced> {
    let mut all = Vec::new();
    while let Some(a) = service.delivery().next_announcement().await.unwrap() {
        service.delivery().announced(a.id).await.unwrap();
        all.push(a.what);
    }
    all
}

#[tokio::test]
async fn an_eight_player_swiss_plays_three_rounds_without_repeats_then_ends() {
    let f = Fixture::new().await;
    let mut view = started(&f, tournament(TournamentFormat::Swiss, 3), 8).await;
    assert_eq!(view.tournament.status, TournamentStatus::Running);
    assert_eq!((view.tournament.round, view.tournament.rounds), (1, 3));
    let first = drain(&f.service).await;
    let rounds: Vec<u32> = first
        .iter()
        .filter_map(|a| match a {
            Announced::Round { round, .. } => Some(*round),
            _ => None,
        })
        .collect();
    assert_eq!(rounds, [1], "round 1 is announced once");
    let boards = first
        .iter()
        .filter(|a| matches!(a, Announced::Started(_)))
        .count();
    assert_eq!(boards, 4, "each game's first board is posted at once");

    let mut met = HashSet::new();
    for round in 1..=3 {
        assert_eq!(view.tournament.round, round);
        let games: Vec<_> = view.round_pairings(round).copied().collect();
        assert_eq!(games.len(), 4, "round {round}: four games, no bye");
        for p in &games {
            let pair = (p.white.min(p.black.unwrap()), p.white.max(p.black.unwrap()));
            assert!(met.insert(pair), "round {round}: {pair:?} met again");
            let game = f.service.record(p.game.unwrap()).await.unwrap().game;
            assert_eq!(game.tournament, Some(view.tournament.id));
            assert!(game.rated);
        }
        view = play_round(&f, &view).await;
    }
    assert_eq!(view.tournament.status, TournamentStatus::Finished);
    let standings = view.standings();
    let points: u32 = standings.iter().map(|s| s.half_points).sum();
    assert_eq!(points, 2 * 12, "twelve games, a point each");
    assert_eq!(standings[0].half_points, 6, "someone won all three");
    assert_eq!(view.winner().unwrap().user, standings[0].user);
    assert_eq!(standings[0].tie_breaks.len(), 3, "BH-C1, BH, SB");
    let last = drain(&f.service).await;
    assert_eq!(
        last.iter()
            .filter(|a| matches!(a, Announced::Final(_)))
            .count(),
        1
    );
    let export = f
        .service
        .tournaments()
        .export(GUILD, view.tournament.id)
        .await
        .unwrap();
    assert_eq!(export.records.matches("monkey-queen ").count(), 12);
    assert!(export.trf.starts_with("012 Winter Cup"), "{}", export.trf);
    assert_eq!(
        export.trf.lines().filter(|l| l.starts_with("001")).count(),
        8
    );
}

/// A Swiss's initial colour is drawn at the start and stored: seat 0 has it in round 1 (of
/// seven players: a bye each round),
/// another process reads the same, and the TRF export carries it on its `XXC` line, so the
/// pairing crate (or any outside program) given that file pairs round 2 as the bot did.
#[tokio::test]
async fn a_swiss_draws_its_initial_colour_at_the_start_and_the_export_carries_it() {
    let f = Fixture::new().await;
    let id = f
        .service
        .tournaments()
        .create(tournament(TournamentFormat::Swiss, 3))
        .await
        .unwrap()
        .tournament
        .id;
    let before = f.service.tournaments().export(GUILD, id).await.unwrap();
    assert!(
        !before.trf.contains("XXC"),
        "nothing drawn before the start:\n{}",
        before.trf
    );
    for i in 0..7 {
        f.service
            .tournaments()
            .join(GUILD, id, &player(i))
            .await
            .unwrap();
    }
    let view = f
        .service
        .tournaments()
        .start(GUILD, id, MANAGER)
        .await
        .unwrap();
    let drawn = view.tournament.initial_color;
    let seat0 = view
        .entries
        .iter()
        .find(|e| e.seat == Some(0))
        .unwrap()
        .user;
    let first = view
        .round_pairings(1)
        .find(|p| p.white == seat0 || p.black == Some(seat0))
        .unwrap();
    let seat0_color = if first.white == seat0 {
        Color::White
    } else {
        Color::Black
    };
    assert_eq!(seat0_color, drawn, "seat 0 has the drawn colour in round 1");
    let other = service_on(&f.url, f.clock.clone()).await;
    let again = other.tournaments().get(GUILD, id).await.unwrap();
    assert_eq!(
        again.tournament.initial_color, drawn,
        "stored, not drawn again"
    );

    let view = play_round(&f, &view).await;
    assert_eq!(view.tournament.round, 2);
    let export = f.service.tournaments().export(GUILD, id).await.unwrap();
    let xxc = format!("XXC {}1", drawn.name());
    assert!(
        export.trf.lines().any(|l| l == xxc),
        "{xxc} in\n{}",
        export.trf
    );
    let trf = monkey_queen_pairing::read_trf(&export.trf).unwrap();
    let initial = trf.initial_colour.expect("the XXC line read back");
    let round = monkey_queen_pairing::pair_swiss_with_total(&trf.players, &trf.history, 3, initial)
        .unwrap();
    let seat = |user: UserId| view.entry(user).and_then(|e| e.seat).unwrap() as usize;
    // (White, Black) by seat; the bye as (seat, None).
    let mut ours: Vec<(usize, Option<usize>)> = view
        .round_pairings(2)
        .map(|p| (seat(p.white), p.black.map(seat)))
        .collect();
    let mut from_file: Vec<(usize, Option<usize>)> = round
        .games
        .iter()
        .map(|g| (g.white.0, Some(g.black.0)))
        .chain(round.byes.iter().map(|b| (b.0, None)))
        .collect();
    ours.sort_unstable();
    from_file.sort_unstable();
    assert_eq!(
        ours, from_file,
        "round 2 paired from the export as the bot did"
    );
}

#[tokio::test]
async fn a_five_player_round_robin_gives_byes_and_forfeits_after_a_withdrawal() {
    let f = Fixture::new().await;
    let mut view = started(&f, tournament(TournamentFormat::RoundRobin, 0), 5).await;
    assert_eq!(
        view.tournament.rounds, 5,
        "five players: five rounds, a bye each"
    );
    let round1: Vec<_> = view.round_pairings(1).copied().collect();
    assert_eq!(round1.len(), 3);
    assert_eq!(round1[2].result, PairingResult::Bye);
    assert_eq!(round1[2].black, None);

    // Round 1 is played; in round 2, a player withdraws with their game being played.
    view = play_round(&f, &view).await;
    assert_eq!(view.tournament.round, 2);
    let leaving = view
        .round_pairings(2)
        .find(|p| p.result == PairingResult::Pending)
        .unwrap();
    let (leaver, game) = (leaving.white, leaving.game.unwrap());
    let view_after = f
        .service
        .tournaments()
        .leave(GUILD, view.tournament.id, leaver)
        .await
        .unwrap();
    let lost = f.service.record(game).await.unwrap().game;
    assert_eq!(lost.status, GameStatus::Finished);
    assert_eq!(lost.result.unwrap().reason, EndReason::Resignation);
    assert_eq!(view_after.entry(leaver).unwrap().withdrawn_round, Some(2));
    assert_eq!(
        refused(
            f.service
                .tournaments()
                .leave(GUILD, view.tournament.id, leaver)
                .await
        ),
        UserError::AlreadyWithdrawn
    );

    view = view_after;
    while view.tournament.status == TournamentStatus::Running {
        view = play_round(&f, &view).await;
    }
    assert_eq!(view.tournament.round, 5);
    // After round 2 the leaver's games are forfeits won by their opponents, with no game.
    let forfeits: Vec<_> = view
        .pairings
        .iter()
        .filter(|p| p.round > 2 && (p.white == leaver || p.black == Some(leaver)))
        .collect();
    assert!(!forfeits.is_empty());
    for p in &forfeits {
        assert_eq!(p.game, None);
        let won_by_opponent = if p.white == leaver {
            PairingResult::BlackForfeit
        } else {
            PairingResult::WhiteForfeit
        };
        assert!(
            p.result == won_by_opponent || p.result == PairingResult::Bye,
            "{p:?}"
        );
    }
    // Everyone else met everyone once and had one bye.
    for i in 0..5 {
        let user = player(i).id;
        let byes = view
            .pairings
            .iter()
            .filter(|p| p.result == PairingResult::Bye && p.white == user)
            .count();
        if user != leaver {
            assert_eq!(byes, 1, "{user}");
        }
    }
    let standings = view.standings();
    assert!(
        standings
            .iter()
            .find(|s| s.user == leaver)
            .unwrap()
            .withdrawn
    );
    assert_eq!(view.tie_break_names(), ["SB"]);
    // Its TRF: byes (U), forfeits (+ and -) and the withdrawn player's absence (Z).
    let export = f
        .service
        .tournaments()
        .export(GUILD, view.tournament.id)
        .await
        .unwrap();
    check_golden_trf("tournament-round-robin-withdrawal.trf", &export.trf);
}

#[tokio::test]
async fn a_double_round_robin_meets_each_pair_twice_with_colours_reversed() {
    let f = Fixture::new().await;
    let new = NewTournament {
        double: true,
        max_players: 16,
        ..tournament(TournamentFormat::RoundRobin, 0)
    };
    let mut view = started(&f, new, 4).await;
    assert_eq!(view.tournament.cycles, 2);
    assert_eq!(
        view.tournament.rounds, 6,
        "four players: three rounds, twice"
    );
    for _ in 0..2 {
        view = play_round(&f, &view).await;
    }
    // Mid-tournament, the TRF holds the two rounds decided, not the one being played.
    let id = view.tournament.id;
    let running = f.service.tournaments().export(GUILD, id).await.unwrap();
    check_golden_trf(
        "tournament-double-round-robin-after-round-2.trf",
        &running.trf,
    );
    let back = monkey_queen_pairing::read_trf(&running.trf).unwrap();
    assert_eq!(back.history.len(), 2);
    while view.tournament.status == TournamentStatus::Running {
        view = play_round(&f, &view).await;
    }
    assert_eq!(view.tournament.round, 6);
    // Every pair met twice, each with White once, once in each cycle of three rounds.
    for i in 0..4 {
        for j in 0..4 {
            let (a, b) = (player(i).id, player(j).id);
            if a == b {
                continue;
            }
            let as_white: Vec<u32> = view
                .pairings
                .iter()
                .filter(|p| p.white == a && p.black == Some(b))
                .map(|p| p.round)
                .collect();
            assert_eq!(as_white.len(), 1, "{a} has White against {b} once");
            let met: Vec<u32> = view
                .pairings
                .iter()
                .filter(|p| {
                    (p.white == a && p.black == Some(b)) || (p.white == b && p.black == Some(a))
                })
                .map(|p| p.round)
                .collect();
            assert_eq!(met.len(), 2);
            assert!(met[0] <= 3 && met[1] > 3, "{a}-{b} met in rounds {met:?}");
        }
    }
    // The better seeded player won every game: 6 points, and the standings follow seeding.
    let standings = view.standings();
    let order: Vec<UserId> = standings.iter().map(|s| s.user).collect();
    assert_eq!(order, (0..4).map(|i| player(i).id).collect::<Vec<_>>());
    let points: Vec<u32> = standings.iter().map(|s| s.half_points).collect();
    assert_eq!(points, [12, 8, 4, 0]);
    // The crosstable has a column per round, so a pair's two games are two cells.
    let texts = monkey_queen::render::CrosstableTexts {
        rank: "#".to_owned(),
        player: "Player".to_owned(),
        round: "R".to_owned(),
        points: "Pts".to_owned(),
        tie_breaks: vec!["SB".to_owned()],
        withdrawn: "withdrawn".to_owned(),
        bye: "bye".to_owned(),
    };
    let table = view.crosstable(texts, String::new());
    assert_eq!(table.rounds, 6);
    let against_second: Vec<_> = table.rows[0]
        .cells
        .iter()
        .filter_map(|c| match c {
            monkey_queen::render::CrosstableCell::Game {
                opponent: 2,
                white,
                result,
            } => Some((*white, *result)),
            _ => None,
        })
        .collect();
    assert_eq!(against_second.len(), 2);
    assert_ne!(against_second[0].0, against_second[1].0, "colours reversed");
    assert!(
        against_second
            .iter()
            .all(|(_, r)| *r == monkey_queen::render::CellResult::Win)
    );
    // The TRF export holds all six rounds.
    let export = f
        .service
        .tournaments()
        .export(GUILD, view.tournament.id)
        .await
        .unwrap();
    check_golden_trf("tournament-double-round-robin.trf", &export.trf);
    let back = monkey_queen_pairing::read_trf(&export.trf).unwrap();
    assert_eq!(back.history.len(), 6);
}

/// Compares a TRF export with its golden file in `tests/golden/` (read back by an outside
/// reader: see `pairing/tests/fixtures/trf/README.md`), or rewrites it when `UPDATE_GOLDEN`
/// is set.
fn check_golden_trf(name: &str, trf: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, trf).unwrap();
    }
    let golden = std::fs::read_to_string(&path).unwrap();
    assert_eq!(trf, golden, "{name} differs from the export now");
}

#[tokio::test]
async fn two_losses_on_time_in_a_row_withdraw_a_player() {
    let f = Fixture::new().await;
    let mut new = tournament(TournamentFormat::Swiss, 3);
    new.move_time_ms = Some(60_000);
    let view = started(&f, new, 4).await;
    // Round 1: on every board White lets the clock run out.
    f.clock.advance(61_000);
    let ended = f.service.apply_timeouts().await.unwrap();
    assert_eq!(ended.len(), 2);
    let view = f
        .service
        .tournaments()
        .get(GUILD, view.tournament.id)
        .await
        .unwrap();
    assert_eq!(
        view.tournament.round, 2,
        "round 2 is paired by the sweep's results"
    );
    let slow: HashSet<UserId> = view
        .pairings
        .iter()
        .filter(|p| p.round == 1)
        .map(|p| p.white)
        .collect();
    // Round 2: wherever a slow player has Black against a prompt one, White moves first;
    // then every player to move runs out of time.
    let mut expected = HashSet::new();
    for p in view.round_pairings(2) {
        let (white, black) = (p.white, p.black.unwrap());
        let loser = if !slow.contains(&white) && slow.contains(&black) {
            let mv = f
                .service
                .play(monkey_queen::games::PlayRequest {
                    user: white,
                    game: GameRef::Id(p.game.unwrap()),
                    text: "g1-g6",
                    expected_ply: None,
                    request_key: None,
                })
                .await;
            mv.unwrap();
            black
        } else {
            white
        };
        if slow.contains(&loser) {
            expected.insert(loser);
        }
    }
    assert!(!expected.is_empty());
    f.clock.advance(61_000);
    f.service.apply_timeouts().await.unwrap();
    let view = f
        .service
        .tournaments()
        .get(GUILD, view.tournament.id)
        .await
        .unwrap();
    let withdrawn: HashSet<UserId> = view
        .entries
        .iter()
        .filter(|e| e.withdrawn_round.is_some())
        .map(|e| e.user)
        .collect();
    assert_eq!(
        withdrawn, expected,
        "exactly those who lost on time twice in a row"
    );
    assert_eq!(view.tournament.round, 3);
    for user in &withdrawn {
        assert!(
            view.round_pairings(3)
                .all(|p| p.white != *user && p.black != Some(*user)),
            "a withdrawn player is not paired"
        );
    }
}

#[tokio::test]
async fn only_managers_or_allowed_organisers_create_and_start() {
    let f = Fixture::new().await;
    let member = Organiser {
        user: player(0).id,
        manages_server: false,
    };
    let mut new = tournament(TournamentFormat::Swiss, 2);
    new.organiser = member;
    assert_eq!(
        refused(f.service.tournaments().create(new.clone()).await),
        UserError::NotOrganiser
    );
    f.service
        .update_settings(
            GUILD,
            SettingsChange {
                tournament_organisers: Some(true),
                ..SettingsChange::default()
            },
        )
        .await
        .unwrap();
    let id = f
        .service
        .tournaments()
        .create(new)
        .await
        .unwrap()
        .tournament
        .id;
    for i in 1..=3 {
        f.service
            .tournaments()
            .join(GUILD, id, &player(i))
            .await
            .unwrap();
    }
    let other = Organiser {
        user: player(1).id,
        manages_server: false,
    };
    assert_eq!(
        refused(f.service.tournaments().start(GUILD, id, other).await),
        UserError::NotOrganiser,
        "only its own organiser"
    );
    assert_eq!(
        refused(f.service.tournaments().start(GuildId(1), id, MANAGER).await),
        UserError::NoSuchTournament(id),
        "another server's tournament is not named"
    );
    f.service
        .tournaments()
        .start(GUILD, id, member)
        .await
        .unwrap();
}

#[tokio::test]
async fn sign_up_refusals_change_nothing() {
    let f = Fixture::new().await;
    let mut new = tournament(TournamentFormat::Swiss, 3);
    new.max_players = 4;
    let id = f
        .service
        .tournaments()
        .create(new)
        .await
        .unwrap()
        .tournament
        .id;
    f.service
        .tournaments()
        .join(GUILD, id, &player(0))
        .await
        .unwrap();
    assert_eq!(
        refused(f.service.tournaments().join(GUILD, id, &player(0)).await),
        UserError::AlreadyJoined
    );
    for i in 1..3 {
        f.service
            .tournaments()
            .join(GUILD, id, &player(i))
            .await
            .unwrap();
    }
    assert_eq!(
        refused(f.service.tournaments().start(GUILD, id, MANAGER).await),
        UserError::TooFewPlayers { need: 4 },
        "three rounds need four players"
    );
    f.service
        .tournaments()
        .join(GUILD, id, &player(3))
        .await
        .unwrap();
    assert_eq!(
        refused(f.service.tournaments().join(GUILD, id, &player(4)).await),
        UserError::TournamentFull { limit: 4 }
    );
    f.service
        .tournaments()
        .leave(GUILD, id, player(3).id)
        .await
        .unwrap();
    let view = f.service.tournaments().get(GUILD, id).await.unwrap();
    assert_eq!(
        view.entries.len(),
        3,
        "leaving before the start takes one off the list"
    );
    assert_eq!(view.tournament.status, TournamentStatus::SignUp);
    assert!(view.pairings.is_empty());

    for (bad, refusal) in [
        (
            NewTournament {
                name: "  ".to_owned(),
                ..tournament(TournamentFormat::Swiss, 3)
            },
            UserError::BadTournamentName { max: 80 },
        ),
        (
            tournament(TournamentFormat::Swiss, 12),
            UserError::BadRounds { max: 11 },
        ),
        (
            NewTournament {
                max_players: 1,
                ..tournament(TournamentFormat::Swiss, 3)
            },
            UserError::BadPlayerLimit { min: 2, max: 128 },
        ),
        (
            NewTournament {
                max_players: 129,
                ..tournament(TournamentFormat::Swiss, 3)
            },
            UserError::BadPlayerLimit { min: 2, max: 128 },
        ),
        (
            NewTournament {
                max_players: 33,
                ..tournament(TournamentFormat::RoundRobin, 0)
            },
            UserError::RoundRobinTooLarge {
                players: 33,
                rounds: 33,
                cycles: 1,
                max: 32,
                max_rounds: 31,
            },
        ),
        (
            NewTournament {
                max_players: 17,
                double: true,
                ..tournament(TournamentFormat::RoundRobin, 0)
            },
            UserError::RoundRobinTooLarge {
                players: 17,
                rounds: 34,
                cycles: 2,
                max: 16,
                max_rounds: 30,
            },
        ),
        (
            NewTournament {
                starts_ms: Some(T0),
                ..tournament(TournamentFormat::RoundRobin, 0)
            },
            UserError::StartInPast,
        ),
        (
            NewTournament {
                reach: Reach::Interactions,
                ..tournament(TournamentFormat::RoundRobin, 0)
            },
            UserError::TournamentNeedsBot,
        ),
    ] {
        assert_eq!(refused(f.service.tournaments().create(bad).await), refusal);
    }
    let page = f.service.tournaments().list(GUILD, 0, 10).await.unwrap();
    assert_eq!(page.total, 1, "refused tournaments are not stored");
}

#[tokio::test]
async fn the_organiser_replaces_a_result_and_it_is_logged() {
    let f = Fixture::new().await;
    let view = started(&f, tournament(TournamentFormat::Swiss, 2), 4).await;
    let id = view.tournament.id;
    let p = *view.round_pairings(1).next().unwrap();
    assert_eq!(
        refused(
            f.service
                .tournaments()
                .set_result(GUILD, id, MANAGER, 1, 1, p.white)
                .await
        ),
        UserError::ResultPending
    );
    let game = p.game.unwrap();
    assert_eq!(
        refused(f.service.abort(p.white, GameRef::Id(game)).await),
        UserError::TournamentGame
    );
    decide(&f.service, game, true).await;
    let black = p.black.unwrap();
    assert_eq!(
        refused(
            f.service
                .tournaments()
                .set_result(GUILD, id, MANAGER, 1, 1, UserId(7))
                .await
        ),
        UserError::NotInPairing
    );
    assert_eq!(
        refused(
            f.service
                .tournaments()
                .set_result(GUILD, id, MANAGER, 1, 9, black)
                .await
        ),
        UserError::NoSuchPairing { round: 1, board: 9 }
    );
    let member = Organiser {
        user: black,
        manages_server: false,
    };
    assert_eq!(
        refused(
            f.service
                .tournaments()
                .set_result(GUILD, id, member, 1, 1, black)
                .await
        ),
        UserError::NotOrganiser
    );
    let view = f
        .service
        .tournaments()
        .set_result(GUILD, id, MANAGER, 1, 1, black)
        .await
        .unwrap();
    assert_eq!(
        view.round_pairings(1).next().unwrap().result,
        PairingResult::Black
    );
    let log = f.service.tournaments().log(GUILD, id).await.unwrap();
    assert_eq!(log.len(), 1);
    assert_eq!(log[0].by, MANAGER.user);
    assert!(
        log[0].what.contains("round 1 board 1: white -> black"),
        "{}",
        log[0].what
    );
}

#[tokio::test]
async fn a_scheduled_tournament_starts_itself_or_ends_unplayed() {
    let f = Fixture::new().await;
    let mut new = tournament(TournamentFormat::Swiss, 1);
    new.starts_ms = Some(T0 + 3_600_000);
    let full = f
        .service
        .tournaments()
        .create(new.clone())
        .await
        .unwrap()
        .tournament
        .id;
    for i in 0..2 {
        f.service
            .tournaments()
            .join(GUILD, full, &player(i))
            .await
            .unwrap();
    }
    let empty = f
        .service
        .tournaments()
        .create(new)
        .await
        .unwrap()
        .tournament
        .id;
    assert!(
        f.service
            .tournaments()
            .start_due()
            .await
            .unwrap()
            .is_empty()
    );
    f.clock.advance(3_600_000);
    let started = f.service.tournaments().start_due().await.unwrap();
    assert_eq!(started.len(), 2);
    let full = f.service.tournaments().get(GUILD, full).await.unwrap();
    assert_eq!(full.tournament.status, TournamentStatus::Running);
    assert_eq!(full.round_pairings(1).count(), 1);
    let empty = f.service.tournaments().get(GUILD, empty).await.unwrap();
    assert_eq!(empty.tournament.status, TournamentStatus::Finished);
    assert_eq!(empty.tournament.round, 0);
    assert_eq!(empty.winner(), None);
    assert!(
        f.service
            .tournaments()
            .start_due()
            .await
            .unwrap()
            .is_empty(),
        "each starts once"
    );
}

/// Two processes finish the last two games of a round at the same moment: the next round is
/// paired once, with both results counted.
#[tokio::test]
async fn a_rounds_last_results_from_two_processes_pair_the_next_round_once() {
    let f = Fixture::new().await;
    let other = service_on(&f.url, f.clock.clone()).await;
    for attempt in 0..3 {
        let view = started(&f, tournament(TournamentFormat::Swiss, 2), 4).await;
        let games: Vec<_> = view.round_pairings(1).map(|p| p.game.unwrap()).collect();
        let (a, b) = (games[0], games[1]);
        let (first, second) = tokio::join!(
            f.service.resign(
                view.round_pairings(1).next().unwrap().white,
                GameRef::Id(a),
                None
            ),
            other.resign(
                view.round_pairings(1).nth(1).unwrap().white,
                GameRef::Id(b),
                None
            )
        );
        first.unwrap();
        second.unwrap();
        let view = f
            .service
            .tournaments()
            .get(GUILD, view.tournament.id)
            .await
            .unwrap();
        assert_eq!(view.tournament.round, 2, "attempt {attempt}");
        assert_eq!(view.round_pairings(2).count(), 2, "attempt {attempt}");
        assert!(
            view.round_pairings(1)
                .all(|p| p.result == PairingResult::Black),
            "attempt {attempt}: both results counted"
        );
        let rounds = drain(&f.service)
            .await
            .iter()
            .filter(|a| matches!(a, Announced::Round { round: 2, .. }))
            .count();
        assert_eq!(rounds, 1, "attempt {attempt}");
    }
}

#[tokio::test]
async fn a_tournaments_page_shows_its_standings_rounds_and_its_games_pages() {
    let f = Fixture::new().await;
    let tournaments = f.service.tournaments();
    let created = tournaments
        .create(tournament(TournamentFormat::Swiss, 2))
        .await
        .unwrap();
    let id = created.tournament.id;
    let key = tournaments.page_key(id).await.unwrap();
    assert_eq!(key.as_str().len(), 32);
    assert_eq!(
        tournaments.page_key(id).await.unwrap(),
        key,
        "one key, kept"
    );
    let page = tournaments.page(&key).await.unwrap().expect("the page");
    assert_eq!(page.view.tournament.id, id);
    assert!(page.standings.is_empty() && page.games.is_empty());
    let unknown = monkey_queen::games::PageKey::random();
    assert!(tournaments.page(&unknown).await.unwrap().is_none());

    // A sign-up is published as the tournament's change, for its page.
    let mut events = f.service.subscribe();
    tournaments.join(GUILD, id, &player(0)).await.unwrap();
    assert!(matches!(
        events.try_recv(),
        Ok(monkey_queen::games::GameEvent::TournamentChanged(t)) if t == id
    ));

    let view = started(&f, tournament(TournamentFormat::Swiss, 2), 5).await;
    let key = tournaments.page_key(view.tournament.id).await.unwrap();
    let first = tournaments.page(&key).await.unwrap().unwrap();
    assert_eq!(first.standings.len(), 5);
    assert_eq!(first.view.tie_break_names(), ["BH-C1", "BH", "SB"]);
    let games: Vec<_> = view.round_pairings(1).filter_map(|p| p.game).collect();
    assert_eq!(games.len(), 2, "five players: two games and a bye");
    for game in &games {
        let linked = first
            .game_page(*game)
            .expect("each game of its server is linked");
        let shown = f.service.page(linked).await.unwrap().expect("a game page");
        assert_eq!(shown.game.id, *game, "the link leads to that game's page");
        assert_eq!(
            tournaments.of_game(*game).await.unwrap(),
            Some(view.tournament.id)
        );
    }
    // After the round, the page has gone further: round 2 paired, its games linked.
    let after = play_round(&f, &view).await;
    assert_eq!(after.tournament.round, 2);
    let second = tournaments.page(&key).await.unwrap().unwrap();
    assert!(second.progress() > first.progress());
    assert_eq!(second.standings[0].half_points, 2);
    let round_two: Vec<_> = after.round_pairings(2).filter_map(|p| p.game).collect();
    for game in &round_two {
        assert!(second.game_page(*game).is_some());
    }
    // A game the tournament's server would not show (stored elsewhere) is never linked.
    sqlx::query("UPDATE games SET guild_id = $2 WHERE id = $1")
        .bind(round_two[0].0)
        .bind(i64::try_from(GUILD.0 + 1).unwrap())
        .execute(&mut *f.service.db().write().await.unwrap())
        .await
        .unwrap();
    let hidden = tournaments.page(&key).await.unwrap().unwrap();
    assert!(hidden.game_page(round_two[0]).is_none());
    assert!(hidden.game_page(round_two[1]).is_some());
}
