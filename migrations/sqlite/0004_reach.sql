-- How the bot reaches a challenge's or game's players: 'channel' (it may post there) or
-- 'interactions' (the app is only user-installed there). Everything before was 'channel'.
ALTER TABLE challenges ADD COLUMN reach TEXT NOT NULL DEFAULT 'channel'
    CHECK (reach IN ('channel', 'interactions'));
ALTER TABLE games ADD COLUMN reach TEXT NOT NULL DEFAULT 'channel'
    CHECK (reach IN ('channel', 'interactions'));
