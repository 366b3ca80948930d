-- Each channel's boards by message: whether another game's board came between a game's
-- board and the one replacing it (`storage::set_game_message`).
CREATE INDEX games_channel_boards ON games (channel_id, message_id);
