"""How hard the property-based tests push: a bounded profile in `make test`, a long one in
`make fuzz` (LONGHAUL_FUZZ=long).

The bounded profile is derandomized, so CI sees the same examples on every run and a failure
there is reproducible by running the test again; the long one draws new examples each time and
prints the blob that replays a failure (`@reproduce_failure`)."""

from __future__ import annotations

import os
from typing import Any

import schemathesis
from hypothesis import HealthCheck, settings

LONG = os.environ.get("LONGHAUL_FUZZ", "").lower() == "long"

_COMMON: dict[str, Any] = {
    "deadline": None,  # a real server on a shared machine: time is not the property
    "database": None,  # nothing written into the checkout
    "suppress_health_check": list(HealthCheck),
}


def fuzz_settings(*, bounded: int, long: int) -> settings:
    """Hypothesis settings with `bounded` examples in `make test` and `long` in `make fuzz`."""
    if LONG:
        return settings(max_examples=long, derandomize=False, print_blob=True, **_COMMON)
    return settings(max_examples=bounded, derandomize=True, **_COMMON)


def schemathesis_config() -> schemathesis.Config:
    """The bounded profile draws examples (the schema's own, then generated ones); the long one
    adds schemathesis' coverage phase, which sends every boundary and wrong type of every
    parameter (hundreds of requests per operation)."""
    return schemathesis.Config.from_dict({"seed": 1, "phases": {"coverage": {"enabled": LONG}}})
