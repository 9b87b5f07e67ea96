"""Country codes as flag emoji. Skating uses IOC/ISU three-letter codes; emoji flags need ISO 3166 alpha-2."""

from __future__ import annotations

# IOC code -> ISO alpha-2, for the nations that enter ISU championships (and a few more).
_IOC_TO_ISO = {
    "ALB": "AL", "AND": "AD", "ARG": "AR", "ARM": "AM", "AUS": "AU", "AUT": "AT", "AZE": "AZ", "BEL": "BE",
    "BIH": "BA", "BLR": "BY", "BRA": "BR", "BUL": "BG", "CAN": "CA", "CHI": "CL", "CHN": "CN", "COL": "CO",
    "CRO": "HR", "CYP": "CY", "CZE": "CZ", "DEN": "DK", "ECU": "EC", "EGY": "EG", "ESP": "ES", "EST": "EE",
    "FIN": "FI", "FRA": "FR", "GBR": "GB", "GEO": "GE", "GER": "DE", "GRE": "GR", "HKG": "HK", "HUN": "HU",
    "INA": "ID", "IND": "IN", "IRL": "IE", "ISL": "IS", "ISR": "IL", "ITA": "IT", "JPN": "JP", "KAZ": "KZ",
    "KGZ": "KG", "KOR": "KR", "LAT": "LV", "LTU": "LT", "LUX": "LU", "MAS": "MY", "MDA": "MD", "MEX": "MX",
    "MGL": "MN", "MKD": "MK", "MLT": "MT", "MNE": "ME", "MON": "MC", "NED": "NL", "NOR": "NO", "NZL": "NZ",
    "PHI": "PH", "POL": "PL", "POR": "PT", "PRK": "KP", "PUR": "PR", "ROU": "RO", "RSA": "ZA", "RUS": "RU",
    "SGP": "SG", "SLO": "SI", "SRB": "RS", "SUI": "CH", "SVK": "SK", "SWE": "SE", "THA": "TH", "TPE": "TW",
    "TUR": "TR", "UKR": "UA", "USA": "US", "UZB": "UZ", "VIE": "VN",
}
# Teams without a national flag (neutral athletes, ROC, OAR): a plain white flag, never a guess.
NEUTRAL_FLAG = "\N{WAVING WHITE FLAG}\ufe0f"


def flag(country: str | None) -> str:
    iso = _IOC_TO_ISO.get((country or "").upper())
    if iso is None:
        return NEUTRAL_FLAG
    return "".join(chr(0x1F1E6 + ord(letter) - ord("A")) for letter in iso)
