"""Words for users, in their language: every sentence a user reads is a message in a Fluent catalogue.

Code holds no finished sentence. A service names a message (`Text`: a catalogue key and the values the
message needs) and the Discord layer renders it at the edge, in the language of whoever reads it: the
interaction's locale for a reply, the server's for a post to a channel. A language is added by adding a
folder of catalogues, `bot/locales/<locale>/*.ftl`; no code changes.

Values are passed as they are shown. Anything a user typed goes through `bot.text.quote` first (Fluent
escapes nothing), numbers that need decimals are formatted by the caller (a score is always two), and
integers are shown without grouping (a year is 2026, never 2,026).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Union

import babel.core
import babel.localedata
import babel.plural
import fluent.syntax.parser
from babel import Locale as BabelLocale
from fluent.runtime import FluentBundle
from fluent.runtime.types import fluent_number
from fluent.syntax import FluentParser, Visitor
from fluent.syntax import ast as ftl

from bot.text import escape_markdown, shorten

log = logging.getLogger(__name__)

LOCALES_ROOT = Path(__file__).resolve().parent.parent / "locales"
DEFAULT_LOCALE = "en-US"
# Joins a list value ("Worlds 2025, Worlds 2024"); each language words it its own way.
LIST_SEPARATOR_KEY = "list-separator"
VALUE_LIMIT = 2000

# A value a message can name: text, a whole number, another message (rendered in the same language first), a
# skater's name (shown as the reader's language writes it, where a source gives it), or a tuple of those
# (rendered, then joined by the language's list separator).
Arg = Union[str, int, "Text", "Name", tuple["Arg", ...]]


@dataclass(frozen=True, slots=True)
class Name:
    """A skater's name as the store holds it ("Kaori Sakamoto", a couple as "A / B"), shown to each reader as
    their language writes it where the results service knows a sourced spelling (`spell_names_with`): "坂本花織";
    escaped, so that no name reads as Discord formatting."""

    text: str

    def __str__(self) -> str:
        return self.text


# (a stored name, a catalogue's locale) -> that name as the locale writes it, or None where no source says. The results
# service knows the names and registers its speller when it loads them (`spell_names_with`): i18n knows no service.
NameSpeller = Callable[[str, str], str | None]


def _no_local_names(name: str, locale: str) -> str | None:
    return None


_speller: NameSpeller = _no_local_names


def spell_names_with(speller: NameSpeller) -> None:
    """What the results service loaded: names are shown as each language writes them, per `speller`."""
    global _speller
    _speller = speller


def local_name(name: str, locale: str) -> str:
    """`name` as `locale` writes it; a couple ("A / B") partner by partner; unchanged when no source says."""
    resolved = catalogue().resolve(locale)
    return " / ".join(_speller(part, resolved) or part for part in name.split(" / "))


@dataclass(frozen=True, slots=True)
class Text:
    """A message not yet put into words: its catalogue key and the values it names. Hashable, so rendered
    embeds can be cached by what they say."""

    key: str
    args: tuple[tuple[str, Arg], ...] = ()

    def __str__(self) -> str:
        """The message in the default language: for logs, the command line and exceptions' str()."""
        return catalogue().render(self, DEFAULT_LOCALE)


def t(key: str, /, **args: Arg | list[Arg] | None) -> Text:
    """`Text(key, ...)` with keyword values; lists become tuples, and None values are left out (a message
    can test a missing value with a selector on a default)."""
    return Text(key, tuple((name, _frozen(value)) for name, value in args.items() if value is not None))


def _frozen(value: Arg | list[Arg]) -> Arg:
    if isinstance(value, list | tuple):
        return tuple(_frozen(item) for item in value)
    return value


class MissingMessage(LookupError):
    """A key no catalogue has, or a message that names a value it was not given: a bug, never user input."""


@dataclass(frozen=True, slots=True)
class Words:
    """The catalogue in one reader's language: `words("key", value=...)` or `words(text)`."""

    locale: str

    def __call__(self, message: Text | str, /, **args: Arg | list[Arg] | None) -> str:
        text = message if isinstance(message, Text) else t(message, **args)
        return catalogue().render(text, self.locale)

    def name(self, name: str) -> str:
        """A skater's stored name as this reader's language writes it (`local_name`)."""
        return local_name(name, self.locale)


def _plain_text(message: ftl.Message) -> str | None:
    """The message's text when it is text alone: no placeable, no attribute."""
    if message.attributes or message.value is None:
        return None
    elements = message.value.elements
    if len(elements) == 1 and isinstance(elements[0], ftl.TextElement):
        return str(elements[0].value)
    return None


def _referenced(resources: Iterable[ftl.Resource]) -> set[str]:
    """The messages other messages name ({ other-message }): the bundle must keep them."""
    found: set[str] = set()

    class Names(Visitor):
        def visit_MessageReference(self, node: ftl.MessageReference) -> None:
            found.add(node.id.name)

    for resource in resources:
        Names().visit(resource)
    return found


# The catalogues as read from their files, kept in the user's cache directory under a digest of every file and of
# this module (bot/user_cache.py): parsing them all costs a start about a quarter of a second, reading this copy a
# few milliseconds. Bump the format's name when what `_Read` holds changes meaning.
CACHE_FORMAT = b"skatebot catalogues 1"
CACHE_FOLDER = "catalogues"
# Copies of other versions (an older checkout, catalogues since edited) unused this long are removed.
CACHE_STALE_AFTER = 14 * 24 * 3600


@dataclass(frozen=True, slots=True)
class _Read:
    """One language's catalogue as read from its files, as plain data (the cache holds it as JSON). Fluent's syntax
    tree is made only for the messages rendered, when first rendered: most are text alone, and the tree costs
    about 35 times the text in memory."""

    plain: dict[str, str]  # messages that are text alone (most: descriptions, labels): that text
    files: dict[str, str]  # every message -> the name of the file that defines it
    sources: dict[str, str]  # what the bundle needs ("key", or "-term"): its Fluent source
    needs: dict[str, list[str]]  # such an entry -> the messages and terms it names, at any depth


def _read(locale: str, files: Iterable[Path]) -> _Read:
    """Parses one language's files; a file Fluent cannot read, or a key defined twice, is an error here."""
    keys: dict[str, Path] = {}
    parsed: list[tuple[str, ftl.Resource]] = []
    for path in files:
        source = path.read_text(encoding="utf-8")
        resource = FluentParser(with_spans=True).parse(source)
        for entry in resource.body:
            if isinstance(entry, ftl.Junk):
                raise ValueError(f"{path}: cannot read {(entry.content or '').strip()[:80]!r}")
            if isinstance(entry, ftl.Message):
                if entry.id.name in keys:
                    raise ValueError(f"{path}: {entry.id.name} is already in {keys[entry.id.name].name}")
                keys[entry.id.name] = path
        parsed.append((source, resource))
    referenced = _referenced(resource for _, resource in parsed)
    plain: dict[str, str] = {}
    sources: dict[str, str] = {}
    names: dict[str, set[str]] = {}
    for source, resource in parsed:
        for entry in resource.body:
            if not isinstance(entry, ftl.Message | ftl.Term):
                continue  # comments: for translators, not for the bot
            text = _plain_text(entry) if isinstance(entry, ftl.Message) else None
            if text is not None:
                plain[entry.id.name] = text
                if entry.id.name not in referenced:
                    continue
            entry_id = _entry_id(entry)
            assert entry.span is not None  # parsed with spans
            sources[entry_id] = source[entry.span.start : entry.span.end]
            names[entry_id] = _names(entry)
    return _Read(plain, {key: path.name for key, path in keys.items()}, sources, _closure(names))


def _entry_id(entry: ftl.Message | ftl.Term) -> str:
    return f"-{entry.id.name}" if isinstance(entry, ftl.Term) else entry.id.name


def _names(entry: ftl.Message | ftl.Term) -> set[str]:
    """The messages and terms `entry` names ({ other-message }, { -term })."""
    found: set[str] = set()

    class Names(Visitor):
        def visit_MessageReference(self, node: ftl.MessageReference) -> None:
            found.add(node.id.name)

        def visit_TermReference(self, node: ftl.TermReference) -> None:
            found.add(f"-{node.id.name}")
            self.generic_visit(node)

    Names().visit(entry)
    return found


def _closure(names: dict[str, set[str]]) -> dict[str, list[str]]:
    """Per entry, what it names and what those name, and so on (a cycle ends where it closes)."""
    needs: dict[str, list[str]] = {}
    for entry_id, direct in names.items():
        seen: set[str] = set()
        pending = list(direct)
        while pending:
            name = pending.pop()
            if name in seen or name == entry_id:
                continue
            seen.add(name)
            pending.extend(names.get(name, ()))
        if seen:
            needs[entry_id] = sorted(seen)
    return needs


def _read_all(root: Path, files: dict[str, list[Path]], *, cached: bool) -> dict[str, _Read]:
    """Every language's catalogue: from the user's cache when `cached` and a copy of these very files is there,
    else parsed (and kept there for the next process)."""
    if not cached:
        return {locale: _read(locale, paths) for locale, paths in files.items()}
    from bot.user_cache import cache_dir, write_atomically

    digest = hashlib.sha256(CACHE_FORMAT + b"\0" + Path(__file__).read_bytes())
    digest.update(Path(fluent.syntax.parser.__file__).read_bytes())  # what parses them, and splits them
    for locale, paths in files.items():
        for path in paths:
            digest.update(f"\0{locale}/{path.name}\0".encode() + path.read_bytes())
    copy: Path | None = None
    try:
        copy = cache_dir() / CACHE_FOLDER / f"{digest.hexdigest()[:32]}.json"
        return _cached_read(json.loads(copy.read_bytes()))
    except FileNotFoundError:
        pass  # the first start of these catalogues
    except (ValueError, TypeError, KeyError) as exc:
        log.warning("the cached catalogues in %s are unreadable (%s): reading the catalogues again", copy, exc)
    except (OSError, RuntimeError) as exc:
        # No home directory (RuntimeError), or one this process may not enter (systemd's ProtectHome): parsed at
        # every start, as before there was a cache.
        log.debug("the catalogues are not cached (%s): %s", copy, exc)
        copy = None
    read = {locale: _read(locale, paths) for locale, paths in files.items()}
    if copy is not None:
        encoded = {
            locale: {"plain": r.plain, "files": r.files, "sources": r.sources, "needs": r.needs}
            for locale, r in read.items()
        }
        write_atomically(copy, json.dumps(encoded, ensure_ascii=False).encode())
        _remove_stale(copy.parent, keep=copy)
    return read


def _cached_read(value: object) -> dict[str, _Read]:
    if not isinstance(value, dict):
        raise TypeError("not a cached catalogue")
    read: dict[str, _Read] = {}
    for locale, fields in value.items():
        entry = _Read(**fields)
        if not all(isinstance(getattr(entry, name), dict) for name in ("plain", "files", "sources", "needs")):
            raise TypeError("not a cached catalogue")
        read[locale] = entry
    return read


def _remove_stale(folder: Path, *, keep: Path) -> None:
    now = time.time()
    with contextlib.suppress(OSError):  # a folder it may not read, a file another process removed first
        for other in folder.glob("*.json"):
            if other != keep and now - other.stat().st_mtime > CACHE_STALE_AFTER:
                other.unlink()


class Catalogue:
    """Every language's messages, loaded once from `bot/locales/<locale>/*.ftl`."""

    def __init__(self, root: Path = LOCALES_ROOT, default: str = DEFAULT_LOCALE, *, cached: bool | None = None) -> None:
        """`cached`: read through the user's cache directory (`_read_all`); by default only the shipped catalogues
        are, so that a test's catalogues in a temporary folder leave nothing there."""
        self.default = default
        self._bundles: dict[str, FluentBundle] = {}
        self._read: dict[str, _Read] = {}
        self._added: dict[str, set[str]] = {}  # per language, what its bundle holds
        files = {
            folder.name: sorted(folder.glob("*.ftl")) for folder in sorted(p for p in root.iterdir() if p.is_dir())
        }
        for locale, read in _read_all(root, files, cached=root == LOCALES_ROOT if cached is None else cached).items():
            self._load(locale, read)
        if default not in self._bundles:
            raise MissingMessage(f"no catalogue for the default locale {default} in {root}")
        _release_locale_data()

    def _load(self, locale: str, read: _Read) -> None:
        # Discord shows bidi isolation marks as boxes. ORDINAL($n) is the language's ordinal category of n (CLDR,
        # through Babel: "one" for 1, 21 in English), for messages such as 1st, 2nd, 3rd.
        ordinal_form = babel.plural.to_python(BabelLocale.parse(locale, sep="-").ordinal_form)

        def ordinal(n: Any) -> str:  # a selector's key: the category, as text
            return str(ordinal_form(int(getattr(n, "value", n))))

        functions: dict[str, Any] = {"ORDINAL": ordinal}
        bundle = FluentBundle([locale], functions=functions, use_isolating=False)
        _keep_number_data(bundle._babel_locale)
        self._bundles[locale] = bundle
        self._read[locale] = read
        self._added[locale] = set()

    def _add(self, locale: str, key: str) -> None:
        """Puts message `key` into `locale`'s bundle, with every message and term it names, parsed now."""
        added = self._added[locale]
        if key in added:
            return
        read = self._read[locale]
        # What it names first, itself last: another thread that sees `key` added finds all it needs.
        for entry_id in (*read.needs.get(key, ()), key):
            source = read.sources.get(entry_id)
            if entry_id in added or source is None:
                continue  # a name no entry has: Fluent's error when the message is formatted, as before
            resource = FluentParser(with_spans=False).parse(source)
            for entry in resource.body:
                if isinstance(entry, ftl.Message | ftl.Term):
                    entry.comment = None
            self._bundles[locale].add_resource(resource)
            added.add(entry_id)

    @property
    def locales(self) -> list[str]:
        return sorted(self._bundles)

    def keys(self, locale: str) -> set[str]:
        read = self._read.get(locale)
        return set() if read is None else set(read.files)

    def resolve(self, locale: str | None) -> str:
        """The catalogue that serves `locale`: itself, else one of its language ('en-GB' → 'en-US'), else the
        default."""
        if locale in self._bundles:
            return locale
        language = (locale or "").split("-")[0].lower()
        for known in self.locales:
            if known.split("-")[0].lower() == language:
                return known
        return self.default

    def has(self, key: str, locale: str) -> bool:
        """Whether `locale`'s own catalogue has `key` (no fallback)."""
        read = self._read.get(locale)
        return read is not None and key in read.files

    def render(self, text: Text, locale: str | None) -> str:
        """`text` in `locale`'s words; a key that language lacks is rendered in the default language."""
        served = self.resolve(locale)
        if not self.has(text.key, served):
            served = self.default
            if not self.has(text.key, served):
                raise MissingMessage(f"no message {text.key!r} in any catalogue")
        plain = self._read[served].plain.get(text.key)
        if plain is not None:
            return plain
        self._add(served, text.key)
        bundle = self._bundles[served]
        message = bundle.get_message(text.key)
        if message.value is None:
            raise MissingMessage(f"{text.key!r} has no value")
        values = {name: self._value(value, served) for name, value in text.args}
        rendered, errors = bundle.format_pattern(message.value, values)
        if errors:
            raise MissingMessage(f"{text.key!r} in {served}: {errors[0]}")
        return str(rendered)

    def _value(self, value: Arg, locale: str) -> object:
        if isinstance(value, Name):
            return escape_markdown(local_name(value.text, locale))
        if isinstance(value, Text):
            return _fitted(self.render(value, locale))
        if isinstance(value, tuple):
            separator = self.render(Text(LIST_SEPARATOR_KEY), locale)
            return _fitted(separator.join(str(self._value(item, locale)) for item in value))
        if isinstance(value, bool):  # a bool is an int to Python, never a number to a reader
            raise TypeError("pass a bool to a message as a selector string, e.g. 'yes' / 'no'")
        if isinstance(value, int):
            return fluent_number(value, useGrouping=False)
        if isinstance(value, str):
            return _fitted(value)
        raise TypeError(f"a message value must be text, a whole number, a Text or a tuple, not {type(value)}")


# What a bundle formats with: whole numbers and the plural and ordinal categories (dates and times are composed
# in the catalogue's words). A language's whole CLDR data (territory and currency names, time zones, ...) is
# about 1 MB, kept for as long as the bot runs for each language.
_NUMBER_DATA = (
    "locale_id",
    "decimal_formats",
    "default_numbering_system",
    "number_symbols",
    "numbering_systems",
    "percent_formats",
    "scientific_formats",
    "plural_form",
    "ordinal_form",
)


def _keep_number_data(locale: BabelLocale) -> None:
    """Loads the language's CLDR data into the bundle's Babel locale and keeps only what numbers and plurals
    need. Babel's private attribute (babel 2.x): were it renamed, the whole data is kept (bench_bot shows it)."""
    data = locale._data  # loads it
    raw = getattr(data, "_data", None)
    if isinstance(raw, dict) and hasattr(locale, "_Locale__data"):
        kept: dict[str | int | None, Any] = {key: raw[key] for key in _NUMBER_DATA if key in raw}
        locale._Locale__data = babel.localedata.LocaleDataDict(kept)


def _release_locale_data() -> None:
    """Lets go of what Babel keeps once the bundles hold their language's CLDR data: its global tables and the
    raw data of every parent locale it merged (about 3 MB, read again only to load another language, which
    Babel then does as it did the first time). These are Babel's private caches (babel 2.x): were they renamed,
    nothing breaks, the memory is only kept (bench/bench_bot.py would show it)."""
    for cache in ("_cache", "_dict_cache"):
        getattr(babel.localedata, cache, {}).clear()
    if hasattr(babel.core, "_global_data"):
        babel.core._global_data = None


def stored(text: Text) -> str:
    """A message as the store keeps it (a failure's reason, a check's summary): the message, not its words, so
    each reader is told it in their own language (read back with `from_stored`)."""
    return json.dumps(_encoded(text), ensure_ascii=False)


def from_stored(value: str | None) -> Text | None:
    """A stored message; one stored as words (before it was a message, or by an older version) is shown as it
    is, through `as-recorded`."""
    if value is None:
        return None
    try:
        decoded = _decoded(json.loads(value))
    except (ValueError, TypeError, KeyError):
        decoded = None
    if isinstance(decoded, Text) and catalogue().has(decoded.key, DEFAULT_LOCALE):
        return decoded
    return t("as-recorded", words=value)


def _encoded(value: Arg) -> object:
    if isinstance(value, Name):
        return {"skater": value.text}
    if isinstance(value, Text):
        return {"key": value.key, "args": [[name, _encoded(arg)] for name, arg in value.args]}
    if isinstance(value, tuple):
        return {"list": [_encoded(item) for item in value]}
    return value


def _decoded(value: object) -> Arg:
    if isinstance(value, dict) and "key" in value:
        return Text(str(value["key"]), tuple((str(name), _decoded(arg)) for name, arg in value["args"]))
    if isinstance(value, dict) and "list" in value:
        return tuple(_decoded(item) for item in value["list"])
    if isinstance(value, dict) and "skater" in value:
        return Name(str(value["skater"]))
    if isinstance(value, str | int) and not isinstance(value, bool):
        return value
    raise TypeError(f"not a stored message value: {value!r}")


def _fitted(value: str) -> str:
    """Fluent refuses a value of more than 2,500 characters (and the whole message with it); no Discord text
    holds more than 2,000 anyway, so a longer value (an importer's error naming a long URL) is cut."""
    return shorten(value, VALUE_LIMIT)


_loaded: Catalogue | None = None


def catalogue() -> Catalogue:
    """The catalogues shipped with the bot, read once (a test may put others in `_loaded`)."""
    global _loaded
    if _loaded is None:
        _loaded = Catalogue()
    return _loaded


def render(message: Text | str, locale: str | None = None, /, **args: Arg | list[Arg] | None) -> str:
    """One message in one language (the default when `locale` is None)."""
    return Words(locale or DEFAULT_LOCALE)(message, **args)
