-- A counter every change to the stories bumps (as ../0016_story_changes.sql), by row like SQLite's triggers.

CREATE TABLE story_changes (
    id  BIGINT PRIMARY KEY CHECK (id = 1),
    n   BIGINT NOT NULL
);
INSERT INTO story_changes (id, n) VALUES (1, 0);

CREATE FUNCTION story_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE story_changes SET n = n + 1 WHERE id = 1;
    RETURN NULL;
END;
$$;

CREATE TRIGGER story_inserted AFTER INSERT ON stories FOR EACH ROW EXECUTE FUNCTION story_changed();
CREATE TRIGGER story_updated AFTER UPDATE ON stories FOR EACH ROW EXECUTE FUNCTION story_changed();
CREATE TRIGGER story_deleted AFTER DELETE ON stories FOR EACH ROW EXECUTE FUNCTION story_changed();
CREATE TRIGGER story_skater_added AFTER INSERT ON story_skaters FOR EACH ROW EXECUTE FUNCTION story_changed();
CREATE TRIGGER story_skater_removed AFTER DELETE ON story_skaters FOR EACH ROW EXECUTE FUNCTION story_changed();
