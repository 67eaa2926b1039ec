"""Entry point inside the sandbox: `python3 -P -m longhaul_inside PACKAGE ACTION < request.json`.

Prints exactly one JSON object as the last line of stdout. Expected failures are reported as
{"ok": false, "error": ...}; anything else is a crash with a traceback on stderr.
"""

from __future__ import annotations

import importlib
import json
import sys
from typing import Any


def main(argv: list[str]) -> int:
    package, action = [*argv[1:], "", ""][:2]
    request = json.loads(sys.stdin.read())
    result = _dispatch(package, action, request)
    sys.stdout.write("\n" + json.dumps(result, separators=(",", ":")) + "\n")
    return 0


def _dispatch(package: str, action: str, request: dict[str, Any]) -> dict[str, Any]:
    # The host names only its pack's actions; a name that is no module's function of the same
    # name (a typo, a helper module) is refused rather than imported blindly.
    if not (package.isidentifier() and action.isidentifier()) or action.startswith("_"):
        return {"ok": False, "error": f"unknown action {action!r}"}
    try:
        module = importlib.import_module(f"{package}.{action}")
    except ModuleNotFoundError as error:
        if error.name not in (package, f"{package}.{action}"):
            raise  # a library the action needs is missing: a crash, with its traceback
        return {"ok": False, "error": f"unknown action {action!r}"}
    function = getattr(module, action, None)
    if not callable(function):
        return {"ok": False, "error": f"unknown action {action!r}"}
    result: dict[str, Any] = function(request)
    return result


if __name__ == "__main__":
    sys.exit(main(sys.argv))
