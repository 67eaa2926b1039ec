"""Argument conditions of approval rules: a JSON path, an operator and a value.

Paths: `$.amount`, `$.payee.iban`, `$.items[0].price`, `$.files[*].path` (`[*]`: any element).
A condition holds only when the path leads to a value of the kind its operator compares
(numbers for gt/gte/lt/lte, strings for under/host_in/contains, ...) and the comparison is
true; an absent path or a value of another kind never makes a condition hold (pair rules, or
use `exists`, to catch those).

Amounts are read however they are written, so that re-encoding one cannot slip it past a rule:
a number, a string (`"1,000.50"`, `"$2000"`, `"2 000 EUR"`, `"1.000,50"`, `"2e3"`), or any of
those inside a list or an object at the path (`[500, 2000]`, `{"value": "2000"}`). A string
that two conventions read differently (`"1,000"`: one thousand, or one) counts as every reading.
A comparison holds when some reading satisfies it; for an `allow` rule (`every=True`) only when
every reading does, so an encoding can make a rule catch more, never allow more.
"""

from __future__ import annotations

import math
import posixpath
import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

_MISSING = object()
_TOKEN = re.compile(r"\.([A-Za-z_][A-Za-z0-9_\-]*)|\[(\d+|\*)\]|\[\"([^\"]+)\"\]")
NUMERIC = {"gt", "gte", "lt", "lte"}
LISTS = {"in", "not_in", "host_in", "host_not_in"}
STRINGS = {"under", "not_under", "contains"}
OPERATORS = NUMERIC | LISTS | STRINGS | {"eq", "ne", "exists"}


def parse_path(path: str) -> list[str | int | None]:
    """`$.a.b[0][*]["x y"]` -> ["a", "b", 0, None, "x y"] (None: any element); ValueError."""
    if not isinstance(path, str) or not path.startswith("$") or len(path) > 200:
        raise ValueError("a path starts with $ (e.g. $.amount, $.items[0].price)")
    steps: list[str | int | None] = []
    position = 1
    while position < len(path):
        match = _TOKEN.match(path, position)
        if match is None:
            raise ValueError(f"cannot read the path from {path[position:]!r}")
        name, index, quoted = match.groups()
        if index is not None:
            steps.append(None if index == "*" else int(index))
        else:
            steps.append(name or quoted)
        position = match.end()
    if not steps:
        raise ValueError("the path names no field: write $.field")
    return steps


def values_at(document: Any, steps: list[str | int | None]) -> Iterator[Any]:
    """Every value the path reaches (several through `[*]`)."""
    if not steps:
        yield document
        return
    step, rest = steps[0], steps[1:]
    if step is None:
        if isinstance(document, list):
            for item in document:
                yield from values_at(item, rest)
    elif isinstance(step, int):
        if isinstance(document, list) and 0 <= step < len(document):
            yield from values_at(document[step], rest)
    elif isinstance(document, dict) and step in document:
        yield from values_at(document[step], rest)


def check_condition(condition: Any) -> str | None:
    """What is wrong with one argument condition, or None."""
    if not isinstance(condition, dict) or set(condition) - {"path", "op", "value"}:
        return 'each argument condition is {"path", "op", "value"}'
    try:
        parse_path(str(condition.get("path")))
    except ValueError as error:
        return f"path {condition.get('path')!r}: {error}"
    op, value = condition.get("op"), condition.get("value", _MISSING)
    if op not in OPERATORS:
        return f"op {op!r} is not one of {sorted(OPERATORS)}"
    return _check_value(op, value)


def _check_value(op: str, value: Any) -> str | None:
    if value is _MISSING:
        return f"op {op} needs a value"
    if op in NUMERIC and not _is_number(value):
        return f"op {op} compares numbers; give a number, not {value!r}"
    if op in LISTS and not (isinstance(value, list) and value and len(value) <= 500):
        return f"op {op} needs a non-empty list (at most 500 items)"
    if op in {"host_in", "host_not_in"} and not all(isinstance(v, str) and v for v in value):
        return f"op {op} needs a list of host names"
    if op in STRINGS and not (isinstance(value, str) and value):
        return f"op {op} needs a non-empty string"
    if op == "exists" and not isinstance(value, bool):
        return "op exists needs true or false"
    return None


def holds(condition: dict[str, Any], arguments: dict[str, Any], *, every: bool = False) -> bool:
    """True when some value at the path satisfies the operator (see the module docstring)."""
    steps = parse_path(condition["path"])
    op, expected = condition["op"], condition["value"]
    found = list(values_at(arguments, steps))
    if op == "exists":
        return bool(found) == expected
    if op in NUMERIC:
        readings = [n for value in found for n in amounts_in(value)]
        results = [_numeric(op, reading, float(expected)) for reading in readings]
        return bool(results) and (all(results) if every else any(results))
    return any(_compare(op, value, expected) for value in found)


def amounts_in(value: Any, depth: int = 0) -> list[float]:
    """Every number `value` may stand for: itself, a string's readings, and (a few levels
    deep) those of the items of a list or the values of an object."""
    if _is_number(value):
        return [] if math.isnan(float(value)) else [float(value)]
    if isinstance(value, str):
        return _readings(value)
    if depth >= 4:
        return []
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else []
    return [n for item in items for n in amounts_in(item, depth + 1)]


_AMOUNT = re.compile(r"[+-]?[0-9][0-9.,'\u00a0\u202f _]*(?:[eE][+-]?[0-9]+)?")


def _readings(text: str) -> list[float]:
    """The numbers a written amount may mean; currency signs, codes and words around it are
    ignored. With both `,` and `.` the last one is the decimal point; one kind used several
    times separates thousands; used once before exactly three digits it may be either."""
    match = _AMOUNT.search(text.replace("\u2212", "-"))
    if match is None or len(text) > 100:
        return []
    raw = re.sub(r"['\u00a0\u202f _]", "", match.group()).rstrip(".,")
    negative = raw.startswith("-") or text.strip().startswith(("-", "(", "\u2212"))
    digits = raw.lstrip("+-")
    readings = {_number(candidate) for candidate in _spellings(digits)}
    return sorted(-n if negative else n for n in readings if n is not None)


def _spellings(digits: str) -> list[str]:
    mantissa, _, exponent = digits.lower().partition("e")
    suffix = f"e{exponent}" if exponent else ""
    marks = [c for c in mantissa if c in ",."]
    if not marks:
        return [digits]
    if len(set(marks)) == 2:
        decimal = mantissa[max(mantissa.rfind(","), mantissa.rfind("."))]
        thousands = "," if decimal == "." else "."
        return [mantissa.replace(thousands, "").replace(decimal, ".") + suffix]
    mark = marks[0]
    whole = mantissa.replace(mark, "") + suffix
    if len(marks) > 1:
        return [whole]
    decimal = mantissa.replace(mark, ".") + suffix
    after = mantissa.split(mark)[1]
    return [whole, decimal] if len(after) == 3 else [decimal]


def _number(candidate: str) -> float | None:
    try:
        number = float(candidate)
    except ValueError:
        return None
    return None if math.isnan(number) else number


def _compare(op: str, value: Any, expected: Any) -> bool:
    if op in ("eq", "ne"):
        return (value == expected and type(value) is type(expected)) == (op == "eq")
    if op in ("in", "not_in"):
        return (value in expected) == (op == "in") if _scalar(value) else False
    if not isinstance(value, str):
        return False
    if op in ("under", "not_under"):
        return _under(value, expected) == (op == "under")
    if op == "contains":
        return expected in value
    host = _host(value)
    return host is not None and _host_listed(host, expected) == (op == "host_in")


def _numeric(op: str, value: float, expected: float) -> bool:
    return {
        "gt": value > expected,
        "gte": value >= expected,
        "lt": value < expected,
        "lte": value <= expected,
    }[op]


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _scalar(value: Any) -> bool:
    return isinstance(value, str | int | float | bool) or value is None


def _under(path: str, prefix: str) -> bool:
    """Whether `path` lies at or below `prefix`, after resolving `.` and `..` (a path that
    climbs out with `..` is not under its starting directory)."""
    normal, base = posixpath.normpath(path), posixpath.normpath(prefix)
    if base in ("/", "."):
        return normal.startswith("/") if base == "/" else not normal.startswith(("/", ".."))
    return normal == base or normal.startswith(base + "/")


def _host(value: str) -> str | None:
    text = value.strip()
    if "://" in text:
        try:
            host = urlsplit(text).hostname
        except ValueError:
            return None
    else:
        host = text.split("/", 1)[0].rsplit("@", 1)[-1]
        host = host[1:].split("]", 1)[0] if host.startswith("[") else host.split(":", 1)[0]
    return host.lower().rstrip(".") if host else None


def _host_listed(host: str, allowed: list[str]) -> bool:
    for entry in allowed:
        name = entry.lower().rstrip(".")
        if name.startswith("*.") and host.endswith(name[1:]):
            return True
        if host == name:
            return True
    return False
