-- The podium card (as ../0020_podium_card.sql): the live post of a final result may carry the podium as an image.

ALTER TABLE guild_settings ADD COLUMN podium_card INTEGER NOT NULL DEFAULT 0;
