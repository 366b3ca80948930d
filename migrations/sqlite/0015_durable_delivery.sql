-- Everything a player must see goes through the outbox. It learns five announcements:
-- 'end' (the result board of a game ended beside the board: a resignation, a claimed win),
-- 'abort' and 'call_off' (a game ended with no result, by `user_id`: before both players
-- moved, or after a week without a move), 'offer' (a rematch offered away from the chat, the
-- challenge `challenge_id`) and 'daily' (the daily puzzle's post in server `guild_id`, of the
-- day `created_ms` falls on). SQLite can't change a CHECK, so the table is made again.
CREATE TABLE announcements_new (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL
        CHECK (kind IN ('reminder', 'timeout', 'board', 'expiry', 'round', 'final',
                        'end', 'abort', 'call_off', 'offer', 'daily')),
    game_id INTEGER REFERENCES games (id),
    challenge_id INTEGER REFERENCES challenges (id),
    tournament_id INTEGER REFERENCES tournaments (id),
    guild_id INTEGER,
    user_id INTEGER,
    ply INTEGER,
    attempts INTEGER NOT NULL DEFAULT 0,
    created_ms INTEGER NOT NULL,
    due_ms INTEGER NOT NULL,
    CHECK ((kind IN ('expiry', 'offer')) = (challenge_id IS NOT NULL)),
    CHECK ((kind IN ('round', 'final')) = (tournament_id IS NOT NULL)),
    CHECK ((kind IN ('expiry', 'offer', 'round', 'final', 'daily')) = (game_id IS NULL)),
    CHECK ((kind = 'daily') = (guild_id IS NOT NULL)),
    CHECK ((kind IN ('abort', 'call_off')) = (user_id IS NOT NULL))
);
INSERT INTO announcements_new
    (id, kind, game_id, challenge_id, tournament_id, ply, attempts, created_ms, due_ms)
    SELECT id, kind, game_id, challenge_id, tournament_id, ply, attempts, created_ms, due_ms
    FROM announcements;
DROP TABLE announcements;
ALTER TABLE announcements_new RENAME TO announcements;
CREATE INDEX announcements_due ON announcements (due_ms);
