"""Argument conditions: JSON paths and comparisons, including the tricky inputs."""

from __future__ import annotations

from typing import Any

import pytest

from approvals.conditions import check_condition, holds, parse_path


@pytest.mark.parametrize(
    ("condition", "arguments", "expected"),
    [
        ({"path": "$.amount", "op": "gt", "value": 100}, {"amount": 101}, True),
        ({"path": "$.amount", "op": "gt", "value": 100}, {"amount": 100}, False),
        ({"path": "$.amount", "op": "gt", "value": 100}, {"amount": "1000"}, True),
        ({"path": "$.amount", "op": "gt", "value": 100}, {"amount": True}, False),
        ({"path": "$.amount", "op": "gt", "value": 100}, {}, False),
        ({"path": "$.amount", "op": "exists", "value": False}, {}, True),
        (
            {"path": "$.items[*].price", "op": "gte", "value": 10},
            {"items": [{"price": 1}, {"price": 10}]},
            True,
        ),
        (
            {"path": "$.items[1].price", "op": "lt", "value": 5},
            {"items": [{"price": 1}, {"price": 10}]},
            False,
        ),
        (
            {"path": "$.path", "op": "under", "value": "/workspace/out"},
            {"path": "/workspace/out/a.txt"},
            True,
        ),
        (
            {"path": "$.path", "op": "under", "value": "/workspace/out"},
            {"path": "/workspace/out/../../etc"},
            False,
        ),
        (
            {"path": "$.path", "op": "under", "value": "/workspace/out"},
            {"path": "/workspace/outside"},
            False,
        ),
        (
            {"path": "$.path", "op": "not_under", "value": "/workspace"},
            {"path": "/workspace/../etc/passwd"},
            True,
        ),
        (
            {"path": "$.url", "op": "host_not_in", "value": ["pypi.org", "*.python.org"]},
            {"url": "https://docs.python.org/3/"},
            False,
        ),
        (
            {"path": "$.url", "op": "host_not_in", "value": ["pypi.org"]},
            {"url": "https://pypi.org.evil.example/x"},
            True,
        ),
        (
            {"path": "$.url", "op": "host_not_in", "value": ["pypi.org"]},
            {"url": "https://user@PyPI.org./simple"},
            False,
        ),
        ({"path": "$.host", "op": "host_in", "value": ["::1"]}, {"host": "[::1]:8080"}, True),
        ({"path": "$.mode", "op": "eq", "value": 1}, {"mode": True}, False),
        ({"path": '$["odd key"]', "op": "in", "value": ["a", "b"]}, {"odd key": "b"}, True),
        ({"path": "$.note", "op": "contains", "value": "DROP"}, {"note": "x DROP y"}, True),
    ],
)
def test_a_condition_holds_only_for_values_it_can_compare(
    condition: dict[str, Any], arguments: dict[str, Any], expected: bool
) -> None:
    assert check_condition(condition) is None
    assert holds(condition, arguments) is expected


@pytest.mark.parametrize("path", ["amount", "$", "$.", "$..a", "$.a[", "$.a[-1]", "$" + ".a" * 100])
def test_a_path_that_cannot_be_read_is_refused(path: str) -> None:
    with pytest.raises(ValueError):
        parse_path(path)


def test_a_path_reads_names_indices_wildcards_and_quoted_keys() -> None:
    assert parse_path('$.a.b[0][*]["x y"]') == ["a", "b", 0, None, "x y"]
