"""The source-reliability seed (data/source_tiers.json) from the reference data's source index."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from bot.services.urls import InvalidURL, domain_of
from data.converter.competitions import COMPETITIONS
from data.converter.figures import ConversionError
from db.models import TIERS

SOURCE_TIERS_FORMAT = "skatebot-source-tiers"
SOURCE_TIERS_VERSION = 1
SOURCE_TIERS_FILE = "source_tiers.json"
# Most trusted first, as db.models keeps them; the conflict rule below reads this order.
TIER_ORDER = TIERS
# Redirect wrappers whose own domain says nothing about the source: domain -> query parameter holding the
# target. Without this, bing.com would be registered with the tier of whatever outlet it once redirected to.
REDIRECTORS = {"bing.com": "url"}


def _source_domain(url: str) -> tuple[str, str | None]:
    """The domain a source URL is judged by, and a log line when a redirect was followed."""
    domain = domain_of(url)
    param = REDIRECTORS.get(domain)
    if param:
        targets = parse_qs(urlsplit(url).query).get(param)
        if targets:
            target = domain_of(targets[0])
            return target, f"{domain} redirect link counted for its target {target}"
    return domain, None


def convert_source_tiers(src_dir: Path) -> tuple[dict[str, Any], list[str]]:
    """A reliability tier per domain from the ``source_index`` of every source file.

    A domain's tier is the tier the reference data gives the outlets cited through it: a mirror that hosts
    wire copy is counted as wire there. A domain met with several tiers takes the most frequent; on a tie the
    more cautious (later in :data:`TIER_ORDER`), because over-trusting a source is the costlier mistake.
    """
    seen: dict[str, list[tuple[str, str]]] = {}
    log: list[str] = []
    for comp in COMPETITIONS.values():
        path = Path(src_dir) / comp["file"]
        raw = json.loads(path.read_text(encoding="utf-8"))
        for source_id, source in (raw.get("source_index") or {}).items():
            where = f"{path.name} {source_id}"
            if source.get("tier") not in TIER_ORDER:
                raise ConversionError(f"{where}: tier {source.get('tier')!r} not in {TIER_ORDER}")
            try:
                domain, note = _source_domain(source["url"])
            except InvalidURL as exc:
                raise ConversionError(f"{where}: {exc.message}") from None
            if note:
                log.append(f"{where}: {note}")
            seen.setdefault(domain, []).append((source["tier"], source["outlet"]))
    tiers = []
    for domain in sorted(seen):
        counts = Counter(tier for tier, _ in seen[domain])
        tier = min(counts, key=lambda t: (-counts[t], -TIER_ORDER.index(t)))
        if len(counts) > 1:
            top = [t for t in counts if counts[t] == counts[tier]]
            why = "tie: the more cautious" if len(top) > 1 else "most frequent"
            spread = ", ".join(f"{t} x{counts[t]}" for t in TIER_ORDER if t in counts)
            log.append(f"{domain}: tiers {spread} -> {tier} ({why})")
        tiers.append({"domain": domain, "tier": tier, "outlets": sorted({outlet for _, outlet in seen[domain]})})
    description = (
        "Reliability tier of source domains, converted by data/convert_shared.py from the source_index of "
        + ", ".join(f"shared/data/{c['file']}" for c in COMPETITIONS.values())
        + ". A domain takes the tier the reference data gives the outlets cited through it (a mirror hosting "
        "wire copy counts as wire); a domain met with several tiers takes the most frequent, a tie the more "
        "cautious. Tiers, most trusted first: " + ", ".join(TIER_ORDER) + "."
    )
    doc = {
        "format": SOURCE_TIERS_FORMAT,
        "version": SOURCE_TIERS_VERSION,
        "description": description,
        "tiers": tiers,
    }
    return doc, log


def validate_source_tiers(doc: dict[str, Any]) -> list[str]:
    """Every problem of a source tiers document (format, sorted unique normalized domains, tiers, outlets)."""
    errors: list[str] = []
    if doc.get("format") != SOURCE_TIERS_FORMAT or doc.get("version") != SOURCE_TIERS_VERSION:
        errors.append(f"format/version must be {SOURCE_TIERS_FORMAT!r} {SOURCE_TIERS_VERSION}")
    rows = doc.get("tiers")
    if not isinstance(rows, list) or not rows:
        return [*errors, "tiers must be a non-empty list"]
    domains = [row.get("domain") for row in rows]
    if domains != sorted(set(domains)):
        errors.append("domains must be unique and sorted")
    for row in rows:
        domain = row.get("domain")
        try:
            if domain_of(f"https://{domain}/") != domain:
                errors.append(f"{domain!r}: not a normalized domain")
        except InvalidURL as exc:
            errors.append(f"{domain!r}: {exc.message}")
        if row.get("tier") not in TIER_ORDER:
            errors.append(f"{domain}: tier {row.get('tier')!r} not in {TIER_ORDER}")
        outlets = row.get("outlets")
        if not isinstance(outlets, list) or not outlets or not all(isinstance(o, str) and o for o in outlets):
            errors.append(f"{domain}: outlets must be a non-empty list of names")
    return errors
