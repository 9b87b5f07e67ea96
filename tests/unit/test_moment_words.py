"""The moment of the day in the reader's language: a post and its later correction in the server's, reasons
stored as messages (so each moderator reads them in their own), a restarted bot finding its post whatever
language it was posted in."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest

import bot.i18n
from bot.discord_layer.moment_poster import MomentView
from bot.discord_layer.outbox_poster import OutboxDiscordPoster
from bot.discord_layer.ui.moments import footer_text, moment_embed
from bot.i18n import Catalogue, Words, from_stored, stored, t
from bot.services.moments import MomentContent
from bot.services.outbox import Outbox, Outgoing
from bot.services.stories import StoryView
from db.models import GuildSettings, Story
from db.repositories.outbox import OutboxRepository
from tests.languages import catalogue_with

FRENCH = """
moment-footer = Moment du jour · { $date } · histoire n° { $id }
moment-title = ✨ { $title } (fr)
moment-field-label = Étiquette
moment-field-correction = ⚠️ Rectificatif
moment-correction = Rectificatif : les modérateurs ont réétiqueté cette histoire ({ $label }).
post-notify = 🗓️ (fr) { $text }
post-reason-schedule-gone = le programme a disparu
"""


@pytest.fixture
def french(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Catalogue:
    """The shipped catalogues plus a French one with a few of the moment's messages."""
    catalogue = catalogue_with(tmp_path, "fr", FRENCH)
    monkeypatch.setattr(bot.i18n, "_loaded", catalogue)
    return catalogue


def content(correction: Any = None) -> MomentContent:
    story = Story(
        id=12,
        guild_id=None,
        title="Quad Axel",
        summary="The first one.",
        body="",
        moment_date="2022-09-14",
        competition_id=None,
        event_id=None,
        label="disputed",
        label_note="",
        labelled_at=None,
        created_by=1,
        created_at="2026-01-01T00:00:00+00:00",
        updated_at="2026-01-01T00:00:00+00:00",
    )
    return MomentContent(StoryView(story, [], None, None), "2026-09-14", [], correction)


class Channel:
    def __init__(self) -> None:
        self.sent: list[Any] = []
        self.edited: list[Any] = []

    async def send(self, *, embed: Any, view: Any, **_: Any) -> Any:
        self.sent.append(embed)
        return SimpleNamespace(id=99)

    def get_partial_message(self, message_id: int) -> Any:
        channel = self

        class Message:
            async def edit(self, *, embed: Any, view: Any, attachments: list[Any], **_: Any) -> None:
                # A moment carries no podium card here: its edit takes any card off, never leaves an old one.
                assert attachments == []
                channel.edited.append(embed)

        return Message()


class Client:
    """A bot whose cache knows one server, French-speaking."""

    def __init__(self) -> None:
        self.channel = Channel()

    def get_guild(self, guild_id: int) -> Any:
        return SimpleNamespace(preferred_locale="fr") if guild_id == 1 else None

    def get_channel(self, channel_id: int) -> None:
        return None

    def get_partial_messageable(self, channel_id: int, **_: Any) -> Channel:
        return self.channel


class Guilds:
    """The servers' settings: server 3's moderators chose French; the others left Discord's language."""

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        return GuildSettings(guild_id, locale="fr" if guild_id == 3 else None)


class Poster:
    """The moment's posts as the outbox sends them (its language read from the servers' settings) and the Discord
    side renders them; no store: nothing here is recorded."""

    def __init__(self, client: Client) -> None:
        self.outbox = Outbox(cast(OutboxRepository, None), settings=Guilds(), rate=1000)
        self.discord = OutboxDiscordPoster(cast(Any, client), {"moment": MomentView(Guilds())}, self.outbox.limiter)
        self.outbox.attach(self.discord)

    @staticmethod
    def _post(guild_id: int, channel_id: int, content: MomentContent) -> Outgoing:
        return Outgoing("moment", f"{guild_id}/{content.local_date}", content, "", guild_id, channel_id)

    async def send(self, guild_id: int, channel_id: int, content: MomentContent) -> None:
        delivery = await self.outbox.attempt(self._post(guild_id, channel_id, content))
        assert delivery.message_id == 99

    async def edit(self, guild_id: int, channel_id: int, message_id: int, content: MomentContent) -> None:
        post = await self.outbox.in_language(self._post(guild_id, channel_id, content))
        await self.discord.edit(post, message_id)


async def test_the_post_and_its_correction_are_in_the_servers_language(french: Catalogue) -> None:
    client = Client()
    poster = Poster(client)
    await poster.send(1, 5, content())
    await poster.edit(1, 5, 99, content(t("moment-correction", label="disputed")))
    posted, corrected = client.channel.sent[0], client.channel.edited[0]
    assert posted.footer.text == "Moment du jour · 2026-09-14 · histoire n° 12"
    assert posted.title == corrected.title == "✨ Quad Axel (fr)"
    assert corrected.fields[0].name == "⚠️ Rectificatif" and "(disputed)" in corrected.fields[0].value
    assert corrected.fields[1].name == "Étiquette"
    assert "The moment" in [f.name for f in posted.fields]  # a message French lacks: the default language's


async def test_a_server_not_in_the_cache_gets_the_default_language(french: Catalogue) -> None:
    client = Client()
    poster = Poster(client)
    await poster.send(2, 5, content())
    assert client.channel.sent[0].footer.text == "Moment of the day · 2026-09-14 · story #12"


async def test_the_language_a_servers_moderators_chose_wins_over_discords(french: Catalogue) -> None:
    client = Client()
    poster = Poster(client)
    await poster.send(3, 5, content())  # not in Discord's cache, and French by its moderators' choice
    assert client.channel.sent[0].footer.text == "Moment du jour · 2026-09-14 · histoire n° 12"


def test_the_footer_of_every_language_is_recognised(french: Catalogue) -> None:
    english = footer_text(Words("en-US"), "2026-09-14", 12)
    assert english == "Moment of the day · 2026-09-14 · story #12"
    assert {footer_text(Words(locale), "2026-09-14", 12) for locale in french.locales} == {
        english,
        "Moment du jour · 2026-09-14 · histoire n° 12",
        footer_text(Words("ja"), "2026-09-14", 12),
    }
    assert footer_text(Words("ja"), "2026-09-14", 12) not in (english, "Moment du jour · 2026-09-14 · histoire n° 12")


def test_the_embed_is_the_same_english_as_before() -> None:
    embed = moment_embed(Words("en-US"), content(t("moment-correction-note", label="false", note="No such medal")))
    assert embed.title == "✨ Quad Axel"
    assert embed.description == "*On this day in 2022*\n\nThe first one."
    fields = {f.name: f.value for f in embed.fields}
    assert fields["⚠️ Correction"] == (
        "Correction: since this was posted, moderators relabelled the story false — No such medal."
    )
    assert fields["The moment"] == "14 September 2022"


def test_a_stored_reason_is_read_back_as_the_same_message(french: Catalogue) -> None:
    reason = t("post-missing-permissions", permissions=(t("post-permission-send-messages"),), channel="général")
    assert from_stored(stored(reason)) == reason
    assert str(reason) == "skatebot is missing Send Messages in #général"
    gone = from_stored(stored(t("post-reason-schedule-gone")))
    assert gone is not None and Words("fr")(gone) == "le programme a disparu"
    assert from_stored(None) is None


@pytest.mark.parametrize(
    "words",
    ["the bot was down at post time", "42", '{"no": "key"}', '{"key": 3, "args": 1}', '{"key": "no-such", "args": []}'],
)
def test_a_reason_stored_in_words_is_shown_as_it_was(words: str) -> None:
    assert str(from_stored(words)) == words
