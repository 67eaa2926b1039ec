"""What the platform asks of the sandbox: the limits a run's commands get (read from settings and
recorded on the run when it starts, so a run keeps the limits it started with and its record says
what bounded it), the hosts an approved install may reach, and the sandbox's readiness check."""

from __future__ import annotations

import threading
from dataclasses import asdict, fields
from typing import Any, cast

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from agents.sandbox import Egress, SandboxLimits
from core import clock
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


_PROBED: dict[str, Any] = {}  # "passed": when the last probe passed; "failure": its CheckResult
_PROBE_LOCK = threading.Lock()
PROBE_SECONDS = 600.0


def _check_test_runs() -> CheckResult | None:
    """The failure of a real test run in the sandbox (a pytest file that imports pytest and uses
    a fixture), or None when it passed. A pass is remembered for PROBE_SECONDS, and the probe runs
    in a thread of its own, one at a time, so readiness polls never wait seconds for a sandbox."""
    with _PROBE_LOCK:
        fresh = clock.monotonic() - _PROBED.get("passed", -PROBE_SECONDS) < PROBE_SECONDS
        if fresh:
            return None
        running: threading.Thread | None = _PROBED.get("thread")
        if running is None or not running.is_alive():
            running = threading.Thread(target=_probe_test_runs, name="sandbox-probe", daemon=True)
            _PROBED["thread"] = running
            running.start()
    # A probe still running after the wait is reported as under way; a later poll reads it.
    running.join(settings.LONGHAUL_SANDBOX_PROBE_WAIT_SECONDS)
    if running.is_alive():
        return CheckResult(False, "checking that the sandbox can run tests (a probe is under way)")
    failure: CheckResult | None = _PROBED.get("failure")
    return failure


def _probe_test_runs() -> None:
    from agents.sandbox import SandboxError, get_sandbox
    from agents.tools.builtin.testing import probe

    try:
        probe(get_sandbox(settings.LONGHAUL_SANDBOX))
    except (SandboxError, RuntimeError, OSError) as error:
        _PROBED["failure"] = CheckResult(False, f"the sandbox cannot run tests: {error}"[:300])
        return
    except Exception as error:  # a probe that crashes is a failure too, never a silent pass
        _PROBED["failure"] = CheckResult(False, f"the sandbox probe failed: {error!r}"[:300])
        return
    _PROBED["failure"] = None
    _PROBED["passed"] = clock.monotonic()
