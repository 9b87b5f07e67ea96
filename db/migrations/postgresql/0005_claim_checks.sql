-- The latest claim check of each story (as ../0005_claim_checks.sql).

ALTER TABLE stories ADD COLUMN check_summary TEXT;
ALTER TABLE stories ADD COLUMN check_contradicted BIGINT NOT NULL DEFAULT 0;
ALTER TABLE stories ADD COLUMN checked_at TEXT;
