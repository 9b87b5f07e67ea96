-- What a source is to its story: evidence, or a place where it circulates (as ../0008_source_roles.sql).

ALTER TABLE story_sources ADD COLUMN role TEXT NOT NULL DEFAULT 'evidence' CHECK (role IN ('evidence', 'appearance'));
