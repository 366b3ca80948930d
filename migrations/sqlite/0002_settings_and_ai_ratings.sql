-- Per-server settings, the computer's rating per level, and an index for the reminder sweep.
--
-- Portable to PostgreSQL. Settings rows are always written whole by the service, so the
-- defaults live in one place (the Rust `GuildSettings::default`), not here.

CREATE TABLE guild_settings (
    guild_id          BIGINT PRIMARY KEY,
    -- Whether each new game gets its own thread.
    threads           BOOLEAN NOT NULL,
    -- The clock of a challenge that names none: 'none' | '10m' | '1h' | '1d' | '3d'.
    default_clock     TEXT NOT NULL,
    -- 'white_bottom' | 'to_move' (the board turned towards the player to move).
    board_orientation TEXT NOT NULL,
    updated_ms        BIGINT NOT NULL
);

-- The computer's Glicko-2 rating at each level, moved only by its games against people
-- (whose own ratings those games never change).
CREATE TABLE ai_ratings (
    ai_level          TEXT PRIMARY KEY,
    rating            DOUBLE PRECISION NOT NULL,
    rating_deviation  DOUBLE PRECISION NOT NULL,
    rating_volatility DOUBLE PRECISION NOT NULL,
    games             INTEGER NOT NULL,
    wins              INTEGER NOT NULL,
    losses            INTEGER NOT NULL,
    updated_ms        BIGINT NOT NULL
);

CREATE INDEX games_remind ON games (remind_ms) WHERE status = 'active';
CREATE INDEX games_rematch ON games (rematch_of) WHERE rematch_of IS NOT NULL;
CREATE INDEX challenges_rematch ON challenges (rematch_of) WHERE status = 'pending';
-- History, streaks and the server leaderboard read a player's finished games.
CREATE INDEX games_finished_white ON games (white_id, finished_ms) WHERE status = 'finished';
CREATE INDEX games_finished_black ON games (black_id, finished_ms) WHERE status = 'finished';
CREATE INDEX games_finished_guild ON games (guild_id) WHERE status = 'finished';
