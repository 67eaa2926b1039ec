"""Longhaul as an MCP server: the official SDK's client, connected to /mcp with an API key,
starts a run, follows it to the end and reads its diff; another organization's key sees nothing
of it; a request without a valid key is refused. A real ASGI server and Celery worker."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client

from tests.factories import TenantFixture
from tests.support.processes import asgi_server, celery_worker
from tests.toolsources.workflows import DIFF, PATCH

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]


@pytest.fixture
def platform(tmp_path: Path) -> Iterator[str]:
    env = {
        "LONGHAUL_EXTRA_WORKFLOWS": PATCH,
        "LONGHAUL_WORKSPACES_DIR": str(tmp_path / "workspaces"),
        "LONGHAUL_ARTIFACTS_DIR": str(tmp_path / "artifacts"),
        "LONGHAUL_SNAPSHOTS_DIR": str(tmp_path / "snapshots"),
    }
    with asgi_server(**env) as base, celery_worker(concurrency=1, **env):
        yield base


@asynccontextmanager
async def connected(base: str, key: str) -> AsyncIterator[ClientSession]:
    headers = {"Authorization": f"Bearer {key}"}
    async with (
        httpx.AsyncClient(headers=headers, timeout=60) as client,
        streamable_http_client(f"{base}/mcp", http_client=client) as (read, write, _),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        yield session


async def call(session: ClientSession, tool: str, **arguments: Any) -> Any:
    result = await session.call_tool(tool, arguments)
    return result.structuredContent if not result.isError else result.content[0].text  # type: ignore[union-attr]


async def follow(session: ClientSession, run_id: str) -> tuple[str, list[str]]:
    """Follows the run's events to its end; its last status and the kinds of event seen."""
    kinds: list[str] = []
    after, status = 0, ""
    for _ in range(60):
        answer = await call(session, "get_run", run_id=run_id, after=after, wait_seconds=10)
        kinds += [event["kind"] for event in answer["events"]]
        after = max([after, *(event["seq"] for event in answer["events"])])
        status = answer["status"]
        if status in ("succeeded", "failed", "cancelled") and not answer["events"]:
            break
    return status, kinds


def test_an_mcp_client_drives_a_run_and_another_organization_sees_nothing(
    acme: TenantFixture, globex: TenantFixture, platform: str
) -> None:
    async def scenario() -> None:
        # When: acme's MCP client lists the tools, starts a run and follows it to its end
        async with connected(platform, acme.api_key) as session:
            listed = {tool.name for tool in (await session.list_tools()).tools}
            started = await call(session, "start_run", workflow="patch", input={})
            run_id = started["run_id"]
            status, kinds = await follow(session, run_id)
            diff = await call(session, "run_diff", run_id=run_id)

        # Then: the run succeeded and its diff is readable
        assert {"start_run", "get_run", "run_diff", "decide_approval", "search_memory"} <= listed
        assert status == "succeeded", kinds
        assert "run.created" in kinds
        assert diff["diff"] == DIFF

        # ... and globex's key finds nothing of it
        async with connected(platform, globex.api_key) as session:
            assert await call(session, "get_run", run_id=run_id) == "No such run."
            assert await call(session, "run_diff", run_id=run_id) == "No such run."
            assert (await call(session, "list_approvals", status=""))["approvals"] == []

        # ... and without a valid key, /mcp answers 401
        async with httpx.AsyncClient() as client:
            refused = await client.post(
                f"{platform}/mcp", json={}, headers={"Authorization": "Bearer lh_nope_x"}
            )
        assert refused.status_code == 401

    anyio.run(scenario)
