"""Japanese stories written like news reports and fan blogs (issue 28, class 9), with sentences written for
these tests.

A case is a story and the claims a careful checker finds in it: (kind, subject, verdict, reading), the reading
being (competition key, event key, segment kind or None) of the figure the verdict used, or None when the
verdict must use none (the store lacks what the claim is about). A right verdict with a wrong reading fails, and
so does any other "contradicted" verdict: precision comes first.
"""

from __future__ import annotations

import pytest

from bot.services.claims import CONSISTENT, CONTRADICTED, UNCHECKABLE, check_text
from bot.services.results import ResultsService

OK, WRONG, NOT = CONSISTENT, CONTRADICTED, UNCHECKABLE
FAMILY = {"place": "placing", "medal": "placing", "medallist": "placing", "total": "score"}
Got = tuple[str, str, str, tuple[str, str, str | None] | None]


async def verdicts(results: ResultsService, text: str) -> list[Got]:
    report = await check_text(results, text)
    return [(v.claim.kind, v.claim.subject, v.outcome, v.read_as) for v in report.verdicts]


def missing(got: list[Got], want: list[tuple]) -> list[tuple]:
    """The wanted claims not found with their verdict and reading, then any other contradicted verdict."""
    left = list(got)
    absent = []
    for kind, subject, outcome, reading in want:
        match = next(
            (
                g
                for g in left
                if g[1] == subject
                and FAMILY.get(g[0], g[0]) == FAMILY.get(kind, kind)
                and g[2] == outcome
                and g[3] == reading
            ),
            None,
        )
        if match is None:
            absent.append((kind, subject, outcome, reading))
        else:
            left.remove(match)
    return absent + [g for g in left if g[2] == WRONG]


CASES = [
    # A competition named with its year and host city ("2022年のトリノのGPファイナル") is that edition; a city
    # that is not the edition's finds nothing, never another edition.
    (
        "2022年のトリノのGPファイナルで宇野昌磨が優勝した。2022年のバンクーバーのGPファイナルで鍵山優真は2位。",
        [("medal", "Shoma Uno", OK, ("gpf2223", "men", None)), ("place", "Yuma Kagiyama", NOT, None)],
    ),
    # The year and the city with no の between them.
    (
        "2019年トリノGPファイナルの女子で紀平梨花は4位だった。",
        [("place", "Rika Kihira", OK, ("gpf1920", "women", None))],
    ),
    # A competition the store lacks (全日本) is named: its claims are not checkable, never the story's.
    (
        "2019年の世界選手権(さいたま)女子、宮原知子は6位。宮原は昨季の全日本で優勝している。",
        [("place", "Satoko Miyahara", OK, ("wc2019", "women", None)), ("medal", "Satoko Miyahara", NOT, None)],
    ),
    # "ショート1位のネイサン・チェン": the place before a name with の is that name's, not the last subject's.
    (
        "2019年世界選手権男子、羽生結弦は2位。ショート1位のネイサン・チェンが優勝した。",
        [
            ("place", "Yuzuru Hanyu", OK, ("wc2019", "men", None)),
            ("segment_place", "Nathan Chen", OK, ("wc2019", "men", "short_program")),
            ("medal", "Nathan Chen", OK, ("wc2019", "men", None)),
        ],
    ),
    # "優勝は<name>": the winner is the name after it.
    (
        "2019年世界選手権男子、羽生結弦は銀メダル。優勝はネイサン・チェンだった。",
        [("medal", "Yuzuru Hanyu", OK, ("wc2019", "men", None)), ("medal", "Nathan Chen", OK, ("wc2019", "men", None))],
    ),
    # A relative clause before a name ("銀メダルを獲得した宇野昌磨") describes that name.
    (
        "2017年世界選手権男子、羽生結弦が優勝。銀メダルを獲得した宇野昌磨はフリー2位だった。",
        [
            ("medal", "Yuzuru Hanyu", OK, ("wc2017", "men", None)),
            ("medal", "Shoma Uno", OK, ("wc2017", "men", None)),
            ("segment_place", "Shoma Uno", OK, ("wc2017", "men", "free_skate")),
        ],
    ),
    # ... and when that name is one the store lacks, the figure is nobody's claim here.
    (
        "2019年世界選手権男子、羽生結弦は2位。3位に入ったヴィンセント・ジョウは初のメダル。",
        [("place", "Yuzuru Hanyu", OK, ("wc2019", "men", None))],
    ),
    # "N連覇" is a title won again; aimed at ("連覇を目指す") or a favourite ("優勝候補") it is no claim.
    (
        "2024年世界選手権女子で坂本花織が3連覇を達成した。2025年世界選手権では4連覇を目指したが、銀メダルだった。",
        [
            ("medal", "Kaori Sakamoto", OK, ("wc2024", "women", None)),
            ("medal", "Kaori Sakamoto", OK, ("wc2025", "women", None)),
        ],
    ),
    (
        "2019年世界選手権男子、羽生結弦は銀メダル。優勝候補だったネイサン・チェンは優勝した。",
        [("medal", "Yuzuru Hanyu", OK, ("wc2019", "men", None)), ("medal", "Nathan Chen", OK, ("wc2019", "men", None))],
    ),
    # A name that is the object of the verb ("宇野昌磨を抑えて") is not the subject of the medal after it.
    (
        "2017年世界選手権男子、羽生結弦が宇野昌磨を抑えて優勝した。",
        [("medal", "Yuzuru Hanyu", OK, ("wc2017", "men", None))],
    ),
    # Two names joined by 、 and followed by 組: one couple.
    (
        "2023年世界選手権ペア、三浦璃来、木原龍一組は合計222.16点で優勝した。",
        [
            ("total", "Riku Miura / Ryuichi Kihara", OK, ("wc2023", "pairs", None)),
            ("medal", "Riku Miura / Ryuichi Kihara", OK, ("wc2023", "pairs", None)),
        ],
    ),
    # "最終的に" and "ショートN位から": the place after is the final one, not the segment's.
    (
        "2019年GPファイナル女子、紀平梨花はショート6位と出遅れ、最終的に4位。",
        [
            ("segment_place", "Rika Kihira", OK, ("gpf1920", "women", "short_program")),
            ("place", "Rika Kihira", OK, ("gpf1920", "women", None)),
        ],
    ),
    (
        "2017年世界選手権女子、三原舞依はショート15位から4位に浮上した。",
        [
            ("segment_place", "Mai Mihara", OK, ("wc2017", "women", "short_program")),
            ("place", "Mai Mihara", WRONG, ("wc2017", "women", None)),
        ],
    ),
    # Margins: "N点差で2位" (behind the skater above), "N点差で優勝" (ahead of the one below).
    (
        "2017年世界選手権男子、宇野昌磨は3.28点差で2位。羽生結弦は2.28点差で優勝。",
        [
            ("margin", "Shoma Uno", WRONG, ("wc2017", "men", None)),
            ("place", "Shoma Uno", OK, ("wc2017", "men", None)),
            ("margin", "Yuzuru Hanyu", OK, ("wc2017", "men", None)),
        ],
    ),
    # "4位とは1.41点差": measured from the skater in that place, behind her as the story placed the subject
    # fifth; that place is no claim about the subject.
    (
        "2017年世界選手権女子、三原舞依は5位。4位とは1.41点差だった。",
        [
            ("place", "Mai Mihara", OK, ("wc2017", "women", None)),
            ("margin", "Mai Mihara", OK, ("wc2017", "women", None)),
        ],
    ),
    (
        "2017年世界選手権女子、三原舞依は5位。4位とは1.23点差だった。",
        [
            ("place", "Mai Mihara", OK, ("wc2017", "women", None)),
            ("margin", "Mai Mihara", WRONG, ("wc2017", "women", None)),
        ],
    ),
    # "2位の宇野昌磨とは2.28点差": the place is Uno's, and the margin is measured from him, ahead as the story
    # placed the subject first.
    (
        "2017年世界選手権男子、羽生結弦が優勝。2位の宇野昌磨とは2.28点差だった。",
        [
            ("place", "Shoma Uno", OK, ("wc2017", "men", None)),
            ("margin", "Yuzuru Hanyu", OK, ("wc2017", "men", None)),
        ],
    ),
    (
        "2017年世界選手権男子、羽生結弦が優勝。2位の宇野昌磨とは3.28点差だった。",
        [
            ("place", "Shoma Uno", OK, ("wc2017", "men", None)),
            ("margin", "Yuzuru Hanyu", WRONG, ("wc2017", "men", None)),
        ],
    ),
    # The podium: "表彰台に上がった" is a medal, which one not said; "上がれなかった" and "立ちたい" are none; the
    # top of the podium is the title. A companion ("宇野昌磨とともに") is not the subject.
    (
        "2017年世界選手権男子、羽生結弦は表彰台の頂点に立った。田中刑事も表彰台に上がった。宇野昌磨は表彰台に"
        "上がれなかった。",
        [
            ("medal", "Yuzuru Hanyu", OK, ("wc2017", "men", None)),
            ("medallist", "Keiji Tanaka", WRONG, ("wc2017", "men", None)),
        ],
    ),
    (
        "2017年世界選手権男子、宇野昌磨は表彰台に立ちたいと話していた。羽生結弦は田中刑事とともに表彰台に上がった。",
        [("medallist", "Yuzuru Hanyu", OK, ("wc2017", "men", None))],
    ),
    # A skater the store lacks opening a clause ("河辺愛菜は", "ザギトワが"): the figures after are theirs, never
    # the skater named before.
    (
        "2022年世界選手権女子、坂本花織が優勝。河辺愛菜は19位だった。",
        [("medal", "Kaori Sakamoto", OK, ("wc2022", "women", None))],
    ),
    (
        "2019年世界選手権女子、紀平梨花は4位。ザギトワが優勝した。",
        [("place", "Rika Kihira", OK, ("wc2019", "women", None))],
    ),
    # A foreign skater named again by the family name ("チェンは").
    (
        "2019年世界選手権男子、ネイサン・チェンが優勝、羽生結弦は2位。チェンはショートでも1位だった。",
        [
            ("place", "Yuzuru Hanyu", OK, ("wc2019", "men", None)),
            ("segment_place", "Nathan Chen", OK, ("wc2019", "men", "short_program")),
        ],
    ),
    # A segment opening the clause of the name after it ("フリーでは羽生結弦が1位") is that name's segment.
    (
        "2017年世界選手権男子、宇野昌磨は2位。フリーでは羽生結弦が1位だった。",
        [
            ("place", "Shoma Uno", OK, ("wc2017", "men", None)),
            ("segment_place", "Yuzuru Hanyu", OK, ("wc2017", "men", "free_skate")),
        ],
    ),
    # A place after another skater's segment place, in the sentence or the next one, may be the final one or that
    # segment's: never contradicted on one reading alone.
    (
        "2017年世界選手権男子、宇野昌磨はショート2位、羽生結弦は4位。",
        [("segment_place", "Shoma Uno", OK, ("wc2017", "men", "short_program"))],
    ),
    (
        "2017年世界選手権男子、羽生結弦はショート5位。宇野昌磨は1位だった。",
        [("segment_place", "Yuzuru Hanyu", OK, ("wc2017", "men", "short_program"))],
    ),
    # The year in brackets after the name.
    (
        "GPシリーズ第3戦・NHK杯(2016年)女子、宮原知子は合計198.00点だった。",
        [("total", "Satoko Miyahara", OK, ("gpjpn2016", "women", None))],
    ),
    # A medal named without メダル ("鍵山優真が銀、宇野昌磨が銅").
    (
        "2022年北京五輪の男子、鍵山優真が銀、宇野昌磨が銅。",
        [
            ("medal", "Yuma Kagiyama", OK, ("owg2022", "men", None)),
            ("medal", "Shoma Uno", OK, ("owg2022", "men", None)),
        ],
    ),
    # The team event (団体戦) is the sentence's discipline, never the skater's individual event; 個人戦 ends it.
    (
        "2022年北京五輪の団体戦で宇野昌磨はショート1位。個人戦では宇野昌磨が銅メダル。",
        [("medal", "Shoma Uno", OK, ("owg2022", "men", None))],
    ),
    # A nickname the store lacks ("りくりゅうが") is a skater of their own, not the skater named before.
    (
        "2025年世界選手権、坂本花織は銀メダル。りくりゅうが優勝！",
        [("medal", "Kaori Sakamoto", OK, ("wc2025", "women", None))],
    ),
    # A competition of another time named just before ("前年の世界選手権", "2年前の世界選手権") is that edition, in
    # its sentence only; the story's competition goes on after it, and is never chosen by the aside's skaters.
    (
        "2019年世界選手権の男子で羽生結弦は銀メダル。2年前の世界選手権では優勝した。",
        [
            ("medal", "Yuzuru Hanyu", OK, ("wc2019", "men", None)),
            ("medal", "Yuzuru Hanyu", OK, ("wc2017", "men", None)),
        ],
    ),
    (
        "2019年世界選手権の男子で羽生結弦は銀メダル。前年の世界選手権は欠場していた。宇野昌磨は4位。",
        [("medal", "Yuzuru Hanyu", OK, ("wc2019", "men", None)), ("place", "Shoma Uno", NOT, None)],
    ),
    # The story's competition named again without its year is the story's edition.
    (
        "2019年世界選手権の男子で羽生結弦は銀メダル。世界選手権での宇野昌磨は4位。",
        [("medal", "Yuzuru Hanyu", OK, ("wc2019", "men", None)), ("place", "Shoma Uno", NOT, None)],
    ),
    # Two segments are both a place's only when listed together ("ショートもフリーも", "ショート、フリーともに"); a
    # segment named in another clause ("女子フリーを行い、ショート首位の") is not the place's.
    (
        "2023年世界選手権は女子フリーを行い、ショート首位の坂本花織が2連覇を果たした。",
        [
            ("segment_place", "Kaori Sakamoto", OK, ("wc2023", "women", "short_program")),
            ("medal", "Kaori Sakamoto", OK, ("wc2023", "women", None)),
        ],
    ),
    (
        "2022年世界選手権女子、坂本花織はショート、フリーともに1位。",
        [
            ("segment_place", "Kaori Sakamoto", OK, ("wc2022", "women", "short_program")),
            ("segment_place", "Kaori Sakamoto", OK, ("wc2022", "women", "free_skate")),
        ],
    ),
    # A place given to the name after a particle ("2位には宇野昌磨が", "2位に宇野昌磨、", "2位も日本の宇野昌磨") is
    # that name's; given so to a name the store lacks ("3位に金博洋が続いた") it is nobody's claim here.
    (
        "2017年世界選手権男子、優勝は羽生結弦、2位には宇野昌磨が入った。",
        [("medal", "Yuzuru Hanyu", OK, ("wc2017", "men", None)), ("place", "Shoma Uno", OK, ("wc2017", "men", None))],
    ),
    (
        "2017年世界選手権男子、羽生結弦が優勝し、2位に宇野昌磨、3位に金博洋が続いた。",
        [("medal", "Yuzuru Hanyu", OK, ("wc2017", "men", None)), ("place", "Shoma Uno", OK, ("wc2017", "men", None))],
    ),
    (
        "2017年世界選手権男子、羽生結弦が優勝、2位も日本の宇野昌磨。",
        [("medal", "Yuzuru Hanyu", OK, ("wc2017", "men", None)), ("place", "Shoma Uno", OK, ("wc2017", "men", None))],
    ),
    # A margin in the segment its clause names ("ショートで羽生結弦に…点差"), never compared with the totals.
    (
        "2017年世界選手権男子、宇野昌磨はショートで羽生結弦に6.47点差をつけた。",
        [("margin", "Shoma Uno", OK, ("wc2017", "men", "short_program"))],
    ),
    (
        "2017年世界選手権男子、宇野昌磨はショートで羽生結弦に6.28点差をつけた。",
        [("margin", "Shoma Uno", WRONG, ("wc2017", "men", "short_program"))],
    ),
    # The leader as the rival ("首位に2.28点及ばず"), and a win held by a margin ("2.28点差で逃げ切って優勝").
    (
        "2017年世界選手権男子、宇野昌磨は首位に1.28点及ばず2位。羽生結弦がわずか2.28点差で逃げ切った。",
        [
            ("margin", "Shoma Uno", WRONG, ("wc2017", "men", None)),
            ("place", "Shoma Uno", OK, ("wc2017", "men", None)),
            ("margin", "Yuzuru Hanyu", OK, ("wc2017", "men", None)),
        ],
    ),
    # ... and in the totals when the rival is named by the final place ("2位の宇野昌磨に"), whatever segment an
    # earlier clause named.
    (
        "2017年世界選手権男子、羽生結弦はフリー1位で、2位の宇野昌磨に3.28点差をつけた。",
        [("margin", "Yuzuru Hanyu", WRONG, ("wc2017", "men", None))],
    ),
    # A component's or an element's points ("技術点126.12点", "4回転フリップは13.50点") are no segment score.
    (
        "2017年世界選手権男子、羽生結弦はフリーで技術点126.12点、演技構成点98.08点をマーク。宇野昌磨のフリーの4回転"
        "フリップは13.50点だった。",
        [],
    ),
    # An age in brackets after a name ("羽生結弦選手(22)") breaks no phrase: the rival is still the rival.
    (
        "2017年世界選手権男子、羽生結弦選手(22)は2位の宇野昌磨選手(19)に2.28点差をつけて優勝した。",
        [
            ("medal", "Yuzuru Hanyu", OK, ("wc2017", "men", None)),
            ("margin", "Yuzuru Hanyu", OK, ("wc2017", "men", None)),
            ("place", "Shoma Uno", OK, ("wc2017", "men", None)),
        ],
    ),
    # A group as the subject ("日本勢が", "二人は") is no one skater: the figure after is not the last skater's.
    (
        "2022年世界選手権、男子は宇野昌磨が優勝。女子は坂本花織が制し、日本勢が2種目で金。二人は2位に大差をつけた。",
        [
            ("medal", "Shoma Uno", OK, ("wc2022", "men", None)),
            ("medal", "Kaori Sakamoto", OK, ("wc2022", "women", None)),
        ],
    ),
    (
        "2022年世界選手権女子、坂本花織は2位に大差をつけて優勝した。",
        [("medal", "Kaori Sakamoto", OK, ("wc2022", "women", None))],
    ),
    # Denied ("優勝は宮原知子ではなく", "2位ではなく"): no claim.
    (
        "2016年スケートカナダ女子、優勝は宮原知子ではなく、エフゲニア・メドベージェワだった。宮原は2位ではなく3位。",
        [("place", "Satoko Miyahara", OK, ("gpcan2016", "women", None))],
    ),
    # A place after a clause that turns ("…だったが、") is the final place or still that segment's, never
    # contradicted on the segment's alone.
    (
        "2017年世界選手権男子、羽生結弦はショートは5位だったが、1位に輝いた。",
        [("segment_place", "Yuzuru Hanyu", OK, ("wc2017", "men", None))],
    ),
    # A score after both segments' places is their sum, the total.
    (
        "2017年世界選手権女子、エフゲニア・メドベージェワはショート、フリーともに1位の233.41点で優勝した。",
        [("total", "Evgenia Medvedeva", OK, ("wc2017", "women", None))],
    ),
    (
        "2017年世界選手権女子、エフゲニア・メドベージェワはショート、フリーともに1位の230.41点で優勝した。",
        [("total", "Evgenia Medvedeva", WRONG, ("wc2017", "women", None))],
    ),
]


@pytest.mark.parametrize(("text", "want"), CASES, ids=[c[0][:40] for c in CASES])
async def test_japanese_news(shared_results: ResultsService, text: str, want: list) -> None:
    got = await verdicts(shared_results, text)
    assert missing(got, want) == [], got
