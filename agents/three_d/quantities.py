"""Quantities in a brief: lengths (mm, cm, m, inches, feet; decimals and fractions such as
"3/4 inch" or "1 1/2 in"), dimension chains ("60x40x30cm", "10 cm x 10 cm x 10 cm", "12 by
8 cm"), the dimension word that qualifies each value ("wide", "in diameter", "OD", "thick",
"bore"...) and volumes ("2 litres"). Conversion is pint's; this module only finds the
mentions, so units pint would misread in prose ("in", "m", a bare quote) never reach it."""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

UNIT_NAMES = {
    "mm": "millimeter", "millimeter": "millimeter", "millimetre": "millimeter",
    "cm": "centimeter", "centimeter": "centimeter", "centimetre": "centimeter",
    "m": "meter", "meter": "meter", "metre": "meter",
    "in": "inch", "inch": "inch", '"': "inch", "\u2033": "inch",
    "ft": "foot", "foot": "foot", "feet": "foot", "'": "foot", "\u2032": "foot",
}  # fmt: skip
VOLUME_NAMES = {"l": "liter", "litre": "liter", "liter": "liter", "ml": "milliliter",
                "millilitre": "milliliter", "milliliter": "milliliter", "cl": "centiliter"}  # fmt: skip
_FRACTIONS = {"\u00bd": " 1/2", "\u00bc": " 1/4", "\u00be": " 3/4", "\u215b": " 1/8"}
NUM = r"(?:\d+[ -]\d+/\d+|\d+/\d+|\d+(?:\.\d+)?|\.\d+)"
_UNIT = (
    r"(?:mm|millimet(?:er|re)s?|cm|centimet(?:er|re)s?|met(?:er|re)s?|m(?![a-z])"
    r"|inch(?:es)?|in(?=\s*(?:$|[,.;:)x\u00d7*]|(?:wide|long|deep|tall|high|thick|across|"
    r"diameter|square|by|and|with|od|id|bore|on|each|apart|from|above|below|in\b)))"
    r'|ft|foot|feet|"|\u2033|\'(?!s)|\u2032)(?![a-z])'
)
# Words after a value that say what it measures, longest first.
_AFTER = (
    r"(?:in\s+)?(?:outer|outside|inner|inside|internal|external)\s+diameter|in\s+diameter|"
    r"diameter|dia\b|across(?:\s+the\s+flats)?|wide|long|deep|tall|high|thick|square|radius|"
    r"in\s+(?:width|length|depth|height)|bore|od\b|id\b|o\.d\.|i\.d\."
)
_BEFORE = (
    r"(?:outer|outside|inner|inside|internal|external)\s+diameter|diameter|width|length|depth|"
    r"height|thickness|radius|od|id|o\.d\.|i\.d\.|bore|\u00f8"
)
_TIMES = r"\s*(?:x|\u00d7|\*|by)\s*"
_VALUE = rf"(?P<n{{i}}>{NUM})(?:\s*-?\s*(?P<u{{i}}>{_UNIT}))?(?:\s+(?P<w{{i}}>{_AFTER}))?"
_CHAIN = re.compile(
    r"(?<![\w.])"
    + _VALUE.format(i=1)
    + rf"(?:{_TIMES}"
    + _VALUE.format(i=2)
    + rf"(?:{_TIMES}"
    + _VALUE.format(i=3)
    + r")?)?",
    re.I,
)
_PRE = re.compile(rf"\b(?P<word>{_BEFORE})\s*(?:of|:|=|is|was|about|approx\.?|\s)*$", re.I)
_VOLUME = re.compile(
    rf"(?<![\w.])(?P<n>{NUM})\s*(?P<u>l|litres?|liters?|ml|millilit(?:re|er)s?|cl)(?![a-z])", re.I
)
WORD_DIMENSION = {
    "wide": "width", "width": "width", "in width": "width",
    "long": "length", "length": "length", "in length": "length",
    "deep": "depth", "depth": "depth", "in depth": "depth",
    "tall": "height", "high": "height", "height": "height", "in height": "height",
    "thick": "thickness", "thickness": "thickness",
    "diameter": "diameter", "in diameter": "diameter", "dia": "diameter", "across": "diameter",
    "across the flats": "diameter", "\u00f8": "diameter", "od": "diameter", "o.d.": "diameter",
    "outer diameter": "diameter", "outside diameter": "diameter", "external diameter": "diameter",
    "id": "inner_diameter", "i.d.": "inner_diameter", "inner diameter": "inner_diameter",
    "inside diameter": "inner_diameter", "internal diameter": "inner_diameter",
    "bore": "inner_diameter", "radius": "radius", "square": "square",
}  # fmt: skip


@dataclass
class Mention:
    """Values in millimetres, each with the dimension its own words give it (or None)."""

    start: int
    end: int
    text: str
    values_mm: list[float]
    dimensions: list[str | None]
    unit: str

    def as_dict(self) -> dict[str, Any]:
        return {"text": self.text, "values_mm": self.values_mm, "dimensions": self.dimensions}


@cache
def _registry() -> Any:
    import pint  # imported on first use: building the registry takes a moment

    return pint.UnitRegistry()


def to_mm(value: float, unit: str) -> float:
    return float(_registry().Quantity(value, UNIT_NAMES[unit]).to("millimeter").magnitude)


def to_ml(value: float, unit: str) -> float:
    return float(_registry().Quantity(value, VOLUME_NAMES[unit]).to("milliliter").magnitude)


def normalize(text: str) -> str:
    """One line, fractions as digits, typographic signs as ASCII; positions keep their meaning
    for the reader (it works on the returned text only)."""
    for glyph, digits in _FRACTIONS.items():
        text = text.replace(glyph, digits)
    text = text.replace("\u2019", "'").replace("\u201c", '"').replace("\u201d", '"')
    text = re.sub(r"(?<=\d),(?=\d{3}\b)", "", text)  # 1,200 mm
    return " ".join(text.split())


def number(token: str) -> float:
    token = token.strip()
    whole = re.fullmatch(r"(\d+)[ -](\d+/\d+)", token)
    if whole:
        return float(int(whole.group(1)) + Fraction(whole.group(2)))
    return float(Fraction(token)) if "/" in token else float(token)


def _unit_key(raw: str) -> str:
    word = raw.lower().strip()
    for key in ("mm", "milli", "cm", "centi", "inch", "ft", "foot", "feet"):
        if word.startswith(key):
            return {"milli": "mm", "centi": "cm", "foot": "ft", "feet": "ft"}.get(key, key)
    if word in ("in", '"', "\u2033"):
        return "in"
    if word in ("'", "\u2032"):
        return "ft"
    return "m"


def lengths(text: str) -> list[Mention]:
    """Every length mention, in order. A chain with one unit gives it to every value ("12 x 8 x
    5 cm"); a value with no unit anywhere in its chain is not a length and is skipped."""
    found = []
    for match in _CHAIN.finditer(text):
        raw = [
            (match.group(f"n{i}"), match.group(f"u{i}"), match.group(f"w{i}")) for i in (1, 2, 3)
        ]
        raw = [r for r in raw if r[0] is not None]
        units = [u for _, u, _ in raw if u]
        if not units:
            continue
        fallback = _unit_key(units[-1])
        values, dimensions = [], []
        for n, u, w in raw:
            unit = _unit_key(u) if u else fallback
            values.append(round(to_mm(number(n), unit), 6))
            dimensions.append(_dimension(w))
        if len(raw) == 1 and dimensions[0] is None:
            dimensions[0] = _dimension(_word_before(text, match.start()))
        found.append(
            Mention(match.start(), match.end(), match.group(0), values, dimensions, fallback)
        )
    return found


def _dimension(word: str | None) -> str | None:
    if not word:
        return None
    return WORD_DIMENSION.get(" ".join(word.lower().split()))


def _word_before(text: str, start: int) -> str | None:
    match = _PRE.search(text[max(0, start - 40) : start])
    return match.group("word") if match else None


def volumes(text: str) -> list[tuple[int, float]]:
    """(position, millilitres) for each volume the brief states."""
    return [(m.start(), to_ml(number(m.group("n")), _volume_key(m.group("u")))) for m in _VOLUME.finditer(text)]  # fmt: skip


def _volume_key(raw: str) -> str:
    word = raw.lower()
    if word.startswith("ml") or word.startswith("milli"):
        return "ml"
    return "cl" if word == "cl" else "l"
