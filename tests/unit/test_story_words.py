"""Stories speak through the catalogue: replies in the words of whoever asked, mod-log posts in the server's,
commands described by key. A second language here is a test catalogue folder, so what is rendered where shows."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any
from unittest.mock import AsyncMock, NonCallableMagicMock

import discord
import pytest
from discord import app_commands

import bot.discord_layer.ui.i18n
import bot.i18n
from bot.discord_layer import modlog
from bot.discord_layer.ui import stories as ui
from bot.errors import UserFacingError
from bot.i18n import LOCALES_ROOT, Catalogue, Words, render, t
from bot.services.access import PermissionDenied, require_edit_rights
from bot.services.stories import Actor, SourceView, StoryView
from bot.services.story_import import StoryFileError, read_story_files
from cogs.config import Config
from cogs.stories import Stories
from db.models import AuditEntry, GuildSettings, QueueItem, Source, Story
from tests import discord_mocks as mocks

ENGLISH = Words("en-US")

# A few story messages in a second language: enough to tell whose words a text was put in.
FRENCH = """
label-badge = { $emoji } { $name }
label-name-verified = Vérifié
label-unverified = non vérifié
label-false = faux
story-field-label = Étiquette
story-field-sources = Sources
story-no-sources = Aucune pour l'instant
story-where-server = ce serveur
story-footer = Histoire n° { $id } · { $where } · signalez un problème avec le bouton Signaler
history-field-label = étiquette
history-change = { $field } : { $old } → { $new }
modlog-story-added = <@{ $user }> a ajouté l'histoire n° { $id } **{ $title }**
"""


@pytest.fixture
def french(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Catalogue:
    """The shipped catalogues plus a French one, in place of the shipped ones."""
    shutil.copytree(LOCALES_ROOT / "en-US", tmp_path / "en-US")
    (tmp_path / "fr").mkdir()
    (tmp_path / "fr" / "stories.ftl").write_text(FRENCH, encoding="utf-8")
    catalogue = Catalogue(tmp_path)
    monkeypatch.setattr(bot.i18n, "catalogue", lambda: catalogue)
    monkeypatch.setattr(bot.discord_layer.ui.i18n, "catalogue", lambda: catalogue)
    return catalogue


def _story(**changes: Any) -> Story:
    fields: dict[str, Any] = {
        "id": 7,
        "guild_id": 111,
        "title": "Quad axel in practice",
        "summary": "",
        "body": "",
        "label": "verified",
        "label_note": "",
        "moment_date": None,
        "competition_id": None,
        "event_id": None,
        "labelled_at": None,
        "created_by": 1,
        "created_at": "2026-02-01T10:00:00",
        "updated_at": "2026-02-01T10:00:00",
    }
    return Story(**{**fields, **changes})


# --- replies and embeds ---------------------------------------------------------------------------------------


def test_a_story_embed_is_in_the_readers_words(french: Catalogue) -> None:
    view = StoryView(_story(), skaters=[], competition=None, event=None)
    english = ui.story_embed(view, Words("en-US"))
    assert [f.name for f in english.fields] == ["Label", "Sources"]
    assert english.fields[0].value == "✅ Verified" and english.fields[1].value == "None yet"
    assert english.footer.text == "Story #7 · this server · report a problem with the Flag button"
    french_embed = ui.story_embed(view, Words("fr"))
    assert [f.name for f in french_embed.fields] == ["Étiquette", "Sources"]
    assert french_embed.fields[0].value == "✅ Vérifié" and french_embed.fields[1].value == "Aucune pour l'instant"
    assert french_embed.footer.text == "Histoire n° 7 · ce serveur · signalez un problème avec le bouton Signaler"


def test_a_source_line_shows_kind_and_tier_as_words() -> None:
    source = Source(1, 7, "https://x.com/a", "x.com", "social", "", 1, "2026-02-01T10:00:00", role="appearance")
    unrated = ui.source_line(SourceView(source, None), ENGLISH)
    assert unrated == "[x.com](https://x.com/a) · social · unrated · where it circulates"
    assert ui.source_line(SourceView(source, "major"), ENGLISH).startswith("[x.com](https://x.com/a) · social · major")


def test_the_review_queue_and_search_lists_read_as_before() -> None:
    library = _story(guild_id=None, label="unverified", created_at="2026-02-03T00:00:00")
    reported = QueueItem(_story(label="unverified"), open_flags=2, oldest_flag_at="2026-02-02T09:00:00")
    [page] = ui.queue_pages([reported, QueueItem(library, 0, None)], ENGLISH)
    assert page.title == "Review queue (oldest first)"
    assert page.description == (
        "`#7` **Quad axel in practice** — 2 open report(s) since 2026-02-02 · added 2026-02-01\n"
        "`#7` **Quad axel in practice** — unverified · shared library · added 2026-02-03"
    )
    [empty] = ui.queue_pages([], ENGLISH)
    assert empty.description == "Nothing to review. 🎉"
    pages = ui.story_list_pages("Stories", [_story()] * 11, "none", ENGLISH)
    assert [p.footer.text for p in pages] == ["Page 1/2", "Page 2/2"]


def test_the_audit_trail_names_fields_and_labels_in_the_readers_words(french: Catalogue) -> None:
    relabel = AuditEntry(1, 7, 111, 0, "label", "2026-02-01T10:00:00", {"label": "unverified"}, {"label": "false"})
    custom = AuditEntry(2, 7, 111, 42, "moment posted", "2026-02-02T10:00:00", None, {"channel_id": 5})
    [english] = ui.history_pages(_story(), [relabel, custom], Words("en-US"))
    assert english.title == "History of story #7"
    assert english.description == (
        "`2026-02-01 10:00` the command line **label**\nlabel: unverified → false\n"
        "`2026-02-02 10:00` <@42> **moment posted**\nchannel\\_id: 5"  # unknown to the catalogue: shown as stored
    )
    [in_french] = ui.history_pages(_story(), [relabel], Words("fr"))
    assert "étiquette : non vérifié → faux" in (in_french.description or "")


# --- the mod-log: the server's words, whoever acted -------------------------------------------------------------


class _Settings:
    def __init__(self, channel_id: int | None) -> None:
        self.channel_id = channel_id

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        return GuildSettings(guild_id, modlog_channel_id=self.channel_id)


def _client(locale: discord.Locale) -> tuple[Any, Any]:
    channel = NonCallableMagicMock(spec_set=discord.TextChannel)
    channel.send = AsyncMock()
    server = mocks.guild(111)
    server.preferred_locale = locale
    client = NonCallableMagicMock(spec_set=discord.Client)
    client.get_channel.return_value = channel
    client.get_guild.return_value = server
    return client, channel


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        (discord.Locale.french, "<@5> a ajouté l'histoire n° 7 **Quad**"),
        (discord.Locale.american_english, "<@5> added story #7 **Quad**"),
        (discord.Locale.japanese, "<@5> added story #7 **Quad**"),  # no catalogue: the default language
    ],
)
async def test_the_mod_log_is_posted_in_the_servers_words(
    french: Catalogue, locale: discord.Locale, expected: str
) -> None:
    client, channel = _client(locale)
    await modlog.post(client, _Settings(99), 111, t("modlog-story-added", user=5, id=7, title="Quad"))
    client.get_guild.assert_called_once_with(111)
    assert channel.send.await_args.kwargs["embed"].description == expected


async def test_the_mod_log_posts_nothing_without_a_channel() -> None:
    client, channel = _client(discord.Locale.american_english)
    await modlog.post(client, _Settings(None), 111, t("modlog-story-added", user=5, id=7, title="Quad"))
    await modlog.post(client, _Settings(99), None, t("modlog-story-added", user=5, id=7, title="Quad"))
    channel.send.assert_not_awaited()


# --- errors carry keys ------------------------------------------------------------------------------------------


def test_a_refusal_carries_its_key_and_reads_in_english_for_logs() -> None:
    with pytest.raises(PermissionDenied) as refused:
        require_edit_rights(Actor(1, None), None)
    assert refused.value.text == t("access-library-owners-only")
    assert str(refused.value) == "Stories in the shared library are managed by the bot's owners only."


def test_a_story_file_error_is_a_catalogue_message_whose_str_is_english(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.json"
    with pytest.raises(StoryFileError) as refused:
        read_story_files([missing])
    assert isinstance(refused.value, UserFacingError)
    assert refused.value.text.key == "story-import-no-file"
    assert str(refused.value) == f"{missing}: no such file"
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "skatebot-stories", "version": 1, "stories": [{"id": "a", "title": " "}]}')
    with pytest.raises(StoryFileError, match=r"stories\[0\]: 'title' must be non-empty text"):
        read_story_files([bad])


# --- commands are described by key ------------------------------------------------------------------------------

OTHER_HELPERS = {"story check"}  # described by the claim check's own catalogue


def _commands() -> list[app_commands.Command[Any, ..., Any] | app_commands.Group]:
    found: list[app_commands.Command[Any, ..., Any] | app_commands.Group] = [Stories.story, Config.config]
    for group in (Stories.story, Config.config):
        found += [c for c in group.walk_commands() if c.qualified_name not in OTHER_HELPERS]
    return found


@pytest.mark.parametrize("command", _commands(), ids=lambda c: c.qualified_name)
def test_every_story_and_config_command_is_described_by_a_catalogue_key(command: Any) -> None:
    keys = bot.i18n.catalogue().keys("en-US")
    described = command._locale_description
    assert described is not None and described.extras.get("key") in keys
    assert described.extras["key"] == "cmd-" + command.qualified_name.replace(" ", "-")
    if isinstance(command, app_commands.Command):
        for parameter in command.parameters:
            assert parameter.description == render(f"cmd-{command.qualified_name.replace(' ', '-')}-{parameter.name}")
            for choice in parameter.choices:
                assert choice._locale_name is not None and choice._locale_name.extras.get("key") in keys
