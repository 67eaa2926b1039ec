"""Plug-ins (workflows, tools, sandboxes, embedding providers, readiness checks, clocks, the
identity providers' protocols) are named by a path to a module attribute and imported on first
use, so a deployment swaps one through settings alone.

One syntax everywhere: `package.module:name`, the entry-point form, or `package.module.name`
for the same thing. The platform's settings and the runtime both load through `import_dotted`.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any


class PluginNotFound(ImportError):
    """A plug-in path that is malformed, or names a module or attribute that does not exist."""


@cache  # hot paths (the clock, readiness) resolve the same few paths again and again
def import_dotted(path: str) -> Any:
    """The attribute that `path` names, its module imported if it was not yet."""
    module_name, attribute = _split(path)
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise PluginNotFound(
            f"cannot import {module_name!r} for plug-in {path!r}: {error}"
        ) from error
    try:
        return getattr(module, attribute)
    except AttributeError:
        raise PluginNotFound(f"{module_name!r} has no attribute {attribute!r}") from None


def _split(path: str) -> tuple[str, str]:
    module_name, _, attribute = path.partition(":") if ":" in path else path.rpartition(".")
    if not module_name.strip() or not attribute.strip() or ":" in attribute:
        raise PluginNotFound(
            f"{path!r} is not a plug-in path like 'package.module:name' or 'package.module.name'"
        )
    return module_name.strip(), attribute.strip()
