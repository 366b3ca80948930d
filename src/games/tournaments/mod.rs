//! Tournaments in a server: sign-ups, rounds paired by the `monkey-queen-pairing` crate
//! (round robin by Berger tables, Swiss by the Dutch system), each pairing an ordinary game,
//! standings with tie-breaks, withdrawals and results changed by the organiser.
//!
//! A tournament's state lives in the database and changes only in transactions that hold its
//! lock ([`storage::Key::Tournament`]). The next round is paired in the transaction that
//! finishes the round's last game (see `rounds`), so a restart or a second process never
//! pairs a round twice nor loses one, and a result that lands while a round is being paired
//! waits for it and is counted once. Each round's pairings and the final standings are queued
//! in the outbox in those same transactions (see [`super::Announced`]).

mod crosstable;
mod page;
mod rounds;
mod view;

use monkey_queen_core::GameOptions;

use super::standings::Window;
use super::view::color_of;
use super::{GameService, GuildId, Page, PlayerRef, Result, UserError, UserId};
use crate::model::{
    ChannelId, Lang, MessageId, PairingResult, Reach, TournamentFormat, TournamentId,
    TournamentStatus,
};
use crate::storage::{self, Conn, Key, NewTournamentRow, Owed};

pub use page::TournamentPage;
pub use rounds::TIMEOUTS_TO_WITHDRAW;
pub(super) use rounds::game_ended;
pub use view::{TournamentStanding, TournamentView, score_text};

pub use crate::model::{Entrant, LogLine, Pairing, Tournament};

/// The longest tournament name.
pub const MAX_NAME_CHARS: usize = 80;
/// The most rounds a Swiss tournament may have.
pub const MAX_SWISS_ROUNDS: u32 = 11;
/// The most players a tournament may take.
pub const MAX_PLAYERS: u32 = 128;
/// The most rounds a round robin may have. Each round waits for its slowest game, so this
/// bounds how long one lasts (31 rounds: a month at a round a day), and the crosstable has
/// a column per round.
pub const MAX_ROUND_ROBIN_ROUNDS: u32 = 31;
/// The most players a round robin may take: 31 rounds.
pub const MAX_ROUND_ROBIN_PLAYERS: u32 = 32;
/// The most players a double round robin may take: 30 rounds (17 would need 34).
pub const MAX_DOUBLE_ROUND_ROBIN_PLAYERS: u32 = 16;
/// How many tournaments a server may be taking sign-ups for or running at once.
pub const MAX_OPEN_TOURNAMENTS: usize = 10;

/// A new tournament, as its organiser asks for it.
#[derive(Debug, Clone)]
pub struct NewTournament {
    /// Who asks; they become its organiser.
    pub organiser: Organiser,
    /// Their display name.
    pub organiser_name: String,
    /// The server.
    pub guild: GuildId,
    /// Where its message and games go.
    pub channel: ChannelId,
    /// How the bot reaches that channel: it must be able to post there.
    pub reach: Reach,
    /// Its name.
    pub name: String,
    /// Round robin, or Swiss with [`Self::rounds`] rounds.
    pub format: TournamentFormat,
    /// A Swiss tournament's rounds (ignored for round robin).
    pub rounds: u32,
    /// A round robin played twice, colours reversed in the second cycle (ignored for Swiss).
    pub double: bool,
    /// Board size, queen height, pie rule of its games.
    pub options: GameOptions,
    /// Its games' clock per move (`None`: no clock).
    pub move_time_ms: Option<i64>,
    /// Whether its games are rated.
    pub rated: bool,
    /// How many may join.
    pub max_players: u32,
    /// When it starts by itself (`None`: the organiser starts it).
    pub starts_ms: Option<i64>,
    /// The language of its public messages.
    pub lang: Lang,
}

/// Who asks for an organiser's action, and whether they have Manage Server in that server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Organiser {
    /// The person.
    pub user: UserId,
    /// Whether they have the Manage Server permission there.
    pub manages_server: bool,
}

/// A tournament's games as records, and the tournament as a TRF-16 file.
#[derive(Debug, Clone, PartialEq)]
pub struct TournamentExport {
    /// Every game's record (R9.3), round by round, each under a line naming it.
    pub records: String,
    /// The FIDE Tournament Report File.
    pub trf: String,
}

/// The tournaments' service: sign-ups, rounds paired as their games end, results replaced by
/// the organiser, standings and exports. Its rounds are games of the game service it is built
/// on (see [`GameService::tournaments`]); the round after the last game is paired inside the
/// transaction that finishes that game.
#[derive(Clone)]
pub struct TournamentService {
    games: GameService,
}

impl GameService {
    /// The tournaments' service, over this game service.
    #[must_use]
    pub fn tournaments(&self) -> TournamentService {
        TournamentService {
            games: self.clone(),
        }
    }
}

impl TournamentService {
    /// Creates a tournament taking sign-ups, and returns it. Only members with Manage Server
    /// may, or anyone where the server allows organisers (see [`super::SettingsChange`]).
    ///
    /// # Errors
    /// [`UserError::TournamentNeedsBot`], [`UserError::NotOrganiser`],
    /// [`UserError::BadTournamentName`], [`UserError::BadRounds`],
    /// [`UserError::BadPlayerLimit`], [`UserError::RoundRobinTooLarge`],
    /// [`UserError::BadTimeLimit`],
    /// [`UserError::StartInPast`], [`UserError::TooManyTournaments`]; internal errors.
    pub async fn create(&self, new: NewTournament) -> Result<TournamentView> {
        let now = self.games.now_ms();
        if new.reach != Reach::Channel {
            return Err(UserError::TournamentNeedsBot.into());
        }
        let name = new.name.trim();
        if name.is_empty() || name.chars().count() > MAX_NAME_CHARS {
            return Err(UserError::BadTournamentName {
                max: MAX_NAME_CHARS,
            }
            .into());
        }
        let rounds = match new.format {
            TournamentFormat::Swiss if !(1..=MAX_SWISS_ROUNDS).contains(&new.rounds) => {
                return Err(UserError::BadRounds {
                    max: MAX_SWISS_ROUNDS,
                }
                .into());
            }
            TournamentFormat::Swiss => new.rounds,
            TournamentFormat::RoundRobin => 0,
        };
        let cycles = match new.format {
            TournamentFormat::RoundRobin if new.double => 2,
            TournamentFormat::RoundRobin | TournamentFormat::Swiss => 1,
        };
        if !(2..=MAX_PLAYERS).contains(&new.max_players) {
            return Err(UserError::BadPlayerLimit {
                min: 2,
                max: MAX_PLAYERS,
            }
            .into());
        }
        if new.format == TournamentFormat::RoundRobin {
            let max = max_round_robin_players(cycles);
            if new.max_players > max {
                return Err(UserError::RoundRobinTooLarge {
                    players: new.max_players,
                    rounds: round_robin_rounds(new.max_players, cycles),
                    cycles,
                    max,
                    max_rounds: round_robin_rounds(max, cycles),
                }
                .into());
            }
        }
        if let Some(ms) = new.move_time_ms.filter(|&ms| ms <= 0) {
            return Err(UserError::BadTimeLimit(ms).into());
        }
        if new.starts_ms.is_some_and(|at| at <= now) {
            return Err(UserError::StartInPast.into());
        }
        let mut tx = self.games.db.begin_write().await?;
        storage::lock(&mut tx, &[Key::Guild(new.guild)]).await?;
        self.check_organiser(&mut tx, new.guild, new.organiser, None)
            .await?;
        let open = storage::guild_tournaments(&mut tx, new.guild, 0, 100)
            .await?
            .iter()
            .filter(|t| t.status != TournamentStatus::Finished)
            .count();
        if open >= MAX_OPEN_TOURNAMENTS {
            tx.rollback().await?;
            return Err(UserError::TooManyTournaments {
                limit: MAX_OPEN_TOURNAMENTS,
            }
            .into());
        }
        storage::upsert_player(&mut tx, new.organiser.user, &new.organiser_name, now).await?;
        let id = storage::insert_tournament(
            &mut tx,
            &NewTournamentRow {
                guild: new.guild,
                channel: new.channel,
                name,
                format: new.format,
                rounds,
                cycles,
                options: new.options,
                move_time_ms: new.move_time_ms,
                rated: new.rated,
                max_players: new.max_players,
                starts_ms: new.starts_ms,
                organiser: new.organiser.user,
                lang: new.lang,
                created_ms: now,
            },
        )
        .await?;
        let view = view_of(&mut tx, id).await?;
        tx.commit().await?;
        Ok(view)
    }

    /// Remembers where the tournament's message (and its thread) are: later rounds are
    /// announced there.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn set_message(
        &self,
        id: TournamentId,
        message: MessageId,
        thread: Option<ChannelId>,
    ) -> Result<()> {
        let mut conn = self.games.db.write().await?;
        storage::set_tournament_message(&mut conn, id, message, thread).await?;
        Ok(())
    }

    /// A tournament of `guild` as it stands.
    ///
    /// # Errors
    /// [`UserError::NoSuchTournament`] (also for another server's); internal errors.
    pub async fn get(&self, guild: GuildId, id: TournamentId) -> Result<TournamentView> {
        let mut conn = self.games.db.read().await?;
        let view = view_of(&mut conn, id).await?;
        if view.tournament.guild != guild {
            return Err(UserError::NoSuchTournament(id).into());
        }
        Ok(view)
    }

    /// A tournament by number, whatever its server: for the operator's command line, never
    /// for an answer to a member (see [`Self::tournament`]).
    ///
    /// # Errors
    /// [`UserError::NoSuchTournament`]; internal errors.
    pub async fn find(&self, id: TournamentId) -> Result<TournamentView> {
        let mut conn = self.games.db.read().await?;
        view_of(&mut conn, id).await
    }

    /// A page of a server's tournaments, newest first.
    ///
    /// # Errors
    /// [`UserError::NoSuchPage`]; internal errors.
    pub async fn list(
        &self,
        guild: GuildId,
        page: u32,
        page_size: u32,
    ) -> Result<Page<Tournament>> {
        let mut conn = self.games.db.read().await?;
        let total = storage::count_guild_tournaments(&mut conn, guild).await?;
        let window = Window::new(page, page_size, total);
        if window.page != page {
            return Err(UserError::NoSuchPage {
                page,
                total_pages: window.total_pages,
            }
            .into());
        }
        let rows = storage::guild_tournaments(&mut conn, guild, window.offset, window.size).await?;
        Ok(window.page(rows, total))
    }

    /// Signs `player` up for a tournament taking sign-ups.
    ///
    /// # Errors
    /// [`UserError::NoSuchTournament`], [`UserError::TournamentStarted`],
    /// [`UserError::TournamentOver`], [`UserError::TournamentFull`],
    /// [`UserError::AlreadyJoined`]; internal errors.
    pub async fn join(
        &self,
        guild: GuildId,
        id: TournamentId,
        player: &PlayerRef,
    ) -> Result<TournamentView> {
        let now = self.games.now_ms();
        let mut tx = self.games.db.begin_write().await?;
        storage::lock(&mut tx, &[Key::Tournament(id)]).await?;
        let view = in_guild(view_of(&mut tx, id).await, guild, id)?;
        let refusal = match view.tournament.status {
            TournamentStatus::Running => Some(UserError::TournamentStarted),
            TournamentStatus::Finished => Some(UserError::TournamentOver),
            TournamentStatus::SignUp if view.entry(player.id).is_some() => {
                Some(UserError::AlreadyJoined)
            }
            TournamentStatus::SignUp
                if view.entries.len() >= view.tournament.max_players as usize =>
            {
                Some(UserError::TournamentFull {
                    limit: view.tournament.max_players,
                })
            }
            TournamentStatus::SignUp => None,
        };
        if let Some(refusal) = refusal {
            tx.rollback().await?;
            return Err(refusal.into());
        }
        storage::upsert_player(&mut tx, player.id, &player.name, now).await?;
        let rating = super::end::current_rating(&mut tx, player.id, now).await?;
        storage::insert_entry(&mut tx, id, player.id, rating.rating, now).await?;
        let view = view_of(&mut tx, id).await?;
        tx.commit().await?;
        self.games.tournament_changed(id);
        Ok(view)
    }

    /// Takes `user` out of a tournament: off the list before the start; withdrawn after it
    /// (their game being played is lost, their remaining games are forfeits).
    ///
    /// # Errors
    /// [`UserError::NoSuchTournament`], [`UserError::NotJoined`],
    /// [`UserError::AlreadyWithdrawn`], [`UserError::TournamentOver`]; internal errors.
    pub async fn leave(
        &self,
        guild: GuildId,
        id: TournamentId,
        user: UserId,
    ) -> Result<TournamentView> {
        self.withdraw(guild, id, user, None).await
    }

    /// Withdraws `player` from a running tournament on the organiser's word (or takes them
    /// off the list before the start), and logs it.
    ///
    /// # Errors
    /// As [`Self::leave_tournament`] ([`UserError::NotEntered`] for someone not in it), and
    /// [`UserError::NotOrganiser`].
    pub async fn withdraw_player(
        &self,
        guild: GuildId,
        id: TournamentId,
        by: Organiser,
        player: UserId,
    ) -> Result<TournamentView> {
        self.withdraw(guild, id, player, Some(by)).await
    }

    /// Starts a tournament taking sign-ups: seats its players by rating and pairs round 1.
    ///
    /// # Errors
    /// [`UserError::NoSuchTournament`], [`UserError::NotOrganiser`],
    /// [`UserError::TournamentStarted`], [`UserError::TournamentOver`],
    /// [`UserError::TooFewPlayers`]; internal errors.
    pub async fn start(
        &self,
        guild: GuildId,
        id: TournamentId,
        by: Organiser,
    ) -> Result<TournamentView> {
        let now = self.games.now_ms();
        let mut tx = self.games.db.begin_write().await?;
        storage::lock(&mut tx, &[Key::Tournament(id)]).await?;
        let view = in_guild(view_of(&mut tx, id).await, guild, id)?;
        let checked = self
            .check_organiser(&mut tx, guild, by, Some(&view.tournament))
            .await;
        if let Err(refusal) = checked {
            tx.rollback().await?;
            return Err(refusal);
        }
        if let Err(refusal) = rounds::start(&self.games, &mut tx, &view, now).await? {
            tx.rollback().await?;
            return Err(refusal.into());
        }
        let view = view_of(&mut tx, id).await?;
        tx.commit().await?;
        self.publish_round(&view);
        Ok(view)
    }

    /// Starts every tournament whose start time has come (or, with too few players, ends it
    /// unplayed), each in its own transaction; returns them. For the sweep.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn start_due(&self) -> Result<Vec<TournamentView>> {
        let now = self.games.now_ms();
        let due = {
            let mut conn = self.games.db.read().await?;
            storage::due_tournaments(&mut conn, now).await?
        };
        let mut started = Vec::with_capacity(due.len());
        for id in due {
            let mut tx = self.games.db.begin_write().await?;
            if !storage::try_lock(&mut tx, &[Key::Tournament(id)]).await? {
                tx.rollback().await?;
                continue;
            }
            let view = view_of(&mut tx, id).await?;
            if view.tournament.status != TournamentStatus::SignUp {
                tx.rollback().await?;
                continue;
            }
            if rounds::start(&self.games, &mut tx, &view, now)
                .await?
                .is_err()
            {
                // Too few players: it ends unplayed, and says so.
                storage::finish_tournament(&mut tx, id, now).await?;
                self.games
                    .queue(&mut tx, Owed::Final { tournament: id }, now)
                    .await?;
            }
            let view = view_of(&mut tx, id).await?;
            tx.commit().await?;
            self.publish_round(&view);
            started.push(view);
        }
        Ok(started)
    }

    /// Replaces a decided result by the organiser's word (`winner` wins it), and logs it.
    /// Rounds already paired stay as they are.
    ///
    /// # Errors
    /// [`UserError::NoSuchTournament`], [`UserError::NotOrganiser`],
    /// [`UserError::TournamentNotStarted`], [`UserError::NoSuchPairing`],
    /// [`UserError::ResultPending`], [`UserError::NotInPairing`]; internal errors.
    pub async fn set_result(
        &self,
        guild: GuildId,
        id: TournamentId,
        by: Organiser,
        round: u32,
        board: u32,
        winner: UserId,
    ) -> Result<TournamentView> {
        let now = self.games.now_ms();
        let mut tx = self.games.db.begin_write().await?;
        storage::lock(&mut tx, &[Key::Tournament(id)]).await?;
        let view = in_guild(view_of(&mut tx, id).await, guild, id)?;
        let refusal = match self
            .check_organiser(&mut tx, guild, by, Some(&view.tournament))
            .await
        {
            Err(refusal) => Some(refusal),
            Ok(()) => checked_result(&view, round, board, winner)
                .err()
                .map(Into::into),
        };
        if let Some(refusal) = refusal {
            tx.rollback().await?;
            return Err(refusal);
        }
        let pairing = checked_result(&view, round, board, winner)?;
        let result = if winner == pairing.white {
            PairingResult::White
        } else {
            PairingResult::Black
        };
        storage::set_pairing_result(&mut tx, id, round, board, result).await?;
        let line = format!(
            "round {round} board {board}: {} -> {} (won by {})",
            pairing.result,
            result,
            view.name_of(winner)
        );
        storage::log_change(&mut tx, id, by.user, &line, now).await?;
        let view = view_of(&mut tx, id).await?;
        tx.commit().await?;
        self.games.tournament_changed(id);
        Ok(view)
    }

    /// The organiser's log of a tournament, oldest first.
    ///
    /// # Errors
    /// [`UserError::NoSuchTournament`]; internal errors.
    pub async fn log(&self, guild: GuildId, id: TournamentId) -> Result<Vec<LogLine>> {
        self.get(guild, id).await?;
        let mut conn = self.games.db.read().await?;
        Ok(storage::change_log(&mut conn, id).await?)
    }

    /// Every game of a tournament as a record, and the tournament as a TRF file.
    ///
    /// # Errors
    /// [`UserError::NoSuchTournament`]; internal errors.
    pub async fn export(&self, guild: GuildId, id: TournamentId) -> Result<TournamentExport> {
        let view = self.get(guild, id).await?;
        let mut records = String::new();
        for pairing in &view.pairings {
            let Some(game) = pairing.game else { continue };
            let record = self.games.record(game).await?;
            let (white, black) = (&record.game.white.name, &record.game.black.name);
            records.push_str(&format!(
                "# {}, round {}, board {}: {white} (White) - {black} (Black), {}\n{}\n\n",
                view.tournament.name,
                pairing.round,
                pairing.board,
                score_text(pairing.result),
                record.record
            ));
        }
        Ok(TournamentExport {
            records,
            trf: view.trf(),
        })
    }

    /// Refuses `by` unless they may organise in `guild`: Manage Server, or (where the server
    /// allows organisers) anyone creating, and the tournament's own organiser after.
    async fn check_organiser(
        &self,
        conn: &mut Conn,
        guild: GuildId,
        by: Organiser,
        tournament: Option<&Tournament>,
    ) -> Result<()> {
        if by.manages_server {
            return Ok(());
        }
        let allowed = storage::guild_settings(conn, guild)
            .await?
            .unwrap_or_default()
            .tournament_organisers
            && tournament.is_none_or(|t| t.organiser == by.user);
        if allowed {
            Ok(())
        } else {
            Err(UserError::NotOrganiser.into())
        }
    }

    /// Withdraws `user` (by their own wish, or `by` the organiser's), in one transaction
    /// holding the tournament and, for a game they are playing, that game's keys.
    async fn withdraw(
        &self,
        guild: GuildId,
        id: TournamentId,
        user: UserId,
        by: Option<Organiser>,
    ) -> Result<TournamentView> {
        let now = self.games.now_ms();
        // The game being played is read first, for its keys; if it moves on before the
        // transaction takes it, the withdrawal is tried again with the game as it is then.
        for _ in 0..3 {
            let playing = {
                let mut conn = self.games.db.read().await?;
                rounds::game_being_played(&mut conn, id, user).await?
            };
            let mut keys = vec![Key::Tournament(id)];
            if let Some(game) = &playing {
                keys.extend(super::end::finish_keys(game));
            }
            let mut tx = self.games.db.begin_write().await?;
            storage::lock(&mut tx, &keys).await?;
            let view = in_guild(view_of(&mut tx, id).await, guild, id)?;
            if let Some(by) = by {
                let checked = self
                    .check_organiser(&mut tx, guild, by, Some(&view.tournament))
                    .await;
                if let Err(refusal) = checked {
                    tx.rollback().await?;
                    return Err(refusal);
                }
            }
            let refusal = match (view.tournament.status, view.entry(user)) {
                (TournamentStatus::Finished, _) => Some(UserError::TournamentOver),
                (_, None) if by.is_none() => Some(UserError::NotJoined),
                (_, None) => Some(UserError::NotEntered),
                (_, Some(entry)) if entry.withdrawn_round.is_some() => {
                    Some(UserError::AlreadyWithdrawn)
                }
                _ => None,
            };
            if let Some(refusal) = refusal {
                tx.rollback().await?;
                return Err(refusal.into());
            }
            if view.tournament.status == TournamentStatus::SignUp {
                storage::delete_entry(&mut tx, id, user).await?;
            } else {
                let round = view.tournament.round;
                storage::withdraw_entry(&mut tx, id, user, round).await?;
                if let Some(by) = by {
                    let line = format!("round {round}: {} withdrawn", view.name_of(user));
                    storage::log_change(&mut tx, id, by.user, &line, now).await?;
                }
                if let Some(game) = playing {
                    let Some(color) = color_of(game.white, game.black, user) else {
                        tx.rollback().await?;
                        continue;
                    };
                    let reason = crate::model::EndReason::Resignation;
                    // Ends the game; its result may complete the round, paired here too.
                    if self
                        .games
                        .settle(&mut tx, &game, color.other(), reason, now)
                        .await?
                        .is_none()
                    {
                        tx.rollback().await?;
                        continue;
                    }
                    self.games.changed(game.id);
                } else {
                    rounds::advance(&self.games, &mut tx, id, now).await?;
                }
            }
            let view = view_of(&mut tx, id).await?;
            tx.commit().await?;
            self.publish_round(&view);
            return Ok(view);
        }
        Err(UserError::PositionChanged.into())
    }

    /// Tells the faces that the tournament changed and that the games of its current round
    /// may have started. Also rings the outbox for the round's announcement (or the final one).
    fn publish_round(&self, view: &TournamentView) {
        self.games.tournament_changed(view.tournament.id);
        for pairing in view.round_pairings(view.tournament.round) {
            if let Some(game) = pairing.game {
                self.games.changed(game);
            }
        }
        self.games.ring_if_owed();
    }
}

/// The rounds a round robin of `players` plays, each pair meeting `cycles` times: `n − 1` a
/// cycle, or `n` with a bye each round when `n` is odd.
#[must_use]
pub fn round_robin_rounds(players: u32, cycles: u32) -> u32 {
    let per_cycle = if players.is_multiple_of(2) {
        players.saturating_sub(1)
    } else {
        players
    };
    per_cycle.saturating_mul(cycles)
}

/// The most players a round robin whose pairs meet `cycles` times may take.
#[must_use]
pub fn max_round_robin_players(cycles: u32) -> u32 {
    if cycles >= 2 {
        MAX_DOUBLE_ROUND_ROBIN_PLAYERS
    } else {
        MAX_ROUND_ROBIN_PLAYERS
    }
}

/// A tournament with its players and pairings.
pub(super) async fn view_of(conn: &mut Conn, id: TournamentId) -> Result<TournamentView> {
    let tournament = storage::tournament(conn, id)
        .await?
        .ok_or(UserError::NoSuchTournament(id))?;
    let entries = storage::entries(conn, id).await?;
    let pairings = storage::pairings(conn, id).await?;
    Ok(TournamentView {
        tournament,
        entries,
        pairings,
    })
}

/// `view` if it belongs to `guild` (another server's tournament is not named there).
fn in_guild(
    view: Result<TournamentView>,
    guild: GuildId,
    id: TournamentId,
) -> Result<TournamentView> {
    match view {
        Ok(view) if view.tournament.guild == guild => Ok(view),
        Ok(_) => Err(UserError::NoSuchTournament(id).into()),
        Err(e) => Err(e),
    }
}

/// The pairing whose result the organiser may replace with a win for `winner`.
fn checked_result(
    view: &TournamentView,
    round: u32,
    board: u32,
    winner: UserId,
) -> std::result::Result<Pairing, UserError> {
    if view.tournament.status == TournamentStatus::SignUp {
        return Err(UserError::TournamentNotStarted);
    }
    let pairing = view
        .pairings
        .iter()
        .find(|p| p.round == round && p.board == board)
        .filter(|p| p.result != PairingResult::Bye)
        .ok_or(UserError::NoSuchPairing { round, board })?;
    if pairing.result == PairingResult::Pending {
        return Err(UserError::ResultPending);
    }
    if winner != pairing.white && Some(winner) != pairing.black {
        return Err(UserError::NotInPairing);
    }
    Ok(*pairing)
}
