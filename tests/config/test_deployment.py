"""The container deployment as data (no Docker engine here): unprivileged processes, a sandbox
that can start without privileges, and services that reach each other by name."""

from __future__ import annotations

import re
from typing import Any

import yaml

from tests.support.processes import REPO

LONGHAUL_SERVICES = ("migrate", "web", "worker", "beat", "inference-cpu")


def dockerfile_instructions() -> list[tuple[str, str]]:
    text = re.sub(r"\\\n", " ", (REPO / "Dockerfile").read_text())
    lines = [line.strip() for line in text.splitlines()]
    return [
        (line.split(None, 1)[0].upper(), line.split(None, 1)[1])
        for line in lines
        if line and not line.startswith("#")
    ]


def compose_services() -> dict[str, Any]:
    return dict(yaml.safe_load((REPO / "docker-compose.yml").read_text())["services"])


def test_the_image_runs_its_processes_as_an_unprivileged_user() -> None:
    instructions = dockerfile_instructions()
    users = [argument for name, argument in instructions if name == "USER"]
    assert users, "the Dockerfile never switches away from root"
    assert users[-1].split(":")[0] not in {"root", "0"}
    last_user = max(i for i, (name, _) in enumerate(instructions) if name == "USER")
    assert [name for name, _ in instructions[last_user:]].count("RUN") == 0
    assert any(
        "chown longhaul:longhaul /data" in arg for name, arg in instructions if name == "RUN"
    )


def test_static_files_are_collected_outside_the_data_volume() -> None:
    instructions = dockerfile_instructions()
    env = " ".join(argument for name, argument in instructions if name == "ENV")
    assert "LONGHAUL_STATIC_ROOT=/app/static" in env
    assert any("collectstatic" in arg for name, arg in instructions if name == "RUN")


def test_no_longhaul_service_is_privileged_or_root() -> None:
    for name in LONGHAUL_SERVICES:
        service = compose_services()[name]
        assert not service.get("privileged"), name
        assert not service.get("cap_add"), name
        assert service.get("user") in {None, "longhaul"}, name


def test_the_worker_may_create_sandbox_namespaces() -> None:
    worker = compose_services()["worker"]
    assert {"seccomp=unconfined", "apparmor=unconfined", "systempaths=unconfined"} <= set(
        worker["security_opt"]
    )
    assert worker["mem_limit"]
    assert worker["pids_limit"]


def test_agents_reach_the_gateway_on_the_web_service() -> None:
    services = compose_services()
    for name in ("web", "worker"):
        assert services[name]["environment"]["LONGHAUL_GATEWAY_URL"] == "http://web:8000/v1"
    assert "8000" in services["web"]["command"]
