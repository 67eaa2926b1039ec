"""Reading figures, fiscal years, scales and currencies out of statement text and cells.

A figure keeps the precision it was printed with (`1,234.5` is known to a tenth), because every
later comparison — totals against their parts, one document against another, a drafted number
against the ledger — is "equal within the rounding of what was printed".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

SCALES = {"units": 1, "thousands": 1_000, "millions": 1_000_000, "billions": 1_000_000_000}
_SCALE_PATTERNS = [
    ("billions", re.compile(r"\bbillions?\b|\bbn\b|\$bn\b", re.I)),
    (
        "millions",
        re.compile(r"\bmillions?\b|\bmn\b|\bmio\b|(?:\$|£|€|\bUSD|\bEUR|\bGBP)\s?m\b", re.I),
    ),
    (
        "thousands",
        re.compile(
            r"\bthousands?\b|'000s?\b|\b000s\b|(?:\$|£|€)\s?000\b|\bk(?:USD|EUR|GBP)\b", re.I
        ),
    ),
]
_CURRENCY_PATTERNS = [
    ("CAD", re.compile(r"\bCAD\b|\bC\$|\bcanadian dollars?\b", re.I)),
    ("AUD", re.compile(r"\bAUD\b|\bA\$|\baustralian dollars?\b", re.I)),
    (
        "USD",
        re.compile(
            r"\bUSD\b|\bUS\$|\bU\.\s?S\.\s?dollars?\b|\bUS dollars?\b|(?<![A-Za-z])\$", re.I
        ),
    ),
    ("EUR", re.compile(r"\bEUR\b|€|\beuros?\b", re.I)),
    ("GBP", re.compile(r"\bGBP\b|£|\bpounds? sterling\b|\bsterling\b", re.I)),
    ("CHF", re.compile(r"\bCHF\b|\bswiss francs?\b", re.I)),
    ("JPY", re.compile(r"\bJPY\b|¥|\byen\b", re.I)),
]
_FIGURE = re.compile(
    r"^(?P<open>\()?\s*(?P<minus>[-\u2212\u2013])?\s*(?:US\$|[$€£¥]|USD|EUR|GBP)?\s*"
    r"(?P<digits>\d{1,3}(?:[,\u00a0\u202f ]\d{3})+|\d+)(?:\.(?P<fraction>\d+))?\s*(?P<close>\))?"
    r"\s*(?:\*+|\(\d\))?$"
)
_NIL = {"-", "\u2013", "\u2014", "nil", "n/a", "\u2212"}
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_YEAR_CELL = re.compile(
    r"^(?:(?:fy|fiscal(?:\s+year)?|financial\s+year|year|years|(?:twelve|12)\s+months)\s*"
    r"(?:ended|ending|to)?\s*|as\s+(?:of|at)\s+|at\s+)?"
    rf"(?:(?:\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH}|{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?|{_MONTH}),?\s+)?"
    r"((?:19|20)\d{2})\s*(?:a|e|\*+)?(?:\s*\(?(?:restated|audited|unaudited|actual)\)?)?$",
    re.I,
)
_SHORT_YEAR = re.compile(rf"^(?:fy\s?'?|{_MONTH}[\s-]'?)(\d{{2}})$", re.I)
_DATE_YEAR = re.compile(
    r"^(?:\d{1,2}[/.-]\d{1,2}[/.-]((?:19|20)\d{2})|((?:19|20)\d{2})-\d{2}-\d{2})$"
)


@dataclass(frozen=True)
class Figure:
    value: Decimal
    decimals: int  # digits printed after the point

    @property
    def precision(self) -> Decimal:
        """One unit of the last printed digit."""
        return Decimal(1).scaleb(-self.decimals)


def parse_figure(text: object) -> Figure | None:
    """A number as statements print it: `1,234`, `(1,234.5)`, `-12`, `$ 3.45`; else None."""
    if isinstance(text, bool):
        return None
    if isinstance(text, int | float):
        return _from_number(text)
    cleaned = str(text).strip()
    if not cleaned or cleaned.lower() in _NIL:
        return None
    match = _FIGURE.match(cleaned)
    if match is None or bool(match["open"]) != bool(match["close"]):
        return None
    digits = re.sub(r"[,\u00a0\u202f ]", "", match["digits"])
    fraction = match["fraction"] or ""
    try:
        value = Decimal(f"{digits}.{fraction}" if fraction else digits)
    except InvalidOperation:
        return None
    negative = bool(match["open"]) or bool(match["minus"])
    return Figure(-value if negative else value, len(fraction))


def is_nil(text: object) -> bool:
    """A dash or "nil" printed where a figure would be: zero, not a missing figure."""
    return str(text).strip().lower() in _NIL


def _from_number(number: float) -> Figure | None:
    if number != number or number in (float("inf"), float("-inf")):
        return None
    value = Decimal(str(number))
    exponent = value.as_tuple().exponent
    decimals = max(0, -exponent) if isinstance(exponent, int) else 0
    return Figure(value, decimals)


def year_of(text: object) -> int | None:
    """The fiscal year a column header names (`2024`, `FY2024`, `Year ended 31 December 2024`)."""
    if isinstance(text, int) and not isinstance(text, bool) and 1900 <= text <= 2100:
        return text
    cleaned = re.sub(r"\s+", " ", str(text).strip())
    if match := _YEAR_CELL.match(cleaned):
        return int(match.group(1))
    if match := _SHORT_YEAR.match(cleaned):  # FY23, Dec-23
        return 2000 + int(match.group(1))
    if match := _DATE_YEAR.match(cleaned):  # 31/12/2023, 2023-12-31
        return int(match.group(1) or match.group(2))
    return None


def scales_in(text: str) -> set[str]:
    return {name for name, pattern in _SCALE_PATTERNS if pattern.search(text)}


def currencies_in(text: str) -> set[str]:
    found = set()
    for code, pattern in _CURRENCY_PATTERNS:
        if pattern.search(text):
            found.add(code)
            text = pattern.sub(" ", text)  # "US$" is not also a bare "$"
    return found


def row_scale(label: str) -> str | None:
    """A scale a row states for itself, e.g. shares "(in thousands)"."""
    inner = " ".join(re.findall(r"\(([^)]*)\)", label))
    found = scales_in(inner)
    return found.pop() if len(found) == 1 else None
