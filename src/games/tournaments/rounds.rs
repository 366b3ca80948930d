//! A tournament's rounds: the start, pairing each round when the one before is complete,
//! results as games end, withdrawals after two losses on time in a row, and the end.
//! Everything here runs in the caller's transaction, which holds the tournament's lock.

use monkey_queen_core::{Color, Position};
use monkey_queen_pairing::{
    Player, PlayerId, Round, double_round_robin, pair_swiss_with_total, round_robin,
};

use super::view::pairing_colour;
use super::{TournamentView, round_robin_rounds, view_of};
use crate::games::{GameResult, GameService, Result, UserError};
use crate::model::{
    EndReason, GameStatus, Pairing, PairingResult, Reach, TournamentFormat, TournamentId,
    TournamentStatus, UserId,
};
use crate::storage::{self, Conn, GameRow, NewGameRow, Owed};

/// Losses on time in a row that withdraw a player.
pub const TIMEOUTS_TO_WITHDRAW: u32 = 2;

/// Starts a tournament taking sign-ups: seats the players by rating (best first, then by
/// who joined first), fixes the number of rounds, draws a Swiss's initial colour by lot
/// (stored with the start, so every later round, in any process, pairs with the same), and
/// pairs round 1. The refusal if it has too few players, or was started meanwhile.
pub(super) async fn start(
    service: &GameService,
    conn: &mut Conn,
    view: &TournamentView,
    now: i64,
) -> Result<std::result::Result<(), UserError>> {
    let t = &view.tournament;
    match t.status {
        TournamentStatus::SignUp => {}
        TournamentStatus::Running => return Ok(Err(UserError::TournamentStarted)),
        TournamentStatus::Finished => return Ok(Err(UserError::TournamentOver)),
    }
    let n = u32::try_from(view.entries.len()).unwrap_or(u32::MAX);
    let (need, rounds) = match t.format {
        // Everyone meets everyone (twice in a double round robin): n − 1 rounds a cycle, or
        // n with a bye each round.
        TournamentFormat::RoundRobin => (2, round_robin_rounds(n, t.cycles)),
        // More rounds than opponents would force repeats.
        TournamentFormat::Swiss => (t.rounds + 1, t.rounds),
    };
    if n < need {
        return Ok(Err(UserError::TooFewPlayers { need }));
    }
    let mut seats = Vec::with_capacity(view.entries.len());
    for entry in &view.entries {
        let rating = crate::games::end::current_rating(conn, entry.user, now).await?;
        seats.push((entry.user, rating.rating, entry.joined_ms));
    }
    seats.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.2.cmp(&b.2)).then(a.0.cmp(&b.0)));
    for (seat, (user, rating, _)) in seats.into_iter().enumerate() {
        let seat = u32::try_from(seat).unwrap_or(u32::MAX);
        storage::seat_entry(conn, t.id, user, seat, rating).await?;
    }
    let initial_color = match t.format {
        TournamentFormat::Swiss => draw_initial_color(),
        // Not used: a round robin's colours are its Berger table's.
        TournamentFormat::RoundRobin => Color::White,
    };
    if !storage::start_tournament(conn, t.id, rounds, initial_color, now).await? {
        return Ok(Err(UserError::TournamentStarted));
    }
    advance(service, conn, t.id, now).await?;
    Ok(Ok(()))
}

/// A Swiss's initial colour drawn by lot (FIDE Dutch system, 2016 text E.5, 2026 text
/// Art. 5): White or Black with even chances, from the operating system's randomness.
fn draw_initial_color() -> Color {
    let mut byte = [0u8; 1];
    getrandom::fill(&mut byte).expect("the operating system's randomness");
    if byte[0] & 1 == 0 {
        Color::White
    } else {
        Color::Black
    }
}

/// Moves a running tournament on as far as its results allow: once no pairing of the
/// current round is pending, pairs the next round, or ends the tournament after its last
/// round (or when no pairing is possible any more).
pub(super) async fn advance(
    service: &GameService,
    conn: &mut Conn,
    id: TournamentId,
    now: i64,
) -> Result<()> {
    loop {
        let view = view_of(conn, id).await?;
        let t = &view.tournament;
        if t.status != TournamentStatus::Running {
            return Ok(());
        }
        if view
            .round_pairings(t.round)
            .any(|p| p.result == PairingResult::Pending)
        {
            return Ok(());
        }
        let playing = view
            .entries
            .iter()
            .filter(|e| e.withdrawn_round.is_none())
            .count();
        let out_of_players = t.format == TournamentFormat::Swiss && playing < 2;
        if t.round >= t.rounds || out_of_players || !pair_round(service, conn, &view, now).await? {
            storage::finish_tournament(conn, id, now).await?;
            service
                .queue(conn, Owed::Final { tournament: id }, now)
                .await?;
            return Ok(());
        }
    }
}

/// Pairs the round after `view`'s current one, starts its games and queues their first
/// boards and the round's announcement. `false` if no pairing is possible (a Swiss round
/// that would have to repeat games).
async fn pair_round(
    service: &GameService,
    conn: &mut Conn,
    view: &TournamentView,
    now: i64,
) -> Result<bool> {
    let t = &view.tournament;
    let round = t.round + 1;
    let (players, history) = view.pairing_input();
    let paired = match t.format {
        // Knowing the rounds in all lets the last one pair its topscorers as the Dutch
        // system allows.
        TournamentFormat::Swiss => {
            let total = usize::try_from(t.rounds).unwrap_or(usize::MAX);
            let initial = pairing_colour(t.initial_color);
            pair_swiss_with_total(&players, &history, total, initial).ok()
        }
        TournamentFormat::RoundRobin => {
            let table = if t.cycles >= 2 {
                double_round_robin(players.len())
            } else {
                round_robin(players.len())
            };
            table.ok().and_then(|mut rounds| {
                let index = usize::try_from(round - 1).ok()?;
                (index < rounds.len()).then(|| rounds.swap_remove(index))
            })
        }
    };
    let Some(paired) = paired else {
        return Ok(false);
    };
    let pairings = pairings_of(view, &players, &paired, round);
    for mut pairing in pairings {
        if pairing.result == PairingResult::Pending {
            pairing.game = Some(start_game(service, conn, view, &pairing, now).await?);
            // Counted as its round's transaction writes it.
            crate::games::measures::game_started("tournament");
        }
        storage::insert_pairing(conn, t.id, &pairing).await?;
    }
    storage::set_round(conn, t.id, round).await?;
    let owed = Owed::Round {
        tournament: t.id,
        round,
    };
    service.queue(conn, owed, now).await?;
    Ok(true)
}

/// The stored pairings of round `round` as `paired` made it: a game between two players
/// still in, a forfeit won by the one still in, nothing when both have withdrawn, and the
/// byes last (of players still in).
fn pairings_of(
    view: &TournamentView,
    players: &[Player],
    paired: &Round,
    round: u32,
) -> Vec<Pairing> {
    let playing = |seat: PlayerId| players.get(seat.0).is_some_and(|p| p.active);
    let mut pairings = Vec::with_capacity(paired.games.len() + paired.byes.len());
    let mut board = 0;
    let mut push = |white: UserId, black: Option<UserId>, result: PairingResult| {
        board += 1;
        pairings.push(Pairing {
            round,
            board,
            white,
            black,
            game: None,
            result,
        });
    };
    for game in &paired.games {
        let (Some(white), Some(black)) = (view.seated(game.white), view.seated(game.black)) else {
            continue;
        };
        match (playing(game.white), playing(game.black)) {
            (true, true) => push(white, Some(black), PairingResult::Pending),
            (true, false) => push(white, Some(black), PairingResult::WhiteForfeit),
            (false, true) => push(white, Some(black), PairingResult::BlackForfeit),
            (false, false) => {}
        }
    }
    for &bye in &paired.byes {
        if let Some(user) = view.seated(bye).filter(|_| playing(bye)) {
            push(user, None, PairingResult::Bye);
        }
    }
    pairings
}

/// Starts the game of `pairing`, in the tournament's channel, and queues its first board to
/// be posted at once (no interaction is there to answer with it).
async fn start_game(
    service: &GameService,
    conn: &mut Conn,
    view: &TournamentView,
    pairing: &Pairing,
    now: i64,
) -> Result<crate::model::GameId> {
    let t = &view.tournament;
    let black = pairing.black.ok_or(UserError::NoSuchPairing {
        round: pairing.round,
        board: pairing.board,
    })?;
    let (deadline_ms, remind_ms) = GameService::deadline(t.move_time_ms, now);
    let game = storage::insert_game(
        conn,
        &NewGameRow {
            white: pairing.white,
            black,
            ai_level: None,
            options: t.options,
            move_time_ms: t.move_time_ms,
            rated: t.rated,
            position: Position::start(t.options).to_text(),
            created_ms: now,
            deadline_ms,
            remind_ms,
            guild: Some(t.guild),
            channel: t.channel,
            reach: Reach::Channel,
            lang: t.lang,
            rematch_of: None,
            tournament: Some(t.id),
        },
    )
    .await?;
    service
        .queue(conn, Owed::Board { game, ply: 0 }, now)
        .await?;
    Ok(game)
}

/// Records the result of a tournament game just finished in the caller's transaction (see
/// [`GameService::settle`]): the pairing's result (with the colours the players ended with,
/// after any pie-rule swap), the loser's losses on time in a row (two withdraw them), and
/// the tournament moved on. A pairing whose result the organiser already gave keeps it.
pub(in crate::games) async fn game_ended(
    service: &GameService,
    conn: &mut Conn,
    row: &GameRow,
    result: &GameResult,
    now: i64,
) -> Result<()> {
    let Some(id) = row.tournament else {
        return Ok(());
    };
    let view = view_of(conn, id).await?;
    let Some(pairing) = view.pairings.iter().find(|p| p.game == Some(row.id)) else {
        return Ok(());
    };
    if pairing.result == PairingResult::Pending {
        let won = if result.winner_id == row.white {
            PairingResult::White
        } else {
            PairingResult::Black
        };
        storage::settle_pairing(conn, id, pairing, row.white, row.black, won).await?;
    }
    let timeouts = view.entry(result.loser_id).map_or(0, |e| e.timeouts_in_row);
    let timeouts = if result.reason == EndReason::Timeout {
        timeouts + 1
    } else {
        0
    };
    storage::set_timeouts_in_row(conn, id, result.loser_id, timeouts).await?;
    storage::set_timeouts_in_row(conn, id, result.winner_id, 0).await?;
    if timeouts >= TIMEOUTS_TO_WITHDRAW {
        storage::withdraw_entry(conn, id, result.loser_id, view.tournament.round).await?;
    }
    advance(service, conn, id, now).await
}

/// The game `user` is playing in the tournament's current round, if any.
pub(super) async fn game_being_played(
    conn: &mut Conn,
    id: TournamentId,
    user: UserId,
) -> Result<Option<GameRow>> {
    let view = view_of(conn, id).await?;
    let pending = view
        .round_pairings(view.tournament.round)
        .find(|p| p.result == PairingResult::Pending && (p.white == user || p.black == Some(user)));
    let Some(game) = pending.and_then(|p| p.game) else {
        return Ok(None);
    };
    Ok(storage::game(conn, game)
        .await?
        .filter(|g| g.status == GameStatus::Active))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lot gives both colours: in 64 draws, one colour only has a chance of 2⁻⁶³.
    #[test]
    fn the_initial_colour_is_drawn_by_lot() {
        let drawn: Vec<Color> = (0..64).map(|_| draw_initial_color()).collect();
        assert!(drawn.contains(&Color::White) && drawn.contains(&Color::Black));
    }
}
