-- When each player's rating last changed: their deviation grows with every idle rating period
-- after it. Filled from the rating history for players rated before.
ALTER TABLE players ADD COLUMN rated_ms BIGINT;
UPDATE players SET rated_ms = (
    SELECT MAX(h.recorded_ms) FROM rating_history h WHERE h.user_id = players.user_id
);
CREATE INDEX players_rated ON players (rated_ms) WHERE rated_games > 0;
