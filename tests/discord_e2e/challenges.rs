//! Challenges: open ones taken by anyone, declined and cancelled ones, a game against the
//! computer, and a Spanish-speaking player and server.

use monkey_queen::games::{ChallengeStatus, GameStatus, GuildId, Level, UserError, UserId};
use monkey_queen::i18n::{Lang, Msg};
use monkey_queen_core::{Move, Position, Role};
use serde_json::Value;

use crate::harness::{
    Board, COLOR_BLACK, COLOR_WHITE, DEFERRED_UPDATE_MESSAGE, EPHEMERAL, Harness, PostedChallenge,
    UPDATE_MESSAGE, assert_deferred_ephemerally, assert_ephemeral_answer, button_ids, content,
    custom_ids, followup_path, game_of, interaction_id, is_board_delivery, kind, millis,
    original_path, print_summary,
};
use crate::seeded::{new_game, player};
use crate::support::fake_discord::{APPLICATION_ID, BOT_NAME, BOT_USER_ID, RecordedRequest};
use crate::support::payloads::{
    ALICE, BOB, CAROL, Caller, GUILD_ID, MANAGER_PERMISSIONS, bool_option, bot_message,
    button_click, integer_option, slash_command, string_option, token, user_option, with_locales,
    with_permissions, with_resolved_bot, with_resolved_user,
};

fn refusal(lang: Lang, error: &UserError) -> String {
    lang.text(&Msg::Refused(error))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_challenge_is_taken_by_a_third_member() {
    let h = Harness::registered().await;
    let challenge = h
        .challenge(ALICE, None, vec![integer_option("color", COLOR_WHITE)])
        .await;
    let id = challenge.id.0;
    // Nobody declines an open challenge: Accept for anyone, Cancel for Alice.
    assert_eq!(
        challenge.custom_ids,
        [format!("accept:{id}"), format!("cancel:{id}")]
    );
    assert!(
        challenge.content.contains("Anyone may accept"),
        "{}",
        challenge.content
    );

    let (own, _) = h
        .click(
            ALICE,
            &challenge.button("accept"),
            &challenge.content,
            &challenge.custom_ids,
        )
        .await;
    assert_ephemeral_answer(&own, &refusal(Lang::En, &UserError::OwnChallenge));

    // Carol's Accept turns the challenge into the first board, and Alice, to move, is pinged
    // by a follow-up (an edit pings nobody).
    let mark = h.fake.mark();
    let (callback, board) = h.accept(CAROL, &challenge).await;
    assert_eq!(kind(&callback), UPDATE_MESSAGE);
    let game = game_of(&board);
    assert_eq!(
        custom_ids(callback.pointer("/data/components")),
        [format!("move:{game}:0"), format!("resign:{game}:0")]
    );
    let view = h.game(game).await;
    assert_eq!(
        (view.white.id, view.black.id),
        (UserId(ALICE.id), UserId(CAROL.id))
    );
    h.idle().await;
    h.assert_pinged_since(mark, ALICE.id);
    board.picture.assert_shows(&view.position);

    // A late click on the old message: the challenge is taken.
    let (late, _) = h
        .click(
            BOB,
            &challenge.button("accept"),
            &challenge.content,
            &challenge.custom_ids,
        )
        .await;
    let taken = UserError::ChallengeNotPending {
        status: ChallengeStatus::Accepted,
    };
    assert_ephemeral_answer(&late, &refusal(Lang::En, &taken));
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_declined_challenge_is_closed_in_place() {
    let h = Harness::registered().await;
    let challenge = h.challenge(ALICE, Some(BOB), Vec::new()).await;
    let mark = h.fake.mark();
    let decline = challenge.button("decline");
    let (other, _) = h
        .click(CAROL, &decline, &challenge.content, &challenge.custom_ids)
        .await;
    let not_hers = UserError::NotChallenged {
        challenged: Some(UserId(BOB.id)),
    };
    assert_ephemeral_answer(&other, &refusal(Lang::En, &not_hers));

    let (callback, _) = h
        .click(BOB, &decline, &challenge.content, &challenge.custom_ids)
        .await;
    assert_eq!(kind(&callback), UPDATE_MESSAGE);
    assert_eq!(
        callback
            .pointer("/data/components")
            .and_then(Value::as_array)
            .map(Vec::len),
        Some(0),
        "the buttons are removed"
    );
    let text = callback
        .pointer("/data/content")
        .and_then(Value::as_str)
        .unwrap();
    assert!(
        text.contains(&format!("Declined by <@{}>", BOB.id)),
        "{text}"
    );
    let stored = h.service.challenge(challenge.id).await.unwrap();
    assert_eq!(stored.status, ChallengeStatus::Declined);
    assert_eq!(stored.game, None);
    assert!(
        h.channel_messages_since(mark).is_empty(),
        "no game, no board"
    );
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancelled_challenge_is_closed_and_cannot_be_accepted() {
    let h = Harness::registered().await;
    let challenge = h.challenge(ALICE, Some(BOB), Vec::new()).await;
    let mark = h.fake.mark();
    let cancel = challenge.button("cancel");
    let (theirs, _) = h
        .click(BOB, &cancel, &challenge.content, &challenge.custom_ids)
        .await;
    let not_his = UserError::NotChallenger {
        challenger: UserId(ALICE.id),
    };
    assert_ephemeral_answer(&theirs, &refusal(Lang::En, &not_his));

    let (callback, _) = h
        .click(ALICE, &cancel, &challenge.content, &challenge.custom_ids)
        .await;
    assert_eq!(kind(&callback), UPDATE_MESSAGE);
    assert_eq!(
        custom_ids(callback.pointer("/data/components")),
        Vec::<String>::new()
    );
    let text = callback
        .pointer("/data/content")
        .and_then(Value::as_str)
        .unwrap();
    assert!(
        text.contains(&format!("Cancelled by <@{}>", ALICE.id)),
        "{text}"
    );

    let (late, _) = h
        .click(
            BOB,
            &challenge.button("accept"),
            &challenge.content,
            &challenge.custom_ids,
        )
        .await;
    let gone = UserError::ChallengeNotPending {
        status: ChallengeStatus::Cancelled,
    };
    assert_ephemeral_answer(&late, &refusal(Lang::En, &gone));
    assert_eq!(
        h.service.challenge(challenge.id).await.unwrap().status,
        ChallengeStatus::Cancelled
    );
    assert!(h.channel_messages_since(mark).is_empty());
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn challenging_the_bot_starts_a_game_against_the_computer() {
    let h = Harness::registered().await;
    let id = h.next_id();
    let options = vec![
        user_option(
            "opponent",
            Caller {
                id: BOT_USER_ID,
                username: BOT_NAME,
            },
        ),
        integer_option("color", COLOR_BLACK),
        integer_option("level", 0),
    ];
    let mark = h.fake.mark();
    let sent = h.push(with_resolved_bot(slash_command(
        id,
        ALICE,
        "challenge",
        options,
    )));
    assert_deferred_ephemerally(&h.callback(id).await);
    let started = Board::from_request(h.channel_message(mark).await, sent);
    let game = game_of(&started);
    // The computer plays White and moves first; nobody is pinged for the computer.
    assert!(started.mentioned.is_empty(), "{:?}", started.mentioned);
    started
        .picture
        .assert_shows(&Position::start(Default::default()));
    let view = h.game(game).await;
    assert_eq!(view.white.id, UserId(BOT_USER_ID));
    assert_eq!(view.ai_level, Some(Level::Easy));
    assert!(!view.rated);
    let edit = h.original_edit(id).await;
    assert!(
        content(&edit).contains(&format!("Game #{game}")),
        "{}",
        content(&edit)
    );

    // The computer's move arrives as a new board message that pings Alice.
    let reply = h.next_board(&started, sent).await;
    reply.assert_pings(ALICE.id);
    assert!(reply.content.starts_with("White queen") || reply.content.starts_with("White baby"));
    let view = h.game(game).await;
    assert_eq!(view.ply(), 1);
    reply.picture.assert_shows(&view.position);

    // Alice answers (not leaving her queen to be taken); the computer's reply follows as its
    // own message.
    let mine = safe_move(&view.position);
    let mut times = Vec::new();
    let played = h.play(ALICE, &mine).await.applied();
    times.push(played.took);
    let answer = h.next_board(&played, played.request.received_at).await;
    answer.assert_pings(ALICE.id);
    let view = h.game(game).await;
    assert_eq!(view.ply(), 3);
    assert_eq!(view.to_move, Some(UserId(ALICE.id)));
    answer.picture.assert_shows(&view.position);
    print_summary("computer game: dispatch → board PNG uploaded", times);
    println!(
        "computer game: Alice's board → the computer's board {:.1} ms",
        millis(answer.took)
    );
    h.stop().await;
}

/// A legal move after which the opponent cannot capture the mover's queen (R7.1).
fn safe_move(position: &Position) -> String {
    position
        .legal_moves()
        .into_iter()
        .map(|m| m.to_string())
        .find(|m| {
            let mut after = position.clone();
            after.play_str(m).unwrap();
            !after.legal_moves().iter().any(|reply| {
                matches!(
                    reply,
                    Move::Normal {
                        capture: Some(Role::Queen),
                        ..
                    }
                )
            })
        })
        .expect("a move that keeps the queen")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spanish_speakers_get_spanish_text() {
    let h = Harness::registered().await;
    // A Spanish server: the public messages are in Spanish.
    let id = h.next_id();
    let mut payload = slash_command(id, ALICE, "challenge", Vec::new());
    payload["data"]["options"] = Value::Array(vec![
        user_option("opponent", BOB),
        integer_option("color", COLOR_WHITE),
    ]);
    let payload = with_locales(with_resolved_user(payload, &[BOB]), "es-ES", "es-ES");
    h.push(payload);
    let callback = h.callback(id).await;
    let text = callback
        .pointer("/data/content")
        .and_then(Value::as_str)
        .unwrap();
    assert!(text.contains("desafía"), "{text}");
    let accept = custom_ids(callback.pointer("/data/components"))[0].clone();
    let labels: Vec<&str> = callback
        .pointer("/data/components/0/components")
        .and_then(Value::as_array)
        .unwrap()
        .iter()
        .map(|b| b["label"].as_str().unwrap())
        .collect();
    assert_eq!(
        labels[0],
        Lang::Es.text(&Msg::Label(monkey_queen::i18n::Button::Accept))
    );

    let mark = h.fake.mark();
    let click_id = h.next_id();
    let message = bot_message(9_999, text, &[accept.as_str()]);
    let click = with_locales(
        button_click(click_id, BOB, &accept, message),
        "es-ES",
        "es-ES",
    );
    let sent = h.push(click);
    let board = Board::from_request(h.callback(click_id).await, sent);
    assert!(
        board.content.contains("juega con blancas"),
        "{}",
        board.content
    );
    h.idle().await;
    h.assert_pinged_since(mark, ALICE.id);

    // A Spanish player: refusals and confirmations in Spanish, the move itself public.
    let spanish = |text: &str| {
        with_locales(
            slash_command(0, ALICE, "move", vec![string_option("move", text)]),
            "es-ES",
            "es-ES",
        )
    };
    let illegal = Position::start(Default::default())
        .play_str("g1-h3")
        .unwrap_err();
    h.play_payload(spanish("g1-h3"))
        .await
        .assert_refused(&refusal(Lang::Es, &UserError::Illegal(illegal)));
    let board = h.play_payload(spanish("g1-g7")).await.applied();
    assert!(
        board
            .content
            .starts_with("Reina blanca g1–g7, nace un bebé en g1"),
        "{}",
        board.content
    );
    h.stop().await;
}

/// When the database is slow to answer (here: a bot that defers at once), `/challenge` and the
/// challenge buttons are deferred within Discord's 3 seconds and answered as Discord documents:
/// a command's private deferral is edited first (with a refusal, or a word that it is done),
/// and only then does anything public follow, as a new message whose mentions ping; refusals
/// reach only the person concerned, the channel keeps no trace of them, and no deferral is
/// ever deleted and followed up.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_challenges_and_clicks_are_deferred_then_answered() {
    let h = Harness::registered_deferring_after(std::time::Duration::ZERO).await;
    let challenge = |id| {
        with_resolved_user(
            slash_command(id, ALICE, "challenge", vec![user_option("opponent", BOB)]),
            &[BOB],
        )
    };

    // The challenge: a private deferral, edited to say it is done, then the challenge as a
    // follow-up of its own, which pings Bob.
    let first = h.next_id();
    h.push(challenge(first));
    let deferral = h.callback(first).await;
    assert_deferred_ephemerally(&deferral);
    let noted = h.original_edit(first).await;
    assert_eq!(content(&noted), "Done.");
    let posted = h
        .wait_since(0, "the challenge", |r| r.is("POST", &followup_path(first)))
        .await;
    assert!(noted.received_at <= posted.received_at, "edited first");
    assert_ne!(posted.pointer("/flags"), Some(&Value::from(EPHEMERAL)));
    assert_eq!(
        posted.delivery.as_ref().map(|d| d.pinged.clone()),
        Some(vec![BOB.id])
    );
    let custom_ids = custom_ids(posted.pointer("/components"));
    let id = custom_ids
        .iter()
        .find_map(|c| c.strip_prefix("accept:"))
        .and_then(|n| n.parse().ok())
        .map(monkey_queen::games::ChallengeId)
        .expect("an Accept button");
    let posted = PostedChallenge {
        id,
        content: content(&posted).to_owned(),
        custom_ids,
    };

    // The same challenge again is refused in the private deferral itself.
    let again = h.next_id();
    h.push(challenge(again));
    assert_deferred_ephemerally(&h.callback(again).await);
    let refused = h.original_edit(again).await;
    assert_eq!(
        content(&refused),
        refusal(
            Lang::En,
            &UserError::DuplicateChallenge {
                existing: posted.id
            }
        )
    );
    h.idle().await;
    assert_eq!(
        h.count_since(0, |r| r.is("POST", &followup_path(again))
            || r.is("DELETE", &original_path(again))),
        0,
        "nothing follows a refusal"
    );

    // Accept: the click is deferred, and the challenge message becomes the first board.
    let (accepted, sent) = h
        .click(
            BOB,
            &posted.button("accept"),
            &posted.content,
            &posted.custom_ids,
        )
        .await;
    assert_eq!(kind(&accepted), DEFERRED_UPDATE_MESSAGE);
    let click_id = interaction_id(&accepted);
    let board = Board::from_request(h.original_edit(click_id).await, sent);
    let game = game_of(&board);
    assert_eq!(h.game(game).await.ply(), 0);
    assert!(
        board.content.contains("you move first"),
        "{}",
        board.content
    );

    // A click on the closed challenge: deferred, then refused to the clicker alone.
    let (late, _) = h
        .click(
            ALICE,
            &posted.button("cancel"),
            &posted.content,
            &posted.custom_ids,
        )
        .await;
    assert_eq!(kind(&late), DEFERRED_UPDATE_MESSAGE);
    let late_id = interaction_id(&late);
    let refused = h
        .wait_since(0, "the late click's refusal", |r| {
            r.is("POST", &followup_path(late_id))
        })
        .await;
    assert_eq!(refused.pointer("/flags"), Some(&Value::from(EPHEMERAL)));
    assert!(!content(&refused).is_empty());
    assert!(
        !h.fake
            .requests()
            .iter()
            .any(|r| r.is("PATCH", &original_path(late_id))),
        "the closed challenge's message is left alone"
    );

    // A move: a private deferral that says the move was played, then the board as a new
    // message whose mention pings; a refused move edits the deferral, and nothing follows.
    // Colours were drawn at random: whoever is White moves first.
    let (white, black) = if h.game(game).await.to_move == Some(UserId(ALICE.id)) {
        (ALICE, BOB)
    } else {
        (BOB, ALICE)
    };
    let played = h.play(white, "g1-g4").await;
    assert_deferred_ephemerally(&played.answer);
    let move_id = interaction_id(&played.answer);
    let board = played.applied();
    assert!(board.request.is("POST", &followup_path(move_id)));
    board.assert_pings(black.id);
    board.picture.assert_shows(&h.game(game).await.position);
    let noted = h.original_edit(move_id).await;
    assert_eq!(content(&noted), "You played g1-g4.");
    assert!(noted.received_at <= board.request.received_at);
    let refused = h.play(white, "g4-g6").await;
    assert_deferred_ephemerally(&refused.answer);
    let not_yours = refusal(
        Lang::En,
        &UserError::NotYourTurn {
            to_move: UserId(black.id),
        },
    );
    refused.assert_refused(&not_yours);
    let refusal_id = interaction_id(&refused.answer);
    assert_eq!(
        h.count_since(0, |r| r.method.as_str() != "PATCH"
            && r.path.contains(&format!(
                "/webhooks/{APPLICATION_ID}/{}",
                token(refusal_id)
            ))),
        0,
        "a refusal is the deferral's edit, nothing more"
    );
    assert_eq!(h.game(game).await.ply(), 1);
    assert_eq!(
        h.count_since(0, |r| r.method.as_str() == "DELETE"),
        0,
        "no deferral is deleted"
    );
}

/// When the database is slow to answer (here: a bot that defers at once), `/abort`, the
/// resignation's confirmation, Rematch and `/settings` are deferred within Discord's 3 seconds
/// and then answered: a public result stays public, a refusal reaches only the person who
/// asked (the channel keeps no trace of it), and nothing is applied twice.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_aborts_resignations_rematches_and_settings_are_deferred_then_answered() {
    let h = Harness::registered_deferring_after(std::time::Duration::ZERO).await;
    let (alice, bob) = (player(ALICE), player(BOB));
    let public = |r: &RecordedRequest| r.pointer("/flags") != Some(&Value::from(EPHEMERAL));
    // The refusal a deferred click got: an ephemeral follow-up saying `expected`.
    let refused_privately = async |id: u64, expected: &UserError| {
        let refused = h
            .wait_since(0, "the refusal", |r| r.is("POST", &followup_path(id)))
            .await;
        assert_eq!(refused.pointer("/flags"), Some(&Value::from(EPHEMERAL)));
        assert_eq!(content(&refused), refusal(Lang::En, expected));
    };

    // /abort by a stranger: deferred privately, and the deferral becomes Carol's refusal.
    let game = new_game(&h.service, &alice, &bob, None).await;
    let abort = |id, by| slash_command(id, by, "abort", vec![integer_option("game", game.id.0)]);
    let stranger = h.next_id();
    h.push(abort(stranger, CAROL));
    assert_deferred_ephemerally(&h.callback(stranger).await);
    let refused = h.original_edit(stranger).await;
    assert_eq!(
        content(&refused),
        refusal(Lang::En, &UserError::NotParticipant { game: game.id })
    );
    // /abort by a player: the private deferral says it is done, and the announcement follows
    // as a public message of its own.
    let aborted = h.next_id();
    h.push(abort(aborted, ALICE));
    assert_deferred_ephemerally(&h.callback(aborted).await);
    assert_eq!(content(&h.original_edit(aborted).await), "Done.");
    let announced = h
        .wait_since(0, "the abort's announcement", |r| {
            r.is("POST", &followup_path(aborted))
        })
        .await;
    assert!(public(&announced), "{:?}", announced.json);
    assert!(
        content(&announced).contains("aborted"),
        "{}",
        content(&announced)
    );
    assert_eq!(h.game(game.id).await.status, GameStatus::Aborted);

    // The resignation's confirmation at a ply the game has left: deferred, refused privately,
    // the question left alone.
    let game = new_game(&h.service, &alice, &bob, None).await;
    let confirm = format!("resign-yes:{}:0", game.id);
    let question = "Resign game?";
    let stale = format!("resign-yes:{}:3", game.id);
    let (deferral, _) = h
        .click(BOB, &stale, question, std::slice::from_ref(&stale))
        .await;
    assert_eq!(kind(&deferral), DEFERRED_UPDATE_MESSAGE);
    let stale_id = interaction_id(&deferral);
    refused_privately(stale_id, &UserError::PositionChanged).await;
    // At the game's ply: deferred, the question closed by an edit, the result board posted.
    let mark = h.fake.mark();
    let (deferral, _) = h
        .click(BOB, &confirm, question, std::slice::from_ref(&confirm))
        .await;
    assert_eq!(kind(&deferral), DEFERRED_UPDATE_MESSAGE);
    let confirm_id = interaction_id(&deferral);
    let closed = h.original_edit(confirm_id).await;
    assert_eq!(
        closed.pointer("/components"),
        Some(&Value::Array(Vec::new()))
    );
    let board = h
        .wait_since(mark, "the result board", is_board_delivery)
        .await;
    assert!(public(&board));
    let finished = h.game(game.id).await;
    assert_eq!(finished.result.map(|r| r.winner_id), Some(alice.id));
    // Confirmed again: refused, and the game is resigned once.
    let (deferral, _) = h
        .click(BOB, &confirm, question, std::slice::from_ref(&confirm))
        .await;
    let again_id = interaction_id(&deferral);
    refused_privately(again_id, &UserError::GameOver { game: game.id }).await;

    // Rematch: deferred, then the offer follows up publicly with its buttons; a second click
    // is refused to the clicker alone.
    let result = content(&board).to_owned();
    let rematch = format!("rematch:{}", game.id);
    let (deferral, _) = h
        .click(BOB, &rematch, &result, std::slice::from_ref(&rematch))
        .await;
    assert_eq!(kind(&deferral), DEFERRED_UPDATE_MESSAGE);
    let rematch_id = interaction_id(&deferral);
    let offer = h
        .wait_since(0, "the rematch offer", |r| {
            r.is("POST", &followup_path(rematch_id))
        })
        .await;
    assert!(public(&offer), "{:?}", offer.json);
    assert!(
        content(&offer).contains("a rematch of game"),
        "{}",
        content(&offer)
    );
    let offer_ids = button_ids(&offer);
    assert!(offer_ids[0].starts_with("accept:"), "{offer_ids:?}");
    let (deferral, _) = h
        .click(ALICE, &rematch, &result, std::slice::from_ref(&rematch))
        .await;
    let again_id = interaction_id(&deferral);
    let waiting = h
        .wait_since(0, "the second rematch's refusal", |r| {
            r.is("POST", &followup_path(again_id))
        })
        .await;
    assert_eq!(waiting.pointer("/flags"), Some(&Value::from(EPHEMERAL)));
    assert!(content(&waiting).contains("already waiting for an answer"));

    // /settings: deferred privately, then the deferral becomes the (private) answer.
    let settings = h.next_id();
    h.push(with_permissions(
        slash_command(
            settings,
            ALICE,
            "settings",
            vec![bool_option("threads", true)],
        ),
        MANAGER_PERMISSIONS,
    ));
    assert_deferred_ephemerally(&h.callback(settings).await);
    let saved = h.original_edit(settings).await;
    assert!(content(&saved).starts_with("Saved."), "{}", content(&saved));
    assert!(h.service.settings(GuildId(GUILD_ID)).await.unwrap().threads);

    // Each was answered once and applied once: one announcement, one closed question, one
    // result board, one offer.
    h.idle().await;
    let once = |matches: &dyn Fn(&RecordedRequest) -> bool| h.count_since(0, matches);
    assert_eq!(once(&|r| r.is("POST", &followup_path(aborted))), 1);
    assert_eq!(once(&|r| r.is("PATCH", &original_path(confirm_id))), 1);
    assert_eq!(once(&|r| r.is("POST", &followup_path(rematch_id))), 1);
    assert_eq!(once(&|r| r.is("PATCH", &original_path(stale_id))), 0);
    assert_eq!(once(&is_board_delivery), 1, "one result board");
    let bob_record = h.service.player(bob.id).await.unwrap().unwrap();
    assert_eq!((bob_record.games, bob_record.losses), (1, 1));
    h.stop().await;
}

/// A sixth challenge waiting at once is refused ephemerally, in the player's language, and
/// posts nothing; cancelling one makes room.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sixth_challenge_waiting_at_once_is_refused_until_one_is_cancelled() {
    let h = Harness::registered().await;
    let mut waiting = Vec::new();
    for _ in 0..5 {
        waiting.push(h.challenge(ALICE, None, Vec::new()).await);
    }
    let too_many = UserError::TooManyChallenges { limit: 5 };
    let id = h.next_id();
    h.push(with_locales(
        slash_command(id, ALICE, "challenge", Vec::new()),
        "es-ES",
        "en-US",
    ));
    let callback = h.callback(id).await;
    assert_ephemeral_answer(&callback, &refusal(Lang::Es, &too_many));
    assert!(
        content(&callback).contains("5 desafíos esperando respuesta"),
        "{}",
        content(&callback)
    );

    let first = &waiting[0];
    let (cancelled, _) = h
        .click(
            ALICE,
            &first.button("cancel"),
            &first.content,
            &first.custom_ids,
        )
        .await;
    assert_eq!(kind(&cancelled), UPDATE_MESSAGE);
    let again = h.challenge(ALICE, None, Vec::new()).await;
    assert!(
        again.content.contains("Anyone may accept"),
        "{}",
        again.content
    );
    h.stop().await;
}
