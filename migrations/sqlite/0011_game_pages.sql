-- Every game's page on the web lives at an unguessable address: 128 random bits, written as
-- 32 hexadecimal digits. Games made before pages existed get theirs when first linked.
ALTER TABLE games ADD COLUMN page_key TEXT;
CREATE UNIQUE INDEX games_by_page_key ON games (page_key);

-- Games played on their web page alone (`monkey-queen web`) are placed 'web'. SQLite can't
-- alter a CHECK, so its text is widened in the schema, as SQLite's documentation describes
-- for loosening a constraint (no stored row changes); RESET reloads the schema.
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
   SET sql = replace(sql, 'CHECK (reach IN (''channel'', ''interactions''))',
                          'CHECK (reach IN (''channel'', ''interactions'', ''web''))')
 WHERE type = 'table' AND name IN ('games', 'challenges');
PRAGMA writable_schema = RESET;
