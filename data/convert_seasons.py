"""Convert the compiled seasons in ``shared/data/seasons/*.json`` into the skatebot import format.

Usage, from the repository's root::

    python -m data.convert_seasons ../shared/data/seasons data/

writes one file per competition of :data:`data.converter.seasons.SEASONS` (Worlds 2019-2026, the Grand Prix Finals
2018-2025, the 2025-26 Grand Prix, Europeans and Four Continents 2026; see ``data/FORMAT.md``), validates what it
wrote with the same checks as ``data.convert_shared`` and exits non-zero when anything is wrong. It prints the
judgment calls taken per file, and the skater report: which skaters of the new files join a skater of the other
bundled files (by the importer's rule: ISU id, else country plus name in any word order) and which are new.
"""

from __future__ import annotations

import sys
from pathlib import Path

from data.converter.checks import report_errors, validate
from data.converter.competitions import render
from data.converter.figures import ConversionError
from data.converter.joins import skater_report
from data.converter.seasons import SEASONS, convert_season_file, convert_seasons

BUNDLED = Path(__file__).resolve().parent  # the other bundled files, which the new skaters join

__all__ = ["SEASONS", "convert_season_file", "convert_seasons", "main"]


def main(argv: list[str] | None = None) -> int:
    """Converts, checks everything, and writes the files only when nothing is wrong; the exit status."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print("usage: python -m data.convert_seasons SEASONS_DIR OUTPUT_DIR", file=sys.stderr)
        return 2
    src, out = Path(args[0]), Path(args[1])
    try:
        docs, logs = convert_seasons(src, BUNDLED)
    except (ConversionError, OSError, KeyError, ValueError) as exc:
        print(f"conversion failed: {exc}", file=sys.stderr)
        return 1
    failed = [report_errors(comp_id, validate(doc)) for comp_id, doc in docs.items()]
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
    print(f"one name per skater ({len(logs['names'])} written more than one way):")
    for line in logs["names"]:
        print(f"  {line}")
    for line in skater_report(docs, BUNDLED):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
