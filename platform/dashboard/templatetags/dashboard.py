from __future__ import annotations

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
def get_item(mapping: dict[str, Any], key: str) -> Any:
    return mapping.get(key)


@register.filter
def audit_links(entry: Any) -> list[tuple[str, str]]:
    """Where an audit entry's target (and its run) can be opened."""
    from dashboard.links import audit_links as links

    return links(entry)
