"""Issue 28, precision pass: readings that gave a confident wrong "contradicted" on stories written by others,
each with sentences written for these tests (see test_claims_stories.py for how a case reads)."""

from __future__ import annotations

import pytest

from bot.services.results import ResultsService
from tests.unit.test_claims_stories import NOT, OK, WRONG, reads_as

CASES = [
    # A place the words give to someone ("went to", "belonged to") is that one's, or nobody's when the names do not
    # make them out: never the subject named before.
    ("", "At Worlds 2022 Knierim and Frazier won the title, and second place went to the home favourites.",
     [("medal", "Alexa Knierim / Brandon Frazier", OK, ("wc2022", "pairs", None))]),
    ("", "At Worlds 2022 Knierim and Frazier won. That second place belonged to Riku Miura and Ryuichi Kihara.",
     [("place", "Riku Miura / Ryuichi Kihara", OK, ("wc2022", "pairs", None))]),
    # "went to the Australian pair X / Y": what the entry is may stand between "to" and the name; the title is theirs.
    ("gpf2017/junior-pairs", "The victory went to the Australian pair Ekaterina Alexandrovskaya / Harley Windsor.",
     [("medal", "Ekaterina Alexandrovskaya / Harley Windsor", OK, ("gpf2017", "junior-pairs", None))]),
    # A condition or a guess imagines; it claims nothing, up to the next colon or semicolon.
    ("", "At the 2016 Cup of China, if Jin Boyang lands that last quad he probably wins.", []),
    ("", "At Worlds 2017 we thought Kaetlyn Osmond would win gold.", []),
    ("", "At Worlds 2017 Kaetlyn Osmond won silver, and if she had skated clean she would have won.",
     [("medal", "Kaetlyn Osmond", OK, ("wc2017", "women", None))]),
    ("", "At Worlds 2017, if you picked Yuzuru Hanyu, congrats: he won the free skate with 223.20.",
     [("segment_place", "Yuzuru Hanyu", OK, ("wc2017", "men", "free_skate")),
      ("score", "Yuzuru Hanyu", OK, ("wc2017", "men", "free_skate"))]),
    # The one a margin is measured from is never its subject: with the winner unsaid ("Beat X by N" in notes under
    # another's name, "hold off X by N" after a couple not made out), no margin is read; said, it is theirs.
    ("", "At Worlds 2017, in the men's event: notes on the winner. Beat Shoma Uno by 2.28 in the end.", []),
    ("", "At Worlds 2017 the two of them hold off Shoma Uno by 2.38 in the end.", []),
    ("", "At Worlds 2017 Yuzuru Hanyu held off Shoma Uno by 2.28.",
     [("margin", "Yuzuru Hanyu", OK, ("wc2017", "men", None))]),
    # A question claims nothing; a statement said as a question, a tag question and a question answered "yes" do.
    ("", "At Europeans 2026 in Sheffield, did Lilah Fear and Lewis Gibson win at home?", []),
    ("", "At Worlds 2017, weren't Sui Wenjing and Han Cong the champions?", []),
    ("", "At Worlds 2017, who won gold? Not Kaetlyn Osmond.", []),
    ("", "At Worlds 2017 Shoma Uno was second, and was Jin Boyang third?",
     [("place", "Shoma Uno", OK, ("wc2017", "men", None))]),
    ("", "At Worlds 2017 Shoma Uno was only third after the short??",
     [("segment_place", "Shoma Uno", WRONG, ("wc2017", "men", "short_program"))]),
    ("", "At Worlds 2017 Evgenia Medvedeva won gold, didn't she?",
     [("medal", "Evgenia Medvedeva", OK, ("wc2017", "women", None))]),
    ("", "At Worlds 2017, was Kaetlyn Osmond on the podium? Yes, she was.",
     [("medallist", "Kaetlyn Osmond", OK, ("wc2017", "women", None))]),
    # One partner of a couple named alone: the claim is the couple's, and the verdict names them both.
    ("", "At Skate Canada 2016 Dylan Moscovitch took bronze with 190.02.",
     [("medal", "Liubov Ilyushechkina / Dylan Moscovitch", OK, ("gpcan2016", "pairs", None)),
      ("total", "Liubov Ilyushechkina / Dylan Moscovitch", WRONG, ("gpcan2016", "pairs", None))]),
    ("", "At Worlds 2017 Han Cong won gold.", [("medal", "Sui Wenjing / Han Cong", OK, ("wc2017", "pairs", None))]),
    # "..., ahead of X of Canada, the silver medallist": the title set off after a name is that name's, never
    # the winner's.
    ("", "At Worlds 2017 Evgenia Medvedeva took the title, ahead of Kaetlyn Osmond of Canada, the silver medallist.",
     [("medal", "Kaetlyn Osmond", OK, ("wc2017", "women", None))]),
    ("", "At Worlds 2017 Evgenia Medvedeva took the title, ahead of Gabrielle Daleman, the silver medallist.",
     [("medal", "Gabrielle Daleman", WRONG, ("wc2017", "women", None))]),
    # A score after places in both segments is their sum, the total, not the last segment's score.
    ("", "At Worlds 2017 Evgenia Medvedeva won, first in the short program and in the free skate, with 233.41.",
     [("total", "Evgenia Medvedeva", OK, ("wc2017", "women", None))]),
    ("", "At Worlds 2017 Evgenia Medvedeva was first in the short and first in the free, with 230.41 points.",
     [("total", "Evgenia Medvedeva", WRONG, ("wc2017", "women", None))]),
    # "the short" before "before", "despite", "then": the segment, so the place before it is that segment's rank.
    ("", "At Worlds 2017 Kaetlyn Osmond was second in the short before taking silver.",
     [("segment_place", "Kaetlyn Osmond", OK, ("wc2017", "women", "short_program")),
      ("medal", "Kaetlyn Osmond", OK, ("wc2017", "women", None))]),
    ("", "At Worlds 2017 Gabrielle Daleman was first in the short before she held on for bronze.",
     [("segment_place", "Gabrielle Daleman", WRONG, ("wc2017", "women", "short_program")),
      ("medal", "Gabrielle Daleman", OK, ("wc2017", "women", None))]),
    # "was second despite winning the short": the segment is the win's; the place before it is the final one.
    ("", "At Worlds 2017 Kaetlyn Osmond was second despite winning the short program.",
     [("place", "Kaetlyn Osmond", OK, ("wc2017", "women", None)),
      ("segment_place", "Kaetlyn Osmond", WRONG, ("wc2017", "women", "short_program"))]),
    ("", "At Worlds 2017 Kaetlyn Osmond was second with 218.13 despite winning the short.",
     [("place", "Kaetlyn Osmond", OK, ("wc2017", "women", None)),
      ("segment_place", "Kaetlyn Osmond", WRONG, ("wc2017", "women", "short_program")),
      ("total", "Kaetlyn Osmond", OK, ("wc2017", "women", None))]),
    # "X's short was ...: N, first place": the place of that segment's score is the segment's rank.
    ("", "At Worlds 2017 Shoma Uno's short program was a joy: 104.86, first place, though he lost the title.",
     [("segment_place", "Shoma Uno", WRONG, ("wc2017", "men", "short_program")),
      ("score", "Shoma Uno", OK, ("wc2017", "men", "short_program"))]),
    ("", "At Worlds 2017 Yuzuru Hanyu's free skate was the best of his life: 223.20, first place.",
     [("segment_place", "Yuzuru Hanyu", OK, ("wc2017", "men", "free_skate")),
      ("score", "Yuzuru Hanyu", OK, ("wc2017", "men", "free_skate"))]),
    ("", "At Worlds 2017 Shoma Uno's free skate: 214.45, second place overall.",
     [("place", "Shoma Uno", OK, ("wc2017", "men", None))]),
    # "he was fourth in the short tho": a chat's "tho" after the bare segment leaves it the segment.
    ("", "At Worlds 2017 Shoma Uno took silver. he was second in the short tho",
     [("segment_place", "Shoma Uno", OK, ("wc2017", "men", "short_program"))]),
    ("", "At Worlds 2017 Shoma Uno took silver. he was first in the free tho",
     [("segment_place", "Shoma Uno", WRONG, ("wc2017", "men", "free_skate"))]),
    # "short of the silver medal of X": the medal is X's, never the clause subject's.
    ("", "At Worlds 2017 Anna Pogorilaya fell twice and stayed well short of the silver medal of Kaetlyn Osmond.",
     [("medal", "Kaetlyn Osmond", OK, ("wc2017", "women", None))]),
    ("", "At Worlds 2017 Gabrielle Daleman ended just short of the gold medal of Kaetlyn Osmond.",
     [("medal", "Kaetlyn Osmond", WRONG, ("wc2017", "women", None))]),
    # Translated phrasing: "his free program was evaluated at N" is that segment's score, not the total.
    ("", "At Worlds 2017 Shoma Uno won silver. His free program was evaluated at 214.45 points.",
     [("score", "Shoma Uno", OK, ("wc2017", "men", "free_skate"))]),
    ("", "At Worlds 2017 Shoma Uno won silver. His short program was judged at 100.86 points.",
     [("score", "Shoma Uno", WRONG, ("wc2017", "men", "short_program"))]),
    # In a post in lower case, a given and a family name the store lacks, opening a clause before its verb, are
    # someone not in the store: the place is not checkable, never given to the known name after it.
    ("", "at worlds 2017 the women were tense. marta zelenko was fourth in the free, kaetlyn osmond was second.",
     [("segment_place", "marta zelenko", NOT, "any"),
      ("segment_place", "Kaetlyn Osmond", OK, ("wc2017", "women", None))]),
    ("", "at worlds 2017 the men: lukas brenner was third in the short, shoma uno was second.",
     [("segment_place", "lukas brenner", NOT, "any"),
      ("segment_place", "Shoma Uno", OK, ("wc2017", "men", "short_program"))]),
    # "ahead of X, and Y took bronze": Y before a verb of its own opens a clause; the medal is Y's, not the winner's.
    ("", "At Worlds 2017 Evgenia Medvedeva won, ahead of Kaetlyn Osmond, and Gabrielle Daleman took bronze.",
     [("medal", "Gabrielle Daleman", OK, ("wc2017", "women", None))]),
    ("", "At Worlds 2017 Yuzuru Hanyu won ahead of Shoma Uno, and Jin Boyang took silver.",
     [("medal", "Yuzuru Hanyu", OK, ("wc2017", "men", None)), ("medal", "Jin Boyang", WRONG, ("wc2017", "men", None))]),
    # Words the store does not know before "was" are that clause's subject: the place is never the next name's.
    ("", "at worlds 2017 the women were tense. you marta was fourth in the free, kaetlyn osmond was second.",
     [("segment_place", "Kaetlyn Osmond", OK, ("wc2017", "women", None))]),
    ("", "at worlds 2017 the men: your boy was third in the short, shoma uno was second.",
     [("segment_place", "Shoma Uno", OK, ("wc2017", "men", "short_program"))]),
    # A host city set off on its own, as posts name where they are ("recap (Helsinki)", "📍Helsinki", "the Helsinki
    # edition"), is the competition held there; Helsinki held two, and the skaters named tell which.
    ("", "Weekend recap (Helsinki): Evgenia Medvedeva won and Kaetlyn Osmond took silver.",
     [("medal", "Evgenia Medvedeva", OK, ("wc2017", "women", None)),
      ("medal", "Kaetlyn Osmond", OK, ("wc2017", "women", None))]),
    ("", "📍Helsinki 🇫🇮 Evgenia Medvedeva won again and Kaetlyn Osmond took bronze",
     [("medal", "Evgenia Medvedeva", OK, ("wc2017", "women", None)),
      ("medal", "Kaetlyn Osmond", WRONG, ("wc2017", "women", None))]),
    ("", "The Helsinki edition in numbers: Evgenia Medvedeva won, and Kaetlyn Osmond was third.",
     [("medal", "Evgenia Medvedeva", OK, ("wc2017", "women", None)),
      ("place", "Kaetlyn Osmond", WRONG, ("wc2017", "women", None))]),
    # "the home pair", "the local skater": the host's entry, which the words alone do not name; never the one
    # named last (the one before them here was no home skater).
    ("", "At Worlds 2017 Kaetlyn Osmond took silver. The home skater was fourth in the free skate.",
     [("medal", "Kaetlyn Osmond", OK, ("wc2017", "women", None)), ("segment_place", "The home skater", NOT, "any")]),
    ("", "At Worlds 2017 Sui Wenjing / Han Cong won. The home pair was fifth with 200.10.",
     [("medal", "Sui Wenjing / Han Cong", OK, ("wc2017", "pairs", None)), ("place", "The home pair", NOT, "any"),
      ("total", "The home pair", NOT, "any")]),
    # A post's hashtags name where it was ("#helsinki #worlds"), and fans call the Europeans "the euros".
    ("", "medvedeva won again!!! first in both programs\n#helsinki #skating\n\nand osmond got silver",
     [("medal", "Evgenia Medvedeva", OK, ("wc2017", "women", None)),
      ("medal", "Kaetlyn Osmond", OK, ("wc2017", "women", None))]),
    ("", "the euros were wild that year. medvedeva won and pogorilaya took bronze",
     [("medal", "Evgenia Medvedeva", OK, ("ec2017", "women", None)),
      ("medal", "Anna Pogorilaya", WRONG, ("ec2017", "women", None))]),
    # A bracket that opens with a word of a host's name but holds more is no place ("(Junior women's singles)").
    ("", "The biggest win at Grand Prix Final 2016 (Junior women's singles): Alina Zagitova by 13.36",
     [("medal", "Alina Zagitova", OK, ("gpf1617", "junior-women", None)),
      ("margin", "Alina Zagitova", OK, ("gpf1617", "junior-women", None))]),
    # A city in brackets that is no host is no competition: nothing is checked against another.
    ("", "Weekend recap (Lisbon): Evgenia Medvedeva won and Kaetlyn Osmond took silver.",
     [("medal", "Evgenia Medvedeva", NOT, "any"), ("medal", "Kaetlyn Osmond", NOT, "any")]),
]  # fmt: skip


@pytest.mark.parametrize(("links", "text", "want"), CASES, ids=[c[1][:60] for c in CASES])
async def test_precision_classes(shared_results: ResultsService, links: str, text: str, want: list) -> None:
    await reads_as(shared_results, links, text, want)
