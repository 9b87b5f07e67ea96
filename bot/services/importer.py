"""Loading files in the skatebot results format (data/FORMAT.md) into the store.

Validation happens before anything is written, and the whole file is written in one transaction, so a bad
file leaves the store exactly as it was.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bot.services.names import normalize
from db.database import Database
from db.models import CONFIDENCES, Provenance
from db.repositories.results import SEGMENT_FIGURES, TEAM_SEGMENT_FIGURES, ResultsWriter

FORMAT_NAME = "skatebot-results"
FORMAT_VERSION = 1
LEVELS = {
    "olympics",
    "worlds",
    "europeans",
    "four-continents",
    "grand-prix",
    "grand-prix-final",
    "challenger",
    "junior-worlds",
    "national",
    "other",
}
DISCIPLINES = {"men", "women", "pairs", "ice_dance", "team"}
SEGMENT_KINDS = {"short_program", "free_skate", "rhythm_dance", "free_dance"}
STATUSES = {None, "WD", "FNR", "DSQ"}
COUPLE_DISCIPLINES = {"pairs", "ice_dance"}


class ImportFormatError(ValueError):
    """The file is not valid skatebot results data; the message names the file and the place."""


class IdentityChange(ImportFormatError):
    """The import would change what identifies a stored competition (its name, dates or place): another
    competition under the same id, or a correction the user has to confirm."""


@dataclass
class ImportReport:
    source: str
    changes: Counter[str] = field(default_factory=Counter)  # "added competitions", "updated entries", ...

    @property
    def changed(self) -> bool:
        return any(not key.startswith("unchanged") for key in self.changes)

    def describe(self) -> str:
        if not self.changed:
            return f"{self.source}: already up to date, nothing changed"
        parts = [
            f"{verb} {count} {what}"
            for (verb, what), count in sorted((tuple(key.split(" ", 1)), n) for key, n in self.changes.items())
            if verb != "unchanged"
        ]
        return f"{self.source}: " + ", ".join(parts)


def skater_match_key(name: str, country: str) -> str:
    """Identity of a skater without an ISU id: country plus name, word order ignored (ISU prints
    'Kaori SAKAMOTO', others 'SAKAMOTO Kaori'). Never the name alone."""
    return f"{country.upper()}|{' '.join(sorted(normalize(name).split()))}"


class _Reader:
    """Walks the JSON, checking shape and turning figures into (value, Provenance)."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, where: str, problem: str) -> ImportFormatError:
        return ImportFormatError(f"{self.source}: {where}: {problem}")

    def text(self, obj: dict[str, Any], key: str, where: str, *, required: bool = True) -> str | None:
        value = obj.get(key)
        if value is None:
            if required:
                raise self.fail(where, f"'{key}' is required")
            return None
        if not isinstance(value, str) or not value.strip():
            raise self.fail(where, f"'{key}' must be a non-empty string")
        return value.strip()

    def choice(self, obj: dict[str, Any], key: str, allowed: set[Any], where: str) -> Any:
        value = obj.get(key)
        if value not in allowed:
            options = ", ".join(sorted(str(a) for a in allowed if a is not None))
            raise self.fail(where, f"'{key}' is {value!r}; expected one of {options}")
        return value

    def items(self, obj: dict[str, Any], key: str, where: str, *, required: bool = False) -> list[Any]:
        value = obj.get(key)
        if value is None:
            if required:
                raise self.fail(where, f"'{key}' is required")
            return []
        if not isinstance(value, list):
            raise self.fail(where, f"'{key}' must be a list")
        return value

    def provenance(self, obj: Any, where: str, inherited: Provenance | None) -> Provenance | None:
        if not isinstance(obj, dict) or "provenance" not in obj:
            return inherited
        return self._provenance(obj["provenance"], f"{where}.provenance")

    def _provenance(self, obj: Any, where: str) -> Provenance:
        if not isinstance(obj, dict):
            raise self.fail(where, "must be an object with confidence and sources")
        confidence = obj.get("confidence")
        if confidence not in CONFIDENCES:
            raise self.fail(where, f"confidence {confidence!r} is not one of {', '.join(CONFIDENCES)}")
        sources = obj.get("sources", [])
        if not isinstance(sources, list) or not all(isinstance(s, str) and s.strip() for s in sources):
            raise self.fail(where, "sources must be a list of URLs")
        if not sources and confidence != "derived":
            raise self.fail(where, f"a {confidence} figure needs at least one source")
        note = obj.get("note") or ""
        if not isinstance(note, str):
            raise self.fail(where, "note must be text")
        return Provenance(confidence, tuple(s.strip() for s in sources), note.strip())

    def figure(
        self, obj: dict[str, Any], key: str, where: str, inherited: Provenance | None, kind: type | tuple[type, ...]
    ) -> tuple[Any, Provenance | None]:
        """Returns (value, provenance); (None, None) when the figure is unknown."""
        return self.figure_value(obj.get(key), f"{where}.{key}", inherited, kind)

    def figure_value(
        self, raw: Any, where: str, inherited: Provenance | None, kind: type | tuple[type, ...]
    ) -> tuple[Any, Provenance | None]:
        if raw is None:
            return None, None
        if isinstance(raw, dict):
            value = raw.get("value")
            if value is None:
                return None, None
            provenance: Provenance | None = self._provenance(raw, where)
        else:
            value, provenance = raw, inherited
            if provenance is None:
                raise self.fail(
                    where,
                    "a bare value needs a 'provenance' on an enclosing entry, event or "
                    "competition; give the figure as {value, confidence, sources}",
                )
        if isinstance(value, bool) or not isinstance(value, kind):
            raise self.fail(where, f"value {value!r} has the wrong type")
        if kind is str:
            value = str(value).strip()
        elif isinstance(value, float):
            value = round(value, 2)
        return value, provenance


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
    reader = _Reader(source)
    if not isinstance(document, dict) or document.get("format") != FORMAT_NAME:
        raise reader.fail("top level", f'not a skatebot results file (expected "format": "{FORMAT_NAME}")')
    if document.get("version") != FORMAT_VERSION:
        raise reader.fail(
            "top level",
            f"version {document.get('version')!r} is not supported (this skatebot reads version {FORMAT_VERSION})",
        )
    competitions = reader.items(document, "competitions", "top level", required=True)
    # A dry run validates everything before the transaction opens: a half-valid file writes nothing.
    plans = [_CompetitionPlan.read(reader, obj, f"competitions[{i}]") for i, obj in enumerate(competitions)]
    report = ImportReport(source)
    async with db.transaction() as tx:
        writer = ResultsWriter(tx)
        for plan in plans:
            if guard_identity:
                await plan.check_identity(writer)
            await plan.write(writer, report)
        if report.changed:
            summary = "; ".join(f"{key}: {count}" for key, count in sorted(report.changes.items()))
            await writer.record_import(source, sha256, datetime.now(UTC).isoformat(timespec="seconds"), summary)
    return report


@dataclass
class _CompetitionPlan:
    """A validated competition, ready to write."""

    columns: dict[str, Any]
    key: str
    provenance: Provenance | None
    events: list[dict[str, Any]]
    reader: _Reader
    where: str

    @classmethod
    def read(cls, reader: _Reader, obj: Any, where: str) -> _CompetitionPlan:
        if not isinstance(obj, dict):
            raise reader.fail(where, "must be an object")
        key = reader.text(obj, "id", where)
        assert key is not None  # required: text() raised otherwise
        where = f"competition {key}"
        provenance = reader.provenance(obj, where, None)
        columns = {
            "name": reader.text(obj, "name", where),
            "short_name": reader.text(obj, "short_name", where, required=False),
            "season": reader.text(obj, "season", where),
            "level": reader.choice(obj, "level", LEVELS, where),
            "city": reader.text(obj, "city", where, required=False),
            "country": reader.text(obj, "country", where, required=False),
            "venue": reader.text(obj, "venue", where, required=False),
            "start_date": _date(reader, obj, "start_date", where),
            "end_date": _date(reader, obj, "end_date", where),
            "timezone": reader.text(obj, "timezone", where, required=False),
        }
        events = reader.items(obj, "events", where, required=True)
        plan = cls(columns, key, provenance, events, reader, where)
        seen: set[str] = set()
        for i, event in enumerate(events):
            event_key = plan._check_event(event, f"{where}.events[{i}]")
            if event_key in seen:
                raise reader.fail(where, f"event id {event_key!r} appears twice")
            seen.add(event_key)
        return plan

    def _check_event(self, event: Any, where: str) -> str:
        reader = self.reader
        if not isinstance(event, dict):
            raise reader.fail(where, "must be an object")
        key = reader.text(event, "id", where)
        assert key is not None
        where = f"{self.where}, event {key}"
        reader.text(event, "name", where)
        discipline = reader.choice(event, "discipline", DISCIPLINES, where)
        level = event.get("level")
        if not isinstance(level, str) or not level.strip():
            raise reader.fail(
                where,
                "'level' is required: senior, junior, advanced-novice, intermediate-novice, basic-novice, novice, "
                "youth, adult, or a federation's own level as printed",
            )
        _flag(reader, event, "entries_complete", where)
        provenance = reader.provenance(event, where, self.provenance)
        segment_keys: set[str] = set()
        for i, segment in enumerate(reader.items(event, "segments", where, required=True)):
            seg_where = f"{where}.segments[{i}]"
            if not isinstance(segment, dict):
                raise reader.fail(seg_where, "must be an object")
            segment_key = reader.text(segment, "id", seg_where)
            assert segment_key is not None
            if segment_key in segment_keys:
                raise reader.fail(where, f"segment id {segment_key!r} appears twice")
            segment_keys.add(segment_key)
            reader.choice(segment, "kind", SEGMENT_KINDS, seg_where)
            reader.text(segment, "name", seg_where)
            _date(reader, segment, "date", seg_where)
            start_time = reader.text(segment, "start_time", seg_where, required=False)
            if start_time is not None and not re.fullmatch(r"[0-2]\d:[0-5]\d", start_time):
                raise reader.fail(seg_where, f"start_time {start_time!r} must be HH:MM")
            for j, official in enumerate(reader.items(segment, "officials", seg_where)):
                if not isinstance(official, dict):
                    raise reader.fail(f"{seg_where}.officials[{j}]", "must be an object with role and name")
                reader.text(official, "role", f"{seg_where}.officials[{j}]")
                reader.text(official, "name", f"{seg_where}.officials[{j}]")
            if segment.get("discipline") is not None:
                reader.choice(segment, "discipline", DISCIPLINES - {"team"}, seg_where)
            _flag(reader, segment, "results_complete", seg_where)
        seen_skaters: dict[str, str] = {}
        for i, entry in enumerate(reader.items(event, "entries", where)):
            entry_where = f"{where}.entries[{i}]"
            self._check_entry(entry, entry_where, discipline, segment_keys, provenance)
            for skater in entry["skaters"]:
                identity = skater.get("isu_id") or skater_match_key(skater["name"], entry["country"])
                if identity in seen_skaters:
                    raise reader.fail(entry_where, f"{skater['name']} is already in {seen_skaters[identity]}")
                seen_skaters[identity] = entry_where
        for i, team in enumerate(reader.items(event, "teams", where)):
            self._check_team(team, f"{where}.teams[{i}]", segment_keys, provenance)
        for i, note in enumerate(reader.items(event, "notes", where)):
            reader.figure_value(note, f"{where}.notes[{i}]", provenance, str)
        return key

    def _check_entry(
        self, entry: Any, where: str, discipline: str, segment_keys: set[str], inherited: Provenance | None
    ) -> None:
        reader = self.reader
        if not isinstance(entry, dict):
            raise reader.fail(where, "must be an object")
        provenance = reader.provenance(entry, where, inherited)
        skaters = reader.items(entry, "skaters", where, required=True)
        expected = 2 if discipline in COUPLE_DISCIPLINES else 1
        if discipline != "team" and len(skaters) != expected:
            raise reader.fail(where, f"a {discipline} entry has {expected} skater(s), found {len(skaters)}")
        if not 1 <= len(skaters) <= 2:
            raise reader.fail(where, "an entry has one skater or a couple")
        for j, skater in enumerate(skaters):
            if not isinstance(skater, dict):
                raise reader.fail(f"{where}.skaters[{j}]", "must be an object with a name")
            reader.text(skater, "name", f"{where}.skaters[{j}]")
            reader.text(skater, "isu_id", f"{where}.skaters[{j}]", required=False)
            aliases = skater.get("aliases", [])
            if not isinstance(aliases, list) or not all(isinstance(a, str) and a.strip() for a in aliases):
                raise reader.fail(f"{where}.skaters[{j}]", "aliases must be a list of names")
        _country(reader, entry, where)
        reader.figure(entry, "place", where, provenance, int)
        reader.figure(entry, "total", where, provenance, (int, float))
        reader.choice(entry, "status", STATUSES, where)
        segments = entry.get("segments") or {}
        if not isinstance(segments, dict):
            raise reader.fail(where, "segments must map segment ids to scores")
        for segment_key, figures in segments.items():
            if segment_key not in segment_keys:
                raise reader.fail(where, f"segment {segment_key!r} is not one of the event's segments")
            if not isinstance(figures, dict):
                raise reader.fail(f"{where}.segments.{segment_key}", "must be an object")
            for name in SEGMENT_FIGURES:
                kind = int if name in ("rank", "starting_number") else (int, float)
                reader.figure(figures, name, f"{where}.segments.{segment_key}", provenance, kind)
            if figures.get("protocol") is not None:
                _check_protocol(reader, figures["protocol"], f"{where}.segments.{segment_key}.protocol")
        for i, note in enumerate(reader.items(entry, "notes", where)):
            reader.figure_value(note, f"{where}.notes[{i}]", provenance, str)

    def _check_team(self, team: Any, where: str, segment_keys: set[str], inherited: Provenance | None) -> None:
        reader = self.reader
        if not isinstance(team, dict):
            raise reader.fail(where, "must be an object")
        provenance = reader.provenance(team, where, inherited)
        _country(reader, team, where)
        reader.text(team, "name", where)
        reader.figure(team, "place", where, provenance, int)
        reader.figure(team, "points", where, provenance, (int, float))
        for segment_key, figures in (team.get("segments") or {}).items():
            seg_where = f"{where}.segments.{segment_key}"
            if segment_key not in segment_keys:
                raise reader.fail(where, f"segment {segment_key!r} is not one of the event's segments")
            names = reader.items(figures, "skaters", seg_where, required=True)
            if not 1 <= len(names) <= 2 or not all(isinstance(n, str) and n.strip() for n in names):
                raise reader.fail(seg_where, "skaters must list one name or a couple")
            for name in TEAM_SEGMENT_FIGURES:
                reader.figure(figures, name, seg_where, provenance, int if name == "rank" else (int, float))

    # --- writing (the plan is valid here) ------------------------------------------------------------
    async def check_identity(self, writer: ResultsWriter) -> None:
        stored = await writer.competition_by_key(self.key)
        if stored is None:
            return
        changes = [
            f"{label} {stored[column]!r} -> {self.columns[column]!r}"
            for column, label in _IDENTITY
            if self.columns[column] is not None and stored[column] != self.columns[column]
        ]
        if changes:
            raise IdentityChange(
                f"{self.reader.source}: competition {self.key} is already stored as {stored['name']!r} "
                f"({_when_where(stored)}), and this import would change its {'; '.join(changes)}. "
                "If it is a correction of that competition, import it again as a correction (--correction on the "
                "command line, correction: True in /admin import-isu); if it is another competition, it needs its "
                "own id. Nothing was imported."
            )

    async def write(self, writer: ResultsWriter, report: ImportReport) -> None:
        columns = {**self.columns, "prov": await writer.provenance(self.provenance)}
        competition_id, change = await writer.upsert("competitions", {"key": self.key}, columns)
        assert competition_id is not None  # competitions have a rowid
        report.changes[f"{change} competitions"] += 1
        for event in self.events:
            await self._write_event(writer, report, competition_id, event)

    async def _write_event(
        self, writer: ResultsWriter, report: ImportReport, competition_id: int, event: dict[str, Any]
    ) -> None:
        reader = self.reader
        where = f"{self.where}, event {event['id']}"
        provenance = reader.provenance(event, where, self.provenance)
        event_id, change = await writer.upsert(
            "events",
            {"competition_id": competition_id, "key": event["id"].strip()},
            {"name": event["name"].strip(), "discipline": event["discipline"], "level": event["level"].strip()},
        )
        assert event_id is not None
        report.changes[f"{change} events"] += 1
        segment_ids: dict[str, int] = {}
        for position, segment in enumerate(event["segments"]):
            segment_id, change = await writer.upsert(
                "segments",
                {"event_id": event_id, "key": segment["id"].strip()},
                {
                    "kind": segment["kind"],
                    "name": segment["name"].strip(),
                    "discipline": segment.get("discipline"),
                    "date": segment.get("date"),
                    "start_time": segment.get("start_time"),
                    "position": position,
                },
            )
            assert segment_id is not None
            segment_ids[segment["id"].strip()] = segment_id
            report.changes[f"{change} segments"] += 1
            if "officials" in segment:
                rows = [
                    (o["role"].strip(), o["name"].strip(), (o.get("nation") or "").strip() or None)
                    for o in segment["officials"]
                ]
                change = await writer.replace_rows(
                    "segment_officials",
                    {"segment_id": segment_ids[segment["id"].strip()]},
                    [{"position": i, "role": r, "name": n, "nation": c} for i, (r, n, c) in enumerate(rows)],
                )
                report.changes[f"{change} panels"] += 1
        for i, note in enumerate(event.get("notes") or []):
            text, note_prov = reader.figure_value(note, f"{where}.notes[{i}]", provenance, str)
            if text:
                await self._write_note(writer, report, event_id, None, text, note_prov)
        written: list[tuple[int, set[str]]] = []  # (entry id, segment keys it has results in)
        for i, entry in enumerate(event.get("entries") or []):
            entry_id = await self._write_entry(
                writer, report, event_id, segment_ids, entry, f"{where}.entries[{i}]", provenance
            )
            written.append((entry_id, set(entry.get("segments") or {})))
        # A complete list is the whole event (a corrected site): rows it no longer has are removed, and said so.
        if event.get("entries_complete"):
            removed = await writer.remove_entries_except(event_id, [entry_id for entry_id, _ in written])
            if removed:
                report.changes["removed entries"] += removed
        for segment in event["segments"]:
            if segment.get("results_complete"):
                key = segment["id"].strip()
                keep = [entry_id for entry_id, keys in written if key in keys]
                removed = await writer.remove_segment_results_except(segment_ids[key], keep)
                if removed:
                    report.changes["removed segment results"] += removed
        for i, team in enumerate(event.get("teams") or []):
            await self._write_team(writer, report, event_id, segment_ids, team, f"{where}.teams[{i}]", provenance)

    async def _write_skater(
        self, writer: ResultsWriter, report: ImportReport, skater: dict[str, Any], country: str
    ) -> int:
        name = skater["name"].strip()
        isu_id = (skater.get("isu_id") or "").strip() or None
        match_key = skater_match_key(name, country)
        existing = await writer.find_skater(isu_id, match_key)
        keys = {"id": existing["id"]} if existing else {"match_key": match_key}
        values = {"name": name, "country": country, "match_key": match_key}
        if isu_id or not existing:
            values["isu_id"] = isu_id or (existing["isu_id"] if existing else None)
        skater_id, change = await writer.upsert("skaters", keys, values)
        assert skater_id is not None
        report.changes[f"{change} skaters"] += 1
        aliases = list(skater.get("aliases") or [])
        if existing and existing["name"] != name:
            aliases.append(existing["name"])  # a new spelling: the old one stays findable
        for alias in aliases:
            if alias.strip() != name and await writer.add_alias(skater_id, alias.strip()):
                report.changes["added aliases"] += 1
        return skater_id

    async def _write_entry(
        self,
        writer: ResultsWriter,
        report: ImportReport,
        event_id: int,
        segment_ids: dict[str, int],
        entry: dict[str, Any],
        where: str,
        inherited: Provenance | None,
    ) -> int:
        reader = self.reader
        provenance = reader.provenance(entry, where, inherited)
        country = entry["country"].strip().upper()
        skater_ids = [await self._write_skater(writer, report, skater, country) for skater in entry["skaters"]]
        # A figure the entry does not mention is left as stored (a file or a site may give part of the picture);
        # one given as null is unknown now and cleared.
        values: dict[str, Any] = {"country": country}
        if "status" in entry:
            values["status"] = entry["status"]
        for name, kind in (("place", int), ("total", (int, float))):
            if name not in entry:
                continue
            value, figure_prov = reader.figure(entry, name, where, provenance, kind)
            values[name], values[f"{name}_prov"] = value, await writer.provenance(figure_prov)
        entry_id, change = await writer.upsert(
            "entries", {"event_id": event_id, "skater_key": "/".join(map(str, sorted(skater_ids)))}, values
        )
        assert entry_id is not None
        report.changes[f"{change} entries"] += 1
        if change == "added":
            await writer.set_entry_skaters(entry_id, skater_ids)
        for segment_key, figures in (entry.get("segments") or {}).items():
            seg_values: dict[str, Any] = {}
            for name in SEGMENT_FIGURES:
                if name not in figures:
                    continue
                kind = int if name in ("rank", "starting_number") else (int, float)
                value, figure_prov = reader.figure(figures, name, where, provenance, kind)
                seg_values[name], seg_values[f"{name}_prov"] = value, await writer.provenance(figure_prov)
            _, change = await writer.upsert(
                "segment_results", {"entry_id": entry_id, "segment_id": segment_ids[segment_key]}, seg_values
            )
            report.changes[f"{change} segment results"] += 1
            if figures.get("protocol") is not None:
                await self._write_protocol(
                    writer,
                    report,
                    entry_id,
                    segment_ids[segment_key],
                    figures["protocol"],
                    await writer.provenance(reader.provenance(figures, where, provenance) or provenance),
                )
        for i, note in enumerate(entry.get("notes") or []):
            text, note_prov = reader.figure_value(note, f"{where}.notes[{i}]", provenance, str)
            if text:
                await self._write_note(writer, report, event_id, entry_id, text, note_prov)
        return entry_id

    async def _write_protocol(
        self,
        writer: ResultsWriter,
        report: ImportReport,
        entry_id: int,
        segment_id: int,
        protocol: dict[str, Any],
        prov: int | None,
    ) -> None:
        """A protocol is replaced as a whole when any of it changed (a corrected PDF)."""
        keys = {"entry_id": entry_id, "segment_id": segment_id}
        elements = [
            {
                "number": e["number"],
                "code": e["code"],
                "info": e.get("info", ""),
                "base_value": e["base_value"],
                "bonus": int(bool(e.get("bonus"))),
                "goe": e["goe"],
                "judges": json.dumps(e.get("judges", [])),
                "panel_score": e["panel_score"],
                "prov": prov,
            }
            for e in protocol.get("elements", [])
        ]
        components = [
            {
                "position": i,
                "name": c["name"],
                "factor": c["factor"],
                "judges": json.dumps(c.get("judges", [])),
                "score": c["score"],
                "prov": prov,
            }
            for i, c in enumerate(protocol.get("components", []))
        ]
        deductions = [
            {"position": i, "reason": d["reason"], "points": d["points"], "prov": prov}
            for i, d in enumerate(protocol.get("deductions", []))
        ]
        changes = {
            await writer.replace_rows("protocol_elements", keys, elements),
            await writer.replace_rows("protocol_components", keys, components),
            await writer.replace_rows("protocol_deductions", keys, deductions),
        }
        change = "updated" if "updated" in changes else "added" if "added" in changes else "unchanged"
        report.changes[f"{change} protocols"] += 1

    async def _write_note(
        self,
        writer: ResultsWriter,
        report: ImportReport,
        event_id: int,
        entry_id: int | None,
        text: str,
        provenance: Provenance | None,
    ) -> None:
        _, change = await writer.upsert(
            "notes",
            {"event_id": event_id, "entry_id": entry_id, "text": text},
            {"prov": await writer.provenance(provenance)},
        )
        report.changes[f"{change} notes"] += 1

    async def _write_team(
        self,
        writer: ResultsWriter,
        report: ImportReport,
        event_id: int,
        segment_ids: dict[str, int],
        team: dict[str, Any],
        where: str,
        inherited: Provenance | None,
    ) -> None:
        reader = self.reader
        provenance = reader.provenance(team, where, inherited)
        country = team["country"].strip().upper()
        values: dict[str, Any] = {"name": team["name"].strip()}
        for name, kind in (("place", int), ("points", (int, float))):
            value, figure_prov = reader.figure(team, name, where, provenance, kind)
            values[name], values[f"{name}_prov"] = value, await writer.provenance(figure_prov)
        team_id, change = await writer.upsert("team_results", {"event_id": event_id, "country": country}, values)
        report.changes[f"{change} team results"] += 1
        for segment_key, figures in (team.get("segments") or {}).items():
            names = [n.strip() for n in figures["skaters"]]
            skater_ids = [await self._write_skater(writer, report, {"name": n}, country) for n in names]
            seg_values: dict[str, Any] = {
                "skater_key": "/".join(map(str, sorted(skater_ids))),
                "skater_names": " / ".join(names),
            }
            for name in TEAM_SEGMENT_FIGURES:
                value, figure_prov = reader.figure(
                    figures, name, where, provenance, int if name == "rank" else (int, float)
                )
                seg_values[name], seg_values[f"{name}_prov"] = value, await writer.provenance(figure_prov)
            _, change = await writer.upsert(
                "team_segment_results",
                {"team_result_id": team_id, "segment_id": segment_ids[segment_key]},
                seg_values,
            )
            report.changes[f"{change} team segment results"] += 1


_IDENTITY = (
    ("name", "name"),
    ("start_date", "start date"),
    ("end_date", "end date"),
    ("city", "city"),
    ("country", "country"),
    ("venue", "venue"),
)


def _when_where(row: Any) -> str:
    dates = " to ".join(d for d in dict.fromkeys((row["start_date"], row["end_date"])) if d) or "no dates"
    place = ", ".join(p for p in (row["venue"], row["city"], row["country"]) if p) or "no place"
    return f"{dates}, {place}"


def _flag(reader: _Reader, obj: dict[str, Any], key: str, where: str) -> None:
    if key in obj and not isinstance(obj[key], bool):
        raise reader.fail(where, f"'{key}' must be true or false")


def _date(reader: _Reader, obj: dict[str, Any], key: str, where: str) -> str | None:
    value = obj.get(key)
    if value is None:
        return None
    try:
        return datetime.strptime(value, "%Y-%m-%d").date().isoformat()
    except (TypeError, ValueError) as exc:
        raise reader.fail(where, f"'{key}' must be an ISO date like 2026-02-10, not {value!r}") from exc


def _country(reader: _Reader, obj: dict[str, Any], where: str) -> str:
    country = reader.text(obj, "country", where)
    assert country is not None
    if not (len(country) == 3 and country.isalpha()):
        raise reader.fail(where, f"country {country!r} must be a three-letter code such as JPN")
    return country.upper()


def _check_protocol(reader: _Reader, protocol: Any, where: str) -> None:
    """The judges' details of one skater in one segment (see data/FORMAT.md)."""
    if not isinstance(protocol, dict):
        raise reader.fail(where, "must be an object with elements, components and deductions")

    def number(obj: dict[str, Any], key: str, at: str) -> None:
        value = obj.get(key)
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise reader.fail(at, f"'{key}' must be a number")

    for i, element in enumerate(reader.items(protocol, "elements", where)):
        at = f"{where}.elements[{i}]"
        if not isinstance(element, dict) or not isinstance(element.get("code"), str):
            raise reader.fail(at, "an element needs a code")
        for key in ("number", "base_value", "goe", "panel_score"):
            number(element, key, at)
    for i, component in enumerate(reader.items(protocol, "components", where)):
        at = f"{where}.components[{i}]"
        if not isinstance(component, dict) or not isinstance(component.get("name"), str):
            raise reader.fail(at, "a component needs a name")
        for key in ("factor", "score"):
            number(component, key, at)
    for i, deduction in enumerate(reader.items(protocol, "deductions", where)):
        at = f"{where}.deductions[{i}]"
        if not isinstance(deduction, dict) or not isinstance(deduction.get("reason"), str):
            raise reader.fail(at, "a deduction needs a reason")
        number(deduction, "points", at)
