-- Everything a player must see goes through the outbox. It learns five announcements:
-- 'end' (the result board of a game ended beside the board: a resignation, a claimed win),
-- 'abort' and 'call_off' (a game ended with no result, by `user_id`: before both players
-- moved, or after a week without a move), 'offer' (a rematch offered away from the chat, the
-- challenge `challenge_id`) and 'daily' (the daily puzzle's post in server `guild_id`, of the
-- day `created_ms` falls on).
ALTER TABLE announcements ADD COLUMN guild_id BIGINT;
ALTER TABLE announcements ADD COLUMN user_id BIGINT;
ALTER TABLE announcements DROP CONSTRAINT announcements_kind_check;
ALTER TABLE announcements DROP CONSTRAINT announcements_challenge_check;
ALTER TABLE announcements DROP CONSTRAINT announcements_game_check;
ALTER TABLE announcements ADD CONSTRAINT announcements_kind_check
    CHECK (kind IN ('reminder', 'timeout', 'board', 'expiry', 'round', 'final',
                    'end', 'abort', 'call_off', 'offer', 'daily'));
ALTER TABLE announcements ADD CONSTRAINT announcements_challenge_check
    CHECK ((kind IN ('expiry', 'offer')) = (challenge_id IS NOT NULL));
ALTER TABLE announcements ADD CONSTRAINT announcements_game_check
    CHECK ((kind IN ('expiry', 'offer', 'round', 'final', 'daily')) = (game_id IS NULL));
ALTER TABLE announcements ADD CONSTRAINT announcements_guild_check
    CHECK ((kind = 'daily') = (guild_id IS NOT NULL));
ALTER TABLE announcements ADD CONSTRAINT announcements_user_check
    CHECK ((kind IN ('abort', 'call_off')) = (user_id IS NOT NULL));
