"""JSON values the platform can store, checked where they enter (a model's reply, a tool's
arguments or output, a request body, a checkpoint).

Python's `json` reads and writes `NaN` and `Infinity`, and its strings may hold a NUL character
or half of a UTF-16 surrogate pair: PostgreSQL's jsonb and text refuse all of these, so such a
value would fail only when it is saved, far from where it came in. `problem` names the first
thing wrong with a value (where it is and why), `check` raises it as `NotStorable`, and `loads`
reads JSON text strictly, and `jsonable` makes the platform's own values storable. Size limits keep one value from filling a row: the depth of nesting,
the length of one string and the number of items.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

MAX_DEPTH = 64
MAX_STRING_CHARS = 1_000_000
MAX_ITEMS = 100_000
MAX_INTEGER_BITS = 3_000  # ~900 digits; PostgreSQL's numeric takes more, nothing needs it

# NUL and lone surrogates: neither survives the trip into PostgreSQL (or to UTF-8).
_UNSTORABLE_CHARACTER = re.compile("[\x00\ud800-\udfff]")


class NotStorable(ValueError):
    """A value that cannot be stored as JSON; the message says where and why."""


def problem(value: Any, *, where: str = "value") -> str | None:
    """The first reason `value` cannot be stored, naming the path to it; None when it can."""
    pending: list[tuple[Any, str, int]] = [(value, where, 0)]
    items = 0
    while pending:
        item, path, depth = pending.pop()
        items += 1
        if items > MAX_ITEMS:
            return f"{where} has more than {MAX_ITEMS} items"
        found = _scalar_problem(item, path)
        if found is not None:
            return found
        if isinstance(item, (dict, list, tuple)):
            if depth >= MAX_DEPTH:
                return f"{path} is nested more than {MAX_DEPTH} levels deep"
            pending.extend(_children(item, path, depth + 1))
    return None


def check(value: Any, *, where: str = "value") -> None:
    found = problem(value, where=where)
    if found is not None:
        raise NotStorable(found)


def loads(text: str | bytes, *, where: str = "value") -> Any:
    """JSON text read strictly: `NaN`/`Infinity` and values `check` refuses raise NotStorable."""
    try:
        value = json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:
        raise NotStorable(f"{where} is nested more than {MAX_DEPTH} levels deep") from None
    except NotStorable as error:
        raise NotStorable(f"{where}: {error}") from None
    check(value, where=where)
    return value


def jsonable(value: Any, *, clean: bool = True) -> Any:
    """`value` as JSON, for values the platform makes itself (events, audit entries, webhook
    payloads): what `json` cannot write becomes its text (a datetime, a Decimal, a UUID, an
    exception), and with `clean` NUL and lone surrogates become U+FFFD and non-finite numbers
    null, so PostgreSQL can store it. Without `clean` (a tool's output, which the agent should
    hear about) `problem` then says what cannot be stored; input from outside is refused with
    `check`, so its sender learns what was wrong."""
    value = json.loads(json.dumps(value, default=str))
    return _cleaned(value) if clean else value


def _cleaned(item: Any) -> Any:
    if isinstance(item, str):
        return clean_text(item)
    if isinstance(item, float) and not math.isfinite(item):
        return None
    if isinstance(item, list):
        return [_cleaned(child) for child in item]
    if isinstance(item, dict):
        return {clean_text(key): _cleaned(child) for key, child in item.items()}
    return item


def as_stored(value: Any) -> Any:
    """The value as PostgreSQL's jsonb hands it back: JSON types only (tuples become lists,
    keys strings), and every object's keys in jsonb's order (shorter first, then bytewise).

    A step that goes on from what it just saved, instead of reading it back, must see the same
    value a step resumed from the database sees: code that walks a dict's keys (a preview's
    views, say) would otherwise build different arguments before and after a pause, and an
    approval bound to the first would not match the second."""
    return _jsonb_order(json.loads(json.dumps(value)))


def _jsonb_order(value: Any) -> Any:
    if isinstance(value, dict):
        keys = sorted(value, key=lambda key: (len(key.encode()), key.encode()))
        return {key: _jsonb_order(value[key]) for key in keys}
    if isinstance(value, list):
        return [_jsonb_order(item) for item in value]
    return value


def clean_text(text: str) -> str:
    """Text with every NUL and lone surrogate replaced by U+FFFD (for prose, where a
    replacement character loses nothing anyone meant)."""
    return _UNSTORABLE_CHARACTER.sub("\ufffd", text)


def _refuse_constant(name: str) -> Any:
    raise NotStorable(f"{name} is not a number JSON can store; send a finite number or a string")


def _scalar_problem(item: Any, path: str) -> str | None:
    if item is None or isinstance(item, bool):
        return None
    if isinstance(item, str):
        return _string_problem(item, path)
    if isinstance(item, int):
        if item.bit_length() > MAX_INTEGER_BITS:
            return f"{path} is an integer too large to store"
        return None
    if isinstance(item, float):
        if not math.isfinite(item):
            return f"{path} is {item!r}, not a finite number; send a finite number or a string"
        return None
    if isinstance(item, (dict, list, tuple)):
        return None
    return f"{path} is a {type(item).__name__}, not a JSON value"


def _string_problem(text: str, path: str) -> str | None:
    if len(text) > MAX_STRING_CHARS:
        return f"{path} is a string of {len(text)} characters (at most {MAX_STRING_CHARS})"
    bad = _UNSTORABLE_CHARACTER.search(text)
    if bad is None:
        return None
    what = "a NUL character" if bad.group() == "\x00" else "a lone UTF-16 surrogate"
    return f"{path} holds {what} at position {bad.start()}, which cannot be stored"


def _children(item: Any, path: str, depth: int) -> list[tuple[Any, str, int]]:
    if len(path) > 160:  # deep paths are named by their two ends
        path = f"{path[:60]}...{path[-80:]}"
    if isinstance(item, dict):
        children: list[tuple[Any, str, int]] = []
        for key, child in item.items():
            # A key is checked like a value (json.dumps writes a number key as its text).
            shown = str(key)[:40]
            plain = isinstance(key, (str, int, float)) or key is None
            children.append((key if plain else object(), f"{path} key {shown!r}", depth))
            children.append((child, f"{path}.{shown}", depth))
        return children
    return [(child, f"{path}[{index}]", depth) for index, child in enumerate(item)]
