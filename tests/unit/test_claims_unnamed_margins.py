"""A margin behind with no one named ("third, 30 points back"): measured from the next above or the winner, at the
precision it is written with; contradicted only when it fits neither. Worlds 2025 men: Malinin 318.56, Shaidorov
287.47, Kagiyama 278.19 (9.28 behind the next, 40.37 behind the winner); ice dance: Chock/Bates 222.06, Gilles/Poirier
216.54, Fear/Gibson 207.11 (9.43 and 14.95 behind)."""

from __future__ import annotations

import pytest

from bot.services.results import ResultsService
from tests.unit.test_claims_stories import NOT, OK, WRONG, reads_as

MEN = ("wc2025", "men", None)
DANCE = ("wc2025", "ice_dance", None)
FEAR_GIBSON = "Lilah Fear / Lewis Gibson"

CASES = [
    # Behind the winner, to the hundredth or in whole points ("about 40").
    ("", "At Worlds 2025 Kagiyama was third, 40.37 points back.", [("margin", "Yuma Kagiyama", OK, MEN)]),
    ("", "At Worlds 2025 Fear and Gibson were third, 15 points back.", [("margin", FEAR_GIBSON, OK, DANCE)]),
    ("", "At Worlds 2025 Fear and Gibson were third, 14.95 points back.", [("margin", FEAR_GIBSON, OK, DANCE)]),
    # Behind the next above, as before.
    ("", "At Worlds 2025 Kagiyama was third, 9.28 points back.", [("margin", "Yuma Kagiyama", OK, MEN)]),
    # Fits neither reference: contradicted, whole or decimal.
    ("", "At Worlds 2025 Kagiyama was third, 30 points back.", [("margin", "Yuma Kagiyama", WRONG, MEN)]),
    ("", "At Worlds 2025 Kagiyama was third, 40.73 points back.", [("margin", "Yuma Kagiyama", WRONG, MEN)]),
    ("", "At Worlds 2025 Fear and Gibson were third, 20 points back.", [("margin", FEAR_GIBSON, WRONG, DANCE)]),
    # A small whole number is a loose "a few points": not checkable, never contradicted.
    ("", "At Worlds 2025 Kagiyama was third, 8 points back.", [("margin", "Yuma Kagiyama", NOT, "any")]),
    # A named reference is measured from it alone: 40.37 is the gap to Malinin, not to Shaidorov.
    ("", "At Worlds 2025 Kagiyama was third, 40.37 points behind Shaidorov.",
     [("margin", "Yuma Kagiyama", WRONG, MEN)]),
    ("", "At Worlds 2025 Kagiyama was third, 9.28 points behind Malinin.", [("margin", "Yuma Kagiyama", WRONG, MEN)]),
    # A margin ahead is still of the next below only.
    ("", "At Worlds 2025 Shaidorov was second, 40.37 points ahead.", [("margin", "Mikhail Shaidorov", WRONG, MEN)]),
]  # fmt: skip


@pytest.mark.parametrize(("links", "text", "want"), CASES, ids=[c[1][:60] for c in CASES])
async def test_unnamed_margins(shared_results: ResultsService, links: str, text: str, want: list) -> None:
    await reads_as(shared_results, links, text, want)
