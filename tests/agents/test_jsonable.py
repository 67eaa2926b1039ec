"""`storable.jsonable`: the one way the platform turns its own values into JSON PostgreSQL keeps
(events, audit entries, tool results, webhook payloads)."""

from __future__ import annotations

import datetime
import decimal
import uuid
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from agents import storable
from tests.fuzz.profiles import fuzz_settings

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**63), max_value=2**63)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text()
    | st.datetimes()
    | st.decimals(allow_nan=False)
    | st.uuids()
)
VALUES = st.recursive(
    SCALARS,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(), children, max_size=4)
    ),
    max_leaves=20,
)


@fuzz_settings(bounded=200, long=5000)
@given(VALUES)
def test_whatever_the_platform_made_becomes_a_value_postgres_stores(value: Any) -> None:
    storable.check(storable.jsonable(value))


def test_text_keeps_what_it_can_and_other_types_become_their_text() -> None:
    moment = datetime.datetime(2026, 12, 2, 13, 0, tzinfo=datetime.UTC)
    key = uuid.UUID(int=7)
    made = storable.jsonable(
        {
            "when": moment,
            "price": decimal.Decimal("1.50"),
            "id": key,
            "out": "a\x00b\ud800c",
            "nan": float("nan"),
            "nested": [{"k\x00": (1, 2)}],
        }
    )
    assert made == {
        "when": str(moment), "price": "1.50", "id": str(key), "out": "a\ufffdb\ufffdc",
        "nan": None, "nested": [{"k\ufffd": [1, 2]}],
    }  # fmt: skip
