"""The embeds of competition week, live: inside Discord's limits whatever a site shows, times as Discord
timestamps, a correction line, nobody pinged but the subscription's role, rendered posts cached per language."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from bot.discord_layer.ui import live as ui
from bot.discord_layer.ui.replies import TOTAL_LIMIT, _fits
from bot.errors import UserFacingError
from bot.i18n import Catalogue, Words
from bot.services.live.items import ItemKind
from bot.services.live.service import (
    DirectMessage,
    PostMessage,
    ScheduleLine,
    ScheduleView,
    disciplines_from,
    levels_from,
)
from tests.languages import catalogue_with

EN = Words("en-US")
STARTS = datetime(2026, 3, 25, 9, 30, tzinfo=UTC)


def skater(n: int, **extra: Any) -> dict[str, Any]:
    name = f"Skater{n} " + "Longname" * 3
    return {"name": name, "names": [name], "nation": "JPN" if n % 2 else "USA", **extra}


def segment_content(count: int, *, second: bool = False) -> dict[str, Any]:
    return {
        "competition": "World Championships 2026",
        "category": "Men",
        "segment": "Free Skating" if second else "Short Program",
        "starts_at": STARTS.isoformat(),
        "skaters": [
            skater(
                n,
                place=n,
                score=f"{200 - n:.2f}",
                tes="100.00",
                pcs="90.00",
                deductions="-1.00" if n == 2 else "0.00",
                status=None,
                overall=n,
                before=(n % 5) + 1 if second else None,
                overall_total=f"{300 - n:.2f}",
            )
            for n in range(1, count + 1)
        ],
    }


def post(kind: ItemKind, content: dict[str, Any], **extra: Any) -> PostMessage:
    values: dict[str, Any] = {
        "guild_id": 1,
        "channel_id": 2,
        "watch_id": 3,
        "competition": "World Championships 2026",
        "item_key": f"001/001/{kind.value}",
        "kind": kind,
        "version": 1,
        "content": content,
    }
    return PostMessage(**{**values, **extra})


def within_limits(embed: Any) -> None:
    assert _fits(embed) and len(embed) <= TOTAL_LIMIT


def test_a_starting_order_shows_its_start_as_discord_timestamps() -> None:
    content = {
        "category": "Men",
        "segment": "Short Program",
        "starts_at": STARTS.isoformat(),
        "skaters": [{**skater(n), "starting_number": n, "status": "WD" if n == 3 else None} for n in range(1, 40)],
    }
    embed = ui.post_embed(EN, post(ItemKind.ORDER, content))
    stamp = int(STARTS.timestamp())
    assert embed.description == f"Starts <t:{stamp}:F> (<t:{stamp}:R>)"
    fields = "\n".join(f.value or "" for f in embed.fields)
    assert "`1` 🇯🇵 **Skater1 LongnameLongnameLongname** JPN" in fields and "~~" in fields  # the withdrawn skater
    assert embed.footer.text == "World Championships 2026 · live 3:001/001/order"
    within_limits(embed)


def test_segment_results_show_the_top_who_moved_and_a_protocol_hint_within_limits() -> None:
    embed = ui.post_embed(EN, post(ItemKind.SEGMENT, segment_content(60, second=True)))
    within_limits(embed)
    table = embed.fields[0].value or ""
    assert table.count("\n") == ui.TOP_LINES  # ten places and "… and 50 more"
    assert table.endswith("… and 50 more")
    assert (
        "**2nd** 🇺🇸 **Skater2 LongnameLongnameLongname** USA: **198.00** (TES 100.00 · PCS 90.00 · deductions 1.00)"
        in (table)
    )
    assert embed.fields[1].name == "Who moved overall" and "→" in (embed.fields[1].value or "")
    assert (embed.description or "").startswith("Judges' marks of a skate: `/protocol athlete: Skater1")
    first = ui.post_embed(EN, post(ItemKind.SEGMENT, segment_content(5), item_key="001/002/segment"))
    assert [f.name for f in first.fields] == ["Standings of the segment"]  # a first segment: nobody moved


def test_a_final_shows_medals() -> None:
    content = {
        "category": "Women",
        "skaters": [skater(n, place=n, score=f"{230 - n:.2f}", status=None) for n in range(1, 5)]
        + [skater(9, place=None, score=None, status="WD")],
    }
    embed = ui.post_embed(EN, post(ItemKind.FINAL, content, item_key="002/final"))
    table = embed.fields[0].value or ""
    assert table.splitlines()[0].startswith("🥇 **1st**") and "🥉 **3rd**" in table and ": WD" in table
    within_limits(embed)


def test_a_correction_says_what_changed() -> None:
    changes = (
        {"name": "Skater1 LongnameLongnameLongname", "field": "score", "before": "98.21", "after": "98.71"},
        {"name": "Skater2", "field": "place", "before": 2, "after": 3},
    )
    embed = ui.post_embed(EN, post(ItemKind.SEGMENT, segment_content(5), version=2, changes=changes))
    assert (embed.description or "").startswith(
        "✏️ Corrected since first posted: Skater1 LongnameLongnameLongname, score 98.21 → 98.71, Skater2, place 2 → 3"
    )
    assert embed.footer.text and embed.footer.text.endswith("live 3:001/001/segment")  # found again after a restart


def test_only_the_named_role_may_be_pinged() -> None:
    plain = post(ItemKind.SEGMENT, segment_content(3))
    assert ui.post_content(plain) is None
    assert ui.post_mentions(plain).to_dict() == {"parse": []}
    with_role = post(ItemKind.SEGMENT, segment_content(3), role_id=42)
    assert ui.post_content(with_role) == "<@&42>"
    assert ui.post_mentions(with_role).to_dict() == {"parse": [], "roles": ["42"]}


def test_rendered_posts_are_cached_per_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    two: Catalogue = catalogue_with(tmp_path, "fr", "live-segment-field = Classement du segment\n")
    monkeypatch.setattr("bot.i18n._loaded", two)
    ui._built.clear()
    item = post(ItemKind.SEGMENT, segment_content(3))
    english = ui.post_embed(Words("en-US"), item)
    french = ui.post_embed(Words("fr"), item)
    assert english.fields[0].name == "Standings of the segment" and french.fields[0].name == "Classement du segment"
    assert ui.post_embed(Words("en-US"), item) is english  # one render serves every channel of a language
    newer = ui.post_embed(Words("en-US"), post(ItemKind.SEGMENT, segment_content(4), version=2))
    assert newer is not english


def test_posts_of_two_stores_with_the_same_ids_are_not_confused() -> None:
    """A watch's id and its items' keys are the store's: another store in the same process (or a watch made again
    after one was removed) has watch 3's item 001/001/segment too. Each post is rendered from what it shows."""
    ui._built.clear()
    first = ui.post_embed(EN, post(ItemKind.SEGMENT, segment_content(3)))
    other = ui.post_embed(EN, post(ItemKind.SEGMENT, segment_content(5), competition="Cup of Nice 2026"))
    assert other is not first
    assert "Cup of Nice 2026" in other.footer.text and "Cup of Nice 2026" not in first.footer.text
    assert len(other.fields[0].value) != len(first.fields[0].value)


def test_a_followers_message_gives_score_place_and_standing() -> None:
    content = segment_content(12, second=True)
    followed = content["skaters"][8]["names"][0]
    embed = ui.direct_embed(EN, DirectMessage(5, "World Championships 2026", followed, content))
    assert "9th in the Free Skating with **191.00**" in (embed.description or "")
    assert "9th overall after this segment, **291.00** in all." in (embed.description or "")
    standings = embed.fields[0].value or ""
    assert standings.splitlines()[0].startswith("**1st**") and f"__{followed}__" in standings
    within_limits(embed)


def test_the_schedule_says_what_is_next_and_when() -> None:
    later = datetime(2026, 3, 26, 9, 0, tzinfo=UTC)
    view = ScheduleView(
        "World Championships 2026",
        (
            ScheduleLine("Men", "Short Program", STARTS, "done"),
            ScheduleLine("Women", "Short Program", later, "next"),
        ),
        "UTC+01:00",
    )
    embed = ui.schedule_embed(EN, view)
    assert embed.description == f"Next: **Women · Short Program** <t:{int(later.timestamp())}:R>."
    assert f"✅ done **Men · Short Program**, <t:{int(STARTS.timestamp())}:F>" in (embed.fields[0].value or "")


def test_subscription_words_are_read_and_checked() -> None:
    assert disciplines_from("Ladies, ice dance; men") == ["women", "ice_dance", "men"]
    assert levels_from("Senior,junior") == ["senior", "junior"]
    with pytest.raises(UserFacingError) as refused:
        disciplines_from("men, synchro")
    assert refused.value.message.startswith("“synchro” is not a discipline. Known: men, women")
