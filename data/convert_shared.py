"""Convert the reference results in ``shared/data/*.json`` into the skatebot import format.

Usage, from the repository's root::

    python -m data.convert_shared ../shared/data data/

writes ``owg2026.json``, ``owg2022.json``, ``owg2018.json`` and ``wc2025.json`` (see ``data/FORMAT.md``)
and the source reliability seed ``source_tiers.json`` (see :func:`convert_source_tiers`), validates what it
wrote against the format's rules and exits non-zero with a message when anything is wrong.

Conversion rules (provenance is the point):

* every figure becomes ``{"value", "confidence", "sources", "note"?}``; source statuses are mapped by
  :func:`map_status`; ``not found in sources read`` and unresolved ``disputed`` figures are left out;
* source ids (keys of ``source_index``) are resolved to their URLs;
* a final standing and the segment rows of the same skater (same name and country) become one entry;
* nothing is invented: a figure the data lacks stays out.

The parts live in ``data/converter/`` by concern (figures, entries, events, the team event, competitions, source
tiers, checks); this module is the command and names what the tests and callers use.
"""

from __future__ import annotations

import sys
from pathlib import Path

from data.converter.checks import report_errors, validate
from data.converter.competitions import COMPETITIONS, convert_all, convert_competition, convert_file, render
from data.converter.figures import ConversionError, make_figure, map_status, merge_figures
from data.converter.tiers import (
    SOURCE_TIERS_FILE,
    SOURCE_TIERS_FORMAT,
    SOURCE_TIERS_VERSION,
    _source_domain,
    convert_source_tiers,
    validate_source_tiers,
)
from db.models import CONFIDENCES

__all__ = [
    "COMPETITIONS",
    "CONFIDENCES",
    "SOURCE_TIERS_FILE",
    "SOURCE_TIERS_FORMAT",
    "SOURCE_TIERS_VERSION",
    "ConversionError",
    "_source_domain",
    "convert_all",
    "convert_competition",
    "convert_file",
    "convert_source_tiers",
    "main",
    "make_figure",
    "map_status",
    "merge_figures",
    "render",
    "validate",
    "validate_source_tiers",
]


def main(argv: list[str] | None = None) -> int:
    """Converts, checks everything, and writes the files only when nothing is wrong; the exit status."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print("usage: python -m data.convert_shared SHARED_DATA_DIR OUTPUT_DIR", file=sys.stderr)
        return 2
    src, out = Path(args[0]), Path(args[1])
    try:
        docs, logs = convert_all(src)
        tiers_doc, tiers_log = convert_source_tiers(src)
    except (ConversionError, OSError, KeyError, ValueError) as exc:
        print(f"conversion failed: {exc}", file=sys.stderr)
        return 1
    failed = [report_errors(comp_id, validate(doc)) for comp_id, doc in docs.items()]
    failed.append(report_errors(SOURCE_TIERS_FILE, validate_source_tiers(tiers_doc)))
    if any(failed):
        print("nothing written", file=sys.stderr)
        return 1
    out.mkdir(parents=True, exist_ok=True)
    for comp_id, doc in docs.items():
        path = out / f"{comp_id}.json"
        path.write_text(render(doc), encoding="utf-8")
        print(f"wrote {path} ({len(logs[comp_id])} judgment calls)")
        for line in logs[comp_id]:
            print(f"  {line}")
    path = out / SOURCE_TIERS_FILE
    path.write_text(render(tiers_doc), encoding="utf-8")
    print(f"wrote {path} ({len(tiers_doc['tiers'])} domains, {len(tiers_log)} judgment calls)")
    for line in tiers_log:
        print(f"  {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
