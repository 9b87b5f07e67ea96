-- A counter every change to the stories bumps (triggers), so the moment of the day can keep the shared library's
-- candidates between two changes instead of reading a thousand stories for each of thousands of servers a day.
BEGIN;

CREATE TABLE story_changes (
    id  INTEGER PRIMARY KEY CHECK (id = 1),
    n   INTEGER NOT NULL
);
INSERT INTO story_changes (id, n) VALUES (1, 0);

CREATE TRIGGER story_inserted AFTER INSERT ON stories BEGIN
    UPDATE story_changes SET n = n + 1 WHERE id = 1;
END;
CREATE TRIGGER story_updated AFTER UPDATE ON stories BEGIN
    UPDATE story_changes SET n = n + 1 WHERE id = 1;
END;
CREATE TRIGGER story_deleted AFTER DELETE ON stories BEGIN
    UPDATE story_changes SET n = n + 1 WHERE id = 1;
END;
CREATE TRIGGER story_skater_added AFTER INSERT ON story_skaters BEGIN
    UPDATE story_changes SET n = n + 1 WHERE id = 1;
END;
CREATE TRIGGER story_skater_removed AFTER DELETE ON story_skaters BEGIN
    UPDATE story_changes SET n = n + 1 WHERE id = 1;
END;

PRAGMA user_version = 16;
COMMIT;
