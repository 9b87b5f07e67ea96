-- A post refused for a passing reason stays claimed and is tried again (as ../0007_moment_retries.sql).

ALTER TABLE moment_posts ADD COLUMN attempts BIGINT NOT NULL DEFAULT 1;
ALTER TABLE moment_posts ADD COLUMN retry_at TEXT;
