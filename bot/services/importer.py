"""Loading files in the skatebot results format (data/FORMAT.md) into the store.

The format itself (models and rules) is `bot.services.import_format`. Validation happens before anything is written,
and the whole file is written in one transaction, so a bad file leaves the store exactly as it was.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from msgspec import UNSET
from rapidfuzz.distance import Levenshtein

from bot.i18n import Text, t
from bot.services import import_format as fmt
from bot.services.countries import NEUTRAL_NAMES, federation
from bot.services.eras import era_of
from bot.services.import_format import FORMAT_NAME, ImportFormatError, skater_match_key, skater_name_key
from bot.services.names import normalize
from db.database import Database, Row
from db.models import Provenance
from db.repositories.results import SEGMENT_FIGURES, TEAM_SEGMENT_FIGURES
from db.repositories.results_writer import ResultsWriter, StoredUnder

# Re-exported: callers catch the format's error and name the format through the importer.
__all__ = [
    "FORMAT_NAME",
    "IdentityChange",
    "ImportFormatError",
    "ImportReport",
    "import_document",
    "import_file",
    "skater_match_key",
]


class IdentityChange(ImportFormatError):
    """The import would change what identifies a stored competition (its name, dates or place): another
    competition under the same id, or a correction the user has to confirm. `text` is the message for a bot
    owner's words (/admin import-isu); str() is its English (the command line)."""

    def __init__(self, text: Text) -> None:
        super().__init__(str(text))
        self.text = text


@dataclass
class ImportReport:
    """What one import changed, counted by kind ("added competitions", "unchanged entries", ...)."""

    source: str
    changes: Counter[str] = field(default_factory=Counter)  # "added competitions", "updated entries", ...

    @property
    def changed(self) -> bool:
        """Whether the import changed anything in the store."""
        return any(not key.startswith("unchanged") for key in self.changes)

    def describe_text(self) -> Text:
        """One line for the user: what was added, updated or removed, or that nothing changed."""
        if not self.changed:
            return t("import-up-to-date", source=self.source)
        parts = tuple(
            t("import-change", verb=verb, count=count, what=what.replace(" ", "-"))
            for (verb, what), count in sorted((tuple(key.split(" ", 1)), n) for key, n in self.changes.items())
            if verb != "unchanged"
        )
        return t("import-changed", source=self.source, changes=parts)

    def describe(self) -> str:
        """The line in English (the command line)."""
        return str(self.describe_text())


async def import_file(db: Database, path: Path) -> ImportReport:
    """Validates and imports one results file; raises ImportFormatError naming what is wrong."""
    raw = await asyncio.to_thread(path.read_bytes)
    try:
        document = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ImportFormatError(f"{path}: not UTF-8 JSON ({exc})") from exc
    return await import_document(db, document, source=str(path), sha256=hashlib.sha256(raw).hexdigest())


async def import_document(
    db: Database, document: Any, *, source: str, sha256: str = "", guard_identity: bool = False
) -> ImportReport:
    """Validates and writes a results document in one transaction.

    With `guard_identity`, a competition already stored under the document's id whose name, dates or place
    differ is refused with :class:`IdentityChange` (nothing is written): the caller asks the user whether it is a
    correction, and imports again without the guard if so.
    """
    # Everything is checked before the transaction opens: a half-valid file writes nothing.
    parsed = fmt.read_document(document, source)
    plans = [_CompetitionPlan(competition, source) for competition in parsed.competitions]
    report = ImportReport(source)
    async with db.transaction() as tx:
        writer = ResultsWriter(tx)
        for plan in plans:
            if guard_identity:
                await plan.check_identity(writer)
            await plan.write(writer, report)
        await writer.flush()
        if report.changed:
            summary = "; ".join(f"{key}: {count}" for key, count in sorted(report.changes.items()))
            await writer.record_import(source, sha256, datetime.now(UTC).isoformat(timespec="seconds"), summary)
    return report


class _CompetitionPlan:
    """A checked competition and how to write it."""

    def __init__(self, competition: fmt.Competition, source: str) -> None:
        self.competition = competition
        self.source = source
        self.key = competition.id
        self.columns: dict[str, Any] = {
            "name": competition.name,
            "short_name": competition.short_name,
            "season": competition.season,
            "level": competition.level,
            "city": competition.city,
            "country": competition.country,
            "venue": competition.venue,
            "start_date": competition.start_date,
            "end_date": competition.end_date,
            "timezone": competition.timezone,
        }

    async def check_identity(self, writer: ResultsWriter) -> None:
        """Refuses (:class:`IdentityChange`) a stored competition of this id whose name, dates or place differ."""
        stored = await writer.competition_by_key(self.key)
        if stored is None:
            return
        changes = [
            t("import-identity-item", field=column, old=repr(stored[column]), new=repr(self.columns[column]))
            for column in _IDENTITY
            if self.columns[column] is not None and stored[column] != self.columns[column]
        ]
        if changes:
            joined = changes[-1]  # joined by "; "
            for change in reversed(changes[:-1]):
                joined = t("import-more", first=change, rest=joined)
            raise IdentityChange(
                t(
                    "import-identity-change",
                    source=self.source,
                    key=self.key,
                    name=repr(stored["name"]),
                    when=_when_where(stored),
                    changes=joined,
                )
            )

    async def write(self, writer: ResultsWriter, report: ImportReport) -> None:
        """Writes the competition and its events, counting every row added, updated or unchanged."""
        provenance = self.competition.provenance
        columns = {**self.columns, "prov": await _provenance_id(writer, provenance)}
        competition_id, change = await writer.upsert("competitions", {"key": self.key}, columns)
        assert competition_id is not None  # competitions have a rowid
        report.changes[f"{change} competitions"] += 1
        for event in self.competition.events:
            await self._write_event(writer, report, competition_id, event, event.provenance or provenance)

    async def _write_event(
        self,
        writer: ResultsWriter,
        report: ImportReport,
        competition_id: int,
        event: fmt.Event,
        provenance: fmt.Provenance | None,
    ) -> None:
        event_id, change = await writer.upsert(
            "events",
            {"competition_id": competition_id, "key": event.id},
            {"name": event.name, "discipline": event.discipline, "level": event.level},
        )
        assert event_id is not None
        report.changes[f"{change} events"] += 1
        segment_ids: dict[str, int] = {}
        for position, segment in enumerate(event.segments):
            segment_id, change = await writer.upsert(
                "segments",
                {"event_id": event_id, "key": segment.id},
                {
                    "kind": segment.kind,
                    "name": segment.name,
                    "discipline": segment.discipline,
                    "date": segment.date,
                    "start_time": segment.start_time,
                    "position": position,
                    "era": era_of(self.competition.season),
                },
            )
            assert segment_id is not None
            segment_ids[segment.id] = segment_id
            report.changes[f"{change} segments"] += 1
            if segment.officials is not UNSET:
                change = await writer.replace_rows(
                    "segment_officials",
                    {"segment_id": segment_id},
                    [
                        {"position": i, "role": o.role, "name": o.name, "nation": (o.nation or "").strip() or None}
                        for i, o in enumerate(segment.officials)
                    ],
                )
                report.changes[f"{change} panels"] += 1
        for note in event.notes:
            text, note_prov = fmt.figure(note, provenance)
            if text:
                await self._write_note(writer, report, event_id, None, text, note_prov)
        written: list[tuple[int, set[str]]] = []  # (entry id, segment keys it has results in)
        for entry in event.entries:
            entry_id = await self._write_entry(writer, report, event_id, segment_ids, entry, provenance)
            written.append((entry_id, set(entry.segments)))
        # A complete list is the whole event (a corrected site): rows it no longer has are removed, and said so.
        if event.entries_complete:
            removed = await writer.remove_entries_except(event_id, [entry_id for entry_id, _ in written])
            if removed:
                report.changes["removed entries"] += removed
        for segment in event.segments:
            if segment.results_complete:
                keep = [entry_id for entry_id, keys in written if segment.id in keys]
                removed = await writer.remove_segment_results_except(segment_ids[segment.id], keep)
                if removed:
                    report.changes["removed segment results"] += removed
        for team in event.teams:
            await self._write_team(writer, report, event_id, segment_ids, team, provenance)

    async def _write_skater(
        self,
        writer: ResultsWriter,
        report: ImportReport,
        name: str,
        isu_id: str | None,
        aliases: list[str],
        country: str,
        existing: Row | None,
        *,
        joined: bool = False,
    ) -> int:
        """Adds or updates a skater; `existing`: the stored one they are (_stored_skaters), `joined` when found
        through a partner rather than by their own key."""
        match_key = skater_match_key(name, country)
        keys = {"id": existing["id"]} if existing else {"match_key": match_key}
        # A skater's country is their federation's: an entry under a neutral name (OAR) keeps it on the entry.
        if existing and country in NEUTRAL_NAMES:
            country = existing["country"]
        values: dict[str, Any] = {"name": name, "country": country, "match_key": match_key}
        if existing is not None and joined:
            # Joined through a partner (another spelling, or the couple's other federation): the stored name, key and
            # country stay, so importing either source again changes nothing; the new spelling is an alias.
            values = {"country": existing["country"]}
            aliases = [*aliases, name]
            name = existing["name"]
        if isu_id or not existing:
            values["isu_id"] = isu_id or (existing["isu_id"] if existing else None)
        skater_id, change = await writer.upsert("skaters", keys, values)
        assert skater_id is not None
        report.changes[f"{change} skaters"] += 1
        aliases = list(aliases)
        if existing and existing["name"] != name:
            aliases.append(existing["name"])  # a new spelling: the old one stays findable
        added = await writer.add_aliases(skater_id, [alias.strip() for alias in aliases if alias.strip() != name])
        if added:
            report.changes["added aliases"] += added
        return skater_id

    async def _write_entry(
        self,
        writer: ResultsWriter,
        report: ImportReport,
        event_id: int,
        segment_ids: dict[str, int],
        entry: fmt.Entry,
        inherited: fmt.Provenance | None,
    ) -> int:
        provenance = entry.provenance or inherited
        country = entry.country.upper()
        stored = await _stored_skaters(writer, entry.skaters, country)
        skater_ids = [
            await self._write_skater(
                writer, report, skater.name, skater.isu_id, skater.aliases, country, row, joined=joined
            )
            for skater, (row, joined) in zip(entry.skaters, stored, strict=True)
        ]
        # A figure the entry does not mention is left as stored (a file or a site may give part of the picture);
        # one given as null is unknown now and cleared.
        values: dict[str, Any] = {"country": country}
        if entry.status is not UNSET:
            values["status"] = entry.status
        for name, raw in (("place", entry.place), ("total", entry.total)):
            if raw is not UNSET:
                await _put_figure(writer, values, name, raw, provenance)
        entry_id, change = await writer.upsert(
            "entries", {"event_id": event_id, "skater_key": "/".join(map(str, sorted(skater_ids)))}, values
        )
        assert entry_id is not None
        report.changes[f"{change} entries"] += 1
        if change == "added":
            await writer.set_entry_skaters(entry_id, skater_ids)
        # Nothing is stored under a new entry yet (a deleted entry's rows went with it); a stored entry's rows are
        # read at once, and each segment compared with them.
        under = StoredUnder() if change == "added" else await writer.stored_under(entry_id)
        for segment_key, result in entry.segments.items():
            seg_values: dict[str, Any] = {}
            for name in SEGMENT_FIGURES:
                raw = getattr(result, name)
                if raw is not UNSET:
                    await _put_figure(writer, seg_values, name, raw, provenance)
            _, change = await writer.upsert(
                "segment_results",
                {"entry_id": entry_id, "segment_id": segment_ids[segment_key]},
                seg_values,
                known=under.result(segment_ids[segment_key]),
            )
            report.changes[f"{change} segment results"] += 1
            if result.protocol is not None:
                await self._write_protocol(
                    writer,
                    report,
                    entry_id,
                    segment_ids[segment_key],
                    result.protocol,
                    await _provenance_id(writer, result.provenance or provenance),
                    under.protocol(segment_ids[segment_key]),
                )
        for note in entry.notes:
            text, note_prov = fmt.figure(note, provenance)
            if text:
                await self._write_note(writer, report, event_id, entry_id, text, note_prov)
        return entry_id

    async def _write_protocol(
        self,
        writer: ResultsWriter,
        report: ImportReport,
        entry_id: int,
        segment_id: int,
        protocol: fmt.Protocol,
        prov: int | None,
        stored: dict[str, list[Row]],
    ) -> None:
        """A protocol is replaced as a whole when any of it changed (a corrected PDF); `stored`: its rows in the
        store, by table (none for a new entry)."""
        keys = {"entry_id": entry_id, "segment_id": segment_id}
        elements = [
            {
                "number": e.number,
                "code": e.code,
                "info": e.info,
                "base_value": e.base_value,
                "bonus": int(e.bonus),
                "goe": e.goe,
                "judges": json.dumps(e.judges),
                "panel_score": e.panel_score,
                "prov": prov,
            }
            for e in protocol.elements
        ]
        components = [
            {
                "position": i,
                "name": c.name,
                "factor": c.factor,
                "judges": json.dumps(c.judges),
                "score": c.score,
                "prov": prov,
            }
            for i, c in enumerate(protocol.components)
        ]
        deductions = [
            {"position": i, "reason": d.reason, "points": d.points, "prov": prov}
            for i, d in enumerate(protocol.deductions)
        ]
        tables = {"protocol_elements": elements, "protocol_components": components, "protocol_deductions": deductions}
        changes = set((await writer.replace_each(keys, tables, stored=stored)).values())
        change = "updated" if "updated" in changes else "added" if "added" in changes else "unchanged"
        report.changes[f"{change} protocols"] += 1

    async def _write_note(
        self,
        writer: ResultsWriter,
        report: ImportReport,
        event_id: int,
        entry_id: int | None,
        text: str,
        provenance: fmt.Provenance | None,
    ) -> None:
        _, change = await writer.upsert(
            "notes",
            {"event_id": event_id, "entry_id": entry_id, "text": text},
            {"prov": await _provenance_id(writer, provenance)},
        )
        report.changes[f"{change} notes"] += 1

    async def _write_team(
        self,
        writer: ResultsWriter,
        report: ImportReport,
        event_id: int,
        segment_ids: dict[str, int],
        team: fmt.Team,
        inherited: fmt.Provenance | None,
    ) -> None:
        provenance = team.provenance or inherited
        country = team.country.upper()
        values: dict[str, Any] = {"name": team.name}
        await _put_figure(writer, values, "place", team.place, provenance)
        await _put_figure(writer, values, "points", team.points, provenance)
        team_id, change = await writer.upsert("team_results", {"event_id": event_id, "country": country}, values)
        report.changes[f"{change} team results"] += 1
        for segment_key, result in team.segments.items():
            skater_ids = [
                await self._write_skater(
                    writer, report, n, None, [], country, await writer.find_skater(None, skater_match_key(n, country))
                )
                for n in result.skaters
            ]
            seg_values: dict[str, Any] = {
                "skater_key": "/".join(map(str, sorted(skater_ids))),
                "skater_names": " / ".join(result.skaters),
            }
            for name in TEAM_SEGMENT_FIGURES:
                await _put_figure(writer, seg_values, name, getattr(result, name), provenance)
            _, change = await writer.upsert(
                "team_segment_results",
                {"team_result_id": team_id, "segment_id": segment_ids[segment_key]},
                seg_values,
            )
            report.changes[f"{change} team segment results"] += 1


async def _provenance_id(writer: ResultsWriter, provenance: fmt.Provenance | None) -> int | None:
    stored: Provenance | None = None if provenance is None else provenance.stored()
    return await writer.provenance(stored)


async def _put_figure(
    writer: ResultsWriter, values: dict[str, Any], name: str, raw: Any, inherited: fmt.Provenance | None
) -> None:
    """Sets a figure's column and its provenance column (``place`` and ``place_prov``)."""
    value, provenance = fmt.figure(raw, inherited)
    values[name], values[f"{name}_prov"] = value, await _provenance_id(writer, provenance)


# The columns that identify a competition (import-identity-item names each for the reader).
_IDENTITY = ("name", "start_date", "end_date", "city", "country", "venue")


def _when_where(row: Any) -> Text:
    days = [d for d in dict.fromkeys((row["start_date"], row["end_date"])) if d]
    dates: Text | str = (
        t("import-dates", start=days[0], end=days[1]) if len(days) == 2 else days[0] if days else t("import-no-dates")
    )
    places = tuple(p for p in (row["venue"], row["city"], row["country"]) if p)
    return t("import-when-where", dates=dates, place=places or t("import-no-place"))


async def _stored_skaters(
    writer: ResultsWriter, skaters: Sequence[fmt.Skater], country: str
) -> list[tuple[Row | None, bool]]:
    """The stored skater each of an entry's skaters is, if any, and whether they were found through their partner
    (_respelled_partner) rather than by ISU id or their own key."""
    found = [await writer.find_skater(s.isu_id, skater_match_key(s.name, country)) for s in skaters]
    joined = {i: row for i, s in enumerate(skaters) if not found[i] and (row := await _by_alias(writer, s, country))}
    if len(skaters) == 2 and not joined:
        joined = await _respelled_partner(writer, skaters, found, country)
    return [(joined[i], True) if i in joined else (row, False) for i, row in enumerate(found)]


async def _by_alias(writer: ResultsWriter, skater: fmt.Skater, country: str) -> Row | None:
    """The stored skater of the same federation whom one of the file's own aliases for this skater names ("Junhwan
    Cha", aliases ["Cha Jun-hwan"]): the source says the spellings are one person. Only one such skater is a match."""
    rows = {
        row["id"]: row
        for alias in skater.aliases
        if (row := await writer.find_skater(None, skater_match_key(alias, country))) is not None
    }
    return next(iter(rows.values())) if len(rows) == 1 else None


async def _respelled_partner(
    writer: ResultsWriter, skaters: Sequence[fmt.Skater], found: list[Row | None], country: str
) -> dict[int, Row]:
    """A couple one of whose partners is stored and the other is not, under this spelling: the other is the stored
    partner's partner of the same federation whose name differs by one respelled word ("Aliona Savchenko" and
    "Aljona Savchenko", both skating with Bruno Massot for GER). Transliterations vary between sources; the same
    partner, federation and family of names do not. Only one such partner is a match; none or two, no join."""
    if found[0] is None and found[1] is None:
        return await _couple_of_another_federation(writer, skaters)
    if found[0] is not None and found[1] is not None:
        return {}
    new = 0 if found[0] is None else 1
    partner = found[1 - new]
    assert partner is not None
    candidates = [
        row
        for row in await writer.partners_of(partner["id"])
        if federation(row["country"]) == federation(country) and _one_word_respelled(row["name"], skaters[new].name)
    ]
    return {new: candidates[0]} if len(candidates) == 1 else {}


async def _couple_of_another_federation(writer: ResultsWriter, skaters: Sequence[fmt.Skater]) -> dict[int, Row]:
    """Both partners unknown under this country but stored, by the same names, as partners of each other under
    another: the couple changed federation together (Lauriault / Le Gac, FRA then CAN). One skater's name under
    two countries stays two skaters; two names that skated together are the same two people."""
    first, second = [await writer.skaters_named(skater_name_key(s.name)) for s in skaters]
    pairs = []
    for one in first:
        # each name's own partners: a union over every skater of the first name would pair the second with a
        # namesake who never skated with them (Fournier Beaudry of DEN with Sorensen, and of FRA with Cizeron)
        partners = {row["id"] for row in await writer.partners_of(one["id"])}
        pairs += [(one, two) for two in second if two["id"] in partners]
    return {0: pairs[0][0], 1: pairs[0][1]} if len(pairs) == 1 else {}


def _one_word_respelled(stored: str, given: str) -> bool:
    """The same words in any order but one, spelled at most two letters apart with the same first letter."""
    a, b = Counter(normalize(stored).split()), Counter(normalize(given).split())
    only_a, only_b = list((a - b).elements()), list((b - a).elements())
    if len(only_a) != 1 or len(only_b) != 1 or sum(a.values()) != sum(b.values()) or sum(a.values()) < 2:
        return False
    x, y = only_a[0], only_b[0]
    return x[0] == y[0] and min(len(x), len(y)) >= 4 and Levenshtein.distance(x, y) <= 2
