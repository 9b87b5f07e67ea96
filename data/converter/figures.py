"""Figures with their provenance: source statuses, merging, notes; and the per-file conversion context."""

from __future__ import annotations

import re
from typing import Any

LOW_QUALITY_NOTE = "low-quality site only"
STRENGTH = {"official": 4, "multi-source": 3, "single-source": 2, "derived": 1}


class ConversionError(Exception):
    """The source data cannot be converted faithfully."""


def uniq(items: list[str]) -> list[str]:
    """The non-empty items in their first order, each once."""
    out: list[str] = []
    for item in items:
        if item and item not in out:
            out.append(item)
    return out


def join_notes(*notes: str | None) -> str | None:
    """Notes joined with '; ', blanks and repeats dropped; None when nothing is left."""
    parts = uniq([n.strip() for n in notes if n and n.strip()])
    return "; ".join(parts) if parts else None


def make_figure(value: Any, confidence: str, sources: list[str], note: str | None = None) -> dict[str, Any]:
    """A figure object of the format: value, confidence, sources (each once) and a note when there is one."""
    fig: dict[str, Any] = {"value": value, "confidence": confidence, "sources": uniq(list(sources))}
    if note:
        fig["note"] = note
    return fig


def map_status(status: str) -> tuple[str | None, str | None]:
    """Map a source ``status`` to ``(confidence, note)``; confidence None means: leave the figure out.

    ``disputed`` is returned as ``(None, "disputed")``: the caller decides whether a disagreement settles it.
    """
    s = status.strip()
    if s == "multi-source":
        return "multi-source", None
    if s.startswith("multi-source"):
        return "multi-source", s
    if s == "single-source":
        return "single-source", None
    if s == "single-source (low-quality site only)":
        return "single-source", LOW_QUALITY_NOTE
    if s.startswith("single-source"):
        return "single-source", s
    if s == "derived":
        return "derived", None
    if s.startswith("inferred"):
        m = re.match(r"inferred\s*\((.*)\)\s*$", s)
        return "derived", "inferred: " + (m.group(1) if m else s[len("inferred") :].strip(" :") or "implied")
    if s.startswith("disputed"):
        return None, "disputed"
    if s == "not found in sources read":
        return None, None
    raise ConversionError(f"unknown source status {status!r}")


class Context:
    """Per-source-file state: source index, tiers and the judgment calls taken."""

    def __init__(self, comp_id: str, raw: dict[str, Any]):
        self.comp_id = comp_id
        self.raw = raw
        self.index: dict[str, dict[str, Any]] = raw.get("source_index") or {}
        self.tiers = {v["url"]: v.get("tier") for v in self.index.values() if isinstance(v, dict)}
        self.log: list[str] = []

    def url(self, ref: str) -> str:
        """A source reference (a ``source_index`` id or a URL) as its URL."""
        if ref in self.index:
            return self.index[ref]["url"]
        if not re.match(r"https?://", ref):
            raise ConversionError(f"{self.comp_id}: source {ref!r} is neither a URL nor a source_index id")
        return ref

    def urls(self, refs: list[str] | None) -> list[str]:
        """Source references as their URLs, each once."""
        return uniq([self.url(r) for r in refs or []])

    def tier_confidence(self, urls: list[str]) -> tuple[str, str | None]:
        """Confidence for a figure whose data carries sources but no status: by the sources' tiers."""
        good = [u for u in urls if self.tiers.get(u) != "low"]
        if len(good) >= 2:
            return "multi-source", None
        if good:
            return "single-source", None
        return "single-source", LOW_QUALITY_NOTE

    def figure(self, raw: Any, where: str, extra_note: str | None = None) -> dict[str, Any] | None:
        """Convert one source figure object; None when it must be left out."""
        if raw is None:
            return None
        if not isinstance(raw, dict) or "status" not in raw:
            raise ConversionError(f"{self.comp_id} {where}: expected a figure object, got {raw!r}")
        confidence, status_note = map_status(raw["status"])
        if confidence is None:
            if status_note == "disputed":
                self.log.append(f"{where}: disputed ({_candidates(raw)}) and not settled -> left out")
            return None
        if raw.get("value") is None:
            return None
        sources = self.urls(raw.get("sources"))
        note = raw.get("note")
        if confidence == "derived":
            sources = uniq(sources + self.urls(raw.get("sources_of_inputs")))
            if raw.get("derivation"):
                status_note = join_notes(status_note, f"derived: {raw['derivation']}")
            elif status_note is None:
                status_note = "derived"
        if not sources:
            raise ConversionError(f"{self.comp_id} {where}: figure {raw.get('value')!r} has no sources")
        return make_figure(raw["value"], confidence, sources, join_notes(status_note, note, extra_note))


def _candidates(raw: dict[str, Any]) -> str:
    cands = raw.get("candidates")
    return "candidates " + ", ".join(cands) if isinstance(cands, dict) else "no candidates"


def merge_figures(a: dict[str, Any] | None, b: dict[str, Any] | None, where: str) -> dict[str, Any] | None:
    """The same figure met twice (final standings and segment list): union of sources, stronger confidence."""
    if a is None or b is None:
        return a or b
    if a["value"] != b["value"]:
        raise ConversionError(f"{where}: conflicting values {a['value']!r} and {b['value']!r}")
    strong, weak = (a, b) if STRENGTH[a["confidence"]] >= STRENGTH[b["confidence"]] else (b, a)
    notes = [strong.get("note"), weak.get("note")]
    if STRENGTH[strong["confidence"]] > STRENGTH[weak["confidence"]] and LOW_QUALITY_NOTE not in (
        strong.get("note") or ""
    ):
        # the weaker copy's "low-quality site only" no longer describes the combined figure
        notes[1] = _strip_low_quality(weak.get("note"))
    return make_figure(strong["value"], strong["confidence"], strong["sources"] + weak["sources"], join_notes(*notes))


def _strip_low_quality(note: str | None) -> str | None:
    if not note:
        return None
    return join_notes(*[p for p in note.split("; ") if p != LOW_QUALITY_NOTE])


def text_figure(value: str, fig: dict[str, Any]) -> dict[str, Any]:
    """A text (a note) carrying the provenance of ``fig``."""
    return make_figure(value, fig["confidence"], fig["sources"], fig.get("note"))


def split_names(name: str) -> list[str]:
    """A couple's ``A / B`` as its two names; one name alone as a list of one."""
    return [part.strip() for part in name.split(" / ")]


def skaters_of(name: str, variants: list[str] | None) -> list[dict[str, Any]]:
    """The format's skaters of an entry, each with the spellings the sources used for that skater as aliases."""
    names = split_names(name)
    aliases: list[list[str]] = [[] for _ in names]
    for variant in variants or []:
        parts = split_names(variant)
        if len(names) == 1:
            aliases[0].append(variant.strip())
        elif len(parts) == len(names):
            for i, part in enumerate(parts):
                aliases[i].append(part)
        else:
            raise ConversionError(f"cannot attribute name variant {variant!r} to a partner of {name!r}")
    out = []
    for n, al in zip(names, aliases, strict=True):
        skater: dict[str, Any] = {"name": n}
        al = [a for a in uniq(al) if a != n]
        if al:
            skater["aliases"] = al
        out.append(skater)
    return out
