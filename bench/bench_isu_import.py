"""Importing whole ISU results sites: the 2014 Worlds (ISUCalcFS, judges' details PDFs included), a French
federation's tournament (FS Manager, 28 categories, 85 pages, its PDFs absent) and a championship of PDFs alone
(the 2022 Worlds' FS Manager judges' details: no pages, every figure read from the PDFs, totals derived).

Run: python bench/bench_isu_import.py [SITE_FOLDER ...]   (default: the two sites in ../shared/fixtures/isu and
../shared/fixtures/isu-pdfs/wc2022)

Each site is imported into a fresh store (bundled data loaded first, as on a real first start). Printed per site:
the import and a re-import (nothing changes) in seconds and as ratios to a floor measured in the same run, reading
every file of the site from disk; the time per page and per PDF page. Target: each import under 5 s on this
machine. Exits 1 when one is missed.
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

TARGET_SECONDS = 5.0
FIXTURES = ROOT.parent / "shared" / "fixtures" / "isu"
DEFAULT_SITES = [
    FIXTURES / "wc2014",
    FIXTURES / "fsm2024-belfort",
    ROOT.parent / "shared" / "fixtures" / "isu-pdfs" / "wc2022",
]


def read_all(site: Path) -> tuple[int, float]:
    start = time.perf_counter()
    files = sorted(p for p in site.iterdir() if p.is_file())
    for path in files:
        path.read_bytes()
    return len(files), time.perf_counter() - start


async def measure(site: Path) -> bool:
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
    print(f"== {site.name}")
    print(summary.describe().splitlines()[0])
    print(f"warnings: {len(summary.warnings)}")
    print(f"floor (reading the site's {files} files): {floor * 1000:.1f} ms")
    per_pdf = f"; per PDF page {elapsed / summary.pdf_pages * 1000:.1f} ms" if summary.pdf_pages else ""
    per_page = f"; per page {elapsed / summary.pages * 1000:.1f} ms" if summary.pages else "; no pages (PDFs alone)"
    print(f"import: {elapsed:.2f} s ({elapsed / floor:.0f}x floor){per_page}{per_pdf}")
    print(f"re-import (nothing changes: {not again.report.changed}): {reimport:.2f} s ({reimport / floor:.0f}x floor)")
    ok = elapsed < TARGET_SECONDS
    print(f"import under {TARGET_SECONDS:g} s: {'PASS' if ok else 'FAIL'}")
    return ok


async def run(sites: list[Path]) -> int:
    results = [await measure(site) for site in sites]
    return 0 if all(results) else 1


def main() -> int:
    sites = [Path(arg) for arg in sys.argv[1:]] or DEFAULT_SITES
    missing = [site for site in sites if not site.is_dir()]
    if missing:
        print(f"no ISU site at {', '.join(map(str, missing))}", file=sys.stderr)
        return 2
    return asyncio.run(run(sites))


if __name__ == "__main__":
    sys.exit(main())
