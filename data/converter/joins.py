"""The converter's skater report: which skaters of the new files are already in the other bundled files, and which
are new, by the importer's identity rule (ISU id, else federation plus name in any word order; never the name alone:
``bot.services.import_format.skater_match_key``). The store itself may join a few more through a partner (a respelled
name beside the same partner, a couple that changed federation together); the bundled-store tests check those."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bot.services.import_format import FORMAT_NAME, skater_match_key


def _skaters(doc: dict[str, Any]) -> list[tuple[str, str, str | None]]:
    out = []
    for comp in doc.get("competitions") or []:
        for event in comp.get("events") or []:
            for entry in event.get("entries") or []:
                for skater in entry.get("skaters") or []:
                    out.append((skater["name"], entry["country"], skater.get("isu_id")))
    return out


def skater_report(docs: dict[str, dict[str, Any]], bundled: Path) -> list[str]:
    """Lines: per new file, every skater joined to one already known (and from which file) and every new one."""
    known: dict[str, tuple[str, str]] = {}  # identity -> (name as first met, file)
    for path in sorted(Path(bundled).glob("*.json")):
        if path.stem in docs:
            continue
        doc = json.loads(path.read_text(encoding="utf-8"))
        if doc.get("format") != FORMAT_NAME:
            continue
        for name, country, isu_id in _skaters(doc):
            for key in filter(None, (isu_id and f"isu:{isu_id}", skater_match_key(name, country))):
                known.setdefault(key, (name, path.stem))
    lines = ["skaters (joined: already in another bundled file, by ISU id or federation plus name; new: first seen):"]
    for comp_id, doc in docs.items():
        joined, new = [], []
        seen: set[str] = set()
        for name, country, isu_id in _skaters(doc):
            key = f"isu:{isu_id}" if isu_id and f"isu:{isu_id}" in known else skater_match_key(name, country)
            if key in seen:
                continue
            seen.add(key)
            if key in known:
                was, where = known[key]
                joined.append(f"{name} ({country})" + (f" = {was}" if was != name else "") + f" [{where}]")
            else:
                new.append(f"{name} ({country})")
                known[key] = (name, comp_id)
        lines.append(f"  {comp_id}: {len(joined)} joined, {len(new)} new")
        lines.extend(f"    join {line}" for line in joined)
        lines.extend(f"    new  {line}" for line in new)
    return lines
