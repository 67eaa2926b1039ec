"""The runner's REST client: the same public API business systems use (`/api/runs`,
`/api/approvals`), with an API key. Transient failures (a refused connection, a 5xx, a 429) are
retried a few times; past that the platform is unavailable and the trial is an environment
failure, never the agent's."""

from __future__ import annotations

import contextlib
import json
import time
from dataclasses import dataclass
from typing import Any

import httpx

from approvals.statuses import OPEN_STATUSES
from core.retry import Backoff

RETRIES = 4
# The platform's retry policy (core.retry): 0.5 s, then doubling with jitter, at most 8 s.
RETRY_BACKOFF = Backoff(first_seconds=0.5, cap_seconds=8.0)
TIMEOUT_SECONDS = 60.0
# Artifacts larger than this are left out of the checker's outcome (and named in it).
MAX_ARTIFACT_BYTES = 32 * 1024 * 1024
EVENTS_PAGE = 1000


class PlatformUnavailable(Exception):
    """The platform kept failing (connection, 5xx, 429) after the retries."""


class PlatformRefused(Exception):
    """The platform answered 4xx: the request itself is wrong (a bad key, an unknown run)."""

    def __init__(self, status: int, detail: str) -> None:
        super().__init__(f"HTTP {status}: {detail}")
        self.status = status


@dataclass
class Platform:
    base_url: str
    api_key: str
    timeout: float = TIMEOUT_SECONDS

    def __post_init__(self) -> None:
        self.http = httpx.Client(
            base_url=self.base_url.rstrip("/"),
            headers={"Authorization": f"Bearer {self.api_key}"},
            timeout=self.timeout,
        )

    def close(self) -> None:
        self.http.close()

    # --- runs -------------------------------------------------------------------------------
    def run_start(
        self,
        *,
        workflow: str,
        input: dict[str, Any],
        tier: str,
        budgets: dict[str, Any],
        workspace: bytes,
    ) -> dict[str, Any]:
        # A POST is not retried: a lost answer could otherwise start the run twice.
        if not workspace:
            body = {"workflow": workflow, "input": input, "tier": tier, "budgets": budgets}
            return dict(self._json("POST", "/api/runs", json=body, retries=0))
        fields = {
            "workflow": workflow,
            "input": json.dumps(input),
            "tier": tier,
            "budgets": json.dumps(budgets),
        }
        files = {"workspace": ("workspace.tar.gz", workspace, "application/gzip")}
        return dict(self._json("POST", "/api/runs", data=fields, files=files, retries=0))

    def run_get(self, run_id: str) -> dict[str, Any]:
        return dict(self._json("GET", f"/api/runs/{run_id}"))

    def run_cancel(self, run_id: str) -> None:
        with contextlib.suppress(PlatformRefused):  # already finished
            self._json("POST", f"/api/runs/{run_id}/cancel", retries=0)

    def run_events(self, run_id: str) -> list[dict[str, Any]]:
        events: list[dict[str, Any]] = []
        while True:
            page = self._json(
                "GET", f"/api/runs/{run_id}/events?after={len(events)}&limit={EVENTS_PAGE}"
            )
            events += page
            if len(page) < EVENTS_PAGE:
                return events

    def run_artifacts(self, run_id: str) -> dict[str, bytes]:
        found = {}
        for artifact in self._json("GET", f"/api/runs/{run_id}/artifacts"):
            if int(artifact["size"]) > MAX_ARTIFACT_BYTES:
                continue
            found[artifact["name"]] = self._bytes(
                f"/api/runs/{run_id}/artifacts/{artifact['name']}"
            )
        return found

    def run_workspace(self, run_id: str) -> bytes | None:
        """The final workspace as a .tar.gz, or None when the run has none."""
        try:
            return self._bytes(f"/api/runs/{run_id}/workspace")
        except PlatformRefused as refused:
            if refused.status == 404:
                return None
            raise

    # --- approvals --------------------------------------------------------------------------
    def approvals_open(self, run_id: str) -> list[dict[str, Any]]:
        found = []
        for status in OPEN_STATUSES:
            page = self._json("GET", f"/api/approvals?run={run_id}&status={status}")
            found += page["results"] if isinstance(page, dict) else page
        return found

    def approval_decide(self, approval: dict[str, Any], *, approve: bool, comment: str) -> None:
        digest = approval.get("proposed_digest") or approval["digest"]
        body = {"decision": "approve" if approve else "reject", "comment": comment}
        try:
            self._json(
                "POST",
                f"/api/approvals/{approval['id']}/decide",
                json=body,
                headers={"If-Match": f'"{digest}"'},
                retries=0,
            )
        except PlatformRefused as refused:
            if refused.status != 409:  # 409: already closed (by a deadline, or a vote we lost)
                raise

    # --- plumbing ---------------------------------------------------------------------------
    def _bytes(self, path: str) -> bytes:
        return self._send("GET", path).content

    def _json(self, method: str, path: str, *, retries: int = RETRIES, **kwargs: Any) -> Any:
        return self._send(method, path, retries=retries, **kwargs).json()

    def _send(
        self, method: str, path: str, *, retries: int = RETRIES, **kwargs: Any
    ) -> httpx.Response:
        for attempt in range(retries + 1):
            retry_after = None
            try:
                response = self.http.request(method, path, **kwargs)
            except httpx.TransportError as error:
                failure = f"{method} {path}: {type(error).__name__}: {error}"
            else:
                if response.status_code < 400:
                    return response
                if response.status_code < 500 and response.status_code != 429:
                    raise PlatformRefused(response.status_code, _detail(response))
                failure = f"{method} {path}: HTTP {response.status_code}: {_detail(response)}"
                retry_after = _retry_after(response)
            if attempt < retries:
                time.sleep(RETRY_BACKOFF.delay(attempt + 1, retry_after=retry_after))
        raise PlatformUnavailable(failure)


def _retry_after(response: httpx.Response) -> float | None:
    """A Retry-After in seconds (the platform sends seconds, never a date)."""
    try:
        return float(response.headers.get("retry-after", ""))
    except ValueError:
        return None


def _detail(response: httpx.Response) -> str:
    try:
        body = response.json()
    except ValueError:
        return response.text[:300]
    if isinstance(body, dict):
        return str(body.get("detail") or body.get("errors") or body)[:500]
    return str(body)[:500]
