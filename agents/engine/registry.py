"""Workflow plug-ins: registered by dotted path, imported the first time a run needs one."""

from __future__ import annotations

import threading
from collections.abc import Callable

from agents.engine.types import Workflow, WorkflowNotFound
from agents.plugins import import_dotted

# name -> dotted path of a Workflow or of a zero-argument callable returning one.
_PATHS: dict[str, str] = {
    "coding": "agents.coding.workflow:build_workflow",
    "three_d_asset": "agents.three_d.workflow:build_workflow",
    "finance_research": "agents.finance.workflow:build_workflow",
}
_LOADED: dict[str, Workflow] = {}
_LOCK = threading.Lock()


def register_workflow(name: str, dotted_path: str) -> None:
    with _LOCK:
        _PATHS[name] = dotted_path
        _LOADED.pop(name, None)


def registered_workflows() -> list[str]:
    return sorted(_PATHS)


def get_workflow(name: str) -> Workflow:
    with _LOCK:
        if name in _LOADED:
            return _LOADED[name]
        path = _PATHS.get(name)
    if path is None:
        known = ", ".join(registered_workflows())
        raise WorkflowNotFound(f"no workflow named {name!r} (known: {known})")
    workflow = _load(path)
    with _LOCK:
        _LOADED[name] = workflow
    return workflow


def _load(path: str) -> Workflow:
    target = import_dotted(path)
    if isinstance(target, Workflow):
        return target
    if callable(target):
        built = _call_factory(target)
        if isinstance(built, Workflow):
            return built
    raise TypeError(f"{path!r} is neither a Workflow nor a factory returning one")


def _call_factory(factory: Callable[[], object]) -> object:
    return factory()
