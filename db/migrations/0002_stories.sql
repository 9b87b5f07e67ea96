-- Stories and their curation: sources, labels, flags, the audit trail, per-server settings.
BEGIN;

-- guild_id NULL: the shared library, readable by every server, managed by the bot's owners.
CREATE TABLE stories (
    id              INTEGER PRIMARY KEY,
    guild_id        INTEGER,
    title           TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
    summary         TEXT NOT NULL DEFAULT '' CHECK (length(summary) <= 500),
    body            TEXT NOT NULL DEFAULT '' CHECK (length(body) <= 4000),
    moment_date     TEXT,
    competition_id  INTEGER REFERENCES competitions(id) ON DELETE SET NULL,
    event_id        INTEGER REFERENCES events(id) ON DELETE SET NULL,
    label           TEXT NOT NULL DEFAULT 'unverified'
                    CHECK (label IN ('unverified', 'verified', 'disputed', 'misleading', 'false', 'satire')),
    label_note      TEXT NOT NULL DEFAULT '',
    labelled_at     TEXT,
    created_by      INTEGER NOT NULL,       -- a Discord user id; 0 for the command line
    created_at      TEXT NOT NULL,
    updated_at      TEXT NOT NULL,
    deleted_at      TEXT,                   -- deleted stories stay for the audit trail, hidden everywhere
    deleted_by      INTEGER,
    import_key      TEXT UNIQUE             -- where an imported story came from, so re-imports update it
);
CREATE INDEX stories_by_guild ON stories(guild_id, deleted_at, created_at);

CREATE TABLE story_skaters (
    story_id    INTEGER NOT NULL REFERENCES stories(id) ON DELETE CASCADE,
    skater_id   INTEGER NOT NULL REFERENCES skaters(id) ON DELETE CASCADE,
    PRIMARY KEY (story_id, skater_id)
) WITHOUT ROWID;
CREATE INDEX story_skaters_by_skater ON story_skaters(skater_id);

CREATE TABLE story_sources (
    id          INTEGER PRIMARY KEY,
    story_id    INTEGER NOT NULL REFERENCES stories(id) ON DELETE CASCADE,
    url         TEXT NOT NULL CHECK (length(url) <= 2048),
    publisher   TEXT NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN ('primary', 'secondary', 'social')),
    note        TEXT NOT NULL DEFAULT '',
    added_by    INTEGER NOT NULL,
    added_at    TEXT NOT NULL,
    UNIQUE (story_id, url)
);

-- Reliability by domain. guild_id 0: the seed every server starts from; a server's own row overrides it.
CREATE TABLE source_tiers (
    guild_id    INTEGER NOT NULL,
    domain      TEXT NOT NULL,
    tier        TEXT NOT NULL CHECK (tier IN ('official', 'wire', 'major', 'specialist', 'reference', 'low')),
    PRIMARY KEY (guild_id, domain)
) WITHOUT ROWID;

-- A member's report. guild_id is where it was filed: a shared story can be flagged from any server.
CREATE TABLE story_flags (
    id          INTEGER PRIMARY KEY,
    story_id    INTEGER NOT NULL REFERENCES stories(id) ON DELETE CASCADE,
    guild_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    reason      TEXT NOT NULL CHECK (length(reason) BETWEEN 1 AND 1000),
    created_at  TEXT NOT NULL,
    resolved_at TEXT,
    resolved_by INTEGER,
    resolution  TEXT,
    UNIQUE (story_id, user_id)
);
CREATE INDEX story_flags_open ON story_flags(story_id, resolved_at);
CREATE INDEX story_flags_by_user ON story_flags(user_id, created_at);

CREATE TABLE audit_log (
    id          INTEGER PRIMARY KEY,
    story_id    INTEGER REFERENCES stories(id),
    guild_id    INTEGER,                    -- where the action was taken (NULL: the command line)
    actor_id    INTEGER NOT NULL,
    action      TEXT NOT NULL,
    at          TEXT NOT NULL,
    before      TEXT,                       -- JSON of what changed, as it was
    after       TEXT                        -- JSON of what changed, as it is now
);
CREATE INDEX audit_by_story ON audit_log(story_id, id);

CREATE TABLE guild_settings (
    guild_id            INTEGER PRIMARY KEY,
    mod_role_id         INTEGER,
    modlog_channel_id   INTEGER
);

-- Full-text search, partitioned by who may see a story: every word is indexed with its scope in front
-- ("g123w" + word for a server's story, "lw" + word for the shared library; see db/repositories/stories.py),
-- so a server's query only walks the postings of the stories it can see, however many other servers have.
-- Contentless: the text lives in `stories`; the repository keeps the index in step with every change.
CREATE VIRTUAL TABLE stories_fts USING fts5(
    title, summary, body, content='', tokenize='unicode61 remove_diacritics 2'
);

PRAGMA user_version = 2;
COMMIT;
