"""The skatebot results format (data/FORMAT.md), defined once: typed models and the rules a document must follow.

Two readers use it: the importer (`bot.services.importer`), which stops at the first problem and writes nothing,
and the converter of the reference data (`data/convert_shared.py`), which lists every problem before it writes a
file. The shape (which keys, which types) is checked by msgspec while decoding, which reports the first mismatch
with its place in the document; the rules that need more than one value (a segment an entry refers to, a skater
who appears twice, a bare value without an enclosing provenance) are :func:`problems`, which yields all of them.

msgspec rather than pydantic: it does the job at a fifth of the import time and memory (measured: about 4 MB and
60 ms against 18 MB and 200 ms), and the bot process has a memory target.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime
from typing import Annotated, Any

import msgspec
from msgspec import UNSET, Meta, Struct, UnsetType

from bot.services.names import normalize
from db.models import CONFIDENCES
from db.models import Provenance as StoredProvenance

__all__ = [
    "COUPLE_DISCIPLINES",
    "DISCIPLINES",
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "LEVELS",
    "SEGMENT_KINDS",
    "STATUSES",
    "Competition",
    "Entry",
    "Event",
    "ImportFormatError",
    "ResultsDocument",
    "figure",
    "problems",
    "read_document",
    "skater_match_key",
]

FORMAT_NAME = "skatebot-results"
FORMAT_VERSION = 1
LEVELS = (
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
)
DISCIPLINES = ("men", "women", "pairs", "ice_dance", "team")
SEGMENT_KINDS = ("short_program", "free_skate", "rhythm_dance", "free_dance")
STATUSES = (None, "WD", "FNR", "DSQ")
COUPLE_DISCIPLINES = ("pairs", "ice_dance")


class ImportFormatError(ValueError):
    """The file is not valid skatebot results data; the message names the file and the place."""


# A string with something in it besides spaces; every stored text is stripped after decoding.
Text = Annotated[str, Meta(pattern=r"\S")]
Number = int | float


class _Model(Struct, kw_only=True):
    """Strips the text fields after decoding, so every reader sees the text as it will be stored."""

    def __post_init__(self) -> None:
        for name in self.__struct_fields__:
            value = getattr(self, name)
            if isinstance(value, str):
                setattr(self, name, value.strip())


# --- figures ---------------------------------------------------------------------------------------------


class Provenance(_Model, kw_only=True):
    """Where figures come from: ``{"confidence", "sources", "note"}``, given on a figure or inherited."""

    confidence: str | None = None
    sources: list[Text] = []
    note: str | None = None

    def stored(self) -> StoredProvenance:
        """The provenance as the store keeps it (sources and note stripped)."""
        return StoredProvenance(self.confidence or "", tuple(s.strip() for s in self.sources), self.note or "")


class IntFigure(Provenance, kw_only=True):
    """A whole-number figure with its own provenance; ``value`` null is a figure not known."""

    value: int | None = None


class NumberFigure(Provenance, kw_only=True):
    """A score with its own provenance; ``value`` null is a figure not known."""

    value: Number | None = None


class TextFigure(Provenance, kw_only=True):
    """A note with its own provenance."""

    value: str | None = None


# A figure is a bare value (it takes the nearest enclosing provenance) or an object with its own.
IntValue = int | IntFigure | None
NumberValue = Number | NumberFigure | None
TextValue = str | TextFigure | None


# --- the document ----------------------------------------------------------------------------------------


class Official(_Model, kw_only=True):
    """One member of a segment's panel, as printed."""

    role: Text
    name: Text
    nation: str | None = None


def _iso_date(value: str | None) -> str | None:
    """``2026-2-1`` as ``2026-02-01``; a value that is no date stays as it is for :func:`problems` to report."""
    if value is None:
        return None
    try:
        return datetime.strptime(value, "%Y-%m-%d").date().isoformat()
    except ValueError:
        return value


class Segment(_Model, kw_only=True):
    """One segment of an event (short program, free skate, ...), in skating order."""

    id: Text
    kind: str
    name: Text
    date: str | None = None
    start_time: Text | None = None
    # Left out: the stored panel stays; given: it replaces the stored one as a whole.
    officials: list[Official] | UnsetType = UNSET
    discipline: str | None = None
    results_complete: bool = False

    def __post_init__(self) -> None:
        super().__post_init__()
        self.date = _iso_date(self.date)


class Skater(_Model, kw_only=True):
    """One skater of an entry; ``aliases`` are other spellings and scripts met in sources."""

    name: Text
    isu_id: Text | None = None
    aliases: list[Text] = []

    def __post_init__(self) -> None:
        super().__post_init__()
        self.aliases = [alias.strip() for alias in self.aliases]


class Element(_Model, kw_only=True):
    """One executed element of a protocol."""

    number: Number
    code: str
    info: str = ""
    base_value: Number
    bonus: bool = False
    goe: Number
    judges: list[str] = []
    panel_score: Number


class Component(_Model, kw_only=True):
    """One program component of a protocol."""

    name: str
    factor: Number
    judges: list[str] = []
    score: Number


class Deduction(_Model, kw_only=True):
    """One deduction of a protocol, in positive points."""

    reason: str
    points: Number


class Protocol(_Model, kw_only=True):
    """The judges' details of one skater in one segment."""

    elements: list[Element] = []
    components: list[Component] = []
    deductions: list[Deduction] = []


class SegmentResult(_Model, kw_only=True):
    """An entry's figures in one segment; a figure left out keeps what the store has, a null clears it."""

    rank: IntValue | UnsetType = UNSET
    tss: NumberValue | UnsetType = UNSET
    tes: NumberValue | UnsetType = UNSET
    pcs: NumberValue | UnsetType = UNSET
    deductions: NumberValue | UnsetType = UNSET
    starting_number: IntValue | UnsetType = UNSET
    protocol: Protocol | None = None
    provenance: Provenance | None = None


class Entry(_Model, kw_only=True):
    """One skater or couple in an event."""

    skaters: list[Skater]
    country: Text
    place: IntValue | UnsetType = UNSET
    total: NumberValue | UnsetType = UNSET
    status: str | UnsetType | None = UNSET
    segments: dict[str, SegmentResult] = {}
    notes: list[TextValue] = []
    provenance: Provenance | None = None


class TeamSegment(_Model, kw_only=True):
    """Who skated one segment for a team, and what it earned."""

    skaters: list[Text]
    rank: IntValue = None
    points: NumberValue = None
    tss: NumberValue = None


class Team(_Model, kw_only=True):
    """One country's standing in the team event."""

    country: Text
    name: Text
    place: IntValue = None
    points: NumberValue = None
    segments: dict[str, TeamSegment] = {}
    provenance: Provenance | None = None


class Event(_Model, kw_only=True):
    """One category of a competition (senior men, junior women, a federation's own level)."""

    id: Text
    name: Text
    discipline: str
    # Optional here only so that a missing level gets the message listing the levels (see problems()).
    level: str | None = None
    segments: list[Segment]
    entries: list[Entry] = []
    entries_complete: bool = False
    teams: list[Team] = []
    notes: list[TextValue] = []
    provenance: Provenance | None = None


class Competition(_Model, kw_only=True):
    """One competition: its identity, its default provenance and its events."""

    id: Text
    name: Text
    short_name: Text | None = None
    season: Text
    level: str
    city: Text | None = None
    country: Text | None = None
    venue: Text | None = None
    start_date: str | None = None
    end_date: str | None = None
    timezone: Text | None = None
    provenance: Provenance | None = None
    events: list[Event]

    def __post_init__(self) -> None:
        super().__post_init__()
        self.start_date, self.end_date = _iso_date(self.start_date), _iso_date(self.end_date)


class ResultsDocument(_Model, kw_only=True):
    """A whole file: ``{"format": "skatebot-results", "version": 1, "competitions": [...]}``."""

    format: str
    version: int
    description: str | None = None
    competitions: list[Competition]


# --- reading ---------------------------------------------------------------------------------------------


def read_document(document: Any, source: str) -> ResultsDocument:
    """The document as typed models, every rule checked; raises :class:`ImportFormatError` at the first problem.

    The message names ``source``, the place (``competitions[0].events[2].entries[5].skaters[0]``) and what is wrong.
    """
    parsed = decode(document, source)
    for where, problem in problems(parsed):
        raise ImportFormatError(f"{source}: {where}: {problem}")
    return parsed


def decode(document: Any, source: str) -> ResultsDocument:
    """The document's shape checked and typed, without the rules of :func:`problems`."""
    if not isinstance(document, dict) or document.get("format") != FORMAT_NAME:
        raise ImportFormatError(
            f'{source}: top level: not a skatebot results file (expected "format": "{FORMAT_NAME}")'
        )
    if document.get("version") != FORMAT_VERSION:
        raise ImportFormatError(
            f"{source}: top level: version {document.get('version')!r} is not supported "
            f"(this skatebot reads version {FORMAT_VERSION})"
        )
    try:
        return msgspec.convert(document, ResultsDocument)
    except msgspec.ValidationError as exc:
        where, problem = _explain(str(exc))
        raise ImportFormatError(f"{source}: {_name_dict_keys(document, where)}: {problem}") from None


_AT = re.compile(r"^(?P<problem>.*) - at `\$(?P<path>[^`]*)`$", re.DOTALL)
_TYPE_WORDS = {
    "bool": "true or false",
    "int": "a whole number",
    "float": "a number",
    "str": "text",
    "array": "a list",
    "object": "an object",
    "null": "null",
}


def _explain(message: str) -> tuple[str, str]:
    """msgspec's "Expected `int`, got `str` - at `$.a[0].b`" as ("a[0].b", "must be a whole number, not text")."""
    m = _AT.match(message)
    problem, path = (m["problem"], m["path"].lstrip(".")) if m else (message, "")
    missing = re.fullmatch(r"Object missing required field `(\w+)`", problem)
    if missing:
        return path or "top level", f"'{missing[1]}' is required"
    if problem.startswith("Expected `str` matching regex"):
        return path, "must be a non-empty string"
    wrong = re.fullmatch(r"Expected `([^`]+)`, got `([^`]+)`", problem)
    if wrong:
        words = list(dict.fromkeys(_TYPE_WORDS.get(t, t) for t in wrong[1].split(" | ")))
        expected = words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"
        return path, f"must be {expected}, not {_TYPE_WORDS.get(wrong[2], wrong[2])}"
    return path or "top level", problem


_STEP = re.compile(r"\.?(\w+)|\[(\d+)\]|\[\.\.\.\]")


def _name_dict_keys(document: Any, where: str) -> str:
    """msgspec writes a mapping's key as ``[...]``: find which entry's (or team's) segment it is.

    ``competitions[0].events[1].entries[3].segments[...].tss`` becomes ``....entries[3].segments.SP.tss``: the key
    is the first whose value does not decode on its own (the two mappings of the format hold segment results).
    """
    if "[...]" not in where:
        return where
    node: Any = document
    out: list[str] = []
    for m in _STEP.finditer(where):
        key, index = m[1], m[2]
        if key is not None:
            out.append(f".{key}" if out else key)
            node = node.get(key) if isinstance(node, dict) else None
        elif index is not None:
            out.append(f"[{index}]")
            node = node[int(index)] if isinstance(node, list) and int(index) < len(node) else None
        else:
            if not isinstance(node, dict):
                return where
            value_type = TeamSegment if ".teams[" in "".join(out) else SegmentResult
            bad = next((k for k, v in node.items() if not _decodes(v, value_type)), None)
            if bad is None:
                return where
            out.append(f".{bad}")
            node = node[bad]
    return "".join(out)


def _decodes(value: Any, model: type[Struct]) -> bool:
    try:
        msgspec.convert(value, model)
    except msgspec.ValidationError:
        return False
    return True


def skater_match_key(name: str, country: str) -> str:
    """Identity of a skater without an ISU id: country plus name, word order ignored (ISU prints
    'Kaori SAKAMOTO', others 'SAKAMOTO Kaori'). Never the name alone."""
    return f"{country.upper()}|{' '.join(sorted(normalize(name).split()))}"


def figure(raw: Any, inherited: Provenance | None) -> tuple[Any, Provenance | None]:
    """A checked figure's (value, provenance); (None, None) when it is not known.

    A bare value takes the inherited provenance; a score is rounded to hundredths, a text stripped.
    """
    if raw is None or raw is UNSET:
        return None, None
    if isinstance(raw, Provenance):
        value: Any = getattr(raw, "value", None)
        if value is None:
            return None, None
        provenance: Provenance | None = raw
    else:
        value, provenance = raw, inherited
    if isinstance(value, float):
        value = round(value, 2)
    elif isinstance(value, str):
        value = value.strip()
    return value, provenance


# --- rules across values ---------------------------------------------------------------------------------


def problems(document: ResultsDocument) -> Iterator[tuple[str, str]]:
    """Every broken rule of a decoded document as (place, problem), in document order."""
    for i, competition in enumerate(document.competitions):
        yield from _competition_problems(competition, f"competitions[{i}]")


def _choice(value: Any, allowed: tuple[Any, ...], key: str) -> str | None:
    if value in allowed:
        return None
    return f"{key} {value!r} is not one of {', '.join(str(a) for a in allowed if a is not None)}"


def _date_problem(value: str | None, key: str) -> str | None:
    if value is None:
        return None
    try:
        datetime.strptime(value, "%Y-%m-%d")
    except ValueError:
        return f"'{key}' must be an ISO date like 2026-02-10, not {value!r}"
    return None


def _provenance_problems(provenance: Provenance | None, where: str) -> Iterator[tuple[str, str]]:
    if provenance is None:
        return
    problem = _choice(provenance.confidence, CONFIDENCES, "confidence")
    if problem:
        yield where, problem
    elif not provenance.sources and provenance.confidence != "derived":
        yield where, f"a {provenance.confidence} figure needs at least one source"


def _figure_problems(raw: Any, where: str, inherited: Provenance | None) -> Iterator[tuple[str, str]]:
    if raw is None or raw is UNSET:
        return
    if isinstance(raw, Provenance):
        if getattr(raw, "value", None) is not None:
            yield from _provenance_problems(raw, where)
    elif inherited is None:
        yield (
            where,
            "a bare value needs a 'provenance' on an enclosing entry, event or competition; give the figure as "
            "{value, confidence, sources}",
        )


def _competition_problems(competition: Competition, where: str) -> Iterator[tuple[str, str]]:
    for problem in (
        _choice(competition.level, LEVELS, "level"),
        _date_problem(competition.start_date, "start_date"),
        _date_problem(competition.end_date, "end_date"),
    ):
        if problem:
            yield where, problem
    yield from _provenance_problems(competition.provenance, f"{where}.provenance")
    seen: set[str] = set()
    for i, event in enumerate(competition.events):
        if event.id in seen:
            yield f"{where}.events[{i}]", f"event id {event.id!r} appears twice"
        seen.add(event.id)
        yield from _event_problems(event, f"{where}.events[{i}]", competition.provenance)


def _event_problems(event: Event, where: str, inherited: Provenance | None) -> Iterator[tuple[str, str]]:
    problem = _choice(event.discipline, DISCIPLINES, "discipline")
    if problem:
        yield where, problem
    if not event.level:
        yield (
            where,
            "'level' is required: senior, junior, advanced-novice, intermediate-novice, basic-novice, novice, youth, "
            "adult, or a federation's own level as printed",
        )
    yield from _provenance_problems(event.provenance, f"{where}.provenance")
    provenance = event.provenance or inherited
    segment_keys: set[str] = set()
    for i, segment in enumerate(event.segments):
        at = f"{where}.segments[{i}]"
        if segment.id in segment_keys:
            yield at, f"segment id {segment.id!r} appears twice"
        segment_keys.add(segment.id)
        for problem in (
            _choice(segment.kind, SEGMENT_KINDS, "kind"),
            _date_problem(segment.date, "date"),
            None if segment.discipline is None else _choice(segment.discipline, DISCIPLINES[:-1], "discipline"),
        ):
            if problem:
                yield at, problem
        if segment.start_time is not None and not re.fullmatch(r"[0-2]\d:[0-5]\d", segment.start_time):
            yield at, f"start_time {segment.start_time!r} must be HH:MM"
    seen_skaters: dict[str, str] = {}
    for i, entry in enumerate(event.entries):
        at = f"{where}.entries[{i}]"
        yield from _entry_problems(entry, at, event.discipline, segment_keys, provenance)
        for skater in entry.skaters:
            identity = skater.isu_id or skater_match_key(skater.name, entry.country)
            if identity in seen_skaters:
                yield at, f"{skater.name} appears twice in the event (also in {seen_skaters[identity]})"
            seen_skaters.setdefault(identity, at)
    for i, team in enumerate(event.teams):
        yield from _team_problems(team, f"{where}.teams[{i}]", segment_keys, provenance)
    for i, note in enumerate(event.notes):
        yield from _figure_problems(note, f"{where}.notes[{i}]", provenance)


def _country_problem(country: str) -> str | None:
    if len(country) == 3 and country.isalpha():
        return None
    return f"country {country!r} must be a three-letter code such as JPN"


def _segment_key_problem(key: str, segment_keys: set[str]) -> str | None:
    if key in segment_keys:
        return None
    return f"segment {key} is not one of the event's segments ({', '.join(sorted(segment_keys))})"


def _entry_problems(
    entry: Entry, where: str, discipline: str, segment_keys: set[str], inherited: Provenance | None
) -> Iterator[tuple[str, str]]:
    yield from _provenance_problems(entry.provenance, f"{where}.provenance")
    provenance = entry.provenance or inherited
    expected = 2 if discipline in COUPLE_DISCIPLINES else 1
    if discipline != "team" and len(entry.skaters) != expected:
        yield where, f"{discipline} entries need {expected} skater(s), found {len(entry.skaters)}"
    elif not 1 <= len(entry.skaters) <= 2:
        yield where, "an entry has one skater or a couple"
    for problem in (
        _country_problem(entry.country),
        None if entry.status is UNSET else _choice(entry.status, STATUSES, "status"),
    ):
        if problem:
            yield where, problem
    yield from _figure_problems(entry.place, f"{where}.place", provenance)
    yield from _figure_problems(entry.total, f"{where}.total", provenance)
    for key, result in entry.segments.items():
        at = f"{where}.segments.{key}"
        problem = _segment_key_problem(key, segment_keys)
        if problem:
            yield where, problem
        yield from _provenance_problems(result.provenance, f"{at}.provenance")
        for name in ("rank", "tss", "tes", "pcs", "deductions", "starting_number"):
            # The segment's own provenance covers its protocol; its bare figures take the entry's, as FORMAT.md says.
            yield from _figure_problems(getattr(result, name), f"{at}.{name}", provenance)
    for i, note in enumerate(entry.notes):
        yield from _figure_problems(note, f"{where}.notes[{i}]", provenance)


def _team_problems(
    team: Team, where: str, segment_keys: set[str], inherited: Provenance | None
) -> Iterator[tuple[str, str]]:
    yield from _provenance_problems(team.provenance, f"{where}.provenance")
    provenance = team.provenance or inherited
    problem = _country_problem(team.country)
    if problem:
        yield where, problem
    yield from _figure_problems(team.place, f"{where}.place", provenance)
    yield from _figure_problems(team.points, f"{where}.points", provenance)
    for key, result in team.segments.items():
        at = f"{where}.segments.{key}"
        problem = _segment_key_problem(key, segment_keys)
        if problem:
            yield where, problem
        if not 1 <= len(result.skaters) <= 2:
            yield at, "skaters must list one name or a couple"
        for name in ("rank", "points", "tss"):
            yield from _figure_problems(getattr(result, name), f"{at}.{name}", provenance)
