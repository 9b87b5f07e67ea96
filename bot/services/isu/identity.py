"""A site's competition identity: the ISU event code its address or PDF names agree on, else its name, start date and
city; its level and season; and, for a folder of PDFs, the identity the store already holds under its event code.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date
from pathlib import Path

from bot.i18n import Text, t
from bot.services.isu.pdf_site import name_of_code
from bot.services.isu.site_data import SiteData
from bot.services.isu.source import FolderSource, HttpSource, Source
from bot.services.names import normalize
from db.database import Database
from db.repositories.results import ResultsRepository

COMPETITION_LEVELS = [  # the competition's kind, recognised from its name
    ("olympic", "olympics"),
    ("world junior", "junior-worlds"),
    ("world figure skating championships", "worlds"),
    ("world championships", "worlds"),
    ("european", "europeans"),
    ("four continents", "four-continents"),
    ("junior grand prix", "other"),
    ("grand prix final", "grand-prix-final"),
    ("grand prix", "grand-prix"),
    ("challenger", "challenger"),
]


# ISU event codes: wc2014, gpcan2017, gpf1920, jgpfra2019, owg2022 ...
_EVENT_CODE = re.compile(r"^[a-z]{2,9}\d{4}$", re.IGNORECASE)
_PDF_EVENT_CODE = re.compile(r"^([a-z]{2,9}\d{4})_", re.IGNORECASE)


def event_code(site: SiteData, source: Source) -> str | None:
    """The ISU event code the site's address and PDF names agree on, or None (with a warning if they disagree)."""
    candidates: dict[str, Text] = {}  # code -> where it was read, e.g. "wc2014 (PDF wc2014_x.pdf)"
    if isinstance(source, HttpSource):
        part = source.root.path.rstrip("/").rpartition("/")[2]
        if _EVENT_CODE.match(part):
            code = part.lower()
            candidates.setdefault(code, t("isu-code-from-address", code=code, url=str(source.root)))
    elif isinstance(source, FolderSource):
        part = source.folder.resolve().name
        if _EVENT_CODE.match(part):
            code = part.lower()
            candidates.setdefault(code, t("isu-code-from-folder", code=code, folder=str(source.folder)))
    if site.code and site.index.generation == "PDF":
        candidates.setdefault(site.code, t("isu-code-from-folder", code=site.code, folder=source.describe("")))
    for category in site.index.categories:
        for segment in category.segments:
            m = _PDF_EVENT_CODE.match(Path(segment.scores_pdf or "").name)
            if m:
                code = m.group(1).lower()
                candidates.setdefault(code, t("isu-code-from-pdf", code=code, pdf=segment.scores_pdf or ""))
    if len(candidates) > 1:
        *head, last = candidates.values()
        said = last  # the readings joined by "; "
        for where in reversed(head):
            said = t("import-more", first=where, rest=said)
        site.warnings.append(t("isu-event-codes-differ", codes=said))
        return None
    return next(iter(candidates), None)


def competition_key(site: SiteData) -> str:
    """The ISU event code ("wc2014") when the site has one; else name, start date and city, so that two
    competitions of one year (two Grand Prix events, two federation cups) are never one."""
    if site.code:
        return site.code
    index = site.index
    parts = [normalize(index.name), index.start_date or "", normalize(index.city or "")]
    return "-".join("-".join(p.split()) for p in parts if p)[:120]


def competition_level(name: str) -> str:
    lowered = normalize(name)
    for words, level in COMPETITION_LEVELS:
        if words in lowered:
            return level
    return "other"


def season_of(start: str | None) -> str:
    """ISU seasons run from July to June: March 2014 is 2013-14."""
    if not start:
        return "unknown"
    day = date.fromisoformat(start)
    first = day.year if day.month >= 7 else day.year - 1
    return f"{first}-{str(first + 1)[-2:]}"


async def adopt_stored_identity(db: Database, site: SiteData) -> None:
    """PDFs and renamed pages rarely say the competition's name, dates or place as the store has them: when the
    store already holds the competition of the folder's ISU event code, they are that competition's (said in a
    warning, with the name they print when it differs)."""
    repo = ResultsRepository(db)
    stored = next((c for c in await repo.competitions() if c.key == site.code), None)
    if stored is None:
        return
    named = site.index.name != name_of_code(site.code or "")
    if named and normalize(site.index.name) != normalize(stored.name):
        site.warnings.append(t("isu-pdf-name-differs", printed=site.index.name, key=stored.key, name=stored.name))
    site.index = replace(
        site.index,
        name=stored.name,
        city=stored.city,
        country=stored.country,
        venue=stored.venue,
        start_date=stored.start_date,
        end_date=stored.end_date,
    )
    site.season = stored.season
    if not named:
        site.warnings.append(t("isu-pdf-stored-identity", key=stored.key, name=stored.name))
    # A segment the store keeps under another code of the same kind (the 2010-18 short dance as "RD") is that one.
    segments = await repo.segments_by_event()
    events = {e.key: segments.get(e.id, []) for e in await repo.events(stored.id)}
    for data in site.categories:
        kinds = {s.kind: s.key for s in events.get(data.key, [])}
        for seg in data.segments:
            seg.code = kinds.get(seg.kind, seg.code)
