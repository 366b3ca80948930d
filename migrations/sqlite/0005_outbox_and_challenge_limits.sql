-- The outbox: what the players are owed an announcement of, written in the transaction that
-- made it owed and deleted once it has been delivered (or given up). A row is claimed by moving
-- `due_ms` past the claim's lease, so a deliverer that dies leaves it to be taken up again.
CREATE TABLE announcements (
    id INTEGER PRIMARY KEY,
    -- 'reminder' (the player to move, at `ply`), 'timeout' (the result of a loss on time),
    -- 'board' (the board after the computer's move at `ply`), 'expiry' (a lapsed challenge).
    kind TEXT NOT NULL CHECK (kind IN ('reminder', 'timeout', 'board', 'expiry')),
    game_id INTEGER REFERENCES games (id),
    challenge_id INTEGER REFERENCES challenges (id),
    ply INTEGER,
    attempts INTEGER NOT NULL DEFAULT 0,
    created_ms INTEGER NOT NULL,
    due_ms INTEGER NOT NULL,
    CHECK ((kind = 'expiry') = (challenge_id IS NOT NULL)),
    CHECK ((kind = 'expiry') = (game_id IS NULL))
);
CREATE INDEX announcements_due ON announcements (due_ms);

-- The challenges a player made lately, to hold a flood of them back.
CREATE INDEX challenges_by_challenger ON challenges (challenger_id, created_ms);
