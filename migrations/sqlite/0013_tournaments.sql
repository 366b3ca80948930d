-- Tournaments run by the bot in a server: round robin or Swiss (see `docs/pairing.md`).
-- A tournament takes sign-ups (`signup`), then plays its rounds (`running`), then is
-- `finished`. Its rounds are paired in the transaction that finishes the previous round's
-- last game (or that starts it), holding the tournament's lock, so no round is paired twice.
CREATE TABLE tournaments (
    id INTEGER PRIMARY KEY,
    guild_id INTEGER NOT NULL,
    -- Where its message and its games are; `thread_id` when the server has threads on.
    channel_id INTEGER NOT NULL,
    thread_id INTEGER,
    message_id INTEGER,
    name TEXT NOT NULL,
    format TEXT NOT NULL CHECK (format IN ('round_robin', 'swiss')),
    -- Swiss: the rounds to play; round robin: 0 until it starts, then the Berger rounds.
    rounds INTEGER NOT NULL,
    board_size INTEGER NOT NULL,
    queen_height INTEGER NOT NULL,
    pie BOOLEAN NOT NULL,
    move_time_ms INTEGER,
    rated BOOLEAN NOT NULL,
    max_players INTEGER NOT NULL,
    -- When it starts by itself; NULL: the organiser starts it.
    starts_ms INTEGER,
    status TEXT NOT NULL CHECK (status IN ('signup', 'running', 'finished')),
    -- The round being played (1-based); 0 before the start.
    round INTEGER NOT NULL DEFAULT 0,
    organiser_id INTEGER NOT NULL REFERENCES players (user_id),
    -- The language of its public messages.
    lang TEXT NOT NULL,
    created_ms INTEGER NOT NULL,
    started_ms INTEGER,
    finished_ms INTEGER
);
CREATE INDEX tournaments_by_guild ON tournaments (guild_id, id);
CREATE INDEX tournaments_by_start ON tournaments (status, starts_ms);

-- Who plays in a tournament. `seat` is the player's index in the pairing (by rating at the
-- start, best first), NULL before the start; `rating` is the rating at joining, then at the
-- start. A withdrawn player (by their own wish, the organiser's, or two losses on time in a
-- row) is paired no more; `withdrawn_round` is the round they were withdrawn in.
CREATE TABLE tournament_entries (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    user_id INTEGER NOT NULL REFERENCES players (user_id),
    seat INTEGER,
    rating REAL NOT NULL,
    joined_ms INTEGER NOT NULL,
    withdrawn_round INTEGER,
    timeouts_in_row INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (tournament_id, user_id),
    UNIQUE (tournament_id, seat)
);

-- Each round's pairings: a game (`game_id` once created; NULL for a forfeit decided at
-- pairing) or a bye (`black_id` NULL). `result`: 'pending', 'white', 'black' (over the
-- board, or given by the organiser), 'white_forfeit', 'black_forfeit' (the winner's colour),
-- 'bye'.
CREATE TABLE tournament_pairings (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round INTEGER NOT NULL,
    board INTEGER NOT NULL,
    white_id INTEGER NOT NULL REFERENCES players (user_id),
    black_id INTEGER REFERENCES players (user_id),
    game_id INTEGER UNIQUE REFERENCES games (id),
    result TEXT NOT NULL
        CHECK (result IN ('pending', 'white', 'black', 'white_forfeit', 'black_forfeit', 'bye')),
    PRIMARY KEY (tournament_id, round, board),
    CHECK ((result = 'bye') = (black_id IS NULL))
);

-- What the organiser changed by hand (a withdrawal, a result), and who did.
CREATE TABLE tournament_log (
    id INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    at_ms INTEGER NOT NULL,
    by_id INTEGER NOT NULL,
    what TEXT NOT NULL
);
CREATE INDEX tournament_log_by_tournament ON tournament_log (tournament_id, id);

-- A tournament's games.
ALTER TABLE games ADD COLUMN tournament_id INTEGER REFERENCES tournaments (id);
CREATE INDEX games_by_tournament ON games (tournament_id) WHERE tournament_id IS NOT NULL;

-- Whether a member without Manage Server may create tournaments and start their own.
ALTER TABLE guild_settings ADD COLUMN tournament_organisers BOOLEAN NOT NULL DEFAULT FALSE;

-- The outbox learns two announcements about tournaments: 'round' (a round's pairings, `ply`
-- being the round) and 'final' (the final standings). SQLite can't change a CHECK, so the
-- table is made again.
CREATE TABLE announcements_new (
    id INTEGER PRIMARY KEY,
    -- 'reminder', 'timeout', 'board', 'expiry' as before; 'round' and 'final' of a tournament.
    kind TEXT NOT NULL
        CHECK (kind IN ('reminder', 'timeout', 'board', 'expiry', 'round', 'final')),
    game_id INTEGER REFERENCES games (id),
    challenge_id INTEGER REFERENCES challenges (id),
    tournament_id INTEGER REFERENCES tournaments (id),
    ply INTEGER,
    attempts INTEGER NOT NULL DEFAULT 0,
    created_ms INTEGER NOT NULL,
    due_ms INTEGER NOT NULL,
    CHECK ((kind = 'expiry') = (challenge_id IS NOT NULL)),
    CHECK ((kind IN ('round', 'final')) = (tournament_id IS NOT NULL)),
    CHECK ((kind IN ('expiry', 'round', 'final')) = (game_id IS NULL))
);
INSERT INTO announcements_new (id, kind, game_id, challenge_id, ply, attempts, created_ms, due_ms)
    SELECT id, kind, game_id, challenge_id, ply, attempts, created_ms, due_ms FROM announcements;
DROP TABLE announcements;
ALTER TABLE announcements_new RENAME TO announcements;
CREATE INDEX announcements_due ON announcements (due_ms);
