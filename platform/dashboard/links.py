"""Where an audit entry's target lives in the dashboard: the run, the request, the rule, the
webhook, the key or the member it is about."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.urls import reverse

PEOPLE = {"api_key", "scim_user", "scim_group"}  # shown on the keys and members page


def audit_links(entry: Any) -> list[tuple[str, str]]:
    """(label, path) pairs: the target's page, and the run an approval entry belongs to."""
    kind, _, rest = entry.target.partition(":")
    links = []
    target = _target_link(kind, rest) if rest else _named_link(entry.target)
    if target is not None:
        links.append((entry.target, target))
    run = (entry.data or {}).get("run") if kind != "run" else None
    if isinstance(run, str) and _uuid(run):
        links.append(("its run", reverse("dashboard:run", args=[run])))
    return links


def _target_link(kind: str, rest: str) -> str | None:
    if kind == "run" and _uuid(rest):
        return reverse("dashboard:run", args=[rest])
    if kind == "tool_call" and _uuid(rest.split(":")[0]):
        return reverse("dashboard:run", args=[rest.split(":")[0]])
    if kind in PEOPLE:
        return reverse("dashboard:people")
    if not rest.isdigit():
        return None
    return {
        "approval": reverse("dashboard:review-detail", args=[int(rest)]),
        "approval_rule": f"{reverse('dashboard:policy')}#rule-{rest}",
        "webhook": f"{reverse('dashboard:webhooks')}#webhook-{rest}",
        "webhook_delivery": f"{reverse('dashboard:webhooks')}#delivery-{rest}",
    }.get(kind)


def _named_link(target: str) -> str | None:
    return reverse("dashboard:people") if target.startswith("account ") else None


def _uuid(text: str) -> bool:
    try:
        UUID(text)
    except ValueError:
        return False
    return True
