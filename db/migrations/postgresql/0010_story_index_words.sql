-- The story index splits words exactly as db/words.py does (as ../0010_story_index_words.sql): emptied, and
-- rebuilt from the stories by the application when it next opens the store (StoryRepository.rebuild_index_if_empty).

DELETE FROM story_index;
