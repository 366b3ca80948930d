-- The search of finished rated games for puzzles is a queue claimed in the database
-- (`src/storage/mining.rs`): a searcher claims the oldest game left until `puzzles_lease_ms`
-- and renews the lease while it searches, so two processes never search the same game, and
-- a process that dies loses its claim when the lease ends. `puzzles_claims` counts the
-- claims: a game claimed that many times (see `MINING_CLAIMS`) without its search ending is
-- given up. A search that fails marks its game searched with `puzzles_error`: it is skipped
-- from then on, never retried.
ALTER TABLE games ADD COLUMN puzzles_lease_ms BIGINT;
ALTER TABLE games ADD COLUMN puzzles_claims INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN puzzles_error TEXT;

-- The games left to search, in the order they are searched (`games_to_scan` lacked the order).
DROP INDEX games_to_scan;
CREATE INDEX games_to_mine ON games (puzzles_scanned, status, rated, id);
