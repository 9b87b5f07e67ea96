"""The claim rules (stage 3), by kind of claim; see reading.py for how a sentence is read."""

from bot.services.claims.rules.reading import Extraction, Reader

__all__ = ["Extraction", "Reader"]
