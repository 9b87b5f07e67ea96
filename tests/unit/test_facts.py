"""Notable facts (bot/services/facts/) on the real bundled store: every generated body passes the claim check, the
figures are those of the bundled files and of the dataset they were converted from (computed here, never with the
code's own query), and generating twice gives the same facts under the same keys."""

from __future__ import annotations

import csv
import json
import re
import unicodedata
from collections import Counter, defaultdict
from pathlib import Path

from bot.services.claims import CONSISTENT, CONTRADICTED, check_text
from bot.services.facts import KINDS, Fact, FactsService, _clean_jumps
from bot.services.results import ResultsService
from db.models import JumpElement, ProtocolElement
from tests.shared import shared_path

DATA = Path(__file__).resolve().parents[2] / "data"
NOT_CLEAN = ("<", "e", "q", "!", "*", "F")  # << is two of <
QUAD = re.compile(r"^4(?:T|S|Lo|F|Lz|A)$")


def _plain(name: str) -> str:
    """ "Javier FERNANDEZ" and "Javier Fernández" alike, "Boyang JIN" and "Jin Boyang" too."""
    decomposed = unicodedata.normalize("NFKD", name)
    letters = "".join(c if c.isalnum() else " " for c in decomposed if not unicodedata.combining(c))
    return " ".join(sorted(letters.casefold().split()))


def _wc2017() -> dict:
    return json.loads((DATA / "isu-wc2017.json").read_text(encoding="utf-8"))["competitions"][0]


def _entry_name(entry: dict) -> str:
    return " / ".join(skater["name"] for skater in entry["skaters"])


def _value(figure: dict | float | None) -> float | None:
    return figure["value"] if isinstance(figure, dict) else figure


async def _facts(results: ResultsService, key: str | None = None) -> list[Fact]:
    return await FactsService(results).facts(results.competition(key) if key else None)


# --- the key test: every fact reads as true --------------------------------------------------------------------
async def test_every_generated_fact_passes_the_claim_check(
    shared_results: ResultsService, shared_facts: tuple[Fact, ...]
) -> None:
    facts = shared_facts
    assert len(facts) > 500
    wrong = []
    for fact in facts:
        report = await check_text(
            shared_results, str(fact.body), competition_id=fact.competition.id, event_id=fact.event.id
        )
        outcomes = [verdict.outcome for verdict in report.verdicts]
        if CONTRADICTED in outcomes or CONSISTENT not in outcomes:
            wrong.append(f"{fact.key}: {fact.body} -> {report.summary()}")
        # The title says nothing the store contradicts either.
        title = await check_text(
            shared_results, str(fact.title), competition_id=fact.competition.id, event_id=fact.event.id
        )
        if any(v.outcome == CONTRADICTED for v in title.verdicts):
            wrong.append(f"{fact.key}: title {fact.title} -> {title.summary()}")
    assert not wrong, "\n".join(wrong[:20])


async def test_generation_is_deterministic_with_one_stable_key_per_fact(shared_results: ResultsService) -> None:
    first, second = await _facts(shared_results), await _facts(shared_results)
    assert first == second
    assert [str(f.body) for f in first] == [str(f.body) for f in second]
    keys = [fact.key for fact in first]
    assert len(keys) == len(set(keys)), [k for k, n in Counter(keys).items() if n > 1]
    assert all(fact.key.startswith(f"{fact.kind}:{fact.competition.key}/{fact.event.key}") for fact in first)
    # Grouped by kind, in the order of KINDS; every kind found in the bundled data.
    assert [kind for kind in KINDS if any(f.kind == kind for f in first)] == list(dict.fromkeys(f.kind for f in first))
    assert {fact.kind for fact in first} == set(KINDS)


async def test_facts_rest_on_stored_figures_with_their_sources_and_never_say_official(
    shared_facts: tuple[Fact, ...],
) -> None:
    for fact in shared_facts:
        assert fact.figures and all(figure.provenance is not None for figure in fact.figures), fact.key
        assert fact.sources, fact.key
        assert "official" not in f"{fact.title} {fact.body}".lower(), fact.key
        # The day of the segment, or none: a competition's dates never stand in for the day (never a guess).
        assert fact.moment_date == (fact.segment.date if fact.segment else None), fact.key
        assert len(fact.skater_ids) in (1, 2) and fact.name


# --- the figures, against the bundled file and the dataset -----------------------------------------------------
async def test_worlds_2017_facts_are_the_bundled_files(shared_results: ResultsService) -> None:
    competition = _wc2017()
    climbs, medals, tops = set(), set(), set()
    for event in competition["events"]:
        first = event["segments"][0]["id"]
        entries = event["entries"]
        for entry in entries:
            place, sp = _value(entry.get("place")), entry["segments"].get(first, {}).get("rank")
            if place is not None and sp is not None and sp - place >= 3:
                climbs.add((_entry_name(entry), int(sp), int(place)))
            if place in (1, 2, 3):
                medals.add((_entry_name(entry), int(place), f"{_value(entry['total']):.2f}"))
        best = max(entries, key=lambda e: _value(e.get("total")) or 0)
        tops.add(("total", _entry_name(best), f"{_value(best['total']):.2f}"))
        for segment in event["segments"]:
            skated = [e for e in entries if segment["id"] in e["segments"]]
            best = max(skated, key=lambda e: e["segments"][segment["id"]]["tss"])
            tops.add((segment["kind"], _entry_name(best), f"{best['segments'][segment['id']]['tss']:.2f}"))

    facts = await _facts(shared_results, "wc2017")

    def of(kind: str) -> list[Fact]:
        return [fact for fact in facts if fact.kind == kind]

    assert {(f.name, int(f.figures[0].value), int(f.figures[1].value)) for f in of("climb")} == climbs
    assert ("Yuzuru Hanyu", 5, 1) in climbs  # fifth after the short program, world champion
    assert {(f.name, int(f.figures[0].value), f"{float(f.figures[1].value):.2f}") for f in of("medal")} == medals
    found_tops = {("total", f.name, f"{float(f.figures[0].value):.2f}") for f in of("top-total")}
    found_tops |= {(f.segment.kind, f.name, f"{float(f.figures[0].value):.2f}") for f in of("top-segment") if f.segment}
    assert found_tops == tops
    assert ("free_skate", "Yuzuru Hanyu", "223.20") in tops
    (margin,) = of("margin")
    golds = {}
    for event in competition["events"]:
        by_place = {_value(e.get("place")): _value(e.get("total")) for e in event["entries"]}
        golds[_entry_name(next(e for e in event["entries"] if _value(e.get("place")) == 1))] = round(
            by_place[1] - by_place[2], 2
        )
    narrowest = min(golds, key=lambda name: golds[name])
    assert margin.name == narrowest and f"{golds[narrowest]:.2f}" in str(margin.body)


async def test_clean_quads_of_worlds_2017_are_the_datasets(shared_results: ResultsService) -> None:
    """Skates with a clean quad, and how many, from the dataset's element rows: no call on the jump or the element,
    no negative GOE."""
    folder = shared_path("data", "buzzfeed-figure-skating-scores")
    performers: dict[str, tuple[str, str]] = {}
    with (folder / "performances.csv").open(newline="") as file:
        for row in csv.DictReader(file):
            if row["competition"] == "ISU World Figure Skating Championships 2017":
                performers[row["performance_id"]] = (_plain(row["name"]), row["program"])
    counts: Counter[tuple[str, str]] = Counter()
    with (folder / "judged-aspects.csv").open(newline="") as file:
        for row in csv.DictReader(file):
            if row["performance_id"] not in performers or row["section"] != "elements":
                continue
            if any(mark in row["info_flag"] for mark in NOT_CLEAN) or float(row["goe"] or 0) < 0:
                continue
            clean = sum(bool(QUAD.match(part)) for part in row["aspect_desc"].split("+"))
            if clean:
                name, program = performers[row["performance_id"]]
                counts[(name, "short_program" if "SHORT" in program else "free_skate")] += clean
    assert len(counts) > 20

    facts = [f for f in await _facts(shared_results, "wc2017") if f.kind == "quad"]
    found = {}
    for fact in facts:
        assert fact.segment is not None
        count = dict(fact.title.args)["count"]
        found[(_plain(fact.name), fact.segment.kind)] = count
    assert found == dict(counts)


def test_a_quad_or_axel_is_clean_only_without_a_call_and_with_no_negative_goe() -> None:
    def element(code: str, info: str = "", goe: float = 1.0) -> JumpElement:
        return JumpElement(1, 1, ProtocolElement(1, code, info, 10.0, False, goe, (), 11.0), None)

    assert _clean_jumps(element("4T+3T"), quad=True) == 1
    assert _clean_jumps(element("4T+4T"), quad=True) == 2
    assert _clean_jumps(element("3A+2T"), quad=False) == 1
    assert _clean_jumps(element("3A+2T"), quad=True) == 0
    assert _clean_jumps(element("4S", goe=-2.0), quad=True) == 0  # a fall or a bad landing
    for call in ("<", "<<", "e", "q", "!", "*", "F"):
        assert _clean_jumps(element("4Lz", info=call), quad=True) == 0, call
    assert _clean_jumps(element("4T<", info="<"), quad=True) == 0
    assert _clean_jumps(element("3Lz+4T*", info="*"), quad=True) == 0
    # A pair's quad throw and quad twist are not jumps of the skater's own; nor a pair's thrown triple Axel.
    for code in ("4STh", "4Tw3", "4Tw2"):
        assert _clean_jumps(element(code), quad=True) == 0, code
    assert _clean_jumps(element("3ATh"), quad=False) == 0


async def test_on_this_day_is_a_query_by_month_and_day(
    shared_results: ResultsService, shared_facts: tuple[Fact, ...]
) -> None:
    facts = shared_facts
    days = defaultdict(list)
    for fact in facts:
        if fact.month_day is not None:
            days[fact.month_day].append(fact.key)
    service = FactsService(shared_results)
    # Alysa Liu's Olympic gold: the women's free skate of Milano Cortina 2026, on the day the store gives it.
    liu = next(f for f in facts if f.kind == "medal" and f.competition.key == "owg2026" and f.name == "Alysa Liu")
    assert liu.moment_date is not None and liu.month_day is not None
    on_day = await service.facts_on(*liu.month_day)
    assert [f.key for f in on_day] == days[liu.month_day] and liu.key in days[liu.month_day]
    assert await service.facts_on(7, 14) == []  # no competition in summer
    # The 2016-18 protocols give no segment days: their medals are never placed on a day they may not have been won.
    assert all(f.month_day is None for f in facts if f.competition.key == "wc2017")


async def test_a_junior_fact_names_its_event(shared_facts: tuple[Fact, ...]) -> None:
    junior = [f for f in shared_facts if f.event.level == "junior" and f.kind == "medal"]
    assert junior and all(f"{f.competition.label} ({f.event.name})" in str(f.body) for f in junior)
