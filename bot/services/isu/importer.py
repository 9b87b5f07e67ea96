"""Importing an official ISU results site: read every page and PDF there is, check it, then write it in one go.

Real sites are partial (published during the event), localized (federations run the software in their language)
and sometimes stale (a page left over from another event). So:

- what is missing or not yet there (a 404, a page without its table, a PDF not uploaded, a PDF the parser cannot
  read) is a warning naming the file, and everything else imports;
- a category is placed (discipline, level, segments) only when its readings agree: its name in any language of
  :mod:`bot.services.isu.vocabulary`, the FS Manager PDF codes, the index row's colour, the segments it has and the
  entries' shape (couples or not). A category that cannot be placed, or whose pages name another competition or
  category, is skipped with a warning;
- a damaged page (truncated, a garbled number) is an error: nothing is written.

The competition's identity comes from the ISU event code in the site's address or PDF names ("wc2014"), else from
its name, start date and city. A site whose name, dates or place differ from the competition stored under the same
identity is refused unless the import is a correction.

Everything is read and parsed first (pages and PDFs in a worker thread, never on the event loop), then written in
one transaction through the results importer (bot.services.importer): a re-import is a no-op, a corrected page an
update of just what changed, and rows a corrected site no longer lists are removed (and counted). Every figure is
recorded as `official`, with the page or PDF it was read from as its source.

The steps, each in its module: reading (`site_reading`, `folder_reading` for a site without an index, `page_reader`
for one page), placing a category (`placing`), the competition's identity (`identity`), the results document
(`document`); what a read site holds is in `site_data`. This module runs them and writes.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from bot.i18n import Text, t
from bot.services.importer import ImportReport, import_document
from bot.services.isu.document import build_document, couple_of, display_name
from bot.services.isu.identity import adopt_stored_identity, competition_key, season_of
from bot.services.isu.site_data import CategoryData, Progress, SegmentData, SiteData
from bot.services.isu.site_reading import read_site
from bot.services.isu.source import Source, SourceError
from db.database import Database

# The steps live in their modules (bot.services.isu.site_reading, placing, identity, document); what the rest of the
# bot uses of them is named here, where an import of a site starts.
__all__ = [
    "CategoryData",
    "ImportTimeout",
    "IsuImportSummary",
    "Progress",
    "SegmentData",
    "SiteData",
    "build_document",
    "competition_key",
    "couple_of",
    "display_name",
    "import_isu",
    "read_site",
    "season_of",
]


class ImportTimeout(SourceError):
    """The whole import took longer than its deadline: nothing was written."""


@dataclass
class IsuImportSummary:
    competition: str
    key: str
    categories: int
    segments: int
    entries: int
    elements: int
    pages: int
    pdf_pages: int
    warnings: list[Text]  # what was not imported, and why: shown to the owner who imported
    report: ImportReport

    def lines(self) -> list[Text]:
        """The summary, what the import changed and each warning: one message a line, for /admin import-isu
        to put into the owner's words."""
        counts = t(
            "isu-summary",
            competition=self.competition,
            key=self.key,
            categories=self.categories,
            segments=self.segments,
            entries=self.entries,
            elements=self.elements,
            pages=self.pages,
            pdf_pages=self.pdf_pages,
        )
        return [counts, self.report.describe_text(), *(t("isu-warning", warning=w) for w in self.warnings)]

    def describe(self) -> str:
        """The lines in English, for the command line."""
        return "\n".join(str(line) for line in self.lines())


async def import_isu(
    db: Database,
    source: Source,
    progress: Progress | None = None,
    *,
    correction: bool = False,
    deadline: float = 900,
) -> IsuImportSummary:
    """Reads the whole site (within `deadline` seconds) and writes it in one transaction.

    Without `correction`, a competition already stored under the site's identity whose name, dates or place differ
    is refused (bot.services.importer.IdentityChange): either the site is another competition, or the user says it
    is a correction.
    """
    try:
        async with asyncio.timeout(deadline):
            site = await read_site(source, progress)
    except TimeoutError as exc:
        raise ImportTimeout(
            f"{source.describe(source.index_name)}: the site was not read within {deadline:g} s; nothing was imported"
        ) from exc
    if site.index.generation == "PDF" and site.code:
        await adopt_stored_identity(db, site)  # a folder without an index: its event code is its identity
    document = build_document(site, source)
    report = await import_document(
        db, document, source=source.describe(source.index_name), guard_identity=not correction
    )
    events = document["competitions"][0]["events"]
    return IsuImportSummary(
        competition=site.index.name,
        key=document["competitions"][0]["id"],
        categories=len(site.categories),
        segments=sum(len(c.segments) for c in site.categories),
        entries=sum(len(e["entries"]) for e in events),
        elements=sum(len(p.elements) for c in site.categories for s in c.segments for p in s.protocols),
        pages=site.pages,
        pdf_pages=site.pdf_pages,
        warnings=site.warnings,
        report=report,
    )
