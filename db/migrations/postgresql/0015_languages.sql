-- Languages (as ../0015_languages.sql): a server's language, a story's, and the index emptied to be rebuilt with
-- Japanese and Chinese split into characters and pairs.

ALTER TABLE guild_settings ADD COLUMN locale TEXT;
ALTER TABLE stories ADD COLUMN language TEXT;

DELETE FROM story_index;
