from __future__ import annotations

import json
from typing import Any

from django import template

from dashboard.text import Clipped
from dashboard.text import clip as clip_text

register = template.Library()


@register.filter
def clip(value: Any, limit: int = 4_000) -> Clipped:
    """Agent output for display: bounded, control characters made visible (escaping follows)."""
    return clip_text(value, int(limit))


@register.filter
def pretty_json(value: Any) -> str:
    """A JSON value indented for reading (clip it before showing: it may be long)."""
    return json.dumps(value, indent=2, ensure_ascii=False, sort_keys=True, default=str)


@register.filter
def get_item(mapping: dict[str, Any], key: str) -> Any:
    return mapping.get(key)


@register.filter
def audit_links(entry: Any) -> list[tuple[str, str]]:
    """Where an audit entry's target (and its run) can be opened."""
    from dashboard.links import audit_links as links

    return links(entry)


@register.filter
def duration(seconds: float | None) -> str:
    """Seconds as a person reads them: 42 s, 3 min 05 s, 2 h 04 min."""
    if seconds is None:
        return ""
    whole = max(0, round(seconds))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours} h {minutes:02d} min"
    return f"{minutes} min {secs:02d} s" if minutes else f"{secs} s"
