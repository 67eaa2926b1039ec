"""Plug-ins named by dotted path and imported on first use."""

from __future__ import annotations

from functools import cache
from importlib import import_module
from typing import Any


@cache
def import_dotted(path: str) -> Any:
    module_name, _, attribute = path.rpartition(".")
    if not module_name:
        raise ImportError(f"{path!r} is not a dotted path like 'package.module.name'")
    return getattr(import_module(module_name), attribute)
