-- What a source is to its story: evidence about whether it is true (a report, an official result, a
-- fact-check), or a place where the story circulates (the viral post itself). A ClaimReview export names them
-- differently: evidence is a citation of the review, a place of circulation is an appearance of the claim.
BEGIN;

ALTER TABLE story_sources ADD COLUMN role TEXT NOT NULL DEFAULT 'evidence' CHECK (role IN ('evidence', 'appearance'));

PRAGMA user_version = 8;
COMMIT;
