"""Validation: the rules an asset must pass, applied to what the sandbox measured.

Each failed rule is a finding with a code the repair node understands: `geometry` (a profile
that crosses itself, a torus without a hole), `build` (the spec did not build), `non_manifold`
(a part is not a closed 2-manifold once loaded back), `split_part` (one part is several pieces),
`not_closed` (the printable whole has open or non-manifold seams), `floating` (parts not
connected to the rest), `not_grounded`, `dimension`, `bounding_box`, `triangle_budget`,
`roundtrip` (the file does not load back as built). Closed-surface rules fail only when the
target use needs them (print); for real-time use they are warnings.
"""

from __future__ import annotations

from typing import Any

from agents.three_d.schema import UNIT_MM, iter_solids

GROUND_TOLERANCE_MM = 0.5


def finding(code: str, message: str, **extra: Any) -> dict[str, Any]:
    return {"code": code, "message": message, **extra}


def geometry_findings(spec: dict[str, Any]) -> list[dict[str, Any]]:
    """Problems the builder would silently paper over: crossing profiles, a torus with no hole,
    a capsule shorter than its diameter, a cone whose two radii are zero."""
    found = []
    for part, path, solid in iter_solids(spec):
        message = _solid_geometry(solid)
        if message:
            found.append(finding("geometry", f"{path} ({part}): {message}", part=part))
    return found


def _solid_geometry(solid: dict[str, Any]) -> str | None:
    kind = solid.get("primitive")
    if kind in ("extrude", "revolve"):
        return _profile_problem(solid["profile"], revolve=kind == "revolve")
    if kind == "torus" and solid["minor_radius"] >= solid["major_radius"]:
        return "minor_radius must be smaller than major_radius"
    if kind == "capsule" and solid["height"] < 2 * solid["radius"]:
        return "height must be at least twice the radius"
    return None


def _profile_problem(points: list[list[float]], *, revolve: bool) -> str | None:
    if revolve and any(x < 0 for x, _ in points):
        return "a revolved profile needs x (the radius) >= 0 everywhere"
    if abs(_area(points)) < 1e-9:
        return "the profile encloses no area"
    edges = list(zip(points, points[1:] + points[:1], strict=True))
    for i, first in enumerate(edges):
        for j in range(i + 2, len(edges)):
            if i == 0 and j == len(edges) - 1:
                continue  # neighbours through the closing edge
            if _cross(first, edges[j]):
                return f"the profile crosses itself (edges {i} and {j})"
    return None


def _area(points: list[list[float]]) -> float:
    pairs = zip(points, points[1:] + points[:1], strict=True)
    return sum(a[0] * b[1] - b[0] * a[1] for a, b in pairs) / 2


def _cross(e1: tuple[list[float], list[float]], e2: tuple[list[float], list[float]]) -> bool:
    def side(a: list[float], b: list[float], c: list[float]) -> float:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    (p, q), (r, s) = e1, e2
    d1, d2, d3, d4 = side(p, q, r), side(p, q, s), side(r, s, p), side(r, s, q)
    return d1 * d2 < 0 and d3 * d4 < 0


def measured(report: dict[str, Any]) -> dict[str, Any]:
    low, high = report["bounds_mm"]
    width, depth, height = (round(high[i] - low[i], 4) for i in range(3))
    return {
        "width_mm": width,
        "depth_mm": depth,
        "height_mm": height,
        # Round things: the smaller horizontal extent, so a mug's handle does not count.
        "diameter_mm": min(width, depth),
        "bounds_mm": report["bounds_mm"],
        "parts": len(report["parts"]),
        "triangles": sum(p["triangles"] for p in report["reloaded"]["parts"]),
        "glb_bytes": report["glb"]["bytes"],
        "printable": bool(report["union"]["stl"]),
        "bodies": report["union"]["components"],
    }


def validate(report: dict[str, Any], rules: dict[str, Any]) -> dict[str, Any]:
    """`rules`: target_use, triangle_budget, tolerance (fraction), reference_mm and
    bounding_box_mm (optional). Returns {ok, failures, warnings, measured}."""
    facts = measured(report)
    strict = rules["target_use"] == "print"
    failures: list[dict[str, Any]] = []
    warnings: list[dict[str, Any]] = []
    for item in _closed_surface(report):
        (failures if strict else warnings).append(item)
    failures += _roundtrip(report) + _connectivity(report) + _ground(report)
    failures += _dimensions(facts, rules) + _budget(facts, rules) + _bounding_box(facts, rules)
    return {"ok": not failures, "failures": failures, "warnings": warnings, "measured": facts}


def _closed_surface(report: dict[str, Any]) -> list[dict[str, Any]]:
    found = []
    for part in report["reloaded"]["parts"]:
        if not part["watertight"]:
            message = f"part {part['name']!r} is not a closed 2-manifold surface (open or non-manifold edges)"
            found.append(finding("non_manifold", message, part=part["name"]))
    for part in report["parts"]:
        if part["components"] > 1:
            message = (
                f"part {part['name']!r} is {part['components']} separate pieces, not one solid"
            )
            found.append(finding("split_part", message, part=part["name"]))
    if not report["union"]["watertight"]:
        message = (
            "the asset as a whole is not a closed surface: parts meet only along edges or at points"
        )
        found.append(finding("not_closed", message))
    return found


def _roundtrip(report: dict[str, Any]) -> list[dict[str, Any]]:
    built = {p["name"]: p["bounds_mm"] for p in report["parts"]}
    loaded = {p["name"]: p["bounds_mm"] for p in report["reloaded"]["parts"]}
    if set(built) != set(loaded):
        return [
            finding(
                "roundtrip",
                f"model.glb loads back with parts {sorted(loaded)}, built {sorted(built)}",
            )
        ]
    for name, bounds in built.items():
        if (
            max(
                abs(a - b)
                for low_high in zip(bounds, loaded[name], strict=True)
                for a, b in zip(*low_high, strict=True)
            )
            > 0.01
        ):
            return [finding("roundtrip", f"part {name!r} has other bounds in model.glb than built")]
    return []


def _connectivity(report: dict[str, Any]) -> list[dict[str, Any]]:
    names = [p["name"] for p in report["parts"]]
    groups = _components(names, report["contacts"]["pairs"])
    if len(groups) <= 1:
        return []
    ground = min(p["bounds_mm"][0][2] for p in report["parts"])
    lowest = {p["name"]: p["bounds_mm"][0][2] for p in report["parts"]}
    main = max(
        groups, key=lambda g: (min(lowest[n] for n in g) <= ground + GROUND_TOLERANCE_MM, len(g))
    )
    found = []
    for group in groups:
        if group is main:
            continue
        for name in sorted(group):
            message = f"part {name!r} floats: it does not touch the rest of the asset"
            found.append(
                finding(
                    "floating", message, part=name, group=sorted(group), attached_to=sorted(main)
                )
            )
    return found


def _components(names: list[str], pairs: list[list[str]]) -> list[set[str]]:
    parent = {name: name for name in names}

    def root(name: str) -> str:
        while parent[name] != name:
            parent[name] = parent[parent[name]]
            name = parent[name]
        return name

    for a, b in pairs:
        if a in parent and b in parent:
            parent[root(a)] = root(b)
    groups: dict[str, set[str]] = {}
    for name in names:
        groups.setdefault(root(name), set()).add(name)
    return list(groups.values())


def _ground(report: dict[str, Any]) -> list[dict[str, Any]]:
    bottom = report["bounds_mm"][0][2]
    if abs(bottom) <= GROUND_TOLERANCE_MM:
        return []
    where = "above" if bottom > 0 else "below"
    return [
        finding(
            "not_grounded",
            f"the asset's lowest point is {abs(bottom):.1f} mm {where} the ground plane",
            offset_mm=bottom,
        )
    ]


def _dimensions(facts: dict[str, Any], rules: dict[str, Any]) -> list[dict[str, Any]]:
    found = []
    for name, expected in (rules.get("reference_mm") or {}).items():
        actual = facts[f"{name}_mm"]
        error = abs(actual - expected) / expected
        if error > rules["tolerance"]:
            message = (
                f"{name} is {actual:.1f} mm; the brief asks for {expected:.1f} mm ({error:.1%} off)"
            )
            found.append(
                finding(
                    "dimension", message, dimension=name, expected_mm=expected, actual_mm=actual
                )
            )
    return found


def _budget(facts: dict[str, Any], rules: dict[str, Any]) -> list[dict[str, Any]]:
    budget = rules["triangle_budget"]
    if facts["triangles"] <= budget:
        return []
    message = f"{facts['triangles']} triangles; the budget is {budget}"
    return [finding("triangle_budget", message, triangles=facts["triangles"], budget=budget)]


def _bounding_box(facts: dict[str, Any], rules: dict[str, Any]) -> list[dict[str, Any]]:
    box = rules.get("bounding_box_mm")
    size = [facts["width_mm"], facts["depth_mm"], facts["height_mm"]]
    if not box or all(s <= b * (1 + rules["tolerance"]) for s, b in zip(size, box, strict=True)):
        return []
    shown = " x ".join(f"{s:.0f}" for s in size)
    limit = " x ".join(f"{b:.0f}" for b in box)
    return [finding("bounding_box", f"the asset is {shown} mm; it must fit in {limit} mm")]


def to_mm(values: dict[str, float], units: str) -> dict[str, float]:
    return {name: value * UNIT_MM[units] for name, value in values.items()}
