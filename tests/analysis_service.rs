//! The game service's analyses and rating history, on an SQLite file: an analysis is
//! computed once and stored, refused for a game without a result, and every rated game
//! leaves each player's rating and deviation in the history.

#[allow(dead_code)] // each test binary uses its own subset of the fixtures
mod common;

use std::sync::Arc;

use monkey_queen::games::{GameRef, GameService, GameStatus, ServiceConfig, UserError, UserId};
use monkey_queen::storage;
use tokio::sync::Semaphore;

use common::{Fixture, alice, bob};

/// Black's queen steps next to White's (ply 4), which takes it (R4.4, R7.1).
const BLUNDER: [&str; 5] = ["g1-g4", "f12-f9", "g4-g6", "f9-f7", "g6xf7"];

/// A second service on the fixture's database, searching `nodes` nodes a position.
async fn analysing(fixture: &Fixture, nodes: u64) -> GameService {
    GameService::new(
        storage::connect(&fixture.url).await.unwrap(),
        fixture.clock.clone(),
        ServiceConfig {
            analysis_nodes: nodes,
            ..ServiceConfig::default()
        },
    )
}

#[tokio::test]
async fn an_analysis_is_computed_once_stored_and_refused_before_the_end() {
    let fixture = Fixture::new().await;
    let service = analysing(&fixture, 3_000).await;
    let (alice, bob) = (alice(), bob());
    let game = fixture.start(&alice, &bob).await;
    let cpu = Semaphore::new(1);
    let early = service.analysis(game.id, &cpu).await.unwrap_err();
    assert_eq!(
        early.user(),
        Some(&UserError::NotAnalysable {
            game: game.id,
            status: GameStatus::Active
        })
    );
    for (i, text) in BLUNDER.iter().enumerate() {
        let mover = if i % 2 == 0 { &alice } else { &bob };
        fixture.play(mover, game.id, text).await.unwrap();
    }
    assert!(service.stored_analysis(game.id).await.unwrap().is_none());
    let first = service.analysis(game.id, &cpu).await.unwrap();
    assert_eq!(first.game.status, GameStatus::Finished);
    assert!(
        first
            .analysis
            .biggest_mistakes(3)
            .iter()
            .any(|m| m.ply == 4)
    );
    let stored = service.stored_analysis(game.id).await.unwrap().unwrap();
    assert_eq!(stored.analysis, first.analysis);
    // A second request reads it back: it needs no turn of the CPU.
    let closed = Semaphore::new(0);
    let again = service.analysis(game.id, &closed).await.unwrap();
    assert_eq!(again.analysis, first.analysis);
    // Two at once on a game not analysed yet: one computes, the other reads its result.
    let other = analysing(&fixture, 2_000).await;
    assert!(other.stored_analysis(game.id).await.unwrap().is_none());
    let cpu = Arc::new(Semaphore::new(2));
    let (a, b) = tokio::join!(other.analysis(game.id, &cpu), other.analysis(game.id, &cpu));
    assert_eq!(a.unwrap().analysis, b.unwrap().analysis);
}

#[tokio::test]
async fn every_rated_game_leaves_both_ratings_in_the_history() {
    let fixture = Fixture::new().await;
    let service = &fixture.service;
    let (alice, bob) = (alice(), bob());
    for _ in 0..2 {
        let game = fixture.start(&alice, &bob).await;
        service
            .resign(bob.id, GameRef::Id(game.id), None)
            .await
            .unwrap();
    }
    let history = service.rating_history(alice.id).await.unwrap();
    assert_eq!(history.games.len(), 2);
    assert_eq!(history.start_rating, 1500.0);
    assert!(history.games[0].rating > 1500.0);
    assert!(history.games[1].rating > history.games[0].rating);
    let player = service.player(alice.id).await.unwrap().unwrap();
    assert_eq!(history.games[1].rating, player.rating.rating);
    assert_eq!(history.games[1].deviation, Some(player.rating.deviation));
    let lost = service.rating_history(bob.id).await.unwrap();
    assert!(lost.games[1].rating < lost.games[0].rating);
    let nobody = service.rating_history(UserId(999)).await.unwrap();
    assert!(nobody.games.is_empty());
}
