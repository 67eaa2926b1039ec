"""`manage.py up` (what `make up` runs) as a new user meets it: fresh data directory, no config."""

from __future__ import annotations

import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import httpx
import pytest

from tests.support.processes import REPO, free_port

pytestmark = pytest.mark.slow
BANNER = "Longhaul is running"


def up_redis_url() -> str:
    """The tests' Redis server (tests.environment starts one when none answers), on a database
    number of its own."""
    parts = urlsplit(os.environ["TEST_REDIS_URL"])
    return urlunsplit((parts.scheme, parts.netloc, "/12", "", ""))


class UpProcess:
    def __init__(
        self, data_dir: Path, port: int, command: list[str] | None = None, **env: str
    ) -> None:
        clean = {
            k: v
            for k, v in os.environ.items()
            if k not in {"DATABASE_URL", "DJANGO_SETTINGS_MODULE", "LONGHAUL_EMBEDDED_DATABASE"}
        }
        self.port = port
        self.lines: queue.Queue[str] = queue.Queue()
        self.output: list[str] = []
        self.process = subprocess.Popen(
            command or [sys.executable, "manage.py", "up"],
            cwd=REPO,
            env={
                **clean,
                "LONGHAUL_DATA_DIR": str(data_dir),
                "LONGHAUL_WEB_PORT": str(port),
                "LONGHAUL_EMBEDDED_INFERENCE": "0",
                "REDIS_URL": up_redis_url(),
                **env,
            },
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )
        self.pump = threading.Thread(target=self._pump, daemon=True)
        self.pump.start()

    def _pump(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.output.append(line)
            self.lines.put(line)

    def wait_for_banner(self, timeout: float = 240) -> str:
        deadline = time.monotonic() + timeout
        collected: list[str] = []
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=1)
            except queue.Empty:
                assert self.process.poll() is None, "".join(self.output)
                continue
            collected.append(line)
            if line.startswith("=" * 20) and any(BANNER in c for c in collected):
                return "".join(collected)
        raise TimeoutError("".join(self.output))

    def interrupt(self) -> int:
        self.process.send_signal(signal.SIGINT)
        return self.process.wait(timeout=60)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"


def processes_mentioning(text: str) -> list[str]:
    found = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmdline = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            state = (proc / "stat").read_text().split()[2]
        except OSError:
            continue
        if text in cmdline and state != "Z":
            found.append(cmdline)
    return found


def sign_in(url: str, username: str, password: str) -> httpx.Response:
    with httpx.Client(base_url=url, follow_redirects=False) as browser:
        browser.get("/login/")
        token = browser.cookies["csrftoken"]
        login = browser.post(
            "/login/",
            data={"username": username, "password": password, "csrfmiddlewaretoken": token},
        )
        assert login.status_code == 302, login.text
        return browser.get("/runs/")  # "/" sends signed-in people to the runs page


@pytest.fixture(scope="module")
def data_dir() -> Iterator[Path]:
    # Not pytest's tmp_path: pytest resets its base directory to 0700 at each session start.
    path = Path(tempfile.mkdtemp(prefix="longhaul-up-"))
    yield path
    assert processes_mentioning(str(path)) == []
    shutil.rmtree(path, ignore_errors=True)


def test_first_start_runs_everything_and_ctrl_c_leaves_nothing(data_dir: Path) -> None:
    up = UpProcess(data_dir, free_port())
    try:
        banner = up.wait_for_banner()
        owner, owner_password = re.search(r"sign in as\s+(\S+) / (\S+)", banner).groups()  # type: ignore[union-attr]
        username, password = re.search(r"reviewer\s+(\S+) / (\S+)", banner).groups()  # type: ignore[union-attr]
        api_key = re.search(r"API key\s+(lh_\S+)", banner).group(1)  # type: ignore[union-attr]

        ready = httpx.get(f"{up.url}/readyz").json()
        assert ready["checks"]["database"]["status"] == "ok"
        assert ready["checks"]["redis"]["status"] == "ok"
        # Not the default port: the agents' gateway URL followed LONGHAUL_WEB_PORT.
        assert ready["checks"]["gateway"] == {
            "status": "ok",
            "detail": f"{up.url}/v1: answers",
        }
        stylesheet = httpx.get(f"{up.url}/static/admin/css/base.css")
        assert stylesheet.status_code == 200
        assert stylesheet.headers["content-type"].startswith("text/css")
        # The owner sets up a second factor before anything else; the reviewer is in at once.
        first_page = sign_in(up.url, owner, owner_password)
        assert first_page.status_code == 302
        assert first_page.headers["location"].startswith("/login/verify/")
        home = sign_in(up.url, username, password)
        assert home.status_code == 200
        assert "Demo" in home.text
        me = httpx.get(f"{up.url}/api/me", headers={"Authorization": f"Bearer {api_key}"})
        assert me.json()["organization_slug"] == "demo"
        output = "".join(up.output)
        for name in ("web", "worker", "beat"):
            assert re.search(rf"^{name}\s+\| ", output, re.MULTILINE), name
    finally:
        status = up.interrupt()
    assert status == 0, "".join(up.output)
    assert processes_mentioning(str(data_dir)) == []
    assert processes_mentioning(f"--port {up.port}") == []
    (data_dir / "password").write_text(f"{username} {password}")


def test_second_start_keeps_the_data_and_prints_no_new_credentials(data_dir: Path) -> None:
    username, password = (data_dir / "password").read_text().split()
    up = UpProcess(data_dir, free_port())
    try:
        banner = up.wait_for_banner()
        assert "API key" not in banner
        assert sign_in(up.url, username, password).status_code == 200
    finally:
        assert up.interrupt() == 0
    assert processes_mentioning(str(data_dir)) == []


def test_a_terminated_local_eval_stops_the_platform_it_started(data_dir: Path) -> None:
    # Given `manage.py eval --local` (what `make eval` runs) once its platform has started
    port = free_port()
    command = [sys.executable, "manage.py", "eval", "code", "--local"]
    command += ["--tasks", "syntax-missing-colon", "--tier", "standard"]
    evaluation = UpProcess(data_dir, port, command=command)
    deadline = time.monotonic() + 120
    while not processes_mentioning(f"--port {port}"):
        assert evaluation.process.poll() is None, "".join(evaluation.output)
        assert time.monotonic() < deadline, "".join(evaluation.output)
        # Until `manage.py eval --local` (another process) starts its platform.
        time.sleep(0.2)

    # When it is terminated, as a CI job or a service manager stops it
    evaluation.process.send_signal(signal.SIGTERM)
    status = evaluation.process.wait(timeout=60)

    # Then it stopped the web server, the worker, beat and the embedded database on its way out
    assert status == 128 + signal.SIGTERM, "".join(evaluation.output)
    assert processes_mentioning(f"--port {port}") == []
    assert processes_mentioning(str(data_dir)) == []


def test_unreachable_redis_is_one_clear_line(data_dir: Path) -> None:
    up = UpProcess(data_dir, free_port(), REDIS_URL="redis://10.255.255.1:6379/0")
    status = up.process.wait(timeout=120)
    up.pump.join(timeout=10)  # every line it wrote has been read
    errors = [line for line in up.output if line.startswith("error:")]
    assert status != 0
    assert errors == [
        "error: Redis at redis://10.255.255.1:6379/0 is not answering; start it or fix REDIS_URL\n"
    ]
    assert "Traceback" not in "".join(up.output)
