"""The brief as the run keeps it: the reader's reading (reader.py), what it means for the build
(interpret.py: the overall size, questions, refusals, defaults, the parameters the text fixes),
in the request's units. Only input that is not a brief at all is refused as a bad request."""

from __future__ import annotations

import re
from typing import Any

from agents.three_d import interpret
from agents.three_d.library import TEMPLATES, match_template, phrase_template
from agents.three_d.reader import Reading, read
from agents.three_d.schema import UNIT_MM

DIMENSIONS = ("width", "depth", "height", "diameter")


class BriefInvalid(ValueError):
    """Input that is not a brief (empty, no words); the message says what is wrong."""


def understand(text: str, *, template: str | None = None) -> tuple[Reading, dict[str, Any]]:
    """The reading and its meaning; raises BriefInvalid only for text that describes nothing."""
    if not re.search(r"[A-Za-z]{3}", str(text or "")):
        raise BriefInvalid("the brief is empty: describe the object to make")
    reading = read(text)
    template = template or pick_template(reading)
    defaults = _defaults_mm(template)
    meaning = {
        "template": template,
        "size_mm": _with_lid_on_top(reading, template, interpret.box_mm(reading)),
        "questions": interpret.questions(reading, template),
        "refusals": interpret.refusals(reading),
        "assumptions": interpret.assumptions(reading, template, defaults),
        "stated_parameters_mm": _stated(reading, template),
        "colour_rgb": interpret.colour_rgb(reading.colour),
        "metallic": interpret.metallic(reading),
        "part_colours": interpret.part_colours(reading),
    }
    return reading, meaning


def _stated(reading: Reading, template: str | None) -> dict[str, Any]:
    if template is None:
        return {}
    stated = interpret.stated_parameters(reading, template)
    size = _with_lid_on_top(reading, template, interpret.box_mm(reading))
    return {**stated, **{k: v for k, v in size.items() if k in stated}}


def pick_template(reading: Reading) -> str | None:
    if reading.object:
        named = phrase_template(reading.object, reading.text) or match_template(
            reading.object.split()[-1]
        )
        if named is not None:  # "shelf board" is no bookcase
            return named
        drawers = (reading.parts.get("drawer") or {}).get("count")
        if drawers and drawers > 1 and "leg" not in reading.parts:
            return "cabinet"  # "a three-drawer unit": a carcass of drawers
        if {"shelf", "side"} <= set(reading.parts) and not {"drawer", "door"} & (set(reading.parts) - reading.absent):  # fmt: skip
            return "shelf"  # boards between two end panels: a TV stand, a low bookcase
        return None  # an object the library has no template for: the model plans it
    return match_template(reading.text)


def _with_lid_on_top(
    reading: Reading, template: str | None, size: dict[str, float]
) -> dict[str, float]:
    """ "The box is 5 cm high; the lid, 1 cm thick, sits on top": 6 cm in all."""
    lid = (reading.parts.get("lid") or {}).get("size_mm", {}).get("thickness")
    on_top = re.search(r"\bon\s+top\b|\bsit(?:s|ting)?\s+on\b", reading.text, re.I)
    if template == "box_with_lid" and lid and on_top and "height" in size:
        return {**size, "height": size["height"] + lid}
    return interpret.family_size(reading, template, size)


def _defaults_mm(template: str | None) -> dict[str, float]:
    if template is None:
        return {}
    return {k: v for k, v in TEMPLATES[template].defaults("mm").items() if k in DIMENSIONS}


def first_unit(reading: Reading) -> str:
    """The units the request is answered in: the brief's first metric unit, else millimetres
    (inches and feet convert exactly to them)."""
    for quantity in reading.quantities:
        match = re.search(r"(mm|cm|m)\b", quantity["text"])
        if match:
            return match.group(1)
        return "mm"
    return "cm"


def in_units(values_mm: dict[str, float], units: str) -> dict[str, float]:
    return {k: round(v / UNIT_MM[units], 6) for k, v in values_mm.items()}


def check_against(stated: dict[str, float], reference: dict[str, float], units: str) -> None:
    """Reference dimensions given beside the brief must agree with what the brief states."""
    for name, value in reference.items():
        said = stated.get(name)
        if said is not None and abs(said - value) > 0.01 * max(said, value):
            raise BriefInvalid(
                f"the brief says {name} {said:g} {units} but dimensions.{name} is {value:g} {units}"
            )
