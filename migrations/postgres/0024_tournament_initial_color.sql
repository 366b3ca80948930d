-- A Swiss's initial colour (FIDE Dutch system, 2016 text E.5, 2026 text Art. 5): the colour of
-- seat 0 (pairing number 1) in round 1, drawn by lot when the tournament starts and kept, so
-- that every process and every restart pairs the later rounds with the same one (two
-- players who have not played a game yet still get colours by it), and the TRF export
-- carries it (`XXC white1` / `XXC black1`). Tournaments started before the lot was drawn
-- were paired with White.
ALTER TABLE tournaments ADD COLUMN initial_color TEXT NOT NULL DEFAULT 'white'
    CHECK (initial_color IN ('white', 'black'));
