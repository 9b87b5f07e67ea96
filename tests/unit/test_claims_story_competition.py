"""Which competition a story, a paragraph or a sentence is about (issue 28), with sentences written for these tests.

A case is a story and the claims a careful checker finds in it: (kind, subject, verdict, reading), the reading
being (competition key, event key, segment kind or None) of the figure the verdict used, or None when the verdict
must use none. The story's competition is one its words name; a paragraph naming another is that one's.
"""

from __future__ import annotations

import pytest

from bot.services.claims import check_text
from bot.services.results import ResultsService
from tests.unit.test_claims_stories import NOT, OK, WRONG, Got, same
from tests.unit.test_claims_stories import verdicts as linked_verdicts


async def verdicts(results: ResultsService, text: str) -> list[Got]:
    """The verdicts of an unlinked story (test_claims_stories.verdicts with no link)."""
    return await linked_verdicts(results, "", text)


CASES = [
    # A diary moving from one competition to the next names no one competition of its own: each paragraph's
    # claims are the competition that paragraph names, never "which competition" beside it.
    (
        "Two autumn weekends from my notebook.\n\n"
        "Mississauga came first, for Skate Canada 2016. Medvedeva won the women's event. Kaetlyn Osmond was fifth.\n\n"
        "Then the NHK Trophy 2016. Keiji Tanaka took the bronze in the men's event. Nathan Chen was third after the "
        "short program.",
        [
            ("place", "Kaetlyn Osmond", WRONG, ("gpcan2016", "women", None)),
            ("medal", "Keiji Tanaka", OK, ("gpjpn2016", "men", None)),
            ("segment_place", "Nathan Chen", WRONG, ("gpjpn2016", "men", "short_program")),
        ],
    ),
    # A place with its year written the fans' way ("regina '17") names its competition in a sentence that is not
    # all in lower case, too.
    (
        "Thoughts on regina '17, where Courtney Hicks was fourth and Karen Chen sixth.",
        [
            ("place", "Courtney Hicks", OK, ("gpcan2017", "women", None)),
            ("place", "Karen Chen", WRONG, ("gpcan2017", "women", None)),
        ],
    ),
    # A competition typed in lower case with its place in an otherwise capitalized sentence is that competition: one
    # the store lacks makes its claim not checkable, never the story's competition nor another held in that city.
    (
        "Kaetlyn Osmond won at regina '17 with 212.91. Kaetlyn Osmond then took gold at worlds in milan that spring.",
        [
            ("total", "Kaetlyn Osmond", OK, ("gpcan2017", "women", None)),
            ("medal", "Kaetlyn Osmond", NOT, None),
        ],
    ),
    # A place with the month and year it was held ("Sapporo, November 2016") names that year's competition there.
    (
        "From the vault this week: Sapporo, November 2016.\n\nKeiji Tanaka took bronze. Alexei Bychenko was fifth. "
        "Nathan Chen was second after the short program.",
        [
            ("medal", "Keiji Tanaka", OK, ("gpjpn2016", "men", None)),
            ("place", "Alexei Bychenko", WRONG, ("gpjpn2016", "men", None)),
            ("segment_place", "Nathan Chen", OK, ("gpjpn2016", "men", "short_program")),
        ],
    ),
    # A place with the month and year shortened as notes and chat lines write them ("lake placid, nov '17") names
    # that year's competition there, in lower case too.
    (
        "rinkside notes, lake placid, nov '17\n\nSavchenko and Massot won with 223.13. Zabiiako and Enbert were fifth.",
        [
            ("total", "Aliona Savchenko / Bruno Massot", OK, ("gpusa2017", "pairs", None)),
            ("place", "Natalia Zabiiako / Alexander Enbert", WRONG, ("gpusa2017", "pairs", None)),
        ],
    ),
    # A segment named in a concession is no frame for the places after it: the final place, or that segment's.
    (
        "At Skate Canada 2017 Savchenko and Massot took silver even though they won the short program, and Peng and "
        "Jin were fifth.",
        [("segment_place", "Peng Cheng / Jin Yang", OK, ("gpcan2017", "pairs", None))],
    ),
    # "second in the short behind X": the order in that segment.
    (
        "At the NHK Trophy 2016 Duhamel and Radford won, after sitting second in the short behind Peng and Jin.",
        [("order", "Meagan Duhamel / Eric Radford", OK, ("gpjpn2016", "pairs", "short_program"))],
    ),
    # A rival in a sentence with no subject ("By 20.39 over Sotskova.") does not become the next "she".
    (
        "At Skate Canada 2017, Kaetlyn Osmond won the women's event. By 20.39 over Sotskova. She was first in the "
        "short program with 76.06.",
        [
            ("segment_place", "Kaetlyn Osmond", OK, ("gpcan2017", "women", "short_program")),
            ("score", "Kaetlyn Osmond", OK, ("gpcan2017", "women", "short_program")),
        ],
    ),
    # A kind of competition named alone ("Worlds": every year's) never outweighs the editions the words single out:
    # the story is about Beijing's Games, though a Worlds fits its skaters better. A place set after the clause
    # ("she won it, in Montpellier") is a reading of the claim; a question about a name the store lacks is whom the
    # answer's "she" stands for.
    (
        "Q: who won the women in Beijing?\nA: Shcherbakova, with 255.95. Trusova was second and Sakamoto third, with "
        "233.31.\nQ: and Rika Kihira at Worlds?\nA: she was seventh there the year before.\nQ: did Sakamoto win "
        "Worlds that season?\nA: she won it, in Montpellier.\nQ: wasn't Valieva there too?\n"
        "A: yes, she finished fifth.",
        [
            ("place", "Alexandra Trusova", OK, ("owg2022", "women", None)),
            ("total", "Kaori Sakamoto", WRONG, ("owg2022", "women", None)),
            ("medal", "Kaori Sakamoto", OK, ("wc2022", "women", None)),
            ("place", "Rika Kihira", NOT, None),
        ],
    ),
    # A story opening on an edition the store lacks ("Milan 2018") is not about another it names after: a paragraph
    # naming none of its own is not checkable, the others' claims are their paragraphs' competitions.
    (
        "Milan 2018 was the best dance event of the decade.\n\nPapadakis and Cizeron won it, and Weaver and Poje were "
        "third.\n\nMontpellier 2022 came close: Papadakis and Cizeron won again, and Chock and Bates took bronze.\n\n"
        "Saitama 2023 too: Chock and Bates won.",
        [
            ("medal", "Gabriella Papadakis / Guillaume Cizeron", NOT, "any"),
            ("place", "Kaitlyn Weaver / Andrew Poje", NOT, "any"),
            ("medal", "Gabriella Papadakis / Guillaume Cizeron", OK, ("wc2022", "ice_dance", None)),
            ("medal", "Madison Chock / Evan Bates", OK, ("wc2023", "ice_dance", None)),
        ],
    ),
    # A relative clause after a competition ("at X, where they won", "X, which they won") is about that competition,
    # in a story that names two of them.
    (
        "Duhamel and Radford began their Grand Prix season at the 2016 NHK Trophy, where they won the gold medal with "
        "204.65 points. Kaetlyn Osmond had opened the series at the 2017 Skate Canada, which she won with 212.91.",
        [
            ("total", "Meagan Duhamel / Eric Radford", WRONG, ("gpjpn2016", "pairs", None)),
            ("total", "Kaetlyn Osmond", OK, ("gpcan2017", "women", None)),
        ],
    ),
]


@pytest.mark.parametrize(("text", "want"), CASES, ids=[c[0][:60] for c in CASES])
async def test_story_competition(results: ResultsService, text: str, want: list) -> None:
    got = await verdicts(results, text)
    assert same(got, want), got


async def test_the_margin_of_beat_x_by_n_is_over_x_not_the_next_name(results: ResultsService) -> None:
    report = await check_text(
        results, "At the NHK Trophy 2016 Yuzuru Hanyu won and beat Nathan Chen by 32.56, Keiji Tanaka bronze."
    )
    margins = [v for v in report.verdicts if v.claim.kind == "margin"]
    assert [(v.outcome, v.read_as) for v in margins] == [(OK, ("gpjpn2016", "men", None))]


async def test_a_final_place_after_a_segment_place_leaves_that_segment(results: ResultsService) -> None:
    text = (
        "At Skate Canada 2016 Elizaveta Tuktamysheva was third after the short program and slipped to fourth; "
        "Rika Hongo was sixth."
    )
    got = await verdicts(results, text)
    assert same(got, [("place", "Rika Hongo", OK, ("gpcan2016", "women", None))]), got


CHAT = """[screenshot of our group chat]
dani: HELSINKI. yuzu did it
dani: shoma uno second, jin boyang third
me: and patrick?
dani: fifth"""


async def test_a_chat_log_s_speaker_handles_are_nobody(shared_results: ResultsService) -> None:
    """'dani: ...' in a log of lines so led: who typed the line, never a skater (no Daniel Samohin); a place set
    at the head of a line after the handle names the story's competition."""
    report = await check_text(shared_results, CHAT)
    got = {(v.claim.kind, v.claim.subject, v.outcome) for v in report.verdicts}
    assert ("place", "Shoma Uno", "consistent") in got, got
    assert ("place", "Jin Boyang", "consistent") in got, got
    assert not any("Samohin" in subject for _, subject, _ in got), got


# Two entries: a place names one competition held there only with the skaters saying which (Helsinki held
# Worlds 2017 and Finlandia Trophy 2025).
PAIRS = "Sui Wenjing and Han Cong won with 232.06. Evgenia Tarasova and Vladimir Morozov were fourth."


@pytest.mark.parametrize(
    "text",
    [
        "PAIRS MEDALISTS' PRESS CONFERENCE, HELSINKI (transcript)\n" + PAIRS,
        "Good evening, and welcome back to Helsinki for the pairs free skate.\n" + PAIRS,
        "PAIRS MEDALISTS' PRESS CONFERENCE, HELSINKI (transcript, lightly edited)\n" + PAIRS,
        'QUIZ, ROUND 2: "HELSINKI, PAIRS"\n' + PAIRS,
        "ok so helsinki, pairs, notes. " + PAIRS.lower(),
    ],
)
async def test_a_place_in_a_heading_names_the_competition(shared_results: ResultsService, text: str) -> None:
    """A host city set off at a title's end, or before a discipline, or where a broadcast welcomes its viewers,
    names the competition held there (the skaters say which edition)."""
    report = await check_text(shared_results, text)
    assert [(v.claim.kind, v.outcome, v.read_as) for v in report.verdicts if v.claim.kind == "total"] == [
        ("total", "consistent", ("wc2017", "pairs", None))
    ], report.verdicts
