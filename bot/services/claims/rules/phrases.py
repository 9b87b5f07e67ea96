"""The phrases the claim rules look for: shared by the rules of every kind of claim."""

from __future__ import annotations

import re

from bot.services.claims.patterns import guard_patterns, starting_with
from bot.services.claims.vocabulary import (
    DECIMAL_RE,
    MEDAL_RE,
    ORD,
    ORDINAL_RE,
    POINTS_RE,
)

_I = re.IGNORECASE

SEG_WORDS = (
    r"(?:\bshort[\s-]+program(?:me)?|\bshort[\s-]+dance|\brhythm[\s-]+dance|\bfree[\s-]+skat(?:e|ing)"
    r"|\bfree[\s-]+program(?:me)?|\blong[\s-]+program(?:me)?|\bfree[\s-]+dance|(?-i:\b(?:SP|FS|RD|FD|LP)\b)"
    # Chat writes the abbreviations in lower case: only after "the" ("seventh in the fd"), where no other word fits.
    r"|(?<=\bthe\s)(?:sp|fs|rd|fd|sd)\b"
    r"|\b(?:free|short|rhythm)(?=\s*(?:[,.;:!?)(–—→]|-+>?(?!\w)|$)|\s+(?:and|but|with|to|on|in|at|after|where|when|while|before|despite|then|though|tho|although|for|as|too|again|alike|was|is"
    r"|either|behind|there|here|tonight|today)\b))"
    # "after a free of 140.61", "a free that was only sixth best": the bare word with an article before it and
    # its figure or description after it ("fell short of" has no article: not the segment).
    r"|(?:(?<=\ba\s)|(?<=\bthe\s)|(?<=\bher\s)|(?<=\bhis\s)|(?<=\btheir\s)|(?<=\bits\s))"
    r"(?:free|short)(?=\s+(?:of|that|which)\b)"
)

# Final-place verbs and position words before an ordinal.
PLACE_VERB = re.compile(
    r"\b(?:finish(?:ed|es|ing)?|plac(?:ed|es|ing)|ended(?:\s+up)?|end(?:s|ing)?(?:\s+up)?|came|comes|coming"
    r"|rank(?:ed|s|ing)?|wound\s+up|landed|(?:was|were|is|are|be|been)(?:\s+only|\s+just|\s+a)?"
    r"|sat|sits|sitting|lying|lay|lies|stood|standing|stayed|remained|remains"
    r"|(?:drop|dropp(?:ed|ing)|drops|slip|slipp(?:ed|ing)|slips|fall|fell|falls|falling|slid|slides?|sliding"
    r"|tumbl(?:e|ed|es|ing)|plung(?:e|ed|es|ing)|collaps(?:e|ed|es|ing)|fade[sd]?|fading|climb(?:ed|s|ing)?|rise|rises"
    r"|rose|rising|mov(?:e|ed|es|ing)(?:\s+(?:up|down))?|jump(?:ed|s|ing)?|surg(?:e|ed|es|ing)|soar(?:ed|s|ing)?"
    r"|vault(?:ed|s|ing)?|leap(?:t|ed|s)?|back|up|down|recover(?:ed|s|ing)?)(?:\s+(?:all\s+the\s+way|back|up|down|only|just|eventually|finally|even|again))*\s+to|settl(?:ed|es|ing)\s+for|took|take|takes|taking|claim(?:ed|s)"
    r"|secur(?:ed|es)|earn(?:ed|s)|grabb(?:ed|s)|captur(?:ed|es)|obtain(?:ed|s)|got|gets|gave\s+\w+|again|in|into"
    r"|settle\s+for|settles\s+for|from\s+\w+(?:\s+(?:place|after|in|following|the|rhythm|free|short|dance|program"
    r"|programme|skate))*\s+to|\w+\s+(?:him|her|them)\s+(?:up\s+|back\s+|down\s+)?to"
    r"|from)\s+(?:the\s+|a\s+|an\s+)?(?:(?:career|season|personal|olympic)[\s-]best\s+|distant\s+|close\s+"
    r"|respectable\s+|solid\s+|provisional\s+|joint\s+|tied\s+(?:for\s+)?)?$",
    _I,
)

FINAL_WORDS = re.compile(
    r"\b(?:finish(?:ed|es|ing)?|ended|end(?:s|ing)?|overall|final(?:ly)?|wound|dropp|slipp|slid|tumbl|plung|collaps"
    r"|faded|fading|climb|rose|rising|surg|soar|settl|jump|vault|leap|recover|took|take|claim|secur|earn|captur"
    r"|obtain|got|gets|gave|landed|wound)",
    _I,
)

FROM = re.compile(r"\bfrom\s+(?:the\s+)?$", _I)

PLACED = re.compile(r"\b(?:was|were|is|are|been)\s+(?:placed|ranked)\s+$", _I)

# Being in a place for a while ("was sixth", "sitting 13th") rather than finishing there: with one segment in
# view, its standings.
POSITIONAL = re.compile(
    r"\b(?:was|were|is|are|been|sat|sits|sitting|lying|lay|lies|stood|standing|stayed|remained|remains)\s+"
    r"(?:(?:only|just|a|an|the|in|provisional|provisionally)\s+)*$",
    _I,
)

ORD_NOT_PLACE = re.compile(
    r"^(?:[\s-]+(?:time|times|ever|woman|women|man|men|american|japanese|skater|skaters|jump|jumps|quad|attempt"
    r"|olympic|olympics|world|title|titles|gold|silver|bronze|medal|medals|season|straight|consecutive|half|day"
    r"|night|round|group|warm|mark|major|career|senior|junior|pair|couple|team|place\s+finish(?:er)?s?\s+(?:in|at)"
    r"\s+(?:history|years)|element|combination|lift|spin|throw|triple|double|step|to\s+(?!the\s+podium)\w+"
    r"|u\.?s\.?|game|games|event|appearance|trip|year|years|week|weeks|skate\s+of|program\s+of))",
    _I,
)

ORD_PLACE_AFTER = re.compile(
    rf"^(?:[\s-]+place\b(?!\s+(?:for|to)\b\s+(?!the))|\s+overall\b|\s*(?:,\s*)?(?:after|in|following|of|at|for)\s+(?:the\s+)?"
    rf"(?:(?:her|his|their|its|men['’]s|women['’]s|pairs|ice\s+dance|team)\s+)*{SEG_WORDS}\b"
    r"|\s+in\s+the\s+(?:final\s+)?(?:standings|rankings|classification|results|overall)|\s*[,.;:!?)]|\s*$"
    r"|\s+(?:on|with|behind|ahead|at|in|for|and|but|while|as|despite|after|to\s+the\s+podium|by|,|place)\b)",
    _I,
)

# "tenth after a free of 87.84", "fourth after a free that was only sixth best": a performance the place came
# after, not the standings after that segment ("eleventh after a costly short program" is).
SEG_AFTER_ORD = re.compile(
    rf"^(?:[\s-]+place)?(?:\s+overall)?\s*,?\s*(?!(?:after|following)\s+an?\s+(?:free|short)\s+(?:of|that|which)\b)"
    rf"(?P<prep>after|in|following|of|at|for)\s+(?:(?:the|a|an)\s+)?"
    rf"(?:(?:her|his|their|its|men['’]s|women['’]s|pairs|ice\s+dance|team|both|the)\s+)*(?:[a-z][\w-]*\s+){{0,2}}?"
    rf"(?P<seg>{SEG_WORDS})\b",
    _I,
)

AFTER_A_SEGMENT = re.compile(r"^(?:[\s-]+place)?\s*,?\s*(?:after|following)\s+an?\s", _I)

ORD_BEST_SEG = re.compile(rf"^[\s-]+(?:best|highest|place|ranked)\s+(?:\w+\s+)?(?P<seg>{SEG_WORDS})\b", _I)

ORD_BEST = re.compile(r"^[\s-]+(?:best|highest)\b", _I)

# "his free skate of 196.31 ranked first", "her short program, 74.33, was the best of the day": the segment is
# what is placed, so the place is that segment's.
SEG_AS_SUBJECT = (
    rf"(?P<seg>{SEG_WORDS})(?:\s+(?:score|mark))?(?:\s+of)?(?:\s*,?\s*\d{{1,3}}\.\d\d\s*,?)?"
    r"\s+(?:was|is|ranked|ranks|placed|came|rated)\s+(?:only\s+|just\s+|the\s+)*"
)

SEG_SUBJECT = re.compile(SEG_AS_SUBJECT + "$", _I)

SEG_BEST = re.compile(
    SEG_AS_SUBJECT + r"(?:very\s+)?best\b(?!\s+(?:of\s+(?:her|his|their|its)|since|ever|in\s+(?:her|his|their))"
    r"|[\s-]+(?:ever|personal|season|career))",
    _I,
)

# "had the best short of the night", "skated the best free": first in that segment (not "the best free of her
# career", "of the season", "ever").
HAD_BEST_SEG = re.compile(
    rf"\b(?:had|has|having|skated|skates|produced|delivered|posted|laid\s+down)\s+the\s+(?:very\s+)?best\s+"
    rf"(?:(?P<seg>{SEG_WORDS})|(?P<bare>short|free|rhythm)(?=\s+of\s+the\s+(?:night|day|evening|event|field)))\b"
    rf"(?!\s+(?:of\s+(?:her|his|their|its|the\s+(?:season|year))\b|ever\b|since\b"
    r"|this\s+season\b|in\s+(?:her|his|their|history)\b|(?:score|mark|total)s?\b))",
    _I,
)

SEG_WIN = starting_with(
    "ltwvhcs",
    re.compile(
        rf"\b(?:led|leads|leading|topped|tops|topping|won|wins|winning|win|victory|took\s+the\s+lead\s+in|headed|heads)"
        rf"\s+(?:the\s+(?:field|way|standings|pack)\s+)?(?:(?:after|in|following|of)\s+)?(?:both\s+)?(?:the\s+)?"
        rf"(?:(?:men['’]s|women['’]s|pairs|ice\s+dance|team)\s+)?(?P<seg>{SEG_WORDS})\b"
        # "took the free skate", "claimed the short": a segment taken as a prize is won (never "took the ice for").
        rf"|\b(?:took|takes|taking|take|claimed|claims|claiming|captured|captures|capturing|swept|sweeps)\s+the\s+"
        rf"(?:(?:men['’]s|women['’]s|pairs|ice\s+dance)\s+)?(?P<taken>{SEG_WORDS})\b(?!\s+(?:lead|score|mark)\b)",
        _I,
    ),
)

LAST_PLACE = re.compile(
    r"\b(?:finish(?:ed|es|ing)?|plac(?:ed|es|ing)|c(?:a|o)me|ended(?:\s+up)?|end(?:s|ing)?\s+up|wound\s+up)\s+"
    r"(?:dead\s+|in\s+)?last\b(?!\s+(?:season|year|week|month|time|night|weekend|edition|winter|spring|summer))",
    _I,
)

_BOTH = r"both\s+(?:the\s+)?(?:segments|programs|programmes|skates|halves)\b"
BOTH_SEGMENTS = re.compile(
    rf"\b(?:won|wins|win|winning|topped|tops|topping|took|takes|taking|swept|sweeps|sweeping|winners?\s+of)\s+{_BOTH}"
    r"(?P<title>\s+and\s+(?:the\s+)?(?:title|event|competition|gold(?:\s+medal)?)\b)?",
    _I,
)

# "first in both segments", "second after both programs": that rank in each segment, not a final place.
ORD_BOTH_SEGMENTS = re.compile(rf"(?:[\s-]+place)?\s+(?:in|after|of)\s+{_BOTH}", _I)

SEG_LEADER = re.compile(rf"\b(?P<seg>{SEG_WORDS})\s+(?:leaders?|winners?)\b", _I)

MEDALLIST = re.compile(r"\b(?P<medal>gold|silver|bronze)(?:[\s-]+medal)?(?:\s+|-)medall?ists?\b", _I)

# Before a medal word: a verb of winning, "team", "Olympic", a possessive; after it, never a thing.
MEDAL_CONTEXT = re.compile(
    r"(?:\b(?:won|wins|win|winning|took|take|takes|claimed|claims|earned|earns|captured|secured|clinched|grabbed"
    r"|collected|bagged|landed|snatched|struck|settled\s+for|held\s+on\s+(?:to|for)|hung\s+on\s+(?:to|for)"
    r"|picked\s+up|added|scooped|snuck|sneaked|nabbed|pocketed|sealed|nicked|team|olympic|world)|['’]s?)\s+(?:(?:the|a|an|her|his|their|its|olympic|world"
    r"|team|individual|first|maiden|second|another)\s+)*$",
    _I,
)

THING = re.compile(
    r"^[\s-]+(?:box|boxes|dress|dresses|lining|hair|ring|rings|chain|necklace|jewel\w*|car|screen|fox|spoon"
    r"|jubilee|anniversary|bullet|tongue|plate|bowl|coin|coins|star|costume|outfit|skates?|blades?|boots?|charm"
    r"|sequins?|crystals?|paint|colou?r|tone|shade|light|glitter|trim|statue|standard|age|era|generation)\b",
    _I,
)

CHAMPION = re.compile(r"\b(?:champions?|title[\s-]+holders?)\b(?!ship)", _I)

TITLE = re.compile(
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

WON = re.compile(
    r"\b(?:won|wins|win|winning)\b(?=\s*(?:[,.;:!?)]|$)|\s+(?:by|ahead|in|at|on|with|after|despite|comfortably"
    r"|easily|narrowly|again|convincingly|handily|there|it|outright)\b)",
    _I,
)

WON_COMPETITION = re.compile(
    r"\b(?:won|wins|win|winning|claimed|captured|clinched|took)\s+(?:the\s+|her\s+|his\s+|their\s+)?(?=\S)", _I
)

PREDICTED = re.compile(
    r"\b(?:nobody|no\s+one|few|not\s+many|everyone|everybody|many|experts|pundits|bookmakers)\s+(?:had|expected"
    r"|picked|predicted|tipped|backed|saw|fancied|thought)\s+(?:[\w'’]+\s+){0,2}(?:to\s+)?$",
    _I,
)

CONGRATULATED = re.compile(
    r"\bcongratulat(?:es?|ed|ing)\s+(?P<who>[^.;]{3,80}?)\s+on\s+(?:her|his|their)\s+(?:[\w-]+\s+){0,2}?"
    r"(?P<what>victory|win|title)\b",
    _I,
)

TO_WIN = re.compile(r"\bto\s+(?:win|victory|the\s+title)\b(?!\s+(?:the\s+)?(?:free|short|rhythm|segment))", _I)

RUNNER_UP = re.compile(r"\brunners?[\s-]up\b", _I)

PODIUM3 = re.compile(
    r"\b(?:complet(?:ed|es|ing)|round(?:ed|s|ing)\s+(?:out|off)|round(?:ed|s|ing)\s+out)\s+the\s+podium\b"
    r"|\bpodium\s+(?:was|is)\s+(?:completed|rounded\s+(?:out|off))\s+by\b|\bthird\s+step\s+of\s+the\s+podium\b",
    _I,
)

# "topped the men's podium", "on top of the podium", "the top step of the podium": gold.
TOP_PODIUM = starting_with(
    "taoh",
    re.compile(
        r"\b(?:topp(?:ed|ing)|tops?|atop|on\s+top\s+of|(?:top|highest)\s+(?:step|spot)\s+(?:of|on))\s+the\s+"
        r"(?:(?:men['’]s|women['’]s|ladies['’]?|pairs|ice\s+dance|dance|olympic|world)\s+)?podium\b",
        _I,
    ),
)

PODIUM_ANY = re.compile(
    r"\b(?:to|on|onto|reach(?:ed|es)?|made|make|makes|clinch(?:ed)?|secur(?:ed|es)|earn(?:ed|s))\s+(?:the\s+)?podium\b"
    r"|\bpodium\s+(?:finish|place|spot|position)\b",
    _I,
)

TEAM_WORD = re.compile(r"\bteam(?:s)?\b(?![\s-]+(?:mates?|captains?|leaders?|USA|GB))", _I)

# "a total of", "overall score of", "combined": the total, said right before the number or right after it.
TOTAL_NEAR = re.compile(
    r"\b(?:total(?:s|ed|led|ing|ling)?|overall\s+(?:score|total|tally|mark)|combined(?:\s+score)?|aggregate"
    r"|final\s+(?:score|total|tally))\s*(?:score\s*)?(?:of|was|is|:|at|on|reached)?\s*(?:just|only|an?|the)?\s*$",
    _I,
)

TOTAL_NEXT = re.compile(r"^\s*(?:points?\s+)?(?:in\s+total|in\s+all|total|overall|combined)\b", _I)

TOTAL_BEFORE = re.compile(
    r"(?:\b(?:finish(?:ed|es|ing)?|end(?:ed|s|ing)?(?:\s+up)?|wound\s+up|won|wins|win|winning|took|claimed|captured"
    r"|secured|clinched|sealed|settled|placed|was|were|came|rose|climbed|dropped|slipped|fell|total(?:ed|led|ing)?"
    r"|tallied|amassed|gold|silver|bronze|title|crown|victory|medal|first|second|third|fourth|fifth|sixth|seventh"
    r"|eighth|ninth|tenth|\d{1,2}(?:st|nd|rd|th)|place|overall|podium|conquered|obtained|obtains)\b"
    r"(?:\s+[\w’'-]+){0,7}?,?\s+(?:on|with|at|by\s+scoring|scoring|after\s+scoring|thanks\s+to|for|of)"
    r"(?:\s+(?:a|an|the|just|only|his|her|their|a\s+(?:total|score)\s+of))?\s*$)",
    _I,
)

TOTAL_AFTER = re.compile(
    r"^\s*(?:points?|pts)?\s*,?\s*(?:to|for|and)\s+(?:win|take|claim|capture|secure|clinch|seal|earn|finish|place"
    r"|gold|silver|bronze|the\s+(?:title|gold|silver|bronze|win|victory|crown)|first|second|third|\w+th\s+place)\b"
    r"|^\s*(?:points?|pts)?\s+(?:gave|earned|brought|secured|sealed|clinched|were\s+enough)\b",
    _I,
)

# "148.69 to win the free skate", "77.34 to top the segment": what the number won is a segment, so it is that
# segment's score (the one in view for "the segment"), never the total.
SEGMENT_WON_AFTER = re.compile(
    rf"^\s*(?:points?|pts)?\s*,?\s*(?:to|and)\s+(?:win|top|take|lead|claim)\s+(?:the\s+)?"
    rf"(?:(?P<seg>{SEG_WORDS})|(?P<generic>segment)\b)",
    _I,
)

GENERIC_SEGMENT = re.compile(
    r"\b(?:performance|program(?:me)?|skate|routine|effort|outing|segment|free|short)\b(?:\s+\w+){0,4}\s+"
    r"(?:that\s+|which\s+)?(?:scored|earned|worth|of|was|brought|tallied|received)\s*(?:just|only|a|an)?\s*$",
    _I,
)

SEG_BEFORE_NUM = re.compile(
    rf"(?P<seg>{SEG_WORDS})(?:\s+(?:score|mark|total|result|tally))?\s*(?:of|with|at|on|was|:|,|\(|=|-|worth|scored"
    rf"|earned|brought|score\s+of|tallied|received"
    r"|(?:(?:was|is|were)\s+)?(?:evaluated|judged|marked|rated|valued|assessed)\s+(?:at|with))?\s*(?:just|only|an?|the|a\s+score\s+of|another|a\s+new|a\s+record)?"
    r"(?:\s+(?:record|world[\s-]record|personal[\s-]best|season[\s-]best|olympic[\s-]record))?\s*$",
    _I,
)

SEG_AFTER_NUM = re.compile(
    rf"^\s*(?:points?|pts)?\s*(?:in|for|during|from|of)\s+(?:the|her|his|their|its|a|an)?\s*(?:[\w’'-]+\s+){{0,3}}?"
    rf"(?P<seg>{SEG_WORDS})\b|^\s*(?:points?|pts)?[\s-]+(?P<seg2>{SEG_WORDS})\b",
    _I,
)

NOT_ONE_CLAUSE = re.compile(r"[.;!?](?:\s|$)|\s[-–—]\s|,\s*(?:and|but|while|whereas)\b")

LEADING_WITH = re.compile(r"\b(?:lead(?:s|ing)?|led)\s+(?:[\w’'-]+\s+){0,3}?with\s+$", _I)

AFTER_SEG_NUM = re.compile(
    rf"\b(?:after|following)\s+(?:the\s+)?(?:(?:men['’]s|women['’]s|pairs|ice\s+dance)\s+)?(?P<seg>{SEG_WORDS})\b", _I
)

SKIP_NUMBER = re.compile(
    r"(?:\b(?:technical|tes|pcs|components?|component\s+score|goe|base\s+value|deductions?|element|grade|judges?)"
    r"(?:\s+score)?\s*(?:of|was|:)?\s*$)",
    _I,
)

MARGIN_BEFORE = re.compile(
    r"(?:\bby\s+(?:just|only|a\s+mere|a\s+narrow|nearly|exactly)?\s*$|\b(?:margin|lead|gap|cushion|advantage|deficit)"
    r"\s+(?:of\s+)?(?:just|only)?\s*$|\b(?:ahead|behind|clear)\s+by\s+(?:just|only)?\s*$)",
    _I,
)

MARGIN_AFTER = re.compile(
    r"^\s*(?:points?|pts)?\s*(?P<dir>ahead\s+of|clear\s+of|in\s+front\s+of|behind|back\s+of|adrift\s+of|short\s+of"
    r"|off\s+the\s+(?:podium|lead|pace)|off|over|better\s+than|more\s+than|less\s+than|ahead|clear|behind|back)\b"
    r"|^[\s-]*(?:points?|pts)?[\s-]+(?:lead|margin|gap|advantage|cushion|deficit)\b",
    _I,
)

MARGIN_SEGMENT = re.compile(
    rf"\b(?P<prep>after|following|in)\s+(?:the\s+)?(?:(?:men['’]s|women['’]s|pairs|ice\s+dance)\s+)?(?P<seg>{SEG_WORDS})\b",
    _I,
)

WORD_MARGIN = re.compile(
    r"\b(?P<n>one|two|three|four|five|a\s+single)\s+(?P<dir>ahead\s+of|clear\s+of|in\s+front\s+of|behind)\b", _I
)

BARE_POINTS = re.compile(
    r"\b(?:with|on|scored|tallied|totall?ed|earned|collected|amassed)\s+(?P<num>\d{2,3})(?!\d|[.,]\d|\s*(?:points?|pts|%|years?))",
    _I,
)

INEXACT = re.compile(r"\b(?:more|less|fewer|over|under|nearly|almost|about|around|roughly|some|than)\s*$", _I)

WITHIN = re.compile(r"\bwithin\s+(?P<n>a|one|two|three|a\s+single|\d+(?:\.\d+)?)\s+points?\s+of\b", _I)

LOST_BY = re.compile(r"\b(?:lost|losing|loses|missed|missing|misses)\s+(?:out\s+)?(?:\w+\s+){0,3}?by\s*$", _I)

ORDER = re.compile(
    r"\b(?P<ahead>ahead\s+of|in\s+front\s+of|beating|beat|beats|beaten|edging(?:\s+out)?|edged(?:\s+out)?"
    r"|edges(?:\s+out)?|outscoring|outscored|pipping|pipped|held\s+off|holding\s+off|holds\s+off|overtaking"
    r"|overtook|overtaken|over)\b"
    r"|\b(?P<behind>behind|trailing|trailed|trails)\b",
    _I,
)

# "the lead was taken by Liu after the free skate": the name after "by" led after that segment.
LEAD_TAKEN = re.compile(r"\blead\s+(?:was|is|had\s+been)\s+(?:then\s+|now\s+)?(?:taken|seized|grabbed|claimed)\b", _I)

# What makes a sentence worth reading for claims, each tried only where a match can begin (.patterns).
TRIGGERS = (
    starting_with("gsb", MEDAL_RE),
    starting_with(r"\dfstne", ORDINAL_RE),
    starting_with(r"\d", DECIMAL_RE),
    starting_with(r"\dotfsena", POINTS_RE),
    starting_with(
        "ctwvprfl",
        re.compile(r"\b(?:champion|title|crown|won|win|victory|podium|runner|fell|fall|led|topped|ceremon|last)", _I),
    ),
    starting_with("aibeopht", ORDER),
    starting_with("l", LEAD_TAKEN),
    starting_with("hspdl", HAD_BEST_SEG),
    # "took the free skate": a segment won, said without a word above.
    starting_with(
        "tcs",
        re.compile(r"\b(?:took|takes|claimed|captured|swept)\s+the\s+(?:\w+['’]s\s+)?(?:free|short|rhythm|long)", _I),
    ),
)

CEREMONY = re.compile(r"\b(?:medal|victory|podium|flower)\s+ceremon(?:y|ies)\b|\bhonou?r\s+presentation\b", _I)

CEREMONY_ROLE = re.compile(
    r"\b(?:among\s+those|waiting|lined\s+up|stood|standing|walk(?:ed)?\s+onto\s+the\s+podium)\b", _I
)

FALL = re.compile(
    r"\b(?:(?P<n>one|two|three|four|five|a|an|single|\d)\s+(?:[\w-]+\s+){0,2}?(?P<plural>falls|fall)\b"
    r"|fell\s+(?P<times>once|twice|thrice|three\s+times|four\s+times|five\s+times)"
    r"|(?P<on>fell|falling|falls)\s+(?:on|during|in|from|out\s+of)\s+(?:a|an|the|her|his|their)\b)",
    _I,
)

EXPLICIT_AFTER = re.compile(
    r"^\s*(?:(?:medals?|place|position|spot)\s+)?(?:(?:went|goes|going|belonged|belongs|was\s+won|was\s+taken"
    r"|was\s+claimed)\s+)?"
    # "went to the Georgian Nika Egadze", "went to the Australian pair X / Y": a nationality, a title or what the
    # entry is before the name.
    r"(?:to|for|by)\s+(?:the\s+)?(?:(?-i:[A-Z][\w-]*)\s+|(?:pair|couple|duo|team|skaters?|siblings)\s+){0,3}$",
    _I,
)

IMMEDIATE = re.compile(r"^[\s,(]*(?:(?:in|was|were|is|are|took|takes|with|on|at)\s+)?(?:the\s+)?$", _I)

BEHIND_WORDS = frozenset(
    ("behind", "back of", "adrift of", "short of", "back", "off", "off the podium", "off the lead", "off the pace")
)

AHEAD_WORDS = frozenset(("ahead of", "clear of", "in front of", "ahead", "clear", "over", "better than"))

# Between a trigger and a competition named after it, another trigger takes the competition ("silver to her
# bronze from Beijing": Beijing is the bronze's).
OTHER_TRIGGER = re.compile(rf"\b(?:gold|silver|bronze|{ORD}|\d+\.\d\d)\b", _I)

ABSOLUTE = re.compile(
    # "with Uno second", "with Uno again second", "with Sakamoto a distant third"
    r"^\s+(?:(?:again|also|only|just|once\s+more|then|finally|a\s+distant|a\s+close)\s+)?"
    rf"(?:[a-z]+ing\b|{ORD}\b|(?:in|on)\s+(?:{ORD}|\d)|gold\b|silver\b|bronze\b|\d|(?:was|were)\s"
    r"|ahead\b|behind\b|clear\b|in\s+front\b)",
    _I,
)

TITLE_THEN_PLACE = re.compile(
    r"(?:gold|silver|bronze|champions?|winners?|title[\s-]?holders?)(?:[\s-]+medal)?(?:[\s-]+medall?ists?)?"
    r"\s+from\s+(?:the\s+)?",
    _I,
)

# "won the 2025 world title with 225.97 points": a figure attached to a title is that title's competition's.
TITLE_FIGURE = (
    r"\s*(?:champions?|titles?|crown|gold|silver|bronze|medals?)\s+(?:with|on|of|by|after)\s+"
    r"(?:(?:a|an|the|total|score|of|just)\s+)*"
)

YEAR = re.compile(r"(?:19|20)\d\d")

TITLE_BEFORE_PLACE = re.compile(
    r"(?:(?:gold|silver|bronze|champions?|winners?|medall?ists?)\s+from"
    r"|\b(?:her|his|their)\s+(?:[\w-]+\s+){0,2}(?:gold|silver|bronze|title|medal)\s+(?:in|at))\s+(?:the\s+)?\S*$",
    re.I,
)

# The words that make a mention a rival of the subject ("behind her", "beat Sato"), not a subject of its own.
RIVAL_OBJECT = frozenset(
    (
        "behind", "ahead of", "in front of", "clear of", "beating", "beat", "beats", "edging", "edging out",
        "edged", "edged out", "edges", "edges out", "over", "than", "outscoring", "outscored", "trailing",
        "trailed", "past", "overtaking", "overtook", "pipping", "pipped", "held off", "holding off",
        "holds off", "hold off", "short of", "back of", "outpaced", "trails",
    )
)  # fmt: skip
OVERALL = re.compile(r"\s+(?:overall|at\s+the\s+end|in\s+the\s+end|in\s+the\s+final\s+standings)\b", re.I)

# "and the silver by Uno", ", the bronze to Jin": a medal given, the verb left out after the one before.
ELIDED_BEFORE = re.compile(r"(?:,|\band)\s+the\s+$", re.I)
ELIDED_AFTER = re.compile(r"\s+(?:by|to|went\s+to|goes\s+to)\s", re.I)
VICTORY_TO = re.compile(
    r"\b(?P<what>victory|win|title|crown)\s+(?=(?:(?:was|went|goes|going)\s+)?(?:(?:taken|claimed|won|secured)\s+)?"
    r"(?:by|to|for)\s)",
    re.I,
)

# "his short was only 1.88 off", "Uno's free skate score was 8.70 behind": a segment compared, the margin its own.
SEGMENT_MARGIN = re.compile(
    rf"(?:\b(?:his|her|their)\s+|['’]s?\s+)(?P<seg>{SEG_WORDS})(?:\s+(?:score|mark|total))?\s+(?:was|is|came\s+in|ended\s+up)"
    r"\s+(?:only\s+|just\s+|a\s+mere\s+|still\s+)?$",
    re.I,
)

# "the free where he was sixth", "the short program, in which she was second": a place in the segment before it.
SEGMENT_WHERE = re.compile(
    rf"(?P<seg>{SEG_WORDS})\s*,?\s+(?:where|in\s+which)\s+(?:[\w’'-]+\s+){{1,3}}?(?:was|were|is|are|only|just|\s)*$",
    re.I,
)

# "Uno's short was his best: 104.86, first place": a place said of a skater's segment's score is that segment's
# rank (nothing of the total, the title or a finish said between).
SEGMENT_SCORE_PLACE = re.compile(
    rf"(?:['’]s|\b(?:her|his|their))\s+(?P<seg>{SEG_WORDS})"
    r"(?:(?!\b(?:total|overall|final|finish\w*|titles?|gold|won|wins?|ended|medal)\b)[^.;!?\d]){0,60}"
    r"\d{1,3}\.\d\d\s*,\s*$",
    re.I,
)

# "despite winning the short", "before taking the free", "having won the short": a segment named behind these is
# the subordinate phrase's, not the standings of a place said before it.
SUBORDINATE = re.compile(
    r"\b(?:despite|in\s+spite\s+of|although|though|while|whereas|before|having|since|after\s+\w+ing)\b", _I
)

# "after being fourth in the short", "having been second after the short program", "despite only placing tenth": a
# place said in a subordinate phrase, right before its ordinal.
SUBORDINATE_PLACE = re.compile(
    r"\b(?:after|following|despite|before|having|from)\s+(?:(?:she|he|they)\s+(?:was|were|had\s+been)\s+|being\s+"
    r"|been\s+|placing\s+|ranking\s+|sitting\s+|lying\s+|finishing\s+)(?:only\s+|just\s+|a\s+(?:lowly\s+)?)?$",
    _I,
)

# The words that make a mention an attribute of another ("Sakamoto of Japan", "gold for Liu"), or the agent of a
# passive verb or a leader ("overtaken by Liu", "led Chen"): the subject stays who a next pronoun is.
ATTRIBUTE_OBJECT = frozenset(("of", "for", "from", "representing", "in", "at", "to"))
AGENT_OBJECT = frozenset(("by", "led", "leads", "leading", "separated", "rival"))

# Every pattern above, searched through a copy tried only where it can begin (.patterns): the same matches.
guard_patterns(globals())
