"""Importing a whole ISU results site, judges' details PDFs included.

Run: python bench/bench_isu_import.py [SITE_FOLDER]   (default: ../shared/fixtures/isu/wc2014)

Imports the site into a fresh store (bundled data loaded first, as on a real first start) and prints the
time, the time per PDF page, and both as ratios to a floor measured in the same run: reading every file of
the site from disk. Target: the import under 10 s on this machine. Exits 1 when it is missed.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.services.isu.importer import import_isu  # noqa: E402
from bot.services.isu.source import FolderSource  # noqa: E402
from bot.store import open_store  # noqa: E402

TARGET_SECONDS = 10.0
DEFAULT_SITE = ROOT.parent / "shared" / "fixtures" / "isu" / "wc2014"


def read_all(site: Path) -> tuple[int, float]:
    start = time.perf_counter()
    files = sorted(site.iterdir())
    for path in files:
        path.read_bytes()
    return len(files), time.perf_counter() - start


async def measure(site: Path) -> int:
    files, floor = read_all(site)
    with tempfile.TemporaryDirectory(prefix="skatebot-bench-") as tmp:
        db, _ = await open_store(Path(tmp) / "store.sqlite3")
        try:
            start = time.perf_counter()
            summary = await import_isu(db, FolderSource(site))
            elapsed = time.perf_counter() - start
            start = time.perf_counter()
            again = await import_isu(db, FolderSource(site))
            reimport = time.perf_counter() - start
        finally:
            await db.close()
    per_page = elapsed / max(summary.pdf_pages, 1)
    print(summary.describe().splitlines()[0])
    print(f"floor (reading the site's {files} files): {floor * 1000:.1f} ms")
    print(
        f"import: {elapsed:.2f} s ({elapsed / floor:.0f}x floor); per PDF page {per_page * 1000:.1f} ms "
        f"({summary.pdf_pages} pages)"
    )
    print(f"re-import (nothing changes: {not again.report.changed}): {reimport:.2f} s")
    verdict = "PASS" if elapsed < TARGET_SECONDS else "FAIL"
    print(f"import under {TARGET_SECONDS:g} s: {verdict}")
    return 0 if verdict == "PASS" else 1


def main() -> int:
    site = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_SITE
    if not site.is_dir():
        print(f"no ISU site at {site}", file=sys.stderr)
        return 2
    return asyncio.run(measure(site))


if __name__ == "__main__":
    sys.exit(main())
