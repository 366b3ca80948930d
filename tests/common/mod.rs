//! Shared fixtures: a fresh database per test (see [`TestDb`]), a manual clock, and a few
//! players.

#[path = "../support/database.rs"]
pub mod database;

use std::sync::Arc;

pub use database::TestDb;
use monkey_queen::games::{
    Audience, ChallengeCreated, ChannelId, ColorChoice, GameId, GameRef, GameService, GameView,
    GuildId, Lang, ManualClock, MovePlayed, NewChallenge, PlayRequest, PlayerRef, Reach, Result,
    ServiceConfig, UserId, Viewer,
};
use monkey_queen::storage;
use monkey_queen_core::GameOptions;

/// The time every test starts at.
pub const T0: i64 = 1_700_000_000_000;
/// The channel most tests play in.
pub const CHANNEL: ChannelId = ChannelId(500);
/// The server of that channel.
pub const GUILD: GuildId = GuildId(900);
/// The bot's own user id.
pub const BOT: UserId = UserId(1);

/// `user` looking from the fixtures' server, in an answer only they see.
pub fn here(user: UserId) -> Audience {
    Audience::Only(Viewer {
        user,
        guild: Some(GUILD),
    })
}

/// A service over a database of its own.
pub struct Fixture {
    /// Keeps the database for the test's duration.
    pub db: TestDb,
    /// The database URL (to reopen it).
    pub url: String,
    /// The injected clock.
    pub clock: Arc<ManualClock>,
    /// The service under test.
    pub service: GameService,
}

impl Fixture {
    /// A fresh, migrated database and a service whose clock stands at [`T0`].
    pub async fn new() -> Fixture {
        Fixture::on(TestDb::new().await).await
    }

    /// A service whose clock stands at [`T0`] on `db`, migrating it.
    pub async fn on(db: TestDb) -> Fixture {
        let url = db.url.clone();
        let clock = Arc::new(ManualClock::new(T0));
        let service = service_on(&url, clock.clone()).await;
        Fixture {
            db,
            url,
            clock,
            service,
        }
    }

    /// Challenges `black` as White with default options and has them accept.
    pub async fn start(&self, white: &PlayerRef, black: &PlayerRef) -> GameView {
        self.start_with(challenge(white, Some(black))).await
    }

    /// Creates the challenge and has its opponent accept it; its first board is reported
    /// delivered, as the bot does once it has posted it.
    pub async fn start_with(&self, new: NewChallenge) -> GameView {
        let opponent = new.opponent.clone().unwrap();
        let ChallengeCreated::Pending(c) = self.service.create_challenge(new).await.unwrap() else {
            panic!("expected a pending challenge");
        };
        let started = self
            .service
            .accept_challenge(c.id, &opponent, Lang::En)
            .await
            .unwrap();
        self.service
            .delivery()
            .announced(started.announcement)
            .await
            .unwrap();
        started.game
    }

    /// Plays `text` for `user` in game `id`; the move's board, if owed, is reported delivered,
    /// as the bot does once it has answered with it.
    pub async fn play(&self, user: &PlayerRef, id: GameId, text: &str) -> Result<MovePlayed> {
        let played = self
            .service
            .play(PlayRequest {
                user: user.id,
                game: GameRef::Id(id),
                text,
                expected_ply: None,
                request_key: None,
            })
            .await?;
        if let Some(board) = played.announcement {
            self.service.delivery().announced(board).await.unwrap();
        }
        Ok(played)
    }

    /// Starts a game against the computer through `new` (its opponent the bot); its first
    /// board is reported delivered.
    pub async fn start_against_computer(&self, new: NewChallenge) -> GameView {
        let ChallengeCreated::AiGame(started) = self.service.create_challenge(new).await.unwrap()
        else {
            panic!("expected a game against the computer");
        };
        self.service
            .delivery()
            .announced(started.announcement)
            .await
            .unwrap();
        started.game
    }
}

/// A service on the database at `url` (migrating it), with the bot id set.
pub async fn service_on(url: &str, clock: Arc<ManualClock>) -> GameService {
    let db = storage::connect(url).await.unwrap();
    GameService::new(
        db,
        clock,
        ServiceConfig {
            bot_user: Some(BOT),
            ..ServiceConfig::default()
        },
    )
}

/// Alice, Bob and Carol.
pub fn alice() -> PlayerRef {
    PlayerRef::new(UserId(101), "Alice")
}
/// See [`alice`].
pub fn bob() -> PlayerRef {
    PlayerRef::new(UserId(102), "Bob")
}
/// See [`alice`].
pub fn carol() -> PlayerRef {
    PlayerRef::new(UserId(103), "Carol")
}
/// The bot as a player.
pub fn bot() -> PlayerRef {
    PlayerRef::new(BOT, "Monkey Queen")
}

/// A rated challenge in [`CHANNEL`], challenger White, standard options, no clock.
pub fn challenge(challenger: &PlayerRef, opponent: Option<&PlayerRef>) -> NewChallenge {
    NewChallenge {
        challenger: challenger.clone(),
        opponent: opponent.cloned(),
        guild: Some(GUILD),
        channel: CHANNEL,
        reach: Reach::Channel,
        lang: Lang::En,
        options: GameOptions::default(),
        color: ColorChoice::White,
        move_time_ms: None,
        rated: true,
        ai_level: None,
        rematch_of: None,
    }
}

/// White wins by capturing Black's queen on the third ply (R7.1).
pub const QUEEN_CAPTURE: [&str; 3] = ["g1-g6", "f12-f7", "g6xf7"];
