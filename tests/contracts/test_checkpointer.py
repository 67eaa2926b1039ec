"""The checkpointer contract (agents.engine.types.Checkpointer), run against every
implementation registered in conftest.CHECKPOINTERS."""

from __future__ import annotations

import threading
import uuid
from typing import Any

import pytest

from agents.engine.types import Checkpoint, CheckpointConflict


def _thread() -> str:
    return f"thread-{uuid.uuid4().hex[:8]}"


def _cp(
    thread_id: str, step: int, state: dict[str, Any] | None = None, node: str = "n"
) -> Checkpoint:
    return Checkpoint(
        thread_id, step, node, state if state is not None else {"step": step}, 0, 1000.0 + step
    )


def test_get_of_an_unknown_thread_is_none(checkpointer: Any) -> None:
    assert checkpointer.get(_thread()) is None
    assert checkpointer.list(_thread()) == []


def test_put_then_get_returns_the_latest_with_increasing_versions(checkpointer: Any) -> None:
    thread = _thread()
    first = checkpointer.put(_cp(thread, 0, {"a": 1}), expected_version=0)
    second = checkpointer.put(_cp(thread, 1, {"a": 2}, node="m"), expected_version=first.version)
    latest = checkpointer.get(thread)
    assert first.version == 1
    assert second.version == 2
    assert latest is not None
    assert (latest.step, latest.node, latest.state, latest.version) == (1, "m", {"a": 2}, 2)
    assert latest.thread_id == thread
    assert latest.created_at == pytest.approx(1001.0)


def test_put_with_a_stale_expected_version_conflicts_and_stores_nothing(checkpointer: Any) -> None:
    thread = _thread()
    checkpointer.put(_cp(thread, 0), expected_version=0)
    checkpointer.put(_cp(thread, 1), expected_version=1)
    with pytest.raises(CheckpointConflict):
        checkpointer.put(_cp(thread, 2, {"lost": True}), expected_version=1)
    latest = checkpointer.get(thread)
    assert latest is not None
    assert latest.version == 2
    assert latest.state == {"step": 1}


def test_an_expected_version_ahead_of_the_latest_conflicts(checkpointer: Any) -> None:
    thread = _thread()
    checkpointer.put(_cp(thread, 0), expected_version=0)
    with pytest.raises(CheckpointConflict):
        checkpointer.put(_cp(thread, 1), expected_version=5)
    with pytest.raises(CheckpointConflict):
        checkpointer.put(_cp(_thread(), 0), expected_version=1)  # a thread that does not exist
    assert checkpointer.get(thread).version == 1


def test_expected_version_zero_means_the_thread_must_not_exist(checkpointer: Any) -> None:
    thread = _thread()
    checkpointer.put(_cp(thread, 0), expected_version=0)
    with pytest.raises(CheckpointConflict):
        checkpointer.put(_cp(thread, 0), expected_version=0)


def test_put_without_expected_version_always_appends(checkpointer: Any) -> None:
    thread = _thread()
    checkpointer.put(_cp(thread, 0))
    stored = checkpointer.put(_cp(thread, 1))
    assert stored.version == 2


def test_list_is_newest_first_and_honours_limit(checkpointer: Any) -> None:
    thread = _thread()
    for step in range(5):
        checkpointer.put(_cp(thread, step), expected_version=step)
    listed = checkpointer.list(thread)
    assert [c.step for c in listed] == [4, 3, 2, 1, 0]
    assert [c.version for c in listed] == [5, 4, 3, 2, 1]
    assert [c.step for c in checkpointer.list(thread, limit=2)] == [4, 3]


def test_threads_are_isolated(checkpointer: Any) -> None:
    a, b = _thread(), _thread()
    checkpointer.put(_cp(a, 0, {"who": "a"}), expected_version=0)
    checkpointer.put(_cp(b, 0, {"who": "b"}), expected_version=0)
    checkpointer.put(_cp(b, 1, {"who": "b2"}), expected_version=1)
    assert checkpointer.get(a).state == {"who": "a"}
    assert len(checkpointer.list(a)) == 1
    assert checkpointer.get(b).version == 2


def test_state_round_trips_json_types_exactly(checkpointer: Any) -> None:
    thread = _thread()
    state = {
        "text": 'héllo \u2603 "quoted"\nnew line',
        "int": 2**40,
        "float": 0.125,
        "bool": False,
        "none": None,
        "nested": {"list": [1, "two", {"three": [3.0]}], "empty": {}},
    }
    checkpointer.put(_cp(thread, 0, state), expected_version=0)
    assert checkpointer.get(thread).state == state


def test_stored_state_is_isolated_from_caller_mutation(checkpointer: Any) -> None:
    thread = _thread()
    state = {"items": [1]}
    checkpointer.put(_cp(thread, 0, state), expected_version=0)
    state["items"].append(2)
    fetched = checkpointer.get(thread)
    fetched.state["items"].append(3)
    assert checkpointer.get(thread).state == {"items": [1]}


def test_concurrent_puts_with_the_same_expected_version_let_exactly_one_win(
    checkpointer: Any,
) -> None:
    thread = _thread()
    checkpointer.put(_cp(thread, 0), expected_version=0)
    outcomes: list[str] = []
    barrier = threading.Barrier(4)

    def racer(index: int) -> None:
        barrier.wait()
        try:
            checkpointer.put(_cp(thread, 1, {"winner": index}), expected_version=1)
            outcomes.append("won")
        except CheckpointConflict:
            outcomes.append("conflict")

    threads = [threading.Thread(target=racer, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["conflict", "conflict", "conflict", "won"]
    assert checkpointer.get(thread).version == 2


def test_writes_are_kept_per_step_and_task(checkpointer: Any) -> None:
    thread = _thread()
    checkpointer.put(_cp(thread, 0), expected_version=0)
    checkpointer.put_writes(thread, 3, "task-a", [("outcome", {"ok": True}), ("log", "x")])
    checkpointer.put_writes(thread, 3, "task-b", [("outcome", [1, 2])])
    checkpointer.put_writes(thread, 4, "task-a", [("outcome", "later")])
    assert checkpointer.get_writes(thread, 3) == [
        ("task-a", "outcome", {"ok": True}),
        ("task-a", "log", "x"),
        ("task-b", "outcome", [1, 2]),
    ]
    assert checkpointer.get_writes(thread, 4) == [("task-a", "outcome", "later")]
    assert checkpointer.get_writes(thread, 5) == []


def test_repeating_a_tasks_writes_replaces_them(checkpointer: Any) -> None:
    # A step re-run after a crash writes the same task again; it must not duplicate.
    thread = _thread()
    checkpointer.put(_cp(thread, 0), expected_version=0)
    checkpointer.put_writes(thread, 1, "task", [("outcome", 1)])
    checkpointer.put_writes(thread, 1, "task", [("outcome", 1)])
    assert checkpointer.get_writes(thread, 1) == [("task", "outcome", 1)]


def test_writes_of_other_threads_are_invisible(checkpointer: Any) -> None:
    a, b = _thread(), _thread()
    checkpointer.put(_cp(a, 0), expected_version=0)
    checkpointer.put(_cp(b, 0), expected_version=0)
    checkpointer.put_writes(a, 1, "t", [("c", "a")])
    assert checkpointer.get_writes(b, 1) == []
