"""A generated corpus of briefs with the reading each one should get: paraphrases, orderings,
unit systems (mm, cm, m, inches with fractions), part-level dimensions, counts, negations,
colours, impossible and ambiguous briefs. Deterministic for a seed; each brief belongs to a
split by a hash of its text, so the held-out split is never looked at while tuning the reader.

`score(briefs, reader)` compares readings with the expectations and lists every miss;
`suite_tasks()` hands the corpus to the `three_d_reader` eval suite, whose report does the same
per split and per kind (docs/evals.md).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from typing import Any

UNITS = {"mm": 1.0, "cm": 10.0, "m": 1000.0, "in": 25.4}
_UNIT_WORDS = {
    "mm": ["mm", " mm", " millimetres", " millimeters"],
    "cm": ["cm", " cm", " centimetres", " centimeters"],
    "m": [" m", " metres", " meters"],
    "in": [" in", " inches", '"'],
}
_COLOURS = ["red", "light blue", "dark green", "black", "white", "yellow", "grey", "navy", "orange", "pale pink"]  # fmt: skip
_COUNTS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
HELD_OUT_SHARE = 0.3


def split_of(brief: str) -> str:
    digest = int(hashlib.sha256(brief.encode()).hexdigest()[:8], 16)
    return "held_out" if digest % 100 < HELD_OUT_SHARE * 100 else "dev"


def _fmt(rng: random.Random, value_mm: float, unit: str) -> str:
    """A length in `unit`, written the way people write it (fractions for inches)."""
    value = value_mm / UNITS[unit]
    if unit == "in" and value != int(value) and rng.random() < 0.7:
        whole, frac = int(value), value - int(value)
        parts = {0.25: "1/4", 0.5: "1/2", 0.75: "3/4"}
        text = parts.get(round(frac, 2))
        if text:
            return (f"{whole} {text}" if whole else text) + rng.choice(_UNIT_WORDS[unit])
    return f"{value:g}" + rng.choice(_UNIT_WORDS[unit])


def _pick_mm(rng: random.Random, unit: str, low: float, high: float) -> float:
    """A round value in `unit` (whole, or halves for inches and cm), in millimetres."""
    step = {"mm": 5.0, "cm": 1.0, "m": 0.05, "in": 0.5}[unit]
    steps = rng.randint(int(low / UNITS[unit] / step) + 1, max(int(high / UNITS[unit] / step), int(low / UNITS[unit] / step) + 2))  # fmt: skip
    return round(steps * step * UNITS[unit], 6)


def _size_phrase(rng: random.Random, w: float, d: float, h: float, unit: str) -> str:
    f = lambda v: _fmt(rng, v, unit)  # noqa: E731
    bare = lambda v: f"{v / UNITS[unit]:g}"  # noqa: E731
    tail = rng.choice(_UNIT_WORDS[unit]).strip() or unit
    forms = [
        f"{bare(w)} x {bare(d)} x {bare(h)} {tail}",
        f"{bare(w)}x{bare(d)}x{bare(h)}{tail if tail != 'm' else ' m'}",
        f"{f(w)} x {f(d)} x {f(h)}",
        f"{f(w)} wide, {f(d)} deep and {f(h)} tall",
        f"{f(h)} high, {f(w)} wide and {f(d)} deep",
        f"{f(d)} deep, {f(w)} wide, {f(h)} tall",
        f"width {f(w)}, depth {f(d)}, height {f(h)}",
        f"{f(w)} long, {f(d)} deep and {f(h)} high",
        f"{bare(w)} by {bare(d)} by {bare(h)} {tail}",
    ]
    return rng.choice(forms)


def _colour(rng: random.Random) -> tuple[str, str | None]:
    if rng.random() < 0.35:
        return "", None
    colour = rng.choice(_COLOURS)
    return rng.choice([f", in {colour}", f". {colour.capitalize()}.", f", painted {colour}", f", all in {colour}"]), colour  # fmt: skip


def _case(
    brief: str, kind: str, size: dict[str, float] | None = None, **expect: Any
) -> dict[str, Any]:
    return {"brief": brief, "kind": kind, "split": split_of(brief), "expect": {"size_mm": size or {}, **expect}}  # fmt: skip


# --- generators, one per kind of brief ----------------------------------------------------------
def _table(rng: random.Random) -> dict[str, Any]:
    unit = rng.choice(["cm", "cm", "mm", "m", "in"])
    w, d, h = (
        _pick_mm(rng, unit, 800, 2000),
        _pick_mm(rng, unit, 500, 1000),
        _pick_mm(rng, unit, 650, 800),
    )
    leg = _pick_mm(rng, unit, 40, 90)
    noun = rng.choice(["table", "dining table", "desk", "kitchen table", "side table"])
    n = rng.choice([3, 4, 4, 6])
    legs = rng.choice([
        (f"with {_COUNTS[n]} legs {_fmt(rng, leg, unit)} thick", {"leg": {"thickness": leg}}),
        (f"with {n} legs {_fmt(rng, leg, unit)} square", {"leg": {"section": [leg, leg]}}),
        (f"with {_COUNTS[n]} {_fmt(rng, leg, unit)} diameter legs", {"leg": {"diameter": leg}}),
    ])  # fmt: skip
    colour, named = _colour(rng)
    drawer = rng.random() < 0.3
    extra = ", no drawer" if drawer else ""
    brief = f"A {noun}, {_size_phrase(rng, w, d, h, unit)}, {legs[0]}{extra}{colour}"
    absent = ["drawer"] if drawer else []
    return _case(brief, "table", {"width": w, "depth": d, "height": h}, parts=legs[1], counts={"leg": n}, absent=absent, colour=named, outcome="build")  # fmt: skip


def _shelf(rng: random.Random) -> dict[str, Any]:
    unit = rng.choice(["cm", "mm", "in"])
    w, d, h = (
        _pick_mm(rng, unit, 600, 1200),
        _pick_mm(rng, unit, 250, 400),
        _pick_mm(rng, unit, 900, 2000),
    )
    n = rng.randint(2, 6)
    t = _pick_mm(rng, "mm", 15, 30) if unit == "mm" else (19.05 if unit == "in" else 18.0)
    board = _fmt(rng, t, unit) if unit != "in" else "3/4 inch"
    back = rng.random() < 0.5
    colour, named = _colour(rng)
    noun = rng.choice(["bookshelf", "bookcase", "shelving unit"])
    count = rng.choice([f"{_COUNTS.get(n, n)} shelves", f"{n} shelves"])
    brief = f"{noun.capitalize()} {_size_phrase(rng, w, d, h, unit)} with {count} of {board} boards" + (", no back panel" if back else "") + colour  # fmt: skip
    return _case(brief, "shelf", {"width": w, "depth": d, "height": h}, parts={"shelf": {"thickness": t}}, counts={"shelf": n}, absent=["back"] if back else [], colour=named, outcome="build")  # fmt: skip


def _container(rng: random.Random) -> dict[str, Any]:
    unit = rng.choice(["cm", "mm", "cm"])
    w, d, h = (
        _pick_mm(rng, unit, 150, 600),
        _pick_mm(rng, unit, 150, 400),
        _pick_mm(rng, unit, 100, 400),
    )
    wall = rng.choice([5.0, 10.0, 15.0, 20.0])
    noun = rng.choice(["planter", "storage bin", "crate", "bin"])
    open_top = rng.choice(
        ["without a lid", "open-top", "open at the top", "with no lid", "lidless"]
    )
    walls = rng.choice([f"{_fmt(rng, wall, unit)} walls", f"walls {_fmt(rng, wall, unit)} thick"])
    colour, named = _colour(rng)
    brief = f"A {noun} {_size_phrase(rng, w, d, h, unit)}, {walls}, {open_top}{colour}"
    return _case(brief, "container", {"width": w, "depth": d, "height": h}, parts={"wall": {"thickness": wall}}, absent=["lid"], colour=named, outcome="build")  # fmt: skip


def _board(rng: random.Random) -> dict[str, Any]:
    unit = rng.choice(["cm", "mm", "m"])
    w, d = _pick_mm(rng, unit, 300, 1200), _pick_mm(rng, unit, 150, 400)
    t = rng.choice([19.05, 12.7, 25.4])
    hole = rng.choice([5.0, 6.0, 8.0])
    thick = (
        rng.choice(["3/4 inch", "1/2 inch", "1 inch"])[:0]
        or {19.05: "3/4 inch", 12.7: "1/2 inch", 25.4: "1 inch"}[t]
    )
    noun = rng.choice(["shelf board", "cutting board", "board"])
    holes = rng.random() < 0.5
    extra = f", with two {hole:g} mm holes" if holes else ""
    brief = f"{noun.capitalize()} {_fmt(rng, w, unit)} long, {_fmt(rng, d, unit)} deep, {thick} thick{extra}"
    parts = {"hole": {"diameter": hole}} if holes else {}
    return _case(brief, "board", {"width": w, "depth": d, "height": t}, parts=parts, counts={"hole": 2} if holes else {}, outcome="build")  # fmt: skip


def _ring(rng: random.Random) -> dict[str, Any]:
    od = float(rng.choice(range(20, 80, 5)))
    inner = float(rng.choice(range(5, int(od) - 4, 1)))
    t = float(rng.choice([2, 3, 5, 8, 10]))
    noun = rng.choice(["washer", "spacer ring", "ring"])
    brief = rng.choice([
        f"{noun.capitalize()}: OD {od:g} mm, ID {inner:g} mm, {t:g} mm thick",
        f"A {noun} with an outer diameter of {od:g} mm, a {inner:g} mm hole and {t:g} mm thick",
        f"{noun.capitalize()} {od:g} mm across with a hole of {inner:g} mm, {t:g} mm thick",
    ])  # fmt: skip
    size = {"width": od, "depth": od, "height": t}
    return _case(brief, "ring", size, parts={"hole": {"diameter": inner}}, outcome="build")


def _impossible(rng: random.Random) -> dict[str, Any]:
    kind = rng.choice(["walls", "hole", "volume", "legs"])
    if kind == "walls":
        side = float(rng.choice([3, 4, 5, 6, 8]))
        wall = side / 2 + rng.choice([0, 0.5, 1])
        brief = f"A hollow cube {side:g} cm on each side with {wall:g} cm thick walls"
        return _case(brief, "impossible", {"width": side * 10, "depth": side * 10, "height": side * 10}, parts={"wall": {"thickness": wall * 10}}, outcome="refuse")  # fmt: skip
    if kind == "hole":
        od = float(rng.choice(range(10, 40, 2)))
        hole = od + rng.choice([0, 2, 4, 6])
        brief = rng.choice([f"A flat washer with an outer diameter of {od:g} mm and a hole of {hole:g} mm", f"Washer, OD {od:g} mm, ID {hole:g} mm, 2 mm thick"])  # fmt: skip
        return _case(brief, "impossible", {"width": od, "depth": od}, parts={"hole": {"diameter": hole}}, outcome="refuse")  # fmt: skip
    if kind == "volume":
        side = float(rng.choice([8, 10, 12]))
        litres = rng.choice([2, 3, 5])
        brief = f"A closed box {side:g} x {side:g} x {side:g} cm with 1 cm walls that must hold {litres} litres"
        return _case(brief, "impossible", {"width": side * 10, "depth": side * 10, "height": side * 10}, parts={"wall": {"thickness": 10.0}}, outcome="refuse")  # fmt: skip
    h = float(rng.choice([60, 70, 75]))
    leg = h + rng.choice([10, 20, 30])
    brief = f"A table {h:g} cm tall standing on four legs {leg:g} cm long"
    return _case(brief, "impossible", {"height": h * 10}, parts={"leg": {"length": leg * 10}}, counts={"leg": 4}, outcome="refuse")  # fmt: skip


def _ambiguous(rng: random.Random) -> dict[str, Any]:
    kind = rng.choice(["twice", "bare", "none"])
    noun = rng.choice(["table", "desk", "bookshelf", "box"])
    if kind == "twice":
        a, b = rng.sample([70, 75, 80, 90, 100], 2)
        brief = f"A {noun} {a} cm high with a drawer; it should be {b} cm high overall"
        return _case(brief, "ambiguous", {}, outcome="ask")
    if kind == "bare":
        v = rng.choice([60, 90, 120, 160])
        brief = rng.choice([f"A {noun} of {v} cm", f"I need a {v} cm {noun}", f"{noun.capitalize()}, {v} cm, oak"])  # fmt: skip
        return _case(brief, "ambiguous", {}, outcome="ask")
    brief = rng.choice([f"A big chunky {noun} for my workshop", f"A nice {noun} for the living room", f"Make me a simple {noun}"])  # fmt: skip
    return _case(brief, "ambiguous", {}, outcome="assume")


_WOODS = ["oak", "walnut", "natural pine", "beech", "birch"]
_METALS = ["brass", "steel", "chrome", "black steel"]
_READ_AS = {"black steel": "black"}  # the colour word; the material is read beside it
_PLAIN = ["black", "white", "red", "light blue", "dark green", "grey", "navy", "yellow", "pale pink"]  # fmt: skip


def _paints(rng: random.Random, *pools: list[str]) -> list[str]:
    """Different colours or materials, one from each pool."""
    found: list[str] = []
    for pool in pools:
        found.append(rng.choice([c for c in pool if c not in found]))
    return found


def _read(paints: dict[str, str]) -> dict[str, str]:
    return {part: _READ_AS.get(paint, paint) for part, paint in paints.items()}


def _part_colours(rng: random.Random) -> dict[str, Any]:
    """Parts in colours of their own: said before the part ("a black top"), after it ("legs
    in white", "the lid is red", "Top: oak."), for two parts at once ("legs and backrest in
    grey"), beside an object colour of the rest ("a white frame")."""
    return rng.choice([_coloured_table, _coloured_box, _coloured_shelf, _coloured_mug, _coloured_chair, _coloured_lamp])(rng)  # fmt: skip


def _coloured_table(rng: random.Random) -> dict[str, Any]:
    unit = rng.choice(["cm", "mm", "in"])
    w, d, h = _pick_mm(rng, unit, 800, 1800), _pick_mm(rng, unit, 500, 900), _pick_mm(rng, unit, 650, 800)  # fmt: skip
    top, legs = _paints(rng, _PLAIN + _WOODS, _PLAIN + _METALS)
    noun, size = rng.choice(["table", "desk", "dining table", "side table"]), _size_phrase(rng, w, d, h, unit)  # fmt: skip
    brief = rng.choice([
        f"A {noun} {size}, with a {top} top and {legs} legs",
        f"A {noun}, {size}: {top} top, legs in {legs}",
        f"{noun.capitalize()} {size} with the top in {top} and the legs painted {legs}",
        f"A {noun} with a {top} table top on four {legs} legs, {size}",
        f"{noun.capitalize()}, {size}. Top: {top}. Legs: {legs}.",
        f"A {noun} {size}; the top is {top}, the legs are {legs}",
    ])  # fmt: skip
    return _case(brief, "part_colours", {"width": w, "depth": d, "height": h}, part_colours=_read({"top": top, "leg": legs}), colour=None, outcome="build")  # fmt: skip


def _coloured_box(rng: random.Random) -> dict[str, Any]:
    w, d, h = (float(rng.randrange(100, 400, 10)) for _ in range(3))
    body, lid = _paints(rng, _PLAIN + _WOODS, _PLAIN)
    size = f"{w / 10:g} x {d / 10:g} x {h / 10:g} cm"
    brief = rng.choice([
        f"A {body} box {size} with a {lid} lid",
        f"Box with a lid, {size}, the box {body} and the lid {lid}",
        f"A {body} storage box with a {lid} lid, {size}",
        f"A box, {size}, in {body}; lid in {lid}",
    ])  # fmt: skip
    return _case(brief, "part_colours", {"width": w, "depth": d, "height": h}, part_colours=_read({"lid": lid}), colour=body, outcome="build")  # fmt: skip


def _coloured_shelf(rng: random.Random) -> dict[str, Any]:
    unit = rng.choice(["cm", "mm"])
    w, d, h = _pick_mm(rng, unit, 600, 1200), _pick_mm(rng, unit, 250, 400), _pick_mm(rng, unit, 900, 2000)  # fmt: skip
    boards, frame = _paints(rng, _WOODS + _PLAIN, _PLAIN)
    n = rng.randint(3, 6)
    noun, size = rng.choice(["bookcase", "bookshelf", "shelving unit"]), _size_phrase(rng, w, d, h, unit)  # fmt: skip
    brief = rng.choice([
        f"A {noun} {size} with {n} {boards} shelves and a {frame} frame",
        f"{noun.capitalize()} {size}: a {frame} frame with {n} shelves in {boards}",
        f"A {frame} {noun}, {size}, {_COUNTS.get(n, n)} shelves painted {boards}",
    ])  # fmt: skip
    return _case(brief, "part_colours", {"width": w, "depth": d, "height": h}, counts={"shelf": n}, part_colours=_read({"shelf": boards}), colour=frame, outcome="build")  # fmt: skip


def _coloured_mug(rng: random.Random) -> dict[str, Any]:
    diameter, h = float(rng.choice(range(70, 100, 5))), float(rng.choice(range(80, 120, 5)))
    body, handle = _paints(rng, _PLAIN, _PLAIN)
    brief = rng.choice([
        f"A {body} mug {diameter / 10:g} cm across and {h / 10:g} cm tall with a {handle} handle",
        f"Mug, {diameter:g} mm diameter, {h:g} mm high, {body}, handle in {handle}",
        f"A mug {diameter:g} mm in diameter and {h:g} mm tall: {body} body, the handle {handle}",
    ])  # fmt: skip
    return _case(brief, "part_colours", {"diameter": diameter, "height": h}, part_colours=_read({"handle": handle}), colour=body, outcome="build")  # fmt: skip


def _coloured_chair(rng: random.Random) -> dict[str, Any]:
    w, d, h = float(rng.choice(range(400, 520, 10))), float(rng.choice(range(400, 520, 10))), float(rng.choice(range(800, 1000, 10)))  # fmt: skip
    seat, legs = _paints(rng, _PLAIN + _WOODS, _PLAIN + _METALS)
    size = f"{w / 10:g} x {d / 10:g} cm, {h / 10:g} cm tall"
    brief, parts = rng.choice([
        (f"A chair {size} with a {seat} seat and {legs} legs", {"seat": seat, "leg": legs}),
        (f"A chair, {size}; seat in {seat}, legs and backrest in {legs}", {"seat": seat, "leg": legs, "back": legs}),
        (f"Dining chair {size}, the seat {seat}, the legs {legs}", {"seat": seat, "leg": legs}),
    ])  # fmt: skip
    return _case(brief, "part_colours", {"width": w, "depth": d, "height": h}, part_colours=_read(parts), colour=None, outcome="build")  # fmt: skip


def _coloured_lamp(rng: random.Random) -> dict[str, Any]:
    h = float(rng.choice(range(350, 650, 10)))
    shade, base = _paints(rng, _PLAIN, _PLAIN + _METALS)
    brief = rng.choice([
        f"A table lamp {h / 10:g} cm tall with a {shade} shade on a {base} base",
        f"Table lamp, {h:g} mm high: shade in {shade}, base in {base}",
        f"A {h / 10:g} cm tall desk lamp, {shade} shade, {base} base",
    ])  # fmt: skip
    return _case(brief, "part_colours", {"height": h}, part_colours=_read({"shade": shade, "base": base}), colour=None, outcome="build")  # fmt: skip


GENERATORS: dict[str, Callable[[random.Random], dict[str, Any]]] = {
    "table": _table, "shelf": _shelf, "container": _container, "board": _board, "ring": _ring,
    "impossible": _impossible, "ambiguous": _ambiguous, "part_colours": _part_colours,
}  # fmt: skip


def generate(count: int = 320, seed: int = 24) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    names = sorted(GENERATORS)
    found: dict[str, dict[str, Any]] = {}
    while len(found) < count:
        case = GENERATORS[names[len(found) % len(names)]](rng)
        found.setdefault(case["brief"], case)
    return list(found.values())


# --- scoring ------------------------------------------------------------------------------------
def outcome_of(meaning: dict[str, Any]) -> str:
    if meaning["refusals"]:
        return "refuse"
    if meaning["questions"]:
        return "ask"
    return "assume" if meaning["assumptions"] else "build"


def misses(case: dict[str, Any], reading: dict[str, Any], meaning: dict[str, Any]) -> list[str]:
    """Where the reading differs from what the case expects (empty when it is right)."""
    return [check["message"] for check in checks(case, reading, meaning) if not check["ok"]]


def checks(
    case: dict[str, Any], reading: dict[str, Any], meaning: dict[str, Any]
) -> list[dict[str, Any]]:
    """One check per thing the case expects of the reading: {"check", "ok", "got", "expected",
    "message"}, the message saying what was read instead."""
    expect = case["expect"]

    def of(part: str) -> dict[str, Any]:
        return reading["parts"].get(part) or {}

    found = []
    if "outcome" in expect:
        found.append(_equal("outcome", outcome_of(meaning), expect["outcome"]))
    for axis, value in expect.get("size_mm", {}).items():
        found.append(_near(axis, meaning["size_mm"].get(axis), value, f"{value:g} mm"))
    for part, dims in expect.get("parts", {}).items():
        sizes = of(part).get("size_mm", {})
        found += [_near(f"{part} {dim}", sizes.get(dim), value, f"{value}") for dim, value in dims.items()]  # fmt: skip
    found += [_equal(f"{part} count", of(part).get("count"), n) for part, n in expect.get("counts", {}).items()]  # fmt: skip
    if "absent" in expect:
        found.append(_equal("absent", sorted(reading["absent"]), sorted(expect["absent"])))
    if "colour" in expect:
        found.append(_equal("colour", reading["colour"], expect["colour"], quoted=True))
    for part, colour in expect.get("part_colours", {}).items():
        found.append(_equal(f"{part} colour", of(part).get("colour"), colour, quoted=True))
    return found


def _equal(name: str, got: Any, expected: Any, *, quoted: bool = False) -> dict[str, Any]:
    said, wanted = (repr(got), repr(expected)) if quoted else (got, expected)
    return _check(name, got, expected, got == expected, f"{name} {said}, expected {wanted}")


def _near(name: str, got: Any, expected: Any, wanted: str) -> dict[str, Any]:
    ok = got == expected or _close(got, expected)
    return _check(name, got, expected, ok, f"{name} {got}, expected {wanted}")


def _check(name: str, got: Any, expected: Any, ok: bool, message: str) -> dict[str, Any]:
    return {"check": name, "ok": ok, "got": got, "expected": expected, "message": message}


def _close(got: Any, value: Any) -> bool:
    if isinstance(value, list) and isinstance(got, list) and len(got) == len(value):
        return all(abs(a - b) <= 1e-3 * b for a, b in zip(got, value, strict=True))
    return isinstance(got, int | float) and abs(got - value) <= 1e-3 * value


def score(
    cases: list[dict[str, Any]], reader: Callable[[str], tuple[dict[str, Any], dict[str, Any]]]
) -> dict[str, Any]:
    """Accuracy per split and every miss, with the brief and what was wrong."""
    report: dict[str, Any] = {"splits": {}, "misses": []}
    for case in cases:
        reading, meaning = reader(case["brief"])
        wrong = misses(case, reading, meaning)
        split = report["splits"].setdefault(case["split"], {"briefs": 0, "right": 0})
        split["briefs"] += 1
        split["right"] += not wrong
        if wrong:
            report["misses"].append({"brief": case["brief"], "split": case["split"], "kind": case["kind"], "misses": wrong})  # fmt: skip
    for split in report["splits"].values():
        split["accuracy"] = round(split["right"] / split["briefs"], 4)
    return report


def suite_tasks() -> list[dict[str, Any]]:
    """The corpus as the tasks of the `three_d_reader` eval suite (eval-suites/three_d_reader): one
    per brief, named by its kind and a digest of its text, its kind as the difficulty and its
    split as a tag, checked by `three_d_reading` against the expected reading."""
    return [
        {
            "id": f"{case['kind']}-{hashlib.sha256(case['brief'].encode()).hexdigest()[:8]}",
            "difficulty": case["kind"],
            "tags": [case["split"]],
            "input": {"brief": case["brief"]},
            "checker": {"kind": "three_d_reading", "expect": case["expect"]},
            "expect": {"change_required": False},
        }
        for case in generate()
    ]


def read_for_scoring(text: str) -> tuple[dict[str, Any], dict[str, Any]]:
    from agents.three_d.brief import understand

    reading, meaning = understand(text)
    return reading.as_dict(), meaning
