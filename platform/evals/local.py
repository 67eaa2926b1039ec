"""`manage.py eval --local`: the platform on this machine for the length of an eval.

It starts what `make up` starts (web, worker, beat, the embedded inference server with the
bundled model; Redis when none answers) with the suite's package index configured, so that the
dependency tasks install offline through the approved path; it creates the demo organization on
first use, as `make up` does, and two keys of it that expire the next day: a `runs` key owned by
its admin and an `approvals` key owned by its reviewer, the scripted reviewer. The processes'
output goes to a log file, and everything is stopped when the eval ends.
"""

from __future__ import annotations

import io
import os
import signal
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType

from django.conf import settings
from django.core.management import call_command

from accounts.bootstrap import DEMO_ADMIN, DEMO_REVIEWER, DEMO_SLUG, demo_bootstrap
from accounts.selectors import organization_with_slug
from config.env import local_url
from core.stack import ensure_port_free, local_redis_spec, platform_specs, redis_answers
from core.supervisor import Supervisor
from evals.commands import EvalCommandError, Keys
from evals.suite_files import serve_package_index
from evals.suites import Suite
from inference.services import tiers_seed_from_settings

READY_SECONDS = 600.0


@contextmanager
def local_platform(suite: Suite, *, log: Callable[[str], None]) -> Iterator[Keys]:
    """Runs the platform until the block ends; yields the keys the eval uses."""
    base = local_url(settings.LONGHAUL_WEB_HOST, settings.LONGHAUL_WEB_PORT)
    ensure_port_free(settings.LONGHAUL_WEB_HOST, settings.LONGHAUL_WEB_PORT)
    log_path = Path(settings.DATA_DIR) / "evals" / "platform.log"
    log_path.parent.mkdir(parents=True, exist_ok=True)
    with serve_package_index(suite) as index_url, log_path.open("a") as output:
        os.environ["LONGHAUL_PACKAGE_INDEX_URL"] = index_url  # the children inherit it
        _prepare()
        specs = platform_specs()
        if not redis_answers(settings.REDIS_URL):
            specs.insert(0, local_redis_spec(settings.REDIS_URL))
        supervisor = Supervisor(specs, out=output)
        log(f"starting the platform at {base} (its output: {log_path})")
        previous_sigterm = signal.signal(signal.SIGTERM, _exit_on_sigterm)
        watching = threading.Event()
        try:
            supervisor.start()
            _wait_until_ready(base, supervisor, log_path)
            threading.Thread(
                target=_watch, args=(supervisor, watching, log, log_path), daemon=True
            ).start()
            yield Keys(
                api_url=base,
                api_key=_key(DEMO_ADMIN, "runs"),
                reviewer_key=_key(DEMO_REVIEWER, "approvals"),
            )
        finally:
            watching.set()
            signal.signal(signal.SIGTERM, signal.SIG_IGN)  # a second one must not cut the stop
            supervisor.stop()
            signal.signal(signal.SIGTERM, previous_sigterm)


def _exit_on_sigterm(signum: int, frame: FrameType | None) -> None:
    """A terminated eval stops the platform it started on its way out, as Ctrl-C does; the
    eval itself is durable and `--resume` goes on from its recorded trials."""
    raise SystemExit(128 + signum)


def _prepare() -> None:
    call_command("migrate", interactive=False, verbosity=0)
    if not settings.SERVESTATIC_USE_FINDERS:
        call_command("collectstatic", interactive=False, verbosity=0)
    demo_bootstrap()
    tiers_seed_from_settings()


def demo_organization() -> int:
    """The demo organization's id (made on first use, as `make up` does), for an in-process
    suite's eval, which needs no platform running."""
    call_command("migrate", interactive=False, verbosity=0)
    demo_bootstrap()
    demo = organization_with_slug(slug=DEMO_SLUG)
    if demo is None:  # made just above: only a concurrent delete gets here
        raise EvalCommandError("the demo organization could not be made")
    return int(demo.id)


def _wait_until_ready(base: str, supervisor: Supervisor, log_path: Path) -> None:
    deadline = time.monotonic() + READY_SECONDS
    while time.monotonic() < deadline:
        for name, child in supervisor.children.items():
            if child.poll() is not None:
                raise EvalCommandError(
                    f"the platform's {name} process exited with status {child.returncode}; "
                    f"see {log_path}"
                )
        try:
            with urllib.request.urlopen(f"{base}/readyz", timeout=5) as reply:
                if reply.status == 200:
                    return
        except (OSError, urllib.error.HTTPError):
            pass
        time.sleep(1)
    raise EvalCommandError(
        f"the platform was not ready after {READY_SECONDS:.0f} s; see {log_path}"
    )


def _watch(
    supervisor: Supervisor, done: threading.Event, log: Callable[[str], None], log_path: Path
) -> None:
    """Says when one of the platform's processes dies during the eval: the runs that need it
    then wait out their retry window and their trials are reported as invalid."""
    reported: set[str] = set()
    while not done.wait(2.0):
        for name, child in supervisor.children.items():
            if name not in reported and child.poll() is not None:
                reported.add(name)
                log(
                    f"the platform's {name} process exited with status {child.returncode}; "
                    f"trials that need it will be invalid (see {log_path})"
                )


def _key(owner: str, scope: str) -> str:
    """A key of the demo organization owned by `owner`, through the command people use."""
    out = io.StringIO()
    call_command(
        "create_api_key",
        DEMO_SLUG,
        name=f"eval {scope}",
        scopes=scope,
        owner=owner,
        expires_in_days=1,
        stdout=out,
    )
    return out.getvalue().strip()
