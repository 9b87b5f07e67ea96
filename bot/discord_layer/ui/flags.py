"""Country codes as flag emoji. Skating uses IOC/ISU three-letter codes; emoji flags need ISO 3166 alpha-2."""

from __future__ import annotations

from bot.services.countries import country_by_code

# Teams without a national flag (neutral athletes, ROC, OAR): a plain white flag, never a guess.
NEUTRAL_FLAG = "\N{WAVING WHITE FLAG}\ufe0f"


def flag(country: str | None) -> str:
    known = country_by_code(country)
    iso = known.iso2 if known else None
    if iso is None:
        return NEUTRAL_FLAG
    return "".join(chr(0x1F1E6 + ord(letter) - ord("A")) for letter in iso)
