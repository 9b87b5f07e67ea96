"""The message catalogue: every language complete, every key the code names present, nothing English in code.

The code names messages by key in a few ways only (`t`, `render`, a `Words` call named `words`, `command_text`,
a UserFacingError), so a key can be read from the source: a key that no catalogue has would otherwise surface as
a bug report in front of a user, and a sentence passed where a key belongs would reach every language in English.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
from pathlib import Path
from unittest.mock import create_autospec

import discord
import pytest
from discord import app_commands

import cogs
from bot.client import SkateBot
from bot.discord_layer.ui.i18n import CatalogueTranslator
from bot.errors import UserFacingError
from bot.i18n import DEFAULT_LOCALE, Catalogue, MissingMessage, Words, catalogue, render, t
from bot.sandbox import limits
from bot.settings import Settings
from db.database import Database
from tests.languages import catalogue_with

ROOT = Path(__file__).resolve().parents[2]
KEY = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9_]+)*$")
NAMING_CALLS = {"t", "render", "words", "command_text", "Words"}


def _callee(node: ast.Call) -> str:
    func = node.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def _user_facing_errors() -> set[str]:
    """The names of every error class whose first argument is a message key: UserFacingError and its
    subclasses, wherever they are defined (every module is imported to find them)."""
    import bot
    import cogs as cog_package

    for package in (bot, cog_package):
        for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if ".sandbox" not in module.name and not module.name.endswith("__main__"):
                importlib.import_module(module.name)
    found, todo = set(), [UserFacingError]
    while todo:
        cls = todo.pop()
        found.add(cls.__name__)
        todo.extend(cls.__subclasses__())
    return found


def _names_a_message(node: ast.Call, errors: set[str]) -> bool:
    name = _callee(node)
    return name in NAMING_CALLS or name in errors


def named_keys() -> tuple[set[str], set[str], list[str]]:
    """(keys named literally, prefixes of keys built with an f-string, sentences passed where a key belongs)."""
    keys: set[str] = set()
    prefixes: set[str] = set()
    sentences: list[str] = []
    errors = _user_facing_errors()
    for path in sorted(p for folder in ("bot", "cogs") for p in (ROOT / folder).rglob("*.py")):
        if "sandbox" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and node.args and _names_a_message(node, errors)):
                continue
            first = node.args[0]
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                if KEY.match(first.value):
                    keys.add(first.value)
                else:
                    sentences.append(f"{where}: {first.value[:60]!r}")
            elif isinstance(first, ast.JoinedStr) and first.values and isinstance(first.values[0], ast.Constant):
                prefix = str(first.values[0].value)
                if KEY.match(prefix.rstrip("-")):
                    prefixes.add(prefix)
                else:
                    sentences.append(f"{where}: f{prefix[:60]!r}…")
    return keys, prefixes, sentences


def test_every_catalogue_reads_and_has_every_key_of_the_default_language() -> None:
    shipped = catalogue()
    default = shipped.keys(DEFAULT_LOCALE)
    assert default, "the default catalogue is empty"
    for locale in shipped.locales:
        keys = shipped.keys(locale)
        assert not default - keys, f"{locale} lacks {sorted(default - keys)[:20]}"
        assert not keys - default, f"{locale} has keys the default language lacks: {sorted(keys - default)[:20]}"


def test_every_key_the_code_names_is_in_the_catalogue() -> None:
    keys, prefixes, _ = named_keys()
    default = catalogue().keys(DEFAULT_LOCALE)
    assert keys, "no key found in the code: the scan is broken"
    assert not keys - default, f"named in the code, missing from the catalogue: {sorted(keys - default)}"
    for prefix in prefixes:
        assert any(key.startswith(prefix) for key in default), f"no message starts with {prefix!r}"


def test_no_sentence_is_passed_where_a_key_belongs() -> None:
    _, _, sentences = named_keys()
    assert not sentences, "English in the code instead of a key:\n" + "\n".join(sentences)


PREFIX = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*-$")
REFERENCE = re.compile(r"\{\s*([a-z][a-zA-Z0-9_-]*)\s*[}.]")  # { other-message } inside a message


def built_prefixes(tree: ast.AST) -> set[str]:
    """Key prefixes of keys the code builds: f"discipline-{key}" or "history-action-" + action."""
    found = set()
    for node in ast.walk(tree):
        first = None
        if isinstance(node, ast.JoinedStr) and node.values:
            first = node.values[0]
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            first = node.left
        if isinstance(first, ast.Constant) and isinstance(first.value, str) and PREFIX.match(first.value):
            found.add(first.value)
    return found


def test_every_message_in_the_catalogue_is_used() -> None:
    files = [p for folder in ("bot", "cogs") for p in (ROOT / folder).rglob("*.py")]
    sources = [p.read_text(encoding="utf-8") for p in files]
    source = "\n".join(sources)
    prefixes = set().union(*(built_prefixes(ast.parse(text)) for text in sources))
    referenced = {
        key
        for ftl in (ROOT / "bot" / "locales" / DEFAULT_LOCALE).glob("*.ftl")
        for key in REFERENCE.findall(ftl.read_text())
    }
    unused = [
        key
        for key in sorted(catalogue().keys(DEFAULT_LOCALE))
        if f'"{key}"' not in source and key not in referenced and not any(key.startswith(p) for p in prefixes)
    ]
    assert not unused, f"messages no code names (dead, or named in a way this test cannot see): {unused}"


def message_variables() -> dict[str, set[str]]:
    """Each default-language message's variables ($name), those of the messages it references included."""
    from fluent.syntax import FluentParser, Visitor
    from fluent.syntax import ast as ftl

    direct: dict[str, set[str]] = {}
    refs: dict[str, set[str]] = {}

    class Collect(Visitor):
        def __init__(self) -> None:
            super().__init__()
            self.variables: set[str] = set()
            self.messages: set[str] = set()

        def visit_VariableReference(self, node: ftl.VariableReference) -> None:
            self.variables.add(node.id.name)

        def visit_MessageReference(self, node: ftl.MessageReference) -> None:
            self.messages.add(node.id.name)

    for path in (ROOT / "bot" / "locales" / DEFAULT_LOCALE).glob("*.ftl"):
        for entry in FluentParser().parse(path.read_text(encoding="utf-8")).body:
            if isinstance(entry, ftl.Message) and entry.value is not None:
                collect = Collect()
                collect.visit(entry.value)
                direct[entry.id.name], refs[entry.id.name] = collect.variables, collect.messages

    def closure(key: str, seen: frozenset[str] = frozenset()) -> set[str]:
        found = set(direct.get(key, set()))
        for other in refs.get(key, set()) - seen:
            found |= closure(other, seen | {key})
        return found

    return {key: closure(key) for key in direct}


def test_the_code_gives_every_message_the_values_it_names() -> None:
    """A message naming $seconds rendered without it is a bug a user would meet as an error code."""
    needs = message_variables()
    errors = _user_facing_errors()
    wrong = []
    for path in sorted(p for folder in ("bot", "cogs") for p in (ROOT / folder).rglob("*.py")):
        if "sandbox" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and node.args and _names_a_message(node, errors)):
                continue
            first = node.args[0]
            if not (isinstance(first, ast.Constant) and isinstance(first.value, str) and first.value in needs):
                continue
            if any(keyword.arg is None for keyword in node.keywords):
                continue  # **values: not readable here
            given = {keyword.arg for keyword in node.keywords if keyword.arg}
            missing = needs[first.value] - given
            if missing:
                wrong.append(f"{path.relative_to(ROOT)}:{node.lineno}: {first.value} lacks {sorted(missing)}")
    assert not wrong, "\n".join(wrong)


# --- rendering --------------------------------------------------------------------------------------------------


def test_values_are_shown_as_given_and_numbers_without_grouping() -> None:
    assert render("error-cooldown", seconds=2026) == "Slow down a little: try again in 2026 s."
    assert render("error-missing-permissions", permissions=("`a`", "`b`")) == (
        "You need the `a`, `b` permission for this."
    )
    nested = t("error-not-in-store", missing=t("error-guild-only"))
    assert render(nested).startswith("No This command only works in a server.")


def test_a_value_too_long_for_fluent_is_cut_not_refused() -> None:
    shown = render("error-bad-option", value="x" * 5000)
    assert len(shown) < 2100 and shown.startswith("xxx")


def test_ordinals_follow_the_language_rules() -> None:
    assert [render("ordinal", n=n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th",
    ]  # fmt: skip


def test_a_missing_key_or_value_is_a_bug_not_a_reply() -> None:
    with pytest.raises(MissingMessage):
        render("no-such-message")
    with pytest.raises(MissingMessage):
        render("error-cooldown")  # names $seconds
    with pytest.raises(TypeError):
        render("error-cooldown", seconds=1.5)
    with pytest.raises(TypeError):
        render("error-cooldown", seconds=True)


def test_a_text_is_hashable_and_its_str_is_the_default_language() -> None:
    text = t("error-cooldown", seconds=3)
    assert {text: 1}[t("error-cooldown", seconds=3)] == 1
    assert str(text) == "Slow down a little: try again in 3 s."


# --- a second language, added as a folder -----------------------------------------------------------------------


@pytest.fixture
def with_french(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Catalogue:
    """The shipped catalogues plus a `fr` folder that words two messages (the rest falls back)."""
    french = "error-guild-only = Cette commande ne fonctionne que dans un serveur.\nname-ping = sonder\n"
    three = catalogue_with(tmp_path, "fr", french)
    monkeypatch.setattr("bot.i18n._loaded", three)
    return three


def test_a_language_is_a_folder_and_what_it_lacks_falls_back(with_french: Catalogue) -> None:
    assert with_french.locales == ["en-US", "fr", "ja"]
    assert with_french.resolve("fr") == "fr" and with_french.resolve("en-GB") == "en-US"
    assert with_french.resolve("de") == "en-US"
    assert Words("fr")("error-guild-only") == "Cette commande ne fonctionne que dans un serveur."
    assert Words("fr")("error-cooldown", seconds=3) == "Slow down a little: try again in 3 s."
    assert Words("en-US")("error-guild-only") == "This command only works in a server."


async def test_the_translator_gives_discord_each_language_and_nothing_for_the_default(
    with_french: Catalogue,
) -> None:
    translator = CatalogueTranslator()
    context = app_commands.TranslationContext(app_commands.TranslationContextLocation.other, None)
    keyed = app_commands.locale_str("This command only works in a server.", key="error-guild-only")
    assert (
        await translator.translate(keyed, discord.Locale.french, context)
        == "Cette commande ne fonctionne que dans un serveur."
    )
    assert await translator.translate(keyed, discord.Locale.american_english, context) is None
    assert await translator.translate(keyed, discord.Locale.british_english, context) is None
    assert await translator.translate(keyed, discord.Locale.german, context) is None


async def test_every_command_is_described_from_the_catalogue() -> None:
    bot = SkateBot(Settings(), create_autospec(Database, instance=True))
    for extension in cogs.EXTENSIONS:
        await bot.load_extension(extension)
    default = catalogue().keys(DEFAULT_LOCALE)
    undescribed: list[str] = []

    def check(what: str, text: app_commands.locale_str | str) -> None:
        key = text.extras.get("key") if isinstance(text, app_commands.locale_str) else None
        if key not in default:
            undescribed.append(f"{what}: {text!s}")

    commands = list(bot.tree.walk_commands())
    assert len(commands) > 20
    for command in commands:
        check(command.qualified_name, command._locale_description or command.description)
        if isinstance(command, app_commands.Command):
            for parameter in command.parameters:
                check(
                    f"{command.qualified_name} {parameter.name}", parameter.locale_description or parameter.description
                )
                for choice in parameter.choices:
                    check(f"{command.qualified_name} {parameter.name} {choice.value}", choice._locale_name)
    assert not undescribed, "described in code, not in the catalogue:\n" + "\n".join(undescribed)
    # discord.py keeps a command's and a choice's locale_str only in private attributes (2.7).
    # The payload Discord receives is built through the translator for every locale without error.
    await bot.tree.set_translator(CatalogueTranslator())
    for command in bot.tree.get_commands():
        if not isinstance(command, app_commands.Command | app_commands.Group):
            continue  # a context menu has a name only
        payload = await command.get_translated_payload(bot.tree, bot.tree.translator)
        assert payload["description"] == render(command._locale_description.extras["key"])


async def test_every_command_and_option_is_named_in_every_language_by_discords_rules() -> None:
    bot = SkateBot(Settings(), create_autospec(Database, instance=True))
    for extension in cogs.EXTENSIONS:
        await bot.load_extension(extension)
    shipped = catalogue()
    names = {key for key in shipped.keys(DEFAULT_LOCALE) if key.startswith("name-")}
    in_code: dict[str, str] = {}
    for command in bot.tree.walk_commands():
        key = "name-" + command.qualified_name.replace(" ", "-")
        in_code[key] = command.name
        if isinstance(command, app_commands.Command):
            in_code.update({f"{key}-{parameter.name}": parameter.name for parameter in command.parameters})
    # The default catalogue names what the code names, no more, no less: a renamed option cannot leave its
    # translation behind, and a new one cannot go without.
    assert names == set(in_code)
    assert {key: render(key) for key in names} == in_code
    await bot.tree.set_translator(CatalogueTranslator())
    japanese: list[str] = []
    for command in bot.tree.get_commands():
        if not isinstance(command, app_commands.Command | app_commands.Group):
            continue
        payload = await command.get_translated_payload(bot.tree, bot.tree.translator)
        assert not limits.validate_command_names(payload), (command.name, limits.validate_command_names(payload))
        japanese.append(payload["name_localizations"]["ja"])
    assert "結果" in japanese and "ping" not in japanese


def test_the_sandbox_refuses_names_discord_refuses() -> None:
    def names(name: str, *options: dict[str, object]) -> list[str]:
        return [problem for _, problem in limits.validate_command_names({"name": name, "options": list(options)})]

    assert names("結果", {"name": "大会"}, {"name": "post-now"}, {"name": "repeat_days"}) == []
    assert names("Results") == ["Application command names must be lower case"]
    assert names("名場面・今日") == ["Invalid application command name"]  # the middle dot is punctuation
    assert names("x" * 33) == ["Invalid application command name"]
    duplicate = {"name": "a", "name_localizations": {"ja": "大会"}}, {"name": "b", "name_localizations": {"ja": "大会"}}
    assert names("c", *duplicate) == ["Application command option names must be unique (大会)"]
    # A language that names one sibling only falls back to the default name for the others.
    fallback = {"name": "a", "name_localizations": {"ja": "b"}}, {"name": "b"}
    assert names("c", *fallback) == ["Application command option names must be unique (b)"]
