"""vLLM launch specs: exact command lines, and docker-compose's gpu profile runs the same ones."""

from __future__ import annotations

import json
import os
import re
import shlex
from io import StringIO
from typing import Any

import pytest
import yaml
from django.core.management import CommandError, call_command

from inference.vllm import vllm_spec
from tests.support.processes import REPO


@pytest.fixture
def models(settings: Any) -> Any:
    settings.LONGHAUL_STANDARD_MODEL = "org/big-model"
    settings.LONGHAUL_FAST_MODEL = "org/small-model"
    settings.LONGHAUL_FAST_DRAFT_MODEL = ""
    settings.LONGHAUL_VLLM_PORT = 8000
    return settings


def command_output(*args: str) -> str:
    out = StringIO()
    call_command("inference_command", *args, stdout=out)
    return out.getvalue()


def test_standard_command_line(models: Any) -> None:
    assert command_output("--tier", "standard", "--gpus", "4") == (
        "vllm serve org/big-model --served-model-name standard --host 0.0.0.0 --port 8000 "
        "--tensor-parallel-size 4 --enable-prefix-caching\n"
    )


def test_fast_command_line_uses_ngram_speculation_without_a_draft_model(models: Any) -> None:
    assert command_output("--tier", "fast", "--gpus", "1") == (
        "vllm serve org/small-model --served-model-name fast --host 0.0.0.0 --port 8000 "
        "--tensor-parallel-size 1 --enable-prefix-caching --kv-cache-dtype fp8 "
        "--speculative-config "
        """'{"method": "ngram", "num_speculative_tokens": 4, "prompt_lookup_max": 4}'\n"""
    )


def test_fast_command_line_uses_eagle3_with_a_draft_model(models: Any) -> None:
    models.LONGHAUL_FAST_DRAFT_MODEL = "org/small-model-eagle3"
    argv = shlex.split(command_output("--tier", "fast", "--gpus", "2"))
    assert argv[:11] == [
        "vllm",
        "serve",
        "org/small-model",
        "--served-model-name",
        "fast",
        "--host",
        "0.0.0.0",
        "--port",
        "8000",
        "--tensor-parallel-size",
        "2",
    ]
    assert argv[11:15] == [
        "--enable-prefix-caching",
        "--kv-cache-dtype",
        "fp8",
        "--speculative-config",
    ]
    assert json.loads(argv[15]) == {
        "method": "eagle3",
        "model": "org/small-model-eagle3",
        "num_speculative_tokens": 3,
    }


def test_multi_node_standard_adds_pipeline_parallelism_and_ray_notes(models: Any) -> None:
    lines = command_output("--tier", "standard", "--gpus", "8", "--nodes", "2").splitlines()
    assert all(line.startswith("#") for line in lines[:-1])
    assert any("ray start --head" in line for line in lines[:-1])
    assert lines[-1] == (
        "vllm serve org/big-model --served-model-name standard --host 0.0.0.0 --port 8000 "
        "--tensor-parallel-size 8 --enable-prefix-caching --pipeline-parallel-size 2 "
        "--distributed-executor-backend ray"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--tier", "fast", "--gpus", "8", "--nodes", "2"], "pipeline parallelism"),
        (["--tier", "standard", "--gpus", "0"], "at least 1"),
    ],
)
def test_impossible_layouts_are_refused_with_a_reason(
    models: Any, args: list[str], message: str
) -> None:
    with pytest.raises(CommandError, match=message):
        command_output(*args)


def test_unknown_tier_is_refused(models: Any) -> None:
    with pytest.raises(CommandError, match="invalid choice"):
        command_output("--tier", "huge", "--gpus", "1")


_DEFAULT = re.compile(r"\$\{([A-Z0-9_]+):-([^}]*)\}")


def compose_argv(service: str) -> tuple[list[str], dict[str, str]]:
    """The service's entrypoint + command with `${VAR:-default}` resolved to the defaults."""
    spec = yaml.safe_load((REPO / "docker-compose.yml").read_text())["services"][service]
    defaults: dict[str, str] = {}

    def resolve(part: str) -> str:
        for name, value in _DEFAULT.findall(part):
            defaults[name] = value
        return _DEFAULT.sub(lambda match: match.group(2), part)

    return [resolve(str(part)) for part in [*spec["entrypoint"], *spec["command"]]], defaults


@pytest.mark.parametrize(
    ("service", "tier"), [("vllm-standard", "standard"), ("vllm-fast", "fast")]
)
def test_compose_gpu_services_run_the_spec_command_for_the_defaults(
    settings: Any, service: str, tier: str
) -> None:
    argv, defaults = compose_argv(service)
    model_variable = f"LONGHAUL_{tier.upper()}_MODEL"
    if model_variable not in os.environ:
        assert getattr(settings, model_variable) == defaults[model_variable]
    setattr(settings, model_variable, defaults[model_variable])
    settings.LONGHAUL_FAST_DRAFT_MODEL = ""
    settings.LONGHAUL_VLLM_PORT = 8000
    gpus_variable = f"LONGHAUL_{tier.upper()}_GPUS"
    if gpus_variable not in os.environ:
        assert getattr(settings, gpus_variable) == int(defaults[gpus_variable])

    expected = vllm_spec(tier=tier, gpus=int(defaults[gpus_variable]))

    assert argv == list(expected.argv)


def test_without_gpus_the_command_uses_the_tiers_gpus_from_settings(models: Any) -> None:
    models.LONGHAUL_STANDARD_GPU_DEVICES = ["0", "1", "2", "3"]
    models.LONGHAUL_STANDARD_GPUS = 4
    models.LONGHAUL_FAST_GPU_DEVICES = ["4"]
    models.LONGHAUL_FAST_GPUS = 1

    standard = shlex.split(command_output("--tier", "standard"))
    fast = shlex.split(command_output("--tier", "fast"))

    assert standard[standard.index("--tensor-parallel-size") + 1] == "4"
    assert fast[fast.index("--tensor-parallel-size") + 1] == "1"


@pytest.mark.parametrize(
    ("layout", "message"),
    [
        ({"LONGHAUL_FAST_GPU_DEVICES": ["1", "2"], "LONGHAUL_FAST_GPUS": 2}, "share GPU 1"),
        ({"LONGHAUL_STANDARD_GPUS": 3}, "LONGHAUL_STANDARD_GPUS is 3 but"),
    ],
)
def test_tiers_that_would_share_or_miscount_gpus_are_refused_with_a_reason(
    models: Any, layout: dict[str, Any], message: str
) -> None:
    models.LONGHAUL_STANDARD_GPU_DEVICES, models.LONGHAUL_STANDARD_GPUS = ["0", "1"], 2
    models.LONGHAUL_FAST_GPU_DEVICES, models.LONGHAUL_FAST_GPUS = ["2"], 1
    for name, value in layout.items():
        setattr(models, name, value)

    with pytest.raises(CommandError, match=message):
        command_output("--tier", "fast")
