-- The active games in id order, so the start-up check reads them page by page without
-- walking past every finished game.
CREATE INDEX games_active_by_id ON games (id) WHERE status = 'active';
