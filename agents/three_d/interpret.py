"""What a reading means for the build: the overall box, what the brief leaves open (a question
to ask, or a stated default), what makes it impossible (a refusal naming the numbers), and the
template parameters the text fixes (the model fills only the others)."""

from __future__ import annotations

import math
import re
from typing import Any

from agents.three_d import vocabulary as words
from agents.three_d.reader import Reading

AXES = ("width", "depth", "height")
_WORD = {"width": "wide", "length": "long", "depth": "deep", "height": "high", "diameter": "across"}


def box_mm(reading: Reading) -> dict[str, float]:
    """The stated overall size on the build's axes: X width (or length), Y depth, Z height (or
    the thickness of something lying flat), and a diameter for round objects."""
    o = reading.overall
    box: dict[str, float] = {}
    x = o.get("length", o.get("width"))
    y = o.get("depth", o.get("width") if "length" in o else None)
    z = o.get("height", o.get("thickness"))
    diameter = o.get("diameter")
    if diameter is not None and "length" in o:  # a rod or pencil lying along X
        y, z = y or diameter, z or diameter
    elif diameter is not None:
        x, y = x or diameter, y or diameter
        box["diameter"] = diameter
    for name, value in zip(AXES, (x, y, z), strict=True):
        if value is not None:
            box[name] = round(value, 6)
    return box


def _cm(value_mm: float) -> str:
    return f"{value_mm / 10:g} cm"


def _name(reading: Reading) -> str:
    return reading.object or "object"


def questions(reading: Reading, template: str | None) -> list[dict[str, Any]]:
    """What the person must answer before anything is built: a dimension given twice, a size
    that could be any dimension, no size at all where no default exists."""
    found = []
    thing = _name(reading)
    for conflict in reading.conflicts:
        dim = conflict["dimension"]
        values = conflict["values_mm"]
        choices = {_cm(v): f"{_cm(v)} {_WORD.get(dim, dim)}" for v in values}
        shown = " and as ".join(_cm(v) for v in values)
        found.append({"question": f"The brief gives the {thing}'s {dim} as {shown}: which is it?", "choices": choices})  # fmt: skip
    for loose in reading.unplaced:
        value = loose["value_mm"]
        options = [d for d in ("length", "width", "height") if d not in reading.overall]
        if not options:
            continue
        choices = {d: f"{_cm(value)} {_WORD[d]}" for d in options}
        listed = (
            ", its ".join(options[:-1]) + f" or its {options[-1]}"
            if len(options) > 1
            else options[0]
        )
        found.append({"question": f"Is {_cm(value)} the {thing}'s {listed}?", "choices": choices})
    return found


def assumptions(reading: Reading, template: str | None, defaults_mm: dict[str, float]) -> list[str]:
    """Defaults the build takes where the brief is silent and a sensible one exists."""
    if reading.quantities:
        return []
    if template is None:
        return [f"no size was given: the {_name(reading)} is planned at a usual size for one, which the output states"]  # fmt: skip
    size = " x ".join(_cm(defaults_mm[a]) for a in AXES if a in defaults_mm)
    return [f"no size was given: the {_name(reading)} is built at a usual size, {size} (width x depth x height)"]  # fmt: skip


# --- impossible briefs --------------------------------------------------------------------------
def refusals(reading: Reading) -> list[str]:
    """Each constraint set the brief states that no solid can meet, with the numbers."""
    box = box_mm(reading)
    return [
        *_walls(reading, box),
        *_holes(reading, box),
        *_capacity(reading, box),
        *_fits_inside(reading, box),
        *_parts_too_big(reading, box),
    ]


def _size(reading: Reading, part: str, dimension: str) -> float | None:
    value = (reading.parts.get(part) or {}).get("size_mm", {}).get(dimension)
    return float(value) if isinstance(value, int | float) else None


def _walls(reading: Reading, box: dict[str, float]) -> list[str]:
    wall = _size(reading, "wall", "thickness")
    if wall is None:
        return []
    found = []
    for axis in ("width", "depth", "height") if _closed(reading) else ("width", "depth"):
        if axis in box and 2 * wall >= box[axis]:
            found.append(
                f"walls {_cm(wall)} thick leave no room inside: 2 x {_cm(wall)} = "
                f"{_cm(2 * wall)}, and the {_name(reading)} is {_cm(box[axis])} in {axis}"
            )
            break
    cavity = _size(reading, "cavity", "thickness") or _size(reading, "cavity", "diameter")
    sides = [box[a] for a in AXES if a in box]
    if cavity and sides and not found and min(sides) - 2 * wall < cavity:
        inside = min(sides) - 2 * wall
        found.append(
            f"an empty space of {_cm(cavity)} does not fit: {_cm(min(sides))} - 2 x {_cm(wall)} "
            f"walls leaves {_cm(max(inside, 0))}"
        )
    return found


def _closed(reading: Reading) -> bool:
    return "lid" not in reading.absent and reading.object in ("cube", "hollow cube", "box", None)


def _holes(reading: Reading, box: dict[str, float]) -> list[str]:
    hole = _size(reading, "hole", "diameter")
    if hole is None:
        return []
    outer = box.get("diameter")
    if outer is not None and hole >= outer:
        return [f"a hole {hole:g} mm across does not fit in a {_name(reading)} {outer:g} mm across"]
    return []


def _capacity(reading: Reading, box: dict[str, float]) -> list[str]:
    if reading.capacity_ml is None or not all(a in box for a in AXES):
        return []
    wall = _size(reading, "wall", "thickness") or 0.0
    floors = 2 if _closed(reading) else 1
    inside = [box["width"] - 2 * wall, box["depth"] - 2 * wall, box["height"] - floors * wall]
    volume_ml = math.prod(max(v, 0.0) for v in inside) / 1000.0
    if volume_ml >= reading.capacity_ml:
        return []
    shown = " x ".join(_cm(v) for v in inside)
    return [
        f"{reading.capacity_ml / 1000:g} litres cannot fit: the inside is {shown} = "
        f"{volume_ml / 1000:.3g} litres"
    ]


def _fits_inside(reading: Reading, box: dict[str, float]) -> list[str]:
    if reading.inside_mm is None:
        return []
    diameter = box.get("diameter")
    room = min(reading.inside_mm)
    if diameter is not None and diameter > room:
        inside = " x ".join(_cm(v) for v in reading.inside_mm)
        return [f"a {_name(reading)} {_cm(diameter)} across does not fit in a space {inside} inside"]  # fmt: skip
    return []


_UPRIGHT = {"leg", "pole", "side"}


def _parts_too_big(reading: Reading, box: dict[str, float]) -> list[str]:
    found = []
    thing = _name(reading)
    for part, entry in reading.parts.items():
        size = entry["size_mm"]
        tall = size.get("height", size.get("length") if part in _UPRIGHT else None)
        if tall is not None and "height" in reading.overall and tall > box["height"] * 1.001:
            found.append(f"{part}s {_cm(tall)} long do not fit a {thing} {_cm(box['height'])} tall")
        # A part may lie along any axis: only longer than the object's largest size is certain.
        longest = max(box[a] for a in AXES) if all(a in box for a in AXES) else None
        along = size.get("length") if part not in _UPRIGHT else None
        if along is not None and longest is not None and along > longest * 1.001:
            found.append(
                f"a {part} {_cm(along)} long is longer than the whole {thing} ({_cm(longest)})"
            )
        thick = size.get("thickness")
        if (
            thick is not None
            and "height" in box
            and part in ("top", "seat", "lid")
            and thick >= box["height"]
        ):
            found.append(f"a {part} {_cm(thick)} thick is as thick as the whole {thing} ({_cm(box['height'])})")  # fmt: skip
    return found


# --- template parameters the text fixes --------------------------------------------------------
def stated_parameters(reading: Reading, template: str) -> dict[str, Any]:
    """Template parameters (millimetres for lengths) the brief states; the model never changes
    them, it only fills the rest."""
    box = box_mm(reading)
    fixed: dict[str, Any] = {a: box[a] for a in AXES if a in box}
    if template == "shelf":
        board = _size(reading, "shelf", "thickness") or _size(reading, "side", "thickness")
        if board is not None:
            fixed["board_thickness"] = board
    if template == "mug":
        fixed = {k: v for k, v in fixed.items() if k == "height"}
        if "diameter" in box:
            fixed["diameter"] = box["diameter"]
    present = {name for name in reading.parts if name not in reading.absent}
    for name, value in _part_parameters(reading, template).items():
        fixed[name] = value
    flags = {"table": {"drawer": "drawer", "knob": "knob"}, "shelf": {"back_panel": "back"},
             "mug": {"handle": "handle"}}.get(template, {})  # fmt: skip
    for parameter, part in flags.items():
        if part in reading.absent:
            fixed[parameter] = False
        elif part in present:
            fixed[parameter] = True
    return fixed


def _part_parameters(reading: Reading, template: str) -> dict[str, Any]:
    leg = reading.parts.get("leg", {}).get("size_mm", {})
    found: dict[str, Any] = {}
    leg_size = (leg.get("section") or [None])[0] or leg.get("thickness") or leg.get("diameter")
    if leg_size and template in ("table", "chair"):
        found["leg_thickness"] = leg_size
        if template == "table" and "diameter" in leg:
            found["round_legs"] = True
    simple = {
        "table": {"top_thickness": ("top", "thickness")},
        "chair": {"seat_thickness": ("seat", "thickness")},
        "shelf": {"board_thickness": ("shelf", "thickness")},
        "mug": {"wall": ("wall", "thickness")},
        "box_with_lid": {"wall": ("wall", "thickness"), "lid_height": ("lid", "thickness")},
        "lamp": {"shade_diameter": ("shade", "diameter"), "base_diameter": ("base", "diameter")},
    }.get(template, {})
    for parameter, (part, dimension) in simple.items():
        value = _size(reading, part, dimension)
        if value is not None:
            found[parameter] = value
    found.update(_shape_parameters(reading, template))
    shelves = reading.parts.get("shelf", {}).get("count")
    sides = reading.parts.get("side", {}).get("count")
    if template == "shelf" and not shelves and reading.total_parts and sides:
        # "four separate boards", two of them end panels: the rest are shelves
        back = 0 if "back" in reading.absent or "back" not in reading.parts else 1
        shelves = reading.total_parts - sides - back
    if template == "shelf" and shelves:
        found["shelves"] = max(2, int(shelves))
    return found


def _shape_parameters(reading: Reading, template: str) -> dict[str, Any]:
    """The plain shapes' own parameters (shapes.py) from the parts the brief sizes."""
    box = box_mm(reading)
    hole = _size(reading, "hole", "diameter")
    found: dict[str, Any] = {}
    if template == "open_box":
        found = {"wall": _size(reading, "wall", "thickness"), "drain_hole": hole}
    elif template == "ring":
        found = {"outer_diameter": box.get("diameter"), "inner_diameter": hole, "thickness": box.get("height")}  # fmt: skip
    elif template == "board":
        count = (reading.parts.get("hole") or {}).get("count") or (1 if hole else None)
        inset = next((p["offset_mm"] for p in reading.positions if p["of"] == "hole"), None)
        found = {"corner_radius": _size(reading, "corner", "radius"), "holes": count, "hole_diameter": hole, "hole_inset": inset}  # fmt: skip
    elif template == "frame":
        opening = (reading.parts.get("hole") or {}).get("size_mm", {}).get("section")
        border = _size(reading, "moulding", "width")
        if border is None and opening and "width" in box:
            border = (box["width"] - opening[0]) / 2
        found = {"border": border}
    elif template == "bench":
        inset = next((p["offset_mm"] for p in reading.positions if re.search(r"from (?:the|each) ends?", p["text"])), None)  # fmt: skip
        found = {"seat_thickness": _size(reading, "seat", "thickness"), "leg_thickness": _size(reading, "leg", "thickness"), "leg_inset": inset}  # fmt: skip
    else:
        found = _family_parameters(reading, template, box)
    return {k: v for k, v in found.items() if v is not None}


_SIDES = {"hexagonal": 6, "hexagon": 6, "octagonal": 8, "square": 4, "triangular": 3, "round": 0}


def _family_parameters(reading: Reading, template: str, box: dict[str, float]) -> dict[str, Any]:
    """The parameters of families.py's templates from the parts the brief sizes."""
    part = lambda name: (reading.parts.get(name) or {}).get("size_mm", {})  # noqa: E731
    if template == "bowl":
        foot = part("foot") or part("base")
        return {"diameter": box.get("diameter"), "wall": _size(reading, "wall", "thickness"), "foot_diameter": foot.get("diameter"),
                "foot_height": foot.get("height", foot.get("thickness"))}  # fmt: skip
    if template == "dumbbell":
        bar = part("handle") or part("bar")
        disc = part("disc") or part("weight") or part("plate")
        return {"length": box.get("width"), "bar_diameter": bar.get("diameter", bar.get("thickness")),
                "disc_diameter": disc.get("diameter"), "disc_thickness": disc.get("thickness")}  # fmt: skip
    if template == "cone":
        plate = part("plate") or part("base")
        tip = next((p["offset_mm"] for p in reading.positions if p["of"] == "tip" and "diameter" in p["text"]), None)  # fmt: skip
        section = plate.get("section") or [plate.get("width")]
        return {"plate_width": section[0], "plate_thickness": plate.get("thickness"),
                "base_diameter": plate.get("diameter", box.get("diameter")), "top_diameter": tip}  # fmt: skip
    if template == "rod":
        sides = next((n for word, n in _SIDES.items() if re.search(rf"\b{word}\b", reading.text, re.I)), None)  # fmt: skip
        if (
            sides is None
            and reading.object
            and reading.object.split()[-1] in ("dowel", "rod", "stake")
        ):
            sides = 0
        return {"length": box.get("width"), "thickness": box.get("height"),
                "tip_length": part("tip").get("length"), "sides": sides}  # fmt: skip
    if template == "pole_stand":
        pole, base, peg = part("pole"), part("base"), part("peg")
        at = next((p["offset_mm"] for p in reading.positions if p["of"] in ("top", "peg")), None)
        return {"height": box.get("height", pole.get("height", pole.get("length"))),
                "pole_diameter": pole.get("diameter", pole.get("thickness")), "base_diameter": base.get("diameter"),
                "base_thickness": base.get("thickness", base.get("height")), "pegs": (reading.parts.get("peg") or {}).get("count"),
                "peg_length": peg.get("length"), "peg_diameter": peg.get("diameter", peg.get("thickness")), "peg_height": at}  # fmt: skip
    if template == "bracket":
        return {**_arms(reading), "thickness": _size(reading, "plate", "thickness")}
    if template == "pipe_tee":
        rise = next((p["offset_mm"] for p in reading.positions if re.search(r"above|axis", p["text"])), None)  # fmt: skip
        return {"length": box.get("width"), "outer_diameter": reading.overall.get("diameter"),
                "bore": _size(reading, "hole", "diameter") or _size(reading, "bore", "diameter"), "branch_height": rise}  # fmt: skip
    if template == "cabinet":
        # "a chest of drawers 80 cm wide": the width read for the drawers is the whole chest's
        width = box.get("width", _size(reading, "drawer", "width"))
        board = _size(reading, "shelf", "thickness") or _size(reading, "side", "thickness") or _size(reading, "board", "thickness")  # fmt: skip
        return {"width": width, "board_thickness": board, "drawers": (reading.parts.get("drawer") or {}).get("count"),
                "front_thickness": _size(reading, "drawer", "thickness"), "knob_diameter": _size(reading, "knob", "diameter")}  # fmt: skip
    if template == "leaning_stand":
        base, back = part("base"), part("back") or part("plate")
        angle = re.search(r"(\d+(?:\.\d+)?)\s*(?:degrees|deg\b|°)", reading.text)
        top = next((p["offset_mm"] for p in reading.positions if re.search(r"above the (?:desk|table|base)|reaching|tall|high", p["text"])), None)  # fmt: skip
        return {"width": box.get("width", base.get("width", back.get("width"))), "depth": box.get("depth", base.get("depth")),
                "height": box.get("height", top), "base_thickness": base.get("thickness"), "back_thickness": back.get("thickness"),
                "lip": _size(reading, "lip", "thickness") or _size(reading, "lip", "height"),
                "angle": round(float(angle.group(1))) if angle else None}  # fmt: skip
    if template == "house":
        ridge = next((p["offset_mm"] for p in reading.positions if re.search(r"ridge|roof|eaves", p["text"])), None)  # fmt: skip
        hole_at = next((p["offset_mm"] for p in reading.positions if re.search(r"above the (?:floor|ground|base)", p["text"])), None)  # fmt: skip
        roof = _preset((reading.parts.get("roof") or {}).get("colour"))
        # the brief's height is to the eaves; the template's (family_size's) to the ridge
        return {"wall": _size(reading, "wall", "thickness"), "ridge": ridge,
                "hole_diameter": _size(reading, "hole", "diameter"), "hole_height": hole_at, "roof_color": roof}  # fmt: skip
    if template == "step_stool":
        treads = (reading.parts.get("tread") or reading.parts.get("step") or {}).get("count")
        if treads is None:
            treads = _count_word(reading.text)
        return {"steps": treads, "tread_thickness": _size(reading, "tread", "thickness") or _size(reading, "step", "thickness"),
                "side_thickness": _size(reading, "side", "thickness")}  # fmt: skip
    return {}


def family_size(reading: Reading, template: str | None, size: dict[str, float]) -> dict[str, float]:
    """The overall size where a family's own reading says more than the plain box: an angle
    bracket's arms, a hexagon's width across its corners, a tee's branch above the main pipe."""
    if template == "bracket":
        return {**size, **_arms(reading)}
    found = _family_parameters(reading, template, box_mm(reading)) if template else {}
    if template == "rod" and found.get("sides") == 6 and "depth" in size:
        return {**size, "depth": round(size["depth"] * 2 / math.sqrt(3), 6)}
    if template == "house" and found.get("ridge") and "height" in size:
        return {**size, "height": round(size["height"] + found["ridge"], 6)}
    if template == "cabinet" and found.get("width") and "width" not in size:
        return {**size, "width": found["width"]}
    if template == "pipe_tee" and found.get("branch_height") and "height" in size:
        return {**size, "height": round(size["height"] / 2 + found["branch_height"], 6)}
    return size


def _preset(colour: str | None) -> str | None:
    """The material preset a part's colour words name ("green", "natural oak"), if any."""
    from agents.three_d.templates import PRESET_ALIASES, PRESETS

    for word in reversed((colour or "").lower().split()):
        word = PRESET_ALIASES.get(word, word)
        if word in PRESETS:
            return word
    return None


def _count_word(text: str) -> int | None:
    """ "A two-step stool": the treads a step stool's name counts."""
    match = re.search(r"\b(one|two|three|four|five|[1-5])[- ]step\b", text, re.I)
    if not match:
        return None
    word = match.group(1).lower()
    return int(word) if word.isdigit() else ("one", "two", "three", "four", "five").index(word) + 1


def _arms(reading: Reading) -> dict[str, float]:
    """An angle bracket's two arms: the lengths given for "arm"s (or legs), the one said to be
    vertical (else the first) is its height; "N mm wide" is the plates' width."""
    lengths = [q["values_mm"][0] for q in reading.quantities if q["of"] in ("arm", "leg") and q["values_mm"]]  # fmt: skip
    found: dict[str, float] = {}
    width = reading.overall.get("width")
    if width is not None and len(lengths) >= 2:
        found["depth"] = width
    if len(lengths) >= 2:
        text = reading.text.lower()
        first_horizontal = 0 <= text.find("horizontal") < text.find("vertical") or ("vertical" not in text and "horizontal" in text)  # fmt: skip
        up, across = (lengths[1], lengths[0]) if first_horizontal else (lengths[0], lengths[1])
        found.update({"height": up, "width": across})
    return found


def colour_rgb(phrase: str | None) -> tuple[float, float, float] | None:
    """The RGB a colour phrase names ("light blue", "natural pine", "terracotta orange")."""
    if not phrase:
        return None
    tokens = phrase.lower().split()
    base = next((words.COLOURS[t] for t in tokens if t in words.COLOURS), None)
    if base is None:
        base = next((words.MATERIALS[t][0] for t in tokens if t in words.MATERIALS), None)
    if base is None:
        return None
    shade = next((words.SHADES[t] for t in tokens if t in words.SHADES), 0.0)
    if shade >= 0:
        return tuple(round(c + (1 - c) * shade, 4) for c in base)  # type: ignore[return-value]
    return tuple(round(c * (1 + shade), 4) for c in base)  # type: ignore[return-value]


def metallic(reading: Reading) -> bool:
    """The object is metal: a metal is named, and not only for some of its parts."""
    on_parts = {entry.get("material") for entry in reading.parts.values()}
    return any(_metal(m) for m in reading.materials if m not in on_parts)


def part_colours(reading: Reading) -> dict[str, dict[str, Any]]:
    """The colour each part is asked in: its words, its RGB and whether it is metal ("black
    steel legs" are black and metal)."""
    found = {}
    for part, entry in reading.parts.items():
        rgb = colour_rgb(entry.get("colour"))
        if rgb is None or part in reading.absent:
            continue
        said = [entry.get("material"), *str(entry["colour"]).split()]
        metal = any(_metal(word) for word in said if word)
        found[part] = {"colour": entry["colour"], "rgb": list(rgb), "metallic": metal}
    return found


def _metal(material: str) -> bool:
    return material in words.MATERIALS and words.MATERIALS[material][1]
