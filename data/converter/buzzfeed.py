"""The ISU judges' score sheets of 2016-17 and autumn 2017 (BuzzFeed News, figure-skating-scores, CC BY 4.0) as
import-format documents: one per competition, every segment with its protocols (elements with their markers,
components with their factors, every judge's mark).

What the tables give is official (it is read from the ISU's protocol PDFs, whose addresses are in ``urls.txt``):
segment ranks, starting numbers, TSS, TES, PCS, deductions and the judges' details. What they do not give is
left out or derived, and said so:

* competition totals and final places are not in the protocols: a skater who skated every segment gets the sum of
  the segment scores and the place that total earns (ties broken by the last segment's place, as the ISU's rules
  break them), both ``derived``; a skater who did not skate the last segment gets neither, nor a status (whether
  they withdrew or did not qualify is not in the tables);
* competition dates are the ones the dataset's README lists (cited to that README); segment dates, venues and
  cities are not in the dataset and are left out;
* deductions are a total per skate (the tables do not give their reasons), so the protocols carry no itemised
  deductions; the segment's deduction figure holds the total;
* a judge whose marks are missing from a skate (the extraction read them as blank GOEs and 0.0 components) is
  written ``-``, as the protocols print a missing mark.
"""

from __future__ import annotations

import csv
import json
import re
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from bot.services import import_format as fmt
from bot.services.import_format import FORMAT_NAME, FORMAT_VERSION, skater_match_key
from bot.services.isu.importer import display_name
from data.converter.checks import _check_places
from data.converter.figures import ConversionError, make_figure

DATASET = "buzzfeed-figure-skating-scores"
UPSTREAM = "https://github.com/BuzzFeedNews/figure-skating-scores"
UPSTREAM_COMMIT = "6aacc688b9847653141a6034feb424723be52d35"
UPSTREAM_README = f"{UPSTREAM}/blob/{UPSTREAM_COMMIT}/README.md"
ATTRIBUTION = "Data: BuzzFeed News, figure-skating-scores (CC BY 4.0), extracted from ISU protocols"
# The bundled files are named isu-<ISU event code>.json: they sort before the other bundled results, so that a
# skater's name as the curated files spell it is the one kept (the later import of a skater names it).
FILE_PREFIX = "isu-"

# ISU event code (from the protocol PDF's name) -> level and the short name shown in lists.
COMPETITIONS: dict[str, tuple[str, str]] = {
    "gpusa2016": ("grand-prix", "Skate America 2016"),
    "gpcan2016": ("grand-prix", "Skate Canada 2016"),
    "gprus2016": ("grand-prix", "Rostelecom Cup 2016"),
    "gpfra2016": ("grand-prix", "Trophée de France 2016"),
    "gpchn2016": ("grand-prix", "Cup of China 2016"),
    "gpjpn2016": ("grand-prix", "NHK Trophy 2016"),
    "gpf1617": ("grand-prix-final", "Grand Prix Final 2016"),
    "ec2017": ("europeans", "Europeans 2017"),
    "fc2017": ("four-continents", "Four Continents 2017"),
    "wc2017": ("worlds", "Worlds 2017"),
    "gprus2017": ("grand-prix", "Rostelecom Cup 2017"),
    "gpcan2017": ("grand-prix", "Skate Canada 2017"),
    "gpchn2017": ("grand-prix", "Cup of China 2017"),
    "gpjpn2017": ("grand-prix", "NHK Trophy 2017"),
    "gpfra2017": ("grand-prix", "Internationaux de France 2017"),
    "gpusa2017": ("grand-prix", "Skate America 2017"),
    "gpf2017": ("grand-prix-final", "Grand Prix Final 2017"),
}

# Where each competition was held: the dataset names none, so its city and country come from the page cited beside
# them (the ISU's own news pages where the search found one). A fan's "GPF Nagoya" must find the 2017 Final as well
# as the 2025 one; without its city the 2017 Final was silently ruled out and the 2025 one answered alone.
PLACES: dict[str, tuple[str, str, str]] = {
    "gpusa2016": ("Hoffman Estates", "USA", "https://twofortheice.com/2016-grand-prix-aftermath"),
    "gpcan2016": (
        "Mississauga",
        "CAN",
        "https://www.isu.org/figure-skating/news/news-fsk/11292-gp-can-day-2-fs?templateParam=15",
    ),
    "gprus2016": ("Moscow", "RUS", "http://iceskatingintnl.com/Competitions/SeniorGrandPrix/2016%20Rostelcom.htm"),
    "gpfra2016": ("Paris", "FRA", "https://alchetron.com/2016-Troph%C3%A9e-de-France"),
    "gpchn2016": (
        "Beijing",
        "CHN",
        "http://isu.org/inside-single-pair-skating-ice-dance/figure-skating-other/news-fs/11307-gp-chn-day-2-fs"
        "?templateParam=15",
    ),
    "gpjpn2016": (
        "Sapporo",
        "JPN",
        "https://isu.org/figure-skating/news/news-fsk/11309-gp-jpn-day-2-fs?templateParam=15",
    ),
    "gpf1617": ("Marseille", "FRA", "https://skatingcommunity.net/events/isu-grand-prix-of-figure-skating"),
    "ec2017": (
        "Ostrava",
        "CZE",
        "https://english.radio.cz/european-figure-skating-championships-launched-ostrava-8202405",
    ),
    "fc2017": ("Gangneung", "KOR", "http://www.doppioaxel.it/doppioaxel/?p=4601"),
    "wc2017": (
        "Helsinki",
        "FIN",
        "https://www.isu.org/inside-single-pair-skating-ice-dance/figure-skating-other/news-fs/"
        "11387-isu-world-fs-champs-2017-helsinki-fin-preview?templateParam=15",
    ),
    "gprus2017": ("Moscow", "RUS", "http://www.sportsnet.ca/olympics/olympic-buildup-begins-moscow-event-october/"),
    "gpcan2017": ("Regina", "CAN", "http://www.sportsnet.ca/olympics/olympic-buildup-begins-moscow-event-october/"),
    "gpchn2017": ("Beijing", "CHN", "http://www.sportsnet.ca/olympics/olympic-buildup-begins-moscow-event-october/"),
    "gpjpn2017": ("Osaka", "JPN", "http://www.sportsnet.ca/olympics/olympic-buildup-begins-moscow-event-october/"),
    "gpfra2017": ("Grenoble", "FRA", "http://www.sportsnet.ca/olympics/olympic-buildup-begins-moscow-event-october/"),
    "gpusa2017": (
        "Lake Placid",
        "USA",
        "http://www.sportsnet.ca/olympics/olympic-buildup-begins-moscow-event-october/",
    ),
    "gpf2017": ("Nagoya", "JPN", "http://www.sportsnet.ca/olympics/olympic-buildup-begins-moscow-event-october/"),
}

DISCIPLINES = {"MEN": "men", "LADIES": "women", "PAIRS": "pairs", "ICE DANCE": "ice_dance"}
EVENT_NAMES = {"men": "Men's singles", "women": "Women's singles", "pairs": "Pairs", "ice_dance": "Ice dance"}
# printed segment -> (id, kind, name); the short dance (2010-18) is stored as the rhythm dance's kind, under its name
SEGMENTS = {
    "SHORT PROGRAM": ("SP", "short_program", "Short program"),
    "FREE SKATING": ("FS", "free_skate", "Free skate"),
    "SHORT DANCE": ("SD", "rhythm_dance", "Short dance"),
    "FREE DANCE": ("FD", "free_dance", "Free dance"),
}
# The order the protocols print the five components in (the tables keep no order for them).
COMPONENT_ORDER = ("Skating Skills", "Transitions", "Performance", "Composition", "Interpretation")
MISSING_MARK = "-"


@dataclass
class _Performance:
    row: dict[str, str]
    elements: list[dict[str, str]] = field(default_factory=list)
    components: list[dict[str, str]] = field(default_factory=list)


@dataclass
class Dataset:
    """The dataset's tables, joined: programs by competition, performances by program, aspects and marks."""

    programs: dict[str, list[tuple[str, str]]]  # competition name -> [(program, pdf)] in file order
    performances: dict[tuple[str, str], list[_Performance]]  # (competition, program) -> performances
    marks: dict[str, dict[str, str]]  # aspect id -> judge ("J1") -> score
    urls: dict[str, str]  # pdf file name -> its address
    dates: dict[str, tuple[str, str]]  # competition name -> (start, end) from the README
    log: list[str] = field(default_factory=list)


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as file:
        return list(csv.DictReader(file))


_MONTHS = {
    m: i for i, m in enumerate(("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"), 1)
}
_README_LINE = re.compile(r"^- (?P<name>.+) \((?P<dates>[^()]+)\)$")
_SPAN = re.compile(
    r"(?P<m1>[A-Z][a-z]{2})\.? (?P<d1>\d{1,2})\s*-\s*(?:(?P<m2>[A-Z][a-z]{2})\.? )?(?P<d2>\d{1,2}), (?P<year>\d{4})"
)


def readme_dates(text: str) -> dict[str, tuple[str, str]]:
    """The competitions the upstream README lists with their dates: "ISU GP NHK Trophy 2016 (Nov. 25-27, 2016)"."""
    dates = {}
    for line in text.splitlines():
        match = _README_LINE.match(line.strip())
        span = _SPAN.fullmatch(match.group("dates").strip()) if match else None
        if match is None or span is None:
            continue
        year = int(span["year"])
        first, last = _MONTHS[span["m1"]], _MONTHS[span["m2"] or span["m1"]]
        start = date(year if first <= last else year - 1, first, int(span["d1"]))
        dates[match.group("name").strip()] = (start.isoformat(), date(year, last, int(span["d2"])).isoformat())
    return dates


def read_dataset(src: Path) -> Dataset:
    """Reads and joins the dataset's tables from its folder."""
    programs: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for row in _rows(src / "programs.csv"):
        programs[row["competition"]].append((row["program"], row["pdf"]))
    by_id: dict[str, _Performance] = {}
    performances: dict[tuple[str, str], list[_Performance]] = defaultdict(list)
    for row in _rows(src / "performances.csv"):
        performance = _Performance(row)
        by_id[row["performance_id"]] = performance
        performances[(row["competition"], row["program"])].append(performance)
    for row in _rows(src / "judged-aspects.csv"):
        target = by_id[row["performance_id"]]
        (target.elements if row["section"] == "elements" else target.components).append(row)
    marks: dict[str, dict[str, str]] = defaultdict(dict)
    for row in _rows(src / "judge-scores.csv"):
        marks[row["aspect_id"]][row["judge"]] = row["score"]
    urls = {}
    for line in (src / "urls.txt").read_text(encoding="utf-8").split():
        urls[line.rsplit("/", 1)[1]] = line
    readme = (src / "UPSTREAM-README.md").read_text(encoding="utf-8")
    return Dataset(dict(programs), dict(performances), dict(marks), urls, readme_dates(readme))


def season_of(url: str) -> str:
    """``.../season1617/...`` -> ``2016-17``."""
    match = re.search(r"/season(\d{2})(\d{2})/", url)
    if match is None:
        raise ConversionError(f"no season in {url}")
    return f"20{match.group(1)}-{match.group(2)}"


def _score(text: str) -> float:
    return round(float(text), 2)


def _goe_mark(text: str) -> str:
    """A GOE mark as the protocols print it: "1.0" -> "1", "-3.0" -> "-3"."""
    value = float(text)
    if not value.is_integer():
        raise ConversionError(f"GOE mark {text!r} is not a whole number")
    return str(int(value))


def _component_mark(text: str) -> str:
    """A component mark as the protocols print it: "7.5" -> "7.50"."""
    return f"{float(text):.2f}"


def _component_key(name: str) -> int:
    for i, prefix in enumerate(COMPONENT_ORDER):
        if name.startswith(prefix):
            return i
    raise ConversionError(f"unknown program component {name!r}")


class _Converter:
    def __init__(self, data: Dataset) -> None:
        self.data = data
        self.judges_of: dict[str, list[str]] = {}

    def marks(self, aspect: dict[str, str], panel: list[str], absent: set[str], mark: Any) -> list[str]:
        given = self.data.marks.get(aspect["aspect_id"], {})
        if not given:
            return []  # no mark was extracted for the element (an invalid element: the protocols print none)
        return [MISSING_MARK if judge in absent or judge not in given else mark(given[judge]) for judge in panel]

    def protocol(self, performance: _Performance, panel: list[str], where: str) -> dict[str, Any]:
        # A judge with no GOE on any element of the skate and 0.0 for every component gave no marks at all.
        absent = set()
        for judge in panel:
            marked = [e for e in performance.elements if self.data.marks.get(e["aspect_id"])]
            component_marks = [self.data.marks.get(c["aspect_id"], {}).get(judge) for c in performance.components]
            if (
                marked
                and all(judge not in self.data.marks[e["aspect_id"]] for e in marked)
                and all(c in (None, "0.0") for c in component_marks)
            ):
                absent.add(judge)
        if absent:
            self.data.log.append(f"{where}: no marks from {', '.join(sorted(absent))}; written '{MISSING_MARK}'")
        elements = []
        for row in sorted(performance.elements, key=lambda r: int(r["aspect_num"])):
            element: dict[str, Any] = {"number": int(row["aspect_num"]), "code": row["aspect_desc"]}
            if row["info_flag"]:  # the format's defaults (no marker, no bonus) are left out: 15,000 elements
                element["info"] = row["info_flag"]
            element["base_value"] = _score(row["base_value"])
            if row["credit_flag"].lower() == "x":
                element["bonus"] = True
            element["goe"] = _score(row["goe"])
            element["judges"] = self.marks(row, panel, absent, _goe_mark)
            element["panel_score"] = _score(row["scores_of_panel"])
            elements.append(element)
        components = [
            {
                "name": row["aspect_desc"],
                "factor": _score(row["factor"]),
                "judges": self.marks(row, panel, absent, _component_mark),
                "score": _score(row["scores_of_panel"]),
            }
            for row in sorted(performance.components, key=lambda r: _component_key(r["aspect_desc"]))
        ]
        return {"elements": elements, "components": components}

    def panel(self, performances: list[_Performance]) -> list[str]:
        """The judges of a segment ("J1".."J9"), in their order."""
        judges = {
            j for p in performances for a in p.elements + p.components for j in self.data.marks.get(a["aspect_id"], {})
        }
        return sorted(judges, key=lambda j: int(j[1:]))

    def event(self, competition: str, discipline: str, level: str, programs: list[tuple[str, str]]) -> dict[str, Any]:
        pdf = programs[0][1]
        url = self.data.urls[pdf]
        segments: list[dict[str, Any]] = []
        entries: dict[tuple[str, str], dict[str, Any]] = {}
        for program, _ in programs:
            seg_id, kind, name = next(v for k, v in SEGMENTS.items() if program.endswith(k))
            segments.append({"id": seg_id, "kind": kind, "name": name, "results_complete": True})
            performances = self.data.performances[(competition, program)]
            panel = self.panel(performances)
            for performance in sorted(performances, key=lambda p: int(p.row["rank"])):
                row = performance.row
                names = [part.strip() for part in row["name"].split(" / ")]
                nation = row["nation"].upper()
                entry = entries.setdefault(
                    (row["name"], nation),
                    {"skaters": [_skater(printed) for printed in names], "country": nation, "segments": {}},
                )
                where = f"{competition} / {program} / {row['name']}"
                entry["segments"][seg_id] = {
                    "rank": int(row["rank"]),
                    "tss": _score(row["total_segment_score"]),
                    "tes": _score(row["total_element_score"]),
                    "pcs": _score(row["total_component_score"]),
                    "deductions": _score(row["total_deductions"]),
                    "starting_number": int(row["starting_number"]),
                    "protocol": self.protocol(performance, panel, where),
                }
        _derive_places(list(entries.values()), [s["id"] for s in segments], url)
        prefix = "junior-" if level == "junior" else ""
        name = EVENT_NAMES[discipline]
        return {
            "id": f"{prefix}{discipline}",
            "discipline": discipline,
            "level": level,
            "name": f"Junior {name[0].lower()}{name[1:]}" if level == "junior" else name,
            "provenance": {
                "confidence": "official",
                "sources": [url],
                "note": f"ISU protocol ({pdf}), as extracted by BuzzFeed News (figure-skating-scores, CC BY 4.0)",
            },
            "segments": segments,
            "entries_complete": True,
            "entries": list(entries.values()),
        }


def _skater(printed: str) -> dict[str, Any]:
    skater: dict[str, Any] = {"name": display_name(printed)}
    if skater["name"] != printed:
        skater["aliases"] = [printed]
    return skater


def _derive_places(entries: list[dict[str, Any]], segment_ids: list[str], url: str) -> None:
    """Totals and places of the skaters who skated every segment, marked derived; nothing for the others."""
    last = segment_ids[-1]
    finishers = [e for e in entries if all(s in e["segments"] for s in segment_ids)]
    for entry in finishers:
        total = round(sum(entry["segments"][s]["tss"] for s in segment_ids), 2)
        entry["total"] = make_figure(
            total, "derived", [url], "the sum of the segment scores in the protocol; the protocols print no total"
        )
    ordered = sorted(finishers, key=lambda e: (-e["total"]["value"], e["segments"][last]["rank"]))
    for place, entry in enumerate(ordered, 1):
        entry["place"] = make_figure(
            place,
            "derived",
            [url],
            "by the derived total (a tie broken by the last segment's place); the protocols print no final place",
        )


def convert_competition(data: Dataset, competition: str) -> dict[str, Any]:
    """One competition of the dataset as an import document."""
    programs = data.programs[competition]
    pdf = programs[0][1]
    if any(p != pdf for _, p in programs):
        raise ConversionError(f"{competition}: programs from more than one PDF")
    code = pdf.removesuffix("_protocol.pdf")
    if code not in COMPETITIONS or code not in PLACES:
        raise ConversionError(f"{competition}: unknown ISU event code {code!r}")
    if competition not in data.dates:
        raise ConversionError(f"{competition}: not listed with its dates in the dataset's README")
    level, short_name = COMPETITIONS[code]
    url = data.urls[pdf]
    start, end = data.dates[competition]
    groups: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
    for program, program_pdf in programs:
        junior = program.startswith("JUNIOR ")
        rest = program.removeprefix("JUNIOR ")
        discipline = next(v for k, v in DISCIPLINES.items() if rest.startswith(k + " "))
        groups[("junior" if junior else "senior", discipline)].append((program, program_pdf))
    converter = _Converter(data)
    events = []
    for level_name in ("senior", "junior"):
        for discipline in EVENT_NAMES:
            group = groups.get((level_name, discipline))
            if not group:
                continue
            group.sort(key=lambda p: 0 if p[0].endswith(("SHORT PROGRAM", "SHORT DANCE")) else 1)
            events.append(converter.event(competition, discipline, level_name, group))
    city, country, place_source = PLACES[code]
    comp = {
        "id": code,
        "name": competition,
        "short_name": short_name,
        "season": season_of(url),
        "level": level,
        "city": city,
        "country": country,
        "start_date": start,
        "end_date": end,
        "provenance": {
            "confidence": "single-source",
            "sources": [UPSTREAM_README, place_source],
            "note": "the competition's name and dates as the dataset's README lists them, its city and country as "
            "the second source gives them; every result figure carries its event's provenance (the ISU protocol)",
        },
        "events": events,
    }
    return {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "description": (
            f"Converted by data/convert_buzzfeed.py from shared/data/{DATASET} ({competition}). {ATTRIBUTION}: "
            f"{UPSTREAM} (commit {UPSTREAM_COMMIT[:12]}), licensed under CC BY 4.0 "
            "(https://creativecommons.org/licenses/by/4.0/). Changed: converted to the skatebot results format; "
            "competition totals and final places derived from the segment scores."
        ),
        "competitions": [comp],
    }


def convert_all(src: Path, bundled: Path | None = None) -> tuple[dict[str, dict[str, Any]], list[str]]:
    """Every competition of the dataset: documents by output file stem, and the judgment calls taken.

    ``bundled``: the folder of the other bundled results (``data/``), whose spelling of a skater this data names
    (matched as the importer matches: country plus name in any word order), so that importing every bundled file
    twice changes nothing (the importer names a skater as the last file that mentions it).
    """
    data = read_dataset(Path(src))
    docs = {}
    for competition in data.programs:
        doc = convert_competition(data, competition)
        docs[FILE_PREFIX + doc["competitions"][0]["id"]] = doc
    missing = set(COMPETITIONS) - {stem.removeprefix(FILE_PREFIX) for stem in docs}
    if missing:
        raise ConversionError(f"competitions missing from the dataset: {sorted(missing)}")
    _one_name_per_skater(docs, _known_names(bundled) if bundled else {}, data.log)
    return docs, data.log


def _known_names(bundled: Path) -> dict[str, str]:
    """Match key -> the name the other bundled results files give a skater."""
    known: dict[str, str] = {}
    for path in sorted(bundled.glob("*.json")):
        if path.name.startswith(FILE_PREFIX):
            continue
        doc = json.loads(path.read_text(encoding="utf-8"))
        if doc.get("format") != FORMAT_NAME:
            continue
        for competition in doc["competitions"]:
            for event in competition["events"]:
                for entry in event.get("entries", []):
                    for skater in entry["skaters"]:
                        known[skater_match_key(skater["name"], entry["country"])] = skater["name"]
    return known


def _one_name_per_skater(docs: dict[str, dict[str, Any]], known: dict[str, str], log: list[str]) -> None:
    """Every skater named alike in every file: as the other bundled files name them, else as the newest protocol
    prints them; the other spellings are aliases."""
    printed: dict[str, list[tuple[str, str]]] = defaultdict(list)  # match key -> [(start date, display name)]
    skaters = []
    for doc in docs.values():
        competition = doc["competitions"][0]
        for event in competition["events"]:
            for entry in event["entries"]:
                for skater in entry["skaters"]:
                    key = skater_match_key(skater["name"], entry["country"])
                    printed[key].append((competition["start_date"], skater["name"]))
                    skaters.append((key, skater))
    names = {key: known.get(key) or max(spellings)[1] for key, spellings in printed.items()}
    for key, name in sorted(names.items()):
        others = sorted({n for _, n in printed[key]} - {name})
        if others:
            log.append(f"{name} ({key.split('|')[0]}) also printed as {', '.join(others)}: kept as aliases")
    for key, skater in skaters:
        name = names[key]
        if skater["name"] != name:
            aliases = [skater["name"], *skater.get("aliases", [])]
            skater["name"] = name
            skater["aliases"] = [a for a in dict.fromkeys(aliases) if a != name]


def render(doc: dict[str, Any], width: int = 180) -> str:
    """A document as these bundled files are written: indented JSON like the others, except that an object or
    list whose text is at most ``width`` characters is written on one line (an element of a protocol, a figure)."""
    return _render(doc, 0, width) + "\n"


def _render(value: Any, indent: int, width: int) -> str:
    flat = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    if not isinstance(value, dict | list) or not value or len(flat) <= width:
        return flat
    pad = " " * (indent + 2)
    if isinstance(value, dict):
        items = [
            f"{pad}{json.dumps(k, ensure_ascii=False)}: {_render(v, indent + 2, width).lstrip()}"
            for k, v in value.items()
        ]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [pad + _render(v, indent + 2, width) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


def validate(doc: dict[str, Any]) -> list[str]:
    """Every problem of a converted document: the format's rules as the importer reads them, then this converter's
    (the arithmetic of every skate within rounding, derived totals and places that agree with the segments)."""
    try:
        parsed = fmt.decode(doc, "converted document")
    except fmt.ImportFormatError as exc:
        return [str(exc)]
    errors = [f"{where}: {problem}" for where, problem in fmt.problems(parsed)]
    for i, event in enumerate(parsed.competitions[0].events if parsed.competitions else []):
        last = event.segments[-1].id
        places: list[tuple[int, float | None, str]] = []
        for j, entry in enumerate(event.entries):
            at = f"competitions[0].events[{i}].entries[{j}]"
            for key, result in entry.segments.items():
                errors.extend(f"{at}.segments.{key}: {problem}" for problem in arithmetic_problems(result))
            derived = [f for f in (entry.place, entry.total) if isinstance(f, fmt.Provenance)]
            if any(f.confidence != "derived" for f in derived):
                errors.append(f"{at}: a total or place that is not marked derived")
            if last not in entry.segments and derived:
                errors.append(f"{at}: a total or place for a skater who did not skate {last}")
            if isinstance(entry.place, fmt.IntFigure) and isinstance(entry.total, fmt.NumberFigure):
                assert entry.place.value is not None
                places.append((entry.place.value, entry.total.value, at))
        _check_places(places, f"competitions[0].events[{i}]", errors)
    return errors


def arithmetic_problems(result: fmt.SegmentResult) -> list[str]:
    """TSS = TES + PCS - deductions; TES = the sum of the elements' panel scores; PCS = the sum of the components'
    scores times their factors; each within the protocols' rounding (0.01 per printed figure)."""
    problems = []
    tss, tes, pcs, ded = (fmt.figure(getattr(result, n), None)[0] for n in ("tss", "tes", "pcs", "deductions"))
    if None not in (tss, tes, pcs, ded) and abs(tes + pcs - ded - tss) > 0.015:
        problems.append(f"TSS {tss} != TES {tes} + PCS {pcs} - deductions {ded}")
    protocol = result.protocol
    if protocol is not None and tes is not None:
        total = sum(e.panel_score for e in protocol.elements)
        if abs(total - tes) > 0.005 * max(1, len(protocol.elements)):
            problems.append(f"TES {tes} != the elements' panel scores {total:.2f}")
    if protocol is not None and pcs is not None and protocol.components:
        total = sum(c.score * c.factor for c in protocol.components)
        if abs(total - pcs) > 0.01 * len(protocol.components):
            problems.append(f"PCS {pcs} != the components' scores times factors {total:.2f}")
    return problems
