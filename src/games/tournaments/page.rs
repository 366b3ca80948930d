//! A tournament's web page: found by its unguessable key, with everything the page shows.
//!
//! The key is the permission, as for a game's page: whoever has the address may watch the
//! tournament, so a face hands it only where the tournament is public (its server). The page
//! links a game only where the tournament's server would show it (see `visibility`): a game
//! played in that server, which is public there.

use std::collections::HashMap;

use super::{TournamentService, TournamentStanding, TournamentView, view_of};
use crate::games::{Audience, GameId, Result, UserError};
use crate::model::{PageKey, TournamentId, TournamentStatus};
use crate::storage;

/// Everything a tournament's page shows.
#[derive(Debug, Clone, PartialEq)]
pub struct TournamentPage {
    /// Its page's key.
    pub key: PageKey,
    /// The tournament with its players and every pairing so far.
    pub view: TournamentView,
    /// Its standings now (see [`TournamentView::standings`]).
    pub standings: Vec<TournamentStanding>,
    /// The page of each game the tournament's server shows; a game missing here is not named.
    pub games: HashMap<GameId, PageKey>,
}

impl TournamentPage {
    /// The page of `game`, if the page may link it.
    #[must_use]
    pub fn game_page(&self, game: GameId) -> Option<&PageKey> {
        self.games.get(&game)
    }

    /// How far the tournament has gone: its stage, its round, and how many pairings are
    /// decided. A page shown later never goes back to an earlier one.
    #[must_use]
    pub fn progress(&self) -> (u8, u32, usize) {
        let t = &self.view.tournament;
        let stage = match t.status {
            TournamentStatus::SignUp => 0,
            TournamentStatus::Running => 1,
            TournamentStatus::Finished => 2,
        };
        let decided = self
            .view
            .pairings
            .iter()
            .filter(|p| p.result != crate::model::PairingResult::Pending)
            .count();
        (stage, t.round, decided)
    }
}

impl TournamentService {
    /// The page at `key`: `None` if no tournament has it.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn page(&self, key: &PageKey) -> Result<Option<TournamentPage>> {
        let mut conn = self.games.db.read().await?;
        let Some(id) = storage::tournament_by_page_key(&mut conn, key).await? else {
            return Ok(None);
        };
        let view = view_of(&mut conn, id).await?;
        let server = Audience::Server(view.tournament.guild);
        let mut games = HashMap::new();
        for found in storage::tournament_game_pages(&mut conn, id).await? {
            let Some(pairing) = view.pairings.iter().find(|p| p.game == Some(found.game)) else {
                continue;
            };
            let Some(black) = pairing.black else { continue };
            // What a public answer in the tournament's server would list: its own games.
            if let Some(page) = found.key
                && server.may_see_in(found.guild, found.channel, pairing.white, black)
            {
                games.insert(found.game, page);
            }
        }
        Ok(Some(TournamentPage {
            key: key.clone(),
            standings: view.standings(),
            view,
            games,
        }))
    }

    /// The key of tournament `id`'s page, given one now if it has none yet.
    ///
    /// # Errors
    /// [`UserError::NoSuchTournament`]; internal errors.
    pub async fn page_key(&self, id: TournamentId) -> Result<PageKey> {
        {
            let mut conn = self.games.db.read().await?;
            if let Some(key) = storage::tournament_page_key(&mut conn, id).await? {
                return Ok(key);
            }
        }
        let mut conn = self.games.db.write().await?;
        storage::give_tournament_page_key(&mut conn, id, &PageKey::random())
            .await?
            .ok_or_else(|| UserError::NoSuchTournament(id).into())
    }

    /// The tournament `game` is played in, if any: a face following the games' events finds
    /// the tournament pages a change concerns by it.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn of_game(&self, game: GameId) -> Result<Option<TournamentId>> {
        let mut conn = self.games.db.read().await?;
        Ok(storage::tournament_of_game(&mut conn, game).await?)
    }
}
