-- The outbox's row is THE claim of every post the bot makes on its own (as ../0023_outbox_claims.sql): each kind keeps
-- only what is its own; its old table's name is a view joining that with the outbox's row.

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
    claimed_at = excluded.claimed_at, done_at = excluded.done_at;

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
