"""Import plug-ins by dotted path on first use (`package.module:attr` or `package.module.attr`)."""

from __future__ import annotations

import importlib
from typing import Any


def import_dotted(path: str) -> Any:
    module_name, _, attr = path.partition(":") if ":" in path else path.rpartition(".")
    if not module_name or not attr:
        raise ImportError(f"{path!r} is not a dotted path like 'package.module.name'")
    module = importlib.import_module(module_name)
    try:
        return getattr(module, attr)
    except AttributeError as exc:
        raise ImportError(f"{module_name!r} has no attribute {attr!r}") from exc
