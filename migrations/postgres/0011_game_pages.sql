-- Every game's page on the web lives at an unguessable address: 128 random bits, written as
-- 32 hexadecimal digits. Games made before pages existed get theirs when first linked.
ALTER TABLE games ADD COLUMN page_key TEXT;
CREATE UNIQUE INDEX games_by_page_key ON games (page_key);

-- Games played on their web page alone (`monkey-queen web`) are placed 'web'.
ALTER TABLE games DROP CONSTRAINT games_reach_check,
    ADD CONSTRAINT games_reach_check CHECK (reach IN ('channel', 'interactions', 'web'));
ALTER TABLE challenges DROP CONSTRAINT challenges_reach_check,
    ADD CONSTRAINT challenges_reach_check CHECK (reach IN ('channel', 'interactions', 'web'));
