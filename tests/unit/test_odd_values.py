"""The one parser of ids in text and the store's check of every statement's values (issue 29)."""

from __future__ import annotations

import pytest

from bot.errors import NotFound, parse_id
from bot.i18n import t
from bot.text import ID_MAX, id_in
from db.database import Database, UnstorableValue, check_values


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1", 1),
        (" 42 ", 42),
        (str(ID_MAX), ID_MAX),
        (str(ID_MAX + 1), None),
        ("9999999999999999999", None),
        ("0", None),
        ("-3", None),
        ("²", None),  # str.isdigit() says yes; int() raises
        ("٣", None),  # another script's digit: int() reads it, no id is written so
        ("", None),
        ("12a", None),
    ],
)
def test_an_id_in_text_is_ascii_digits_within_the_stores_range(text: str, expected: int | None) -> None:
    assert id_in(text) == expected


def test_a_forged_id_is_a_story_the_store_lacks() -> None:
    with pytest.raises(NotFound) as raised:
        parse_id("9999999999999999999", t("story-noun"))
    assert "No story matches" in raised.value.message


@pytest.mark.parametrize("value", ["a\x00b", "\ud83d", "x\udc00", 2**63, -(2**63) - 1])
def test_values_no_store_holds_are_refused_before_the_statement(value: object) -> None:
    with pytest.raises(UnstorableValue):
        check_values([value])
    with pytest.raises(UnstorableValue):
        check_values({"v": value})


@pytest.mark.parametrize("value", ["\x07\x1b[31m", "\u202e", "😀", "", 2**63 - 1, -(2**63), True, 1.5, None, b"\x00"])
def test_other_values_pass_as_given(value: object) -> None:
    check_values([value])


async def test_the_store_refuses_them_on_reads_and_writes_and_keeps_the_rest(store: Database) -> None:
    with pytest.raises(UnstorableValue):
        await store.fetchone("SELECT ? AS v", ("\ud800",))
    with pytest.raises(UnstorableValue):
        await store.fetchall("SELECT ? AS v", (2**64,))
    row = await store.fetchone("SELECT ? AS v", ("\x07 \u202e 😀",))
    assert row is not None and row["v"] == "\x07 \u202e 😀"


@pytest.mark.parametrize("odd", ["a\x00b", "\ud83d", 2**64])
async def test_bulk_rows_are_checked_like_single_statements_and_nothing_is_written(
    store: Database, odd: object
) -> None:
    """An import's bulk rows (executemany) go through the same check: an odd value in the last row refuses the
    whole batch before any row is sent, and the transaction leaves the store as it was."""
    before = await store.fetchone("SELECT COUNT(*) AS n FROM skater_aliases")
    skater = await store.fetchone("SELECT id FROM skaters ORDER BY id LIMIT 1")
    assert before is not None and skater is not None
    with pytest.raises(UnstorableValue):
        async with store.transaction() as tx:
            await tx.executemany(
                "INSERT INTO skater_aliases (skater_id, alias) VALUES (?, ?)",
                [(skater["id"], "plain alias one"), (skater["id"], "plain alias two"), (skater["id"], odd)],
            )
    after = await store.fetchone("SELECT COUNT(*) AS n FROM skater_aliases")
    assert after is not None and after["n"] == before["n"]
