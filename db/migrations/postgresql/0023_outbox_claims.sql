-- The outbox's row is THE claim of every post the bot makes on its own (as ../0023_outbox_claims.sql): each kind keeps
-- only what is its own; its old table's name is a view joining that with the outbox's row.

-- The outbox becomes the queue as well (as ../0023_outbox_claims.sql): a row 'due' at `due_at` until it is claimed.
ALTER TABLE outbox DROP CONSTRAINT outbox_state_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_state_check CHECK (state IN ('due', 'claimed', 'sent', 'failed', 'retracted'));
ALTER TABLE outbox ADD COLUMN due_at TEXT;
CREATE INDEX outbox_due ON outbox(kind, due_at) WHERE state = 'due';

CREATE TABLE moment_days (
    guild_id    BIGINT NOT NULL,
    local_date  TEXT NOT NULL,
    story_id    BIGINT REFERENCES stories(id),
    channel_id  BIGINT,
    trigger     TEXT NOT NULL CHECK (trigger IN ('schedule', 'manual', 'catch-up')),
    outcome     TEXT CHECK (outcome IN ('failed', 'missed')),
    reason      TEXT,
    recorded_at TEXT NOT NULL,
    done_at     TEXT,
    retry_at    TEXT,
    label_shown TEXT,
    fact_shown  TEXT,
    PRIMARY KEY (guild_id, local_date)
);
CREATE INDEX moment_days_by_story ON moment_days(story_id);

INSERT INTO outbox (kind, key, guild_id, channel_id, state, message_id, attempts, reason, claimed_at, done_at)
SELECT 'moment', guild_id::text || '/' || local_date, guild_id, channel_id,
       CASE state WHEN 'claimed' THEN 'claimed' WHEN 'posted' THEN 'sent' ELSE 'failed' END,
       message_id, attempts, reason, claimed_at, done_at
FROM moment_posts
WHERE channel_id IS NOT NULL AND (state IN ('claimed', 'posted') OR (state = 'failed' AND story_id IS NOT NULL))
ON CONFLICT (kind, key) DO UPDATE SET state = excluded.state, channel_id = excluded.channel_id,
    message_id = excluded.message_id, attempts = excluded.attempts, reason = excluded.reason,
    claimed_at = excluded.claimed_at, done_at = excluded.done_at
WHERE outbox.state <> 'sent';

INSERT INTO moment_days (guild_id, local_date, story_id, channel_id, trigger, outcome, reason, recorded_at, done_at,
                         retry_at, label_shown, fact_shown)
SELECT guild_id, local_date, story_id, channel_id, trigger,
       CASE WHEN state = 'missed' OR (state = 'failed' AND (story_id IS NULL OR channel_id IS NULL)) THEN state END,
       CASE WHEN state = 'missed' OR (state = 'failed' AND (story_id IS NULL OR channel_id IS NULL)) THEN reason END,
       claimed_at,
       CASE WHEN state = 'missed' OR (state = 'failed' AND (story_id IS NULL OR channel_id IS NULL)) THEN done_at END,
       CASE WHEN state = 'claimed' THEN retry_at END, label_shown, fact_shown
FROM moment_posts;

DROP TABLE moment_posts;
CREATE VIEW moment_posts AS
SELECT d.guild_id, d.local_date,
       CASE WHEN d.outcome IS NOT NULL THEN d.outcome
            WHEN o.state = 'sent' THEN 'posted' WHEN o.state = 'claimed' THEN 'claimed' ELSE 'failed' END AS state,
       d.story_id, d.channel_id,
       CASE WHEN d.outcome IS NULL THEN o.message_id END AS message_id,
       d.trigger,
       CASE WHEN d.outcome IS NULL THEN o.reason ELSE d.reason END AS reason,
       COALESCE(o.claimed_at, d.recorded_at) AS claimed_at,
       CASE WHEN d.outcome IS NULL THEN o.done_at ELSE d.done_at END AS done_at,
       d.label_shown, COALESCE(o.attempts, 1) AS attempts, d.retry_at, d.fact_shown
FROM moment_days d LEFT JOIN outbox o ON o.kind = 'moment' AND o.key = d.guild_id::text || '/' || d.local_date;

-- Podium predictions: a scored round's announcement keeps where it goes, a lock post where it goes, when and why the
-- round locked, and whether it is told at all ('silent': no channel, the game off, or no pick); the rest is the
-- outbox's (kinds 'prediction' and 'prediction-lock', keyed by round). A sent message the outbox recorded stands
-- even where the round's row had not caught up (the bot stopped between the two records).
CREATE TABLE prediction_announcements (
    round_id    BIGINT PRIMARY KEY REFERENCES prediction_rounds(id) ON DELETE CASCADE,
    guild_id    BIGINT NOT NULL,
    channel_id  BIGINT NOT NULL
);
CREATE TABLE prediction_locks (
    round_id    BIGINT PRIMARY KEY REFERENCES prediction_rounds(id) ON DELETE CASCADE,
    guild_id    BIGINT NOT NULL,
    channel_id  BIGINT,
    silent      INTEGER NOT NULL DEFAULT 0,
    locked_at   TEXT,
    why         TEXT NOT NULL
);

-- A post due on the round's row is queued (due at once: looked for in its channel first if it was tried before).
INSERT INTO outbox (kind, key, guild_id, channel_id, state, version, message_id, reason, claimed_at, done_at, due_at)
SELECT 'prediction', CAST(round_id AS TEXT), guild_id, channel_id,
       CASE state WHEN 'due' THEN 'due' WHEN 'claimed' THEN 'claimed' WHEN 'posted' THEN 'sent' ELSE 'failed' END,
       version, message_id, reason, COALESCE(claimed_at, done_at, ''), done_at, CASE state WHEN 'due' THEN '' END
FROM prediction_posts WHERE state IN ('due', 'claimed', 'posted', 'failed')
ON CONFLICT (kind, key) DO UPDATE SET state = excluded.state, version = excluded.version,
    message_id = excluded.message_id, reason = excluded.reason, done_at = excluded.done_at, due_at = excluded.due_at
WHERE outbox.state <> 'sent';
INSERT INTO outbox (kind, key, guild_id, channel_id, state, message_id, reason, claimed_at, done_at, due_at)
SELECT 'prediction-lock', CAST(round_id AS TEXT), guild_id, channel_id,
       CASE state WHEN 'due' THEN 'due' WHEN 'claimed' THEN 'claimed' WHEN 'posted' THEN 'sent' ELSE 'failed' END,
       message_id, reason, COALESCE(claimed_at, done_at, locked_at, ''), done_at, CASE state WHEN 'due' THEN '' END
FROM prediction_lock_posts WHERE state IN ('due', 'claimed', 'posted', 'failed')
ON CONFLICT (kind, key) DO UPDATE SET state = excluded.state, message_id = excluded.message_id,
    reason = excluded.reason, done_at = excluded.done_at, due_at = excluded.due_at
WHERE outbox.state <> 'sent';

INSERT INTO prediction_announcements (round_id, guild_id, channel_id)
SELECT round_id, guild_id, channel_id FROM prediction_posts;
INSERT INTO prediction_locks (round_id, guild_id, channel_id, silent, locked_at, why)
SELECT round_id, guild_id, channel_id, CASE state WHEN 'silent' THEN 1 ELSE 0 END, locked_at, why
FROM prediction_lock_posts;
DROP TABLE prediction_posts;
DROP TABLE prediction_lock_posts;

CREATE VIEW prediction_posts AS
SELECT a.round_id, a.guild_id, a.channel_id,
       CASE o.state WHEN 'sent' THEN 'posted' WHEN 'retracted' THEN 'failed' ELSE o.state END AS state,
       CASE WHEN o.state = 'due' THEN r.version ELSE o.version END AS version, o.message_id, o.reason,
       CASE WHEN o.state <> 'due' THEN o.claimed_at END AS claimed_at, o.done_at
FROM prediction_announcements a JOIN prediction_rounds r ON r.id = a.round_id
JOIN outbox o ON o.kind = 'prediction' AND o.key = CAST(a.round_id AS TEXT);
CREATE VIEW prediction_lock_posts AS
SELECT l.round_id, l.guild_id, l.channel_id,
       CASE WHEN l.silent = 1 THEN 'silent' WHEN o.state = 'sent' THEN 'posted' WHEN o.state = 'retracted' THEN 'failed'
            ELSE o.state END AS state,
       l.locked_at, l.why, o.message_id, o.reason, CASE WHEN o.state <> 'due' THEN o.claimed_at END AS claimed_at,
       o.done_at
FROM prediction_locks l LEFT JOIN outbox o ON o.kind = 'prediction-lock' AND o.key = CAST(l.round_id AS TEXT);

-- Live posts and direct messages: a channel's post keeps what it is about (the item, the channel's role to ping, its
-- place among the items of one poll) and the outbox's key of it; a member's message keeps the followed skater and
-- when it was seen. Due, claimed, sent, failed, the version shown, the message, when it is due: the outbox's (kinds
-- 'live' and 'dm'). A member who takes no direct messages is a 'dm' failed for the reason 'closed'.
CREATE TABLE live_channel_posts (
    channel_id  BIGINT NOT NULL,
    watch_id    BIGINT NOT NULL REFERENCES live_watches(id) ON DELETE CASCADE,
    item_key    TEXT NOT NULL,
    guild_id    BIGINT NOT NULL,
    role_id     BIGINT,
    position    INTEGER NOT NULL DEFAULT 0,
    key         TEXT NOT NULL UNIQUE,           -- the outbox's: 'channel/watch/item'
    PRIMARY KEY (channel_id, watch_id, item_key)
);
CREATE TABLE live_member_messages (
    user_id     BIGINT NOT NULL,
    watch_id    BIGINT NOT NULL REFERENCES live_watches(id) ON DELETE CASCADE,
    item_key    TEXT NOT NULL,
    skater_id   BIGINT NOT NULL,
    at          TEXT NOT NULL,
    key         TEXT NOT NULL UNIQUE,           -- the outbox's: 'member/watch/item/skater'
    PRIMARY KEY (user_id, watch_id, item_key, skater_id)
);

INSERT INTO outbox (kind, key, guild_id, channel_id, state, version, message_id, reason, claimed_at, done_at, due_at)
SELECT 'live', CAST(channel_id AS TEXT) || '/' || CAST(watch_id AS TEXT) || '/' || item_key, guild_id, channel_id,
       CASE state WHEN 'due' THEN 'due' WHEN 'claimed' THEN 'claimed' WHEN 'posted' THEN 'sent' ELSE 'failed' END,
       version, message_id, reason, COALESCE(claimed_at, done_at, due_at), done_at, due_at
FROM live_posts
ON CONFLICT (kind, key) DO UPDATE SET due_at = excluded.due_at,
    state = CASE WHEN outbox.state = 'sent' THEN outbox.state ELSE excluded.state END,
    version = CASE WHEN outbox.state = 'sent' THEN outbox.version ELSE excluded.version END,
    message_id = CASE WHEN outbox.state = 'sent' THEN outbox.message_id ELSE excluded.message_id END,
    reason = CASE WHEN outbox.state = 'sent' THEN outbox.reason ELSE excluded.reason END,
    done_at = CASE WHEN outbox.state = 'sent' THEN outbox.done_at ELSE excluded.done_at END;
INSERT INTO outbox (kind, key, user_id, state, reason, claimed_at, due_at)
SELECT 'dm', CAST(user_id AS TEXT) || '/' || CAST(watch_id AS TEXT) || '/' || item_key || '/' || CAST(skater_id AS TEXT),
       user_id, CASE state WHEN 'closed' THEN 'failed' ELSE state END,
       CASE state WHEN 'closed' THEN 'closed' ELSE reason END, at, at
FROM live_messages
ON CONFLICT (kind, key) DO UPDATE SET state = excluded.state, reason = excluded.reason, due_at = excluded.due_at
WHERE outbox.state <> 'sent';

INSERT INTO live_channel_posts (channel_id, watch_id, item_key, guild_id, role_id, position, key)
SELECT channel_id, watch_id, item_key, guild_id, role_id, position,
       CAST(channel_id AS TEXT) || '/' || CAST(watch_id AS TEXT) || '/' || item_key
FROM live_posts;
INSERT INTO live_member_messages (user_id, watch_id, item_key, skater_id, at, key)
SELECT user_id, watch_id, item_key, skater_id, at,
       CAST(user_id AS TEXT) || '/' || CAST(watch_id AS TEXT) || '/' || item_key || '/' || CAST(skater_id AS TEXT)
FROM live_messages;
DROP TABLE live_posts;
DROP TABLE live_messages;

CREATE VIEW live_posts AS
SELECT p.channel_id, p.watch_id, p.item_key, p.guild_id, p.role_id,
       CASE o.state WHEN 'sent' THEN 'posted' WHEN 'retracted' THEN 'failed' ELSE o.state END AS state,
       o.due_at, p.position, o.version, o.message_id, o.reason, o.done_at,
       CASE WHEN o.state <> 'due' THEN o.claimed_at END AS claimed_at
FROM live_channel_posts p JOIN outbox o ON o.kind = 'live' AND o.key = p.key;
CREATE VIEW live_messages AS
SELECT m.user_id, m.watch_id, m.item_key, m.skater_id,
       CASE WHEN o.state = 'failed' AND o.reason = 'closed' THEN 'closed' ELSE o.state END AS state,
       CASE WHEN o.state = 'failed' AND o.reason = 'closed' THEN NULL ELSE o.reason END AS reason, m.at
FROM live_member_messages m JOIN outbox o ON o.kind = 'dm' AND o.key = m.key;
