"""Workflow lookup for runs: the engine's plug-in registry plus LONGHAUL_EXTRA_WORKFLOWS."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError

from agents.engine.registry import get_workflow, register_workflow
from agents.engine.types import Workflow, WorkflowNotFound


def load_workflow(name: str) -> Workflow:
    _register_extras()
    try:
        return get_workflow(name)
    except WorkflowNotFound as error:
        raise ValidationError({"workflow": str(error)}) from None


def workflow_names() -> list[str]:
    """Every workflow a run may name: the built-in packs and LONGHAUL_EXTRA_WORKFLOWS."""
    from agents.engine.registry import registered_workflows

    _register_extras()
    return registered_workflows()


def _register_extras() -> None:
    # Entries look like "name=package.module:factory"; re-registering is cheap and idempotent.
    from agents.engine.registry import registered_workflows

    known = set(registered_workflows())
    for entry in settings.LONGHAUL_EXTRA_WORKFLOWS:
        name, _, path = entry.partition("=")
        if name.strip() and path.strip() and name.strip() not in known:
            register_workflow(name.strip(), path.strip())
