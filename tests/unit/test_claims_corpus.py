"""The evaluation corpus's targets as a regression guard: precision of "contradicted" and recall of checkable
claims on the dev part (bench/eval_claims.py prints the figures per kind, and the held-out part's)."""

from __future__ import annotations

import json
from pathlib import Path

from bot.services.claims import CONSISTENT, CONTRADICTED, check_text
from bot.services.results import ResultsService

CORPUS = Path(__file__).resolve().parents[1] / "data" / "claims_corpus.jsonl"
FAMILY = {"medal": "placing", "place": "placing", "medallist": "placing", "score": "score", "total": "score"}


async def test_dev_corpus_meets_the_targets(shared_results: ResultsService) -> None:
    items = [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines() if line.strip()]
    dev = [i for i in items if i["split"] == "dev"]
    assert len(items) >= 200 and len(dev) >= 100
    made = right = checkable = found = 0
    for item in dev:
        links = item["links"]
        competition = shared_results.competition(links["competition"])
        event = shared_results.event(competition, links["event"]) if links.get("event") else None
        report = await check_text(
            shared_results, item["text"], competition_id=competition.id, event_id=event.id if event else None
        )
        left = [(v.claim.kind, v.claim.subject, v.outcome) for v in report.verdicts]
        made += sum(outcome == CONTRADICTED for _, _, outcome in left)
        for want in item["expected"]:
            family = FAMILY.get(want["kind"], want["kind"])
            options = [g for g in left if g[1] == want["subject"] and FAMILY.get(g[0], g[0]) == family]
            options.sort(key=lambda g: g[2] != want["outcome"])
            got = options[0] if options else None
            if got is not None:
                left.remove(got)
            if want["outcome"] in (CONSISTENT, CONTRADICTED):
                checkable += 1
                found += got is not None and got[2] == want["outcome"]
            if want["outcome"] == CONTRADICTED and got is not None and got[2] == CONTRADICTED:
                right += 1
    assert made and right / made >= 0.98, (right, made)
    assert found / checkable >= 0.90, (found, checkable)
