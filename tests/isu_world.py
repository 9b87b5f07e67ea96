"""Variants of the real sites of ../shared/fixtures/isu-world, derived in a test's folder (never committed): what other
federations' sites look like where the shared ones happen not to. Each variant class is one function of a copy of a
site; `figures` tells what an import reads from a site, to compare a variant with its original.

The pages are read as the importer reads them (each in its own encoding) and written back in the variant's.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.services.isu.charset import decode_page
from bot.services.isu.importer import SiteData, build_document, read_site
from bot.services.isu.source import FolderSource
from tests.shared import shared_path

# The sites made of HTML pages (the others are PDFs alone).
HTML_SITES = (
    "fsu-1etap-bitva-shkol-2024",
    "fsu-2etap-bitva-shkol-2024",
    "fsu-cup-fsu-latin-2024",
    "fsu-spartakiada-2024",
    "ijslive-colonial-open-2022",
    "ijslive-morris-open-2022",
    "ijslive-north-atlantic-open-2023",
    "isu-gpjpn2017-comnet",
    "isu-owg2006-wigedata",
    "isu-owg2018",
    "isu-wc2009",
)
PDF_SITES = ("fr-cup-of-nice-2021-pdfs", "fr-coupe-de-france-2022-pdfs", "isu-ec2024-fsm-pdfs")
PAGE_SUFFIXES = (".htm", ".html", ".asp")
_META_CHARSET = re.compile(r"<meta[^>]*charset[^>]*>", re.IGNORECASE)
_HEAD = re.compile(r"<head[^>]*>", re.IGNORECASE)


def world(name: str) -> Path:
    return shared_path("fixtures", "isu-world", name)


def pages(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.suffix.lower() in PAGE_SUFFIXES)


def read_text(path: Path) -> str:
    return decode_page(path.read_bytes(), path.name).text


def legacy(text: str) -> str:
    """The Windows code page a federation's software writes such text in: Cyrillic in cp1251, else cp1252."""
    return "cp1251" if re.search("[\u0400-\u04ff]", text) else "cp1252"


def write_text(path: Path, text: str, encoding: str, *, meta: str | None = None) -> None:
    """`text` written in `encoding` ("utf-8-sig": with a BOM), its own charset declarations removed and `meta`
    (a declared charset, true or not) put in its head instead."""
    text = _META_CHARSET.sub("", text)
    if meta is not None:
        tag = f'<meta http-equiv="Content-Type" content="text/html; charset={meta}">'
        found = _HEAD.search(text)
        text = text[: found.end()] + tag + text[found.end() :] if found else tag + text
    path.write_bytes(text.encode(encoding, errors="xmlcharrefreplace"))


def copy_site(name: str, target: Path, *, pdfs: bool = True) -> Path:
    """A writable copy of the world's site `name` at `target/name` (the folder's name is the site's: an import may
    take the competition's name from it); without its PDFs when `pdfs` is False (variants of the pages alone: the
    PDFs are the slow part of a read)."""
    return copy_folder(world(name), target, pdfs=pdfs)


def copy_folder(site: Path, target: Path, *, pdfs: bool = True) -> Path:
    """`copy_site` of any site's folder."""
    folder = target / site.name
    ignore = None if pdfs else shutil.ignore_patterns("*.pdf", "*.PDF")
    shutil.copytree(site, folder, ignore=ignore)
    for path in folder.iterdir():
        path.chmod(0o644)
    return folder


def edit_pages(folder: Path, edit: Callable[[str, str], str]) -> int:
    """Each page's text through `edit(name, text)`, written back in the page's legacy code page (or UTF-8 where it
    was), its charset declarations kept; how many pages changed."""
    changed = 0
    for path in pages(folder):
        raw = path.read_bytes()
        decoded = decode_page(raw, path.name)
        after = edit(path.name, decoded.text)
        if after != decoded.text:
            encoding = "utf-8-sig" if decoded.how == "BOM" else decoded.encoding
            if encoding == "ascii":
                encoding = "utf-8"
            path.write_bytes(after.encode(encoding, errors="xmlcharrefreplace"))
            changed += 1
    return changed


# --- variant classes that keep every figure ---------------------------------------------------------------------------


def legacy_no_meta(folder: Path) -> None:
    """Every page in its Windows code page (cp1251 for Russian, cp1252 else), nothing declaring it."""
    for path in pages(folder):
        text = read_text(path)
        write_text(path, text, legacy(text))


def utf8_bom(folder: Path) -> None:
    for path in pages(folder):
        write_text(path, read_text(path), "utf-8-sig")


def utf8_plain(folder: Path) -> None:
    for path in pages(folder):
        write_text(path, read_text(path), "utf-8")


def mixed(folder: Path) -> None:
    """One site, three encodings page by page (as CUP FSU 2024 mixes cp1251 and UTF-8)."""
    for i, path in enumerate(pages(folder)):
        text = read_text(path)
        write_text(path, text, ("utf-8-sig", legacy(text), "utf-8")[i % 3])


def lying_meta(folder: Path) -> None:
    """Declarations that lie: UTF-8 pages declaring their template's code page, code-page pages declaring UTF-8."""
    for i, path in enumerate(pages(folder)):
        text = read_text(path)
        if i % 2:
            write_text(path, text, "utf-8", meta=legacy(text).replace("cp", "windows-"))
        else:
            write_text(path, text, legacy(text), meta="utf-8")


def htaccess(folder: Path) -> None:
    """Code-page pages under an Apache `.htaccess` saying UTF-8 (the federation's own attempt at a fix)."""
    legacy_no_meta(folder)
    (folder / ".htaccess").write_bytes(b"AddDefaultCharset UTF-8\nCharsetSourceEnc UTF-8")


def upper_tags(folder: Path) -> None:
    """Tag and attribute names in capitals, as older generators and hand-edited pages write them."""
    tag = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[a-zA-Z-]+(?==))*)")

    def upper(name: str, text: str) -> str:
        return tag.sub(lambda m: f"<{m.group(1)}{m.group(2).upper()}{m.group(3).upper()}", text)

    edit_pages(folder, upper)


def extra_columns(folder: Path) -> None:
    """A column the site's software did not print (a club, a region) at the end of every row of three or more cells
    of every table with a header row (a table inside a cell, as the ISU's flag and nation cells are, is left as it
    is): a reader by position would shift."""
    tag = re.compile(r"<(/?)(table|tr|td|th)\b[^>]*>", re.IGNORECASE)

    def add(name: str, text: str) -> str:
        out: list[str] = []
        at = 0
        # Per open table: the kind of the first cell of its current row, how many cells it has, and whether the
        # table's first row is a header.
        tables: list[list[Any]] = []
        for m in tag.finditer(text):
            closing, kind = m.group(1) == "/", m.group(2).lower()
            if kind == "table":
                if closing and tables:
                    tables.pop()
                elif not closing:
                    tables.append([None, 0, None])
            elif kind == "tr" and tables:
                if not closing:
                    tables[-1][:2] = [None, 0]
                    continue
                if tables[-1][2] is None:
                    tables[-1][2] = tables[-1][0] == "th"
                if tables[-1][2] and tables[-1][1] >= 3:
                    out.append(text[at : m.start()])
                    out.append("<th>Region</th>" if tables[-1][0] == "th" else "<td>Oblast Sportclub</td>")
                    at = m.start()
            elif not closing and tables:
                tables[-1][0] = tables[-1][0] or kind
                tables[-1][1] += 1
        out.append(text[at:])
        return "".join(out)

    edit_pages(folder, add)


def warm_up_groups(folder: Path) -> None:
    """A "Warm-Up Group N" row before every fifth row of each table that starts with a header row (as ISUCalcFS
    prints them in starting orders, and some federations' results)."""
    tag = re.compile(r"<(/?)(table|tr|td|th)\b[^>]*>", re.IGNORECASE)

    def add(name: str, text: str) -> str:
        out: list[str] = []
        at = 0
        # Per open table: [cells of the header row, or None before it closed; data rows so far; cells this row]
        tables: list[list[Any]] = []
        for m in tag.finditer(text):
            closing, kind = m.group(1) == "/", m.group(2).lower()
            if kind == "table":
                if closing and tables:
                    tables.pop()
                elif not closing:  # a table inside a data row (ijsLive's score details) gets no groups
                    inside = any(t[0] for t in tables)
                    tables.append([[] if inside else None, 0, []])
            elif kind == "tr" and tables:
                table = tables[-1]
                if closing:
                    if table[0] is None:
                        table[0] = table[2] if table[2][:1] == ["th"] else []
                    continue
                table[2] = []
                # A data row of a table with a header; not ijsLive's detail row under its skater's row.
                if table[0] and not re.search(r"class=[\"']?child", m.group(0), re.IGNORECASE):
                    if table[1] % 5 == 0:
                        out.append(text[at : m.start()])
                        out.append(f'<tr><td colspan="{len(table[0])}">Warm-Up Group {table[1] // 5 + 1}</td></tr>')
                        at = m.start()
                    table[1] += 1
            elif not closing and tables:
                tables[-1][2].append(kind)
        out.append(text[at:])
        return "".join(out)

    edit_pages(folder, add)


# `upper_tags` etc. rewrite pages; the orphan copy and the renames leave them as they are.


def orphan_pages(folder: Path) -> None:
    """Leftovers no index links: a copy of the first page under a name the site does not use, and a stray text."""
    first = pages(folder)[0]
    shutil.copy(first, folder / f"old_{first.name}")
    (folder / "notes.txt").write_text("uploaded by the results service\n")


SAME_FIGURES: dict[str, Callable[[Path], None]] = {
    "legacy code page, no meta": legacy_no_meta,
    "UTF-8 with BOM": utf8_bom,
    "UTF-8 without BOM": utf8_plain,
    "mixed per page": mixed,
    "lying meta charset": lying_meta,
    ".htaccess AddDefaultCharset": htaccess,
    "upper-case tags": upper_tags,
    "extra columns": extra_columns,
    "Warm-Up Group rows": warm_up_groups,
    "orphan pages": orphan_pages,
}


# --- reading --------------------------------------------------------------------------------------------------------


async def read(folder: Path) -> SiteData:
    async with FolderSource(folder) as source:
        return await read_site(source)


def _strip_sources(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _strip_sources(v) for k, v in value.items() if k not in ("sources", "provenance")}
    if isinstance(value, list):
        return [_strip_sources(v) for v in value]
    return value


async def figures(folder: Path) -> dict[str, Any]:
    """What an import of `folder` stores, without where each figure was read (file names differ between variants)."""
    async with FolderSource(folder) as source:
        site = await read_site(source)
        document = build_document(site, source)
    return _strip_sources(document)


# --- variant classes that lose something: each returns the pages it changed or removed -------------------------------


def index_page(folder: Path) -> Path | None:
    """The site's index as the importer finds it (None: a folder read by content)."""
    name = FolderSource(folder).index_name
    return folder / name if name else None


def _others(folder: Path) -> list[Path]:
    index = index_page(folder)
    return [p for p in pages(folder) if p != index]


def missing_pages(folder: Path) -> list[str]:
    """Every other page the site has (after its index) taken down."""
    gone = _others(folder)[::2]
    for path in gone:
        path.unlink()
    return [p.name for p in gone]


def cut_pages(folder: Path) -> list[str]:
    """Every other page cut off in the middle of its rows, as a download or an upload interrupted leaves it."""
    cut = []
    for path in _others(folder)[1::2]:
        text = read_text(path)
        rows = [m.start() for m in re.finditer(r"<tr\b", text, re.IGNORECASE)]
        if len(rows) < 4:
            continue
        path.write_bytes(text[: rows[len(rows) // 2] + 3].encode("utf-8"))
        cut.append(path.name)
    return cut


def blank_nations(folder: Path) -> list[str]:
    """The nation cells of every page printed blank (`&nbsp;`), as a federation's software does for a skater
    without a country in its database."""
    nation = re.compile(r"(<td\b[^>]*>)\s*(?:[A-Z]{3}|[А-Я]{3})\s*(</td>)", re.IGNORECASE)
    changed = []

    def blank(name: str, text: str) -> str:
        after = nation.sub(r"\1&nbsp;\2", text)
        if after != text:
            changed.append(name)
        return after

    edit_pages(folder, blank)
    return changed


def legend_only(folder: Path) -> list[str]:
    """Every segment page as ISUCalcFS 3.7.6 publishes it before the segment is skated: its heading and legend,
    its results and starting order tables not yet there."""
    table = re.compile(r'<table border="1".*?</table>', re.IGNORECASE | re.DOTALL)
    changed = []

    def cut(name: str, text: str) -> str:
        if not re.fullmatch(r"SEG\d+\.HTM", name, re.IGNORECASE) or "Legend" not in text:
            return text
        changed.append(name)
        return table.sub("", text)

    edit_pages(folder, cut)
    return changed
