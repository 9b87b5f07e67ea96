"""The variants the world makes of a results site, from each real site of ../shared/fixtures/isu-world (copied into
a test's tmp folder, never committed): re-encoded pages, renamed files, links written otherwise, pages missing,
empty or cut off, judges' PDFs missing or truncated, pages nobody asked for, a site saved one folder down.

Each variant is a function of a writable copy of a site. It returns what a user must get from the variant, an
`Expect`: the same figures as the original (a variant in form only), or the original's figures less what the lost
files held, each lost file named in a warning; or `None` when the variant does not apply to that site (no page of
the kind it changes). `ledger` flattens what an import reads into one value per figure, each with the files it was
read from, to compare a variant with its original figure by figure.

tests/isu_world.py holds the variant classes written before these (encodings per page, capitals, extra columns...).
"""

from __future__ import annotations

import codecs
import contextlib
import hashlib
import json
import os
import re
import shutil
import tempfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.services.isu.importer import SiteData
from bot.user_cache import cache_dir, write_atomically
from tests.isu_world import index_page, legacy, pages, read_text, write_text

_META = re.compile(r"<meta[^>]*charset[^>]*>", re.IGNORECASE)
_HREF = re.compile(r"""(href\s*=\s*["']?)([^"' >]+)""", re.IGNORECASE)
_SEGMENT_PAGE = re.compile(r"SEG\d+\.HTML?", re.IGNORECASE)
HOST = "http://results.example.org/2024/event/"


@dataclass(frozen=True, slots=True)
class Expect:
    """What the variant must read to. `lost`: files whose figures are gone (each named in a warning when the
    original read it); `root`: the folder to import, when not the site's own (a site saved one folder down)."""

    lost: tuple[str, ...] = ()
    # Files gone whose figures may be gone, unnamed: a file nothing links, in a folder read by what its files hold
    # (nobody can tell it was ever there).
    gone: tuple[str, ...] = ()
    root: Path | None = None
    # Files a warning must name though nothing of them is lost (a page not read).
    said: tuple[str, ...] = ()
    # Files renamed: original name -> the variant's (the sources of the figures say the new name).
    renamed: dict[str, str] = field(default_factory=dict)


Variant = Callable[[Path], Expect | None]


# --- reading what an import holds, figure by figure ----------------------------------------------------------------


def ledger(
    document: dict[str, Any], pdf_of: dict[tuple[str, str], str]
) -> dict[tuple[str, ...], tuple[Any, frozenset[str]]]:
    """(event, skaters, segment or "", field) -> (value, the names of the files it was read from), for every entry's
    place, total and segment figure of a document of `build_document`; a protocol (its number of elements) is read
    from its segment's PDF (`pdf_of`: (event, segment) -> the PDF's name, see `protocol_pdfs`)."""
    out: dict[tuple[str, ...], tuple[Any, frozenset[str]]] = {}
    for competition in document["competitions"]:
        for event in competition["events"]:
            for entry in event["entries"]:
                who = " / ".join(s["name"] for s in entry["skaters"])
                base = (event["name"], who)
                figures_at = len(out)
                for name, figure in entry.items():
                    if isinstance(figure, dict) and "value" in figure:
                        out[(*base, "", name)] = (figure["value"], _names(figure))
                for segment, figures in (entry.get("segments") or {}).items():
                    for name, figure in figures.items():
                        if isinstance(figure, dict) and "value" in figure:
                            out[(*base, segment, name)] = (figure["value"], _names(figure))
                        elif name == "protocol":
                            pdf = pdf_of.get((event["name"], segment), "")
                            out[(*base, segment, name)] = (len(figure.get("elements", [])), frozenset({pdf.lower()}))
                # The country is printed wherever the entry is: it is read from all of the entry's files.
                read_from = frozenset().union(*(sources for _, sources in list(out.values())[figures_at:]))
                out[(*base, "", "country")] = (entry.get("country"), read_from)
    return out


def protocol_pdfs(site: SiteData) -> dict[tuple[str, str], str]:
    """(category, segment code) -> the name of the judges' details PDF its protocols are read from."""
    found = {}
    for data in site.categories:
        for seg in data.segments:
            pdf = seg.segment.scores_pdf or seg.rows_page
            if pdf:
                found[(data.category.name, seg.code)] = re.split(r"[/\\\\]", pdf)[-1]
    return found


def _names(figure: dict[str, Any]) -> frozenset[str]:
    return frozenset(re.split(r"[/\\]", source)[-1].lower() for source in figure.get("sources", []))


def entries_per_event(document: dict[str, Any]) -> dict[str, int]:
    return {e["name"]: len(e["entries"]) for c in document["competitions"] for e in c["events"]}


# --- helpers --------------------------------------------------------------------------------------------------------


def files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.is_file())


def pdfs(folder: Path) -> list[Path]:
    return [p for p in files(folder) if p.suffix.lower() == ".pdf"]


def linked_segment_pages(folder: Path) -> list[Path]:
    """The segment pages (SEGnnn.HTM, not their officials' SEGnnnOF) that the site's index links and the folder has."""
    index = index_page(folder)
    if index is None:
        return []
    links = {basename(h).lower() for h in links_of(read_text(index))}
    return [p for p in pages(folder) if _SEGMENT_PAGE.fullmatch(p.name) and p.name.lower() in links]


def links_of(text: str) -> list[str]:
    return [m.group(2) for m in _HREF.finditer(text)]


def basename(href: str) -> str:
    return re.split(r"[/\\]", href)[-1]


def rewrite_links(folder: Path, change: Callable[[str], str]) -> int:
    """Every link to a file of the site (not to another host, nor an anchor) through `change`, in every page; each
    page written back in the encoding it was in. How many pages changed."""
    names = {p.name.lower() for p in files(folder)}
    changed = 0
    for path in pages(folder):
        raw = path.read_bytes()
        text = read_text(path)

        def one(m: re.Match[str]) -> str:
            target = m.group(2)
            if target.lower() not in names:
                return m.group(0)
            return m.group(1) + change(target)

        after = _HREF.sub(one, text)
        if after != text:
            _write_like(path, raw, after)
            changed += 1
    return changed


def _write_like(path: Path, raw: bytes, text: str) -> None:
    """`text` in the encoding `raw` (the page's bytes before) was in."""
    from bot.services.isu.charset import decode_page

    decoded = decode_page(raw, path.name)
    encoding = "utf-8-sig" if decoded.how == "BOM" else decoded.encoding
    path.write_bytes(text.encode("utf-8" if encoding == "ascii" else encoding, errors="xmlcharrefreplace"))


def _cyrillic(folder: Path) -> bool:
    return any(re.search("[\u0400-\u04ff]", read_text(p)) for p in pages(folder))


# --- encodings -------------------------------------------------------------------------------------------------------


def koi8_declared(folder: Path) -> Expect | None:
    """Every page in KOI8-R, said so by its meta (the Russian encoding of Unix servers)."""
    if not _cyrillic(folder):
        return None
    for path in pages(folder):
        write_text(path, read_text(path), "koi8_r", meta="koi8-r")
    return Expect()


def koi8_undeclared(folder: Path) -> Expect | None:
    """Every page in KOI8-R, nothing saying so."""
    if not _cyrillic(folder):
        return None
    for path in pages(folder):
        write_text(path, read_text(path), "koi8_r")
    return Expect()


def windows_1251_declared(folder: Path) -> Expect | None:
    """Every page in its Windows code page, its meta saying so as "windows-1251" / "windows-1252"."""
    for path in pages(folder):
        text = read_text(path)
        write_text(path, text, legacy(text), meta=legacy(text).replace("cp", "windows-"))
    return Expect()


def bom_with_lying_meta(folder: Path) -> Expect | None:
    """UTF-8 with a BOM under a meta naming the template's code page (the BOM is what a browser follows)."""
    for path in pages(folder):
        text = read_text(path)
        write_text(path, text, "utf-8-sig", meta=legacy(text).replace("cp", "windows-"))
    return Expect()


def koi8_and_cp1251_mixed(folder: Path) -> Expect | None:
    """Pages in KOI8-R and cp1251 by turns, none declared: the two Cyrillic code pages in one site."""
    if not _cyrillic(folder):
        return None
    for i, path in enumerate(pages(folder)):
        write_text(path, read_text(path), ("koi8_r", "cp1251")[i % 2])
    return Expect()


def utf16(folder: Path) -> Expect | None:
    """Every page saved as "Unicode" by a Windows editor: UTF-16 (little-endian) with its BOM."""
    for path in pages(folder):
        text = _META.sub("", read_text(path))
        path.write_bytes(codecs.BOM_UTF16_LE + text.encode("utf-16-le"))
    return Expect()


def one_line(folder: Path) -> Expect | None:
    """Every page minified: no line breaks at all (a CMS's cache, a generator's compact output)."""
    for path in pages(folder):
        raw = path.read_bytes()
        text = read_text(path)
        _write_like(path, raw, re.sub(r"\s*[\r\n]+\s*", " ", text))
    return Expect()


def decimal_commas(folder: Path) -> Expect | None:
    """Every score printed with a decimal comma (22,39), as Russian, German and French software prints them."""
    number = re.compile(r"(<td\b[^>]*>\s*-?\d+)\.(\d\d\s*</td>)", re.IGNORECASE)
    if any("ijsLive" in read_text(path) for path in pages(folder)):
        return None  # U.S. Figure Skating's software, printing decimal points only
    changed = 0
    for path in pages(folder):
        raw = path.read_bytes()
        text = read_text(path)
        after = number.sub(r"\1,\2", text)
        if after != text:
            _write_like(path, raw, after)
            changed += 1
    return Expect() if changed else None


# --- names and links -----------------------------------------------------------------------------------------------


def old_index_beside(folder: Path) -> Expect | None:
    """index.htm and an older index.html beside it (left from last year's event, listing no categories yet): the
    site's index.htm is read, and the other said so."""
    index = index_page(folder)
    if index is None or index.name.lower() != "index.htm":
        return None
    raw = index.read_bytes()
    text = read_text(index)
    older = re.sub(r"<tr\b(?:(?!</tr>).)*href=[\"']?(?:CAT|SEG)(?:(?!</tr>).)*</tr>", "", text, flags=re.I | re.S)
    (folder / "index.html").write_bytes(raw)
    _write_like(folder / "index.html", raw, older)
    return Expect(said=("index.html",))


def _index_behind(folder: Path, page: str) -> Expect | None:
    """The index moved to main.htm, and `page` (formatted with its name) in its place."""
    index = index_page(folder)
    if index is None or index.name.lower() != "index.htm" or not _family(index):
        return None
    index.rename(folder / "main.htm")
    (folder / index.name).write_text(page.format(name="main.htm"))
    return Expect(renamed={index.name.lower(): "main.htm"})


def _family(index: Path) -> bool:
    return bool(re.search(r"href=[\"']?(?:CAT|SEG)\d+", read_text(index), re.IGNORECASE))


def index_in_a_frame(folder: Path) -> Expect | None:
    """index.htm a frameset whose one frame shows the real index (main.htm), as older federation sites are made."""
    return _index_behind(
        folder,
        '<html><head><title>Results</title></head><frameset rows="100%"><frame src="{name}" name="main">'
        "</frameset></html>",
    )


def index_by_refresh(folder: Path) -> Expect | None:
    """index.htm a page that sends the browser on to the real index (main.htm) by a meta refresh."""
    return _index_behind(
        folder,
        '<html><head><meta http-equiv="refresh" content="0; url={name}"><title>Results</title></head>'
        '<body><a href="{name}">Results</a></body></html>',
    )


def site_in_a_folder_by_refresh(folder: Path) -> Expect | None:
    """The site moved into `results/`, an index.htm above it sending the browser there (a federation's domain root
    forwarding to this year's event)."""
    index = index_page(folder)
    if index is None or not _family(index):
        return None
    inner = folder / "results"
    inner.mkdir()
    for path in files(folder):
        path.rename(inner / path.name)
    (folder / "index.htm").write_text(
        f'<html><head><meta http-equiv="refresh" content="0;URL=results/{index.name}"></head><body></body></html>'
    )
    return Expect()


def index_as_html(folder: Path) -> Expect | None:
    """index.htm saved as index.html."""
    index = index_page(folder)
    if index is None or index.name.lower() != "index.htm":
        return None
    index.rename(folder / "index.html")
    return Expect(renamed={index.name.lower(): "index.html"})


def names_upper(folder: Path) -> Expect | None:
    """Every file's name in capitals (a site copied off a FAT disk), the links as they were."""
    renamed = {}
    for path in files(folder):
        if path.name != path.name.upper():
            path.rename(path.with_name(path.name.upper() + ".tmp"))
            path.with_name(path.name.upper() + ".tmp").rename(path.with_name(path.name.upper()))
            renamed[path.name.lower()] = path.name.upper()
    return Expect(renamed=renamed) if renamed else None


def names_lower(folder: Path) -> Expect | None:
    """Every file's name in small letters (a site unpacked on Linux from a Windows upload), links as they were."""
    renamed = {}
    for path in files(folder):
        if path.name != path.name.lower():
            path.rename(path.with_name(path.name.lower() + ".tmp"))
            path.with_name(path.name.lower() + ".tmp").rename(path.with_name(path.name.lower()))
            renamed[path.name.lower()] = path.name.lower()
    return Expect(renamed=renamed) if renamed else None


def pages_renamed_html(folder: Path) -> Expect | None:
    """Every page's .htm renamed .html, the links changed to match (a site re-published by another tool)."""
    targets = [p for p in pages(folder) if p.suffix.lower() == ".htm"]
    if not targets:
        return None
    rewrite_links(folder, lambda href: re.sub(r"(?i)\.htm$", ".html", href))
    renamed = {}
    for path in targets:
        new = path.with_suffix(".html")
        path.rename(new)
        renamed[path.name.lower()] = new.name
    return Expect(renamed=renamed)


def backslash_links(folder: Path) -> Expect | None:
    """Links written with a Windows path separator: `.\\SEG001.HTM` (a site generated on Windows, never tried in a
    browser that is strict about them)."""
    return Expect() if rewrite_links(folder, lambda href: ".\\" + href) else None


def absolute_links(folder: Path) -> Expect | None:
    """Links as absolute http URLs of the site's own host and folder."""
    return Expect() if rewrite_links(folder, lambda href: HOST + href) else None


def pdfs_in_subfolder(folder: Path) -> Expect | None:
    """The judges' PDFs moved into a `pdf/` folder, the links saying `pdf/NAME.pdf` (as many federation sites
    keep them)."""
    moved = [p for p in pdfs(folder)]
    if not moved or index_page(folder) is None:
        return None
    if not rewrite_links(folder, lambda href: "pdf/" + href if href.lower().endswith(".pdf") else href):
        return None
    (folder / "pdf").mkdir()
    for path in moved:
        path.rename(folder / "pdf" / path.name)
    return Expect()


def site_one_folder_down(folder: Path) -> Expect | None:
    """The site as an archive unpacks it: its files one folder down (`site/SITE-main/...`), the folder above holding
    nothing else but a readme."""
    inner = folder / f"{folder.name}-main"
    inner.mkdir()
    for path in files(folder):
        path.rename(inner / path.name)
    (folder / "README.md").write_text(f"# {folder.name}\nResults\n")
    return Expect(root=folder)


# --- what is lost ----------------------------------------------------------------------------------------------------


def segment_page_missing(folder: Path) -> Expect | None:
    """One segment page the index links (the first that holds results) not on the site."""
    for path in linked_segment_pages(folder):
        if "</tr>" in read_text(path).lower():
            path.unlink()
            return Expect(lost=(path.name,))
    return None


def segment_page_empty(folder: Path) -> Expect | None:
    """One segment page the index links uploaded as 0 bytes."""
    for path in linked_segment_pages(folder):
        if "</tr>" in read_text(path).lower():
            path.write_bytes(b"")
            return Expect(lost=(path.name,))
    return None


def segment_page_blank(folder: Path) -> Expect | None:
    """One segment page the index links holding nothing but a blank line (a CMS writing an empty template)."""
    for path in linked_segment_pages(folder):
        if "</tr>" in read_text(path).lower():
            path.write_bytes(b"\r\n")
            return Expect(lost=(path.name,))
    return None


def segment_page_cut(folder: Path) -> Expect | None:
    """Every segment page the index links cut off in the middle of a results row, as a page being uploaded while the
    event runs is read."""
    cut = []
    for path in linked_segment_pages(folder):
        raw = path.read_bytes()
        text = read_text(path)
        rows = [m.start() for m in re.finditer(r"<tr\b", text, re.IGNORECASE)]
        if len(rows) < 4:
            continue
        at = rows[len(rows) // 2]
        cells = [m.end() for m in re.finditer(r"<td\b[^>]*>", text[at:], re.IGNORECASE)]
        end = at + (cells[2] if len(cells) > 2 else 4)
        _write_like(path, raw, text[:end])
        cut.append(path.name)
    return Expect(lost=tuple(cut)) if cut else None


def pdf_missing(folder: Path) -> Expect | None:
    """The first judges' details PDF not on the site."""
    found = pdfs(folder)
    if not found:
        return None
    found[0].unlink()
    index = index_page(folder)
    linked = index is not None and found[0].name.lower() in read_text(index).lower()
    return Expect(lost=(found[0].name,)) if linked else Expect(gone=(found[0].name,))


def pdf_truncated(folder: Path) -> Expect | None:
    """The first judges' details PDF cut to its first third (an upload broken off)."""
    found = pdfs(folder)
    if not found:
        return None
    data = found[0].read_bytes()
    found[0].write_bytes(data[: len(data) // 3])
    return Expect(lost=(found[0].name,))


def pdf_empty(folder: Path) -> Expect | None:
    """The first judges' details PDF uploaded as 0 bytes."""
    found = pdfs(folder)
    if not found:
        return None
    found[0].write_bytes(b"")
    return Expect(lost=(found[0].name,))


UNKNOWN_PAGE = """<html><head><title>Accommodation</title></head><body>
<h2>Official hotels</h2>
<table border="1"><tr><th>Hotel</th><th>Category</th><th>Segment</th><th>Price</th></tr>
<tr><td>Hotel Cosmos</td><td>4*</td><td>Business</td><td>120.00</td></tr>
<tr><td>Hostel Arena</td><td>2*</td><td>Economy</td><td>35.50</td></tr>
</table></body></html>
"""


def unknown_page(folder: Path) -> Expect | None:
    """A page of the organiser's that is no results page (hotels, in a table with a "Category" column)."""
    (folder / "hotels.htm").write_text(UNKNOWN_PAGE)
    return Expect()


def unknown_page_linked(folder: Path) -> Expect | None:
    """The index linking an extra page, not a category, in a row of its categories' table (a "Medal table" row the
    federation added), that page not a results page."""
    index = index_page(folder)
    if index is None:
        return None
    raw = index.read_bytes()
    text = read_text(index)
    found = re.search(r"<tr\b(?:(?!</tr>).)*?href=[\"']?CAT\d+EN(?:(?!</tr>).)*</tr>", text, re.I | re.S)
    if found is None:
        return None
    extra = '<tr><td>Medal table</td><td></td><td><a href="medals.htm">Medals</a></td></tr>'
    _write_like(index, raw, text[: found.start()] + extra + text[found.start() :])
    (folder / "medals.htm").write_text(UNKNOWN_PAGE.replace("Accommodation", "Medals"))
    return Expect()


VARIANTS: dict[str, Variant] = {
    "KOI8-R declared": koi8_declared,
    "KOI8-R undeclared": koi8_undeclared,
    "windows-125x declared": windows_1251_declared,
    "BOM under a lying meta": bom_with_lying_meta,
    "KOI8-R and cp1251 mixed": koi8_and_cp1251_mixed,
    "UTF-16 with BOM": utf16,
    "pages on one line": one_line,
    "decimal commas": decimal_commas,
    "index.html": index_as_html,
    "index in a frame": index_in_a_frame,
    "index by a meta refresh": index_by_refresh,
    "site in a folder, reached by a meta refresh": site_in_a_folder_by_refresh,
    "an old index.html beside index.htm": old_index_beside,
    "names in capitals": names_upper,
    "names in small letters": names_lower,
    "pages renamed .html": pages_renamed_html,
    "backslash links": backslash_links,
    "absolute links": absolute_links,
    "PDFs in a subfolder": pdfs_in_subfolder,
    "site one folder down": site_one_folder_down,
    "segment page missing": segment_page_missing,
    "segment page empty": segment_page_empty,
    "segment page blank": segment_page_blank,
    "segment pages cut mid-row": segment_page_cut,
    "PDF missing": pdf_missing,
    "PDF truncated": pdf_truncated,
    "PDF empty": pdf_empty,
    "unknown page": unknown_page,
    "unknown page linked": unknown_page_linked,
}


# The variants that lose something (the others change only how the site is written).
LOSSY = frozenset(
    {
        "segment page missing",
        "segment page empty",
        "segment page blank",
        "segment pages cut mid-row",
        "PDF missing",
        "PDF truncated",
        "PDF empty",
    }
)


# Where `applicable` makes its scratch copies when the system has a memory file system there (Linux): its few hundred
# copies of small sites (130 MB written, then deleted) took 22 s on a disk that other processes were writing to, 7 s
# in memory.
_IN_MEMORY = "/dev/shm"
# What decides which variants apply besides the sites: the variants' code and the product code they read pages with.
_VARIANT_CODE = tuple(Path(__file__).resolve().with_name(name) for name in ("world_variants.py", "isu_world.py"))
_PRODUCT_CODE = Path(__file__).resolve().parents[1] / "bot" / "services" / "isu"


def applicable(sites: dict[str, Path], kinds: Iterable[str]) -> list[tuple[str, str]]:
    """(site, variant) for every variant of `kinds` that changes something of its site. It runs at collection, in
    every pytest-xdist worker, and trying every variant takes a worker several seconds: the answer is kept in the
    user's cache folder, named by a digest of the sites' files, the variants asked and the code that decides, so a
    changed site or variant is tried again; a lock lets one worker try them while the other waits for its answer."""
    kinds = list(kinds)
    kept = cache_dir() / f"test-world-variants-{_digest(sites, kinds)}.json"
    try:
        with _locked(kept.with_suffix(".lock")):
            try:
                return [(site, kind) for site, kind in json.loads(kept.read_bytes())]
            except (OSError, ValueError):
                pass  # not tried yet on this machine (or a partial file): try them below
            cases = _try_each(sites, kinds)
            write_atomically(kept, json.dumps(cases).encode())
            return cases
    except OSError:  # a cache folder that cannot be written or locked: tried in this process alone
        return _try_each(sites, kinds)


def _try_each(sites: dict[str, Path], kinds: list[str]) -> list[tuple[str, str]]:
    """`applicable`'s answer, worked out: each variant tried on a copy of each site whose PDFs are empty files of the
    same names (what a variant changes depends on the files' names, not on what the PDFs hold)."""
    cases = []
    with tempfile.TemporaryDirectory(dir=_IN_MEMORY if os.access(_IN_MEMORY, os.W_OK) else None) as scratch:
        for n, (name, site) in enumerate(sites.items()):
            for k, kind in enumerate(kinds):
                folder = copy_site(site, Path(scratch) / f"{n}-{k}", ignore=shutil.ignore_patterns("*.pdf", "*.PDF"))
                for pdf in site.glob("*.[pP][dD][fF]"):
                    (folder / pdf.name).write_bytes(b"")
                if VARIANTS[kind](folder) is not None:
                    cases.append((name, kind))
    return cases


def _digest(sites: dict[str, Path], kinds: list[str]) -> str:
    """What `applicable`'s answer is a function of: every file of every site (its path in the site and its bytes),
    the variants asked, in order, and the source of the code that tries them."""
    digest = hashlib.sha256(json.dumps([[[name, site.name] for name, site in sites.items()], kinds]).encode())
    for site in sites.values():
        for path in sorted(path for path in site.rglob("*") if path.is_file()):
            digest.update(f"\0{path.relative_to(site).as_posix()}\0".encode())
            digest.update(path.read_bytes())
    for path in [*_VARIANT_CODE, *sorted(_PRODUCT_CODE.rglob("*.py"))]:
        digest.update(f"\0{path.relative_to(_PRODUCT_CODE.parents[2]).as_posix()}\0".encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:32]


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Holds an exclusive lock on `path` (created) for the block: another process waits for it. Where the system
    has no `fcntl` (Windows) there is no lock: each worker may then try the variants itself, as before."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        import fcntl
    except ImportError:
        yield
        return
    with path.open("a+b") as file:
        fcntl.flock(file.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(file.fileno(), fcntl.LOCK_UN)


def copy_site(site: Path, target: Path, ignore: Callable[[str, list[str]], set[str]] | None = None) -> Path:
    folder = target / site.name
    shutil.copytree(site, folder, ignore=ignore)
    for path in folder.rglob("*"):
        path.chmod(0o755 if path.is_dir() else 0o644)
    return folder


def covering(cases: list[tuple[str, str]], sites_per_variant: int) -> list[tuple[str, str]]:
    """A covering sample of (site, variant) cases for the everyday suite: each variant on `sites_per_variant` of the
    sites it applies to, each time the sites read least so far (in the order given on a tie), so that every site is
    read in some of its variants. SKATEBOT_EVERY_VARIANT=1 runs every case (the whole matrix, a few times longer)."""
    if os.environ.get("SKATEBOT_EVERY_VARIANT") == "1":
        return cases
    sites = list(dict.fromkeys(site for site, _ in cases))
    read = dict.fromkeys(sites, 0)
    chosen = set()
    for kind in dict.fromkeys(kind for _, kind in cases):
        applies = sorted((site for site in sites if (site, kind) in cases), key=lambda site: read[site])
        for site in applies[:sites_per_variant]:
            chosen.add((site, kind))
            read[site] += 1
    return [case for case in cases if case in chosen]
