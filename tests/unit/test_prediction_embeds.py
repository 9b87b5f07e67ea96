"""A scored round's announcement as Discord shows it: what every server's announcement of one result shows alike is
put into words once per language, not once per server (a fan-out to thousands of servers builds thousands)."""

from __future__ import annotations

import pytest

from bot.discord_layer.ui import predictions as ui
from bot.i18n import Catalogue, Words, catalogue
from bot.services.predictions import Announcement

NAMES = [f"Skater Number{i:02d}" for i in range(24)]
PARTS = (("gold", "exact"), ("silver", "podium"), ("bronze", "missed"), ("short", "won"))


def _announcement(round_id: int, members: int = 20, others: int = 0) -> Announcement:
    picks = tuple(
        (
            round_id * 1000 + rank,
            20 - rank,
            tuple({"slot": slot, "why": why, "name": NAMES[rank], "points": 5} for slot, why in PARTS),
        )
        for rank in range(members)
    )
    return Announcement(
        round_id=round_id,
        guild_id=round_id,
        channel_id=round_id + 1,
        version=1,
        competition="Bench Cup 2030",
        event=None,
        event_key="women",
        podium=((1, NAMES[0]), (2, NAMES[1]), (3, NAMES[2])),
        short_winners=(NAMES[23],),
        scoring="standard",
        members=picks,
        others=others,
        out=((NAMES[23], "WD"),),
    )


def test_one_results_announcements_put_their_shared_parts_into_words_once(monkeypatch: pytest.MonkeyPatch) -> None:
    rendered: list[str] = []
    render = Catalogue.render

    def counted(self: Catalogue, text, locale):  # type: ignore[no-untyped-def]
        rendered.append(text.key)
        return render(self, text, locale)

    monkeypatch.setattr(Catalogue, "render", counted)
    ui._shared_parts.cache_clear()
    ui._member_line.cache_clear()
    words = Words(catalogue().resolve("en-US"))
    embeds = [ui.announcement_embed(words, _announcement(round_id)) for round_id in range(1, 101)]
    # Each post: its footer (its own marker). Once for all: the title, the podium, the short program's winner, who
    # did not finish, the legend, and each (rank, points) member line. Per server it was 29 renders a post.
    assert rendered.count("predict-announce-footer") == 100
    assert rendered.count("predict-announce-title") == 1
    assert rendered.count("predict-announce-member") == 20
    assert len(rendered) <= 100 + 30
    # Each server's own members, in their places, with their points.
    for round_id, embed in zip(range(1, 101), embeds, strict=True):
        lines = (embed.description or "").splitlines()
        members = [line for line in lines if "<@" in line]
        assert members[0].startswith(f"1. <@{round_id * 1000}>: **20** points")
        assert members[19].startswith(f"20. <@{round_id * 1000 + 19}>: **1** points")
        assert (embed.footer.text or "").endswith(f"predict {round_id}")


def test_each_language_gets_its_own_words() -> None:
    english = ui.announcement_embed(Words(catalogue().resolve("en-US")), _announcement(7, others=3))
    japanese = ui.announcement_embed(Words(catalogue().resolve("ja")), _announcement(7, others=3))
    assert (english.title or "").startswith("Predictions ·")
    assert (japanese.title or "").startswith("予想 ·")
    assert "1. <@7000>：**20** 点" in (japanese.description or "")
    assert "…and 3 more." in (english.description or "")
    assert "ほか 3 人。" in (japanese.description or "")
