-- Languages (issue 17): a server may choose the language of what the bot posts to its channels (else Discord's
-- preferred locale of the server), a story keeps the language it was written in, and the story index splits
-- Japanese and Chinese text, written without spaces, into the pairs of characters a search looks for (db/words.py).
BEGIN;

ALTER TABLE guild_settings ADD COLUMN locale TEXT;   -- a catalogue's locale (bot/locales/<locale>); NULL: Discord's
ALTER TABLE stories ADD COLUMN language TEXT;         -- a BCP 47 tag ("ja", "en"); NULL: not said

-- Emptied, so the next open indexes every story again with the new word splitting (rebuild_index_if_empty).
INSERT INTO stories_fts (stories_fts) VALUES ('delete-all');

PRAGMA user_version = 15;
COMMIT;
