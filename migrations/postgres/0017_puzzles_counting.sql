-- A puzzle counts in Discord while it is someone's open rated attempt (or the day's daily
-- puzzle): the web's puzzle page looks its open attempts up by puzzle
-- (`storage::puzzle_counts`), and keeps its solution hidden meanwhile.
CREATE INDEX puzzle_attempts_counting ON puzzle_attempts (puzzle_id, status);
