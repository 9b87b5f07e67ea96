"""The classes of issue 28 (stories written like real posts), each with sentences written for these tests.

A case is a story, its links, and the claims a careful checker finds in it: (kind, subject, verdict, reading),
the reading being (competition key, event key, segment kind or None) of the figure the verdict used, or None
when the verdict must use none (the store lacks what the claim is about). A right verdict with a wrong reading
fails, as it does in bench/eval_claims.py.
"""

from __future__ import annotations

import pytest

from bot.services.claims import CONSISTENT, CONTRADICTED, UNCHECKABLE, check_text
from bot.services.results import ResultsService

OK, WRONG, NOT = CONSISTENT, CONTRADICTED, UNCHECKABLE
FAMILY = {"place": "placing", "medal": "placing", "medallist": "placing", "total": "score"}
Got = tuple[str, str, str, tuple[str, str, str | None] | None]


async def verdicts(results: ResultsService, links: str, text: str) -> list[Got]:
    kwargs: dict[str, int] = {}
    if links:
        key, _, event = links.partition("/")
        competition = results.competition(key)
        kwargs["competition_id"] = competition.id
        if event:
            kwargs["event_id"] = results.event(competition, event).id
    report = await check_text(results, text, **kwargs)
    return [(v.claim.kind, v.claim.subject, v.outcome, v.read_as) for v in report.verdicts]


def same(got: list[Got], want: list[tuple]) -> bool:
    """Every wanted claim found with its verdict and reading; nothing else contradicted."""
    left = list(got)
    for kind, subject, outcome, reading in want:
        match = next(
            (
                g
                for g in left
                if g[1] == subject
                and FAMILY.get(g[0], g[0]) == FAMILY.get(kind, kind)
                and g[2] == outcome
                and (g[3] == reading or (outcome == NOT and reading == "any"))
            ),
            None,
        )
        if match is None:
            return False
        left.remove(match)
    return all(outcome != WRONG for _, _, outcome, _ in left)


async def reads_as(results: ResultsService, links: str, text: str, want: list, *, nothing_else: bool = False) -> None:
    """The case's expected verdicts are among the story's (`same`); `nothing_else`: and the story has no other."""
    got = await verdicts(results, links, text)
    assert same(got, want), got
    if nothing_else:
        assert len(got) == len(want), got


CASES = [
    # 1. The story's competition named again in a sentence is one reading, not two that agree.
    ("", "Skate America 2017 was a Japanese affair. At Skate America 2017 Karen Chen came seventh.",
     [("place", "Karen Chen", WRONG, ("gpusa2017", "women", None))]),
    ("gpusa2017/women", "At Skate America 2017 Polina Tsurskaya scored 196.56 in all.",
     [("total", "Polina Tsurskaya", WRONG, ("gpusa2017", "women", None))]),
    # A story whose sentence holds two claims at one place never ends in a traceback.
    ("gpusa2017/women", "Satoko Miyahara. She won the short and the free and took the title with 214.03.",
     [("medal", "Satoko Miyahara", OK, ("gpusa2017", "women", None)),
      ("total", "Satoko Miyahara", OK, ("gpusa2017", "women", None))]),
    # 2. An object pronoun after "behind" is not the sentence's own subject but whoever was named before.
    ("gpfra2016/women", "Evgenia Medvedeva won with 221.54. Maria Sotskova was second, 21.19 points behind her.",
     [("margin", "Maria Sotskova", OK, ("gpfra2016", "women", None))]),
    ("gpfra2016/women", "Evgenia Medvedeva won with 221.54. Maria Sotskova was second, 20.19 points behind her.",
     [("margin", "Maria Sotskova", WRONG, ("gpfra2016", "women", None))]),
    ("gpfra2016/ice_dance", "Papadakis and Cizeron won the title. Hubbell and Donohue ended 18.92 behind them.",
     [("margin", "Madison Hubbell / Zachary Donohue", OK, ("gpfra2016", "ice_dance", None))]),
    # "He" after a sentence naming a rival goes to that sentence's subject, not to the rival named last.
    ("gpfra2016/men", "Javier Fernández beat Denis Ten. He scored 188.81 in the free skate.",
     [("score", "Javier Fernández", OK, ("gpfra2016", "men", "free_skate"))]),
    # 3. Nationality nouns: the one entry of that country in the event; a description with a nationality after a
    # name is that skater only when of that country.
    ("gpfra2016/pairs", "The Germans won the free skate, and the French couple took bronze.",
     [("segment_place", "Aliona Savchenko / Bruno Massot", OK, ("gpfra2016", "pairs", "free_skate")),
      ("medal", "Vanessa James / Morgan Cipres", OK, ("gpfra2016", "pairs", None))]),
    ("gpfra2016/pairs", "The Germans won the free skate, and the French couple took silver.",
     [("medal", "Vanessa James / Morgan Cipres", WRONG, ("gpfra2016", "pairs", None))]),
    ("gpfra2016/pairs", "The Austrian pair scored 92.95 in the free skate.",
     [("score", "Miriam Ziegler / Severin Kiefer", OK, ("gpfra2016", "pairs", "free_skate"))]),
    ("gpfra2016/pairs", "The Russian pair scored 130.70 in the free skate.", [("score", "RUS", NOT, "any")]),
    ("gpfra2016/women", "Wakaba Higuchi took bronze. The Japanese scored 129.46 in the free skate.",
     [("score", "Wakaba Higuchi", OK, ("gpfra2016", "women", "free_skate"))]),
    # 5. Each number belongs to the segment its own part of the clause names.
    ("gpcan2017/men", "Michal Brezina was sixth with 237.04, after being seventh in the short program.",
     [("place", "Michal Brezina", OK, ("gpcan2017", "men", None)),
      ("segment_place", "Michal Brezina", OK, ("gpcan2017", "men", "short_program")),
      ("total", "Michal Brezina", OK, ("gpcan2017", "men", None))]),
    ("gpcan2017/women", "In the free skate she was fourth place, Ashley Wagner said.",
     [("segment_place", "Ashley Wagner", OK, ("gpcan2017", "women", "free_skate"))]),
    # 7. Never dropped: a competition or a championship the store lacks is listed as not checkable.
    ("", "Kaetlyn Osmond won the 2018 World Championships.", [("medal", "Kaetlyn Osmond", NOT, None)]),
    ("", "Shoma Uno won the Junior World Championships in 2011.", [("medal", "Shoma Uno", NOT, None)]),
    ("owg2018/men", "Yuzuru Hanyu had already won gold at Sochi 2014.", [("medal", "Yuzuru Hanyu", NOT, None)]),
    # 8. The right figure behind the verdict: a title from another Games, the medal a skater missed, the total a
    # rival was beaten by, a forecast.
    ("owg2026/ice_dance", "The European champions from Milan, Guignard and Fabbri, were only fourth here.",
     [("place", "Charlène Guignard / Marco Fabbri", OK, ("owg2026", "ice_dance", None))]),
    ("owg2026/women", "Amber Glenn missed out on silver by 9.99 points.",
     [("margin", "Amber Glenn", OK, ("owg2026", "women", None))]),
    ("owg2026/women", "Amber Glenn missed out on silver by 8.99 points.",
     [("margin", "Amber Glenn", WRONG, ("owg2026", "women", None))]),
    ("owg2026/women", "Liu won the free skate with 150.20 and beat Sakamoto by 1.89 points.",
     [("segment_place", "Alysa Liu", OK, ("owg2026", "women", "free_skate")),
      ("score", "Alysa Liu", OK, ("owg2026", "women", "free_skate")),
      ("margin", "Alysa Liu", OK, ("owg2026", "women", None))]),
    ("owg2026/women", "Few expected her to win, but Ami Nakai led after the short program.",
     [("segment_place", "Ami Nakai", OK, ("owg2026", "women", "short_program"))]),
    # 6. Margins with two comparisons: each takes its direction from its own words.
    ("gpchn2016/men", "Max Aaron ended 1.02 behind Sergei Voronov and 12.55 ahead of Han Yan.",
     [("margin", "Max Aaron", OK, ("gpchn2016", "men", None)),
      ("margin", "Max Aaron", OK, ("gpchn2016", "men", None))]),
    ("gpchn2016/men", "Max Aaron ended 1.02 behind Sergei Voronov and 12.55 behind Han Yan.",
     [("margin", "Max Aaron", OK, ("gpchn2016", "men", None)),
      ("margin", "Max Aaron", WRONG, ("gpchn2016", "men", None))]),
    # The present tense, and a number after "ends on" once a segment place is said: the total.
    ("gprus2017/women", "Medvedeva is first after the short program with 80.75 and ends on 231.21.",
     [("segment_place", "Evgenia Medvedeva", OK, ("gprus2017", "women", "short_program")),
      ("score", "Evgenia Medvedeva", OK, ("gprus2017", "women", "short_program")),
      ("total", "Evgenia Medvedeva", OK, ("gprus2017", "women", None))]),
    # Q&A: an answer takes the question's verb ("Who won ...?") or is said of the one asked about ("X? Fifth.").
    ("gprus2017/women", "Q: Who won the free skate? A: Evgenia Medvedeva, with 150.46. Q: Kaori Sakamoto? A: Fifth, "
     "after being fourth in the short program. Q: Mirai Nagasu's free skate? A: 122.10, the seventh best.",
     [("segment_place", "Evgenia Medvedeva", OK, ("gprus2017", "women", "free_skate")),
      ("score", "Evgenia Medvedeva", OK, ("gprus2017", "women", "free_skate")),
      ("place", "Kaori Sakamoto", OK, ("gprus2017", "women", None)),
      ("segment_place", "Kaori Sakamoto", OK, ("gprus2017", "women", "short_program")),
      ("score", "Mirai Nagasu", OK, ("gprus2017", "women", "free_skate")),
      ("segment_place", "Mirai Nagasu", OK, ("gprus2017", "women", "free_skate"))]),
    ("gprus2017/women", "Q: Who took silver? A: Elena Radionova. Q: Where did Mariah Bell finish? A: Fifth.",
     [("medal", "Elena Radionova", WRONG, ("gprus2017", "women", None)),
      ("place", "Mariah Bell", WRONG, ("gprus2017", "women", None))]),
    # Fragments: a name on its own, then its place ("Third."), or "Name: ninth".
    ("gpcan2016/ice_dance", "And the rest? Piper Gilles and Paul Poirier? Third. Anna Cappellini and Luca Lanotte. "
     "Fifth. Alexandra Stepanova and Ivan Bukin: fifth.",
     [("place", "Piper Gilles / Paul Poirier", OK, ("gpcan2016", "ice_dance", None)),
      ("place", "Anna Cappellini / Luca Lanotte", WRONG, ("gpcan2016", "ice_dance", None)),
      ("place", "Alexandra Stepanova / Ivan Bukin", OK, ("gpcan2016", "ice_dance", None))]),
    # Number-first list lines: the figure, then what it is.
    ("gprus2017/women", "The day in numbers. 80.75 — Evgenia Medvedeva's short program, the best of the day. "
     "141.63 — Carolina Kostner's free skate. 207.17 - Wakaba Higuchi's total, good for bronze.",
     [("score", "Evgenia Medvedeva", OK, ("gprus2017", "women", "short_program")),
      ("score", "Carolina Kostner", WRONG, ("gprus2017", "women", "free_skate")),
      ("total", "Wakaba Higuchi", OK, ("gprus2017", "women", None)),
      ("medal", "Wakaba Higuchi", OK, ("gprus2017", "women", None))]),
    # A title held at a competition named after it ("the bronze medallists from PyeongChang") is checked there.
    ("owg2022/ice_dance",
     "Gabriella Papadakis and Guillaume Cizeron, the bronze medallists from PyeongChang, took gold.",
     [("medal", "Gabriella Papadakis / Guillaume Cizeron", WRONG, ("owg2018", "ice_dance", None)),
      ("medal", "Gabriella Papadakis / Guillaume Cizeron", OK, ("owg2022", "ice_dance", None))]),
    ("owg2022/men", "Yuma Kagiyama finished second, and the silver medallist from PyeongChang, Shoma Uno, took bronze.",
     [("place", "Yuma Kagiyama", OK, ("owg2022", "men", None)),
      ("medal", "Shoma Uno", OK, ("owg2018", "men", None)),
      ("medal", "Shoma Uno", OK, ("owg2022", "men", None))]),
    ("owg2022/pairs", "Sui Wenjing and Han Cong, the champions from PyeongChang, finally won at home.",
     [("medal", "Sui Wenjing / Han Cong", WRONG, ("owg2018", "pairs", None)),
      ("medal", "Sui Wenjing / Han Cong", OK, ("owg2022", "pairs", None))]),
    # "the short as well": a segment, so the place is that segment's (not a final place, wrongly contradicted).
    ("gpusa2016/women", "Mariah Bell took silver. She was sixth in the short as well.",
     [("medal", "Mariah Bell", OK, ("gpusa2016", "women", None)),
      ("segment_place", "Mariah Bell", OK, ("gpusa2016", "women", "short_program"))]),
    # A segment as what is placed: "his free skate ... ranked first", "her free skate, N, was the best".
    ("gpchn2016/men", "Patrick Chan was third in the short program. His free skate of 196.31 ranked first.",
     [("segment_place", "Patrick Chan", OK, ("gpchn2016", "men", "short_program")),
      ("segment_place", "Patrick Chan", OK, ("gpchn2016", "men", "free_skate")),
      ("score", "Patrick Chan", OK, ("gpchn2016", "men", "free_skate"))]),
    ("gpusa2016/women",
     "Mariah Bell was sixth after the short program. Her free skate, 130.67, was the best of the day.",
     [("segment_place", "Mariah Bell", OK, ("gpusa2016", "women", "free_skate")),
      ("score", "Mariah Bell", OK, ("gpusa2016", "women", "free_skate"))]),
    ("gpusa2016/men", "Jason Brown's free skate, 182.63, was the best of the night.",
     [("segment_place", "Jason Brown", WRONG, ("gpusa2016", "men", "free_skate"))]),
    # "won the pairs at ..., with N": the title, and its total.
    ("", "Meagan Duhamel and Eric Radford won the pairs at Skate Canada 2016, with 218.30 points.",
     [("medal", "Meagan Duhamel / Eric Radford", OK, ("gpcan2016", "pairs", None)),
      ("total", "Meagan Duhamel / Eric Radford", OK, ("gpcan2016", "pairs", None))]),
    # Junior and national championships the store lacks: listed as not checkable, never dropped.
    ("", "Kaori Sakamoto won the World Junior Championships in 2014.", [("medal", "Kaori Sakamoto", NOT, None)]),
    ("", "Alysa Liu won the U.S. Championships in 2019.", [("medal", "Alysa Liu", NOT, None)]),
    # A segment named after a place, in another skater's clause, is not that place's segment.
    ("gpf1617/men", "Javier Fernández was fourth, and Patrick Chan, second after the short program, ended fifth.",
     [("place", "Javier Fernández", OK, ("gpf1617", "men", None)),
      ("segment_place", "Patrick Chan", OK, ("gpf1617", "men", "short_program")),
      ("place", "Patrick Chan", OK, ("gpf1617", "men", None))]),
    # Grand Prix events named with their year ("the Rostelecom Cup 2017") are that edition.
    ("", "Q: Who took the women's title at the Rostelecom Cup 2017? A: Evgenia Medvedeva, with 231.21.",
     [("medal", "Evgenia Medvedeva", OK, ("gprus2017", "women", None)),
      ("total", "Evgenia Medvedeva", OK, ("gprus2017", "women", None))]),
    # A medal word inside a skater's name is no medal.
    ("gpusa2016/women", "Gracie Gold was third after the short program and finished fifth.",
     [("segment_place", "Gracie Gold", OK, ("gpusa2016", "women", "short_program")),
      ("place", "Gracie Gold", OK, ("gpusa2016", "women", None))]),
    # A list's bullets end sentences: the rival of "3.02 points behind" is never the name of the next item.
    ("gprus2017/men", "- Nathan Chen wins it. - Yuzuru Hanyu won the free skate, so it is silver for him, 3.02 points "
     "behind. - Mikhail Kolyada takes bronze.",
     [("margin", "Yuzuru Hanyu", OK, ("gprus2017", "men", None)),
      ("medal", "Mikhail Kolyada", OK, ("gprus2017", "men", None))]),
    # "they" after "the American couple" in the same sentence is that couple, not the one named before.
    ("gpcan2016/ice_dance", "Tessa Virtue and Scott Moir won gold. 112.03 — the free dance of the American couple, "
     "though they finished second.",
     [("medal", "Tessa Virtue / Scott Moir", OK, ("gpcan2016", "ice_dance", None))]),
    # A family name alone after the full name is that skater, even where the competition has another of that name.
    ("", "At the 2017 World Championships Nathan Chen was sixth. Mikhail Kolyada finished 33.25 behind Chen.",
     [("place", "Nathan Chen", OK, ("wc2017", "men", None)),
      ("margin", "Mikhail Kolyada", OK, ("wc2017", "men", None))]),
    # "won the 2019 World Championships bronze" is a bronze there, not a win.
    ("", "Vincent Zhou won the 2019 World Championships bronze.",
     [("medal", "Vincent Zhou", OK, ("wc2019", "men", None))]),
    # 4. A competition named with its year, even when the year comes first in the sentence, is that edition.
    ("", "Back in 2017, Mai Mihara took gold at the Four Continents Championships in Gangneung with 200.85.",
     [("medal", "Mai Mihara", OK, ("fc2017", "women", None)), ("total", "Mai Mihara", OK, ("fc2017", "women", None))]),
    ("", "In 2016 Patrick Chan was second at the Grand Prix Final in Marseille.",
     [("place", "Patrick Chan", WRONG, ("gpf1617", "men", None))]),
    # 9. Japanese stories: medals, places, segment places and scores, by the written names the store holds.
    ("", "2017年の世界選手権で羽生結弦は金メダル。フリーは1位で、223.20点だった。宇野昌磨はショート2位。",
     [("medal", "Yuzuru Hanyu", OK, ("wc2017", "men", None)),
      ("segment_place", "Yuzuru Hanyu", OK, ("wc2017", "men", "free_skate")),
      ("score", "Yuzuru Hanyu", OK, ("wc2017", "men", "free_skate")),
      ("segment_place", "Shoma Uno", OK, ("wc2017", "men", "short_program"))]),
    ("", "NHK杯2016女子、宮原知子は3位だった。合計198.00点。",
     [("place", "Satoko Miyahara", WRONG, ("gpjpn2016", "women", None)),
      ("total", "Satoko Miyahara", OK, ("gpjpn2016", "women", None))]),
    # "ショートもフリーも": each segment; a family name alone is the one skater named so far with it.
    ("", "中国杯2017で樋口新葉は2位。樋口はショートもフリーも2位だった。",
     [("place", "Wakaba Higuchi", OK, ("gpchn2017", "women", None)),
      ("segment_place", "Wakaba Higuchi", OK, ("gpchn2017", "women", "short_program")),
      ("segment_place", "Wakaba Higuchi", OK, ("gpchn2017", "women", "free_skate"))]),
    # A medal missed is no claim; an Olympic Games the store lacks is not checkable, never checked elsewhere.
    ("", "ソチ五輪で浅田真央は金メダルを逃した。羽生結弦はソチ五輪で優勝した。",
     [("medal", "Yuzuru Hanyu", NOT, None)]),
    # Margins (N点差) where the words say which way: ahead ("に…点差をつけて"), behind ("に…点差の2位");
    # a bare "と…点差" makes no claim, and a margin is never read as a score.
    ("", "2017年世界選手権男子、羽生結弦が宇野昌磨に2.28点差をつけて優勝した。",
     [("margin", "Yuzuru Hanyu", OK, ("wc2017", "men", None)), ("medal", "Yuzuru Hanyu", OK, ("wc2017", "men", None))]),
    ("", "2017年世界選手権男子、宇野昌磨は羽生結弦に3.28点差の2位だった。",
     [("margin", "Shoma Uno", WRONG, ("wc2017", "men", None)), ("place", "Shoma Uno", OK, ("wc2017", "men", None))]),
    ("", "2017年世界選手権男子、羽生結弦はフリーで宇野昌磨と8.75点差。", []),
    # Two disciplines in one sentence: each claim in the event named before it.
    ("", "2025年世界選手権、女子では坂本花織が銀メダル、ペアでは三浦璃来・木原龍一組が優勝。",
     [("medal", "Kaori Sakamoto", OK, ("wc2025", "women", None)),
      ("medal", "Riku Miura / Ryuichi Kihara", OK, ("wc2025", "pairs", None))]),
    # A competition named in an aside (a relative clause, another time) is that clause's only: the next sentence is
    # still about the story's competition, and the aside never becomes the story's competition.
    ("", "At Skate Canada 2017 Patrick Chan, who won silver at Sochi years before, was fourth. Keegan Messing came "
         "ninth.",
     [("place", "Patrick Chan", OK, ("gpcan2017", "men", None)), ("medal", "Patrick Chan", NOT, None),
      ("place", "Keegan Messing", WRONG, ("gpcan2017", "men", None))]),
    ("", "On this day in 2017, in Helsinki, Evgenia Medvedeva won gold and Gabrielle Daleman was fourth. Medvedeva "
         "went on to win silver at PyeongChang the following February.",
     [("medal", "Evgenia Medvedeva", OK, ("wc2017", "women", None)),
      ("place", "Gabrielle Daleman", WRONG, ("wc2017", "women", None)),
      ("medal", "Evgenia Medvedeva", OK, ("owg2018", "women", None))]),
    # An apposition after a name ("Chen, only fifth in PyeongChang, won") speaks of another competition than
    # the sentence's: the sentence's claims are the story's competition's.
    ("", "At Worlds 2019 Nathan Chen, only fifth in PyeongChang, won gold and Vincent Zhou took bronze.",
     [("medal", "Nathan Chen", OK, ("wc2019", "men", None)), ("medal", "Vincent Zhou", OK, ("wc2019", "men", None))]),
    # A year and a city named apart are the competition of that city in that year, not two ambiguous readings.
    ("", "Back in 2017, in Helsinki, Kaetlyn Osmond finished third.",
     [("place", "Kaetlyn Osmond", WRONG, ("wc2017", "women", None))]),
    # "with X again second": the absolute phrase's place is X's, with or without an adverb before it.
    ("", "At Worlds 2017 Evgenia Medvedeva won, with Gabrielle Daleman again fourth.",
     [("medal", "Evgenia Medvedeva", OK, ("wc2017", "women", None)),
      ("place", "Gabrielle Daleman", WRONG, ("wc2017", "women", None))]),
    # A Grand Prix event named without its year is the edition its named skaters skated; when the skaters named
    # fit two editions as well, it is not checkable, never a guess.
    ("", "At Skate Canada, Shoma Uno won ahead of Jason Brown. Michal Brezina was fifth.",
     [("medal", "Shoma Uno", OK, ("gpcan2017", "men", None)),
      ("place", "Michal Brezina", WRONG, ("gpcan2017", "men", None))]),
    ("", "At Skate Canada, Patrick Chan finished third and Michal Brezina was fifth.",
     [("place", "Patrick Chan", NOT, "any"), ("place", "Michal Brezina", NOT, "any")]),
    # A country's possessive is the skater's nationality, never a competition held there ("Canada's" is not Skate
    # Canada): the sentence's claim is the story's competition's alone.
    ("gpusa2017/women", "Canada's Gabrielle Daleman finished fourth.",
     [("place", "Gabrielle Daleman", WRONG, ("gpusa2017", "women", None))]),
    # A question's "who" is the question, not a clause about a name: the place it names is the story's.
    ("", "Q: ok, who won the women in Montpellier?\nA: Kaori Sakamoto. Alysa Liu was second.",
     [("place", "Alysa Liu", WRONG, ("wc2022", "women", None))]),
    # Two places naming different competitions ("in Beijing", "in Montpellier") and skaters who fit both: which
    # one a later claim is about is not said, never the one named without doubt.
    ("", "Kaori Sakamoto took bronze in Beijing.\n\nYuma Kagiyama was second and Shoma Uno third.\n\n"
         "In Montpellier she won the world title.",
     [("place", "Shoma Uno", NOT, "any"), ("place", "Yuma Kagiyama", NOT, "any")]),
    # "seventh after a difficult short program": the segment as an event, not the standings after it; the place
    # may be the final one, never contradicted by that segment's rank alone.
    ("", "At Skate Canada 2025, Roman Sadovsky placed seventh after a difficult short program.",
     [("segment_place", "Roman Sadovsky", OK, ("gpcan2025", "men", None))]),
    # After a relative clause closes, the main clause goes on about the name that opened it, not the next name.
    ("", "At Worlds 2019, Tarasova and Morozov, who had led after the short program, took silver, and "
         "Zabiiako/Enbert were fourth.",
     [("medal", "Evgenia Tarasova / Vladimir Morozov", OK, ("wc2019", "pairs", None)),
      ("place", "Natalia Zabiiako / Alexander Enbert", WRONG, ("wc2019", "pairs", None))]),
    # "the Shibutanis": the couple of that family, a subject of its own; the places after it are theirs, never
    # the couple named before.
    ("", "At the 2025 NHK Trophy, Guignard and Fabbri took bronze. And yes, the Shibutanis are back: fifth in the "
         "rhythm dance and sixth overall.",
     [("medal", "Charlène Guignard / Marco Fabbri", WRONG, ("gpjpn2025", "ice_dance", None)),
      ("segment_place", "Maia Shibutani / Alex Shibutani", WRONG, ("gpjpn2025", "ice_dance", "rhythm_dance")),
      ("place", "Maia Shibutani / Alex Shibutani", OK, ("gpjpn2025", "ice_dance", None))]),
    # Posts in lower case: the competition typed so is the story's; their sentences end before lower-case words; an
    # unknown word opening a clause before a verb of results is someone the store lacks, not the name before it.
    ("", "ok so i caught up on skate america 2025 and gubanova was fourth lol",
     [("place", "Anastasiia Gubanova", WRONG, ("gpusa2025", "women", None))]),
    ("", "skate america 2025 women were so good. gubanova was third. shaidorov was first in the men",
     [("place", "Anastasiia Gubanova", OK, ("gpusa2025", "women", None)),
      ("place", "Mikhail Shaidorov", WRONG, ("gpusa2025", "men", None))]),
    ("", "at the 2025 gpf malinin won and yuzu was second.",
     [("medal", "Ilia Malinin", OK, ("gpf2025", "men", None)), ("place", "yuzu", NOT, "any")]),
    # A couple written "fear/gibson" is the couple, never one partner of it.
    ("", "at the 2025 gpf fear/gibson got bronze.",
     [("medal", "Lilah Fear / Lewis Gibson", OK, ("gpf2025", "ice_dance", None))]),
    # "behind her" in the clause of a second subject: the subject named before it in the same sentence.
    ("", "At Skate America 2025 Rinka Watanabe won the short program. Anastasiia Gubanova was third and Lara Naki "
         "Gutmann fourth, 0.40 behind her.",
     [("margin", "Lara Naki Gutmann", OK, ("gpusa2025", "women", None))]),
    # A lead "with N" is held after a segment, never the total.
    ("", "At the 2025 Grand Prix Final, Ilia Malinin was only third after the short program and Yuma Kagiyama was "
         "leading with 108.77.",
     [("score", "Yuma Kagiyama", OK, ("gpf2025", "men", "short_program"))]),
    # "N back, and X got the bronze": X opens the next clause, not the one the margin is behind.
    ("", "At the 2025 Grand Prix Final, Yuma Kagiyama ended up second, 29.88 back, and Shun Sato got the bronze.",
     [("margin", "Yuma Kagiyama", OK, ("gpf2025", "men", None))]),
    # "won both segments and the title": first in each segment of the event, and gold; a couple named by name of an
    # event not named (pairs or dance) too: the check reads "the short" of a dance as its rhythm dance.
    ("", "At the 2025 NHK Trophy, Kaori Sakamoto won both segments and the title.",
     [("segment_place", "Kaori Sakamoto", OK, ("gpjpn2025", "women", "short_program")),
      ("segment_place", "Kaori Sakamoto", OK, ("gpjpn2025", "women", "free_skate")),
      ("medal", "Kaori Sakamoto", OK, ("gpjpn2025", "women", None))]),
    ("", "At the 2025 NHK Trophy, Sara Conti and Niccolò Macii won both segments and the event.",
     [("segment_place", "Sara Conti / Niccolò Macii", WRONG, ("gpjpn2025", "pairs", "short_program")),
      ("segment_place", "Sara Conti / Niccolò Macii", OK, ("gpjpn2025", "pairs", "free_skate")),
      ("medal", "Sara Conti / Niccolò Macii", OK, ("gpjpn2025", "pairs", None))]),
    # A news wire's dateline ("CITY, Country (wire) --") is where the story's competition was held.
    ("", "SASKATOON, Canada (wire) -- Ilia Malinin won the men's title on Saturday.",
     [("medal", "Ilia Malinin", OK, ("gpcan2025", "men", None))]),
    # "the runner-up after the short program" is second in that segment, not a silver medal.
    ("", "At Skate America 2025, Alysa Liu, the runner-up after the short program, went on to win the title.",
     [("segment_place", "Alysa Liu", OK, ("gpusa2025", "women", "short_program"))]),
    # "finished last": the field's last place (contradicted only by an entry stored behind), a competition given
    # with its year is that year's ("Sochi 2014" is not in the store: not checkable, never another Games), and a
    # capitalized number word after a name is a family name ("Denis Ten").
    ("", "At Skate Canada 2017, Takahito Mura finished last and Keegan Messing came in last.",
     [("place", "Takahito Mura", OK, ("gpcan2017", "men", None)),
      ("place", "Keegan Messing", WRONG, ("gpcan2017", "men", None))]),
    ("", "Nathan Chen won gold at Beijing 2022, and Denis Ten took bronze at Sochi 2014.",
     [("medal", "Nathan Chen", OK, ("owg2022", "men", None)), ("medal", "Denis Ten", NOT, None)]),
    # One year and two places in a sentence: the year is the nearest place's, the other keeps its own.
    ("", "In 2019 Alina Zagitova won in Saitama and Shoma Uno was second in PyeongChang.",
     [("medal", "Alina Zagitova", OK, ("wc2019", "women", None)),
      ("place", "Shoma Uno", OK, ("owg2018", "men", None))]),
    # A medal's place after "her" ("her Olympic bronze in Beijing") is an aside about another competition: the
    # next sentence is still the story's.
    ("", "Kaori Sakamoto won the world title in Montpellier in 2022, months after her Olympic bronze in Beijing. "
         "Alysa Liu was second.",
     [("place", "Alysa Liu", WRONG, ("wc2022", "women", None))]),
    # A federation congratulating skaters "on their victory" says they won.
    ("", "The federation congratulated Kazuki Tomono on his victory at Skate Canada International 2025.",
     [("medal", "Kazuki Tomono", WRONG, ("gpcan2025", "men", None))]),
    # A segment place in an apposition after the name ("X, second after the short program, got N") says nothing of
    # which figure N is.
    ("", "At Europeans 2017, Vanessa James and Morgan Cipres, second after the short program, got 220.02.",
     [("score", "Vanessa James / Morgan Cipres", OK, ("ec2017", "pairs", None))]),
    # A segment named in an apposition ("Messing, tenth after the short, ...") does not carry to the next subject.
    ("", "At Skate Canada 2017, Keegan Messing, tenth after the short, climbed to eighth, and Nicolas Nadeau was "
         "seventh.",
     [("segment_place", "Keegan Messing", WRONG, ("gpcan2017", "men", "short_program")),
      ("place", "Keegan Messing", OK, ("gpcan2017", "men", None)),
      ("place", "Nicolas Nadeau", OK, ("gpcan2017", "men", None))]),
    # A liveblog's segment carries on through the sentences that read as its standings ("Liu led after the short.
    # Chiba was second. Sakamoto was only fifth."): each place may be the segment's or the final one, never
    # contradicted by the final standings alone.
    ("", "At Worlds 2025, Alysa Liu led after the short program. Mone Chiba was second. Kaori Sakamoto was only "
         "fifth.",
     [("segment_place", "Mone Chiba", OK, ("wc2025", "women", "short_program")),
      ("segment_place", "Kaori Sakamoto", OK, ("wc2025", "women", "short_program"))]),
    # "Malinin's short" is the short program, as "his short" is.
    ("", "At Worlds 2025, Ilia Malinin's short: 110.41, and he leads. Yuma Kagiyama was second.",
     [("score", "Ilia Malinin", OK, ("wc2025", "men", "short_program")),
      ("segment_place", "Yuma Kagiyama", OK, ("wc2025", "men", "short_program"))]),
    # "her free was N": the free skate's score; "had been fifth" a standing, as "was fifth" is.
    ("", "At Worlds 2025, Kaori Sakamoto was fifth after the short program, and her free was 146.95.",
     [("segment_place", "Kaori Sakamoto", OK, ("wc2025", "women", "short_program")),
      ("score", "Kaori Sakamoto", OK, ("wc2025", "women", "free_skate"))]),
    ("", "At Worlds 2025, Alysa Liu led after the short program. Kaori Sakamoto had been fifth.",
     [("segment_place", "Kaori Sakamoto", OK, ("wc2025", "women", "short_program"))]),
    # "was placed fourth" after the clause named its segment is that segment's place; with two segments named in
    # earlier clauses, the nearest may be meant ("where Chan was third": the short program's), or the final.
    ("", "At Worlds 2017, in the free skate Nathan Chen was placed fourth.",
     [("segment_place", "Nathan Chen", OK, ("wc2017", "men", "free_skate"))]),
    ("", "At Worlds 2017, Yuzuru Hanyu won the free skate, overcoming the gap of the short program, where Patrick "
         "Chan was third.",
     [("segment_place", "Yuzuru Hanyu", OK, ("wc2017", "men", "free_skate")),
      ("segment_place", "Patrick Chan", OK, ("wc2017", "men", "short_program"))]),
    # A list of places without verbs goes on in the standings its first place was read in.
    ("", "At Worlds 2017, Javier Fernández led after the short program. Shoma Uno was second, Jin Boyang fourth.",
     [("segment_place", "Shoma Uno", OK, ("wc2017", "men", None)),
      ("segment_place", "Jin Boyang", OK, ("wc2017", "men", "short_program"))]),
]  # fmt: skip


@pytest.mark.parametrize(("links", "text", "want"), CASES, ids=[c[1][:60] for c in CASES])
async def test_story_classes(shared_results: ResultsService, links: str, text: str, want: list) -> None:
    await reads_as(shared_results, links, text, want)


async def test_a_restated_answer_shows_the_story_s_own_words(shared_results: ResultsService) -> None:
    competition = shared_results.competition("gprus2017")
    text = "Q: Where did Mariah Bell finish? A: Sixth."
    report = await check_text(
        shared_results, text, competition_id=competition.id, event_id=shared_results.event(competition, "women").id
    )
    [verdict] = report.verdicts
    assert (verdict.claim.kind, verdict.outcome, verdict.claim.sentence) == ("place", OK, text)


def _eval_module():  # type: ignore[no-untyped-def]
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "bench" / "eval_claims.py"
    spec = importlib.util.spec_from_file_location("eval_claims", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_evaluation_counts_a_right_verdict_with_a_wrong_reading_as_an_error() -> None:
    ev = _eval_module()
    want = {"kind": "place", "subject": "A", "outcome": OK,
            "reading": {"competition": "wc2017", "event": "men", "segment": None, "value": 5}}  # fmt: skip
    assert ev.right_reading(want, ("place", "A", OK, "", 5.0, ("wc2017", "men", None)))
    assert not ev.right_reading(want, ("place", "A", OK, "", 5.0, ("owg2018", "men", None)))
    assert not ev.right_reading(want, ("place", "A", OK, "", 5.0, ("wc2017", "men", "free_skate")))
    assert not ev.right_reading(want, ("place", "A", OK, "", 4.0, ("wc2017", "men", None)))
    lacking = {"kind": "medal", "subject": "A", "outcome": NOT, "reading": {"competition": None}}
    assert ev.right_reading(lacking, ("medal", "A", NOT, "", 1.0, None))
    assert not ev.right_reading(lacking, ("medal", "A", NOT, "", 1.0, ("wc2017", "men", None)))


def test_every_story_part_is_annotated_with_its_reading() -> None:
    ev = _eval_module()
    for part in ev.PARTS:
        items = ev.load_part(part)
        assert items, part
        for item in items:
            assert item["style"] and item["text"] and item["expected"], item["id"]
            for want in item["expected"]:
                assert set(want["reading"]) == {"competition", "event", "segment", "value"}, item["id"]


async def test_a_last_place_reads_as_the_place_it_stands_for(shared_results: ResultsService) -> None:
    report = await check_text(shared_results, "At Skate Canada 2017, Takahito Mura finished last.")
    [verdict] = report.verdicts
    assert (verdict.outcome, verdict.claim.value) == (OK, 12.0)
