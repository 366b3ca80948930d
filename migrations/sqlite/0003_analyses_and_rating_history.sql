-- The engine's analysis of finished games, and every player's rating after each rated game.
--
-- Portable to PostgreSQL (the backfill uses a window function, which both have).

-- A finished game never changes, so its analysis is computed once and kept. `nodes` is the
-- search budget per position it was made with: an analysis made with another budget is
-- made again. `scores` is `Analysis::to_text`: one line per position, the start first.
CREATE TABLE game_analyses (
    game_id           BIGINT PRIMARY KEY REFERENCES games (id),
    nodes             BIGINT NOT NULL,
    scores            TEXT NOT NULL,
    created_ms        BIGINT NOT NULL
);

-- A player's Glicko-2 rating and deviation after each rated game, written in the
-- transaction that finishes the game.
CREATE TABLE rating_history (
    user_id           BIGINT NOT NULL REFERENCES players (user_id),
    game_id           BIGINT NOT NULL REFERENCES games (id),
    rating            DOUBLE PRECISION NOT NULL,
    -- NULL for games rated before this table existed: their deviation was not kept.
    rating_deviation  DOUBLE PRECISION,
    recorded_ms       BIGINT NOT NULL,
    PRIMARY KEY (user_id, game_id)
);

CREATE INDEX rating_history_time ON rating_history (user_id, recorded_ms);

-- Games rated before this table existed: each rating is the current one less the changes
-- of the player's later rated games.
INSERT INTO rating_history (user_id, game_id, rating, rating_deviation, recorded_ms)
SELECT side.user_id, side.game_id,
       p.rating - COALESCE(SUM(side.delta) OVER (
           PARTITION BY side.user_id
           ORDER BY side.finished_ms DESC, side.game_id DESC
           ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0),
       NULL, side.finished_ms
FROM (
    SELECT white_id AS user_id, id AS game_id, white_rating_delta AS delta, finished_ms
    FROM games WHERE status = 'finished' AND white_rating_delta IS NOT NULL
    UNION ALL
    SELECT black_id, id, black_rating_delta, finished_ms
    FROM games WHERE status = 'finished' AND black_rating_delta IS NOT NULL
) AS side
JOIN players p ON p.user_id = side.user_id;
