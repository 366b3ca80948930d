-- Every tournament's page on the web lives at an unguessable address, as the games' do: 128
-- random bits, written as 32 hexadecimal digits. Tournaments made before pages existed get
-- theirs when first linked.
ALTER TABLE tournaments ADD COLUMN page_key TEXT;
CREATE UNIQUE INDEX tournaments_by_page_key ON tournaments (page_key);
