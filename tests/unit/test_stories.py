"""The curation rules, on a real store, without Discord."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.errors import NotFound, UserFacingError
from bot.i18n import render
from bot.services.claimreview import claim_review
from bot.services.fact_stories import fact_words
from bot.services.results import ResultsService
from bot.services.stories import (
    FLAG_RATE,
    Actor,
    NeedsConfirmation,
    PermissionDenied,
    RoleChoice,
    StoryDraft,
    StoryService,
)
from bot.services.story_import import cut_at_paragraph, import_story, read_story_files
from bot.store import CLI_OWNER
from db.database import Database
from db.models import Story
from db.repositories.stories import GuildRepository, StoryRepository, search_expression

GUILD, OTHER = 111, 222
MOD = Actor(1, GUILD, is_moderator=True)
MEMBER = Actor(2, GUILD)
OTHER_MOD = Actor(3, OTHER, is_moderator=True)
OWNER = Actor(4, GUILD, is_owner=True)
ADMIN = Actor(5, GUILD, is_admin=True)


@pytest.fixture
async def service(store: Database, results: ResultsService) -> StoryService:
    return StoryService(StoryRepository(store), GuildRepository(store), results)


async def test_drafts_are_validated_and_resolved(service: StoryService) -> None:
    story = await service.create(
        MOD,
        StoryDraft(
            "Title", skaters="sakamoto kaori, Alysa Liu", competition="milano", event="ladies", moment_date="2026-02-19"
        ),
    )
    view = await service.view(MEMBER, story.id)
    assert set(view.skaters) == {"Kaori Sakamoto", "Alysa Liu"}
    assert view.competition == "Milano Cortina 2026" and str(view.event) == "Women's singles"
    for draft, message in (
        (StoryDraft(""), "needs a title"),
        (StoryDraft("x" * 201), "limit is 200"),
        (StoryDraft("t", body="x" * 4001), "limit is 4000"),
        (StoryDraft("t", moment_date="19/02/2026"), "not a date"),
        (StoryDraft("t", skaters="Qqqq Zzzz"), "No athlete matches"),
        (StoryDraft("t", event="men"), "competition too"),
    ):
        with pytest.raises(UserFacingError, match=message):
            await service.create(MOD, draft)


async def test_rights(service: StoryService) -> None:
    with pytest.raises(PermissionDenied):
        await service.create(MEMBER, StoryDraft("t"))
    with pytest.raises(PermissionDenied, match="owners"):
        await service.create(MOD, StoryDraft("t"), library=True)
    library = await service.create(OWNER, StoryDraft("library story"), library=True)
    assert library.guild_id is None
    with pytest.raises(PermissionDenied, match="owners"):
        await service.label(MOD, library.id, "satire")
    mine = await service.create(MOD, StoryDraft("server story"))
    for call in (
        service.view(OTHER_MOD, mine.id),
        service.label(OTHER_MOD, mine.id, "satire"),
        service.add_source(OTHER_MOD, mine.id, "https://example.org/"),
        service.delete(OTHER_MOD, mine.id),
        service.flag(OTHER_MOD, mine.id, "spam"),
    ):
        with pytest.raises(NotFound):  # another server's story does not even exist for them
            await call
    assert (await service.view(OTHER_MOD, library.id)).story.id == library.id
    with pytest.raises(PermissionDenied):
        await service.queue(MEMBER)
    with pytest.raises(PermissionDenied, match="admins"):
        await service.set_mod_role(MOD, RoleChoice(99, "Mods"))
    await service.set_mod_role(ADMIN, RoleChoice(99, "Mods"))
    assert (await service.guild_settings(GUILD)).mod_role_id == 99


async def test_label_rules_and_low_tier_warning(service: StoryService) -> None:
    story = await service.create(MOD, StoryDraft("claim"))
    with pytest.raises(UserFacingError, match="at least one source"):
        await service.label(MOD, story.id, "verified")
    for label in ("false", "disputed", "misleading"):
        with pytest.raises(UserFacingError, match="needs a note"):
            await service.label(MOD, story.id, label, "  ")
    with pytest.raises(UserFacingError, match="not a label"):
        await service.label(MOD, story.id, "true")
    await service.add_source(MOD, story.id, "https://allthe.news/a")  # a low-tier domain in the seed
    with pytest.raises(NeedsConfirmation, match="low-reliability"):
        await service.label(MOD, story.id, "verified")
    labelled, _ = await service.label(MOD, story.id, "verified", confirmed=True)
    assert labelled.label == "verified"
    with pytest.raises(UserFacingError, match="only source of a verified story"):
        await service.remove_source(MOD, story.id, "https://allthe.news/a")
    await service.add_source(MOD, story.id, "https://x.com/someone/status/1", kind="social")  # in no tier list
    await service.label(MOD, story.id, "unverified")
    with pytest.raises(NeedsConfirmation, match=r"x\.com: unrated"):  # unrated is no evidence of reliability
        await service.label(MOD, story.id, "verified")
    await service.add_source(MOD, story.id, "https://www.channelnewsasia.com/sport/x", kind="primary")
    relabelled, _ = await service.label(MOD, story.id, "verified")  # one rated, reliable source: no warning
    assert relabelled.label == "verified"


async def test_sources_must_be_public_sites_shown_whole(service: StoryService) -> None:
    story = await service.create(MOD, StoryDraft("sourced"))
    for url in (
        "http://127.0.0.1/admin",
        "https://[::1]/",
        "http://10.0.0.8/x",
        "http://169.254.169.254/latest",
        "https://93.184.216.34/page",
        "http://localhost:8080/",
        "http://printer.local/",
        "http://intranet/",
        "https://site.example/",
    ):
        with pytest.raises(UserFacingError):
            await service.add_source(MOD, story.id, url)
    with pytest.raises(UserFacingError, match="at most 512"):
        await service.add_source(MOD, story.id, "https://news.example.org/" + "a" * 600)
    story = await service.add_source(MOD, story.id, "https://news.example.org/" + "a" * 480)
    assert len(story.sources) == 1


async def test_sources_are_normalized_deduplicated_and_tiered(service: StoryService) -> None:
    story = await service.create(MOD, StoryDraft("sourced"))
    story = await service.add_source(MOD, story.id, " <HTTPS://News.Livedoor.com/article/detail/1/?utm_source=x#c> ")
    assert story.sources[0].url == "https://news.livedoor.com/article/detail/1/"
    assert story.sources[0].publisher == "news.livedoor.com"
    with pytest.raises(UserFacingError, match="already has that source"):
        await service.add_source(MOD, story.id, "https://news.livedoor.com/article/detail/1/")
    with pytest.raises(UserFacingError, match="kind"):
        await service.add_source(MOD, story.id, "https://example.org/", kind="rumour")
    view = await service.view(MOD, story.id)
    assert view.sources[0].tier == "major"
    await service.set_tier(MOD, "news.livedoor.com", "low")
    assert (await service.view(MOD, story.id)).sources[0].tier == "low"
    assert (await service.tiers(OTHER, [story.sources[0].url]))[story.sources[0].url] == "major"


async def test_flags_once_per_member_and_rate_limited(service: StoryService) -> None:
    limit, _ = FLAG_RATE
    stories = [await service.create(MOD, StoryDraft(f"story {i}")) for i in range(limit + 1)]
    await service.flag(MEMBER, stories[0].id, "wrong")
    with pytest.raises(UserFacingError, match="already reported"):
        await service.flag(MEMBER, stories[0].id, "still wrong")
    for story in stories[1:limit]:
        await service.flag(MEMBER, story.id, "wrong")
    with pytest.raises(UserFacingError, match="please wait"):
        await service.flag(MEMBER, stories[limit].id, "wrong")
    with pytest.raises(UserFacingError, match="say briefly"):
        await service.flag(Actor(9, GUILD), stories[limit].id, "   ")
    queue = await service.queue(MOD)
    reported = [item.story.id for item in queue if item.open_flags]
    assert reported == [s.id for s in stories[:limit]]  # oldest report first
    assert stories[limit].id in [item.story.id for item in queue]  # unverified, not reported: still there


async def test_audit_trail_records_every_change(service: StoryService) -> None:
    story = await service.create(MOD, StoryDraft("first title"))
    await service.edit(MOD, story.id, StoryDraft("second title"))
    await service.add_source(MOD, story.id, "https://www.channelnewsasia.com/x")
    await service.flag(MEMBER, story.id, "typo")
    await service.label(MOD, story.id, "verified")
    await service.delete(MOD, story.id)
    entries = await service.stories.history(story.id)
    assert [e.action for e in entries] == ["create", "edit", "source added", "flag", "label", "flag resolved", "delete"]
    edit = entries[1]
    assert edit.before == {"title": "first title"} and edit.after == {"title": "second title"}
    assert entries[-1].before["title"] == "second title" and entries[-1].actor_id == MOD.user_id


def test_search_expressions_are_scoped_and_safe() -> None:
    assert search_expression(7, "Malinin hug") == '("g7wmalinin" OR "lwmalinin") AND ("g7whug"* OR "lwhug"*)'
    assert search_expression(None, "Ósaka") == '("lwosaka"*)'
    hostile = search_expression(7, 'title:x OR "y" NEAR(z) -w *')
    assert hostile.count('"') == 4 * 7 and ":" not in hostile and "NEAR(" not in hostile
    assert search_expression(7, "   ") is None and search_expression(7, "!!!") is None


async def test_search_ranks_and_scopes(service: StoryService) -> None:
    await service.create(MOD, StoryDraft("Malinin's quad axel", body="The first quad axel in competition."))
    await service.create(OTHER_MOD, StoryDraft("Malinin secret story", body="other server"))
    titles = [s.title for s in await service.search(MEMBER, "malinin qu")]
    assert titles[0] == "Malinin's quad axel"  # the title match ranks first
    assert "Malinin secret story" not in titles  # another server's story
    # the library's own stories (the stories from the results, many about Malinin, fill a search for him alone)
    assert any("Malinin embraces" in s.title for s in await service.search(MEMBER, "Malinin embraces"))


def test_claim_review() -> None:
    review = claim_review(
        story_id=3,
        title="T",
        summary="S",
        label="false",
        label_note="invented",
        labelled_at="2026-03-01T10:00:00+00:00",
        moment_date="2026-02-19",
        skaters=["Kaori Sakamoto"],
        appearances=["https://x.com/fan/status/1"],
        evidence=["https://debunk.example.org/"],
        reviewer="Skate Fans moderators",
        review_url="https://reviews.example.org/3",
    )
    # A debunking article is evidence the review cites, never a place the false claim appeared.
    assert review["itemReviewed"]["appearance"] == [{"@type": "CreativeWork", "url": "https://x.com/fan/status/1"}]
    assert review["citation"] == [{"@type": "CreativeWork", "url": "https://debunk.example.org/"}]
    assert review["url"] == "https://reviews.example.org/3"
    assert review["reviewRating"] == {
        "@type": "Rating",
        "ratingValue": 1,
        "bestRating": 5,
        "worstRating": 1,
        "alternateName": "False",
    }
    assert review["datePublished"] == "2026-03-01" and review["itemReviewed"]["datePublished"] == "2026-02-19"
    with pytest.raises(UserFacingError, match="label it"):
        claim_review(
            story_id=3,
            title="T",
            summary="",
            label="unverified",
            label_note="",
            labelled_at=None,
            moment_date=None,
            skaters=[],
            appearances=[],
            evidence=[],
            reviewer="x",
        )


def test_cut_at_paragraph() -> None:
    text = "A" * 50 + "\n\n" + "B" * 50 + "\n\n" + "C" * 50
    assert cut_at_paragraph(text, 120) == "A" * 50 + "\n\n" + "B" * 50
    assert cut_at_paragraph("short", 120) == "short"


PASTED_ARTICLE = (
    "On the last night of the women's event, a skater who had just finished her own program asked a camera "
    "operator to step back. The rival she shielded was still in tears over a silver medal, and the clip of the "
    "moment travelled for days before most people who shared it learned either name.\n\n"
    "Neither skater spoke about it afterwards."
)
LONG_PARAGRAPH = " ".join(
    [
        "The practice rink opened at seven, and the skaters who drew the early slot arrived in the dark, their "
        "coaches carrying coffee and spare laces. Nobody talked much. The ice was hard and fast after the night's "
        "resurfacing, and the first jumps of the morning always sounded louder than they were."
    ]
    * 4
)


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


async def test_importing_story_texts_is_idempotent(service: StoryService, tmp_path: Path) -> None:
    long_story = "A morning at the practice rink\n" + "\n\n".join([LONG_PARAGRAPH] * 6)
    paths = [
        _write(tmp_path, "camera.txt", PASTED_ARTICLE),
        _write(tmp_path, "practice.txt", long_story),
        _write(tmp_path, "short.txt", "A short story\n\nOne paragraph of our own."),
    ]
    items = read_story_files(paths)
    assert [i.key for i in items] == ["txt:camera", "txt:practice", "txt:short"]
    assert all(len(i.draft.title) <= 200 and len(i.draft.body) <= 4000 for i in items)
    camera, practice, short = items
    # An article pasted as it is: titled with its first sentence, and nothing of the text is lost.
    assert camera.draft.title == PASTED_ARTICLE.split(". ")[0] + "."
    assert camera.draft.body == PASTED_ARTICLE and "not a title" in camera.warnings[0]
    # Over the body limit: whole paragraphs are kept, and the warning says so.
    kept = practice.draft.body.split("\n\n")
    assert set(kept) == {LONG_PARAGRAPH} and len(practice.draft.body + "\n\n" + LONG_PARAGRAPH) > 4000
    assert len(practice.warnings) == 1 and "kept the first" in practice.warnings[0]
    assert (short.draft.title, short.draft.body, short.warnings) == ("A short story", "One paragraph of our own.", [])

    assert [await import_story(service, CLI_OWNER, i, library=True) for i in items] == ["added"] * 3
    assert [await import_story(service, CLI_OWNER, i, library=True) for i in items] == ["unchanged"] * 3
    _write(tmp_path, "short.txt", "A short story\n\nOne paragraph of our own, corrected.")
    again = read_story_files(paths)
    assert [await import_story(service, CLI_OWNER, i, library=True) for i in again] == [
        "unchanged",
        "unchanged",
        "updated",
    ]


async def test_an_imported_story_keeps_the_language_it_was_written_in(service: StoryService, tmp_path: Path) -> None:
    def story_file(language: str | None) -> Path:
        story = {"id": "hanyu-ja", "title": "羽生結弦、五輪連覇", "summary": "平昌五輪で金メダル。"}
        if language is not None:
            story["language"] = language
        document = {"format": "skatebot-stories", "version": 1, "stories": [story]}
        return _write(tmp_path, "ja.json", json.dumps(document, ensure_ascii=False))

    [item] = read_story_files([story_file("ja")])
    assert await import_story(service, CLI_OWNER, item, library=True) == "added"
    story = await service.by_import_key("json:hanyu-ja")
    assert story is not None and story.language == "ja"
    [unsaid] = read_story_files([story_file(None)])  # an update that names no language keeps the story's
    await import_story(service, CLI_OWNER, unsaid, library=True)
    kept = await service.by_import_key("json:hanyu-ja")
    assert kept is not None and kept.language == "ja"
    [wrong] = read_story_files([story_file("japanese please")])
    with pytest.raises(UserFacingError):
        await import_story(service, CLI_OWNER, wrong, library=True)


async def test_bundled_example_stories_carry_the_fact_check_verdicts(store: Database) -> None:
    rows = await store.fetchall(
        "SELECT import_key, label, guild_id FROM stories WHERE fact_key IS NULL ORDER BY import_key"
    )
    labels = {row["import_key"]: row["label"] for row in rows}
    assert labels == {
        "json:glenn-shields-sakamoto": "verified",
        "json:malinin-embraces-shaidorov": "verified",
        "json:sakamoto-gift-to-liu": "false",
    }
    assert all(row["guild_id"] is None for row in rows)


def read_in_japanese_with(story: Story, word: str) -> bool:
    """Whether a story from the results reads, in Japanese, with `word` in its title or summary."""
    texts = fact_words(story)
    return texts is not None and any(word in render(text, "ja") for text in texts[:2])


async def test_a_story_keeps_its_language_and_japanese_text_is_found_by_a_japanese_word(service: StoryService) -> None:
    story = await service.create(
        MOD,
        StoryDraft(
            "坂本花織、涙の銀メダル",
            summary="ミラノ・コルティナ五輪のフリーで坂本花織が銀メダルを獲得した。",
            language="JA",
        ),
    )
    assert story.language == "ja"
    # Words of it, written without spaces: a name, a noun, one character, a word across the title's comma. It comes
    # first; after it, only stories from the results whose Japanese reading holds the word.
    for word in ("銀メダル", "涙", "フリー", "五輪"):
        found = await service.search(MEMBER, word)
        assert found[0].id == story.id and all(read_in_japanese_with(s, word) for s in found[1:]), word
    # Her name finds it first, then the stories about Kaori Sakamoto stored in the store's words (those from the
    # results are read in Japanese with 坂本花織).
    for word in ("花織", "坂本花織"):
        found = await service.search(MEMBER, word)
        assert found[0].id == story.id and len(found) > 1, word
        assert all("Sakamoto" in f"{s.title} {s.summary} {s.body}" for s in found[1:]), word
    assert story.id not in [s.id for s in await service.search(MEMBER, "金メダル")]  # 金 alone is not in it
    assert await service.search(MEMBER, "涙の金") == []
    # An edit that says nothing of the language keeps it; a tag that is not one is refused.
    edited, _ = await service.edit(MOD, story.id, StoryDraft("坂本花織、涙の銀", summary=story.summary))
    assert edited.language == "ja"
    with pytest.raises(UserFacingError, match="not a language tag"):
        await service.create(MOD, StoryDraft("t", language="japanese!"))
    # Mixed text: a Latin word next to Japanese is still a word of its own.
    mixed = await service.create(MOD, StoryDraft("Zamboniの銀メダル", language="ja"))
    assert [s.id for s in await service.search(MEMBER, "zamboni")] == [mixed.id]


async def test_a_servers_moderators_choose_the_language_of_its_posts(service: StoryService) -> None:
    with pytest.raises(PermissionDenied):
        await service.set_language(MEMBER, "ja")
    with pytest.raises(UserFacingError, match="does not speak"):
        await service.set_language(MOD, "fr")  # no French catalogue
    assert await service.set_language(MOD, "ja") == "ja"
    assert (await service.guild_settings(GUILD)).locale == "ja"
    assert (await service.guild_settings(OTHER)).locale is None
    assert await service.set_language(MOD, None) is None  # back to Discord's language of the server
    assert (await service.guild_settings(GUILD)).locale is None


async def test_a_servers_moderators_turn_the_podium_card_on_and_off(service: StoryService, store: Database) -> None:
    assert (await service.guild_settings(GUILD)).podium_card is False  # off unless a moderator turns it on
    with pytest.raises(PermissionDenied):
        await service.set_podium_card(MEMBER, True)
    await service.set_podium_card(MOD, True)
    assert (await service.guild_settings(GUILD)).podium_card is True
    assert (await service.guild_settings(OTHER)).podium_card is False  # one server's setting
    await service.set_language(MOD, "ja")  # another setting of the same row leaves it as it was
    assert (await service.guild_settings(GUILD)).podium_card is True
    await service.set_podium_card(MOD, False)
    assert (await service.guild_settings(GUILD)).podium_card is False
    actions = [row["action"] for row in await store.fetchall("SELECT action FROM audit_log ORDER BY id")]
    assert actions.count("config podium-card") == 2


async def test_japanese_search_holds_on_variants_of_the_text_and_the_query(service: StoryService) -> None:
    """Half-width katakana, decomposed kana (NFD), a query with spaces or punctuation, the whole title (more pairs
    of characters than a query keeps)."""
    import unicodedata

    story = await service.create(
        MOD, StoryDraft(unicodedata.normalize("NFD", "坂本花織、フリーで銀メダル"), language="ja")
    )
    for query in (
        "ﾌﾘｰ",
        "花織 銀メダル",
        "「銀メダル」",
        unicodedata.normalize("NFD", "銀メダル"),
        "坂本花織、フリーで銀メダル",
    ):
        assert story.id in [s.id for s in await service.search(MEMBER, query)], query
    assert story.id not in [s.id for s in await service.search(MEMBER, "金メダル")]
