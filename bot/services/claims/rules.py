"""Stage 3: relation rules. Which mention a trigger (a medal word, an ordinal, a number, a title) is about,
and what it claims.

Who: explicit patterns first ("gold medallist Alysa Liu", "gold went to Liu", "second place for Kagiyama",
"the podium was completed by Nakai"); else the nearest subject before the trigger in its clause that is not
an object ("behind Liu", "ahead of Sakamoto", "of Japan"); a relative clause is about the name before its
", who"; a clause with no subject before the trigger takes the one after it ("After a short program of
77.23, Sakamoto ...") or the one of the clause it continues. A trigger right after an object ("ahead of
Shin Ji-a in eleventh") could be either's: both readings are kept. Coordinated subjects each get a medal or
place ("Liu and Glenn won team gold"), or take listed values in order ("Sakamoto and Nakai took silver and
bronze"); one number after two subjects could be either's.

What: see the rule functions. Numbers: a score after a medal or a final place, or with "total", is the
total; a score attached to a segment ("77.23 in the short program", "a short program of 77.23") is that
segment's; a score of "a performance/skate/program" is the segment the sentence or the one before names;
any other score could be the total or any segment score (all readings are kept). Places: an ordinal "after
the short program" is that segment's rank; "after the free skate" could be the final place or the free
skate's rank; "in the free skate" is its rank; "finished", "overall", "dropped to", a bare "was sixth" are
final places. Words of intent or negation before a trigger ("hoped to win gold", "missed the podium") make
no claim. Titles held before ("two-time world champion", "defending champion") are listed, not checkable.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from bot.i18n import Text, t
from bot.services.claims.mentions import Found, Mention, MentionFinder
from bot.services.claims.model import MEDAL_PLACE, Claim, Subject, medal_text, or_text, segment_text, trim
from bot.services.claims.patterns import starting_with
from bot.services.claims.split import Clause, Sentence, clauses
from bot.services.claims.vocabulary import (
    DECIMAL_RE,
    FIRST_SEGMENT,
    MEDAL_FOLLOW,
    MEDAL_RE,
    NEGATION,
    NUMBER_WORDS,
    ORD,
    ORDINAL_RE,
    PAST_TITLE,
    POINTS_RE,
    TIMES,
    number_value,
    ordinal_value,
)

_I = re.IGNORECASE
_SEG_WORDS = (
    r"(?:\bshort[\s-]+program(?:me)?|\bshort[\s-]+dance|\brhythm[\s-]+dance|\bfree[\s-]+skat(?:e|ing)"
    r"|\bfree[\s-]+program(?:me)?|\blong[\s-]+program(?:me)?|\bfree[\s-]+dance|(?-i:\b(?:SP|FS|RD|FD|LP)\b)"
    r"|\b(?:free|short)(?=\s*(?:[,.;:!?)]|$)|\s+(?:and|but|with|to|on|in|at|after|where|when|while|for|as|too|again|was|is"
    r"|either)\b))"
)

# Final-place verbs and position words before an ordinal.
_PLACE_VERB = re.compile(
    r"\b(?:finish(?:ed|es|ing)?|plac(?:ed|es|ing)|ended(?:\s+up)?|end(?:s|ing)?(?:\s+up)?|came|comes|coming"
    r"|rank(?:ed|s|ing)?|wound\s+up|landed|(?:was|were|is|are|be|been)(?:\s+only|\s+just|\s+a)?"
    r"|sat|sits|sitting|lying|lay|lies|stood|standing|stayed|remained|remains"
    r"|(?:drop|dropp(?:ed|ing)|drops|slip|slipp(?:ed|ing)|slips|fall|fell|falls|falling|slid|slides?|sliding"
    r"|tumbl(?:e|ed|es|ing)|plung(?:e|ed|es|ing)|collaps(?:e|ed|es|ing)|fade[sd]?|fading|climb(?:ed|s|ing)?|rise|rises"
    r"|rose|rising|mov(?:e|ed|es|ing)(?:\s+(?:up|down))?|jump(?:ed|s|ing)?|surg(?:e|ed|es|ing)|soar(?:ed|s|ing)?"
    r"|vault(?:ed|s|ing)?|leap(?:t|ed|s)?|back|up|down|recover(?:ed|s|ing)?)(?:\s+all\s+the\s+way|\s+back|\s+up|\s+down)?\s+to|settl(?:ed|es|ing)\s+for|took|take|takes|taking|claim(?:ed|s)"
    r"|secur(?:ed|es)|earn(?:ed|s)|grabb(?:ed|s)|captur(?:ed|es)|obtain(?:ed|s)|got|gets|gave\s+\w+|again|in|into"
    r"|settle\s+for|settles\s+for|from\s+\w+(?:\s+(?:place|after|in|following|the|rhythm|free|short|dance|program"
    r"|programme|skate))*\s+to|\w+\s+(?:him|her|them)\s+(?:up\s+|back\s+|down\s+)?to"
    r"|from)\s+(?:the\s+|a\s+|an\s+)?(?:(?:career|season|personal|olympic)[\s-]best\s+|distant\s+|close\s+"
    r"|respectable\s+|solid\s+|provisional\s+|joint\s+|tied\s+(?:for\s+)?)?$",
    _I,
)
_FINAL_WORDS = re.compile(
    r"\b(?:finish(?:ed|es|ing)?|ended|end(?:s|ing)?|overall|final(?:ly)?|wound|dropp|slipp|slid|tumbl|plung|collaps"
    r"|faded|fading|climb|rose|rising|surg|soar|settl|jump|vault|leap|recover|took|take|claim|secur|earn|captur"
    r"|obtain|got|gets|gave|landed|wound)",
    _I,
)
_FROM = re.compile(r"\bfrom\s+(?:the\s+)?$", _I)
_PLACED = re.compile(r"\b(?:was|were|is|are|been)\s+(?:placed|ranked)\s+$", _I)
# Being in a place for a while ("was sixth", "sitting 13th") rather than finishing there: with one segment in
# view, its standings.
_POSITIONAL = re.compile(
    r"\b(?:was|were|is|are|been|sat|sits|sitting|lying|lay|lies|stood|standing|stayed|remained|remains)\s+"
    r"(?:(?:only|just|a|an|the|in|provisional|provisionally)\s+)*$",
    _I,
)
_ORD_NOT_PLACE = re.compile(
    r"^(?:[\s-]+(?:time|times|ever|woman|women|man|men|american|japanese|skater|skaters|jump|jumps|quad|attempt"
    r"|olympic|olympics|world|title|titles|gold|silver|bronze|medal|medals|season|straight|consecutive|half|day"
    r"|night|round|group|warm|mark|major|career|senior|junior|pair|couple|team|place\s+finish(?:er)?s?\s+(?:in|at)"
    r"\s+(?:history|years)|element|combination|lift|spin|throw|triple|double|step|to\s+(?!the\s+podium)\w+"
    r"|u\.?s\.?|game|games|event|appearance|trip|year|years|week|weeks|skate\s+of|program\s+of))",
    _I,
)
_ORD_PLACE_AFTER = re.compile(
    rf"^(?:[\s-]+place\b(?!\s+(?:for|to)\b\s+(?!the))|\s+overall\b|\s*(?:,\s*)?(?:after|in|following|of|at|for)\s+(?:the\s+)?"
    rf"(?:(?:her|his|their|its|men['’]s|women['’]s|pairs|ice\s+dance|team)\s+)*{_SEG_WORDS}\b"
    r"|\s+in\s+the\s+(?:final\s+)?(?:standings|rankings|classification|results|overall)|\s*[,.;:!?)]|\s*$"
    r"|\s+(?:on|with|behind|ahead|at|in|for|and|but|while|as|despite|after|to\s+the\s+podium|by|,|place)\b)",
    _I,
)
_SEG_AFTER_ORD = re.compile(
    rf"^(?:[\s-]+place)?(?:\s+overall)?\s*,?\s*(?P<prep>after|in|following|of|at|for)\s+(?:(?:the|a|an)\s+)?"
    rf"(?:(?:her|his|their|its|men['’]s|women['’]s|pairs|ice\s+dance|team|both|the)\s+)*(?:[a-z][\w-]*\s+){{0,2}}?"
    rf"(?P<seg>{_SEG_WORDS})\b",
    _I,
)
_AFTER_A_SEGMENT = re.compile(r"^(?:[\s-]+place)?\s*,?\s*(?:after|following)\s+an?\s", _I)
_ORD_BEST_SEG = re.compile(rf"^[\s-]+(?:best|highest|place|ranked)\s+(?:\w+\s+)?(?P<seg>{_SEG_WORDS})\b", _I)
_ORD_BEST = re.compile(r"^[\s-]+(?:best|highest)\b", _I)
# "his free skate of 196.31 ranked first", "her short program, 74.33, was the best of the day": the segment is
# what is placed, so the place is that segment's.
_SEG_AS_SUBJECT = (
    rf"(?P<seg>{_SEG_WORDS})(?:\s+(?:score|mark))?(?:\s+of)?(?:\s*,?\s*\d{{1,3}}\.\d\d\s*,?)?"
    r"\s+(?:was|is|ranked|ranks|placed|came|rated)\s+(?:only\s+|just\s+|the\s+)*"
)
_SEG_SUBJECT = re.compile(_SEG_AS_SUBJECT + "$", _I)
_SEG_BEST = re.compile(
    _SEG_AS_SUBJECT + r"(?:very\s+)?best\b(?!\s+(?:of\s+(?:her|his|their|its)|since|ever|in\s+(?:her|his|their))"
    r"|[\s-]+(?:ever|personal|season|career))",
    _I,
)
_SEG_WIN = re.compile(
    rf"\b(?:led|leads|leading|topped|tops|topping|won|wins|winning|win|victory|took\s+the\s+lead\s+in|headed|heads)"
    rf"\s+(?:the\s+(?:field|way|standings|pack)\s+)?(?:(?:after|in|following|of)\s+)?(?:both\s+)?(?:the\s+)?"
    rf"(?:(?:men['’]s|women['’]s|pairs|ice\s+dance|team)\s+)?(?P<seg>{_SEG_WORDS})\b",
    _I,
)
_LAST_PLACE = re.compile(
    r"\b(?:finish(?:ed|es|ing)?|plac(?:ed|es|ing)|c(?:a|o)me|ended(?:\s+up)?|end(?:s|ing)?\s+up|wound\s+up)\s+"
    r"(?:dead\s+|in\s+)?last\b(?!\s+(?:season|year|week|month|time|night|weekend|edition|winter|spring|summer))",
    _I,
)
_BOTH_SEGMENTS = re.compile(
    r"\b(?:won|wins|win|winning|topped|tops|topping|winners?\s+of)\s+both\s+segments\b"
    r"(?P<title>\s+and\s+(?:the\s+)?(?:title|event|competition|gold(?:\s+medal)?)\b)?",
    _I,
)
_SEG_LEADER = re.compile(rf"\b(?P<seg>{_SEG_WORDS})\s+(?:leaders?|winners?)\b", _I)
_MEDALLIST = re.compile(r"\b(?P<medal>gold|silver|bronze)(?:[\s-]+medal)?(?:\s+|-)medall?ists?\b", _I)
# Before a medal word: a verb of winning, "team", "Olympic", a possessive; after it, never a thing.
_MEDAL_CONTEXT = re.compile(
    r"(?:\b(?:won|wins|win|winning|took|take|takes|claimed|claims|earned|earns|captured|secured|clinched|grabbed"
    r"|collected|bagged|landed|snatched|struck|settled\s+for|held\s+on\s+(?:to|for)|hung\s+on\s+(?:to|for)"
    r"|picked\s+up|added|scooped|team|olympic|world)|['’]s?)\s+(?:(?:the|a|an|her|his|their|its|olympic|world"
    r"|team|individual|first|maiden|second|another)\s+)*$",
    _I,
)
_THING = re.compile(
    r"^[\s-]+(?:box|boxes|dress|dresses|lining|hair|ring|rings|chain|necklace|jewel\w*|car|screen|fox|spoon"
    r"|jubilee|anniversary|bullet|tongue|plate|bowl|coin|coins|star|costume|outfit|skates?|blades?|boots?|charm"
    r"|sequins?|crystals?|paint|colou?r|tone|shade|light|glitter|trim|statue|standard|age|era|generation)\b",
    _I,
)
_CHAMPION = re.compile(r"\b(?:champions?|title[\s-]+holders?)\b(?!ship)", _I)
_TITLE = re.compile(
    r"\b(?:(?:won|wins|win|winning|claimed|claims|claim|claiming|took|take|takes|taking|captured|captures|capture"
    r"|seal|clinch|secure|retained|retains"
    r"|defended|defends|successfully\s+defended|sealed|seals|clinched|clinches|secured|secures|conquered|grabbed"
    r"|collected|added|lifted|gave\s+\w+|give\s+\w+|for|earned|earns|took\s+home|bagged|snatched|collects|picked\s+up)"
    r"\s+(?:the\s+|a\s+|an\s+|her\s+|his\s+|their\s+|its\s+|[\w’'-]+['’]s\s+)?(?:(?:first|second|third|fourth|fifth"
    r"|maiden|straight|consecutive|back-to-back|historic|first-ever|olympic|world|\d{4}|women['’]s|men['’]s|ladies['’]"
    r"|pairs|ice\s+dance|singles|individual|figure\s+skating|team|event|overall|the)\s+){0,4}"
    r"(?P<what>title|crown|event|competition|gold\s+medal|gold|victory|win)\b"
    r"|\b(?:claimed|claims|took|takes|sealed|seals|secured|clinched|earned)\s+(?:the\s+)?(?P<victory>victory|win)\b"
    r"|\b(?:won|wins|win|winning)\s+the\s+(?P<discipline>men['’]s|women['’]s|ladies['’]?|pairs|ice\s+dance)"
    r"(?=\s*(?:[,.;!]|$)|\s+(?:at|in|on|with|by|ahead|after|for)\b)"
    r"|\b(?:became|becomes|become|is|was|were|are|been|crowned|named|as)\s+(?:the\s+)?(?:new\s+)?"
    r"(?:(?:olympic|world|\d{4}|women['’]s|men['’]s|pairs|ice\s+dance|figure\s+skating)\s+){0,3}champions?\b)",
    _I,
)
_WON = re.compile(
    r"\b(?:won|wins|win|winning)\b(?=\s*(?:[,.;:!?)]|$)|\s+(?:by|ahead|in|at|on|with|after|despite|comfortably"
    r"|easily|narrowly|again|convincingly|handily|there|it|outright)\b)",
    _I,
)
_WON_COMPETITION = re.compile(
    r"\b(?:won|wins|win|winning|claimed|captured|clinched|took)\s+(?:the\s+|her\s+|his\s+|their\s+)?(?=\S)", _I
)
_PREDICTED = re.compile(
    r"\b(?:nobody|no\s+one|few|not\s+many|everyone|everybody|many|experts|pundits|bookmakers)\s+(?:had|expected"
    r"|picked|predicted|tipped|backed|saw|fancied|thought)\s+(?:[\w'’]+\s+){0,2}(?:to\s+)?$",
    _I,
)
_CONGRATULATED = re.compile(
    r"\bcongratulat(?:es?|ed|ing)\s+(?P<who>[^.;]{3,80}?)\s+on\s+(?:her|his|their)\s+(?:[\w-]+\s+){0,2}?"
    r"(?P<what>victory|win|title)\b",
    _I,
)
_TO_WIN = re.compile(r"\bto\s+(?:win|victory|the\s+title)\b(?!\s+(?:the\s+)?(?:free|short|rhythm|segment))", _I)
_RUNNER_UP = re.compile(r"\brunners?[\s-]up\b", _I)
_PODIUM3 = re.compile(
    r"\b(?:complet(?:ed|es|ing)|round(?:ed|s|ing)\s+(?:out|off)|round(?:ed|s|ing)\s+out)\s+the\s+podium\b"
    r"|\bpodium\s+(?:was|is)\s+(?:completed|rounded\s+(?:out|off))\s+by\b|\bthird\s+step\s+of\s+the\s+podium\b",
    _I,
)
_PODIUM_ANY = re.compile(
    r"\b(?:to|on|onto|reach(?:ed|es)?|made|make|makes|clinch(?:ed)?|secur(?:ed|es)|earn(?:ed|s))\s+(?:the\s+)?podium\b"
    r"|\bpodium\s+(?:finish|place|spot|position)\b",
    _I,
)
_TEAM_WORD = re.compile(r"\bteam(?:s)?\b(?![\s-]+(?:mates?|captains?|leaders?|USA|GB))", _I)
# "a total of", "overall score of", "combined": the total, said right before the number or right after it.
_TOTAL_NEAR = re.compile(
    r"\b(?:total(?:s|ed|led|ing|ling)?|overall\s+(?:score|total|tally|mark)|combined(?:\s+score)?|aggregate"
    r"|final\s+(?:score|total|tally))\s*(?:score\s*)?(?:of|was|is|:|at|on|reached)?\s*(?:just|only|an?|the)?\s*$",
    _I,
)
_TOTAL_NEXT = re.compile(r"^\s*(?:points?\s+)?(?:in\s+total|in\s+all|total|overall|combined)\b", _I)
_TOTAL_BEFORE = re.compile(
    r"(?:\b(?:finish(?:ed|es|ing)?|end(?:ed|s|ing)?(?:\s+up)?|wound\s+up|won|wins|win|winning|took|claimed|captured"
    r"|secured|clinched|sealed|settled|placed|was|were|came|rose|climbed|dropped|slipped|fell|total(?:ed|led|ing)?"
    r"|tallied|amassed|gold|silver|bronze|title|crown|victory|medal|first|second|third|fourth|fifth|sixth|seventh"
    r"|eighth|ninth|tenth|\d{1,2}(?:st|nd|rd|th)|place|overall|podium|conquered|obtained|obtains)\b"
    r"(?:\s+[\w’'-]+){0,7}?,?\s+(?:on|with|at|by\s+scoring|scoring|after\s+scoring|thanks\s+to|for|of)"
    r"(?:\s+(?:a|an|the|just|only|his|her|their|a\s+(?:total|score)\s+of))?\s*$)",
    _I,
)
_TOTAL_AFTER = re.compile(
    r"^\s*(?:points?|pts)?\s*,?\s*(?:to|for|and)\s+(?:win|take|claim|capture|secure|clinch|seal|earn|finish|place"
    r"|gold|silver|bronze|the\s+(?:title|gold|silver|bronze|win|victory|crown)|first|second|third|\w+th\s+place)\b"
    r"|^\s*(?:points?|pts)?\s+(?:gave|earned|brought|secured|sealed|clinched|were\s+enough)\b",
    _I,
)
_GENERIC_SEGMENT = re.compile(
    r"\b(?:performance|program(?:me)?|skate|routine|effort|outing|segment|free|short)\b(?:\s+\w+){0,4}\s+"
    r"(?:that\s+|which\s+)?(?:scored|earned|worth|of|was|brought|tallied|received)\s*(?:just|only|a|an)?\s*$",
    _I,
)
_SEG_BEFORE_NUM = re.compile(
    rf"(?P<seg>{_SEG_WORDS})(?:\s+(?:score|mark|total|result|tally))?\s*(?:of|with|at|on|was|:|,|\(|=|-|worth|scored"
    rf"|earned|brought|score\s+of|tallied|received)?\s*(?:just|only|an?|the|a\s+score\s+of|another|a\s+new|a\s+record)?"
    r"(?:\s+(?:record|world[\s-]record|personal[\s-]best|season[\s-]best|olympic[\s-]record))?\s*$",
    _I,
)
_SEG_AFTER_NUM = re.compile(
    rf"^\s*(?:points?|pts)?\s*(?:in|for|during|from|of)\s+(?:the|her|his|their|its|a|an)?\s*(?:[\w’'-]+\s+){{0,3}}?"
    rf"(?P<seg>{_SEG_WORDS})\b|^\s*(?:points?|pts)?[\s-]+(?P<seg2>{_SEG_WORDS})\b",
    _I,
)
_NOT_ONE_CLAUSE = re.compile(r"[.;!?](?:\s|$)|\s[-–—]\s|,\s*(?:and|but|while|whereas)\b")
_LEADING_WITH = re.compile(r"\b(?:lead(?:s|ing)?|led)\s+(?:[\w’'-]+\s+){0,3}?with\s+$", _I)
_AFTER_SEG_NUM = re.compile(
    rf"\b(?:after|following)\s+(?:the\s+)?(?:(?:men['’]s|women['’]s|pairs|ice\s+dance)\s+)?(?P<seg>{_SEG_WORDS})\b", _I
)
_SKIP_NUMBER = re.compile(
    r"(?:\b(?:technical|tes|pcs|components?|component\s+score|goe|base\s+value|deductions?|element|grade|judges?)"
    r"(?:\s+score)?\s*(?:of|was|:)?\s*$)",
    _I,
)
_MARGIN_BEFORE = re.compile(
    r"(?:\bby\s+(?:just|only|a\s+mere|a\s+narrow|nearly|exactly)?\s*$|\b(?:margin|lead|gap|cushion|advantage|deficit)"
    r"\s+(?:of\s+)?(?:just|only)?\s*$|\b(?:ahead|behind|clear)\s+by\s+(?:just|only)?\s*$)",
    _I,
)
_MARGIN_AFTER = re.compile(
    r"^\s*(?:points?|pts)?\s*(?P<dir>ahead\s+of|clear\s+of|in\s+front\s+of|behind|back\s+of|adrift\s+of|short\s+of"
    r"|off\s+the\s+(?:podium|lead|pace)|off|over|better\s+than|more\s+than|less\s+than|ahead|clear|behind|back)\b"
    r"|^[\s-]*(?:points?|pts)?[\s-]+(?:lead|margin|gap|advantage|cushion|deficit)\b",
    _I,
)
_MARGIN_SEGMENT = re.compile(
    rf"\b(?P<prep>after|following|in)\s+(?:the\s+)?(?:(?:men['’]s|women['’]s|pairs|ice\s+dance)\s+)?(?P<seg>{_SEG_WORDS})\b",
    _I,
)
_WORD_MARGIN = re.compile(
    r"\b(?P<n>one|two|three|four|five|a\s+single)\s+(?P<dir>ahead\s+of|clear\s+of|in\s+front\s+of|behind)\b", _I
)
_BARE_POINTS = re.compile(
    r"\b(?:with|on|scored|tallied|totall?ed|earned|collected|amassed)\s+(?P<num>\d{2,3})(?!\d|[.,]\d|\s*(?:points?|pts|%|years?))",
    _I,
)
_INEXACT = re.compile(r"\b(?:more|less|fewer|over|under|nearly|almost|about|around|roughly|some|than)\s*$", _I)
_WITHIN = re.compile(r"\bwithin\s+(?P<n>a|one|two|three|a\s+single|\d+(?:\.\d+)?)\s+points?\s+of\b", _I)
_LOST_BY = re.compile(r"\b(?:lost|losing|loses|missed|missing|misses)\s+(?:out\s+)?(?:\w+\s+){0,3}?by\s*$", _I)
_ORDER = re.compile(
    r"\b(?P<ahead>ahead\s+of|in\s+front\s+of|beating|beat|beats|beaten|edging(?:\s+out)?|edged(?:\s+out)?"
    r"|edges(?:\s+out)?|outscoring|outscored|pipping|pipped|held\s+off|holding\s+off|holds\s+off|overtaking"
    r"|overtook|overtaken|over)\b"
    r"|\b(?P<behind>behind|trailing|trailed|trails)\b",
    _I,
)
# What makes a sentence worth reading for claims, each tried only where a match can begin (.patterns).
_TRIGGERS = (
    starting_with("gsb", MEDAL_RE),
    starting_with(r"\dfstne", ORDINAL_RE),
    starting_with(r"\d", DECIMAL_RE),
    starting_with(r"\dotfsena", POINTS_RE),
    starting_with(
        "ctwvprfl",
        re.compile(r"\b(?:champion|title|crown|won|win|victory|podium|runner|fell|fall|led|topped|ceremon|last)", _I),
    ),
    starting_with("aibeopht", _ORDER),
)
_CEREMONY = re.compile(r"\b(?:medal|victory|podium|flower)\s+ceremon(?:y|ies)\b|\bhonou?r\s+presentation\b", _I)
_CEREMONY_ROLE = re.compile(
    r"\b(?:among\s+those|waiting|lined\s+up|stood|standing|walk(?:ed)?\s+onto\s+the\s+podium)\b", _I
)
_FALL = re.compile(
    r"\b(?:(?P<n>one|two|three|four|five|a|an|single|\d)\s+(?:[\w-]+\s+){0,2}?(?P<plural>falls|fall)\b"
    r"|fell\s+(?P<times>once|twice|thrice|three\s+times|four\s+times|five\s+times)"
    r"|(?P<on>fell|falling|falls)\s+(?:on|during|in|from|out\s+of)\s+(?:a|an|the|her|his|their)\b)",
    _I,
)
_EXPLICIT_AFTER = re.compile(
    r"^\s*(?:(?:medals?|place|position|spot)\s+)?(?:(?:went|goes|going|was\s+won|was\s+taken|was\s+claimed)\s+)?"
    r"(?:to|for|by)\s+(?:the\s+)?$",
    _I,
)
_IMMEDIATE = re.compile(r"^[\s,(]*(?:(?:in|was|were|is|are|took|takes|with|on|at)\s+)?(?:the\s+)?$", _I)


_BEHIND_WORDS = frozenset(
    ("behind", "back of", "adrift of", "short of", "back", "off", "off the podium", "off the lead", "off the pace")
)
_AHEAD_WORDS = frozenset(("ahead of", "clear of", "in front of", "ahead", "clear", "over", "better than"))


class Who(list[Subject]):
    """The subjects of a trigger: each gets the claim, or, with `alternatives`, they are readings of one claim
    (a figure that could be either's)."""

    alternatives: bool = False


# Between a trigger and a competition named after it, another trigger takes the competition ("silver to her
# bronze from Beijing": Beijing is the bronze's).
_OTHER_TRIGGER = re.compile(rf"\b(?:gold|silver|bronze|{ORD}|\d+\.\d\d)\b", _I)
_ABSOLUTE = re.compile(
    # "with Uno second", "with Uno again second", "with Sakamoto a distant third"
    r"^\s+(?:(?:again|also|only|just|once\s+more|then|finally|a\s+distant|a\s+close)\s+)?"
    rf"(?:[a-z]+ing\b|{ORD}\b|(?:in|on)\s+(?:{ORD}|\d)|gold\b|silver\b|bronze\b|\d|(?:was|were)\s"
    r"|ahead\b|behind\b|clear\b|in\s+front\b)",
    _I,
)
_TITLE_THEN_PLACE = re.compile(
    r"(?:gold|silver|bronze|champions?|winners?|title[\s-]?holders?)(?:[\s-]+medal)?(?:[\s-]+medall?ists?)?"
    r"\s+from\s+(?:the\s+)?",
    _I,
)
# "won the 2025 world title with 225.97 points": a figure attached to a title is that title's competition's.
_TITLE_FIGURE = (
    r"\s*(?:champions?|titles?|crown|gold|silver|bronze|medals?)\s+(?:with|on|of|by|after)\s+"
    r"(?:(?:a|an|the|total|score|of|just)\s+)*"
)


_YEAR = re.compile(r"(?:19|20)\d\d")
_TITLE_BEFORE_PLACE = re.compile(
    r"(?:(?:gold|silver|bronze|champions?|winners?|medall?ists?)\s+from"
    r"|\b(?:her|his|their)\s+(?:[\w-]+\s+){0,2}(?:gold|silver|bronze|title|medal)\s+(?:in|at))\s+(?:the\s+)?\S*$",
    re.I,
)


def _year_joined(found: Found) -> Found:
    """A year and a place named apart in one sentence ("in 2017, in Helsinki") are one competition: the place
    of that year ("Helsinki 2017"), not two ambiguous readings."""
    years = {text for _, _, text, title in found.competitions if not title and _YEAR.fullmatch(text)}
    others = [c for c in found.competitions if not c[3] and not _YEAR.fullmatch(c[2])]
    if len(years) != 1 or not others or any(_YEAR.search(c[2]) for c in others):
        return found
    year = years.pop()
    year_at = next(c[0] for c in found.competitions if c[2] == year and not c[3])
    # Several places: the year is the nearest one's ("in 2019, ... champion in Saitama, a year after her gold in
    # PyeongChang": Saitama 2019, PyeongChang of its own year).
    nearest = min(others, key=lambda c: abs(c[0] - year_at))
    joined = [
        (c[0], c[1], f"{c[2]} {year}", False) if c == nearest else c
        for c in found.competitions
        if not (_YEAR.fullmatch(c[2]) and not c[3] and c[2] == year)
    ]
    return replace(found, competitions=joined)


@dataclass(slots=True)
class _State:
    """What carries from one sentence to the next: who was named last, the segment and competition in view."""

    person: Subject | None = None
    group: Subject | None = None
    # named in the previous sentence, or carried on by it ("Liu leads after the short! Chiba is third. Sakamoto is
    # only fourth": the third and the fourth may both be places in the short program)
    segments: list[str] = field(default_factory=list)
    competitions: list[str] = field(default_factory=list)  # named earlier in this paragraph
    paragraph: int = -1
    ceremony_left: int = 0
    earlier: list[Subject] = field(default_factory=list)  # the subjects named before, most recent last


@dataclass(slots=True)
class Extraction:
    claims: list[Claim]
    competition_texts: list[str]  # every competition mention, for the story's default competition


class Reader:
    """Reads a whole text: stage 1 (split), stage 2 (mentions) and stage 3 (these rules)."""

    def __init__(self, finder: MentionFinder) -> None:
        self.finder = finder
        self.claims: list[Claim] = []
        self.seen: set[tuple[object, ...]] = set()
        self.competition_texts: list[str] = []
        self.state = _State()

    def read(self, sentences: Iterable[Sentence]) -> Extraction:
        for sentence in sentences:
            if sentence.paragraph != self.state.paragraph:
                self.state.paragraph = sentence.paragraph
                self.state.competitions = []
            _SentenceReader(self, sentence.text, sentence.shown).read()
        return Extraction(self.claims, self.competition_texts)

    def add(self, claim: Claim) -> None:
        key = (claim.kind, claim.subject, claim.claimed, claim.segment, claim.competitions, claim.segments)
        if key in self.seen:
            return
        self.seen.add(key)
        self.claims.append(claim)


class _SentenceReader:
    def __init__(self, reader: Reader, sentence: str, shown: str | None = None) -> None:
        self.reader = reader
        self.state = reader.state
        self.text = sentence
        self.shown = shown or sentence  # what a reader is shown: the story's words, not a restatement
        self.found: Found = _year_joined(reader.finder.find(sentence))
        self.mentions = self.found.subjects
        self._resolve_references()
        # Clauses start before a new subject; after "with" only in an absolute phrase ("with Sakamoto taking
        # silver", "with Medvedeva second"), not "gold with the U.S. team".
        self.clauses = clauses(
            sentence,
            [
                m.span
                for m in self.mentions
                if m.object_of is None or (m.object_of == "with" and _ABSOLUTE.match(sentence[m.end :]))
            ],
        )
        self.made: list[tuple[Claim, int, int]] = []  # claim, trigger start, clause index
        self.carried: str | None = None  # the previous sentence's segment, read as one of a place's readings here
        # the standings the sentence's last place was read in (segment, readings), for a list that goes on
        self.listed: list[tuple[str, tuple[str | None, ...]]] | None = None

    # -- who the pronouns and descriptions stand for -------------------------------------------------------
    def _resolve_references(self) -> None:
        kept = []
        named_here: list[Subject] = []  # the subjects (not objects) this sentence has named so far
        named_mentions: list[Mention] = []  # their mentions
        for i, m in enumerate(self.mentions):
            if m.kind in ("pronoun", "description"):
                nxt = self.mentions[i + 1] if i + 1 < len(self.mentions) else None
                gap = self.text[m.end : nxt.start] if nxt else ""
                if nxt and nxt.kind == "person" and re.fullmatch(r"\s+(?:[\w-]+\s+){0,2}", gap):
                    continue  # "his compatriot Sato Shun", "the American Liu Alysa": describes the next name
                m.subject = (self.state.group or self.state.person) if m.plural else self.state.person
                if m.object_of in _RIVAL_OBJECT and m.kind == "pronoun" and m.subject in named_here:
                    # "Higuchi was second, 1.36 behind her": "her" is not Higuchi but whoever was named before,
                    # in this sentence too ("Gubanova was third and Gutmann fourth, 0.40 behind her": Gubanova);
                    # never one of the subjects named together last ("Liu and Sakamoto were ahead of her").
                    # A skater or couple before a country ("the Americans" may be the subject's own country).
                    last = self._last_group(named_mentions)
                    others = [s for s in reversed(self.state.earlier) if s not in last]
                    m.subject = next((s for s in others if s.ids), others[0] if others else None)
                if m.nation:
                    # "the Italian", "the French couple": the one named before if of that country (the check
                    # verifies it), else that country's one entry in the event.
                    bound = m.subject if m.subject is not None and m.subject.ids else None
                    m.subject = replace(bound, country=m.nation) if bound else Subject(m.nation, country=m.nation)
                if m.subject is None:
                    continue
                if m.kind == "description" and m.nation and m.object_of in (None, "of") and not m.subject.ids:
                    # "the free dance of the French couple ..., though they finished second": "they" is that couple.
                    self.state.group = m.subject
            elif m.kind in ("person", "country") and m.subject is not None:
                rival = m.object_of in _RIVAL_OBJECT and bool(named_here)
                if m.object_of is None:
                    named_here.append(m.subject)
                    named_mentions.append(m)
                if m.subject in self.state.earlier:
                    self.state.earlier.remove(m.subject)
                self.state.earlier = [*self.state.earlier[-5:], m.subject]
                if rival:
                    pass  # "Kagiyama beat Sato. He ...": the next "he" is still the sentence's subject
                elif m.kind == "country":
                    self.state.group = m.subject
                elif len(m.subject.ids) > 1 or m.plural:
                    self.state.group = m.subject
                else:
                    self.state.person = m.subject
                    self.state.group = None
            kept.append(m)
        self.mentions = kept

    def _last_group(self, named: list[Mention]) -> list[Subject]:
        """The subjects named together last ("Liu and Sakamoto"): the last subject mention and those joined to it."""
        if not named:
            return []
        return [m.subject for m in self._group_ending_at(named[-1], named) if m.subject is not None]

    # -- the sentence ---------------------------------------------------------------------------------------
    def read(self) -> None:
        found = self.found
        # A competition named in an aside ("who won bronze at Sochi years before", "Chen, only fifth in
        # PyeongChang, won") is that clause's, never the story's nor the next sentences'.
        places = [text for start, _, text, title in found.competitions if not title and not self._aside(start)]
        self.reader.competition_texts.extend(places)
        sentence_segments = [kind for _, _, kind in found.segments]
        if self._has_trigger():
            for index, clause in enumerate(self.clauses):
                self._clause(index, clause)
            self._ceremony()
        elif _CEREMONY.search(self.text):
            self.state.ceremony_left = 4
        self._dedupe_medal_places()
        for claim, _, _ in self.made:
            self.reader.add(claim)
        self.state.segments = sentence_segments or ([self.carried] if self.carried else [])
        if places:
            self.state.competitions = places

    def _has_trigger(self) -> bool:
        return any(trigger.search(self.text) for trigger in _TRIGGERS) or bool(self.state.ceremony_left)

    # -- helpers ---------------------------------------------------------------------------------------------
    def _aside(self, position: int) -> bool:
        """Whether the words at `position` are in an aside: a relative clause, a title's place, an apposition."""
        # Not a clause set at another time ("Four years later Hanyu won in PyeongChang"): the story often moves
        # on there, and the next sentence speaks of that competition.
        if self.clauses[self._clause_of(position)].relative:
            return True
        # A title's place ("the silver medallist from PyeongChang") and an apposition after a name ("Chen, only
        # fifth in PyeongChang, won gold") speak of another competition than the sentence's.
        before = self.text.rfind(",", 0, position)
        after = self.text.find(",", position)
        if _TITLE_BEFORE_PLACE.search(self.text[max(before, 0) : position]):
            return True
        return (
            before > 0
            and after > 0
            and any(m.end == before and m.kind in ("person", "pronoun") for m in self.found.subjects)
        )

    def _clause_of(self, position: int) -> int:
        for i, c in enumerate(self.clauses):
            if c.start <= position < c.end:
                return i
        return len(self.clauses) - 1

    def _in(self, clause: Clause) -> list[Mention]:
        return [m for m in self.mentions if clause.start <= m.start < clause.end and m.subject is not None]

    def _candidate(self, m: Mention, clause: Clause, first: bool) -> bool:
        if m.kind == "rank":
            return False
        if m.object_of is None:
            return True
        return m.object_of == "with" and first

    def subjects_for(self, position: int, *, person_only: bool = False, bare: bool = False) -> Who:
        """The subject(s) of a trigger at `position` (see the module docstring)."""
        index = self._clause_of(position)
        clause = self.clauses[index]
        inside = self._in(clause)
        before = [m for m in inside if m.end <= position]
        # "Sakamoto's 224.90", "Glenn's fifth place": the possessor's, whatever else the clause says.
        if bare and before and before[-1].subject is not None and before[-1].kind != "rank":
            if re.fullmatch(
                r"['’]s?\s+(?:(?:own|best|final|total|score|of)\s+)*", self.text[before[-1].end : position]
            ):
                return Who([before[-1].subject])
        candidates = [m for i, m in enumerate(before) if self._candidate(m, clause, i == 0)]
        if person_only or any(m.kind != "country" for m in candidates):
            people = [m for m in candidates if m.kind != "country"]
            candidates = people or candidates
        chosen: list[Mention] = []
        if candidates:
            chosen = self._group_ending_at(candidates[-1], candidates)
        elif clause.relative:
            antecedent = [m for m in self.mentions if m.end <= clause.start and m.subject is not None]
            if antecedent:
                chosen = [antecedent[-1]]
        if not chosen and not before and index > 0 and self.clauses[index - 1].relative and not clause.relative:
            # "Tarasova and Morozov, who had led after the short, took silver, and Zabiiako/Enbert were fourth":
            # the main clause resumes after the relative one, about the name that opened it.
            opened = self.clauses[index - 1].start
            antecedent = [m for m in self.mentions if m.end <= opened and m.subject is not None and m.kind != "rank"]
            if antecedent and not self.text[antecedent[-1].end : opened].strip(" ,"):
                chosen = self._group_ending_at(antecedent[-1], [m for m in self.mentions if m.end <= opened])
        if not chosen:
            after = [m for m in inside if m.start >= position and m.object_of is None and m.kind != "rank"]
            if after and not before:
                chosen = [after[0]]
        if not chosen:
            for previous in reversed(self.clauses[:index]):
                if previous.relative:
                    continue
                earlier = [m for i, m in enumerate(self._in(previous)) if self._candidate(m, previous, i == 0)]
                if earlier:
                    chosen = [earlier[0]]
                    break
        if not chosen:
            after = [m for m in inside if m.start >= position and m.kind != "rank"]
            if after and _EXPLICIT_AFTER.match(self.text[position : after[0].start].split(" ", 1)[-1] or " "):
                chosen = [after[0]]
        subjects = Who(m.subject for m in chosen if m.subject is not None)
        # Right after an object ("ahead of Shin Ji-a in eleventh"): it may be the object's figure as well.
        last = before[-1] if before else None
        attribute = ("of", "from", "for", "representing", "with")
        rival = (
            last is not None
            and last.object_of is not None
            and (last.kind != "country" or last.object_of not in attribute)
        )
        if (
            bare
            and rival
            and last
            and last.subject is not None
            and last.subject not in subjects
            and last.kind != "rank"
        ):
            if re.fullmatch(r"[\s,(]*(?:(?:in|on|with|at)\s+)?", self.text[last.end : position]) and len(subjects) == 1:
                subjects.append(last.subject)
                subjects.alternatives = True
        return subjects

    def _group_ending_at(self, last: Mention, candidates: list[Mention]) -> list[Mention]:
        group = [last]
        i = candidates.index(last)
        while i > 0:
            prev = candidates[i - 1]
            if re.fullmatch(r"\s*(?:,|and|&|,\s*and)\s*", self.text[prev.end : group[0].start], _I):
                group.insert(0, prev)
                i -= 1
            else:
                break
        return group

    def explicit_after(self, end: int) -> Subject | None:
        """ "gold went to Liu", "second place for Kagiyama", "completed by Nakai": the name after."""
        for m in self.mentions:
            if m.start >= end and m.subject is not None and m.kind != "rank":
                gap = self.text[end : m.start]
                if (
                    _EXPLICIT_AFTER.match(gap)
                    or re.fullmatch(
                        r"\s*(?:(?:medal|place|position)\s+)?(?:(?:was|is)\s+)?(?:completed|rounded\s+out|taken|won|claimed)"
                        r"\s+by\s+(?:the\s+)?(?:[A-Z][\w-]*\s+){0,2}",
                        gap,
                        _I,
                    )
                    or re.fullmatch(r"\s*(?:for|to)\s+(?:the\s+)?(?:[A-Z][\w-]*\s+){0,2}", gap)
                ):
                    return m.subject
                return None
        return None

    def title_before_name(self, end: int) -> Subject | None:
        """ "gold medalist Alysa Liu", "Olympic champion, Kazakhstan's Mikhail Shaidorov": the name right after."""
        for m in self.mentions:
            if m.start >= end and m.subject is not None and m.kind == "person":
                gap = self.text[end : m.start]
                if len(gap) <= 40 and re.fullmatch(
                    r"[\s,:]*(?:(?:[A-Z][^\s]*|the|of|from|skater|couple|pair|duo)\s+)*", gap
                ):
                    return m.subject
                return None
        return None

    def competitions_for(self, position: int) -> tuple[str | None, ...]:
        """Which competition the trigger at `position` is about: the place or competition its clause names
        (the nearest), else the one the sentence's main clauses share, else the story's (and, while a
        paragraph speaks of another competition, that one as a second reading). A title's level and year
        ("the 2022 champions") only speak of triggers in that phrase."""
        index = self._clause_of(position)
        clause = self.clauses[index]
        # "Sakamoto, the bronze medallist from Beijing, ...", "the champions from PyeongChang": the title's own
        # competition, named after it.
        held_at = [
            t
            for s, e, t, title in self.found.competitions
            if title and s > position and _TITLE_THEN_PLACE.fullmatch(self.text, position, s)
        ]
        if held_at:
            return (held_at[0],)
        titles = [
            t
            for s, e, t, title in self.found.competitions
            if title
            and s <= position + 1
            and clause.start <= s
            and "," not in self.text[e:position]
            and (
                len(self.text[e:position].split()) <= 2
                or re.fullmatch(_TITLE_FIGURE, self.text[e:position], _I) is not None
            )
        ]
        own = [
            (s, e, t)
            for s, e, t, title in self.found.competitions
            if not title
            and clause.start <= s < clause.end
            and not (s > position and "," in self.text[position:s])
            and not (s < position and "," in self.text[s:position] and self._aside(s))
            and not (s > position + 8 and _OTHER_TRIGGER.search(self.text, position + 4, s))
        ]
        if own:

            def distance(c: tuple[int, int, str]) -> tuple[bool, int]:
                between = self.text[min(c[1], position) : max(c[0], position)]
                return ("," in between, min(abs(c[0] - position), abs(c[1] - position)))

            nearest = min(own, key=distance)
            between = self.text[min(nearest[1], position) : max(nearest[0], position)]
            return (
                " ".join([*titles[-1:], nearest[2]]) if "," not in between else (titles[-1] if titles else nearest[2]),
            )
        if titles:
            return (titles[-1],)
        shared = {
            t
            for s, e, t, title in self.found.competitions
            if not title and s < position and not self._aside(s) and not clause.relative
        }
        if len(shared) == 1:
            return (shared.pop(),)
        if not any(not title for *_, title in self.found.competitions) and self.state.competitions:
            return (None, *dict.fromkeys(self.state.competitions))
        return (None,)

    def discipline_for(self, position: int) -> str | None:
        """The event the clause names for the trigger at `position`. "Team" counts when no other trigger
        stands between it and this one ("finished eighth after winning gold with the U.S. team": the gold is
        the team's, the eighth place is not); "the men's free skate in the team event" is the team event."""
        clause = self.clauses[self._clause_of(position)]
        word = re.match(r"\S+", self.text[position:])
        trigger_end = position + (word.end() if word else 0)
        teams = [(s, e) for s, e, d in self.found.disciplines if d == "team" and clause.start <= s < clause.end]
        teams += [(m.start(), m.end()) for m in _TEAM_WORD.finditer(self.text, clause.start, clause.end)]
        for s, e in teams:
            lo, hi = (trigger_end, s) if s >= trigger_end else (e, position)
            if not _OTHER_TRIGGER.search(self.text, lo, max(lo, hi)):
                return "team"
        own = [(s, d) for s, _, d in self.found.disciplines if clause.start <= s < clause.end and d != "team"]
        pool = own or [(s, d) for s, _, d in self.found.disciplines if d != "team"]
        if not pool:
            return None
        return min(pool, key=lambda p: abs(p[0] - position))[1]

    def negated(self, position: int) -> bool:
        clause = self.clauses[self._clause_of(position)]
        window = self.text[max(clause.start, position - 60) : position]
        # Only the words since the last name or number: "Liu, who missed the podium in 2022, won gold" keeps gold.
        cut = max((m.end for m in self.mentions if clause.start <= m.end <= position), default=clause.start)
        comma = self.text.rfind(",", clause.start, position)
        window = self.text[max(cut, comma + 1, position - 60) : position]
        return bool(NEGATION.search(window))

    def segments_in_clause(self, position: int) -> list[tuple[int, int, str]]:
        clause = self.clauses[self._clause_of(position)]
        return [s for s in self.found.segments if clause.start <= s[0] < clause.end]

    def make(
        self,
        kind: str,
        position: int,
        subjects: list[Subject],
        claimed: Text,
        value: float | None,
        *,
        segment: str | None = None,
        segments: tuple[str | None, ...] = (),
        other: Subject | None = None,
        ahead: bool = True,
        uncheckable: Text | None = None,
        competitions: tuple[str | None, ...] | None = None,
        discipline: str | None = None,
        last: bool = False,
    ) -> None:
        either = getattr(subjects, "alternatives", False)
        if not subjects:
            return
        if kind in ("score", "total", "margin", "team_points", "order") and len(subjects) > 1 and not either:
            # "Liu and Sakamoto ... 1.89": one figure after two names is either's, unless each is said to have it.
            clause = self.clauses[self._clause_of(position)]
            either = not re.search(r"\b(?:both|each|respectively|apiece)\b", self.text[clause.start : clause.end], _I)
        groups = [list(subjects)] if either else [[s] for s in subjects]
        for group in groups:
            first = group[0]
            claim = Claim(
                kind=kind,
                sentence=trim(self.shown),
                subject=first.name,
                claimed=claimed,
                segment=segment,
                skater_id=first.ids[0] if first.ids else None,
                value=value,
                subjects=tuple(group),
                segments=segments,
                competitions=competitions or self.competitions_for(position),
                other=other,
                ahead=ahead,
                discipline=discipline if discipline is not None else self.discipline_for(position),
                uncheckable=uncheckable,
                last=last,
            )
            self.made.append((claim, position, self._clause_of(position)))

    # -- rules, clause by clause -------------------------------------------------------------------------------
    def _clause(self, index: int, clause: Clause) -> None:
        self._medals(clause)
        self._titles(clause)
        self._places(clause)
        self._last_places(clause)
        self._segment_wins(clause)
        self._numbers(clause)
        self._order(clause)
        self._falls(clause)

    def _team(self, position: int, subject_is_country: bool) -> bool:
        """A team-event claim when the sentence names the team event; a country's medal or place otherwise has
        the team event and the country's entries as readings (see verdicts)."""
        return self.discipline_for(position) == "team"

    def _medals(self, clause: Clause) -> None:
        text = self.text
        medals = [m for m in MEDAL_RE.finditer(text, clause.start, clause.end)]
        listed = self._listed(clause, medals)
        for m in medals:
            if listed is not None and m in listed:
                continue
            if any(
                x.kind == "person"
                and x.subject is not None
                and (x.start <= m.start() < x.end or re.fullmatch(r"\s", text[x.end : m.start()]))
                and m.group("medal").lower() in x.subject.name.lower().split()
                for x in self.mentions
            ):
                continue  # "Gracie Gold": a name, not a medal
            medal = m.group("medal").lower()
            rest = text[m.end() :]
            medallist = _MEDALLIST.match(text, m.start())
            if (
                not medallist
                and not MEDAL_FOLLOW.match(rest)
                and not (
                    (
                        _MEDAL_CONTEXT.search(text[max(clause.start, m.start() - 40) : m.start()])
                        or self._subject_adjacent(m.start())  # "liu gold sakamoto silver"
                    )
                    and not _THING.match(rest)
                )
            ):
                continue
            if re.match(r"[\s-]+medals\b", rest, _I) and not medallist:
                continue  # "silver medals" in general, or a career count
            if self.negated(m.start()):
                continue
            before = text[max(clause.start, m.start() - 40) : m.start()]
            past = PAST_TITLE.search(before)
            subjects: list[Subject] = []
            if medallist:
                if medallist.group().lower().endswith("s") and not self._title_elsewhere(m.start()):
                    continue  # "the silver medallists": a reference, handled where it is compared
                title = self.title_before_name(medallist.end())
                subjects = Who([title]) if title else self.subjects_for(m.start())
            else:
                explicit = self.explicit_after(m.end()) if not self._before_subjects(m.start()) else None
                subjects = Who([explicit]) if explicit else self.subjects_for(m.start(), bare=True)
            self._medal_claim(m.start(), subjects, medal, past)

    def _title_elsewhere(self, position: int) -> bool:
        """ "the silver medallists from PyeongChang": a title held at a competition named right after it."""
        return any(
            title and s > position and _TITLE_THEN_PLACE.fullmatch(self.text, position, s)
            for s, _, _, title in self.found.competitions
        )

    def _before_subjects(self, position: int) -> bool:
        clause = self.clauses[self._clause_of(position)]
        return any(m.end <= position and m.object_of is None and m.kind != "rank" for m in self._in(clause))

    def _medal_claim(self, position: int, subjects: list[Subject], medal: str, past: re.Match[str] | None) -> None:
        country = any(s.country for s in subjects if isinstance(s, Subject))
        team = self._team(position, country)
        place = MEDAL_PLACE[medal]
        why = t("claim-past-title-or-medal") if past else None
        if team:
            claimed = t("claim-team-medal", medal=medal_text(medal))
            self.make("team", position, subjects, claimed, float(place), uncheckable=why)
        else:
            self.make("medal", position, subjects, medal_text(medal), float(place), uncheckable=why)

    def _listed(self, clause: Clause, triggers: list[re.Match[str]]) -> list[re.Match[str]] | None:
        """ "Sakamoto and Nakai took silver and bronze": values listed after listed subjects, in order."""
        if len(triggers) < 2:
            return None
        text = self.text
        for i in range(len(triggers) - 1):
            run = [triggers[i]]
            j = i
            while j + 1 < len(triggers) and re.fullmatch(
                r"\s*(?:,|and|,\s*and)\s*", text[run[-1].end() : triggers[j + 1].start()], _I
            ):
                run.append(triggers[j + 1])
                j += 1
            if len(run) < 2:
                continue
            inside = [m for m in self._in(clause) if m.end <= run[0].start() and m.object_of in (None, "of")]
            if not inside:
                continue
            group = self._group_ending_at(inside[-1], inside)
            if len(group) != len(run):
                # Values listed after a group of another size ("Sakamoto, Nakai and Chiba ... second and third"):
                # whose is which is not said.
                return run if len(group) > 1 else None
            for mention, trigger in zip(group, run, strict=True):
                assert mention.subject is not None
                word = trigger.group().lower()
                if word in MEDAL_PLACE:
                    self._medal_claim(trigger.start(), [mention.subject], word, None)
                else:
                    value = ordinal_value(word)
                    if value:
                        self.make(
                            "place", trigger.start(), [mention.subject], _ordinal(value), float(value), segments=(None,)
                        )
            return run
        return None

    def _titles(self, clause: Clause) -> None:
        text = self.text
        done: list[int] = []
        for m in _CHAMPION.finditer(text, clause.start, clause.end):
            if self.negated(m.start()):
                continue
            before = text[max(clause.start, m.start() - 60) : m.start()]
            if re.search(r"\b(?:the|a|an)\s+(?:\w+\s+){0,2}$", before, _I) and re.search(
                r"\b(?:behind|ahead\s+of|over|to|with|than|beat|beating)\s+(?:the|a)\s+(?:\w+\s+){0,2}$", before, _I
            ):
                continue  # "behind the champion": a reference
            if (
                m.group().lower().startswith("champion")
                and re.match(r"\s+(?:of|in)\s+(?:\d{4}|the\s+\w+\s+\d{4})", text[m.end() :]) is None
            ):
                pass
            past = PAST_TITLE.search(before)
            title = self.title_before_name(m.end())
            backward = re.search(
                r"(?<!newly\s)\b(?:became|become|becomes|(?:was|were|is|are|been|be)\s+crowned|crowned|is|was|were"
                r"|are|remains|named|as)\s+(?:the\s+)?(?:new\s+)?"
                r"(?:(?:olympic|world|\d{4}|women['’]s|men['’]s|pairs|ice\s+dance|figure\s+skating)\s+){0,3}$",
                before,
                _I,
            )
            if (
                title is None
                and not backward
                and re.search(r"\bthe\s+(?:[\w-]+\s+){0,3}$", before, _I)
                and not re.search(r"[,(]\s*(?:the\s+)?(?:[\w-]+\s+){0,3}$", before)
            ):
                continue  # "held onto the Japanese champion": a description of someone, not a result
            subjects = Who([title]) if title else self.subjects_for(m.start())
            level = re.search(r"\b(olympic|world)\s+(?:\w+\s+)?$", before, _I)
            champion = t("claim-gold-champion", level=level.group(1).lower() if level else "other")
            why = t("claim-past-title") if past else None
            self._gold(m.start(), subjects, champion, why)
            done.append(m.start())
        for m in _TITLE.finditer(text, clause.start, clause.end):
            if any(abs(m.end() - d) < 40 for d in done) and re.search(r"champion", m.group(), _I):
                continue
            if self.negated(m.start()):
                continue
            what = (m.group("what") or m.group("victory") or "title").lower()
            if what == "gold" or what == "gold medal":
                continue  # the medal rule reads it
            if what in ("event", "competition") and re.search(r"\bteam\s+(?:event|competition)", m.group(), _I):
                self._gold(m.start(), self.subjects_for(m.start()), t("claim-gold-team-event"), None, team=True)
                continue
            past = PAST_TITLE.search(text[max(clause.start, m.start() - 40) : m.start()])
            why = t("claim-past-title") if past and "defended" not in m.group().lower() else None
            lead = m.group().split()[0].lower()
            at = m.start("what") if m.group("what") else m.start()
            subjects = self.subjects_for(at)
            if lead == "for" and not self._before_subjects(m.start()):
                subjects = Who()
            self._gold(at, subjects, t("claim-gold-won-the", what=what), why)
        for m in _CONGRATULATED.finditer(text, clause.start, clause.end):
            # "congratulates Gilles and Poirier on their victory": the gold of those congratulated.
            whom = [x for x in self.mentions if m.start("who") <= x.start < m.end("who") and x.subject is not None]
            if whom and not self.negated(m.start("what")):
                subjects = Who(x.subject for x in self._group_ending_at(whom[-1], whom) if x.subject is not None)
                self._gold(m.start("what"), subjects, t("claim-gold-won"), None)
                done.append(m.start("what"))
        for pattern in (_WON, _TO_WIN):
            for m in pattern.finditer(text, clause.start, clause.end):
                if any(abs(m.start() - d) < 30 for d in done) or self.negated(m.start()):
                    continue
                if _PREDICTED.search(text[clause.start : m.start()]):
                    continue  # "nobody had her winning", "few expected him to win": a forecast, not a result
                nxt = text[m.end() : m.end() + 60]
                if re.match(
                    r"\s+(?:the\s+)?(?:gold|silver|bronze|title|crown|event|competition|victory|free|short|rhythm|segment|team)\b",
                    nxt,
                    _I,
                ) or re.match(rf"\s+(?:in|of)\s+(?:the\s+)?(?:[\w’'-]+\s+){{0,2}}?{_SEG_WORDS}", nxt, _I):
                    continue
                if re.search(
                    r"\b(?:was|were|is|are|been|being)\s+$", text[max(clause.start, m.start() - 12) : m.start()], _I
                ):
                    self._passive_win(m, clause)
                    continue
                if (
                    re.search(r"\b(?:gold|silver|bronze|title|crown)\b", text[m.end() : clause.end][:30], _I)
                    and pattern is _TO_WIN
                ):
                    continue
                self._gold(m.start(), self.subjects_for(m.start()), t("claim-gold-won"), None)
        # "won the 2019 World Championships", "won the Four Continents Championships": gold at that competition
        # (a competition the store lacks: listed as not checkable, never dropped).
        for m in _WON_COMPETITION.finditer(text, clause.start, clause.end):
            named = [c for c in self.found.competitions if c[0] == m.end() and not c[3]]
            if not named or any(abs(m.start() - d) < 30 for d in done) or self.negated(m.start()):
                continue
            if PAST_TITLE.search(text[max(clause.start, m.start() - 40) : m.start()]):
                continue
            if re.match(r"\s+(?:silver|bronze|medals?|podium)\b", text[named[0][1] :], _I):
                continue  # "won the 2022 World Championships bronze": the medal rule reads which
            competition = named[0][2]
            self.make(
                "medal",
                m.start(),
                self.subjects_for(m.start()),
                t("claim-gold-won"),
                1.0,
                segments=(None,),
                competitions=(competition,),
            )
        for m in _RUNNER_UP.finditer(text, clause.start, clause.end):
            if self.negated(m.start()):
                continue
            before = text[max(clause.start, m.start() - 40) : m.start()]
            if re.search(r"\b(?:behind|ahead\s+of|over|beat|beating)\s+the\s+$", before, _I):
                continue
            past = PAST_TITLE.search(before)
            title = self.title_before_name(m.end())
            subjects = Who([title]) if title else self.subjects_for(m.start())
            segment = _SEG_AFTER_ORD.match(text[m.end() :])
            if segment:
                # "the runner-up after the short program": second in that segment, no medal.
                kind = _segment(segment.group("seg"))
                self._segment_place(m.start(), subjects, 2, kind, _after_readings(kind, segment.group("prep").lower()))
                continue
            why = t("claim-past-result") if past else None
            self._place_claim(m.start(), subjects, 2, t("claim-silver-runner-up"), why, medal=True)
        for m in _PODIUM3.finditer(text, clause.start, clause.end):
            explicit = self.explicit_after(m.end()) if m.group().lower().startswith("podium") else None
            subjects = Who([explicit]) if explicit else self.subjects_for(m.start())
            self._place_claim(m.start(), subjects, 3, t("claim-bronze-podium"), None, medal=True)
        for m in _PODIUM_ANY.finditer(text, clause.start, clause.end):
            if self.negated(m.start()) or re.search(
                r"\b(?:off|missed|miss)\b", text[max(0, m.start() - 12) : m.start()], _I
            ):
                continue
            subjects = self.subjects_for(m.start())
            self.make("medallist", m.start(), subjects, t("claim-medal-podium"), 3.0)

    def _passive_win(self, m: re.Match[str], clause: Clause) -> None:
        """ "The free skate was won by Liu", "the title was won by Shaidorov": the name after "by"."""
        if not re.match(r"\s+by\b", self.text[m.end() :], _I):
            return
        winner = self._object_after(m.end(), named=True)
        if winner is None:
            return
        before = self.text[clause.start : m.start()]
        segments = [(s, e, k) for s, e, k in self.found.segments if clause.start <= s < m.start()]
        if segments and not re.search(r"\b(?:title|gold|event|competition|crown)\b", before, _I):
            self._segment_place(m.start(), Who([winner]), 1, segments[-1][2], (segments[-1][2],))
        elif re.search(r"\b(?:title|gold|event|competition|crown)\b", before, _I):
            self._gold(m.start(), Who([winner]), t("claim-gold-won"), None)

    def _gold(
        self, position: int, subjects: list[Subject], claimed: Text, why: Text | None, team: bool = False
    ) -> None:
        country = any(s.country for s in subjects if isinstance(s, Subject))
        if team or self._team(position, country):
            gold = t("claim-team-medal", medal=medal_text("gold"))
            self.make("team", position, subjects, gold, 1.0, uncheckable=why, discipline="team")
        else:
            self.make("medal", position, subjects, claimed, 1.0, uncheckable=why)

    def _place_claim(
        self, position: int, subjects: list[Subject], place: int, claimed: Text, why: Text | None, *, medal: bool
    ) -> None:
        country = any(s.country for s in subjects if isinstance(s, Subject))
        if self._team(position, country):
            name = {1: "gold", 2: "silver", 3: "bronze"}.get(place)
            label = (
                t("claim-team-medal", medal=medal_text(name))
                if medal and name
                else t("claim-team-place", place=_ordinal(place))
            )
            self.make("team", position, subjects, label, float(place), uncheckable=why, discipline="team")
        else:
            self.make(
                "medal" if medal else "place",
                position,
                subjects,
                claimed,
                float(place),
                uncheckable=why,
                segments=() if medal else (None,),
            )

    def _places(self, clause: Clause) -> None:
        text = self.text
        ordinals = [m for m in ORDINAL_RE.finditer(text, clause.start, clause.end)]
        listed = self._listed(clause, ordinals)
        for m in ordinals:
            if listed is not None and m in listed:
                continue
            n = ordinal_value(m.group())
            if not n:
                continue
            rest = text[m.end() :]
            before = text[clause.start : m.start()]
            seg_after = _SEG_AFTER_ORD.match(rest)
            best_seg = _ORD_BEST_SEG.match(rest)
            in_segment = re.match(r"\s+(?:in|of)\s+the\s+(?:segment|program(?:me)?)\b", rest, _I)
            placed_segment = _SEG_SUBJECT.search(before)
            if _ORD_NOT_PLACE.match(rest) and not seg_after:
                continue
            verb = _PLACE_VERB.search(before)
            place_word = re.match(r"[\s-]+place\b", rest, _I)
            if re.search(
                r"\b(?:straight|consecutive|time|times|edition|her|his|their|its|[\w]+['’]s)\s*$", before, _I
            ) and not (verb or place_word):
                continue
            # "Chiba 4th", "Sakamoto second"; but "13th after a fall" says nothing sure.
            adjacent = (
                _ORD_PLACE_AFTER.match(rest)
                and self._subject_adjacent(m.start())
                and not re.match(r"\s*,?\s*(?:after|following|before)\b", rest, _I)
            )
            overall = re.match(r"\s+(?:overall|at\s+the\s+end|in\s+the\s+end|in\s+the\s+final\s+standings)\b", rest, _I)
            if not (
                best_seg
                or seg_after
                or placed_segment
                or verb
                or place_word
                or adjacent
                or in_segment
                or overall
                or _ORD_BEST.match(rest)
            ):
                continue
            if self.negated(m.start()) and not re.search(r"\bmissed\s+(?:a|the)\s+(?:medal|podium)\b", before, _I):
                continue
            explicit = None
            if re.match(r"[\s-]+place\s+(?:for|to)\s", rest, _I) or (
                not self._before_subjects(m.start()) and re.match(r"\s+(?:for|to)\s", rest, _I)
            ):
                explicit = self.explicit_after(m.end() + (place_word.end() if place_word else 0))
            subjects = Who([explicit]) if explicit else self.subjects_for(m.start(), bare=True)
            kinds: list[str] = []
            readings: tuple[str | None, ...] = (None,)
            comeback = bool(_FROM.search(before))
            if best_seg or seg_after:
                found = best_seg or seg_after
                assert found is not None
                kinds = [_segment(found.group("seg"))]
                both = re.match(
                    rf"\s+and\s+(?:in\s+|after\s+)?(?:the\s+)?(?P<seg>{_SEG_WORDS})\b", rest[found.end() :], _I
                )
                if both:
                    kinds.append(_segment(both.group("seg")))
                prep = "in" if best_seg else found.group("prep").lower()
                if seg_after and len(kinds) == 1 and _AFTER_A_SEGMENT.match(rest):
                    # "seventh after a difficult short program": the segment as something that happened, not the
                    # standings after it; the final place, or that segment's rank.
                    readings = (None, kinds[0])
            elif placed_segment:
                kinds, prep = [_segment(placed_segment.group("seg"))], "in"
            elif in_segment or _ORD_BEST.match(rest):
                kind = self._segment_in_view(m.start())
                if kind is None:
                    continue
                kinds, prep = [kind], "in"
            elif comeback:
                continue  # "rose from fifth" without a segment: after what is not said
            else:
                prep = "after"
                positional = _POSITIONAL.search(before) and not _FINAL_WORDS.search(before[-40:])
                # "In the free skating he was placed first": a standing when the clause has named its segment.
                positional = positional or (
                    _PLACED.search(before) and any(sg[0] < m.start() for sg in self.segments_in_clause(m.start()))
                )
                if positional and not overall:
                    # The segment of this part of the clause: one named before the place, or after it with no
                    # comma between ("was sixth with 237.04, after being seventh in the short program": the
                    # short program is the seventh's, not the sixth's).
                    in_clause = [
                        sg
                        for sg in self.segments_in_clause(m.start())
                        if sg[0] < m.start() or "," not in text[m.end() : sg[0]]
                    ]
                    here = {k for _, _, k in in_clause}
                    earlier: list[str] = []
                    if not self.segments_in_clause(m.start()):
                        # A segment named in an earlier clause carries on ("In the free skate, Liu was first and
                        # Sakamoto second"); one named after, in another's clause, does not ("Sotskova was fourth,
                        # and Radionova, fifth after the short, ...").
                        # Not one named in an apposition ("Higuchi, eleventh after the short, climbed to ninth, and
                        # Li was seventh": Li's seventh is no short program place).
                        earlier = [
                            k
                            for s, _, k in sorted(self.found.segments)
                            if k and s < m.start() and not self._in_apposition(s, m.start())
                        ]
                        here = set(earlier)
                    if len(here) > 1 and earlier:
                        # Several named in earlier clauses ("first in the free, overcoming the gap of the short
                        # program, where he was third"): the nearest may be meant, or the final standings.
                        kinds = [earlier[-1]]
                        readings = (None, kinds[0])
                    elif len(here) == 1:
                        kinds = list(here)
                        named_in = [sg for sg in in_clause if sg[0] < m.start()]
                        # "In the free skate she was second": that segment's place, when the segment opens the
                        # clause (not "a missed jump in the free skate left her sitting 13th").
                        opening = r"(?:^|[,:]\s*|\bbut\s+|\band\s+)(?:in|during)\s+(?:the\s+|her\s+|his\s+|their\s+)?$"
                        if named_in and re.search(opening, text[clause.start : named_in[-1][0]], _I):
                            prep = "in"
                    elif not here and len(set(self.state.segments)) == 1:
                        kinds = [self.state.segments[0]]
                        readings = (None, kinds[0])
                        self.carried = kinds[0]
            if not kinds and self.listed is not None and self._subject_adjacent(m.start()):
                # "Kagiyama is second with 107.90, Shaidorov fourth": the list goes on in the same standings.
                for kind, listed_readings in self.listed:
                    self._segment_place(m.start(), subjects, n, kind, listed_readings)
                continue
            if not kinds:
                self.listed = None
                country = any(s.country for s in subjects)
                if self._team(m.start(), country):
                    self.make(
                        "team",
                        m.start(),
                        subjects,
                        t("claim-team-place", place=_ordinal(n)),
                        float(n),
                        discipline="team",
                    )
                else:
                    self.make("place", m.start(), subjects, _ordinal(n), float(n), segments=(None,))
                continue
            self.listed = []
            for kind in kinds:
                if readings != (None, kind):
                    readings = _after_readings(kind, prep)
                self._segment_place(m.start(), subjects, n, kind, readings)
                self.listed.append((kind, readings))

    def _last_places(self, clause: Clause) -> None:
        """ "finished last", "came dead last": the final place that is the field's last (checked against the
        entries stored behind the subject)."""
        for m in _LAST_PLACE.finditer(self.text, clause.start, clause.end):
            if self.negated(m.start()):
                continue
            subjects = self.subjects_for(m.start())
            self.make("place", m.start(), subjects, t("claim-place-last"), None, segments=(None,), last=True)

    def _segment_place(
        self, position: int, subjects: list[Subject], n: int, kind: str, readings: tuple[str | None, ...]
    ) -> None:
        single = kind if readings == (kind,) else None
        if single:
            key = "claim-place-after" if kind in FIRST_SEGMENT else "claim-place-in"
        else:
            key = "claim-place-after-or-in"
        claimed = t(key, place=_ordinal(n), segment=segment_text(kind))
        self.make("segment_place", position, subjects, claimed, float(n), segment=single, segments=readings)

    def _subject_adjacent(self, position: int) -> bool:
        """An ordinal right after a name ("Chiba 4th", "Sakamoto second", "with Medvedeva second")."""
        for m in self.mentions:
            if m.end <= position and m.subject is not None and _IMMEDIATE.match(self.text[m.end : position]):
                return True
        return False

    def _segment_in_view(self, position: int) -> str | None:
        here = self.segments_in_clause(position) or self.found.segments
        kinds = {k for _, _, k in here}
        if len(kinds) == 1:
            return kinds.pop()
        if not kinds and len(set(self.state.segments)) == 1:
            return self.state.segments[0]
        return None

    def _segment_wins(self, clause: Clause) -> None:
        text = self.text
        for pattern in (_SEG_WIN, _SEG_LEADER):
            for m in pattern.finditer(text, clause.start, clause.end):
                if self.negated(m.start()):
                    continue
                kinds = [_segment(m.group("seg"))]
                tail = text[m.end() : clause.end]
                # "won the short program and the free skate", "won the short program with 103.62, then the free
                # skate too".
                both = re.match(
                    rf"(?:\s+with\s+\d{{1,3}}\.\d\d)?\s*,?\s+(?:and|then|and\s+then|as\s+well\s+as)\s+(?:also\s+)?"
                    rf"(?:in\s+)?(?:the\s+)?(?P<seg>{_SEG_WORDS})\b",
                    tail,
                    _I,
                )
                if both:
                    kinds.append(_segment(both.group("seg")))
                after = "after" in m.group().lower() or ("lead" in m.group().lower() and "in" not in m.group().lower())
                subjects = self.subjects_for(m.start())
                if pattern is _SEG_LEADER:
                    title = self.title_before_name(m.end())
                    subjects = Who([title]) if title else subjects
                for kind in kinds:
                    self._segment_place(m.start(), subjects, 1, kind, _after_readings(kind, "after" if after else "in"))
        for m in _SEG_BEST.finditer(text, clause.start, clause.end):
            if self.negated(m.start()):
                continue
            kind = _segment(m.group("seg"))
            self._segment_place(m.start(), self.subjects_for(m.start(), bare=True), 1, kind, (kind,))
        for m in _BOTH_SEGMENTS.finditer(text, clause.start, clause.end):
            self._both_segments(m)

    def _both_segments(self, m: re.Match[str]) -> None:
        """ "won both segments (and the title)": first in each segment of the event, the dance's or the others';
        which ones is not said when neither the event nor the subject (a skater: not a dance) says it."""
        if self.negated(m.start()):
            return
        subjects = self.subjects_for(m.start())
        discipline = self.discipline_for(m.start())
        kinds: tuple[str, ...]
        if discipline == "ice_dance":
            kinds = ("rhythm_dance", "free_dance")
        elif discipline in ("men", "women", "pairs") or (subjects and all(len(s.ids) == 1 for s in subjects)):
            kinds = ("short_program", "free_skate")
        else:
            kinds = ()
        for kind in kinds:
            self._segment_place(m.start(), subjects, 1, kind, (kind,))
        if m.group("title"):
            self._gold(m.start(), subjects, t("claim-gold-won"), None)

    def _numbers(self, clause: Clause) -> None:
        text = self.text
        within = _WITHIN.search(text, clause.start, clause.end)
        if within:
            value = number_value(within.group("n"))
            other = self._object_after(within.end())
            if value is not None and other is not None:
                subjects = self.subjects_for(within.start())
                self.make(
                    "margin",
                    within.start(),
                    subjects,
                    t("claim-margin-behind", points=_fmt(value), other=other.label),
                    value,
                    other=other,
                    ahead=False,
                )
        for m in _WORD_MARGIN.finditer(text, clause.start, clause.end):
            if re.search(r"\bpoints?\b", text[m.end("n") : m.start("dir")]):
                continue
            value = number_value(m.group("n"))
            subjects = self.subjects_for(m.start())
            if value is not None and subjects:
                self._margin(
                    m.start(),
                    m.end("n"),
                    value,
                    subjects,
                    text[clause.start : m.start()],
                    text[m.end("n") :],
                    _MARGIN_AFTER.match(text[m.end("n") :]),
                )
        for m in _BARE_POINTS.finditer(text, clause.start, clause.end):
            subjects = self.subjects_for(m.start("num"))
            if subjects and (all(s.country for s in subjects) or self.discipline_for(m.start()) == "team"):
                self._team_points(m.start("num"), float(m.group("num")), subjects, "", "")
        decimals = list(DECIMAL_RE.finditer(text, clause.start, clause.end))
        listed_scores = self._listed_numbers(clause, decimals)
        for m in decimals:
            if m in listed_scores:
                continue
            self._number(m.start(), m.end(), m.group("num"), decimal=True)
        for m in POINTS_RE.finditer(text, clause.start, clause.end):
            if m.group("num").isdigit() or m.group("num").lower() in NUMBER_WORDS:
                if any(d.start() <= m.start() < d.end() for d in decimals):
                    continue
                if within and within.start() <= m.start() < within.end():
                    continue
                self._number(m.start(), m.end("num"), m.group("num"), decimal=False)
        # Team points written without the word after a first "N points": "Japan 68 points, Italy 60 and Georgia 56".
        if any(c.kind in ("team_points",) for c, _, _ in self.made):
            for m in re.finditer(r"(?<![\d.])(\d{2,3})(?!\d|[.,]\d)", text[clause.start : clause.end]):
                start = clause.start + m.start()
                if any(c.kind == "team_points" and p == start for c, p, _ in self.made):
                    continue
                subjects = self.subjects_for(start)
                if (
                    subjects
                    and all(isinstance(s, Subject) and s.country for s in subjects)
                    and _IMMEDIATE.match(text[max((x.end for x in self.mentions if x.end <= start), default=0) : start])
                ):
                    points = t("claim-team-points", points=m.group(1))
                    self.make("team_points", start, subjects, points, float(m.group(1)))

    def _listed_numbers(self, clause: Clause, numbers: list[re.Match[str]]) -> list[re.Match[str]]:
        """ "Liu and Sakamoto scored 226.79 and 224.90 (respectively)": one number each."""
        text = self.text
        for i in range(len(numbers) - 1):
            a, b = numbers[i], numbers[i + 1]
            if not re.fullmatch(r"\s*(?:points?)?\s*(?:,|and|,\s*and)\s*", text[a.end() : b.start()], _I):
                continue
            inside = [m for m in self._in(clause) if m.end <= a.start() and m.object_of is None]
            if len(inside) < 2:
                continue
            group = self._group_ending_at(inside[-1], inside)
            if len(group) != 2:
                continue
            for mention, number in zip(group, (a, b), strict=True):
                assert mention.subject is not None
                self._number(
                    number.start(), number.end(), number.group("num"), decimal=True, subjects=[mention.subject]
                )
            return [a, b]
        return []

    def _number(self, start: int, end: int, raw: str, *, decimal: bool, subjects: list[Subject] | None = None) -> None:
        text = self.text
        clause = self.clauses[self._clause_of(start)]
        before = text[max(clause.start, start - 80) : start]
        after = text[end : min(clause.end, end + 60)]
        value = number_value(raw)
        if value is None:
            return
        if _SKIP_NUMBER.search(before) or re.match(
            r"\s*(?:years?|yrs?|-year|%|percent|degrees|metres|meters|km|fans|people|spectators|countries|nations|skaters|competitors|teams|times|jumps|quads|seconds)\b",
            after,
            _I,
        ):
            return
        if re.search(r"\b(?:after|following)\s+(?:the\s+)?(?:\w+\s+)?$", before, _I) and not decimal:
            return
        if subjects is None:
            subjects = self.subjects_for(start, bare=True)
        # Margins.
        margin_before = _MARGIN_BEFORE.search(before)
        margin_after = _MARGIN_AFTER.match(after)
        if margin_before or margin_after:
            if _INEXACT.search(before) or (
                margin_after
                and margin_after.group("dir")
                and margin_after.group("dir").lower() in ("more than", "less than")
            ):
                return
            if not decimal and value > 30:
                return
            self._margin(start, end, value, subjects, before, after, margin_after)
            return
        if not decimal:
            self._team_points(start, value, subjects, before, after)
            return
        if value < 20:
            return  # no segment score or total is this low: a margin written another way, or not a score
        label = raw
        # Which figure the number is, most specific attachment first.
        if _SEG_AFTER_NUM.match(after) and not re.match(r"\s*(?:points?\s+)?(?:total|overall)", after, _I):
            found = _SEG_AFTER_NUM.match(after)
            assert found is not None
            self._score(start, subjects, label, value, _segment(found.group("seg") or found.group("seg2")))
            return
        if _TOTAL_NEAR.search(before[-30:]) or _TOTAL_NEXT.match(after):
            self.make("total", start, subjects, t("claim-total", score=label), value, segments=(None,))
            return
        seg_before = _SEG_BEFORE_NUM.search(before[-60:])
        if seg_before:
            self._score(start, subjects, label, value, _segment(seg_before.group("seg")))
            return
        # "second in the segment with 147.67", "won the rhythm dance with 90.18": the score of the segment the
        # place just before it is in.
        placed = sorted(
            (
                (p, c)
                for c, p, i in self.made
                if i == self._clause_of(start) and p < start and c.kind in ("segment_place", "place", "medal", "team")
            ),
            key=lambda pc: pc[0],  # two claims at one place: in the order they were made (Claims do not compare)
        )
        if placed and placed[-1][1].kind == "segment_place" and not self._in_apposition(placed[-1][0], start):
            between = text[placed[-1][0] : start]
            last = placed[-1][1]
            # "first after the short program with 90.56 and ends on 266.95": ending somewhere is the final result.
            final = (
                r"\b(?:gold|silver|bronze|title|crown|overall|finish\w*|final|medals?|podium"
                r"|end(?:s|ed|ing)?(?:\s+up)?\s+(?:on|with|at)|wound\s+up\s+(?:on|with|at)|total\w*)\b"
            )
            if not re.search(final, between, _I):
                if last.segment:
                    self._score(start, subjects, label, value, last.segment)
                else:  # the place itself had two readings: so has its score
                    kinds = or_text([segment_text(k) for k in last.segments if k])
                    claimed = t("claim-score-total-or", score=label, segments=kinds)
                    self.make("score", start, subjects, claimed, value, segments=last.segments)
                return
        if _LEADING_WITH.search(before[-60:]):
            # "was leading with 108.77", "led with 80.72": a lead is held after a segment, never the total.
            # The segment it is held after: "after the short program" in its clause, else before it in the sentence
            # ("third after the short program and Kagiyama was leading with 108.77"); else any segment.
            named = [_segment(a.group("seg")) for a in _AFTER_SEG_NUM.finditer(text, clause.start, clause.end)]
            named = named or [_segment(a.group("seg")) for a in _AFTER_SEG_NUM.finditer(text, 0, start)]
            in_view = named[0] if len(set(named)) == 1 else None
            if in_view is not None:
                self._score(start, subjects, label, value, in_view)
            else:
                self.make("score", start, subjects, t("claim-score-segment", score=label), value, segments=("any",))
            return
        if _TOTAL_BEFORE.search(before) or _TOTAL_AFTER.match(after):
            self.make("total", start, subjects, t("claim-total", score=label), value, segments=(None,))
            return
        after_seg = None
        for a in _AFTER_SEG_NUM.finditer(text, clause.start, clause.end):
            if a.end() <= start or a.start() >= end:
                after_seg = a
        if after_seg is not None and not self._in_apposition(after_seg.start(), start):
            kind = _segment(after_seg.group("seg"))
            readings = (kind,) if kind in FIRST_SEGMENT else (None, kind)
            if readings == (kind,):
                self._score(start, subjects, label, value, kind)
            else:
                claimed = t("claim-score-total-or", score=label, segments=segment_text(kind))
                self.make("score", start, subjects, claimed, value, segments=readings)
            return
        if _GENERIC_SEGMENT.search(before[-60:]):
            in_view = self._segment_in_view(start)
            if in_view is not None:
                self._score(start, subjects, label, value, in_view)
            else:
                claimed = t("claim-score-segment", score=label)
                self.make("score", start, subjects, claimed, value, segments=("any",))
            return
        # Nothing says which: the total or any segment's score, all kept as readings.
        self.make("score", start, subjects, t("claim-score-any", score=label), value, segments=(None, "any"))

    def _in_apposition(self, position: int, end: int) -> bool:
        """Whether the words at `position` are an apposition after a name, closed before `end` ("James and
        Cipres, second after the short, get 145.48": the score is not that segment's)."""
        opened = self.text.rfind(",", 0, position)
        return (
            opened > 0
            and "," in self.text[position:end]
            and any(m.end == opened and m.kind in ("person", "pronoun") for m in self.mentions)
        )

    def _score(self, start: int, subjects: list[Subject], label: str, value: float, kind: str) -> None:
        claimed = t("claim-score-in", score=label, segment=segment_text(kind))
        self.make("score", start, subjects, claimed, value, segment=kind, segments=(kind,))

    def _margin(
        self,
        start: int,
        end: int,
        value: float,
        subjects: list[Subject],
        before: str,
        after: str,
        margin_after: re.Match[str] | None,
    ) -> None:
        direction = " ".join((margin_after.group("dir") or "").lower().split()) if margin_after else ""
        # The words after the number say which way when they say it ("14.20 behind Medvedeva and 14.37 ahead of
        # Miyahara": the second is ahead, whatever the first said); else the words before it, since the last number.
        since_number = re.split(r"\d\.\d\d", before)[-1]
        behind = direction in _BEHIND_WORDS or (
            direction not in _AHEAD_WORDS
            and (
                bool(_LOST_BY.search(before))
                or bool(re.search(r"\b(?:behind|trail(?:ed|ing)?|deficit)\b", since_number[-30:], _I))
            )
        )
        other = None
        tail_start = end + (margin_after.end() if margin_after else 0)
        if direction == "off the podium":
            other = Subject("the podium", rank=3, shown=t("claim-rank-podium"))
        elif direction == "off the lead":
            other = Subject("the leader", rank=1, shown=t("claim-rank-leader"))
        else:
            other = self._object_after(tail_start)
        if other is None:
            clause = self.clauses[self._clause_of(start)]
            rivals = [
                m
                for m in self._in(clause)
                if m.end <= start
                and m.object_of
                and m.object_of not in ("of", "for", "from", "with", "representing", "to")
            ]
            if rivals:
                other = rivals[-1].subject
                if rivals[-1].object_of in ("trailed", "trailing", "trails", "behind"):
                    behind = True
        if other is None:
            lost = _LOST_BY.search(before)
            if lost:
                # "missed out on bronze by 1.28": measured from the bronze medallist, not the winner.
                medal = re.search(r"\b(?P<m>gold|silver|bronze|podium|medal|title|win|victory)\b", lost.group(), _I)
                rank = (
                    {"silver": 2, "bronze": 3, "podium": 3, "medal": 3}.get(medal.group("m").lower(), 1) if medal else 1
                )
                if rank == 1:
                    other = Subject("the winner", rank=1, shown=t("claim-rank-winner"))
                elif rank == 2:
                    other = Subject("the silver medallist", rank=2, shown=t("claim-rank-silver"))
                else:
                    other = Subject("the bronze medallist", rank=3, shown=t("claim-rank-podium"))
        # Measured in a segment only when the clause says where: "after the short program", "in the free
        # dance"; after the last segment the standings are the final ones. ("won the free dance but lost gold
        # by 1.43" is a margin in the totals.)
        # A margin set after a place ("third after the short program, 2.12 behind Nakai"; "finished second, 0.43
        # behind") is measured where that place is.
        segment = None
        index = self._clause_of(start)
        clause = self.clauses[index]
        placed = sorted(
            (
                (p, c)
                for c, p, i in self.made
                if i == index and p < start and c.kind in ("place", "segment_place", "medal")
            ),
            key=lambda pc: pc[0],
        )
        if placed:
            position, last = placed[-1]
            final_words = re.search(
                r"\b(?:gold|silver|bronze|title|crown|overall|finish\w*|final|medals?|podium)\b",
                self.text[position:start],
                _I,
            )
            # "won the free skate with 198.64 and beat Kagiyama by 11.52": beating a rival is the final result.
            beat = re.search(
                r"\band\s+(?:then\s+|so\s+)?(?:beat|beats|beating|edged|edging|defeated|pipped|held\s+off)\b",
                self.text[position:start],
                _I,
            )
            segment = last.segment if last.kind == "segment_place" and not final_words and not beat else None
        else:
            chunk_start = max(clause.start, self.text.rfind(",", clause.start, start) + 1)
            chunk_end = self.text.find(",", end, clause.end)
            for a in _MARGIN_SEGMENT.finditer(self.text, chunk_start, clause.end if chunk_end < 0 else chunk_end):
                kind = _segment(a.group("seg"))
                segment = kind if (kind in FIRST_SEGMENT or a.group("prep").lower() == "in") else None
        label = t(
            "claim-margin-behind" if behind else "claim-margin-ahead",
            points=_fmt(value),
            other=other.label if other else t("claim-the-next"),
        )
        if segment:
            label = t("claim-in-segment", claim=label, segment=segment_text(segment))
        self.make(
            "margin", start, subjects, label, value, other=other, ahead=not behind, segment=segment, segments=(segment,)
        )

    def _object_after(self, position: int, *, named: bool = False) -> Subject | None:
        for m in self.mentions:
            if m.start >= position and m.subject is not None:
                if named and m.kind in ("pronoun", "description"):
                    return None
                if _NOT_ONE_CLAUSE.search(self.text, position, m.start):
                    # another sentence or list item, or the subject of the next clause ("28.98 back, and Sato got
                    # the bronze"): not the object of this one
                    return None
                if len(self.text[position : m.start].split()) <= 5:
                    return m.subject
                return None
        return None

    def _team_points(self, start: int, value: float, subjects: list[Subject], before: str, after: str) -> None:
        if not subjects or value < 10:
            return
        if not all(isinstance(s, Subject) and s.country for s in subjects) and self.discipline_for(start) != "team":
            return
        clause = self.clauses[self._clause_of(start)]
        why = None
        if re.search(
            r"\b(?:after|following|led|leading|leads)\b", self.text[clause.start : clause.end], _I
        ) or self.segments_in_clause(start):
            why = t("claim-team-after-segment")
        if any(not s.country for s in subjects if isinstance(s, Subject)):
            why = why or t("claim-skater-team-points")
        points = t("claim-team-points", points=_fmt(value))
        self.make("team_points", start, subjects, points, value, uncheckable=why, discipline="team")

    def _order(self, clause: Clause) -> None:
        text = self.text
        for m in _ORDER.finditer(text, clause.start, clause.end):
            other = self._object_after(m.end(), named=True)
            if other is None:
                continue
            # A margin with the same rival already says the order.
            if re.search(
                r"(?:\d|\b(?:one|two|three|four|five|single|a))\s*(?:points?|pts)?\s*$",
                text[max(0, m.start() - 15) : m.start()],
                _I,
            ) or re.search(
                r"\bby\s+(?:a|one|two|three|four|five|six|seven|eight|nine|ten|half|\d+(?:\.\d+)?)\b",
                text[m.end() : clause.end],
                _I,
            ):
                continue
            if m.group().lower() == "over" and not re.search(
                r"\b(?:won|win|victory|gold|title|edge|triumph)", text[clause.start : m.start()], _I
            ):
                continue
            if self.negated(m.start()):
                continue
            ahead = m.group("ahead") is not None
            if re.search(
                r"\b(?:was|were|been|being|got|is|are)\s+(?:\w+\s+)?$",
                text[max(clause.start, m.start() - 20) : m.start()],
                _I,
            ) and re.match(r"(?:\s+out)?\s+by\b", text[m.end() : m.end() + 8], _I):
                ahead = not ahead  # "were pipped by Fournier Beaudry and Cizeron": behind them
            subjects = self.subjects_for(m.start())
            segment = None
            here = self.segments_in_clause(m.start())
            readings: tuple[str | None, ...] = (None,)
            if here and re.search(rf"\b(?:in|after)\s+the\s+{_SEG_WORDS}", text[m.end() : clause.end], _I):
                segment = here[-1][2]
                readings = (segment,)
            elif self.found.segments:
                # "Nakai's short program put her first, ahead of Sakamoto": the segment's order, or the final one.
                readings = (None, *dict.fromkeys(k for _, _, k in self.found.segments))
            label = t("claim-ahead-of" if ahead else "claim-behind", other=other.label)
            if segment:
                label = t("claim-in-segment", claim=label, segment=segment_text(segment))
            subjects = Who(x for x in subjects if x != other)
            self.make(
                "order", m.start(), subjects, label, None, other=other, ahead=ahead, segment=segment, segments=readings
            )

    def _falls(self, clause: Clause) -> None:
        text = self.text
        for m in _FALL.finditer(text, clause.start, clause.end):
            if m.group("n"):
                count = NUMBER_WORDS.get(m.group("n").lower()) or (int(m.group("n")) if m.group("n").isdigit() else 0)
                if m.group("plural").lower() == "fall":
                    if count != 1 or not re.match(
                        r"\s+(?:on|during|in\s+(?:the|her|his|their)\s+\w+\s+(?:skate|program)|from)",
                        text[m.end() :],
                        _I,
                    ):
                        continue
                exact = m.group("n").lower() not in {"a", "an"}
            elif m.group("times"):
                count, exact = TIMES[" ".join(m.group("times").lower().split())], True
            else:
                if re.match(r"\s+(?:the\s+)?(?:standings|rankings|table|leaderboard)", text[m.end() :], _I):
                    continue
                count, exact = 1, False
            if not count or self.negated(m.start()):
                continue
            subjects = self.subjects_for(m.start(), person_only=True)
            kind = _nearest(self.segments_in_clause(m.start()), m.start())
            label = t("claim-falls", n=count) if exact else t("claim-a-fall")
            if kind:
                label = t("claim-in-segment", claim=label, segment=segment_text(kind))
            self.make("fall", m.start(), subjects, label, float(count) if exact else 0.5, segment=kind)

    def _ceremony(self) -> None:
        """ "...before the Olympic medal ceremony... Among those waiting were Kaori Sakamoto and Alysa Liu":
        taking part in a medal ceremony claims a medal (which one is not said)."""
        if _CEREMONY.search(self.text):
            self.state.ceremony_left = 4
        if not self.state.ceremony_left:
            return
        self.state.ceremony_left -= 1
        if _CEREMONY_ROLE.search(self.text):
            for m in self.mentions:
                if m.kind == "person" and m.subject is not None and m.subject.ids:
                    self.make("medallist", m.start, [m.subject], t("claim-medal-ceremony"), 3.0)

    def _dedupe_medal_places(self) -> None:
        """A medal and a final place saying the same of one subject in one clause, about one competition
        ("finished second to take silver"), are one claim: the medal. A title held before is another claim."""
        medals = {
            (c.subject, idx, c.value, c.competitions)
            for c, _, idx in self.made
            if c.kind == "medal" and c.uncheckable is None
        }
        self.made = [
            (c, p, idx)
            for c, p, idx in self.made
            if not (c.kind == "place" and c.segments == (None,) and (c.subject, idx, c.value, c.competitions) in medals)
        ]


def _segment(text: str) -> str:
    from bot.services.claims.vocabulary import segment_kind

    return segment_kind(text.strip())


def _after_readings(kind: str, prep: str) -> tuple[str | None, ...]:
    """What "Nth after/in the <segment>" can mean: after the first segment, its rank; after the last, the final
    place or the last segment's rank; in a segment, that segment's rank."""
    if prep in ("after", "following") and kind not in FIRST_SEGMENT:
        return (None, kind)
    return (kind,)


def _nearest(segments: list[tuple[int, int, str]], position: int) -> str | None:
    """The segment named closest to `position` ("fell twice in the free skate": the free skate, even after
    "after leading the short program")."""
    if not segments:
        return None
    return min(segments, key=lambda s: abs(s[0] - position) if s[0] > position else abs(position - s[1]) + 10)[2]


def _ordinal(n: int) -> Text:
    return t("ordinal", n=n)


def _fmt(value: float) -> str:
    return f"{value:.2f}" if value != int(value) else str(int(value))


__all__ = ["Extraction", "Reader", "replace"]

# The words that make a mention a rival of the subject ("behind her", "beat Sato"), not a subject of its own.
_RIVAL_OBJECT = frozenset(
    (
        "behind", "ahead of", "in front of", "clear of", "beating", "beat", "beats", "edging", "edging out",
        "edged", "edged out", "edges", "edges out", "over", "than", "outscoring", "outscored", "trailing",
        "trailed", "past", "overtaking", "overtook", "pipping", "pipped", "held off", "holding off",
        "holds off", "short of", "back of", "outpaced", "trails",
    )
)  # fmt: skip
