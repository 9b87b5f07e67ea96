-- When a live post was claimed (as ../0018_live_claim_time.sql): a sharded process that starts settles only claims
-- made before it started, taken over in one statement.

ALTER TABLE live_posts ADD COLUMN claimed_at TEXT;
