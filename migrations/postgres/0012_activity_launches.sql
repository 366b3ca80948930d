-- Where each person last opened the Activity (the game page inside Discord) from a board or
-- the App Launcher: in `channel_id`, on `game_id` (NULL: from the launcher, no game named),
-- and how the bot reaches that channel (`reach`, as the launching interaction said), for the
-- games started there.
-- The Activity's server reads it once Discord has told it who the person is and where the
-- Activity runs. One row a person and channel; forgotten a day after.
CREATE TABLE activity_launches (
    user_id BIGINT NOT NULL,
    channel_id BIGINT NOT NULL,
    game_id BIGINT REFERENCES games (id),
    reach TEXT NOT NULL CHECK (reach IN ('channel', 'interactions')),
    launched_ms BIGINT NOT NULL,
    PRIMARY KEY (user_id, channel_id)
);
CREATE INDEX activity_launches_launched ON activity_launches (launched_ms);
