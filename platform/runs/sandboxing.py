"""What the platform asks of the sandbox: the limits a run's commands get (read from settings and
recorded on the run when it starts, so a run keeps the limits it started with and its record says
what bounded it), the hosts an approved install may reach, and the sandbox's readiness check."""

from __future__ import annotations

import time
from dataclasses import asdict, fields
from typing import Any, cast

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from agents.sandbox import Egress, SandboxLimits
from core.health import CheckResult
from runs.models import Run

BUBBLEWRAP = "agents.sandbox.bubblewrap.BubblewrapSandbox"


def limits_from_settings() -> SandboxLimits:
    """The per-process limits keep the sandbox's defaults; the whole-sandbox ones are settings."""
    return SandboxLimits(
        total_memory_bytes=settings.LONGHAUL_SANDBOX_MEMORY_BYTES,
        cpus=settings.LONGHAUL_SANDBOX_CPUS,
        total_processes=settings.LONGHAUL_SANDBOX_MAX_PROCESSES,
        disk_bytes=settings.LONGHAUL_SANDBOX_DISK_BYTES,
        disk_files=settings.LONGHAUL_SANDBOX_DISK_FILES,
        cgroups_required=settings.LONGHAUL_SANDBOX_REQUIRE_CGROUPS,
    )


def limits_record() -> dict[str, Any]:
    """For `Run.sandbox_limits`, written when the run starts."""
    return asdict(limits_from_settings())


def limits_of(run: Run) -> SandboxLimits:
    """The limits recorded on the run; today's settings for a run recorded without them."""
    if not run.sandbox_limits:
        return limits_from_settings()
    known = {field.name for field in fields(SandboxLimits)}
    return SandboxLimits(**{k: v for k, v in run.sandbox_limits.items() if k in known})


def egress_from_settings() -> Egress:
    try:
        return Egress(
            hosts=tuple(settings.LONGHAUL_SANDBOX_EGRESS_HOSTS),
            private_hosts=tuple(settings.LONGHAUL_SANDBOX_EGRESS_PRIVATE_HOSTS),
        )
    except ValueError as error:
        raise ImproperlyConfigured(
            f"LONGHAUL_SANDBOX_EGRESS_HOSTS and _PRIVATE_HOSTS take host:port pairs: {error}"
        ) from None


def check_sandbox() -> dict[str, CheckResult]:
    """A readiness check: how this process bounds each command as a whole. A host without a
    usable cgroup is reported, not failed (commands then run under per-process rlimits only),
    unless LONGHAUL_SANDBOX_REQUIRE_CGROUPS asks for cgroups."""
    from agents.sandbox import BubblewrapSandbox, SandboxUnavailable, get_sandbox
    from agents.sandbox.cgroups import support

    if settings.LONGHAUL_SANDBOX != BUBBLEWRAP:
        return {"sandbox": CheckResult(True, f"{settings.LONGHAUL_SANDBOX} sets its own limits")}
    try:
        cast(BubblewrapSandbox, get_sandbox(BUBBLEWRAP)).check_host()
    except SandboxUnavailable as error:
        return {"sandbox": CheckResult(False, str(error)[:300])}
    tests = _check_test_runs()
    if tests is not None:
        return {"sandbox": tests}
    found = support()
    if found.available:
        detail = f"cgroup {found.mode}: memory, CPU and processes bounded per command as a whole"
        return {"sandbox": CheckResult(True, detail)}
    detail = (
        f"degraded: per-process rlimits only, no whole-sandbox memory, CPU or process limit "
        f"({found.detail})"
    )
    return {"sandbox": CheckResult(not settings.LONGHAUL_SANDBOX_REQUIRE_CGROUPS, detail[:300])}


_PROBED: dict[str, float] = {}
PROBE_SECONDS = 600.0


def _check_test_runs() -> CheckResult | None:
    """The failure of a real test run in the sandbox (a pytest file that imports pytest and uses
    a fixture), or None when it passed; a pass is remembered for PROBE_SECONDS so readiness
    polls do not start a sandbox each time."""
    from agents.sandbox import SandboxError, get_sandbox
    from agents.tools.builtin.testing import probe

    if time.monotonic() - _PROBED.get("passed", -PROBE_SECONDS) < PROBE_SECONDS:
        return None
    try:
        probe(get_sandbox(settings.LONGHAUL_SANDBOX))
    except (SandboxError, RuntimeError, OSError) as error:
        return CheckResult(False, f"the sandbox cannot run tests: {error}"[:300])
    _PROBED["passed"] = time.monotonic()
    return None
