"""Entry point inside the sandbox: `python3 -m finance_inside ACTION < request.json`.

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
    if action == "read":
        from .read import read

        return read(request)
    if action == "charts":
        from .charts import charts

        return charts(request)
    if action == "pdf":
        from .pdf import pdf

        return pdf(request)
    return {"ok": False, "error": f"unknown action {action!r}"}


if __name__ == "__main__":
    sys.exit(main(sys.argv))
