"""What a brief states in plain words: dimensions with units, the kind of object (a template),
materials and colours. Parsing is deliberately small and literal: it reads "120 x 60 cm",
"75 cm high", "8 cm in diameter", and refuses briefs that state one dimension twice with two
values. What it cannot read is left to the model."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from agents.three_d.schema import UNIT_MM

DIMENSIONS = ("width", "depth", "height", "diameter")
_NUMBER = r"(\d+(?:\.\d+)?)"
_UNIT = r"(mm|cm|m|millimet(?:er|re)s?|centimet(?:er|re)s?|met(?:er|re)s?)\b"
_TIMES = r"\s*(?:\u00d7|x|\*|by)\s*"
_TRIPLE = re.compile(rf"{_NUMBER}{_TIMES}{_NUMBER}{_TIMES}{_NUMBER}\s*{_UNIT}", re.I)
_PAIR = re.compile(rf"{_NUMBER}{_TIMES}{_NUMBER}\s*{_UNIT}", re.I)
_SINGLE = re.compile(
    rf"{_NUMBER}\s*{_UNIT}\s*(?:in\s+)?(high|tall|wide|deep|long|diameter|across)", re.I
)
_NAMED = re.compile(
    rf"(height|width|depth|length|diameter)\s*(?:of|:|=|is)?\s*{_NUMBER}\s*{_UNIT}", re.I
)
_WORD_TO_DIMENSION = {
    "high": "height",
    "tall": "height",
    "height": "height",
    "wide": "width",
    "width": "width",
    "long": "width",
    "length": "width",
    "deep": "depth",
    "depth": "depth",
    "diameter": "diameter",
    "across": "diameter",
}
COLOR_WORDS: dict[str, tuple[float, float, float]] = {
    "wooden": (0.55, 0.36, 0.2), "wood": (0.55, 0.36, 0.2), "oak": (0.65, 0.47, 0.28),
    "walnut": (0.36, 0.22, 0.13), "pine": (0.8, 0.65, 0.42), "red": (0.75, 0.12, 0.1),
    "green": (0.2, 0.55, 0.25), "blue": (0.15, 0.3, 0.7), "yellow": (0.9, 0.78, 0.15),
    "orange": (0.9, 0.45, 0.1), "black": (0.06, 0.06, 0.06), "white": (0.92, 0.92, 0.9),
    "grey": (0.5, 0.5, 0.5), "gray": (0.5, 0.5, 0.5), "steel": (0.62, 0.63, 0.65),
    "metal": (0.62, 0.63, 0.65), "brass": (0.78, 0.6, 0.25), "ceramic": (0.9, 0.88, 0.84),
}  # fmt: skip
METALLIC_WORDS = frozenset({"steel", "metal", "brass"})


class BriefInvalid(ValueError):
    """An empty or self-contradictory brief; the message says what is wrong."""


@dataclass
class Brief:
    text: str
    dimensions: dict[str, float] = field(default_factory=dict)  # in `units`
    units: str | None = None
    colors: list[str] = field(default_factory=list)
    features: set[str] = field(default_factory=set)

    def as_dict(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "dimensions": self.dimensions,
            "units": self.units,
            "colors": self.colors,
            "features": sorted(self.features),
        }


def parse_brief(text: str, *, units: str | None = None) -> Brief:
    """The brief's stated dimensions in `units` (else the first unit it uses), colours and
    features. Raises BriefInvalid when it is empty or states a dimension twice differently."""
    cleaned = " ".join(str(text or "").split())
    if not re.search(r"[A-Za-z]{3}", cleaned):
        raise BriefInvalid("the brief is empty: describe the object to make")
    stated = list(_stated_dimensions(cleaned))
    target = units or (stated[0][2] if stated else None)
    brief = Brief(cleaned, units=target)
    for name, value, unit in stated:
        converted = value * UNIT_MM[unit] / UNIT_MM[target or unit]
        _record(brief, name, round(converted, 6))
    lowered = cleaned.lower()
    brief.colors = [w for w in COLOR_WORDS if re.search(rf"\b{w}\b", lowered)]
    brief.features = {
        w for w in ("drawer", "knob", "handle", "lid", "back", "shade") if w in lowered
    }
    return brief


def _record(brief: Brief, name: str, value: float) -> None:
    known = brief.dimensions.get(name)
    if known is not None and abs(known - value) > 1e-6 * max(known, value):
        raise BriefInvalid(
            f"the brief gives two different {name}s: {known:g} and {value:g} {brief.units}"
        )
    brief.dimensions[name] = value


def _stated_dimensions(text: str) -> list[tuple[str, float, str]]:
    found: list[tuple[str, float, str]] = []
    consumed = text
    for match in _TRIPLE.finditer(text):
        unit = _unit(match.group(4))
        found += [(n, float(match.group(i + 1)), unit) for i, n in enumerate(DIMENSIONS[:3])]
        consumed = consumed.replace(match.group(0), " ")
    for match in _PAIR.finditer(consumed):
        unit = _unit(match.group(3))
        found += [("width", float(match.group(1)), unit), ("depth", float(match.group(2)), unit)]
        consumed = consumed.replace(match.group(0), " ")
    for match in _SINGLE.finditer(consumed):
        found.append(
            (
                _WORD_TO_DIMENSION[match.group(3).lower()],
                float(match.group(1)),
                _unit(match.group(2)),
            )
        )
    for match in _NAMED.finditer(consumed):
        found.append(
            (
                _WORD_TO_DIMENSION[match.group(1).lower()],
                float(match.group(2)),
                _unit(match.group(3)),
            )
        )
    return found


def _unit(word: str) -> str:
    lowered = word.lower()
    if lowered.startswith("mm") or lowered.startswith("milli"):
        return "mm"
    if lowered.startswith("cm") or lowered.startswith("centi"):
        return "cm"
    return "m"


def check_against(brief: Brief, reference: dict[str, float], units: str) -> None:
    """Reference dimensions given beside the brief must agree with what the brief states."""
    for name, value in reference.items():
        stated = brief.dimensions.get(name)
        if stated is not None and abs(stated - value) > 0.01 * max(stated, value):
            raise BriefInvalid(
                f"the brief says {name} {stated:g} {units} but dimensions.{name} is {value:g} {units}"
            )
