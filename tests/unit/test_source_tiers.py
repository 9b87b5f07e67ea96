"""data/source_tiers.json: converter output, valid tiers and domains, spot checks and the conflict rule."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.services.urls import candidate_domains, domain_of
from data import convert_shared as conv
from db.models import TIERS
from tests.shared import shared_path

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "data"
TIERS_FILE = DATA / "source_tiers.json"


def _doc() -> dict[str, Any]:
    return json.loads(TIERS_FILE.read_text(encoding="utf-8"))


def _tiers() -> dict[str, str]:
    return {row["domain"]: row["tier"] for row in _doc()["tiers"]}


def _lookup(url: str) -> str | None:
    """How the bot is meant to use the file: the most specific registered domain wins."""
    tiers = _tiers()
    return next((tiers[d] for d in candidate_domains(domain_of(url)) if d in tiers), None)


def test_committed_file_equals_converter_output() -> None:
    reference = shared_path("data")
    doc, _ = conv.convert_source_tiers(reference)
    assert TIERS_FILE.read_text(encoding="utf-8") == conv.render(doc), (
        f"data/source_tiers.json is stale: rerun python -m data.convert_shared {reference} data/"
    )


def test_every_source_index_domain_is_registered() -> None:
    tiers = _tiers()
    reference = shared_path("data")
    for comp in conv.COMPETITIONS.values():
        raw = json.loads((reference / comp["file"]).read_text(encoding="utf-8"))
        for source in raw["source_index"].values():
            domain, _ = conv._source_domain(source["url"])
            assert domain in tiers, source["url"]


def test_header_and_validation() -> None:
    doc = _doc()
    assert doc["format"] == "skatebot-source-tiers" and doc["version"] == 1
    assert doc["description"]
    assert conv.validate_source_tiers(doc) == []
    text = TIERS_FILE.read_text(encoding="utf-8")
    assert text.endswith("}\n") and text == conv.render(doc)


def test_tiers_valid_domains_normalized_and_sorted() -> None:
    assert TIERS == ("official", "wire", "major", "specialist", "reference", "low")
    rows = _doc()["tiers"]
    domains = [row["domain"] for row in rows]
    assert domains == sorted(domains) and len(set(domains)) == len(domains)
    for row in rows:
        assert set(row) == {"domain", "tier", "outlets"}
        assert row["tier"] in TIERS, row
        assert row["domain"] == domain_of(f"https://{row['domain']}/"), row
        assert not row["domain"].startswith("www.")
        assert row["outlets"] and row["outlets"] == sorted(set(row["outlets"]))
    assert {row["tier"] for row in rows} == set(TIERS)  # the seed uses every tier


def test_validator_rejects_broken_documents() -> None:
    doc = _doc()
    doc["tiers"][0]["tier"] = "trusted"
    doc["tiers"][1]["domain"] = "WWW.Example.com"
    doc["tiers"][2]["outlets"] = []
    doc["tiers"].append(dict(doc["tiers"][3]))
    errors = "\n".join(conv.validate_source_tiers(doc))
    for fragment in ("tier 'trusted'", "not a normalized domain", "outlets must be", "unique and sorted"):
        assert fragment in errors
    assert conv.validate_source_tiers({"format": "x", "version": 1, "tiers": []})


def test_spot_checks() -> None:
    tiers = _tiers()
    assert tiers["isu-skating.com"] == "official"
    assert tiers["olympics.com"] == "official"
    assert tiers["tass.com"] == "wire"
    assert tiers["italpress.com"] == "wire"
    assert tiers["nbcsports.com"] == "major"
    assert tiers["figureskatersonline.com"] == "specialist"
    assert tiers["olympedia.org"] == "reference"
    assert tiers["en.wikipedia.org"] == "reference"
    assert tiers["breakingnewstoday.live"] == "low"
    assert tiers["filmogaz.com"] == "low"
    # the redirect wrapper is not a source; its target is
    assert "bing.com" not in tiers and tiers["bleacherreport.com"] == "major"


def test_lookup_by_url_through_candidate_domains() -> None:
    assert _lookup("https://www.nbcsports.com/olympics/news/x?utm_source=a") == "major"
    assert _lookup("https://en.wikipedia.org/wiki/Figure_skating_at_the_2026_Winter_Olympics") == "reference"
    assert _lookup("<https://breakingnewstoday.live/some-story>") == "low"
    assert _lookup("https://results.isu-skating.com/x") == "official"  # a subdomain inherits its parent's tier
    assert _lookup("https://unknown-blog.example/x") is None


def test_conflict_rule_on_the_real_data() -> None:
    tiers = _tiers()
    assert tiers["news.livedoor.com"] == "major"  # major x4 over wire x1: most frequent
    assert tiers["sportsweek.org"] == "specialist"  # specialist x5 over major x1
    assert tiers["globalnews.ca"] == "major"  # wire x1 vs major x1: tie, the more cautious
    assert tiers["japannews.yomiuri.co.jp"] == "major"
    assert tiers["timesng.com"] == "low"  # wire x1 vs low x1


def _write_source(dir_: Path, file: str, sources: list[tuple[str, str, str]]) -> None:
    index = {f"s{i}": {"url": url, "outlet": outlet, "tier": tier} for i, (url, outlet, tier) in enumerate(sources)}
    (dir_ / file).write_text(json.dumps({"source_index": index}), encoding="utf-8")


def test_conflict_rule_and_domains_on_synthetic_data(tmp_path: Path) -> None:
    files = [c["file"] for c in conv.COMPETITIONS.values()]
    _write_source(
        tmp_path,
        files[0],
        [
            ("https://www.mirror.example/a", "Wire via mirror", "wire"),
            ("https://mirror.example/b", "Major via mirror", "major"),
            ("https://tie.example/1", "Official", "official"),
            ("https://TIE.example./2", "Reference", "reference"),
        ],
    )
    _write_source(
        tmp_path,
        files[1],
        [
            ("https://mirror.example/c", "Major via mirror", "major"),
            ("https://three.example/", "Low", "low"),
            ("https://three.example/x", "Specialist", "specialist"),
        ],
    )
    _write_source(tmp_path, files[2], [("https://three.example/y", "Wire", "wire")])
    _write_source(
        tmp_path,
        files[3],
        [("https://www.bing.com/news/apiclick.aspx?url=https%3A%2F%2Fwww.target.example%2Fx&c=1", "T", "major")],
    )
    doc, log = conv.convert_source_tiers(tmp_path)
    assert conv.validate_source_tiers(doc) == []
    got = {row["domain"]: (row["tier"], row["outlets"]) for row in doc["tiers"]}
    assert got == {
        "mirror.example": ("major", ["Major via mirror", "Wire via mirror"]),  # from all files, www. merged
        "target.example": ("major", ["T"]),
        "three.example": ("low", ["Low", "Specialist", "Wire"]),  # three-way tie: the most cautious
        "tie.example": ("reference", ["Official", "Reference"]),
    }
    text = "\n".join(log)
    assert "mirror.example: tiers wire x1, major x2 -> major (most frequent)" in text
    assert "tie.example: tiers official x1, reference x1 -> reference (tie: the more cautious)" in text
    assert "three.example" in text and "bing.com redirect" in text


def test_converter_refuses_bad_tiers_and_urls(tmp_path: Path) -> None:
    files = [c["file"] for c in conv.COMPETITIONS.values()]
    for file in files[1:]:
        _write_source(tmp_path, file, [])
    _write_source(tmp_path, files[0], [("https://x.example/", "X", "trusted")])
    with pytest.raises(conv.ConversionError, match="trusted"):
        conv.convert_source_tiers(tmp_path)
    _write_source(tmp_path, files[0], [("javascript:alert(1)", "X", "low")])
    with pytest.raises(conv.ConversionError, match="javascript"):
        conv.convert_source_tiers(tmp_path)
