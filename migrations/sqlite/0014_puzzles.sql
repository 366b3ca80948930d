-- Puzzles (see `docs/puzzles.md`): positions from games where one move wins, with the line
-- that follows it. `position` is `Position::to_text` (unique: a position is one puzzle);
-- `solution` its moves separated by spaces (solver, defender, solver, ...); `themes` its
-- theme words separated by commas. Each puzzle has a Glicko-2 rating, moved by every rated
-- attempt as a player's is by a game. `game_id` and `ply` name the stored game it comes
-- from, if any (`source` says where in words).
CREATE TABLE puzzles (
    id INTEGER PRIMARY KEY,
    position TEXT NOT NULL UNIQUE,
    solution TEXT NOT NULL,
    themes TEXT NOT NULL,
    rating REAL NOT NULL,
    rating_deviation REAL NOT NULL,
    rating_volatility REAL NOT NULL,
    plays INTEGER NOT NULL DEFAULT 0,
    source TEXT NOT NULL,
    game_id INTEGER REFERENCES games (id),
    ply INTEGER,
    created_ms INTEGER NOT NULL
);
CREATE INDEX puzzles_by_game ON puzzles (game_id, ply);

-- A player's puzzle rating (Glicko-2, as for games), counts and streak of puzzles solved.
CREATE TABLE puzzle_players (
    user_id INTEGER PRIMARY KEY REFERENCES players (user_id),
    rating REAL NOT NULL,
    rating_deviation REAL NOT NULL,
    rating_volatility REAL NOT NULL,
    solved INTEGER NOT NULL DEFAULT 0,
    failed INTEGER NOT NULL DEFAULT 0,
    streak INTEGER NOT NULL DEFAULT 0,
    best_streak INTEGER NOT NULL DEFAULT 0,
    updated_ms INTEGER NOT NULL
);

-- A player's attempt at a puzzle: `day` is the daily puzzle's day (YYYY-MM-DD, UTC) or ''
-- for one given by `/puzzle`; `step` the solution's plies played so far; `tries` the wrong
-- moves made (the daily puzzle may be tried again); `rated` whether its end moves ratings
-- (a player's first attempt at a puzzle, not the daily one).
CREATE TABLE puzzle_attempts (
    user_id INTEGER NOT NULL REFERENCES players (user_id),
    puzzle_id INTEGER NOT NULL REFERENCES puzzles (id),
    day TEXT NOT NULL,
    step INTEGER NOT NULL DEFAULT 0,
    tries INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL CHECK (status IN ('open', 'solved', 'failed')),
    rated BOOLEAN NOT NULL,
    started_ms INTEGER NOT NULL,
    finished_ms INTEGER,
    PRIMARY KEY (user_id, puzzle_id, day)
);
CREATE INDEX puzzle_attempts_open ON puzzle_attempts (user_id, status);
CREATE INDEX puzzle_attempts_by_day ON puzzle_attempts (day, status, finished_ms);

-- The daily puzzle of each day (UTC), the same for everyone.
CREATE TABLE daily_puzzles (
    day TEXT PRIMARY KEY,
    puzzle_id INTEGER NOT NULL REFERENCES puzzles (id)
);

-- The daily puzzle posted in a server's channel: claimed by inserting the row, once a day.
CREATE TABLE daily_posts (
    guild_id INTEGER NOT NULL,
    day TEXT NOT NULL,
    PRIMARY KEY (guild_id, day)
);

-- Where a server wants the daily puzzle posted, and in which language.
ALTER TABLE guild_settings ADD COLUMN puzzle_channel_id INTEGER;
ALTER TABLE guild_settings ADD COLUMN puzzle_lang TEXT;

-- Whether a finished game has been searched for puzzles.
ALTER TABLE games ADD COLUMN puzzles_scanned BOOLEAN NOT NULL DEFAULT FALSE;
CREATE INDEX games_to_scan ON games (puzzles_scanned, status, rated);
