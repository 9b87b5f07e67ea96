-- Competition week, live: results sites the bot watches, what it has seen on them, the channels that receive
-- it, and one row per channel and item that makes each post happen once (like moment_posts); members' followed
-- skaters and one row per member and score that makes each direct message happen once.
BEGIN;

CREATE TABLE live_watches (
    id              INTEGER PRIMARY KEY,
    url             TEXT NOT NULL UNIQUE,           -- the site's index page, as checked by the fetcher
    name            TEXT,                           -- the competition's name as the index says, once read
    competition_key TEXT,                           -- the store's competition, once imported
    timezone        TEXT,                           -- the schedule's zone as printed ("GMT +09:00")
    schedule        TEXT NOT NULL DEFAULT '[]',     -- JSON: [{category, segment, item, starts_at (UTC ISO)}]
    state           TEXT NOT NULL DEFAULT 'watching' CHECK (state IN ('watching', 'ended', 'stopped')),
    added_by        INTEGER NOT NULL,
    added_at        TEXT NOT NULL,
    polled_at       TEXT,                           -- the last poll that reached the site
    next_poll_at    TEXT NOT NULL,
    failures        INTEGER NOT NULL DEFAULT 0,     -- polls failed in a row (backoff), 0 after a success
    last_error      TEXT
);

-- What the bot has seen on a site: a segment's starting order, its results, a category's final result. `version`
-- grows when a seen item changes (a correction); `content` is what a post shows (JSON), `digest` its hash.
CREATE TABLE live_items (
    watch_id    INTEGER NOT NULL REFERENCES live_watches(id) ON DELETE CASCADE,
    item_key    TEXT NOT NULL,                      -- "001/001/order", "001/002/segment", "001/final"
    kind        TEXT NOT NULL CHECK (kind IN ('order', 'segment', 'final')),
    discipline  TEXT NOT NULL,
    level       TEXT NOT NULL,
    version     INTEGER NOT NULL DEFAULT 1,
    digest      TEXT NOT NULL,
    content     TEXT NOT NULL,
    first_content TEXT NOT NULL,                    -- as first seen: a correction says what changed since
    seen_at     TEXT NOT NULL,
    changed_at  TEXT NOT NULL,
    PRIMARY KEY (watch_id, item_key)
) WITHOUT ROWID;

CREATE TABLE live_subscriptions (
    id              INTEGER PRIMARY KEY,
    guild_id        INTEGER NOT NULL,
    channel_id      INTEGER NOT NULL,
    watch_id        INTEGER REFERENCES live_watches(id) ON DELETE CASCADE,  -- NULL: every watched competition
    disciplines     TEXT NOT NULL DEFAULT '[]',     -- JSON list; empty: all
    levels          TEXT NOT NULL DEFAULT '[]',     -- JSON list; empty: all
    delay_minutes   INTEGER NOT NULL DEFAULT 0 CHECK (delay_minutes BETWEEN 0 AND 1440),
    role_id         INTEGER,                        -- pinged with each post, and nobody else
    created_by      INTEGER NOT NULL,
    created_at      TEXT NOT NULL
);
-- One subscription per channel and competition (NULL counts as one value here: "every competition").
CREATE UNIQUE INDEX live_subscriptions_once ON live_subscriptions(channel_id, ifnull(watch_id, 0));

-- A channel's post of one item: 'due' (waiting for its delay), 'claimed' (being sent: a restart looks in the
-- channel before sending again), 'posted', 'failed'. `version` is the item's version the message shows: a
-- newer version is a correction, and the message is edited.
CREATE TABLE live_posts (
    channel_id      INTEGER NOT NULL,
    watch_id        INTEGER NOT NULL REFERENCES live_watches(id) ON DELETE CASCADE,
    item_key        TEXT NOT NULL,
    guild_id        INTEGER NOT NULL,
    role_id         INTEGER,
    state           TEXT NOT NULL CHECK (state IN ('due', 'claimed', 'posted', 'failed')),
    due_at          TEXT NOT NULL,
    position        INTEGER NOT NULL DEFAULT 0,     -- among the items of one poll, in competition order
    version         INTEGER NOT NULL,
    message_id      INTEGER,
    reason          TEXT,
    done_at         TEXT,
    PRIMARY KEY (channel_id, watch_id, item_key)
) WITHOUT ROWID;
-- The delivery asks every second for the posts due: only those, in the order they go out.
CREATE INDEX live_posts_due ON live_posts(due_at, position) WHERE state = 'due';

CREATE TABLE live_follows (
    user_id     INTEGER NOT NULL,
    skater_id   INTEGER NOT NULL REFERENCES skaters(id) ON DELETE CASCADE,
    created_at  TEXT NOT NULL,
    PRIMARY KEY (user_id, skater_id)
) WITHOUT ROWID;
CREATE INDEX live_follows_by_skater ON live_follows(skater_id);

-- A member's direct message about one followed skater's score: 'due' when the score appears, 'claimed' while
-- sent, then 'sent', or 'closed' when the member takes no direct messages from the bot, or 'failed'. Never
-- retried: a member is told once or not at all (a message claimed when the bot stopped is not sent again).
CREATE TABLE live_messages (
    user_id     INTEGER NOT NULL,
    watch_id    INTEGER NOT NULL REFERENCES live_watches(id) ON DELETE CASCADE,
    item_key    TEXT NOT NULL,
    skater_id   INTEGER NOT NULL,
    state       TEXT NOT NULL CHECK (state IN ('due', 'claimed', 'sent', 'closed', 'failed')),
    reason      TEXT,
    at          TEXT NOT NULL,
    PRIMARY KEY (user_id, watch_id, item_key, skater_id)
) WITHOUT ROWID;
CREATE INDEX live_messages_due ON live_messages(at) WHERE state = 'due';

PRAGMA user_version = 11;
COMMIT;
