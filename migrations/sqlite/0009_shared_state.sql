-- What every bot process needs to know, which one process used to keep in its memory.

-- The language of a game's and a challenge's public messages (a tag: en, es, fr, de, pt-BR),
-- picked from the interaction that made it. Rows made before speak English.
ALTER TABLE games ADD COLUMN lang TEXT NOT NULL DEFAULT 'en';
ALTER TABLE challenges ADD COLUMN lang TEXT NOT NULL DEFAULT 'en';

-- The latest interaction token of each game the bot reaches only through interactions, for
-- follow-ups without a click (the computer's move, a reminder, a loss on time): `uses`
-- follow-ups made on it so far. Deleted by the sweep once Discord no longer honours it.
CREATE TABLE interaction_tokens (
    game_id INTEGER PRIMARY KEY REFERENCES games (id),
    token TEXT NOT NULL,
    received_ms INTEGER NOT NULL,
    uses INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX interaction_tokens_received ON interaction_tokens (received_ms);

-- Each active game's latest board message and how it may be edited, so the next board takes
-- its buttons off: in `channel_id`, or through the interaction `token` (its answer when
-- `original`, else a follow-up) received at `received_ms`, then in `channel_id` when there is
-- one. The `replaced_` columns hold the board it replaced, for the statement that records it
-- to hand that one back. Forgotten when the game ends; tokens are dropped once they lapse.
CREATE TABLE latest_boards (
    game_id INTEGER PRIMARY KEY REFERENCES games (id),
    message_id INTEGER NOT NULL,
    channel_id INTEGER,
    token TEXT,
    original BOOLEAN NOT NULL DEFAULT FALSE,
    received_ms INTEGER,
    replaced_message_id INTEGER,
    replaced_channel_id INTEGER,
    replaced_token TEXT,
    replaced_original BOOLEAN NOT NULL DEFAULT FALSE,
    replaced_received_ms INTEGER,
    CHECK ((token IS NULL) = (received_ms IS NULL)),
    CHECK (token IS NOT NULL OR channel_id IS NOT NULL),
    CHECK ((replaced_token IS NULL) = (replaced_received_ms IS NULL))
);
CREATE INDEX latest_boards_received ON latest_boards (received_ms)
    WHERE received_ms IS NOT NULL;
CREATE INDEX latest_boards_replaced_received ON latest_boards (replaced_received_ms)
    WHERE replaced_received_ms IS NOT NULL;

-- When each player last started each kind of heavy work ('replay', 'analysis'), and whether
-- the latest request was let through; deleted by the sweep once it holds nobody back.
CREATE TABLE cooldowns (
    user_id INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('replay', 'analysis')),
    started_ms INTEGER NOT NULL,
    granted BOOLEAN NOT NULL,
    PRIMARY KEY (user_id, kind)
);
CREATE INDEX cooldowns_started ON cooldowns (started_ms);
