-- Players, challenges, games and moves.
--
-- Portable to PostgreSQL apart from the id columns (`INTEGER PRIMARY KEY` is SQLite's
-- auto-numbered row id; PostgreSQL would say `BIGINT GENERATED ALWAYS AS IDENTITY`).
-- Times are integer unix milliseconds. Discord ids are stored as BIGINT (the u64 bits as i64).

CREATE TABLE players (
    user_id           BIGINT PRIMARY KEY,
    display_name      TEXT NOT NULL,
    -- Glicko-2 rating on the Glicko scale (rating 1500, deviation 350 for a newcomer).
    rating            DOUBLE PRECISION NOT NULL DEFAULT 1500,
    rating_deviation  DOUBLE PRECISION NOT NULL DEFAULT 350,
    rating_volatility DOUBLE PRECISION NOT NULL DEFAULT 0.06,
    -- Finished games (aborted ones do not count), of which rated, won and lost.
    games             INTEGER NOT NULL DEFAULT 0,
    rated_games       INTEGER NOT NULL DEFAULT 0,
    wins              INTEGER NOT NULL DEFAULT 0,
    losses            INTEGER NOT NULL DEFAULT 0,
    created_ms        BIGINT NOT NULL,
    updated_ms        BIGINT NOT NULL
);

CREATE TABLE games (
    id                INTEGER PRIMARY KEY,
    -- The people playing each colour now; a pie-rule swap (R8) exchanges them.
    white_id          BIGINT NOT NULL REFERENCES players (user_id),
    black_id          BIGINT NOT NULL REFERENCES players (user_id),
    swapped           BOOLEAN NOT NULL DEFAULT FALSE,
    -- 'easy' | 'medium' | 'hard' when one player is the computer; such games are never rated.
    ai_level          TEXT,
    board_size        INTEGER NOT NULL,
    queen_height      INTEGER NOT NULL,
    pie               BOOLEAN NOT NULL,
    move_time_ms      BIGINT,
    rated             BOOLEAN NOT NULL,
    -- 'active' | 'finished' | 'aborted'
    status            TEXT NOT NULL,
    -- For finished games: 'white' | 'black', and 'queen_captured' | 'no_legal_moves' |
    -- 'resignation' | 'timeout'.
    winner            TEXT,
    end_reason        TEXT,
    -- Rating points each colour gained (negative: lost) when a rated game finished.
    white_rating_delta DOUBLE PRECISION,
    black_rating_delta DOUBLE PRECISION,
    ply               INTEGER NOT NULL DEFAULT 0,
    -- Position::to_text after `ply` plies; replaying `moves` must give the same text.
    position          TEXT NOT NULL,
    created_ms        BIGINT NOT NULL,
    last_move_ms      BIGINT,
    -- When the player to move runs out of time, and when to remind them (clocks only).
    deadline_ms       BIGINT,
    remind_ms         BIGINT,
    finished_ms       BIGINT,
    guild_id          BIGINT,
    channel_id        BIGINT NOT NULL,
    thread_id         BIGINT,
    message_id        BIGINT,
    rematch_of        BIGINT REFERENCES games (id)
);

CREATE INDEX games_active_white ON games (white_id, channel_id) WHERE status = 'active';
CREATE INDEX games_active_black ON games (black_id, channel_id) WHERE status = 'active';
CREATE INDEX games_deadline ON games (deadline_ms) WHERE status = 'active';
CREATE INDEX games_finished ON games (finished_ms) WHERE status = 'finished';

CREATE TABLE moves (
    game_id           BIGINT NOT NULL REFERENCES games (id),
    -- 1-based: the first move of a game is ply 1.
    ply               INTEGER NOT NULL,
    -- Canonical notation (R9.1): g1-g7, g1xg7, swap.
    notation          TEXT NOT NULL,
    player_id         BIGINT NOT NULL REFERENCES players (user_id),
    played_ms         BIGINT NOT NULL,
    -- The caller's idempotency key (e.g. the Discord interaction id), when given.
    request_key       TEXT,
    PRIMARY KEY (game_id, ply)
);

CREATE UNIQUE INDEX moves_request_key ON moves (request_key) WHERE request_key IS NOT NULL;

CREATE TABLE challenges (
    id                INTEGER PRIMARY KEY,
    challenger_id     BIGINT NOT NULL REFERENCES players (user_id),
    -- NULL: an open challenge anyone but the challenger may accept.
    challenged_id     BIGINT REFERENCES players (user_id),
    guild_id          BIGINT,
    channel_id        BIGINT NOT NULL,
    message_id        BIGINT,
    board_size        INTEGER NOT NULL,
    queen_height      INTEGER NOT NULL,
    pie               BOOLEAN NOT NULL,
    -- The challenger's colour: 'white' | 'black' | 'random'.
    color_choice      TEXT NOT NULL,
    move_time_ms      BIGINT,
    rated             BOOLEAN NOT NULL,
    -- 'pending' | 'accepted' | 'declined' | 'cancelled' | 'expired'
    status            TEXT NOT NULL,
    created_ms        BIGINT NOT NULL,
    expires_ms        BIGINT NOT NULL,
    resolved_ms       BIGINT,
    game_id           BIGINT REFERENCES games (id),
    rematch_of        BIGINT REFERENCES games (id)
);

CREATE INDEX challenges_pending ON challenges (channel_id, challenger_id) WHERE status = 'pending';
CREATE INDEX challenges_expiry ON challenges (expires_ms) WHERE status = 'pending';
