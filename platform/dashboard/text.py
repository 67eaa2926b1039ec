"""Agent-produced text made safe to show: bounded, control characters made visible.

Templates escape HTML; this module handles what escaping does not: terminal escape sequences and
other control characters (shown as their Unicode control pictures, so `ESC[31m` reads as text and
nothing reaches the terminal or the DOM as a control) and sheer size (a 1 MB line is clipped, with
the count of what was left out, so the page stays responsive).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

DEFAULT_LIMIT = 4_000
# C0 controls except tab and newline, and DEL, map to the "control pictures" block.
_PICTURES = {code: 0x2400 + code for code in range(0x20) if code not in (0x09, 0x0A)}
_PICTURES[0x7F] = 0x2421
# C1 controls (U+0080..U+009F; U+009B is a one-character CSI) and bidirectional overrides, which
# could make text read differently than it is, become a visible replacement.
_PICTURES.update(dict.fromkeys(range(0x80, 0xA0), 0xFFFD))
_PICTURES.update(dict.fromkeys([*range(0x202A, 0x202F), *range(0x2066, 0x206A)], 0xFFFD))


@dataclass(frozen=True)
class Clipped:
    text: str
    omitted: int  # characters left out

    def __str__(self) -> str:
        return self.text


def visible(text: str) -> str:
    return text.translate(_PICTURES)


def clip(value: Any, limit: int = DEFAULT_LIMIT) -> Clipped:
    """`value` as display text (JSON for structures), at most `limit` characters, made visible."""
    text = value if isinstance(value, str) else as_json(value)
    if len(text) <= limit:
        return Clipped(visible(text), 0)
    return Clipped(visible(text[:limit]), len(text) - limit)


def as_json(value: Any) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False, sort_keys=True, default=str)
