"""The shipped Japanese catalogue end to end: the same commands asked by a member whose Discord speaks Japanese and
by one whose Discord speaks English, each answered in their own language; a server whose moderators chose Japanese
gets its moment of the day in Japanese; a Japanese story is found by a Japanese word. No English sentence reaches
the Japanese member: what is left in Latin letters is names, codes and numbers."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest_asyncio

from bot.sandbox.harness import Sandbox
from bot.sandbox.server import Message
from tests.e2e.helpers import Clock
from tests.stores import Location

JAPANESE_SCRIPT = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
# Two English words in a row, in lower case: a sentence or a phrase of one (names are capitalised, codes are
# upper case). Code spans (commands, as typed) and links are taken out first.
ENGLISH_PHRASE = re.compile(r"\b[a-z]{2,}\b[ ,]+\b[a-z]{2,}\b")
CODE_OR_LINK = re.compile(r"`[^`]*`|\]\([^)]*\)|https?://\S+|<[^>]+>")
# What the store and the protocols hold in English that a reader of another language is told in their own words:
# event and segment names, the protocol's column heads and its program components.
STORED_ENGLISH = re.compile(
    r"singles|Ice dance|Pairs|Free skate|Short program|Free dance|Rhythm dance"
    r"|Skating Skills|Transitions|Element|Judges"
)

ASKED: list[tuple[str, dict[str, Any]]] = [
    ("ping", {}),
    ("results", {"competition": "Milano Cortina 2026", "event": "Women's singles"}),
    ("results", {"competition": "Milano Cortina 2026", "event": "Women's singles", "segment": "Free skate"}),
    ("athlete", {"name": "Kaori Sakamoto"}),
    ("compare", {"a": "Kaori Sakamoto", "b": "Alysa Liu"}),
    ("podiums", {"discipline": "women"}),
    ("medals", {"competition": "Milano Cortina 2026"}),
    ("bests", {"discipline": "men"}),
    ("records", {}),
    ("protocol", {"athlete": "Nathan Chen", "competition": "wc2017", "segment": "Free skate"}),
    ("story show", {"id": 1}),
    ("story search", {"text": "Sakamoto"}),
    ("moment today", {}),
    ("about", {}),
]


def shown(message: Message, *, written: bool = True) -> str:
    """Everything a reader sees of a message: its text, its embeds, its buttons. `written=False`: without what
    someone wrote (a story's title, text and sources, quoted as written), only the bot's own words around it."""
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.get("footer", {}).get("text", "")]
        parts += [embed.get("title", ""), embed.get("description", "")] if written else []
        parts += [f"{field['name']}\n{field['value'] if written else ''}" for field in embed.get("fields", [])]
    parts += [str(label) for label, *_ in message.buttons()]
    return "\n".join(part for part in parts if part)


def english_left(text: str) -> list[str]:
    return ENGLISH_PHRASE.findall(CODE_OR_LINK.sub(" ", text))


@pytest_asyncio.fixture
async def sandbox(bundled_store: Location, tmp_path: Path) -> AsyncIterator[Sandbox]:
    store = bundled_store
    clock = Clock(datetime(2026, 3, 29, 8, 0, tzinfo=UTC))
    async with Sandbox(db_path=store, clock=clock, rate_limit_clock=clock.monotonic) as box:
        yield box
        assert box.server.violations == [] and box.server.errors == []


async def test_the_same_commands_in_japanese_and_in_english(sandbox: Sandbox) -> None:
    commands = {c["name"]: c for c in sandbox.server.commands(sandbox.guild)}
    for name, command in commands.items():
        # A slash command by its description; a message's menu ("Report story") by its name.
        localized = command["description_localizations"] if command["type"] == 1 else command["name_localizations"]
        assert JAPANESE_SCRIPT.search(localized["ja"]), name
        if command["type"] == 1:  # its name, and its options' names, in Japanese too (typed names stay English)
            assert JAPANESE_SCRIPT.search(command["name_localizations"]["ja"]), name
            for option in command.get("options") or []:
                assert JAPANESE_SCRIPT.search(option["name_localizations"]["ja"]) or option["name"] in ("url",), option
    sandbox.member.locale = "ja"
    leaks = []
    for command, options in ASKED:
        japanese = await sandbox.slash(command, user=sandbox.member, **options)
        english = await sandbox.slash(command, **options)
        written = not command.startswith("story")  # a story is quoted as written: the words around it are checked
        ja_text = shown(await japanese.wait_message(), written=written)
        en_text = shown(await english.wait_message(), written=written)
        assert JAPANESE_SCRIPT.search(ja_text), f"/{command}: {ja_text[:300]}"
        assert not JAPANESE_SCRIPT.search(en_text), f"/{command}: {en_text[:300]}"
        leaks += [f"/{command}: {phrase}" for phrase in english_left(ja_text)]
        leaks += [f"/{command}: {term}" for term in STORED_ENGLISH.findall(CODE_OR_LINK.sub(" ", ja_text))]
        leaks += [
            f"/{command}: button {label}" for label, *_ in japanese.message.buttons() if re.search("[a-z]", label)
        ]
    assert not leaks, "\n".join(leaks)


async def test_a_server_that_chose_japanese_gets_its_moment_in_japanese(sandbox: Sandbox) -> None:
    chosen = await sandbox.slash("config language", user=sandbox.moderator, language="ja")
    assert "日本語" in chosen.message.content and "What skatebot posts" in chosen.message.content  # asked in English
    await sandbox.slash(
        "moment schedule", user=sandbox.moderator, channel=sandbox.channel, time="10:00", timezone="UTC"
    )
    sandbox.bot.moments.clock.set("2026-03-29T10:00:05+00:00")  # type: ignore[attr-defined]
    await sandbox.bot.moment_scheduler.tick()
    [post] = [m for m in sandbox.server.messages(sandbox.channel) if m.embeds]
    text = shown(post)
    assert JAPANESE_SCRIPT.search(post.embeds[0]["title"]), text  # the story from the results, told in Japanese
    assert not english_left(text), english_left(text)
    assert [label for label, *_ in post.buttons()] == ["通報"]
    back = await sandbox.slash("config language", user=sandbox.moderator, language="discord")
    assert "follows the server's language" in back.message.content


async def test_a_japanese_story_is_found_by_a_japanese_word(sandbox: Sandbox) -> None:
    sandbox.member.locale = "ja"
    opened = await sandbox.slash("story add", user=sandbox.moderator, language="ja")
    values = {"title": "坂本花織、涙の銀メダル", "summary": "ミラノ・コルティナ五輪のフリーで坂本花織が銀メダル。"}
    added = await sandbox.server.submit_modal(sandbox.moderator, opened, values)
    story_id = int(re.search(r"#(\d+)", (await added.wait_message()).content).group(1))
    found = await sandbox.slash("story search", user=sandbox.member, text="花織")
    assert "坂本花織、涙の銀メダル" in shown(await found.wait_message())
    story = await sandbox.slash("story show", user=sandbox.member, id=story_id)
    assert "日本語" in shown(await story.wait_message())  # its language, named in the reader's
    english = await sandbox.slash("story show", id=story_id)
    assert "Japanese" in shown(await english.wait_message())


async def test_japanese_skaters_are_named_in_japanese_and_found_in_either_script(sandbox: Sandbox) -> None:
    ja = sandbox.member
    ja.locale = "ja"
    # Found by the written name, by a reading in either kana (full or half width), with or without a space.
    for typed in ("坂本花織", "坂本 花織", "さかもと かおり", "サカモト", "ｻｶﾓﾄ ｶｵﾘ", "Kaori Sakamoto"):
        offered = await sandbox.autocomplete("athlete", "name", user=ja, name=typed)
        assert offered and offered[0]["name"] == "坂本花織 (Kaori Sakamoto)", (typed, offered[:3])
    english = await sandbox.autocomplete("athlete", "name", name="さかもと")
    assert english[0]["name"] == "Kaori Sakamoto"  # an English reader finds her by the reading too
    profile = await sandbox.slash("athlete", user=ja, name="さかもと かおり")
    assert embed_of(profile)["title"] == "坂本花織 (Kaori Sakamoto)"
    podium = shown(await (await sandbox.slash("results", user=ja, competition="owg2026", event="pairs")).wait_message())
    assert "三浦璃来 / 木原龍一" in podium  # a couple partner by partner
    women = shown(await (await sandbox.slash("results", user=ja, competition="owg2026", event="women")).wait_message())
    assert "坂本花織" in women and "中井亜美" in women and "Kaori Sakamoto" not in women
    assert "Alysa Liu" in women  # no source gives her name in Japanese: never transliterated
    team = shown(await (await sandbox.slash("results", user=ja, competition="owg2026", event="team")).wait_message())
    assert "WSP 坂本花織" in team and "団体戦" in team
    told = shown(await (await sandbox.slash("results", competition="owg2026", event="women")).wait_message())
    assert "Kaori Sakamoto" in told and not JAPANESE_SCRIPT.search(told)


def embed_of(reply: Any) -> dict[str, Any]:
    return reply.message.embeds[0]
