"""Skating nations: IOC/ISU three-letter codes with the names and adjectives people write for them.

Skating results use IOC codes (GER, SUI, NED), not ISO ones; fans and news write "Germany", "German",
"Team USA", "the Netherlands". One table serves the flag emoji (ISO alpha-2), competition matching ("Italy
2026") and the claim check ("the Japanese pair"). Neutral teams (AIN, ROC, OAR) have no flag and no
adjective: they are never guessed from a word.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.services.names import normalize

__all__ = ["COUNTRIES", "Country", "country_by_code", "country_by_name", "country_names"]


@dataclass(frozen=True, slots=True)
class Country:
    code: str  # IOC / ISU
    iso2: str | None  # for the flag emoji; None for neutral teams
    names: tuple[str, ...]  # the first is the display name
    adjectives: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        return self.names[0]


def _c(code: str, iso2: str | None, names: str, adjectives: str = "") -> Country:
    return Country(code, iso2, tuple(names.split("|")), tuple(a for a in adjectives.split("|") if a))


COUNTRIES: dict[str, Country] = {
    c.code: c
    for c in (
        _c("AIN", None, "Individual Neutral Athletes|neutral athletes"),
        _c("ALB", "AL", "Albania", "Albanian"),
        _c("AND", "AD", "Andorra", "Andorran"),
        _c("ARG", "AR", "Argentina", "Argentine|Argentinian"),
        _c("ARM", "AM", "Armenia", "Armenian"),
        _c("AUS", "AU", "Australia", "Australian"),
        _c("AUT", "AT", "Austria", "Austrian"),
        _c("AZE", "AZ", "Azerbaijan", "Azerbaijani"),
        _c("BEL", "BE", "Belgium", "Belgian"),
        _c("BIH", "BA", "Bosnia and Herzegovina|Bosnia", "Bosnian"),
        _c("BLR", "BY", "Belarus", "Belarusian"),
        _c("BRA", "BR", "Brazil", "Brazilian"),
        _c("BUL", "BG", "Bulgaria", "Bulgarian"),
        _c("CAN", "CA", "Canada", "Canadian"),
        _c("CHI", "CL", "Chile", "Chilean"),
        _c("CHN", "CN", "China|People's Republic of China|PR China", "Chinese"),
        _c("COL", "CO", "Colombia", "Colombian"),
        _c("CRO", "HR", "Croatia", "Croatian"),
        _c("CYP", "CY", "Cyprus", "Cypriot"),
        _c("CZE", "CZ", "Czechia|Czech Republic", "Czech"),
        _c("DEN", "DK", "Denmark", "Danish"),
        _c("ECU", "EC", "Ecuador", "Ecuadorian"),
        _c("EGY", "EG", "Egypt", "Egyptian"),
        _c("ESP", "ES", "Spain", "Spanish"),
        _c("EST", "EE", "Estonia", "Estonian"),
        _c("FSR", None, "Figure Skating Federation of Russia"),
        _c("FIN", "FI", "Finland", "Finnish"),
        _c("FRA", "FR", "France", "French"),
        _c("GBR", "GB", "Great Britain|Britain|United Kingdom|UK|Team GB", "British"),
        _c("GEO", "GE", "Georgia", "Georgian"),
        _c("GER", "DE", "Germany", "German"),
        _c("GRE", "GR", "Greece", "Greek"),
        _c("HKG", "HK", "Hong Kong|Hong Kong, China"),
        _c("HUN", "HU", "Hungary", "Hungarian"),
        _c("INA", "ID", "Indonesia", "Indonesian"),
        _c("IND", "IN", "India", "Indian"),
        _c("IRL", "IE", "Ireland", "Irish"),
        _c("ISL", "IS", "Iceland", "Icelandic"),
        _c("ISR", "IL", "Israel", "Israeli"),
        _c("ITA", "IT", "Italy|Italia", "Italian"),
        _c("JPN", "JP", "Japan", "Japanese"),
        _c("KAZ", "KZ", "Kazakhstan", "Kazakh|Kazakhstani"),
        _c("KGZ", "KG", "Kyrgyzstan", "Kyrgyz"),
        _c("KOR", "KR", "South Korea|Korea|Republic of Korea", "South Korean|Korean"),
        _c("LAT", "LV", "Latvia", "Latvian"),
        _c("LTU", "LT", "Lithuania", "Lithuanian"),
        _c("LUX", "LU", "Luxembourg"),
        _c("MAS", "MY", "Malaysia", "Malaysian"),
        _c("MDA", "MD", "Moldova", "Moldovan"),
        _c("MEX", "MX", "Mexico", "Mexican"),
        _c("MGL", "MN", "Mongolia", "Mongolian"),
        _c("MKD", "MK", "North Macedonia", "Macedonian"),
        _c("MLT", "MT", "Malta", "Maltese"),
        _c("MNE", "ME", "Montenegro", "Montenegrin"),
        _c("MON", "MC", "Monaco", "Monegasque"),
        _c("NED", "NL", "Netherlands|the Netherlands|Holland", "Dutch"),
        _c("NOR", "NO", "Norway", "Norwegian"),
        _c("NZL", "NZ", "New Zealand"),
        _c("OAR", None, "Olympic Athletes from Russia"),
        _c("PHI", "PH", "Philippines|the Philippines", "Filipino|Philippine"),
        _c("POL", "PL", "Poland", "Polish"),
        _c("POR", "PT", "Portugal", "Portuguese"),
        _c("PRK", "KP", "North Korea|DPR Korea", "North Korean"),
        _c("PUR", "PR", "Puerto Rico", "Puerto Rican"),
        _c("ROC", None, "ROC|Russian Olympic Committee"),
        _c("ROU", "RO", "Romania", "Romanian"),
        _c("RSA", "ZA", "South Africa", "South African"),
        _c("RUS", "RU", "Russia", "Russian"),
        _c("SGP", "SG", "Singapore", "Singaporean"),
        _c("SLO", "SI", "Slovenia", "Slovenian|Slovene"),
        _c("SRB", "RS", "Serbia", "Serbian"),
        _c("SUI", "CH", "Switzerland", "Swiss"),
        _c("SVK", "SK", "Slovakia", "Slovak"),
        _c("SWE", "SE", "Sweden", "Swedish"),
        _c("THA", "TH", "Thailand", "Thai"),
        _c("TPE", "TW", "Chinese Taipei|Taiwan", "Taiwanese"),
        _c("TUR", "TR", "Turkey|Türkiye", "Turkish"),
        _c("UKR", "UA", "Ukraine", "Ukrainian"),
        _c("USA", "US", "United States|United States of America|USA|America|Team USA", "American"),
        _c("UZB", "UZ", "Uzbekistan", "Uzbek"),
        _c("VIE", "VN", "Vietnam|Viet Nam", "Vietnamese"),
    )
}

# normalized name, adjective or code -> IOC code. Adjectives are kept apart from names because "Korean"
# names South Korea for a skater's nationality but a phrase such as "Korean-born" says nothing about it;
# callers decide which they accept.
_BY_NAME: dict[str, str] = {}
_BY_ADJECTIVE: dict[str, str] = {}
for _country in COUNTRIES.values():
    _BY_NAME[normalize(_country.code)] = _country.code
    for _name in _country.names:
        _BY_NAME.setdefault(normalize(_name), _country.code)
    for _adjective in _country.adjectives:
        _BY_ADJECTIVE.setdefault(normalize(_adjective), _country.code)


# The names a federation's athletes competed under while it was suspended: the same skaters, so the same identity
# (a Russian skater of 2016-17 is the "OAR" one of PyeongChang 2018; FSR, the federation's own name, at the 2021
# Worlds). AIN (2024-) stands for Russia or Belarus
# and is left alone: which one cannot be read from the code.
NEUTRAL_NAMES = {"OAR": "RUS", "ROC": "RUS", "RPC": "RUS", "FSR": "RUS"}


def federation(code: str) -> str:
    """The federation a country code stands for: itself, or the one a neutral name stood in for ("OAR" -> "RUS")."""
    code = code.upper()
    return NEUTRAL_NAMES.get(code, code)


def country_by_code(code: str | None) -> Country | None:
    return COUNTRIES.get((code or "").upper())


def country_by_name(text: str, *, adjectives: bool = False) -> str | None:
    """The IOC code a country name (any case, accents or not), its code, or (optionally) its adjective
    stands for; None when the text is not exactly one of them."""
    key = normalize(text)
    if key.startswith("the "):
        key = key[4:]
    code = _BY_NAME.get(key)
    if code is None and adjectives:
        code = _BY_ADJECTIVE.get(key)
    return code


def country_names(code: str | None) -> tuple[str, ...]:
    """Every way of writing the country of `code`, its code first (empty for an unknown code)."""
    country = country_by_code(code)
    return (country.code, *country.names) if country else ()
