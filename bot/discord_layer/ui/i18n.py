"""The catalogue at Discord's edge: whose language a reply is in, and commands described in every language.

A reply is in the language of the person who asked (`interaction.locale`, the language of their Discord
client); a post to a channel in the server's (`guild.preferred_locale`). Command names, descriptions,
options and choices go to Discord through discord.py's `locale_str` and a `Translator`, so Discord shows
each user the commands in their client's language where a catalogue has it.
"""

from __future__ import annotations

import babel
import discord
from babel import Locale as BabelLocale
from discord import app_commands

from bot.i18n import DEFAULT_LOCALE, Words, catalogue, render


def words_for(interaction: discord.Interaction) -> Words:
    """The words of the person who asked."""
    return Words(catalogue().resolve(str(interaction.locale)))


def guild_words(guild: discord.Guild | None, chosen: str | None = None) -> Words:
    """The words of a server, for what the bot posts to its channels: the language its moderators chose
    (`/config language`, `chosen`), else Discord's preferred language of the server."""
    locale = chosen or (str(guild.preferred_locale) if guild is not None else DEFAULT_LOCALE)
    return Words(catalogue().resolve(locale))


def language_name(locale: str, reader: Words) -> str:
    """A language by its name in the reader's language ("日本語", "Japanese"), from CLDR; the tag when unknown."""
    try:
        name = BabelLocale.parse(locale, sep="-").get_display_name(BabelLocale.parse(reader.locale, sep="-"))
    except (ValueError, TypeError, babel.UnknownLocaleError):
        return locale
    return name or locale


def command_text(key: str) -> app_commands.locale_str:
    """A command's or option's description (or a choice's name): the default language's words, with the key
    the translator looks up for every other language."""
    return app_commands.locale_str(render(key), key=key)


class CatalogueTranslator(app_commands.Translator):
    """Gives Discord each language's words for what `command_text` marked. Names without a key (command and
    option names, which are also what users type) are looked up as `name-<path>`, so a catalogue may name a
    command in its own language; the default language's are the names in the code."""

    def __init__(self) -> None:
        super().__init__()
        # Which catalogue serves each of Discord's locales, per catalogue (tests may swap it): a sync asks for every
        # string in every locale, 11,000 questions at each start for two catalogues.
        self._served: dict[str, str] = {}
        self._served_by: object = None

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        book = catalogue()
        if book is not self._served_by:
            self._served, self._served_by = {}, book
        served = self._served.get(str(locale))
        if served is None:
            served = self._served[str(locale)] = book.resolve(str(locale))
        if str(locale) != served or served == DEFAULT_LOCALE:
            return None  # Discord falls back to the default words; en-GB is not given en-US's again
        key = string.extras.get("key") or _name_key(context)
        if key is None or not book.has(key, served):
            return None
        return render(key, served)


def _name_key(context: app_commands.TranslationContextTypes) -> str | None:
    data = context.data
    if isinstance(data, app_commands.Command | app_commands.Group) and context.location in (
        app_commands.TranslationContextLocation.command_name,
        app_commands.TranslationContextLocation.group_name,
    ):
        return "name-" + data.qualified_name.replace(" ", "-")
    if isinstance(data, app_commands.Parameter):
        return f"name-{data.command.qualified_name.replace(' ', '-')}-{data.name}"
    return None
