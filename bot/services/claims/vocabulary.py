"""The words results are written in: ordinals, segments, medals, disciplines, numbers, and the words that
are never names. Regular-expression fragments are built here once, so the rules read as sentences."""

from __future__ import annotations

import re

from bot.services.claims.patterns import guard_patterns
from bot.services.countries import COUNTRIES

_ORDINAL_WORDS = [
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
    "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth",
    "nineteenth", "twentieth",
]  # fmt: skip
ORDINALS = {word: i + 1 for i, word in enumerate(_ORDINAL_WORDS)}
ORDINALS.update({f"twenty-{word}": 21 + i for i, word in enumerate(_ORDINAL_WORDS[:9])})
ORDINALS.update({f"twenty {word}": 21 + i for i, word in enumerate(_ORDINAL_WORDS[:9])})
ORDINALS["thirtieth"] = 30
ORD = r"(?:" + "|".join(sorted((re.escape(w) for w in ORDINALS), key=len, reverse=True)) + r"|\d{1,2}(?:st|nd|rd|th))"
ORDINAL_RE = re.compile(rf"\b{ORD}\b", re.IGNORECASE)

NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "single": 1, "a single": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10,
}  # fmt: skip
TIMES = {"once": 1, "twice": 2, "thrice": 3, "three times": 3, "four times": 4, "five times": 5}

# Segments as news and fans write them. Upper-case abbreviations, and lower-case ones only after "the" ("after
# the sd", "in the fd": a chat's way; "sp" or "fd" elsewhere in running text are rarely the segment); "the
# free"/"the short" (and "pairs short", "women free": a heading's) only where no noun follows ("the free skate" is
# matched whole).
SEGMENT_RE = re.compile(
    r"(?P<seg>\bshort[\s-]+program(?:me)?s?\b|\bshort[\s-]+skate\b|\bshort[\s-]+dance\b|\brhythm[\s-]+dance\b"
    r"|\bfree[\s-]+skat(?:e|ing)\b|\bfree[\s-]+program(?:me)?s?\b|\blong[\s-]+program(?:me)?s?\b"
    r"|\bfree[\s-]+dance\b|(?-i:\b(?:SP|FS|SD|RD|FD|LP)\b)|(?<=\bthe\s)(?:sp|fs|sd|rd|fd|lp)\b"
    r"|(?:(?<=\bthe\s)|(?<=\bher\s)|(?<=\bhis\s)|(?<=\bits\s)|(?<=\btheir\s)|(?<='s\s)|(?<=’s\s)|(?<=\bmen\s)|(?<=\bwomen\s)|(?<=\bpairs\s)|(?<=\bladies\s))(?:free|short|rhythm)\b(?=\s*(?:[,.;:!?)(–—→]|-+>?(?!\w)|$)|\s+(?:and|but|with|to|on|in|at|after|where|when|while|before|despite|then|though|tho|although|for|of|as|too|again|alike|either|was|is)\b))",
    re.IGNORECASE,
)


def segment_kind(text: str) -> str:
    t = text.lower()
    if (t.startswith("short") and "dance" in t) or t == "sd":
        return "rhythm_dance"
    if t.startswith("short") or t == "sp":
        return "short_program"
    if "rhythm" in t or t == "rd":
        return "rhythm_dance"
    if "dance" in t or t == "fd":
        return "free_dance"
    return "free_skate"


FIRST_SEGMENT = {"short_program", "rhythm_dance"}
# A dance's segments, as a post names them with the words of the other events ("won the short and the free").
DANCE_SEGMENT = {"short_program": "rhythm_dance", "free_skate": "free_dance"}

MEDAL_RE = re.compile(r"\b(?P<medal>gold|silver|bronze)\b", re.IGNORECASE)
# After a medal word, what can follow a medal ("silver behind Liu", "gold in Milan", "gold.") rather than a
# thing made of the metal ("a silver box").
MEDAL_FOLLOW = re.compile(
    r"^(?:\s*(?:[,.;:!?)\u2014\u2013]|-\s|$|\s-\s|[^\w\s'’-])|[\s-]+(?:medals?|medal(?:l)?ists?|medal-winning|in|at|for|behind"
    r"|with|after|and|on|as|to|ahead|by|despite|while|when|from|the|her|his|their|this|that|again|too|was|is|were"
    r"|went|goes|overall|finish|place|position|won|taken|came|ahead|over|four|two|three|eight|twelve|\d)\b)",
    re.IGNORECASE,
)
DISCIPLINE_RE = re.compile(
    r"\b(?P<men>men['’]s\b|(?:mens|men|male)(?=[\s-]+(?:singles?|event|title|competition|free|short|final|gold|silver|bronze"
    r"|medal|figure|podium|individual|crown|segment|standings|field)|\s*$))"
    r"|\b(?P<women>(?:women|ladies)['’]s?(?!\w)|(?:womens|women|ladies|female)(?=[\s-]+(?:singles?|event|title|competition|free|short|final"
    r"|gold|silver|bronze|medal|figure|podium|individual|crown|segment|standings|field)|\s*$))"
    r"|\b(?P<pairs>pairs?(?:\s+skating)?)(?=[\s-]+(?:event|title|competition|free|short|gold|silver|bronze|medal"
    r"|podium|crown|segment|standings|field)|\s*[,.;:!?)]|\s*$)"
    r"|\b(?P<ice_dance>ice[\s-]+danc(?:e|ing)|dance(?=[\s-]+(?:event|title|competition|gold|silver|bronze|medal|podium|crown)))"
    r"|\b(?P<team>team[\s-]+(?:event|competition|trophy|title|gold|silver|bronze|medal|final)|team(?=\s+(?:segment|standings))"
    r"|(?<=\bfor the )team)\b",
    re.IGNORECASE,
)

# A skating score: two decimals (147.52), and a bare number of points for the team event.
DECIMAL_RE = re.compile(
    r"(?<![\d.,:/$€£])(?P<num>\d{1,3}\.\d{2})(?!\d|[.,:/]\d|%|\s*(?:%|per\s?cent|m\b|km|kg|sec|s\b))"
)
POINTS_RE = re.compile(
    r"(?<![\d.,:/$€£-])(?P<num>\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|a|a single)"
    r"(?P<pts>\s+(?:points?|pts?\b))",
    re.IGNORECASE,
)

NEGATION = re.compile(
    r"\b(?:not|never|no|without|failed|fails|fail|missed|misses|missing|miss|denied|denies|lost|loses|lose|losing"
    r"|hope[sd]?|hoping|hopes?|aim(?:s|ed|ing)?|bid|chas(?:e|ed|ing)|favou?rites?|expected|expects|could|would|might"
    r"|may|dream(?:s|ed|ing)?|want(?:s|ed)?|wanting|predict(?:s|ed|ion)?|projected|contenders?|chance|chances"
    r"|target(?:s|ed|ing)?|eye(?:s|ing)?|seek(?:s|ing)?|sought|tipped|pick|should|will|going\s+to|try|tries|tried"
    r"|trying|attempt(?:s|ed|ing)?|wanted|if|unless|once\s+again\s+missed|nearly|almost|narrowly\s+missed)\b",
    re.IGNORECASE,
)
# Titles held before or elsewhere: "two-time world champion", "reigning", "defending", "former".
PAST_TITLE = re.compile(
    r"\b(?:reigning|defending|former|ex|previous|past|\w+-time|two|three|four|five|double|triple|multiple"
    r"|junior|national|youth|grand\s+prix|european|four\s+continents|retired|olympic\s+and\s+world"
    r"|world\s+and\s+olympic)[\s-]+(?:(?:olympic|world|pairs|ice\s+dance|men['’]?s|women['’]?s|figure\s+skating)\s+)?$",
    re.IGNORECASE,
)

PRONOUNS = {
    "she": "one",
    "he": "one",
    "her": "one",
    "his": "one",
    "him": "one",
    "hers": "one",
    "they": "many",
    "their": "many",
    "them": "many",
}
# "the Japanese", "the Americans": a nationality word of the country table (the last word of "South Korean").
NATIONALITIES = frozenset(a.split()[-1].lower() for c in COUNTRIES.values() for a in c.adjectives)
# The head nouns of descriptions that stand for the skater (or couple) named last.
DESCRIPTION_RE = re.compile(
    r"\bthe\s+(?:[\w-]+\s+){0,3}?(?P<head>skater|phenom|athlete|star|teenager|teen|skating\s+star|veteran|youngster"
    r"|(?<!the\s)champion|(?<!the\s)medall?ist|duo|couple|pair|team|partnership|siblings|dancer|"
    + "|".join(sorted(NATIONALITIES))
    + r")s?\b",
    re.IGNORECASE,
)
# Words that start with a capital letter in news text but are never a skater's name. Runs of capitalized
# words stop at them ("Olympic champion Alysa Liu", "On Thursday night, Glenn ...").
NOT_NAMES = (
    frozenset(
        """a an the and or but if in on at of to for from by with without after before during since until as so
    then than this that these those there here it its it's his her hers their they them he she we our you
    your i my me us who whom whose which what when where why how all both each every either neither some any
    many much more most few no not nor also even still yet just only again once twice
    monday tuesday wednesday thursday friday saturday sunday tonight today yesterday tomorrow
    january february march april may june july august september october november december
    olympic olympics games game winter summer world worlds championship championships european europeans
    continents grand prix final finals series cup trophy award awards prize medal medals medallist medalist
    medallists medalists champion champions title crown podium gold silver bronze team teams event events
    short free program programme skate skating dance dancing rhythm long figure ice sp fs rd fd lp
    men women ladies pairs pair singles axel axels lutz lutzes flip flips loop loops salchow salchows toe
    quad quads triple triples double doubles twizzle twizzles lift lifts spin spins step steps sequence
    isu ioc nbc cbc bbc ap afp reuters espn tiktok instagram twitter youtube x facebook weibo
    first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth runner runners
    won win wins winning took take takes taking claimed claim claims finished finish finishes placed place
    scored score scores came comes was were is are be been being had has have did does do said says say
    after despite following meanwhile however although though while whereas because still later earlier
    moments watch watching fans fan coach coaches officials judges judge arena rink village federation
    committee association union club news report reports video clip photo live breaking update updates
    mr mrs ms dr st new top best record records personal season career total overall points point
    home away gala exhibition ceremony day night week weekend morning evening afternoon
    nobody everyone everybody someone somebody anyone one two three four five six seven eight nine ten
    good great incredible historic amazing wow omg lol ok okay yes no
    """.split()
    )
    | NATIONALITIES
)

# Words of everyday English that are also skaters' names (Lilah Fear, Olivia Smart, Allison Reed, Lee Hae-in):
# in a post written all in lower case they are read as words, never as names.
COMMON_WORDS = frozenset(
    """fear smart reed lee han kim chan brown sweet will mark grace hope joy faith rose hunter young long white
    black green king wolf fox golden page lane hall wall moir? bell rich gray grey gold silver star ice may june
    lol omg wow tbh imo idk ngl smh fr lmao rip gg""".replace("?", "").split()
)

# Host cities of the Olympic Winter Games and of recent championships: a place named with a result is a
# competition held there, and one the store does not have makes the claim not checkable (never another).
HOST_CITIES = frozenset(
    """lake placid sarajevo calgary albertville lillehammer nagano salt lake city turin torino vancouver sochi
    pyeongchang gangneung beijing milan milano cortina ampezzo alps nice saitama tokyo osaka sapporo nagoya
    helsinki stockholm montreal montpellier minsk graz tallinn espoo kaunas zagreb riga budapest ostrava
    shanghai boston los angeles london moscow dortmund gothenburg oberstdorf mito harbin seoul gangneung
    tampere sheffield warsaw prague vienna geneva lausanne grenoble denver anaheim hartford washington
    ottawa winnipeg regina edmonton halifax kingston sendai kobe yokohama""".split()
)

# "wasn't Valieva in that event too?", "what about Valieva?": the one a question asks about, whom the answer's "she"
# stands for, even when the store does not know the name.
ASKED_ABOUT = re.compile(
    r"\b(?:was|wasn['’]t|were|weren['’]t|is|isn['’]t|did|didn['’]t|does|doesn['’]t|has|hasn['’]t|had|about)\s+$",
    re.IGNORECASE,
)

# Verbs after which a lone capitalized word is a person doing something ("Valieva won"), not a heading word.
CLAIM_VERB = re.compile(
    r"^\s+(?:won|wins|took|takes|claimed|claims|finished|finishes|placed|places|scored|scores|was|is|were"
    r"|earned|earns|captured|secured|grabbed|collected|landed|ended|came|fell|falls|led|leads|topped|tops"
    r"|settled|held|rose|climbed|dropped|slipped|got|gets|became|becomes|struck|sealed|clinched|set|posted)\b",
    re.IGNORECASE,
)


def ordinal_value(text: str) -> int | None:
    word = " ".join(text.lower().replace("-", " ").split())
    if word in ORDINALS:
        return ORDINALS[word]
    digits = re.match(r"\d+", word)
    return int(digits.group()) if digits else None


def number_value(text: str) -> float | None:
    word = " ".join(text.lower().split())
    if word in NUMBER_WORDS:
        return float(NUMBER_WORDS[word])
    try:
        return float(word)
    except ValueError:
        return None


# Every pattern above, searched through a copy tried only where it can begin (.patterns): the same matches.
guard_patterns(globals())

# A time before the story's competition, with no competition named: "a year earlier", "the year before", "last
# season" (rules/other_time.py, and a Q&A answer to a question that says one, split.py).
# Only the past: a look ahead ("one to watch next season") says nothing of another competition’s result.
OTHER_TIME = re.compile(
    r"\b(?:(?:(?:a|one|two|three|four|five|\d{1,2}|a\s+few|several|many)\s+)?(?:years?|seasons?)\s+"
    r"(?:earlier|before|ago|prior)"
    r"|the\s+(?:year|season)\s+(?:before|prior)"
    r"|the\s+(?:previous|preceding|prior)\s+(?:year|season)"
    r"|last\s+(?:year|season))\b(?!['’]s)"
    # "Two years ago today": an anniversary of the story's own competition.
    r"(?!\s+(?:today|tonight|this\s+(?:week(?:end)?|month)))",
    re.IGNORECASE,
)
