"""docker-compose.yml cannot run here, so its structure is checked as data."""

from __future__ import annotations

from typing import Any

import yaml

from tests.support.processes import REPO

EXPECTED_SERVICES = {
    "postgres",
    "redis",
    "web",
    "worker",
    "beat",
    "inference-cpu",
    "vllm-standard",
    "vllm-fast",
}


def load_compose() -> dict[str, Any]:
    return yaml.safe_load((REPO / "docker-compose.yml").read_text())


def test_every_expected_service_is_defined() -> None:
    assert set(load_compose()["services"]) >= EXPECTED_SERVICES


def test_every_service_has_an_image_or_build_and_a_command() -> None:
    for name, service in load_compose()["services"].items():
        assert "image" in service or "build" in service, name
        if name not in {"postgres", "redis"}:
            assert service.get("command"), name


def test_dependencies_and_named_volumes_exist() -> None:
    compose = load_compose()
    services, volumes = compose["services"], set(compose.get("volumes", {}))
    for name, service in services.items():
        for dependency in service.get("depends_on", {}):
            assert dependency in services, f"{name} depends on unknown {dependency}"
        for mount in service.get("volumes", []):
            source = mount.split(":")[0]
            if not source.startswith((".", "/")):
                assert source in volumes, f"{name} mounts undeclared volume {source}"
            else:
                assert (REPO / source).exists(), f"{name} mounts missing path {source}"


def test_gpu_tiers_live_in_the_gpu_profile_with_healthchecks() -> None:
    services = load_compose()["services"]
    for name in ("vllm-standard", "vllm-fast"):
        assert services[name]["profiles"] == ["gpu"]
        assert "healthcheck" in services[name]


def test_dockerfile_exists_for_the_build() -> None:
    assert (REPO / "Dockerfile").exists()
