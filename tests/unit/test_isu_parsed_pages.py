"""A page read again with the same bytes is not parsed again (bot/services/isu/page_reader.py): a live watch reads
its site's unchanged pages at every poll. Anything the parse depends on that changes (the bytes, the character set
the server declared, the parser) parses it again, and no caller can change what the next one gets."""

from __future__ import annotations

import pytest

from bot.services.isu.page_reader import PageReader
from bot.services.isu.pages import parse_result_page
from bot.services.isu.protocol_pdf import ProtocolError
from tests.isu_sites import wc2014


class Declaring:
    """A source whose server declares `charset` for every file (what PageReader asks of it)."""

    def __init__(self, charset: str | None) -> None:
        self.charset = charset

    def declared_charset(self, name: str) -> str | None:
        return self.charset


def counting() -> tuple[list[str], object]:
    calls: list[str] = []

    def parse(html: str, name: str) -> object:
        calls.append(name)
        return parse_result_page(html, name)

    return calls, parse


async def test_a_page_read_again_unchanged_is_parsed_once_and_each_caller_gets_its_own_copy() -> None:
    raw = (wc2014() / "CAT001RS.HTM").read_bytes()
    calls, parse = counting()
    reader = PageReader(Declaring(None), None, None)  # type: ignore[arg-type]
    rows, heading = await reader.page("CAT001RS.HTM", parse, raw=raw)  # type: ignore[arg-type]
    assert rows and calls == ["CAT001RS.HTM"]
    expected = list(rows)
    rows.clear()  # a caller that changes what it got
    again, heading_again = await reader.page("CAT001RS.HTM", parse, raw=raw)  # type: ignore[arg-type]
    assert calls == ["CAT001RS.HTM"]  # not parsed again
    assert again == expected and heading_again == heading
    assert reader.pages == 2  # still counted as read


async def test_a_page_whose_bytes_charset_or_parser_changed_is_parsed_again() -> None:
    raw = (wc2014() / "CAT002RS.HTM").read_bytes()
    calls, parse = counting()
    await PageReader(Declaring(None), None, None).page("CAT002RS.HTM", parse, raw=raw)  # type: ignore[arg-type]
    changed = raw.replace(b"</body>", b"<!-- republished --></body>", 1)
    assert changed != raw
    await PageReader(Declaring(None), None, None).page("CAT002RS.HTM", parse, raw=changed)  # type: ignore[arg-type]
    assert len(calls) == 2
    await PageReader(Declaring("utf-8"), None, None).page("CAT002RS.HTM", parse, raw=raw)  # type: ignore[arg-type]
    assert len(calls) == 3
    other_calls, other_parse = counting()
    await PageReader(Declaring(None), None, None).page("CAT002RS.HTM", other_parse, raw=raw)  # type: ignore[arg-type]
    assert len(other_calls) == 1 and len(calls) == 3


def test_a_judges_pdf_read_again_unchanged_is_parsed_once_and_each_caller_gets_its_own_copy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """PDFium takes 0.1-0.4 s a file, and a live watch's poll reads every PDF of its site again."""
    from bot.services.isu import page_reader

    data = (wc2014() / "wc2014_Men_SP_Scores.pdf").read_bytes()
    real = page_reader.parse_protocols_counted
    calls: list[int] = []

    def counted(pdf: bytes, name: str):  # a parser of its own: nothing parsed before counts
        calls.append(len(pdf))
        return real(pdf, name)

    monkeypatch.setattr(page_reader, "parse_protocols_counted", counted)
    protocols, pages = page_reader.parse_pdf(data, "wc2014_Men_SP_Scores.pdf")
    assert protocols and pages and calls == [len(data)]
    expected = list(protocols)
    protocols.clear()
    again, pages_again = page_reader.parse_pdf(data, "wc2014_Men_SP_Scores.pdf")
    assert calls == [len(data)] and again == expected and pages_again == pages
    damaged = data[: len(data) // 2]  # other bytes: parsed on their own, and refused every time
    for _ in range(2):
        with pytest.raises(ProtocolError, match="truncated or damaged"):
            page_reader.parse_pdf(damaged, "wc2014_Men_SP_Scores.pdf")
    assert calls == [len(data), len(damaged), len(damaged)]
