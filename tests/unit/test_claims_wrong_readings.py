"""Issue 28, wrong readings: a claim bound to the wrong skater, competition, segment or kind gave a confident wrong
"contradicted" on stories written by others. Each class with sentences written for these tests (see
test_claims_stories.py for how a case reads)."""

from __future__ import annotations

import pytest

from bot.services.results import ResultsService
from tests.unit.test_claims_stories import NOT, OK, WRONG, reads_as

CASES = [
    # A word of a series' own name before a discipline ("Junior pairs was ...") names no place, at a sentence's head
    # as anywhere: the competition stays the one the story names (Marseille), not a junior event elsewhere.
    ("", "Final weekend in Marseille, thread two. Junior pairs was decided by 1.85: Ekaterina Alexandrovskaya and "
     "Harley Windsor held on for bronze.",
     [("medal", "Ekaterina Alexandrovskaya / Harley Windsor", WRONG, ("gpf1617", "junior-pairs", None))]),
    # A medal or place said as what a margin is measured from is someone else's: no claim of the subject, and the
    # margin is measured from that medal's holder ("behind the bronze": the bronze medallist, not the next).
    ("", "At Worlds 2017 Carolina Kostner ended sixth, 16.69 behind the bronze.",
     [("place", "Carolina Kostner", OK, ("wc2017", "women", None)),
      ("margin", "Carolina Kostner", OK, ("wc2017", "women", None))]),
    ("", "At Worlds 2017 Kaetlyn Osmond was 4.61 off gold.",
     [("margin", "Kaetlyn Osmond", WRONG, ("wc2017", "women", None))]),
    ("", "At Worlds 2017 Evgenia Medvedeva won by a gap of 15.28 to second place.",
     [("medal", "Evgenia Medvedeva", OK, ("wc2017", "women", None))]),
    ("", "At Worlds 2017 Maria Sotskova finished 21.32 short of the bronze medal of Gabrielle Daleman.",
     [("medal", "Gabrielle Daleman", OK, ("wc2017", "women", None)),
      ("margin", "Maria Sotskova", OK, ("wc2017", "women", None))]),
    ("", "At Worlds 2017 Maria Sotskova climbed from eighth to bronze.",
     [("medal", "Maria Sotskova", WRONG, ("wc2017", "women", None))]),
    # "N behind," with a comma after it measures from nobody named: the next list item's name is not its rival.
    ("", "At Worlds 2017 the order was Yuzuru Hanyu first, Shoma Uno second, 2.28 behind, Jin Boyang third.",
     [("margin", "Shoma Uno", OK, ("wc2017", "men", None)), ("place", "Jin Boyang", OK, ("wc2017", "men", None))]),
    # How things looked is no result: "looked like a bronze", "on course for gold"; a result after it stays.
    ("", "At Worlds 2017 Mai Mihara's short had looked like a bronze at best, and Wakaba Higuchi was on course "
     "for silver.", []),
    ("", "At Worlds 2017 Evgenia Medvedeva skated like a champion and won gold.",
     [("medal", "Evgenia Medvedeva", OK, ("wc2017", "women", None))]),
    # A segment set at the head of a clause, or of a part after a comma, is where that part's places stand.
    ("", "At Worlds 2017 Kaetlyn Osmond won silver. After the short program she occupied the second place with "
     "75.98 points, in the free program she was second.",
     [("segment_place", "Kaetlyn Osmond", OK, ("wc2017", "women", "short_program")),
      ("segment_place", "Kaetlyn Osmond", OK, ("wc2017", "women", "free_skate"))]),
    ("", "At Worlds 2017, after the short program, Wakaba Higuchi was ninth.",
     [("segment_place", "Wakaba Higuchi", OK, ("wc2017", "women", "short_program"))]),
    # A bare place after a part that gave a final place and a segment's place may be in either standings.
    ("", "At Worlds 2017 Carolina Kostner finished sixth after the eighth place in the short program, Wakaba "
     "Higuchi was eleventh.",
     [("segment_place", "Wakaba Higuchi", OK, ("wc2017", "women", None))]),
    # "the bronze was won by X" is that medal's, never the gold, whatever the clause says of the event.
    ("", "At Worlds 2017, in the women's event, the bronze was won by Gabrielle Daleman.",
     [("medal", "Gabrielle Daleman", OK, ("wc2017", "women", None))]),
    ("", "At Worlds 2017, in the women's event, the title was won by Evgenia Medvedeva.",
     [("medal", "Evgenia Medvedeva", OK, ("wc2017", "women", None))]),
    # A rival named in a line with no subject of its own, and nobody in view, is never the next "he": whoever won
    # is not made out, so the next line's pronoun claims nothing.
    ("", "group chat, 3 people\n\nkim: HELSINKI. the champ did it\nkim: won by 2.28 over uno\n"
     "me: he was fifth after the short tho??", []),
    # "the other Chinese boy" is not the Chinese skater named before, and is whom the next "he" stands for.
    ("", "group chat, 3 people\n\nkim: HELSINKI. hanyu won\nmom: and the chinese boy? boyang?\n"
     "me: third. he was 4th after the short\nmom: and the other chinese boy? han yan?\n"
     "me: fifth. he was 7th after the short",
     [("segment_place", "Jin Boyang", OK, ("wc2017", "men", "short_program"))]),
    # A description around a name the store lacks ("The Smith siblings") is that unknown entry: its fragment's
    # figures are not checkable, never the couple named before.
    ("", "QUIZ: WORLDS 2017, ICE DANCE (answer sheet)\n\nQ1. The Japanese team? A: Muramoto/Reed.\n"
     "Q2. Which team was last? A: The Smith siblings, nineteenth, 140.11.",
     [("place", "The Smith siblings", NOT, "any"), ("score", "The Smith siblings", NOT, "any")]),
    # A bare "short" before "there", "here", "tonight" is the segment: "second after the short there".
    ("", "At Worlds 2017 Kaetlyn Osmond was second after the short there.",
     [("segment_place", "Kaetlyn Osmond", OK, ("wc2017", "women", "short_program"))]),
    # A margin behind "the winner(s)" after a segment's place is the event's: measured in the totals.
    ("", "At Worlds 2017 Kaetlyn Osmond won silver, second in the short program, second in the free skate and "
     "15.28 behind the winner.",
     [("margin", "Kaetlyn Osmond", OK, ("wc2017", "women", None))]),
    # A score "there" after a segment's place is that segment's (or, when "there" may be the event, the total's),
    # never the total alone.
    ("", "At Worlds 2017 the protocol has Kaetlyn Osmond second in the free, and Gabrielle Daleman third there "
     "with 141.33.",
     [("score", "Gabrielle Daleman", OK, ("wc2017", "women", "free_skate"))]),
    ("", "At Worlds 2017 the protocol has Kaetlyn Osmond second in the free, and Gabrielle Daleman third there "
     "with 140.33.",
     [("score", "Gabrielle Daleman", NOT, "any")]),
    # Japanese: what a condition opened with もし imagines is no result ("if the jumps had landed, the title").
    ("", "スケートアメリカ2025男子。友野一希は銅メダル。もしフリーでジャンプが決まっていたら優勝もあったと思う。",
     [("medal", "Kazuki Tomono", OK, ("gpusa2025", "men", None))]),
    ("", "スケートアメリカ2025男子。もしフリーが決まっていたら、と思う。友野一希は銅メダル。",
     [("medal", "Kazuki Tomono", OK, ("gpusa2025", "men", None))]),
    # A belief the writer or the crowd held is no result, up to the next semicolon or "but".
    ("", "At Worlds 2017 Carolina Kostner was eighth in the short and we thought the bronze was hers; she finished "
     "sixth. Everyone assumed Kaetlyn Osmond had won gold, but she took silver.",
     [("place", "Carolina Kostner", OK, ("wc2017", "women", None)),
      ("medal", "Kaetlyn Osmond", OK, ("wc2017", "women", None))]),
    # A bare segment word ends at a dash or an arrow as at a comma: "4th in free -> silver" is the free's place (and
    # the medal the event's), as a notes line writes it; never a final fourth.
    ("", "Worlds 2017, women\n- Kaetlyn Osmond 2nd in free -> silver\n- Gabrielle Daleman 5th in short – bronze",
     [("segment_place", "Kaetlyn Osmond", OK, ("wc2017", "women", "free_skate")),
      ("medal", "Kaetlyn Osmond", OK, ("wc2017", "women", None)),
      ("segment_place", "Gabrielle Daleman", WRONG, ("wc2017", "women", "short_program")),
      ("medal", "Gabrielle Daleman", OK, ("wc2017", "women", None))]),
]  # fmt: skip


@pytest.mark.parametrize(("links", "text", "want"), CASES, ids=[c[1][:60] for c in CASES])
async def test_wrong_reading_classes(shared_results: ResultsService, links: str, text: str, want: list) -> None:
    await reads_as(shared_results, links, text, want)
