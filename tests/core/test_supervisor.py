from __future__ import annotations

import io
import os
import signal
import threading
import time

from core.supervisor import ProcessSpec, Supervisor


def process_exists(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie still answers kill(0); it is gone for our purposes once reaped or defunct.
    with open(f"/proc/{pid}/stat") as stat:
        return stat.read().split()[2] != "Z"


def test_stop_leaves_no_process_behind_including_grandchildren(tmp_path) -> None:
    pidfile = tmp_path / "grandchild.pid"
    spawn_grandchild = f"sleep 300 & echo $! > {pidfile}; trap '' TERM; wait"
    supervisor = Supervisor(
        [
            ProcessSpec("stubborn", ["sh", "-c", spawn_grandchild]),
            ProcessSpec("plain", ["sleep", "300"]),
        ],
        out=io.StringIO(),
    )
    supervisor.start()
    for _ in range(50):
        if pidfile.exists() and pidfile.read_text().strip():
            break
        # Until the supervised children (other processes) start.
        time.sleep(0.1)
    grandchild = int(pidfile.read_text())
    children = [child.pid for child in supervisor.children.values()]

    supervisor.stop()

    assert not any(process_exists(pid) for pid in [*children, grandchild])


def test_output_is_prefixed_with_the_process_name() -> None:
    out = io.StringIO()
    supervisor = Supervisor([ProcessSpec("web", ["sh", "-c", "echo hello; sleep 300"])], out=out)
    supervisor.start()
    for _ in range(50):
        if "hello" in out.getvalue():
            break
        # Until the supervised child (another process) prints.
        time.sleep(0.1)
    supervisor.stop()
    assert "web | hello" in out.getvalue()


def test_a_child_that_dies_stops_the_supervisor_with_its_status() -> None:
    supervisor = Supervisor(
        [ProcessSpec("crashy", ["sh", "-c", "exit 3"]), ProcessSpec("steady", ["sleep", "300"])],
        out=io.StringIO(),
    )
    supervisor.start()
    status = supervisor.wait()
    supervisor.stop()
    assert status == 3


def test_request_stop_ends_wait_cleanly() -> None:
    supervisor = Supervisor([ProcessSpec("steady", ["sleep", "300"])], out=io.StringIO())
    supervisor.start()
    threading.Timer(0.3, supervisor.request_stop, args=(signal.SIGINT, None)).start()
    assert supervisor.wait() == 0
    supervisor.stop()
    assert supervisor.children["steady"].poll() is not None
