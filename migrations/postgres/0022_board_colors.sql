-- Board themes (`model::BoardColors`): a server's choice for its public boards, and each
-- player's own for the boards only they see. No reference to `players`: someone may choose
-- before they ever play.
ALTER TABLE guild_settings ADD COLUMN board_colors TEXT NOT NULL DEFAULT 'standard';
CREATE TABLE player_settings (
    user_id BIGINT PRIMARY KEY,
    board_colors TEXT NOT NULL,
    updated_ms BIGINT NOT NULL
);
