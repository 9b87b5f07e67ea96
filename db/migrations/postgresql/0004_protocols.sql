-- Judges' details (as ../0004_protocols.sql), the panel of officials, and the schedule's local times.

ALTER TABLE competitions ADD COLUMN timezone TEXT;
ALTER TABLE segments ADD COLUMN start_time TEXT;

CREATE TABLE protocol_elements (
    entry_id        BIGINT NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
    segment_id      BIGINT NOT NULL REFERENCES segments(id) ON DELETE CASCADE,
    number          BIGINT NOT NULL,
    code            TEXT NOT NULL,
    info            TEXT NOT NULL DEFAULT '',
    base_value      DOUBLE PRECISION NOT NULL,
    bonus           BIGINT NOT NULL DEFAULT 0,
    goe             DOUBLE PRECISION NOT NULL,
    judges          TEXT NOT NULL,
    panel_score     DOUBLE PRECISION NOT NULL,
    prov            BIGINT REFERENCES provenance(id),
    PRIMARY KEY (entry_id, segment_id, number)
);

CREATE TABLE protocol_components (
    entry_id        BIGINT NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
    segment_id      BIGINT NOT NULL REFERENCES segments(id) ON DELETE CASCADE,
    position        BIGINT NOT NULL,
    name            TEXT NOT NULL,
    factor          DOUBLE PRECISION NOT NULL,
    judges          TEXT NOT NULL,
    score           DOUBLE PRECISION NOT NULL,
    prov            BIGINT REFERENCES provenance(id),
    PRIMARY KEY (entry_id, segment_id, position)
);

CREATE TABLE protocol_deductions (
    entry_id        BIGINT NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
    segment_id      BIGINT NOT NULL REFERENCES segments(id) ON DELETE CASCADE,
    position        BIGINT NOT NULL,
    reason          TEXT NOT NULL,
    points          DOUBLE PRECISION NOT NULL,
    prov            BIGINT REFERENCES provenance(id),
    PRIMARY KEY (entry_id, segment_id, position)
);

CREATE TABLE segment_officials (
    segment_id      BIGINT NOT NULL REFERENCES segments(id) ON DELETE CASCADE,
    position        BIGINT NOT NULL,
    role            TEXT NOT NULL,
    name            TEXT NOT NULL,
    nation          TEXT,
    PRIMARY KEY (segment_id, position)
);
