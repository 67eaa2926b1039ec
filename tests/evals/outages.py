"""A fault-injecting scripted model server: backend outages for chosen trials.

It wraps the eval oracle's ASGI app. Once armed with a number N, the first N distinct runs that
call it (told apart by the `X-Longhaul-Run` header every agent request carries) get `503`s: the
first of them on every request (the outage outlasts the run's retry window, so the run fails as
an infrastructure failure), the others on their first few requests only (the run waits, retries
and recovers, with the environment failures on its record). A retry of a trial is a new run that
starts after its first attempt was seen, so the faults only ever hit first attempts."""

from __future__ import annotations

import json
import threading
from typing import Any

# The agents' client retries twice by itself before the step counts an environment failure.
FAILED_REQUESTS_PER_BRIEF_OUTAGE = 3


class OutageInjector:
    def __init__(self, app: Any) -> None:
        self.app = app
        self.lock = threading.Lock()
        self.budget = 0
        self.seen: list[str] = []
        self.failed: dict[str, int] = {}

    def arm(self, runs: int) -> None:
        with self.lock:
            self.budget, self.seen, self.failed = runs, [], {}

    @property
    def faulted_runs(self) -> list[str]:
        return list(self.failed)

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http" and self._fails(_run_of(scope)):
            await _unavailable(send)
            return
        await self.app(scope, receive, send)

    def _fails(self, run: str) -> bool:
        if not run:
            return False
        with self.lock:
            if run not in self.seen:
                self.seen.append(run)
            ordinal = self.seen.index(run)
            if ordinal >= self.budget:
                return False
            count = self.failed.get(run, 0)
            if ordinal > 0 and count >= FAILED_REQUESTS_PER_BRIEF_OUTAGE:
                return False
            self.failed[run] = count + 1
            return True


def _run_of(scope: dict[str, Any]) -> str:
    for name, value in scope.get("headers", []):
        if name.lower() == b"x-longhaul-run":
            return str(value.decode())
    return ""


async def _unavailable(send: Any) -> None:
    body = json.dumps({"error": {"message": "scripted outage", "type": "server_error"}}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 503,
            "headers": [(b"content-type", b"application/json")],
        }
    )
    await send({"type": "http.response.body", "body": body})
