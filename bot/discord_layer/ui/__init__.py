"""Turning service results into Discord embeds and views (no business rules here)."""
