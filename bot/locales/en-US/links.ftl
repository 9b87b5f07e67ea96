# Links a moderator pastes as a story's source, and why one is refused (bot/services/urls.py).
# Values: $limit, $length, $port are whole numbers; $scheme and $host come from the link, already checked to be
# plain letters, digits and punctuation; $codepoint is written like U+200B.

## Any link
link-empty = The link is empty.
link-too-long-raw = That link is too long (more than { $limit } characters).
link-too-long = That link is too long ({ $length } characters; at most { $limit }).
link-no-scheme = A link must start with http:// or https://.
link-bad-scheme = Only http:// and https:// links are allowed, not { $scheme }: links.
link-backslash-authority = Backslashes are not allowed in a link's address part; use forward slashes.
link-backslash-path = Backslashes are not allowed in a link's path; use forward slashes.
link-credentials = Links with a user name or password (like user:pass@ or user@ before the site name) are not allowed: they can make a link look like it goes to a different site.
link-invisible = A link cannot contain spaces, line breaks or invisible/control characters (found { $codepoint }). Paste the link alone.

## The site name and port
link-ipv6-unclosed = The link's IPv6 address is missing its closing ].
link-ipv6-trailing = The link has unexpected text after its IPv6 address.
link-ipv6-unbracketed = The link's site name is not valid (an IPv6 address must be written in [ ]).
link-ipv6-zone = IPv6 zone identifiers (the %... part) are not allowed in links.
link-bad-ipv6 = The link's IPv6 address is not valid.
link-bad-ipv4 = The link's site name looks like an IP address but is not a valid one.
link-port-not-number = The link's port must be a number between 1 and 65535.
link-port-range = The link's port { $port } is out of range (1 to 65535).
link-no-host = The link has no site name (nothing between // and the path).
link-host-too-long = The link's site name is too long (at most { $limit } characters).
link-empty-label = The link's site name has an empty part (two dots in a row, or a leading dot).
link-label-too-long = A part of the link's site name is longer than { $limit } characters.
link-bad-idn = The link's site name is not a valid international domain name.
link-bad-host-characters = The link's site name contains characters that are not allowed in a domain.
link-bad-punycode = The link's site name has an invalid xn-- (punycode) part.
# $scripts: two or more script names joined by link-script-and ("Cyrillic and Latin").
link-mixed-scripts = The link's site name mixes { $scripts } letters in one word, a common trick to imitate another site's name. Check the link and paste the original.
link-script-and = { $first } and { $second }
link-script-latin = Latin
link-script-cyrillic = Cyrillic
link-script-greek = Greek

## A story's source (a public page anyone can open)
link-source-ip = A source must name a public site by its domain, not an IP address.
link-source-private = { $host } is not a public site: a source must be a page anyone can open.
link-source-reserved = { $host } is a reserved name that no public site uses.
link-source-too-long = That link is { $length } characters; a source link may have at most { $limit } so it can be shown whole. Use the page's plain address (without tracking or share parameters).
