-- Moments "from the results" (as ../0014_results_moments.sql).

ALTER TABLE stories ADD COLUMN fact_key TEXT;
ALTER TABLE stories ADD COLUMN fact_digest TEXT;
ALTER TABLE stories ADD COLUMN fact_words TEXT;
CREATE UNIQUE INDEX stories_by_fact ON stories(fact_key) WHERE fact_key IS NOT NULL;

CREATE TABLE fact_sync (
    id          BIGINT PRIMARY KEY CHECK (id = 1),
    import_id   BIGINT NOT NULL,
    synced_at   TEXT NOT NULL
);

ALTER TABLE moment_schedules ADD COLUMN results_moments BIGINT NOT NULL DEFAULT 1 CHECK (results_moments IN (0, 1));

ALTER TABLE moment_posts ADD COLUMN fact_shown TEXT;

CREATE TABLE moment_hidden (
    guild_id    BIGINT NOT NULL,
    story_id    BIGINT NOT NULL REFERENCES stories(id) ON DELETE CASCADE,
    hidden_by   BIGINT NOT NULL,
    hidden_at   TEXT NOT NULL,
    PRIMARY KEY (guild_id, story_id)
);
