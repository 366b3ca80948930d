-- The lessons (`games::lessons`): each player's best stars (1 to 3) in each stage finished.
-- No reference to `players`: someone may learn before they ever play.
CREATE TABLE lesson_progress (
    user_id BIGINT NOT NULL,
    stage TEXT NOT NULL,
    stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 3),
    updated_ms BIGINT NOT NULL,
    PRIMARY KEY (user_id, stage)
);
