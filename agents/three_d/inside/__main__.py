"""Entry point inside the sandbox: `python3 -m three_d_inside ACTION < request.json`.

Prints exactly one JSON object as the last line of stdout. Expected failures are reported as
{"ok": false, "error": ...}; anything else is a crash with a traceback on stderr.
"""

from __future__ import annotations

import json
import sys
from typing import Any


def main(argv: list[str]) -> int:
    action = argv[1] if len(argv) > 1 else ""
    request = json.loads(sys.stdin.read())
    result = _dispatch(action, request)
    sys.stdout.write("\n" + json.dumps(result, separators=(",", ":")) + "\n")
    return 0


def _dispatch(action: str, request: dict[str, Any]) -> dict[str, Any]:
    if action == "build":
        from .build import build

        return build(request)
    if action == "render":
        from .render import render

        return render(request)
    if action == "export":
        from .export import export

        return export(request)
    return {"ok": False, "error": f"unknown action {action!r}"}


if __name__ == "__main__":
    sys.exit(main(sys.argv))
