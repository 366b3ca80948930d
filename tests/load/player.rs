//! A pair of scripted players in their own channel: one challenges, the other accepts, then
//! each makes a random legal move (after asking for `/move` suggestions) as soon as its turn
//! comes: when the board of the previous move is shown. When a game ends they start another.
//! The position is tracked locally with the engine; every answer is timed, read for what it
//! says (see `answer`), and every move the players are told about is put in the ledger.
//!
//! After a kill the pair reads its game back from the database: a move whose answer never
//! came may or may not be stored, and the game continues from what is. So it does after an
//! answer that says the database can't be reached (in an outage run), once the database is
//! back, and when the HTTP worker holding the interaction it waits for was killed.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use monkey_queen::games::{ChannelId, GameId, GameStatus, UserId};
use monkey_queen_core::{Color, Position};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};
use tokio::sync::mpsc;

use crate::answer::{Board, DEFERRED, DEFERRED_UPDATE, Kind, Pending};
use crate::control::{Phase, Shared, Victims};
use crate::ids;
use crate::report::{InFlight, Report, Told, Trace};
use crate::router::Event;
use crate::support::payloads::{
    Caller, autocomplete, bot_message, button_click, focused_string, in_guild, integer_option,
    slash_command, string_option, user_option, with_resolved_user,
};

/// After a kill, how long a player waits for the clock the restarted bot owes it.
const CLOCK_WAIT: Duration = Duration::from_secs(20);
/// `/challenge` choice indexes: White for the challenger; no clock or 10 minutes a move.
const COLOR_WHITE: i64 = 1;
const NO_CLOCK: i64 = 0;
const TEN_MINUTES: i64 = 1;

/// Why a pair stopped what it was doing.
enum Interrupt {
    /// The run is over.
    Stopping,
    /// The bot is being killed.
    Down,
    /// An answer did not come in time.
    Timeout(String),
    /// The HTTP worker holding the interaction waited for was killed: it failed.
    WorkerKilled,
}

type Step = Result<(), Interrupt>;

/// The game the pair is playing.
struct Game {
    id: GameId,
    position: Position,
    white: Caller,
    black: Caller,
    over: bool,
}

/// What the pair must see before it plays on, after a kill.
#[derive(Debug, Clone, Copy)]
enum Expect {
    Nothing,
    Timeout(GameId),
    Reminder(GameId),
}

/// Two players in one channel.
pub struct Pair {
    index: usize,
    /// The shard whose process serves the pair.
    shard: usize,
    users: [Caller; 2],
    channel: u64,
    clock: bool,
    shared: Arc<Shared>,
    events: mpsc::UnboundedReceiver<Event>,
    phase: tokio::sync::watch::Receiver<Phase>,
    /// The HTTP workers killed so far.
    killed: tokio::sync::watch::Receiver<Vec<String>>,
    rng: SmallRng,
    sequence: u64,
    pending: HashMap<u64, Pending>,
    game: Option<Game>,
    challenge: Option<u64>,
    expect: Expect,
    report: Report,
}

impl Pair {
    /// Pair `index`, playing with a 10-minute clock when `clock`.
    pub fn new(
        index: usize,
        clock: bool,
        shared: Arc<Shared>,
        events: mpsc::UnboundedReceiver<Event>,
    ) -> Pair {
        Pair {
            index,
            shard: shared.shard_of(index),
            users: ids::players(index),
            channel: ids::channel(index),
            clock,
            phase: shared.phases[shared.shard_of(index)].clone(),
            killed: shared.killed.clone(),
            shared,
            events,
            rng: SmallRng::seed_from_u64(0x5eed + index as u64),
            sequence: 0,
            pending: HashMap::new(),
            game: None,
            challenge: None,
            expect: Expect::Nothing,
            report: Report::default(),
        }
    }

    /// Plays until the run stops, then waits for the answers still owed and reports.
    pub async fn play(mut self) -> Report {
        loop {
            match self.step().await {
                Ok(()) => {}
                Err(Interrupt::Stopping) => break,
                Err(Interrupt::Down) => self.survive_kill().await,
                Err(Interrupt::WorkerKilled) => self.resync(None).await,
                Err(Interrupt::Timeout(what)) => {
                    let wait = self.shared.wait;
                    self.error(format!("no answer within {wait:?}: {what}"));
                    self.resync(None).await;
                }
            }
        }
        let wait = self.shared.wait;
        let owed = self.wait_until("the answers still owed", wait, |p| {
            p.pending.values().all(Pending::complete)
        });
        if let Err(Interrupt::Timeout(what)) = owed.await {
            self.error(format!("no answer within {wait:?} after the run: {what}"));
        }
        self.report
    }

    /// One thing to do: see what the restarted bot owes, start a game, or move.
    async fn step(&mut self) -> Step {
        self.pending.retain(|_, p| !p.complete());
        if matches!(*self.phase.borrow(), Phase::Stopping) {
            return Err(Interrupt::Stopping);
        }
        match self.expect {
            Expect::Timeout(game) => {
                let what = format!("the loss on time of game #{game}");
                self.wait_until(&what, CLOCK_WAIT, |p| {
                    p.report.final_boards.contains_key(&game)
                })
                .await?;
                self.expect = Expect::Nothing;
                if let Some(g) = self.game.as_mut() {
                    g.over = true;
                }
                self.report.games_finished += 1;
                Ok(())
            }
            Expect::Reminder(game) => {
                let what = format!("the reminder of game #{game}");
                self.wait_until(&what, CLOCK_WAIT, |p| {
                    p.report.reminders.contains_key(&game)
                })
                .await?;
                self.expect = Expect::Nothing;
                Ok(())
            }
            Expect::Nothing => match &self.game {
                Some(game) if !game.over => self.play_turn().await,
                _ => self.start_game().await,
            },
        }
    }

    /// Challenge (alternating who challenges, the challenger takes White) and accept.
    async fn start_game(&mut self) -> Step {
        self.think().await;
        let first = self.report.games_started as usize % 2;
        let (white, black) = (self.users[first], self.users[1 - first]);
        let challenge = match self.challenge.take() {
            Some(challenge) => challenge,
            None => {
                let clock = if self.clock { TEN_MINUTES } else { NO_CLOCK };
                let id = self.next_id();
                let mut payload = slash_command(
                    id,
                    white,
                    "challenge",
                    vec![
                        user_option("opponent", black),
                        integer_option("color", COLOR_WHITE),
                        integer_option("clock", clock),
                    ],
                );
                payload = with_resolved_user(payload, &[black]);
                let kind = Kind::Challenge {
                    challenged: black.id,
                };
                self.push(id, kind, payload)?;
                self.wait_until("the challenge", self.shared.wait, |p| p.settled(id))
                    .await?;
                // A refusal was noted as it came; the next step challenges again, or after a
                // "try again" takes up what the database holds.
                let Some(challenge) = self.pending.get(&id).and_then(|p| p.posted) else {
                    self.after_try_again(id).await;
                    return Ok(());
                };
                challenge
            }
        };
        let id = self.next_id();
        let accept = format!("accept:{challenge}");
        let message = bot_message(id, "challenge", &[accept.as_str()]);
        let kind = Kind::Accept { to_move: white.id };
        self.push(id, kind, button_click(id, black, &accept, message))?;
        self.wait_until("the first board", self.shared.wait, |p| p.settled(id))
            .await?;
        let Some((board, _)) = self.pending.get(&id).and_then(|p| p.board) else {
            self.after_try_again(id).await;
            return Ok(());
        };
        self.report.games_started += 1;
        self.report.games.insert(board.game);
        self.game = Some(Game {
            id: board.game,
            position: Position::start(Default::default()),
            white,
            black,
            over: false,
        });
        Ok(())
    }

    /// Asks for suggestions as the player to move, then plays a random legal move.
    async fn play_turn(&mut self) -> Step {
        self.think().await;
        let Some(game) = &self.game else {
            return Ok(());
        };
        let mover = match game.position.turn() {
            Color::White => game.white,
            Color::Black => game.black,
        };
        let legal = game.position.legal_moves();
        let mv = legal[self.rng.random_range(0..legal.len())];
        let text = mv.to_string();
        let told = Told {
            game: game.id,
            ply: game.position.ply() + 1,
            notation: text.clone(),
        };
        let mut next = game.position.clone();
        next.play_unchecked(mv);
        let ended = next.outcome().is_some();
        let after = Board {
            game: game.id,
            ply: (!ended).then_some(told.ply),
        };

        let id = self.next_id();
        let typed = &text[..text.len() - 1];
        let payload = autocomplete(id, mover, "move", vec![focused_string("move", typed)]);
        self.push(id, Kind::Autocomplete, payload)?;
        self.wait_until("move suggestions", self.shared.wait, |p| p.settled(id))
            .await?;
        let callback = self.callback(id);
        let suggested = callback
            .pointer("/data/choices")
            .and_then(Value::as_array)
            .is_some_and(|c| c.iter().any(|c| c["value"] == json!(text)));
        if let Some(trace) = self.report.traces.get_mut(&id) {
            trace.unsuggested = !suggested;
        } else if !suggested {
            self.error(format!("`{typed}` did not suggest {text}: {callback}"));
        }

        let id = self.next_id();
        let payload = slash_command(id, mover, "move", vec![string_option("move", &text)]);
        self.push(id, Kind::playing(mv, told, after), payload)?;
        self.wait_until(&format!("the board of {text}"), self.shared.wait, |p| {
            p.settled(id)
        })
        .await?;
        if self.pending.get(&id).is_none_or(|p| p.refusal.is_some()) {
            if !self.after_try_again(id).await {
                self.resync(None).await;
            }
            return Ok(());
        }
        let Some(game) = self.game.as_mut() else {
            return Ok(());
        };
        game.position = next;
        if ended {
            game.over = true;
            self.report.games_finished += 1;
        }
        Ok(())
    }

    /// The bot is being killed: wait until it is dead, read the game back, wait for the
    /// restart.
    async fn survive_kill(&mut self) {
        loop {
            let phase = self.phase.borrow_and_update().clone();
            match phase {
                Phase::Resync(victims) => {
                    self.resync(Some(&victims)).await;
                    let _ = self.shared.resynced.send(self.index);
                    break;
                }
                Phase::Running | Phase::Stopping => return,
                Phase::Down => {}
            }
            if self.phase.changed().await.is_err() {
                return;
            }
        }
        while matches!(*self.phase.borrow_and_update(), Phase::Resync(_)) {
            if self.phase.changed().await.is_err() {
                return;
            }
        }
    }

    /// Gives up the interactions a killed HTTP worker held and still owes something (noting
    /// them): those already settled are only dropped; whether one is not, so the game must be
    /// read back (see `resync`).
    fn give_up_held_by_killed(&mut self) -> bool {
        let killed = self.killed.borrow().clone();
        let fake = &self.shared.fake;
        let held: Vec<u64> = self
            .pending
            .iter()
            .filter(|&(&id, p)| {
                !p.complete() && fake.worker_of(id).is_some_and(|w| killed.contains(&w))
            })
            .map(|(&id, _)| id)
            .collect();
        self.report.held_by_killed.extend(&held);
        let mut unsettled = false;
        for id in held {
            match self.pending.get(&id).is_some_and(Pending::settled) {
                true => {
                    self.pending.remove(&id);
                }
                false => unsettled = true,
            }
        }
        unsettled
    }

    /// Reads the pair's game back from the database (after a kill, or an answer that never
    /// came): the moves whose answer was lost are looked up by their request key, and the
    /// position continues from what is stored.
    async fn resync(&mut self, victims: Option<&Victims>) {
        while let Ok(event) = self.events.try_recv() {
            self.absorb(event);
        }
        let pending: Vec<(u64, Pending)> = self.pending.drain().collect();
        for (id, pending) in pending {
            if pending.callback.is_none() {
                self.report.cut_off += 1;
            }
            let key = id.to_string();
            if let Kind::Move { told, .. } = &pending.kind
                && (pending.refusal.is_none() || pending.try_again)
                && !pending.applied()
            {
                let stored = self.stored_move(&key).await;
                if let Some(stored) = &stored
                    && stored != told
                {
                    self.error(format!("in-flight {told:?} was stored as {stored:?}"));
                }
                self.report.in_flight.push(InFlight {
                    game: told.game,
                    key,
                    stored: stored.is_some(),
                });
            }
        }
        match self.game.as_ref().filter(|g| !g.over).map(|g| g.id) {
            Some(id) => self.reload(id).await,
            None => self.find_new_game().await,
        }
        if let (Some(victims), Some(game)) = (victims, &self.game)
            && !game.over
        {
            if victims.timeouts.contains(&game.id) {
                self.expect = Expect::Timeout(game.id);
            } else if victims.reminders.contains(&game.id) {
                self.expect = Expect::Reminder(game.id);
            }
        }
    }

    /// If interaction `id` was told the database can't be reached: waits until the database
    /// is back, and reads the game back as after a kill (what was asked may or may not have
    /// been done). Whether it was.
    async fn after_try_again(&mut self, id: u64) -> bool {
        if !self.pending.get(&id).is_some_and(|p| p.try_again) {
            return false;
        }
        if let Some(mut database) = self.shared.database.clone() {
            let _ = database.wait_for(|up| *up).await;
        }
        self.resync(None).await;
        true
    }

    /// Continues game `id` from the database (its moves replayed and checked on the way).
    async fn reload(&mut self, id: GameId) {
        match self.shared.service.record(id).await {
            Ok(record) => {
                let Some(game) = self.game.as_mut() else {
                    return;
                };
                game.position = record.game.position;
                if record.game.status != GameStatus::Active {
                    game.over = true;
                    self.report.games_finished += 1;
                }
            }
            Err(e) => self.error(format!("game #{id} can't be read back: {e}")),
        }
    }

    /// Between games: a game the accept created before the kill, or a challenge still
    /// pending, is taken up; otherwise the next step challenges again.
    async fn find_new_game(&mut self) {
        let service = &self.shared.service;
        let channel = Some(ChannelId(self.channel));
        let games = match service
            .active_games(UserId(self.users[0].id), channel)
            .await
        {
            Ok(games) => games,
            Err(e) => return self.error(format!("active games can't be read: {e}")),
        };
        if let Some(summary) = games.first() {
            let (white, black) = if summary.white.id.0 == self.users[0].id {
                (self.users[0], self.users[1])
            } else {
                (self.users[1], self.users[0])
            };
            match service.game(summary.id).await {
                Ok(view) => {
                    self.report.games_started += 1;
                    self.report.games.insert(view.id);
                    self.game = Some(Game {
                        id: view.id,
                        position: view.position,
                        white,
                        black,
                        over: false,
                    });
                }
                Err(e) => self.error(format!("game #{} can't be read: {e}", summary.id)),
            }
            return;
        }
        let pending: Result<Option<i64>, sqlx::Error> = async {
            sqlx::query_scalar(
                "SELECT id FROM challenges WHERE channel_id = $1 AND status = 'pending'",
            )
            .bind(monkey_queen::storage::db_id(self.channel))
            .fetch_optional(&mut *service.db().read().await?)
            .await
        }
        .await;
        match pending {
            Ok(found) => self.challenge = found.and_then(|id| u64::try_from(id).ok()),
            Err(e) => self.error(format!("challenges can't be read: {e}")),
        }
    }

    /// The move stored under a request key, if any.
    async fn stored_move(&mut self, key: &str) -> Option<Told> {
        let row: Result<Option<(i64, i64, String)>, sqlx::Error> = async {
            sqlx::query_as("SELECT game_id, ply, notation FROM moves WHERE request_key = $1")
                .bind(key)
                .fetch_optional(&mut *self.shared.service.db().read().await?)
                .await
        }
        .await;
        match row {
            Ok(row) => row.map(|(game, ply, notation)| Told {
                game: GameId(game),
                ply: u32::try_from(ply).unwrap_or(u32::MAX),
                notation,
            }),
            Err(e) => {
                self.error(format!("moves can't be read: {e}"));
                None
            }
        }
    }

    /// Waits until `done` holds, taking in events as they come. A kill interrupts; the end of
    /// the run does not (answers still owed are waited for).
    async fn wait_until(
        &mut self,
        what: &str,
        limit: Duration,
        done: impl Fn(&Pair) -> bool,
    ) -> Step {
        let deadline = tokio::time::Instant::now() + limit;
        loop {
            if done(self) {
                return Ok(());
            }
            tokio::select! {
                event = self.events.recv() => match event {
                    Some(event) => self.absorb(event),
                    None => return Err(Interrupt::Stopping),
                },
                changed = self.phase.changed() => {
                    if changed.is_err() {
                        return Err(Interrupt::Stopping);
                    }
                    if matches!(*self.phase.borrow(), Phase::Down) {
                        return Err(Interrupt::Down);
                    }
                }
                changed = self.killed.changed() => {
                    if changed.is_err() {
                        return Err(Interrupt::Stopping);
                    }
                    if self.give_up_held_by_killed() {
                        return Err(Interrupt::WorkerKilled);
                    }
                }
                () = tokio::time::sleep_until(deadline) => {
                    return Err(Interrupt::Timeout(what.to_owned()));
                }
            }
        }
    }

    /// Takes in one thing the bot did: times it, and notes what it tells the players.
    /// Answers to interactions no longer pending (given up after a kill or a timeout) are
    /// only counted.
    fn absorb(&mut self, event: Event) {
        match event {
            Event::Callback {
                interaction,
                at,
                json,
                delivery,
            } => {
                let Some(pending) = self.pending.get(&interaction) else {
                    return;
                };
                let took = at.duration_since(pending.sent);
                let l = &mut self.report.latencies;
                match pending.kind {
                    Kind::Challenge { .. } => l.challenge.push(took),
                    Kind::Accept { .. } => l.accept.push(took),
                    Kind::Autocomplete => l.autocomplete.push(took),
                    Kind::Move { .. } => l.move_first.push(took),
                }
                self.report.answered += 1;
                self.report.first_answer.get_or_insert(at);
                let deferred =
                    [DEFERRED, DEFERRED_UPDATE].contains(&json["type"].as_u64().unwrap_or(0));
                if deferred {
                    self.report.deferred += 1;
                }
                if let Some(trace) = self.report.traces.get_mut(&interaction) {
                    trace.first = Some(at);
                    trace.deferred = deferred;
                }
                self.take_in(interaction, at, |p| p.callback(json, delivery.as_ref()));
            }
            Event::Words {
                interaction,
                content,
                buttons,
                delivery,
            } => self.take_in(interaction, Instant::now(), |p| {
                p.words(&content, &buttons, &delivery)
            }),
            Event::Board {
                at,
                buttons,
                png,
                answering,
            } => self.see_board(at, &buttons, png, answering),
            Event::Notice { content } => match reminded_game(&content) {
                Some(game) => *self.report.reminders.entry(game).or_default() += 1,
                None => self.error(format!("unexpected message: {content}")),
            },
        }
    }

    /// A board: which game and ply it shows, and whose it is. A board that answers an
    /// interaction is that interaction's; a channel message is the board an interaction waits
    /// for when its answer could not carry it (a move's game and ply, or a new game's first
    /// board), or one nobody waits for (a loss on time).
    fn see_board(&mut self, at: Instant, buttons: &[String], png: usize, answering: Option<u64>) {
        self.report.pngs += 1;
        self.report.png_bytes += png as u64;
        let Some(board) = Board::of(buttons) else {
            return self.error(format!("a board with buttons {buttons:?}"));
        };
        if board.ply.is_none() {
            *self.report.final_boards.entry(board.game).or_default() += 1;
        }
        let new_game = !self.report.games.contains(&board.game);
        let whose = match answering {
            Some(id) => Some(id),
            None => self
                .pending
                .iter()
                .find(|(_, p)| p.waits_for(board, new_game))
                .map(|(&id, _)| id),
        };
        if let Some(id) = whose {
            self.take_in(id, at, |p| p.board(board, answering.is_some()));
        }
    }

    /// Lets pending interaction `id` (if it still is) read what came at `at`, then notes what
    /// that tells: the time its board took, a move applied (the ledger) or refused, and any
    /// answer it should not have got.
    fn take_in(
        &mut self,
        id: u64,
        at: Instant,
        read: impl FnOnce(&mut Pending) -> Result<(), String>,
    ) {
        let Some(pending) = self.pending.get_mut(&id) else {
            return;
        };
        let (had_board, was_refused) = (pending.board.is_some(), pending.refusal.is_some());
        let read = read(pending);
        let took = at.duration_since(pending.sent);
        let what = match &pending.kind {
            Kind::Move { told, .. } => {
                if pending.applied() {
                    self.report.told.insert(id.to_string(), told.clone());
                }
                if !was_refused && pending.refusal.is_some() && !pending.try_again {
                    self.report.refused.push(id.to_string());
                }
                if !had_board && pending.board.is_some() {
                    self.report.latencies.move_image.push(took);
                }
                format!("/move {}", told.notation)
            }
            Kind::Accept { .. } => {
                if !had_board && pending.board.is_some() {
                    self.report.latencies.accept_image.push(took);
                }
                "Accept".to_owned()
            }
            Kind::Challenge { .. } => "/challenge".to_owned(),
            Kind::Autocomplete => "/move suggestions".to_owned(),
        };
        if let Some(trace) = self.report.traces.get_mut(&id) {
            if pending.settled() && trace.served.is_none() && pending.refusal.is_none() {
                trace.served = Some(at);
            }
            trace.try_again = pending.try_again;
            trace.refused = pending.refusal.is_some() && !pending.try_again;
        } else if !was_refused && pending.try_again {
            self.error(format!("{what} (interaction {id}): told to try again"));
        }
        if let Err(e) = read {
            self.error(format!("{what} (interaction {id}): {e}"));
        }
    }

    fn push(&mut self, id: u64, kind: Kind, mut payload: Value) -> Step {
        payload["channel_id"] = json!(self.channel.to_string());
        payload["channel"]["id"] = json!(self.channel.to_string());
        if self.shared.spread {
            payload = in_guild(payload, ids::guild(self.index));
        }
        if matches!(*self.phase.borrow(), Phase::Stopping) {
            return Err(Interrupt::Stopping);
        }
        let sent = self
            .shared
            .push(self.shard, payload)
            .ok_or(Interrupt::Down)?;
        self.report.pushed += 1;
        if self.shared.database.is_some() {
            let trace = Trace {
                pair: self.index,
                sent,
                changes: !matches!(kind, Kind::Autocomplete),
                first: None,
                deferred: false,
                served: None,
                try_again: false,
                refused: false,
                unsuggested: false,
            };
            self.report.traces.insert(id, trace);
        }
        self.pending.insert(id, Pending::new(kind, sent));
        Ok(())
    }

    /// Thinks before acting, when the run says players think: a random time between half and
    /// one and a half times the mean.
    async fn think(&mut self) {
        if !self.shared.think.is_zero() {
            let think = self.shared.think.mul_f64(self.rng.random_range(0.5..1.5));
            tokio::time::sleep(think).await;
        }
    }

    fn next_id(&mut self) -> u64 {
        self.sequence += 1;
        ids::interaction(self.index, self.sequence)
    }

    /// Whether interaction `id` came to something (see [`Pending::settled`]).
    fn settled(&self, id: u64) -> bool {
        self.pending.get(&id).is_some_and(Pending::settled)
    }

    fn callback(&self, id: u64) -> Value {
        self.pending
            .get(&id)
            .and_then(|p| p.callback.clone())
            .unwrap_or(Value::Null)
    }

    fn error(&mut self, message: String) {
        let message = format!("pair {}: {message}", self.index);
        self.report.error(message);
    }
}

/// The game a reminder ("⏰ …, it is still your move in game #N…") is about.
fn reminded_game(content: &str) -> Option<GameId> {
    let rest = content.strip_prefix('⏰')?;
    let number = rest.split("game #").nth(1)?;
    let digits: String = number.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok().map(GameId)
}
