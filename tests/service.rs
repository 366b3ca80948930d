//! Every use case and every refusal of the game service, on a fresh database per test.

#[allow(dead_code)] // each test binary uses its own subset of the fixtures
mod common;

use common::*;
use monkey_queen::games::{
    Announced, Audience, ChallengeCreated, ChallengeLimits, ChallengeStatus, ChannelId,
    ColorChoice, Computer, Editable, EndReason, GameEvent, GameId, GameRef, GameStatus, GameView,
    GuildId, HEAVY_COOLDOWN_MS, Heavy, InteractionToken, KEPT_TOKEN_FOLLOW_UPS, Level,
    MAX_COMPUTER_GAMES, MessageId, PageKey, PlayRequest, PlayerRef, RECENT_RESULTS, Reach, Result,
    ServiceConfig, ServiceError, TOKEN_LIFETIME_MS, UserError, UserId, Viewer,
};
use monkey_queen::i18n::{Lang, Msg};
use monkey_queen_core::{
    Color, GameOptions, IllegalMove, Move, MoveError, ParseError, Position, Record, Role, Square,
};

/// The refusal a call ended with; panics on success or an internal error.
fn refused<T: std::fmt::Debug>(result: Result<T>) -> UserError {
    match result {
        Err(ServiceError::User(e)) => e,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

fn sq(text: &str) -> Square {
    Square::parse(text, 12).unwrap()
}

// ---- challenges ----------------------------------------------------------------------------

#[tokio::test]
async fn accepted_challenge_starts_a_game_with_the_chosen_colours() {
    let f = Fixture::new().await;
    let ChallengeCreated::Pending(c) = f
        .service
        .create_challenge(challenge(&alice(), Some(&bob())))
        .await
        .unwrap()
    else {
        panic!("pending expected")
    };
    assert_eq!(c.status, ChallengeStatus::Pending);
    assert_eq!(c.challenger, alice().id);
    assert_eq!(c.challenged, Some(bob().id));
    assert_eq!(c.expires_ms, T0 + 24 * 3600 * 1000);

    let game = f
        .service
        .accept_challenge(c.id, &bob(), Lang::En)
        .await
        .unwrap()
        .game;
    assert_eq!(game.white, alice());
    assert_eq!(game.black, bob());
    assert_eq!(game.status, GameStatus::Active);
    assert_eq!(game.to_move, Some(alice().id), "R3.4: White moves first");
    assert_eq!(game.position, Position::start(GameOptions::default()));
    assert_eq!(game.last_move, None);
    assert_eq!(game.place.channel, CHANNEL);
    assert_eq!(game.place.guild, Some(GUILD));
    assert!(game.rated);

    let c = f.service.challenge(c.id).await.unwrap();
    assert_eq!(c.status, ChallengeStatus::Accepted);
    assert_eq!(c.game, Some(game.id));
}

#[tokio::test]
async fn colour_choice_black_and_random() {
    let f = Fixture::new().await;
    let mut new = challenge(&alice(), Some(&bob()));
    new.color = ColorChoice::Black;
    let game = f.start_with(new).await;
    assert_eq!((game.white.id, game.black.id), (bob().id, alice().id));

    let mut new = challenge(&alice(), Some(&carol()));
    new.color = ColorChoice::Random;
    let game = f.start_with(new).await;
    let pair = [game.white.id, game.black.id];
    assert!(pair.contains(&alice().id) && pair.contains(&carol().id));
}

#[tokio::test]
async fn challenge_refusals() {
    let f = Fixture::new().await;
    assert_eq!(
        refused(
            f.service
                .create_challenge(challenge(&alice(), Some(&alice())))
                .await
        ),
        UserError::ChallengeSelf
    );
    let mut new = challenge(&alice(), Some(&bob()));
    new.move_time_ms = Some(0);
    assert_eq!(
        refused(f.service.create_challenge(new).await),
        UserError::BadTimeLimit(0)
    );
    let mut new = challenge(&alice(), Some(&bob()));
    new.ai_level = Some(Level::Hard);
    assert_eq!(
        refused(f.service.create_challenge(new).await),
        UserError::AiLevelForHuman
    );
}

#[tokio::test]
async fn one_pending_challenge_per_pair_and_channel() {
    let f = Fixture::new().await;
    let ChallengeCreated::Pending(first) = f
        .service
        .create_challenge(challenge(&alice(), Some(&bob())))
        .await
        .unwrap()
    else {
        panic!()
    };
    // Either way round.
    for (a, b) in [(alice(), bob()), (bob(), alice())] {
        assert_eq!(
            refused(f.service.create_challenge(challenge(&a, Some(&b))).await),
            UserError::DuplicateChallenge { existing: first.id }
        );
    }
    // Another channel, another pair, and open challenges are fine.
    let mut elsewhere = challenge(&alice(), Some(&bob()));
    elsewhere.channel = ChannelId(501);
    f.service.create_challenge(elsewhere).await.unwrap();
    f.service
        .create_challenge(challenge(&alice(), Some(&carol())))
        .await
        .unwrap();
    f.service
        .create_challenge(challenge(&alice(), None))
        .await
        .unwrap();
    // Once answered, a new one may be made.
    f.service
        .decline_challenge(first.id, bob().id)
        .await
        .unwrap();
    f.service
        .create_challenge(challenge(&bob(), Some(&alice())))
        .await
        .unwrap();
}

#[tokio::test]
async fn accept_refusals() {
    let f = Fixture::new().await;
    let ChallengeCreated::Pending(c) = f
        .service
        .create_challenge(challenge(&alice(), Some(&bob())))
        .await
        .unwrap()
    else {
        panic!()
    };
    assert_eq!(
        refused(f.service.accept_challenge(c.id, &alice(), Lang::En).await),
        UserError::OwnChallenge
    );
    assert_eq!(
        refused(f.service.accept_challenge(c.id, &carol(), Lang::En).await),
        UserError::NotChallenged {
            challenged: Some(bob().id)
        }
    );
    let missing = monkey_queen::games::ChallengeId(999);
    assert_eq!(
        refused(f.service.accept_challenge(missing, &bob(), Lang::En).await),
        UserError::NoSuchChallenge(missing)
    );
    f.service
        .accept_challenge(c.id, &bob(), Lang::En)
        .await
        .unwrap();
    assert_eq!(
        refused(f.service.accept_challenge(c.id, &bob(), Lang::En).await),
        UserError::ChallengeNotPending {
            status: ChallengeStatus::Accepted
        }
    );
}

#[tokio::test]
async fn open_challenge_is_taken_by_anyone_but_the_challenger() {
    let f = Fixture::new().await;
    let ChallengeCreated::Pending(c) = f
        .service
        .create_challenge(challenge(&alice(), None))
        .await
        .unwrap()
    else {
        panic!()
    };
    assert_eq!(c.challenged, None);
    assert_eq!(
        refused(f.service.accept_challenge(c.id, &alice(), Lang::En).await),
        UserError::OwnChallenge
    );
    assert_eq!(
        refused(f.service.decline_challenge(c.id, carol().id).await),
        UserError::NotChallenged { challenged: None }
    );
    let game = f
        .service
        .accept_challenge(c.id, &carol(), Lang::En)
        .await
        .unwrap()
        .game;
    assert_eq!((game.white.id, game.black.id), (alice().id, carol().id));
    assert_eq!(game.black.name, "Carol");
}

#[tokio::test]
async fn decline_and_cancel() {
    let f = Fixture::new().await;
    let create = || async {
        match f
            .service
            .create_challenge(challenge(&alice(), Some(&bob())))
            .await
            .unwrap()
        {
            ChallengeCreated::Pending(c) => c,
            ChallengeCreated::AiGame(_) => panic!(),
        }
    };
    let c = create().await;
    assert_eq!(
        refused(f.service.decline_challenge(c.id, alice().id).await),
        UserError::NotChallenged {
            challenged: Some(bob().id)
        }
    );
    let declined = f.service.decline_challenge(c.id, bob().id).await.unwrap();
    assert_eq!(declined.status, ChallengeStatus::Declined);
    assert_eq!(declined.resolved_ms, Some(T0));
    assert_eq!(
        refused(f.service.accept_challenge(c.id, &bob(), Lang::En).await),
        UserError::ChallengeNotPending {
            status: ChallengeStatus::Declined
        }
    );

    let c = create().await;
    assert_eq!(
        refused(f.service.cancel_challenge(c.id, bob().id).await),
        UserError::NotChallenger {
            challenger: alice().id
        }
    );
    let cancelled = f.service.cancel_challenge(c.id, alice().id).await.unwrap();
    assert_eq!(cancelled.status, ChallengeStatus::Cancelled);
    assert_eq!(
        refused(f.service.decline_challenge(c.id, bob().id).await),
        UserError::ChallengeNotPending {
            status: ChallengeStatus::Cancelled
        }
    );
}

#[tokio::test]
async fn challenges_expire_once() {
    let f = Fixture::new().await;
    let ChallengeCreated::Pending(old) = f
        .service
        .create_challenge(challenge(&alice(), Some(&bob())))
        .await
        .unwrap()
    else {
        panic!()
    };
    f.clock.advance(3_600_000);
    let ChallengeCreated::Pending(young) = f
        .service
        .create_challenge(challenge(&alice(), Some(&carol())))
        .await
        .unwrap()
    else {
        panic!()
    };
    assert!(f.service.expire_challenges().await.unwrap().is_empty());

    f.clock.set(old.expires_ms);
    let expired = f.service.expire_challenges().await.unwrap();
    assert_eq!(expired.len(), 1);
    assert_eq!(expired[0].id, old.id);
    assert_eq!(expired[0].status, ChallengeStatus::Expired);
    assert!(f.service.expire_challenges().await.unwrap().is_empty());
    assert_eq!(
        refused(f.service.accept_challenge(old.id, &bob(), Lang::En).await),
        UserError::ChallengeNotPending {
            status: ChallengeStatus::Expired
        }
    );

    // Accepting after the time is up, before any sweep, is refused and marks it expired.
    f.clock.set(young.expires_ms);
    assert_eq!(
        refused(
            f.service
                .accept_challenge(young.id, &carol(), Lang::En)
                .await
        ),
        UserError::ChallengeExpired
    );
    let young = f.service.challenge(young.id).await.unwrap();
    assert_eq!(young.status, ChallengeStatus::Expired);
}

#[tokio::test]
async fn challenge_message_is_remembered() {
    let f = Fixture::new().await;
    let ChallengeCreated::Pending(c) = f
        .service
        .create_challenge(challenge(&alice(), Some(&bob())))
        .await
        .unwrap()
    else {
        panic!()
    };
    f.service
        .set_challenge_message(c.id, MessageId(77))
        .await
        .unwrap();
    assert_eq!(
        f.service.challenge(c.id).await.unwrap().message,
        Some(MessageId(77))
    );
    let missing = monkey_queen::games::ChallengeId(999);
    assert_eq!(
        refused(f.service.set_challenge_message(missing, MessageId(1)).await),
        UserError::NoSuchChallenge(missing)
    );
}

// ---- games against the computer ------------------------------------------------------------

#[tokio::test]
async fn challenging_the_bot_starts_an_unrated_game_at_once() {
    let f = Fixture::new().await;
    let mut new = challenge(&alice(), Some(&bot()));
    new.ai_level = Some(Level::Easy);
    new.color = ColorChoice::Black;
    let game = f.start_against_computer(new).await;
    assert_eq!(game.ai_level, Some(Level::Easy));
    assert!(!game.rated, "games against the computer are never rated");
    assert_eq!((game.white.id, game.black.id), (BOT, alice().id));
    assert_eq!(game.to_move, Some(BOT));

    // The bot is an ordinary player: it moves through the same call.
    let after = f.play(&bot(), game.id, "g1-g6").await.unwrap();
    assert_eq!(after.game.to_move, Some(alice().id));
    f.play(&alice(), game.id, "f12-f11").await.unwrap();
    let end = f.play(&bot(), game.id, "g6-f7").await.unwrap();
    assert!(end.game.is_active());
    let end = f.play(&alice(), game.id, "f11xf7").await.unwrap();
    let result = end.game.result.unwrap();
    assert_eq!(result.winner_id, alice().id);
    assert_eq!(result.rating_deltas, None);
    let alice_row = f.service.player(alice().id).await.unwrap().unwrap();
    assert_eq!(
        (alice_row.games, alice_row.wins, alice_row.rated_games),
        (1, 1, 0)
    );
    assert_eq!(alice_row.rating.rating, 1500.0);

    // Without a level the computer plays at medium strength.
    let game = f
        .start_against_computer(challenge(&bob(), Some(&bot())))
        .await;
    assert_eq!(game.ai_level, Some(Level::Medium));
}

#[tokio::test]
async fn a_player_has_at_most_three_games_against_the_computer_at_once() {
    let f = Fixture::new().await;
    let mut games = Vec::new();
    for _ in 0..MAX_COMPUTER_GAMES {
        let game = f
            .start_against_computer(challenge(&alice(), Some(&bot())))
            .await;
        games.push(game);
    }
    let refused = f
        .service
        .create_challenge(challenge(&alice(), Some(&bot())))
        .await
        .unwrap_err();
    assert!(
        matches!(
            refused,
            ServiceError::User(UserError::TooManyComputerGames {
                limit: MAX_COMPUTER_GAMES
            })
        ),
        "{refused:?}"
    );
    // Others are not held back, and a finished game frees a place.
    assert!(
        f.service
            .create_challenge(challenge(&bob(), Some(&bot())))
            .await
            .is_ok()
    );
    f.service
        .resign(alice().id, GameRef::Id(games[0].id), None)
        .await
        .unwrap();
    assert!(
        f.service
            .create_challenge(challenge(&alice(), Some(&bot())))
            .await
            .is_ok()
    );
}

/// A player may have five challenges waiting, and make ten in any ten minutes: a flood of
/// challenges, or of challenges cancelled and made again, is held back with the time to wait.
#[tokio::test]
async fn a_player_has_at_most_five_challenges_waiting_and_makes_ten_in_ten_minutes() {
    const LIMITS: ChallengeLimits = ChallengeLimits::PLAYERS;
    let f = Fixture::new().await;
    let opponent = |i: u64| PlayerRef::new(UserId(200 + i), format!("opponent {i}"));
    let make = |i: u64| {
        f.service
            .create_challenge(challenge(&alice(), Some(&opponent(i))))
    };
    let mut waiting = Vec::new();
    for i in 0..LIMITS.waiting as u64 {
        let ChallengeCreated::Pending(c) = make(i).await.unwrap() else {
            panic!("pending")
        };
        waiting.push(c.id);
    }
    assert_eq!(
        refused(make(99).await),
        UserError::TooManyChallenges {
            limit: LIMITS.waiting
        }
    );
    // Bob is not held back by Alice's challenges.
    assert!(
        f.service
            .create_challenge(challenge(&bob(), Some(&carol())))
            .await
            .is_ok()
    );

    // Cancelling frees a place, but not the burst: ten made in ten minutes, then a wait.
    for i in 0..(LIMITS.burst - LIMITS.waiting) as u64 {
        f.clock.advance(1_000);
        f.service
            .cancel_challenge(waiting.remove(0), alice().id)
            .await
            .unwrap();
        let ChallengeCreated::Pending(c) = make(10 + i).await.unwrap() else {
            panic!("pending")
        };
        waiting.push(c.id);
    }
    f.service
        .cancel_challenge(waiting.remove(0), alice().id)
        .await
        .unwrap();
    // The first challenge was made at T0, five seconds ago: it leaves the window in 9:55.
    assert_eq!(
        refused(make(98).await),
        UserError::CoolingDown {
            seconds: (LIMITS.window_ms / 1000 - 5) as u64
        }
    );
    let mut conn = f.service.db().read().await.unwrap();
    let waiting_now = monkey_queen::storage::pending_challenge_count(&mut conn, alice().id).await;
    assert_eq!(
        waiting_now.unwrap(),
        LIMITS.waiting - 1,
        "a refused challenge is not stored"
    );
    drop(conn);
    f.clock.set(T0 + LIMITS.window_ms);
    assert!(make(98).await.is_ok(), "the window has moved on");
}

/// The turns the computer owes are read from the games alone: active games where it is to
/// move, and no others (a person's turn, a finished game, a game between people).
#[tokio::test]
async fn the_computer_owes_the_turns_of_active_games_where_it_is_to_move() {
    let f = Fixture::new().await;
    let against = |who: &PlayerRef, color| {
        let mut new = challenge(who, Some(&bot()));
        new.color = color;
        new
    };
    let owed = f
        .start_against_computer(against(&alice(), ColorChoice::Black))
        .await;
    let theirs = f
        .start_against_computer(against(&bob(), ColorChoice::White))
        .await;
    let over = f
        .start_against_computer(against(&carol(), ColorChoice::Black))
        .await;
    f.service
        .resign(carol().id, GameRef::Id(over.id), None)
        .await
        .unwrap();
    f.start(&alice(), &bob()).await;
    let ids = |games: Vec<GameView>| games.iter().map(|g| g.id).collect::<Vec<_>>();
    assert_eq!(ids(f.service.computer_turns().await.unwrap()), [owed.id]);

    // Once it has moved, the turn is the person's; once the person has, it is owed again.
    f.play(&bot(), owed.id, "g1-g6").await.unwrap();
    assert!(f.service.computer_turns().await.unwrap().is_empty());
    f.play(&bob(), theirs.id, "g1-g6").await.unwrap();
    assert_eq!(ids(f.service.computer_turns().await.unwrap()), [theirs.id]);
}

/// A turn the computer owes is left out while a process holds a live claim of it, and comes
/// back once the lease is over; each comes with the move before it, and at most
/// [`COMPUTER_TURNS_PER_SWEEP`] come at once, oldest first.
#[tokio::test]
async fn the_computer_turns_leave_out_those_claimed_and_carry_the_last_move() {
    use monkey_queen::games::{COMPUTER_TURN_LEASE_MS, COMPUTER_TURNS_PER_SWEEP};
    let f = Fixture::new().await;
    let mut new = challenge(&alice(), Some(&bot()));
    new.color = ColorChoice::White;
    let game = f.start_against_computer(new).await;
    f.play(&alice(), game.id, "g1-g6").await.unwrap();
    let owed = f.service.computer_turns().await.unwrap();
    assert_eq!(owed.len(), 1);
    assert_eq!(
        owed[0].last_move,
        Some(f.service.game(game.id).await.unwrap().last_move.unwrap())
    );
    assert!(f.service.claim_computer_turn(game.id, 1).await.unwrap());
    assert!(f.service.computer_turns().await.unwrap().is_empty());
    f.clock.advance(COMPUTER_TURN_LEASE_MS);
    assert_eq!(f.service.computer_turns().await.unwrap().len(), 1);

    // However many are owed, one sweep reads a bounded number, the oldest first.
    let players: Vec<PlayerRef> = (0..=COMPUTER_TURNS_PER_SWEEP / 3)
        .map(|i| PlayerRef::new(UserId(5_000 + u64::from(i)), format!("player {i}")))
        .collect();
    for player in &players {
        for _ in 0..3 {
            let mut new = challenge(player, Some(&bot()));
            new.color = ColorChoice::Black;
            f.start_against_computer(new).await;
        }
    }
    let owed = f.service.computer_turns().await.unwrap();
    assert_eq!(owed.len(), COMPUTER_TURNS_PER_SWEEP as usize);
    assert_eq!(owed[0].id, game.id);
    assert!(owed.windows(2).all(|w| w[0].id < w[1].id));
}

// ---- playing -------------------------------------------------------------------------------

#[tokio::test]
async fn moves_are_played_in_any_notation_and_reported_canonically() {
    let f = Fixture::new().await;
    let game = f.start(&alice(), &bob()).await;
    let played = f.play(&alice(), game.id, "G1 G6").await.unwrap();
    assert_eq!(played.mv.to_string(), "g1-g6");
    assert_eq!(played.by, alice().id);
    assert_eq!(played.game.ply(), 1);
    assert_eq!(played.game.to_move, Some(bob().id));
    assert_eq!(played.game.last_move, Some(played.mv));
    assert_eq!(played.game.last_move_ms, Some(T0));
    // R5.1: a baby is born on g1.
    assert_eq!(played.game.position.height(Color::White), Some(19));
    assert_eq!(
        played.game.position.piece_at(sq("g1")).map(|p| p.role),
        Some(Role::Baby)
    );

    let played = f.play(&bob(), game.id, "f12f7").await.unwrap();
    assert_eq!(played.mv.to_string(), "f12-f7");
    let shown = f.service.game(game.id).await.unwrap();
    assert_eq!(shown.position, played.game.position);
    assert_eq!(shown.last_move, Some(played.mv));
    assert_eq!(shown.to_move, Some(alice().id));
}

#[tokio::test]
async fn play_refusals() {
    let f = Fixture::new().await;
    let game = f.start(&alice(), &bob()).await;
    assert_eq!(
        refused(f.play(&carol(), game.id, "g1-g6").await),
        UserError::NotParticipant { game: game.id }
    );
    assert_eq!(
        refused(f.play(&bob(), game.id, "f12-f7").await),
        UserError::NotYourTurn {
            to_move: alice().id
        }
    );
    // The engine's reason reaches the user (R4.2).
    assert_eq!(
        refused(f.play(&alice(), game.id, "g1-h3").await),
        UserError::Illegal(MoveError::Illegal(IllegalMove::NotStraightLine {
            from: sq("g1"),
            to: sq("h3")
        }))
    );
    assert!(matches!(
        refused(f.play(&alice(), game.id, "hello").await),
        UserError::Illegal(MoveError::Parse(ParseError::Malformed(_)))
    ));
    // R8.2: no swap without the pie rule.
    f.play(&alice(), game.id, "g1-g6").await.unwrap();
    assert_eq!(
        refused(f.play(&bob(), game.id, "swap").await),
        UserError::Illegal(MoveError::Illegal(IllegalMove::SwapNotAllowed))
    );
    let missing = monkey_queen::games::GameId(999);
    assert_eq!(
        refused(f.play(&alice(), missing, "g1-g6").await),
        UserError::NoSuchGame(missing)
    );
    // Nothing of the refused moves was stored.
    assert_eq!(f.service.record(game.id).await.unwrap().moves.len(), 1);
}

#[tokio::test]
async fn games_are_found_by_channel() {
    let f = Fixture::new().await;
    let in_channel = |user: &monkey_queen::games::PlayerRef, text: &'static str| PlayRequest {
        user: user.id,
        game: GameRef::InChannel(CHANNEL),
        text,
        expected_ply: None,
        request_key: None,
    };
    assert_eq!(
        refused(f.service.play(in_channel(&alice(), "g1-g6")).await),
        UserError::NoActiveGame
    );
    let first = f.start(&alice(), &bob()).await;
    let played = f.service.play(in_channel(&alice(), "g1-g6")).await.unwrap();
    assert_eq!(played.game.id, first.id);
    let second = f.start(&alice(), &carol()).await;
    match refused(f.service.play(in_channel(&alice(), "g1-g5")).await) {
        UserError::SeveralGames(games) => {
            let ids: Vec<_> = games.iter().map(|g| g.id).collect();
            assert_eq!(ids, vec![first.id, second.id]);
            assert_eq!(games[0].to_move, Some(bob().id));
            assert_eq!(games[1].to_move, Some(alice().id));
        }
        other => panic!("{other:?}"),
    }
    // Bob has only one game there.
    f.service.play(in_channel(&bob(), "f12-f7")).await.unwrap();
    assert_eq!(
        f.service
            .find_game(bob().id, GameRef::InChannel(CHANNEL))
            .await
            .unwrap()
            .id,
        first.id
    );
}

#[tokio::test]
async fn queen_capture_ends_a_rated_game_and_updates_ratings() {
    let f = Fixture::new().await;
    let game = f.start(&alice(), &bob()).await;
    let mut last = None;
    for (i, text) in QUEEN_CAPTURE.iter().enumerate() {
        let mover = if i % 2 == 0 { alice() } else { bob() };
        last = Some(f.play(&mover, game.id, text).await.unwrap());
    }
    let last = last.unwrap();
    assert!(last.mv.is_capture());
    assert_eq!(last.game.status, GameStatus::Finished);
    assert_eq!(last.game.to_move, None);
    let result = last.game.result.unwrap();
    assert_eq!(result.winner, Color::White);
    assert_eq!(result.winner_id, alice().id);
    assert_eq!(result.loser_id, bob().id);
    assert_eq!(result.reason, EndReason::QueenCaptured, "R7.1");
    let [white_delta, black_delta] = result.rating_deltas.unwrap();
    assert!((white_delta - 162.31).abs() < 0.05, "{white_delta}");
    assert!((white_delta + black_delta).abs() < 1e-9);

    let alice_row = f.service.player(alice().id).await.unwrap().unwrap();
    let bob_row = f.service.player(bob().id).await.unwrap().unwrap();
    assert_eq!(
        (
            alice_row.games,
            alice_row.rated_games,
            alice_row.wins,
            alice_row.losses
        ),
        (1, 1, 1, 0)
    );
    assert_eq!((bob_row.games, bob_row.wins, bob_row.losses), (1, 0, 1));
    assert!((alice_row.rating.rating - 1500.0 - white_delta).abs() < 1e-9);
    assert!(bob_row.rating.rating < 1500.0);

    // The stored game says the same, and no more moves are taken.
    let shown = f.service.game(game.id).await.unwrap();
    assert_eq!(shown.result, Some(result));
    assert_eq!(
        refused(f.play(&bob(), game.id, "f11-f10").await),
        UserError::GameOver { game: game.id }
    );
}

#[tokio::test]
async fn unrated_game_leaves_ratings_alone() {
    let f = Fixture::new().await;
    let mut new = challenge(&alice(), Some(&bob()));
    new.rated = false;
    let game = f.start_with(new).await;
    f.service
        .resign(bob().id, GameRef::Id(game.id), None)
        .await
        .unwrap();
    let alice_row = f.service.player(alice().id).await.unwrap().unwrap();
    assert_eq!(alice_row.rating.rating, 1500.0);
    assert_eq!(
        (alice_row.games, alice_row.wins, alice_row.rated_games),
        (1, 1, 0)
    );
}

#[tokio::test]
async fn resignation() {
    let f = Fixture::new().await;
    let game = f.start(&alice(), &bob()).await;
    assert_eq!(
        refused(
            f.service
                .resign(carol().id, GameRef::Id(game.id), None)
                .await
        ),
        UserError::NotParticipant { game: game.id }
    );
    // A player may resign on the opponent's turn too.
    let ended = f
        .service
        .resign(bob().id, GameRef::InChannel(CHANNEL), None)
        .await
        .unwrap();
    let result = ended.game.result.unwrap();
    assert_eq!(result.reason, EndReason::Resignation);
    assert_eq!(result.winner_id, alice().id);
    assert_eq!(result.winner, Color::White);
    assert_eq!(
        refused(
            f.service
                .resign(alice().id, GameRef::Id(game.id), None)
                .await
        ),
        UserError::GameOver { game: game.id }
    );
}

/// A resignation confirmed at a ply the game has left (a move landed between the question and
/// the confirmation) is refused, and nothing changes; confirmed at the game's ply, it stands.
#[tokio::test]
async fn a_resignation_confirmed_at_a_stale_ply_is_refused() {
    let f = Fixture::new().await;
    let game = f.start(&alice(), &bob()).await;
    // Bob is asked to confirm at ply 0; Alice moves before he confirms.
    let asked_at = game.ply();
    f.play(&alice(), game.id, "g1-g6").await.unwrap();
    assert_eq!(
        refused(
            f.service
                .resign(bob().id, GameRef::Id(game.id), Some(asked_at))
                .await
        ),
        UserError::PositionChanged
    );
    // A ply the game has not reached is no better.
    assert_eq!(
        refused(
            f.service
                .resign(bob().id, GameRef::Id(game.id), Some(asked_at + 2))
                .await
        ),
        UserError::PositionChanged
    );
    let unchanged = f.service.game(game.id).await.unwrap();
    assert!(unchanged.is_active());
    assert_eq!(unchanged.ply(), 1);
    assert_eq!(unchanged.result, None);
    let bob_games = f
        .service
        .player(bob().id)
        .await
        .unwrap()
        .map_or(0, |p| p.games);
    assert_eq!(bob_games, 0);

    let ended = f
        .service
        .resign(bob().id, GameRef::Id(game.id), Some(unchanged.ply()))
        .await
        .unwrap();
    let result = ended.game.result.unwrap();
    assert_eq!(result.reason, EndReason::Resignation);
    assert_eq!(result.winner_id, alice().id);
}

#[tokio::test]
async fn abort_only_before_both_have_moved() {
    let f = Fixture::new().await;
    let game = f.start(&alice(), &bob()).await;
    let aborted = f
        .service
        .abort(bob().id, GameRef::Id(game.id))
        .await
        .unwrap();
    assert_eq!(aborted.game.status, GameStatus::Aborted);
    assert_eq!(aborted.game.result, None);

    let game = f.start(&alice(), &bob()).await;
    f.play(&alice(), game.id, "g1-g6").await.unwrap();
    assert_eq!(
        refused(f.service.abort(carol().id, GameRef::Id(game.id)).await),
        UserError::NotParticipant { game: game.id }
    );
    let aborted = f
        .service
        .abort(alice().id, GameRef::Id(game.id))
        .await
        .unwrap();
    assert_eq!(aborted.game.status, GameStatus::Aborted);
    assert_eq!(
        aborted.game.last_move.map(|m| m.to_string()).as_deref(),
        Some("g1-g6")
    );

    let game = f.start(&alice(), &bob()).await;
    f.play(&alice(), game.id, "g1-g6").await.unwrap();
    f.play(&bob(), game.id, "f12-f7").await.unwrap();
    assert_eq!(
        refused(f.service.abort(alice().id, GameRef::Id(game.id)).await),
        UserError::TooLateToAbort
    );
    // Aborted games count for nobody and are not listed as finished.
    let alice_row = f.service.player(alice().id).await.unwrap().unwrap();
    assert_eq!(alice_row.games, 0);
    assert!(f.service.finished_games(None, 10).await.unwrap().is_empty());
}

#[tokio::test]
async fn pie_rule_swap_exchanges_the_players_colours() {
    let f = Fixture::new().await;
    let mut new = challenge(&alice(), Some(&bob()));
    new.options = GameOptions::default().pie_rule(true);
    let game = f.start_with(new).await;
    f.play(&alice(), game.id, "g1-g7").await.unwrap();
    let swapped = f.play(&bob(), game.id, "swap").await.unwrap();
    assert_eq!(swapped.mv, Move::Swap);
    // R8.1: Bob now plays White, Alice Black, and it is Black's (Alice's) turn again.
    assert!(swapped.game.swapped);
    assert_eq!(swapped.game.white, bob());
    assert_eq!(swapped.game.black, alice());
    assert_eq!(swapped.game.position.turn(), Color::Black);
    assert_eq!(swapped.game.to_move, Some(alice().id));
    assert_eq!(
        refused(f.play(&bob(), game.id, "g7-g8").await),
        UserError::NotYourTurn {
            to_move: alice().id
        }
    );
    let played = f.play(&alice(), game.id, "f12-f8").await.unwrap();
    assert_eq!(played.game.to_move, Some(bob().id));
    // Bob moves the white pieces now.
    let played = f.play(&bob(), game.id, "g7xf8").await.unwrap();
    let result = played.game.result.unwrap();
    assert_eq!(result.winner, Color::White);
    assert_eq!(result.winner_id, bob().id);
    let summary = &f.service.finished_games(Some(bob().id), 5).await.unwrap()[0];
    assert_eq!(summary.white, bob());
    assert_eq!(summary.result.unwrap().winner_id, bob().id);
}

// ---- clocks --------------------------------------------------------------------------------

#[tokio::test]
async fn deadlines_follow_each_move() {
    let f = Fixture::new().await;
    let mut new = challenge(&alice(), Some(&bob()));
    new.move_time_ms = Some(60_000);
    let game = f.start_with(new).await;
    assert_eq!(game.deadline_ms, Some(T0 + 60_000));
    assert_eq!(
        game.remind_ms,
        Some(T0 + 48_000),
        "a fifth of the time left"
    );
    f.clock.advance(10_000);
    let played = f.play(&alice(), game.id, "g1-g6").await.unwrap();
    assert_eq!(played.game.deadline_ms, Some(T0 + 70_000));
    let summaries = f.service.active_games(bob().id, None).await.unwrap();
    assert_eq!(summaries[0].deadline_ms, Some(T0 + 70_000));
}

#[tokio::test]
async fn timeout_claim() {
    let f = Fixture::new().await;
    let mut new = challenge(&alice(), Some(&bob()));
    new.move_time_ms = Some(60_000);
    let game = f.start_with(new).await;
    f.play(&alice(), game.id, "g1-g6").await.unwrap();
    assert_eq!(
        refused(
            f.service
                .claim_timeout(alice().id, GameRef::Id(game.id))
                .await
        ),
        UserError::DeadlineNotReached {
            deadline_ms: T0 + 60_000
        }
    );
    f.clock.advance(60_000);
    // R7.4: a move after the deadline is refused.
    assert_eq!(
        refused(f.play(&bob(), game.id, "f12-f7").await),
        UserError::TimeUp {
            deadline_ms: T0 + 60_000
        }
    );
    assert_eq!(
        refused(
            f.service
                .claim_timeout(carol().id, GameRef::Id(game.id))
                .await
        ),
        UserError::NotParticipant { game: game.id }
    );
    let ended = f
        .service
        .claim_timeout(alice().id, GameRef::Id(game.id))
        .await
        .unwrap();
    let result = ended.game.result.unwrap();
    assert_eq!(result.reason, EndReason::Timeout);
    assert_eq!(result.loser_id, bob().id, "the player to move ran out");
    assert_eq!(ended.game.deadline_ms, None);
    assert!(f.service.apply_timeouts().await.unwrap().is_empty());

    let untimed = f.start(&alice(), &carol()).await;
    assert_eq!(
        refused(
            f.service
                .claim_timeout(carol().id, GameRef::Id(untimed.id))
                .await
        ),
        UserError::NoClock
    );
}

#[tokio::test]
async fn sweeper_settles_each_due_game_once() {
    let f = Fixture::new().await;
    let timed = |opponent: &monkey_queen::games::PlayerRef, ms| {
        let mut new = challenge(&alice(), Some(opponent));
        new.move_time_ms = Some(ms);
        new
    };
    let short = f.start_with(timed(&bob(), 1_000)).await;
    let long = f.start_with(timed(&carol(), 100_000)).await;
    f.clock.advance(999);
    assert!(f.service.apply_timeouts().await.unwrap().is_empty());
    f.clock.advance(1);
    let ended = f.service.apply_timeouts().await.unwrap();
    assert_eq!(ended.len(), 1);
    assert_eq!(ended[0].id, short.id);
    let result = ended[0].result.unwrap();
    assert_eq!(
        (result.loser_id, result.reason),
        (alice().id, EndReason::Timeout)
    );
    assert!(f.service.apply_timeouts().await.unwrap().is_empty());
    assert!(f.service.game(long.id).await.unwrap().is_active());
}

// ---- lists, records, messages --------------------------------------------------------------

#[tokio::test]
async fn lists_records_and_board_messages() {
    let f = Fixture::new().await;
    let first = f.start(&alice(), &bob()).await;
    let mut elsewhere = challenge(&alice(), Some(&carol()));
    elsewhere.channel = ChannelId(501);
    let second = f.start_with(elsewhere).await;

    let all = f.service.active_games(alice().id, None).await.unwrap();
    assert_eq!(
        all.iter().map(|g| g.id).collect::<Vec<_>>(),
        [first.id, second.id]
    );
    let here = f
        .service
        .active_games(alice().id, Some(CHANNEL))
        .await
        .unwrap();
    assert_eq!(here.len(), 1);
    assert!(
        f.service
            .active_games(carol().id, Some(CHANNEL))
            .await
            .unwrap()
            .is_empty()
    );

    let posted = Editable::InChannel(CHANNEL);
    f.service
        .delivery()
        .board_posted(&first, MessageId(4242), posted.clone(), None)
        .await
        .unwrap();
    assert_eq!(
        f.service.game(first.id).await.unwrap().place.message,
        Some(MessageId(4242))
    );
    let missing = GameView {
        id: monkey_queen::games::GameId(999),
        ..first.clone()
    };
    assert_eq!(
        refused(
            f.service
                .delivery()
                .board_posted(&missing, MessageId(1), posted, None)
                .await
        ),
        UserError::NoSuchGame(missing.id)
    );

    for (i, text) in QUEEN_CAPTURE.iter().enumerate() {
        f.clock.advance(1_000);
        let mover = if i % 2 == 0 { alice() } else { bob() };
        f.play(&mover, first.id, text).await.unwrap();
    }
    f.clock.advance(1_000);
    f.service
        .resign(carol().id, GameRef::Id(second.id), None)
        .await
        .unwrap();

    let finished = f
        .service
        .finished_games(Some(alice().id), 10)
        .await
        .unwrap();
    assert_eq!(
        finished.iter().map(|g| g.id).collect::<Vec<_>>(),
        [second.id, first.id],
        "newest first"
    );
    assert_eq!(
        f.service
            .finished_games(Some(bob().id), 10)
            .await
            .unwrap()
            .len(),
        1
    );
    assert_eq!(f.service.finished_games(None, 1).await.unwrap().len(), 1);
    assert!(
        f.service
            .active_games(alice().id, None)
            .await
            .unwrap()
            .is_empty()
    );

    let record = f.service.record(first.id).await.unwrap();
    assert_eq!(
        record.record.to_string(),
        "monkey-queen size=12 height=20 pie=off\n1. g1-g6 f12-f7 2. g6xf7"
    );
    let (reread, position) = Record::parse(&record.record.to_string()).unwrap();
    assert_eq!(reread, record.record);
    assert_eq!(position, record.game.position);
    let who: Vec<_> = record.moves.iter().map(|m| (m.ply, m.player)).collect();
    assert_eq!(who, [(1, alice().id), (2, bob().id), (3, alice().id)]);
    assert_eq!(record.moves[2].played_ms, T0 + 3_000);
    assert_eq!(record.game.result.unwrap().reason, EndReason::QueenCaptured);
}

#[tokio::test]
async fn refusals_read_as_plain_english() {
    let cases = [
        (UserError::ChallengeSelf, "You cannot challenge yourself."),
        (
            UserError::NoActiveGame,
            "You have no game in progress here.",
        ),
        (
            UserError::NotYourTurn {
                to_move: monkey_queen::games::UserId(5),
            },
            "It is not your turn: <@5> is to move.",
        ),
        (
            UserError::PositionChanged,
            "The position has changed since then; look at the board again.",
        ),
        (
            UserError::Illegal(MoveError::Illegal(IllegalMove::SwapNotAllowed)),
            "Illegal move: swap is only allowed as Black's first move in a game played with the pie rule.",
        ),
    ];
    for (error, text) in cases {
        assert_eq!(Lang::En.text(&Msg::Refused(&error)), text);
    }
}

// ---- who may see which game ----------------------------------------------------------------

/// A viewer asking from `guild` (`None`: in direct messages).
fn viewer(user: &PlayerRef, guild: Option<GuildId>) -> Viewer {
    Viewer {
        user: user.id,
        guild,
    }
}

/// Another server than the fixtures'.
const ELSEWHERE: GuildId = GuildId(901);

/// A game between `white` and `black` played in `guild` (`None`: in direct messages).
async fn game_in(
    f: &Fixture,
    guild: Option<GuildId>,
    white: &PlayerRef,
    black: &PlayerRef,
) -> GameView {
    let mut new = challenge(white, Some(black));
    new.guild = guild;
    f.start_with(new).await
}

#[tokio::test]
async fn a_game_is_seen_in_its_server_and_by_its_players_anywhere_else() {
    let f = Fixture::new().await;
    let game = game_in(&f, Some(GUILD), &alice(), &bob()).await;
    for (text, by) in QUEEN_CAPTURE.into_iter().zip([alice(), bob(), alice()]) {
        f.play(&by, game.id, text).await.unwrap();
    }
    let seen = [
        (viewer(&carol(), Some(GUILD)), true),
        (viewer(&carol(), Some(ELSEWHERE)), false),
        (viewer(&carol(), None), false),
        (viewer(&alice(), Some(ELSEWHERE)), true),
        (viewer(&bob(), None), true),
    ];
    for (who, may) in seen {
        assert_eq!(
            who.may_see(Some(GUILD), alice().id, bob().id),
            may,
            "{who:?}"
        );
        let by_id = GameRef::Id(game.id);
        let answers = [
            f.service.game_seen_by(who, by_id).await.map(|g| g.id),
            f.service
                .record_seen_by(who, game.id)
                .await
                .map(|r| r.game.id),
            f.service.analysable_by(who, game.id).await.map(|g| g.id),
        ];
        for answer in answers {
            match may {
                true => assert_eq!(answer.unwrap(), game.id, "{who:?}"),
                // As if it did not exist: the same refusal as a number never used.
                false => assert_eq!(refused(answer), UserError::NoSuchGame(game.id), "{who:?}"),
            }
        }
    }
    let never = GameRef::Id(monkey_queen::games::GameId(9_999));
    let carol_here = viewer(&carol(), Some(GUILD));
    assert_eq!(
        refused(f.service.game_seen_by(carol_here, never).await),
        UserError::NoSuchGame(monkey_queen::games::GameId(9_999))
    );
}

#[tokio::test]
async fn a_players_own_game_in_a_channel_is_found_from_anywhere_they_ask() {
    let f = Fixture::new().await;
    let game = game_in(&f, Some(GUILD), &alice(), &bob()).await;
    let from_a_dm = viewer(&alice(), None);
    let found = f
        .service
        .game_seen_by(from_a_dm, GameRef::InChannel(CHANNEL))
        .await
        .unwrap();
    assert_eq!(found.id, game.id);
    // Carol has no game there, wherever she asks.
    assert_eq!(
        refused(
            f.service
                .game_seen_by(viewer(&carol(), Some(GUILD)), GameRef::InChannel(CHANNEL))
                .await
        ),
        UserError::NoActiveGame
    );
}

/// `/history` and `/stats` filter in SQL so that they can page; they must list exactly the
/// games the policy shows their audience: one viewer (an answer only they see), or everyone
/// in a server's channel or in a DM (a public answer).
#[tokio::test]
async fn history_and_stats_list_exactly_the_games_their_audience_may_see() {
    let f = Fixture::new().await;
    let (a_dm, another_dm) = (ChannelId(700), ChannelId(701));
    let places = [
        (Some(GUILD), CHANNEL),
        (Some(ELSEWHERE), CHANNEL),
        (None, a_dm),
        (Some(GUILD), ChannelId(501)),
        (None, another_dm),
        (None, a_dm),
    ];
    let mut games = Vec::new();
    for (i, (guild, channel)) in places.into_iter().enumerate() {
        let (white, black) = if i % 2 == 0 {
            (alice(), bob())
        } else {
            (bob(), alice())
        };
        let mut new = challenge(&white, Some(&black));
        new.guild = guild;
        new.channel = channel;
        let game = f.start_with(new).await;
        f.service
            .resign(black.id, GameRef::Id(game.id), None)
            .await
            .unwrap();
        games.push(game);
    }
    let audiences = [
        Audience::Only(viewer(&alice(), Some(ELSEWHERE))),
        Audience::Only(viewer(&carol(), Some(GUILD))),
        Audience::Only(viewer(&carol(), Some(ELSEWHERE))),
        Audience::Only(viewer(&carol(), None)),
        Audience::Only(viewer(&bob(), None)),
        Audience::Server(GUILD),
        Audience::Server(ELSEWHERE),
        Audience::Channel(a_dm),
        Audience::Channel(another_dm),
        // A server's channel is not a DM: its games are the server's.
        Audience::Channel(CHANNEL),
    ];
    for audience in audiences {
        let mut expected: Vec<_> = games
            .iter()
            .filter(|g| audience.may_see(&g.place, g.white.id, g.black.id))
            .map(|g| g.id)
            .collect();
        expected.reverse(); // newest first
        let history = f
            .service
            .history(alice().id, audience, 0, 100)
            .await
            .unwrap();
        let listed: Vec<_> = history.entries.iter().map(|g| g.game).collect();
        assert_eq!(listed, expected, "{audience:?}");
        assert_eq!(history.total, expected.len() as u64, "{audience:?}");
        let stats = f.service.stats(alice().id, audience).await.unwrap();
        let recent: Vec<_> = stats.recent.iter().map(|g| g.game).collect();
        let latest = expected.len().min(RECENT_RESULTS as usize);
        assert_eq!(recent, expected[..latest], "{audience:?}");
    }
    // What the policy says, spelled out: a public answer names its own place's games only,
    // even to someone who played the others.
    let (service, games) = (&f.service, &games);
    let ids = |audience: Audience| async move {
        {
            let page = service.history(alice().id, audience, 0, 100).await.unwrap();
            let mut ids: Vec<usize> = page
                .entries
                .iter()
                .map(|g| games.iter().position(|x| x.id == g.game).unwrap())
                .collect();
            ids.sort_unstable();
            ids
        }
    };
    assert_eq!(ids(Audience::Server(GUILD)).await, [0, 3]);
    assert_eq!(ids(Audience::Channel(a_dm)).await, [2, 5]);
    assert_eq!(ids(Audience::Channel(CHANNEL)).await, Vec::<usize>::new());
    assert_eq!(
        ids(Audience::Only(viewer(&alice(), Some(GUILD)))).await,
        [0, 1, 2, 3, 4, 5]
    );
}

#[tokio::test]
async fn games_in_progress_are_those_of_the_server_asked_in_a_page_at_a_time() {
    let f = Fixture::new().await;
    let mut here = Vec::new();
    for i in 0..7 {
        let opponent = PlayerRef::new(UserId(200 + i), format!("p{i}"));
        here.push(game_in(&f, Some(GUILD), &alice(), &opponent).await.id);
    }
    let elsewhere = game_in(&f, Some(ELSEWHERE), &alice(), &bob()).await.id;
    let in_dms = game_in(&f, None, &bob(), &alice()).await.id;
    game_in(&f, Some(GUILD), &bob(), &carol()).await;

    let alice_here = viewer(&alice(), Some(GUILD));
    let ids = |page: &monkey_queen::games::Page<monkey_queen::games::GameSummary>| {
        page.entries.iter().map(|g| g.id).collect::<Vec<_>>()
    };
    let first = f.service.games_in_progress(alice_here, 0, 3).await.unwrap();
    assert_eq!((first.page, first.total_pages, first.total), (0, 3, 7));
    assert_eq!(ids(&first), here[..3]);
    let last = f.service.games_in_progress(alice_here, 2, 3).await.unwrap();
    assert_eq!(ids(&last), here[6..]);
    // Past the end (games finished meanwhile): the last page.
    let past = f.service.games_in_progress(alice_here, 9, 3).await.unwrap();
    assert_eq!((past.page, ids(&past)), (2, here[6..].to_vec()));

    let there = f
        .service
        .games_in_progress(viewer(&alice(), Some(ELSEWHERE)), 0, 10)
        .await
        .unwrap();
    assert_eq!(ids(&there), [elsewhere]);
    let dms = f
        .service
        .games_in_progress(viewer(&alice(), None), 0, 10)
        .await
        .unwrap();
    assert_eq!(ids(&dms), [in_dms]);
    let none = f
        .service
        .games_in_progress(viewer(&carol(), Some(ELSEWHERE)), 0, 10)
        .await
        .unwrap();
    assert_eq!((none.entries.len(), none.total_pages), (0, 1));
}

/// Alice plays g1-g6, then Bob's f12-f7 is stored in the moves table alone: what a second read
/// sees when the move lands between a read of the game and a read of its moves.
async fn move_lands_between_reads(f: &Fixture, game: GameId) {
    f.play(&alice(), game, "g1-g6").await.unwrap();
    sqlx::query(
        "INSERT INTO moves (game_id, ply, notation, player_id, played_ms)
         VALUES ($1, 2, 'f12-f7', $2, $3)",
    )
    .bind(game.0)
    .bind(monkey_queen::storage::db_id(bob().id.0))
    .bind(T0)
    .execute(&mut *f.service.db().write().await.unwrap())
    .await
    .unwrap();
}

/// A record is read in two statements, the game and then its moves; a move stored in between
/// (by another request or process) is seen by the second read and not the first. The record
/// is the game as read, not a corruption. Here the moves table holds Bob's move ahead of its
/// game, which is exactly what the second read sees in that case.
#[tokio::test]
async fn a_record_read_while_a_move_lands_is_the_game_as_read() {
    let f = Fixture::new().await;
    let game = f.start(&alice(), &bob()).await;
    move_lands_between_reads(&f, game.id).await;
    let record = f.service.record(game.id).await.unwrap();
    assert_eq!(record.game.ply(), 1);
    assert_eq!(record.record.moves.len(), 1);
    let notations: Vec<&str> = record.moves.iter().map(|m| m.notation.as_str()).collect();
    assert_eq!(notations, ["g1-g6"]);
}

/// A game's page is read the same way (the game, then its moves): a move stored in between is
/// left for the next read, so the page never shows a move its position doesn't have.
#[tokio::test]
async fn a_page_read_while_a_move_lands_is_the_game_as_read() {
    let f = Fixture::new().await;
    let game = f.start(&alice(), &bob()).await;
    let key = f.service.page_key(&game).await.unwrap();
    move_lands_between_reads(&f, game.id).await;
    let page = f.service.page(&key).await.unwrap().expect("the page");
    assert_eq!(page.game.ply(), 1);
    let notations: Vec<&str> = page.moves.iter().map(|m| m.notation.as_str()).collect();
    assert_eq!(notations, ["g1-g6"]);
    assert_eq!(
        page.game.last_move.map(|m| m.to_string()).as_deref(),
        Some("g1-g6")
    );
}

/// Records read over and over while the game is being played never come out corrupt.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn records_read_while_moves_are_played_are_never_corrupt() {
    let f = Fixture::new().await;
    let game = f.start(&alice(), &bob()).await;
    let (done_tx, done) = tokio::sync::watch::channel(false);
    let reader = {
        let service = f.service.clone();
        tokio::spawn(async move {
            let mut reads = 0u32;
            while !*done.borrow() {
                if let Err(e) = service.record(game.id).await {
                    return Err(format!("after {reads} reads: {e}"));
                }
                reads += 1;
            }
            Ok(reads)
        })
    };
    // Pieces walk up and down the board without capturing, until one can't.
    let mut view = game;
    for _ in 0..200 {
        let Some(quiet) = view
            .position
            .legal_moves()
            .into_iter()
            .find(|m| !m.is_capture() && *m != Move::Swap)
        else {
            break;
        };
        let mover = if view.to_move == Some(alice().id) {
            alice()
        } else {
            bob()
        };
        view = f
            .play(&mover, view.id, &quiet.to_string())
            .await
            .unwrap()
            .game;
        if !view.is_active() {
            break;
        }
    }
    // The reader may have stopped already, at a record it found corrupt.
    let _ = done_tx.send(true);
    let reads = reader.await.unwrap().unwrap();
    assert!(reads > 0);
}

// ---- what the bot's processes share --------------------------------------------------------

#[tokio::test]
async fn heavy_work_waits_its_cooldown_per_player_and_kind_and_the_sweep_forgets_it_after() {
    let f = Fixture::new().await;
    let (a, b) = (alice().id, bob().id);
    f.service.start_heavy(a, Heavy::Replay).await.unwrap();
    f.clock.set(T0 + 1);
    let cooling = |seconds| UserError::CoolingDown { seconds };
    assert_eq!(
        refused(f.service.start_heavy(a, Heavy::Replay).await),
        cooling(10)
    );
    f.clock.set(T0 + 9_001);
    assert_eq!(
        refused(f.service.start_heavy(a, Heavy::Replay).await),
        cooling(1)
    );
    f.service.start_heavy(a, Heavy::Analysis).await.unwrap();
    f.service.start_heavy(b, Heavy::Replay).await.unwrap();
    f.clock.set(T0 + HEAVY_COOLDOWN_MS);
    f.service.start_heavy(a, Heavy::Replay).await.unwrap();
    // Once Alice's analysis and Bob's replay hold nobody back, the sweep deletes them; Alice's
    // second replay still counts.
    f.clock.set(T0 + 9_001 + HEAVY_COOLDOWN_MS);
    assert_eq!(f.service.forget_lapsed().await.unwrap().cooldowns, 2);
    assert_eq!(
        refused(f.service.start_heavy(a, Heavy::Replay).await),
        cooling(1)
    );
    assert_eq!(rows(&f, "cooldowns").await, 1);
    f.service.start_heavy(b, Heavy::Replay).await.unwrap();
}

/// How many rows `table` holds.
async fn rows(f: &Fixture, table: &str) -> i64 {
    let sql = format!("SELECT COUNT(*) FROM {table}");
    sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
        .fetch_one(&mut *f.service.db().read().await.unwrap())
        .await
        .unwrap()
}

/// A game between Alice and Bob that the bot reaches only through interactions.
async fn game_through_interactions(f: &Fixture) -> GameView {
    let mut new = challenge(&alice(), Some(&bob()));
    new.reach = Reach::Interactions;
    f.start_with(new).await
}

#[tokio::test]
async fn the_latest_token_of_a_game_reached_through_interactions_serves_four_follow_ups() {
    let f = Fixture::new().await;
    let game = game_through_interactions(&f).await;
    let token = InteractionToken::new;
    let keep = |value: &'static str, at: i64, made_in: ChannelId| {
        let service = f.service.clone();
        let game = game.clone();
        async move {
            service
                .delivery()
                .keep_token(&game, &token(value), at, made_in)
                .await
                .unwrap();
        }
    };
    keep("old", T0, CHANNEL).await;
    keep("new", T0 + 1_000, CHANNEL).await;
    keep("late arrival", T0 + 500, CHANNEL).await;
    // Made away from the game (a board that came by DM): where the game lives is unchanged.
    keep("elsewhere", T0 + 2_000, ChannelId(9)).await;
    let mut taken = Vec::new();
    while let Some(kept) = f.service.delivery().take_token(game.id).await.unwrap() {
        taken.push(kept);
    }
    assert_eq!(taken, vec![token("new"); KEPT_TOKEN_FOLLOW_UPS as usize]);
    // Kept again (a second handler of the same click): its uses stay counted.
    keep("new", T0 + 1_000, CHANNEL).await;
    assert_eq!(
        f.service.delivery().take_token(game.id).await.unwrap(),
        None
    );

    // A newer interaction serves until 14 minutes after it, then the sweep deletes it.
    keep("newest", T0 + 3_000, CHANNEL).await;
    f.clock.set(T0 + 3_000 + TOKEN_LIFETIME_MS - 1);
    assert_eq!(f.service.forget_lapsed().await.unwrap().tokens, 0);
    assert_eq!(
        f.service.delivery().take_token(game.id).await.unwrap(),
        Some(token("newest"))
    );
    f.clock.advance(1);
    assert_eq!(
        f.service.delivery().take_token(game.id).await.unwrap(),
        None
    );
    assert_eq!(f.service.forget_lapsed().await.unwrap().tokens, 1);
    assert_eq!(rows(&f, "interaction_tokens").await, 0);

    // Where the bot posts in the channel, no token is kept.
    let posted = f.start(&carol(), &alice()).await;
    f.service
        .delivery()
        .keep_token(&posted, &token("unneeded"), f.service.now_ms(), CHANNEL)
        .await
        .unwrap();
    assert_eq!(
        f.service.delivery().take_token(posted.id).await.unwrap(),
        None
    );
}

#[tokio::test]
async fn a_board_hands_back_the_one_it_replaces_while_that_one_can_still_be_edited() {
    let f = Fixture::new().await;
    let game = f.start(&alice(), &bob()).await;
    let by_token = |value: &str, received_ms: i64, channel: Option<ChannelId>| Editable::ByToken {
        token: InteractionToken::new(value),
        original: true,
        received_ms,
        channel,
    };
    let post = |message: u64, editable: Editable| {
        let (service, game) = (f.service.clone(), game.clone());
        async move {
            service
                .delivery()
                .board_posted(&game, MessageId(message), editable, None)
                .await
                .unwrap()
                .map(|old| (old.message.0, old.editable))
        }
    };
    assert_eq!(
        post(1, by_token("a", T0, None)).await,
        None,
        "the first board"
    );
    f.clock.set(T0 + 10);
    assert_eq!(
        post(2, by_token("b", T0 + 10, None)).await,
        Some((1, by_token("a", T0, None)))
    );
    // Its token lapsed: nothing can edit board 2 any more.
    f.clock.set(T0 + 10 + TOKEN_LIFETIME_MS);
    assert_eq!(post(3, Editable::InChannel(CHANNEL)).await, None);
    // A board in a channel stays editable however old.
    f.clock.advance(10 * TOKEN_LIFETIME_MS);
    let now = f.service.now_ms();
    assert_eq!(
        post(4, by_token("c", now, Some(CHANNEL))).await,
        Some((3, Editable::InChannel(CHANNEL)))
    );
    // Once its token lapses the sweep keeps it as a channel message; a board only its token
    // could edit is forgotten.
    f.clock.advance(TOKEN_LIFETIME_MS);
    assert_eq!(f.service.forget_lapsed().await.unwrap().boards, 0);
    let now = f.service.now_ms();
    assert_eq!(
        post(5, by_token("d", now, None)).await,
        Some((4, Editable::InChannel(CHANNEL)))
    );
    f.clock.advance(TOKEN_LIFETIME_MS);
    assert_eq!(f.service.forget_lapsed().await.unwrap().boards, 1);
    assert_eq!(post(6, Editable::InChannel(CHANNEL)).await, None);

    // The result board replaces the last one, and the game's board is forgotten.
    let mut finished = game.clone();
    for (i, text) in QUEEN_CAPTURE.iter().enumerate() {
        let mover = if i % 2 == 0 { alice() } else { bob() };
        finished = f.play(&mover, game.id, text).await.unwrap().game;
    }
    let over = |message| {
        let (service, finished) = (f.service.clone(), finished.clone());
        async move {
            let posted = Editable::InChannel(CHANNEL);
            service
                .delivery()
                .board_posted(&finished, MessageId(message), posted, None)
                .await
                .unwrap()
                .map(|old| old.message.0)
        }
    };
    assert_eq!(over(7).await, Some(6));
    assert_eq!(over(8).await, None);
    assert_eq!(rows(&f, "latest_boards").await, 0);

    // An aborted game shows no result board: its board is forgotten as it ends.
    let aborted = f.start(&carol(), &bob()).await;
    f.service
        .delivery()
        .board_posted(&aborted, MessageId(9), Editable::InChannel(CHANNEL), None)
        .await
        .unwrap();
    assert_eq!(rows(&f, "latest_boards").await, 1);
    f.service
        .abort(carol().id, GameRef::Id(aborted.id))
        .await
        .unwrap();
    assert_eq!(rows(&f, "latest_boards").await, 0);
}

/// An old board is worth an edit (its buttons taken off) only when another game's board in
/// its channel came between it and the board replacing it; a game in another channel does not
/// count.
#[tokio::test]
async fn a_replaced_board_is_buried_only_by_another_games_board_in_its_channel() {
    let f = Fixture::new().await;
    let ours = f.start(&alice(), &bob()).await;
    let dave = PlayerRef::new(UserId(104), "Dave");
    let (erin, frank) = (
        PlayerRef::new(UserId(105), "Erin"),
        PlayerRef::new(UserId(106), "Frank"),
    );
    let theirs = f.start(&carol(), &dave).await;
    let mut away = challenge(&erin, Some(&frank));
    away.channel = ChannelId(CHANNEL.0 + 1);
    let elsewhere = f.start_with(away).await;
    let post = |game: &GameView, message: u64| {
        let (service, game) = (f.service.clone(), game.clone());
        async move {
            let posted = Editable::InChannel(game.place.channel);
            service
                .delivery()
                .board_posted(&game, MessageId(message), posted, None)
                .await
                .unwrap()
                .map(|old| (old.message.0, old.buried))
        }
    };
    assert_eq!(post(&ours, 10).await, None, "the first board");
    assert_eq!(post(&ours, 20).await, Some((10, false)), "right above");
    assert_eq!(post(&elsewhere, 25).await, None);
    assert_eq!(post(&ours, 30).await, Some((20, false)), "another channel");
    assert_eq!(post(&theirs, 35).await, None);
    assert_eq!(
        post(&ours, 40).await,
        Some((30, true)),
        "another game's board between"
    );
    assert_eq!(post(&theirs, 45).await, Some((35, true)));
    assert_eq!(post(&theirs, 50).await, Some((45, false)));
}

#[tokio::test]
async fn a_game_and_its_challenge_speak_the_language_they_were_made_in() {
    let f = Fixture::new().await;
    let mut new = challenge(&alice(), Some(&bob()));
    new.lang = Lang::Fr;
    let ChallengeCreated::Pending(offer) = f.service.create_challenge(new).await.unwrap() else {
        panic!("pending")
    };
    assert_eq!(offer.lang, Lang::Fr);
    // The game speaks the language of the Accept.
    let started = f
        .service
        .accept_challenge(offer.id, &bob(), Lang::De)
        .await
        .unwrap();
    f.service
        .delivery()
        .announced(started.announcement)
        .await
        .unwrap();
    assert_eq!(started.game.lang, Lang::De);
    assert_eq!(
        f.service.game(started.game.id).await.unwrap().lang,
        Lang::De
    );

    // Against the computer, the challenge's.
    let mut against = challenge(&carol(), Some(&bot()));
    against.lang = Lang::Es;
    assert_eq!(f.start_against_computer(against).await.lang, Lang::Es);

    // A rematch offer, the asker's.
    for (i, text) in QUEEN_CAPTURE.iter().enumerate() {
        let mover = if i % 2 == 0 { alice() } else { bob() };
        f.play(&mover, started.game.id, text).await.unwrap();
    }
    let created = f
        .service
        .rematch(started.game.id, &bob(), Lang::PtBr)
        .await
        .unwrap();
    let ChallengeCreated::Pending(rematch) = created else {
        panic!("pending")
    };
    assert_eq!(rematch.lang, Lang::PtBr);

    // A lapsed challenge is announced in its language.
    f.service
        .set_challenge_message(rematch.id, MessageId(77))
        .await
        .unwrap();
    f.clock.advance(ServiceConfig::default().challenge_ttl_ms);
    f.service.expire_challenges().await.unwrap();
    let lapsed = f
        .service
        .delivery()
        .next_announcement()
        .await
        .unwrap()
        .unwrap();
    assert!(
        matches!(&lapsed.what, Announced::Expired(c) if c.id == rematch.id),
        "{:?}",
        lapsed.what
    );
    assert_eq!(lapsed.what.lang(), Lang::PtBr);
}

// ---- what the service publishes, the computer's turns, pages -------------------------------

/// The next event for `game`, within a few seconds (the computer's move takes a search).
async fn event_for(
    events: &mut tokio::sync::broadcast::Receiver<GameEvent>,
    game: GameId,
) -> GameEvent {
    tokio::time::timeout(std::time::Duration::from_secs(20), async {
        loop {
            let event = events.recv().await.unwrap();
            if event.game() == Some(game) {
                return event;
            }
        }
    })
    .await
    .expect("no event for the game")
}

#[tokio::test]
async fn every_change_to_a_game_is_published() {
    let f = Fixture::new().await;
    let mut events = f.service.subscribe();
    let game = f.start(&alice(), &bob()).await;
    assert!(matches!(event_for(&mut events, game.id).await, GameEvent::Changed(g) if g == game.id));
    f.play(&alice(), game.id, "g1-g7").await.unwrap();
    assert!(matches!(
        event_for(&mut events, game.id).await,
        GameEvent::Changed(_)
    ));
    // A refused move publishes nothing: the next event is the resignation's.
    assert!(f.play(&alice(), game.id, "g7-g8").await.is_err());
    f.service
        .resign(bob().id, GameRef::Id(game.id), None)
        .await
        .unwrap();
    assert!(matches!(
        event_for(&mut events, game.id).await,
        GameEvent::Changed(_)
    ));
    assert!(events.try_recv().is_err(), "one event a change");
}

#[tokio::test]
async fn the_service_plays_the_computers_reply_and_publishes_it() {
    let f = Fixture::new().await;
    let tasks = tokio_util::task::TaskTracker::new();
    let stop = tokio_util::sync::CancellationToken::new();
    let search = std::sync::Arc::new(tokio::sync::Semaphore::new(1));
    let service =
        f.service
            .clone()
            .with_computer(Computer::new(tasks.clone(), stop.clone(), search));
    let mut new = challenge(&alice(), Some(&bot()));
    new.color = ColorChoice::White;
    new.ai_level = Some(Level::Easy);
    let ChallengeCreated::AiGame(started) = service.create_challenge(new).await.unwrap() else {
        panic!("a game against the computer starts at once")
    };
    let game = started.game;
    // Not the computer's turn: nothing to claim.
    assert!(service.claim_computer_reply(&game).is_none());
    let mut events = service.subscribe();
    let played = service.play(alices_opening(game.id)).await.unwrap();
    let claim = service.claim_computer_reply(&played.game);
    assert!(claim.is_some());
    // Claimed once: a second claim (the sweep's, say) gets nothing.
    assert!(service.claim_computer_reply(&played.game).is_none());
    service.play_computer(claim, played.game);
    assert!(matches!(
        event_for(&mut events, game.id).await,
        GameEvent::Changed(_)
    ));
    // The computer's move is a change like any move, and is also published as the
    // computer's, with the board a face must show.
    assert!(matches!(
        event_for(&mut events, game.id).await,
        GameEvent::Changed(_)
    ));
    let GameEvent::MovedAway(reply) = event_for(&mut events, game.id).await else {
        panic!("the computer's move is published as such")
    };
    assert_eq!(reply.by, BOT);
    assert_eq!(reply.game.ply(), 2);
    assert_eq!(reply.game.to_move, Some(alice().id));
    assert!(
        reply.announcement.is_some(),
        "its board is owed until a face shows it"
    );
    assert_eq!(f.service.game(game.id).await.unwrap().ply(), 2);
    stop.cancel();
    tasks.close();
    tasks.wait().await;
}

#[tokio::test]
async fn a_game_is_found_by_its_page_key_and_an_old_game_is_given_one_once() {
    let f = Fixture::new().await;
    let game = f.start(&alice(), &bob()).await;
    let key = game.page_key.clone().expect("a new game has a page");
    assert_eq!(key.as_str().len(), 32);
    let page = f.service.page(&key).await.unwrap().unwrap();
    assert_eq!(page.game.id, game.id);
    assert!(page.moves.is_empty());
    let other = f.start(&carol(), &bob()).await;
    assert_ne!(other.page_key, Some(key.clone()), "each game its own key");
    let unknown = PageKey::parse("0123456789abcdef0123456789abcdef").unwrap();
    assert!(f.service.page(&unknown).await.unwrap().is_none());
    // A game stored before pages existed.
    sqlx::query("UPDATE games SET page_key = NULL WHERE id = $1")
        .bind(other.id.0)
        .execute(&mut *f.service.db().write().await.unwrap())
        .await
        .unwrap();
    let old = f.service.game(other.id).await.unwrap();
    assert_eq!(old.page_key, None);
    let given = f.service.page_key(&old).await.unwrap();
    assert_eq!(f.service.page_key(&old).await.unwrap(), given, "given once");
    assert_eq!(
        f.service.page(&given).await.unwrap().unwrap().game.id,
        other.id
    );
    for bad in [
        "",
        "0123456789ABCDEF0123456789ABCDEF",
        "0123456789abcdef0123456789abcde",
        "../../etc/passwd",
    ] {
        assert!(PageKey::parse(bad).is_none(), "{bad}");
    }
}

// ---- the Activity ----------------------------------------------------------------------------

#[tokio::test]
async fn the_activity_opens_on_the_launched_game_and_lists_the_callers_games_in_the_channel() {
    let f = Fixture::new().await;
    let mine = f.start(&alice(), &bob()).await;
    let theirs = f.start(&bob(), &carol()).await;
    // Before any launch: no game named, the caller's games in the channel listed.
    let offered = f.service.activity_games(alice().id, CHANNEL).await.unwrap();
    assert!(offered.launched.is_none());
    let listed: Vec<GameId> = offered.games.iter().map(|g| g.id).collect();
    assert_eq!(listed, vec![mine.id]);
    // Alice launches it on Bob and Carol's game, which she only watches.
    f.service
        .delivery()
        .record_launch(alice().id, CHANNEL, Some(theirs.id), Reach::Channel)
        .await
        .unwrap();
    let offered = f.service.activity_games(alice().id, CHANNEL).await.unwrap();
    assert_eq!(offered.launched.map(|g| g.id), Some(theirs.id));
    // Elsewhere nothing is named or listed.
    let elsewhere = f
        .service
        .activity_games(alice().id, ChannelId(501))
        .await
        .unwrap();
    assert!(elsewhere.launched.is_none() && elsewhere.games.is_empty());
    // A day later the launch no longer names the game, and the sweep forgets it.
    f.clock.advance(monkey_queen::games::LAUNCH_LIFETIME_MS);
    let offered = f.service.activity_games(alice().id, CHANNEL).await.unwrap();
    assert!(offered.launched.is_none());
    assert_eq!(f.service.forget_lapsed().await.unwrap().launches, 1);
    assert_eq!(rows(&f, "activity_launches").await, 0);
}

/// Alice's first move as White in `game`, g1-g7, asked at ply 0.
fn alices_opening(game: GameId) -> PlayRequest<'static> {
    PlayRequest {
        user: alice().id,
        game: GameRef::Id(game),
        text: "g1-g7",
        expected_ply: Some(0),
        request_key: None,
    }
}

/// A board answered to its move reports the move's announcement with the board's place: the
/// outbox does not post it again.
#[tokio::test]
async fn a_board_posted_with_its_announcement_is_owed_no_more() {
    let f = Fixture::new().await;
    let game = f.start(&alice(), &bob()).await;
    let played = f.service.play(alices_opening(game.id)).await.unwrap();
    let owed = played.announcement.expect("the move's board is owed");
    assert_eq!(
        f.service.delivery().pending_announcements().await.unwrap(),
        1
    );
    // The board is out: its place and its delivery are recorded together.
    f.service
        .delivery()
        .board_posted(
            &played.game,
            MessageId(4242),
            Editable::InChannel(CHANNEL),
            Some(owed),
        )
        .await
        .unwrap();
    assert_eq!(
        f.service.game(game.id).await.unwrap().place.message,
        Some(MessageId(4242))
    );
    assert_eq!(
        f.service.delivery().pending_announcements().await.unwrap(),
        0
    );
    f.clock.advance(monkey_queen::games::BOARD_GRACE_MS);
    assert!(
        f.service
            .delivery()
            .next_announcement()
            .await
            .unwrap()
            .is_none(),
        "the outbox does not post the board again"
    );
}

/// A move on the Activity is published for the faces (its board is owed after its grace);
/// a resignation and a rematch offer there, which no face shows, are owed at once.
#[tokio::test]
async fn activity_moves_are_published_and_its_resignations_and_offers_owed_at_once() {
    let f = Fixture::new().await;
    let game = f.start(&alice(), &bob()).await;
    let mut events = f.service.subscribe();
    let played = f.service.play_away(alices_opening(game.id)).await.unwrap();
    let owed = played.announcement.expect("the board is owed to the chat");
    let GameEvent::MovedAway(moved) = event_for_kind(&mut events, game.id, "moved").await else {
        unreachable!()
    };
    assert_eq!((moved.game.ply(), moved.announcement), (1, Some(owed)));
    assert!(
        f.service
            .delivery()
            .next_announcement()
            .await
            .unwrap()
            .is_none(),
        "the move's board waits for its grace"
    );
    // Not Bob's turn to resign at ply 0 any more: refused, nothing owed.
    assert_eq!(
        refused(f.service.resign_away(bob().id, game.id, Some(0)).await),
        UserError::PositionChanged
    );
    assert!(
        f.service
            .delivery()
            .next_announcement()
            .await
            .unwrap()
            .is_none()
    );
    let ended = f
        .service
        .resign_away(bob().id, game.id, Some(1))
        .await
        .unwrap();
    assert_eq!(ended.result.map(|r| r.winner), Some(Color::White));
    let handed = f
        .service
        .delivery()
        .next_announcement()
        .await
        .unwrap()
        .unwrap();
    let Announced::End(shown) = &handed.what else {
        panic!("the result board: {:?}", handed.what)
    };
    assert_eq!(shown.id, game.id);
    assert_eq!(shown.result.map(|r| r.reason), Some(EndReason::Resignation));
    f.service.delivery().announced(handed.id).await.unwrap();
    // A rematch from the Activity is owed to the chat.
    let created = f
        .service
        .rematch_away(game.id, &bob(), Lang::En)
        .await
        .unwrap();
    let ChallengeCreated::Pending(offer) = created else {
        panic!("a rematch between people waits for an answer")
    };
    let handed = f
        .service
        .delivery()
        .next_announcement()
        .await
        .unwrap()
        .unwrap();
    let Announced::Offer { challenge, of } = &handed.what else {
        panic!("the offer: {:?}", handed.what)
    };
    assert_eq!((challenge.id, *of), (offer.id, game.id));
    // Answered before it was posted (the opponent saw it elsewhere): no longer owed.
    f.service
        .delivery()
        .announcement_failed(handed.id, handed.attempt)
        .await
        .unwrap();
    f.service
        .decline_challenge(offer.id, alice().id)
        .await
        .unwrap();
    f.clock.advance(monkey_queen::games::DELIVERY_LEASE_MS);
    assert!(
        f.service
            .delivery()
            .next_announcement()
            .await
            .unwrap()
            .is_none()
    );
    assert_eq!(
        f.service.delivery().pending_announcements().await.unwrap(),
        0
    );
    // The moved-away board went stale with the resignation.
    f.clock.advance(monkey_queen::games::BOARD_GRACE_MS);
    assert!(
        f.service
            .delivery()
            .next_announcement()
            .await
            .unwrap()
            .is_none()
    );
}

#[tokio::test]
async fn a_game_against_the_computer_starts_from_the_activity_only_where_it_was_launched() {
    let f = Fixture::new().await;
    let start = |lang| {
        f.service
            .play_computer_away(alice(), Some(GUILD), CHANNEL, Level::Easy, lang)
    };
    assert_eq!(refused(start(Lang::En).await), UserError::NotLaunched);
    f.service
        .delivery()
        .record_launch(alice().id, CHANNEL, None, Reach::Interactions)
        .await
        .unwrap();
    let mut events = f.service.subscribe();
    let started = start(Lang::Fr).await.unwrap();
    let game = &started.game;
    assert_eq!(game.ai_level, Some(Level::Easy));
    assert_eq!(
        (game.place.channel, game.place.reach),
        (CHANNEL, Reach::Interactions)
    );
    assert_eq!(game.lang, Lang::Fr);
    assert!(!game.rated);
    let GameEvent::StartedAway(shown) = event_for_kind(&mut events, game.id, "started").await
    else {
        unreachable!()
    };
    assert_eq!(shown.announcement, started.announcement);
}

/// The next event about `game` of the kind named (`moved`, `started`), skipping the plain
/// changes.
async fn event_for_kind(
    events: &mut tokio::sync::broadcast::Receiver<GameEvent>,
    game: GameId,
    kind: &str,
) -> GameEvent {
    loop {
        let event = event_for(events, game).await;
        let found = match &event {
            GameEvent::MovedAway(_) => "moved",
            GameEvent::StartedAway(_) => "started",
            GameEvent::Changed(_) | GameEvent::TournamentChanged(_) => continue,
        };
        assert_eq!(found, kind, "{event:?}");
        return event;
    }
}
