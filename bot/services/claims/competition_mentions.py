"""Stage 2, competitions and places: the spans of a sentence that name a competition or its place ("the 2019 World
Championships", "Beijing 2022", "in Helsinki", "the gpf in turin"), and a title's level and year ("the 2022 Olympic
champions"); and the ways of writing a country, which a place's possessive is told apart from."""

from __future__ import annotations

import re
from collections.abc import Callable

from bot.services.claims.patterns import guard_patterns, may_match, starting_with
from bot.services.countries import COUNTRIES


def _country_forms() -> list[tuple[str, str, str]]:
    """(form, code, how) for every way of writing a country in running text."""
    forms: list[tuple[str, str, str]] = []
    for code, country in COUNTRIES.items():
        for name in country.names:
            if name.lower() in ("uk",) or (len(name) < 4 and name not in ("USA", "ROC")):
                continue
            forms.append((name, code, "name"))
        for adjective in country.adjectives:
            forms.append((adjective, code, "adjective"))
            if adjective.endswith(("an", "ian")):
                forms.append((adjective + "s", code, "people"))
            elif adjective in ("Kazakh", "Czech", "Slovak", "Uzbek"):
                forms.append((adjective + "s", code, "people"))
    forms += [("U.S.A.", "USA", "name"), ("U.S.", "USA", "name"), ("US", "USA", "name"), ("UK", "GBR", "name")]
    forms += [("OAR", "OAR", "name"), ("AIN", "AIN", "name"), ("Russians", "RUS", "people")]
    return forms


def alternation_by_first_character(words: list[str]) -> str:
    """An alternation of `words` (tried in their order) grouped by their first character: re tries each
    alternative in turn, and a few hundred country forms tried at every capital letter of a story cost more than
    the rest of finding its countries. Within a group the words keep their order, so the same one matches."""
    groups: dict[str, list[str]] = {}
    for word in words:
        groups.setdefault(word[0], []).append(word[1:])
    return "|".join(
        re.escape(first) + "(?:" + "|".join(re.escape(rest) for rest in rests) + ")" for first, rests in groups.items()
    )


FORMS = _country_forms()
COUNTRY_RE = re.compile(
    r"(?<![\w.])(?:(?P<team>Team\s+)?(?P<form>"
    + alternation_by_first_character([f for f, _, _ in sorted(FORMS, key=lambda f: -len(f[0]))])
    + r"))(?![\w])"
)
FORM_INFO = {f: (code, how) for f, code, how in FORMS}
COUNTRY_NAMES = {f: code for f, code, how in FORMS if how == "name"}
_LEVEL_CORE = (
    r"(?:Olympics|Olympic\s+(?:Winter\s+)?Games|Winter\s+Olympics|Winter\s+Games|Games|World\s+(?:Figure\s+Skating\s+)?"
    r"Championships?|[Ww]orlds|European\s+(?:Figure\s+Skating\s+)?Championships?|Europeans|Euros|Four\s+Continents"
    r"(?:\s+Championships?)?|Grand\s+Prix(?:\s+(?:Final|de\s+France))?|GPF|Nationals|Skate\s+America|Skate\s+Canada|NHK\s+Trophy"
    r"|Cup\s+of\s+China|Rostelecom\s+Cup|Troph[ée]e\s+de\s+France|Internationaux\s+de\s+France|Finlandia\s+Trophy"
    r"|[Jj]unior\s+[Ww]orlds|(?:World\s+Junior|Junior\s+World)\s+(?:Figure\s+Skating\s+)?Championships?"
    r"|(?:U\.S\.|US|Canadian|Japanese|Japan|Russian|Chinese|Korean|Italian|French|German|British|National)"
    r"\s+(?:Figure\s+Skating\s+)?Championships?)"
)
_YEAR = r"(?:19|20)\d\d"
_LEVEL_CORE_RE = re.compile(_LEVEL_CORE)
# In a post written in lower case: the competitions' own words in any case (not the capitalized words before them,
# which lower case does not mark), and a stored place after "in", "at", an opening bracket or a hashtag's "#".
_LOWER_COMPETITION_RE = re.compile(
    rf"(?:\b{_YEAR}\s+)?\b(?:{_LEVEL_CORE}|nhk)(?:\s+(?:in|of)\s+[a-z][\w’'-]+)?(?:\s+{_YEAR})?\b", re.IGNORECASE
)
_DATELINE = re.compile(r"(?P<city>[A-Z]{3,}(?:[ -][A-Z]{2,})*)(?=,\s|\s*\()")
_LOWER_PLACE = re.compile(
    rf"(?:\b(?:in|at)\s+|\(|#)(?P<place>[a-z][\w’'-]+)|\b(?P<dated>[a-z][\w’'-]+)(?=\s+(?:{_YEAR}|['’]\d\d)\b)"
)
_SHORT_YEAR = re.compile(r"['’]\d\d\b")
# In a post in lower case, a place before a discipline: "grenoble, men, notes for the show".
_LOWER_HEADED = re.compile(r"\b(?P<place>[a-z][\w’'-]+)(?=,?\s+(?:men|women|ladies|pairs|ice\s+dance)\b)")
# The words of competitions' own names that the store's places hold too ("Junior women's singles" is no place).
_SERIES_WORD = re.compile(
    r"junior|senior|grand|prix|finals?|trophy|cup|championships?|games|worlds?|olympics?|olympic|skate|open|ladies",
    re.IGNORECASE,
)
# A place before a discipline, at a heading's head or anywhere ("Milano Cortina women's review", "Moscow pairs recap",
# "LAKE PLACID, ICE DANCE"): that event there. One rule for both (a word of a series' own name before a discipline,
# "Junior pairs was ...", is never a place: see _SERIES_WORD).
_EVENT_NAMED_AFTER = re.compile(r",?\s+(?:men['’]?s?|women['’]?s?|ladies['’]?|pairs|ice\s+dance)\b", re.I)


_LOWER_LEVEL_IN_PLACE = re.compile(
    r"\b(?:worlds|world\s+championships|europeans|euros|four\s+continents|4cc|olympics|games|gpf|grand\s+prix\s+final"
    r"|nationals)\s+(?:in|at)\s+(?P<place>[a-z][\w’'-]+)"
)
_CAPITALIZED = re.compile(r"[A-Z][a-z]")


def in_lower_case(sentence: str) -> bool:
    """Whether a sentence is written in lower case ("alysa won, which, yes"): no capitalized word after its first
    letter (words in capitals, "WON", "SP", are emphasis and abbreviations, not capitals)."""
    return _CAPITALIZED.search(sentence, 1) is None


_TITLE_FROM = re.compile(
    r"\b(?:champions?|medall?ists?|winners?|title[\s-]?holders?)\s+from\s+(?:the\s+)?$", re.IGNORECASE
)
_COMPETITION_RE = re.compile(
    rf"(?:\b{_YEAR}\s+)?(?:(?:[A-Z][\w’'-]+|{_YEAR})\s+){{0,3}}?{_LEVEL_CORE}"
    rf"(?:\s+(?:in|of)\s+[A-Z][\w’'-]+)?(?:\s+{_YEAR})?\b"
)
# "Olympic champion", "world title", "2025 world champion", "the 2022 Olympic champions": the level (and year)
# of a title, a competition mention of its own.
_LEVEL_TITLE = re.compile(
    rf"\b(?:(?P<year>{_YEAR})\s+)?(?P<level>[Oo]lympic|[Ww]orld)\s+(?:(?:pairs|ice\s+dance|men['’]s|women['’]s|ladies['’]"
    r"|singles|figure\s+skating|team|individual)\s+)?(?=(?:champions?|titles?|crown|gold|silver|bronze|medals?"
    r"|medall?ists?|podium|runners?[\s-]up)\b)"
)
_YEAR_TITLE = re.compile(
    rf"\b(?P<year>{_YEAR})\s+(?:(?:pairs|ice\s+dance|men['’]s|women['’]s|team)\s+)?(?=(?:champions?|titles?|"
    r"medall?ists?|gold|silver|bronze|runners?[\s-]up)\b)"
)
_MONTH = r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
# "Sapporo, November 2016", "Boston (March 2025)": a place with the month and year it was held.
# Also as notes and chat lines shorten it: "lake placid, nov '25", "Osaka, Nov. 2017".
_MONTH_YEAR_AFTER = re.compile(
    rf",?\s+\(?(?:{_MONTH}|(?:jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\.?)\s+(?P<year>{_YEAR}|['’]\d\d)\b",
    re.IGNORECASE,
)
_MONTH_YEAR_TYPED = re.compile(r"\b(?P<place>[a-z][\w’'-]+)(?=" + _MONTH_YEAR_AFTER.pattern + ")", re.IGNORECASE)
_YEAR_PLACE = re.compile(rf"\b(?:[Ii]n|[Aa]t|[Oo]f)\s+(?:the\s+)?(?:{_MONTH}\s+)?(?P<year>{_YEAR})\b(?!\s*[-–/]\s*\d)")
_CAP_WORDS = re.compile(r"[A-Z][\w’'-]*(?:[\s-]+[A-Z][\w’'-]*){0,2}")
_WORD_GAPS = re.compile(r"[\s-]+")
_PLACE_POSSESSIVE = re.compile(r"['’]s?$")
# A host city set off on its own, as posts say where they are: "recap (Chongqing)" (the whole bracket: "(Junior
# women's singles)" is no place), "📍Osaka"; and an edition named by
# its city: "the Beijing edition", "the Moscow stop", "the Moscow and Beijing stops".
_PLACE_SET_OFF = re.compile(r"(?:\(|📍)\s*$")
_PLACE_OF_AN_EDITION = re.compile(r"(?:\s+and\s+[A-Z][\w’'-]+)?\s+(?:edition|stop|leg|event|round)s?\b", re.IGNORECASE)

# Searched through copies tried only where a match can begin (.patterns).
_COMPETITION_RE = starting_with("12A-Zjw", _COMPETITION_RE)
_LEVEL_TITLE = starting_with("12OoWw", _LEVEL_TITLE)
_YEAR_TITLE = starting_with("12", _YEAR_TITLE)
_YEAR_PLACE = starting_with("IiAaOo", _YEAR_PLACE)


# Words that may open a sentence before a place set at its head; a chat line's speaker first ("dani: BEIJING.").
_OPENER = re.compile(r"\s*(?:[\w.-]{1,20}:\s*)?(?:(?:then|and|but|next|first|so|from)\s*,?\s*)?", re.IGNORECASE)
_RESULT_OF = re.compile(
    r"\b(?:podium|champions?|final|edition|results?|recap|review|memories)\s+of\s+(?:the\s+)?$", re.IGNORECASE
)


def _typed_in_lower_case(
    sentence: str, is_place: Callable[[str], bool], spans: list[tuple[int, int, str, bool]]
) -> list[tuple[int, int, str, bool]]:
    """The competitions and places typed in lower case: in a sentence all in lower case, any; in another, a level
    with a stored place ("worlds in milan") or a stored place with its year ("regina '17")."""
    found: list[tuple[int, int, str, bool]] = []
    lower = in_lower_case(sentence)
    if lower:
        # "caught up on skate america 2025", "the gpf in turin", "nhk 2019 (sapporo!!)": fans type them so.
        for m in _LOWER_COMPETITION_RE.finditer(sentence) if may_match(_LOWER_COMPETITION_RE, sentence) else ():
            found.append((m.start(), m.end(), m.group(), bool(_TITLE_FROM.search(sentence[: m.start()]))))
    else:
        # A competition typed in lower case in a sentence that is not ("Kaetlyn went on to win worlds in milan"):
        # its level with a stored place, the place saying which one.
        for m in _LOWER_LEVEL_IN_PLACE.finditer(sentence):
            if is_place(m.group("place")):
                found.append((m.start(), m.end(), m.group(), bool(_TITLE_FROM.search(sentence[: m.start()]))))
    headed = _LOWER_HEADED.finditer(sentence) if lower and may_match(_LOWER_HEADED, sentence) else ()
    # Outside a sentence in lower case only a place with its year written '17 counts: most sentences have none.
    typed = _LOWER_PLACE.finditer(sentence) if lower or _SHORT_YEAR.search(sentence) else ()
    # "lake placid, nov '25": a stored place with the month and year it was held, that year's competition there.
    for m in _MONTH_YEAR_TYPED.finditer(sentence) if lower else ():
        if is_place(m.group("place")) and not any(s <= m.start() < e for s, e, _, _ in [*spans, *found]):
            year = _MONTH_YEAR_AFTER.match(sentence, m.end())
            if year is not None:
                found.append((m.start(), m.end(), f"{m.group('place')} {year.group('year')}", False))
    for m in (*typed, *headed):
        # "regina '17": a stored place with its year, whatever case the rest of the sentence is in; a place after
        # "in" or "at", or before a discipline, only in a sentence written in lower case (where no capital marks
        # a name).
        group = "place" if m.group("place") else "dated"
        year = re.match(r"\s+['’]\d\d\b", sentence[m.end(group) :])
        if not lower and not year:
            continue
        if is_place(m.group(group)) and not any(s <= m.start(group) < e for s, e, _, _ in [*spans, *found]):
            end = m.end(group) + (year.end() if year else 0)  # the year says which edition held there
            found.append((m.start(group), end, sentence[m.start(group) : end], False))
    return found


Spans = list[tuple[int, int, str, bool]]


def _names_a_competition(sentence: str, start: int, end: int, spans: Spans) -> bool:
    """Whether the place at sentence[start:end] names a competition held there: the text puts a result there ("in
    Milan", "at Milano Cortina", "Beijing 2022", "Milan's arena"), not a bare word ("Boston Globe")."""
    before = sentence[:start]
    after = sentence[end:]
    # A country's possessive is a nationality ("Canada's Kaetlyn Osmond", "Italy's pair"), not a competition held
    # there: a competition named after a country is named by its series ("Skate Canada").
    possessive = re.match(r"['’]s?\b", sentence[end : end + 2]) and not COUNTRY_NAMES.get(sentence[start:end])
    return bool(
        # "welcome back to Turin": a broadcast or a liveblog greets its viewers where the event is.
        re.search(r"\b(?:in|at|from|welcome(?:\s+back)?\s+to)\s+(?:the\s+)?$", before, re.I)
        or (_PLACE_SET_OFF.search(before) and (before.rstrip().endswith("📍") or re.match(r"\s*\)", after)))
        or _PLACE_OF_AN_EDITION.match(after)
        or re.match(rf"\s+(?:{_YEAR}\b|['’]\d\d\b)", after)
        or _MONTH_YEAR_AFTER.match(after)
        or possessive
        # A place set at the head of a sentence, as a recap moves from one event to the next: "Moscow first.",
        # "Then Marseille, for the juniors.", "Sapporo, November 2016", "Osaka (the NHK Trophy): ..." (not a
        # country's code in brackets); and "the podium of Helsinki".
        or (_OPENER.fullmatch(before) and re.match(r"\s*(?:[,.:;!—–]|\s-\s|\s+first\b|\((?!\s*[A-Z]{3}\s*\)))", after))
        or _RESULT_OF.search(before)
        or any(s <= start <= e + 1 for s, e, _, _ in spans)
        # A discipline after the place, in a heading or anywhere ("Milano Cortina women's review", "QUIZ, ROUND 4:
        # LAKE PLACID, ICE DANCE"); a place set off by a comma at a title's end ("PRESS CONFERENCE, LAKE PLACID
        # (transcript)"). Not a word of a series' name ("Junior pairs was a two-team fight").
        or (
            (_EVENT_NAMED_AFTER.match(after) or (before.rstrip().endswith(",") and re.match(r"\s*(?:\(|$)", after)))
            and not _SERIES_WORD.fullmatch(sentence[start:end])
        )
    )


def find_competitions(sentence: str, is_place: Callable[[str], bool]) -> list[tuple[int, int, str, bool]]:
    """(start, end, words to look up, title) for each competition or place the sentence names. A title's
    level and year ("the 2022 Olympic champions", "world pairs title") only speak of that title."""
    spans: list[tuple[int, int, str, bool]] = []
    for m in _COMPETITION_RE.finditer(sentence) if may_match(_COMPETITION_RE, sentence) else ():
        spans.append((m.start(), m.end(), m.group(), bool(_TITLE_FROM.search(sentence[: m.start()]))))
    dateline = _DATELINE.match(sentence)
    if dateline and is_place(dateline.group("city").title()):
        # "SHEFFIELD, England (wire) --", "OSAKA, Nov 11 (Wire) -": a news wire's dateline is where it happened.
        spans.append((dateline.start("city"), dateline.end("city"), dateline.group("city").title(), False))
    spans += _typed_in_lower_case(sentence, is_place, spans)
    for m in _LEVEL_TITLE.finditer(sentence) if may_match(_LEVEL_TITLE, sentence) else ():
        words = " ".join(w for w in (m.group("year"), m.group("level")) if w)
        spans.append((m.start(), m.end(), words, True))
    for m in _YEAR_TITLE.finditer(sentence) if may_match(_YEAR_TITLE, sentence) else ():
        if not any(s <= m.start() < e for s, e, _, _ in spans):
            spans.append((m.start("year"), m.end("year"), m.group("year"), True))
    for m in _YEAR_PLACE.finditer(sentence) if may_match(_YEAR_PLACE, sentence) else ():
        if re.search(r"\b(?:since|until|till|before|by|in\s+\d+\s+years)\s*$", sentence[: m.start()], re.I):
            continue
        spans.append((m.start("year"), m.end("year"), m.group("year"), False))
    for m in _CAP_WORDS.finditer(sentence):
        parts = [w for w in _WORD_GAPS.split(m.group()) if w]
        bare = [_PLACE_POSSESSIVE.sub("", w) for w in parts]
        place = [is_place(w) for w in bare]
        if not any(place):
            continue
        # Only the place words, from the first to the last ("Milano Cortina", "Boston").
        first = place.index(True)
        last = len(place) - 1 - place[::-1].index(True)
        if not all(place[first : last + 1]):
            continue
        start = m.start() + m.group().index(parts[first])
        end = m.start() + m.group().rindex(parts[last]) + len(bare[last])
        before = sentence[:start]
        after = sentence[end:]
        if _names_a_competition(sentence, start, end, spans):
            # "the Olympic champions from Beijing": the place of a title, speaking only of that title.
            title = bool(_TITLE_FROM.search(before))
            year = re.match(rf"\s+{_YEAR}\b", after)
            dated = _MONTH_YEAR_AFTER.match(after)
            if year:
                end += year.end()  # "Beijing 2022": that year's competition there, not any held in Beijing
            elif dated:
                # "Sapporo, November 2016": the competition there that year, the month left out of the words.
                spans.append((start, end + dated.end(), f"{sentence[start:end]} {dated.group('year')}", title))
                continue
            spans.append((start, end, sentence[start:end], title))
    spans.sort()
    merged: list[tuple[int, int, str, bool]] = []
    for s, e, words, title in spans:
        if merged and s <= merged[-1][1] + 1 and not (title or merged[-1][3]):
            ps, pe, _, _ = merged[-1]
            merged[-1] = (ps, max(pe, e), sentence[ps : max(pe, e)], False)
        elif merged and s < merged[-1][1]:
            continue
        else:
            merged.append((s, e, words, title))
    return _with_year(merged)


_LEVEL_ONLY = re.compile(rf"(?:the\s+)?(?:{_LEVEL_CORE}|nhk|gpf|4cc)", re.IGNORECASE)


def names_only_a_level(text: str) -> bool:
    """Whether words name a kind of competition and no edition of it ("Worlds", "the Olympics", "Skate America"):
    every year's."""
    return _LEVEL_ONLY.fullmatch(text.strip()) is not None


_WHERE = re.compile(r",\s*(?:where|which|in\s+which|at\s+which)\b", re.IGNORECASE)
_SET_AFTER = re.compile(r"[^,;.!?]*,\s*(?:in|at)\s+(?:the\s+)?")


def held_before(sentence: str, competitions: Spans, position: int) -> str | None:
    """The competition a clause opening with "where" or "which" right after it is about, for the trigger at
    `position` in that clause: "at the 2017 Cup of China, where they won the gold medal", "the Rostelecom Cup, which
    they won"."""
    opened = [m for m in _WHERE.finditer(sentence, 0, position) if "," not in sentence[m.end() : position]]
    if not opened:
        return None
    at = opened[-1].start()
    held = [words for _, end, words, title in competitions if not title and re.fullmatch(r"\s*", sentence[end:at])]
    return held[-1] if held else None


def set_after(sentence: str, competitions: Spans, position: int) -> list[tuple[int, str]]:
    """(start, words) of each place set after the clause of the trigger at `position`, past a comma ("she won it,
    in Montpellier"): a reading of its claim beside the story's; not one inside another phrase ("won, a year after
    her fifth place in Sochi")."""
    return [
        (start, words)
        for start, _, words, title in competitions
        if not title and start > position and _SET_AFTER.fullmatch(sentence, position, start)
    ]


def _with_year(spans: list[tuple[int, int, str, bool]]) -> list[tuple[int, int, str, bool]]:
    """A competition named without its year in a sentence that gives one ("in 2017, ... at the World
    Championships in Helsinki") is that year's edition: one mention, the year its own. The city is left out of
    the words looked up: the level and the year name the edition (the store may not hold its city)."""
    years = [sp for sp in spans if re.fullmatch(_YEAR, sp[2]) and not sp[3]]
    named = [sp for sp in spans if not sp[3] and _LEVEL_CORE_RE.search(sp[2]) and not re.search(_YEAR, sp[2])]
    if len(years) != 1 or len(named) != 1:
        return spans
    year, comp = years[0], named[0]
    words = comp[2]
    city = re.search(r"\s+(?:in|of)\s+([A-Z][\w’'-]+)$", words)
    if city:
        words = words[: city.start()]
    merged = (comp[0], comp[1], f"{words} {year[2]}", False)
    return sorted([sp for sp in spans if sp not in (year, comp)] + [merged])


# Every pattern above, searched through a copy tried only where it can begin (.patterns): the same matches.
guard_patterns(globals())
