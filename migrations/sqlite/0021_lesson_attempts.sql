-- Where each player stands in the lessons in Discord (`/learn`): the stage and exercise shown,
-- the wrong tries made in that stage so far, and a step that every try and every new `/learn`
-- moves on, so a button of an older message is refused. One row a player, kept once the
-- lessons are done (the step must never go back).
CREATE TABLE lesson_attempts (
    user_id INTEGER PRIMARY KEY,
    stage TEXT NOT NULL,
    exercise INTEGER NOT NULL CHECK (exercise >= 0),
    wrong INTEGER NOT NULL CHECK (wrong >= 0),
    step BIGINT NOT NULL CHECK (step >= 0),
    updated_ms BIGINT NOT NULL
);
