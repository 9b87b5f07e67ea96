"""The time zone a watched site's schedule is in, when the site prints none. Pure: no store, no network.

A schedule gives local dates and times; ISU sites print the offset ("Local Time (UTC+09:00)"), many federation sites
do not. Then, in this order: the zone the watcher gave (`/live watch timezone:`), or the venue's: its country when
the country has one zone, its city when the country has several (a city this table does not know in such a country
gives none: never guessed). `Zone` says which, so the bot can tell the watcher, and what the watch stores in its
``timezone`` column: the offset as printed ("UTC+09:00"), or ``watcher:`` / ``venue:`` and an IANA name.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from bot.i18n import Text, t
from bot.services.live.items import schedule_zone
from bot.services.names import normalize

# ISU nation codes of countries with one time zone (what the index's "City / NAT" gives).
COUNTRY_ZONES = {
    "AND": "Europe/Andorra",
    "ARM": "Asia/Yerevan",
    "AUT": "Europe/Vienna",
    "AZE": "Asia/Baku",
    "BEL": "Europe/Brussels",
    "BIH": "Europe/Sarajevo",
    "BLR": "Europe/Minsk",
    "BUL": "Europe/Sofia",
    "CHN": "Asia/Shanghai",
    "CRO": "Europe/Zagreb",
    "CYP": "Asia/Nicosia",
    "CZE": "Europe/Prague",
    "DEN": "Europe/Copenhagen",
    "EST": "Europe/Tallinn",
    "FIN": "Europe/Helsinki",
    "FRA": "Europe/Paris",
    "GBR": "Europe/London",
    "GEO": "Asia/Tbilisi",
    "GER": "Europe/Berlin",
    "GRE": "Europe/Athens",
    "HKG": "Asia/Hong_Kong",
    "HUN": "Europe/Budapest",
    "IRL": "Europe/Dublin",
    "ISL": "Atlantic/Reykjavik",
    "ISR": "Asia/Jerusalem",
    "ITA": "Europe/Rome",
    "JPN": "Asia/Tokyo",
    "KOR": "Asia/Seoul",
    "LAT": "Europe/Riga",
    "LTU": "Europe/Vilnius",
    "LUX": "Europe/Luxembourg",
    "MKD": "Europe/Skopje",
    "MON": "Europe/Monaco",
    "NED": "Europe/Amsterdam",
    "NOR": "Europe/Oslo",
    "PHI": "Asia/Manila",
    "POL": "Europe/Warsaw",
    "PRK": "Asia/Pyongyang",
    "ROU": "Europe/Bucharest",
    "SGP": "Asia/Singapore",
    "SLO": "Europe/Ljubljana",
    "SRB": "Europe/Belgrade",
    "SUI": "Europe/Zurich",
    "SVK": "Europe/Bratislava",
    "SWE": "Europe/Stockholm",
    "THA": "Asia/Bangkok",
    "TPE": "Asia/Taipei",
    "TUR": "Europe/Istanbul",
    "UKR": "Europe/Kyiv",
}

# Cities of countries with several zones (where skating competitions are held), in the spellings sites use.
CITY_ZONES = {
    "RUS": {
        **dict.fromkeys(("moscow", "москва", "saint petersburg", "st petersburg", "санкт петербург"), "Europe/Moscow"),
        **dict.fromkeys(("kazan", "казань", "sochi", "сочи", "saransk", "саранск"), "Europe/Moscow"),
        **dict.fromkeys(("samara", "самара", "izhevsk", "ижевск"), "Europe/Samara"),
        **dict.fromkeys(("yekaterinburg", "екатеринбург", "chelyabinsk", "челябинск"), "Asia/Yekaterinburg"),
        **dict.fromkeys(("perm", "пермь"), "Asia/Yekaterinburg"),
        **dict.fromkeys(("novosibirsk", "новосибирск"), "Asia/Novosibirsk"),
        **dict.fromkeys(("krasnoyarsk", "красноярск"), "Asia/Krasnoyarsk"),
    },
    "USA": {
        **dict.fromkeys(
            ("boston", "new york", "lake placid", "philadelphia", "detroit", "norwood"), "America/New_York"
        ),
        **dict.fromkeys(("chicago", "kansas city", "dallas", "frisco"), "America/Chicago"),
        **dict.fromkeys(("colorado springs", "denver", "salt lake city"), "America/Denver"),
        **dict.fromkeys(
            ("los angeles", "san jose", "las vegas", "spokane", "seattle", "everett"), "America/Los_Angeles"
        ),
    },
    "CAN": {
        **dict.fromkeys(("toronto", "mississauga", "ottawa", "montreal", "laval", "quebec"), "America/Toronto"),
        **dict.fromkeys(("halifax", "moncton"), "America/Halifax"),
        **dict.fromkeys(("winnipeg",), "America/Winnipeg"),
        **dict.fromkeys(("calgary", "edmonton"), "America/Edmonton"),
        **dict.fromkeys(("vancouver", "kelowna", "richmond"), "America/Vancouver"),
    },
    "KAZ": {"almaty": "Asia/Almaty", "алматы": "Asia/Almaty", "astana": "Asia/Almaty", "астана": "Asia/Almaty"},
    "AUS": {
        "melbourne": "Australia/Melbourne",
        "sydney": "Australia/Sydney",
        "brisbane": "Australia/Brisbane",
        "adelaide": "Australia/Adelaide",
        "perth": "Australia/Perth",
    },
}


class UnknownZone(ValueError):
    """A zone name that is not an IANA time zone."""


@dataclass(frozen=True, slots=True)
class Zone:
    zone: tzinfo | None
    name: str | None  # "UTC+09:00", "Europe/Moscow"; None: no zone
    source: str  # "site", "watcher", "venue", "none"

    @property
    def stored(self) -> str | None:
        """What the watch's ``timezone`` column holds for it."""
        if self.name is None:
            return None
        return self.name if self.source == "site" else f"{self.source}:{self.name}"


def checked(name: str) -> str:
    """An IANA zone name as typed ("europe/moscow" -> "Europe/Moscow"); UnknownZone when there is no such zone."""
    typed = name.strip()
    if not typed:
        raise UnknownZone(name)
    known = {zone.casefold(): zone for zone in available_timezones()}
    found = known.get(typed.casefold().replace(" ", "_"))
    if found is None:
        raise UnknownZone(name)
    return found


def _iana(name: str) -> tzinfo | None:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return None


def given(stored: str | None) -> str | None:
    """The zone the watcher gave, from what a watch stores (None when it gave none)."""
    return stored.removeprefix("watcher:") if stored and stored.startswith("watcher:") else None


def zone_for(printed: str | None, watcher: str | None, city: str | None, country: str | None) -> Zone:
    """The schedule's zone: the offset the site prints, else the watcher's, else the venue's, else none."""
    offset = schedule_zone(printed)
    if offset is not None and printed:
        return Zone(offset, printed, "site")
    if watcher:
        zone = _iana(watcher)
        if zone is not None:
            return Zone(zone, watcher, "watcher")
    nation = (country or "").strip().upper()
    name = COUNTRY_ZONES.get(nation)
    if name is None and city:
        name = CITY_ZONES.get(nation, {}).get(normalize(city).replace("-", " "))
    if name is not None:
        zone = _iana(name)
        if zone is not None:
            return Zone(zone, name, "venue")
    return Zone(None, None, "none")


def from_stored(stored: str | None) -> Zone:
    """A watch's stored zone as a `Zone` (for /schedule and the replies)."""
    if not stored:
        return Zone(None, None, "none")
    source, _, name = stored.partition(":")
    if name and source in ("watcher", "venue"):
        return Zone(_iana(name), name, source)
    return Zone(schedule_zone(stored), stored, "site")


def zone_text(stored: str | None) -> Text:
    """What a new watch's reply says of its schedule's zone: the site's, the watcher's, the venue's, or none."""
    zone = from_stored(stored)
    return t(f"live-zone-{zone.source}", zone=zone.name or "")
