"""The skatebot results format (data/FORMAT.md), defined once: typed models and the rules a document must follow.

Two readers use it: the importer (`bot.services.importer`), which stops at the first problem and writes nothing,
and the converter of the reference data (`data/convert_shared.py`), which lists every problem before it writes a
file. The shape (which keys, which types) is checked by msgspec while decoding, which reports the first mismatch
with its place in the document; the rules that need more than one value (a segment an entry refers to, a skater
who appears twice, a bare value without an enclosing provenance) are :func:`problems`, which yields all of them.

msgspec rather than pydantic: it does the job at a fifth of the import time and memory (measured: about 4 MB and
60 ms against 18 MB and 200 ms), and the bot process has a memory target.
"""

from bot.services.import_format.models import (
    COUPLE_DISCIPLINES,
    DISCIPLINES,
    FORMAT_NAME,
    FORMAT_VERSION,
    LEVELS,
    SEGMENT_KINDS,
    STATUSES,
    Competition,
    Component,
    Deduction,
    Element,
    Entry,
    Event,
    ImportFormatError,
    IntFigure,
    NumberFigure,
    Official,
    Protocol,
    Provenance,
    ResultsDocument,
    Segment,
    SegmentResult,
    Skater,
    Team,
    TeamSegment,
    TextFigure,
    figure,
)
from bot.services.import_format.reading import decode, read_document
from bot.services.import_format.rules import problems, skater_match_key, skater_name_key

__all__ = [
    "COUPLE_DISCIPLINES",
    "DISCIPLINES",
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "LEVELS",
    "SEGMENT_KINDS",
    "STATUSES",
    "Competition",
    "Component",
    "Deduction",
    "Element",
    "Entry",
    "Event",
    "ImportFormatError",
    "IntFigure",
    "NumberFigure",
    "Official",
    "Protocol",
    "Provenance",
    "ResultsDocument",
    "Segment",
    "SegmentResult",
    "Skater",
    "Team",
    "TeamSegment",
    "TextFigure",
    "decode",
    "figure",
    "problems",
    "read_document",
    "skater_match_key",
    "skater_name_key",
]
