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
    "worker-interactive",
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


def _gpu_reservation(service: dict[str, Any]) -> dict[str, Any]:
    devices = service["deploy"]["resources"]["reservations"]["devices"]
    assert len(devices) == 1
    return dict(devices[0])


def _default(value: str) -> str:
    """`${NAME:-default}` as compose resolves it when NAME is unset."""
    name, _, default = value.removeprefix("${").removesuffix("}").partition(":-")
    assert name, value
    assert default, value
    return default


def test_gpu_tiers_reserve_distinct_gpus_and_a_matching_tensor_parallel_size() -> None:
    services = load_compose()["services"]
    reserved: dict[str, set[str]] = {}
    for name, tier in (("vllm-standard", "STANDARD"), ("vllm-fast", "FAST")):
        reservation = _gpu_reservation(services[name])
        command = services[name]["command"]
        size = command[command.index("--tensor-parallel-size") + 1]

        assert "count" not in reservation, f"{name} must not reserve every GPU"
        assert reservation["capabilities"] == ["gpu"]
        (ids,) = reservation["device_ids"]
        assert ids == f"${{LONGHAUL_{tier}_GPU_DEVICES:-{_default(ids)}}}"
        assert size == f"${{LONGHAUL_{tier}_GPUS:-{_default(size)}}}"
        reserved[name] = set(_default(ids).split(","))
        assert int(_default(size)) == len(reserved[name])

    assert not reserved["vllm-standard"] & reserved["vllm-fast"]


def test_the_step_worker_has_a_process_for_every_run_slot_and_burst_slot() -> None:
    services = load_compose()["services"]
    environment = services["worker"]["environment"]
    command = services["worker"]["command"]
    processes = int(_default(command[command.index("--concurrency") + 1]))
    slots = int(_default(environment["LONGHAUL_RUN_SLOTS"]))
    burst = int(_default(environment["LONGHAUL_RUN_BURST_SLOTS"]))

    assert burst >= 1
    assert processes == slots + burst
