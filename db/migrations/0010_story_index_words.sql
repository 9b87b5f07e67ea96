-- The story index splits words exactly as its tokenizer does (db/words.py). Stories indexed before were split
-- by Python's rules, which keep a few characters inside a word that the tokenizer splits on: a contentless
-- index can only forget a row given exactly what it indexed, so the old index is dropped here and rebuilt
-- from the stories by the application when it next opens the store (StoryRepository.rebuild_index_if_empty).
BEGIN;

DROP TABLE stories_fts;
CREATE VIRTUAL TABLE stories_fts USING fts5(
    title, summary, body, content='', tokenize='unicode61 remove_diacritics 2'
);

PRAGMA user_version = 10;
COMMIT;
