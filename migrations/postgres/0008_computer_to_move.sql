-- The player to move in each active game against the computer, kept by every move of such a
-- game: the sweep for the computer's turns reads only the games where that is the computer,
-- through an index, instead of every game the computer plays. NULL in games between people,
-- which no sweep looks for (so their moves write no more than before).
ALTER TABLE games ADD COLUMN to_move_id BIGINT;

-- The position's second field is the colour to move ('w' or 'b'); white_id and black_id are
-- who plays each colour now.
UPDATE games
SET to_move_id = CASE WHEN split_part(position, ' ', 2) = 'w' THEN white_id ELSE black_id END
WHERE status = 'active' AND ai_level IS NOT NULL;

CREATE INDEX games_computer_to_move ON games (to_move_id, id)
    WHERE status = 'active' AND ai_level IS NOT NULL;
