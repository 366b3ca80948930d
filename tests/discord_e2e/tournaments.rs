//! Tournaments end to end: an 8-player, 3-round Swiss and a 5-player round robin (a bye each
//! round, a player withdrawing half-way) played to the end, every move the computer's choice
//! at `easy`, played with `/move`; the rounds announced with their players mentioned, the
//! standings, the final standings with the winner and the crosstable. Then the refusals, each
//! private and changing nothing, and a start by the clock.

use std::collections::HashMap;
use std::time::Instant;

use monkey_queen::games::{
    GameStatus, GuildId, PairingResult, TournamentId, TournamentStatus, TournamentView,
};
use monkey_queen_core::search::{Level, best_move};
use serde_json::{Value, json};

use crate::harness::{
    CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, EPHEMERAL, Harness, UPDATE_MESSAGE, button_ids,
    content, is_channel_message, kind,
};
use crate::support::fake_discord::RecordedRequest;
use crate::support::payloads::{
    ALICE, Caller, GUILD_ID, MANAGER_PERMISSIONS, bool_option, in_dm, integer_option,
    slash_command, string_option, user_option, with_permissions, with_resolved_user,
};

/// The `format` choices of `/tournament create` (poise sends a choice's index).
pub(crate) const SWISS: i64 = 0;
const ROUND_ROBIN: i64 = 1;
const DOUBLE_ROUND_ROBIN: i64 = 2;
/// The `clock` choice "no clock".
pub(crate) const NO_CLOCK: i64 = 0;
/// The `start` choice "in 15 minutes".
const IN_15_MINUTES: i64 = 0;

/// `count` members of the test server with distinct ids, who play.
pub(crate) fn players(count: u64) -> Vec<Caller> {
    (0..count)
        .map(|i| Caller {
            id: 1_200_000_000_000_000_300 + i,
            username: Box::leak(format!("player{i}").into_boxed_str()),
        })
        .collect()
}

/// A subcommand option of `/tournament`.
fn sub(name: &str, options: Vec<Value>) -> Value {
    json!({ "name": name, "type": 1, "options": options })
}

/// The answer the caller saw to `/tournament <sub>`: the callback, or its deferral's edit.
pub(crate) async fn tournament(h: &Harness, payload: Value) -> RecordedRequest {
    let id: u64 = payload["id"].as_str().unwrap().parse().unwrap();
    h.push(payload);
    let answer = h.callback(id).await;
    if kind(&answer) == DEFERRED_CHANNEL_MESSAGE {
        return h.original_edit(id).await;
    }
    answer
}

/// `/tournament <name> <options>` by `caller`, a plain member.
pub(crate) fn command(h: &Harness, caller: Caller, name: &str, options: Vec<Value>) -> Value {
    slash_command(h.next_id(), caller, "tournament", vec![sub(name, options)])
}

/// The same command by a member with Manage Server.
pub(crate) fn as_manager(payload: Value) -> Value {
    with_permissions(payload, MANAGER_PERMISSIONS)
}

/// Asserts `answer` is a private message saying something that starts with `text`.
fn assert_private(answer: &RecordedRequest, text: &str) {
    let flags = answer
        .pointer("/data/flags")
        .or_else(|| answer.pointer("/flags"))
        .and_then(Value::as_u64);
    if answer.path.ends_with("/callback") {
        assert_eq!(kind(answer), CHANNEL_MESSAGE, "{:?}", answer.json);
        assert_eq!(flags, Some(EPHEMERAL), "{:?}", answer.json);
    }
    assert!(
        content(answer).starts_with(text),
        "expected {text:?}, got {:?}",
        content(answer)
    );
}

/// A tournament's message as posted, and its number.
pub(crate) struct Posted {
    pub(crate) id: TournamentId,
    pub(crate) content: String,
    pub(crate) buttons: Vec<String>,
}

/// ALICE (a manager) creates a tournament with `options`; its public message.
pub(crate) async fn create(h: &Harness, options: Vec<Value>) -> Posted {
    let answer = tournament(h, as_manager(command(h, ALICE, "create", options))).await;
    assert_eq!(kind(&answer), CHANNEL_MESSAGE, "{:?}", answer.json);
    let flags = answer.pointer("/data/flags").and_then(Value::as_u64);
    assert_eq!(flags.unwrap_or(0) & EPHEMERAL, 0, "the message is public");
    let buttons = button_ids(&answer);
    let id = buttons
        .iter()
        .find_map(|b| b.strip_prefix("tournament-join:"))
        .and_then(|n| n.parse().ok())
        .map(TournamentId)
        .expect("a Join button");
    Posted {
        id,
        content: content(&answer).to_owned(),
        buttons,
    }
}

/// Everyone in `who` presses Join on `posted`; each click shows them on the message.
pub(crate) async fn join_all(h: &Harness, posted: &Posted, who: &[Caller]) {
    let join = format!("tournament-join:{}", posted.id.0);
    for player in who {
        let (answer, _) = h
            .click(*player, &join, &posted.content, &posted.buttons)
            .await;
        assert_eq!(kind(&answer), UPDATE_MESSAGE, "{:?}", answer.json);
        assert!(
            content(&answer).contains(&format!("<@{}>", player.id)),
            "{}",
            content(&answer)
        );
        // Nobody is pinged by the list of players.
        assert_eq!(
            answer.pointer("/data/allowed_mentions/parse"),
            Some(&json!([]))
        );
    }
}

/// The tournament as stored now.
pub(crate) async fn stored(h: &Harness, id: TournamentId) -> TournamentView {
    h.service
        .tournaments()
        .get(GuildId(GUILD_ID), id)
        .await
        .unwrap()
}

/// Waits for the channel message (after `mark`) whose text contains `text`, as Discord took
/// it (an attempt its rate limit refused is posted again).
pub(crate) async fn posted_saying(h: &Harness, mark: usize, text: &str) -> RecordedRequest {
    let wanted = text.to_owned();
    h.wait_since(mark, text, move |r| {
        is_channel_message(r) && r.delivery.is_some() && content(r).contains(&wanted)
    })
    .await
}

/// Asserts the round announcement `message` mentions and pings exactly those who play
/// round `round` (a game or the bye), and numbers its boards.
fn assert_round_announced(message: &RecordedRequest, view: &TournamentView, round: u32) {
    let text = content(message);
    let mut playing: Vec<u64> = view
        .round_pairings(round)
        .filter(|p| matches!(p.result, PairingResult::Pending | PairingResult::Bye))
        .flat_map(|p| std::iter::once(p.white).chain(p.black))
        .map(|u| u.0)
        .collect();
    for pairing in view.round_pairings(round) {
        assert!(
            text.contains(&format!("Board {}:", pairing.board)) || pairing.black.is_none(),
            "{text}"
        );
        assert!(text.contains(&format!("<@{}>", pairing.white)), "{text}");
    }
    let mut pinged = message
        .delivery
        .as_ref()
        .map(|d| d.pinged.clone())
        .unwrap_or_default();
    pinged.sort_unstable();
    playing.sort_unstable();
    assert_eq!(pinged, playing, "round {round}: {text}");
}

/// Plays round `round` to its end: every move the computer's choice at `easy`, played with
/// `/move` by the player to move. Returns how many moves were played.
async fn play_round(h: &Harness, id: TournamentId, round: u32, who: &HashMap<u64, Caller>) -> u32 {
    let view = stored(h, id).await;
    let games: Vec<_> = view
        .round_pairings(round)
        .filter(|p| p.result == PairingResult::Pending)
        .filter_map(|p| p.game)
        .collect();
    let mut moves = 0;
    for game in games {
        loop {
            let view = h.game(game).await;
            if view.status != GameStatus::Active {
                break;
            }
            let mover = view.to_move.expect("a player to move");
            let seed = u64::try_from(game.0).unwrap() * 1_000 + u64::from(view.ply());
            let choice = best_move(&view.position, Level::Easy, seed).expect("a legal move");
            let played = h.play(who[&mover.0], &choice.mv.to_string()).await;
            played.applied();
            moves += 1;
        }
    }
    moves
}

/// Asserts `message` carries the crosstable picture, a row for each of `players` at least.
fn assert_crosstable(message: &RecordedRequest, players: u32) {
    assert_eq!(message.files.len(), 1, "one picture");
    let file = &message.files[0];
    assert_eq!(file.filename.as_deref(), Some("crosstable.png"));
    let picture = image::load_from_memory(&file.bytes).expect("a PNG");
    // Each row is a line of text: taller than it is narrow for many players, never tiny.
    assert!(picture.height() > 20 * players, "{}", picture.height());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_eight_player_swiss_is_played_to_the_end() {
    let h = Harness::registered_on_manual_clock().await;
    // Each round posts its boards and pairings in the channel at once: Discord's 5 messages
    // per 5 seconds hold some back, and the bot posts them again.
    h.fake.expect_refusals(|r| r.status == 429);
    let started = Instant::now();
    let field = players(8);
    let who: HashMap<u64, Caller> = field.iter().map(|c| (c.id, *c)).collect();
    let posted = create(
        &h,
        vec![
            string_option("name", "Autumn Swiss"),
            integer_option("format", SWISS),
            integer_option("rounds", 3),
            integer_option("clock", NO_CLOCK),
        ],
    )
    .await;
    assert!(
        posted.content.contains("Autumn Swiss"),
        "{}",
        posted.content
    );
    assert!(
        posted.content.contains("Swiss, 3 rounds"),
        "{}",
        posted.content
    );
    join_all(&h, &posted, &field).await;
    assert_eq!(stored(&h, posted.id).await.entries.len(), 8);

    let mark = h.fake.mark();
    let answer = tournament(
        &h,
        as_manager(command(
            &h,
            ALICE,
            "start",
            vec![integer_option("tournament", posted.id.0)],
        )),
    )
    .await;
    assert_private(&answer, &format!("Tournament #{}", posted.id.0));
    let mut moves = 0;
    for round in 1..=3 {
        let announced = posted_saying(&h, mark, &format!("round {round} of 3")).await;
        let view = stored(&h, posted.id).await;
        assert_eq!(view.tournament.round, round);
        assert_round_announced(&announced, &view, round);
        moves += play_round(&h, posted.id, round, &who).await;
    }
    let last = posted_saying(&h, mark, "is over").await;
    let view = stored(&h, posted.id).await;
    assert_eq!(view.tournament.status, TournamentStatus::Finished);
    let winner = view.winner().expect("a winner");
    let text = content(&last);
    assert!(
        text.contains(&format!("<@{}> wins with", winner.user)),
        "{text}"
    );
    assert_eq!(
        last.delivery.as_ref().map(|d| d.pinged.clone()),
        Some(vec![winner.user.0])
    );
    assert_crosstable(&last, 8);
    // The tournament's message shows the end, without its buttons.
    let edited = h
        .wait_since(mark, "the tournament's message, edited", |r| {
            r.method.as_str() == "PATCH"
                && r.delivery.is_some()
                && content(r).contains("It is over")
        })
        .await;
    assert!(button_ids(&edited).is_empty());
    println!(
        "Swiss: 8 players, 3 rounds, {moves} moves in {:?}",
        started.elapsed()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_five_player_round_robin_with_a_bye_each_round_and_a_withdrawal() {
    let h = Harness::registered_on_manual_clock().await;
    h.fake.expect_refusals(|r| r.status == 429);
    let started = Instant::now();
    let field = players(5);
    let who: HashMap<u64, Caller> = field.iter().map(|c| (c.id, *c)).collect();
    let posted = create(
        &h,
        vec![
            string_option("name", "Spring Round Robin"),
            integer_option("format", ROUND_ROBIN),
            integer_option("clock", NO_CLOCK),
        ],
    )
    .await;
    // Four join with the button, one with the command.
    join_all(&h, &posted, &field[..4]).await;
    let joined = tournament(
        &h,
        command(
            &h,
            field[4],
            "join",
            vec![integer_option("tournament", posted.id.0)],
        ),
    )
    .await;
    assert_private(&joined, &format!("You joined tournament #{}", posted.id.0));
    let edited = h
        .wait_since(0, "the message showing the fifth player", |r| {
            r.method.as_str() == "PATCH"
                && r.delivery.is_some()
                && content(r).contains(&format!("<@{}>", field[4].id))
        })
        .await;
    assert!(
        content(&edited).contains("Players (5 of 32)"),
        "{}",
        content(&edited)
    );

    let mark = h.fake.mark();
    let answer = tournament(
        &h,
        as_manager(command(
            &h,
            ALICE,
            "start",
            vec![integer_option("tournament", posted.id.0)],
        )),
    )
    .await;
    assert_private(&answer, &format!("Tournament #{}", posted.id.0));
    let rounds = stored(&h, posted.id).await.tournament.rounds;
    assert_eq!(rounds, 5, "five players: five rounds, a bye in each");
    let mut moves = 0;
    let mut withdrawn = None;
    let mut forfeits = 0;
    for round in 1..=rounds {
        let announced = posted_saying(&h, mark, &format!("round {round} of 5")).await;
        let view = stored(&h, posted.id).await;
        assert_round_announced(&announced, &view, round);
        // Five players: a bye each round, unless it fell to the player who withdrew.
        let bye = view.round_pairings(round).find(|p| p.black.is_none());
        match bye {
            Some(bye) => assert!(
                content(&announced).contains(&format!("Bye: <@{}>", bye.white)),
                "{}",
                content(&announced)
            ),
            None => assert!(withdrawn.is_some(), "round {round} has no bye"),
        }
        forfeits += content(&announced).matches("wins by forfeit").count();
        if round == 3 {
            let standings = tournament(
                &h,
                command(
                    &h,
                    field[0],
                    "standings",
                    vec![integer_option("tournament", posted.id.0)],
                ),
            )
            .await;
            let text = content(&standings);
            assert!(text.contains("round 3 of 5 being played"), "{text}");
            assert!(text.contains(" · SB "), "{text}");
            assert!(standings.pointer("/data/flags").is_none_or(|f| f == 0));
            assert_crosstable(&standings, 5);
            // A player who has a game this round withdraws: it is lost, and their later
            // games are forfeits.
            let leaver = view
                .round_pairings(3)
                .find(|p| p.black.is_some())
                .map(|p| p.white)
                .unwrap();
            let left = tournament(
                &h,
                command(
                    &h,
                    who[&leaver.0],
                    "leave",
                    vec![integer_option("tournament", posted.id.0)],
                ),
            )
            .await;
            assert_private(&left, "You withdrew from tournament");
            withdrawn = Some(leaver);
        }
        moves += play_round(&h, posted.id, round, &who).await;
    }
    assert!(
        forfeits >= 1,
        "the withdrawn player's later games are forfeits"
    );
    let last = posted_saying(&h, mark, "is over").await;
    let view = stored(&h, posted.id).await;
    let winner = view.winner().expect("a winner");
    assert!(
        content(&last).contains(&format!("<@{}> wins with", winner.user)),
        "{}",
        content(&last)
    );
    assert!(content(&last).contains("(withdrawn)"), "{}", content(&last));
    assert_crosstable(&last, 5);
    let withdrawn = withdrawn.unwrap();
    assert!(view.entry(withdrawn).unwrap().withdrawn_round.is_some());
    println!(
        "Round robin: 5 players, 5 rounds, {moves} moves in {:?}",
        started.elapsed()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_double_round_robin_is_a_format_and_too_large_a_round_robin_is_refused_privately() {
    let h = Harness::registered_on_manual_clock().await;
    let guild = GuildId(GUILD_ID);

    // Beyond the cap: refused privately with the rounds, the cap, and the Swiss suggested.
    for (format, players, text) in [
        (
            ROUND_ROBIN,
            40,
            "A round robin of 40 players plays 39 rounds, and each round waits for its slowest \
             game: it takes at most 32 players (31 rounds). For more players, choose a Swiss",
        ),
        (
            DOUBLE_ROUND_ROBIN,
            20,
            "A double round robin of 20 players plays 38 rounds, and each round waits for its \
             slowest game: it takes at most 16 players (30 rounds).",
        ),
    ] {
        let create = command(
            &h,
            ALICE,
            "create",
            vec![
                string_option("name", "Too big"),
                integer_option("format", format),
                integer_option("players", players),
            ],
        );
        assert_private(&tournament(&h, as_manager(create)).await, text);
    }
    let none = h.service.tournaments().list(guild, 0, 10).await.unwrap();
    assert_eq!(none.total, 0, "nothing was stored");

    // The double round robin, with its own default player limit.
    let posted = create(
        &h,
        vec![
            string_option("name", "Double Cup"),
            integer_option("format", DOUBLE_ROUND_ROBIN),
        ],
    )
    .await;
    assert!(
        posted.content.contains("double round robin"),
        "{}",
        posted.content
    );
    let view = stored(&h, posted.id).await;
    assert_eq!(view.tournament.cycles, 2);
    assert_eq!(view.tournament.max_players, 16);
    assert!(h.fake.unexpected_refusals().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_are_private_and_change_nothing() {
    let h = Harness::registered_on_manual_clock().await;
    let guild = GuildId(GUILD_ID);
    let [bob, carol] = [
        crate::support::payloads::BOB,
        crate::support::payloads::CAROL,
    ];
    let count = || async {
        h.service
            .tournaments()
            .list(guild, 0, 10)
            .await
            .unwrap()
            .total
    };

    // Outside a server.
    let answer = tournament(&h, in_dm(command(&h, ALICE, "list", vec![]), ALICE)).await;
    assert_private(&answer, "Tournaments belong to a server");

    // Creating needs Manage Server, until the server allows organisers.
    let name = string_option("name", "Members' Cup");
    let answer = tournament(&h, command(&h, bob, "create", vec![name.clone()])).await;
    assert_private(&answer, "You need the Manage Server permission");
    assert_eq!(count().await, 0);
    let settings = slash_command(
        h.next_id(),
        ALICE,
        "settings",
        vec![bool_option("organisers", true)],
    );
    let saved = tournament(&h, as_manager(settings)).await;
    assert!(
        content(&saved).contains("any member may organise one"),
        "{}",
        content(&saved)
    );
    let posted = create(&h, vec![name]).await;
    assert_eq!(count().await, 1);

    // Joining twice.
    let join = || {
        command(
            &h,
            carol,
            "join",
            vec![integer_option("tournament", posted.id.0)],
        )
    };
    assert_private(&tournament(&h, join()).await, "You joined");
    assert_private(
        &tournament(&h, join()).await,
        "You are already in this tournament",
    );
    assert_eq!(stored(&h, posted.id).await.entries.len(), 1);

    // Starting with too few players (a Swiss of 4 rounds needs 5), and by someone else.
    let start = |caller| {
        command(
            &h,
            caller,
            "start",
            vec![integer_option("tournament", posted.id.0)],
        )
    };
    assert_private(
        &tournament(&h, start(bob)).await,
        "You need the Manage Server permission",
    );
    assert_private(
        &tournament(&h, as_manager(start(ALICE))).await,
        "This tournament needs at least 5 players to start",
    );
    let view = stored(&h, posted.id).await;
    assert_eq!(view.tournament.status, TournamentStatus::SignUp);
    assert!(view.pairings.is_empty());

    // Another server's tournament, or none, is not there; a result before the start.
    let result = command(
        &h,
        ALICE,
        "result",
        vec![
            integer_option("tournament", posted.id.0),
            integer_option("round", 1),
            integer_option("board", 1),
            user_option("winner", carol),
        ],
    );
    assert_private(
        &tournament(&h, as_manager(with_resolved_user(result, &[carol]))).await,
        "This tournament has not started yet",
    );
    let missing = command(
        &h,
        carol,
        "standings",
        vec![integer_option("tournament", 999)],
    );
    assert_private(
        &tournament(&h, missing).await,
        "This server has no tournament #999",
    );
    assert!(h.fake.unexpected_refusals().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_sweep_starts_tournaments_when_their_time_comes() {
    let h = Harness::registered_on_manual_clock().await;
    let pair = players(2);
    let due = create(
        &h,
        vec![
            string_option("name", "Quick Pair"),
            integer_option("format", ROUND_ROBIN),
            integer_option("clock", NO_CLOCK),
            integer_option("start", IN_15_MINUTES),
        ],
    )
    .await;
    assert!(due.content.contains("it starts <t:"), "{}", due.content);
    join_all(&h, &due, &pair).await;
    let lonely = create(
        &h,
        vec![
            string_option("name", "Lonely Swiss"),
            integer_option("rounds", 3),
            integer_option("start", IN_15_MINUTES),
        ],
    )
    .await;
    join_all(&h, &lonely, &pair[..1]).await;
    h.sweeps(2).await;
    assert_eq!(
        stored(&h, due.id).await.tournament.status,
        TournamentStatus::SignUp,
        "not yet"
    );

    let mark = h.fake.mark();
    h.clock().advance(15 * 60_000 + 1_000);
    let announced = posted_saying(&h, mark, "round 1 of 1").await;
    let view = stored(&h, due.id).await;
    assert_eq!(view.tournament.status, TournamentStatus::Running);
    assert_round_announced(&announced, &view, 1);
    let called_off = posted_saying(&h, mark, "did not take place").await;
    assert!(
        content(&called_off).contains("Lonely Swiss"),
        "{}",
        content(&called_off)
    );
    let lonely_view = stored(&h, lonely.id).await;
    assert_eq!(lonely_view.tournament.status, TournamentStatus::Finished);
    assert!(lonely_view.winner().is_none());
}

/// With threads on, the tournament's message starts a thread and the rounds go there; the
/// organiser withdraws a player (their game is lost) and replaces that result (logged);
/// anyone exports the records and the TRF file, privately; `/tournament list` names it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn organisers_withdraw_and_replace_results_in_a_tournaments_thread() {
    let h = Harness::registered().await;
    h.service
        .update_settings(
            GuildId(GUILD_ID),
            monkey_queen::games::SettingsChange {
                threads: Some(true),
                ..Default::default()
            },
        )
        .await
        .unwrap();
    let field = players(4);
    let posted = create(
        &h,
        vec![
            string_option("name", "Thread Cup"),
            integer_option("format", SWISS),
            integer_option("rounds", 2),
            integer_option("clock", NO_CLOCK),
        ],
    )
    .await;
    let thread_request = h
        .wait_since(0, "the tournament's thread", |r| {
            r.method.as_str() == "POST" && r.path.ends_with("/threads")
        })
        .await;
    assert!(
        thread_request.path.contains("/messages/"),
        "started from the tournament's message: {}",
        thread_request.path
    );
    join_all(&h, &posted, &field).await;
    let thread = stored(&h, posted.id)
        .await
        .tournament
        .thread
        .expect("the thread is remembered");

    let mark = h.fake.mark();
    let id_option = || integer_option("tournament", posted.id.0);
    tournament(
        &h,
        as_manager(command(&h, ALICE, "start", vec![id_option()])),
    )
    .await;
    let in_thread = format!("/channels/{}/messages", thread.0);
    let announced = h
        .wait_since(mark, "round 1 announced in the thread", move |r| {
            r.method.as_str() == "POST"
                && r.path.ends_with(&in_thread)
                && content(r).contains("round 1 of 2")
        })
        .await;
    assert_eq!(
        h.fake.posted_in(&announced),
        Some(thread.0),
        "rounds go to the thread"
    );

    // The organiser withdraws a player with a game being played: it is lost.
    let view = stored(&h, posted.id).await;
    let pairing = *view.round_pairings(1).next().unwrap();
    let leaver = field
        .iter()
        .find(|c| c.id == pairing.white.0)
        .copied()
        .unwrap();
    let withdraw = with_resolved_user(
        as_manager(command(
            &h,
            ALICE,
            "withdraw",
            vec![id_option(), user_option("player", leaver)],
        )),
        &[leaver],
    );
    let answer = tournament(&h, withdraw).await;
    assert!(
        content(&answer).contains("is withdrawn"),
        "{}",
        content(&answer)
    );
    let game = h.game(pairing.game.unwrap()).await;
    assert_eq!(game.status, GameStatus::Finished);
    assert_eq!(
        stored(&h, posted.id)
            .await
            .round_pairings(1)
            .next()
            .unwrap()
            .result,
        PairingResult::Black
    );

    // And gives that game to the withdrawn player after all: logged, with who did it.
    let result = as_manager(command(
        &h,
        ALICE,
        "result",
        vec![
            id_option(),
            integer_option("round", 1),
            integer_option("board", 1),
            user_option("winner", leaver),
        ],
    ));
    let answer = tournament(&h, with_resolved_user(result, &[leaver])).await;
    assert_private(
        &answer,
        &format!("Tournament #{}, round 1, board 1", posted.id.0),
    );
    let view = stored(&h, posted.id).await;
    assert_eq!(
        view.round_pairings(1).next().unwrap().result,
        PairingResult::White
    );
    let log = h
        .service
        .tournaments()
        .log(GuildId(GUILD_ID), posted.id)
        .await
        .unwrap();
    assert_eq!(log.len(), 2, "the withdrawal and the result: {log:?}");
    assert!(log.iter().all(|line| line.by.0 == ALICE.id));

    // Anyone exports it, privately: the records and the TRF file.
    let export = tournament(&h, command(&h, field[1], "export", vec![id_option()])).await;
    let names: Vec<_> = export
        .files
        .iter()
        .filter_map(|f| f.filename.clone())
        .collect();
    let n = posted.id.0;
    assert_eq!(
        names,
        [format!("tournament-{n}.txt"), format!("tournament-{n}.trf")]
    );
    let trf = String::from_utf8(export.files[1].bytes.clone()).unwrap();
    assert!(trf.starts_with("012 Thread Cup"), "{trf}");
    assert_eq!(trf.lines().filter(|l| l.starts_with("001")).count(), 4);
    let records = String::from_utf8(export.files[0].bytes.clone()).unwrap();
    assert!(records.contains("monkey-queen "), "{records}");
    let flags = export
        .pointer("/data/flags")
        .or_else(|| export.pointer("/flags"))
        .and_then(Value::as_u64);
    assert_eq!(
        flags.unwrap_or(0) & EPHEMERAL,
        EPHEMERAL,
        "only for the asker"
    );

    let list = tournament(&h, command(&h, field[2], "list", vec![])).await;
    assert!(content(&list).contains("Thread Cup"), "{}", content(&list));
}
