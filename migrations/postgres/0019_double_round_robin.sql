-- A round robin played once (`cycles` 1) or twice (2: each pair meets again with colours
-- reversed, see `docs/pairing.md`). Always 1 for a Swiss.
ALTER TABLE tournaments ADD COLUMN cycles INTEGER NOT NULL DEFAULT 1 CHECK (cycles IN (1, 2));
