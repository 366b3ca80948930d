-- Which process thinks about the computer's turn: a claim of the ply it is to move at, until
-- the lease runs out. With several bot processes, exactly one searches each turn; if it dies,
-- another takes the turn up once the lease is over.
ALTER TABLE games ADD COLUMN computer_ply INTEGER;
ALTER TABLE games ADD COLUMN computer_lease_ms BIGINT;
