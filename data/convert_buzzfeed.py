"""Convert the ISU judges' score sheets of 2016-17 and autumn 2017 (``shared/data/buzzfeed-figure-skating-scores``,
BuzzFeed News, CC BY 4.0) into the skatebot import format.

Usage, from the repository's root::

    python -m data.convert_buzzfeed ../shared/data/buzzfeed-figure-skating-scores data/

writes one ``isu-<ISU event code>.json`` per competition (``isu-wc2017.json``, ...; see ``data/FORMAT.md``), validates
what it wrote against the format's rules (a skater the other bundled results in OUTPUT_DIR already name is named as
they name it) and exits non-zero with a message when anything is wrong. The rules (what
is official, what is derived, what is left out) are in ``data/converter/buzzfeed.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from data.converter.buzzfeed import ATTRIBUTION, FILE_PREFIX, convert_all, render, validate
from data.converter.checks import report_errors
from data.converter.figures import ConversionError

__all__ = ["ATTRIBUTION", "FILE_PREFIX", "convert_all", "main", "render", "validate"]


def main(argv: list[str] | None = None) -> int:
    """Converts, checks everything, and writes the files only when nothing is wrong; the exit status."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print("usage: python -m data.convert_buzzfeed BUZZFEED_DATA_DIR OUTPUT_DIR", file=sys.stderr)
        return 2
    src, out = Path(args[0]), Path(args[1])
    try:
        docs, log = convert_all(src, out)
    except (ConversionError, OSError, KeyError, ValueError) as exc:
        print(f"conversion failed: {exc}", file=sys.stderr)
        return 1
    failed = [report_errors(stem, validate(doc)) for stem, doc in docs.items()]
    if any(failed):
        print("nothing written", file=sys.stderr)
        return 1
    out.mkdir(parents=True, exist_ok=True)
    for stem, doc in docs.items():
        path = out / f"{stem}.json"
        path.write_text(render(doc), encoding="utf-8")
        print(f"wrote {path}")
    print(f"{len(log)} judgment calls:")
    for line in log:
        print(f"  {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
