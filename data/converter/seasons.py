"""The compiled seasons 2018-19 to 2025-26 (``shared/data/seasons/*.json``) as import-format documents.

The files share the shape of the other reference files but vary more: the history files (Worlds 2019-2024, Finals
2018-2024) give no segment dates and keep further places in ``final_standings`` with ``place_status``; the 2025-26
files add ``place_source(s)``, ``segments[]`` lists with ``rank_status``, ``arithmetic_check`` and disagreements of
two shapes; Worlds 2026 has a schedule and a field but no result.

Provenance rules (as :mod:`data.converter.figures`, and these):

* a **disputed** figure is never written as a value: the figure is left out, and the entry carries a note that names
  every candidate with its sources ("Total disputed between sources: 284.39 (…) vs 294.39 (…)"), so that it is shown
  as a disagreement and the claim check finds no figure to confirm;
* a place comes from the row's own place sources (``place_status``, ``place_source(s)``, the medal's
  ``medal_source``), else from its total's sources, else from the disputed total's candidates (which agree on the
  place); a place no source backs is left out, and so is an entry whose name no source gave;
* a figure ``not found in sources read`` is absent, never zero; a plain-text remark of the compiler (``note``,
  ``noc_note``, a failed ``arithmetic_check``) is kept in the note of the figure it is about.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from rapidfuzz.distance import Levenshtein

from bot.services.import_format import FORMAT_NAME, FORMAT_VERSION, skater_match_key
from bot.services.results.models import DISPUTED_PREFIX
from data.converter.entries import EntryBuilder
from data.converter.figures import (
    STRENGTH,
    Context,
    ConversionError,
    join_notes,
    make_figure,
    split_names,
    text_figure,
    uniq,
)
from data.converter.tables import EVENT_IDS, MEDAL_PLACES, SEGMENTS
from data.converter.tiers import _source_domain

SEASONS_SUBDIR = "seasons"

# Output id -> source file (in shared/data/seasons) and the competition facts the files state only as venue text.
# city and venue are checked against that text; an arena the sources do not name stays out.
SEASONS: dict[str, dict[str, Any]] = {
    "gpf1819": {
        "name": "ISU Grand Prix of Figure Skating Final 2018-19",
        "short_name": "Grand Prix Final 2018 Vancouver",
        "season": "2018-19",
        "level": "grand-prix-final",
        "city": "Vancouver",
        "country": "CAN",
        "venue": "Doug Mitchell Thunderbird Sports Centre",
    },
    "wc2019": {
        "name": "ISU World Figure Skating Championships 2019",
        "short_name": "Worlds 2019 Saitama",
        "season": "2018-19",
        "level": "worlds",
        "city": "Saitama",
        "country": "JPN",
        "venue": "Saitama Super Arena",
    },
    "gpf1920": {
        "name": "ISU Grand Prix of Figure Skating Final 2019-20",
        "short_name": "Grand Prix Final 2019 Turin",
        "season": "2019-20",
        "level": "grand-prix-final",
        "city": "Turin",
        "country": "ITA",
        "venue": "Palavela",
    },
    "wc2021": {
        "name": "ISU World Figure Skating Championships 2021",
        "short_name": "Worlds 2021 Stockholm",
        "season": "2020-21",
        "level": "worlds",
        "city": "Stockholm",
        "country": "SWE",
        "venue": None,
    },
    "wc2022": {
        "name": "ISU World Figure Skating Championships 2022",
        "short_name": "Worlds 2022 Montpellier",
        "season": "2021-22",
        "level": "worlds",
        "city": "Montpellier",
        "country": "FRA",
        "venue": "Sud de France Arena",
    },
    "gpf2223": {
        "name": "ISU Grand Prix of Figure Skating Final 2022-23",
        "short_name": "Grand Prix Final 2022 Turin",
        "season": "2022-23",
        "level": "grand-prix-final",
        "city": "Turin",
        "country": "ITA",
        "venue": "Torino Palavela",
    },
    "wc2023": {
        "name": "ISU World Figure Skating Championships 2023",
        "short_name": "Worlds 2023 Saitama",
        "season": "2022-23",
        "level": "worlds",
        "city": "Saitama",
        "country": "JPN",
        "venue": "Saitama Super Arena",
    },
    "gpf2324": {
        "name": "ISU Grand Prix of Figure Skating Final 2023-24",
        "short_name": "Grand Prix Final 2023 Beijing",
        "season": "2023-24",
        "level": "grand-prix-final",
        "city": "Beijing",
        "country": "CHN",
        "venue": None,
    },
    "wc2024": {
        "name": "ISU World Figure Skating Championships 2024",
        "short_name": "Worlds 2024 Montreal",
        "season": "2023-24",
        "level": "worlds",
        "city": "Montreal",
        "country": "CAN",
        "venue": "Bell Centre",
    },
    "gpf2425": {
        "name": "ISU Grand Prix of Figure Skating Final 2024-25",
        "short_name": "Grand Prix Final 2024 Grenoble",
        "season": "2024-25",
        "level": "grand-prix-final",
        "city": "Grenoble",
        "country": "FRA",
        "venue": "Patinoire Polesud",
    },
    "gpfra2025": {
        "name": "ISU Grand Prix de France 2025",
        "short_name": "Grand Prix de France 2025",
        "season": "2025-26",
        "level": "grand-prix",
        "city": "Angers",
        "country": "FRA",
        "venue": "Angers IceParc",
    },
    "gpchn2025": {
        "name": "ISU Grand Prix Cup of China 2025",
        "short_name": "Cup of China 2025",
        "season": "2025-26",
        "level": "grand-prix",
        "city": "Chongqing",
        "country": "CHN",
        "venue": "Chongqing Huaxi Culture and Sports Center",
    },
    "gpcan2025": {
        "name": "ISU Grand Prix Skate Canada International 2025",
        "short_name": "Skate Canada 2025",
        "season": "2025-26",
        "level": "grand-prix",
        "city": "Saskatoon",
        "country": "CAN",
        "venue": "SaskTel Centre",
    },
    "gpjpn2025": {
        "name": "ISU Grand Prix NHK Trophy 2025",
        "short_name": "NHK Trophy 2025",
        "season": "2025-26",
        "level": "grand-prix",
        "city": "Kadoma",
        "country": "JPN",
        "venue": "Towa Pharmaceutical RACTAB Dome",
    },
    "gpusa2025": {
        "name": "ISU Grand Prix Skate America 2025",
        "short_name": "Skate America 2025",
        "season": "2025-26",
        "level": "grand-prix",
        "city": "Lake Placid",
        "country": "USA",
        "venue": "Herb Brooks Arena",
    },
    "gpfin2025": {
        "name": "ISU Grand Prix Finlandia Trophy 2025",
        "short_name": "Finlandia Trophy 2025",
        "season": "2025-26",
        "level": "grand-prix",
        "city": "Helsinki",
        "country": "FIN",
        "venue": "Helsinki Ice Hall",
    },
    "gpf2025": {
        "name": "ISU Grand Prix of Figure Skating Final 2025-26",
        "short_name": "Grand Prix Final 2025 Nagoya",
        "season": "2025-26",
        "level": "grand-prix-final",
        "city": "Nagoya",
        "country": "JPN",
        "venue": "Aichi International Arena",
    },
    "ec2026": {
        "name": "ISU European Figure Skating Championships 2026",
        "short_name": "Europeans 2026 Sheffield",
        "season": "2025-26",
        "level": "europeans",
        "city": "Sheffield",
        "country": "GBR",
        "venue": "Utilita Arena Sheffield",
    },
    "fc2026": {
        "name": "ISU Four Continents Figure Skating Championships 2026",
        "short_name": "Four Continents 2026 Beijing",
        "season": "2025-26",
        "level": "four-continents",
        "city": "Beijing",
        "country": "CHN",
        "venue": "National Indoor Stadium",
    },
    "wc2026": {
        "name": "ISU World Figure Skating Championships 2026",
        "short_name": "Worlds 2026 Prague",
        "season": "2025-26",
        "level": "worlds",
        "city": "Prague",
        "country": "CZE",
        "venue": "O2 arena",
    },
}

_DISCIPLINE_SEGMENTS = {
    "men": ("short_program", "free_skate"),
    "women": ("short_program", "free_skate"),
    "pairs": ("short_program", "free_skate"),
    "ice_dance": ("rhythm_dance", "free_dance"),
}
_SEGMENT_KEYS = {k for pair in _DISCIPLINE_SEGMENTS.values() for k in pair}
_FIELD_LABELS = {
    "entries": "Entries",
    "competitors": "Competitors",
    "nations": "Nations",
    "not_entered": "Not entered",
    "withdrawals": "Withdrawn",
}
_MONTHS = {
    m: i for i, m in enumerate(("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"), 1)
}
_ISO = re.compile(r"\d{4}-\d{2}-\d{2}")


class SeasonContext(Context):
    """The per-file context; a disputed figure is set aside (with where it was met) instead of converted."""

    def __init__(self, comp_id: str, raw: dict[str, Any]):
        super().__init__(comp_id, raw)
        self.disputed: list[tuple[str, dict[str, Any]]] = []

    def figure(self, raw: Any, where: str, extra_note: str | None = None) -> dict[str, Any] | None:
        if isinstance(raw, dict) and str(raw.get("status", "")).startswith("disputed"):
            self.disputed.append((where, raw))
            self.log.append(f"{where}: disputed ({self.candidate_text(raw)}) -> left out, shown as a note")
            return None
        if isinstance(raw, dict) and raw.get("value") is None:
            return None
        return super().figure(raw, where, extra_note)

    def candidates(self, raw: dict[str, Any]) -> list[tuple[str, list[str]]]:
        """A disputed figure's candidates as (value as text, source URLs)."""
        cands = raw.get("candidates")
        out: list[tuple[str, list[str]]] = []
        if isinstance(cands, dict):
            for value, refs in cands.items():
                out.append((str(value), self.refs(refs)))
        elif isinstance(cands, list):
            for cand in cands:
                out.append((str(cand["value"]), self.refs(cand.get("sources"))))
        if len(out) < 2:
            raise ConversionError(f"{self.comp_id}: disputed figure without two candidates: {raw!r}")
        return out

    def refs(self, refs: Any) -> list[str]:
        """Source references (one or a list; ids or URLs) as URLs; a word such as 'derived' names no source."""
        items = [refs] if isinstance(refs, str) else list(refs or [])
        urls = [self.url(r) for r in items if r in self.index or re.match(r"https?://", r)]
        for ref in items:
            if ref in self.index or re.match(r"https?://", ref):
                continue
            # outlets named in words ("AP, NBC", "OA Sport"): the source_index entries of those outlets
            words = {w.strip().lower() for w in re.split(r"[,;()]| and ", ref) if len(w.strip()) >= 2}
            urls.extend(
                v["url"]
                for v in self.index.values()
                if isinstance(v, dict) and any(w == str(v.get("outlet", "")).lower().split(" (")[0] for w in words)
            )
        return uniq(urls)

    def candidate_text(self, raw: dict[str, Any]) -> str:
        parts = []
        for value, urls in self.candidates(raw):
            hosts = uniq([_source_domain(u)[0] for u in urls])
            parts.append(f"{value} ({', '.join(hosts) if hosts else 'no source: computed'})")
        return " vs ".join(parts)

    def dispute_note(self, label: str, raw: dict[str, Any]) -> dict[str, Any]:
        """The note an entry carries for a disputed figure: every candidate with its sources."""
        urls = uniq([u for _, cand_urls in self.candidates(raw) for u in cand_urls])
        text = f"{DISPUTED_PREFIX}{label.lower() if label[:2] not in ('SP', 'FS', 'RD', 'FD') else label} " + (
            f"{self.candidate_text(raw)} (sources disagree; not given as a fact)"
        )
        how = join_notes("source comparison by the data compiler", raw.get("note"))
        return make_figure(text, "derived", urls, how)


def _variants(name: str, variants: list[str] | None) -> list[str] | None:
    """A couple's spellings met for one partner ("Minerva Hase" beside "Minerva Fabienne Hase / Nikita Volodin") as
    spellings of the couple, the partner found by a shared word; a variant that fits neither partner is an error."""
    names = split_names(name)
    if len(names) == 1 or not variants:
        return variants
    out = []
    for variant in variants:
        if " / " in variant:
            out.append(variant)
            continue
        variant = re.sub(r"\s*\([^)]*\)\s*$", "", variant).strip().strip("'\"")  # "'Anna Brown' (OA Sport typo)"
        words = set(variant.lower().split())
        fits = [i for i, n in enumerate(names) if words & set(n.lower().split())]
        if len(fits) > 1:  # "Anna Brown" beside "Oona Brown / Gage Brown": the nearer spelling
            dist = {i: Levenshtein.distance(variant.lower(), names[i].lower()) for i in fits}
            fits = [i for i in fits if dist[i] == min(dist.values())]
        if len(fits) != 1:
            raise ConversionError(f"cannot attribute name variant {variant!r} to a partner of {name!r}")
        parts = list(names)
        parts[fits[0]] = variant
        out.append(" / ".join(parts))
    return out


def _label(where: str) -> str:
    """'wc2024/men Adam Siao Him Fa total' -> 'Total'; '... SP score' -> 'SP score'; '... place' -> 'Place'."""
    m = re.search(r" ((?:SP|FS|RD|FD) (?:score|rank)|total|place)(?: \w+)?$", where)
    text = m.group(1) if m else where.rsplit(" ", 1)[-1]
    return text[0].upper() + text[1:]


def _check_meta(ctx: SeasonContext, meta: dict[str, Any]) -> dict[str, Any] | None:
    venue_fig = ctx.figure(ctx.raw.get("venue"), f"{ctx.comp_id} venue")
    text = (venue_fig or {}).get("value", "")
    for key in ("venue", "city"):
        if meta[key] is not None and meta[key] not in text:
            raise ConversionError(f"{ctx.comp_id}: {key} {meta[key]!r} not in the source venue {text!r}")
    return venue_fig


def _dates(ctx: SeasonContext) -> tuple[str | None, str | None, dict[str, Any] | None, str | None]:
    """The competition's start and end, the figure they come from and a note on how they were read."""
    raw = ctx.raw.get("dates")
    if not isinstance(raw, dict) or not raw.get("value"):
        return None, None, None, None
    where = f"{ctx.comp_id} dates"
    note = None
    if str(raw.get("status", "")).startswith("disputed"):
        # Competition dates, not a result: the compiler's value (the window of the best-supported candidate) is kept,
        # cited from that candidate's sources; every candidate is named in the provenance note.
        cands = ctx.candidates(raw)
        best = max(cands, key=lambda c: len([u for u in c[1] if ctx.tiers.get(u) != "low"]))
        conf, low = ctx.tier_confidence(best[1])
        fig: dict[str, Any] | None = make_figure(raw["value"], conf, best[1], join_notes(low, raw.get("note")))
        note = f"dates disputed between sources ({ctx.candidate_text(raw)}); {raw.get('note')}"
        ctx.log.append(f"{where}: disputed, kept {raw['value']!r} ({raw.get('note')})")
    else:
        fig = ctx.figure(raw, where)
    if fig is None:
        return None, None, None, None
    text = str(fig["value"])
    found = _ISO.findall(text)
    m = re.search(r"competition (\d{1,2})-(\d{1,2}) ", text)
    if found and m:
        start = found[0][:8] + f"{int(m.group(1)):02d}"
        end = found[0][:8] + f"{int(m.group(2)):02d}"
        return start, end, fig, join_notes(note, f"start/end are the competition days of {text!r}")
    if found:
        return found[0], found[-1], fig, note
    # "March 2019 (segments: women SP Wed 20 Mar, ..., Sat 23 Mar)": the first and last segment days named.
    year = re.search(r"\b(\d{4})\b", text)
    days = [(_MONTHS[mon], int(day)) for day, mon in re.findall(r"\b(\d{1,2}) (Jan|Feb|Mar|Apr|Oct|Nov|Dec)\b", text)]
    if year and days:
        first, last = min(days), max(days)
        y = year.group(1)
        ctx.log.append(f"{where}: {text!r} -> first and last segment days named")
        return (
            f"{y}-{first[0]:02d}-{first[1]:02d}",
            f"{y}-{last[0]:02d}-{last[1]:02d}",
            fig,
            join_notes(note, f"start/end are the first and last segment days named in {text!r}"),
        )
    ctx.log.append(f"{where}: {text!r} names no day -> no start/end")
    return None, None, fig, join_notes(note, f"dates as the sources give them: {text!r}")


def _rank_figure(ctx: SeasonContext, row: dict[str, Any], where: str) -> dict[str, Any] | None:
    """A segment row's rank: a figure, or a bare number with its ``rank_status`` figure."""
    rank = row.get("rank")
    status = row.get("rank_status")
    if isinstance(rank, dict):
        return ctx.figure(rank, where)
    if rank is None:
        return None
    if isinstance(status, dict):
        return ctx.figure({**status, "value": rank}, where)
    score = row.get("score")
    fig = ctx.figure(score, where) if isinstance(score, dict) else None
    if fig is not None:
        # a rank printed beside a sourced score in the same list: cited from the score's sources
        if status == "inferred":
            note = f"inferred: rank {rank} implied by the segment's scores in the sources"
            return make_figure(rank, "derived", fig["sources"], note)
        conf, low = ctx.tier_confidence(fig["sources"])
        return make_figure(rank, conf, fig["sources"], join_notes(low, "rank listed beside the score in these sources"))
    ctx.log.append(f"{where}: rank {rank} without sources -> left out")
    return None


class _Event:
    """One event being converted: its entries, its segments and the disputes met in it."""

    def __init__(self, ctx: SeasonContext, event: dict[str, Any]):
        self.ctx = ctx
        self.raw = event
        name = event["event"]
        self.event_id = EVENT_IDS.get(name)
        if self.event_id is None or self.event_id == "team":
            raise ConversionError(f"{ctx.comp_id}: unexpected event {name!r}")
        self.where = f"{ctx.comp_id}/{self.event_id}"
        dates = event.get("dates") or {}
        self.segments: list[dict[str, Any]] = []
        self.seg_ids: dict[str, str] = {}
        for key in _DISCIPLINE_SEGMENTS[self.event_id]:
            sid, kind, sname = SEGMENTS[key]
            seg: dict[str, Any] = {"id": sid, "kind": kind, "name": sname}
            date_fig = ctx.figure(dates.get(key), f"{self.where} {key} date")
            if date_fig is not None:
                seg["date"] = date_fig["value"]
            self.segments.append(seg)
            self.seg_ids[key] = sid
        for key in dates:
            if key not in self.seg_ids:
                raise ConversionError(f"{self.where}: date of unknown segment {key!r}")
        self.builder = EntryBuilder(ctx, self.event_id, set(self.seg_ids.values()))
        self.handled_disputes: set[tuple[str, str]] = set()

    def take_disputes(self, entry: dict[str, Any], name: str) -> list[dict[str, Any]]:
        """The disputes met since the last call, as the entry's notes; the raw disputed figures."""
        raws = []
        for where, raw in self.ctx.disputed:
            note = self.ctx.dispute_note(_label(where), raw)
            self.builder.add_note(entry, note)
            self.handled_disputes.add((name, _label(where).split(" ")[-1].lower()))
            raws.append(raw)
        self.ctx.disputed.clear()
        return raws

    def segment_blocks(self, entry: dict[str, Any], row: dict[str, Any], who: str) -> None:
        for key, sid in self.seg_ids.items():
            block = row.get(key)
            if not isinstance(block, dict):
                continue
            for src, dst in (("score", "tss"), ("rank", "rank")):
                at = f"{who} {sid} {src}"
                self.builder.set_segment(entry, sid, dst, self.ctx.figure(block.get(src), at), at)
        for key in row:
            if key in _SEGMENT_KEYS and key not in self.seg_ids:
                raise ConversionError(f"{who}: segment {key!r} does not belong to {self.event_id}")

    def place(
        self,
        row: dict[str, Any],
        place: int,
        total: dict[str, Any] | None,
        disputed: list[dict[str, Any]],
        entry_segments: dict[str, dict[str, Any]],
        who: str,
    ) -> dict[str, Any] | None:
        extra = join_notes(
            f"{row['medal']} medal" if row.get("medal") else None,
            row.get("note") if isinstance(row.get("note"), str) else None,
            row.get("noc_note"),
        )
        for key in ("place", "place_status", "place_source", "place_sources", "medal_source"):
            raw = row.get(key)
            if not isinstance(raw, dict):
                continue
            if raw.get("value") not in (None, place):
                raise ConversionError(f"{who}: {key} {raw.get('value')} != place {place}")
            if str(raw.get("status", "")).startswith("disputed"):
                # the place itself is disputed: left out like any disputed figure, its candidates as a note
                self.ctx.figure(raw, f"{who} place")
                return None
            fig = self.ctx.figure({**raw, "value": place}, f"{who} place {key}")
            if fig is not None:
                return make_figure(place, fig["confidence"], fig["sources"], join_notes(fig.get("note"), extra))
        if total is not None:
            note = join_notes("place has no sources of its own; cited from the total's sources", extra)
            return make_figure(place, total["confidence"], total["sources"], join_notes(note, total.get("note")))
        if disputed:
            urls = uniq([u for raw in disputed for _, c in self.ctx.candidates(raw) for u in c])
            conf, low = self.ctx.tier_confidence(urls)
            note = join_notes(low, "place cited from the sources of the disputed total, which agree on it", extra)
            return make_figure(place, conf, urls, note)
        seg_sources = uniq(
            [u for sid in self.seg_ids.values() for f in entry_segments.get(sid, {}).values() for u in f["sources"]]
        )
        if row.get("medal") and seg_sources:
            conf, low = self.ctx.tier_confidence(seg_sources)
            note = join_notes(
                low,
                "the medal as the data lists it, no source of its own: cited from the sources of "
                "the entry's segment figures",
                extra,
            )
            self.ctx.log.append(f"{who}: {row['medal']} medal without sources -> cited from its segment figures")
            return make_figure(place, conf, seg_sources, note)
        self.ctx.log.append(f"{who}: place {place} has no sources -> left out")
        return None

    def add_row(self, row: dict[str, Any], place: int | None) -> None:
        name = row.get("name")
        if isinstance(name, dict):  # {"value": null, "status": "not found in sources read", "note": ...}
            if name.get("value") is not None:
                raise ConversionError(f"{self.where}: a name given as a figure: {name!r}")
            name = None
        if not name:
            why = row["name"].get("note") if isinstance(row.get("name"), dict) else None
            self.ctx.log.append(
                f"{self.where}: place {place} not found in the sources ({why or 'no name'}) -> no entry"
            )
            return
        if not row.get("noc"):
            raise ConversionError(f"{self.where} {row['name']}: no country")
        who = f"{self.where} {row['name']}"
        entry = self.builder.get(row["name"], row["noc"], _variants(row["name"], row.get("name_variants_seen")))
        total = self.ctx.figure(row.get("total"), f"{who} total", self._arithmetic(row))
        self.builder.set(entry, "total", total, f"{who} total")
        disputed_total = [raw for where, raw in self.ctx.disputed if where == f"{who} total"]
        self.segment_blocks(entry, row, who)
        for raw in row.get("notes") or []:
            fig = self.ctx.figure(raw, f"{who} note")
            if fig is not None:
                self.builder.add_note(entry, text_figure(fig["value"], fig))
        if place is not None:
            pfig = self.place(row, place, total, disputed_total, entry["segments"], who)
            self.builder.set(entry, "place", pfig, f"{who} place")
        self.take_disputes(entry, row["name"])

    def _arithmetic(self, row: dict[str, Any]) -> str | None:
        check = row.get("arithmetic_check")
        if isinstance(check, str) and not check.startswith(("consistent", "not independently", "not checkable")):
            return f"arithmetic check: {check}"
        return None

    def segment_lists(self) -> None:
        for block in self.raw.get("segments") or []:
            key = block["segment"]
            for row in block.get("entries") or []:
                who = f"{self.where} {row['name']}"
                entry = self.builder.get(row["name"], row["noc"], _variants(row["name"], row.get("name_variants_seen")))
                if key == "final_other":  # totals met outside any standings list
                    self.builder.set(entry, "total", self.ctx.figure(row.get("total"), f"{who} total"), who)
                    place = self.ctx.figure(row.get("place"), f"{who} place")
                    if place is not None:
                        self.builder.set(entry, "place", place, f"{who} place")
                    elif isinstance(row.get("place"), dict) and row["place"].get("note"):
                        self.ctx.log.append(f"{who}: place not stated ({row['place']['note']})")
                    self.take_disputes(entry, row["name"])
                    continue
                if key not in self.seg_ids:
                    raise ConversionError(f"{self.where}: segment list {key!r} not of this event")
                sid = self.seg_ids[key]
                remark = row.get("note") if isinstance(row.get("note"), str) else None
                rank = _rank_figure(self.ctx, row, f"{who} {sid} rank")
                if rank is not None and remark:
                    rank = make_figure(
                        rank["value"], rank["confidence"], rank["sources"], join_notes(rank.get("note"), remark)
                    )
                    remark = None
                score = self.ctx.figure(row.get("score"), f"{who} {sid} score", remark)
                self.builder.set_segment(entry, sid, "rank", rank, f"{who} {sid} rank")
                self.builder.set_segment(entry, sid, "tss", score, f"{who} {sid} score")
                if remark and rank is None and score is None:
                    self.ctx.log.append(f"{who}: remark {remark!r} has no figure to carry it -> in the log only")
                self.take_disputes(entry, row["name"])

    def notes(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for key, raw in (self.raw.get("field") or {}).items():
            label = _FIELD_LABELS.get(key, key.replace("_", " ").capitalize())
            for item in raw if isinstance(raw, list) else [raw]:
                fig = self.ctx.figure(item, f"{self.where} field {key}")
                if fig is not None:
                    out.append(text_figure(f"{label}: {fig['value']}", fig))
        for dis in self.raw.get("disagreements") or []:
            athlete = dis.get("athlete")
            field = str(dis.get("field", ""))
            if athlete and (athlete, field.split(" ")[-1].lower()) in self.handled_disputes:
                continue  # already on the entry, with its candidates
            if "values" in dis:
                cands = [(str(k), self.ctx.refs(v)) for k, v in dis["values"].items()]
            else:
                cands = [(str(c["value"]), self.ctx.refs(c.get("sources"))) for c in dis.get("candidates") or []]
            parts = [
                f"{value} ({', '.join(uniq([_source_domain(u)[0] for u in urls])) or 'computed'})"
                for value, urls in cands
            ]
            urls = uniq([u for _, c in cands for u in c])
            subject = f"{athlete} {field}" if athlete else field
            text = f"Sources disagree on {subject}: " + " vs ".join(parts)
            how = f"source comparison by the data compiler; assessment: {dis.get('assessment')}"
            if not urls:
                self.ctx.log.append(
                    f"{self.where}: disagreement {subject!r} names no source of the index -> log only: {text}"
                )
                continue
            out.append(make_figure(text, "derived", urls, how))
        return out

    def convert(self) -> dict[str, Any]:
        for row in self.raw.get("podium") or []:
            self.add_row(row, MEDAL_PLACES[row["medal"]])
        for row in self.raw.get("final_standings") or []:
            place = row.get("place")
            self.add_row(row, place.get("value") if isinstance(place, dict) else place)
        for row in self.raw.get("other_segment_results") or []:
            self.add_row(row, None)
        self.segment_lists()
        notes = self.notes()
        out: dict[str, Any] = {
            "id": self.event_id,
            "discipline": self.event_id,
            "level": "senior",
            "name": self.raw["event"],
            "segments": self.segments,
            "entries": self.builder.result(),
        }
        if notes:
            out["notes"] = notes
        return out


def convert_season_competition(comp_id: str, raw: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """One seasons file's competition as an import document's competition, and the judgment calls taken."""
    meta = SEASONS[comp_id]
    ctx = SeasonContext(comp_id, raw)
    venue_fig = _check_meta(ctx, meta)
    start, end, dates_fig, date_note = _dates(ctx)
    events = [_Event(ctx, ev).convert() for ev in raw["events"]]
    comp: dict[str, Any] = {"id": comp_id}
    for key in ("name", "short_name", "season", "level", "city", "country", "venue"):
        if meta[key] is not None:
            comp[key] = meta[key]
    if start and end:
        comp["start_date"] = start
        comp["end_date"] = end
        seg_dates = sorted(s["date"] for e in events for s in e["segments"] if s.get("date"))
        if seg_dates and (seg_dates[0] < start or seg_dates[-1] > end):
            raise ConversionError(f"{comp_id}: segment dates {seg_dates[0]}..{seg_dates[-1]} not in {start}..{end}")
    meta_figs = [f for f in (venue_fig, dates_fig) if f is not None]
    if meta_figs:
        weakest = min(meta_figs, key=lambda f: STRENGTH[f["confidence"]])["confidence"]
        comp["provenance"] = {
            "confidence": weakest,
            "sources": uniq([u for f in meta_figs for u in f["sources"]]),
            "note": join_notes(
                "covers only the venue and the competition dates (the weaker of their source statuses); every "
                "result figure carries its own provenance",
                f"source venue text: {venue_fig['value']}" if venue_fig else None,
                date_note,
            ),
        }
    comp["events"] = events
    return comp, uniq(ctx.log)


def convert_season_file(comp_id: str, src_dir: Path) -> tuple[dict[str, Any], list[str]]:
    """Reads ``src_dir/<comp_id>.json`` (the seasons folder) and converts it into an import document."""
    path = Path(src_dir) / f"{comp_id}.json"
    raw = json.loads(path.read_text(encoding="utf-8"))
    comp, log = convert_season_competition(comp_id, raw)
    description = (
        f"Converted by data/convert_seasons.py from shared/data/seasons/{path.name} ({raw.get('competition')}): "
        "real results compiled from public reporting; every figure keeps its source URLs and confidence; a "
        "disputed figure is left out and its candidates are a note of the entry; partial standings list only "
        "the places the sources stated."
    )
    coverage = [f"{e['event']}: {e['coverage']}" for e in raw["events"] if e.get("coverage")]
    if isinstance(raw.get("coverage"), str):
        coverage.insert(0, raw["coverage"])
    if coverage:
        description += " Coverage: " + " ".join(coverage)
    doc = {"format": FORMAT_NAME, "version": FORMAT_VERSION, "description": description, "competitions": [comp]}
    return doc, log


def convert_seasons(
    src_dir: Path, bundled: Path | None = None
) -> tuple[dict[str, dict[str, Any]], dict[str, list[str]]]:
    """Every competition of :data:`SEASONS`: documents and judgment calls by competition id.

    ``bundled``: the folder of the other bundled files (the curated Olympics and Worlds 2025), whose spelling of a
    skater they share is kept (see :func:`_one_name_per_skater`)."""
    docs, logs = {}, {}
    for comp_id in SEASONS:
        docs[comp_id], logs[comp_id] = convert_season_file(comp_id, src_dir)
    names_log = _one_name_per_skater(docs, _curated_names(bundled) if bundled else {})
    logs["names"] = names_log
    return docs, logs


def _curated_names(bundled: Path) -> dict[str, str]:
    """Match key -> the name the curated bundled files (not the protocol files, not these) give a skater."""
    known: dict[str, str] = {}
    for path in sorted(Path(bundled).glob("*.json")):
        if path.name.startswith("isu-") or path.stem in SEASONS:
            continue
        doc = json.loads(path.read_text(encoding="utf-8"))
        if doc.get("format") != FORMAT_NAME:
            continue
        for comp in doc["competitions"]:
            for event in comp["events"]:
                for entry in event.get("entries") or []:
                    for skater in entry["skaters"]:
                        known.setdefault(skater_match_key(skater["name"], entry["country"]), skater["name"])
    return known


def _one_name_per_skater(docs: dict[str, dict[str, Any]], known: dict[str, str]) -> list[str]:
    """Every skater named alike in every file: as the curated files name them, else as the newest of these files
    does; the other spellings become aliases. (The store names a skater by the last import: two spellings in two
    files would rename the skater at each import, and a second import would not be a no-op.)"""
    spellings: dict[str, list[tuple[str, str]]] = {}
    skaters: list[tuple[str, dict[str, Any]]] = []
    for doc in docs.values():
        comp = doc["competitions"][0]
        for event in comp["events"]:
            for entry in event["entries"]:
                for skater in entry["skaters"]:
                    key = skater_match_key(skater["name"], entry["country"])
                    spellings.setdefault(key, []).append((comp.get("start_date") or comp["season"], skater["name"]))
                    skaters.append((key, skater))
    chosen = {key: known.get(key) or max(found)[1] for key, found in spellings.items()}
    log = []
    for key, found in sorted(spellings.items()):
        others = sorted({name for _, name in found} - {chosen[key]})
        if others:
            why = "as the curated files name them" if key in known else "as the newest file names them"
            log.append(f"{chosen[key]}: also written {', '.join(others)} -> {chosen[key]} ({why}), the others aliases")
    for key, skater in skaters:
        name = chosen[key]
        if skater["name"] != name:
            aliases = uniq([*skater.get("aliases", []), skater["name"]])
            skater["name"] = name
            skater["aliases"] = [a for a in aliases if a != name]
            if not skater["aliases"]:
                del skater["aliases"]
    return log
