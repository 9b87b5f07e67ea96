"""bot.services.urls: which links are refused, the one spelling of the accepted ones, and their domains."""

from __future__ import annotations

import socket

import pytest

from bot.errors import UserFacingError
from bot.services import urls
from bot.services.urls import (
    MAX_URL_LENGTH,
    InvalidURL,
    candidate_domains,
    domain_of,
    normalize_url,
    publisher_from_domain,
)


def _refused(raw: str) -> str:
    with pytest.raises(InvalidURL) as info:
        normalize_url(raw)
    return info.value.message


# --- refused schemes -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "scheme"),
    [
        ("javascript:alert(1)", "javascript"),
        ("JAVASCRIPT:alert(1)", "javascript"),
        (" javascript:alert(1)", "javascript"),
        ("<javascript:alert(1)>", "javascript"),
        ("JaVaScRiPt://x.com/%0aalert(1)", "javascript"),
        ("file:///etc/passwd", "file"),
        ("data:text/html,<script>alert(1)</script>", "data"),
        ("ftp://ftp.example.com/file", "ftp"),
        ("mailto:someone@example.com", "mailto"),
        ("vbscript:msgbox(1)", "vbscript"),
    ],
)
def test_other_schemes_are_refused(raw: str, scheme: str) -> None:
    message = _refused(raw)
    assert "http:// and https://" in message and f"{scheme}:" in message


@pytest.mark.parametrize(
    "raw",
    [
        "example.com/x",
        "www.nbcsports.com/figure-skating",
        "//example.com/x",
        "example.com:8080/x",
        "localhost:80",
        "https:example.com",
        "https:/example.com",
        "/just/a/path",
    ],
)
def test_scheme_less_links_say_what_is_missing(raw: str) -> None:
    assert "must start with http:// or https://" in _refused(raw)


def test_invalid_url_is_a_user_facing_error() -> None:
    assert issubclass(InvalidURL, UserFacingError)
    with pytest.raises(UserFacingError):
        normalize_url("ftp://x.com/")


@pytest.mark.parametrize("raw", ["", "   ", "<>", "< >"])
def test_empty_is_refused(raw: str) -> None:
    assert "empty" in _refused(raw)


# --- credentials and parser confusion --------------------------------------------------------------------


@pytest.mark.parametrize(
    "raw",
    [
        "https://user:pass@example.com/",
        "https://user@example.com/",
        "https://@example.com/",
        "https://good.com@evil.com/",
        "https://good.com:443@evil.com/",
        "HTTP://USER:PASS@EXAMPLE.COM",
    ],
)
def test_credentials_are_refused(raw: str) -> None:
    assert "user name or password" in _refused(raw)


@pytest.mark.parametrize(
    "raw",
    [
        "https://evil.com\\@good.com",
        "https://evil.com\\good.com/",
        "https:\\\\evil.com/",
        "https:/\\evil.com/",
        "https://good.com/a\\b",
    ],
)
def test_backslashes_are_refused(raw: str) -> None:
    assert "Backslash" in _refused(raw)


def test_at_sign_after_the_authority_is_harmless() -> None:
    # "@" in the path or after "#"/"?" does not name credentials: the host is the part before it.
    assert normalize_url("https://example.com/@skater") == "https://example.com/@skater"
    assert normalize_url("https://evil.com#@good.com") == "https://evil.com/"
    assert normalize_url("https://evil.com?@good.com") == "https://evil.com/?@good.com"
    assert domain_of("https://evil.com#@good.com") == "evil.com"


# --- whitespace, control and invisible characters ---------------------------------------------------------


@pytest.mark.parametrize(
    "raw",
    [
        "https://example.com/a b",
        "https://exa mple.com/",
        "https://example.com/\tx",
        "https://example.com/\nx",
        "https://example.com\r\n/",
        "https://example.com/\x00",
        "https://example.com/\x7f",
        "https://exa\u200bmple.com/",  # zero-width space
        "https://example.com/\u202egnp.exe",  # right-to-left override
        "https://example.com/a\u00a0b",  # no-break space
        "https://example.com/\u3000x",  # ideographic space
        "https://example.com/\ue000",  # private use
    ],
)
def test_whitespace_and_control_characters_are_refused(raw: str) -> None:
    assert "spaces, line breaks or invisible/control characters" in _refused(raw)


def test_surrounding_whitespace_and_angle_brackets_are_stripped() -> None:
    expected = "https://example.com/story"
    for raw in (
        "https://example.com/story",
        "  https://example.com/story\n",
        "<https://example.com/story>",
        " <https://example.com/story> ",
        "< https://example.com/story >",
    ):
        assert normalize_url(raw) == expected, raw


# --- length ----------------------------------------------------------------------------------------------


def test_length_limit_applies_after_normalization() -> None:
    base = "https://example.com/"
    exact = base + "a" * (MAX_URL_LENGTH - len(base))
    assert len(exact) == MAX_URL_LENGTH == 2048
    assert normalize_url(exact) == exact
    assert "too long" in _refused(exact + "a")  # 2049
    # A tracker pushing a link over the limit is dropped first, so the link is accepted.
    assert normalize_url(exact + "?utm_source=" + "x" * 50) == exact
    # Percent-encoding counts: 700 "é" are 700 characters pasted but 4200 stored.
    assert "too long" in _refused(base + "é" * 700)
    assert "too long" in _refused(base + "a" * 100_000)


# --- hosts -----------------------------------------------------------------------------------------------


def test_unicode_hosts_become_punycode() -> None:
    assert normalize_url("https://bücher.de/") == "https://xn--bcher-kva.de/"
    assert normalize_url("https://BÜCHER.de") == "https://xn--bcher-kva.de/"
    assert normalize_url("http://例え.テスト/") == "http://xn--r8jz45g.xn--zckzah/"
    assert normalize_url("http://例え。テスト/") == "http://xn--r8jz45g.xn--zckzah/"  # ideographic full stop
    assert normalize_url("https://xn--bcher-kva.de/") == "https://xn--bcher-kva.de/"  # already encoded
    assert normalize_url("https://ｅｘａｍｐｌｅ．com/") == "https://example.com/"  # fullwidth, as browsers do
    assert domain_of("https://www.bücher.de/x") == "xn--bcher-kva.de"


def test_international_names_follow_idna_2008() -> None:
    assert normalize_url("https://bücher.example/") == "https://xn--bcher-kva.example/"
    # UTS 46 folds fullwidth letters to ASCII and lowercases them, as a browser's address bar does.
    assert normalize_url("https://ＦＵＬＬＷＩＤＴＨ.com/") == "https://fullwidth.com/"
    # IDNA 2003 turned ß into "ss" (another site); IDNA 2008 keeps it.
    assert normalize_url("https://straße.de/") == "https://xn--strae-oqa.de/"
    assert normalize_url("https://xn--strae-oqa.de/") == "https://xn--strae-oqa.de/"
    # Underscores stay allowed in plain ASCII labels (real subdomains have them).
    assert normalize_url("https://my_site.example.com/") == "https://my_site.example.com/"


@pytest.mark.parametrize(
    "raw",
    [
        "https://☃.com/",  # a symbol: valid in IDNA 2003, disallowed in IDNA 2008
        "https://xn--n3h.com/",  # the same snowman pasted as punycode
        "https://xn--a.com/",  # punycode for a control character
        "https://x‍y.com/",  # zero-width joiner outside the scripts that need it
    ],
)
def test_names_invalid_in_idna_2008_are_refused(raw: str) -> None:
    message = _refused(raw)
    assert "site name" in message or "invisible/control characters" in message


@pytest.mark.parametrize(
    "raw",
    [
        "https://pаypal.com/",  # Cyrillic а
        "https://xn--pypal-4ve.com/",  # the same, pasted as punycode
        "https://www.nbcspоrts.com/",  # Cyrillic о
        "https://isu-skatіng.com/",  # Cyrillic і
        "https://οlympics.com/",  # Greek omicron
        "https://пaypal.com/",  # Cyrillic п with Latin
    ],
)
def test_labels_mixing_latin_with_cyrillic_or_greek_are_refused(raw: str) -> None:
    assert "mixes" in _refused(raw)


def test_single_script_unicode_labels_are_accepted() -> None:
    assert normalize_url("https://пример.рф/") == "https://xn--e1afmkfd.xn--p1ai/"
    assert normalize_url("https://ελληνικά.gr/").startswith("https://xn--")
    # Mixing scripts across labels is fine: only one label at a time imitates a word.
    assert normalize_url("https://пример.example.com/").startswith("https://xn--e1afmkfd.example.com")


@pytest.mark.parametrize(
    "raw",
    [
        "https:///path",
        "https://:443/",
        "https://./",
        "https://example..com/",
        "https://.example.com/",
        "https://-example.com/",
        "https://example-.com/",
        "https://exa%6dple.com/",
        "https://exa!mple.com/",
        "https://evil．com／good.com/",  # fullwidth solidus becomes "/" under NFKC
        "https://xn--zzzz.com/",  # not valid punycode
        "https://" + "a" * 64 + ".com/",
        "https://" + ".".join(["a" * 60] * 5) + ".com/",  # host over 253
        "https://" + "é" * 60 + ".com/",  # label over 63 once encoded
    ],
)
def test_invalid_hosts_are_refused(raw: str) -> None:
    message = _refused(raw)
    assert "site name" in message or "no site name" in message


def test_host_length_limits_are_inclusive() -> None:
    label63 = "a" * 63
    assert normalize_url(f"https://{label63}.com/") == f"https://{label63}.com/"
    host253 = ".".join(["a" * 63] * 3 + ["b" * 61])
    assert len(host253) == 253
    assert normalize_url(f"https://{host253}/") == f"https://{host253}/"


def test_case_and_trailing_dot_are_normalized() -> None:
    assert normalize_url("HTTPS://WWW.Example.COM./Path") == "https://www.example.com/Path"  # path keeps its case
    assert normalize_url("https://example.com.:8443/") == "https://example.com:8443/"


# --- ports -----------------------------------------------------------------------------------------------


def test_default_ports_are_dropped_and_others_kept() -> None:
    assert normalize_url("http://example.com:80/") == "http://example.com/"
    assert normalize_url("https://example.com:443/") == "https://example.com/"
    assert normalize_url("https://example.com:0443/") == "https://example.com/"
    assert normalize_url("https://example.com:/") == "https://example.com/"
    assert normalize_url("http://example.com:443/") == "http://example.com:443/"
    assert normalize_url("https://example.com:80/") == "https://example.com:80/"
    assert normalize_url("https://example.com:8080/x") == "https://example.com:8080/x"
    assert normalize_url("https://example.com:1/") == "https://example.com:1/"
    assert normalize_url("https://example.com:65535/") == "https://example.com:65535/"


@pytest.mark.parametrize(
    "raw", ["https://example.com:0/", "https://example.com:65536/", "https://example.com:99999999/"]
)
def test_ports_out_of_range_are_refused(raw: str) -> None:
    assert "out of range" in _refused(raw)


@pytest.mark.parametrize("raw", ["https://example.com:-1/", "https://example.com:http/", "https://example.com:８０/"])
def test_non_numeric_ports_are_refused(raw: str) -> None:
    assert "port" in _refused(raw)


# --- IP literals -----------------------------------------------------------------------------------------


def test_ip_literals_are_allowed() -> None:
    assert normalize_url("http://127.0.0.1/") == "http://127.0.0.1/"
    assert normalize_url("http://192.168.1.10:8080/x") == "http://192.168.1.10:8080/x"
    assert normalize_url("http://[::1]/") == "http://[::1]/"
    assert normalize_url("https://[2001:DB8:0:0:0:0:0:1]:443/a") == "https://[2001:db8::1]/a"
    assert normalize_url("http://[2001:db8::1]:8080") == "http://[2001:db8::1]:8080/"
    assert normalize_url("http://[::ffff:1.2.3.4]/") == "http://[::ffff:1.2.3.4]/"
    assert domain_of("http://[2001:db8::1]:8080/") == "2001:db8::1"
    assert domain_of("http://127.0.0.1:8080/") == "127.0.0.1"


@pytest.mark.parametrize(
    "raw",
    [
        "http://256.1.1.1/",
        "http://1.2.3/",
        "http://2130706433/",  # 127.0.0.1 to a browser
        "http://0x7f.0.0.1/",
        "http://0177.0.0.1/",  # octal to a browser
        "http://example.123/",
        "http://[::1/",
        "http://[::1]x/",
        "http://[not:an:address]/",
        "http://[fe80::1%25eth0]/",
        "http://::1/",
    ],
)
def test_malformed_ip_literals_are_refused(raw: str) -> None:
    _refused(raw)


# --- path and query --------------------------------------------------------------------------------------


def test_empty_path_becomes_slash() -> None:
    assert normalize_url("https://example.com") == "https://example.com/"
    assert normalize_url("https://example.com?a=1") == "https://example.com/?a=1"


def test_percent_encoding_is_consistent() -> None:
    assert normalize_url("https://example.com/café") == "https://example.com/caf%C3%A9"
    assert normalize_url("https://example.com/caf%c3%a9") == "https://example.com/caf%C3%A9"
    assert normalize_url("https://example.com/%7Euser/%41") == "https://example.com/~user/A"  # unreserved decoded
    assert normalize_url("https://example.com/a%2Fb") == "https://example.com/a%2Fb"  # reserved stays encoded
    assert normalize_url("https://example.com/a%2fb") == "https://example.com/a%2Fb"
    assert normalize_url("https://example.com/100%") == "https://example.com/100%25"
    assert normalize_url("https://example.com/%zz") == "https://example.com/%25zz"
    assert normalize_url('https://example.com/"<x>"') == "https://example.com/%22%3Cx%3E%22"
    assert normalize_url("https://example.com/a?q=é&r=a b".replace(" ", "%20")) == (
        "https://example.com/a?q=%C3%A9&r=a%20b"
    )
    assert normalize_url("https://example.com/?q=a+b") == "https://example.com/?q=a+b"  # "+" kept as written


def test_dot_segments_are_resolved() -> None:
    assert normalize_url("https://example.com/a/./b/../c") == "https://example.com/a/c"
    assert normalize_url("https://example.com/a/b/..") == "https://example.com/a/"
    assert normalize_url("https://example.com/../../x") == "https://example.com/x"
    assert normalize_url("https://example.com/a/%2E%2E/b") == "https://example.com/b"
    assert normalize_url("https://example.com/.well-known/x") == "https://example.com/.well-known/x"


def test_tracking_parameters_are_dropped() -> None:
    assert normalize_url("https://example.com/a?utm_source=tw&utm_medium=social&id=5") == "https://example.com/a?id=5"
    assert normalize_url("https://example.com/a?UTM_Campaign=x&id=5") == "https://example.com/a?id=5"
    assert normalize_url("https://example.com/a?utm%5Fsource=x&id=5") == "https://example.com/a?id=5"
    for tracker in ("fbclid", "gclid", "igshid", "mc_cid", "mc_eid", "utm_content", "utm_term", "utm_id"):
        assert normalize_url(f"https://example.com/a?{tracker}=abc") == "https://example.com/a", tracker
        assert normalize_url(f"https://example.com/a?b=1&{tracker}") == "https://example.com/a?b=1", tracker
    # Order of the parameters that stay is kept; look-alike names are not trackers.
    assert normalize_url("https://example.com/?z=1&utm_x=2&a=3&utmost=4&fbclid_x=5") == (
        "https://example.com/?z=1&a=3&utmost=4&fbclid_x=5"
    )
    assert normalize_url("https://example.com/?") == "https://example.com/"
    assert normalize_url("https://example.com/?&&") == "https://example.com/"


def test_fragments_are_always_dropped() -> None:
    assert normalize_url("https://example.com/story#comments") == "https://example.com/story"
    assert normalize_url("https://example.com/story?a=1#:~:text=gold") == "https://example.com/story?a=1"
    assert normalize_url("https://example.com/#!/story/1") == "https://example.com/"
    assert normalize_url("https://example.com#") == "https://example.com/"


def test_same_link_in_different_spellings_compares_equal() -> None:
    spellings = [
        "https://www.nbcsports.com/olympics/news/gold?id=7",
        "HTTPS://WWW.NBCSPORTS.COM/olympics/news/gold?id=7",
        "<https://www.nbcsports.com:443/olympics/news/gold?id=7&utm_source=discord>",
        "https://www.nbcsports.com./olympics/./news/gold?fbclid=abc&id=7#top",
        "https://www.nbcsports.com/olympics/news/%67old?id=7",
    ]
    assert {normalize_url(s) for s in spellings} == {"https://www.nbcsports.com/olympics/news/gold?id=7"}


@pytest.mark.parametrize(
    "raw",
    [
        "<https://www.Example.COM:443/a/./b/../c?utm_source=x&b=2&fbclid=1#frag>",
        "http://例え.テスト/パス?q=é",
        "https://example.com/100%",
        "https://[::FFFF:1.2.3.4]:8080",
        "https://example.com/a%2fb?x=%7e",
    ],
)
def test_normalization_is_idempotent(raw: str) -> None:
    once = normalize_url(raw)
    assert normalize_url(once) == once


# --- domains ---------------------------------------------------------------------------------------------


def test_domain_of() -> None:
    assert domain_of("https://www.nbcsports.com/olympics") == "nbcsports.com"
    assert domain_of("<HTTPS://WWW.NBCSports.com:8443/x>") == "nbcsports.com"
    assert domain_of("https://en.wikipedia.org/wiki/Figure_skating") == "en.wikipedia.org"
    assert domain_of("https://www.com/") == "www.com"  # "www." is stripped only when a domain remains
    assert domain_of("https://www.www.example.com/") == "www.example.com"
    with pytest.raises(InvalidURL):
        domain_of("javascript:alert(1)")


def test_candidate_domains() -> None:
    assert candidate_domains("a.b.example.co.uk") == [
        "a.b.example.co.uk",
        "b.example.co.uk",
        "example.co.uk",
    ]
    assert candidate_domains("en.wikipedia.org") == ["en.wikipedia.org", "wikipedia.org"]
    assert candidate_domains("nbcsports.com") == ["nbcsports.com"]
    assert candidate_domains("Sport.ERR.ee.") == ["sport.err.ee", "err.ee"]
    assert candidate_domains("localhost") == ["localhost"]
    assert candidate_domains("") == []
    # An IP address has no parent domains.
    assert candidate_domains("192.168.1.10") == ["192.168.1.10"]
    assert candidate_domains("2001:db8::1") == ["2001:db8::1"]
    assert candidate_domains("[2001:db8::1]") == ["2001:db8::1"]
    # Never a bare TLD.
    for host in ("a.b.c.d.example.com", "x.y"):
        assert all("." in d for d in candidate_domains(host))


def test_candidate_domains_stop_at_the_registrable_domain() -> None:
    # The Public Suffix List knows that names under co.uk, com.au or github.io belong to different owners.
    assert candidate_domains("example.co.uk") == ["example.co.uk"]
    assert candidate_domains("news.example.com.au") == ["news.example.com.au", "example.com.au"]
    assert candidate_domains("skater.github.io") == ["skater.github.io"]
    assert candidate_domains("blog.skater.github.io") == ["blog.skater.github.io", "skater.github.io"]
    # A public suffix looked up on its own has nothing above it that could be one site.
    assert candidate_domains("co.uk") == ["co.uk"]
    # International names are looked up in their punycode form, as domain_of gives them.
    assert candidate_domains(domain_of("https://sport.bücher.example.co.uk/")) == [
        "sport.xn--bcher-kva.example.co.uk",
        "xn--bcher-kva.example.co.uk",
        "example.co.uk",
    ]
    assert candidate_domains("www.xn--bcher-kva.de") == ["www.xn--bcher-kva.de", "xn--bcher-kva.de"]


def test_the_public_suffix_list_is_read_offline(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_network(*args: object, **kwargs: object) -> None:
        raise AssertionError("the Public Suffix List must come from the package, never from the network")

    monkeypatch.setattr(socket, "socket", no_network)
    monkeypatch.setattr(socket, "create_connection", no_network)
    urls._public_suffixes.cache_clear()  # parse the list again, now with the network forbidden
    assert candidate_domains("a.example.co.uk") == ["a.example.co.uk", "example.co.uk"]


def test_publisher_from_domain() -> None:
    assert publisher_from_domain("nbcsports.com") == "nbcsports.com"
    assert publisher_from_domain("www.nbcsports.com") == "nbcsports.com"
    assert publisher_from_domain("WWW.BBC.co.uk.") == "bbc.co.uk"  # not cut down to "co.uk"
    assert publisher_from_domain("en.wikipedia.org") == "en.wikipedia.org"
    assert publisher_from_domain(domain_of("https://www.bücher.de/")) == "xn--bcher-kva.de"
