"""Source links for stories: validate, normalize and find the domain of a URL a moderator pasted.

The bot never fetches these URLs. It stores them and shows them to users, and it judges a source's reliability
by its domain, so what matters here is:

* **safety of what we store and show**: only ``http``/``https``; no credentials (``https://good.com@evil.com``
  reads as good.com but goes to evil.com); no whitespace, control or invisible formatting characters (bidi
  overrides and zero-width characters disguise what a link says); no backslashes in the authority, which
  browsers and ``urllib`` split differently (``https://evil.com\\@good.com`` is evil.com to a browser and
  good.com to ``urllib``); look-alike hosts that mix Latin with Cyrillic or Greek in one label are refused;
* **one spelling per link**: the same link pasted twice, differently spelled, normalizes to the same string,
  so duplicates are found and the domain lookup cannot be dodged by case, default ports, percent-encoding
  variants or tracking parameters;
* **an honest domain**: the host is IDNA-encoded (punycode), so a domain is always plain ASCII and a Unicode
  look-alike cannot pass for the ASCII name it imitates.

Fragments (``#...``) are always dropped: a browser never sends them to the server, so they do not change which
document a link cites, and they often carry noise (``#:~:text=`` highlights, ``#comments``, share trackers).
The cost is that old hash-routed single-page sites (``#!/story/1``) collapse to their front page; we accept
that because such links are rare in news sources and keeping fragments would make the same article compare
unequal depending on where it was copied from.

International names follow IDNA 2008 with the UTS 46 mapping (the ``idna`` package), as modern browsers do:
``ß`` stays ``ß`` (``xn--strae-oqa``), fullwidth letters fold to ASCII, and symbols IDNA 2008 disallows (``☃``,
also when pasted as ``xn--n3h``) are refused. Plain ASCII labels keep our own, looser check, because real
subdomains carry underscores that IDNA's strict rules refuse. Parent domains stop at the registrable domain of
the Public Suffix List (the ``publicsuffixlist`` package's bundled snapshot, read from disk, never fetched), so
``co.uk`` or ``github.io`` is never offered as one site. Limitation, on purpose: look-alike detection covers
mixed scripts inside one label only, not whole-script look-alikes (a label written entirely in Cyrillic letters
that resemble Latin ones).
"""

from __future__ import annotations

import functools
import ipaddress
import re
import unicodedata

import idna
from publicsuffixlist import PublicSuffixList

from bot.errors import UserFacingError
from bot.i18n import Text, t

MAX_URL_LENGTH = 2048
# Raw input far beyond the limit is refused before any work: percent-encoding can only make it longer.
_MAX_RAW_LENGTH = MAX_URL_LENGTH * 4
_MAX_HOST_LENGTH = 253
_MAX_LABEL_LENGTH = 63

_DEFAULT_PORTS = {"http": 80, "https": 443}
_TRACKING_PARAMS = frozenset({"fbclid", "gclid", "igshid", "mc_cid", "mc_eid"})
_TRACKING_PREFIXES = ("utm_",)

_SCHEME_RE = re.compile(r"([A-Za-z][A-Za-z0-9+.\-]*):")
# What a host label may hold once IDNA-encoded: letters, digits, hyphen, and underscore (seen in real
# subdomains). Anything else (``%``, ``!``, or the ``/`` that NFKC makes of a fullwidth solidus) is refused.
_LABEL_RE = re.compile(r"[a-z0-9_](?:[a-z0-9_\-]*[a-z0-9_])?")
# Browsers read a host whose last label is numeric (decimal or 0x-hex) as an IPv4 address in some spelling
# ("2130706433", "0x7f.1", "127.1"); only the canonical dotted quad is accepted so nothing hides a real address.
_NUMERIC_LABEL_RE = re.compile(r"(?:[0-9]+|0x[0-9a-f]*)")
# Dots that IDNA treats as label separators: ideographic, fullwidth and halfwidth ideographic full stops.
_IDNA_DOTS = str.maketrans({"\u3002": ".", "\uff0e": ".", "\uff61": "."})

_UNRESERVED = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
_SUB_DELIMS = "!$&'()*+,;="
_PATH_SAFE = _UNRESERVED | frozenset(_SUB_DELIMS + ":@/")
_QUERY_SAFE = _UNRESERVED | frozenset(_SUB_DELIMS + ":@/?")
_HEX = frozenset("0123456789abcdefABCDEF")

# Scripts whose letters imitate each other; a label mixing two of them is a likely look-alike.
_CONFUSABLE_SCRIPTS = ("LATIN", "CYRILLIC", "GREEK")

__all__ = [
    "MAX_SOURCE_URL_LENGTH",
    "MAX_URL_LENGTH",
    "InvalidURL",
    "candidate_domains",
    "check_public_source",
    "domain_of",
    "normalize_url",
    "publisher_from_domain",
]


class InvalidURL(UserFacingError):
    """A link the bot refuses to store; the message tells the user what to fix."""


# --------------------------------------------------------------------------------------------------
# normalize_url


def normalize_url(raw: str) -> str:
    """Validate a pasted link and return its one canonical spelling; raise :class:`InvalidURL` otherwise.

    Accepted: absolute ``http``/``https`` URLs, optionally wrapped in ``<...>`` (Discord users write that to
    suppress the embed). The result has a lowercase scheme and punycode host, no trailing host dot, no default
    port, a path of at least ``/``, consistent percent-encoding, no tracking parameters and no fragment.
    """
    text = raw.strip()
    if text.startswith("<") and text.endswith(">"):
        text = text[1:-1].strip()
    if not text:
        raise InvalidURL("link-empty")
    if len(text) > _MAX_RAW_LENGTH:
        raise InvalidURL("link-too-long-raw", limit=MAX_URL_LENGTH)
    _refuse_invisible(text)

    m = _SCHEME_RE.match(text)
    if m is None:
        raise InvalidURL("link-no-scheme")
    scheme = m.group(1).lower()
    rest = text[m.end() :]
    if scheme not in _DEFAULT_PORTS and ("." in scheme or rest[:1].isdigit()):
        # "example.com:8080/x" or "localhost:80": a host and port without a scheme, not an exotic scheme.
        raise InvalidURL("link-no-scheme")
    if scheme not in _DEFAULT_PORTS:
        # The scheme is letters/digits/+.- only (the regex), so echoing it cannot inject formatting.
        raise InvalidURL("link-bad-scheme", scheme=scheme)
    if rest.startswith(("\\", "/\\")):
        raise InvalidURL("link-backslash-authority")
    if not rest.startswith("//"):
        raise InvalidURL("link-no-scheme")
    rest = rest[2:]

    # The authority ends at the first "/", "?" or "#", as in RFC 3986; a backslash would end it for a browser
    # but not for urllib, which is exactly the disagreement attackers use, so it is refused rather than guessed.
    end = len(rest)
    for sep in "/?#":
        i = rest.find(sep)
        if i != -1:
            end = min(end, i)
    authority, rest = rest[:end], rest[end:]
    if "\\" in authority:
        raise InvalidURL("link-backslash-authority")
    if "@" in authority:
        raise InvalidURL("link-credentials")
    host, port = _split_host_port(authority)
    host = _normalize_host(host)

    rest = rest.split("#", 1)[0]
    path, _, query = rest.partition("?")
    if "\\" in path:
        # Browsers turn "\" in an http(s) path into "/"; refusing keeps our spelling identical to theirs.
        raise InvalidURL("link-backslash-path")
    path = _remove_dot_segments(_normalize_percent(path, _PATH_SAFE)) or "/"
    query = _clean_query(query)

    netloc = host if port is None or port == _DEFAULT_PORTS[scheme] else f"{host}:{port}"
    url = f"{scheme}://{netloc}{path}" + (f"?{query}" if query else "")
    if len(url) > MAX_URL_LENGTH:
        raise InvalidURL("link-too-long", length=len(url), limit=MAX_URL_LENGTH)
    return url


def _refuse_invisible(text: str) -> None:
    """Whitespace, control, formatting (bidi, zero-width), private-use and unassigned characters disguise links."""
    for ch in text:
        if ch.isspace() or unicodedata.category(ch)[0] in "CZ":
            raise InvalidURL("link-invisible", codepoint=f"U+{ord(ch):04X}")


def _split_host_port(authority: str) -> tuple[str, int | None]:
    if authority.startswith("["):
        close = authority.find("]")
        if close == -1:
            raise InvalidURL("link-ipv6-unclosed")
        host, after = authority[: close + 1], authority[close + 1 :]
        if after and not after.startswith(":"):
            raise InvalidURL("link-ipv6-trailing")
        port_text = after[1:] if after else None
    else:
        host, colon, port_text = authority.partition(":")
        if not colon:
            port_text = None
        elif ":" in port_text:
            raise InvalidURL("link-ipv6-unbracketed")
    if port_text is None or port_text == "":
        # "host:" with an empty port means the default port (RFC 3986 3.2.3).
        return host, None
    if not port_text.isascii() or not port_text.isdigit():
        raise InvalidURL("link-port-not-number")
    port = int(port_text)
    if not 1 <= port <= 65535:
        raise InvalidURL("link-port-range", port=port)
    return host, port


def _normalize_host(host: str) -> str:
    if host.startswith("["):
        return _normalize_ipv6(host[1:-1])
    host = host.translate(_IDNA_DOTS)
    if host.endswith("."):
        host = host[:-1]  # the fully-qualified spelling "example.com." names the same host
    if not host:
        raise InvalidURL("link-no-host")
    labels = [_encode_label(label) for label in host.split(".")]
    ascii_host = ".".join(labels)
    if _NUMERIC_LABEL_RE.fullmatch(labels[-1]):
        try:
            return str(ipaddress.IPv4Address(ascii_host))
        except ValueError:
            raise InvalidURL("link-bad-ipv4") from None
    if len(ascii_host) > _MAX_HOST_LENGTH:
        raise InvalidURL("link-host-too-long", limit=_MAX_HOST_LENGTH)
    return ascii_host


def _normalize_ipv6(text: str) -> str:
    if "%" in text:
        raise InvalidURL("link-ipv6-zone")
    try:
        address = ipaddress.IPv6Address(text)
    except ValueError:
        raise InvalidURL("link-bad-ipv6") from None
    if address.ipv4_mapped is not None:
        # Spelled out by hand: Python 3.13 changed how str() writes these, and stored links must not change.
        return f"[::ffff:{address.ipv4_mapped}]"
    return f"[{address.compressed}]"


def _encode_label(label: str) -> str:
    """One host label to its lowercase ASCII (punycode) form, refusing what cannot be a DNS label."""
    if not label:
        raise InvalidURL("link-empty-label")
    label = label.lower()
    if label.isascii():
        encoded = label
    else:
        try:
            # UTS 46 maps the label first (case folding, fullwidth and compatibility forms to their plain
            # letters), then IDNA 2008 refuses disallowed code points and encodes to punycode.
            encoded = idna.encode(label, uts46=True).decode("ascii")
        except idna.IDNAError as exc:
            if "too long" in str(exc):
                raise InvalidURL("link-label-too-long", limit=_MAX_LABEL_LENGTH) from None
            raise InvalidURL("link-bad-idn") from None
    if len(encoded) > _MAX_LABEL_LENGTH:
        raise InvalidURL("link-label-too-long", limit=_MAX_LABEL_LENGTH)
    if not _LABEL_RE.fullmatch(encoded):
        raise InvalidURL("link-bad-host-characters")
    if encoded.startswith("xn--"):
        # Check the Unicode form whether it was typed or pasted already punycoded: "xn--pypal-4ve" is "pаypal",
        # and "xn--n3h" is a snowman, which IDNA 2008 does not allow in a domain.
        try:
            unicode_label = idna.decode(encoded)
        except idna.IDNAError:
            raise InvalidURL("link-bad-punycode") from None
        _refuse_mixed_scripts(unicode_label)
    return encoded


def _refuse_mixed_scripts(label: str) -> None:
    scripts = set()
    for ch in label:
        if ch.isalpha():
            name = unicodedata.name(ch, "")
            for script in _CONFUSABLE_SCRIPTS:
                if name.startswith(script + " "):
                    scripts.add(script)
    if len(scripts) > 1:
        names = [t(f"link-script-{script.lower()}") for script in sorted(scripts)]
        raise InvalidURL("link-mixed-scripts", scripts=functools.reduce(_and, names))


def _and(first: Text, second: Text) -> Text:
    return t("link-script-and", first=first, second=second)


def _normalize_percent(text: str, safe: frozenset[str]) -> str:
    """One percent-encoding per character: unreserved escapes decoded, other escapes uppercased, unsafe encoded.

    Reserved escapes such as ``%2F`` are kept encoded: decoding them would change what the URL means.
    A ``%`` that does not start a valid escape is itself encoded, so the result always parses back.
    """
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "%" and i + 2 < n and text[i + 1] in _HEX and text[i + 2] in _HEX:
            decoded = chr(int(text[i + 1 : i + 3], 16))
            out.append(decoded if decoded in _UNRESERVED else "%" + text[i + 1 : i + 3].upper())
            i += 3
            continue
        if ch in safe:
            out.append(ch)
        else:
            out.extend(f"%{b:02X}" for b in ch.encode("utf-8"))
        i += 1
    return "".join(out)


def _remove_dot_segments(path: str) -> str:
    """RFC 3986 5.2.4: "/a/./b/../c" is "/a/c", as every browser resolves it."""
    if "." not in path:
        return path
    segments = path.split("/")
    out: list[str] = []
    for seg in segments[1:]:
        if seg == ".":
            continue
        if seg == "..":
            if out:
                out.pop()
            continue
        out.append(seg)
    if segments[-1] in (".", ".."):
        out.append("")  # "/a/b/.." is the directory "/a/", not the file "/a"
    return "/" + "/".join(out)


def _clean_query(query: str) -> str:
    """Keep parameters in their order (order can matter to the site) minus trackers and empty pieces."""
    if not query:
        return ""
    kept = []
    for part in query.split("&"):
        if not part:
            continue
        part = _normalize_percent(part, _QUERY_SAFE)
        key = _percent_decode_ascii(part.split("=", 1)[0]).lower()
        if key in _TRACKING_PARAMS or key.startswith(_TRACKING_PREFIXES):
            continue
        kept.append(part)
    return "&".join(kept)


def _percent_decode_ascii(text: str) -> str:
    # Only for recognizing a tracker's name ("utm%5Fsource" is utm_source); never written back.
    return re.sub(r"%([0-9A-F]{2})", lambda m: chr(int(m.group(1), 16)), text)


# --------------------------------------------------------------------------------------------------
# sources

# A story's sources are shown whole as links in its embed (a field holds 1,024 characters with the publisher,
# kind, tier and note); a longer link would be cut there, and a cut link is a broken one.
MAX_SOURCE_URL_LENGTH = 512
# Names that never reach a public site: this machine, a local network, names reserved for testing.
_PRIVATE_SUFFIXES = (".localhost", ".local", ".internal", ".lan", ".home.arpa", ".localdomain", ".intranet", ".corp")
_RESERVED_SUFFIXES = (".test", ".invalid", ".example", ".onion")


def check_public_source(url: str) -> None:
    """Refuses a normalized link that cannot be a public source: an IP address (loopback, private and
    link-local ones among them: a source is a site people can open, named by its domain), localhost, a
    one-word or local-network name, a reserved name, or a link too long to be shown whole."""
    authority = url.split("://", 1)[1].split("/", 1)[0].split("?", 1)[0]
    host = authority[1 : authority.index("]")] if authority.startswith("[") else authority.rsplit(":", 1)[0]
    if _is_ip(host):
        raise InvalidURL("link-source-ip")
    if host == "localhost" or host.endswith(_PRIVATE_SUFFIXES) or "." not in host:
        raise InvalidURL("link-source-private", host=host)
    if host.endswith(_RESERVED_SUFFIXES):
        raise InvalidURL("link-source-reserved", host=host)
    if len(url) > MAX_SOURCE_URL_LENGTH:
        raise InvalidURL("link-source-too-long", length=len(url), limit=MAX_SOURCE_URL_LENGTH)


# --------------------------------------------------------------------------------------------------
# domains


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    return True


def _strip_www(host: str) -> str:
    # Only when a real domain remains: "www.com" is a site of its own, not the TLD "com".
    if host.startswith("www.") and "." in host[4:]:
        return host[4:]
    return host


def domain_of(url: str) -> str:
    """The normalized host of ``url`` without a leading ``www.``: ``https://www.NBCSports.com/x`` -> ``nbcsports.com``.

    The URL is normalized first (raising :class:`InvalidURL` like :func:`normalize_url`), so any spelling of a
    link gives the same domain. IP hosts come back as the address (IPv6 without brackets).
    """
    normalized = normalize_url(url)
    authority = normalized.split("://", 1)[1].split("/", 1)[0]
    if authority.startswith("["):
        return authority[1 : authority.index("]")]
    return _strip_www(authority.rsplit(":", 1)[0] if ":" in authority else authority)


@functools.cache
def _public_suffixes() -> PublicSuffixList:
    # Parsed on first use (about 0.3 s and 2 MB) from the snapshot inside the package; it never goes online.
    # Private suffixes (github.io, blogspot.com) count too: sites under them belong to different owners.
    return PublicSuffixList()


def candidate_domains(host: str) -> list[str]:
    """The host and its parent domains, most specific first, stopping at the registrable domain.

    ``"a.b.example.co.uk"`` -> ``["a.b.example.co.uk", "b.example.co.uk", "example.co.uk"]``: ``co.uk`` is a
    public suffix (Public Suffix List), under which every name belongs to someone else, so it is never offered.
    A lookup tries these in order, so a tier registered for ``example.com`` also covers ``sport.example.com``.
    A host that is itself a public suffix, a one-word name or an IP address has no parents: it is returned alone.
    """
    host = host.strip().lower().rstrip(".")
    if not host:
        return []
    if _is_ip(host):
        return [host.strip("[]")]
    registrable = _public_suffixes().privatesuffix(host)
    if registrable is None:
        return [host]
    labels = host.split(".")
    stop = len(labels) - registrable.count(".")
    return [".".join(labels[i:]) for i in range(stop)]


def publisher_from_domain(domain: str) -> str:
    """A readable default publisher for a source: its domain without ``www.`` (``nbcsports.com``).

    Deliberately plain: guessing a brand name ("NBC Sports") from a domain would often be wrong, and cutting
    to the last two labels would turn ``bbc.co.uk`` into ``co.uk``; a moderator can always type a better
    name. Punycode stays as it is, so the shown name is exactly what the link points to.
    """
    return _strip_www(domain.strip().lower().rstrip("."))
