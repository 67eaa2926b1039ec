"""Deterministic repairs: findings with a fix that needs no judgement are applied to the plan
here; everything else goes to the model with the findings as its observation.

- dimension: a template gets the brief's value for that parameter; a free-form spec is scaled
  along the axis (the spec's top-level `scale`).
- not_grounded: every root part moves by the offset.
- floating: a loose group of parts moves along the axis that separates it from the rest, until
  it touches (only where no ancestor rotates or scales, so the move stays a translation).
- triangle_budget: the circular resolution drops in proportion, down to the minimum.
- build: a template plan whose parameters did not build (they contradict each other: discs as
  narrow as the bar) gets the template's defaults for every parameter the brief does not state,
  once; what the brief states stays.
"""

from __future__ import annotations

import copy
import math
from typing import Any

from agents.three_d.library import TEMPLATES
from agents.three_d.planning import stated_parameters
from agents.three_d.schema import MIN_SEGMENTS, UNIT_MM, iter_solids

AXES = {"width": (0,), "depth": (1,), "height": (2,), "diameter": (0, 1)}


class Repair:
    """One round of deterministic fixes over a copy of the plan."""

    def __init__(self, state: dict[str, Any]) -> None:
        self.state = state
        self.plan = copy.deepcopy(state["plan"])
        self.segments = int(state["segments"])
        self.applied: list[str] = []
        self.remaining: list[dict[str, Any]] = []
        self.moved: set[str] = set()
        self.targets: list[dict[str, Any]] = []  # the finding each applied fix is for

    def run(self, findings: list[dict[str, Any]]) -> Repair:
        # A fix that changed nothing before is not tried again: the model gets that finding.
        stuck = [
            t for e in self.state.get("repair_log", []) for t in e.get("no_effect_targets", [])
        ]
        for item in findings:
            handler = getattr(self, f"_fix_{item['code']}", None)
            before = len(self.applied)
            if handler is None or target_of(item) in stuck or not handler(item):
                self.remaining.append(item)
            elif len(self.applied) > before:
                self.targets.append(target_of(item))
        return self

    # --- dimensions ------------------------------------------------------------------------
    def _fix_dimension(self, item: dict[str, Any]) -> bool:
        name, expected, actual = item["dimension"], item["expected_mm"], item["actual_mm"]
        if self.plan["kind"] == "template":
            parameter = TEMPLATES[self.plan["template"]].dimensions.get(name)
            if parameter is None:
                return False
            value = round(expected / UNIT_MM[self.state["units"]], 6)
            self.plan["parameters"][parameter] = value
            self.applied.append(f"set {parameter} to {value:g} {self.state['units']}")
            return True
        if actual <= 0:
            return False
        spec = self.plan["spec"]
        scale = list(spec.get("scale", [1.0, 1.0, 1.0]))
        for axis in AXES[name]:
            scale[axis] *= expected / actual
        spec["scale"] = [round(s, 9) for s in scale]
        self.applied.append(f"scaled the model by {expected / actual:.4f} for its {name}")
        return True

    # --- a template that did not build -------------------------------------------------------
    def _fix_build(self, item: dict[str, Any]) -> bool:
        """The model's guesses for what the brief leaves open go back to the template's
        defaults (its colour stays: it breaks no relation)."""
        if self.plan["kind"] != "template":
            return False
        name = self.plan["template"]
        defaults = TEMPLATES[name].defaults(self.state["units"])
        stated = stated_parameters(self.state, name)
        parameters = self.plan["parameters"]
        guessed = sorted(
            key
            for key, value in parameters.items()
            if key in defaults and key not in stated and key != "color" and value != defaults[key]
        )
        if not guessed:
            return False
        for key in guessed:
            parameters[key] = defaults[key]
        shown = ", ".join(f"{key} {_shown(defaults[key])}" for key in guessed)
        self.applied.append(f"set {shown} (the template's defaults; the brief does not state them): {item['message']}")  # fmt: skip
        return True

    # --- placement -------------------------------------------------------------------------
    def _fix_not_grounded(self, item: dict[str, Any]) -> bool:
        spec = self._as_spec()
        offset = item["offset_mm"] / self._axis_mm(spec, 2)
        for part in spec["parts"]:
            if not part.get("parent"):
                _shift(part, 2, -offset)
        self.applied.append(f"moved the asset {-item['offset_mm']:+.1f} mm onto the ground plane")
        return True

    def _fix_floating(self, item: dict[str, Any]) -> bool:
        if item["part"] in self.moved:
            return True  # its whole group moved already
        spec = self._as_spec()
        group, rest = set(item["group"]), item["attached_to"]
        boxes = {p["name"]: p["bounds_mm"] for p in self.state["build"]["parts"]}
        box = _union_box(boxes, group)
        axis, delta_mm = _closing_move(box, [boxes[n] for n in rest])
        # Sink in a little, so the parts fuse into one body instead of touching at a point.
        delta_mm += math.copysign(min(1.0, 0.1 * (box[1][axis] - box[0][axis])), delta_mm)
        movers = [p for p in spec["parts"] if p["name"] in group and p.get("parent") not in group]
        if not all(_translations_only(spec, p) for p in movers):
            return False
        for part in movers:
            _shift(part, axis, delta_mm / self._axis_mm(spec, axis))
        self.moved.update(group)
        self.applied.append(
            f"moved {', '.join(sorted(group))} {delta_mm:+.1f} mm along {'XYZ'[axis]} to touch the rest"
        )
        return True

    # --- resolution ------------------------------------------------------------------------
    def _fix_triangle_budget(self, item: dict[str, Any]) -> bool:
        if self.segments <= MIN_SEGMENTS:
            return False
        ratio = item["budget"] / item["triangles"]
        target = max(MIN_SEGMENTS, min(self.segments - 1, math.floor(self.segments * ratio * 0.9)))
        self.segments = target
        if self.plan["kind"] == "spec":
            self.plan["spec"]["segments"] = target
            for _, _, solid in iter_solids(self.plan["spec"]):
                if solid.get("segments", 0) > target:
                    solid["segments"] = target
        self.applied.append(f"lowered the circular resolution to {target} segments")
        return True

    # --- helpers ---------------------------------------------------------------------------
    def _as_spec(self) -> dict[str, Any]:
        """Placement fixes edit geometry, so a template plan becomes the spec it produced."""
        if self.plan["kind"] != "spec":
            self.plan = {"kind": "spec", "spec": copy.deepcopy(self.state["spec"])}
        spec: dict[str, Any] = self.plan["spec"]
        return spec

    def _axis_mm(self, spec: dict[str, Any], axis: int) -> float:
        return UNIT_MM[spec.get("units", "mm")] * float(spec.get("scale", [1.0, 1.0, 1.0])[axis])


def target_of(item: dict[str, Any]) -> dict[str, Any]:
    """What a fix is checked against once the model is built again."""
    keys = ("code", "dimension", "part", "actual_mm", "triangles", "offset_mm")
    return {key: item[key] for key in keys if key in item}


def check_repair(entry: dict[str, Any], failures: list[dict[str, Any]]) -> dict[str, Any]:
    """The repair log entry after re-measuring: a fix whose finding is still there, measured
    the same, changed nothing and is moved from `fixed` to `no_effect`."""
    fixed: list[str] = []
    no_effect: list[str] = []
    stuck: list[dict[str, Any]] = []
    for message, target in zip(entry.get("fixed", []), entry.get("targets", []), strict=False):
        same = [f for f in failures if target_of(f) == target]
        (no_effect if same else fixed).append(message)
        if same:
            stuck.append(target)
    checked = {k: v for k, v in entry.items() if k != "targets"}
    return {
        **checked,
        "fixed": fixed,
        "no_effect": no_effect,
        "no_effect_targets": stuck,
        "checked": True,
    }


def _shown(value: Any) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def _shift(part: dict[str, Any], axis: int, amount: float) -> None:
    transform = part.setdefault("transform", {})
    translate = list(transform.get("translate", [0.0, 0.0, 0.0]))
    translate[axis] = round(translate[axis] + amount, 9)
    transform["translate"] = translate


def _translations_only(spec: dict[str, Any], part: dict[str, Any]) -> bool:
    by_name = {p["name"]: p for p in spec["parts"]}
    current = by_name.get(part.get("parent") or "")
    while current is not None:
        transform = current.get("transform") or {}
        if any(transform.get("rotate", [0, 0, 0])) or transform.get("scale", [1, 1, 1]) != [
            1,
            1,
            1,
        ]:
            return False
        current = by_name.get(current.get("parent") or "")
    return True


def _union_box(boxes: dict[str, Any], names: set[str]) -> list[list[float]]:
    lows = [boxes[n][0] for n in names]
    highs = [boxes[n][1] for n in names]
    return [
        [min(v[i] for v in lows) for i in range(3)],
        [max(v[i] for v in highs) for i in range(3)],
    ]


def _closing_move(box: list[list[float]], others: list[list[list[float]]]) -> tuple[int, float]:
    """The single-axis move that brings `box` into contact with the nearest of `others`."""
    best: tuple[float, int, float] | None = None
    for other in others:
        gaps = [max(other[0][i] - box[1][i], box[0][i] - other[1][i]) for i in range(3)]
        axis = max(range(3), key=lambda i: gaps[i])
        distance = math.sqrt(sum(max(g, 0.0) ** 2 for g in gaps))
        delta = (
            other[0][axis] - box[1][axis]
            if box[1][axis] < other[0][axis]
            else other[1][axis] - box[0][axis]
        )
        if best is None or distance < best[0]:
            best = (distance, axis, delta)
    assert best is not None
    return best[1], best[2]
